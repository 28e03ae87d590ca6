/**
 * A fake camera for Chromium made of printed labels: each label rendered by our engine
 * (src/scan/testing.ts: 50 x 30 mm at 203 dpi, its code as QR, Data Matrix or Code 128),
 * placed on a grey background at some scale and offset, held for a number of frames with
 * empty frames between labels, written as a YUV4MPEG2 file (.y4m, 4:2:0) that Chromium plays
 * as its camera, in a loop:
 *
 *   const file = await writeFakeCamera(dir, [{ code: 'AM-1', symbology: 'qrcode' }, ...]);
 *   const browser = await chromium.launch({ ..., args: [...CHROMIUM_ARGS, ...fakeCameraArgs(file)] });
 *
 * Files are made at test time in a temporary directory (a 640 x 480 frame is 450 KiB), never
 * committed.
 */
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { Engine } from '../src/engine/engine';
import { loadLabelEngine } from '../src/render/pool-renderer';
import { assetLabel, cameraFrame, renderLabel, type LabelSymbology, type Placement } from '../src/scan/testing';

export interface FakeCameraLabel {
  code: string;
  symbology: LabelSymbology;
}

export interface FakeCameraOptions {
  /** Frames each label is held (default 15: one second at 15 fps). */
  framesPerLabel?: number;
  /** Empty frames (the background alone) after each label (default 5). */
  gapFrames?: number;
  /** Frames a second (default 15). */
  fps?: number;
  width?: number;
  height?: number;
}

/** Chromium's flags that make `file` its only camera and grant the camera without asking. */
export function fakeCameraArgs(file: string): string[] {
  return ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${file}`];
}

/** Scales and offsets the labels take in turn (label dots -> pixels; offsets in pixels). */
const PLACEMENTS: Placement[] = [
  { scale: 1.1, dx: 0, dy: 0 },
  { scale: 1.3, dx: 30, dy: -20 },
  { scale: 0.9, dx: -60, dy: 40 },
  { scale: 1.2, dx: 20, dy: 30 },
];

/** Writes the video to `dir`/fake-camera.y4m and returns its path. */
export async function writeFakeCamera(dir: string, labels: readonly FakeCameraLabel[], options: FakeCameraOptions = {}, engine?: Engine): Promise<string> {
  const { framesPerLabel = 15, gapFrames = 5, fps = 15, width = 640, height = 480 } = options;
  if (width % 2 || height % 2) throw new Error('4:2:0 needs an even width and height');
  const labelEngine = engine ?? (await loadLabelEngine());
  const file = join(dir, 'fake-camera.y4m');
  const out = await open(file, 'w');
  try {
    // C420jpeg: 4:2:0 with centred chroma, the layout Chromium's file capture reads.
    await out.write(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);
    // Grey: chroma 128 everywhere; only the luma plane differs between frames.
    const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
    const frame = async (luma: Uint8Array) => {
      await out.write('FRAME\n');
      await out.write(luma);
      await out.write(chroma);
    };
    const empty = cameraFrame({ width: 0, height: 0, stride: 0, data: new Uint8Array(0) }, { scale: 1, dx: 0, dy: 0 }, width, height).luma;
    for (const [i, label] of labels.entries()) {
      const page = renderLabel(labelEngine, assetLabel(label.symbology, label.code));
      const { luma } = cameraFrame(page, PLACEMENTS[i % PLACEMENTS.length]!, width, height);
      for (let k = 0; k < framesPerLabel; k++) await frame(luma);
      for (let k = 0; k < gapFrames; k++) await frame(empty);
    }
  } finally {
    await out.close();
  }
  return file;
}
