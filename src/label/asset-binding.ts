/**
 * Labels driven by assets instead of a spreadsheet (issue 16): the one lookup from a column
 * name a label binds to the asset field it means, and the data sources built on it.
 *
 * A control bound to a column name (dataColumnName, or `id=<name>`) finds the asset field
 * whether the name is
 *
 * - the stable key (`assetCoding`), or the export's zh / en header (`资产编码`, `Asset code`,
 *   with or without a bracketed unit, any case, width or spacing: asset-fields.ts),
 * - the asset's link (`link`, `资产链接`, `Asset link`): the URL a phone camera opens the
 *   asset's page with (GET api/AssetLabel/Rows gives it per asset),
 * - or the name of one of the company's custom attributes (compared the same way, after
 *   the standard names: an attribute called "Unit" never hides the standard unit, as in the
 *   import); an asset whose classification lacks it shows ''.
 *
 * Anything else finds nothing, and the control shows `[name]` as for a missing spreadsheet
 * column.
 */
import { ASSET_FIELD_HEADERS, ASSET_FIELD_KEYS, foldFieldName, standardFieldOf, type FieldHeader } from './asset-fields.ts';
import { referenceName } from './binding/content.ts';
import type { DataSource } from './binding/data.ts';
import type { LabelDocument } from './label.ts';
import { contentControls } from './resolve.ts';

/** The key of the asset's link among the fields a label binds. */
export const ASSET_LINK_FIELD = 'link';
export const ASSET_LINK_HEADER: FieldHeader = { zh: '资产链接', en: 'Asset link' };

/** An asset as a label reads it: its fields by key (custom attributes by name) and link. */
export interface AssetLabelRecord {
  readonly fields: Readonly<Record<string, string | number | null | undefined>>;
  readonly link?: string;
}

const LINK_NAMES = new Set([ASSET_LINK_FIELD, ASSET_LINK_HEADER.zh, ASSET_LINK_HEADER.en].map(foldFieldName));

/** Folded field names, remembered: the same few keys repeat on every asset. */
const folded = new Map<string, string>();
function fold(name: string): string {
  let f = folded.get(name);
  if (f === undefined) {
    f = foldFieldName(name);
    if (folded.size < 4096) folded.set(name, f);
  }
  return f;
}

/**
 * The field a column name binds: a standard key or ASSET_LINK_FIELD, `{ custom: folded name }`
 * for the name of one of `customNames` (the company's custom attributes, looked up on each
 * asset by their folded name), or null for anything else: the control then shows `[name]`,
 * as for a spreadsheet column that is not there.
 */
export type AssetField = { standard: string } | { custom: string };

export function assetFieldOf(name: string, customNames: Iterable<string> = []): AssetField | null {
  const key = standardFieldOf(name);
  if (key) return { standard: key };
  const f = fold(name);
  if (f === '') return null;
  if (LINK_NAMES.has(f)) return { standard: ASSET_LINK_FIELD };
  for (const c of customNames) if (fold(c) === f) return { custom: f };
  return null;
}

/** The text of `field` on `record` ('' when the asset has no such value). */
export function assetFieldText(record: AssetLabelRecord, field: AssetField): string {
  if ('standard' in field) {
    if (field.standard === ASSET_LINK_FIELD) return record.link ?? '';
    return text(record.fields[field.standard]);
  }
  const exact = record.fields[field.custom];
  if (exact !== undefined) return text(exact);
  for (const [name, value] of Object.entries(record.fields)) {
    if (standardFieldOf(name) === null && fold(name) === field.custom) return text(value);
  }
  return '';
}

function text(v: string | number | null | undefined): string {
  return v === null || v === undefined ? '' : String(v);
}

/** The columns the editor offers for assets: the standard keys, the link, then the custom
 * attributes' names (each once, in the order given). */
export function assetColumnNames(customNames: readonly string[] = []): string[] {
  const out: string[] = [...ASSET_FIELD_KEYS, ASSET_LINK_FIELD];
  const seen = new Set(out.map(fold));
  for (const name of customNames) {
    const f = fold(name);
    if (f === '' || seen.has(f) || standardFieldOf(name) !== null) continue;
    seen.add(f);
    out.push(name);
  }
  return out;
}

/** A column's name for people: the header in the language for standard fields, else itself. */
export function assetColumnHeader(name: string, lang: 'zh' | 'en'): string {
  const field = assetFieldOf(name);
  if (!field || !('standard' in field)) return name;
  if (field.standard === ASSET_LINK_FIELD) return ASSET_LINK_HEADER[lang];
  return ASSET_FIELD_HEADERS[field.standard as keyof typeof ASSET_FIELD_HEADERS][lang];
}

/**
 * Assets as a label's data source (the editor's sample assets): columns are
 * `assetColumnNames(customNames)`, and `findColumn` takes any name assetFieldOf knows.
 */
export function assetDataSource(records: readonly AssetLabelRecord[], customNames: readonly string[] = []): DataSource {
  const columnNames = assetColumnNames(customNames);
  const fields = columnNames.map((n) => assetFieldOf(n, customNames)!);
  const byField = new Map(fields.map((f, i) => [fieldKey(f), i]));
  return {
    rowCount: records.length,
    columnNames,
    findColumn(name) {
      const field = assetFieldOf(name, customNames);
      return field ? (byField.get(fieldKey(field)) ?? -1) : -1;
    },
    text(row, column) {
      const record = records[row];
      const field = fields[column];
      if (!record || !field) return undefined;
      return assetFieldText(record, field);
    },
  };
}

function fieldKey(f: AssetField): string {
  return 'standard' in f ? `s:${f.standard}` : `c:${f.custom}`;
}

/** Every column name the label binds: bound controls' dataColumnName and `id=<name>`
 * references (table cells included), each once as written. */
export function boundColumnNames(doc: Pick<LabelDocument, 'children'>): string[] {
  const names = new Set<string>();
  for (const c of contentControls(doc)) {
    if (c.contentType === 2 && c.dataColumnName.trim() !== '') names.add(c.dataColumnName);
    const ref = c.contentType === 0 ? referenceName(c.content) : undefined;
    if (ref !== undefined) names.add(ref);
  }
  return [...names];
}

/** A table of asset texts for the print job (src/print/job.ts DataTable: plain, cloneable). */
export interface AssetTable {
  columnNames: string[];
  rows: string[][];
}

/**
 * The columns a print of `doc` needs: the standard keys and the link in their order (a
 * control bound by column number counts them from 1), then each name the label binds that
 * is not one of those keys as written and names a field, so the job's own column finder
 * (case-insensitive, as written) finds every binding, and a name of no field stays `[name]`.
 */
export function assetTableColumns(doc: Pick<LabelDocument, 'children'>, customNames: readonly string[]): { names: string[]; fields: AssetField[] } {
  const names: string[] = [...ASSET_FIELD_KEYS, ASSET_LINK_FIELD];
  const fields: AssetField[] = names.map((n) => assetFieldOf(n)!);
  const taken = new Set(names.map((n) => n.trim().toLowerCase()));
  for (const name of boundColumnNames(doc)) {
    const field = assetFieldOf(name, customNames);
    const k = name.trim().toLowerCase();
    if (!field || taken.has(k)) continue;
    taken.add(k);
    names.push(name);
    fields.push(field);
  }
  return { names, fields };
}

/** The assets' rows for a print of `doc` (columns from assetTableColumns). */
export function assetTable(columns: { names: string[]; fields: AssetField[] }, records: readonly AssetLabelRecord[]): AssetTable {
  const rows: string[][] = new Array(records.length);
  for (let r = 0; r < records.length; r++) {
    const record = records[r]!;
    rows[r] = columns.fields.map((f) => assetFieldText(record, f));
  }
  return { columnNames: columns.names, rows };
}
