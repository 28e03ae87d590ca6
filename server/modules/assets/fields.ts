/**
 * The asset's fields as a user meets them: their labels in both languages (form messages and
 * the import/export headers use the same ones), their limits, and the parsers that turn what a
 * form or a spreadsheet cell holds into the stored value, or refuse it with a message naming
 * the field. The API (modules/assets) and the import (modules/import-export) share them, so a
 * value is accepted or refused the same way whichever way it comes in.
 */
import { AttributeType, type ClassifyAttribute, type ImportColumn } from '../../../src/api/contract.ts';
import { ASSET_FIELD_HEADERS } from '../../../src/label/asset-fields.ts';
import { AppError } from '../../errors.ts';

export type Label = { zh: string; en: string };

/** Column labels of the import template and the export, in file order (spec section 9; shared with labels). */
export const COLUMN_LABELS: Record<ImportColumn, Label> = ASSET_FIELD_HEADERS;

/** Labels of the fields that are not import columns. */
export const FIELD_LABELS = {
  ...COLUMN_LABELS,
  surplusValue: { zh: '残值(元)', en: 'Residual value (yuan)' },
  expireDate: { zh: '到期日期', en: 'Expiry date' },
  epc: { zh: 'EPC', en: 'EPC' },
  tid: { zh: 'TID', en: 'TID' },
} satisfies Record<string, Label>;

/** Longest text per field, in characters (the same CHECKs are in migration 003). */
export const TEXT_MAX = {
  assetCoding: 50,
  assetName: 100,
  specifications: 100,
  unit: 20,
  supplier: 100,
  depositSite: 100,
  epc: 128,
  tid: 128,
} as const;
export type TextField = keyof typeof TEXT_MAX;

export const ATTRIBUTE_VALUE_MAX = 200;
/** numeric(14, 2): up to 999,999,999,999.99 yuan. */
export const AMOUNT_MAX = 999_999_999_999.99;
/** 100 years, in months. */
export const LOSS_CYCLE_MAX = 1200;

/** A text field, trimmed; '' when absent. */
export function parseText(value: unknown, field: TextField): string {
  const text = value === null || value === undefined ? '' : String(value).trim();
  if (text.length > TEXT_MAX[field]) throw new AppError('fieldTooLong', { field: FIELD_LABELS[field], max: TEXT_MAX[field] });
  return text;
}

/** Yuan with at most 2 decimals, 0 or more; '' and null are "none". Returns the exact decimal text. */
export function parseAmount(value: unknown, field: 'buyPrice' | 'surplusValue'): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const text = value.trim().replace(/[,，]/g, '').replace(/^[¥￥]/, '');
    if (text === '') return null;
    if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) throw new AppError('amountInvalid', { field: FIELD_LABELS[field] });
    return normalizeDecimal(text);
  }
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= AMOUNT_MAX) {
    // A spreadsheet stores 0.1 as the nearest double: accept it when it is a whole number of fen.
    const cents = Math.round(value * 100);
    if (Math.abs(value * 100 - cents) < 1e-6 * Math.max(1, Math.abs(value))) {
      return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    }
  }
  throw new AppError('amountInvalid', { field: FIELD_LABELS[field] });
}

function normalizeDecimal(text: string): string {
  const [whole, fraction = ''] = text.split('.');
  return `${BigInt(whole)}.${fraction.padEnd(2, '0')}`;
}

/** Whole months, 0 to 1200; '' and null are "none". */
export function parseLossCycle(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '#';
  if (text === '') return null;
  if (!/^\d{1,4}$/.test(text) || Number(text) > LOSS_CYCLE_MAX) throw new AppError('lossCycleInvalid');
  return Number(text);
}

/** A calendar date: 'YYYY-MM-DD' (also 'YYYY/M/D', 'YYYY.M.D'); '' and null are "none". */
export function parseDate(value: unknown, field: Label): string | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'string' ? value.trim() : '#';
  if (text === '') return null;
  const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (match) {
    const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(y, m - 1, d));
    if (y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d) {
      return `${match[1]}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    }
  }
  throw new AppError('dateInvalid', { field });
}

/** A time of day: 'HH:mm' or 'HH:mm:ss' (the hour may have one digit); '' and null are "none". */
export function parseTime(value: unknown, field: Label): string | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'string' ? value.trim() : '#';
  if (text === '') return null;
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (match && Number(match[1]) < 24 && Number(match[2]) < 60 && (match[3] === undefined || Number(match[3]) < 60)) {
    return `${match[1].padStart(2, '0')}:${match[2]}${match[3] === undefined ? '' : `:${match[3]}`}`;
  }
  throw new AppError('timeInvalid', { field });
}

/** The label of a custom attribute in messages: its own name, in both languages. */
function attributeLabel(name: string): Label {
  return { zh: `参数“${name}”`, en: `"${name}"` };
}

/**
 * Custom attribute values checked against a classification's attributes: every name must be
 * one of them, a Select value one of its items, a Date a date, a Time a time, a Text at most
 * 200 characters. Empty values are dropped. Returns the values to store, in attribute order.
 */
export function checkAttributeValues(
  values: Record<string, unknown> | undefined,
  classify: { name: string; attributes: readonly ClassifyAttribute[] } | null,
): Record<string, string> {
  const given = Object.entries(values ?? {}).filter(([, v]) => v !== null && v !== undefined && String(v).trim() !== '');
  if (given.length === 0) return {};
  if (!classify) throw new AppError('attributeNeedsClassify', { name: given[0][0] });
  const byName = new Map(classify.attributes.map((a) => [a.name, a]));
  for (const [name] of given) {
    if (!byName.has(name)) throw new AppError('attributeUnknown', { classify: classify.name, name });
  }
  const result: Record<string, string> = {};
  for (const attribute of classify.attributes) {
    const raw = values?.[attribute.name];
    if (raw === null || raw === undefined) continue;
    const text = String(raw).trim();
    if (text === '') continue;
    const label = attributeLabel(attribute.name);
    switch (attribute.attributeType) {
      case AttributeType.select:
        if (!(attribute.items ?? []).includes(text)) {
          throw new AppError('selectValueInvalid', { field: label, items: (attribute.items ?? []).join(', ') });
        }
        result[attribute.name] = text;
        break;
      case AttributeType.date:
        result[attribute.name] = parseDate(text, label)!;
        break;
      case AttributeType.time:
        result[attribute.name] = parseTime(text, label)!;
        break;
      default:
        if (text.length > ATTRIBUTE_VALUE_MAX) throw new AppError('fieldTooLong', { field: label, max: ATTRIBUTE_VALUE_MAX });
        result[attribute.name] = text;
    }
  }
  return result;
}

/** The stored values that still belong to the classification's current attributes, in its order. */
export function currentAttributeValues(
  stored: Record<string, string> | null,
  attributes: readonly ClassifyAttribute[] | null,
): Record<string, string> {
  const result: Record<string, string> = {};
  if (!stored || !attributes) return result;
  for (const attribute of attributes) {
    const value = stored[attribute.name];
    if (typeof value === 'string') result[attribute.name] = value;
  }
  return result;
}
