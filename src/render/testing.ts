/**
 * Helpers for rendering tests and the golden-page script: a label document to a page
 * through the whole pipeline (createLabel -> resolvePage -> labelPage -> engine), and
 * where golden pages live. Not part of the renderer's API.
 */
import { fileURLToPath } from 'node:url';
import type { Engine } from '../engine/engine.ts';
import type { Page } from '../engine/types.ts';
import type { DataSource } from '../label/binding/data.ts';
import { createLabel, type LabelInput } from '../label/label.ts';
import { resolvePage } from '../label/resolve.ts';
import { labelDataSource } from '../label/spreadsheet.ts';
import { GOLDEN_CLOCK, type GoldenCase } from './golden-cases.ts';
import { labelPage, type LabelPageOptions } from './label-page.ts';

export const GOLDEN_DIR = fileURLToPath(new URL('../../tests/golden/', import.meta.url));

export function goldenFile(name: string, dpi: number, suffix = ''): string {
  return `${GOLDEN_DIR}${name}-${dpi}${suffix}.pbm`;
}

/** One page of a document, rendered at `dpi` (1-bit, or grey with `options.grey`). */
export function renderDocument(
  engine: Engine,
  doc: LabelInput,
  dpi: number,
  options: Partial<LabelPageOptions> = {},
  clock = 0,
  data: DataSource | null = null,
  pageIndex = 0,
): Page {
  const resolved = resolvePage(createLabel(doc), data, pageIndex, clock);
  return engine.renderPage(labelPage(resolved, { dpi, ...options }));
}

/** The dot at (x, y): 1 black, 0 white. */
export function dot(page: Page, x: number, y: number): number {
  return (page.data[y * page.stride + (x >> 3)]! >> (7 - (x & 7))) & 1;
}

/** Black dots in a rectangle of dots. */
export function inkIn(page: Page, x0: number, y0: number, x1: number, y1: number): number {
  let n = 0;
  for (let y = Math.max(0, y0); y < Math.min(page.height, y1); y++) for (let x = Math.max(0, x0); x < Math.min(page.width, x1); x++) n += dot(page, x, y);
  return n;
}

/** A golden case's page at `dpi`. */
export function renderGolden(engine: Engine, c: GoldenCase, dpi: number): Page {
  let data: DataSource | null = null;
  if (c.dataPage !== undefined) {
    const source = labelDataSource(createLabel(c.doc));
    if (!source.ok) throw source.error;
    data = source.value;
  }
  return renderDocument(engine, c.doc, dpi, c.options, GOLDEN_CLOCK, data, c.dataPage ?? 0);
}
