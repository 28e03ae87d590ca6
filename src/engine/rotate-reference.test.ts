/**
 * The test reference rotatePage (rotate-reference.ts) against hand-made pages: bits worked
 * out on paper for a 3 x 2 page, the padding bits of odd widths, four turns = identity, and
 * grey pages. The reference for the larger cases is a dot-by-dot turn written here from
 * the definition, not the function's own byte tricks.
 */
import { describe, expect, it } from 'vitest';
import { pageToPbm } from './pbm.ts';
import { rotatePage } from './rotate-reference.ts';
import type { GreyPage, Page, Rotation } from './types.ts';

/** A 1-bit page from rows of '#' (black) and '.' (white). */
function bits(rows: string[], stride?: number): Page {
  const width = rows[0]!.length;
  const s = stride ?? Math.ceil(width / 8);
  const data = new Uint8Array(s * rows.length);
  rows.forEach((r, y) => {
    for (let x = 0; x < width; x++) if (r[x] === '#') data[y * s + (x >> 3)]! |= 0x80 >> (x & 7);
  });
  return { width, height: rows.length, stride: s, data };
}

function rowsOf(p: Page): string[] {
  const out: string[] = [];
  for (let y = 0; y < p.height; y++) {
    let r = '';
    for (let x = 0; x < p.width; x++) r += (p.data[y * p.stride + (x >> 3)]! >> (7 - (x & 7))) & 1 ? '#' : '.';
    out.push(r);
  }
  return out;
}

/** The clockwise turn from its definition, dot by dot on strings. */
function turnRows(rows: string[], degrees: Rotation): string[] {
  let r = rows;
  for (let t = 0; t < degrees / 90; t++) {
    const h = r.length;
    const w = r[0]!.length;
    r = Array.from({ length: w }, (_, y) => Array.from({ length: h }, (_, x) => r[h - 1 - x]![y]).join(''));
  }
  return r;
}

/** Every padding bit (after the last dot of each row) is zero. */
function paddingClear(p: Page): boolean {
  const pad = p.stride * 8 - p.width;
  if (pad === 0) return true;
  for (let y = 0; y < p.height; y++) if ((p.data[y * p.stride + p.stride - 1]! & ((1 << pad) - 1)) !== 0) return false;
  return true;
}

function randomRows(width: number, height: number, seed: number): string[] {
  let s = seed;
  const next = () => ((s = (s * 1_103_515_245 + 12_345) >>> 0) >>> 16) & 1;
  return Array.from({ length: height }, () => Array.from({ length: width }, () => (next() ? '#' : '.')).join(''));
}

describe('rotatePage, 1-bit pages', () => {
  // 3 wide, 2 high:  #..   turned 90° clockwise (2 wide, 3 high):  ##
  //                  ##.                                             #.
  //                                                                  ..
  // (each column, read bottom to top, becomes a row: the left column the top row).
  const small = ['#..', '##.'];

  it('turns a 3 x 2 page to known bits', () => {
    expect(rowsOf(rotatePage(bits(small), 90))).toEqual(['##', '#.', '..']);
    expect(rowsOf(rotatePage(bits(small), 180))).toEqual(['.##', '..#']);
    expect(rowsOf(rotatePage(bits(small), 270))).toEqual(['..', '.#', '##']);
    const turned = rotatePage(bits(small), 90);
    expect([turned.width, turned.height, turned.stride]).toEqual([2, 3, 1]);
    // Bytes: MSB first, padding zero: '##' = 0b11000000, '#.' = 0b10000000.
    expect(Array.from(turned.data)).toEqual([0xc0, 0x80, 0x00]);
  });

  it('0 degrees gives the page itself; other angles are refused', () => {
    const p = bits(small);
    expect(rotatePage(p, 0)).toBe(p);
    expect(() => rotatePage(p, 45 as Rotation)).toThrow('a page turns by 0, 90, 180 or 270 degrees, got 45');
  });

  it('matches the dot-by-dot turn for odd widths, ignoring garbage in the padding bits', () => {
    for (const [w, h] of [[1, 1], [7, 3], [9, 5], [13, 17], [16, 8], [23, 11], [65, 9]] as const) {
      const rows = randomRows(w, h, w * 100 + h);
      const page = bits(rows);
      // Set every padding bit: a turn must not carry them into the picture.
      const pad = page.stride * 8 - w;
      for (let y = 0; y < h; y++) page.data[y * page.stride + page.stride - 1]! |= (1 << pad) - 1;
      for (const d of [90, 180, 270] as const) {
        const t = rotatePage(page, d);
        expect(rowsOf(t), `${w}x${h} ${d}`).toEqual(turnRows(rows, d));
        expect(t.stride, `${w}x${h} ${d}`).toBe(Math.ceil(t.width / 8));
        expect(paddingClear(t), `${w}x${h} ${d} padding`).toBe(true);
      }
    }
  });

  it('reads pages whose stride is wider than their rows', () => {
    const rows = randomRows(10, 6, 7);
    const wide = bits(rows, 4);
    for (const d of [90, 180, 270] as const) expect(rowsOf(rotatePage(wide, d))).toEqual(turnRows(rows, d));
  });

  it('four quarter turns and two half turns give the same bytes back', () => {
    const page = bits(randomRows(37, 21, 3));
    let p = page;
    for (let i = 0; i < 4; i++) p = rotatePage(p, 90);
    expect(pageToPbm(p)).toEqual(pageToPbm(page));
    expect(pageToPbm(rotatePage(rotatePage(page, 180), 180))).toEqual(pageToPbm(page));
    expect(pageToPbm(rotatePage(rotatePage(page, 90), 270))).toEqual(pageToPbm(page));
  });
});

describe('rotatePage, grey pages', () => {
  it('turns bytes and keeps the grey flag', () => {
    // 3 x 2: 10 20 30 / 40 50 60.
    const g: GreyPage = { width: 3, height: 2, stride: 3, grey: true, data: Uint8Array.from([10, 20, 30, 40, 50, 60]) };
    const r = rotatePage(g, 90);
    expect(r).toMatchObject({ width: 2, height: 3, stride: 2, grey: true });
    expect(Array.from(r.data)).toEqual([40, 10, 50, 20, 60, 30]);
    expect(Array.from(rotatePage(g, 180).data)).toEqual([60, 50, 40, 30, 20, 10]);
    expect(Array.from(rotatePage(g, 270).data)).toEqual([30, 60, 20, 50, 10, 40]);
    let p: GreyPage = g;
    for (let i = 0; i < 4; i++) p = rotatePage(p, 90);
    expect(Array.from(p.data)).toEqual(Array.from(g.data));
  });
});
