/**
 * The helper over real HTTP on loopback: ServerInfo, every LPAPI action we serve, the
 * security rules (Host, Origin, preflight with Private Network Access, POST, body limit),
 * bad parameters refused with nothing written, and PrintImageD pages arriving at the
 * virtual printer's PBM files dot for dot. Pages are seeded random dots; the PBM files are
 * read with a reader written from the Netpbm format, turned pages are compared with the
 * engine's reference turn (src/engine/rotate-reference.ts), PNG inputs are made with
 * fast-png, JPEG with jpeg-js and BMP by hand from the file format.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createServer, type Server } from 'node:net';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decode as decodePng, encode as encodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { rotatePage } from '../src/engine/rotate-reference.ts';
import { startHelper, HelperPortsBusyError, type RunningHelper } from './server.ts';
import { PrinterConfigError } from './printers.ts';
import { startAppHelper } from './in-app.ts';
import { HELPER_VERSION } from './protocol.ts';
import { startPrinterListener } from './testing/printer-listener.ts';
import type { Bitmap } from './printer.ts';
import {
  action,
  allPrinted,
  call,
  dot,
  dotsOf,
  pngOf,
  randomBitmap,
  rawRequest,
  readPbm,
  readPrintedPbm,
  printedFiles,
  recordingPrinter,
  tempDir,
} from './server-testing.ts';

const APP = 'http://localhost:8080';
const V203 = 'Assetmark Virtual 203';
const V300 = 'Assetmark Virtual 300';
const F203 = 'Assetmark_Virtual_203';
const F300 = 'Assetmark_Virtual_300';
const BASE64 = 'application/octet-stream;encoding=base64';

/** Tight 1-bit rows of a page (what a client sends as format 1). */
function rows(b: Bitmap, lineSize = Math.ceil(b.width / 8)): Uint8Array {
  const out = new Uint8Array(lineSize * b.height);
  for (let y = 0; y < b.height; y++) out.set(b.data.subarray(y * b.stride, y * b.stride + Math.min(lineSize, b.stride)), y * lineSize);
  return out;
}

function b64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}

/** PrintImageD with a base64 body, as the web SDK sends it. */
function printImage(url: string, query: Record<string, string | number>, body: string, headers: Record<string, string> = {}) {
  const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return call(url, `/lpapi/PrintImageD?${q}`, { headers: { 'Content-Type': BASE64, ...headers }, body });
}

/** A 24-bit bottom-up BMP of a page, from the format: file header, BITMAPINFOHEADER, BGR rows padded to 4 bytes. */
function bmpOf(b: Bitmap): Uint8Array {
  const rowBytes = Math.ceil((b.width * 3) / 4) * 4;
  const size = 54 + rowBytes * b.height;
  const out = new Uint8Array(size);
  const v = new DataView(out.buffer);
  out[0] = 0x42;
  out[1] = 0x4d;
  v.setUint32(2, size, true);
  v.setUint32(10, 54, true);
  v.setUint32(14, 40, true);
  v.setInt32(18, b.width, true);
  v.setInt32(22, b.height, true);
  v.setUint16(26, 1, true);
  v.setUint16(28, 24, true);
  for (let y = 0; y < b.height; y++) {
    const at = 54 + (b.height - 1 - y) * rowBytes;
    for (let x = 0; x < b.width; x++) out.fill(dot(b, x, y) ? 0 : 255, at + x * 3, at + x * 3 + 3);
  }
  return out;
}

/** The dots of a PNG data URL (any colour type), black where the luma is below 128. */
function pngDataUrlDots(url: string): Bitmap {
  expect(url.startsWith('data:image/png;base64,')).toBe(true);
  const png = decodePng(Buffer.from(url.slice('data:image/png;base64,'.length), 'base64'));
  const stride = Math.ceil(png.width / 8);
  const out: Bitmap = { width: png.width, height: png.height, stride, data: new Uint8Array(stride * png.height) };
  const rowBytes = Math.ceil((png.width * png.channels * png.depth) / 8);
  // Our previews and files are 1-bit grey: a 0 bit is black.
  expect([png.depth, png.channels]).toEqual([1, 1]);
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const bit = (png.data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
      if (bit === 0) out.data[y * stride + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return out;
}

let helper: RunningHelper;
let dir: Awaited<ReturnType<typeof tempDir>>;
const recorder = recordingPrinter('Recorder 300', 300);

beforeAll(async () => {
  dir = await tempDir('helper');
  helper = await startHelper({ dataDir: dir.path, allowedOrigins: [APP], port: 0, cups: false, extraPrinters: [recorder], log: { info() {}, error() {} } });
});

afterAll(async () => {
  await helper?.close();
  await dir?.remove();
});

describe('ServerInfo and Version', () => {
  it('answers the dtpweb fields with a version that keeps the local-printer rule (type < 10)', async () => {
    const r = await call(helper.url, '/local/ServerInfo', { method: 'GET' });
    expect(r.status).toBe(200);
    expect(r.body.statusCode).toBe(0);
    const info = r.body.resultInfo;
    expect(info.version).toBe(HELPER_VERSION);
    expect(info.version).toMatch(/^dtpweb\/2\.3\.(\d{8})$/);
    expect(Number(/(\d{8})$/.exec(info.version)![1])).toBeGreaterThanOrEqual(20230621);
    expect(info.httpPort).toBe(helper.port);
    expect(info.processId).toBe(process.pid);
    for (const key of ['dtpwebVersion', 'lpapiVersion', 'udpPort', 'hostname', 'selfIps', 'runMode', 'now']) expect(info).toHaveProperty(key);
    expect(info.system).toEqual({ osName: expect.any(String), osVersion: expect.any(String) });
    // POST works too (spec section 7 says POST, the SDK sends GET).
    expect((await call(helper.url, '/local/ServerInfo')).body.resultInfo.version).toBe(HELPER_VERSION);
  });

  it('Version names the same version', async () => {
    const r = await action(helper.url, 'Version');
    expect(r.body).toEqual({ statusCode: 0, resultInfo: expect.objectContaining({ version: HELPER_VERSION }) });
  });
});

describe('security', () => {
  it('refuses a foreign Origin with 403, no CORS headers, and prints nothing', async () => {
    const page = randomBitmap(40, 16, 1);
    const before = await allPrinted(dir.path);
    const r = await printImage(helper.url, { printerName: V203, format: 1, imageWidth: 40, jobName: 'foreign' }, b64(rows(page)), { Origin: 'http://evil.example' });
    expect(r.status).toBe(403);
    expect(r.body.statusCode).not.toBe(0);
    expect([...r.headers.keys()].filter((k) => k.startsWith('access-control-'))).toEqual([]);
    // A look-alike of the app's origin is foreign too (exact match), and so is "null".
    for (const origin of ['http://localhost:8080.evil.example', 'http://localhost:8081', 'https://localhost:8080', 'null']) {
      const again = await action(helper.url, 'OpenPrinter', { printerName: V203 }, { Origin: origin });
      expect(again.status).toBe(403);
      expect(again.headers.get('access-control-allow-origin')).toBeNull();
    }
    expect((await action(helper.url, 'IsPrinterOpened')).body.statusCode).toBe(3);
    expect(await allPrinted(dir.path)).toEqual(before);
  });

  it('refuses a foreign preflight and answers an allowed one with the methods, headers and Private Network Access', async () => {
    const foreign = await call(helper.url, '/lpapi/PrintImageD', {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Private-Network': 'true' },
    });
    expect(foreign.status).toBe(403);
    expect([...foreign.headers.keys()].filter((k) => k.startsWith('access-control-'))).toEqual([]);

    const allowed = await call(helper.url, '/lpapi/PrintImageD', {
      method: 'OPTIONS',
      headers: {
        Origin: APP,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
        'Access-Control-Request-Private-Network': 'true',
      },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(APP);
    expect(allowed.headers.get('access-control-allow-private-network')).toBe('true');
    expect(allowed.headers.get('access-control-allow-methods')).toMatch(/\bPOST\b/);
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    expect(allowed.headers.get('vary')).toContain('Origin');

    const withoutPna = await call(helper.url, '/local/ServerInfo', { method: 'OPTIONS', headers: { Origin: APP, 'Access-Control-Request-Method': 'GET' } });
    expect(withoutPna.status).toBe(204);
    expect(withoutPna.headers.get('access-control-allow-private-network')).toBeNull();
  });

  it('answers an allowed origin with its CORS header', async () => {
    const r = await call(helper.url, '/local/ServerInfo', { method: 'GET', headers: { Origin: APP } });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBe(APP);
  });

  it('refuses a Host other than 127.0.0.1 or localhost (DNS rebinding), before doing anything', async () => {
    const page = randomBitmap(16, 4, 2);
    const before = await allPrinted(dir.path);
    for (const host of ['evil.example', `evil.example:${helper.port}`, `127.0.0.1.evil.example:${helper.port}`, `[::1]:${helper.port}`]) {
      const r = await rawRequest(helper.port, {
        method: 'POST',
        path: `/lpapi/PrintImageD?printerName=${encodeURIComponent(V203)}&format=1&imageWidth=16&jobName=rebind`,
        headers: { Host: host, 'Content-Type': BASE64 },
        body: b64(rows(page)),
      });
      expect(r.status, host).toBe(403);
    }
    // No Host at all (HTTP/1.1 requires one): refused by Node's parser or by us.
    const none = await rawRequest(helper.port, { method: 'POST', path: '/lpapi/OpenPrinter', setHost: false, headers: { 'Content-Type': BASE64 } });
    expect([400, 403]).toContain(none.status);
    expect(await allPrinted(dir.path)).toEqual(before);
    for (const host of [`localhost:${helper.port}`, `127.0.0.1:${helper.port}`, 'LOCALHOST']) {
      const r = await rawRequest(helper.port, { method: 'GET', path: '/local/ServerInfo', headers: { Host: host } });
      expect(r.status, host).toBe(200);
    }
  });

  it('needs POST for actions that change anything; GET reads only', async () => {
    const r = await call(helper.url, `/lpapi/OpenPrinter?printerName=${encodeURIComponent(V203)}`, { method: 'GET' });
    expect(r.status).toBe(405);
    expect((await action(helper.url, 'IsPrinterOpened')).body.statusCode).toBe(3);
    const list = await call(helper.url, '/lpapi/GetPrinters', { method: 'GET' });
    expect(list.body.statusCode).toBe(0);
    expect((await call(helper.url, '/lpapi/GetPrinters', { method: 'PUT' })).status).toBe(405);
    expect((await call(helper.url, '/nowhere', { method: 'GET' })).status).toBe(404);
  });

  it('refuses a body over 16 MiB (declared or streamed) and prints nothing', async () => {
    const before = await allPrinted(dir.path);
    const big = new Uint8Array(16 * 1024 * 1024 + 1).fill(0x41);
    const declared = await call(helper.url, `/lpapi/PrintImageD?printerName=${encodeURIComponent(V203)}&format=1&imageWidth=8&jobName=big`, {
      headers: { 'Content-Type': BASE64 },
      body: big,
    });
    expect(declared.status).toBe(413);
    expect(declared.body.resultInfo).toContain('16 MiB');
    // The app's own page can read why.
    const fromApp = await call(helper.url, `/lpapi/PrintImageD?printerName=${encodeURIComponent(V203)}&format=1&imageWidth=8&jobName=big`, {
      headers: { 'Content-Type': BASE64, Origin: APP },
      body: big,
    });
    expect([fromApp.status, fromApp.headers.get('access-control-allow-origin')]).toEqual([413, APP]);
    // Chunked, without a Content-Length: refused once the count passes the limit.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 17; i++) controller.enqueue(new Uint8Array(1024 * 1024).fill(0x41));
        controller.close();
      },
    });
    const streamed = await call(helper.url, `/lpapi/PrintImageD?printerName=${encodeURIComponent(V203)}&format=1&imageWidth=8&jobName=big`, {
      headers: { 'Content-Type': BASE64 },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await allPrinted(dir.path)).toEqual(before);
    // The helper serves on afterwards.
    expect((await action(helper.url, 'Version')).body.statusCode).toBe(0);
  });

  it('never puts a stack trace on the wire: an unexpected failure is code 2', async () => {
    recorder.failNext('crash', 'boom at /secret/path/file.ts:12');
    const page = randomBitmap(24, 8, 3);
    const r = await printImage(helper.url, { printerName: recorder.description.name, format: 1, imageWidth: 24 }, b64(rows(page)));
    expect(r.body.statusCode).toBe(2);
    expect(r.text).not.toContain('boom');
    expect(r.text).not.toContain('.ts');
  });
});

describe('bad parameters: code 1 (or the code the spec names) and nothing printed', () => {
  it.each([
    ['copies 0', { copies: 0 }, 1],
    ['copies 10000', { copies: 10000 }, 1],
    ['copies not a number', { copies: 'two' }, 1],
    ['orientation 45', { orientation: 45 }, 1],
    ['darkness 15', { printDarkness: 15 }, 1],
    ['speed 5', { printSpeed: 5 }, 1],
    ['gap type 4', { gapType: 4 }, 1],
    ['unknown format', { format: 7 }, 1],
    ['no imageWidth', { imageWidth: '' }, 6],
    ['lineSize below the width', { lineSize: 2 }, 1],
    ['imageHeight beyond the data', { imageHeight: 999 }, 1],
    ['unknown printer', { printerName: 'No Such Printer' }, 3],
    ['page wider than 4096 dots', { printWidth: 60000, printHeight: 2000, scaleUnit: 1 }, 1],
    ['page longer than 8192 dots', { printWidth: 1000, printHeight: 200000, scaleUnit: 1 }, 1],
  ] as const)('%s', async (_name, change, code) => {
    const page = randomBitmap(40, 10, 4);
    const query: Record<string, string | number> = { printerName: V203, format: 1, imageWidth: 40, lineSize: 5, jobName: 'bad', ...change };
    for (const [k, v] of Object.entries(query)) if (v === '') delete query[k];
    const r = await printImage(helper.url, query, b64(rows(page)));
    expect(r.status).toBe(200);
    expect(r.body.statusCode).toBe(code);
    expect(typeof r.body.resultInfo).toBe('string');
    expect(r.body.resultInfo.length).toBeGreaterThan(5);
    expect(await printedFiles(dir.path, F203, 'bad')).toEqual([]);
  });

  it('data that is not whole rows, not base64, not an image, or empty', async () => {
    const cases: [Record<string, string | number>, string, number][] = [
      [{ format: 1, imageWidth: 40 }, b64(new Uint8Array(11)), 1],
      [{ format: 1, imageWidth: 40 }, 'this is not base64 at all!', 1],
      [{ format: 93 }, b64(new TextEncoder().encode('plain text, not an image at all')), 7],
      [{ format: 93 }, b64(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 8, 0, 0, 0, 8, 1, 0, 0, 0, 0])), 7],
      [{ format: 1, imageWidth: 40 }, '', 5],
    ];
    for (const [query, body, code] of cases) {
      const r = await printImage(helper.url, { printerName: V203, jobName: 'bad', ...query }, body);
      expect(r.body.statusCode, JSON.stringify(query)).toBe(code);
    }
    expect(await printedFiles(dir.path, F203, 'bad')).toEqual([]);
  });

  it('an unknown action is code 8', async () => {
    expect((await action(helper.url, 'NoSuchAction')).body.statusCode).toBe(8);
  });
});

describe('PrintImageD to the virtual printer', () => {
  it('format 1: the PBM equals the sent bitmap bit for bit (padded rows, odd width), and the PNG shows the same dots', async () => {
    // 317 dots need 40 bytes a row; the client pads to 44 with garbage after the last dot.
    const page = randomBitmap(317, 203, 5, 44);
    const r = await printImage(helper.url, { printerName: V203, format: 1, imageWidth: 317, imageHeight: 203, lineSize: 44, jobName: 'format1' }, `data:application/octet-stream;base64,${b64(rows(page, 44))}`);
    expect(r.body).toEqual({ statusCode: 0, resultInfo: expect.objectContaining({ printerName: V203, width: 317, height: 203 }) });
    expect(await printedFiles(dir.path, F203, 'format1')).toEqual(['000001.pbm', '000001.png']);
    const pbm = await readPrintedPbm(dir.path, F203, 'format1', '000001.pbm');
    expect(dotsOf(pbm)).toBe(dotsOf(page));
    const png = await readFile(join(dir.path, 'virtual-printer', F203, 'format1', '000001.png'));
    expect(dotsOf(pngDataUrlDots(`data:image/png;base64,${b64(png)}`))).toBe(dotsOf(page));
  });

  it('format 2 is format 1 inverted; raw binary bodies work as well as base64', async () => {
    const page = randomBitmap(64, 30, 6);
    const inverted = rows(page).map((b) => ~b & 0xff);
    const r = await call(helper.url, `/lpapi/PrintImageD?printerName=${encodeURIComponent(V300)}&format=2&imageWidth=64&jobName=format2`, {
      headers: { 'Content-Type': 'application/octet-stream' },
      body: inverted,
    });
    expect(r.body.statusCode).toBe(0);
    expect(dotsOf(await readPrintedPbm(dir.path, F300, 'format2', '000001.pbm'))).toBe(dotsOf(page));
  });

  it('format 93: PNG, JPEG and BMP files become the same dots', async () => {
    const page = randomBitmap(123, 77, 7);
    const png = await printImage(helper.url, { printerName: V203, format: 93, jobName: 'format93' }, `data:image/png;base64,${b64(pngOf(page))}`);
    expect(png.body.statusCode).toBe(0);
    const bmp = await printImage(helper.url, { printerName: V203, format: 93, jobName: 'format93' }, b64(bmpOf(page)));
    expect(bmp.body.statusCode).toBe(0);
    // JPEG is lossy: 8 x 8 blocks of one colour survive quality 100 exactly enough for the cut at 128.
    const blocks = randomBitmap(16, 10, 8);
    const big: Bitmap = { width: 128, height: 80, stride: 16, data: new Uint8Array(16 * 80) };
    for (let y = 0; y < 80; y++) for (let x = 0; x < 128; x++) if (dot(blocks, x >> 3, y >> 3)) big.data[y * 16 + (x >> 3)]! |= 0x80 >> (x & 7);
    const rgba = new Uint8Array(128 * 80 * 4);
    for (let y = 0; y < 80; y++) for (let x = 0; x < 128; x++) rgba.set(dot(big, x, y) ? [0, 0, 0, 255] : [255, 255, 255, 255], (y * 128 + x) * 4);
    const jpg = jpeg.encode({ width: 128, height: 80, data: rgba }, 100).data;
    const j = await printImage(helper.url, { printerName: V203, format: 93, threshold: 128, jobName: 'format93' }, `data:image/jpeg;base64,${b64(jpg)}`);
    expect(j.body.statusCode).toBe(0);
    expect(await printedFiles(dir.path, F203, 'format93')).toEqual(['000001.pbm', '000001.png', '000002.pbm', '000002.png', '000003.pbm', '000003.png']);
    expect(dotsOf(await readPrintedPbm(dir.path, F203, 'format93', '000001.pbm'))).toBe(dotsOf(page));
    expect(dotsOf(await readPrintedPbm(dir.path, F203, 'format93', '000002.pbm'))).toBe(dotsOf(page));
    expect(dotsOf(await readPrintedPbm(dir.path, F203, 'format93', '000003.pbm'))).toBe(dotsOf(big));
  });

  it('the threshold cuts grey (1-255, else 192)', async () => {
    // One row of greys 0, 100, 191, 192, 250: black below the threshold.
    const greys = [0, 100, 191, 192, 250];
    const data = new Uint8Array(greys.length * 4);
    greys.forEach((g, i) => data.set([g, g, g, 255], i * 4));
    const png = b64(encodePng({ width: greys.length, height: 1, data, depth: 8, channels: 4 }));
    for (const [threshold, expected] of [['', '11100'], [0, '11100'], [300, '11100'], [101, '11000'], [255, '11111'], [1, '10000']] as const) {
      const job = `threshold-${String(threshold) || 'none'}`;
      const q: Record<string, string | number> = { printerName: V203, format: 93, jobName: job };
      if (threshold !== '') q.threshold = threshold;
      expect((await printImage(helper.url, q, png)).body.statusCode).toBe(0);
      const pbm = await readPrintedPbm(dir.path, F203, job, '000001.pbm');
      expect(dotsOf(pbm)).toBe(`5x1\n${expected}`);
    }
  });

  it('orientation turns the page clockwise before printing', async () => {
    const page = randomBitmap(50, 21, 9);
    for (const orientation of [0, 90, 180, 270] as const) {
      const job = `turn-${orientation}`;
      const r = await printImage(helper.url, { printerName: V203, format: 1, imageWidth: 50, orientation, jobName: job }, b64(rows(page)));
      expect(r.body.statusCode).toBe(0);
      const pbm = await readPrintedPbm(dir.path, F203, job, '000001.pbm');
      expect(dotsOf(pbm)).toBe(dotsOf(rotatePage(page, orientation)));
    }
    // 90: the top-left dot goes to the top-right corner.
    const corner: Bitmap = { width: 16, height: 8, stride: 2, data: new Uint8Array(16) };
    corner.data[0] = 0x80;
    await printImage(helper.url, { printerName: V203, format: 1, imageWidth: 16, orientation: 90, jobName: 'corner' }, b64(rows(corner)));
    const turned = await readPrintedPbm(dir.path, F203, 'corner', '000001.pbm');
    expect([turned.width, turned.height, dot(turned, 7, 0)]).toEqual([8, 16, 1]);
  });

  it('copies print as separate files in print order; the next print continues the numbering', async () => {
    const a = randomBitmap(32, 12, 10);
    const b = randomBitmap(32, 12, 11);
    expect((await printImage(helper.url, { printerName: V203, format: 1, imageWidth: 32, copies: 3, jobName: 'copies' }, b64(rows(a)))).body.statusCode).toBe(0);
    expect((await printImage(helper.url, { printerName: V203, format: 1, imageWidth: 32, copies: 1, jobName: 'copies' }, b64(rows(b)))).body.statusCode).toBe(0);
    const files = await printedFiles(dir.path, F203, 'copies');
    expect(files.filter((f) => f.endsWith('.pbm'))).toEqual(['000001.pbm', '000002.pbm', '000003.pbm', '000004.pbm']);
    for (const f of ['000001.pbm', '000002.pbm', '000003.pbm']) expect(dotsOf(await readPrintedPbm(dir.path, F203, 'copies', f))).toBe(dotsOf(a));
    expect(dotsOf(await readPrintedPbm(dir.path, F203, 'copies', '000004.pbm'))).toBe(dotsOf(b));
  });

  it('printWidth/printHeight within a dot of the image print it as it is; other sizes scale it', async () => {
    const page = randomBitmap(320, 240, 12);
    // As the web app's client sends them: the page's dots at 203 dpi in mm x 100.
    const wire = (dots: number) => Math.round((dots * 2540) / 203);
    const same = await printImage(helper.url, { printerName: V203, format: 1, imageWidth: 320, scaleUnit: 1, printWidth: wire(320), printHeight: wire(240), jobName: 'sized' }, b64(rows(page)));
    expect(same.body.resultInfo).toMatchObject({ width: 320, height: 240 });
    expect(dotsOf(await readPrintedPbm(dir.path, F203, 'sized', '000001.pbm'))).toBe(dotsOf(page));
    // The same 40 x 30 mm label on the 300 dpi printer: 472 x 354 dots, each from the dot under its centre.
    const scaled = await printImage(helper.url, { printerName: V300, format: 1, imageWidth: 320, scaleUnit: 1, printWidth: 4000, printHeight: 3000, jobName: 'sized' }, b64(rows(page)));
    expect(scaled.body.resultInfo).toMatchObject({ width: 472, height: 354 });
    const big = await readPrintedPbm(dir.path, F300, 'sized', '000001.pbm');
    for (const [x, y] of [[0, 0], [471, 353], [236, 177], [100, 300]]) {
      expect(dot(big, x!, y!)).toBe(dot(page, Math.floor(((x! + 0.5) * 320) / 472), Math.floor(((y! + 0.5) * 240) / 354)));
    }
  });

  it('replies only once the printer confirmed the page, and passes the printer failure code on', async () => {
    const page = randomBitmap(24, 8, 13);
    const hold = recorder.holdNext();
    const reply = printImage(helper.url, { printerName: recorder.description.name, format: 1, imageWidth: 24, jobName: 'held' }, b64(rows(page)));
    await hold.started;
    // The printer has the page and has not confirmed it: the reply cannot have come yet.
    const state = await Promise.race([reply.then(() => 'replied'), Promise.resolve('waiting')]);
    expect(state).toBe('waiting');
    hold.release();
    expect((await reply).body.statusCode).toBe(0);
    expect(dotsOf(recorder.printed.at(-1)!.page)).toBe(dotsOf(page));

    recorder.failNext(91, 'the printer did not answer within 10000 ms');
    const failed = await printImage(helper.url, { printerName: recorder.description.name, format: 1, imageWidth: 24 }, b64(rows(page)));
    expect(failed.body).toEqual({ statusCode: 91, resultInfo: 'the printer did not answer within 10000 ms' });
  });

  it('a client that goes away stops its job: the page under way is told to stop, later pages are not sent', async () => {
    const name = recorder.description.name;
    const pages = [randomBitmap(40, 16, 29), randomBitmap(40, 16, 30)];
    const item = (p: Bitmap) => ({ type: 'image', x: 0, y: 0, imageFile: b64(pngOf(p)) });
    const start = recorder.events.length;
    const hold = recorder.holdNext();
    const client = new AbortController();
    const reply = fetch(`${helper.url}/lpapi/Print?action=4096`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jobInfo: { jobWidth: 40 * 25.4 / 300, jobHeight: 16 * 25.4 / 300 }, jobPages: pages.map((p) => [item(p)]), printerInfo: { printerName: name } }),
      signal: client.signal,
    }).then(() => 'replied', () => 'aborted');
    await hold.started;
    const aborted = recorder.nextAbort();
    client.abort();
    expect(await reply).toBe('aborted');
    await aborted;
    hold.release();
    // The printer goes on with the next job; the second page of the abandoned one never came.
    const after = randomBitmap(8, 8, 31);
    expect((await printImage(helper.url, { printerName: name, format: 1, imageWidth: 8 }, b64(rows(after)))).body.statusCode).toBe(0);
    const n = Number(recorder.events[start]!.split(' ')[1]);
    expect(recorder.events.slice(start)).toEqual([`start ${n}`, `abort ${n}`, `end ${n}`, `start ${n + 1}`, `end ${n + 1}`]);
    expect(dotsOf(recorder.printed.at(-1)!.page)).toBe(dotsOf(after));
  });

  it('prints to one printer one job at a time, in the order they came', async () => {
    const entry = (await helper.registry.find(recorder.description.name))!;
    const first = recorder.holdNext();
    const page = randomBitmap(8, 8, 14);
    const start = recorder.events.length;
    const settings = { dpi: 300, copies: 1 };
    const a = helper.registry.print(entry, [{ page, settings }, { page, settings }]);
    const b = helper.registry.print(entry, [{ page, settings }]);
    await first.started;
    first.release();
    await Promise.all([a, b]);
    const n = Number(recorder.events[start]!.split(' ')[1]);
    expect(recorder.events.slice(start)).toEqual([`start ${n}`, `end ${n}`, `start ${n + 1}`, `end ${n + 1}`, `start ${n + 2}`, `end ${n + 2}`]);
  });
});

describe('printers and their settings', () => {
  it('GetPrinters lists the virtual printers as local (type < 10) with their dpi; open, name, dpi, close', async () => {
    const list = await action(helper.url, 'GetPrinters', { onlyLocal: 1 });
    const printers = list.body.resultInfo.printers as { name: string; type: number; deviceDPI: number; isOnline: boolean }[];
    expect(printers.map((p) => p.name)).toEqual([V203, V300, recorder.description.name]);
    for (const p of printers) {
      expect(p.type).toBeLessThan(10);
      expect(p.isOnline).toBe(true);
      for (const key of ['ip', 'httpPort', 'httpsPort', 'deviceWidth', 'macAddress']) expect(p).toHaveProperty(key);
    }
    expect(printers.map((p) => p.deviceDPI)).toEqual([203, 300, 300]);

    expect((await action(helper.url, 'GetPrinterName')).body.statusCode).toBe(3);
    expect((await action(helper.url, 'OpenPrinter', { printerName: 'Nope' })).body.statusCode).toBe(3);
    expect((await action(helper.url, 'OpenPrinter', { name: V300 })).body).toEqual({ statusCode: 0, resultInfo: { printerName: V300, deviceDPI: 300, deviceWidth: 1228 } });
    expect((await action(helper.url, 'IsPrinterOpened')).body).toEqual({ statusCode: 0, resultInfo: true });
    expect((await action(helper.url, 'IsPrinterOnline')).body.resultInfo).toBe(true);
    expect((await action(helper.url, 'GetPrinterName')).body.resultInfo).toBe(V300);
    expect((await action(helper.url, 'GetPrinterDPI')).body.resultInfo).toEqual({ dpiX: 300, dpiY: 300 });
    expect((await action(helper.url, 'GetPrinterDPI', { printerName: V203 })).body.resultInfo).toEqual({ dpiX: 203, dpiY: 203 });
    expect((await action(helper.url, 'GetParam', { id: 4 })).body.resultInfo).toEqual({ id: 4, value: 300 });
    expect((await action(helper.url, 'ClosePrinter')).body.statusCode).toBe(0);
    expect((await action(helper.url, 'IsPrinterOpened')).body.statusCode).toBe(3);
  });

  it('SetParam / GetParam keep gap type, darkness and speed per printer, and prints carry them', async () => {
    const name = recorder.description.name;
    expect((await action(helper.url, 'OpenPrinter', { printerName: name })).body.statusCode).toBe(0);
    for (const id of [1, 2, 3]) expect((await action(helper.url, 'GetParam', { id })).body.resultInfo).toEqual({ id, value: 255 });
    // As the web app's client sends them: printerName, key, value.
    expect((await action(helper.url, 'SetParam', { printerName: name, key: 1, value: 2 })).body.statusCode).toBe(0);
    expect((await action(helper.url, 'SetParam', { printerName: name, key: 2, value: 9 })).body.statusCode).toBe(0);
    expect((await action(helper.url, 'SetParam', { printerName: name, key: 3, value: 4 })).body.statusCode).toBe(0);
    expect((await action(helper.url, 'GetParam', { id: 2 })).body.resultInfo).toEqual({ id: 2, value: 9 });
    expect((await action(helper.url, 'SetParam', { key: 2, value: 15 })).body.statusCode).toBe(1);
    expect((await action(helper.url, 'SetParam', { key: 3, value: 5 })).body.statusCode).toBe(1);
    expect((await action(helper.url, 'SetParam', { key: 4, value: 300 })).body.statusCode).toBe(8);
    expect((await action(helper.url, 'SetParam', { key: 9, value: 1 })).body.statusCode).toBe(1);
    expect((await action(helper.url, 'SetParam', { key: 2 })).body.statusCode).toBe(1);
    expect((await action(helper.url, 'GetParam', { id: 2 })).body.resultInfo).toEqual({ id: 2, value: 9 });

    const page = randomBitmap(16, 4, 15);
    await printImage(helper.url, { printerName: name, format: 1, imageWidth: 16, copies: 2, jobName: 'with settings' }, b64(rows(page)));
    expect(recorder.printed.at(-1)!.settings).toEqual({ dpi: 300, copies: 2, jobName: 'with settings', darkness: 9, speed: 4, gapType: 2 });
    // A print's own settings win; 255 leaves the printer's own.
    await printImage(helper.url, { printerName: name, format: 1, imageWidth: 16, printDarkness: 3, printSpeed: 255, gapType: 0, gapLength: 300, scaleUnit: 1 }, b64(rows(page)));
    expect(recorder.printed.at(-1)!.settings).toEqual({ dpi: 300, copies: 1, jobName: 'dtpweb', darkness: 3, gapType: 0, gapLengthMm: 3 });
    expect((await action(helper.url, 'SetParam', { key: 2, value: 255 })).body.statusCode).toBe(0);
    expect((await action(helper.url, 'GetParam', { id: 2 })).body.resultInfo).toEqual({ id: 2, value: 255 });
    await action(helper.url, 'ClosePrinter');
  });
});

describe('job calls', () => {
  it('StartJob, pages drawn from DrawImageD and DrawImage, CommitJob with copies and orientation', async () => {
    expect((await action(helper.url, 'OpenPrinter', { printerName: V203 })).body.statusCode).toBe(0);
    // A 20 x 10 mm page at 203 dpi: 160 x 80 dots.
    const start = await action(helper.url, 'StartJob', { width: 2000, height: 1000, scaleUnit: 1, orientation: 0, jobName: 'jobcalls' });
    expect(start.body).toEqual({ statusCode: 0, resultInfo: { width: 160, height: 80, dpi: 203 } });
    const a = randomBitmap(40, 16, 16);
    const b = randomBitmap(24, 24, 17);
    const expected1: Bitmap = { width: 160, height: 80, stride: 20, data: new Uint8Array(20 * 80) };
    const expected2: Bitmap = { width: 160, height: 80, stride: 20, data: new Uint8Array(20 * 80) };
    const paint = (into: Bitmap, src: Bitmap, x0: number, y0: number) => {
      for (let y = 0; y < src.height; y++) for (let x = 0; x < src.width; x++) if (dot(src, x, y)) into.data[(y0 + y) * into.stride + ((x0 + x) >> 3)]! |= 0x80 >> ((x0 + x) & 7);
    };
    // Page 1: a at (1 mm, 2 mm) = (8, 16) dots; b as a PNG at (10 mm, 0) = (80, 0).
    expect((await action(helper.url, 'StartPage')).body.statusCode).toBe(0);
    const d = await call(helper.url, '/lpapi/DrawImageD?x=100&y=200&format=1&imageWidth=40', { headers: { 'Content-Type': BASE64 }, body: b64(rows(a)) });
    expect(d.body.statusCode).toBe(0);
    paint(expected1, a, 8, 16);
    expect((await action(helper.url, 'DrawImage', { imageFile: `data:image/png;base64,${b64(pngOf(b))}`, x: 1000, y: 0 })).body.statusCode).toBe(0);
    paint(expected1, b, 80, 0);
    expect((await action(helper.url, 'EndPage')).body.statusCode).toBe(0);
    // Page 2: b as bare base64 PNG at (0, 5 mm) = (0, 40).
    expect((await action(helper.url, 'StartPage')).body.statusCode).toBe(0);
    expect((await action(helper.url, 'DrawImage', { imageFile: b64(pngOf(b)), x: 0, y: 500 })).body.statusCode).toBe(0);
    paint(expected2, b, 0, 40);
    expect((await action(helper.url, 'EndPage')).body.statusCode).toBe(0);
    const commit = await action(helper.url, 'CommitJob', { copies: 2, orientation: 180 });
    expect(commit.body).toEqual({ statusCode: 0, resultInfo: { printerName: V203, pages: 2, copies: 2 } });
    const files = (await printedFiles(dir.path, F203, 'jobcalls')).filter((f) => f.endsWith('.pbm'));
    expect(files).toEqual(['000001.pbm', '000002.pbm', '000003.pbm', '000004.pbm']);
    const want = [expected1, expected1, expected2, expected2].map((p) => dotsOf(rotatePage(p, 180)));
    for (let i = 0; i < 4; i++) expect(dotsOf(await readPrintedPbm(dir.path, F203, 'jobcalls', files[i]!))).toBe(want[i]);
    // The job is done: another commit has nothing to print.
    expect((await action(helper.url, 'CommitJob')).body.statusCode).toBe(1);
  });

  it('AbortJob drops the job; calls out of order are refused; nothing is printed', async () => {
    expect((await action(helper.url, 'OpenPrinter', { printerName: V203 })).body.statusCode).toBe(0);
    expect((await action(helper.url, 'StartPage')).body.statusCode).toBe(1);
    expect((await action(helper.url, 'StartJob', { jobName: 'aborted' })).body.statusCode).toBe(6);
    expect((await action(helper.url, 'StartJob', { width: 10, height: 10, jobName: 'aborted' })).body.statusCode).toBe(0);
    expect((await action(helper.url, 'EndPage')).body.statusCode).toBe(1);
    expect((await action(helper.url, 'CommitJob')).body.statusCode).toBe(5);
    expect((await action(helper.url, 'StartPage')).body.statusCode).toBe(0);
    expect((await action(helper.url, 'StartPage')).body.statusCode).toBe(1);
    expect((await action(helper.url, 'DrawImage', { imageFile: 'ftp://example.com/a.png' })).body.statusCode).toBe(7);
    expect((await action(helper.url, 'DrawImage', {})).body.statusCode).toBe(5);
    const page = randomBitmap(16, 16, 18);
    expect((await call(helper.url, '/lpapi/DrawImageD?format=1&imageWidth=16', { headers: { 'Content-Type': BASE64 }, body: b64(rows(page)) })).body.statusCode).toBe(0);
    expect((await action(helper.url, 'AbortJob')).body.statusCode).toBe(0);
    expect((await action(helper.url, 'CommitJob')).body.statusCode).toBe(1);
    expect(await printedFiles(dir.path, F203, 'aborted')).toEqual([]);
    await action(helper.url, 'ClosePrinter');
  });

  it('a "#!#Preview#!#" job prints nothing and shows its pages through GetPageInfo and GetPageImage', async () => {
    const before = await allPrinted(dir.path);
    expect((await action(helper.url, 'GetPageInfo')).body.statusCode).not.toBe(0);
    expect((await action(helper.url, 'StartJob', { width: 12, height: 8, jobName: '#!#Preview#!#', orientation: 90 })).body.statusCode).toBe(0);
    const pages = [randomBitmap(96, 64, 19), randomBitmap(96, 64, 20)];
    for (const p of pages) {
      await action(helper.url, 'StartPage');
      await call(helper.url, '/lpapi/DrawImageD?format=1&imageWidth=96', { headers: { 'Content-Type': BASE64 }, body: b64(rows(p)) });
      await action(helper.url, 'EndPage');
    }
    expect((await action(helper.url, 'CommitJob')).body.statusCode).toBe(0);
    expect(await allPrinted(dir.path)).toEqual(before);
    // 12 x 8 mm at 203 dpi = 96 x 64 dots, turned 90°: 64 x 96.
    expect((await action(helper.url, 'GetPageInfo')).body.resultInfo).toEqual({ width: 64, height: 96, pages: 2 });
    for (const i of [0, 1]) {
      const image = await action(helper.url, 'GetPageImage', { page: i });
      expect(image.body.resultInfo).toMatchObject({ page: i, format: 'png' });
      expect(dotsOf(pngDataUrlDots(image.body.resultInfo.data))).toBe(dotsOf(rotatePage(pages[i]!, 90)));
    }
    expect((await action(helper.url, 'GetPageImage', { page: 2 })).body.statusCode).toBe(1);
  });
});

describe('JSON mode (Print?action=4096)', () => {
  function printJson(body: unknown, actionBits = 4096) {
    return call(helper.url, `/lpapi/Print?action=${actionBits}`, { headers: { 'Content-Type': 'application/json;charset=utf-8' }, body: JSON.stringify(body) });
  }

  it('prints image items, one page each, with copies and orientation', async () => {
    const a = randomBitmap(160, 80, 21);
    const b = randomBitmap(160, 80, 22);
    const item = (p: Bitmap) => ({ type: 'image', x: 0, y: 0, width: (p.width * 25.4) / 203, height: (p.height * 25.4) / 203, imageFile: b64(pngOf(p)) });
    const r = await printJson({
      action: 4096,
      jobInfo: { jobWidth: 20, jobHeight: 10, orientation: 270, copies: 2, jobName: 'jsonmode', printDarkness: 255 },
      jobPages: [[item(a)], [item(b)]],
      printerInfo: { printerName: V203 },
    });
    expect(r.body).toMatchObject({ statusCode: 0, resultInfo: { pages: 4, width: 80, height: 160, printerName: V203 } });
    const files = (await printedFiles(dir.path, F203, 'jsonmode')).filter((f) => f.endsWith('.pbm'));
    expect(files).toHaveLength(4);
    const want = [a, a, b, b].map((p) => dotsOf(rotatePage(p, 270)));
    for (let i = 0; i < 4; i++) expect(dotsOf(await readPrintedPbm(dir.path, F203, 'jsonmode', files[i]!))).toBe(want[i]);
  });

  it('previews with action 2 (nothing printed); refuses unknown item types (8), unknown action bits (8) and bad jobs', async () => {
    const before = await allPrinted(dir.path);
    const a = randomBitmap(40, 40, 23);
    const jobInfo = { jobWidth: 5, jobHeight: 5 };
    const preview = await printJson({ jobInfo, jobPages: [[{ type: 'image', x: 0, y: 0, imageFile: b64(pngOf(a)) }]], printerInfo: { printerName: V203 } }, 2);
    expect(preview.body.statusCode).toBe(0);
    expect(dotsOf(pngDataUrlDots(preview.body.resultInfo.previewData[0]))).toBe(dotsOf(a));
    const odd = await printJson({ jobInfo, jobPages: [[{ type: 'image', imageFile: b64(pngOf(a)) }, { type: 'hologram', text: 'A-0042', x: 1, y: 1 }]], printerInfo: { printerName: V203 } });
    expect(odd.body.statusCode).toBe(8);
    expect(odd.body.resultInfo).toContain("'hologram'");
    expect(odd.body.resultInfo).toContain('jobPages[0][1]');
    expect((await printJson({ jobInfo, jobPages: [[]], printerInfo: { printerName: V203 } }, 8)).body.statusCode).toBe(8);
    expect((await printJson({ jobInfo: { jobWidth: 0, jobHeight: 5 }, jobPages: [[]], printerInfo: { printerName: 'Nope' } }, 2)).body.statusCode).toBe(6);
    expect((await printJson({ jobInfo, jobPages: [], printerInfo: { printerName: V203 } })).body.statusCode).toBe(5);
    expect((await printJson({ jobInfo, jobPages: [[]], printerInfo: { printerName: 'Nope' } })).body.statusCode).toBe(3);
    expect((await call(helper.url, '/lpapi/Print?action=4096', { body: '{not json' })).body.statusCode).toBe(1);
    // A bad item on the second page refuses the whole job: the first page is not printed.
    const half = await printJson({ jobInfo, jobPages: [[{ type: 'rect', width: 5, height: 5 }], [{ type: 'barcode', barcodeType: 20, text: 'no-ean' }]], printerInfo: { printerName: V203 } });
    expect(half.body.statusCode).not.toBe(0);
    expect(await allPrinted(dir.path)).toEqual(before);
  });
});

describe('ports and configuration', () => {
  /** Two ports a test may use: found free, one of them then held by another listener. */
  async function holdPort(): Promise<{ server: Server; port: number }> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, port: (server.address() as { port: number }).port };
  }
  const release = (s: Server) => new Promise<void>((resolve) => s.close(() => resolve()));

  it('takes the second port when the first is in use, and says so when both are', async () => {
    const first = await holdPort();
    const second = await holdPort();
    const secondPort = second.port;
    await release(second.server);
    const h = await startHelper({ dataDir: dir.path, allowedOrigins: [APP], ports: [first.port, secondPort], cups: false, log: { info() {}, error() {} } });
    try {
      expect(h.port).toBe(secondPort);
      expect((await call(h.url, '/local/ServerInfo', { method: 'GET' })).body.resultInfo.httpPort).toBe(secondPort);
      await expect(startHelper({ dataDir: dir.path, allowedOrigins: [APP], ports: [first.port, secondPort], cups: false })).rejects.toBeInstanceOf(HelperPortsBusyError);
      // Inside the app: one line, and the app goes on.
      const lines: string[] = [];
      const log = { info: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
      expect(await startAppHelper({}, { port: 8080, dataDir: dir.path, helperPorts: [first.port, secondPort] }, log)).toBeUndefined();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`${first.port} and ${secondPort} are in use`);
      expect(await startAppHelper({ ASSETMARK_HELPER: 'off' }, { port: 8080, dataDir: dir.path, helperPorts: [first.port, secondPort] }, log)).toBeUndefined();
      expect(lines[1]).toContain('ASSETMARK_HELPER=off');
    } finally {
      await h.close();
      await release(first.server);
    }
  });

  it('inside the app it allows the app origins and ASSETMARK_HELPER_ORIGINS', async () => {
    const free = await holdPort();
    await release(free.server);
    const h = await startAppHelper({ ASSETMARK_HELPER_ORIGINS: 'http://192.168.1.5:5173, https://labels.example' }, { port: 9999, dataDir: dir.path, helperPorts: [free.port] }, { info() {}, error() {} });
    try {
      for (const origin of ['http://localhost:9999', 'http://127.0.0.1:9999', 'http://192.168.1.5:5173', 'https://labels.example']) {
        const r = await call(h!.url, '/local/ServerInfo', { method: 'GET', headers: { Origin: origin } });
        expect(r.headers.get('access-control-allow-origin'), origin).toBe(origin);
      }
      expect((await call(h!.url, '/local/ServerInfo', { method: 'GET', headers: { Origin: 'http://localhost:8080' } })).status).toBe(403);
    } finally {
      await h?.close();
    }
  });

  it('reads printers.json: network printers listed (offline when nothing answers), onlyOnline leaves them out', async () => {
    const cfgDir = await tempDir('helper-config');
    onTestFinished(() => cfgDir.remove());
    const closed = await holdPort();
    await release(closed.server); // nothing listens there now: connection refused
    await writeFile(join(cfgDir.path, 'printers.json'), JSON.stringify({ printers: [`zpl://127.0.0.1:${closed.port}?dpi=300`, { url: `tspl://127.0.0.1:${closed.port}`, name: 'Shipping TSC' }], cups: false }));
    const h = await startHelper({ dataDir: cfgDir.path, allowedOrigins: [APP], port: 0, printers: ['virtual?dpi=300&name=Spare'], log: { info() {}, error() {} } });
    onTestFinished(() => h.close());
    const all = (await action(h.url, 'GetPrinters')).body.resultInfo.printers as { name: string; type: number; deviceDPI: number; isOnline: boolean; ip: string }[];
    expect(all.map((p) => [p.name, p.deviceDPI, p.isOnline])).toEqual([
      [V203, 203, true],
      [V300, 300, true],
      [`ZPL 127.0.0.1:${closed.port}`, 300, false],
      ['Shipping TSC', 203, false],
      ['Spare', 300, true],
    ]);
    expect(all.every((p) => p.type < 10)).toBe(true);
    const online = (await action(h.url, 'GetPrinters', { onlyOnline: 1 })).body.resultInfo.printers as { name: string }[];
    expect(online.map((p) => p.name)).toEqual([V203, V300, 'Spare']);
    // A page to a printer that does not answer: the network code, nothing confirmed.
    const page = randomBitmap(16, 8, 24);
    const r = await printImage(h.url, { printerName: 'Shipping TSC', format: 1, imageWidth: 16 }, b64(rows(page)));
    expect(r.body.statusCode).toBe(90);
  });

  it('refuses a config that cannot work, naming the fault', async () => {
    const cfgDir = await tempDir('helper-config');
    try {
      const file = join(cfgDir.path, 'printers.json');
      const start = () => startHelper({ dataDir: cfgDir.path, allowedOrigins: [APP], port: 0, cups: false });
      for (const [text, fault] of [
        ['{"printers": [', 'not JSON'],
        ['{"printers": ["lpd://x"]}', 'expected zpl://'],
        ['{"printers": ["zpl://10.0.0.5?dpi=600"]}', 'dpi'],
        ['{"printers": ["cups:Q?lang=epl"]}', 'lang'],
        ['{"printers": ["virtual?name=A", "virtual?name=A"]}', "two printers are named 'A'"],
        ['{"printers": [42]}', 'printers[0]'],
      ]) {
        await writeFile(file, text!);
        const e = await start().catch((err: unknown) => err);
        expect(e, text).toBeInstanceOf(PrinterConfigError);
        expect((e as Error).message, text).toContain(fault);
      }
      await expect(startHelper({ dataDir: cfgDir.path, allowedOrigins: [APP], port: 0, configFile: join(cfgDir.path, 'missing.json') })).rejects.toThrow(/ENOENT/);
    } finally {
      await cfgDir.remove();
    }
  });
});

describe('network printers through the helper', () => {
  it.each(['zpl', 'tspl'] as const)('%s: the printer reads back the very page, turned, with its copies and settings', async (language) => {
    const printer = await startPrinterListener({ language, dpi: 300 });
    onTestFinished(() => printer.close());
    const cfgDir = await tempDir('helper-net');
    onTestFinished(() => cfgDir.remove());
    const h = await startHelper({ dataDir: cfgDir.path, allowedOrigins: [APP], port: 0, cups: false, printers: [`${printer.url}&name=Line 1`], log: { info() {}, error() {} } });
    onTestFinished(() => h.close());
    expect((await action(h.url, 'OpenPrinter', { printerName: 'Line 1' })).body.statusCode).toBe(0);
    expect((await action(h.url, 'GetPrinterDPI')).body.resultInfo).toEqual({ dpiX: 300, dpiY: 300 });
    expect((await action(h.url, 'SetParam', { key: 2, value: 14 })).body.statusCode).toBe(0);
    const page = randomBitmap(236, 118, 26);
    const r = await printImage(h.url, { printerName: 'Line 1', format: 1, imageWidth: 236, orientation: 90, copies: 3 }, b64(rows(page)));
    expect(r.body.statusCode).toBe(0);
    // The reply came after the printer answered its status query for this page.
    expect(printer.labels).toHaveLength(1);
    expect(printer.errors).toEqual([]);
    expect(dotsOf(printer.labels[0]!)).toBe(dotsOf(rotatePage(page, 90)));
    expect(printer.labels[0]!.copies).toBe(3);
    expect(printer.labels[0]!.commands.join(' ')).toMatch(language === 'zpl' ? /~SD30/ : /DENSITY 15/);
  });
});

describe('the web app client (src/print/helper) against this helper', () => {
  it('prints a page with PrintImageD and reads printers, dpi and settings', async () => {
    const { HelperClient } = await import('../src/print/helper/client.ts');
    const client = new HelperClient(helper.url, { version: HELPER_VERSION, page: undefined });
    const printers = await client.getPrinters({ onlyLocal: true });
    expect(printers.ok && printers.value.map((p) => [p.name, p.local])).toEqual([[V203, true], [V300, true], [recorder.description.name, true]]);
    expect((await client.openPrinter(V203)).ok).toBe(true);
    const dpi = await client.getPrinterDpi(V203);
    expect(dpi.ok && dpi.value).toEqual({ dpi: 203, fromName: false });
    expect((await client.setParams(V203, { darkness: 9, speed: 2, gapType: 2 })).ok).toBe(true);
    const page = randomBitmap(321, 240, 25, 41);
    const printed = await client.printPage(page, { printerName: V203, dpi: 203, copies: 2, orientation: 90, jobName: 'client' });
    expect(printed.ok).toBe(true);
    const files = (await printedFiles(dir.path, F203, 'client')).filter((f) => f.endsWith('.pbm'));
    expect(files).toEqual(['000001.pbm', '000002.pbm']);
    for (const f of files) expect(dotsOf(await readPrintedPbm(dir.path, F203, 'client', f))).toBe(dotsOf(rotatePage(page, 90)));
    expect((await client.closePrinter(V203)).ok).toBe(true);

    // JSON mode as the client builds it: one whole-page image item a page.
    const { pageImageItem } = await import('../src/print/helper/json-mode.ts');
    const pages = [randomBitmap(400, 240, 27), randomBitmap(400, 240, 28)];
    const json = await client.print(
      { jobWidth: (400 * 25.4) / 203, jobHeight: (240 * 25.4) / 203, copies: 1, orientation: 0 },
      pages.map((p) => [pageImageItem(p, 203)]),
      { printerName: V203 },
    );
    expect(json.ok).toBe(true);
    const jsonFiles = (await printedFiles(dir.path, F203, 'dtpweb')).filter((f) => f.endsWith('.pbm'));
    const last = jsonFiles.slice(-2);
    for (let i = 0; i < 2; i++) expect(dotsOf(await readPrintedPbm(dir.path, F203, 'dtpweb', last[i]!))).toBe(dotsOf(pages[i]!));
  });
});

// readPbm is the tests' own reader: check it against a hand-made file once.
it('the test PBM reader reads the format (comments, padding)', () => {
  const file = new Uint8Array([...new TextEncoder().encode('P4\n# made by hand\n10 2\n'), 0b10000000, 0b01000000, 0b00000000, 0b11000000]);
  expect(dotsOf(readPbm(file))).toBe('10x2\n1000000001\n0000000011');
});
