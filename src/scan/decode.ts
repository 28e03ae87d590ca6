/**
 * Decoding one camera frame with rxing-wasm: the pure part of the camera scanner, shared by
 * the decode worker (decode-worker.ts) and the Node tests.
 *
 *   const codes = decodeFrame(rxing, { luma, width, height });   // [] when nothing is read
 *
 * A frame is 8-bit luma (0 black, 255 white), row after row. rxing is told which symbologies
 * to look for (hint PossibleFormats), as a hand scanner is set up: without it every detector
 * runs over each frame, many times slower. TryHarder is off by default: it makes a miss
 * several times slower, and at 5-10 frames a second the next frame is the better retry.
 *
 * The centre of the frame is tried first (where the viewfinder points the user, and a
 * quarter of the pixels), then the whole frame: a label held anywhere is still read, one
 * held in the viewfinder is read sooner.
 */
import type { Rxing } from '../print/scan.ts';

/** What the camera scanner reads: QR, Data Matrix and Code 128 (asset labels), Code 39
 * and EAN-13 (makers' labels), in rxing's names. */
export const SCAN_FORMATS = ['QrCode', 'DataMatrix', 'Code128', 'Code39', 'Ean13'] as const;
export type ScanFormat = (typeof SCAN_FORMATS)[number];

/** rxing-wasm BarcodeFormat numbers of SCAN_FORMATS (rxing_wasm.d.ts). */
const FORMAT_BY_NUMBER: Record<number, ScanFormat> = { 11: 'QrCode', 5: 'DataMatrix', 4: 'Code128', 2: 'Code39', 7: 'Ean13' };

/** rxing-wasm DecodeHintTypes (rxing_wasm.d.ts). */
const HINT = { PossibleFormats: 2, TryHarder: 3 } as const;

/** The centre crop tried first: this fraction of the width and of the height (0-1). */
export const CENTRE_FRACTION = 0.5;

export interface LumaFrame {
  /** 8-bit luma, `width * height` bytes, row after row. */
  luma: Uint8Array;
  width: number;
  height: number;
}

export interface DecodeOptions {
  /** rxing's TryHarder (slower, reads worse images); default off. */
  tryHarder?: boolean;
  /** Symbologies to look for; default SCAN_FORMATS. */
  formats?: readonly ScanFormat[];
}

export interface DecodedCode {
  text: string;
  /** The symbology read (rxing's name), or 'other'. */
  format: ScanFormat | 'other';
}

/** The code read from `frame` (the centre first, then the whole frame), or none. */
export function decodeFrame(rxing: Rxing, frame: LumaFrame, options: DecodeOptions = {}): DecodedCode[] {
  const hints = new rxing.DecodeHintDictionary();
  try {
    hints.set_hint(HINT.PossibleFormats, (options.formats ?? SCAN_FORMATS).join(','));
    if (options.tryHarder) hints.set_hint(HINT.TryHarder, 'true');
    const centre = centreCrop(frame, CENTRE_FRACTION);
    return decodeOne(rxing, centre, hints) ?? decodeOne(rxing, frame, hints) ?? [];
  } finally {
    hints.free();
  }
}

/** The middle `fraction` of the frame's width and height, copied out. */
export function centreCrop(frame: LumaFrame, fraction: number): LumaFrame {
  const width = Math.max(1, Math.round(frame.width * fraction));
  const height = Math.max(1, Math.round(frame.height * fraction));
  const x0 = (frame.width - width) >> 1;
  const y0 = (frame.height - height) >> 1;
  const luma = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const from = (y0 + y) * frame.width + x0;
    luma.set(frame.luma.subarray(from, from + width), y * width);
  }
  return { luma, width, height };
}

function decodeOne(rxing: Rxing, frame: LumaFrame, hints: InstanceType<Rxing['DecodeHintDictionary']>): DecodedCode[] | null {
  try {
    const result = rxing.decode_barcode_with_hints(frame.luma, frame.width, frame.height, hints);
    try {
      return [{ text: result.text(), format: FORMAT_BY_NUMBER[result.format()] ?? 'other' }];
    } finally {
      result.free();
    }
  } catch {
    return null; // rxing throws when it finds nothing
  }
}

/**
 * RGBA pixels (ImageData.data) -> 8-bit luma, ITU-R BT.601 weights in integers
 * (77 R + 150 G + 29 B) / 256.
 */
export function rgbaToLuma(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): Uint8Array {
  const luma = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < luma.length; i++, p += 4) luma[i] = (77 * rgba[p]! + 150 * rgba[p + 1]! + 29 * rgba[p + 2]!) >> 8;
  return luma;
}
