/**
 * `resolvePage`: what one page of a label shows, ready for a renderer. Every element with
 * its box in mm (before rotation), rotation, flags, its final content for the page (data
 * row, serial step, references, date and time) and the style the renderer needs. Plain
 * data (no functions, no classes) so it can be posted to a worker as it is.
 */
import { LabelError } from './errors.ts';
import { effectiveBackground, type LabelDocument } from './label.ts';
import { kindDef, serialDigits, type ElementKind, type LabelElement, type ResolvedPartByKind } from './elements/index.ts';
import type { MirrorMode, ResolveEnv } from './elements/kind.ts';
import type { Rotation } from './units.ts';
import { contentResolver, hasContent, type ContentValues } from './binding/content.ts';
import type { DataSource } from './binding/data.ts';
import { readClock, systemClock, type Clock } from './binding/datetime.ts';
import { pageCount } from './binding/paging.ts';
import type { TailDirection } from './label.ts';

export const FLAG_TAIL_COLOR = '#E93423';
export const FLAG_TAIL_DASH = 1.5;

/** Whether the label shows the time (the editor then ticks once a second, spec section 4). */
export function hasClockContent(doc: Pick<LabelDocument, 'children'>): boolean {
  return doc.children.some((c) => c.kind === 'date');
}

export interface BoxMm {
  xMm: number;
  yMm: number;
  widthMm: number;
  heightMm: number;
}

/** What every resolved element has. */
export interface ResolvedCommon {
  /** Position in the document's children. */
  index: number;
  /** The control's box in label mm, before rotation. */
  box: BoxMm;
  /** Clockwise about the box's centre. */
  rotation: Rotation;
  /** False: shown in the editor, not printed. */
  printing: boolean;
  /** Inverted colours. */
  antiColor: boolean;
  mirrorMode: MirrorMode;
  locked: boolean;
}

/** A resolved element: common part plus its kind's part (see each kind's `resolve`). */
export type ResolvedElement = { [K in ElementKind]: { kind: K } & ResolvedCommon & ResolvedPartByKind[K] }[ElementKind];
export type ResolvedElementOf<K extends ElementKind> = Extract<ResolvedElement, { kind: K }>;

export interface ResolvedLabel {
  widthMm: number;
  heightMm: number;
  cornerRadiusMm: number;
  orientation: Rotation;
  /** The label's design resolution; renderers pick their own output dpi. */
  sourceDpi: number;
  printScale: number;
  /** The label's print offsets (printHorOffset, printVerOffset), mm, added to every position when printing. */
  printOffsetMm: { x: number; y: number };
  /** `#RRGGBB`, or null for transparent (flag labels, background images). */
  background: string | null;
  backgroundImage: string | null;
  /** A nine-patch border picture and its dots per mm, or null. */
  border: { image: string; dotsPerMm: number } | null;
  drawColor: string;
  horFlip: boolean;
  mirrorMode: MirrorMode;
  mirrorPrint: boolean;
  /** A flag label's tail, or null; drawn as a dashed line (spec section 9: #E93423, dash 1.5 mm). */
  tail: { direction: TailDirection; lengthMm: number; color: string; dashMm: number } | null;
  /** Whether the editor highlights data (#3B91C3) and serial (#823279) content. */
  highlightExternalData: boolean;
  page: { index: number; count: number };
  /** The clock reading used (epoch ms) before offsets. */
  timeMs: number;
  elements: ResolvedElement[];
}

/** Every content-bearing control, table cells included, in document order. */
export function contentControls(doc: Pick<LabelDocument, 'children'>): ContentValues[] {
  const out: ContentValues[] = [];
  for (const c of doc.children) {
    if (hasContent(c)) out.push(c);
    if (c.kind === 'table') for (const cell of c.cells) out.push(cell);
  }
  return out;
}

function serialDigitsOf(el: ContentValues): number {
  return serialDigits(el.kind);
}

/**
 * Page `pageIndex` (0-based) of `doc` with `data` (the label's data source, or null) at
 * the time `clock` tells. With data, pages beyond the data rows fail (LabelError
 * 'page.outOfRange'); without, any page is allowed (serial numbers step and clamp).
 */
export function resolvePage(doc: LabelDocument, data: DataSource | null, pageIndex: number, clock: Clock | Date | number = systemClock): ResolvedLabel {
  if (!Number.isInteger(pageIndex) || pageIndex < 0) throw new LabelError('page.invalid', { page: String(pageIndex) });
  const count = pageCount(doc, data);
  if (data && pageIndex >= count) throw new LabelError('page.outOfRange', { page: pageIndex + 1, count });
  const now = readClock(clock);
  const content = contentResolver(contentControls(doc), { pageIndex, data }, serialDigitsOf);
  // Kinds' resolve pass their own element, which has the content fields (hasContent).
  const env: ResolveEnv = { pageIndex, data, now, content: content as ResolveEnv['content'] };

  const elements: ResolvedElement[] = [];
  for (let index = 0; index < doc.children.length; index++) {
    const el: LabelElement = doc.children[index]!;
    const def = kindDef(el.kind)!;
    const common: { kind: ElementKind } & ResolvedCommon = {
      kind: el.kind,
      index,
      box: { xMm: el.x, yMm: el.y, widthMm: el.width, heightMm: el.height },
      rotation: el.orientation,
      printing: el.printing,
      antiColor: el.antiColor,
      mirrorMode: el.mirrorMode,
      locked: el.lockMovement || doc.lockMovement,
    };
    // Object.assign, not `{ kind, ...common, ...part }`: V8 takes a slow path for a spread
    // after other keys (measured on the reference label, 5 controls: resolvePage 5.2 ->
    // 1.7 µs median with the other changes of that commit). Same keys, same order.
    elements.push(Object.assign(common, def.resolve(el as never, env) as object) as ResolvedElement);
  }

  return {
    widthMm: doc.labelWidth,
    heightMm: doc.labelHeight,
    cornerRadiusMm: doc.cornerRadius,
    orientation: doc.orientation,
    sourceDpi: doc.sourceDpi,
    printScale: doc.printScale,
    printOffsetMm: { x: doc.printHorOffset, y: doc.printVerOffset },
    background: effectiveBackground(doc),
    backgroundImage: doc.backgroundImage !== '' ? doc.backgroundImage : null,
    border: doc.borderImage !== '' ? { image: doc.borderImage, dotsPerMm: doc.borderImageDpm } : null,
    drawColor: `#${doc.drawColorHex}`,
    horFlip: doc.horFlip,
    mirrorMode: doc.mirrorMode,
    mirrorPrint: doc.mirrorPrint,
    tail: doc.isFlagLabel ? { direction: doc.tailDirection, lengthMm: doc.tailLength, color: FLAG_TAIL_COLOR, dashMm: FLAG_TAIL_DASH } : null,
    highlightExternalData: doc.highLightExternalData,
    page: { index: pageIndex, count },
    timeMs: now.getTime(),
    elements,
  };
}
