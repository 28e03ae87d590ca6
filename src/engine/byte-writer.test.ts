import { describe, expect, it } from 'vitest';
import { ByteWriter, utf8Length } from './byte-writer.ts';
import { seededRandom } from './testing.ts';

const encoder = new TextEncoder();

function viaWriter(text: string): number[] {
  const w = new ByteWriter(4);
  w.u8(0xaa); // the text lands after other bytes, as in a command
  const n = w.utf8(text);
  const out = Array.from(w.finish());
  expect(out[0]).toBe(0xaa);
  expect(n).toBe(out.length - 1);
  return out.slice(1);
}

describe('ByteWriter.utf8 and utf8Length', () => {
  it('encode as TextEncoder does: 1- to 4-byte characters, lone surrogates as U+FFFD', () => {
    const cases = [
      '', 'A', 'Room 4001 / shelf 1', 'é', 'ß\u07ff', '\u0800中黑体', '\uffff', '😀', 'a😀b',
      '\ud800', '\udc00', 'x\ud83dy', 'x\ude00y', '\ud83d', '\ude00\ud83d', '\ud83d\ud83d\ude00', '激光打印机 信息中心',
    ];
    for (const text of cases) {
      const expected = Array.from(encoder.encode(text));
      expect(viaWriter(text), JSON.stringify(text)).toEqual(expected);
      expect(utf8Length(text), JSON.stringify(text)).toBe(expected.length);
    }
  });

  it('agree with TextEncoder on random UTF-16, surrogates included', () => {
    const random = seededRandom(5);
    let withSurrogates = 0;
    for (let k = 0; k < 2000; k++) {
      const units: number[] = [];
      const length = random(12);
      for (let i = 0; i < length; i++) {
        // Mostly the ranges labels hold, with surrogates (paired or not) often enough.
        const pick = random(10);
        units.push(pick < 3 ? random(0x80) : pick < 5 ? 0x80 + random(0x780) : pick < 8 ? 0xd800 + random(0x800) : random(0x10000));
      }
      // Not vacuous: most strings hold a surrogate.
      if (units.some((u) => u >= 0xd800 && u <= 0xdfff)) withSurrogates++;
      const text = String.fromCharCode(...units);
      const expected = Array.from(encoder.encode(text));
      expect(viaWriter(text)).toEqual(expected);
      expect(utf8Length(text)).toBe(expected.length);
    }
    expect(withSurrogates).toBeGreaterThan(1000);
  });
});

describe('ByteWriter', () => {
  it('writes little-endian numbers and keeps them across growth', () => {
    const w = new ByteWriter(2);
    w.u8(1);
    w.u16(0x0302);
    w.u32(0x07060504);
    w.i32(-2);
    w.bytes([9, 10]);
    expect(Array.from(w.finish())).toEqual([1, 2, 3, 4, 5, 6, 7, 0xfe, 0xff, 0xff, 0xff, 9, 10]);
  });

  it('patches a command\'s payload length when it ends', () => {
    const w = new ByteWriter(4);
    const a = w.begin(7);
    w.bytes([1, 2, 3]);
    w.end(a);
    const b = w.begin(8);
    w.end(b);
    expect(Array.from(w.finish())).toEqual([7, 3, 0, 0, 0, 1, 2, 3, 8, 0, 0, 0, 0]);
  });

  it('finish copies, written views; reset empties and drops a buffer grown past the limit', () => {
    const w = new ByteWriter(8);
    w.bytes([1, 2, 3]);
    const copy = w.finish();
    const view = w.written();
    w.reset();
    w.bytes([4, 5, 6]);
    expect(Array.from(copy)).toEqual([1, 2, 3]);
    expect(Array.from(view)).toEqual([4, 5, 6]); // a view sees what was written since
    w.reset(16);
    w.bytes(new Uint8Array(100).fill(7));
    w.reset(16);
    expect(w.length).toBe(0);
    expect(w.room(0).length).toBe(16);
    w.bytes([8]);
    expect(Array.from(w.finish())).toEqual([8]);
  });
});
