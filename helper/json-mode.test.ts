/**
 * JSON mode as the vendor's web SDK (dtpweb 2.7) sends it, drawn by our engine: each page
 * printed to the virtual printer is read back by independent decoders (zbarimg, dmtxread,
 * rxing-wasm), never compared only with our own output.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encode as encodePng } from 'fast-png';
import { decodeDmtx, decodeRxing, decodeZbar } from '../src/engine/corpus/decoders.ts';
import { startHelper, type RunningHelper } from './server.ts';
import { allPrinted, call, dot, printedFiles, readPrintedPbm, tempDir } from './server-testing.ts';

const V203 = 'Assetmark Virtual 203';
const F203 = 'Assetmark_Virtual_203';
const LOGO_URL = 'https://images.example/logo.png';
/** rxing-wasm's hint for the symbology to look for (PDF417 is format 10). */
const POSSIBLE_FORMATS = 2;

let dir: { path: string; remove(): Promise<void> };
let helper: RunningHelper;
const fetched: string[] = [];

/** A 40 x 40 picture: its left half black. */
function logo(): Uint8Array {
  const data = new Uint8Array(40 * 40);
  for (let y = 0; y < 40; y++) for (let x = 0; x < 40; x++) data[y * 40 + x] = x < 20 ? 0 : 255;
  return encodePng({ width: 40, height: 40, data, channels: 1, depth: 8 });
}

beforeAll(async () => {
  dir = await tempDir('helper-json');
  helper = await startHelper({
    dataDir: dir.path,
    allowedOrigins: [],
    port: 0,
    cups: false,
    log: { info() {}, error() {} },
    // The machine has no internet: pictures by URL come from here.
    fetchUrl: async (url) => {
      fetched.push(url);
      if (url !== LOGO_URL) throw new Error('404 Not Found');
      return logo();
    },
  });
});

afterAll(async () => {
  await helper?.close();
  await dir?.remove();
});

function printJson(body: unknown, action = 4096) {
  return call(helper.url, `/lpapi/Print?action=${action}`, { headers: { 'Content-Type': 'application/json;charset:utf-8' }, body: JSON.stringify(body) });
}

/** The printed job's pages as PBM files in a folder of their own, for the decoders. */
async function printedPbmFiles(job: string): Promise<{ dir: string; files: string[] }> {
  const files = (await printedFiles(dir.path, F203, job)).filter((f) => f.endsWith('.pbm'));
  const out = await tempDir('helper-json-decode');
  onTestFinished(() => out.remove());
  for (const f of files) await copyFile(join(dir.path, 'virtual-printer', F203, job, f), join(out.path, f));
  return { dir: out.path, files };
}

describe('JSON mode draws what the SDK sends', () => {
  it('the demo page\'s JSON print: a frame and "[barcode]" with two jobArguments is two labels that scan as their values', async () => {
    const r = await printJson({
      action: 4096,
      printerInfo: { printerName: V203 },
      jobInfo: { jobWidth: 40, jobHeight: 30, orientation: 0, jobName: 'demo-json', scaleUnit: 1 },
      jobPages: [[
        { type: 'rectangle', width: 40, height: 30, lineWidth: 0.4 },
        { type: 'barcode', text: '[barcode]', x: 5, y: 5, width: 30, height: 20, textHeight: 4, textAlignment: 3 },
      ]],
      jobArguments: [[{ k: 'barcode', v: '10000001' }], [{ k: 'barcode', v: '10000002' }]],
    });
    expect(r.body).toMatchObject({ statusCode: 0, resultInfo: { pages: 2, width: 320, height: 240, printerName: V203 } });
    const { dir: d, files } = await printedPbmFiles('demo-json');
    expect(files).toHaveLength(2);
    const read = await decodeZbar(d, files, ['-Si25.min-length=2']);
    expect(read.map((b) => b.toString())).toEqual(['10000001', '10000002']);
    // The frame: a 0.4 mm line (3 dots at 203 dpi) round the edge, white inside it.
    const page = await readPrintedPbm(dir.path, F203, 'demo-json', files[0]!);
    expect([dot(page, 0, 120), dot(page, 319, 120), dot(page, 160, 0), dot(page, 160, 239)]).toEqual([1, 1, 1, 1]);
    expect(dot(page, 10, 120)).toBe(0);
  });

  it('QR code, DataMatrix and PDF417 items decode to their texts (CJK in UTF-8)', async () => {
    const text = '上海道臻信息技术有限公司';
    const r = await printJson({
      printerInfo: { printerName: V203 },
      jobInfo: { jobWidth: 45, jobHeight: 45, jobName: 'demo-2d' },
      jobPages: [
        [{ type: 'qrcode', text, x: 5, y: 5, width: 35, height: 35 }],
        [{ type: 'dataMatrix', text: 'www.dothantech.com', x: 5, y: 5, width: 30, height: 30 }],
        [{ type: 'pdf417', text, x: 2, y: 5, width: 41, height: 30 }],
      ],
    });
    expect(r.body.statusCode).toBe(0);
    const { dir: d, files } = await printedPbmFiles('demo-2d');
    expect(files).toHaveLength(3);
    expect((await decodeZbar(d, [files[0]!], []))[0]!.toString()).toBe(text);
    expect((await decodeDmtx(d, [files[1]!]))[0]!.toString()).toBe('www.dothantech.com');
    const pdf = await readPrintedPbm(dir.path, F203, 'demo-2d', files[2]!);
    expect(decodeRxing(pdf, { [POSSIBLE_FORMATS]: 'pdf_417' })).toBe(text);
  });

  it('pictures by URL are fetched once and drawn; a URL that fails is code 7 and nothing prints', async () => {
    const before = await allPrinted(dir.path);
    const bad = await printJson({
      printerInfo: { printerName: V203 },
      jobInfo: { jobWidth: 20, jobHeight: 20, jobName: 'demo-image' },
      jobPages: [[{ type: 'rect', width: 20, height: 20 }], [{ type: 'image', imageFile: 'https://images.example/missing.png', x: 0, y: 0, width: 10, height: 10 }]],
    });
    expect(bad.body.statusCode).toBe(7);
    expect(bad.body.resultInfo).toContain('jobPages[1][0]');
    expect(await allPrinted(dir.path)).toEqual(before);

    const ok = await printJson({
      printerInfo: { printerName: V203 },
      jobInfo: { jobWidth: 20, jobHeight: 20, jobName: 'demo-image', copies: 2 },
      jobPages: [[{ type: 'image', imageFile: LOGO_URL, x: 0, y: 0, width: 20, height: 20, imageAlignment: 3 }]],
    });
    expect(ok.body).toMatchObject({ statusCode: 0, resultInfo: { pages: 2 } });
    expect(fetched.filter((u) => u === LOGO_URL)).toHaveLength(1);
    const files = (await printedFiles(dir.path, F203, 'demo-image')).filter((f) => f.endsWith('.pbm'));
    expect(files).toHaveLength(2);
    const page = await readPrintedPbm(dir.path, F203, 'demo-image', files[0]!);
    // 20 mm = 160 dots; the picture stretched over it: black left half, white right half.
    expect([dot(page, 40, 80), dot(page, 120, 80)]).toEqual([1, 0]);
  });

  it('action 0x82 previews with a transparent white, 4 serves preview URLs, 1 returns the printer data as hex ZPL', async () => {
    const before = await allPrinted(dir.path);
    const job = { printerInfo: { printerName: V203 }, jobInfo: { jobWidth: 10, jobHeight: 5 }, jobPages: [[{ type: 'rect', width: 10, height: 5, fill: true }]] };
    const both = await printJson(job, 0x82 | 0x04 | 0x01);
    expect(both.body.statusCode).toBe(0);
    const info = both.body.resultInfo;
    expect(info.previewData).toHaveLength(1);
    expect(info.previewURLs).toHaveLength(1);
    const served = await fetch(info.previewURLs[0]);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const hex = (info.printData as string[][])[0]!.join('');
    expect(info.printData[0].every((chunk: string) => chunk.length <= 2000)).toBe(true);
    const zpl = Buffer.from(hex, 'hex').toString('latin1');
    expect(zpl).toContain('^XA');
    expect(zpl).toContain('^GFA');
    expect(info.printBytes).toEqual([hex.length / 2]);
    expect((await fetch(`${helper.url}/preview/${'0'.repeat(32)}.png`)).status).toBe(404);
    expect(await allPrinted(dir.path)).toEqual(before);
  });

  it('PrintRawData prints the printData of action 1 (hex, as the demo page sends it) as the same page; bad data prints nothing', async () => {
    const job = { printerInfo: { printerName: V203 }, jobInfo: { jobWidth: 30, jobHeight: 20 }, jobPages: [[{ type: 'qrcode', text: 'A-0042', x: 5, y: 2, width: 16 }]] };
    const data = await printJson(job, 0x01);
    expect(data.body.statusCode).toBe(0);
    const hex = (data.body.resultInfo.printData as string[][])[0]!.join('');
    const before = await allPrinted(dir.path);
    for (const body of ['zz', Buffer.from('^XA^FO10,10^A0N,30,30^FDtext^FS^XZ').toString('hex')]) {
      const bad = await call(helper.url, `/lpapi/PrintRawData?printerName=${encodeURIComponent(V203)}&jobName=raw`, { headers: { 'Content-Type': 'application/octet-stream;encoding=hex16' }, body });
      expect(bad.body.statusCode).not.toBe(0);
    }
    expect(await allPrinted(dir.path)).toEqual(before);
    const raw = await call(helper.url, `/lpapi/PrintRawData?printerName=${encodeURIComponent(V203)}&jobName=raw`, { headers: { 'Content-Type': 'application/octet-stream;encoding=hex16' }, body: hex });
    expect(raw.body).toMatchObject({ statusCode: 0, resultInfo: { pages: 1, language: 'zpl' } });
    const { dir: d, files } = await printedPbmFiles('raw');
    expect((await decodeZbar(d, files, []))[0]!.toString()).toBe('A-0042');
  });

  it('the call-by-call job (StartJob, Draw*, CommitJob in 0.01 mm) draws with the same engine', async () => {
    const q = (name: string, params: Record<string, string | number>) =>
      call(helper.url, `/lpapi/${name}`, { body: new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString() });
    expect((await q('OpenPrinter', { printerName: V203 })).body.statusCode).toBe(0);
    expect((await q('StartJob', { width: 4500, height: 3000, scaleUnit: 1, jobName: 'calls', action: 4096 })).body.statusCode).toBe(0);
    expect((await q('DrawRectangle', { x: 0, y: 0, width: 4500, height: 3000, lineWidth: 50 })).body.statusCode).toBe(0);
    expect((await q('Draw2DQRCode', { text: 'www.dothantech.com', x: 500, y: 500, width: 2000, height: 2000 })).body.statusCode).toBe(0);
    expect((await q('Draw2DQRCode', { text: 'x', x: 0, y: 0, width: 1000, eccLevel: 9 })).body.statusCode).toBe(1);
    expect((await q('CommitJob', {})).body.statusCode).toBe(0);
    const { dir: d, files } = await printedPbmFiles('calls');
    expect(files).toHaveLength(1);
    expect((await decodeZbar(d, files, []))[0]!.toString()).toBe('www.dothantech.com');
    // The SDK's measureText: a preview job, DrawText with onlyMeasureText, AbortJob.
    expect((await q('StartJob', { width: 4000, height: 3000, scaleUnit: 1, jobName: '#!#Preview#!#' })).body.statusCode).toBe(0);
    const m = await q('DrawText', { text: 'WWWW', fontHeight: 500, onlyMeasureText: 'true' });
    expect(m.body.statusCode).toBe(0);
    expect(m.body.resultInfo.shownWidth).toBeGreaterThan(100);
    expect((await q('AbortJob', {})).body.statusCode).toBe(0);
  });

  it('GetFontNames answers at local/ (where the SDK asks) and lpapi/', async () => {
    for (const path of ['/local/GetFontNames', '/lpapi/GetFontNames']) {
      const r = await call(helper.url, path, { method: 'GET' });
      expect(r.body.statusCode).toBe(0);
      expect(String(r.body.resultInfo.fontNames).split(',')).toContain('黑体');
    }
  });
});
