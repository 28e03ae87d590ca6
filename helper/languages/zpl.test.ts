/**
 * ZPL from pages: the exact format for a small page and each setting, ACS that the fake
 * printer's decoder (written from the ZPL II guide, not from this encoder) turns back into
 * the page, and refusals of bad input before anything is sent.
 */
import { describe, expect, it } from 'vitest';
import { PrinterError, type PrintSettings } from '../printer.ts';
import { decodeAcs } from './read/acs-decode.ts';
import { packedRows } from './page.ts';
import { pageOf, randomBytes, syntheticPages } from './test-pages.ts';
import { acsEncode, encodeZpl, zplDarkness, zplStatusReplyLength, zplText } from './zpl.ts';

const plain: PrintSettings = { dpi: 203, copies: 1 };
const acsOf = (bytes: number[], rowBytes = bytes.length) => acsEncode(Uint8Array.from(bytes), rowBytes);

describe('zplText', () => {
  it('writes one ^GFA page at the origin, padding bits and stride bytes left out', () => {
    // 12 x 3 dots, stride 3: rows black, black, white; pageOf sets the 4 padding bits and
    // fills the extra stride byte with A5.
    const page = pageOf(12, 3, (y) => Uint8Array.from(y < 2 ? [0xff, 0xff] : [0, 0]), 1);
    expect(page.data[1]).toBe(0xff);
    expect(zplText(page, plain)).toBe('^XA^PW12^LL3^LH0,0^FO0,0^GFA,6,6,2,IF0:,^FS^PQ1^XZ'); // I = three Fs
    expect(Buffer.from(encodeZpl(page, plain)).toString('latin1')).toBe(zplText(page, plain));
  });

  it('puts darkness, media, speed and copies where the printer takes them', () => {
    const page = pageOf(8, 1, () => Uint8Array.from([0x81]));
    expect(zplText(page, { dpi: 300, copies: 12, darkness: 9, gapType: 3, speed: 4, gapLengthMm: 3, jobName: 'x' })).toBe(
      '~SD19^XA^MNM^PR6^PW8^LL1^LH0,0^FO0,0^GFA,1,1,1,81^FS^PQ12^XZ',
    );
    const media = [0, 1, 2, 3].map((gapType) => /\^MN(.)/.exec(zplText(page, { ...plain, gapType: gapType as 0 | 1 | 2 | 3 }))![1]);
    expect(media).toEqual(['N', 'Y', 'Y', 'M']);
    const speeds = [0, 1, 2, 3, 4].map((speed) => /\^PR(\d+)/.exec(zplText(page, { ...plain, speed }))![1]);
    expect(speeds).toEqual(['2', '3', '4', '5', '6']);
    expect([0, 3, 5, 9, 14].map(zplDarkness)).toEqual([0, 6, 11, 19, 30]);
    expect(zplText(page, { ...plain, darkness: 0 })).toMatch(/^~SD00\^XA/);
  });

  it('refuses bad pages and settings with the helper codes, before encoding', () => {
    const page = pageOf(8, 1, () => Uint8Array.from([0]));
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(PrinterError);
        return [(e as PrinterError).code, (e as PrinterError).message];
      }
      return null;
    };
    expect(code(() => zplText({ ...page, width: 0 }, plain))).toEqual([5, 'the page is empty (0 x 1 dots)']);
    expect(code(() => zplText({ ...page, stride: 0 }, plain))).toEqual([1, 'page stride 0 bytes is less than the 1 bytes a 8-dot row needs']);
    expect(code(() => zplText({ ...page, height: 2 }, plain))).toEqual([1, 'page data holds 1 bytes; 2 rows of 1 bytes need 2']);
    expect(code(() => zplText(page, { ...plain, copies: 0 }))?.[0]).toBe(1);
    expect(code(() => zplText(page, { ...plain, copies: 10000 }))?.[0]).toBe(1);
    expect(code(() => zplText(page, { ...plain, darkness: 255 }))?.[1]).toMatch(/darkness 255 is not a whole number from 0 to 14/);
    expect(code(() => zplText(page, { ...plain, speed: 5 }))?.[1]).toMatch(/speed 5/);
    expect(code(() => zplText(page, { ...plain, gapType: 255 as never }))?.[1]).toMatch(/gap type 255/);
    expect(code(() => zplText(page, { ...plain, dpi: 600 }))?.[1]).toMatch(/dpi 600/);
    expect(code(() => zplText(pageOf(40000, 1, () => new Uint8Array(5000)), plain))?.[1]).toMatch(/larger than 32000/);
  });
});

describe('acsEncode', () => {
  it('codes runs with repeat characters, fills and repeated rows', () => {
    expect(acsOf([0xab, 0xcd])).toBe('ABCD');
    expect(acsOf([0x11, 0x12])).toBe('I12'); // three 1s
    expect(acsOf(new Array(20).fill(0x77))).toBe('h7'); // 40 digits
    expect(acsOf(new Array(420).fill(0x11).concat([0x23]))).toBe('zY1zY1H123'); // 840 = 419 + 419 + 2
    expect(acsOf([0xa0, 0x00])).toBe('A0,'); // the fill starts at a byte
    expect(acsOf([0x12, 0x30, 0x00])).toBe('1230,');
    expect(acsOf([0x12, 0x3f, 0xff])).toBe('123F!');
    expect(acsOf([0, 0, 0xff, 0xff, 0xff, 0xff, 0, 0], 2)).toBe(',!:,');
  });

  it('decodes, by the guide\'s rules, to the page for every synthetic page', () => {
    for (const { name, page } of syntheticPages()) {
      const rowBytes = Math.ceil(page.width / 8);
      const rows = packedRows(page);
      const decoded = decodeAcs(acsEncode(rows, rowBytes), rowBytes, rows.length);
      expect(decoded, name).toEqual({ ok: true, data: rows });
    }
  });

  it('decodes to the page for random rows with runs of every length', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const rowBytes = 1 + (seed % 37);
      const height = 1 + (seed % 5);
      const noise = randomBytes(seed, rowBytes * height);
      // Runs: keep some bytes, repeat others, so every run length and fill occurs.
      const rows = noise.map((b, i) => (noise[(i * 7) % noise.length]! & 3 ? noise[Math.max(0, i - 1)]! & 0xf0 : b));
      const decoded = decodeAcs(acsEncode(rows, rowBytes), rowBytes, rows.length);
      expect(decoded, `seed ${seed}`).toEqual({ ok: true, data: rows });
    }
  });
});

describe('zplStatusReplyLength', () => {
  it('waits for all three ~HS strings', () => {
    const reply = Buffer.from('\x02030,0,0,0000,000,0,0,0,000,0,0,0\x03\r\n\x02000,0,0,0,0,2,6,0,00000000,1,000\x03\r\n\x021234,0\x03\r\n', 'latin1');
    for (let n = 0; n < reply.length; n++) expect(zplStatusReplyLength(reply.subarray(0, n))).toBe(0);
    expect(zplStatusReplyLength(reply)).toBe(reply.length);
    expect(zplStatusReplyLength(Buffer.concat([reply, Buffer.from('\x02')]))).toBe(reply.length);
  });
});
