import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readLabel, writeLabel, writeLabelBytes } from './wdfx.ts';
import { createLabel, updateLabel, type LabelDocument } from './label.ts';
import { normalizeElement, ELEMENT_KINDS } from './elements/index.ts';
import { LabelError, formatLabelMessage } from './errors.ts';
import { labelDataSource } from './spreadsheet.ts';
import { resolvePage, type ResolvedElementOf } from './resolve.ts';
import { randomLabelInput, seeded } from './testing/random-labels.ts';
import { withoutSource } from './file-source.ts';

const FIXTURE = fileURLToPath(new URL('./fixtures/vendor-asset-label.wdfx', import.meta.url));

function ok(r: ReturnType<typeof readLabel>): LabelDocument {
  if (!r.ok) throw r.error;
  return r.value;
}

describe('round trip: document -> XML -> document is the identity', () => {
  it('holds for a fixed-seed corpus of random documents of every kind', () => {
    const rand = seeded(20240501);
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const doc = createLabel(randomLabelInput(rand));
      for (const c of doc.children) seen.add(c.kind);
      const xml = writeLabel(doc);
      const back = readLabel(xml);
      if (!back.ok) throw new Error(`document ${i}: ${back.error.message}`);
      expect(back.warnings, `document ${i}`).toEqual([]);
      expect(back.value, `document ${i}`).toStrictEqual(doc);
      expect(writeLabel(back.value)).toBe(xml);
      // Another locale reads the same document: every field is written.
      expect(ok(readLabel(xml, { locale: 'en' }))).toStrictEqual(doc);
      // Normalising is idempotent.
      expect(createLabel(doc)).toStrictEqual(doc);
    }
    expect([...seen].sort()).toEqual(ELEMENT_KINDS.map((d) => d.kind).sort());
  });

  it('holds for bytes and for single-line output', () => {
    const doc = createLabel(randomLabelInput(seeded(7)));
    expect(ok(readLabel(writeLabelBytes(doc)))).toStrictEqual(doc);
    expect(ok(readLabel(writeLabelBytes(doc).buffer as ArrayBuffer))).toStrictEqual(doc);
    expect(ok(readLabel(writeLabel(doc, { indent: '' })))).toStrictEqual(doc);
  });

  it('writes version 1.3 and the vendor layout by default', () => {
    const xml = writeLabel(createLabel({ children: [{ kind: 'text' }, { kind: 'date', dateFormat: '', timeFormat: 'HH:mm' }, { kind: 'table', rows: 1, cols: 2 }] }));
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<LPAPI [^>]*version="1.3"/);
    expect(xml).toContain('\n  <Page>\n    <Text ');
    expect(xml).toContain('<Time ');
    expect(xml).toMatch(/<Table [^>]*rowHeight="5" colWidth="8,8" group="">\n      <Cell [^>]*\/>\n      <Cell /);
    expect(xml).toContain('printOrientation="0"');
  });

  it("keeps every text and date/time setting of the property panel, as the vendor's attributes", () => {
    // Each value away from its default (and from its kind's other values), so a field that
    // were not written or read back would show.
    const text = { fontName: 'Droid Sans Fallback', fontStyle: 12, charSpace: 0.8, lineSpace: 1.5, autoReturn: true, autoHeight: false, verDisplay: true, horAlignment: 4, verAlignment: 2 };
    const date = { ...text, fontName: 'Arial', fontStyle: 4, horAlignment: 3, dateFormat: 'dd-MM-yyyy', timeFormat: 'mm:ss', dateOffset: -3, hourOffset: 5, minuteOffset: -7, secondOffset: 7200 };
    const arc = { fontName: '宋体', fontStyle: 3, charSpace: -0.25 };
    const doc = createLabel({ children: [{ kind: 'text', ...text }, { kind: 'date', ...date }, { kind: 'arctext', ...arc }] });
    expect(doc.children).toMatchObject([text, date, arc]);
    const xml = writeLabel(doc);
    expect(xml).toMatch(/<Text [^>]*horAlignment="4" verAlignment="2"[^>]*fontName="Droid Sans Fallback" [^>]*fontStyle="12" charSpace="0.8" lineSpace="1.5" autoReturn="true" autoHeight="false" verDisplay="true"/);
    expect(xml).toMatch(/<Date [^>]*dateFormat="dd-MM-yyyy" timeFormat="mm:ss" dateOffset="-3" hourOffset="5" minuteOffset="-7" secondOffset="7200"/);
    const back = ok(readLabel(xml));
    expect(back).toStrictEqual(doc);
    expect(back.children).toMatchObject([text, date, arc]);
    // A time-only control is written as <Time> and read back without a date.
    const timeOnly = createLabel({ children: [{ kind: 'date', dateFormat: '', timeFormat: 'HH:mm' }] });
    expect(writeLabel(timeOnly)).toContain('<Time ');
    expect(ok(readLabel(writeLabel(timeOnly))).children[0]).toMatchObject({ dateFormat: '', timeFormat: 'HH:mm' });
  });

  it('keeps the editable flag: off is written and read back, and a file without it is editable', () => {
    const locked = createLabel({ editable: false, children: [{ kind: 'text', content: 'A' }] });
    const xml = writeLabel(locked);
    expect(xml).toMatch(/<LPAPI [^>]*editable="false"/);
    expect(ok(readLabel(xml))).toStrictEqual(locked);
    expect(ok(readLabel('<LPAPI editable="False"><Page><Text content="A"/></Page></LPAPI>')).editable).toBe(false);
    expect(ok(readLabel('<LPAPI><Page><Text content="A"/></Page></LPAPI>')).editable).toBe(true);
  });

  it("keeps every label setting of the panel's more settings (issue 26), as the vendor's attributes", () => {
    // Each value away from its default, so a field that were not written or read back would show.
    const settings = {
      printHorOffset: -2.5, printVerOffset: 1.25, printScale: 0.75, horFlip: true, mirrorMode: 16,
      backgroundImage: 'data:image/png;base64,iVBORw0KGgo=', borderImage: 'data:image/jpeg;base64,/9j/4AAQ', borderImageDpm: 8,
    };
    const doc = updateLabel(createLabel({ children: [{ kind: 'rectangle' }] }), settings);
    expect(doc).toMatchObject(settings);
    expect(doc.children[0]!.mirrorMode).toBe(16);
    const xml = writeLabel(doc);
    expect(xml).toMatch(/<LPAPI [^>]*printHorOffset="-2.5" printVerOffset="1.25" [^>]*printScale="0.75" [^>]*horFlip="true" [^>]*background="png\*\*\*\*\*iVBORw0KGgo=" border="jpg\*\*\*\*\*\/9j\/4AAQ" borderImageDpm="8" [^>]*mirrorMode="16"/);
    expect(ok(readLabel(xml))).toStrictEqual(doc);
    // A vendor's file with only these attributes reads them, and saving keeps its spelling.
    const vendor = '<LPAPI printHorOffset="-2.5" printVerOffset="1.25" printScale="0.75" horFlip="True" mirrorMode="16" background="png*****iVBORw0KGgo=" border="jpg*****/9j/4AAQ" borderImageDpm="8"><Page/></LPAPI>';
    const read = readLabel(vendor);
    expect(read.ok && read.warnings).toEqual([]);
    expect(ok(read)).toMatchObject(settings);
    const saved = writeLabel(ok(read));
    expect(saved).toContain('horFlip="True"');
    expect(withoutSource(ok(readLabel(saved)))).toStrictEqual(withoutSource(ok(read)));
  });

  it('stores embedded files as ext*****base64', () => {
    const doc = createLabel({ children: [{ kind: 'picture', content: 'data:image/png;base64,iVBORw0KGgo=' }] });
    expect(writeLabel(doc)).toContain('content="png*****iVBORw0KGgo="');
  });
});

describe("the vendor's layout (printing-protocol.md), hand-written fixture", () => {
  const bytes = readFileSync(FIXTURE);
  const read = readLabel(bytes);

  it('reads without warnings, mapping the vendor names', () => {
    expect(read.ok && read.warnings).toEqual([]);
    const doc = ok(read);
    expect(doc).toMatchObject({ templateID: 'T-20240101', labelName: '固定资产标签', labelWidth: 60, labelHeight: 50, orientation: 0, gapLength: 2.5, printDarkness: 9, printSpeed: 2, version: '1.3', dataSheet: 1 });
    expect(doc.dataFile.startsWith('data:text/csv;base64,')).toBe(true);
    expect(doc.children.map((c) => c.kind)).toEqual([
      'text', 'text', 'text', 'text', 'text', 'text', 'text', 'barcode', 'qrcode', 'date', 'date', 'picture', 'picture', 'logo',
      'rectangle', 'rectangle', 'rectangle', 'rectangle', 'line', 'line', 'table', 'arctext',
    ]);
    const [title, , code] = doc.children;
    expect(title).toMatchObject({ content: '固定资产标签', fontName: '黑体', fontHeight: 4.233, fontStyle: 1, horAlignment: 1 });
    expect(code).toMatchObject({ contentType: 2, dataColumnName: '资产编号', contentId: 'code' });
    expect(doc.children[7]).toMatchObject({ kind: 'barcode', type: 'code128', textPosition: 'below', contentType: 2 });
    expect(doc.children[8]).toMatchObject({ kind: 'qrcode', eccLevel: 'H', zoneSize: 0, content: 'id=code' });
    expect(doc.children[9]).toMatchObject({ dateFormat: 'yyyy-MM-dd', timeFormat: '', dateOffset: 30 });
    expect(doc.children[10]).toMatchObject({ dateFormat: '', timeFormat: 'HH:mm' });
    expect(doc.children[11]).toMatchObject({ kind: 'picture', colorMode: 2, threshold: 100, tile: false });
    expect(doc.children[12]).toMatchObject({ kind: 'picture', colorMode: 3, tile: true });
    expect(doc.children[13]).toMatchObject({ kind: 'logo', colorMode: 0 });
    expect(doc.children.slice(14, 18).map((c) => (c.kind === 'rectangle' ? c.type : ''))).toEqual(['rect', 'roundrect', 'ellipse', 'circle']);
    expect(doc.children[15]).toMatchObject({ cornerWidth: 1.5 });
    expect(doc.children[18]).toMatchObject({ kind: 'line', x: 2, y: 6.1, width: 56, height: 0.3, orientation: 0, lineWidth: 0.3 });
    expect(doc.children[19]).toMatchObject({ kind: 'line', x: 28.5, y: 20.35, width: 27, orientation: 90, type: 'dash', dashGap: 0.5 });
    const table = doc.children[20]!;
    expect(table).toMatchObject({ kind: 'table', rows: 2, cols: 3, rowHeight: [4, 4], colWidth: [10, 10, 20], group: [[0, 1, 0, 2]], width: 40, height: 8, lineWidth: 0.3 });
    expect(table.kind === 'table' && table.cells.map((c) => c.content)).toEqual(['部门', '', '', '购入日期', '', '']);
  });

  it('resolves each page from the embedded spreadsheet', () => {
    const doc = ok(read);
    const data = labelDataSource(doc);
    expect(data.ok && data.value?.rowCount).toBe(3);
    const sheet = data.ok ? data.value : null;
    const page = (i: number) => resolvePage(doc, sheet, i, new Date(2024, 0, 31, 9, 5, 7));
    const p2 = page(1);
    expect(p2.page).toEqual({ index: 1, count: 3 });
    const texts = p2.elements.map((e) => ('text' in e ? e.text : 'data' in e ? e.data : null));
    expect(texts.slice(0, 11)).toEqual([
      '固定资产标签', '资产编号：', 'ZC-0002', '资产名称：', '打印机', 'NO.0100', '[保管人]', 'ZC-0002', 'ZC-0002', '2024-03-01', '09:05',
    ]);
    const table = p2.elements[20] as ResolvedElementOf<'table'>;
    expect(table.cells.map((c) => [c.row, c.col, c.rowSpan, c.colSpan, c.text])).toEqual([
      [0, 0, 1, 1, '部门'], [0, 1, 1, 2, '行政部'], [1, 0, 1, 1, '购入日期'], [1, 1, 1, 1, '2023-02-20'], [1, 2, 1, 1, '[I]'],
    ]);
    expect(table.cells[1]!.box).toEqual({ xMm: 12, yMm: 40, widthMm: 30, heightMm: 4 });
    expect(page(2).elements[2]).toMatchObject({ text: 'ZC-0003' });
    expect(() => page(3)).toThrow(LabelError);
  });

  it('writes back in the same layout and reads back identically', () => {
    const doc = ok(read);
    const xml = writeLabel(doc);
    expect(xml).toContain('<LPAPI ');
    expect(xml).toContain('dataFile="csv*****');
    expect(xml).toContain('<Image ');
    expect(xml).toContain('content="png*****iVBOR');
    // The same label; each reading remembers its own file (line numbers differ).
    expect(withoutSource(ok(readLabel(xml)))).toStrictEqual(withoutSource(doc));
  });

  it('survives random damage to the file without throwing', () => {
    const src = bytes.toString('utf8');
    const rand = seeded(99);
    let refusedCount = 0;
    for (let i = 0; i < 500; i++) {
      let s = src;
      for (let k = 1 + Math.floor(rand() * 3); k > 0; k--) {
        const at = Math.floor(rand() * s.length);
        const op = rand();
        s = op < 0.4 ? s.slice(0, at) + s.slice(at + 1 + Math.floor(rand() * 20)) : op < 0.8 ? s.slice(0, at) + '<>&"\'/='[Math.floor(rand() * 7)] + s.slice(at) : s.slice(0, at);
      }
      const r = readLabel(s);
      if (!r.ok) {
        refusedCount++;
        expect(r.error).toBeInstanceOf(LabelError);
        expect(formatLabelMessage(r.error.code, r.error.params, 'zh-CN')).not.toMatch(/\{\{/);
      }
    }
    expect(refusedCount).toBeGreaterThan(100);
  });
});

describe('reading leniently, refusing clearly', () => {
  it('refuses hostile files as values, never throwing', () => {
    const cases: [string, string][] = [
      [`<!DOCTYPE LPAPI [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><LPAPI labelName="&b;"/>`, 'xml.doctype'],
      [`<!DOCTYPE LPAPI SYSTEM "http://evil.example/x.dtd"><LPAPI/>`, 'xml.doctype'],
      [`<LPAPI labelName="&xxe;"/>`, 'xml.unknownEntity'],
      [`<LPAPI><Page>${'<Table>'.repeat(40)}</Page></LPAPI>`, 'xml.tooDeep'],
      [`<LPAPI><Page><Text content="x"></Page></LPAPI>`, 'xml.mismatched'],
      [`<LPAPI><Page>`, 'xml.unclosed'],
      [`\u0000\u0001garbage`, 'xml.badChar'],
      [`not xml at all`, 'xml.syntax'],
      [``, 'xml.noRoot'],
      [`<html><body/></html>`, 'label.notLabel'],
    ];
    for (const [src, code] of cases) {
      const r = readLabel(src);
      expect(r.ok, code).toBe(false);
      if (!r.ok) {
        expect(r.error.code, src.slice(0, 30)).toBe(code);
        expect(formatLabelMessage(r.error.code, r.error.params, 'en')).not.toMatch(/\{\{/);
        expect(formatLabelMessage(r.error.code, r.error.params, 'zh-CN')).not.toMatch(/\{\{/);
      }
    }
    const huge = readLabel(`<LPAPI labelName="${'x'.repeat(2000)}"/>`, { limits: { maxAttributeLength: 1000 } });
    expect(!huge.ok && huge.error.code).toBe('xml.attributeTooLong');
    const bad = readLabel(new Uint8Array([0x3c, 0x4c, 0xff, 0x3e]));
    expect(!bad.ok && bad.error.code).toBe('xml.badBytes');
    // Bytes over 4 per allowed character are refused before decoding, sized in MB (not characters).
    const tooManyBytes = readLabel(new Uint8Array(3 * 1024 * 1024), { limits: { maxInputLength: 512 * 1024 } });
    expect(!tooManyBytes.ok && formatLabelMessage(tooManyBytes.error.code, tooManyBytes.error.params, 'en')).toBe(
      'The file is too large (3 MB; at most 2 MB).',
    );
  });

  it('says what a label file is when given a zip archive or another binary file', () => {
    const zip = readLabel(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0]));
    expect(!zip.ok && zip.error.code).toBe('label.zipped');
    const png = readLabel(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(!png.ok && png.error.code).toBe('label.notXml');
    for (const r of [zip, png]) {
      if (r.ok) continue;
      expect(formatLabelMessage(r.error.code, r.error.params, 'en')).toMatch(/\.wdfx or \.xml/);
      expect(formatLabelMessage(r.error.code, r.error.params, 'zh-CN')).toMatch(/标签文件（\.wdfx 或 \.xml）/);
    }
    // XML text after a byte-order mark and blank lines is still read.
    const text = new TextEncoder().encode('\n  <LPAPI labelWidth="50"/>');
    expect(ok(readLabel(new Uint8Array([0xef, 0xbb, 0xbf, ...text]))).labelWidth).toBe(50);
  });

  it('skips unknown elements and replaces unusable values, with warnings', () => {
    const r = readLabel(`<lpapi labelWidth="wide"><page><Text content="a" fontHeight="big"/><Sprite/><Cell/></page><Page/></lpapi>`);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.labelWidth).toBe(40);
    expect(r.value.children).toHaveLength(1);
    expect(r.warnings).toEqual([
      { code: 'label.invalidValue', params: { tag: 'lpapi', attribute: 'labelWidth', value: 'wide' } },
      { code: 'label.extraPage', params: {} },
      { code: 'label.invalidValue', params: { tag: 'Text', attribute: 'fontHeight', value: 'big' } },
      { code: 'label.unknownElement', params: { tag: 'Sprite' } },
      { code: 'label.unknownElement', params: { tag: 'Cell' } },
    ]);
  });

  it('reads any case, alternative names, controls without a Page and content as text', () => {
    const doc = ok(
      readLabel(`<Label LABELWIDTH="50" PrintOrientation="1">
        <STRING X="1" Y="2" Direction="2">Hello &amp; bye</STRING>
        <barcode BarcodeType="EAN-13" content="6901234567892"/>
        <photo IMAGETILE="1" content="data:image/png;base64,AAAA"/>
        <rect type="2"/>
      </Label>`),
    );
    expect(doc).toMatchObject({ labelWidth: 50, orientation: 90 });
    expect(doc.children[0]).toMatchObject({ kind: 'text', x: 1, y: 2, orientation: 180, content: 'Hello & bye' });
    expect(doc.children[1]).toMatchObject({ kind: 'barcode', type: 'ean13' });
    expect(doc.children[2]).toMatchObject({ kind: 'picture', tile: true });
    expect(doc.children[3]).toMatchObject({ kind: 'rectangle', type: 'ellipse' });
  });

  it('uses the locale for defaults a file leaves out', () => {
    const src = `<LPAPI><Page><Text/><Date/></Page></LPAPI>`;
    expect(ok(readLabel(src)).children.map((c) => ('fontName' in c ? c.fontName : ''))).toEqual(['黑体', '黑体']);
    const en = ok(readLabel(src, { locale: 'en' }));
    expect(en.children[0]).toMatchObject({ fontName: 'Arial' });
    expect(en.children[1]).toMatchObject({ dateFormat: 'yyyy-MM-dd', timeFormat: '' });
    expect(normalizeElement(en.children[1]!)).toStrictEqual(en.children[1]);
  });
});

describe('the properties the panel sets for shapes, lines, barcodes, 2D codes and every control (issue 26)', () => {
  /** kind, other fields the control needs, field, value, the vendor's tag and attributes
   * besides the field, and the vendor's spelling of the field and value. */
  type Case = [kind: 'rectangle' | 'line' | 'barcode' | 'qrcode', extra: Record<string, unknown>, field: string, value: unknown, vendor: string, vendorAttr: string];
  const LINE_ENDS = 'x1="1" y1="2" x2="21" y2="2"';
  const cases: Case[] = [
    ['rectangle', {}, 'type', 'rect', '<Rect', 'type="Rectangle"'],
    ['rectangle', {}, 'type', 'roundrect', '<Rect', 'type="RoundRect"'],
    ['rectangle', {}, 'type', 'ellipse', '<Rect', 'type="Ellipse"'],
    ['rectangle', {}, 'type', 'circle', '<Rect', 'type="Circle"'],
    ['rectangle', { type: 'roundrect' }, 'cornerWidth', 2.5, '<Rect type="RoundRect"', 'cornerWidth="2.5"'],
    ['rectangle', {}, 'filled', true, '<Rect', 'filled="True"'],
    ['line', {}, 'type', 'dash', `<Line ${LINE_ENDS}`, 'type="Dash"'],
    ['line', { type: 'dash' }, 'type', 'solid', `<Line ${LINE_ENDS}`, 'type="Solid"'],
    ['line', { type: 'dash' }, 'dashGap', 0.05, `<Line ${LINE_ENDS} type="Dash"`, 'dashGap="0.05"'],
    ['line', { type: 'dash' }, 'dashGap', 2.25, `<Line ${LINE_ENDS} type="Dash"`, 'dashGap="2.25"'],
    ['barcode', {}, 'textPosition', 'none', '<Barcode', 'textPosition="0"'],
    ['barcode', {}, 'textPosition', 'above', '<Barcode', 'textPosition="1"'],
    ['barcode', { textPosition: 'none' }, 'textPosition', 'below', '<Barcode', 'textPosition="2"'],
    ['barcode', {}, 'textPosition', 'mask', '<Barcode', 'textPosition="3"'],
    ['barcode', {}, 'textAlignment', 0, '<Barcode', 'textAlignment="0"'],
    ['barcode', {}, 'textAlignment', 2, '<Barcode', 'textAlignment="2"'],
    ['barcode', {}, 'textAlignment', 3, '<Barcode', 'textAlignment="3"'],
    ['barcode', {}, 'fontHeight', 2.822, '<Barcode', 'fontHeight="2.822"'],
    ['barcode', {}, 'fontStyle', 1, '<Barcode', 'fontStyle="1"'],
    ['qrcode', {}, 'zoneSize', 0, '<Qrcode', 'zoneSize="None"'],
    ['qrcode', { zoneSize: 0 }, 'zoneSize', 2, '<Qrcode', 'zoneSize="2"'],
    ['qrcode', {}, 'zoneSize', 4, '<Qrcode', 'zoneSize="4"'],
    ['qrcode', {}, 'version', 7, '<Qrcode', 'version="7"'],
    ['qrcode', {}, 'version', 40, '<Qrcode', 'version="40"'],
    ['qrcode', { type: 'pdf417' }, 'aspectratio', 1.5, '<Qrcode type="2"', 'aspectRatio="1.5"'],
    ['rectangle', {}, 'lockMovement', true, '<Rect', 'lockMovement="True"'],
    ['line', {}, 'printing', false, `<Line ${LINE_ENDS}`, 'printing="False"'],
    ['barcode', {}, 'antiColor', true, '<Barcode', 'antiColor="1"'],
    ['qrcode', {}, 'mirrorMode', 0, '<Qrcode', 'mirrorMode="0"'],
    ['rectangle', {}, 'mirrorMode', 16, '<Rect', 'mirrorMode="16"'],
  ];

  it.each(cases)('%s %j: %s = %j is written and read back', (kind, extra, field, value) => {
    const doc = createLabel({ children: [{ kind, x: 1, y: 1, ...extra, [field]: value }] });
    expect((doc.children[0] as unknown as Record<string, unknown>)[field]).toStrictEqual(value);
    const back = readLabel(writeLabel(doc));
    expect(back.ok && back.warnings).toEqual([]);
    expect(ok(back)).toStrictEqual(doc);
  });

  it.each(cases)("%s %j: %s = %j is read from the vendor's spelling, which saving keeps", (_kind, _extra, field, value, vendor, vendorAttr) => {
    const src = `<LPAPI><Page>${vendor} ${vendorAttr}/></Page></LPAPI>`;
    const read = readLabel(src);
    expect(read.ok && read.warnings).toEqual([]);
    const doc = ok(read);
    expect((doc.children[0] as unknown as Record<string, unknown>)[field]).toStrictEqual(value);
    const saved = writeLabel(doc);
    expect(saved).toContain(` ${vendorAttr}`);
    expect(withoutSource(ok(readLabel(saved)))).toStrictEqual(withoutSource(doc));
  });
});
