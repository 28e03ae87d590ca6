/**
 * A renderer module for pool.test.ts that needs only the engine (no fonts, no labelPage):
 * page i is a 40 x 30 mm label with a border, a Code 128 of `P<i>` and a QR Code of
 * `page <i>`, so every page differs. `failAt` makes that page throw (error passing).
 */
import { loadEngine } from '../engine/load-node.ts';
import { EngineError, ErrorCode } from '../engine/errors.ts';
import type { PageRenderer } from './pool.ts';

export interface TestJob {
  pages: number;
  dpi: number;
  failAt?: number;
}

export async function createRenderer(): Promise<PageRenderer<TestJob>> {
  const engine = await loadEngine();
  return {
    open: (job) => ({
      pageCount: job.pages,
      render(i) {
        if (i === job.failAt) throw new EngineError(ErrorCode.Parameter, `test failure on page ${i}`, 2);
        return engine.renderPage({
          widthMm: 40,
          heightMm: 30,
          dpi: job.dpi,
          elements: [
            { kind: 'rect', xMm: 0.5, yMm: 0.5, widthMm: 39, heightMm: 29, lineWidthMm: 0.3 },
            { kind: 'barcode', type: 'code128', data: `P${i}`, xMm: 2, yMm: 2, widthMm: 24, heightMm: 12 },
            { kind: 'qrcode', data: `page ${i}`, xMm: 27, yMm: 2, widthMm: 11, heightMm: 11 },
          ],
        });
      },
    }),
  };
}
