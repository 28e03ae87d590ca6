/**
 * The client against the real print helper (helper/server.ts) over loopback, on ports the
 * test chooses (never 15216/35216): probe order, printers, open, DPI, pages printed to the
 * virtual printer (its PBM files must equal the pages sent, bit for bit), the job calls,
 * JSON mode, and refusals with code 1 and nothing printed.
 *
 * Not here: a foreign Origin. Node's fetch sends no Origin of a page, so the refusal cannot
 * be provoked from this side; the helper's own tests cover it.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHelper, type RunningHelper } from '../../../helper/server.ts';
import type { Engine } from '../../engine/engine.ts';
import { pageToPbm } from '../../engine/pbm.ts';
import { rotatePage } from '../../engine/rotate-reference.ts';
import { pageRow } from '../../engine/testing.ts';
import type { Page } from '../../engine/types.ts';
import { createLabel } from '../../label/label.ts';
import { loadLabelEngine } from '../../render/pool-renderer.ts';
import { openJob } from '../job.ts';
import { HelperClient } from './client.ts';
import { pageImageItem } from './json-mode.ts';
import { helperMessage } from './messages.ts';
import { findHelper } from './probe.ts';

const V203 = 'Assetmark Virtual 203';
const V300 = 'Assetmark Virtual 300';
const NET = 'Net Zebra';

let dataDir: string;
let helper: RunningHelper;
let client: HelperClient;
let engine: Engine;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'helper-client-'));
  // Port 0: a free port; no CUPS queues of this machine: the two virtual printers and a
  // network printer (type 2) at a port where nothing answers.
  helper = await startHelper({
    dataDir,
    allowedOrigins: [],
    port: 0,
    cups: false,
    printers: [`zpl://127.0.0.1:${await closedPort()}?dpi=203&name=${encodeURIComponent(NET)}`],
    log: { info() {}, error() {} },
  });
  client = new HelperClient(helper.url, { version: 'dtpweb/2.3.20230621', page: undefined });
  engine = await loadLabelEngine();
});

afterAll(async () => {
  await helper?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

/** The virtual printer's PBM files of a job, in print order. */
async function printedPbms(printer: string, jobName: string): Promise<Uint8Array[]> {
  const dir = join(dataDir, 'virtual-printer', printer.replace(/ /g, '_'), jobName);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const pbms = names.filter((n) => n.endsWith('.pbm')).sort();
  return Promise.all(pbms.map(async (n) => new Uint8Array(await readFile(join(dir, n)))));
}

/** The dots of a page, a '0'/'1' string a row; padding bits are not dots. */
function pageDots(page: Page): string[] {
  return Array.from({ length: page.height }, (_, y) => pageRow(page, y));
}

/** A PBM (P4) read back: its size and dots, padding bits ignored as Netpbm says. */
function pbmDots(pbm: Uint8Array): { width: number; height: number; rows: string[] } {
  const header = /^P4\s+(\d+)\s+(\d+)\s/.exec(Buffer.from(pbm.subarray(0, 32)).toString('latin1'));
  if (!header) throw new Error('not a P4 PBM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  const data = pbm.subarray(header[0].length);
  return { width, height, rows: pageDots({ width, height, stride: Math.ceil(width / 8), data }) };
}

/** A data-bound label page rendered by the engine: a name and an EAN-13. */
function enginePage(dpi: number, row = 0): Page {
  const label = createLabel({
    labelWidth: 30,
    labelHeight: 15,
    children: [
      { kind: 'text', x: 1, y: 1, width: 28, height: 4, fontHeight: 3, contentType: 2, dataColumnName: 'name' },
      { kind: 'barcode', x: 1, y: 5, width: 20, height: 9, type: 'ean13', contentType: 2, dataColumnName: 'ean' },
    ],
  });
  const data = { columnNames: ['name', 'ean'], rows: [['资产 A-0042', '690123456789'], ['Asset B-7', '690123450001']] };
  const job = openJob(engine, label, data, { dpi, timeMs: 0 });
  if (!job.ok) throw new Error(`job: ${job.error.code}`);
  const page = job.value.page(row);
  if (!page.ok) throw new Error(`page: ${page.error.code}`);
  expect(page.value.data.some((b) => b !== 0)).toBe(true); // dots to compare, not a blank page
  return page.value;
}

/** Pseudo-random dots, an odd width, and a stride with junk padding bytes. */
function randomPage(width: number, height: number, pad: number): Page {
  const stride = Math.ceil(width / 8) + pad;
  const data = new Uint8Array(stride * height);
  let s = 12345;
  for (let i = 0; i < data.length; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    data[i] = s >>> 24;
  }
  return { width, height, stride, data };
}

describe('finding the helper', () => {
  it('tries the ports in order: the first closed, the helper on the second', async () => {
    const found = await findHelper({ ports: [await closedPort(), helper.port], page: undefined });
    expect(found.ok).toBe(true);
    if (!found.ok) return;
    expect(found.value.port).toBe(helper.port);
    expect(found.value.baseUrl).toBe(`http://127.0.0.1:${helper.port}`);
    expect(found.value.version).toMatch(/^dtpweb\/\d+\.\d+\.\d{8}$/);
    expect(found.value.info.httpPort).toBe(helper.port);
  });

  it('stops at the first port that answers', async () => {
    const found = await findHelper({ ports: [helper.port, await closedPort()], page: undefined });
    expect(found.ok && found.value.port).toBe(helper.port);
  });
});

describe('printers', () => {
  it('lists the virtual printers as local, with their resolutions', async () => {
    const found = await findHelper({ ports: [helper.port], page: undefined });
    if (!found.ok) throw new Error('no helper');
    const listed = await HelperClient.of(found.value, { page: undefined }).getPrinters({ onlyLocal: true, refreshInfo: true });
    expect(listed.ok).toBe(true);
    if (!listed.ok) return;
    const byName = new Map(listed.value.map((p) => [p.name, p]));
    expect(byName.get(V203)).toMatchObject({ deviceDpi: 203, local: true, isOnline: true });
    expect(byName.get(V300)).toMatchObject({ deviceDpi: 300, local: true, isOnline: true });
  });

  it('decides which printers are local by the helper version (type < 10 from 2.3.20230621, <= 1 before)', async () => {
    const now = await client.getPrinters();
    expect(now.ok && now.value.find((p) => p.name === NET)).toMatchObject({ type: 2, local: true, isOnline: false });
    const old = new HelperClient(helper.url, { version: 'dtpweb/2.2.20220101', page: undefined });
    const all = await old.getPrinters();
    expect(all.ok && all.value.find((p) => p.name === NET)).toMatchObject({ type: 2, local: false });
    const local = await old.getPrinters({ onlyLocal: true });
    expect(local.ok && local.value.map((p) => p.name).sort()).toEqual([V203, V300]);
    const online = await client.getPrinters({ onlyOnline: true });
    expect(online.ok && online.value.map((p) => p.name).sort()).toEqual([V203, V300]);
  });

  it('opens a printer, says it is online and closes it; an unknown one is code 3', async () => {
    expect(await client.openPrinter(V203)).toEqual({ ok: true, value: undefined });
    expect(await client.isPrinterOnline(V203)).toEqual({ ok: true, value: true });
    expect(await client.closePrinter()).toEqual({ ok: true, value: undefined });
    const missing = await client.openPrinter('No Such Printer');
    expect(missing).toMatchObject({ ok: false, error: { kind: 'code', code: 3 } });
    if (!missing.ok) expect(helperMessage(missing.error, 'en')).toMatch(/^No supported printer \(no printer named 'No Such Printer'/);
  });

  it('reads the resolution from the helper, and from the name where the helper cannot tell', async () => {
    expect(await client.getPrinterDpi(V300)).toEqual({ ok: true, value: { dpi: 300, fromName: false } });
    expect(await client.getPrinterDpi(V203)).toEqual({ ok: true, value: { dpi: 203, fromName: false } });
    // Printers this helper does not have: it answers with a code, so the name rule decides.
    expect(await client.getPrinterDpi('B3P-8A31')).toEqual({ ok: true, value: { dpi: 300, fromName: true } });
    expect(await client.getPrinterDpi('Office Zebra')).toEqual({ ok: true, value: { dpi: 203, fromName: true } });
  });

  it('sets gap type, darkness and speed, and refuses values outside the spec before sending', async () => {
    expect(await client.setParams(V203, { gapType: 2, darkness: 9, speed: 255 })).toEqual({ ok: true, value: undefined });
    const bad = await client.setParams(V203, { gapType: 2, darkness: 15 });
    expect(bad).toMatchObject({ ok: false, error: { kind: 'code', code: 1 } });
    if (!bad.ok) expect(helperMessage(bad.error, 'zh-CN')).toBe('参数错误（darkness must be 0 to 14 or 255, not 15）');
  });
});

describe('printing pages with PrintImageD', () => {
  it('the virtual printer PBM equals the engine page, at 203 and 300 dpi', async () => {
    for (const [printer, dpi] of [[V203, 203], [V300, 300]] as const) {
      const page = enginePage(dpi);
      const jobName = `engine-${dpi}`;
      // Threshold 300 is outside 1-255: sent as 192, and a 1-bit page prints the same anyway.
      const printed = await client.printPage(page, { printerName: printer, dpi, jobName, threshold: 300 });
      expect(printed).toEqual({ ok: true, value: undefined });
      expect(await printedPbms(printer, jobName)).toEqual([pageToPbm(page)]);
    }
  });

  it('an odd width with a padded stride arrives dot for dot; copies are labels', async () => {
    // 203 dots: 5 padding bits a row, and 3 junk bytes after each row, all set at random.
    const page = randomPage(203, 61, 3);
    expect(await client.printPage(page, { printerName: V203, dpi: 203, jobName: 'random', copies: 2 })).toEqual({ ok: true, value: undefined });
    const printed = await printedPbms(V203, 'random');
    expect(printed.length).toBe(2);
    for (const pbm of printed) expect(pbmDots(pbm)).toEqual({ width: 203, height: 61, rows: pageDots(page) });
  });

  it('orientation reaches the helper: a 90 degree turn prints the page turned clockwise', async () => {
    const page = enginePage(203);
    expect(await client.printPage(page, { printerName: V203, dpi: 203, jobName: 'turned', orientation: 90 })).toEqual({ ok: true, value: undefined });
    const turned = rotatePage(page, 90);
    expect(turned.width).toBe(page.height);
    expect(await printedPbms(V203, 'turned')).toEqual([pageToPbm(turned)]);
  });

  it('bad parameters are code 1 with the helper words, and nothing is printed', async () => {
    // 4097 dots across is wider than the helper prints; the client leaves that to the helper.
    const wide = randomPage(4097, 2, 0);
    const refused = await client.printPage(wide, { printerName: V203, dpi: 203, jobName: 'too-wide' });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'code', code: 1 } });
    if (!refused.ok) {
      expect(helperMessage(refused.error, 'en')).toMatch(/^Parameter error \(.*4097.*\)$/);
      expect(helperMessage(refused.error, 'zh-CN')).toMatch(/^参数错误（.*4097.*）$/);
    }
    expect(await printedPbms(V203, 'too-wide')).toEqual([]);

    // Refused by the client itself: nothing reaches the helper.
    const copies = await client.printPage(randomPage(8, 8, 0), { printerName: V203, dpi: 203, jobName: 'no-copies', copies: 0 });
    expect(copies).toMatchObject({ ok: false, error: { kind: 'code', code: 1, detail: 'copies must be 1 to 9999' } });
    expect(await printedPbms(V203, 'no-copies')).toEqual([]);
  });
});

describe('the job calls', () => {
  it('StartJob, StartPage, DrawImageD, EndPage, CommitJob print the drawn pages', async () => {
    const pages = [enginePage(203, 0), enginePage(203, 1)];
    const widthMm = (pages[0]!.width * 25.4) / 203;
    const heightMm = (pages[0]!.height * 25.4) / 203;
    expect((await client.openPrinter(V203)).ok).toBe(true);
    expect(await client.startJob({ printerName: V203, widthMm, heightMm, jobName: 'job-calls' })).toEqual({ ok: true, value: undefined });
    for (const page of pages) {
      expect((await client.startPage()).ok).toBe(true);
      expect(await client.drawPage(page, { dpi: 203 })).toEqual({ ok: true, value: undefined });
      expect((await client.endPage()).ok).toBe(true);
    }
    expect(await client.commitJob({ copies: 1, printDarkness: 9, printSpeed: 2, gapType: 2 })).toEqual({ ok: true, value: undefined });
    expect(await printedPbms(V203, 'job-calls')).toEqual(pages.map(pageToPbm));
  });

  it('AbortJob drops the job: nothing printed, and a commit after it has no job', async () => {
    expect((await client.startJob({ printerName: V203, widthMm: 10, heightMm: 5, jobName: 'aborted' })).ok).toBe(true);
    expect((await client.startPage()).ok).toBe(true);
    expect((await client.abortJob()).ok).toBe(true);
    expect(await client.commitJob()).toMatchObject({ ok: false, error: { kind: 'code', code: 1 } });
    expect(await printedPbms(V203, 'aborted')).toEqual([]);
  });
});

describe('JSON mode', () => {
  it('Print?action=4096 with one image item a page prints the pages', async () => {
    const pages = [enginePage(300, 0), enginePage(300, 1)];
    const result = await client.print(
      { jobWidth: (pages[0]!.width * 25.4) / 300, jobHeight: (pages[0]!.height * 25.4) / 300, jobName: 'json-mode', copies: 1 },
      pages.map((p) => [pageImageItem(p, 300)]),
      { printerName: V300 },
    );
    expect(result.ok).toBe(true);
    expect(await printedPbms(V300, 'json-mode')).toEqual(pages.map(pageToPbm));
  });

  it('an item type the helper does not draw is code 8, nothing printed', async () => {
    const result = await client.print({ jobWidth: 20, jobHeight: 10, jobName: 'json-text' }, [[{ type: 'hologram', text: 'A-0042', x: 1, y: 1 }]], {
      printerName: V203,
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'code', code: 8 } });
    if (!result.ok) expect(helperMessage(result.error, 'en')).toMatch(/^Unsupported function \(/);
    expect(await printedPbms(V203, 'json-text')).toEqual([]);
  });
});
