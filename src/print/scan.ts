/**
 * The print page's optional scan check: before a page is sent, its codes are decoded with
 * rxing (rxing-wasm: in Node its package entry, in the browser's render workers the module
 * instantiated by browser/rxing.ts) and must read back as the data the page carries.
 *
 *   const codes = expectedCodes(job, i);            // from the page's display list
 *   if (!codes.ok) return codes;                    // the page itself fails (as page(i) would)
 *   const checked = scanPage(rxing, page, codes.value);
 *   if (!checked.ok) stop(checked.error);           // 'scan.unreadable' / 'scan.mismatch'
 *
 * What a scanner reads differs from the data by symbology (check digits added, Codabar's
 * start and stop dropped, ...): `readBack` gives the text per the symbologies' published
 * rules (GS1 mod-10 check digits, the UPC-E expansion), never from the engine's output.
 * What rxing-wasm 0.5 returns per symbology is the table in src/engine/corpus/corpus.ts.
 *
 * rxing is told which symbology to look for (hint PossibleFormats, one decode per
 * symbology on the page, a multiple decode where the page has more than one code of it),
 * as a scanner is set up: without it every detector runs over the page, many times slower.
 * TryHarder lets its linear readers try the page turned a quarter (a label printed turned
 * by its printOrientation); 2D readers find symbols at any angle.
 *
 * Codes rxing cannot read are skipped and reported in the summary, not failed: Grid Matrix
 * (no decoder) and Codabar with one data character (rxing reads none shorter than two).
 */
import type * as RxingWasm from 'rxing-wasm';
import type { Page } from '../engine/page-types.ts';
import { SYMBOLOGIES } from '../engine/symbologies.ts';
import type { BarcodeType } from '../engine/types.ts';
import type { PrintError, PrintErrorPlace, Result } from './errors.ts';
import type { PageSpecAt, PrintJob, RenderedPage } from './job.ts';

/** The part of rxing-wasm the check uses (the package's exports in Node, the instantiated
 * shim in a browser worker). */
export type Rxing = Pick<typeof RxingWasm, 'DecodeHintDictionary' | 'decode_barcode_with_hints' | 'decode_multi'>;

/** A code a page carries and what a scanner must read from it. */
export interface ExpectedCode {
  /** The control that draws it: index in the label's children and kind. */
  control: { index: number; kind: string };
  type: BarcodeType;
  /** The data as the label gives it. */
  data: string;
  /** What a scanner reads (see `readBack`), or null: rxing cannot read it (skipped). */
  read: string | null;
  /** Drawn inverted (light bars on a dark box). */
  inverted: boolean;
}

/** What the check did on one page. */
export interface ScanSummary {
  /** Codes read back and matched. */
  read: number;
  /** Codes not checked, because rxing has no reader for them: symbology names. */
  skipped: string[];
  /** Time spent decoding, ms. */
  ms: number;
}

/** rxing's names for the symbologies (hint PossibleFormats); '' = no reader. */
const RXING_FORMAT: Record<BarcodeType, string> = {
  code128: 'Code128', ean13: 'Ean13', ean8: 'Ean8', upca: 'UpcA', upce: 'UpcE', isbn: 'Ean13',
  code39: 'Code39', code93: 'Code93', codabar: 'Codabar', itf: 'ITF', itf14: 'ITF', qrcode: 'QrCode',
  datamatrix: 'DataMatrix', gridmatrix: '', pdf417: 'Pdf417',
};

/** rxing-wasm DecodeHintTypes (rxing_wasm.d.ts). */
const HINT = { PossibleFormats: 2, TryHarder: 3, AllowedLengths: 5, AlsoInverted: 11 } as const;

/**
 * White dots added round the page before decoding: 16 dots (2 mm at 203 dpi). A label is
 * read on its liner, which is light, so a code printed up to the label's edge still has
 * light round it; the page alone would end at the code's bars.
 */
const MARGIN_DOTS = 16;

/** A page's codes, and how to read the page. */
export interface PageCodes {
  codes: ExpectedCode[];
  /** The page is printed mirrored (a mirrorPrint label's back, a horFlip label): it is
   * read through the medium, so it is mirrored back before decoding. */
  flipH: boolean;
  /** Where an error about the page is reported (page, row, side). */
  place: PrintErrorPlace;
}

/** The codes on job page `i` (fails as page(i) would for a page that cannot be made). */
export function expectedCodes(job: Pick<PrintJob, 'spec'>, i: number): Result<PageCodes> {
  const made = job.spec(i);
  return made.ok ? { ok: true, value: codesOfSpec(made.value) } : made;
}

/** The codes a page's display list draws: its barcode and 2D elements with data. */
export function codesOfSpec({ spec, place }: PageSpecAt): PageCodes {
  const out: ExpectedCode[] = [];
  spec.elements.forEach((e, k) => {
    if (e.kind !== 'barcode' && e.kind !== 'qrcode') return;
    const type: BarcodeType = e.type ?? 'qrcode';
    // Labels carry text; an empty one draws nothing.
    const data = typeof e.data === 'string' ? e.data : new TextDecoder('latin1').decode(e.data);
    if (data === '') return;
    const source = spec.sources[k] ?? -1;
    out.push({ control: { index: source, kind: e.kind }, type, data, read: readBack(type, data), inverted: !!e.antiColor });
  });
  return { codes: out, flipH: !!spec.flipH, place };
}

/** GS1 mod-10 check digit of a digit string (GS1 General Specifications 7.9.1). */
export function gs1CheckDigit(digits: string): string {
  let sum = 0;
  for (let k = 0; k < digits.length; k++) {
    const d = digits.charCodeAt(digits.length - 1 - k) - 48;
    sum += k % 2 === 0 ? d * 3 : d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** UPC-E number system and six digits -> the 11 UPC-A digits they stand for (the zero
 * suppression rules by the last digit). */
function upceToUpca(ns: string, b: string): string {
  const last = b[5]!;
  if ('012'.includes(last)) return ns + b.slice(0, 2) + last + '0000' + b.slice(2, 5);
  if (last === '3') return ns + b.slice(0, 3) + '00000' + b.slice(3, 5);
  if (last === '4') return ns + b.slice(0, 4) + '00000' + b[4];
  return ns + b.slice(0, 5) + '0000' + last;
}

const withCheck = (digits: string, full: number) => (digits.length === full - 1 ? digits + gs1CheckDigit(digits) : digits);
const ascii = (s: string) => Array.from(s, (c) => (c.codePointAt(0)! > 0x7f ? '?' : c)).join('');

/**
 * What rxing reads from a symbol of `type` carrying `data` (as the engine encodes it from
 * the label: no GS1, no optional check characters), or null when it cannot read it.
 */
export function readBack(type: BarcodeType, data: string): string | null {
  switch (type) {
    case 'ean13':
      return withCheck(data, 13);
    case 'ean8':
      return withCheck(data, 8);
    case 'upca':
      return withCheck(data, 12);
    case 'itf14':
      return withCheck(data, 14);
    case 'upce': {
      // Six digits are number system 0; the eighth is the check digit of the expansion.
      const d = data.length === 6 ? '0' + data : data;
      if (d.length !== 7) return d;
      return d + gs1CheckDigit(upceToUpca(d[0]!, d.slice(1)));
    }
    case 'isbn': {
      const d = data.replace(/[-\s]/g, '');
      // An ISBN-10 (its own check, perhaps X) is printed as the EAN-13 978 + its nine digits.
      if (d.length === 10) return withCheck('978' + d.slice(0, 9), 13);
      return withCheck(d, 13);
    }
    case 'code39':
      return ascii(data).toUpperCase();
    case 'code93':
      return ascii(data);
    case 'codabar': {
      // rxing drops the start and stop characters (A-D, given or the engine's A ... A).
      const framed = /^[A-Da-d](.*)[A-Da-d]$/s.exec(data);
      const inner = framed ? framed[1]! : data;
      return inner.length >= 2 ? inner : null;
    }
    case 'itf':
      // An odd count of digits is padded with a leading 0.
      return data.length % 2 === 1 ? '0' + data : data;
    case 'gridmatrix':
      return null;
    default:
      // Code 128, QR, Data Matrix, PDF417: the text itself.
      return data;
  }
}

/** Whether rxing's text `text` is a read of `code`. */
function matches(code: ExpectedCode, text: string): boolean {
  if (text === code.read) return true;
  // Data Matrix and PDF417 carry text beyond Latin-1 as UTF-8 behind ECI 26; rxing reads
  // those bytes as ISO-8859-1 (see the corpus table).
  if ((code.type === 'datamatrix' || code.type === 'pdf417') && /[^\u0000-\u00ff]/.test(code.read!)) {
    return text === String.fromCharCode(...new TextEncoder().encode(code.read!));
  }
  return false;
}

/**
 * The page as rxing reads it: 8-bit luma (0 black, 255 white) with a white margin, and
 * mirrored back when the page is printed mirrored (`flipH`: a mirrorPrint label's back or a
 * horFlip label, read through the medium).
 */
export function scanImage(page: Page & { grey?: boolean }, flipH: boolean): { luma: Uint8Array; width: number; height: number } {
  const width = page.width + 2 * MARGIN_DOTS;
  const height = page.height + 2 * MARGIN_DOTS;
  const luma = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < page.height; y++) {
    const src = y * page.stride;
    const dst = (y + MARGIN_DOTS) * width + MARGIN_DOTS;
    for (let x = 0; x < page.width; x++) {
      const v = page.grey ? page.data[src + x]! : (page.data[src + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 0 : 255;
      luma[dst + (flipH ? page.width - 1 - x : x)] = v;
    }
  }
  return { luma, width, height };
}

/**
 * Decodes `page` and checks that every code `expected` names (from the same page's display
 * list) reads back. The first code that does not is the error, at the page's place (page,
 * row, side) and that code's control.
 */
export function scanPage(rxing: Rxing, page: Page & { grey?: boolean }, expected: PageCodes): Result<ScanSummary> {
  const started = performance.now();
  const { codes, flipH, place } = expected;
  const skipped = codes.filter((c) => c.read === null || RXING_FORMAT[c.type] === '').map((c) => SYMBOLOGIES[c.type].name);
  const checked = codes.filter((c) => c.read !== null && RXING_FORMAT[c.type] !== '');
  if (checked.length === 0) return { ok: true, value: { read: 0, skipped, ms: performance.now() - started } };
  const image = scanImage(page, flipH);
  // One decode per rxing format; ITF by its lengths too (rxing reads ITF only of the
  // lengths it is told, default 6-14).
  const groups = new Map<string, ExpectedCode[]>();
  for (const c of checked) {
    const key = RXING_FORMAT[c.type] + (RXING_FORMAT[c.type] === 'ITF' ? `:${c.read!.length}` : '');
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  for (const [key, group] of groups) {
    const [format, lengths] = key.split(':');
    const texts = decode(rxing, image, format!, lengths, group.some((c) => c.inverted), group.length > 1);
    const left = [...texts];
    for (const code of group) {
      const k = left.findIndex((t) => matches(code, t));
      if (k >= 0) {
        left.splice(k, 1);
        continue;
      }
      const params = { symbology: SYMBOLOGIES[code.type].name, expected: code.read! };
      const error: PrintError =
        left.length > 0
          ? { code: 'scan.mismatch', params: { ...params, read: left[0]! }, ...place, control: code.control }
          : { code: 'scan.unreadable', params, ...place, control: code.control };
      return { ok: false, error };
    }
  }
  return { ok: true, value: { read: checked.length, skipped, ms: performance.now() - started } };
}

/** The texts rxing finds of one format on the image (none: an empty list). */
function decode(rxing: Rxing, image: ReturnType<typeof scanImage>, format: string, lengths: string | undefined, inverted: boolean, multi: boolean): string[] {
  const hints = new rxing.DecodeHintDictionary();
  try {
    hints.set_hint(HINT.PossibleFormats, format);
    hints.set_hint(HINT.TryHarder, 'true');
    if (lengths) hints.set_hint(HINT.AllowedLengths, lengths);
    if (inverted) hints.set_hint(HINT.AlsoInverted, 'true');
    if (multi) {
      return rxing.decode_multi(image.luma, image.width, image.height, hints).map((r) => {
        const text = r.text();
        r.free();
        return text;
      });
    }
    const result = rxing.decode_barcode_with_hints(image.luma, image.width, image.height, hints);
    const text = result.text();
    result.free();
    return [text];
  } catch {
    // rxing throws when it finds nothing.
    return [];
  } finally {
    hints.free();
  }
}

/** A rendered page with what the scan check found on it (set when the job is checked). */
export type ScannedPage = RenderedPage & { scan?: ScanSummary };

/** The scan check of job page `i`, rendered as `page`: its codes from the job, decoded. */
export function scanJobPage(rxing: Rxing, job: Pick<PrintJob, 'spec'>, i: number, page: RenderedPage): Result<ScanSummary> {
  const codes = expectedCodes(job, i);
  return codes.ok ? scanPage(rxing, page, codes.value) : codes;
}
