/**
 * The print job's one error type, from the label reader to the caller (CLI, Node worker
 * pool, browser worker pool), and its messages in zh-CN and en.
 *
 * A `PrintError` is plain data (no class, no functions), so it crosses to and from a worker
 * as it is: a stable `code`, its `params`, and where it happened (job page, spreadsheet row,
 * control, side). Codes come from two catalogues:
 *
 * - the label module's (src/label/errors.ts: `xml.*`, `label.*`, `sheet.*`, `page.*` ...),
 *   reused as it is, not copied;
 * - the engine's (src/engine/errors.ts ErrorCode) as `engine.*`, below. The engine's own
 *   message (English, written by the Rust encoders) is kept as `params.detail`; the parts
 *   the texts need (symbology, position, version ...) are read out of it, since the engine
 *   hands over a code and a sentence, not fields. The texts are the spec's where it names
 *   them (label-editor.md section 8: QR, Data Matrix and Grid Matrix messages), the
 *   engine's wording otherwise, so an English message reads exactly as the engine put it.
 *
 * `formatPrintError` puts where before what: "page 3 (spreadsheet row 4), control 2
 * (barcode): EAN-13: invalid character 'X' at position 12" / "第 3 页（表格第 4 行），第 2 个
 * 控件（条码）：EAN-13：第 12 位的字符 'X' 无法编码".
 */
import { ErrorCode, type EngineError } from '../engine/errors.ts';
import { formatLabelMessage, LABEL_MESSAGES_EN, type LabelError, type LabelErrorCode } from '../label/errors.ts';

export type Result<T, E = PrintError> = { ok: true; value: T } | { ok: false; error: E };

/** One error type from the label reader to the caller, with where it happened. */
export interface PrintError {
  /** A label code ('label.notLabel', 'sheet.tooManyRows', 'page.outOfRange' ...) or an
   * engine code ('engine.dataTooLong' ...). */
  code: PrintErrorCode;
  params: Record<string, string | number>;
  /** 0-based page index of the job (with both sides, job page 2k + 1 is label page k's
   * mirrored side; `side` is set on such jobs). */
  page?: number;
  /** Spreadsheet row (1-based, header = row 1) of the page's data; only for data-bound jobs. */
  row?: number;
  /** The control that failed: its 0-based index in the label's children and its kind. */
  control?: { index: number; kind: string };
  /** The side of a two-sided (mirrorPrint) job; absent on one-sided jobs. */
  side?: 'front' | 'mirrored';
}

export type Locale = 'zh-CN' | 'en';

export const ENGINE_MESSAGES_EN = {
  'engine.parameter': 'The label engine refused the page: {{detail}}',
  'engine.system': 'The label engine failed: {{detail}}',
  'engine.noPageDimension': 'The page has no area ({{width}} x {{height}} dots).',
  'engine.noPageDimension.detail': 'The page has no area: {{detail}}',
  'engine.unsupported': 'The label engine does not support this: {{detail}}',
  'engine.pageTooLarge': 'The page is too large to print ({{width}} x {{height}} dots; at most {{maxSide}} dots a side, {{maxMiB}} MiB).',
  'engine.pageTooLarge.detail': 'The page is too large to print: {{detail}}',
  'engine.noData': '{{symbology}}: no data to encode',
  'engine.noData.dataMatrix': 'Data Matrix: no data',
  'engine.dataTooLong': '{{symbology}}: data too long ({{length}} characters, at most {{max}})',
  // QR: the spec's message (section 5, QR rules), as the engine words it for every symbology.
  'engine.dataTooLong.capacity': 'The amount of data is too big to be stored in a {{symbology}}',
  // Data Matrix: the spec's message (section 8).
  'engine.dataTooLong.dataMatrix': 'Data Matrix: data too long for barcode size',
  'engine.invalidCharacter': '{{symbology}}: invalid character {{character}} at position {{position}}',
  'engine.invalidLength': '{{symbology}}: wrong length ({{length}} characters, expecting {{expected}})',
  'engine.invalidCheckDigit': "{{symbology}}: invalid check digit '{{given}}', expecting '{{expected}}'",
  'engine.invalidData': '{{symbology}}: {{reason}}',
  // Data Matrix: the spec's "data cannot be encoded as barcode", with the engine's reason.
  'engine.invalidData.dataMatrix': 'Data Matrix: data cannot be encoded as barcode ({{reason}})',
  'engine.versionTooSmall':
    'The chosen {{symbology}} version ({{version}}) cannot contain this amount of data. Minimum version required to store current data is: {{required}}',
  'engine.versionTooSmall.dataMatrix': 'Data Matrix: data too long for barcode size (size {{version}}; at least size {{required}} holds it)',
  'engine.missing': 'The label engine is not available: {{detail}}',
  'engine.crashed': 'The label engine crashed on this page and was restarted; the page was not rendered.',
  /** A barcode error whose message could not be read into parts: the message as it is. */
  'engine.data.detail': '{{detail}}',
  /** Any other code (a newer engine than this table). */
  'engine.other': 'The label engine failed (code {{status}}): {{detail}}',
} as const;

export type EngineMessageKey = keyof typeof ENGINE_MESSAGES_EN;
/** The engine codes a PrintError carries (message keys without their variants). */
export type EngineErrorCode = Exclude<EngineMessageKey, `${string}.${string}.${string}`>;
export type PrintErrorCode = LabelErrorCode | EngineErrorCode | ScanErrorCode;

/**
 * The scan check's codes (src/print/scan.ts): a page whose codes, decoded before the page
 * is sent, do not read back as the data they carry. Params: `symbology` (its name),
 * `expected` (the text a scanner must read), `read` (what was read instead; mismatch only).
 */
export const SCAN_MESSAGES_EN = {
  'scan.unreadable': 'Scan check: the {{symbology}} code could not be read back (it should read "{{expected}}"); the page was not sent.',
  'scan.mismatch': 'Scan check: the {{symbology}} code reads "{{read}}", but it should read "{{expected}}"; the page was not sent.',
} as const;
export type ScanErrorCode = keyof typeof SCAN_MESSAGES_EN;

export const SCAN_MESSAGES_ZH: Record<ScanErrorCode, string> = {
  'scan.unreadable': '扫描校验：{{symbology}} 码无法识读（应读出“{{expected}}”），此页未发送。',
  'scan.mismatch': '扫描校验：{{symbology}} 码读出“{{read}}”，应为“{{expected}}”，此页未发送。',
};

export const ENGINE_MESSAGES_ZH: Record<EngineMessageKey, string> = {
  'engine.parameter': '标签引擎无法绘制此页：{{detail}}',
  'engine.system': '标签引擎出错：{{detail}}',
  'engine.noPageDimension': '页面没有面积（{{width}} x {{height}} 点）。',
  'engine.noPageDimension.detail': '页面没有面积：{{detail}}',
  'engine.unsupported': '标签引擎不支持：{{detail}}',
  'engine.pageTooLarge': '页面过大，无法打印（{{width}} x {{height}} 点；每边最多 {{maxSide}} 点，最多 {{maxMiB}} MiB）。',
  'engine.pageTooLarge.detail': '页面过大，无法打印：{{detail}}',
  'engine.noData': '{{symbology}}：没有要编码的数据',
  'engine.noData.dataMatrix': 'Data Matrix：没有数据',
  'engine.dataTooLong': '{{symbology}}：数据过长（{{length}} 个字符，最多 {{max}} 个）',
  'engine.dataTooLong.capacity': '数据量过大，无法存入 {{symbology}}',
  'engine.dataTooLong.dataMatrix': 'Data Matrix：数据过长，超出条码尺寸',
  'engine.invalidCharacter': '{{symbology}}：第 {{position}} 位的字符 {{character}} 无法编码',
  'engine.invalidLength': '{{symbology}}：长度不对（{{length}} 个字符，应为 {{expected}}）',
  'engine.invalidCheckDigit': "{{symbology}}：校验位 '{{given}}' 不对，应为 '{{expected}}'",
  'engine.invalidData': '{{symbology}}：{{reason}}',
  'engine.invalidData.dataMatrix': 'Data Matrix：数据无法编码为条码（{{reason}}）',
  'engine.versionTooSmall': '所选的 {{symbology}} 版本（{{version}}）容纳不下这些数据，至少需要版本 {{required}}',
  'engine.versionTooSmall.dataMatrix': 'Data Matrix：数据过长，超出条码尺寸（尺寸 {{version}}，至少需要尺寸 {{required}}）',
  'engine.missing': '标签引擎不可用：{{detail}}',
  'engine.crashed': '标签引擎在此页崩溃并已重新启动，此页未生成。',
  'engine.data.detail': '条码数据无法编码：{{detail}}',
  'engine.other': '标签引擎出错（代码 {{status}}）：{{detail}}',
};

/**
 * The encoders' fixed phrases (crates/symbology: InvalidData reasons, InvalidLength
 * expectations) in Chinese; a phrase not listed stays as the engine wrote it.
 */
const ENGINE_PHRASES_ZH: Record<string, string> = {
  'GS1 data must be Application Identifiers in parentheses, e.g. (01)09501101530003(10)ABC': 'GS1 数据必须是括号中的应用标识符，例如 (01)09501101530003(10)ABC',
  'must begin with 978 or 979': '必须以 978 或 979 开头',
  'must begin with a start character A, B, C or D': '必须以起始符 A、B、C 或 D 开头',
  'must end with a stop character A, B, C or D': '必须以终止符 A、B、C 或 D 结尾',
  'the number system (first of 7 or 8 digits) must be 0 or 1': '数制位（7 或 8 位数字中的第一位）必须是 0 或 1',
  'Input data too long (E32)': '输入数据过长 (E32)',
  'Invalid character in input data (E30)': '输入数据中有无效字符 (E30)',
  'at least 3: start character, data, stop character': '至少 3 个：起始符、数据、终止符',
};

/** Engine status -> code. */
const ENGINE_CODES: Record<number, EngineErrorCode> = {
  [ErrorCode.Parameter]: 'engine.parameter',
  [ErrorCode.System]: 'engine.system',
  [ErrorCode.NoPageDimension]: 'engine.noPageDimension',
  [ErrorCode.Unsupported]: 'engine.unsupported',
  [ErrorCode.PageTooLarge]: 'engine.pageTooLarge',
  [ErrorCode.NoData]: 'engine.noData',
  [ErrorCode.DataTooLong]: 'engine.dataTooLong',
  [ErrorCode.InvalidCharacter]: 'engine.invalidCharacter',
  [ErrorCode.InvalidLength]: 'engine.invalidLength',
  [ErrorCode.InvalidCheckDigit]: 'engine.invalidCheckDigit',
  [ErrorCode.InvalidData]: 'engine.invalidData',
  [ErrorCode.VersionTooSmall]: 'engine.versionTooSmall',
  [ErrorCode.EngineMissing]: 'engine.missing',
  [ErrorCode.EngineCrashed]: 'engine.crashed',
};

/**
 * The parts of an engine message the texts use, by code. The sentences are the encoders'
 * Display texts (crates/symbology/src/error.rs, crates/raster/src/page.rs) and the facade's
 * (src/engine/symbologies.ts); a message that does not match keeps only `detail`.
 */
const ENGINE_PARSERS: Partial<Record<EngineErrorCode, (m: string) => Record<string, string | number> | null>> = {
  'engine.noData': (m) => match(/^(.+?): no data to encode$/, m, ['symbology']),
  'engine.dataTooLong': (m) =>
    match(/^(.+?): data too long \((\d+) characters, at most (\d+)\)$/, m, ['symbology', 'length', 'max']) ??
    withForm(match(/^The amount of data is too big to be stored in a (.+)$/, m, ['symbology']), 'capacity'),
  'engine.invalidCharacter': (m) => match(/^(.+?): invalid character ('.+'|\(byte 0x[0-9A-F]{2}\)) at position (\d+)$/su, m, ['symbology', 'character', 'position']),
  'engine.invalidLength': (m) => match(/^(.+?): wrong length \((\d+) characters, expecting (.+)\)$/, m, ['symbology', 'length', 'expected']),
  'engine.invalidCheckDigit': (m) => match(/^(.+?): invalid check digit '(.)', expecting '(.)'$/, m, ['symbology', 'given', 'expected']),
  'engine.invalidData': (m) => match(/^(.+?): (.+)$/s, m, ['symbology', 'reason']),
  'engine.versionTooSmall': (m) =>
    match(/^The chosen (.+?) version \((.+?)\) cannot contain this amount of data\. Minimum version required to store current data is: (.+)$/, m, ['symbology', 'version', 'required']),
  'engine.noPageDimension': (m) => match(/^page of (\d+) x (\d+) dots has no area$/, m, ['width', 'height']),
  'engine.pageTooLarge': (m) => match(/^page of (\d+) x (\d+) dots is too large \(at most (\d+) dots a side, (\d+) MiB\)$/, m, ['width', 'height', 'maxSide', 'maxMiB']),
};

/** Engine codes that are a page over a cap: the label code, and the engine's sentence
 * (crates/engine/src/work.rs `check`) with the numbers its text needs. */
const PAGE_CAPS: Record<number, { code: Extract<LabelErrorCode, 'page.tooManyElements' | 'page.tooMuchWork'>; sentence: RegExp; names: string[] }> = {
  [ErrorCode.TooManyElements]: { code: 'page.tooManyElements', sentence: /^the page has (\d+) elements to draw \(at most (\d+)\)$/, names: ['count', 'max'] },
  [ErrorCode.TooMuchWork]: { code: 'page.tooMuchWork', sentence: /^the page needs about (\d+) million units of drawing \(at most (\d+) million\)$/, names: ['work', 'max'] },
};

function match(re: RegExp, m: string, names: string[]): Record<string, string | number> | null {
  const found = re.exec(m);
  if (!found) return null;
  const out: Record<string, string | number> = {};
  names.forEach((n, i) => {
    const v = found[i + 1]!;
    out[n] = /^\d+$/.test(v) && n !== 'given' && n !== 'expected' ? Number(v) : v;
  });
  return out;
}

function withForm(params: Record<string, string | number> | null, form: string): Record<string, string | number> | null {
  return params ? { ...params, form } : null;
}

/** Where an error happened; spread into a PrintError. */
export type PrintErrorPlace = Pick<PrintError, 'page' | 'row' | 'control' | 'side'>;

/** A LabelError (a reader's or resolvePage's) as a PrintError at `place`. */
export function fromLabelError(e: LabelError, place: PrintErrorPlace = {}): PrintError {
  return { code: e.code, params: { ...e.params }, ...place };
}

/** An EngineError as a PrintError at `place`: its code, the engine's message as `detail`,
 * and the parts of that message the texts need. */
export function fromEngineError(e: EngineError, place: PrintErrorPlace = {}): PrintError {
  const overCap = PAGE_CAPS[e.code];
  if (overCap) {
    // The engine's work caps (crates/engine/src/work.rs) are the label catalogue's page
    // texts; their numbers are read from the engine's sentence.
    const params = match(overCap.sentence, e.message, overCap.names);
    if (params) return { code: overCap.code, params, ...place };
  }
  const code = ENGINE_CODES[e.code] ?? 'engine.other';
  const parsed = ENGINE_PARSERS[code]?.(e.message) ?? null;
  const params: Record<string, string | number> = { ...parsed, detail: e.message };
  if (code === 'engine.other') params.status = e.code;
  return { code, params, ...place };
}

/**
 * The message key for an engine error: the variant its params ask for (a form the engine
 * words differently), the spec's Data Matrix text, the code's own, or, when the engine's
 * message could not be read into the parts a text needs, a text around the message itself.
 */
function messageKey(e: PrintError): EngineMessageKey {
  const code = (Object.hasOwn(ENGINE_MESSAGES_EN, e.code) ? e.code : 'engine.other') as EngineErrorCode;
  const p = e.params;
  const candidates: string[] = [];
  if (p.symbology === 'Data Matrix') candidates.push(`${code}.dataMatrix`);
  if (typeof p.form === 'string') candidates.push(`${code}.${p.form}`);
  candidates.push(code, `${code}.detail`, 'engine.data.detail');
  for (const key of candidates) {
    if (Object.hasOwn(ENGINE_MESSAGES_EN, key) && fills(ENGINE_MESSAGES_EN[key as EngineMessageKey], p)) return key as EngineMessageKey;
  }
  return 'engine.other';
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** Whether `params` has every placeholder of `template`. */
function fills(template: string, params: PrintError['params']): boolean {
  for (const m of template.matchAll(PLACEHOLDER)) if (!Object.hasOwn(params, m[1]!)) return false;
  return true;
}

function fill(template: string, params: PrintError['params']): string {
  return template.replace(PLACEHOLDER, (m, k: string) => (Object.hasOwn(params, k) ? String(params[k]) : m));
}

/** The message of an error without where it happened. */
export function printErrorMessage(e: PrintError, locale: Locale): string {
  if (Object.hasOwn(LABEL_MESSAGES_EN, e.code)) return formatLabelMessage(e.code as LabelErrorCode, e.params, locale);
  if (Object.hasOwn(SCAN_MESSAGES_EN, e.code)) {
    const code = e.code as ScanErrorCode;
    return fill(locale === 'en' ? SCAN_MESSAGES_EN[code] : SCAN_MESSAGES_ZH[code], { expected: '', read: '', symbology: '', ...e.params });
  }
  const key = messageKey(e);
  const params: PrintError['params'] = { status: '?', detail: '', ...e.params };
  if (locale === 'en') return fill(ENGINE_MESSAGES_EN[key], params);
  for (const k of ['reason', 'expected'] as const) {
    const v = params[k];
    if (typeof v === 'string' && Object.hasOwn(ENGINE_PHRASES_ZH, v)) params[k] = ENGINE_PHRASES_ZH[v]!;
  }
  return fill(ENGINE_MESSAGES_ZH[key], params);
}

const KIND_NAMES_ZH: Record<string, string> = {
  text: '文本', barcode: '条码', qrcode: '二维码', arctext: '弧形文本', date: '日期',
  picture: '图片', logo: '徽标', rectangle: '矩形', line: '线条', table: '表格',
};

/**
 * Where an error happened, or '' when it carries no place: "page 3 mirrored side
 * (spreadsheet row 4), control 2 (barcode)" / "第 3 页镜像面（表格第 4 行），第 2 个控件（条码）".
 * Pages and controls are shown 1-based; on a two-sided job the page is the label page.
 */
export function printErrorPlace(e: PrintError, locale: Locale): string {
  const parts: string[] = [];
  const zh = locale !== 'en';
  if (e.page !== undefined) {
    const labelPage = (e.side === undefined ? e.page : e.page >> 1) + 1;
    const mirrored = e.side === 'mirrored';
    const row = e.row === undefined ? '' : zh ? `（表格第 ${e.row} 行）` : ` (spreadsheet row ${e.row})`;
    parts.push(zh ? `第 ${labelPage} 页${mirrored ? '镜像面' : ''}${row}` : `page ${labelPage}${mirrored ? ' mirrored side' : ''}${row}`);
  } else if (e.row !== undefined) {
    parts.push(zh ? `表格第 ${e.row} 行` : `spreadsheet row ${e.row}`);
  }
  if (e.control) {
    const n = e.control.index + 1;
    parts.push(zh ? `第 ${n} 个控件（${KIND_NAMES_ZH[e.control.kind] ?? e.control.kind}）` : `control ${n} (${e.control.kind})`);
  }
  return parts.join(zh ? '，' : ', ');
}

/** The whole message for the user: where, then what. */
export function formatPrintError(e: PrintError, locale: Locale): string {
  const place = printErrorPlace(e, locale);
  const message = printErrorMessage(e, locale);
  if (place === '') return message;
  return locale === 'en' ? `${place}: ${message}` : `${place}：${message}`;
}
