/**
 * "Export the current page as PNG" (issue 13): the page the printer gets, the engine's
 * 1-bit page at the label's dpi (203 by default), as a 1-bit greyscale PNG that also records
 * the dpi in a pHYs chunk, as the CLI's `render --format png` does (src/engine/png.ts, whose
 * deflate is Node's zlib). Here the PNG is fast-png's (fflate inside, browser-safe; the
 * same writer as the helper's JSON mode) and the pHYs chunk is added after IHDR.
 */
import type { Page } from '../engine/types.ts';
import { pageToPng1Bit } from '../print/helper/json-mode.ts';

const PNG_SIGNATURE_BYTES = 8;
/** Length, type, 13 bytes of data, CRC. */
const IHDR_CHUNK_BYTES = 4 + 4 + 13 + 4;

/** CRC-32 (ISO 3309, polynomial 0xEDB88320 reflected), as the PNG standard's chunks use. */
const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A pHYs chunk: `dpi` as dots per metre on both axes, unit metre. */
function physChunk(dpi: number): Uint8Array {
  const out = new Uint8Array(4 + 4 + 9 + 4);
  const v = new DataView(out.buffer);
  v.setUint32(0, 9);
  out.set([0x70, 0x48, 0x59, 0x73], 4); // "pHYs"
  const perMetre = Math.round(dpi / 0.0254);
  v.setUint32(8, perMetre);
  v.setUint32(12, perMetre);
  out[16] = 1; // unit: metre
  v.setUint32(17, crc32(out.subarray(4, 17)));
  return out;
}

/** The page as a 1-bit greyscale PNG (black dots black) recording `dpi`. */
export function pageToPng(page: Page, dpi: number): Uint8Array {
  const png = pageToPng1Bit(page);
  if (!(dpi > 0)) return png;
  const at = PNG_SIGNATURE_BYTES + IHDR_CHUNK_BYTES;
  const phys = physChunk(dpi);
  const out = new Uint8Array(png.length + phys.length);
  out.set(png.subarray(0, at));
  out.set(phys, at);
  out.set(png.subarray(at), at + phys.length);
  return out;
}

/** The download's name: the label's (or file's) name without its extension, the 1-based
 * page, `.png`; characters file systems refuse become `_`. */
export function pngFileName(base: string, pageNo: number): string {
  const stem = base.replace(/\.(wdfx|xml)$/i, '').trim().replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_') || 'label';
  return `${stem}-${String(pageNo).padStart(4, '0')}.png`;
}
