import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { checkZip, MAX_UNZIPPED_BYTES } from './zip-limits.ts';

interface Entry {
  name: string;
  /** The bytes stored in the zip (already deflated for method 8). */
  stored: Uint8Array;
  method: 0 | 8;
  /** Uncompressed size the central directory declares. */
  usz: number;
  /** Uncompressed size the local header declares (default: usz). */
  localUsz?: number;
  flags?: number;
  /** Compression method the local header names (default: method). */
  localMethod?: number;
  /** Central directory extra field. */
  extra?: Uint8Array;
  /** Points this central entry at another entry's local header (overlapping entries). */
  sameDataAs?: number;
}

/** A zip written byte by byte, so each field can lie. */
function zip(entries: Entry[], eocd: { count?: number; directory?: number } = {}): Uint8Array {
  const parts: number[] = [];
  const u16 = (v: number) => parts.push(v & 0xff, (v >>> 8) & 0xff);
  const u32 = (v: number) => parts.push(v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff);
  const bytes = (b: Uint8Array | number[]) => parts.push(...b);
  const enc = new TextEncoder();
  const offsets: number[] = [];
  for (const e of entries) {
    if (e.sameDataAs !== undefined) {
      offsets.push(offsets[e.sameDataAs]!);
      continue;
    }
    offsets.push(parts.length);
    const name = enc.encode(e.name);
    u32(0x04034b50); u16(20); u16(e.flags ?? 0); u16(e.localMethod ?? e.method); u32(0); u32(0);
    u32(e.stored.length); u32(e.localUsz ?? e.usz); u16(name.length); u16(0);
    bytes(name); bytes(e.stored);
  }
  const directory = parts.length;
  entries.forEach((e, i) => {
    const name = enc.encode(e.name);
    const extra = e.extra ?? new Uint8Array(0);
    const source = e.sameDataAs === undefined ? e : entries[e.sameDataAs]!;
    u32(0x02014b50); u16(20); u16(20); u16(e.flags ?? 0); u16(source.method); u32(0); u32(0);
    u32(source.stored.length); u32(e.usz); u16(name.length); u16(extra.length); u16(0);
    u16(0); u16(0); u32(0); u32(offsets[i]!);
    bytes(name); bytes(extra);
  });
  const size = parts.length - directory;
  u32(0x06054b50); u16(0); u16(0); u16(eocd.count ?? entries.length); u16(eocd.count ?? entries.length);
  u32(size); u32(eocd.directory ?? directory); u16(0);
  return new Uint8Array(parts);
}

const deflated = (data: Uint8Array): Entry => ({ name: 'a.xml', stored: deflateSync(data), method: 8, usz: data.length });

describe('checkZip', () => {
  it('passes a real workbook and an honest zip', () => {
    const ws = XLSX.utils.aoa_to_sheet([['Code', 'Name'], ['A-1', '笔记本']]);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, ws, 'S');
    const xlsx = new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
    expect(checkZip(xlsx)).toBeNull();
    const text = new TextEncoder().encode('x'.repeat(10_000));
    expect(checkZip(zip([deflated(text), { name: 'b', stored: text, method: 0, usz: text.length }]))).toBeNull();
  });

  it('refuses entries declaring more than the cap, fast and without inflating them', () => {
    const small = new Uint8Array(100);
    const t0 = performance.now();
    const central = checkZip(zip([{ ...deflated(small), usz: 300 * 1024 * 1024 }]));
    const local = checkZip(zip([{ ...deflated(small), localUsz: MAX_UNZIPPED_BYTES + 1 }]));
    expect(performance.now() - t0).toBeLessThan(200);
    expect(central?.code).toBe('sheet.unzippedTooLarge');
    expect(central?.message).toBe('The spreadsheet is too large once unpacked (at least 300 MB; at most 256 MB).');
    expect(local?.code).toBe('sheet.unzippedTooLarge');
  });

  it('adds up the entries, overlapping ones each time', () => {
    const data = new Uint8Array(600_000);
    const entry = deflated(data);
    expect(checkZip(zip([entry]), 1_000_000)).toBeNull();
    expect(checkZip(zip([entry, { ...entry, name: 'b.xml' }]), 1_000_000)?.code).toBe('sheet.unzippedTooLarge');
    expect(checkZip(zip([entry, { ...entry, name: 'b.xml', sameDataAs: 0 }]), 1_000_000)?.code).toBe('sheet.unzippedTooLarge');
  });

  it('reads zip64 sizes and refuses zip64 archives', () => {
    const extra = new Uint8Array(20);
    const view = new DataView(extra.buffer);
    view.setUint16(0, 0x0001, true);
    view.setUint16(2, 16, true);
    view.setUint32(8, 2, true); // uncompressed size high word: 8 GiB
    const entry = { ...deflated(new Uint8Array(10)), usz: 0xffffffff, localUsz: 10, extra };
    expect(checkZip(zip([entry]))?.code).toBe('sheet.unzippedTooLarge');
    expect(checkZip(zip([deflated(new Uint8Array(10))], { count: 0xffff }))?.code).toBe('sheet.damaged');
    expect(checkZip(zip([deflated(new Uint8Array(10))], { directory: 0xffffffff }))?.code).toBe('sheet.damaged');
  });

  it('refuses an entry that inflates past what it declares (a lying zip)', () => {
    // SheetJS would size its buffer from the local header's 0 and grow it to all 20 MB.
    const bomb = { ...deflated(new Uint8Array(20 * 1024 * 1024)), usz: 1000, localUsz: 0 };
    expect(checkZip(zip([bomb]))?.code).toBe('sheet.damaged');
    const short = { ...deflated(new Uint8Array(1000)), usz: 5000 };
    expect(checkZip(zip([short]))?.code).toBe('sheet.damaged');
  });

  it('refuses encrypted entries, unknown methods and damaged or truncated zips', () => {
    const entry = deflated(new TextEncoder().encode('<a/>'));
    expect(checkZip(zip([{ ...entry, flags: 1 }]))?.code).toBe('sheet.encrypted');
    expect(checkZip(zip([{ ...entry, method: 12 as 8 }]))?.code).toBe('sheet.damaged');
    // Stored in the central directory, deflated in the local header (which SheetJS follows).
    const raw = new TextEncoder().encode('<a/>');
    expect(checkZip(zip([{ name: 'a', stored: raw, method: 0, usz: raw.length }]))).toBeNull();
    expect(checkZip(zip([{ name: 'a', stored: raw, method: 0, usz: raw.length, localMethod: 8 }]))?.code).toBe('sheet.damaged');
    expect(checkZip(zip([{ ...entry, stored: entry.stored.subarray(0, 2) }]))?.code).toBe('sheet.damaged');
    expect(checkZip(zip([{ ...entry, usz: 3 }]))?.code).toBe('sheet.damaged');
    const whole = zip([entry]);
    expect(checkZip(whole.subarray(0, whole.length - 30))?.code).toBe('sheet.damaged');
    expect(checkZip(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))?.code).toBe('sheet.damaged');
    expect(checkZip(zip([entry], { directory: 5 }))?.code).toBe('sheet.damaged');
  });

  it('never throws on damaged bytes: every mutation gives null or a message', () => {
    const ws = XLSX.utils.aoa_to_sheet([['Code', 'Name'], ['A-1', '笔记本']]);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, ws, 'S');
    const xlsx = new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
    let seed = 12345;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const outcomes = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const bytes = xlsx.slice(0, i % 5 === 0 ? random(xlsx.length) : xlsx.length);
      for (let k = 0; k < 4; k++) if (bytes.length) bytes[random(bytes.length)] = random(256);
      outcomes.add(checkZip(bytes)?.code ?? 'ok');
    }
    expect(outcomes.has('sheet.damaged')).toBe(true);
  });
});
