/**
 * The label engine in the browser: previews on the page's thread (engine.ts), batches in a
 * pool of module Web Workers (pool.ts), fonts fetched as labels need them (fonts.ts).
 *
 * Also a build entry of its own (vite.config.ts: `print-engine`, listed in
 * dist/.vite/manifest.json under this file's path), so a page can import the engine without
 * the app (the browser tests and the print benchmark load it that way); the app's pages
 * import this module and share its chunks.
 */
export { BrowserEngine, type PreviewJob } from './engine.ts';
export { BrowserRenderPool, type BrowserPoolOptions, type OpenedJob, type PoolProgress, type PoolRenderOptions, type PoolRenderSummary } from './pool.ts';
export { fontsFor, type FontData } from './fonts.ts';
export { jobSetup, openJob, type DataTable, type JobOptions, type JobSetup, type PrintJob, type RenderedPage } from '../job.ts';
export { formatPrintError, type PrintError, type Result } from '../errors.ts';
