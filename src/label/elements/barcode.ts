/**
 * Barcode control (spec section 3, Barcode; tag `<Barcode>`): a linear symbol with its
 * human-readable text. Default Code 128, 30 by 10 mm, text below and centred in 5 points.
 * The content defaults to the type's sample (spec). The minimum width is the symbol's
 * module count at one dot per module (spec section 5: it depends on the model length).
 */
import { MAX_BARCODE_FONT_MM } from '../../engine/limits.ts';
import { fontHeight, int, nameChoice, numberChoice, text } from '../schema.ts';
import { ptToMm, round3 } from '../units.ts';
import { boxFields, contentFields, defaultFontName, type Alignment } from './common.ts';
import { defineKind } from './kind.ts';

/** The linear types (the engine's names, src/engine/types.ts LinearType). */
export const BARCODE_TYPES = ['code128', 'ean13', 'ean8', 'upca', 'upce', 'isbn', 'code39', 'code93', 'codabar', 'itf', 'itf14'] as const;
export type BarcodeType = (typeof BARCODE_TYPES)[number];

/** Spec section 3: sample contents per type. */
export const BARCODE_SAMPLES: Record<BarcodeType, string> = {
  code128: '12345678',
  ean13: '690123456789',
  ean8: '6901234',
  upca: '69012345678',
  upce: '0123456',
  isbn: '978012345678',
  code39: '12345678',
  code93: '12345678',
  codabar: '12345678',
  itf: '12345678',
  itf14: '1234567890123',
};

/** Where the human-readable text goes (spec: none, upper, below (default), mask). */
export const TEXT_POSITIONS = ['none', 'above', 'below', 'mask'] as const;
export type TextPosition = (typeof TEXT_POSITIONS)[number];

/**
 * Modules a symbol of `type` for `data` takes, quiet zones excluded, wide elements at
 * twice the narrow (the narrowest ratio drawn). For variable types it is an estimate from
 * the character count that is exact for plain digits and letters.
 */
export function barcodeModules(type: BarcodeType, data: string): number {
  const n = Math.max(1, [...data].length);
  switch (type) {
    case 'ean13':
    case 'isbn':
    case 'upca':
      return 95;
    case 'ean8':
      return 67;
    case 'upce':
      return 51;
    case 'itf14':
      return 14 * 7 + 8;
    case 'itf':
      return (n + (n % 2)) * 7 + 8;
    case 'code39':
      return (n + 2) * 13 - 1;
    case 'code93':
      return (n + 4) * 9 + 1;
    case 'codabar':
      return (n + 2) * 10 - 1;
    case 'code128': {
      // Code set C packs digit pairs: count the symbol characters of the cheapest plain split.
      const digits = /^\d+$/.test(data) && n >= 4 ? Math.ceil(n / 2) : n;
      return (digits + 2) * 11 + 13;
    }
  }
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
    }),
    ...contentFields({ content: (_ctx, e) => BARCODE_SAMPLES[e.type as BarcodeType], serialDigits: 15, horAlignment: 1 }),
    /** Alignment of the human-readable text: 0 left, 1 centre (default), 2 right, 3 justify. */
    textAlignment: numberChoice<Alignment>(1, [0, 1, 2, 3]),
    textPosition: nameChoice<TextPosition>('below', TEXT_POSITIONS, {
      synonyms: { upper: 'above', top: 'above', bottom: 'below', hidden: 'none' },
      byIndex: TEXT_POSITIONS,
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
