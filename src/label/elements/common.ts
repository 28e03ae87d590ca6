/**
 * Field groups shared by several kinds (spec section 3: common control fields, content
 * fields, text fields). A kind spreads the groups it has into its own field table.
 */
import { bool, float, fontHeight, int, isChinese, numberChoice, rotation, text, type SchemaContext } from '../schema.ts';
import { ptToMm } from '../units.ts';
import type { MirrorMode } from './kind.ts';

/** Positions and sizes are kept within this many mm (far beyond any label; the engine
 * renders at most 32767 dots a side, 2774 mm at 300 dpi). */
export const MAX_MM = 2000;

/** Common control fields: box, rotation, line width and flags. */
type Dflt = number | ((ctx: SchemaContext, earlier: Record<string, unknown>) => number);

export function boxFields(d: { width: Dflt; height: Dflt; lineWidth?: number; lineWidthMin?: number }) {
  return {
    x: float(0, { min: -MAX_MM, max: MAX_MM }),
    y: float(0, { min: -MAX_MM, max: MAX_MM }),
    width: float(d.width, { min: 0, max: MAX_MM }),
    height: float(d.height, { min: 0, max: MAX_MM }),
    orientation: rotation({ aliases: ['direction', 'rotation'] }),
    lineWidth: float(d.lineWidth ?? 0.5, { min: d.lineWidthMin ?? 0, max: 50 }),
    lockMovement: bool(false),
    printing: bool(true),
    antiColor: bool(false),
    mirrorMode: numberChoice<MirrorMode>(1, [0, 1, 16]),
    isSelected: bool(false),
  };
}

/** contentType: 0 Input, 1 Degree (serial number), 2 Excel (data column). */
export type ContentType = 0 | 1 | 2;
export const ContentType = { Input: 0, Degree: 1, Excel: 2 } as const;

/** Alignment 0 to 4 (spec section 9): start, centre, end, justify, stretch. */
export type Alignment = 0 | 1 | 2 | 3 | 4;
export const ALIGNMENTS: readonly Alignment[] = [0, 1, 2, 3, 4];

/** The largest serial number of `digits` digits. */
export function serialMax(digits: number): number {
  return 10 ** digits - 1;
}

/** Content fields: what a control shows and where it comes from. */
export function contentFields(d: {
  content: string | ((ctx: SchemaContext, earlier: Record<string, unknown>) => string);
  serialDigits: number;
  horAlignment?: Alignment;
  verAlignment?: Alignment;
}) {
  return {
    content: text(d.content),
    /** The name other controls refer to with `id=<contentId>`. */
    contentId: text('', { maxLength: 200 }),
    contentType: numberChoice<ContentType>(0, [0, 1, 2]),
    horAlignment: numberChoice<Alignment>(d.horAlignment ?? 0, ALIGNMENTS),
    verAlignment: numberChoice<Alignment>(d.verAlignment ?? 0, ALIGNMENTS),
    /** Serial step per page; negative counts down. */
    degreeOffset: int(1, { min: -serialMax(d.serialDigits), max: serialMax(d.serialDigits) }),
    /** Digits of a new serial number (serialSeed); the stepped run keeps its own width. */
    degreeLength: int(3, { min: 1, max: d.serialDigits }),
    /** 1-based column when no name is given (Excel allows 16384 columns). */
    dataColumn: int(1, { min: 1, max: 16384 }),
    dataColumnName: text('', { maxLength: 255 }),
  };
}

/** Font style bits (spec section 3). */
export const FontStyle = { Regular: 0, Bold: 1, Italic: 2, Underline: 4, Strikeout: 8 } as const;

/** The default font: a Chinese sans face for the Chinese locale, otherwise Arial. */
export function defaultFontName(ctx: SchemaContext): string {
  return isChinese(ctx) ? '黑体' : 'Arial';
}

/** Text fields: font and layout of the characters. */
export function fontFields(d: { fontPt: number }) {
  return {
    fontName: text(defaultFontName, { maxLength: 100 }),
    /** mm; 3 to 300 points; 0 or less resets to the default. */
    fontHeight: fontHeight(ptToMm(d.fontPt)),
    fontStyle: int(0, { min: 0, max: 15 }),
    /** Extra space between characters, mm. */
    charSpace: float(0, { min: -50, max: 100 }),
    /** Line pitch in lines (1.0 = single). */
    lineSpace: float(1, { min: 0.1, max: 10 }),
    /** Wrap at the box's width. */
    autoReturn: bool(false),
    /** The box grows to fit the text. */
    autoHeight: bool(true),
    /** Characters stacked vertically. */
    verDisplay: bool(false),
  };
}

/** Resolved font style for renderers. */
export interface TextStyle {
  fontName: string;
  fontHeightMm: number;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strikeout: boolean;
  charSpaceMm: number;
  lineSpace: number;
  wrap: boolean;
  autoHeight: boolean;
  vertical: boolean;
  horAlignment: Alignment;
  verAlignment: Alignment;
}

export function textStyle(el: {
  fontName: string;
  fontHeight: number;
  fontStyle: number;
  charSpace: number;
  lineSpace: number;
  autoReturn: boolean;
  autoHeight: boolean;
  verDisplay: boolean;
  horAlignment: Alignment;
  verAlignment: Alignment;
}): TextStyle {
  return {
    fontName: el.fontName,
    fontHeightMm: el.fontHeight,
    bold: (el.fontStyle & FontStyle.Bold) !== 0,
    italic: (el.fontStyle & FontStyle.Italic) !== 0,
    underline: (el.fontStyle & FontStyle.Underline) !== 0,
    strikeout: (el.fontStyle & FontStyle.Strikeout) !== 0,
    charSpaceMm: el.charSpace,
    lineSpace: el.lineSpace,
    wrap: el.autoReturn,
    autoHeight: el.autoHeight,
    vertical: el.verDisplay,
    horAlignment: el.horAlignment,
    verAlignment: el.verAlignment,
  };
}

/**
 * Default text size for a new text control (spec section 3): 20% of the height on a wide
 * label, 10% of the width on a tall one, otherwise (square) 10% of the side; kept within
 * the font sizes' 3 to 300 points.
 */
export function defaultTextSize(ctx: SchemaContext): number {
  const { labelWidth: w, labelHeight: h } = ctx;
  const size = w > h ? h * 0.2 : h > w ? w * 0.1 : Math.min(w, h) * 0.1;
  return Math.min(Math.max(size, ptToMm(3)), ptToMm(300));
}
