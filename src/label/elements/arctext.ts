/**
 * Arc text control (spec section 3, ArcText; tag `<ArcText>`): text set along the ellipse
 * inscribed in its box. Default 20 by 20 mm, line width 0.5, at least 5 by 5 mm.
 */
import { boxFields, contentFields, fontFields, textStyle } from './common.ts';
import { defineKind } from './kind.ts';

export const ARC_TEXT_MIN = 5;

export const arcTextKind = defineKind({
  kind: 'arctext',
  tag: 'ArcText',
  tags: ['arctext'],
  fields: {
    ...boxFields({ width: 20, height: 20, lineWidth: 0.5 }),
    ...contentFields({ content: '', serialDigits: 15, horAlignment: 1 }),
    ...fontFields({ fontPt: 7 }),
  },
  minSize: () => ({ width: ARC_TEXT_MIN, height: ARC_TEXT_MIN }),
  pageInfoLevel: 20,
  serialDigits: 15,
  resolve(el, env) {
    const c = env.content(el);
    return { text: c.text, binding: c.binding, unresolved: c.unresolved, style: textStyle(el), lineWidthMm: el.lineWidth };
  },
});
