/**
 * The label document (issue 5). The same code runs in Node and the browser.
 *
 *   .wdfx bytes --readLabel--> LabelDocument --resolvePage(doc, data, page, clock)--> ResolvedLabel
 *        ^                        |    ^                                                  |
 *        +------writeLabel--------+    | updateLabel / createElement / updateElement       v
 *                                      | table operations, HistoryManager            the engine draws it
 *
 * - A LabelDocument is the label's fields (label.ts) and its children, each a plain record
 *   of one kind. Every kind is one file in elements/ holding its fields (defaults, ranges,
 *   clamping, XML names), its tags and its behaviour (minimum size, child elements, how it
 *   resolves); elements/index.ts lists them. Adding a kind is one file and one line.
 * - Values are always valid: every constructor and reader normalises (clamps, rounds to
 *   3-decimal mm, defaults), and normalising is idempotent.
 * - readLabel parses with our own strict XML reader (xml/): no DOCTYPE, no entities, caps on
 *   size, depth, counts and lengths; failures are LabelError values with a code and
 *   parameters, translated by labelMessages (zh-CN, en).
 * - Data: the embedded spreadsheet (spreadsheet.ts, SheetJS) or any DataSource; content
 *   binding, serial numbers, references, dates and paging are in binding/.
 * - resolvePage gives plain data for renderers and workers: every element's box in mm,
 *   rotation, flags, final text or symbol data, and its style.
 */
export { LabelError, labelMessages, formatLabelMessage, LABEL_MESSAGES_EN, LABEL_MESSAGES_ZH } from './errors.ts';
export type { LabelErrorCode, LabelIssue, LabelResult, LabelMessageParams } from './errors.ts';

export * from './units.ts';
export { columnLetters, columnIndexOf } from './columns.ts';
export { isEmbedded, normalizeEmbedded, toFileForm, embeddedBytes, embeddedMime, toDataUrl, encodeBase64, decodeBase64 } from './embedded.ts';
export { DEFAULT_CONTEXT, type SchemaContext, type Field, type Fields, type Values } from './schema.ts';

export {
  LABEL_VERSION,
  GapType,
  UNSET,
  TAIL_DIRECTIONS,
  labelFields,
  createLabel,
  normalizeLabel,
  updateLabel,
  contextOf,
  effectiveBackground,
  canInsertAt,
  replaceChild,
} from './label.ts';
export type { LabelDocument, LabelFields, LabelInput, ElementInput, LabelOptions, TailDirection } from './label.ts';

export {
  ELEMENT_KINDS,
  ELEMENT_KIND_NAMES,
  kindDef,
  kindForTag,
  createElement,
  normalizeElement,
  updateElement,
  pageInfoLevel,
  serialDigits,
} from './elements/index.ts';
export type { LabelElement, ElementKind, ElementByKind, ResolvedPartByKind } from './elements/index.ts';
export type { KindDef, MirrorMode, BoxValues, ResolveEnv, Size } from './elements/kind.ts';
export { ContentType, FontStyle, ALIGNMENTS, defaultTextSize, type Alignment, type TextStyle } from './elements/common.ts';
export { BARCODE_TYPES, TEXT_POSITIONS, barcodeModules, type BarcodeType, type TextPosition } from './elements/barcode.ts';
export { CODE2D_TYPES, QR_ECC_LEVELS, DM_SHAPES, type Code2DType, type QrEccLevel, type DmShape, type ZoneSize } from './elements/qrcode.ts';
export { ColorMode } from './elements/picture.ts';
export { RECT_TYPES, type RectType } from './elements/rectangle.ts';
export { LINE_TYPES, lineFromEnds, type LineType } from './elements/line.ts';
export { setDateFormats } from './elements/date.ts';
export {
  TABLE_MAX,
  insertRow,
  deleteRow,
  insertColumn,
  deleteColumn,
  setRowCount,
  setColumnCount,
  mergeCells,
  splitCell,
  resizeTable,
  cellAt,
  mergeAt,
  type Merge,
  type TableElement,
} from './elements/table.ts';
export { CELL_MARGIN_H, CELL_MARGIN_V, type CellElement } from './elements/cell.ts';

export { readLabel, writeLabel, writeLabelBytes, labelFromXml, labelToXml, type ReadLabelOptions } from './wdfx.ts';
export { withoutSource, type Dialect, type ElementSource, type LabelSource, type KeptElement } from './file-source.ts';

export { stepSerial, findSerialRun, findPagePattern, serialPageCount, serialSeed } from './binding/serial.ts';
export {
  DATE_FORMATS,
  TIME_FORMATS,
  DEFAULT_TIME_FORMAT,
  defaultDateFormat,
  formatDateTime,
  formatDateControl,
  applyOffsets,
  msUntilNextSecond,
  systemClock,
  type Clock,
} from './binding/datetime.ts';
export { dataSourceFromRows, dataSourceFromRecords, type DataSource } from './binding/data.ts';
export { contentResolver, referenceName, HIGHLIGHT_COLORS, type Binding, type ResolvedContent } from './binding/content.ts';
export { pageCount, pageInfoOf, clampPage, gotoPage, movePage, type PageInfo } from './binding/paging.ts';

export {
  readSpreadsheet,
  selectSheet,
  labelDataSource,
  changeDataFile,
  changeDataSheet,
  detectFormat,
  type Sheet,
  type SheetCell,
  type Workbook,
  type SpreadsheetFormat,
} from './spreadsheet.ts';

export { resolvePage, contentControls, hasClockContent, FLAG_TAIL_COLOR, FLAG_TAIL_DASH, type ResolvedLabel, type ResolvedElement, type ResolvedElementOf, type ResolvedCommon, type BoxMm } from './resolve.ts';

export { Store, HistoryManager, squashDiffs, reverseDiff, type RecordsDiff, type StoreRecord, type HistoryOptions } from './history.ts';
