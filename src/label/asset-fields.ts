/**
 * The asset fields a label can bind, and the names they go by: the stable keys
 * (ASSET_FIELD_KEYS, the import/export columns of spec section 9, in file order) and their
 * headers in both languages, which are the import template's and the export's own headers.
 * One definition for the server (import, export, label rows of GET api/AssetLabel/Rows) and
 * the client (the editor's data panel, the binding of a label to an asset), so a label bound
 * to "资产编码", "Asset code" or "assetCoding" finds the same value.
 *
 * Custom attributes are bound by their own name; a label row carries each one of the asset's
 * classification under that name beside the standard keys.
 */
import { IMPORT_COLUMNS, type ImportColumn } from '../api/contract.ts';

/** The standard asset fields of a label row, in the export's column order. */
export const ASSET_FIELD_KEYS = IMPORT_COLUMNS;
export type AssetFieldKey = ImportColumn;

export interface FieldHeader {
  zh: string;
  en: string;
}

/** The export's and the import template's headers of each standard field. */
export const ASSET_FIELD_HEADERS: Record<AssetFieldKey, FieldHeader> = {
  assetCoding: { zh: '资产编码', en: 'Asset code' },
  assetName: { zh: '资产名称', en: 'Asset name' },
  specifications: { zh: '规格型号', en: 'Specifications' },
  unit: { zh: '计量单位', en: 'Unit' },
  supplier: { zh: '供应商', en: 'Supplier' },
  buyDate: { zh: '购买日期', en: 'Purchase date' },
  buyPrice: { zh: '购买价格(元)', en: 'Purchase price (yuan)' },
  lossCycle: { zh: '折旧周期(月)', en: 'Depreciation period (months)' },
  department: { zh: '所属部门', en: 'Department' },
  user: { zh: '使用人', en: 'User' },
  depositSite: { zh: '存放地点', en: 'Location' },
  classification: { zh: '资产分类', en: 'Classification' },
};

/** How names compare: NFKC (full-width to ASCII), lower case, no whitespace. */
export function foldFieldName(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}

/** The same without a trailing bracketed unit: "购买价格(元)" → "购买价格". */
function foldWithoutUnit(text: string): string {
  return foldFieldName(text).replace(/\([^()]*\)$/, '');
}

const BY_NAME = new Map<string, AssetFieldKey>();
for (const key of ASSET_FIELD_KEYS) {
  for (const name of [key, ASSET_FIELD_HEADERS[key].zh, ASSET_FIELD_HEADERS[key].en]) {
    BY_NAME.set(foldFieldName(name), key);
    BY_NAME.set(foldWithoutUnit(name), key);
  }
}

/**
 * The standard field a name stands for, in either language or as its key, with or without
 * its bracketed unit, whatever the case, spaces or full-width forms; null when it names none
 * (then it is a custom attribute's name, or a spreadsheet column).
 */
export function standardFieldOf(name: string): AssetFieldKey | null {
  return BY_NAME.get(foldFieldName(name)) ?? BY_NAME.get(foldWithoutUnit(name)) ?? null;
}

/** The standard headers in column order, in a language. */
export function fieldHeaders(lang: 'zh' | 'en'): string[] {
  return ASSET_FIELD_KEYS.map((key) => ASSET_FIELD_HEADERS[key][lang]);
}

/**
 * One asset's values for a label: each standard key as text ('' when empty; dates
 * YYYY-MM-DD, the price with 2 decimals, names for department, user and classification),
 * then each custom attribute of its classification by name.
 */
export type AssetLabelFields = Record<AssetFieldKey, string> & Record<string, string>;
