/**
 * Camera-like frames of real label pages, for the scanner's tests and its fake camera
 * (e2e/fake-camera.ts): labels rendered by our engine at 203 dpi, each placed on a grey
 * background at some scale and offset, as a camera would see a label held in front of it.
 */
import type { Engine } from '../engine/engine.ts';
import type { Page } from '../engine/page-types.ts';
import { createLabel, type LabelInput } from '../label/label.ts';
import { openJob } from '../print/job.ts';
import type { LumaFrame } from './decode.ts';

/** The symbologies an asset label carries its code in. */
export type LabelSymbology = 'qrcode' | 'datamatrix' | 'code128';

/** A 50 x 30 mm label carrying `code` as one code of `symbology`, with the code as text. */
export function assetLabel(symbology: LabelSymbology, code: string): LabelInput {
  const code2d = { kind: 'qrcode', x: 3, y: 3, width: 24, height: 24, type: symbology, content: code, contentType: 1 };
  const code1d = { kind: 'barcode', x: 3, y: 3, width: 44, height: 16, type: 'code128', content: code, contentType: 1 };
  return {
    labelWidth: 50,
    labelHeight: 30,
    children: [symbology === 'code128' ? code1d : code2d, { kind: 'text', x: symbology === 'code128' ? 3 : 29, y: 22, width: 19, height: 5, content: code, contentType: 1 }],
  } as LabelInput;
}

/** The label rendered at 203 dpi (1-bit page, 1 = black). */
export function renderLabel(engine: Engine, label: LabelInput): Page {
  const job = openJob(engine, createLabel(label), null, { dpi: 203, timeMs: Date.UTC(2026, 0, 1) });
  if (!job.ok) throw new Error(`label job: ${JSON.stringify(job.error)}`);
  const page = job.value.page(0);
  if (!page.ok) throw new Error(`label page: ${JSON.stringify(page.error)}`);
  return page.value;
}

/** Luma of the frame's parts (0-255): a mid-grey desk, white label stock, black print. */
export const FRAME_LUMA = { background: 120, paper: 230, ink: 30 } as const;

export interface Placement {
  /** Label dots -> frame pixels (e.g. 1.2: a dot is 1.2 pixels). */
  scale: number;
  /** The label's centre from the frame's centre, pixels. */
  dx: number;
  dy: number;
}

/** A `width` x `height` frame with `page` placed on it (nearest-neighbour scaling). */
export function cameraFrame(page: Page, placement: Placement, width = 640, height = 480): LumaFrame {
  const luma = new Uint8Array(width * height).fill(FRAME_LUMA.background);
  const w = Math.round(page.width * placement.scale);
  const h = Math.round(page.height * placement.scale);
  const x0 = Math.round((width - w) / 2 + placement.dx);
  const y0 = Math.round((height - h) / 2 + placement.dy);
  for (let y = Math.max(0, y0); y < Math.min(height, y0 + h); y++) {
    const sy = Math.min(page.height - 1, Math.floor((y - y0) / placement.scale));
    const row = sy * page.stride;
    for (let x = Math.max(0, x0); x < Math.min(width, x0 + w); x++) {
      const sx = Math.min(page.width - 1, Math.floor((x - x0) / placement.scale));
      const black = (page.data[row + (sx >> 3)]! >> (7 - (sx & 7))) & 1;
      luma[y * width + x] = black ? FRAME_LUMA.ink : FRAME_LUMA.paper;
    }
  }
  return { luma, width, height };
}
