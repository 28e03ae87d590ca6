/**
 * PBM (Netpbm P4, binary bitmap) from a page: a text header `P4\n<width> <height>\n`, then
 * rows packed MSB-first with 1 = black and padded to whole bytes, which is exactly the
 * engine's page layout, so the rows are copied as they are.
 */
import type { Page } from './types.ts';

export function pageToPbm(page: Page): Uint8Array {
  const header = new TextEncoder().encode(`P4\n${page.width} ${page.height}\n`);
  const rowBytes = Math.ceil(page.width / 8);
  const out = new Uint8Array(header.length + rowBytes * page.height);
  out.set(header);
  if (page.stride === rowBytes) {
    out.set(page.data.subarray(0, rowBytes * page.height), header.length);
  } else {
    for (let y = 0; y < page.height; y++) {
      out.set(page.data.subarray(y * page.stride, y * page.stride + rowBytes), header.length + y * rowBytes);
    }
  }
  return out;
}
