import { describe, expect, it } from 'vitest';
import { kindDef } from '../label/elements/index.ts';
import { drawnCornerRadius } from '../label/elements/rectangle.ts';
import { createLabel } from '../label/label.ts';
import { resolvePage, type ResolvedElementOf } from '../label/resolve.ts';
import { mmToPt, ptToMm } from '../label/units.ts';
import { EditorModel } from './model.ts';
import { CAPTION_FONT_SIZES, dashTooShort, fieldRange, MIRROR_MODES, nearestCaptionSize, QR_VERSIONS, qrModules, withBold, ZONE_SIZES } from './shape-options.ts';

/** Timers that never fire by themselves: groups end at the model's own marks. */
const held = { setTimer: () => 0, clearTimer: () => undefined };

describe('the panel offers exactly what the schemas accept', () => {
  it('QR versions 0 (automatic) to 40, each of 4 * version + 17 modules', () => {
    expect(QR_VERSIONS[0]).toBe(0);
    expect(QR_VERSIONS.at(-1)).toBe(40);
    expect(QR_VERSIONS).toHaveLength(41);
    expect(fieldRange(createLabel({ children: [{ kind: 'qrcode' }] }).children[0]!, 'version')).toEqual({ min: 0, max: 40 });
    expect([qrModules(1), qrModules(4), qrModules(40)]).toEqual([21, 33, 177]);
  });

  it('quiet zones and mirror modes are the schemas choices', () => {
    expect(kindDef('qrcode')!.fields.zoneSize!.choices).toEqual([...ZONE_SIZES]);
    for (const kind of ['rectangle', 'line', 'barcode', 'qrcode', 'text'] as const) expect(kindDef(kind)!.fields.mirrorMode!.choices).toEqual(MIRROR_MODES);
  });

  it('caption sizes stop below the engine caption limit, and every one is kept by the barcode schema', () => {
    const pts = CAPTION_FONT_SIZES.map((s) => s.pt);
    expect(pts).toContain(250);
    expect(pts).not.toContain(300);
    for (const pt of pts) {
      const doc = createLabel({ children: [{ kind: 'barcode', fontHeight: ptToMm(pt) }] });
      const kept = doc.children[0]!.kind === 'barcode' ? doc.children[0]!.fontHeight : NaN;
      expect(nearestCaptionSize(mmToPt(kept)), `${pt} pt`).toBe(pt);
    }
    expect(nearestCaptionSize(300)).toBe(250);
    expect(nearestCaptionSize(7.2)).toBe(7);
  });

  it('the ranges of the numbers typed in: corner radius, dash length, PDF417 aspect ratio', () => {
    const [rect, line, code] = createLabel({ children: [{ kind: 'rectangle' }, { kind: 'line' }, { kind: 'qrcode', type: 'pdf417' }] }).children;
    expect(fieldRange(rect!, 'cornerWidth')).toEqual({ min: 0, max: 1000 });
    expect(fieldRange(line!, 'dashGap')).toEqual({ min: 0, max: 100 });
    expect(fieldRange(code!, 'aspectratio')).toEqual({ min: 1, max: 30 });
  });
});

describe('what the panel says about how a value prints', () => {
  it('a dashed line under 0.1 mm is said to print solid, exactly when the page draws it solid', () => {
    for (const [type, dashGap] of [['dash', 0.05], ['dash', 0.099], ['dash', 0.1], ['dash', 1], ['solid', 0.05]] as const) {
      const doc = createLabel({ children: [{ kind: 'line', x: 1, y: 1, width: 20, type, dashGap }] });
      const line = resolvePage(doc, null, 0, 0).elements[0] as ResolvedElementOf<'line'>;
      expect(dashTooShort({ type, dashGap }), `${type} ${dashGap}`).toBe(type === 'dash' && line.dash === null);
    }
  });

  it('a corner radius is drawn at most half the shorter side, and only on a rounded rectangle', () => {
    expect(drawnCornerRadius({ type: 'roundrect', cornerWidth: 4, width: 15, height: 5 })).toBe(2.5);
    expect(drawnCornerRadius({ type: 'roundrect', cornerWidth: 1, width: 15, height: 5 })).toBe(1);
    expect(drawnCornerRadius({ type: 'rect', cornerWidth: 4, width: 15, height: 5 })).toBe(0);
    const doc = createLabel({ children: [{ kind: 'rectangle', type: 'roundrect', cornerWidth: 4, width: 15, height: 5 }] });
    expect((resolvePage(doc, null, 0, 0).elements[0] as ResolvedElementOf<'rectangle'>).cornerRadiusMm).toBe(2.5);
  });

  it('bold is one bit of the font style; italic, underline and strikeout stay', () => {
    expect(withBold(0, true)).toBe(1);
    expect(withBold(2, true)).toBe(3);
    expect(withBold(15, false)).toBe(14);
    expect(withBold(1, true)).toBe(1);
  });
});

describe('each property set through the model is one undo step', () => {
  it('keeps every value the panel offers, and undo gives the control back', () => {
    const m = new EditorModel(createLabel({ children: [{ kind: 'rectangle' }, { kind: 'line' }, { kind: 'barcode' }, { kind: 'qrcode' }, { kind: 'qrcode', type: 'pdf417' }] }), 'en', held);
    const patches: [number, Record<string, unknown>][] = [
      [0, { type: 'roundrect' }], [0, { cornerWidth: 2 }], [0, { filled: true }],
      [1, { type: 'dash' }], [1, { dashGap: 0.05 }],
      [2, { textPosition: 'mask' }], [2, { textAlignment: 3 }], [2, { fontHeight: ptToMm(8) }], [2, { fontStyle: 1 }],
      [3, { zoneSize: 0 }], [3, { version: 5 }], [4, { aspectratio: 1.5 }],
      [0, { lockMovement: true }], [1, { printing: false }], [2, { antiColor: true }], [3, { mirrorMode: 16 }],
    ];
    for (const [index, patch] of patches) {
      const before = m.doc;
      const depth = m.history.undoDepth;
      m.patchControl(index, patch);
      expect(m.doc.children[index], JSON.stringify(patch)).toMatchObject(patch);
      expect(m.history.undoDepth).toBe(depth + 1);
      m.undo();
      expect(m.doc).toStrictEqual(before);
      m.redo();
    }
  });
});
