/**
 * Shapes and lines: JSON `rect` / `rectangle`, `roundRectangle`, `ellipse`, `circle`,
 * `line`, `dashLine` (DrawRectangle, FillRectangle, DrawRoundRectangle, FillRoundRectangle,
 * DrawEllipse, FillEllipse, DrawLine, DrawDashLine): the engine's SHAPE and LINE elements.
 *
 * - A shape's outline (lineWidth, default 0.35 mm, spec section 9) lies inside its box, so a
 *   frame drawn the size of the label stays on it; `fill` (or a Fill* call) fills it.
 * - A rectangle with cornerWidth or cornerHeight is a round rectangle (spec section 5);
 *   cornerWidth is the corner's radius, as in our labels (the larger of the two is used).
 * - A circle is its centre (x, y) and radius (default 5 mm, spec section 9), or a box, in
 *   which it is the inscribed circle.
 * - A line runs x1,y1 to x2,y2, its stroke centred on it. Without end points, x, y, width,
 *   height give a box and the line runs along its longer side through the middle, as thick
 *   as the shorter one. dashLen (or dashLens) gives dash and gap lengths ("1,0.5"; one value
 *   is used for both, spec section 5); a dashLine without one dashes 0.5, 0.5 mm.
 */
import type { BoxMm, PageElement } from '../../src/engine/types.ts';
import { contentBox, itemBox, itemRotation, type DrawContext } from './context.ts';
import type { ItemFields } from './fields.ts';

export const DEFAULT_LINE_WIDTH_MM = 0.35;
export const DEFAULT_RADIUS_MM = 5;
/** The SDK's default rectangle width, mm (spec section 9). */
const DEFAULT_RECT_WIDTH_MM = 20;
const DEFAULT_DASH_MM: [number, number] = [0.5, 0.5];

export type ShapeKind = 'rect' | 'roundrect' | 'ellipse';

export function shapeElements(kind: ShapeKind, f: ItemFields, ctx: DrawContext, fill = false): PageElement[] {
  const sent = itemBox(f);
  if (sent.widthMm === 0) sent.widthMm = DEFAULT_RECT_WIDTH_MM;
  if (sent.heightMm === 0) sent.heightMm = sent.widthMm;
  const rotation = itemRotation(f, ctx);
  const box = contentBox(sent, rotation);
  const corner = Math.max(f.length('cornerWidth', 0) ?? 0, f.length('cornerHeight', 0) ?? 0);
  const shape = kind === 'rect' && corner > 0 ? 'roundrect' : kind;
  return [{
    kind: 'shape',
    shape,
    ...box,
    rotation,
    antiColor: f.flag('antiColor') || undefined,
    lineWidthMm: lineWidthOf(f),
    filled: fill || f.flag('fill', 'filled') || undefined,
    cornerRadiusMm: shape === 'roundrect' ? (corner > 0 ? corner : 1) : undefined,
  }];
}

export function circleElements(f: ItemFields, ctx: DrawContext, fill = false): PageElement[] {
  const box = itemBox(f);
  const radius = f.length('radius', 0);
  let square: BoxMm;
  if ((radius === undefined || radius === 0) && (box.widthMm > 0 || box.heightMm > 0)) {
    const w = box.widthMm || box.heightMm;
    const h = box.heightMm || box.widthMm;
    const r = Math.min(w, h) / 2;
    square = { xMm: box.xMm + w / 2 - r, yMm: box.yMm + h / 2 - r, widthMm: 2 * r, heightMm: 2 * r };
  } else {
    const r = radius || DEFAULT_RADIUS_MM;
    square = { xMm: box.xMm - r, yMm: box.yMm - r, widthMm: 2 * r, heightMm: 2 * r };
  }
  return [{
    kind: 'shape', shape: 'ellipse', ...square,
    antiColor: f.flag('antiColor') || undefined,
    lineWidthMm: lineWidthOf(f), filled: fill || f.flag('fill', 'filled') || undefined,
  }];
}

export function lineElements(f: ItemFields, ctx: DrawContext, dashed: boolean): PageElement[] {
  let lineWidthMm = lineWidthOf(f);
  let x1: number;
  let y1: number;
  let x2: number;
  let y2: number;
  if (f.has('x1', 'y1', 'x2', 'y2')) {
    x1 = f.length('x1') ?? 0;
    y1 = f.length('y1') ?? 0;
    x2 = f.length('x2') ?? x1;
    y2 = f.length('y2') ?? y1;
  } else {
    const box = itemBox(f);
    if (box.widthMm === 0 && box.heightMm === 0) box.widthMm = Math.max(0, ctx.pageWidthMm - box.xMm);
    if (box.widthMm >= box.heightMm) {
      // Across: as thick as the box is high (the line width when it has no height).
      if (box.heightMm > 0) lineWidthMm = box.heightMm;
      const y = box.yMm + box.heightMm / 2;
      [x1, x2, y1, y2] = [box.xMm, box.xMm + box.widthMm, y, y];
    } else {
      if (box.widthMm > 0) lineWidthMm = box.widthMm;
      const x = box.xMm + box.widthMm / 2;
      [x1, x2, y1, y2] = [x, x, box.yMm, box.yMm + box.heightMm];
    }
  }
  const dash = dashOf(f, dashed);
  return [{
    kind: 'line', x1Mm: x1, y1Mm: y1, x2Mm: x2, y2Mm: y2, lineWidthMm,
    antiColor: f.flag('antiColor') || undefined,
    dashMm: dash?.[0], gapMm: dash?.[1],
  }];
}

function lineWidthOf(f: ItemFields): number {
  const w = f.length('lineWidth', 0);
  return w === undefined || w === 0 ? DEFAULT_LINE_WIDTH_MM : w;
}

function dashOf(f: ItemFields, dashed: boolean): [number, number] | undefined {
  const lengths = f.lengths('dashLen', 'dashLens', 'dash');
  if (!lengths || lengths.length === 0 || lengths.every((l) => l === 0)) return dashed ? DEFAULT_DASH_MM : undefined;
  const dash = lengths[0]!;
  const gap = lengths[1] ?? dash;
  // Spec section 3: dashes are drawn only from 0.1 mm; shorter ones make a solid line.
  if (dash < 0.1 || gap < 0.1) return undefined;
  return [dash, gap];
}
