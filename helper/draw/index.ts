/**
 * Drawing items onto a helper page with our engine: every item type of JSON mode and of the
 * Draw* calls compiles to the engine's display-list elements (one file a kind beside this
 * one), and a page is rendered by the engine at the printer's resolution. So a page a
 * vendor-SDK client draws comes out dot for dot as our own labels do: the same text
 * layout, fonts, symbol encoders and module snapping.
 *
 *   const elements = await compileItem('qrcode', ItemFields.fromObject(item, 1, 'jobPages[0][2]'), ctx);
 *   const bitmap = renderHelperPage(engine, { widthMm, heightMm, dpi, elements, turn });
 *
 * An item the helper cannot draw (a type it does not know, data a symbol cannot hold, an
 * image it cannot read) throws HelperFailure naming the item; callers compile every item of
 * a job before the first page prints.
 */
import { EngineError } from '../../src/engine/errors.ts';
import type { Engine } from '../../src/engine/engine.ts';
import type { PageElement, Rotation } from '../../src/engine/types.ts';
import type { Bitmap } from '../printer.ts';
import { clip, CODE, HelperFailure } from '../protocol.ts';
import { barcodeElements } from './barcode.ts';
import { code2dElements } from './code2d.ts';
import type { DrawContext } from './context.ts';
import type { ItemFields } from './fields.ts';
import { imageElements } from './image.ts';
import { circleElements, lineElements, shapeElements } from './shapes.ts';
import { tableElements } from './table.ts';
import { textElements } from './text.ts';
import { wdfxElements } from './wdfx.ts';

type Compile = (f: ItemFields, ctx: DrawContext) => PageElement[] | Promise<PageElement[]>;

/** Item types by their name with case and punctuation dropped (JSON `type`). */
const COMPILERS: Readonly<Record<string, Compile>> = {
  text: textElements,
  string: textElements,
  barcode: barcodeElements,
  '1dbarcode': barcodeElements,
  qrcode: (f, ctx) => code2dElements('qrcode', f, ctx),
  qr: (f, ctx) => code2dElements('qrcode', f, ctx),
  pdf417: (f, ctx) => code2dElements('pdf417', f, ctx),
  datamatrix: (f, ctx) => code2dElements('datamatrix', f, ctx),
  gridmatrix: (f, ctx) => code2dElements('gridmatrix', f, ctx),
  image: imageElements,
  picture: imageElements,
  photo: imageElements,
  logo: imageElements,
  rect: (f, ctx) => shapeElements('rect', f, ctx),
  rectangle: (f, ctx) => shapeElements('rect', f, ctx),
  fillrectangle: (f, ctx) => shapeElements('rect', f, ctx, true),
  roundrect: (f, ctx) => shapeElements('roundrect', f, ctx),
  roundrectangle: (f, ctx) => shapeElements('roundrect', f, ctx),
  fillroundrectangle: (f, ctx) => shapeElements('roundrect', f, ctx, true),
  ellipse: (f, ctx) => shapeElements('ellipse', f, ctx),
  fillellipse: (f, ctx) => shapeElements('ellipse', f, ctx, true),
  circle: circleElements,
  line: (f, ctx) => lineElements(f, ctx, false),
  dashline: (f, ctx) => lineElements(f, ctx, true),
  table: (f, ctx) => tableElements(f, ctx, compileItem),
  wdfx: wdfxElements,
  template: wdfxElements,
};

/** The item types JSON mode takes, as the SDK spells them (for messages and the README). */
export const ITEM_TYPES = [
  'text', 'barcode', 'qrcode', 'pdf417', 'dataMatrix', 'gridMatrix', 'image', 'table', 'rect', 'rectangle',
  'roundRectangle', 'ellipse', 'circle', 'line', 'dashLine', 'wdfx',
] as const;

function typeKey(type: string): string {
  return type.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The elements one item draws (none for empty text). */
export async function compileItem(type: string, f: ItemFields, ctx: DrawContext): Promise<PageElement[]> {
  const key = typeKey(type);
  if (!Object.hasOwn(COMPILERS, key)) {
    throw new HelperFailure(CODE.unsupported, `${f.where}: item type '${clip(type)}' is not supported (types: ${ITEM_TYPES.join(', ')})`);
  }
  return COMPILERS[key]!(f, ctx);
}

export interface HelperPage {
  widthMm: number;
  heightMm: number;
  dpi: number;
  elements: readonly PageElement[];
  /** The finished page turned clockwise (the job's orientation). */
  turn?: Rotation;
}

/**
 * The page as the printer gets it. An engine refusal (too many elements, too much drawing)
 * is code 1 with the engine's reason, naming the item when the engine names an element.
 */
export function renderHelperPage(engine: Engine, page: HelperPage, where: (element: number) => string = (i) => `element ${i + 1}`): Bitmap {
  try {
    return engine.renderPage({ widthMm: page.widthMm, heightMm: page.heightMm, dpi: page.dpi, elements: page.elements, turn: page.turn || undefined });
  } catch (e) {
    if (e instanceof EngineError) {
      const at = e.element !== undefined ? `${where(e.element)}: ` : '';
      throw new HelperFailure(CODE.parameter, `${at}${e.message}`);
    }
    throw e;
  }
}
