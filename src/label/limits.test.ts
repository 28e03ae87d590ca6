/**
 * The label reader's control cap (src/label/xml/limits.ts MAX_LABEL_CONTROLS, issue 14):
 * a label with one control too many is refused with a LabelError in zh and en, one at the
 * cap is read whole.
 */
import { describe, expect, it } from 'vitest';
import { formatLabelMessage } from './errors.ts';
import { readLabel } from './wdfx.ts';
import { MAX_LABEL_CONTROLS } from './xml/limits.ts';

/** A .wdfx of `n` small text controls on a 40 x 30 mm label, plus an unknown element. */
function labelOf(n: number): string {
  const controls = Array.from({ length: n }, (_, i) => `<Text x="${i % 38}" y="${i % 28}" width="2" height="2" content="${i}"/>`);
  return `<LPAPI labelWidth="40" labelHeight="30"><Page>${controls.join('')}<Unknown/></Page></LPAPI>`;
}

describe('the control cap', () => {
  it('refuses a label with one control too many, before reading any control', () => {
    const read = readLabel(labelOf(MAX_LABEL_CONTROLS + 1));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.error.code).toBe('label.tooManyControls');
    expect(read.error.params).toEqual({ count: MAX_LABEL_CONTROLS + 1, max: MAX_LABEL_CONTROLS });
    expect(formatLabelMessage(read.error.code, read.error.params, 'en')).toBe(`The label has too many controls (${MAX_LABEL_CONTROLS + 1}; at most ${MAX_LABEL_CONTROLS}).`);
    expect(formatLabelMessage(read.error.code, read.error.params, 'zh-CN')).toBe(`标签的控件过多（${MAX_LABEL_CONTROLS + 1} 个，最多 ${MAX_LABEL_CONTROLS} 个）。`);
  });

  it('reads a label at the cap whole (unknown elements are not controls)', () => {
    const read = readLabel(labelOf(MAX_LABEL_CONTROLS));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.children).toHaveLength(MAX_LABEL_CONTROLS);
    expect(read.warnings.map((w) => w.code)).toEqual(['label.unknownElement']);
  });

  it('counts controls written directly under the root too', () => {
    const controls = Array.from({ length: MAX_LABEL_CONTROLS + 1 }, () => '<Line x1="1" y1="1" x2="5" y2="1"/>').join('');
    const read = readLabel(`<LPAPI labelWidth="40" labelHeight="30">${controls}</LPAPI>`);
    expect(read.ok ? 'read' : read.error.code).toBe('label.tooManyControls');
  });
});
