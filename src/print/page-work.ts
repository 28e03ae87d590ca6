/**
 * The pictures of a page, counted before any is decoded (issue 14): decoding happens while
 * the page compiles, in TypeScript, so this cap is checked here, from the pictures'
 * headers (MAX_PAGE_PICTURE_PIXELS, src/engine/limits.ts). The page's drawing work and
 * element count are capped by the engine itself (crates/engine/src/work.rs), for every
 * caller, before it draws. Counted, never timed: a page is refused or drawn the same way
 * on every machine.
 */
import { MAX_PAGE_PICTURE_PIXELS } from '../engine/limits.ts';
import { embeddedBytes } from '../label/embedded.ts';
import type { LabelErrorCode } from '../label/errors.ts';
import type { ResolvedLabel } from '../label/resolve.ts';
import { pictureSize } from '../render/images.ts';

/** A page's pictures over the cap: the label catalogue's code and its parameters. */
export interface PageWorkError {
  code: Extract<LabelErrorCode, 'page.picturesTooLarge'>;
  params: Record<string, number>;
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
