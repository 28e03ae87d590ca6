/**
 * The camera loop with a fake worker held at a gate: one frame in flight at most (ticks while
 * the worker is busy are dropped, not queued), the bitmap transferred, repeats filtered, and
 * replies to frames from before a stop ignored.
 */
import { describe, expect, it } from 'vitest';
import { CameraScanner, type DecodeWorker, type FrameReply, type FrameRequest } from './camera-scanner.ts';

class FakeWorker implements DecodeWorker {
  onmessage: ((event: MessageEvent<FrameReply>) => void) | null = null;
  received: { message: FrameRequest; transfer: Transferable[] }[] = [];
  terminated = false;
  postMessage(message: FrameRequest, transfer: Transferable[]): void {
    this.received.push({ message, transfer });
  }
  terminate(): void {
    this.terminated = true;
  }
  /** Answers request `k` with `texts`. */
  answer(k: number, texts: string[]): void {
    const m = this.received[k]!.message;
    this.onmessage?.({ data: { type: 'decoded', id: m.id, capturedAt: m.capturedAt, codes: texts.map((text) => ({ text, format: 'QrCode' })), decodeMs: 5, width: 640, height: 480 } } as MessageEvent<FrameReply>);
  }
}

function setUp() {
  const worker = new FakeWorker();
  const scans: [string, number][] = [];
  const errors: string[] = [];
  let clock = 0;
  const scanner = new CameraScanner({
    worker,
    grab: async () => ({ bitmap: { id: clock } as unknown as ImageBitmap, capturedAt: (clock += 100) }),
    onScan: (text, at) => scans.push([text, at]),
    onError: (m) => errors.push(m),
  });
  return { worker, scanner, scans, errors };
}

describe('CameraScanner', () => {
  it('keeps one frame in flight and drops ticks while the worker is busy', async () => {
    const { worker, scanner } = setUp();
    await scanner.tick();
    await scanner.tick();
    await scanner.tick();
    expect(worker.received).toHaveLength(1);
    expect(scanner.dropped).toBe(2);
    // The bitmap is transferred, not copied.
    expect(worker.received[0]!.transfer).toEqual([worker.received[0]!.message.bitmap]);
    worker.answer(0, []);
    await scanner.tick();
    expect(worker.received).toHaveLength(2);
  });

  it('reports a text once while it stays in sight, with its frame’s capture time', async () => {
    const { worker, scanner, scans } = setUp();
    for (let k = 0; k < 5; k++) {
      await scanner.tick();
      worker.answer(k, k < 4 ? ['AM-1'] : ['AM-1', 'AM-2']);
    }
    expect(scans).toEqual([
      ['AM-1', 100],
      ['AM-2', 500],
    ]);
  });

  it('ignores a reply to a frame sent before stop, and reports the text anew after a restart', async () => {
    const { worker, scanner, scans } = setUp();
    await scanner.tick();
    worker.answer(0, ['AM-1']);
    await scanner.tick(); // in flight when stopped
    scanner.stop();
    worker.answer(1, ['AM-9']);
    expect(scans.map((s) => s[0])).toEqual(['AM-1']);
    await scanner.tick();
    worker.answer(2, ['AM-1']);
    expect(scans.map((s) => s[0])).toEqual(['AM-1', 'AM-1']);
    scanner.dispose();
    expect(worker.terminated).toBe(true);
  });

  it('stops and reports when the worker cannot load the decoder', async () => {
    const { worker, scanner, errors } = setUp();
    await scanner.tick();
    worker.onmessage?.({ data: { type: 'failed', id: worker.received[0]!.message.id, message: 'no wasm' } } as MessageEvent<FrameReply>);
    expect(errors).toEqual(['no wasm']);
  });
});
