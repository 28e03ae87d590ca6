/**
 * What every drawing item is compiled with: the page it goes on, the resolution, the
 * defaults a client set for later items (SetItemOrientation / SetItemHorizontalAlignment /
 * SetItemVerticalAlignment, SetParam 36 image alignment), the engine (for measuring text
 * and sizing QR versions), where pictures come from, and the page's jobArguments.
 *
 * Shared conventions of the LPAPI drawing model (the vendor's web SDK, dtpweb 2.7, sends
 * items this way; its typings document the fields):
 * - x, y, width, height are the item's box on the page, mm. An item turned by 90 or 270
 *   degrees keeps that box on the page: its content is laid out across the box's height
 *   and turned clockwise into it (the SDK's wdfx reader swaps width and height about the
 *   centre before it sends a turned control, so the box it sends is the turned one).
 * - orientation is 0, 90, 180, 270 or 1, 2, 3 (quarter turns), clockwise.
 * - Alignments: 0 start (left / top), 1 centre, 2 end (right / bottom), 3 stretch, 4 expand.
 *   Items default to 0 0 (the SDK's DrawBaseOptions: "默认为居左对齐"), except images
 *   (centre, the SDK's ImageAlignment default 1) and table cells (centre).
 */
import type { Engine } from '../../src/engine/engine.ts';
import type { BoxMm, LumaImage, Rotation } from '../../src/engine/types.ts';
import type { ItemFields } from './fields.ts';

export interface ItemDefaults {
  rotation: Rotation;
  hAlign: number;
  vAlign: number;
  /** Image alignment (SetParam 36), 0-4; default 1 (centre). */
  imageAlignment: number;
}

export const DEFAULT_ITEM_DEFAULTS: ItemDefaults = { rotation: 0, hAlign: 0, vAlign: 0, imageAlignment: 1 };

/** Pictures by reference: a URL fetched, a data URL or base64 decoded, to luminance. */
export interface ImageLoader {
  load(source: string, where: string, signal?: AbortSignal): Promise<LumaImage>;
}

export interface DrawContext {
  engine: Engine;
  dpi: number;
  pageWidthMm: number;
  pageHeightMm: number;
  defaults: ItemDefaults;
  images: ImageLoader;
  /** The grey level pictures are cut at, 1-255 (the job's grayThreshold, else 192). */
  threshold: number;
  /** jobArguments of this page: `[key]` in an item's text becomes the value. */
  keywords?: ReadonlyMap<string, string>;
  signal?: AbortSignal;
}

/** An item's box in mm, as sent (x, y default 0; a missing size is 0). */
export function itemBox(f: ItemFields): BoxMm {
  return {
    xMm: f.length('x') ?? 0,
    yMm: f.length('y') ?? 0,
    widthMm: f.length('width', 0) ?? 0,
    heightMm: f.length('height', 0) ?? 0,
  };
}

/** orientation: 0/90/180/270 or 1/2/3 quarter turns; default the context's. */
export function itemRotation(f: ItemFields, ctx: DrawContext): Rotation {
  const v = f.number(['orientation', 'rotation', 'direction'], { integer: true });
  if (v === undefined) return ctx.defaults.rotation;
  return rotationOf(v) ?? failRotation(f, v);
}

export function rotationOf(v: number): Rotation | undefined {
  const turned = v >= 0 && v <= 3 ? v * 90 : v;
  return turned === 0 || turned === 90 || turned === 180 || turned === 270 ? turned : undefined;
}

function failRotation(f: ItemFields, v: number): never {
  throw f.fail('orientation', `must be 0, 90, 180 or 270 (or 1-3 quarter turns), got ${v}`);
}

/** An alignment field 0-4 (start, centre, end, stretch, expand); default `fallback`. */
export function itemAlignment(f: ItemFields, names: string[], fallback: number): number {
  return f.number(names, { integer: true, min: 0, max: 4 }) ?? fallback;
}

/**
 * The box the content is laid out in, for the engine, whose element boxes are the
 * unturned content frame turned about its centre: for 90 and 270 the page box's width and
 * height are swapped about the same centre.
 */
export function contentBox(box: BoxMm, rotation: Rotation): BoxMm {
  if (rotation !== 90 && rotation !== 270) return box;
  const cx = box.xMm + box.widthMm / 2;
  const cy = box.yMm + box.heightMm / 2;
  return { xMm: cx - box.heightMm / 2, yMm: cy - box.widthMm / 2, widthMm: box.heightMm, heightMm: box.widthMm };
}

/** A box whose missing size runs to the page's right or bottom edge (at least 1 dot). */
export function sizedToPage(box: BoxMm, ctx: DrawContext): BoxMm {
  const dot = 25.4 / ctx.dpi;
  return {
    ...box,
    widthMm: box.widthMm > 0 ? box.widthMm : Math.max(dot, ctx.pageWidthMm - box.xMm),
    heightMm: box.heightMm > 0 ? box.heightMm : Math.max(dot, ctx.pageHeightMm - box.yMm),
  };
}

/** `[key]` placeholders replaced by this page's jobArguments (unknown keys stay as written). */
export function withKeywords(text: string, ctx: DrawContext): string {
  const keys = ctx.keywords;
  if (!keys || keys.size === 0 || !text.includes('[')) return text;
  return text.replace(/\[([^\[\]]+)\]/g, (whole, key: string) => keys.get(key) ?? whole);
}

/** The item's content text: text, texts (lines) or content, placeholders filled in. */
export function itemText(f: ItemFields, ctx: DrawContext): string {
  const texts = f.raw('texts');
  const text = f.has('text') ? f.text('text')! : Array.isArray(texts) ? texts.map(String).join('\n') : (f.text('texts', 'content') ?? '');
  return withKeywords(text, ctx);
}
