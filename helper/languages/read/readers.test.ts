/**
 * The fake printer's readers on hand-written ZPL and TSPL: labels come out as a printer
 * would print them however the bytes are split, a cut-off label is never taken, and what a
 * printer would refuse is reported.
 */
import { describe, expect, it } from 'vitest';
import type { ReceivedLabel } from './label-canvas.ts';
import { TsplReader } from './tspl-reader.ts';
import { ZplReader } from './zpl-reader.ts';

function collect(make: (events: ConstructorParameters<typeof ZplReader>[0]) => { push(b: Uint8Array): void }) {
  const out = { labels: [] as ReceivedLabel[], status: 0, starts: 0, errors: [] as string[] };
  const reader = make({
    labelStart: () => out.starts++,
    label: (l) => out.labels.push(l),
    status: () => out.status++,
    error: (m) => out.errors.push(m),
  });
  return { out, reader };
}

const zpl = () => collect((e) => new ZplReader(e, 1));
const tspl = (dpi = 203) => collect((e) => new TsplReader(e, 1, dpi));
const bytes = (s: string) => Buffer.from(s, 'latin1');

// 12 x 3 dots: row 0 all black (FF F0: the last 4 bits are padding), row 1 the same
// (':'), row 2 white (',').
const ZPL_LABEL = '~SD15^XA^MNY^PR4^PW12^LL3^LH0,0^FO0,0^GFA,6,6,2,FFF0:,^FS^PQ2^XZ~HS';

describe('ZplReader', () => {
  it('reads a hand-written format into its label, with its commands and the status query', () => {
    const { out, reader } = zpl();
    reader.push(bytes(ZPL_LABEL));
    expect(out.errors).toEqual([]);
    expect(out.status).toBe(1);
    expect(out.labels).toEqual([
      { width: 12, height: 3, stride: 2, data: Uint8Array.from([0xff, 0xf0, 0xff, 0xf0, 0, 0]), copies: 2, language: 'zpl', commands: ['~SD15', '^MNY', '^PR4'], connection: 1 },
    ]);
  });

  it('places a graphic at ^LH + ^FO, clipped to ^PW x ^LL', () => {
    const { out, reader } = zpl();
    reader.push(bytes('^XA^PW16^LL3^LH1,0^FO2,1^GFA,2,2,1,FF:^FS^XZ'));
    expect(out.errors).toEqual([]);
    // 8 black dots from x = 3 on rows 1 and 2: 0001 1111 | 1110 0000
    expect([...out.labels[0]!.data]).toEqual([0, 0, 0x1f, 0xe0, 0x1f, 0xe0]);
  });

  it('gives the same labels however the stream is split', () => {
    const stream = bytes(ZPL_LABEL + ZPL_LABEL.replace('^PQ2', '^PQ1'));
    const whole = zpl();
    whole.reader.push(stream);
    for (let size = 1; size <= 7; size++) {
      const split = zpl();
      for (let at = 0; at < stream.length; at += size) split.reader.push(stream.subarray(at, at + size));
      expect(split.out).toEqual(whole.out);
    }
    expect(whole.out.labels.map((l) => l.copies)).toEqual([2, 1]);
  });

  it('never takes a label cut off anywhere before its ^XZ', () => {
    const stream = bytes(ZPL_LABEL);
    const end = ZPL_LABEL.indexOf('^XZ') + 3;
    for (let cut = 0; cut < end; cut++) {
      const { out, reader } = zpl();
      reader.push(stream.subarray(0, cut));
      expect(out.labels, `cut at ${cut}`).toEqual([]);
    }
  });

  it('drops an unfinished format at ~JX or a new ^XA', () => {
    const { out, reader } = zpl();
    reader.push(bytes('^XA^PW8^LL1^GFA,1,1,1,FF^FS~JX^XA^PW8^LL1^FO0,0^GFA,1,1,1,0F^FS^XA^PW8^LL1^FO0,0^GFA,1,1,1,F0^FS^XZ'));
    expect(out.labels.map((l) => [...l.data])).toEqual([[0xf0]]);
  });

  it('reports what a printer would refuse and drops that label', () => {
    const { out, reader } = zpl();
    reader.push(bytes('^XA^PW8^LL1^GFA,1,1,1,FFF^FS^XZ^XA^GFB,1,1,1,x^FS^XZ^XA^GFA,2,1,1,FF^FS^XZ^PQ1~HS'));
    expect(out.labels).toEqual([]);
    expect(out.errors).toEqual([
      '^GFA,1,1,1: more data than 1 bytes at character 2 (\'F\')',
      '^GFB: only ASCII hex (A) graphics are read here',
      '^GFA,2,1: for ASCII hex the byte count must equal the field count',
      '^PQ1 outside ^XA ... ^XZ',
    ]);
  });
});

/** A TSPL label: 12 x 2 dots (2 bytes a row), 0 bits print. */
function tsplLabel(rows: number[], copies = '1,1'): Buffer {
  return Buffer.concat([
    bytes('SIZE 1.50 mm,0.25 mm\r\nGAP 2 mm,0 mm\r\nDIRECTION 0,0\r\nDENSITY 8\r\nCLS\r\nBITMAP 0,0,2,2,0,'),
    Buffer.from(rows),
    bytes(`\r\nPRINT ${copies}\r\n\x1b!?`),
  ]);
}

describe('TsplReader', () => {
  it('reads SIZE (mm at the printer dpi), an inverted BITMAP and PRINT m,n', () => {
    const { out, reader } = tspl();
    // Row 0: 0000 0000 1111 -> dots 0-7 black; row 1: all white (bits 1). The bytes hold
    // CR and LF values (0x0d, 0x0a) to show the data is read by its length.
    reader.push(tsplLabel([0x00, 0x0f, 0xff, 0xff], '2,3'));
    expect(out.errors).toEqual([]);
    expect(out.status).toBe(1);
    // 1.5 mm at 203 dpi = 11.99 -> 12 dots; 0.25 mm -> 2 dots.
    expect(out.labels).toEqual([
      { width: 12, height: 2, stride: 2, data: Uint8Array.from([0xff, 0xf0, 0, 0]), copies: 6, language: 'tspl', commands: ['GAP 2 mm,0 mm', 'DIRECTION 0,0', 'DENSITY 8'], connection: 1 },
    ]);
    const lf = tspl();
    lf.reader.push(tsplLabel([0x0a, 0x0d, 0x0d, 0x0a]));
    expect([...lf.out.labels[0]!.data]).toEqual([0xf5, 0xf0, 0xf2, 0xf0]);
  });

  it('gives the same labels however the stream is split, and none cut off before PRINT', () => {
    const stream = Buffer.concat([tsplLabel([0, 0, 0xff, 0xff]), tsplLabel([0xff, 0xff, 0, 0])]);
    const whole = tspl();
    whole.reader.push(stream);
    expect(whole.out.labels).toHaveLength(2);
    for (let size = 1; size <= 5; size++) {
      const split = tspl();
      for (let at = 0; at < stream.length; at += size) split.reader.push(stream.subarray(at, at + size));
      expect(split.out).toEqual(whole.out);
    }
    const one = tsplLabel([0, 0, 0, 0]);
    const end = one.indexOf('PRINT') + 'PRINT 1,1\r\n'.length - 1;
    for (let cut = 0; cut < end; cut++) {
      const { out, reader } = tspl();
      reader.push(one.subarray(0, cut));
      expect(out.labels, `cut at ${cut}`).toEqual([]);
    }
  });

  it('inch sizes, OR and XOR bitmaps', () => {
    const { out, reader } = tspl(300);
    reader.push(Buffer.concat([
      bytes('SIZE 0.04,0.01\r\nCLS\r\nBITMAP 0,0,2,1,0,'), Buffer.from([0x0f, 0xff]),
      bytes('\r\nBITMAP 0,0,2,1,1,'), Buffer.from([0xf0, 0xff]),
      bytes('\r\nBITMAP 0,0,2,1,2,'), Buffer.from([0x3f, 0xff]),
      bytes('\r\nPRINT 1\r\n'),
    ]));
    expect(out.errors).toEqual([]);
    // 0.04 in at 300 dpi = 12 dots, 0.01 in = 3 dots. Overwrite: 1111 0000; OR 0000 1111
    // -> 1111 1111; XOR 1100 0000 -> 0011 1111.
    expect(out.labels[0]).toMatchObject({ width: 12, height: 3, copies: 1 });
    expect([...out.labels[0]!.data]).toEqual([0x3f, 0, 0, 0, 0, 0]);
  });

  it('reports a BITMAP before CLS and drops that label', () => {
    const { out, reader } = tspl();
    reader.push(Buffer.concat([bytes('SIZE 10 mm,10 mm\r\nBITMAP 0,0,1,1,0,'), Buffer.from([0]), bytes('\r\nPRINT 1,1\r\n')]));
    expect(out.labels).toEqual([]);
    expect(out.errors).toEqual(['BITMAP before SIZE and CLS', 'PRINT before SIZE and CLS']);
  });
});
