/**
 * The peer pipeline of the render benchmark: what a Node service without our engine would
 * do to print the reference label (render-fixture.ts) on a 1-bit thermal printer.
 *
 * bwip-js draws each symbol with its own rasteriser onto a small @napi-rs/canvas (Skia)
 * canvas (`render(options, drawingCanvas(canvas))`, the browser build's canvas drawing, which
 * needs only getContext('2d')); the label canvas gets a white fill, the border, the two
 * text lines (fillText with the same Liberation Sans and WenQuanYi Micro Hei faces our
 * engine uses) and the symbols composited with drawImage (nearest neighbour; bwip-js draws
 * QR modules 2 pixels wide at its smallest scale, so the QR is scaled to the whole-dot
 * module the engine picks: the largest at which symbol and quiet zone fit the box); then
 * getImageData and a threshold at 50% luminance pack the page into 1-bit rows, MSB first,
 * 1 = black: the same output as the engine's page.
 *
 * Layout follows the label's boxes in mm at the chosen dpi; sizes match to within a dot or
 * two (the benchmark compares cost, not pixels). Symbols are re-encoded for every label, as
 * the data changes from row to row.
 */
import bwipjs from 'bwip-js/browser';
import { fileURLToPath } from 'node:url';
import type { Page } from '../src/engine/types.ts';
import type { referenceRow } from './render-fixture.ts';
import { peerCanvas, type PeerCanvas } from './peer-canvas.ts';

const FONTS = new URL('../public/fonts/', import.meta.url);
/** Code 128 modules of the benchmark's 12-character codes (`ZC20240nnnnn`: B, then C). */
const CODE128_MODULES = 123;
/** QR version 3 (29 modules; 30 bytes exceed version 2-M's 26), as bwip-js draws it (no quiet
 * zone, 2 pixels a module at scale 1). */
const QR_MODULES = 29;
/** With the label's quiet zone of 2 modules a side: what the module size is fitted to. */
const QR_MODULES_WITH_ZONE = QR_MODULES + 4;

let fontsLoaded = false;

function loadFonts(): void {
  if (fontsLoaded) return;
  const { GlobalFonts } = peerCanvas();
  const latin = GlobalFonts.registerFromPath(fileURLToPath(new URL('LiberationSans-Regular.ttf', FONTS)), 'Liberation Sans');
  const cjk = GlobalFonts.registerFromPath(fileURLToPath(new URL('wqy-microhei.ttc', FONTS)), 'WenQuanYi Micro Hei');
  if (!latin || !cjk) throw new Error(`peer pipeline: fonts missing in ${fileURLToPath(FONTS)} (run npm run setup)`);
  fontsLoaded = true;
}

export type Row = ReturnType<typeof referenceRow>;

/** A function rendering one reference label for a data row at `dpi`. */
export function createPeerRenderer(dpi: number): (row: Row) => Page {
  loadFonts();
  const { createCanvas } = peerCanvas();
  const dots = (mm: number) => Math.round((mm * dpi) / 25.4);
  const width = dots(40);
  const height = dots(30);
  const stride = (width + 7) >> 3;
  const label = createCanvas(width, height);
  const ctx = label.getContext('2d');
  ctx.imageSmoothingEnabled = false;
  const barCanvas: PeerCanvas = createCanvas(1, 1);
  const qrCanvas: PeerCanvas = createCanvas(1, 1);
  // The label's boxes (render-fixture.ts), in dots.
  const border = { x: dots(0.5), y: dots(0.5), w: dots(39), h: dots(29), line: Math.max(1, dots(0.3)) };
  const text1 = { x: dots(2), y: dots(1.8), px: (3.2 * dpi) / 25.4 };
  const text2 = { x: dots(2), y: dots(6.3), px: (2.6 * dpi) / 25.4 };
  const bar = { x: dots(2), y: dots(11), w: dots(24), h: dots(16) };
  const qr = { x: dots(27), y: dots(11.5), w: dots(11) };
  const barModule = Math.max(1, Math.floor(bar.w / CODE128_MODULES));
  const qrModule = Math.max(1, Math.floor(qr.w / QR_MODULES_WITH_ZONE));
  const qrSize = qrModule * QR_MODULES;

  return (row) => {
    const [code, name, location, url] = row;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.strokeStyle = '#000';
    ctx.lineWidth = border.line;
    ctx.strokeRect(border.x + border.line / 2, border.y + border.line / 2, border.w - border.line, border.h - border.line);
    ctx.fillStyle = '#000';
    ctx.textBaseline = 'top';
    ctx.font = `${text1.px}px "WenQuanYi Micro Hei"`;
    ctx.fillText(name, text1.x, text1.y);
    ctx.font = `${text2.px}px "Liberation Sans"`;
    ctx.fillText(location, text2.x, text2.y);

    // Code 128: whole-dot modules; bars about as tall as the engine draws them in the box
    // (bwip-js's height is scaled by scaleY, here dots per point).
    bwipjs.render(
      { bcid: 'code128', text: code, scaleX: barModule, scaleY: dpi / 72, height: 19.5, includetext: true, textxalign: 'center' },
      bwipjs.drawingCanvas(barCanvas as unknown as HTMLCanvasElement),
    );
    drawClipped(ctx, barCanvas, bar.x + ((bar.w - barCanvas.width) >> 1), bar.y, bar.w, bar.h);
    // eclevel is BWIPP's option (level M, as the label's); the browser build's types omit it.
    const qrOptions = { bcid: 'qrcode', text: url, eclevel: 'M', scale: 1 };
    bwipjs.render(qrOptions, bwipjs.drawingCanvas(qrCanvas as unknown as HTMLCanvasElement));
    ctx.drawImage(qrCanvas as unknown as CanvasImageSource, qr.x + ((qr.w - qrSize) >> 1), qr.y + ((qr.w - qrSize) >> 1), qrSize, qrSize);

    return { width, height, stride, data: threshold(ctx.getImageData(0, 0, width, height).data, width, height, stride) };
  };
}

function drawClipped(ctx: CanvasRenderingContext2D, src: PeerCanvas, x: number, y: number, w: number, h: number): void {
  const sw = Math.min(src.width, w);
  const sh = Math.min(src.height, h);
  ctx.drawImage(src as unknown as CanvasImageSource, 0, 0, sw, sh, x, y, sw, sh);
}

/** RGBA to 1-bit rows (MSB = leftmost, 1 = black): black where luminance < 128. */
function threshold(rgba: Uint8ClampedArray, width: number, height: number, stride: number): Uint8Array {
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    let at = y * width * 4;
    const row = y * stride;
    for (let x = 0; x < width; x++, at += 4) {
      // ITU-R 601 luma in integers: 299 R + 587 G + 114 B < 128 000.
      if (rgba[at]! * 299 + rgba[at + 1]! * 587 + rgba[at + 2]! * 114 < 128_000) out[row + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return out;
}
