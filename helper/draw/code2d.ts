/**
 * 2D code items: JSON `qrcode`, `pdf417`, `dataMatrix`, `gridMatrix` (Draw2DQRCode,
 * Draw2DPdf417, Draw2DDataMatrix, Draw2DGridMatrix): the engine's 2D code element, text
 * as UTF-8. The symbol is the largest whole-dot module size that fits the box (or
 * `pixels` dots a module), placed by the box alignment (default top-left), with no quiet
 * zone unless `quietZone` (modules) asks for one: the vendor's helper fills the box.
 *
 * Fields (the SDK's Draw*Options):
 *   QR Code     eccLevel 0 L (default) 1 M 2 Q 3 H (or the letters); qrcVersion: the
 *               smallest version used (1-40); qrcPixels; height defaults to width
 *   PDF417      eccLevel 0 automatic, 1-8; codeColumns 1-30; codeRows 3-90; p417Pixels
 *   Data Matrix symbolShape 0 automatic, 1 square, 2 rectangle; dmtxPixels
 *   Grid Matrix layers 1-13 (0 automatic); eccLevel 1-5 (0 automatic); pixels
 * Data a symbol cannot hold refuses the item with code 1 and the engine's reason.
 */
import type { BoxAlign, BoxVerticalAlign, MatrixType, PageElement, QrcodeElement, QrEcc } from '../../src/engine/types.ts';
import { checkEncodes } from './barcode.ts';
import { contentBox, itemAlignment, itemBox, itemRotation, itemText, sizedToPage, type DrawContext } from './context.ts';
import type { ItemFields } from './fields.ts';

const BOX_ALIGN: readonly BoxAlign[] = ['left', 'center', 'right', 'center', 'center'];
const BOX_V_ALIGN: readonly BoxVerticalAlign[] = ['top', 'middle', 'bottom', 'middle', 'middle'];
const QR_ECC: readonly QrEcc[] = ['L', 'M', 'Q', 'H'];

export function code2dElements(type: MatrixType, f: ItemFields, ctx: DrawContext): PageElement[] {
  const text = itemText(f, ctx);
  if (text === '') return [];
  const rotation = itemRotation(f, ctx);
  const sent = itemBox(f);
  // A QR code without a height is square (spec section 5: "no height uses its width").
  if (type === 'qrcode' && sent.heightMm === 0 && sent.widthMm > 0) sent.heightMm = sent.widthMm;
  const box = contentBox(sizedToPage(sent, ctx), rotation);
  const hAlign = itemAlignment(f, ['horizontalAlignment', 'horAlignment'], ctx.defaults.hAlign);
  const vAlign = itemAlignment(f, ['verticalAlignment', 'verAlignment'], ctx.defaults.vAlign);
  const pixels = f.number(['pixels', 'qrcPixels', 'p417Pixels', 'dmtxPixels'], { integer: true, min: 0, max: 100 });
  const base = {
    kind: 'qrcode' as const,
    ...box,
    rotation,
    antiColor: f.flag('antiColor') || undefined,
    data: text,
    quietZone: f.number(['quietZone', 'zoneSize'], { integer: true, min: 0, max: 20 }) ?? 0,
    boxAlign: BOX_ALIGN[hAlign]!,
    boxVerticalAlign: BOX_V_ALIGN[vAlign]!,
    moduleWidthMm: pixels ? (pixels * 25.4) / ctx.dpi : undefined,
  };
  const element = { ...base, ...optionsFor(type, f, ctx, text) } as QrcodeElement;
  checkEncodes(ctx, element, f.where);
  return [element];
}

function optionsFor(type: MatrixType, f: ItemFields, ctx: DrawContext, text: string): Record<string, unknown> {
  switch (type) {
    case 'qrcode': {
      const ecc = qrEcc(f);
      const minVersion = f.number(['qrcVersion', 'version'], { integer: true, min: 0, max: 40 }) ?? 0;
      if (minVersion === 0) return { type: 'qrcode', ecc };
      // The smallest version used: the data's own when it needs a larger one.
      const own = ctx.engine.encode({ type: 'qrcode', data: text, ecc });
      return { type: 'qrcode', ecc, version: own.kind === 'matrix' ? Math.max(own.version, minVersion) : minVersion };
    }
    case 'pdf417':
      return {
        type: 'pdf417',
        ecc: zeroIsAuto(f.number('eccLevel', { integer: true, min: -1, max: 8 })),
        columns: zeroIsAuto(f.number(['codeColumns', 'columns', 'cols'], { integer: true, min: 0, max: 30 })),
        rows: zeroIsAuto(f.number(['codeRows', 'rows'], { integer: true, min: 0, max: 90 })),
      };
    case 'datamatrix': {
      const shape = f.number(['symbolShape', 'dmCodeShape'], { integer: true, min: 0, max: 2 }) ?? 0;
      return { type: 'datamatrix', shape: shape === 1 ? 'square' : shape === 2 ? 'rectangle' : 'auto' };
    }
    case 'gridmatrix':
      return {
        type: 'gridmatrix',
        layers: zeroIsAuto(f.number(['layers', 'gmVersion', 'version'], { integer: true, min: 0, max: 13 })),
        ecc: zeroIsAuto(f.number(['eccLevel', 'gmEccLevel'], { integer: true, min: 0, max: 5 })),
      };
  }
}

function qrEcc(f: ItemFields): QrEcc {
  const raw = f.raw('eccLevel', 'ecc');
  if (raw === undefined) return 'L';
  if (typeof raw === 'string' && /^[LMQH]$/i.test(raw.trim())) return raw.trim().toUpperCase() as QrEcc;
  return QR_ECC[f.number(['eccLevel', 'ecc'], { integer: true, min: 0, max: 3 })!]!;
}

/** 0 and -1 (the SDK's "automatic") are left to the engine. */
function zeroIsAuto(v: number | undefined): number | undefined {
  return v === undefined || v <= 0 ? undefined : v;
}
