/**
 * Whatever the label model accepts, the engine draws: a fixed-seed corpus of random
 * documents (src/label/testing/random-labels.ts: every kind and field, values in and out
 * of range, printScale 0.1 to 10, print offsets) through createLabel, resolvePage,
 * labelPage and the engine at 203 dpi. The only errors allowed are barcode and 2D-code
 * data its symbology cannot encode (or a fixed version cannot hold), and such an error
 * must name the control: a barcode or 2D code of the document. That element is then left
 * out and the page drawn again, so an error cannot hide a later one. The other refusal is
 * the whole page, over the engine's work caps (crates/engine/src/work.rs: the corpus has
 * pages up to 1 m a side at printScale 10); it must name its costliest element, and stay
 * rare.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine/engine.ts';
import { EngineError, ErrorCode } from '../engine/errors.ts';
import { loadEngine } from '../engine/load-node.ts';
import { BARCODE_TYPES } from '../label/elements/barcode.ts';
import { createLabel } from '../label/label.ts';
import { resolvePage } from '../label/resolve.ts';
import { randomLabelInput, seeded } from '../label/testing/random-labels.ts';
import { loadBundledFonts } from './fonts-node.ts';
import { labelPage } from './label-page.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
  await loadBundledFonts(engine);
});

/** Errors about a symbol's data (errors.ts: NoData 20 to VersionTooSmall 26). */
const DATA_ERRORS: ReadonlySet<number> = new Set([
  ErrorCode.NoData, ErrorCode.DataTooLong, ErrorCode.InvalidCharacter, ErrorCode.InvalidLength,
  ErrorCode.InvalidCheckDigit, ErrorCode.InvalidData, ErrorCode.VersionTooSmall,
]);
const DOCUMENTS = 300;

describe('random documents render', () => {
  it('draws every page of the corpus; only symbol data is refused, naming its control', () => {
    const rand = seeded(20261122);
    const drawn = new Set<string>();
    let refused = 0;
    let symbols = 0;
    let overCap = 0;
    for (let i = 0; i < DOCUMENTS; i++) {
      const doc = createLabel(randomLabelInput(rand));
      const compiled = labelPage(resolvePage(doc, null, 0, 0), { dpi: 203 });
      const page = { ...compiled, elements: [...compiled.elements], sources: [...compiled.sources] };
      symbols += page.elements.filter((e) => e.kind === 'barcode' || e.kind === 'qrcode').length;
      for (;;) {
        try {
          engine.renderPage(page);
          break;
        } catch (e) {
          if (!(e instanceof EngineError)) throw e;
          const at = `document ${i}: ${e.message} (code ${e.code}, element ${e.element})`;
          if (e.code === ErrorCode.TooMuchWork) {
            expect(e.element, at).toBeTypeOf('number');
            overCap++;
            break;
          }
          expect(DATA_ERRORS.has(e.code), at).toBe(true);
          expect(e.element, at).toBeTypeOf('number');
          const element = page.elements[e.element!]!;
          const control = doc.children[page.sources[e.element!]!];
          expect(['barcode', 'qrcode'], at).toContain(element.kind);
          expect(control?.kind, at).toBe(element.kind);
          refused++;
          page.elements.splice(e.element!, 1);
          page.sources.splice(e.element!, 1);
        }
      }
      for (const e of page.elements) if (e.kind === 'barcode') drawn.add(e.type);
    }
    // The generator gives most barcodes data their type encodes: every type is drawn, and
    // refusals stay a minority of the symbols.
    expect([...drawn].sort()).toEqual([...BARCODE_TYPES].sort());
    expect(refused).toBeLessThan(symbols / 2);
    // 55 of the 300 with this seed: the corpus reaches 1 m pages at printScale 10 with long texts.
    expect(overCap).toBeLessThan(DOCUMENTS / 4);
    console.info(`${DOCUMENTS} documents: ${refused} of ${symbols} symbols refused for their data, ${overCap} pages over the work cap`);
  });
});
