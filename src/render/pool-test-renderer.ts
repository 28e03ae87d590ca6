/**
 * A renderer module for pool.test.ts that needs only the engine (no fonts, no labelPage):
 * page i is a 40 x 30 mm label with a border, a Code 128 of `P<i>` and a QR Code of
 * `page <i>`, so every page differs. `failAt` makes those pages fail as a value (a PrintError,
 * as a job's bad data does); `throwAt` makes it throw (a renderer bug).
 */
import { loadEngine } from '../engine/load-node.ts';
import type { Page } from '../engine/types.ts';
import type { Result } from '../print/errors.ts';
import type { PageRenderer } from './pool.ts';

export interface TestJob {
  pages: number;
  dpi: number;
  /** Pages that fail as values. */
  failAt?: number | number[];
  throwAt?: number;
  /** Refuse to open (as a job whose label cannot be read). */
  refuse?: boolean;
}

export async function createRenderer(): Promise<PageRenderer<TestJob>> {
  const engine = await loadEngine();
  return {
    open: (job) => {
      if (job.refuse) return { ok: false, error: { code: 'label.notLabel', params: { root: 'html' } } };
      return {
        ok: true,
        value: {
          pageCount: job.pages,
          page(i): Result<Page> {
            if ([job.failAt].flat().includes(i)) return { ok: false, error: { code: 'engine.parameter', params: { detail: `test failure on page ${i}` }, page: i } };
            if (i === job.throwAt) throw new TypeError(`test bug on page ${i}`);
            const page = engine.renderPage({
              widthMm: 40,
              heightMm: 30,
              dpi: job.dpi,
              elements: [
                { kind: 'rect', xMm: 0.5, yMm: 0.5, widthMm: 39, heightMm: 29, lineWidthMm: 0.3 },
                { kind: 'barcode', type: 'code128', data: `P${i}`, xMm: 2, yMm: 2, widthMm: 24, heightMm: 12 },
                { kind: 'qrcode', data: `page ${i}`, xMm: 27, yMm: 2, widthMm: 11, heightMm: 11 },
              ],
            });
            return { ok: true, value: page };
          },
        },
      };
    },
  };
}
