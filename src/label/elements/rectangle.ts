/**
 * Rectangle control (spec section 3, Rect; tags `<Rectangle>`, `<Rect>`, `<Ellipse>`,
 * `<Circle>`): rectangle, rounded rectangle, ellipse or circle. Default 15 by 5 mm, line
 * width 0.5, corner 1 mm. A circle is drawn with the diameter of the box's shorter side,
 * centred; the box itself is kept.
 */
import { bool, float, nameChoice } from '../schema.ts';
import { round3 } from '../units.ts';
import { boxFields } from './common.ts';
import { defineKind } from './kind.ts';

export const RECT_TYPES = ['rect', 'roundrect', 'ellipse', 'circle'] as const;
export type RectType = (typeof RECT_TYPES)[number];

/** The corner radius a rectangle is drawn with, mm: its cornerWidth for a rounded
 * rectangle, at most half the box's shorter side (a larger corner would overlap); 0 for
 * every other shape. */
export function drawnCornerRadius(el: { type: RectType; cornerWidth: number; width: number; height: number }): number {
  return el.type === 'roundrect' ? Math.min(el.cornerWidth, Math.min(el.width, el.height) / 2) : 0;
}

export const rectangleKind = defineKind({
  kind: 'rectangle',
  tag: 'Rectangle',
  tags: ['rectangle', 'rect', 'ellipse', 'circle'],
  fields: {
    ...boxFields({ width: 15, height: 5, lineWidth: 0.5 }),
    type: nameChoice<RectType>('rect', RECT_TYPES, {
      synonyms: { rectangle: 'rect', roundrectangle: 'roundrect', roundedrectangle: 'roundrect' },
      byIndex: RECT_TYPES,
      // The vendor's spellings (spec section 3: Rectangle, RoundRect, Ellipse, Circle).
      vendorNames: { rect: 'Rectangle', roundrect: 'RoundRect', ellipse: 'Ellipse', circle: 'Circle' },
    }),
    /** Corner radius of a rounded rectangle, mm. */
    cornerWidth: float(1, { min: 0, max: 1000 }),
    filled: bool(false),
  },
  tagDefaults: { ellipse: { type: 'ellipse' }, circle: { type: 'circle' } },
  pageInfoLevel: 0,
  serialDigits: 0,
  resolve(el) {
    const d = Math.min(el.width, el.height);
    return {
      shape: el.type,
      /** The drawn figure's box: the control's box, or for a circle the centred square. */
      figure:
        el.type === 'circle'
          ? { xMm: round3(el.x + (el.width - d) / 2), yMm: round3(el.y + (el.height - d) / 2), widthMm: d, heightMm: d }
          : { xMm: el.x, yMm: el.y, widthMm: el.width, heightMm: el.height },
      cornerRadiusMm: drawnCornerRadius(el),
      filled: el.filled,
      lineWidthMm: el.lineWidth,
    };
  },
});
