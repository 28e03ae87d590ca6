import { decode_barcode } from 'rxing-wasm';
import { loadEngine } from '../src/engine/load-node.ts';
import { pageToLuma } from '../src/engine/testing.ts';
const e = await loadEngine();
for (const data of [new Uint8Array([0xda, 0x9b]), new Uint8Array([0xa8, 0xc8, ...Array.from('12345678901234567890', (c) => c.charCodeAt(0)), 0xfa, 0xe7, 0x21, 0xf8]), new Uint8Array([0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x4b, 0x4c, 0x4d, 0xff])]) {
  const page = e.renderPage({ widthMm: 30, heightMm: 30, dpi: 203, elements: [{ kind: 'qrcode', data, xMm: 0, yMm: 0, widthMm: 30, heightMm: 30 }] });
  const r = decode_barcode(pageToLuma(page), page.width, page.height, true);
  console.log(JSON.stringify(r.text()), '|', Array.from(r.raw_bytes()).map((b) => b.toString(16)).join(' '), '| data', Array.from(data).map((b) => b.toString(16)).join(' '));
}
