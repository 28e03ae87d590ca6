/**
 * Barcode control (spec section 3, Barcode; tag `<Barcode>`): a linear symbol with its
 * human-readable text. Default Code 128, 30 by 10 mm, text below and centred in 5 points.
 * The content defaults to the type's sample (spec). The minimum width is the symbol's
 * module count at one dot per module (spec section 5: it depends on the model length).
 * Types, samples and module counts are the engine's table's (src/engine/symbologies.ts);
 * the vendor's spellings of the types (barcodeType="CODE128", "EAN-13") are here, with
 * the XML mapping.
 */
import { MAX_BARCODE_FONT_MM } from '../../engine/limits.ts';
import { LINEAR_TYPES, SYMBOLOGIES } from '../../engine/symbologies.ts';
import type { LinearType } from '../../engine/types.ts';
import { fontHeight, int, nameChoice, numberChoice, text } from '../schema.ts';
import { ptToMm, round3 } from '../units.ts';
import { boxFields, contentFields, defaultFontName, type Alignment } from './common.ts';
import { defineKind } from './kind.ts';

/** The linear types: the engine's (src/engine/symbologies.ts), in its table's order. */
export const BARCODE_TYPES: readonly LinearType[] = LINEAR_TYPES;
export type BarcodeType = LinearType;

/** Where the human-readable text goes (spec: none, upper, below (default), mask). */
export const TEXT_POSITIONS = ['none', 'above', 'below', 'mask'] as const;
export type TextPosition = (typeof TEXT_POSITIONS)[number];

/** The vendor's spelling of each type: capitals without separators (barcodeType="CODE128";
 * spec section 3: EAN13, EAN8, UPCA, UPCE, ISBN, Code39, Codabar). */
const VENDOR_TYPE_NAMES = Object.fromEntries(BARCODE_TYPES.map((t) => [t, t.toUpperCase()])) as Record<BarcodeType, string>;

/** The vendor writes the text position as its number: 0 none, 1 above, 2 below, 3 mask. */
const VENDOR_TEXT_POSITIONS = Object.fromEntries(TEXT_POSITIONS.map((p, i) => [p, String(i)])) as Record<TextPosition, string>;

/** Modules a symbol of `type` for `data` takes, quiet zones excluded: the engine's
 * table's count (src/engine/symbologies.ts LinearInfo.modules). */
export function barcodeModules(type: BarcodeType, data: string): number {
  return SYMBOLOGIES[type].modules(data);
}

export const barcodeKind = defineKind({
  kind: 'barcode',
  tag: 'Barcode',
  tags: ['barcode'],
  fields: {
    ...boxFields({ width: 30, height: 10 }),
    type: nameChoice<BarcodeType>('code128', BARCODE_TYPES, {
      aliases: ['barcodeType'],
      synonyms: { itf25: 'itf', interleaved2of5: 'itf', i2of5: 'itf', upc: 'upca', ean: 'ean13', nw7: 'codabar', gs1128: 'code128' },
      vendorNames: VENDOR_TYPE_NAMES,
    }),
    ...contentFields({ content: (_ctx, e) => SYMBOLOGIES[e.type as BarcodeType].sample, serialDigits: 15, horAlignment: 1 }),
    /** Alignment of the human-readable text: 0 left, 1 centre (default), 2 right, 3 justify. */
    textAlignment: numberChoice<Alignment>(1, [0, 1, 2, 3]),
    textPosition: nameChoice<TextPosition>('below', TEXT_POSITIONS, {
      synonyms: { upper: 'above', top: 'above', bottom: 'below', hidden: 'none' },
      byIndex: TEXT_POSITIONS,
      vendorNames: VENDOR_TEXT_POSITIONS,
    }),
    fontName: text(defaultFontName, { maxLength: 100 }),
    // The engine draws a caption of at most 100 mm (about 283 pt, below the font list's
    // 300 pt): a larger one is kept at that, not refused when the page is drawn.
    fontHeight: fontHeight(ptToMm(5), MAX_BARCODE_FONT_MM),
    fontStyle: int(0, { min: 0, max: 15 }),
  },
  minSize: (el, ctx) => ({ width: round3(barcodeModules(el.type, el.content) * (25.4 / ctx.sourceDpi)), height: 0.5 }),
  pageInfoLevel: 30,
  serialDigits: 15,
  resolve(el, env) {
    const c = env.content(el);
    return {
      symbology: el.type,
      data: c.text,
      binding: c.binding,
      unresolved: c.unresolved,
      textPosition: el.textPosition,
      textAlignment: el.textAlignment,
      horAlignment: el.horAlignment,
      font: { fontName: el.fontName, fontHeightMm: el.fontHeight, fontStyle: el.fontStyle },
    };
  },
});
