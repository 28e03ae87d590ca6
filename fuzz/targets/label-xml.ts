/**
 * Fuzzing the label file reader (readLabel, src/label/wdfx.ts), which promises never to
 * throw: every input must come back as a document or an error value, never as the
 * catch-all 'label.internal'. A document that reads must also write, and what we write
 * must read again (a file saved by the editor always reopens).
 *
 * Inputs start from real documents (the vendor fixture, and random documents of every
 * element kind written by our writer) and are mutated at the XML level (attribute values,
 * duplicated and dropped elements, deep nesting, entities, encodings) and at the byte level.
 */
import { readFileSync } from 'node:fs';
import { readLabel, writeLabel } from '../../src/label/wdfx.ts';
import { createLabel } from '../../src/label/label.ts';
import { randomLabelInput, seeded } from '../../src/label/testing/random-labels.ts';
import { mutateBytes } from '../mutate.ts';
import { Rng, randomText } from '../random.ts';
import { describeError, type FuzzFailure, type FuzzTarget } from '../target.ts';

const FIXTURE_URL = new URL('../../src/label/fixtures/vendor-asset-label.wdfx', import.meta.url);
const utf8 = new TextEncoder();
/** Characters one duplication may add (the reader's own cap is 64 Mi characters). */
const MAX_GROWTH_CHARS = 4 * 1024 * 1024;

const TAGS = ['LPAPI', 'Page', 'Text', 'String', 'Barcode', 'Qrcode', 'QRCode', 'ArcText', 'Date', 'Time', 'Picture', 'Logo', 'Rectangle', 'RoundRect', 'Circle', 'Ellipse', 'Line', 'Table', 'Cell', 'Bogus'];
const ATTRIBUTES = ['x', 'y', 'width', 'height', 'content', 'fontHeight', 'fontName', 'fontStyle', 'rotation', 'barcodeType', 'textPosition', 'lineWidth', 'rowHeight', 'colWidth', 'group', 'row', 'col', 'rowSpan', 'colSpan', 'contentType', 'dataColumnName', 'dataFile', 'dataSheet', 'labelWidth', 'labelHeight', 'printOrientation', 'dateFormat', 'timeFormat', 'dateOffset', 'eccLevel', 'version', 'zoneSize', 'degreeOffset', 'contentId', 'cornerRadius', 'tailDirection', 'tailLength'];
const VALUES = ['', '0', '-1', '1e308', '-1e308', 'NaN', 'Infinity', '0x10', '1,5', ' 2 ', '99999999999999999999', '3.4028235e39', 'true', 'CODE128', 'QR_CODE', 'None', 'id=code', 'png*****', 'csv*****', 'png*****!!!!', 'csv*****77u/YSxiDQox', '2', '30', '31', '-0', '1e-320'];

export function createLabelXmlTarget(seed: number): FuzzTarget {
  const fixture = readFileSync(FIXTURE_URL, 'utf8');
  const corpus: string[] = [fixture];
  const rand = seeded(seed ^ 0x1abe1);
  for (let i = 0; i < 24; i++) corpus.push(writeLabel(createLabel(randomLabelInput(rand))));
  const corpusBytes = corpus.map((s) => utf8.encode(s));

  return {
    name: 'xml',
    input(seed: number, index: number) {
      const input = makeInput(new Rng(seed, index), corpus, corpusBytes);
      return { input: typeof input === 'string' ? utf8.encode(input) : input, label: 'readLabel' };
    },
    run(seed: number, index: number): FuzzFailure | null {
      const rng = new Rng(seed, index);
      const input = makeInput(rng, corpus, corpusBytes);
      // Encoded only for a failure's report: most inputs are text, and encoding each cost
      // as much as reading it.
      const bytesOf = () => (typeof input === 'string' ? utf8.encode(input) : input);
      try {
        const read = readLabel(input);
        if (!read.ok) {
          if (read.error.code === 'label.internal') return { kind: 'internal', message: `label.internal: ${JSON.stringify(read.error.params)}`, input: bytesOf(), label: 'readLabel' };
          return null;
        }
        const written = writeLabel(read.value);
        const again = readLabel(written);
        if (!again.ok) return { kind: 'contract', message: `our own writing of this document does not read: ${again.error.code} ${JSON.stringify(again.error.params)}`, input: bytesOf(), label: 'readLabel' };
        return null;
      } catch (e) {
        return { kind: 'throw', message: describeError(e), input: bytesOf(), label: 'readLabel' };
      }
    },
  };
}

function makeInput(rng: Rng, corpus: readonly string[], corpusBytes: readonly Uint8Array[]): string | Uint8Array {
  const base = rng.pick(corpus);
  switch (rng.int(4)) {
    case 0: return mutateBytes(rng, rng.pick(corpusBytes), corpusBytes);
    case 1: return randomDocument(rng);
    default: {
      let s = base;
      const rounds = rng.range(1, 6);
      for (let i = 0; i < rounds; i++) s = mutateXml(rng, s);
      return s;
    }
  }
}

/** Mutations that keep (mostly) well-formed XML, to get past the tokenizer into the model. */
function mutateXml(rng: Rng, s: string): string {
  switch (rng.int(8)) {
    case 0: { // an attribute's value replaced
      const matches = [...s.matchAll(/="[^"]*"/g)];
      if (matches.length === 0) return s;
      const m = rng.pick(matches);
      const value = rng.chance(0.6) ? rng.pick(VALUES) : escapeAttr(randomText(rng));
      return s.slice(0, m.index) + `="${value}"` + s.slice(m.index! + m[0].length);
    }
    case 1: { // an attribute added to some element
      const at = elementStarts(s);
      if (at.length === 0) return s;
      const i = rng.pick(at);
      const end = s.indexOf(' ', i);
      if (end < 0) return s;
      return s.slice(0, end) + ` ${rng.pick(ATTRIBUTES)}="${rng.pick(VALUES)}"` + s.slice(end);
    }
    case 2: { // a whole element line duplicated many times
      const lines = s.split('\n');
      const i = rng.int(lines.length);
      // Many copies of a short line (thousands of controls), few of a long one: a line
      // holding a picture is ~100 kB, and 3,000 of it made a 100 MB input that only tests
      // the size check (xml.tooLarge), at seconds an input.
      const many = Math.max(1, Math.floor(MAX_GROWTH_CHARS / Math.max(1, lines[i]!.length)));
      const times = Math.min(many, rng.chance(0.1) ? rng.range(100, 3000) : rng.range(1, 5));
      lines.splice(i, 0, ...Array.from({ length: times }, () => lines[i]!));
      return lines.join('\n');
    }
    case 3: { // a line dropped (unbalanced tags, missing Page)
      const lines = s.split('\n');
      lines.splice(rng.int(lines.length), 1);
      return lines.join('\n');
    }
    case 4: { // deep nesting inside the page
      const depth = rng.chance(0.2) ? rng.range(500, 5000) : rng.range(2, 40);
      const tag = rng.pick(TAGS);
      const at = s.indexOf('<Page>');
      if (at < 0) return s;
      return s.slice(0, at + 6) + `<${tag}>`.repeat(depth) + `</${tag}>`.repeat(depth) + s.slice(at + 6);
    }
    case 5: { // markup oddities: entities, DOCTYPE, CDATA, comments, PIs
      const piece = rng.pick([
        '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>',
        '&#0;', '&#x110000;', '&bogus;', '&amp;amp;', '<![CDATA[<Text/>]]>', '<!-- -- -->', '<?pi x?>', '<?xml version="1.0"?>', '\u0000', '\ud800',
      ]);
      const at = rng.int(s.length + 1);
      return s.slice(0, at) + piece + s.slice(at);
    }
    case 6: { // an element of a random kind with random attributes
      const at = s.indexOf('</Page>');
      if (at < 0) return s;
      return s.slice(0, at) + randomElementXml(rng) + s.slice(at);
    }
    default: { // another encoding declared, or a BOM
      return rng.pick(['\ufeff', '<?xml version="1.0" encoding="GBK"?>', '<?xml version="1.0" encoding="UTF-16"?>', '<?xml version="1.0" encoding="bogus"?>']) + s.replace(/^<\?xml[^>]*>/, '');
    }
  }
}

function elementStarts(s: string): number[] {
  const out: number[] = [];
  for (const m of s.matchAll(/<[A-Za-z]/g)) out.push(m.index!);
  return out;
}

function escapeAttr(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function randomElementXml(rng: Rng): string {
  const tag = rng.pick(TAGS);
  const n = rng.range(0, 10);
  let attrs = '';
  for (let i = 0; i < n; i++) attrs += ` ${rng.pick(ATTRIBUTES)}="${rng.chance(0.5) ? rng.pick(VALUES) : escapeAttr(randomText(rng, 8))}"`;
  if (tag === 'Table' && rng.chance(0.7)) {
    const cells = Array.from({ length: rng.range(0, 12) }, () => `<Cell row="${rng.range(-1, 40)}" col="${rng.range(-1, 40)}" rowSpan="${rng.range(0, 40)}" colSpan="${rng.range(0, 40)}" content="x"/>`).join('');
    return `<Table${attrs} rowHeight="${rng.pick(['5,5', '', '0', '1,'.repeat(rng.range(1, 60))])}" colWidth="${rng.pick(['10,10', '', '-1', '2,'.repeat(rng.range(1, 60))])}">${cells}</Table>`;
  }
  return `<${tag}${attrs}/>`;
}

function randomDocument(rng: Rng): string {
  const attrs = Array.from({ length: rng.range(0, 8) }, () => ` ${rng.pick(ATTRIBUTES)}="${rng.pick(VALUES)}"`).join('');
  const elements = Array.from({ length: rng.range(0, 20) }, () => randomElementXml(rng)).join('');
  return `<${rng.chance(0.9) ? 'LPAPI' : rng.pick(TAGS)} version="1.3"${attrs}><Page>${elements}</Page></LPAPI>`;
}
