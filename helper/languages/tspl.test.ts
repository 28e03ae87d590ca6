/**
 * TSPL from pages: the exact commands for a small page and each setting, inverted bitmap
 * bits with white padding, and label sizes in mm that come back to the same dots.
 */
import { describe, expect, it } from 'vitest';
import type { PrintSettings } from '../printer.ts';
import { dotsToMm } from './page.ts';
import { pageOf } from './test-pages.ts';
import { encodeTspl, tsplDensity } from './tspl.ts';

const plain: PrintSettings = { dpi: 203, copies: 1 };
const text = (b: Uint8Array) => Buffer.from(b).toString('latin1');

describe('encodeTspl', () => {
  it('writes one BITMAP page at the origin, bits inverted, padding white', () => {
    // 12 x 2 dots, stride 3: row 0 black (padding bits set in the page), row 1 1000 0000 0001.
    const page = pageOf(12, 2, (y) => Uint8Array.from(y ? [0x80, 0x10] : [0xff, 0xff]), 1);
    const out = encodeTspl(page, { ...plain, copies: 3 });
    const head = 'SIZE 1.5 mm,0.25 mm\r\nDIRECTION 0,0\r\nCLS\r\nBITMAP 0,0,2,2,0,';
    expect(text(out.subarray(0, head.length))).toBe(head);
    // Black 1 bits become 0; the 4 padding bits of each row are 1 (no dot).
    expect([...out.subarray(head.length, head.length + 4)]).toEqual([0x00, 0x0f, 0x7f, 0xef]);
    expect(text(out.subarray(head.length + 4))).toBe('\r\nPRINT 1,3\r\n');
  });

  it('sends density, speed and media settings only when set', () => {
    const page = pageOf(8, 1, () => Uint8Array.from([0]));
    const lines = (s: Partial<PrintSettings>) => text(encodeTspl(page, { ...plain, ...s })).split('\r\n').slice(1, -4);
    expect(lines({})).toEqual(['DIRECTION 0,0']);
    expect(lines({ darkness: 14, speed: 0, gapType: 2, gapLengthMm: 3 })).toEqual(['GAP 3 mm,0 mm', 'DIRECTION 0,0', 'DENSITY 15', 'SPEED 2']);
    expect(lines({ gapType: 1 })).toEqual(['GAP 2 mm,0 mm', 'DIRECTION 0,0']);
    expect(lines({ gapType: 0, gapLengthMm: 3 })).toEqual(['GAP 0,0', 'DIRECTION 0,0']);
    expect(lines({ gapType: 3, gapLengthMm: 2.5 })).toEqual(['BLINE 2.5 mm,0 mm', 'DIRECTION 0,0']);
    expect([0, 3, 5, 9, 14].map(tsplDensity)).toEqual([0, 3, 5, 10, 15]);
    expect([0, 1, 2, 3, 4].map((speed) => lines({ speed })[1])).toEqual(['SPEED 2', 'SPEED 3', 'SPEED 4', 'SPEED 5', 'SPEED 6']);
  });

  it('gives label sizes in mm that a printer turns back into the page\'s dots', () => {
    for (const dpi of [203, 300]) {
      for (let dots = 1; dots <= 4000; dots++) {
        expect(Math.round((Number(dotsToMm(dots, dpi)) * dpi) / 25.4)).toBe(dots);
      }
    }
  });

  it('refuses a bad page before encoding', () => {
    const page = pageOf(8, 1, () => Uint8Array.from([0]));
    expect(() => encodeTspl({ ...page, height: 0 }, plain)).toThrow('the page is empty (8 x 0 dots)');
    expect(() => encodeTspl(page, { ...plain, gapLengthMm: -1 })).toThrow('gap length -1 mm is not from 0 to 25.4 mm');
  });
});
