/**
 * The asset registration form (spec section 3): every field of the asset as the user edits
 * it (text), checked by the rules the server applies (server/modules/assets/fields.ts), so a
 * problem shows at its field before anything is sent, and turned into the request.
 */
import {
  AttributeType,
  type AssetClassifyInfo,
  type AssetInfo,
  type AssetSetRequest,
  type ClassifyAttribute,
} from '../../../api/contract';
import type { MessageKey } from '../../i18n/types';

/** Longest text per field (the server's limits). */
export const ASSET_TEXT_MAX = {
  assetCoding: 50,
  assetName: 100,
  specifications: 100,
  unit: 20,
  supplier: 100,
  depositSite: 100,
  epc: 128,
  tid: 128,
} as const;
export type AssetTextField = keyof typeof ASSET_TEXT_MAX;
export const ATTRIBUTE_VALUE_MAX = 200;
export const LOSS_CYCLE_MAX = 1200;

export interface AssetDraft {
  assetCoding: string;
  assetName: string;
  specifications: string;
  unit: string;
  supplier: string;
  buyDate: string;
  buyPrice: string;
  surplusValue: string;
  lossCycle: string;
  expireDate: string;
  affiliatedDept: number | null;
  affiliatedStaff: number | null;
  depositSite: string;
  classify: number | null;
  pictureId: number | null;
  /** The picture's address ('/api/File/<id>'), for the preview. */
  picture: string | null;
  epc: string;
  tid: string;
  /** By attribute name. */
  attributeValues: Record<string, string>;
}

export type AssetField = keyof AssetDraft;

/** A problem: the field ('attr:<name>' for a custom attribute) and its message. */
export type AssetErrors = Record<string, { key: MessageKey; values?: Record<string, string | number> }>;

export const attributeField = (name: string) => `attr:${name}`;

export function emptyDraft(defaults: Partial<AssetDraft> = {}): AssetDraft {
  return {
    assetCoding: '',
    assetName: '',
    specifications: '',
    unit: '',
    supplier: '',
    buyDate: '',
    buyPrice: '',
    surplusValue: '',
    lossCycle: '',
    expireDate: '',
    affiliatedDept: null,
    affiliatedStaff: null,
    depositSite: '',
    classify: null,
    pictureId: null,
    picture: null,
    epc: '',
    tid: '',
    attributeValues: {},
    ...defaults,
  };
}

const amountText = (value: number | null) => (value === null ? '' : value.toFixed(2).replace(/\.00$/, ''));

export function draftOfAsset(asset: AssetInfo): AssetDraft {
  return {
    assetCoding: asset.assetCoding,
    assetName: asset.assetName,
    specifications: asset.specifications,
    unit: asset.unit,
    supplier: asset.supplier,
    buyDate: asset.buyDate ?? '',
    buyPrice: amountText(asset.buyPrice),
    surplusValue: amountText(asset.surplusValue),
    lossCycle: asset.lossCycle === null ? '' : String(asset.lossCycle),
    expireDate: asset.expireDate ?? '',
    affiliatedDept: asset.affiliatedDept,
    affiliatedStaff: asset.affiliatedStaff,
    depositSite: asset.depositSite,
    classify: asset.classify,
    pictureId: asset.pictureId,
    picture: asset.picture,
    epc: asset.epc,
    tid: asset.tid,
    attributeValues: { ...asset.attributeValues },
  };
}

/** 'YYYY-MM-DD' of a real calendar day from 1900 on. */
export function isDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** 'HH:mm' or 'HH:mm:ss'. */
export function isTime(text: string): boolean {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  return !!match && Number(match[1]) < 24 && Number(match[2]) < 60 && (match[3] === undefined || Number(match[3]) < 60);
}

/** An amount as typed: thousands separators and a leading ¥ allowed; '' for none; null when invalid. */
export function normalizeAmount(text: string): string | null {
  const clean = text.trim().replace(/[,，]/g, '').replace(/^[¥￥]/, '');
  if (clean === '') return '';
  return /^\d{1,12}(\.\d{1,2})?$/.test(clean) ? clean : null;
}

/** The value of one custom attribute checked against its type; null when fine. */
export function attributeProblem(attribute: ClassifyAttribute, raw: string | undefined): AssetErrors[string] | null {
  const value = (raw ?? '').trim();
  if (value === '') return null;
  switch (attribute.attributeType) {
    case AttributeType.select:
      return (attribute.items ?? []).includes(value) ? null : { key: 'asset.selectInvalid' };
    case AttributeType.date:
      return isDate(value) ? null : { key: 'asset.dateInvalid' };
    case AttributeType.time:
      return isTime(value) ? null : { key: 'asset.timeInvalid' };
    default:
      return value.length > ATTRIBUTE_VALUE_MAX ? { key: 'asset.tooLong', values: { max: ATTRIBUTE_VALUE_MAX } } : null;
  }
}

/** Every problem of a draft, by field; `classify` is the chosen classification. */
export function validateAsset(draft: AssetDraft, classify?: AssetClassifyInfo): AssetErrors {
  const errors: AssetErrors = {};
  for (const field of Object.keys(ASSET_TEXT_MAX) as AssetTextField[]) {
    if (draft[field].trim().length > ASSET_TEXT_MAX[field]) errors[field] = { key: 'asset.tooLong', values: { max: ASSET_TEXT_MAX[field] } };
  }
  if (draft.assetName.trim() === '') errors.assetName = { key: 'asset.nameRequired' };
  for (const field of ['buyPrice', 'surplusValue'] as const) {
    if (normalizeAmount(draft[field]) === null) errors[field] = { key: 'asset.amountInvalid' };
  }
  const cycle = draft.lossCycle.trim();
  if (cycle !== '' && (!/^\d{1,4}$/.test(cycle) || Number(cycle) > LOSS_CYCLE_MAX)) {
    errors.lossCycle = { key: 'asset.lossCycleInvalid', values: { max: LOSS_CYCLE_MAX } };
  }
  for (const field of ['buyDate', 'expireDate'] as const) {
    const text = draft[field].trim();
    if (text !== '' && !isDate(text)) errors[field] = { key: 'asset.dateInvalid' };
  }
  for (const attribute of classify?.attributes ?? []) {
    const problem = attributeProblem(attribute, draft.attributeValues[attribute.name]);
    if (problem) errors[attributeField(attribute.name)] = problem;
  }
  return errors;
}

/**
 * The request saving a (valid) draft. Empty optional fields are sent as null (cleared) or ''
 * so an edit can empty them; custom values only for the classification's attributes.
 */
export function toAssetRequest(
  draft: AssetDraft,
  classify: AssetClassifyInfo | undefined,
  /** The asset being edited, at the version the form loaded; absent to register a new one. */
  target?: { id: number; version: number },
): AssetSetRequest {
  const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
  const attributeValues: Record<string, string> = {};
  for (const attribute of classify?.attributes ?? []) {
    const value = (draft.attributeValues[attribute.name] ?? '').trim();
    if (value !== '') attributeValues[attribute.name] = value;
  }
  return {
    ...(target === undefined ? {} : { id: target.id, version: target.version }),
    assetCoding: draft.assetCoding.trim(),
    assetName: draft.assetName.trim(),
    specifications: draft.specifications.trim(),
    unit: draft.unit.trim(),
    supplier: draft.supplier.trim(),
    buyDate: orNull(draft.buyDate),
    buyPrice: orNull(normalizeAmount(draft.buyPrice) ?? draft.buyPrice),
    surplusValue: orNull(normalizeAmount(draft.surplusValue) ?? draft.surplusValue),
    lossCycle: orNull(draft.lossCycle),
    expireDate: orNull(draft.expireDate),
    affiliatedDept: draft.affiliatedDept,
    affiliatedStaff: draft.affiliatedStaff,
    depositSite: draft.depositSite.trim(),
    classify: classify ? classify.id : null,
    picture: draft.pictureId,
    epc: draft.epc.trim(),
    tid: draft.tid.trim(),
    attributeValues,
  };
}

/** The asset id of /asset/info?id=N, or null (register a new asset) when it is not one. */
export function assetIdParam(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,14}$/.test(value)) return null;
  return Number(value);
}
