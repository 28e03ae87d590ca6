import { describe, expect, it } from 'vitest';
import { decode } from 'fast-png';
import { crc32 as nodeCrc32, pageToPng as nodePageToPng } from '../engine/png.ts';
import { createLabel } from '../label/label.ts';
import { writeLabel } from '../label/wdfx.ts';
import { openJob } from '../print/job.ts';
import { loadLabelEngine } from '../render/pool-renderer.ts';
import { crc32, pageToPng, pngFileName } from './export-png.ts';

/** The chunks of a PNG: type and data. */
function chunks(png: Uint8Array): { type: string; data: Uint8Array; crcOk: boolean }[] {
  const out = [];
  const v = new DataView(png.buffer, png.byteOffset, png.byteLength);
  for (let at = 8; at < png.length; ) {
    const len = v.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    out.push({ type, data: png.subarray(at + 8, at + 8 + len), crcOk: v.getUint32(at + 8 + len) === crc32(png.subarray(at + 4, at + 8 + len)) });
    at += 12 + len;
  }
  return out;
}

describe('PNG export', () => {
  it('computes the PNG standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    const bytes = new Uint8Array(1000).map((_, i) => (i * 37) & 0xff);
    expect(crc32(bytes)).toBe(nodeCrc32(bytes));
  });

  it("writes the engine's 1-bit page as the CLI's PNG: same dots, same pHYs, valid chunks", async () => {
    const engine = await loadLabelEngine();
    // 40 x 30 mm with a QR code, a text and a frame: a page with dots of both colours and
    // a width (320 dots at 203 dpi) whose rows fill whole bytes; a 41 mm label's do not.
    for (const widthMm of [40, 41]) {
      const doc = createLabel({ labelWidth: widthMm, children: [{ kind: 'qrcode', x: 2, y: 2 }, { kind: 'text', x: 14, y: 2, content: 'A-0042' }, { kind: 'rectangle', x: 1, y: 1, width: widthMm - 2, height: 28 }] });
      const job = openJob(engine, writeLabel(doc), null, { dpi: 203 });
      expect(job.ok).toBe(true);
      if (!job.ok) return;
      const page = job.value.page(0);
      expect(page.ok).toBe(true);
      if (!page.ok) return;
      const p = page.value;
      expect([p.width, p.height]).toEqual([Math.round((widthMm * 203) / 25.4), Math.round((30 * 203) / 25.4)]);

      const ours = pageToPng(p, 203);
      const cli = nodePageToPng(p, 203);
      const a = decode(ours);
      const b = decode(cli);
      expect([a.width, a.height, a.depth, a.channels]).toEqual([p.width, p.height, 1, 1]);
      expect(a.data).toEqual(b.data);
      let black = 0;
      for (let y = 0; y < p.height; y++) {
        for (let x = 0; x < p.width; x++) {
          const dot = (p.data[y * p.stride + (x >> 3)]! >> (7 - (x & 7))) & 1;
          const grey = (a.data[y * Math.ceil(p.width / 8) + (x >> 3)]! >> (7 - (x & 7))) & 1;
          expect(grey).toBe(dot ^ 1); // PNG grey 1 is white, a page's 1 is black
          black += dot;
        }
      }
      expect(black).toBeGreaterThan(500);
      expect(a.resolution).toEqual({ x: 7992, y: 7992, unit: 1 }); // 203 dpi in dots per metre
      const ourChunks = chunks(ours);
      expect(ourChunks.map((c) => c.type)).toEqual(['IHDR', 'pHYs', 'IDAT', 'IEND']);
      expect(ourChunks.every((c) => c.crcOk)).toBe(true);
      expect(ourChunks[1]!.data).toEqual(chunks(cli).find((c) => c.type === 'pHYs')!.data);
    }
  });

  it('names the file after the label and the page', () => {
    expect(pngFileName('asset.wdfx', 1)).toBe('asset-0001.png');
    expect(pngFileName('资产标签', 12)).toBe('资产标签-0012.png');
    expect(pngFileName('a/b:c?.XML', 3)).toBe('a_b_c_-0003.png');
    expect(pngFileName('  ', 2)).toBe('label-0002.png');
  });
});
