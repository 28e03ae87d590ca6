/**
 * Guards an .xlsx (a zip) before SheetJS opens it. SheetJS inflates every entry of the zip
 * in full, whatever `sheetRows` says, and sizes its output buffer from the sizes the zip
 * declares (or grows it without bound when the local header says 0), so a 1 MB zip whose
 * sheet inflates to gigabytes costs gigabytes of memory and a minute of CPU. This module:
 *
 * 1. reads the end-of-central-directory record and every central directory entry, with
 *    the local header each one points to, and adds up the uncompressed sizes they declare
 *    (the larger of the two, zip64 extra fields included), refusing past the cap;
 * 2. inflates each entry once with a streaming inflater, counting the bytes it really
 *    gives and stopping at the first byte past what was declared or past the cap, so a zip
 *    that lies about its sizes costs at most the cap in CPU and a few MB of memory.
 *
 * Central directory entries that point at the same data (overlapping entries, a known bomb
 * shape) are each counted, as SheetJS inflates each of them.
 */
import { Inflate } from 'fflate';
import { LabelError } from './errors.ts';

/**
 * Largest total uncompressed size of an .xlsx's entries, in bytes: 256 MiB. A 100,000-row
 * sheet of 12 asset columns (codes, Chinese names, dates, prices) written by SheetJS
 * unpacks to 57.8 MB (17.5 MB zipped), so this leaves a margin of over 4 times; the
 * 8-million-row bomb a reviewer sent unpacks to 392 MB.
 */
export const MAX_UNZIPPED_BYTES = 256 * 1024 * 1024;

const MB = 1024 * 1024;
/**
 * Compressed bytes given to the inflater at a time. Deflate expands at most 1032 times, so
 * one step yields at most about 66 MB before the running count is checked. Checking the
 * 100,000-row sheet above (17.5 MB zipped) takes 0.6-0.9 s on the 2-core build VM; smaller
 * steps were no faster.
 */
const INFLATE_STEP = 64 * 1024;

const SIG_EOCD = 0x06054b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_LOCAL = 0x04034b50;
/** General-purpose flag bits SheetJS refuses as encryption (encrypted, strong encryption,
 * central directory encrypted). */
const ENCRYPTION_FLAGS = 0x2041;

class Stop extends Error {}

/**
 * Looks at an entry's unpacked bytes as they are inflated, chunk by chunk (at most about
 * 66 MB each, see INFLATE_STEP); an error stops the inflating and is what checkZip answers.
 * The bulk import counts a sheet's rows and cells this way, so a file of millions of rows
 * is refused before anything builds them (server/modules/import-export/sheet-count.ts).
 */
export type EntryWatcher = (chunk: Uint8Array) => LabelError | null;

/**
 * Null when the zip's entries unpack to at most `maxUnzipped` bytes and are well formed,
 * else the error to show: `sheet.unzippedTooLarge`, `sheet.encrypted` or `sheet.damaged`,
 * or the error a watcher returned. `watch` gives the watcher of an entry by its name (none:
 * the entry is only counted).
 */
export function checkZip(
  bytes: Uint8Array,
  maxUnzipped = MAX_UNZIPPED_BYTES,
  watch?: (entryName: string) => EntryWatcher | null,
): LabelError | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const damaged = () => new LabelError('sheet.damaged');
  const tooLarge = (size: number) =>
    new LabelError('sheet.unzippedTooLarge', { size: Math.ceil(size / MB), max: Math.floor(maxUnzipped / MB) });

  // SheetJS takes the last end-of-central-directory signature in the file; so do we.
  let eocd = bytes.length - 22;
  while (eocd >= 0 && u32(eocd) !== SIG_EOCD) eocd--;
  if (eocd < 0) return damaged();
  const count = u16(eocd + 8);
  const directory = u32(eocd + 16);
  // Zip64 archives (markers 0xFFFF / 0xFFFFFFFF) exist for more than 65,534 entries or
  // offsets past 4 GB; no spreadsheet under the byte cap needs one, and SheetJS reads
  // neither, so they are refused as damaged rather than half read.
  if (count === 0xffff || directory === 0xffffffff) return damaged();

  let declared = 0;
  let p = directory;
  for (let k = 0; k < count; k++) {
    if (p + 46 > bytes.length || u32(p) !== SIG_CENTRAL) return damaged();
    const p0 = p;
    const centralFlags = u16(p + 8);
    const method = u16(p + 10);
    let csz = u32(p + 20);
    let usz = u32(p + 24);
    const nameLength = u16(p + 28);
    const extraLength = u16(p + 30);
    const commentLength = u16(p + 32);
    const local = u32(p + 42);
    const name = p + 46 + nameLength <= bytes.length ? new TextDecoder().decode(bytes.subarray(p + 46, p + 46 + nameLength)) : '';
    const extraStart = p + 46 + nameLength;
    p = extraStart + extraLength + commentLength;
    if (p > bytes.length) return damaged();
    const centralZip64 = zip64Sizes(view, extraStart, extraStart + extraLength);
    if (centralZip64.usz !== undefined) usz = centralZip64.usz;
    if (centralZip64.csz !== undefined) csz = centralZip64.csz;

    if (local + 30 > bytes.length || u32(local) !== SIG_LOCAL) return damaged();
    if ((u16(local + 6) | centralFlags) & ENCRYPTION_FLAGS) return new LabelError('sheet.encrypted');
    // SheetJS inflates by the local header's method: the two must agree.
    if (u16(local + 8) !== method) return damaged();
    const localUsz = u32(local + 22);
    const localExtra = local + 30 + u16(local + 26);
    const data = localExtra + u16(local + 28);
    if (data > bytes.length) return damaged();
    const localZip64 = zip64Sizes(view, localExtra, data);

    // SheetJS sizes its output buffer from whichever of these it ends up with (the local
    // header's, overridden by zip64 fields): count the largest claim. A 32-bit field of
    // 0xFFFFFFFF is only the marker that a zip64 field holds the size.
    const claim = (field: number, zip64: number | undefined) =>
      zip64 !== undefined && field === 0xffffffff ? zip64 : Math.max(field, zip64 ?? 0);
    declared += Math.max(claim(u32(p0 + 24), centralZip64.usz), claim(localUsz, localZip64.usz));
    if (declared > maxUnzipped) return tooLarge(declared);
    if (data + csz > bytes.length) return damaged();

    // Each entry must unpack to exactly what it declares; with the declared total under
    // the cap, so is the real total. One that gives more is a lie and is cut short.
    const watcher = watch?.(name) ?? null;
    if (method === 0) {
      if (csz !== usz) return damaged();
      const refused = watcher?.(bytes.subarray(data, data + csz));
      if (refused) return refused;
    } else if (method === 8) {
      const result = inflatedSize(bytes.subarray(data, data + csz), usz, watcher);
      if (result instanceof LabelError) return result;
      if (result !== usz) return damaged();
    } else {
      return damaged();
    }
  }
  return null;
}

/** The sizes in a zip64 extended-information field (id 0x0001) between `start` and `end`. */
function zip64Sizes(view: DataView, start: number, end: number): { usz?: number; csz?: number } {
  const u64 = (at: number) => view.getUint32(at, true) + view.getUint32(at + 4, true) * 2 ** 32;
  for (let q = start; q + 4 <= end; ) {
    const id = view.getUint16(q, true);
    const size = view.getUint16(q + 2, true);
    const body = q + 4;
    if (id === 0x0001) {
      return {
        usz: body + 8 <= end && size >= 8 ? u64(body) : undefined,
        csz: body + 16 <= end && size >= 16 ? u64(body + 8) : undefined,
      };
    }
    q = body + size;
  }
  return {};
}

/**
 * The bytes a raw deflate stream inflates to, counting no further than `limit` + 1 (so a
 * result above `limit` means "more than allowed"); -1 when the stream is broken or does
 * not end within `compressed`; the watcher's error when it refused a chunk.
 */
function inflatedSize(compressed: Uint8Array, limit: number, watcher: EntryWatcher | null = null): number | LabelError {
  let total = 0;
  let ended = false;
  let refused: LabelError | null = null;
  const inflater = new Inflate((chunk, final) => {
    total += chunk.length;
    if (final) ended = true;
    if (total > limit) throw new Stop();
    refused = watcher?.(chunk) ?? null;
    if (refused) throw new Stop();
  });
  try {
    for (let at = 0; at < compressed.length; at += INFLATE_STEP) {
      const end = Math.min(at + INFLATE_STEP, compressed.length);
      inflater.push(compressed.subarray(at, end), end === compressed.length);
    }
    if (compressed.length === 0) inflater.push(compressed, true);
  } catch (e) {
    if (e instanceof Stop) return refused ?? total;
    return -1;
  }
  return ended ? total : -1;
}
