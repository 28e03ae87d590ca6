/**
 * How much drawing a compiled page asks of the engine, counted from its display list, and
 * the check the print job makes before the engine draws it (issue 14: a label of 99,000
 * elements, or a few huge texts or pictures on a 1 m page, took minutes for one page).
 * The caps and the cost model are in src/engine/limits.ts (MAX_PAGE_ELEMENTS,
 * MAX_PAGE_WORK, GLYPH_WORK, ELEMENT_WORK; MAX_PAGE_PICTURE_PIXELS for the pictures, whose
 * headers are read before the page compiles, since compiling decodes them); work is
 * counted, never timed, so a page is refused or drawn the same way on every machine.
 */
import { ELEMENT_WORK, GLYPH_AREA_WEIGHT, GLYPH_WORK, MAX_PAGE_ELEMENTS, MAX_PAGE_PICTURE_PIXELS, MAX_PAGE_WORK } from '../engine/limits.ts';
import type { PageElement, PageSpec } from '../engine/page-types.ts';
import { embeddedBytes } from '../label/embedded.ts';
import type { LabelErrorCode } from '../label/errors.ts';
import type { ResolvedLabel } from '../label/resolve.ts';
import { pictureSize } from '../render/images.ts';

export interface PageWork {
  /** Elements in the display list. */
  elements: number;
  /** Work units of the whole page (about dots; see MAX_PAGE_WORK). */
  work: number;
  /** Index in `elements` of the costliest element, -1 for an empty page. */
  costliest: number;
}

/** A page over a cap: the label catalogue's code and its parameters. */
export interface PageWorkError {
  code: Extract<LabelErrorCode, 'page.tooManyElements' | 'page.tooMuchWork' | 'page.picturesTooLarge'>;
  params: Record<string, number>;
  /** The costliest element's index in the display list (work errors only). */
  element?: number;
}

/** Length of the overlap of [a, a + len] with [0, size], mm. */
function overlap(a: number, len: number, size: number): number {
  const lo = Math.max(0, Math.min(a, a + len));
  const hi = Math.min(size, Math.max(a, a + len));
  return Math.max(0, hi - lo);
}

/** Area of the box (mm) that lies on the page, dots². A quarter-turned box is counted as
 * the square around its centre on its longer side, which holds it either way. */
function boxDots(x: number, y: number, w: number, h: number, rotation: number | undefined, page: PageSpec, dpm: number): number {
  if (rotation === 90 || rotation === 270) {
    const side = Math.max(Math.abs(w), Math.abs(h));
    x += w / 2 - side / 2;
    y += h / 2 - side / 2;
    w = h = side;
  }
  return overlap(x, w, page.widthMm) * dpm * (overlap(y, h, page.heightMm) * dpm);
}

/** Characters drawn: code points that are not white space. */
function glyphCount(text: string): number {
  let n = 0;
  for (const ch of text) if (!/\s/u.test(ch)) n++;
  return n;
}

/** One element's work units on `page`; dpm = dots per mm. */
export function elementWork(el: PageElement, page: PageSpec, dpm: number): number {
  if (el.kind === 'line') {
    const half = el.lineWidthMm / 2;
    const x = Math.min(el.x1Mm, el.x2Mm) - half;
    const y = Math.min(el.y1Mm, el.y2Mm) - half;
    const box = boxDots(x, y, Math.abs(el.x2Mm - el.x1Mm) + 2 * half, Math.abs(el.y2Mm - el.y1Mm) + 2 * half, 0, page, dpm);
    return ELEMENT_WORK + box;
  }
  let work = ELEMENT_WORK + boxDots(el.xMm, el.yMm, el.widthMm, el.heightMm, el.rotation, page, dpm);
  if (el.kind === 'text' || el.kind === 'arctext') {
    // Every character is shaped and rasterised at its em, on the page or not.
    const em = el.fontHeightMm * dpm;
    work += glyphCount(el.text) * (GLYPH_AREA_WEIGHT * em * em + GLYPH_WORK);
  }
  // A picture's decoding is capped on its own, before it is decoded (pictureWork).
  return work;
}

/** The page's element count and work. */
export function pageWork(page: PageSpec): PageWork {
  const dpm = page.dpi / 25.4;
  let work = 0;
  let costliest = -1;
  let most = -1;
  page.elements.forEach((el, i) => {
    const w = elementWork(el, page, dpm);
    work += w;
    if (w > most) {
      most = w;
      costliest = i;
    }
  });
  return { elements: page.elements.length, work, costliest };
}

/** null when the page is within both caps, else why not. */
export function checkPageWork(page: PageSpec): PageWorkError | null {
  if (page.elements.length > MAX_PAGE_ELEMENTS) {
    return { code: 'page.tooManyElements', params: { count: page.elements.length, max: MAX_PAGE_ELEMENTS } };
  }
  const w = pageWork(page);
  if (w.work > MAX_PAGE_WORK) {
    const millions = (n: number) => Math.ceil(n / 1e6);
    return { code: 'page.tooMuchWork', params: { work: millions(w.work), max: Math.floor(MAX_PAGE_WORK / 1e6) }, element: w.costliest };
  }
  return null;
}

/** The source pixels of a page's pictures, and the control with the largest picture. */
export interface PictureWork {
  pixels: number;
  /** Document index of the control with the largest picture; undefined for none, or when
   * the largest is the label's background or border. */
  control?: number;
}

/**
 * The pixels of the page's pictures, counted before any is decoded (decoding happens when
 * the page is compiled, and a small PNG can declare 64 megapixels): what each distinct
 * embedded PNG or JPEG's header declares, over the page's pictures, logos, background and
 * border.
 */
export function pictureWork(resolved: ResolvedLabel): PictureWork {
  const seen = new Set<string>();
  let pixels = 0;
  let most = 0;
  let control: number | undefined;
  const count = (dataUrl: string, index: number | undefined) => {
    if (seen.has(dataUrl)) return;
    seen.add(dataUrl);
    const bytes = embeddedBytes(dataUrl)?.bytes;
    const size = bytes ? pictureSize(bytes) : null;
    // Only PNG and JPEG are decoded; anything else compiles to a warning, at no cost.
    if (!size || (size.format !== 'png' && size.format !== 'jpeg')) return;
    const n = size.width * size.height;
    pixels += n;
    if (n > most) {
      most = n;
      control = index;
    }
  };
  if (resolved.backgroundImage) count(resolved.backgroundImage, undefined);
  if (resolved.border) count(resolved.border.image, undefined);
  for (const el of resolved.elements) if ((el.kind === 'picture' || el.kind === 'logo') && el.image) count(el.image, el.index);
  return control === undefined ? { pixels } : { pixels, control };
}

/** null when the pictures are within MAX_PAGE_PICTURE_PIXELS, else the error, naming the
 * control with the largest picture if a control has it. */
export function checkPictureWork(pictures: PictureWork): (PageWorkError & { control?: number }) | null {
  if (pictures.pixels <= MAX_PAGE_PICTURE_PIXELS) return null;
  const mega = (n: number) => Math.round((n / 1e6) * 10) / 10;
  const error: PageWorkError & { control?: number } = {
    code: 'page.picturesTooLarge',
    params: { pixels: mega(pictures.pixels), max: mega(MAX_PAGE_PICTURE_PIXELS) },
  };
  if (pictures.control !== undefined) error.control = pictures.control;
  return error;
}
