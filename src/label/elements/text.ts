/**
 * Text control (spec section 3, Text): content with data binding, font and layout.
 * Tags `<Text>` and `<String>`. Serial numbers in text have at most 9 digits.
 */
import { MIN_FONT_PT, ptToMm, round3 } from '../units.ts';
import { boxFields, contentFields, defaultTextSize, fontFields, textStyle } from './common.ts';
import { defineKind } from './kind.ts';

export const textKind = defineKind({
  kind: 'text',
  tag: 'Text',
  tags: ['text', 'string'],
  fields: {
    ...boxFields({ width: 20, height: 5 }),
    ...contentFields({ content: '', serialDigits: 9 }),
    ...fontFields({ fontPt: 7 }),
  },
  insertDefaults(ctx) {
    const size = defaultTextSize(ctx);
    return { fontHeight: size, height: round3(size * 1.2) };
  },
  // Spec section 5: text minimum height is the smallest font size.
  minSize: () => ({ width: 0.5, height: ptToMm(MIN_FONT_PT) }),
  pageInfoLevel: 20,
  serialDigits: 9,
  resolve(el, env) {
    const c = env.content(el);
    return { text: c.text, binding: c.binding, unresolved: c.unresolved, style: textStyle(el) };
  },
});
