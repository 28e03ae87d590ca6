/**
 * The render pool's default renderer module (pool.ts): print jobs (src/print/job.ts).
 *
 * Once per thread `createRenderer` loads the engine and registers the bundled fonts; `open`
 * opens a JobSetup (`jobSetup` makes one on the caller's side: the label read, the data as
 * a table of text, one clock reading for every page) with `openJobFromSetup`, and the pool
 * renders the job's pages. Nothing else happens here: the job is the one road.
 */
import { loadEngine } from '../engine/load-node.ts';
import type { Engine } from '../engine/engine.ts';
import { openJobFromSetup, type JobSetup } from '../print/job.ts';
import type { PageRenderer } from './pool.ts';
import { loadBundledFonts } from './fonts-node.ts';

/** The engine with the bundled fonts registered: what every label renderer needs once. */
export async function loadLabelEngine(): Promise<Engine> {
  const engine = await loadEngine();
  await loadBundledFonts(engine);
  return engine;
}

export async function createRenderer(): Promise<PageRenderer<JobSetup>> {
  const engine = await loadLabelEngine();
  return { open: (setup: JobSetup) => openJobFromSetup(engine, setup) };
}
