/**
 * The order in which a print run hands pages to the printer: copies x pages x auto paging
 * x mirrorPrint (label-editor.md section 4), as a sequence of *sends*. A send is one job page
 * (src/print/job.ts numbering: with both sides, job page 2k is label page k's front and
 * 2k + 1 its mirrored side) with a number of copies that the printer repeats itself.
 *
 * - Auto paging on, copies > 1 and more than one page: the copies are collated, each copy
 *   steps through the pages ("copies print one after another, each stepping through its
 *   pages"): `copies` passes over the range, each page sent with 1 copy.
 * - Otherwise: one pass over the range, each page sent once with `copies` copies (the
 *   printer repeats the same bitmap; nothing is rendered twice).
 * - mirrorPrint: every label page is printed normally, then its mirrored side; both are job
 *   pages, so a pass visits front, mirrored, front, mirrored ... Decision: with copies and no
 *   auto paging, each side is sent with the copies (front x n, then mirrored x n), the same
 *   rule as any other page.
 *
 * The plan is arithmetic, never a list: 100,000 pages x 99 copies cost nothing to describe.
 * A position in the run is a send index, which is also what a resumed run starts from.
 */

export interface PlanOptions {
  /** First label page, 0-based, and how many (the page range the user chose). */
  firstPage: number;
  pageCount: number;
  /** Copies of each label, 1 to 9999. */
  copies: number;
  /** Collate copies (spec "autoPageing"). */
  autoPaging: boolean;
  /** Each label page also prints its mirrored side (the label's mirrorPrint). */
  bothSides: boolean;
}

export interface Send {
  /** Index of this send in the run, 0-based. */
  index: number;
  /** Pass (0-based): the collated copy number with auto paging, else 0. */
  pass: number;
  /** Job page to send (see the file header). */
  jobPage: number;
  /** Label page (0-based) and side, for people. */
  labelPage: number;
  side: 'front' | 'mirrored';
  /** Copies the printer makes of this bitmap. */
  copies: number;
}

export interface PrintPlan {
  readonly options: PlanOptions;
  /** Sends in the run. */
  readonly sends: number;
  /** Labels the printer produces in all (sends x their copies). */
  readonly labels: number;
  /** Passes over the range, and sends in one pass. */
  readonly passes: number;
  readonly sendsPerPass: number;
  /** Job pages of one pass: [firstJobPage, firstJobPage + sendsPerPass). */
  readonly firstJobPage: number;
  /** The send at `index` (0 <= index < sends). */
  at(index: number): Send;
  /** Labels printed before send `index` (for "label N of M"). */
  labelsBefore(index: number): number;
}

export const MAX_COPIES = 9999;

/** A plan, or a message key saying which option is out of range. */
export function planPrint(options: PlanOptions): PrintPlan | { invalid: 'range' | 'copies' } {
  const { firstPage, pageCount, copies, autoPaging, bothSides } = options;
  if (!Number.isInteger(firstPage) || firstPage < 0 || !Number.isInteger(pageCount) || pageCount < 1) return { invalid: 'range' };
  if (!Number.isInteger(copies) || copies < 1 || copies > MAX_COPIES) return { invalid: 'copies' };
  const sides = bothSides ? 2 : 1;
  const collate = autoPaging && copies > 1 && pageCount > 1;
  const passes = collate ? copies : 1;
  const perSend = collate ? 1 : copies;
  const sendsPerPass = pageCount * sides;
  const firstJobPage = firstPage * sides;
  return {
    options: { ...options },
    sends: passes * sendsPerPass,
    labels: passes * sendsPerPass * perSend,
    passes,
    sendsPerPass,
    firstJobPage,
    at(index: number): Send {
      if (!Number.isInteger(index) || index < 0 || index >= passes * sendsPerPass) throw new RangeError(`send ${index} is outside the plan`);
      const pass = Math.floor(index / sendsPerPass);
      const offset = index - pass * sendsPerPass;
      const jobPage = firstJobPage + offset;
      return {
        index,
        pass,
        jobPage,
        labelPage: Math.floor(jobPage / sides),
        side: bothSides && jobPage % 2 === 1 ? 'mirrored' : 'front',
        copies: perSend,
      };
    },
    labelsBefore(index: number): number {
      return Math.min(Math.max(index, 0), passes * sendsPerPass) * perSend;
    },
  };
}

/**
 * Parses a page range as people type it ("1-5, 8, 10-"), 1-based and inclusive, against
 * `pageCount` pages. Returns one contiguous range (first, count), or null when the text is
 * not a range or names pages outside 1..pageCount. Empty text means every page. Only one
 * contiguous range: a print run is a sequence of consecutive pages, so "1-3, 7" is refused.
 */
export function parsePageRange(text: string, pageCount: number): { first: number; count: number } | null {
  const t = text.replace(/\s+/g, '');
  if (t === '') return { first: 0, count: pageCount };
  const m = /^(\d{1,7})(?:(-)(\d{1,7})?)?$/.exec(t);
  if (!m) return null;
  const from = Number(m[1]);
  const to = m[2] ? (m[3] ? Number(m[3]) : pageCount) : from;
  if (from < 1 || to < from || to > pageCount) return null;
  return { first: from - 1, count: to - from + 1 };
}
