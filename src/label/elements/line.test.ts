import { describe, expect, it } from 'vitest';
import { createElement, updateElement } from './index.ts';
import { lineFromEnds } from './line.ts';
import { createLabel } from '../label.ts';
import { readLabel, writeLabel } from '../wdfx.ts';
import { resolvePage, type ResolvedElementOf } from '../resolve.ts';
import type { LabelDocument } from '../label.ts';
import { withoutSource } from '../file-source.ts';

function read(xml: string): LabelDocument {
  const r = readLabel(xml);
  if (!r.ok) throw r.error;
  expect(r.warnings).toEqual([]);
  return r.value;
}

const page = (lines: string) => `<LPAPI version="1.3" labelWidth="60" labelHeight="40"><Page>${lines}</Page></LPAPI>`;

/** The `<Line>` tag's attributes as our writer gives them. */
function lineAttrs(doc: LabelDocument): Record<string, string> {
  const tag = /<Line ([^>]*)\/>/.exec(writeLabel(doc))![1]!;
  return Object.fromEntries([...tag.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

/** What a reader that knows only the vendor's end points sees: our file without the box. */
function vendorView(xml: string): string {
  return xml.replace(/<Line [^>]*\/>/g, (tag) => tag.replace(/ (x|y|width|height|orientation)="[^"]*"/g, ''));
}

const resolvedLine = (doc: LabelDocument) => resolvePage(doc, null, 0, 0).elements[0] as ResolvedElementOf<'line'>;

describe('line: two end points at any angle', () => {
  it('reads a diagonal pair of ends as that segment, its box the bounding box', () => {
    const doc = read(page('<Line x1="1" y1="1" x2="20" y2="10" lineWidth="0.5"/>'));
    expect(doc.children[0]).toMatchObject({ kind: 'line', x1: 1, y1: 1, x2: 20, y2: 10, x: 1, y: 1, width: 19, height: 9, orientation: 0, lineWidth: 0.5 });
    expect(resolvedLine(doc)).toMatchObject({ x1: 1, y1: 1, x2: 20, y2: 10, lineWidthMm: 0.5 });
    expect(lineAttrs(doc)).toMatchObject({ x1: '1', y1: '1', x2: '20', y2: '10' });
    // Ends going up-left (120° and beyond) keep their order.
    const back = read(page('<Line x1="30" y1="20" x2="10.5" y2="2.25"/>'));
    expect(back.children[0]).toMatchObject({ x1: 30, y1: 20, x2: 10.5, y2: 2.25, x: 10.5, y: 2.25, width: 19.5, height: 17.75 });
  });

  it('writes the true (turned) ends, so a reader of x1..y2 alone gets the same line', () => {
    // A vertical line drawn upwards from (5, 20) to (5, 2).
    const doc = read(page('<Line x1="5" y1="20" x2="5" y2="2" lineWidth="0.4"/>'));
    expect(doc.children[0]).toMatchObject({ orientation: 270, width: 18, height: 0.4, x1: 5, y1: 20, x2: 5, y2: 2 });
    expect(lineAttrs(doc)).toMatchObject({ x1: '5', y1: '20', x2: '5', y2: '2' });
    // Box-defined lines in every quarter turn: the written ends are where the line is drawn.
    for (const orientation of [0, 90, 180, 270]) {
      const d = createLabel({ children: [{ kind: 'line', x: 10, y: 10, width: 10, height: 0.5, lineWidth: 0.5, orientation }] });
      const r = resolvedLine(d);
      const a = lineAttrs(d);
      expect([a.x1, a.y1, a.x2, a.y2].map(Number), `orientation ${orientation}`).toEqual([r.x1, r.y1, r.x2, r.y2]);
      expect(withoutSource(read(vendorView(writeLabel(d)))), `orientation ${orientation}`).toStrictEqual(d);
    }
    const turned = createLabel({ children: [{ kind: 'line', x: 10, y: 10, width: 10, height: 2, orientation: 90 }] });
    expect(turned.children[0]).toMatchObject({ x1: 15, y1: 6, x2: 15, y2: 16 });
    // Diagonal lines read back from the ends alone too.
    const diag = createLabel({ children: [{ kind: 'line', x1: 3, y1: 30, x2: 40.25, y2: 8.5, lineWidth: 1, type: 'dash', dashGap: 2 }] });
    expect(withoutSource(read(vendorView(writeLabel(diag))))).toStrictEqual(diag);
  });

  it('round-trips its own files exactly, box and ends', () => {
    const doc = createLabel({
      children: [
        { kind: 'line', x1: 1.001, y1: 2.003, x2: 50.777, y2: 31.5 },
        { kind: 'line', x: 0.001, y: 5.333, width: 20.251, height: 0.251, orientation: 90 },
        { kind: 'line', x: 1999, y: -1999, width: 2000, height: 3, orientation: 270 },
      ],
    });
    const xml = writeLabel(doc);
    expect(read(xml)).toStrictEqual(doc);
    expect(writeLabel(read(xml))).toBe(xml);
  });

  it('takes the ends when another program moved them and left the box', () => {
    // Box says horizontal at y 5.25; the ends say vertical at x 8.
    const doc = read(page('<Line x="0" y="5" width="10" height="0.5" orientation="0" x1="8" y1="1" x2="8" y2="9" lineWidth="0.5"/>'));
    expect(doc.children[0]).toMatchObject({ x1: 8, y1: 1, x2: 8, y2: 9, orientation: 90, width: 8, height: 0.5 });
  });

  it('makes a zero-length pair the shortest line there', () => {
    const doc = read(page('<Line x1="4" y1="4" x2="4" y2="4" lineWidth="0.3"/>'));
    expect(doc.children[0]).toMatchObject({ width: 0.25, height: 0.3, x: 3.875, y: 3.85 });
    const r = resolvedLine(doc);
    expect(Math.hypot(r.x2 - r.x1, r.y2 - r.y1)).toBeCloseTo(0.25, 9);
  });

  it('is edited by its ends at any angle (lineFromEnds), by its box when axis-aligned', () => {
    const el = createElement('line');
    expect(el).toMatchObject({ x: 0, y: 0, width: 10, height: 0.5, x1: 0, y1: 0.25, x2: 10, y2: 0.25 });
    const diag = updateElement(el, lineFromEnds(2, 2, 12, 12, el.height));
    expect(diag).toMatchObject({ x1: 2, y1: 2, x2: 12, y2: 12, x: 2, y: 2, width: 10, height: 10, orientation: 0 });
    // A diagonal line's box follows its ends: moving the box alone changes nothing.
    expect(updateElement(diag, { x: 30 })).toStrictEqual(diag);
    const moved = updateElement(diag, { x1: 32, x2: 42 });
    expect(moved).toMatchObject({ x: 32, width: 10 });
    // Back to horizontal through lineFromEnds: a box again, the thickness given.
    const flat = updateElement(moved, lineFromEnds(0, 5, 20, 5, 0.5));
    expect(flat).toMatchObject({ x: 0, y: 4.75, width: 20, height: 0.5, orientation: 0, x1: 0, y1: 5, x2: 20, y2: 5 });
    // An axis-aligned line moves with its box, its ends follow.
    expect(updateElement(flat, { y: 10 })).toMatchObject({ y1: 10.25, y2: 10.25 });
  });

  it('keeps the dash rule: dashGap below 0.1 mm draws solid', () => {
    const doc = createLabel({ children: [{ kind: 'line', x1: 0, y1: 0, x2: 10, y2: 10, type: 'dash', dashGap: 0.05 }, { kind: 'line', x1: 0, y1: 0, x2: 10, y2: 10, type: 'dash', dashGap: 0.1 }] });
    const r = resolvePage(doc, null, 0, 0).elements as ResolvedElementOf<'line'>[];
    expect([r[0]!.dash, r[1]!.dash]).toEqual([null, [0.1, 0.1]]);
  });
});
