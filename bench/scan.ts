/**
 * The camera scanner in Debian's Chromium (issue 15, "Benchmarks"): Chromium's fake camera
 * plays a video of printed labels (e2e/fake-camera.ts: LABELS labels of our engine, QR,
 * Data Matrix and Code 128 in turn, each held 1 s at 15 fps with 1/3 s of empty desk
 * between), the transaction form's asset picker (ScannerPanel) scans it for SECONDS.
 *
 * | figure | what it is |
 * |---|---|
 * | frames/s | frames decoded in the worker a second of wall time (the loop grabs at most 10 a second, FRAME_INTERVAL_MS, and drops ticks while a frame is in the worker) |
 * | decode ms | the worker's time a frame: drawing the ImageBitmap on its OffscreenCanvas, luma, rxing (median, p95); 1000 / mean = frames a second the worker could take |
 * | scan-to-result | from the frame's grab (performance.now() before createImageBitmap) to onScan having been called for its text (median, p95): grab, transfer, queue, decode, reply |
 * | peer: Node | the same frames (the video's label frames) decoded by decodeFrame with rxing-wasm in Node, TryHarder off (as the worker) and on: what the browser's worker and transfer add, and what TryHarder would cost |
 *
 * The app is the built one (dist/, `npx vite build` first) on the real server
 * (e2e/harness.ts). `--scan-seconds=N` (default 30), `--scan-labels=N` (default 12). Never
 * fails on a time.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as rxing from 'rxing-wasm';
import { chromium } from 'playwright-core';
import { fakeCameraArgs, writeFakeCamera, type FakeCameraLabel } from '../e2e/fake-camera.ts';
import { CHROMIUM_ARGS, startServer } from '../e2e/harness.ts';
import { loadLabelEngine } from '../src/render/pool-renderer.ts';
import { decodeFrame } from '../src/scan/decode.ts';
import { assetLabel, cameraFrame, renderLabel } from '../src/scan/testing.ts';

const arg = (name: string, fallback: number) => {
  const v = process.argv.find((a) => a.startsWith(`--${name}=`));
  const n = v ? Number(v.split('=')[1]) : fallback;
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number of at least 1`);
  return n;
};
const SECONDS = arg('scan-seconds', 30);
const LABEL_COUNT = arg('scan-labels', 12);
const SYMBOLOGIES = ['qrcode', 'datamatrix', 'code128'] as const;
const LABELS: FakeCameraLabel[] = Array.from({ length: LABEL_COUNT }, (_, i) => ({ code: `AM-${String(i + 1).padStart(5, '0')}`, symbology: SYMBOLOGIES[i % 3]! }));

export interface ScanBenchResult {
  bench: 'scan';
  unit: 'milliseconds';
  browser: string;
  machine: { cpus: number; load1: number };
  video: { labels: number; width: number; height: number; fps: number };
  seconds: number;
  frames: { decoded: number; perSecond: number; decodeMedianMs: number; decodeP95Ms: number; workerCapacityPerSecond: number };
  scans: { count: number; distinct: number; medianMs: number; p95Ms: number };
  peerNode: { frames: number; medianMs: number; tryHarderMedianMs: number };
}

function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
}
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

/** The label frames of the video decoded in Node: median ms with TryHarder off and on. */
async function nodePeer(): Promise<ScanBenchResult['peerNode']> {
  const engine = await loadLabelEngine();
  const placements = [
    { scale: 1.1, dx: 0, dy: 0 },
    { scale: 1.3, dx: 30, dy: -20 },
    { scale: 0.9, dx: -60, dy: 40 },
    { scale: 1.2, dx: 20, dy: 30 },
  ];
  const frames = LABELS.map((l, i) => cameraFrame(renderLabel(engine, assetLabel(l.symbology, l.code)), placements[i % placements.length]!));
  const time = (tryHarder: boolean) => {
    const ms: number[] = [];
    for (let pass = 0; pass < 5; pass++) {
      for (const f of frames) {
        const t = performance.now();
        decodeFrame(rxing, f, { tryHarder });
        ms.push(performance.now() - t);
      }
    }
    return round(quantile(ms, 0.5), 2);
  };
  time(false); // warm-up
  return { frames: frames.length, medianMs: time(false), tryHarderMedianMs: time(true) };
}

export async function run({ json = false }: { json?: boolean } = {}): Promise<ScanBenchResult> {
  const dir = await mkdtemp(join(tmpdir(), 'assetmark-bench-scan-'));
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...fakeCameraArgs(await writeFakeCamera(dir, LABELS))] });
  try {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    // The scanner's diagnostic events (src/scan/useCameraScanner.ts), collected in the page.
    await page.addInitScript(() => {
      const w = window as unknown as { scanBench: { frames: { capturedAt: number; decodeMs: number }[]; scans: { text: string; capturedAt: number; reportedAt: number }[] } };
      w.scanBench = { frames: [], scans: [] };
      window.addEventListener('assetmark:scan-frame', (e) => w.scanBench.frames.push((e as CustomEvent).detail));
      window.addEventListener('assetmark:scan', (e) => w.scanBench.scans.push((e as CustomEvent).detail));
    });
    await page.goto('/login');
    await page.locator('[data-testid="use-demo"]').click();
    await page.locator('[data-testid="login-submit"]').click();
    await page.waitForURL('**/dashboard');
    await page.goto('/asset/businessInfo?type=Alter');
    await page.locator('[data-testid="scanner-camera-start"]').click();
    // From the first decoded frame (rxing-wasm loaded in the worker) for SECONDS.
    await page.waitForFunction(() => (window as unknown as { scanBench: { frames: unknown[] } }).scanBench.frames.length > 0, null, { timeout: 60_000 });
    await page.evaluate(() => {
      const b = (window as unknown as { scanBench: { frames: unknown[]; scans: unknown[] } }).scanBench;
      b.frames.length = 0;
      b.scans.length = 0;
    });
    const started = Date.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const wallMs = Date.now() - started;
    const { frames, scans } = await page.evaluate(() => (window as unknown as { scanBench: { frames: { decodeMs: number }[]; scans: { text: string; capturedAt: number; reportedAt: number }[] } }).scanBench);
    await page.locator('[data-testid="scanner-camera-stop"]').click();

    const decodeMs = frames.map((f) => f.decodeMs);
    const latency = scans.map((s) => s.reportedAt - s.capturedAt);
    const meanDecode = decodeMs.reduce((a, b) => a + b, 0) / Math.max(1, decodeMs.length);
    const result: ScanBenchResult = {
      bench: 'scan',
      unit: 'milliseconds',
      browser: `Chromium ${browser.version()}`,
      machine: { cpus: availableParallelism(), load1: round(loadavg()[0]!, 2) },
      video: { labels: LABELS.length, width: 640, height: 480, fps: 15 },
      seconds: round(wallMs / 1000),
      frames: {
        decoded: frames.length,
        perSecond: round(frames.length / (wallMs / 1000)),
        decodeMedianMs: round(quantile(decodeMs, 0.5), 2),
        decodeP95Ms: round(quantile(decodeMs, 0.95), 2),
        workerCapacityPerSecond: round(1000 / meanDecode),
      },
      scans: { count: scans.length, distinct: new Set(scans.map((s) => s.text)).size, medianMs: round(quantile(latency, 0.5)), p95Ms: round(quantile(latency, 0.95)) },
      peerNode: await nodePeer(),
    };
    if (json) {
      console.log(JSON.stringify(result));
    } else {
      const f = result.frames;
      const s = result.scans;
      console.log(`\ncamera scanner in ${result.browser}, fake camera 640 x 480 at 15 fps, ${LABELS.length} labels (QR, Data Matrix, Code 128), ${result.seconds} s`);
      console.log(`  worker: ${f.decoded} frames, ${f.perSecond} frames/s decoded (loop capped at 10/s); decode median ${f.decodeMedianMs} ms, p95 ${f.decodeP95Ms} ms -> worker capacity ${f.workerCapacityPerSecond} frames/s`);
      console.log(`  scan-to-result (frame grabbed -> onScan called): ${s.count} scans of ${s.distinct} codes, median ${s.medianMs} ms, p95 ${s.p95Ms} ms`);
      console.log(`  peer, the same label frames in Node (rxing-wasm, decodeFrame): median ${result.peerNode.medianMs} ms; with TryHarder ${result.peerNode.tryHarderMedianMs} ms`);
      console.log(`  machine: ${result.machine.cpus} cpus, load ${result.machine.load1}`);
    }
    return result;
  } finally {
    await browser.close();
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run({ json: process.argv.includes('--json') });
