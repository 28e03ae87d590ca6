/**
 * pageFile's error policy: 'stop' returns the page's PrintError, 'skip' an empty page
 * carrying it, and the good pages (and their PBM / PNG bytes) are the same under either.
 * (The CLI's files, both paths, are compared in bin/render-workers.test.ts.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine/engine.ts';
import { pageToPbm } from '../engine/pbm.ts';
import { dataSourceFromRows } from '../label/binding/data.ts';
import { createLabel } from '../label/label.ts';
import type { Result } from '../print/errors.ts';
import { openJob, type PrintJob } from '../print/job.ts';
import { loadLabelEngine } from './pool-renderer.ts';
import { pageFile } from './pool-print-renderer.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await loadLabelEngine();
});

const doc = createLabel({
  labelWidth: 40, labelHeight: 20,
  children: [{ kind: 'barcode', x: 2, y: 2, width: 30, height: 12, type: 'ean13', contentType: 2, dataColumnName: 'ean' }],
});
const data = dataSourceFromRows(['ean'], [['690123456789'], ['69012345678X'], ['690123456780']]);

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}
const job = (): PrintJob => value(openJob(engine, doc, data, { dpi: 203, timeMs: 0 }));

describe('pageFile', () => {
  it('returns the failing page as its PrintError by default and with onError stop', () => {
    for (const onError of [undefined, 'stop'] as const) {
      const r = pageFile(job(), 1, 203, { format: 'pbm', ...(onError ? { onError } : {}) });
      expect(r).toEqual({ ok: false, error: expect.objectContaining({ code: 'engine.invalidCharacter', page: 1, row: 3 }) });
    }
  });

  it('returns a failing page as skipped with onError skip, the others as with stop', () => {
    const skipped = value(pageFile(job(), 1, 203, { format: 'pbm', onError: 'skip' }));
    expect(skipped).toMatchObject({ width: 0, height: 0, file: new Uint8Array(0), skipped: { code: 'engine.invalidCharacter', page: 1 } });
    for (const i of [0, 2]) {
      const page = value(pageFile(job(), i, 203, { format: 'pbm', onError: 'skip' }));
      expect(page.skipped).toBeUndefined();
      expect(Buffer.from(page.file).equals(Buffer.from(value(pageFile(job(), i, 203, { format: 'pbm' })).file))).toBe(true);
      expect(Buffer.from(page.file).equals(Buffer.from(pageToPbm(value(job().page(i)))))).toBe(true);
    }
  });

  it('writes PNG with the dpi in its pHYs chunk', () => {
    const png = Buffer.from(value(pageFile(job(), 0, 300, { format: 'png' })).file);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const phys = png.indexOf('pHYs');
    // 300 dpi = 11811 dots a metre, both axes.
    expect([png.readUInt32BE(phys + 4), png.readUInt32BE(phys + 8)]).toEqual([11811, 11811]);
  });
});
