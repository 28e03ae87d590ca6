/**
 * What the golden pages cover (issue 5: "every element kind, rotation and mode"): each
 * element kind, and each rectangle shape, at all four quarter turns, and pictures in every
 * colour mode and half-tone. Adding a kind or a mode without a golden page fails here.
 */
import { describe, expect, it } from 'vitest';
import { ELEMENT_KINDS } from '../label/elements/index.ts';
import { RECT_TYPES } from '../label/elements/rectangle.ts';
import { createLabel } from '../label/label.ts';
import { goldenCases } from './golden-cases.ts';

const ROTATIONS = [0, 90, 180, 270];

describe('golden cases', () => {
  const cases = goldenCases();
  const controls = cases.flatMap((c) => createLabel(c.doc).children.map((el) => ({ el, options: c.options })));

  it('draw every element kind and every rectangle shape at each quarter turn', () => {
    const seen = new Set(controls.map(({ el }) => `${el.kind === 'rectangle' ? `rectangle ${el.type}` : el.kind} ${el.orientation}`));
    // The rectangle kind is its four shapes.
    const kinds = ELEMENT_KINDS.flatMap((d) => (d.kind === 'rectangle' ? RECT_TYPES.map((t) => `rectangle ${t}`) : [d.kind]));
    const wanted = kinds.flatMap((k) => ROTATIONS.map((r) => `${k} ${r}`));
    expect(wanted.filter((w) => !seen.has(w))).toEqual([]);
  });

  it('draw pictures in every colour mode and half-tone', () => {
    const modes = new Set<string>();
    for (const { el, options } of controls) {
      if (el.kind !== 'picture' && el.kind !== 'logo') continue;
      modes.add(el.colorMode === 3 ? `half-tone ${options?.halftone ?? 'ordered'}` : `mode ${el.colorMode}`);
    }
    expect([...modes].sort()).toEqual(['half-tone atkinson', 'half-tone floyd-steinberg', 'half-tone ordered', 'mode 0', 'mode 1', 'mode 2']);
  });

  it('have unique names', () => {
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
  });
});
