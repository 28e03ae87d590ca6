/**
 * The engine's whole-page turn (PageSpec.turn: display-list TURN, applied at page finish
 * after the corners and flips) against an independent one: the page rendered upright and
 * turned by the TypeScript reference (rotate-reference.ts) must equal the page the engine
 * turned itself, bit for bit, for random pages of odd sizes (every flip, rounded corners,
 * backgrounds, turned and inverted elements) and for real label pages (every golden case,
 * random label documents), on 1-bit and grey pages, at every quarter turn.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createLabel } from '../label/label.ts';
import { resolvePage } from '../label/resolve.ts';
import { labelDataSource } from '../label/spreadsheet.ts';
import { randomLabelInput, seeded } from '../label/testing/random-labels.ts';
import type { DataSource } from '../label/binding/data.ts';
import { loadBundledFonts } from '../render/fonts-node.ts';
import { GOLDEN_CLOCK, GOLDEN_DPIS, goldenCases } from '../render/golden-cases.ts';
import { labelPage } from '../render/label-page.ts';
import type { Engine } from './engine.ts';
import { EngineError, ErrorCode } from './errors.ts';
import { loadEngine } from './load-node.ts';
import { rotatePage } from './rotate-reference.ts';
import type { GreyPage, Page, PageElement, PageSpec, Rotation } from './types.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
  await loadBundledFonts(engine);
});

const TURNS: readonly Rotation[] = [0, 90, 180, 270];

/** Renders `spec` upright and at every turn; each turned page must equal the upright page
 * turned by the reference, and a quarter turn must swap width and height. */
function expectTurnsMatch(spec: PageSpec, what: string): Page {
  const upright = engine.renderPage({ ...spec, turn: 0 });
  for (const turn of TURNS) {
    const turned: Page | GreyPage = engine.renderPage({ ...spec, turn });
    const want = rotatePage(upright, turn);
    const at = `${what}, ${spec.grey ? 'grey' : '1-bit'}, turn ${turn}`;
    expect([turned.width, turned.height, turned.stride], at).toEqual([want.width, want.height, want.stride]);
    if (turn === 90 || turn === 270) expect([turned.width, turned.height], at).toEqual([upright.height, upright.width]);
    // Buffer.compare rather than toEqual: a difference is reported without a 10 kB diff.
    expect(Buffer.compare(Buffer.from(turned.data), Buffer.from(want.data)), at).toBe(0);
  }
  return upright;
}

/** A random page: odd sizes in mm at 203, 300 or an odd dpi, random page options and
 * elements (shapes, lines, a barcode and a QR), some turned, inverted or mirrored. */
function randomSpec(rand: () => number, grey: boolean): PageSpec {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const mm = (lo: number, hi: number) => Math.round((lo + rand() * (hi - lo)) * 1000) / 1000;
  const widthMm = mm(1, 80);
  const heightMm = mm(1, 60);
  const style = () => ({ rotation: pick(TURNS), antiColor: rand() < 0.2, mirror: rand() < 0.2 });
  const box = () => ({ xMm: mm(-5, widthMm), yMm: mm(-5, heightMm), widthMm: mm(0.5, widthMm), heightMm: mm(0.5, heightMm) });
  const elements: PageElement[] = [];
  const count = Math.floor(rand() * 8);
  for (let i = 0; i < count; i++) {
    const kind = pick(['shape', 'line', 'barcode', 'qrcode'] as const);
    if (kind === 'shape') {
      elements.push({ kind, shape: pick(['rect', 'roundrect', 'ellipse'] as const), ...box(), ...style(), lineWidthMm: mm(0, 2), filled: rand() < 0.4, cornerRadiusMm: mm(0, 3) });
    } else if (kind === 'line') {
      elements.push({ kind, x1Mm: mm(-5, widthMm), y1Mm: mm(-5, heightMm), x2Mm: mm(0, widthMm + 5), y2Mm: mm(0, heightMm + 5), lineWidthMm: mm(0.1, 2), antiColor: rand() < 0.2 });
    } else if (kind === 'barcode') {
      elements.push({ kind, type: 'code128', data: `A${Math.floor(rand() * 1e6)}`, ...box(), ...style(), textPosition: pick(['none', 'below'] as const) });
    } else {
      elements.push({ kind, data: `https://example.com/${Math.floor(rand() * 1e6)}`, ...box(), ...style() });
    }
  }
  return {
    widthMm,
    heightMm,
    dpi: pick([203, 300, 150, 97]),
    grey: grey || undefined,
    flipH: rand() < 0.5,
    flipV: rand() < 0.3,
    cornerRadiusMm: rand() < 0.5 ? mm(0, 5) : undefined,
    background: rand() < 0.2 ? Math.floor(rand() * 256) : undefined,
    elements,
  };
}

describe('page turn in the engine', () => {
  it('equals the reference turn on random pages, 1-bit and grey', () => {
    const rand = seeded(20261126);
    let inked = 0;
    for (let i = 0; i < 120; i++) {
      const grey = i % 2 === 1;
      const spec = randomSpec(rand, grey);
      let upright: Page;
      try {
        upright = expectTurnsMatch(spec, `random page ${i}`);
      } catch (e) {
        // Random data a symbol refuses, or a box too small for it, is not this test's
        // subject: such a page is drawn without its symbols.
        if (!(e instanceof EngineError) || e.code === ErrorCode.Parameter) throw e;
        upright = expectTurnsMatch({ ...spec, elements: spec.elements.filter((el) => el.kind !== 'barcode' && el.kind !== 'qrcode') }, `random page ${i} without symbols`);
      }
      if (upright.data.some((b) => b !== (grey ? 255 : 0))) inked++;
    }
    expect(inked).toBeGreaterThan(60); // most pages have ink: the comparison is not of blank pages
  });

  it('equals the reference turn on every golden label page at 203 and 300 dpi, 1-bit and grey', () => {
    for (const c of goldenCases()) {
      let data: DataSource | null = null;
      if (c.dataPage !== undefined) {
        const source = labelDataSource(createLabel(c.doc));
        if (!source.ok) throw source.error;
        data = source.value;
      }
      const resolved = resolvePage(createLabel(c.doc), data, c.dataPage ?? 0, GOLDEN_CLOCK);
      for (const dpi of GOLDEN_DPIS) {
        for (const grey of [false, true]) {
          expectTurnsMatch(labelPage(resolved, { ...c.options, dpi, grey }), `golden ${c.name} at ${dpi} dpi`);
        }
      }
    }
  });

  it('equals the reference turn on random label documents', () => {
    const rand = seeded(7);
    let drawn = 0;
    for (let i = 0; drawn < 60; i++) {
      const doc = createLabel(randomLabelInput(rand));
      // Labels up to the size of a shipping label (the corpus goes up to 1 m a side, whose
      // pages take seconds each and, grey at 203 dpi, pass the engine's 64 MiB limit).
      if (doc.labelWidth * doc.labelHeight > 150 * 150) continue;
      const grey = i % 3 === 0;
      const spec = labelPage(resolvePage(doc, null, 0, 0), { dpi: 203, grey });
      // Symbol data the random corpus makes unencodable is refused (random-corpus.test.ts);
      // such pages are drawn without their symbols.
      const elements = spec.elements.filter((e) => {
        if (e.kind !== 'barcode' && e.kind !== 'qrcode') return true;
        try {
          engine.renderPage({ ...spec, elements: [e] });
          return true;
        } catch (err) {
          if (err instanceof EngineError) return false;
          throw err;
        }
      });
      // Pages over the engine's work caps (crates/engine/src/work.rs: huge random texts) are
      // refused whole, turned or not: nothing to compare.
      try {
        engine.renderPage({ ...spec, elements });
      } catch (err) {
        if (err instanceof EngineError && (err.code === ErrorCode.TooMuchWork || err.code === ErrorCode.TooManyElements)) continue;
        throw err;
      }
      expectTurnsMatch({ ...spec, elements }, `random document ${i}`);
      drawn++;
    }
  });

  it('refuses a turn that is not a quarter turn, naming the field', () => {
    const spec = { widthMm: 4, heightMm: 2, dpi: 203, elements: [], turn: 45 as Rotation };
    expect(() => engine.renderPage(spec)).toThrow("page turn must be 0, 90, 180 or 270, got 45");
  });
});
