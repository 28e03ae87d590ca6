/**
 * The editor's frames while controls are dragged (issue 13, "Benchmarks": a frame within
 * 4 ms of the pointer on a 50-control label), identical to the engine's full render.
 *
 * Why it can be exact: the engine adds ink and never removes it, but for two cases. Every
 * control darkens dots (grey: shapes, symbols and pictures to the darker of the two levels,
 * text multiplies; 1-bit: ORs) and leaves the others alone; the page's background, rounded
 * corners, flips and turns act on every dot alike. So where the controls not moving (the
 * "base", rendered once when the drag begins) leave a dot white, the full page has there
 * what the moving controls alone (the "layer", rendered for every move: one or a few
 * controls, not fifty) have, and where the layer is white, the base's. Where both have
 * ink the result depends on their order and kinds, and only a full render can say: such a
 * move renders the label whole. The two cases that paint white over what is below, an
 * inverted control (antiColor) and a barcode whose text masks its bars (textPosition
 * 'mask'), make a label not `composable`: it renders whole on every move, as before.
 *
 * DragComposer keeps the page on screen (`shown`) and, for each new layer, redraws only the
 * dots the layer covered before or covers now (`dirty`): outside them both layers are
 * white, so the shown page is the base's there. drag-raster.test.ts renders labels whole
 * and split with the real engine and checks every byte.
 */
import type { Page } from '../engine/types.ts';
import type { LabelDocument } from '../label/label.ts';

/** A rectangle of dots: `x0 <= x < x1`, `y0 <= y < y1`. */
export interface DotRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const isGrey = (p: Page) => (p as { grey?: boolean }).grey === true;

/**
 * Whether drag frames can be composed for `doc`: every control only adds ink, and no
 * background picture inks the whole page (its ink would meet every move's, so every move
 * would render whole, in the pointer's event; the editor's usual render is better then).
 */
export function composable(doc: LabelDocument): boolean {
  return doc.backgroundImage === '' && doc.children.every((c) => !c.antiColor && !(c.kind === 'barcode' && c.textPosition === 'mask'));
}

/** The label with only the controls at `indexes` (the layer), and with all the others (the base). */
export function splitLabel(doc: LabelDocument, indexes: readonly number[]): { base: LabelDocument; layer: LabelDocument } {
  const moving = new Set(indexes);
  return {
    base: { ...doc, children: doc.children.filter((_, i) => !moving.has(i)) },
    layer: { ...doc, children: doc.children.filter((_, i) => moving.has(i)) },
  };
}

/** The smallest rectangle holding every inked dot of `page` (grey: below 255; 1-bit: set), or null. */
export function inkBounds(page: Page): DotRect | null {
  const { width, height, stride, data } = page;
  const grey = isGrey(page);
  const white = grey ? 0xff : 0;
  // Rows are read 4 bytes at a time where the buffer allows it (a page is mostly paper).
  const words = stride % 4 === 0 && data.byteOffset % 4 === 0 ? new Uint32Array(data.buffer, data.byteOffset, (stride * height) / 4) : null;
  const whiteWord = grey ? 0xffffffff : 0;
  const perRow = stride / 4;
  let y0 = -1;
  let y1 = -1;
  let x0 = width;
  let x1 = 0;
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    let first = -1;
    let last = -1;
    if (words) {
      const w0 = y * perRow;
      let a = w0;
      const end = w0 + perRow;
      while (a < end && words[a] === whiteWord) a++;
      if (a === end) continue;
      let b = end - 1;
      while (words[b] === whiteWord) b--;
      first = (a - w0) * 4;
      last = (b - w0) * 4 + 3;
      while (data[row + first] === white) first++;
      while (data[row + last] === white) last--;
    } else {
      for (let i = 0; i < stride; i++) {
        if (data[row + i] !== white) {
          if (first < 0) first = i;
          last = i;
        }
      }
      if (first < 0) continue;
    }
    if (y0 < 0) y0 = y;
    y1 = y + 1;
    if (grey) {
      x0 = Math.min(x0, first);
      x1 = Math.max(x1, last + 1);
    } else {
      x0 = Math.min(x0, first * 8 + Math.clz32(data[row + first]!) - 24);
      x1 = Math.max(x1, Math.min(width, last * 8 + 8 - (31 - Math.clz32(data[row + last]! & -data[row + last]!))));
    }
  }
  return y0 < 0 ? null : { x0, y0, x1, y1 };
}

export function unionRect(a: DotRect | null, b: DotRect | null): DotRect | null {
  if (!a) return b;
  if (!b) return a;
  return { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) };
}

/**
 * The page on screen during a drag: `base` (the controls not moving) with the latest
 * `layer` (the moving ones) added, or where their ink meets, the full render `whole()`.
 * Pages must have the same size and kind.
 */
export class DragComposer {
  /** The page as it is on screen. */
  readonly shown: Page;
  /** Moves whose layer met the base's ink, so the label was rendered whole. */
  wholeRenders = 0;
  private last: DotRect | null = null;

  constructor(
    private readonly base: Page,
    layer: Page,
    whole: () => Page,
  ) {
    this.shown = { ...base, data: base.data.slice() };
    this.update(layer, whole);
  }

  /** Composes a new layer; returns the dots that changed on `shown` (null: none could have). */
  update(layer: Page, whole: () => Page): DotRect | null {
    const { base, shown } = this;
    if (layer.width !== base.width || layer.height !== base.height || layer.stride !== base.stride || isGrey(layer) !== isGrey(base)) {
      throw new RangeError(`drag layer ${layer.width} x ${layer.height} does not match the base ${base.width} x ${base.height}`);
    }
    const now = inkBounds(layer);
    const dirty = unionRect(this.last, now);
    this.last = now;
    if (!dirty) return null;
    const grey = isGrey(base);
    // Whole bytes: 1-bit rows are composed 8 dots a byte.
    const i0 = grey ? dirty.x0 : dirty.x0 >> 3;
    const i1 = grey ? dirty.x1 : (dirty.x1 + 7) >> 3;
    const b = base.data;
    const l = layer.data;
    const s = shown.data;
    const stride = base.stride;
    const from = meets(base, layer, now) ? (this.wholeRenders++, whole().data) : null;
    for (let y = dirty.y0; y < dirty.y1; y++) {
      const row = y * stride;
      if (from) s.set(from.subarray(row + i0, row + i1), row + i0);
      else if (grey) for (let i = row + i0; i < row + i1; i++) s[i] = b[i]! < l[i]! ? b[i]! : l[i]!;
      else for (let i = row + i0; i < row + i1; i++) s[i] = b[i]! | l[i]!;
    }
    return grey ? dirty : { x0: i0 * 8, y0: dirty.y0, x1: Math.min(base.width, i1 * 8), y1: dirty.y1 };
  }
}

/** Whether some dot within `r` has ink on both grey pages. 1-bit pages never need a full
 * render: every control ORs its dots in, text included, in any order. */
function meets(base: Page, layer: Page, r: DotRect | null): boolean {
  if (!r || !isGrey(base)) return false;
  const b = base.data;
  const l = layer.data;
  for (let y = r.y0; y < r.y1; y++) {
    const row = y * base.stride;
    for (let i = row + r.x0; i < row + r.x1; i++) if (b[i] !== 255 && l[i] !== 255) return true;
  }
  return false;
}
