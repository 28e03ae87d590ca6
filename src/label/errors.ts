/**
 * The label module's one error type and its message catalogue.
 *
 * Every failure the user can cause (a hostile or malformed file, an unreadable
 * spreadsheet, a page outside the data) is a `LabelError` with a stable `code` and
 * `params`; the UI translates it with `labelMessages` (zh-CN and en, i18next-style
 * `{{param}}` placeholders) or `formatLabelMessage`. Readers return errors as values
 * (`{ ok: false, error }`); only caller bugs throw something else.
 */

export type LabelMessageParams = Record<string, string | number>;

export const LABEL_MESSAGES_EN = {
  // XML reader
  'xml.tooLarge': 'The file is too large ({{size}} characters; at most {{max}}).',
  'xml.tooDeep': 'The file nests elements too deeply (more than {{max}} levels) at line {{line}}.',
  'xml.tooManyElements': 'The file has too many elements (more than {{max}}).',
  'xml.tooManyAttributes': 'Element <{{name}}> has too many attributes (more than {{max}}) at line {{line}}.',
  'xml.attributeTooLong': 'Attribute {{name}} is too long (more than {{max}} characters) at line {{line}}.',
  'xml.textTooLong': 'A text is too long (more than {{max}} characters) at line {{line}}.',
  'xml.nameTooLong': 'A name is too long (more than {{max}} characters) at line {{line}}.',
  'xml.doctype': 'The file has a DOCTYPE declaration, which is not allowed (line {{line}}).',
  'xml.entityDeclaration': 'The file declares an entity, which is not allowed (line {{line}}).',
  'xml.unknownEntity': 'Unknown entity &{{name}}; at line {{line}}, column {{column}}.',
  'xml.badCharRef': 'Invalid character reference &{{ref}}; at line {{line}}, column {{column}}.',
  'xml.badChar': 'Invalid character U+{{code}} at line {{line}}, column {{column}}.',
  'xml.syntax': 'Malformed XML at line {{line}}, column {{column}}: {{detail}}.',
  'xml.unclosed': 'Element <{{name}}> opened at line {{line}} is never closed.',
  'xml.mismatched': 'Closing tag </{{found}}> at line {{line}} does not match <{{expected}}>.',
  'xml.duplicateAttribute': 'Attribute {{name}} appears twice at line {{line}}.',
  'xml.noRoot': 'The file has no root element.',
  'xml.afterRoot': 'Content after the root element at line {{line}}, column {{column}}.',
  'xml.encoding': 'The file is in an unsupported encoding ({{encoding}}).',
  'xml.badBytes': 'The file is not valid {{encoding}} text.',
  // Label reader
  'label.notLabel': 'This is not a label file (root element <{{root}}>).',
  'label.unknownElement': 'Unknown element <{{tag}}> was skipped.',
  'label.invalidValue': 'Attribute {{attribute}}="{{value}}" of <{{tag}}> is not valid; the default was used.',
  'label.extraPage': 'The file has more than one page; only the first was read.',
  'label.internal': 'The file could not be read: {{detail}}.',
  'label.tooManyControls': 'The label has too many controls ({{count}}; at most {{max}}).',
  'label.zipped': 'This file is a zip archive, not a label. A label file (.wdfx or .xml) is XML text; if another program made it, save it from there as XML.',
  'label.notXml': 'This is not a label file: a label file (.wdfx or .xml) is XML text beginning with "<".',
  // Embedded files, spreadsheets, paging
  'embedded.invalid': 'The embedded {{what}} is not valid base64 data.',
  'sheet.unreadable': 'The file is not a readable .xlsx, .xls or .csv spreadsheet.',
  'sheet.damaged': 'The file is not a readable .xlsx, .xls or .csv spreadsheet (it is damaged or incomplete).',
  'sheet.markup': 'The file is not a readable .xlsx, .xls or .csv spreadsheet (it is XML or HTML).',
  'sheet.encrypted': 'The spreadsheet is protected by a password; save a copy without the password and use that.',
  'sheet.tooLarge': 'The spreadsheet is too large ({{size}} bytes; at most {{max}}).',
  'sheet.unzippedTooLarge': 'The spreadsheet is too large once unpacked (at least {{size}} MB; at most {{max}} MB).',
  'sheet.tooManyRows': 'Sheet {{sheet}} has more than {{max}} rows of data.',
  'file.tooLarge': 'The file is too large ({{size}} MB; at most {{max}} MB).',
  'sheet.noSheet': 'The spreadsheet has no sheet {{sheet}}.',
  'sheet.tooSlow': 'The file took too long to read (more than {{seconds}} s) and was left unread; nothing was changed. It may be damaged or made to stall the reader: open it in a spreadsheet program and save it again as .xlsx or .csv.',
  'sheet.readerFailed': 'The file could not be read: the reader stopped (it may have needed more memory than allowed). Nothing was changed.',
  'page.outOfRange': 'Page {{page}} is outside 1 to {{count}}.',
  'page.invalid': 'Page {{page}} is not a page number.',
  'page.tooManyElements': 'The page has too many things to draw ({{count}}; at most {{max}}).',
  'page.tooMuchWork': 'The page is too costly to draw (about {{work}} million dots of drawing; at most {{max}} million). Use fewer or smaller pictures, texts or codes.',
  'page.picturesTooLarge': 'The pictures of the page are too large together ({{pixels}} megapixels; at most {{max}}). Use fewer or smaller pictures.',
} as const;

export type LabelErrorCode = keyof typeof LABEL_MESSAGES_EN;

export const LABEL_MESSAGES_ZH: Record<LabelErrorCode, string> = {
  'xml.tooLarge': '文件过大（{{size}} 个字符，最多 {{max}} 个）。',
  'xml.tooDeep': '文件元素嵌套过深（超过 {{max}} 层），位于第 {{line}} 行。',
  'xml.tooManyElements': '文件元素过多（超过 {{max}} 个）。',
  'xml.tooManyAttributes': '元素 <{{name}}> 的属性过多（超过 {{max}} 个），位于第 {{line}} 行。',
  'xml.attributeTooLong': '属性 {{name}} 过长（超过 {{max}} 个字符），位于第 {{line}} 行。',
  'xml.textTooLong': '文本过长（超过 {{max}} 个字符），位于第 {{line}} 行。',
  'xml.nameTooLong': '名称过长（超过 {{max}} 个字符），位于第 {{line}} 行。',
  'xml.doctype': '文件包含 DOCTYPE 声明，不允许使用（第 {{line}} 行）。',
  'xml.entityDeclaration': '文件声明了实体，不允许使用（第 {{line}} 行）。',
  'xml.unknownEntity': '未知实体 &{{name}};，位于第 {{line}} 行第 {{column}} 列。',
  'xml.badCharRef': '无效的字符引用 &{{ref}};，位于第 {{line}} 行第 {{column}} 列。',
  'xml.badChar': '无效字符 U+{{code}}，位于第 {{line}} 行第 {{column}} 列。',
  'xml.syntax': 'XML 格式错误，位于第 {{line}} 行第 {{column}} 列：{{detailZh}}。',
  'xml.unclosed': '第 {{line}} 行的元素 <{{name}}> 没有结束标签。',
  'xml.mismatched': '第 {{line}} 行的结束标签 </{{found}}> 与 <{{expected}}> 不匹配。',
  'xml.duplicateAttribute': '属性 {{name}} 重复出现，位于第 {{line}} 行。',
  'xml.noRoot': '文件没有根元素。',
  'xml.afterRoot': '根元素之后还有内容，位于第 {{line}} 行第 {{column}} 列。',
  'xml.encoding': '不支持文件的编码（{{encoding}}）。',
  'xml.badBytes': '文件不是有效的 {{encoding}} 文本。',
  'label.notLabel': '这不是标签文件（根元素为 <{{root}}>）。',
  'label.unknownElement': '已跳过未知元素 <{{tag}}>。',
  'label.invalidValue': '<{{tag}}> 的属性 {{attribute}}="{{value}}" 无效，已使用默认值。',
  'label.extraPage': '文件有多个页面，只读取了第一页。',
  'label.internal': '无法读取文件：{{detail}}。',
  'label.tooManyControls': '标签的控件过多（{{count}} 个，最多 {{max}} 个）。',
  'label.zipped': '此文件是 zip 压缩包，不是标签文件。标签文件（.wdfx 或 .xml）是 XML 文本；如由其他程序生成，请在该程序中另存为 XML。',
  'label.notXml': '这不是标签文件：标签文件（.wdfx 或 .xml）是以“<”开头的 XML 文本。',
  'embedded.invalid': '内嵌的{{what}}不是有效的 base64 数据。',
  'sheet.unreadable': '文件不是可读取的 .xlsx、.xls 或 .csv 表格。',
  'sheet.damaged': '文件不是可读取的 .xlsx、.xls 或 .csv 表格（文件已损坏或不完整）。',
  'sheet.markup': '文件不是可读取的 .xlsx、.xls 或 .csv 表格（它是 XML 或 HTML 文件）。',
  'sheet.encrypted': '表格设有密码保护；请另存一份不带密码的副本再使用。',
  'sheet.tooLarge': '表格过大（{{size}} 字节，最多 {{max}} 字节）。',
  'sheet.unzippedTooLarge': '表格解压后过大（至少 {{size}} MB，最多 {{max}} MB）。',
  'sheet.tooManyRows': '第 {{sheet}} 个工作表的数据超过 {{max}} 行。',
  'file.tooLarge': '文件过大（{{size}} MB，最多 {{max}} MB）。',
  'sheet.noSheet': '表格中没有第 {{sheet}} 个工作表。',
  'sheet.tooSlow': '读取文件用时过长（超过 {{seconds}} 秒），已停止读取，未做任何更改。文件可能已损坏或被刻意构造成让读取停不下来：请用表格软件打开后另存为 .xlsx 或 .csv 再试。',
  'sheet.readerFailed': '无法读取文件：读取程序已停止（可能所需内存超出限制）。未做任何更改。',
  'page.outOfRange': '第 {{page}} 页超出范围 1 到 {{count}}。',
  'page.invalid': '{{page}} 不是有效的页码。',
  'page.tooManyElements': '页面要绘制的内容过多（{{count}} 项，最多 {{max}} 项）。',
  'page.tooMuchWork': '页面绘制量过大（约 {{work}} 百万点，最多 {{max}} 百万点）。请减少或缩小图片、文本或条码。',
  'page.picturesTooLarge': '页面图片合计过大（{{pixels}} 百万像素，最多 {{max}} 百万像素）。请减少或缩小图片。',
};

/** Both catalogues, keyed like the app's languages; merge into i18next under `label`. */
export const labelMessages = {
  'zh-CN': LABEL_MESSAGES_ZH,
  en: LABEL_MESSAGES_EN as Record<LabelErrorCode, string>,
} as const;

/** A user-caused failure: a code from the catalogue and its parameters. */
export class LabelError extends Error {
  override readonly name = 'LabelError';

  constructor(
    readonly code: LabelErrorCode,
    readonly params: LabelMessageParams = {},
  ) {
    super(formatLabelMessage(code, params, 'en'));
  }
}

/** A note about something read leniently (a skipped element, a value replaced by its default). */
export interface LabelIssue {
  code: LabelErrorCode;
  params: LabelMessageParams;
}

/**
 * The message for `code` in `locale`: Chinese for zh locales (zh-CN, zh-TW, zh_CN ...),
 * English for every other, since English is the one other language the messages exist in.
 */
export function formatLabelMessage(code: LabelErrorCode, params: LabelMessageParams, locale = 'zh-CN'): string {
  const table = /^zh(?:$|[-_])/i.test(locale.trim()) ? labelMessages['zh-CN'] : labelMessages.en;
  return table[code].replace(/\{\{(\w+)\}\}/g, (m, k: string) => (Object.hasOwn(params, k) ? String(params[k]) : m));
}

/** A value or the error that stopped it; what every reader returns. */
export type LabelResult<T> = { ok: true; value: T; warnings: LabelIssue[] } | { ok: false; error: LabelError };
