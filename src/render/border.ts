/**
 * The label's border picture as a nine-patch (spec: the border image is divided into
 * thirds): the picture's corners are drawn at their own size (borderImageDpm pixels per
 * mm) in the page's corners, the edges stretched along the sides; the middle is not drawn.
 */
import type { BoxMm, ImageElement, LumaImage } from '../engine/types.ts';

function crop(image: LumaImage, x: number, y: number, width: number, height: number): LumaImage {
  const data = new Uint8Array(width * height);
  for (let row = 0; row < height; row++) data.set(image.data.subarray((y + row) * image.width + x, (y + row) * image.width + x + width), row * width);
  return { width, height, data };
}

export function borderPieces(image: LumaImage, dotsPerMm: number, page: BoxMm): ImageElement[] {
  const cw = Math.floor(image.width / 3);
  const ch = Math.floor(image.height / 3);
  if (cw < 1 || ch < 1) return [];
  const xs = [0, cw, image.width - cw];
  const ys = [0, ch, image.height - ch];
  const ws = [cw, image.width - 2 * cw, cw];
  const hs = [ch, image.height - 2 * ch, ch];
  // Corners keep their size, at most half the page each way.
  const cornerW = Math.min(cw / dotsPerMm, page.widthMm / 2);
  const cornerH = Math.min(ch / dotsPerMm, page.heightMm / 2);
  const px = [page.xMm, page.xMm + cornerW, page.xMm + page.widthMm - cornerW];
  const py = [page.yMm, page.yMm + cornerH, page.yMm + page.heightMm - cornerH];
  const pw = [cornerW, page.widthMm - 2 * cornerW, cornerW];
  const ph = [cornerH, page.heightMm - 2 * cornerH, cornerH];
  const out: ImageElement[] = [];
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      if ((r === 1 && c === 1) || ws[c]! < 1 || hs[r]! < 1 || pw[c]! <= 0 || ph[r]! <= 0) continue;
      out.push({ kind: 'image', xMm: px[c]!, yMm: py[r]!, widthMm: pw[c]!, heightMm: ph[r]!, image: crop(image, xs[c]!, ys[r]!, ws[c]!, hs[r]!), dither: 'threshold' });
    }
  }
  return out;
}
