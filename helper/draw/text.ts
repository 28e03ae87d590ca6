/**
 * Text items (JSON `text`, DrawText): the engine's TEXT element in a bundled face.
 *
 * Fields (the SDK's DrawTextOptions; lengths mm, or mm x 100 in Draw* calls):
 *   text | texts (lines) | content   the text; `[key]` takes the page's jobArguments
 *   fontName          any name; drawn in the bundled family nearest to it (GetFontNames
 *                     lists the names we draw as themselves), default 黑体 (our CJK face)
 *   fontHeight        the em, mm (or fontSize in points); default 3.5 mm (spec section 9)
 *   fontStyle         bits: 1 bold, 2 italic, 4 underline, 8 strikeout
 *   horizontalAlignment 0 left, 1 centre, 2 right, 3 stretch (each line spread over the
 *                     width by equal space between characters), 4 expand (the text
 *                     enlarged or reduced until it fills the box's width or height, centred)
 *   verticalAlignment 0 top, 1 middle, 2 bottom, 3 stretch (lines centred: a block of
 *                     lines is not spread), 4 expand (as horizontal 4)
 *   autoReturn        0 no wrapping, 1 (default) and 2 wrap at the box's width (the engine
 *                     breaks CJK between characters and Latin at spaces)
 *   charSpace         extra space between characters, mm
 *   lineSpace         extra space between lines, mm; or '1_0', '1_2', '1_5', '2_0' (line
 *                     pitch in lines)
 * A box without a width or height runs to the page's edge. Empty text draws nothing.
 */
import { MAX_CHAR_SPACE_MM, maxFontMm } from '../../src/engine/limits.ts';
import type { HorizontalAlign, PageElement, TextElement, VerticalAlign } from '../../src/engine/types.ts';
import { fontFamilyFor } from '../../src/render/fonts.ts';
import { contentBox, itemAlignment, itemBox, itemRotation, itemText, sizedToPage, type DrawContext } from './context.ts';
import type { ItemFields } from './fields.ts';
import { measureInk } from './measure.ts';

/** The helper's default text height, mm (spec section 9: "font ... height 3.5"). */
export const DEFAULT_FONT_HEIGHT_MM = 3.5;
/** The helper's default font (spec section 9: a Chinese sans font). */
export const DEFAULT_FONT_NAME = '黑体';
const MM_PER_PT = 25.4 / 72;
const H_ALIGN: readonly HorizontalAlign[] = ['left', 'center', 'right', 'stretch', 'center'];
const V_ALIGN: readonly VerticalAlign[] = ['top', 'middle', 'bottom', 'middle', 'middle'];
const EXPAND = 4;
const LINE_SPACES: Readonly<Record<string, number>> = { '1_0': 1, '1_2': 1.2, '1_5': 1.5, '2_0': 2 };

/** The TEXT element an item draws, or null for empty text. */
export function textElement(f: ItemFields, ctx: DrawContext): TextElement | null {
  const text = itemText(f, ctx);
  if (text === '') return null;
  const rotation = itemRotation(f, ctx);
  const box = contentBox(sizedToPage(itemBox(f), ctx), rotation);
  const fontHeightMm = fontHeightOf(f, ctx);
  const style = f.number('fontStyle', { integer: true, min: 0, max: 15 }) ?? 0;
  const hAlign = itemAlignment(f, ['horizontalAlignment', 'horAlignment', 'alignment'], ctx.defaults.hAlign);
  const vAlign = itemAlignment(f, ['verticalAlignment', 'verAlignment'], ctx.defaults.vAlign);
  const wrap = (f.number('autoReturn', { integer: true, min: 0, max: 2 }) ?? 1) !== 0;
  const charSpaceMm = clamp(f.length('charSpace') ?? 0, -MAX_CHAR_SPACE_MM, MAX_CHAR_SPACE_MM);
  const element: TextElement = {
    kind: 'text',
    ...box,
    rotation,
    antiColor: f.flag('antiColor') || undefined,
    text,
    fontName: fontFamilyFor(f.text('fontName') ?? DEFAULT_FONT_NAME),
    fontHeightMm,
    charSpaceMm,
    lineSpace: lineSpaceOf(f, fontHeightMm),
    bold: (style & 1) !== 0 || undefined,
    italic: (style & 2) !== 0 || undefined,
    underline: (style & 4) !== 0 || undefined,
    strikeout: (style & 8) !== 0 || undefined,
    wrap: wrap && hAlign !== EXPAND && vAlign !== EXPAND,
    align: H_ALIGN[hAlign]!,
    verticalAlign: V_ALIGN[vAlign]!,
  };
  if (hAlign === EXPAND || vAlign === EXPAND) return expanded(element, hAlign === EXPAND, vAlign === EXPAND, ctx);
  return element;
}

export function textElements(f: ItemFields, ctx: DrawContext): PageElement[] {
  const el = textElement(f, ctx);
  return el ? [el] : [];
}

function fontHeightOf(f: ItemFields, ctx: DrawContext): number {
  const max = maxFontMm(ctx.dpi);
  const mm = f.length('fontHeight');
  if (mm !== undefined && mm > 0) return Math.min(mm, max);
  const pt = f.number('fontSize', { min: 0 });
  if (pt !== undefined && pt > 0) return Math.min(pt * MM_PER_PT, max);
  return DEFAULT_FONT_HEIGHT_MM;
}

/** lineSpace as the engine's pitch in lines: an enum, or extra mm over one line. */
function lineSpaceOf(f: ItemFields, fontHeightMm: number): number | undefined {
  const raw = f.raw('lineSpace');
  if (raw === undefined) return undefined;
  if (typeof raw === 'string' && Object.hasOwn(LINE_SPACES, raw.trim())) return LINE_SPACES[raw.trim()];
  const gapMm = f.length('lineSpace');
  if (gapMm === undefined || gapMm === 0) return undefined;
  return clamp(1 + gapMm / fontHeightMm, 0.001, 65.535);
}

/**
 * Expand (alignment 4): the font height at which the unwrapped text's ink fills the box
 * across (horizontal), down (vertical) or the nearer of both, the text centred. Measured
 * with the engine at the page's resolution, so it fills the printed box to the dot.
 */
function expanded(el: TextElement, across: boolean, down: boolean, ctx: DrawContext): TextElement {
  const ink = measureInk(ctx.engine, ctx.dpi, { ...el, wrap: false, align: 'left', verticalAlign: 'top', rotation: 0 });
  if (ink.widthDots === 0 || ink.heightDots === 0) return el;
  const dotsPerMm = ctx.dpi / 25.4;
  const scales: number[] = [];
  if (across) scales.push((el.widthMm * dotsPerMm) / ink.widthDots);
  if (down) scales.push((el.heightMm * dotsPerMm) / ink.heightDots);
  const fontHeightMm = Math.min(el.fontHeightMm * Math.min(...scales), maxFontMm(ctx.dpi));
  return { ...el, fontHeightMm, align: 'center', verticalAlign: 'middle' };
}

function clamp(v: number, min: number, max: number): number {
  return Math.min(Math.max(v, min), max);
}
