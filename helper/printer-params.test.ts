/**
 * GetParam / SetParam beyond the print settings (image alignment 36, the device's read-only
 * facts), the state kept across a restart in <dataDir>/helper-state.json, ReturnDrawResult,
 * DrawImageD placed by imageAlignment, PrintImage by reference and PrintImageD's
 * imageAlignment. Over real HTTP against a helper with the virtual printers; pages are read
 * back from the virtual printer's PBM files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startHelper, type RunningHelper } from './server.ts';
import { HELPER_VERSION } from './protocol.ts';
import type { Bitmap } from './printer.ts';
import { action, call, dot, pngOf, printedFiles, readPrintedPbm, tempDir } from './server-testing.ts';

const V203 = 'Assetmark Virtual 203';
const V300 = 'Assetmark Virtual 300';
const F203 = 'Assetmark_Virtual_203';
const BASE64 = 'application/octet-stream;encoding=base64';

function start(dataDir: string, lines: string[] = []): Promise<RunningHelper> {
  return startHelper({ dataDir, allowedOrigins: [], port: 0, cups: false, log: { info: (l) => lines.push(l), error: (l) => lines.push(l) } });
}

/** A width x height bitmap, all black. */
function solid(width: number, height: number): Bitmap {
  const stride = Math.ceil(width / 8);
  const b: Bitmap = { width, height, stride, data: new Uint8Array(stride * height) };
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) b.data[y * stride + (x >> 3)]! |= 0x80 >> (x & 7);
  return b;
}

/** The box of a page's black dots: [left, top, right, bottom], inclusive. */
function blackBox(b: Bitmap): [number, number, number, number] {
  let [l, t, r, bt] = [b.width, b.height, -1, -1];
  for (let y = 0; y < b.height; y++) {
    for (let x = 0; x < b.width; x++) {
      if (!dot(b, x, y)) continue;
      l = Math.min(l, x);
      r = Math.max(r, x);
      t = Math.min(t, y);
      bt = Math.max(bt, y);
    }
  }
  return [l, t, r, bt];
}

let helper: RunningHelper;
let dir: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  dir = await tempDir('helper-params');
  helper = await start(dir.path);
});

afterAll(async () => {
  await helper?.close();
  await dir?.remove();
});

async function lastPage(job: string): Promise<Bitmap> {
  const files = (await printedFiles(dir.path, F203, job)).filter((f) => f.endsWith('.pbm'));
  expect(files.length).toBeGreaterThan(0);
  return readPrintedPbm(dir.path, F203, job, files[files.length - 1]!);
}

describe('GetParam and SetParam', () => {
  it('image alignment (36) defaults to centred, is set 0-4 and refused outside', async () => {
    await action(helper.url, 'OpenPrinter', { printerName: V203 });
    expect((await action(helper.url, 'GetParam', { id: 36 })).body.resultInfo).toEqual({ id: 36, value: 1 });
    expect((await action(helper.url, 'SetParam', { id: 36, value: 0 })).body.statusCode).toBe(0);
    expect((await action(helper.url, 'GetParam', { id: 36 })).body.resultInfo).toEqual({ id: 36, value: 0 });
    const bad = await action(helper.url, 'SetParam', { id: 36, value: 5 });
    expect(bad.body.statusCode).toBe(1);
    expect((await action(helper.url, 'GetParam', { id: 36 })).body.resultInfo).toEqual({ id: 36, value: 0 });
    expect((await action(helper.url, 'SetParam', { id: 36, value: 1 })).body.statusCode).toBe(0);
  });

  it("answers the device's facts and refuses to set them", async () => {
    await action(helper.url, 'OpenPrinter', { printerName: V300 });
    const get = async (id: number) => (await action(helper.url, 'GetParam', { id })).body;
    expect(await get(201)).toEqual({ statusCode: 0, resultInfo: { id: 201, value: V300 } });
    expect(await get(204)).toEqual({ statusCode: 0, resultInfo: { id: 204, value: HELPER_VERSION } });
    // Type 0: a virtual printer (GetPrinters' type).
    expect(await get(206)).toEqual({ statusCode: 0, resultInfo: { id: 206, value: 0 } });
    const listed = (await action(helper.url, 'GetPrinters')).body.resultInfo as { printers: { name: string; deviceWidth: number }[] };
    expect(await get(208)).toEqual({ statusCode: 0, resultInfo: { id: 208, value: listed.printers.find((p) => p.name === V300)!.deviceWidth } });
    // 0: printable (LPA_Printable), the virtual printer always answers.
    expect(await get(232)).toEqual({ statusCode: 0, resultInfo: { id: 232, value: 0 } });
    const unknown = await get(99);
    expect(unknown.statusCode).toBe(1);
    expect(String(unknown.resultInfo)).toContain('unknown parameter id 99');
    expect((await action(helper.url, 'SetParam', { id: 201, value: 'x' })).body.statusCode).toBe(8);
    expect((await action(helper.url, 'GetParam', {})).body.statusCode).toBe(1);
  });

  it('keeps print settings and the default printer across a restart, written whole', async () => {
    const state = await tempDir('helper-state');
    try {
      let h = await start(state.path);
      await action(h.url, 'OpenPrinter', { printerName: V300 });
      expect((await action(h.url, 'SetParam', { id: 2, value: 9 })).body.statusCode).toBe(0);
      expect((await action(h.url, 'SetParam', { id: 1, value: 2 })).body.statusCode).toBe(0);
      expect((await action(h.url, 'SetDefaultPrinter', { printerName: V300 })).body.statusCode).toBe(0);
      await h.close();
      const file = JSON.parse(await readFile(join(state.path, 'helper-state.json'), 'utf8'));
      expect(file).toEqual({ defaultPrinter: V300, printers: { [V300]: { darkness: 9, gapType: 2 } } });

      h = await start(state.path);
      expect((await action(h.url, 'GetDefaultPrinter')).body.resultInfo).toEqual({ printerName: V300 });
      // OpenPrinter without a name opens the default printer.
      expect((await action(h.url, 'OpenPrinter')).body.statusCode).toBe(0);
      expect((await action(h.url, 'GetPrinterName')).body.resultInfo).toBe(V300);
      expect((await action(h.url, 'GetParam', { id: 2 })).body.resultInfo).toEqual({ id: 2, value: 9 });
      expect((await action(h.url, 'GetParam', { id: 1 })).body.resultInfo).toEqual({ id: 1, value: 2 });
      await h.close();

      // A damaged file: the helper starts with default settings and says why.
      await writeFile(join(state.path, 'helper-state.json'), '{"printers": {');
      const lines: string[] = [];
      h = await start(state.path, lines);
      await action(h.url, 'OpenPrinter', { printerName: V300 });
      expect((await action(h.url, 'GetParam', { id: 2 })).body.resultInfo).toEqual({ id: 2, value: 255 });
      expect(lines.some((l) => l.includes('helper-state.json is not valid JSON'))).toBe(true);
      await h.close();
    } finally {
      await state.remove();
    }
  });
});

describe('ReturnDrawResult', () => {
  it('Draw* calls answer the box their dots cover, in the job unit and in dots, until it is turned off', async () => {
    await action(helper.url, 'OpenPrinter', { printerName: V203 });
    // 40 x 30 mm at 203 dpi; lengths in 0.01 mm.
    expect((await action(helper.url, 'StartJob', { width: 4000, height: 3000, scaleUnit: 1, jobName: 'drawresult' })).body.statusCode).toBe(0);
    expect((await action(helper.url, 'ReturnDrawResult')).body.statusCode).toBe(0);
    const rect = await action(helper.url, 'FillRectangle', { x: 1000, y: 500, width: 1000, height: 800 });
    expect(rect.body.statusCode).toBe(0);
    const r = rect.body.resultInfo as Record<string, number>;
    // One dot is 12.5 units (0.125 mm): the box is where it was asked, within a dot.
    for (const [k, want] of [['x', 1000], ['y', 500], ['width', 1000], ['height', 800]] as const) expect(Math.abs(r[k]! - want)).toBeLessThanOrEqual(12.6);
    expect(Math.abs(r.xDots! - 80)).toBeLessThanOrEqual(1);
    expect(Math.abs(r.shownWidth! - 80)).toBeLessThanOrEqual(1);
    // Off again (the SDK's getDrawResult(false)); a call may still ask for itself.
    expect((await action(helper.url, 'ReturnDrawResult', { returnDrawResult: 'false' })).body.statusCode).toBe(0);
    expect((await action(helper.url, 'DrawText', { text: 'A1', x: 100, y: 1800, width: 2000, height: 600, fontHeight: 500 })).body.resultInfo).toBe(true);
    const text = await action(helper.url, 'DrawText', { text: 'A1', x: 100, y: 2400, width: 2000, height: 500, fontHeight: 400, returnDrawResult: 'true' });
    const t = text.body.resultInfo as Record<string, number>;
    expect(t.x).toBeGreaterThanOrEqual(100 - 12.6);
    expect(t.y).toBeGreaterThanOrEqual(2400 - 12.6);
    expect(t.width).toBeGreaterThan(100);
    expect((await action(helper.url, 'AbortJob')).body.statusCode).toBe(0);
  });
});

describe('pictures placed by alignment', () => {
  it('DrawImageD puts the picture in its box by imageAlignment, proportions kept (default centred)', async () => {
    await action(helper.url, 'OpenPrinter', { printerName: V203 });
    const wide = pngOf(solid(40, 10));
    const draw = (query: string) => call(helper.url, `/lpapi/DrawImageD?${query}`, { headers: { 'Content-Type': BASE64 }, body: Buffer.from(wide).toString('base64') });
    // Each page 20 x 20 mm = 160 x 160 dots; the box is the page: 40 x 10 fits as 160 x 40.
    const cases: [string, string, number, number][] = [
      ['align-default', '', 60, 99],
      ['align-start', '&imageAlignment=0', 0, 39],
      ['align-end', '&imageAlignment=2', 120, 159],
    ];
    for (const [job, extra, top, bottom] of cases) {
      expect((await action(helper.url, 'StartJob', { width: 2000, height: 2000, scaleUnit: 1, jobName: job })).body.statusCode).toBe(0);
      expect((await draw(`x=0&y=0&width=2000&height=2000${extra}`)).body.statusCode).toBe(0);
      expect((await action(helper.url, 'CommitJob')).body.statusCode).toBe(0);
      const [l, t, r, b] = blackBox(await lastPage(job));
      expect([l, r]).toEqual([0, 159]);
      expect(Math.abs(t - top)).toBeLessThanOrEqual(1);
      expect(Math.abs(b - bottom)).toBeLessThanOrEqual(1);
    }
  });

  it('PrintImage prints a picture by reference; PrintImageD aligns by imageAlignment when asked', async () => {
    await action(helper.url, 'OpenPrinter', { printerName: V203 });
    const square = pngOf(solid(20, 20));
    const url = `data:image/png;base64,${Buffer.from(square).toString('base64')}`;
    const printed = await action(helper.url, 'PrintImage', { imageFile: url, jobName: 'byref' });
    expect(printed.body).toEqual({ statusCode: 0, resultInfo: { printerName: V203, width: 20, height: 20, copies: 1 } });
    expect(blackBox(await lastPage('byref'))).toEqual([0, 0, 19, 19]);
    expect((await action(helper.url, 'PrintImage', { jobName: 'byref-none' })).body.statusCode).toBe(5);
    expect(await printedFiles(dir.path, F203, 'byref-none')).toEqual([]);

    // A 20 x 20 square on a 10 x 5 mm page (80 x 40 dots): centred it is 40 x 40 in the middle.
    const q = 'printWidth=1000&printHeight=500&scaleUnit=1&imageAlignment=1&jobName=centred';
    expect((await call(helper.url, `/lpapi/PrintImageD?${q}`, { headers: { 'Content-Type': BASE64 }, body: url })).body.statusCode).toBe(0);
    expect(blackBox(await lastPage('centred'))).toEqual([20, 0, 59, 39]);
    // Without imageAlignment it is stretched to the page, as before.
    const s = 'printWidth=1000&printHeight=500&scaleUnit=1&jobName=stretched';
    expect((await call(helper.url, `/lpapi/PrintImageD?${s}`, { headers: { 'Content-Type': BASE64 }, body: url })).body.statusCode).toBe(0);
    expect(blackBox(await lastPage('stretched'))).toEqual([0, 0, 79, 39]);
  });
});
