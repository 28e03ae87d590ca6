import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { formOfName, labelFileBytes, labelFileName } from './files.ts';
import { readLabel } from '../label/wdfx.ts';
import { createLabel } from '../label/label.ts';
import { withoutSource } from '../label/file-source.ts';
import { childElements, parseXml } from '../label/xml/tree.ts';
import { xmlDiff } from '../label/testing/xml-diff.ts';
import { EditorModel } from './model.ts';

describe('label file names', () => {
  it('saves a new label as .wdfx under its name, or "label"', () => {
    expect(labelFileName(null, '')).toBe('label.wdfx');
    expect(labelFileName(null, '  固定资产 ')).toBe('固定资产.wdfx');
    expect(labelFileName(null, 'a/b:c*?')).toBe('a_b_c__.wdfx');
    expect(labelFileName(null, 'x', 'xml')).toBe('x.xml');
  });

  it('keeps the open file name and its form on Save; Save as XML changes only the extension', () => {
    expect(labelFileName('asset.wdfx', 'other')).toBe('asset.wdfx');
    expect(labelFileName('asset.XML', 'other')).toBe('asset.xml');
    expect(labelFileName('asset.wdfx', 'other', 'xml')).toBe('asset.xml');
    expect(labelFileName('asset.xml', 'other', 'wdfx')).toBe('asset.wdfx');
    expect(labelFileName('.wdfx', 'other')).toBe('label.wdfx');
    expect(formOfName('a.xml')).toBe('xml');
    expect(formOfName('a.wdfx')).toBe('wdfx');
    expect(formOfName('a')).toBe('wdfx');
  });
});

describe('label file bytes', () => {
  it('are the label as version 1.3 XML, read back whichever the name', () => {
    const doc = createLabel({ version: '1.2', labelName: 'v', children: [{ kind: 'text', content: '中文' }] });
    const bytes = labelFileBytes(doc);
    const back = readLabel(bytes);
    expect(back.ok && back.value).toStrictEqual({ ...doc, version: '1.3' });
    expect(new TextDecoder().decode(bytes.subarray(0, 38))).toBe('<?xml version="1.0" encoding="UTF-8"?>');
  });

  it('keep a vendor file as it was when nothing changed', () => {
    const src = readFileSync(new URL('../label/fixtures/vendor-asset-label.wdfx', import.meta.url), 'utf8');
    const read = readLabel(src);
    if (!read.ok) throw read.error;
    const saved = new TextDecoder().decode(labelFileBytes(read.value));
    // The fixture's comment is not kept; every element and attribute is.
    const strip = (s: string) => s.replace(/<!--[\s\S]*?-->\n?/g, '');
    expect(saved).toBe(strip(src));
    const again = readLabel(saved);
    expect(again.ok && withoutSource(again.value)).toStrictEqual(withoutSource(read.value));
  });
});

describe("the editor's edits keep a vendor file's spelling", () => {
  const src = readFileSync(new URL('../label/fixtures/vendor-asset-label.wdfx', import.meta.url), 'utf8');
  const open = () => {
    const read = readLabel(src);
    if (!read.ok) throw read.error;
    // Timers that never fire by themselves: each edit is its own undo step.
    return new EditorModel(read.value, 'zh-CN', { setTimer: () => 0, clearTimer: () => undefined });
  };
  const saved = (model: EditorModel) => new TextDecoder().decode(labelFileBytes(model.doc));
  const diff = (text: string) => xmlDiff(parseXml(src), parseXml(text));

  it('moves, restacks, duplicates, undoes and edits properties through the model', () => {
    const model = open();
    model.setSelection([21]);
    model.arrow('ArrowRight', false);
    model.arrow('ArrowDown', true);
    expect(diff(saved(model))).toEqual(['LPAPI/Page[0]/ArcText[21]@x: "20" -> "20.5"', 'LPAPI/Page[0]/ArcText[21]@y: "20" -> "25"']);
    // Undo gives the file back exactly.
    model.undo();
    model.undo();
    expect(diff(saved(model))).toEqual([]);
    // Restacked: the barcode last, spelled as it was.
    model.setSelection([7]);
    model.zOrder('front');
    const page = childElements(childElements(parseXml(saved(model)))[0]!);
    expect(page[page.length - 1]!.attributes).toEqual(childElements(childElements(parseXml(src))[0]!)[7]!.attributes);
    model.undo();
    // A property edit changes that attribute only, in the vendor's spelling.
    model.patchControl(8, { zoneSize: 2 });
    expect(diff(saved(model))).toEqual(['LPAPI/Page[0]/Qrcode[8]@zoneSize: "None" -> "2"']);
    // A duplicate is the vendor's element again (at its new place).
    model.setSelection([1]);
    model.duplicateSelection();
    const copy = childElements(childElements(parseXml(saved(model)))[0]!).at(-1)!;
    expect(copy.name).toBe('String');
    expect(copy.attributes.get('content')).toBe('资产编号：');
  });
});
