/**
 * Line control (spec section 3, Line; tag `<Line>`): a straight segment `lineWidth` thick
 * between two end points. Default 10 by 0.5 mm, line width 0.5; both at least 0.25.
 * Dashed lines use dashGap for dashes and gaps, drawn only when dashGap is at least 0.1 mm.
 *
 * The model holds both views of a line, always consistent after normalising:
 *
 * - **Ends** `x1, y1, x2, y2` (label mm, 3 decimals, after rotation): where the line is
 *   on the label, at any angle. Written as the vendor's x1..y2 attributes.
 * - **Box** `x, y, width, height, orientation` (the editor's view and every other
 *   control's): for a horizontal or vertical line, the line runs along the middle of the
 *   box from its left edge to its right before the quarter turn (`height` is the box's
 *   thickness, e.g. what an anti-colour line blackens). For a diagonal line the box is the
 *   line's bounding box (orientation 0; width and height at least 0.25).
 *
 * Which one defines the line: a diagonal pair of ends (neither dx nor dy 0) always does and
 * the box follows; otherwise the box does and the ends follow. So documents and edits in
 * box terms behave as they always did, and a diagonal line is moved or reshaped through
 * its ends ({@link lineFromEnds} makes the whole patch for any angle).
 *
 * Files: our writer gives the box attributes and the true ends; our reader takes the box
 * when it agrees with the ends (our own files), the ends otherwise (the vendor's files,
 * which have only x1..y2, or a file whose ends another program moved).
 */
import { float, nameChoice } from '../schema.ts';
import { parseNumber, round3, toRotation, turnPoint, type Rotation } from '../units.ts';
import { boxFields, MAX_MM } from './common.ts';
import { defineKind } from './kind.ts';

export const LINE_MIN = 0.25;
export const DASH_MIN = 0.1;
export const LINE_TYPES = ['solid', 'dash'] as const;
export type LineType = (typeof LINE_TYPES)[number];

interface LineBox {
  x: number;
  y: number;
  width: number;
  height: number;
  orientation: Rotation;
}

/**
 * The true (turned) ends of a box-defined line, label mm, not rounded: the middle line of
 * the box turned clockwise by its orientation about the box's centre (the arithmetic the
 * renderer always used, so pages stay identical to the dot).
 */
export function boxLineEnds(el: LineBox): { x1: number; y1: number; x2: number; y2: number } {
  const ym = round3(el.y + el.height / 2);
  const [cx, cy] = [el.x + el.width / 2, el.y + el.height / 2];
  const turn = (x: number, y: number) => turnPoint(x, y, cx, cy, el.orientation);
  const [x1, y1] = turn(el.x, ym);
  const [x2, y2] = turn(round3(el.x + el.width), ym);
  return { x1, y1, x2, y2 };
}

function isDiagonal(x1: number, y1: number, x2: number, y2: number): boolean {
  return x1 !== x2 && y1 !== y2;
}

/**
 * Box, orientation and ends of a line given by its end points (label mm), `thickness` mm
 * thick (the box's height for a horizontal or vertical line). Horizontal and vertical
 * lines get the box of that direction (0, 90, 180 or 270 by the way from end 1 to end 2;
 * centre kept); any other direction gets its bounding box. A patch for `updateElement`.
 */
export function lineFromEnds(x1: number, y1: number, x2: number, y2: number, thickness: number) {
  [x1, y1, x2, y2] = [x1, y1, x2, y2].map(round3) as [number, number, number, number];
  if (isDiagonal(x1, y1, x2, y2)) {
    return { x: Math.min(x1, x2), y: Math.min(y1, y2), width: round3(Math.abs(x2 - x1)), height: round3(Math.abs(y2 - y1)), orientation: 0 as Rotation, x1, y1, x2, y2 };
  }
  // Shorter than the minimum (a zero-length pair included): grown about its centre.
  const length = Math.max(Math.abs(x2 - x1) + Math.abs(y2 - y1), LINE_MIN);
  const orientation: Rotation = x2 > x1 ? 0 : y2 > y1 ? 90 : x2 < x1 ? 180 : y2 < y1 ? 270 : 0;
  const cx = (x1 + x2) / 2;
  const cy = (y1 + y2) / 2;
  return { x: round3(cx - length / 2), y: round3(cy - thickness / 2), width: round3(length), height: round3(thickness), orientation, x1, y1, x2, y2 };
}

/**
 * Ends' range, label mm: twice the positions' (a box at the edge of the range, turned,
 * has its ends up to a whole width beyond it, and those must read back as written).
 */
const MAX_END = 2 * MAX_MM;
/** An end coordinate: label mm, 3 decimals. */
const end = () => float(0, { min: -MAX_END, max: MAX_END });

export const lineKind = defineKind({
  kind: 'line',
  tag: 'Line',
  tags: ['line'],
  fields: {
    ...boxFields({ width: 10, height: 0.5, lineWidth: 0.5, lineWidthMin: LINE_MIN }),
    // The vendor spells them Solid and Dash (spec section 3).
    type: nameChoice<LineType>('solid', LINE_TYPES, { synonyms: { dashed: 'dash', dashline: 'dash', dot: 'dash' }, byIndex: LINE_TYPES, vendorNames: { solid: 'Solid', dash: 'Dash' } }),
    dashGap: float(1, { min: 0, max: 100 }),
    x1: end(),
    y1: end(),
    x2: end(),
    y2: end(),
  },
  minSize: () => ({ width: LINE_MIN, height: LINE_MIN }),
  finish(el) {
    if (isDiagonal(el.x1, el.y1, el.x2, el.y2)) {
      const b = lineFromEnds(el.x1, el.y1, el.x2, el.y2, el.height);
      return { ...el, x: b.x, y: b.y, width: b.width, height: b.height, orientation: b.orientation };
    }
    // The box defines the line; the minimum size is applied after `finish`, so the ends
    // come from the box as it will be.
    const box = { ...el, width: Math.max(el.width, LINE_MIN), height: Math.max(el.height, LINE_MIN) };
    const e = boxLineEnds(box);
    return { ...el, x1: round3(e.x1), y1: round3(e.y1), x2: round3(e.x2), y2: round3(e.y2) };
  },
  xml: {
    read(attrs, input) {
      const p = ['x1', 'y1', 'x2', 'y2'].map((k) => parseNumber(attrs.get(k)));
      if (p.some((v) => v === undefined || !Number.isFinite(v))) return input;
      const [x1, y1, x2, y2] = p.map((v) => round3(Math.min(Math.max(v!, -MAX_END), MAX_END))) as [number, number, number, number];
      if (isDiagonal(x1, y1, x2, y2)) return input; // the ends define it (finish)
      if (attrs.has('width') || attrs.has('height')) {
        // Our own files: the box (it carries the thickness) when it agrees with the ends.
        const num = (k: string, d: number) => parseNumber(attrs.get(k)) ?? d;
        const box = {
          x: num('x', 0), y: num('y', 0), width: Math.max(num('width', 10), LINE_MIN), height: Math.max(num('height', 0.5), LINE_MIN),
          orientation: toRotation(parseNumber(attrs.get('orientation') ?? attrs.get('direction') ?? attrs.get('rotation')) ?? 0),
        };
        const e = boxLineEnds(box);
        if (round3(e.x1) === x1 && round3(e.y1) === y1 && round3(e.x2) === x2 && round3(e.y2) === y2) return input;
      }
      // A zero-length pair becomes the shortest line there (0.25 mm, horizontal).
      const thickness = parseNumber(attrs.get('height')) ?? parseNumber(attrs.get('linewidth')) ?? 0.5;
      return { ...input, ...lineFromEnds(x1, y1, x2, y2, Math.max(thickness, LINE_MIN)) };
    },
  },
  pageInfoLevel: 0,
  serialDigits: 0,
  resolve(el) {
    return {
      // The renderer's ends: unrounded for a box-defined line (as pages always had them).
      ...(isDiagonal(el.x1, el.y1, el.x2, el.y2) ? { x1: el.x1, y1: el.y1, x2: el.x2, y2: el.y2 } : boxLineEnds(el)),
      lineWidthMm: el.lineWidth,
      /** [dash, gap] in mm, or null for a solid line. */
      dash: el.type === 'dash' && el.dashGap >= DASH_MIN ? ([el.dashGap, el.dashGap] as [number, number]) : null,
    };
  },
});
