/**
 * What the property panel offers for the characters of a text, date/time or arc-text
 * control (label-editor.md sections 3, 5 and 9), as plain data and patches for
 * `EditorModel.patchControl`:
 *
 * - font names: one name for each face the engine has registered (src/render/fonts.ts), so
 *   every choice prints differently; a name read from a file that is not offered (宋体,
 *   Calibri) stays as it is, shown with the face that prints it;
 * - the fontStyle bits (bold 1, italic 2, underline 4, strikeout 8);
 * - horizontal alignment 0..4 and vertical alignment 0..2 (the engine reads 3 and 4 as top);
 * - a date control's date and time formats (section 9's lists, or none), where a choice
 *   that would leave neither is refused (section 5, date.ts setDateFormats).
 */
import { CJK_FAMILY, fontFamilyFor, LAST_FALLBACK_FAMILY, LATIN_FAMILY } from '../render/fonts.ts';
import { DATE_FORMATS, TIME_FORMATS } from '../label/binding/datetime.ts';
import { setDateFormats } from '../label/elements/date.ts';
import type { Alignment } from '../label/elements/common.ts';

/** The face a font name prints with, as the panel describes it. */
export type FaceKind = 'latin' | 'chinese' | 'fallback';

const FACE_KIND_BY_FAMILY: Readonly<Record<string, FaceKind>> = {
  [LATIN_FAMILY]: 'latin',
  [CJK_FAMILY]: 'chinese',
  [LAST_FALLBACK_FAMILY]: 'fallback',
};

/** The offered names, one a registered face: Arial (Liberation Sans, Arial's metrics), 黑体
 * (the default for Chinese labels; WenQuanYi Micro Hei) and Droid Sans Fallback. */
export const OFFERED_FONTS: readonly { name: string; face: FaceKind }[] = [
  { name: 'Arial', face: 'latin' },
  { name: '黑体', face: 'chinese' },
  { name: 'Droid Sans Fallback', face: 'fallback' },
];

/** The face `fontName` prints with (every name prints with one of the registered faces). */
export function faceOf(fontName: string): FaceKind {
  return FACE_KIND_BY_FAMILY[fontFamilyFor(fontName)] ?? 'latin';
}

export interface FontChoice {
  name: string;
  face: FaceKind;
  /** Not one of the offered names: the control's own (from a file), kept as written. */
  own: boolean;
}

/** The font list for a control whose font is `current`: the offered names, and `current`
 * first when it is not one of them (an empty name prints with the Latin face). */
export function fontChoices(current: string): FontChoice[] {
  const offered = OFFERED_FONTS.map((f) => ({ name: f.name, face: f.face, own: false }));
  return offered.some((f) => f.name === current) ? offered : [{ name: current, face: faceOf(current), own: true }, ...offered];
}

/** fontStyle with `bit` (FontStyle.Bold, Italic, Underline or Strikeout) set or cleared. */
export function withStyleBit(fontStyle: number, bit: number, on: boolean): number {
  return on ? fontStyle | bit : fontStyle & ~bit;
}

/** Horizontal alignment, spec section 9: left, centre, right, justify, stretch. */
export const HORIZONTAL_ALIGNMENTS = [
  [0, 'left'],
  [1, 'centre'],
  [2, 'right'],
  [3, 'justify'],
  [4, 'stretch'],
] as const satisfies readonly (readonly [Alignment, string])[];

/** Vertical alignment: top, middle, bottom. */
export const VERTICAL_ALIGNMENTS = [
  [0, 'top'],
  [1, 'middle'],
  [2, 'bottom'],
] as const satisfies readonly (readonly [Alignment, string])[];

export type VerticalAlignName = (typeof VERTICAL_ALIGNMENTS)[number][1];

/** What a vertical alignment prints as: a file's 3 or 4 print at the top (the engine's
 * rule, src/render/label-page.ts), so the panel shows them as top. */
export function verticalAlignName(v: number): VerticalAlignName {
  return VERTICAL_ALIGNMENTS.find(([n]) => n === v)?.[1] ?? 'top';
}

/** '' is "none": the control shows no date (or no time). */
export const NO_FORMAT = '';

/** The choices of one format list: none, the spec's list, and the control's own format
 * first when a file gave another one (yy-MM-dd), kept as written. */
export function formatChoices(part: 'date' | 'time', current: string): string[] {
  const listed: string[] = [NO_FORMAT, ...(part === 'date' ? DATE_FORMATS : TIME_FORMATS)];
  return listed.includes(current) ? listed : [current, ...listed];
}

export type FormatChange = { ok: true; patch: { dateFormat: string; timeFormat: string } } | { ok: false; reason: 'needsDateOrTime' };

/** The patch for choosing `format` as the date's (or time's) format; refused when the
 * control would then show neither a date nor a time. */
export function formatChange(el: { dateFormat: string; timeFormat: string }, part: 'date' | 'time', format: string): FormatChange {
  const dateFormat = part === 'date' ? format : el.dateFormat;
  const timeFormat = part === 'time' ? format : el.timeFormat;
  // setDateFormats gives back the control itself when it would show nothing.
  if (setDateFormats(el, dateFormat, timeFormat) === el) return { ok: false, reason: 'needsDateOrTime' };
  return { ok: true, patch: { dateFormat, timeFormat } };
}
