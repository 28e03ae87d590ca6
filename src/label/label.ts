/**
 * The label: the root of a document (spec section 3, Label) with its fields and defaults
 * (40 by 30 mm, version 1.3, gap 3 mm, 203 dpi, corner radius 0.8) and its child controls.
 * Editing rules that involve the label as a whole (spec section 4) are here too.
 */
import {
  DEFAULT_CONTEXT,
  bool,
  embedded,
  float,
  hexColor,
  int,
  nameChoice,
  normalizeFields,
  numberChoice,
  rotation,
  text,
  type SchemaContext,
  type Values,
} from './schema.ts';
import { round4 } from './units.ts';
import { MAX_MM } from './elements/common.ts';
import type { MirrorMode } from './elements/kind.ts';
import { normalizeElement, type LabelElement } from './elements/index.ts';
import type { LabelSource } from './file-source.ts';

export const LABEL_VERSION = '1.3';

/** Gap types (spec section 9): none 0, hole 1, gap 2, black mark 3, unset 255. */
export type GapType = 0 | 1 | 2 | 3 | 255;
export const GapType = { None: 0, Hole: 1, Gap: 2, Black: 3, Unset: 255 } as const;
/** 255 = unset (the printer's own setting). */
export const UNSET = 255;

export const TAIL_DIRECTIONS = ['up', 'down', 'left', 'right'] as const;
export type TailDirection = (typeof TAIL_DIRECTIONS)[number];

const DARKNESS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 255] as const;
const SPEED = [0, 1, 2, 3, 4, 255] as const;

export const labelFields = {
  templateID: text('', { maxLength: 200 }),
  version: text(LABEL_VERSION, { maxLength: 20 }),
  labelName: text('', { maxLength: 200 }),
  internationalName: text('', { maxLength: 200 }),
  /** mm; must be above 0 (0 or less means the default). */
  labelWidth: float(40, { min: 0.001, max: MAX_MM, nonPositiveIsDefault: true }),
  labelHeight: float(30, { min: 0.001, max: MAX_MM, nonPositiveIsDefault: true }),
  /** A die-cut label with a 3 mm gap by default. */
  gapType: numberChoice<GapType>(2, [0, 1, 2, 3, 255]),
  gapLength: float(3, { min: 0, max: 100 }),
  /** The vendor's file calls it printOrientation. */
  orientation: rotation({ xml: 'printOrientation', aliases: ['orientation'] }),
  printHorOffset: float(0, { min: -100, max: 100 }),
  printVerOffset: float(0, { min: -100, max: 100 }),
  /** 0-14, or 255 unset (the editor offers 0, 3, 5, 9, 14). */
  printDarkness: numberChoice<(typeof DARKNESS)[number]>(255, DARKNESS),
  /** 0-4, or 255 unset (spec: default unset). */
  printSpeed: numberChoice<(typeof SPEED)[number]>(255, SPEED),
  /** 1-based page shown in the editor. */
  currPageNo: int(1, { min: 1, max: 1_000_000_000 }),
  pageInfo: text('', { maxLength: 200 }),
  autoMargin: bool(false),
  printScale: float(1, { min: 0.1, max: 10 }),
  sourceDpi: int(203, { min: 72, max: 2400 }),
  shareImageWithBg: bool(true),
  drawColorHex: hexColor('000000'),
  horFlip: bool(false),
  /** The embedded spreadsheet (a data URL; `xlsx*****base64` in files). */
  dataFile: embedded(),
  /** 1-based sheet of dataFile. */
  dataSheet: int(1, { min: 1, max: 10_000 }),
  backgroundImage: embedded({ xml: 'background', aliases: ['backgroundImage'] }),
  /** Divided into thirds (a nine-patch) when drawn. */
  borderImage: embedded({ xml: 'border', aliases: ['borderImage'] }),
  /** Dots per mm of the border image. */
  borderImageDpm: float(20, { min: 1, max: 100 }),
  /** Transparent anyway on a flag label or with a background image (effectiveBackground). */
  backgroundColor: hexColor('FFFFFF'),
  repeatRemind: bool(false),
  isFlagLabel: bool(false),
  // The vendor spells them Up, Down, Left, Right (spec section 3).
  tailDirection: nameChoice<TailDirection>('right', TAIL_DIRECTIONS, { byIndex: TAIL_DIRECTIONS, vendorNames: { up: 'Up', down: 'Down', left: 'Left', right: 'Right' } }),
  tailLength: float(0, { min: 0, max: MAX_MM }),
  /** Print normally, then the mirrored side. */
  mirrorPrint: bool(false),
  labelType: int(0, { min: 0, max: 1000 }),
  highLightExternalData: bool(true),
  mirrorMode: numberChoice<MirrorMode>(1, [0, 1, 16]),
  cornerRadius: float(0.8, { min: 0, max: 100 }),
  /** Locking the label locks all children (updateLabel). */
  lockMovement: bool(false),
  /** Off: the label is protected (label-editor.md section 4, "an editable flag decides
   * whether data changes and ticking take effect"): the editor refuses every change but
   * turning this back on, and its dates stop ticking. Printing is not affected. */
  editable: bool(true),
};

export type LabelFields = Values<typeof labelFields>;

/** A label document: the label's fields and its controls, drawn in order. */
export interface LabelDocument extends LabelFields {
  children: LabelElement[];
  /** What the document remembers of the file it was read from (file-source.ts); absent
   * for a new label and for our own files. */
  source?: LabelSource;
}

/** Input to createLabel: any label fields (valid or not) and children with a `kind`. */
export type LabelInput = { readonly [K in keyof LabelFields]?: unknown } & { readonly children?: readonly ElementInput[]; readonly source?: LabelSource };

/** Input for one element: a kind and any of its fields, valid or not. */
export type ElementInput = { readonly kind: string; readonly [field: string]: unknown };

export interface LabelOptions {
  /** UI language for locale-dependent defaults (font, date format); default zh-CN. */
  locale?: string;
}

/** What element defaults depend on, from the label. */
export function contextOf(label: Pick<LabelFields, 'labelWidth' | 'labelHeight' | 'sourceDpi'>, locale = DEFAULT_CONTEXT.locale): SchemaContext {
  return { locale, labelWidth: label.labelWidth, labelHeight: label.labelHeight, sourceDpi: label.sourceDpi };
}

/**
 * A valid label document from any input: every field parsed, clamped or defaulted; every
 * child (each with a `kind`) normalised. `createLabel()` is the default 40 by 30 mm label.
 * Idempotent.
 */
export function createLabel(input: LabelInput = {}, options: LabelOptions = {}): LabelDocument {
  const fields = normalizeFields(labelFields, input as Readonly<Record<string, unknown>>, DEFAULT_CONTEXT);
  const ctx = contextOf(fields, options.locale);
  const children = (input.children ?? []).map((c) => normalizeElement(c, ctx));
  return input.source ? { ...fields, children, source: input.source } : { ...fields, children };
}

export const normalizeLabel = createLabel;

function isHorizontal(d: TailDirection): boolean {
  return d === 'left' || d === 'right';
}

/**
 * Changes label fields as the editor does (spec section 4). Invalid values are ignored
 * (a width or height of 0 or less does not apply). Then:
 * - changing the tail direction between horizontal and vertical resets the tail length to 0;
 * - locking (or unlocking) the label does the same to every child;
 * - setting a mirror mode sets it on every child;
 * - a new label size re-normalises children whose limits depend on it.
 */
export function updateLabel(doc: LabelDocument, patch: Readonly<Partial<Record<keyof LabelFields, unknown>>>, options: LabelOptions = {}): LabelDocument {
  const next: Record<string, unknown> = { ...doc };
  for (const key of Object.keys(patch) as (keyof LabelFields)[]) {
    const f = labelFields[key];
    if (!f) continue;
    const v = (f.parse as (raw: unknown) => unknown)(patch[key]);
    if (v !== undefined) next[key] = v;
  }
  const out = next as unknown as LabelDocument;
  if (out.tailDirection !== doc.tailDirection && isHorizontal(out.tailDirection) !== isHorizontal(doc.tailDirection) && !Object.hasOwn(patch, 'tailLength')) {
    out.tailLength = 0;
  }
  let children = doc.children;
  if (out.lockMovement !== doc.lockMovement) children = children.map((c) => ({ ...c, lockMovement: out.lockMovement }));
  if (Object.hasOwn(patch, 'mirrorMode') && out.mirrorMode !== undefined) children = children.map((c) => ({ ...c, mirrorMode: out.mirrorMode }));
  if (out.sourceDpi !== doc.sourceDpi) {
    const ctx = contextOf(out, options.locale);
    children = children.map((c) => normalizeElement(c, ctx));
  }
  return { ...out, children };
}

/** The background drawn: null (transparent) on a flag label or with a background image,
 * otherwise `#RRGGBB` (or `#AARRGGBB`). */
export function effectiveBackground(doc: Pick<LabelFields, 'isFlagLabel' | 'backgroundImage' | 'backgroundColor'>): string | null {
  return doc.isFlagLabel || doc.backgroundImage !== '' ? null : `#${doc.backgroundColor}`;
}

/** Spec section 5: no control may be inserted where another already is (positions compared
 * to 4 decimals). */
export function canInsertAt(doc: Pick<LabelDocument, 'children'>, x: number, y: number): boolean {
  const px = round4(x);
  const py = round4(y);
  return !doc.children.some((c) => round4(c.x) === px && round4(c.y) === py);
}

/** Replaces child `index` (returns a new document). */
export function replaceChild(doc: LabelDocument, index: number, el: LabelElement): LabelDocument {
  const children = [...doc.children];
  children[index] = el;
  return { ...doc, children };
}
