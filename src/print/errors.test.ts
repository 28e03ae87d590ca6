/**
 * The PrintError texts: engine errors provoked from the real engine (every status a label
 * can cause) read back into their parts, so the English text is the engine's own sentence
 * (the spec's message where it names one: QR capacity, Data Matrix, Grid Matrix) and the
 * Chinese one is complete; both catalogues have the same keys and placeholders; label
 * codes use the label module's catalogue.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine/engine.ts';
import { EngineError, ErrorCode } from '../engine/errors.ts';
import { loadEngine } from '../engine/load-node.ts';
import { engineError } from '../engine/testing.ts';
import type { EncodeRequest } from '../engine/types.ts';
import { formatLabelMessage, LABEL_MESSAGES_EN, type LabelErrorCode } from '../label/errors.ts';
import { ENGINE_MESSAGES_EN, ENGINE_MESSAGES_ZH, formatPrintError, fromEngineError, type PrintError } from './errors.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

const placeholders = (t: string) => [...t.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the engine catalogue', () => {
  it('has a Chinese text for every English one, with the same placeholders', () => {
    expect(Object.keys(ENGINE_MESSAGES_ZH).sort()).toEqual(Object.keys(ENGINE_MESSAGES_EN).sort());
    for (const [key, en] of Object.entries(ENGINE_MESSAGES_EN)) {
      expect(placeholders(ENGINE_MESSAGES_ZH[key as keyof typeof ENGINE_MESSAGES_EN]), key).toEqual(placeholders(en));
    }
  });
});

interface Case {
  what: string;
  provoke: () => unknown;
  code: PrintError['code'];
  params?: Record<string, string | number>;
  /** The English text, when it is not the engine's own sentence (the spec's). */
  en?: string;
  /** Something the Chinese text must contain. */
  zh: string;
}

const encode = (request: EncodeRequest) => () => engine.encode(request);

const CASES: Case[] = [
  { what: 'no data', provoke: encode({ type: 'code128', data: '' }), code: 'engine.noData', params: { symbology: 'Code 128' }, zh: 'Code 128：没有要编码的数据' },
  { what: 'Data Matrix no data (spec)', provoke: encode({ type: 'datamatrix', data: '' }), code: 'engine.noData', en: 'Data Matrix: no data', zh: 'Data Matrix：没有数据' },
  { what: 'too long', provoke: encode({ type: 'code39', data: 'A'.repeat(108) }), code: 'engine.dataTooLong', params: { symbology: 'Code 39', length: 108, max: 107 }, zh: '数据过长（108 个字符，最多 107 个）' },
  { what: 'QR capacity (spec)', provoke: encode({ type: 'qrcode', data: 'x'.repeat(8000) }), code: 'engine.dataTooLong', params: { symbology: 'QR Code', form: 'capacity' }, zh: '数据量过大，无法存入 QR Code' },
  { what: 'Data Matrix capacity (spec)', provoke: encode({ type: 'datamatrix', data: 'x'.repeat(4000) }), code: 'engine.dataTooLong', en: 'Data Matrix: data too long for barcode size', zh: 'Data Matrix：数据过长，超出条码尺寸' },
  { what: 'a character', provoke: encode({ type: 'ean13', data: '69012345678X' }), code: 'engine.invalidCharacter', params: { symbology: 'EAN-13', character: "'X'", position: 12 }, zh: "第 12 位的字符 'X' 无法编码" },
  { what: 'a byte', provoke: encode({ type: 'code128', data: 'A\u0080' }), code: 'engine.invalidCharacter', params: { character: '(byte 0x80)', position: 2 }, zh: '第 2 位的字符 (byte 0x80) 无法编码' },
  { what: 'a character beyond Latin-1 (the facade)', provoke: encode({ type: 'code128', data: 'AB资' }), code: 'engine.invalidCharacter', params: { character: "'资'", position: 3 }, zh: "第 3 位的字符 '资' 无法编码" },
  { what: 'a length', provoke: encode({ type: 'ean13', data: '123' }), code: 'engine.invalidLength', params: { symbology: 'EAN-13', length: 3 }, zh: '长度不对（3 个字符，应为' },
  { what: 'a check digit', provoke: encode({ type: 'ean13', data: '6901234567890' }), code: 'engine.invalidCheckDigit', params: { given: '0', expected: '2' }, zh: "校验位 '0' 不对，应为 '2'" },
  { what: 'a rule', provoke: encode({ type: 'isbn', data: '123456789012' }), code: 'engine.invalidData', params: { reason: 'must begin with 978 or 979' }, zh: '必须以 978 或 979 开头' },
  { what: 'Grid Matrix too long (spec)', provoke: encode({ type: 'gridmatrix', data: '1'.repeat(4000) }), code: 'engine.invalidData', params: { symbology: 'Grid Matrix', reason: 'Input data too long (E32)' }, zh: 'Grid Matrix：输入数据过长 (E32)' },
  { what: 'a QR version (spec)', provoke: encode({ type: 'qrcode', data: 'x'.repeat(100), version: 1 }), code: 'engine.versionTooSmall', params: { symbology: 'QR Code', version: 1 }, zh: '所选的 QR Code 版本（1）容纳不下这些数据，至少需要版本' },
  { what: 'a Data Matrix size (spec)', provoke: encode({ type: 'datamatrix', data: 'x'.repeat(100), size: 1 }), code: 'engine.versionTooSmall', en: 'Data Matrix: data too long for barcode size (size 1; at least size ', zh: 'Data Matrix：数据过长，超出条码尺寸（尺寸 1，至少需要尺寸' },
  { what: 'an unknown type', provoke: encode({ type: 'nope' as never, data: '1' }), code: 'engine.unsupported', en: "The label engine does not support this: unsupported barcode type 'nope'", zh: "标签引擎不支持：unsupported barcode type 'nope'" },
  {
    what: 'a bad page request',
    provoke: () => engine.renderPage({ widthMm: 10, heightMm: 10, dpi: 203, elements: [{ kind: 'rect', xMm: 0, yMm: 0, widthMm: 5, heightMm: 5, lineWidthMm: 0.3, rotation: 45 as never }] }),
    code: 'engine.parameter',
    en: 'The label engine refused the page: rotation must be 0, 90, 180 or 270, got 45',
    zh: '标签引擎无法绘制此页：rotation must be',
  },
  {
    what: 'a page of no area',
    provoke: () => engine.renderPage({ widthMm: 0.001, heightMm: 10, dpi: 203, elements: [] }),
    code: 'engine.noPageDimension',
    params: { width: 0, height: 80 },
    en: 'The page has no area (0 x 80 dots).',
    zh: '页面没有面积（0 x 80 点）。',
  },
];

describe('engine errors from the real engine', () => {
  it.each(CASES)('$what', (c) => {
    const thrown = engineError(c.provoke);
    const e = fromEngineError(thrown);
    expect(e.code).toBe(c.code);
    expect(e.params).toMatchObject({ ...c.params, detail: thrown.message });
    const en = formatPrintError(e, 'en');
    if (c.en === undefined) expect(en).toBe(thrown.message);
    else expect(en.startsWith(c.en), `${en} starts with ${c.en}`).toBe(true);
    const zh = formatPrintError(e, 'zh-CN');
    expect(zh).toContain(c.zh);
    expect(zh).not.toMatch(/\{\{|\}\}/);
    expect(zh).not.toBe(en);
  });

  it('a message the parts cannot be read from stays whole; an unknown status is named', () => {
    const odd = fromEngineError(new EngineError(ErrorCode.InvalidCharacter, 'Something new: the encoder says no'));
    expect(formatPrintError(odd, 'en')).toBe('Something new: the encoder says no');
    expect(formatPrintError(odd, 'zh-CN')).toBe('条码数据无法编码：Something new: the encoder says no');
    const unknown = fromEngineError(new EngineError(77, 'from a newer engine'));
    expect(unknown).toEqual({ code: 'engine.other', params: { detail: 'from a newer engine', status: 77 } });
    expect(formatPrintError(unknown, 'en')).toBe('The label engine failed (code 77): from a newer engine');
    expect(formatPrintError(unknown, 'zh-CN')).toBe('标签引擎出错（代码 77）：from a newer engine');
  });
});

describe('label codes and places', () => {
  it('label codes read from the label catalogue in both languages', () => {
    for (const code of Object.keys(LABEL_MESSAGES_EN) as LabelErrorCode[]) {
      const e: PrintError = { code, params: { size: 3, max: 2, line: 4, column: 5, name: 'n', sheet: 2, page: 9, count: 3, root: 'r', detail: 'd', detailZh: '细节' } };
      for (const locale of ['en', 'zh-CN'] as const) expect(formatPrintError(e, locale)).toBe(formatLabelMessage(code, e.params, locale));
    }
  });

  it('puts where before what: page, side, row, control; rows alone too', () => {
    const what = { code: 'sheet.noSheet' as const, params: { sheet: 2 } };
    expect(formatPrintError({ ...what, page: 0 }, 'en')).toBe('page 1: The spreadsheet has no sheet 2.');
    expect(formatPrintError({ ...what, page: 7, side: 'mirrored', row: 5, control: { index: 3, kind: 'qrcode' } }, 'en')).toBe(
      'page 4 mirrored side (spreadsheet row 5), control 4 (qrcode): The spreadsheet has no sheet 2.',
    );
    expect(formatPrintError({ ...what, page: 7, side: 'mirrored', row: 5, control: { index: 3, kind: 'qrcode' } }, 'zh-CN')).toBe(
      '第 4 页镜像面（表格第 5 行），第 4 个控件（二维码）：表格中没有第 2 个工作表。',
    );
    expect(formatPrintError({ ...what, row: 12 }, 'zh-CN')).toBe('表格第 12 行：表格中没有第 2 个工作表。');
    expect(formatPrintError({ ...what, control: { index: 0, kind: 'table' } }, 'zh-CN')).toBe('第 1 个控件（表格）：表格中没有第 2 个工作表。');
  });
});
