/**
 * Line control (spec section 3, Line; tag `<Line>`): a straight line along the middle of
 * its box, from the left edge to the right before the control's rotation, `lineWidth`
 * thick. Default 10 by 0.5 mm, line width 0.5; both at least 0.25. Dashed lines use
 * dashGap for dashes and gaps, drawn only when dashGap is at least 0.1 mm.
 *
 * Files also carry the end points x1, y1, x2, y2 (label mm): written for other readers;
 * read only when a file gives them instead of a box (a horizontal or vertical line; any
 * other direction becomes its horizontal length, rotated by the nearest quarter turn).
 */
import { float, nameChoice } from '../schema.ts';
import { formatNumber, parseNumber, round3, type Rotation } from '../units.ts';
import { boxFields } from './common.ts';
import { defineKind } from './kind.ts';

export const LINE_MIN = 0.25;
export const DASH_MIN = 0.1;
export const LINE_TYPES = ['solid', 'dash'] as const;
export type LineType = (typeof LINE_TYPES)[number];

/** End points of a line box before rotation, label mm. */
export function lineEnds(el: { x: number; y: number; width: number; height: number }) {
  const ym = round3(el.y + el.height / 2);
  return { x1: el.x, y1: ym, x2: round3(el.x + el.width), y2: ym };
}

/** Box and rotation of a line given by its end points (centre kept). */
export function lineBoxFromEnds(x1: number, y1: number, x2: number, y2: number, thickness: number) {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const length = Math.hypot(dx, dy);
  const vertical = Math.abs(dy) > Math.abs(dx);
  const orientation: Rotation = vertical ? 90 : 0;
  const cx = (x1 + x2) / 2;
  const cy = (y1 + y2) / 2;
  return { x: round3(cx - length / 2), y: round3(cy - thickness / 2), width: round3(length), height: round3(thickness), orientation };
}

export const lineKind = defineKind({
  kind: 'line',
  tag: 'Line',
  tags: ['line'],
  fields: {
    ...boxFields({ width: 10, height: 0.5, lineWidth: 0.5, lineWidthMin: LINE_MIN }),
    type: nameChoice<LineType>('solid', LINE_TYPES, { synonyms: { dashed: 'dash', dashline: 'dash', dot: 'dash' }, byIndex: LINE_TYPES }),
    dashGap: float(1, { min: 0, max: 100 }),
  },
  minSize: () => ({ width: LINE_MIN, height: LINE_MIN }),
  xml: {
    read(attrs, input) {
      if (attrs.has('width') || attrs.has('height')) return input;
      const p = ['x1', 'y1', 'x2', 'y2'].map((k) => parseNumber(attrs.get(k)));
      if (p.some((v) => v === undefined)) return input;
      const thickness = parseNumber(attrs.get('linewidth')) ?? 0.5;
      return { ...input, ...lineBoxFromEnds(p[0]!, p[1]!, p[2]!, p[3]!, Math.max(thickness, LINE_MIN)) };
    },
    write(el) {
      const e = lineEnds(el);
      return [['x1', formatNumber(e.x1)], ['y1', formatNumber(e.y1)], ['x2', formatNumber(e.x2)], ['y2', formatNumber(e.y2)]];
    },
  },
  pageInfoLevel: 0,
  serialDigits: 0,
  resolve(el) {
    return {
      ...lineEnds(el),
      lineWidthMm: el.lineWidth,
      /** [dash, gap] in mm, or null for a solid line. */
      dash: el.type === 'dash' && el.dashGap >= DASH_MIN ? ([el.dashGap, el.dashGap] as [number, number]) : null,
    };
  },
});
