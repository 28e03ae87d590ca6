/**
 * `assetmark print` as a user runs it (the bash wrapper): a label file and a spreadsheet to
 * the virtual printer (files read back by zbarimg) and to network printers played by a
 * listener that parses ZPL and TSPL back into bitmaps (helper/testing/printer-listener.ts),
 * which must equal the engine's pages bit for bit; a connection dropped mid-job is
 * recovered with every label printed exactly once; bad input is one line and a non-zero
 * exit status.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine/engine.ts';
import type { LabelInput } from '../src/label/label.ts';
import { readLabel } from '../src/label/wdfx.ts';
import { openJob, type DataTable } from '../src/print/job.ts';
import { loadLabelEngine } from '../src/render/pool-renderer.ts';
import { startPrinterListener, type PrinterListener, type ReceivedLabel } from '../helper/testing/printer-listener.ts';
import { createServer } from 'node:net';
import { run, writeLabelFile } from './render-testing.ts';

let scratch: string;
let engine: Engine;
let listener: PrinterListener | undefined;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'assetmark-print-'));
  engine = await loadLabelEngine();
});
afterEach(async () => {
  await listener?.close();
  listener = undefined;
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A 50 x 30 mm asset label turned a quarter by its printOrientation: a caption, the code as
 * a Code 128 and a QR code, the name. */
const ASSET_LABEL: LabelInput = {
  labelWidth: 50,
  labelHeight: 30,
  orientation: 90,
  children: [
    { kind: 'text', x: 2, y: 1, width: 46, height: 4, content: '固定资产 Asset', fontHeight: 3 },
    { kind: 'barcode', x: 2, y: 6, width: 30, height: 12, contentType: 2, dataColumnName: 'code' },
    { kind: 'qrcode', x: 34, y: 6, width: 14, height: 14, contentType: 2, dataColumnName: 'code' },
    { kind: 'text', x: 2, y: 22, width: 46, height: 4, contentType: 2, dataColumnName: 'name', fontHeight: 3 },
  ],
};
const ROWS = 30;
const table: DataTable = {
  columnNames: ['code', 'name'],
  rows: Array.from({ length: ROWS }, (_, i) => [`AM-${String(i + 1).padStart(4, '0')}`, `资产 ${i + 1}`]),
};
const csv = () => ['code,name', ...table.rows.map((r) => r.join(','))].join('\n') + '\n';

function files(): { label: string; data: string } {
  const label = writeLabelFile(scratch, `asset-${Math.random().toString(36).slice(2)}.wdfx`, ASSET_LABEL);
  const data = join(scratch, `assets-${Math.random().toString(36).slice(2)}.csv`);
  writeFileSync(data, csv());
  return { label, data };
}

/** The engine's page bits of label pages `pages` (0-based) at `dpi`, as the printer gets them. */
function expectedPages(label: string, dpi: number, pages: number[]): string[] {
  const doc = readLabel(readFileSync(label));
  if (!doc.ok) throw new Error('label');
  const job = openJob(engine, doc.value, table, { dpi, sides: 'both', turn: 'label', timeMs: 0 });
  if (!job.ok) throw new Error('job');
  return pages.map((i) => {
    const p = job.value.page(i);
    if (!p.ok) throw new Error(`page ${i}`);
    return bits(p.value);
  });
}

function bits(p: { width: number; height: number; stride: number; data: Uint8Array }): string {
  const rows: string[] = [`${p.width}x${p.height}`];
  for (let y = 0; y < p.height; y++) {
    let row = '';
    for (let x = 0; x < p.width; x++) row += (p.data[y * p.stride + (x >> 3)]! >> (7 - (x & 7))) & 1;
    rows.push(row);
  }
  return rows.join('\n');
}

function receivedBits(labels: readonly ReceivedLabel[]): string[] {
  return labels.map(bits);
}

/** A loopback port nothing listens on (taken from the system, then released). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('assetmark print', () => {
  it('prints every row on the virtual printer, each file reading back as its row', async () => {
    const { label, data } = files();
    const dataDir = join(scratch, 'virtual');
    const r = await run(['print', label, '--data', data, '--printer', 'virtual', '--job', 'batch-1', '--data-dir', dataDir]);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^printed 30 labels on Assetmark Virtual 203 in \d+\.\d\d s\n$/);
    expect(r.status).toBe(0);
    const dir = join(dataDir, 'virtual-printer', 'Assetmark_Virtual_203', 'batch-1');
    const pngs = readdirSync(dir).filter((f) => f.endsWith('.png')).sort();
    expect(pngs.length).toBe(ROWS);
    for (const i of [0, 14, 29]) {
      const out = execFileSync('zbarimg', ['--nodbus', '-q', join(dir, pngs[i]!)], { encoding: 'utf8' }).trim().split('\n').sort();
      expect(out).toEqual([`CODE-128:${table.rows[i]![0]}`, `QR-Code:${table.rows[i]![0]}`]);
    }
  });

  for (const language of ['zpl', 'tspl'] as const) {
    it(`prints on a ${language.toUpperCase()} network printer: the printer's bitmaps are the engine's pages, copies included`, async () => {
      const { label, data } = files();
      listener = await startPrinterListener({ language, dpi: 300 });
      const r = await run(['print', label, '--data', data, '--printer', `${language}://127.0.0.1:${listener.port}?dpi=300`, '--pages', '3-7', '--copies', '2']);
      expect(r.stderr).toMatch(/^printed 10 labels on /);
      expect(r.status).toBe(0);
      expect(listener.labels.map((l) => l.copies)).toEqual([2, 2, 2, 2, 2]);
      expect(receivedBits(listener.labels)).toEqual(expectedPages(label, 300, range(2, 7)));
    });
  }

  it('collates copies when asked', async () => {
    const { label, data } = files();
    listener = await startPrinterListener({ language: 'zpl', dpi: 203 });
    const r = await run(['print', label, '--data', data, '--printer', listener.url, '--pages', '1-3', '--copies', '2', '--collate']);
    expect(r.status).toBe(0);
    expect(receivedBits(listener.labels)).toEqual(expectedPages(label, 203, [0, 1, 2, 0, 1, 2]));
  });

  it('recovers from a connection dropped mid-label: every label once, in order', async () => {
    const { label, data } = files();
    listener = await startPrinterListener({ language: 'zpl', dpi: 203 });
    listener.dropAfter({ labels: 11, midLabel: true });
    const r = await run(['print', label, '--data', data, '--printer', listener.url]);
    expect(r.stderr).toContain('resuming from label 12');
    expect(r.status).toBe(0);
    expect(listener.drops).toBe(1);
    expect(receivedBits(listener.labels)).toEqual(expectedPages(label, 203, range(0, ROWS)));
  });

  it('fails with one line naming the next label when the printer cannot be reached', async () => {
    const { label, data } = files();
    const closed = await closedPort();
    const r = await run(['print', label, '--data', data, '--printer', `zpl://127.0.0.1:${closed}`, '--retries', '0']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^assetmark: .*code 90\); 0 of 30 labels printed, the next is label 1 \(page 1\)\n$/);
  });

  it('refuses bad command lines and bad data with one line', async () => {
    const { label, data } = files();
    const cases: [string[], number, RegExp][] = [
      [['print', label], 2, /missing --printer/],
      [['print', label, '--printer', 'lpt1'], 2, /printer 'lpt1'/],
      [['print', label, '--printer', 'zpl://127.0.0.1:9100?dpi=600'], 2, /dpi/],
      [['print', label, '--data', data, '--printer', 'virtual', '--copies', '0'], 2, /--copies must be a whole number from 1 to 9999/],
      [['print', label, '--data', data, '--printer', 'virtual', '--pages', '31'], 2, /--pages must be one range within 1-30/],
      [['print', label, '--data', data, '--printer', 'virtual', '--gap', 'paper'], 2, /--gap must be none, hole, gap or black/],
      [['print', join(scratch, 'missing.wdfx'), '--printer', 'virtual'], 1, /cannot read the label file .*no such file/],
    ];
    for (const [args, status, message] of cases) {
      const r = await run([...args, '--data-dir', join(scratch, 'refused')]);
      expect(r.status, args.join(' ')).toBe(status);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.stderr.trim().split('\n').length, args.join(' ')).toBe(1);
    }
    // A row whose data a barcode cannot take stops there, after the rows before it.
    const bad = join(scratch, 'bad.csv');
    writeFileSync(bad, 'code,name\nAM-1,a\nAM-2,b\n资产,c\n');
    const dataDir = join(scratch, 'bad-run');
    const r = await run(['print', label, '--data', bad, '--printer', 'virtual', '--job', 'bad', '--data-dir', dataDir]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^assetmark: page 3 \(spreadsheet row 4\), control 2 \(barcode\): .*; 2 labels printed\n$/);
    expect(readdirSync(join(dataDir, 'virtual-printer', 'Assetmark_Virtual_203', 'bad')).filter((f) => f.endsWith('.png')).length).toBe(2);
  });
});
