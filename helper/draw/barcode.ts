/**
 * 1D barcode items (JSON `barcode`, Draw1DBarcode): the engine's BARCODE element.
 *
 * Fields (the SDK's DrawBarcodeOptions):
 *   text              the data; `[key]` takes the page's jobArguments
 *   barcodeType       20 UPC-A, 21 UPC-E, 22 EAN-13, 23 EAN-8, 24 Code 39, 25 ITF-25,
 *                     26 Codabar, 27 Code 93, 28 Code 128, 29 ISBN, 30 Code 39 full ASCII,
 *                     60 (and none) automatic; the wdfx names (CODE128, EAN13 ...) as well
 *   textHeight        height of the human-readable text, mm; 0 (the default) prints none
 *   barcodeFlags      1 text below, 2 text above, 4 Code 39 start/stop shown (ours never
 *                     prints the asterisks), 8 a wrong EAN/UPC check digit is corrected;
 *                     default 1 | 4 | 8
 *   textAlignment     0 left, 1 centre (default), 2 right, 3 stretch (justified),
 *                     5 and more: as horizontalAlignment
 *   horizontalAlignment where the bars sit across the box: 0 left (default), 1 centre, 2 right
 *   barPixels         narrow module width in dots (1-7); default: the widest that fits
 *   fontName, fontStyle the text's face (bold 1, italic 2)
 *
 * The vendor's rules for content a type cannot take (its LPA_BarcodeType notes): product
 * codes are padded with leading zeros (EAN-13 from 6 digits, UPC-A, UPC-E, EAN-8), an
 * EAN-8 of more than 8 digits becomes an EAN-13, a 10-digit ISBN gets its 978 prefix, and
 * Code 39, ITF-25, Codabar, Code 93 and ISBN content with characters they lack is drawn as
 * Code 128. Automatic picks ITF-25 for an even number of digits, Codabar for A-D ... A-D,
 * Code 39 for its character set, else Code 128. What still cannot be encoded (an EAN-13
 * with a letter, Code 128 beyond Latin-1) refuses the item with code 1 and the reason.
 */
import { EngineError } from '../../src/engine/errors.ts';
import { MAX_BARCODE_FONT_PT } from '../../src/engine/limits.ts';
import type { BarcodeElement, BoxAlign, LinearType, PageElement, TextAlign, TextPosition } from '../../src/engine/types.ts';
import { fontFamilyFor } from '../../src/render/fonts.ts';
import { CODE, HelperFailure } from '../protocol.ts';
import { contentBox, itemAlignment, itemBox, itemRotation, itemText, sizedToPage, type DrawContext } from './context.ts';
import type { ItemFields } from './fields.ts';
import { DEFAULT_FONT_NAME } from './text.ts';

const MM_PER_PT = 25.4 / 72;
const FLAG_BELOW = 1;
const FLAG_ABOVE = 2;
const FLAG_FIX_CHECK = 8;
const DEFAULT_FLAGS = 1 | 4 | 8;

/** LPA_BarcodeType numbers. */
const BY_NUMBER: Readonly<Record<number, LpaType>> = {
  20: 'upca', 21: 'upce', 22: 'ean13', 23: 'ean8', 24: 'code39', 25: 'itf', 26: 'codabar', 27: 'code93', 28: 'code128', 29: 'isbn', 30: 'code39ext', 60: 'auto',
};
/** Type names (the vendor's wdfx spelling and ours), compared without case or punctuation. */
const BY_NAME: Readonly<Record<string, LpaType>> = {
  upca: 'upca', upce: 'upce', ean13: 'ean13', ean8: 'ean8', code39: 'code39', itf25: 'itf', itf: 'itf', interleaved2of5: 'itf',
  codabar: 'codabar', code93: 'code93', code128: 'code128', isbn: 'isbn', ecode39: 'code39ext', code39extended: 'code39ext',
  code39ext: 'code39ext', itf14: 'itf14', auto: 'auto',
};

type LpaType = LinearType | 'code39ext' | 'auto';

const TEXT_ALIGN: readonly TextAlign[] = ['left', 'center', 'right', 'justify', 'center'];
const BOX_ALIGN: readonly BoxAlign[] = ['left', 'center', 'right', 'center', 'center'];
const CODE39_CHARS = /^[0-9A-Z\-. $/+%]+$/;
const CODABAR_BODY = /^[0-9\-$:/.+]*$/;

export function barcodeElements(f: ItemFields, ctx: DrawContext): PageElement[] {
  const text = itemText(f, ctx);
  if (text === '') return [];
  const rotation = itemRotation(f, ctx);
  const box = contentBox(sizedToPage(itemBox(f), ctx), rotation);
  const flags = f.number(['barcodeFlags', 'flags'], { integer: true, min: 0, max: 255 }) ?? DEFAULT_FLAGS;
  const { type, data } = symbolFor(typeOf(f), text, (flags & FLAG_FIX_CHECK) !== 0, f);
  const textHeightMm = f.length('textHeight', 0) ?? 0;
  const position: TextPosition = textHeightMm === 0 ? 'none' : flags & FLAG_BELOW ? 'below' : flags & FLAG_ABOVE ? 'above' : 'none';
  const hAlign = itemAlignment(f, ['horizontalAlignment', 'horAlignment'], ctx.defaults.hAlign);
  const textAlignment = f.number('textAlignment', { integer: true, min: 0, max: 255 }) ?? 1;
  const style = f.number('fontStyle', { integer: true, min: 0, max: 15 }) ?? 0;
  const barPixels = f.number('barPixels', { integer: true, min: 0, max: 7 });
  const element = {
    kind: 'barcode',
    ...box,
    rotation,
    antiColor: f.flag('antiColor') || undefined,
    type: type === 'code39ext' ? 'code39' : type,
    data,
    fullAscii: type === 'code39ext' || undefined,
    textPosition: position,
    textAlign: textAlignment >= 5 ? TEXT_ALIGN[hAlign]! : (TEXT_ALIGN[textAlignment] ?? 'center'),
    fontSizePt: Math.min(Math.max(textHeightMm, 0.1) / MM_PER_PT, MAX_BARCODE_FONT_PT),
    fontName: fontFamilyFor(f.text('fontName') ?? DEFAULT_FONT_NAME),
    fontBold: (style & 1) !== 0 || undefined,
    fontItalic: (style & 2) !== 0 || undefined,
    boxAlign: BOX_ALIGN[hAlign]!,
    moduleWidthMm: barPixels ? (barPixels * 25.4) / ctx.dpi : undefined,
  } as BarcodeElement;
  checkEncodes(ctx, element, f.where);
  return [element];
}

function typeOf(f: ItemFields): LpaType {
  const raw = f.raw('barcodeType', 'type');
  if (raw === undefined || (typeof raw === 'string' && raw.toLowerCase() === 'barcode')) return 'auto';
  if (typeof raw === 'number' || /^\s*\d+\s*$/.test(String(raw))) {
    const t = BY_NUMBER[Number(raw)];
    if (!t) throw f.fail('barcodeType', `${String(raw)} is not a barcode type (20-30, 60 automatic)`);
    return t;
  }
  const t = BY_NAME[String(raw).toLowerCase().replace(/[^a-z0-9]/g, '')];
  if (!t) throw f.fail('barcodeType', `'${String(raw)}' is not a barcode type (CODE128, EAN13, EAN8, UPCA, UPCE, ISBN, CODE39, CODE93, CODABAR, ITF25)`);
  return t;
}

/** The symbology and data drawn for `text` asked as `type` (the vendor's rules above). */
export function symbolFor(type: LpaType, text: string, fixCheck: boolean, f: ItemFields): { type: LinearType | 'code39ext'; data: string } {
  const digits = /^\d+$/.test(text);
  const need = (ok: boolean, what: string) => {
    if (!ok) throw f.fail('text', `'${text.slice(0, 40)}' is not ${what}`);
  };
  switch (type) {
    case 'auto':
      if (digits && text.length % 2 === 0) return { type: 'itf', data: text };
      if (/^[A-D]/i.test(text) && /[A-D]$/i.test(text) && text.length > 2 && CODABAR_BODY.test(text.slice(1, -1))) return { type: 'codabar', data: text.toUpperCase() };
      if (CODE39_CHARS.test(text)) return { type: 'code39', data: text };
      return code128(text, f);
    case 'ean13':
      need(digits, 'digits (EAN-13)');
      if (text.length === 8 || text.length === 7) return { type: 'ean8', data: withoutCheck(text, 8, fixCheck) };
      need(text.length >= 6 && text.length <= 13, '6 to 13 digits (EAN-13)');
      return { type: 'ean13', data: withoutCheck(text, 13, fixCheck).padStart(12, '0') };
    case 'ean8':
      need(digits, 'digits (EAN-8)');
      if (text.length > 8) return symbolFor('ean13', text, fixCheck, f);
      need(text.length >= 6, '6 to 8 digits (EAN-8)');
      return { type: 'ean8', data: withoutCheck(text, 8, fixCheck).padStart(7, '0') };
    case 'upca':
      need(digits && text.length <= 12, 'up to 12 digits (UPC-A)');
      return { type: 'upca', data: withoutCheck(text, 12, fixCheck).padStart(11, '0') };
    case 'upce': {
      need(digits && text.length <= 8, 'up to 8 digits (UPC-E)');
      let body = withoutCheck(text, 8, fixCheck);
      if (body.length === 8) return { type: 'upce', data: systemDigit(body) };
      if (body.length < 7) body = `0${body.padStart(6, '0')}`;
      return { type: 'upce', data: systemDigit(body) };
    }
    case 'isbn': {
      if (!/^\d+[\dX]?$/i.test(text)) return code128(text, f);
      if (text.length === 13) {
        need(/^97[89]/.test(text), 'an ISBN-13 (978 or 979 first)');
        return { type: 'isbn', data: withoutCheck(text, 13, fixCheck) };
      }
      if (text.length > 13 || text.length === 12 || text.length === 11) return code128(text, f);
      // ISBN-10 (its check digit may be X) or shorter: 978 + the first nine digits.
      const nine = (text.length === 10 ? text.slice(0, 9) : text.replace(/X$/i, '')).padStart(9, '0');
      return { type: 'isbn', data: `978${nine}` };
    }
    case 'code39':
      return CODE39_CHARS.test(text) ? { type: 'code39', data: text } : code128(text, f);
    case 'code39ext':
    case 'code93':
      return /^[\x00-\x7f]+$/.test(text) ? { type, data: text } : code128(text, f);
    case 'itf':
      return digits ? { type: 'itf', data: text.length % 2 === 1 ? `0${text}` : text } : code128(text, f);
    case 'itf14':
      need(digits && (text.length === 13 || text.length === 14), '13 or 14 digits (ITF-14)');
      return { type: 'itf14', data: withoutCheck(text, 14, fixCheck) };
    case 'codabar':
      return /^[A-D]?[0-9\-$:/.+]+[A-D]?$/i.test(text) ? { type: 'codabar', data: text.toUpperCase() } : code128(text, f);
    default:
      return code128(text, f);
  }
}

function code128(text: string, f: ItemFields): { type: 'code128'; data: string } {
  if (!/^[\x00-\xff]+$/.test(text)) throw f.fail('text', `'${text.slice(0, 40)}' has characters no 1D barcode encodes (Code 128 takes Latin-1); use a QR code`);
  return { type: 'code128', data: text };
}

/** A full-length product code loses its check digit when the engine is to compute it. */
function withoutCheck(text: string, full: number, fixCheck: boolean): string {
  return text.length === full && fixCheck ? text.slice(0, -1) : text;
}

/** UPC-E's number system is 0 or 1; any other first digit is read as 0 (the vendor's rule). */
function systemDigit(body: string): string {
  return body[0] === '0' || body[0] === '1' ? body : `0${body.slice(1)}`;
}

/** Encodes the symbol once now, so bad data refuses its item by name before anything prints. */
export function checkEncodes(ctx: DrawContext, element: BarcodeElement | (PageElement & { kind: 'qrcode' }), where: string): void {
  const { kind: _kind, xMm: _x, yMm: _y, widthMm: _w, heightMm: _h, rotation: _r, antiColor: _a, mirror: _m, moduleWidthMm: _mw, ...request } = element as BarcodeElement;
  const req = { ...request, type: (request as { type?: string }).type ?? 'qrcode' } as Parameters<typeof ctx.engine.encode>[0];
  try {
    ctx.engine.encode(req);
  } catch (e) {
    if (e instanceof EngineError) throw new HelperFailure(CODE.parameter, `${where}: ${e.message}`);
    throw e;
  }
}
