/**
 * limits.ts against the engine: each limit is drawn, and one µm past it is refused, by the
 * built engine; and each constant equals the Rust one it mirrors (read from the source,
 * as no ABI call reports them).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from './engine.ts';
import { ErrorCode } from './errors.ts';
import { engineError } from './testing.ts';
import { MAX_BARCODE_FONT_PT, MAX_BARCODE_FONT_UM, MAX_CHAR_SPACE_MM, MAX_CHAR_SPACE_UM, MAX_FONT_DOTS, MAX_FONT_MM, MAX_FONT_UM, maxFontMm } from './limits.ts';
import { loadEngine } from './load-node.ts';
import type { PageElement, PageSpec } from './types.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

/** 'none' is no loaded font: the engine's built-in strokes, which check sizes as a face does. */
const text = (fontHeightMm: number, charSpaceMm = 0): PageElement => ({ kind: 'text', text: 'A', fontName: 'none', fontHeightMm, charSpaceMm, xMm: 0, yMm: 0, widthMm: 10, heightMm: 10 });
const page = (dpi: number, element: PageElement): PageSpec => ({ widthMm: 10, heightMm: 10, dpi, elements: [element] });

describe('engine limits', () => {
  it('draws a font height up to MAX_FONT_MM and refuses one µm more', () => {
    expect(maxFontMm(203)).toBe(MAX_FONT_MM);
    expect(() => engine.renderPage(page(203, text(MAX_FONT_MM)))).not.toThrow();
    const e = engineError(() => engine.renderPage(page(203, text(MAX_FONT_MM + 0.001))));
    expect([e.code, e.element]).toEqual([ErrorCode.Parameter, 0]);
    expect(e.message).toContain('font height');
  });

  it('draws a font height up to maxFontMm(dpi) where MAX_FONT_DOTS is the smaller limit', () => {
    for (const dpi of [300, 600]) {
      const max = maxFontMm(dpi);
      expect(max).toBeLessThan(MAX_FONT_MM);
      expect(max * dpi / 25.4).toBeLessThanOrEqual(MAX_FONT_DOTS);
      expect(() => engine.renderPage(page(dpi, text(max)))).not.toThrow();
      const e = engineError(() => engine.renderPage(page(dpi, text(max + 0.001))));
      expect([e.code, e.element], `${dpi} dpi`).toEqual([ErrorCode.Parameter, 0]);
      expect(e.message).toContain(`${MAX_FONT_DOTS} dots`);
    }
  });

  it('draws character spacing up to ±MAX_CHAR_SPACE_MM and refuses one µm more', () => {
    for (const sign of [1, -1]) {
      expect(() => engine.renderPage(page(203, text(5, sign * MAX_CHAR_SPACE_MM)))).not.toThrow();
      const e = engineError(() => engine.renderPage(page(203, text(5, sign * (MAX_CHAR_SPACE_MM + 0.001)))));
      expect([e.code, e.element]).toEqual([ErrorCode.Parameter, 0]);
      expect(e.message).toContain('character spacing');
    }
  });

  it('draws a barcode caption of MAX_BARCODE_FONT_PT and refuses a larger one', () => {
    const barcode = (fontSizePt: number): PageElement => ({ kind: 'barcode', type: 'code128', data: '12', fontSizePt, xMm: 0, yMm: 0, widthMm: 10, heightMm: 10 });
    expect(MAX_BARCODE_FONT_PT).toBeCloseTo(283.46, 2);
    expect(() => engine.renderPage(page(203, barcode(MAX_BARCODE_FONT_PT)))).not.toThrow();
    const e = engineError(() => engine.renderPage(page(203, barcode(MAX_BARCODE_FONT_PT + 0.01))));
    expect([e.code, e.element]).toEqual([ErrorCode.Parameter, 0]);
  });

  it('mirrors the constants of crates/engine', () => {
    const source = (file: string) => readFileSync(fileURLToPath(new URL(`../../crates/engine/src/${file}`, import.meta.url)), 'utf8');
    const constant = (file: string, name: string) => {
      const m = new RegExp(`pub const ${name}: \\w+ = ([\\d_.]+);`).exec(source(file));
      if (!m) throw new Error(`${name} is not in ${file}`);
      return Number(m[1]!.replaceAll('_', ''));
    };
    expect(constant('text_command.rs', 'MAX_FONT_UM')).toBe(MAX_FONT_UM);
    expect(constant('text_command.rs', 'MAX_CHAR_SPACE_UM')).toBe(MAX_CHAR_SPACE_UM);
    expect(constant('text_draw.rs', 'MAX_FONT_DOTS')).toBe(MAX_FONT_DOTS);
    // The caption size has no named constant: its range is written in the check.
    expect(source('symbol_spec.rs')).toMatch(new RegExp(`\\(1\\.\\.=${MAX_BARCODE_FONT_UM.toLocaleString('en').replaceAll(',', '_')}\\)\\.contains\\(&um\\)`));
  });
});
