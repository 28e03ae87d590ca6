/**
 * The fake printer's ACS decoding against the ZPL II Programming Guide's own examples
 * ("Alternative Data Compression Scheme for ~DG and ~DB Commands", "Reducing Download Time
 * of Graphic Images"), written out by hand here, and its refusals.
 */
import { describe, expect, it } from 'vitest';
import { decodeAcs } from './acs-decode.ts';

const hex = (text: string) => Uint8Array.from(Buffer.from(text, 'hex'));
const decoded = (text: string, rowBytes: number, total: number) => {
  const r = decodeAcs(text, rowBytes, total);
  if (!r.ok) throw new Error(r.error);
  return r.data;
};

describe('decodeAcs: the guide\'s examples', () => {
  it('"M6" sends seven 6s (M = 7)', () => {
    // Seven digits end mid-byte; one more digit completes the 4-byte row.
    expect(decoded('M60', 4, 4)).toEqual(hex('66666660'));
  });

  it('"hB" sends forty Bs (h = 40)', () => {
    expect(decoded('hB', 20, 20)).toEqual(new Uint8Array(20).fill(0xbb));
  });

  it('"vMB" and "MvB" both send 327 Bs (v = 320, M = 7)', () => {
    const want = new Uint8Array(164).fill(0xbb);
    want[163] = 0xb0; // digit 328 is the 0 we add to finish the byte
    expect(decoded('vMB0', 164, 164)).toEqual(want);
    expect(decoded('MvB0', 164, 164)).toEqual(want);
  });

  it('G..Y are 1..19 and g..z are 20..400', () => {
    for (let n = 1; n <= 19; n++) {
      const c = String.fromCharCode(0x46 + n);
      const digits = Buffer.from(decoded(`${c}F${'0'.repeat(40 - n)}`, 20, 20)).toString('hex').toUpperCase();
      expect(digits).toBe('F'.repeat(n) + '0'.repeat(40 - n));
    }
    for (let k = 1; k <= 20; k++) {
      const c = String.fromCharCode(0x66 + k);
      const digits = Buffer.from(decoded(`${c}A`, 10 * k, 10 * k)).toString('hex').toUpperCase();
      expect(digits).toBe('A'.repeat(20 * k));
    }
  });

  it('the condensed triangle of "Reducing Download Time" equals the complete graphic', () => {
    // Figure 4.2 (rows end in ',' after a whole byte; the guide prints "FO", an O for 0),
    // against Figure 4.1, 6 bytes a row, CR LF between rows as in the figures.
    const condensed = 'F0,\r\nFF,\r\nFFF0,\r\nFFFFF0,\r\nFFFFFF,\r\n';
    const complete = 'F00000000000FF0000000000FFF000000000FFFFF0000000FFFFFF000000';
    expect(decoded(condensed, 6, 30)).toEqual(hex(complete));
  });

  it("',' fills a row with zeros, '!' with ones, ':' repeats the row before", () => {
    expect(decoded(',!:A5,', 2, 8)).toEqual(hex('0000FFFFFFFFA500'));
    expect(decoded('0F!::', 3, 9)).toEqual(hex('0FFFFF0FFFFF0FFFFF'));
  });

  it('repeat counts may cross a row end (the data is one run of digits)', () => {
    expect(decoded('KF000', 2, 4)).toEqual(hex('FFFFF000')); // K = 5
  });
});

describe('decodeAcs refuses what the guide does not allow', () => {
  const error = (text: string, rowBytes: number, total: number) => {
    const r = decodeAcs(text, rowBytes, total);
    return r.ok ? null : r.error;
  };

  it('too much or too little data', () => {
    expect(error('FFFFFF', 2, 2)).toMatch(/more data than 2 bytes/);
    expect(error('FF', 2, 4)).toMatch(/gives 1 of 4 bytes/);
    expect(error(',,,', 2, 4)).toMatch(/more data/);
  });

  it('a fill in the middle of a byte, a colon mid-row or first', () => {
    expect(error('FFF,', 2, 2)).toMatch(/middle of a byte/);
    expect(error('FF:', 2, 4)).toMatch(/middle of a row/);
    expect(error(':', 2, 2)).toMatch(/before any row/);
  });

  it('a repeat count without its digit, and characters that are not ACS', () => {
    expect(error('FFG', 2, 2)).toMatch(/ends in a repeat count/);
    expect(error('GG,', 2, 2)).toMatch(/not followed by a hex digit/);
    expect(error('FFaa', 2, 2)).toMatch(/'a' is not ACS/);
    expect(error('FF^X', 2, 2)).toMatch(/'\^' is not ACS/);
  });

  it('bad row and total sizes', () => {
    expect(error('', 0, 0)).toMatch(/bytes per row 0/);
    expect(error('', 3, 4)).toMatch(/not a whole number of 3-byte rows/);
  });
});
