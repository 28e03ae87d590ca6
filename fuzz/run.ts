/**
 * `npm run fuzz [-- options]`: fuzzes the engine's ABI, the label file reader and the
 * spreadsheet reader with generated inputs (fuzz/targets/), on one worker thread per core,
 * and prints what ran and what failed. Not part of `npm test` (which runs a fixed sample,
 * fuzz/fuzz.test.ts); exits 1 when anything failed.
 *
 *   --target=engine,xml,sheet   targets (default: all three)
 *   --inputs=N                  inputs per target (default: engine 700,000, xml 250,000,
 *                               sheet 50,000: a million in all, about 10 minutes on 2 cores)
 *   --seed=S                    the stream (default: a new one, printed, so runs explore)
 *   --only=I                    run input I of the stream alone, here, and print the failure
 *   --workers=K                 threads per target (default: the number of cores)
 *   --hang-ms=M                 an input running longer is a hang (default 20,000 ms)
 *
 * A failure is written to fuzz/findings/<target>-<seed>-<index>.bin with the command that
 * replays it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { createTarget } from './targets/index.ts';
import { TARGET_NAMES, type FuzzFailure, type TargetName } from './target.ts';
import type { WorkerMessage, WorkerTask } from './worker.ts';

/** A million inputs in all by default, shared by cost: an engine call is ~0.5 ms, a label
 * file ~1.5 ms (read, written, read again), a workbook ~7 ms (zipped, parsed, read). */
const DEFAULT_INPUTS: Record<TargetName, number> = { engine: 700_000, xml: 250_000, sheet: 50_000 };
const WORKER_ENTRY = new URL('./worker-entry.mjs', import.meta.url);
const FINDINGS = new URL('./findings/', import.meta.url);

interface Options {
  targets: TargetName[];
  inputs: number | undefined;
  seed: number;
  only: number | undefined;
  workers: number;
  hangMs: number;
}

function parseOptions(argv: string[]): Options {
  const value = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const whole = (name: string, v: string | undefined) => {
    if (v === undefined) return undefined;
    const n = Number(v.replace(/_/g, ''));
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got '${v}'`);
    return n;
  };
  const targets = (value('target')?.split(',') ?? [...TARGET_NAMES]) as TargetName[];
  for (const t of targets) if (!TARGET_NAMES.includes(t)) throw new Error(`unknown target '${t}' (${TARGET_NAMES.join(', ')})`);
  return {
    targets,
    inputs: whole('inputs', value('inputs')),
    seed: whole('seed', value('seed')) ?? (Date.now() % 0x7fff_ffff),
    only: whole('only', value('only')),
    workers: whole('workers', value('workers')) ?? Math.max(1, availableParallelism()),
    hangMs: whole('hang-ms', value('hang-ms')) ?? 20_000,
  };
}

interface Finding {
  index: number;
  failure: FuzzFailure | { kind: 'hang'; message: string; label: string };
}

/** Runs [from, to) of one target on one worker, restarting it after a hang. */
async function runRange(target: TargetName, seed: number, from: number, to: number, hangMs: number, findings: Finding[], counted: (n: number) => void): Promise<void> {
  let start = from;
  while (start < to) {
    const progress = new SharedArrayBuffer(4);
    const seen = new Int32Array(progress);
    Atomics.store(seen, 0, start);
    const task: WorkerTask = { target, seed, from: start, to, progress };
    const worker = new Worker(WORKER_ENTRY, { workerData: task });
    const hungAt = await new Promise<number | null>((resolve, reject) => {
      let last = start;
      let lastChange = Date.now();
      let reported = start;
      const watchdog = setInterval(() => {
        const now = Atomics.load(seen, 0);
        counted(now - reported);
        reported = now;
        if (now !== last) {
          last = now;
          lastChange = Date.now();
        } else if (Date.now() - lastChange > hangMs) {
          clearInterval(watchdog);
          void worker.terminate();
          resolve(now);
        }
      }, 250);
      worker.on('message', (m: WorkerMessage) => {
        if (m.type === 'failure') findings.push({ index: m.index, failure: m.failure });
        else {
          clearInterval(watchdog);
          counted(to - reported);
          resolve(null);
        }
      });
      worker.on('error', (e) => {
        clearInterval(watchdog);
        reject(e);
      });
    });
    if (hungAt === null) return;
    findings.push({ index: hungAt, failure: { kind: 'hang', message: `input ran over ${hangMs} ms`, label: target } });
    start = hungAt + 1;
  }
}

async function fuzzTarget(target: TargetName, options: Options): Promise<{ inputs: number; seconds: number; findings: Finding[] }> {
  const inputs = options.inputs ?? DEFAULT_INPUTS[target];
  const findings: Finding[] = [];
  const started = performance.now();
  let done = 0;
  let lastPrint = started;
  const counted = (n: number) => {
    done += n;
    const now = performance.now();
    if (now - lastPrint > 10_000) {
      lastPrint = now;
      console.error(`  ${target}: ${done.toLocaleString('en')} / ${inputs.toLocaleString('en')} (${Math.round(done / ((now - started) / 1000)).toLocaleString('en')}/s), failures ${findings.length}`);
    }
  };
  const k = Math.min(options.workers, Math.max(1, inputs));
  const per = Math.ceil(inputs / k);
  await Promise.all(Array.from({ length: k }, (_, w) => runRange(target, options.seed, w * per, Math.min(inputs, (w + 1) * per), options.hangMs, findings, counted)));
  return { inputs, seconds: (performance.now() - started) / 1000, findings };
}

function save(target: TargetName, seed: number, finding: Finding): string {
  mkdirSync(FINDINGS, { recursive: true });
  const file = new URL(`${target}-${seed}-${finding.index}.bin`, FINDINGS);
  // A hang's input was never sent back: generate it again (inputs are pure functions of
  // seed and index).
  const input = 'input' in finding.failure ? finding.failure.input : createTarget(target, seed).input(seed, finding.index).input;
  writeFileSync(file, input);
  return file.pathname;
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  if (options.only !== undefined) {
    for (const t of options.targets) {
      const failure = createTarget(t, options.seed).run(options.seed, options.only);
      console.log(`${t} input ${options.only} of seed ${options.seed}: ${failure ? `${failure.kind} in ${failure.label}\n${failure.message}` : 'fine'}`);
      if (failure) return 1;
    }
    return 0;
  }
  console.log(`fuzz: seed ${options.seed}, ${options.workers} worker(s) per target`);
  let failures = 0;
  let total = 0;
  for (const t of options.targets) {
    const { inputs, seconds, findings } = await fuzzTarget(t, options);
    total += inputs;
    failures += findings.length;
    const byKind = new Map<string, number>();
    for (const f of findings) byKind.set(f.failure.kind, (byKind.get(f.failure.kind) ?? 0) + 1);
    const kinds = [...byKind].map(([k, n]) => `${k} ${n}`).join(', ') || 'none';
    console.log(`${t.padEnd(7)} ${inputs.toLocaleString('en').padStart(10)} inputs in ${seconds.toFixed(1)} s (${Math.round(inputs / seconds).toLocaleString('en')}/s); failures: ${kinds}`);
    for (const f of findings.slice(0, 20)) {
      const file = save(t, options.seed, f);
      console.log(`  input ${f.index}: ${f.failure.kind} in ${f.failure.label}: ${f.failure.message.split('\n')[0]}\n    saved ${file}; replay: npm run fuzz -- --target=${t} --seed=${options.seed} --only=${f.index}`);
    }
  }
  console.log(`total ${total.toLocaleString('en')} inputs, ${failures} failure(s)`);
  return failures > 0 ? 1 : 0;
}

process.exitCode = await main();
