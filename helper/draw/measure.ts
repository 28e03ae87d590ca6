/**
 * Measuring text as it prints: the text element drawn alone by the engine at the page's
 * resolution, and the box its black dots cover. What DrawText answers with
 * onlyMeasureText / ReturnDrawResult (the SDK's MeasureTextResult: shownWidth and
 * shownHeight in dots) and what expand alignment (4) scales by. Ink, not advance widths:
 * the dots a label really gets.
 */
import type { Engine } from '../../src/engine/engine.ts';
import type { Page, TextElement } from '../../src/engine/types.ts';

export interface Ink {
  /** The first inked column and row, dots from the element box's top-left. */
  xDots: number;
  yDots: number;
  widthDots: number;
  heightDots: number;
}

/** Largest measuring page a side, dots (the engine draws pages far larger; this is work). */
const MAX_MEASURE_DOTS = 4000;

/**
 * The ink of `el` at `dpi`. Unwrapped text is measured in a box wide and tall enough for
 * every line (the element's own box when wrapping, as its width decides the lines).
 */
export function measureInk(engine: Engine, dpi: number, el: TextElement): Ink {
  const lines = el.text.split('\n');
  const longest = Math.max(...lines.map((l) => [...l].length));
  const dotMm = 25.4 / dpi;
  const cap = MAX_MEASURE_DOTS * dotMm;
  const pitch = el.fontHeightMm * 1.5 * (el.lineSpace ?? 1);
  const widthMm = el.wrap ? el.widthMm : Math.min(cap, Math.max(el.widthMm, (longest + 1) * (el.fontHeightMm + Math.max(0, el.charSpaceMm ?? 0)) * 1.2));
  const heightMm = Math.min(cap, Math.max(el.heightMm, (lines.length + (el.wrap ? longest : 0) + 1) * pitch));
  const page = engine.renderPage({
    widthMm,
    heightMm,
    dpi,
    elements: [{ ...el, xMm: 0, yMm: 0, widthMm, heightMm, rotation: 0, antiColor: undefined }],
  });
  return inkBox(page);
}

/** The bounding box of a page's black dots (all 0 for a white page). */
export function inkBox(page: Page): Ink {
  let top = -1;
  let bottom = -1;
  let left = page.width;
  let right = -1;
  for (let y = 0; y < page.height; y++) {
    const row = y * page.stride;
    let any = false;
    for (let b = 0; b < page.stride; b++) {
      const byte = page.data[row + b]!;
      if (byte === 0) continue;
      any = true;
      const first = b * 8 + Math.clz32(byte) - 24;
      const last = b * 8 + 7 - (31 - Math.clz32(byte & -byte));
      if (first < left) left = first;
      if (last > right) right = Math.min(last, page.width - 1);
    }
    if (any) {
      if (top < 0) top = y;
      bottom = y;
    }
  }
  if (top < 0) return { xDots: 0, yDots: 0, widthDots: 0, heightDots: 0 };
  return { xDots: left, yDots: top, widthDots: right - left + 1, heightDots: bottom - top + 1 };
}
