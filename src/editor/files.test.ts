import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { formOfName, labelFileBytes, labelFileName } from './files.ts';
import { readLabel } from '../label/wdfx.ts';
import { createLabel } from '../label/label.ts';
import { withoutSource } from '../label/file-source.ts';

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
