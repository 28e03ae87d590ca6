/**
 * CUPS queues through the helper, against a real cupsd started here with its own
 * configuration (cups-testing.ts): raw queues with the socket backend pointing at the fake
 * network printer (helper/testing/printer-listener.ts), which reads the ZPL or TSPL it gets
 * back into bitmaps that must equal the page sent to the helper, dot for dot; a queue with
 * a driver (CUPS's sample Zebra ZPL driver) that turns our PNG into its own ZPL; discovery
 * with lpstat; a disabled or unknown queue. When cupsd cannot run here, these tests are
 * skipped and their names say why.
 */
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { startPrinterListener } from './testing/printer-listener.ts';
import { decodeAcs } from './languages/read/acs-decode.ts';
import { startTestCups } from './cups-testing.ts';
import { startHelper, type RunningHelper } from './server.ts';
import { action, call, dotsOf, randomBitmap, tempDir } from './server-testing.ts';
import type { Bitmap } from './printer.ts';

const cups = await startTestCups();
const skipped = cups.ok ? '' : ` (skipped: ${cups.reason})`;

afterAll(async () => {
  if (cups.ok) await cups.stop();
});

function rows(b: Bitmap): string {
  const rowBytes = Math.ceil(b.width / 8);
  const out = new Uint8Array(rowBytes * b.height);
  for (let y = 0; y < b.height; y++) out.set(b.data.subarray(y * b.stride, y * b.stride + rowBytes), y * rowBytes);
  return Buffer.from(out).toString('base64');
}

function printImage(helper: RunningHelper, printerName: string, page: Bitmap, extra: Record<string, string | number> = {}) {
  const q = new URLSearchParams({ printerName, format: '1', imageWidth: String(page.width), jobName: 'cups test', ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])) });
  return call(helper.url, `/lpapi/PrintImageD?${q}`, { headers: { 'Content-Type': 'application/octet-stream;encoding=base64' }, body: rows(page) });
}

async function withHelper<T>(printers: string[], body: (helper: RunningHelper) => Promise<T>): Promise<T> {
  if (!cups.ok) throw new Error('no cupsd');
  const dir = await tempDir('cups-helper');
  onTestFinished(() => dir.remove());
  const helper = await startHelper({ dataDir: dir.path, allowedOrigins: [], port: 0, printers, cupsEnv: cups.env, log: { info() {}, error() {} } });
  onTestFinished(() => helper.close());
  return body(helper);
}

describe('CUPS queues', () => {
  it.skipIf(!cups.ok)(`a raw queue with lang=zpl: the printer behind it reads back the very page, with its copies${skipped}`, async () => {
    if (!cups.ok) return;
    const printer = await startPrinterListener({ language: 'zpl', dpi: 203 });
    try {
      await cups.lpadmin(['-p', 'labels_zpl', '-E', '-v', `socket://127.0.0.1:${printer.port}`, '-m', 'raw']);
      await withHelper(['cups:labels_zpl?lang=zpl&dpi=203&name=Front desk'], async (helper) => {
        const page = randomBitmap(320, 240, 31);
        const r = await printImage(helper, 'Front desk', page, { copies: 2, printDarkness: 9 });
        expect(r.body).toMatchObject({ statusCode: 0 });
        // lp has the job; CUPS hands it to the socket backend, which connects to the printer.
        await printer.waitForLabels(1);
        expect(printer.errors).toEqual([]);
        const label = printer.labels[0]!;
        expect(dotsOf(label)).toBe(dotsOf(page));
        expect(label.copies).toBe(2);
        expect(label.commands.some((c) => c.startsWith('~SD'))).toBe(true);
      });
    } finally {
      await printer.close();
    }
  });

  it.skipIf(!cups.ok)(`a raw queue with lang=tspl: the same through TSPL at 300 dpi${skipped}`, async () => {
    if (!cups.ok) return;
    const printer = await startPrinterListener({ language: 'tspl', dpi: 300 });
    try {
      await cups.lpadmin(['-p', 'labels_tspl', '-E', '-v', `socket://127.0.0.1:${printer.port}`, '-m', 'raw']);
      await withHelper(['cups:labels_tspl?lang=tspl&dpi=300'], async (helper) => {
        const page = randomBitmap(472, 354, 32);
        expect((await printImage(helper, 'CUPS labels_tspl', page)).body.statusCode).toBe(0);
        await printer.waitForLabels(1);
        expect(printer.errors).toEqual([]);
        expect(dotsOf(printer.labels[0]!)).toBe(dotsOf(page));
      });
    } finally {
      await printer.close();
    }
  });

  it.skipIf(!cups.ok)(`a queue with a driver gets a PNG at the printer's dpi, which CUPS turns into the printer's language${skipped}`, async () => {
    if (!cups.ok) return;
    // The sample Zebra ZPL driver writes its own ZPL (~DG graphics): collect the bytes.
    const received: Buffer[] = [];
    let done!: () => void;
    const ended = new Promise<void>((resolve) => (done = resolve));
    const collector = createServer((socket) => {
      socket.on('data', (d: Buffer) => received.push(d));
      socket.on('end', () => {
        socket.end();
        done();
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const port = (collector.address() as { port: number }).port;
    try {
      await cups.lpadmin(['-p', 'labels_driver', '-E', '-v', `socket://127.0.0.1:${port}`, '-m', 'drv:///sample.drv/zebra.ppd']);
      await withHelper(['cups:labels_driver?dpi=203'], async (helper) => {
        // A 40 x 30 mm label at 203 dpi.
        const page = randomBitmap(320, 240, 33);
        expect((await printImage(helper, 'CUPS labels_driver', page)).body.statusCode).toBe(0);
        await ended;
        const zpl = Buffer.concat(received).toString('latin1');
        // One label, printed at its own size: as wide as our page, one stored graphic of
        // 240 rows of 40 bytes (~DG's hex in the same compressed form as ^GFA).
        expect(zpl.match(/\^XGR:/g)).toHaveLength(1);
        expect(zpl).toContain('^PW320');
        const graphic = /~DGR:CUPS\.GRF,(\d+),(\d+),([^~^]*)/.exec(zpl);
        expect(graphic?.slice(1, 3)).toEqual(['9600', '40']);
        const decoded = decodeAcs(graphic![3]!.replace(/\s+/g, ''), 40, 9600);
        expect(decoded.ok).toBe(true);
        // The driver's rows are ours, dot for dot, save that imagetoraster may place the
        // picture a row or two off within its page (CUPS 2.4: one row up): every row that
        // stays on the label must be there, in order.
        const sent = dotsOf(page).split('\n').slice(1);
        const got = dotsOf({ width: 320, height: 240, stride: 40, data: decoded.ok ? decoded.data : new Uint8Array(9600) }).split('\n').slice(1);
        const shifts = [-2, -1, 0, 1, 2].filter((shift) => got.every((row, y) => y + shift < 0 || y + shift >= 240 || row === sent[y + shift]));
        expect(shifts).toHaveLength(1);
      });
    } finally {
      await new Promise<void>((resolve) => collector.close(() => resolve()));
    }
  });

  it.skipIf(!cups.ok)(`GetPrinters lists the queues lpstat finds; a raw one without a language refuses pages (code 4); disabled ones are offline${skipped}`, async () => {
    if (!cups.ok) return;
    await cups.lpadmin(['-p', 'found_raw', '-E', '-v', 'socket://127.0.0.1:9', '-m', 'raw']);
    await cups.lpadmin(['-p', 'found_off', '-E', '-v', 'socket://127.0.0.1:9', '-m', 'raw']);
    await new Promise<void>((resolve, reject) => execFile('cupsdisable', ['found_off'], { env: cups.env }, (e) => (e ? reject(e) : resolve())));
    await withHelper(['cups:labels_zpl?lang=zpl&name=Front desk', 'cups:no_such_queue?lang=zpl'], async (helper) => {
      const printers = (await action(helper.url, 'GetPrinters')).body.resultInfo.printers as { name: string; type: number; isOnline: boolean }[];
      const byName = new Map(printers.map((p) => [p.name, p]));
      expect(byName.get('CUPS found_raw')).toMatchObject({ type: 1, isOnline: true });
      expect(byName.get('CUPS found_off')).toMatchObject({ type: 1, isOnline: false });
      expect(byName.get('Front desk')).toMatchObject({ type: 1, isOnline: true });
      expect(byName.get('CUPS no_such_queue')).toMatchObject({ isOnline: false });
      // The configured queue is listed once, under its configured name.
      expect(printers.filter((p) => p.name === 'CUPS labels_zpl')).toEqual([]);

      const page = randomBitmap(16, 8, 34);
      const raw = await printImage(helper, 'CUPS found_raw', page);
      expect(raw.body.statusCode).toBe(4);
      expect(raw.body.resultInfo).toContain('cups:found_raw?lang=zpl');
      const missing = await printImage(helper, 'CUPS no_such_queue', page);
      expect(missing.body.statusCode).toBe(3);
    });
  });
});

it('without the CUPS tools the helper lists no CUPS queues and starts all the same', async () => {
  const dir = await tempDir('nocups');
  onTestFinished(() => dir.remove());
  const helper = await startHelper({ dataDir: dir.path, allowedOrigins: [], port: 0, cupsEnv: { PATH: '/nonexistent' }, log: { info() {}, error() {} } });
  onTestFinished(() => helper.close());
  const printers = (await action(helper.url, 'GetPrinters')).body.resultInfo.printers as { name: string }[];
  expect(printers.map((p) => p.name)).toEqual(['Assetmark Virtual 203', 'Assetmark Virtual 300']);
});
