import { describe, expect, it } from 'vitest';
import type { Page } from '../../../engine/types';
import { pageToRgba } from './pageRgba';

const BLACK = 0xff000000;
const WHITE = 0xffffffff;

/** Colour of dot (x, y) read straight from the page's definition. */
function dotWord(page: Page & { grey?: boolean }, x: number, y: number): number {
  if (page.grey) {
    const g = page.data[y * page.stride + x]!;
    return (0xff000000 + g * 0x10000 + g * 0x100 + g) >>> 0;
  }
  return (page.data[y * page.stride + (x >> 3)]! >> (7 - (x & 7))) & 1 ? BLACK : WHITE;
}

function expectBox(page: Page, box: { x0: number; y0: number; x1: number; y1: number }) {
  const w = box.x1 - box.x0;
  const out = new Uint32Array(w * (box.y1 - box.y0));
  pageToRgba(page, box, out);
  for (let y = box.y0; y < box.y1; y++) for (let x = box.x0; x < box.x1; x++) expect(out[(y - box.y0) * w + (x - box.x0)], `dot ${x},${y}`).toBe(dotWord(page, x, y));
}

// 21 dots wide: 3 bytes a row, the last with 5 dots; bytes vary so every bit position is both colours.
const bits: Page = { width: 21, height: 4, stride: 3, data: Uint8Array.from({ length: 12 }, (_, i) => (i * 0x5b + 0x81) & 0xff) };
const grey: Page & { grey: true } = { width: 7, height: 3, stride: 7, grey: true, data: Uint8Array.from({ length: 21 }, (_, i) => (i * 37) & 0xff) };

describe('pageToRgba', () => {
  it('turns 1-bit dots into black (1) and white (0), leftmost dot from the top bit', () => {
    const page: Page = { width: 8, height: 1, stride: 1, data: Uint8Array.of(0b1010_0001) };
    const out = new Uint32Array(8);
    pageToRgba(page, { x0: 0, y0: 0, x1: 8, y1: 1 }, out);
    expect([...out]).toEqual([BLACK, WHITE, BLACK, WHITE, WHITE, WHITE, WHITE, BLACK]);
  });

  it('turns grey levels into opaque grey pixels (0 black, 255 white)', () => {
    const page: Page & { grey: true } = { width: 3, height: 1, stride: 3, grey: true, data: Uint8Array.of(0, 0x80, 0xff) };
    const out = new Uint32Array(3);
    pageToRgba(page, { x0: 0, y0: 0, x1: 3, y1: 1 }, out);
    expect([...out]).toEqual([BLACK, 0xff808080, WHITE]);
  });

  it('converts a whole 1-bit page, its last byte partly used', () => expectBox(bits, { x0: 0, y0: 0, x1: 21, y1: 4 }));
  it('converts a box of a 1-bit page not starting or ending on a byte', () => expectBox(bits, { x0: 3, y0: 1, x1: 19, y1: 3 }));
  it('converts a box narrower than a byte inside one byte', () => expectBox(bits, { x0: 9, y0: 0, x1: 12, y1: 4 }));
  it('converts a whole grey page and a box of it', () => {
    expectBox(grey, { x0: 0, y0: 0, x1: 7, y1: 3 });
    expectBox(grey, { x0: 2, y0: 1, x1: 6, y1: 3 });
  });
});
