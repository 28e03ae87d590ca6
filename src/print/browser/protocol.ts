/**
 * Messages between the browser render pool (pool.ts) and its module Web Workers
 * (page-worker.ts). Everything is plain, structured-cloneable data: PrintError values as
 * they are, page bitmaps transferred (their ArrayBuffers move, they are not copied).
 */
import type { JobSetup } from '../job.ts';
import type { ScannedPage } from '../scan.ts';
import type { PrintError } from '../errors.ts';

export type ToWorker =
  /** The page's compiled engine module (compiled once, streamed) and where fonts are served. */
  | { type: 'init'; module: WebAssembly.Module; fontBase: string }
  /** `scanCheck`: decode every page's codes after rendering it (src/print/scan.ts); a page
   * that does not read back fails as a render failure does. */
  | { type: 'open'; job: number; setup: JobSetup; scanCheck?: boolean }
  /** Render pages first .. first + count - 1 of `job` for render `run`, chunk `chunk`. */
  | { type: 'render'; job: number; run: number; chunk: number; first: number; count: number }
  | { type: 'close'; job: number };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'startFailed'; message: string }
  /** The job opened: its page count and the font files this worker registered for it. */
  | { type: 'opened'; job: number; pageCount: number; labelPages: number; fonts: string[]; missingFonts: string[] }
  | { type: 'openFailed'; job: number; error: PrintError }
  | { type: 'pages'; job: number; run: number; chunk: number; pages: ScannedPage[] }
  /** Page `error.page` failed: `pages` are the chunk's pages before it, rendered. */
  | { type: 'failed'; job: number; run: number; chunk: number; pages: ScannedPage[]; error: PrintError }
  /** Something other than a page failed (a bug, a font download, a job not open): the
   * opening or the render (`run`, `chunk`) it belongs to rejects. */
  | { type: 'crashed'; job: number; run?: number; chunk?: number; message: string };
