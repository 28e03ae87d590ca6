/**
 * printPage's error policy: 'stop' throws the page's PrintPageError, 'skip' returns an empty
 * page carrying the same message, and the good pages are the same under either policy.
 * (The CLI's files, both paths, are compared in bin/render-workers.test.ts.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine/engine.ts';
import { dataSourceFromRows } from '../label/binding/data.ts';
import { createLabel } from '../label/label.ts';
import { loadLabelEngine, labelJob } from './pool-renderer.ts';
import { openPrintJob, PrintPageError, printPage, type PrintJob } from './pool-print-renderer.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await loadLabelEngine();
});

const doc = createLabel({
  labelWidth: 40, labelHeight: 20,
  children: [{ kind: 'barcode', x: 2, y: 2, width: 30, height: 12, type: 'ean13', contentType: 2, dataColumnName: 'ean' }],
});
const data = dataSourceFromRows(['ean'], [['690123456789'], ['69012345678X'], ['690123456780']]);
const job = (onError?: 'stop' | 'skip', bothSides = false): PrintJob => ({
  ...labelJob(doc, data, { dpi: 203, timeMs: 0 }),
  turn: 0,
  bothSides,
  format: 'pbm',
  ...(onError ? { onError } : {}),
});
const message = "page 2 (spreadsheet row 3), control 1 (barcode): EAN-13: invalid character 'X' at position 12";

describe('printPage', () => {
  it('throws the failing page by default and with onError stop', () => {
    for (const j of [job(), job('stop')]) {
      const opened = openPrintJob(j);
      expect(() => printPage(engine, opened, 1)).toThrow(new PrintPageError(message));
    }
  });

  it('returns a failing page as skipped with onError skip, the others as with stop', () => {
    const skip = openPrintJob(job('skip'));
    const stop = openPrintJob(job('stop'));
    expect(printPage(engine, skip, 1)).toEqual({ width: 0, height: 0, stride: 0, data: new Uint8Array(0), file: new Uint8Array(0), skipped: message });
    for (const i of [0, 2]) {
      const page = printPage(engine, skip, i);
      expect(page.skipped).toBeUndefined();
      expect(page.width).toBe(320);
      expect(Buffer.from(page.file).equals(Buffer.from(printPage(engine, stop, i).file))).toBe(true);
    }
  });

  it('names the mirrored side of a two-sided label', () => {
    const opened = openPrintJob(job('skip', true));
    expect(printPage(engine, opened, 2).skipped).toBe(message);
    expect(printPage(engine, opened, 3).skipped).toBe(message.replace('page 2', 'page 2 mirrored side'));
  });
});
