/**
 * Two-dimensional code control (spec section 3; tag `<Qrcode>`): QR Code, Data Matrix,
 * PDF417 or Grid Matrix (the Chinese-grid code), 10 by 10 mm, centred, with each
 * symbology's options. The symbology-level rules (capacities, errors) are the engine's.
 */
import { MATRIX_TYPES, SYMBOLOGIES } from '../../engine/symbologies.ts';
import type { MatrixType } from '../../engine/types.ts';
import { bool, float, int, nameChoice, type Field } from '../schema.ts';
import { parseNumber } from '../units.ts';
import { boxFields, contentFields } from './common.ts';
import { defineKind } from './kind.ts';

export type Code2DType = MatrixType;

/**
 * The vendor's number for each 2D type (a .wdfx `type="2"` is PDF417): the XML mapping,
 * so it is written here; the types themselves are the engine's matrix types
 * (src/engine/symbologies.ts MATRIX_TYPES), and `satisfies` makes one without a number,
 * or a number for a type the engine does not have, a type error.
 */
const VENDOR_NUMBERS = { qrcode: 0, datamatrix: 1, pdf417: 2, gridmatrix: 3 } as const satisfies Record<MatrixType, number>;

/** The 2D types in the vendor's numbering (index = number). */
export const CODE2D_TYPES: readonly Code2DType[] = [...MATRIX_TYPES].sort((a, b) => VENDOR_NUMBERS[a] - VENDOR_NUMBERS[b]);

export const QR_ECC_LEVELS = ['L', 'M', 'Q', 'H'] as const;
export type QrEccLevel = (typeof QR_ECC_LEVELS)[number];

export const DM_SHAPES = ['auto', 'square', 'rectangle'] as const;
export type DmShape = (typeof DM_SHAPES)[number];

/** Quiet zone in modules: None (0), 2 or 4. */
export type ZoneSize = 0 | 2 | 4;
const zoneSize: Field<ZoneSize> = {
  default: 2,
  choices: [0, 2, 4],
  parse(raw) {
    if (typeof raw === 'string' && raw.trim().toLowerCase() === 'none') return 0;
    const n = parseNumber(raw);
    return n === 0 || n === 2 || n === 4 ? n : undefined;
  },
  format: (v) => String(v),
  // The vendor writes no quiet zone as None (spec section 3).
  vendor: (v) => (v === 0 ? 'None' : String(v)),
};


export const qrcodeKind = defineKind({
  kind: 'qrcode',
  tag: 'Qrcode',
  tags: ['qrcode'],
  fields: {
    ...boxFields({ width: 10, height: 10 }),
    type: nameChoice<Code2DType>('qrcode', CODE2D_TYPES, {
      aliases: ['codeType', 'barcodeType'],
      synonyms: { qr: 'qrcode', dm: 'datamatrix', pdf: 'pdf417', gm: 'gridmatrix', grid: 'gridmatrix' },
      byIndex: CODE2D_TYPES,
      vendorNames: Object.fromEntries(CODE2D_TYPES.map((t) => [t, String(VENDOR_NUMBERS[t])])) as Record<Code2DType, string>,
    }),
    // The type's sample in the engine's table: the spec's placeholder web address.
    ...contentFields({ content: (_ctx, e) => SYMBOLOGIES[e.type as Code2DType].sample, serialDigits: 15, horAlignment: 1, verAlignment: 1 }),
    zoneSize,
    /** QR error correction: Low, Middle (default), Quality, High. */
    eccLevel: nameChoice<QrEccLevel>('M', QR_ECC_LEVELS, {
      synonyms: { low: 'L', middle: 'M', medium: 'M', quality: 'Q', quartile: 'Q', high: 'H' },
      byIndex: QR_ECC_LEVELS,
    }),
    /** QR version 1-40; 0 = the smallest that holds the data. */
    version: int(0, { min: 0, max: 40 }),
    /** PDF417 error correction 0-8; -1 = automatic. */
    pdf417EccLevel: int(-1, { min: -1, max: 8 }),
    /** PDF417 data columns 1-30, used when pdf417AutoCols is off. */
    pdf417Cols: int(1, { min: 1, max: 30 }),
    pdf417AutoCols: bool(true),
    dmCodeShape: nameChoice<DmShape>('auto', DM_SHAPES, { synonyms: { rect: 'rectangle' }, byIndex: DM_SHAPES }),
    /** Grid Matrix layers 1-13; 0 = automatic. */
    gmVersion: int(0, { min: 0, max: 13 }),
    /** Grid Matrix error-correction level 1-5; 0 = automatic. */
    gmEccLevel: int(0, { min: 0, max: 5 }),
    /** PDF417 width:height target, at least 1 (spec default 3). */
    aspectratio: float(3, { min: 1, max: 30, aliases: ['aspectRatio'] }),
  },
  pageInfoLevel: 40,
  serialDigits: 15,
  resolve(el, env) {
    const c = env.content(el);
    return {
      symbology: el.type,
      data: c.text,
      binding: c.binding,
      unresolved: c.unresolved,
      quietZoneModules: el.zoneSize,
      horAlignment: el.horAlignment,
      verAlignment: el.verAlignment,
      qr: { ecc: el.eccLevel, version: el.version },
      dataMatrix: { shape: el.dmCodeShape },
      pdf417: { eccLevel: el.pdf417EccLevel, columns: el.pdf417AutoCols ? 0 : el.pdf417Cols, aspectRatio: el.aspectratio },
      gridMatrix: { version: el.gmVersion, eccLevel: el.gmEccLevel },
    };
  },
});
