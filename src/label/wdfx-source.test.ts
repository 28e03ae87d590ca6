import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readLabel, writeLabel } from './wdfx.ts';
import { createLabel, updateLabel, type LabelDocument } from './label.ts';
import { createElement, updateElement, type LabelElement } from './elements/index.ts';
import { insertRow } from './elements/table.ts';
import { lineFromEnds } from './elements/line.ts';
import { withoutSource } from './file-source.ts';
import { parseXml, childElements, type XmlElement } from './xml/tree.ts';
import { randomLabelInput, seeded } from './testing/random-labels.ts';
import { xmlDiff } from './testing/xml-diff.ts';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const fixtureNames = readdirSync(FIXTURES).filter((n) => n.endsWith('.wdfx')).sort();
const fixtureText = (name: string) => readFileSync(FIXTURES + name, 'utf8');

function read(src: string): LabelDocument {
  const r = readLabel(src);
  if (!r.ok) throw r.error;
  return r.value;
}

/** The file, and the file the document is saved as after `edit`: their differences. */
function savedDiff(src: string, edit: (doc: LabelDocument) => LabelDocument = (d) => d): { diff: string[]; saved: string; edited: LabelDocument } {
  const edited = edit(read(src));
  const saved = writeLabel(edited);
  return { diff: xmlDiff(parseXml(src), parseXml(saved)), saved, edited };
}

function editChild(doc: LabelDocument, index: number, patch: Record<string, unknown>): LabelDocument {
  const children = [...doc.children];
  children[index] = updateElement(children[index]!, patch);
  return { ...doc, children };
}

/** The element of control `index` in a written file (page children include unknown ones). */
function controlXml(xml: string, tag: string, nth = 0): XmlElement {
  const page = childElements(parseXml(xml)).find((c) => c.name.toLowerCase() === 'page')!;
  return childElements(page).filter((c) => c.name === tag)[nth]!;
}

describe('vendor spellings are kept: read then save changes nothing', () => {
  it('has the fixtures', () => {
    expect(fixtureNames).toEqual(['vendor-asset-label.wdfx', 'vendor-variants.wdfx']);
  });

  for (const name of fixtureNames) {
    it(`${name}: the saved XML tree equals the file's, attribute by attribute`, () => {
      const src = fixtureText(name);
      const { diff, saved } = savedDiff(src);
      expect(diff).toEqual([]);
      // And it is the same label, saved again the same way.
      expect(withoutSource(read(saved))).toStrictEqual(withoutSource(read(src)));
      expect(writeLabel(read(saved))).toBe(saved);
    });
  }

  it('keeps the spellings the vendor tools read', () => {
    const saved = writeLabel(read(fixtureText('vendor-asset-label.wdfx')));
    for (const s of ['barcodeType="CODE128"', 'textPosition="2"', 'type="RoundRect"', 'zoneSize="None"', '<String ', '<Photo ', '<Circle ', 'imageTile="true"', '<Line x1="2" y1="6.25" x2="58" y2="6.25" lineWidth="0.3"/>']) {
      expect(saved).toContain(s);
    }
  });

  it('keeps a file without a <Page> (controls under the root) and another root name', () => {
    const src = `<label LABELWIDTH="50" labelHeight="20"><STRING X="1" y="2">Hi</STRING><foo bar="1"/><barcode type="ean-13" content="6901234567892"/></label>`;
    expect(savedDiff(src).diff).toEqual([]);
    const moved = savedDiff(src, (d) => editChild(editChild(d, 0, { x: 3 }), 1, { type: 'ean8', content: '6901234' }));
    expect(moved.diff).toEqual([
      'label/STRING[0]@X: "1" -> "3"',
      'label/barcode[2]@type: "ean-13" -> "EAN8"',
      'label/barcode[2]@content: "6901234567892" -> "6901234"',
    ]);
    expect(withoutSource(read(moved.saved))).toStrictEqual(withoutSource(moved.edited));
  });

  it('reads a file of our own without remembering anything, as before', () => {
    const rand = seeded(4242);
    for (let i = 0; i < 50; i++) {
      const doc = createLabel(randomLabelInput(rand));
      const back = read(writeLabel(doc));
      expect(back.source).toBeUndefined();
      expect(back.children.every((c) => c.source === undefined)).toBe(true);
      expect(back).toStrictEqual(doc);
    }
  });
});

describe('an edit changes only what was edited', () => {
  for (const name of fixtureNames) {
    it(`${name}: moving any one control changes only its position attributes`, () => {
      const src = fixtureText(name);
      const count = read(src).children.length;
      for (let i = 0; i < count; i++) {
        const { diff, saved, edited } = savedDiff(src, (d) => {
          const el = d.children[i]!;
          // A line is moved by its ends, like the editor's drag of a diagonal line.
          const patch = el.kind === 'line' ? lineFromEnds(el.x1 + 1.5, el.y1 + 0.25, el.x2 + 1.5, el.y2 + 0.25, el.height) : { x: el.x + 1.5, y: el.y + 0.25 };
          return editChild(d, i, patch);
        });
        expect(diff.length, `control ${i}: ${diff.join('; ')}`).toBeGreaterThan(0);
        for (const line of diff) expect(line, `control ${i}`).toMatch(/@(x|y|X|Y|x1|y1|x2|y2): "[-\d.]+" -> "[-\d.]+"$/);
        // Every difference is within the one control's element.
        expect(new Set(diff.map((l) => l.replace(/@.*/, ''))).size, `control ${i}: ${diff.join('; ')}`).toBe(1);
        expect(withoutSource(read(saved))).toStrictEqual(withoutSource(edited));
      }
    });
  }

  it('writes a changed value in the vendor spelling, under the file attribute name, in its place', () => {
    const src = fixtureText('vendor-asset-label.wdfx');
    const barcode = savedDiff(src, (d) => editChild(d, 7, { type: 'code39', textPosition: 'above' }));
    expect(barcode.diff).toEqual([
      'LPAPI/Page[0]/Barcode[7]@barcodeType: "CODE128" -> "CODE39"',
      'LPAPI/Page[0]/Barcode[7]@textPosition: "2" -> "1"',
    ]);
    const qr = savedDiff(src, (d) => editChild(d, 8, { zoneSize: 4 }));
    expect(qr.diff).toEqual(['LPAPI/Page[0]/Qrcode[8]@zoneSize: "None" -> "4"']);
    // Values the file left to defaults are added at the end of the element, spelled its way.
    const rect = savedDiff(src, (d) => editChild(d, 14, { type: 'roundrect' }));
    expect(rect.diff).toEqual(['LPAPI/Page[0]/Rectangle[14]@type: (none) -> "RoundRect"']);
    const line = savedDiff(src, (d) => editChild(d, 18, { type: 'dash' }));
    expect(line.diff).toEqual(['LPAPI/Page[0]/Line[18]@type: (none) -> "Dash"']);
    const label = savedDiff(src, (d) => updateLabel(d, { labelWidth: 70, isFlagLabel: true, tailDirection: 'down' }));
    expect(label.diff).toEqual([
      'LPAPI@labelWidth: "60" -> "70"',
      'LPAPI@isFlagLabel: (none) -> "true"',
      'LPAPI@tailDirection: (none) -> "Down"',
    ]);
  });

  it('keeps attribute case and names, unknown attributes, and content given as text', () => {
    const src = fixtureText('vendor-variants.wdfx');
    const text = savedDiff(src, (d) => editChild(d, 0, { content: 'Bye & hello', orientation: 0 }));
    expect(text.diff).toEqual(['LPAPI/Page[0]/STRING[0]@Direction: "2" -> "0"', 'LPAPI/Page[0]/STRING[0]: text "Hello & bye" -> "Bye & hello"']);
    expect(controlXml(text.saved, 'STRING').attributes.get('vendorStyle')).toBe('outline');
    const label = savedDiff(src, (d) => updateLabel(d, { labelWidth: 55, tailDirection: 'up' }));
    // (A tail turned from horizontal to vertical starts at length 0: spec section 4.)
    expect(label.diff).toEqual(['LPAPI@LabelWidth: "50" -> "55"', 'LPAPI@tailDirection: "Left" -> "Up"', 'LPAPI@tailLength: "12" -> "0"']);
    // A number stays a number where the vendor writes numbers (the 2D type, textPosition).
    const qr = savedDiff(src, (d) => editChild(d, 3, { type: 'qrcode', content: 'QR data' }));
    expect(qr.diff).toEqual(['LPAPI/Page[0]/Qrcode[4]@type: "1" -> "0"', 'LPAPI/Page[0]/Qrcode[4]@content: "DM data" -> "QR data"']);
  });

  it('keeps unknown elements after the control they followed, also when it is deleted', () => {
    const src = fixtureText('vendor-variants.wdfx');
    const names = (xml: string) => childElements(childElements(parseXml(xml))[0]!).map((c) => c.name);
    const all = names(src);
    expect(names(writeLabel(read(src)))).toEqual(all);
    const dropFirst = read(src);
    const saved = writeLabel({ ...dropFirst, children: dropFirst.children.slice(1) });
    expect(names(saved)).toEqual(all.slice(1)); // Sprite first now
    const dropSome = read(src);
    const kept = writeLabel({ ...dropSome, children: dropSome.children.filter((_, i) => i !== 1 && i !== 2) });
    expect(names(kept)).toEqual(['STRING', 'Sprite', ...all.slice(4)]);
    // The second page is written back after the first.
    expect(childElements(parseXml(kept)).map((c) => c.name)).toEqual(['Page', 'Page']);
  });

  it("a table's cells keep their spelling while the grid keeps its shape; new rows are written anew", () => {
    const src = fixtureText('vendor-variants.wdfx');
    const tableIndex = read(src).children.findIndex((c) => c.kind === 'table');
    const cell = savedDiff(src, (d) => {
      const t = d.children[tableIndex] as Extract<LabelElement, { kind: 'table' }>;
      const cells = [...t.cells];
      cells[1] = { ...cells[1]!, content: 'C' };
      return { ...d, children: d.children.map((c, i) => (i === tableIndex ? { ...t, cells } : c)) };
    });
    expect(cell.diff).toEqual(['LPAPI/Page[0]/Table[11]/Cell[2]@content: "B" -> "C"']);
    const grown = read(src);
    const t = grown.children[tableIndex] as Extract<LabelElement, { kind: 'table' }>;
    const bigger = { ...grown, children: grown.children.map((c, i) => (i === tableIndex ? insertRow(t, 1)! : c)) };
    const saved = writeLabel(bigger);
    const table = controlXml(saved, 'Table');
    expect(table.attributes.get('rows')).toBe('2');
    expect(table.attributes.get('cellPadding')).toBe('1');
    expect(childElements(table).map((c) => c.name)).toEqual(['Cell', 'Cell', 'Cell', 'Cell', 'Note']);
    expect(withoutSource(read(saved))).toStrictEqual(withoutSource(bigger));
  });

  it('a <Time> given a date becomes a <Date>; a new control in a vendor file is spelled the vendor way', () => {
    const src = fixtureText('vendor-asset-label.wdfx');
    const time = savedDiff(src, (d) => editChild(d, 10, { dateFormat: 'yyyy-MM-dd' }));
    expect(time.diff).toEqual(['LPAPI/Page[0]/Time[10]: tag Time -> Date', 'LPAPI/Page[0]/Time[10]@dateFormat: (none) -> "yyyy-MM-dd"']);
    const doc = read(src);
    const added = { ...doc, children: [...doc.children, createElement('barcode', { x: 1, y: 45, type: 'ean8', textPosition: 'none' }), createElement('rectangle', { x: 5, y: 45, type: 'roundrect' })] };
    const saved = writeLabel(added);
    const barcodes = childElements(childElements(parseXml(saved))[0]!).filter((c) => c.name === 'Barcode');
    expect(barcodes[1]!.attributes.get('type')).toBe('EAN8');
    expect(barcodes[1]!.attributes.get('textPosition')).toBe('0');
    expect(controlXml(saved, 'Rectangle', 1).attributes.get('type')).toBe('RoundRect');
    expect(withoutSource(read(saved))).toStrictEqual(withoutSource(added));
    // A label we create ourselves keeps our spelling.
    expect(writeLabel(createLabel({ children: [{ kind: 'barcode' }] }))).toContain('type="code128"');
  });

  it('any random edit of a vendor file reads back as the edited document', () => {
    const rand = seeded(1313);
    for (const name of fixtureNames) {
      const src = fixtureText(name);
      for (let round = 0; round < 60; round++) {
        const doc = read(src);
        const i = Math.floor(rand() * doc.children.length);
        const other = createLabel(randomLabelInput(rand)).children.find((c) => c.kind === doc.children[i]!.kind);
        if (!other) continue;
        // Take some of another control's values (any fields, any values).
        const keys = Object.keys(other).filter((k) => k !== 'kind' && k !== 'cells' && rand() < 0.3);
        const patch = Object.fromEntries(keys.map((k) => [k, (other as Record<string, unknown>)[k]]));
        const edited = editChild(doc, i, patch);
        const saved = writeLabel(edited);
        expect(withoutSource(read(saved)), `${name} round ${round} control ${i} keys ${keys.join()}`).toStrictEqual(withoutSource(edited));
        // Controls not edited are written exactly as the file had them.
        const diff = xmlDiff(parseXml(src), parseXml(saved));
        const touched = new Set(diff.map((l) => l.split(/[@:]/)[0]!.split('/').slice(0, 3).join('/')));
        expect(touched.size, diff.join('; ')).toBeLessThanOrEqual(1);
      }
    }
  });
});
