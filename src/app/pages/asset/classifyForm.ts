/**
 * The classification form (spec sections 3 and 5): a name and custom attributes of four
 * types, Text, Select (with items), Date and Time. Rules: the name is required and not
 * another classification's (any letter case); attribute names and Select items are non-empty
 * and unique; a Select needs items. Each problem is reported at the field it concerns.
 */
import {
  AttributeType,
  type AssetClassifyInfo,
  type AssetClassifySetRequest,
  type AttributeTypeValue,
} from '../../../api/contract';
import type { MessageKey } from '../../i18n/types';

/** Limits of the server (server/modules/classifications). */
export const CLASSIFY_NAME_MAX = 50;
export const ATTRIBUTE_NAME_MAX = 50;
export const ATTRIBUTES_MAX = 50;
export const ITEM_MAX = 100;
export const ITEMS_MAX = 200;

export const ATTRIBUTE_TYPES: ReadonlyArray<{ value: AttributeTypeValue; labelKey: MessageKey }> = [
  { value: AttributeType.text, labelKey: 'classify.typeText' },
  { value: AttributeType.select, labelKey: 'classify.typeSelect' },
  { value: AttributeType.date, labelKey: 'classify.typeDate' },
  { value: AttributeType.time, labelKey: 'classify.typeTime' },
];

export function attributeTypeLabel(type: AttributeTypeValue): MessageKey {
  return ATTRIBUTE_TYPES.find((t) => t.value === type)?.labelKey ?? 'classify.typeText';
}

/** One attribute as edited: items kept for every type, sent for Select only. */
export interface AttributeDraft {
  /** Stable React key. */
  key: number;
  name: string;
  attributeType: AttributeTypeValue;
  items: string[];
}

export interface ClassifyDraft {
  classifyName: string;
  attributes: AttributeDraft[];
}

/**
 * Where a problem is: 'classifyName', 'attr.<i>.name', 'attr.<i>.items' (a Select without
 * items) or 'attr.<i>.item.<j>'.
 */
export type ClassifyErrors = Record<string, { key: MessageKey; values?: Record<string, string> }>;

let nextKey = 1;
export function newAttribute(attributeType: AttributeTypeValue = AttributeType.text): AttributeDraft {
  return { key: nextKey++, name: '', attributeType, items: attributeType === AttributeType.select ? [''] : [] };
}

export function draftOf(classify?: AssetClassifyInfo): ClassifyDraft {
  if (!classify) return { classifyName: '', attributes: [] };
  return {
    classifyName: classify.classifyName,
    attributes: classify.attributes.map((a) => ({ key: nextKey++, name: a.name, attributeType: a.attributeType, items: [...(a.items ?? [])] })),
  };
}

/** Every problem of a draft; `otherNames` are the names of the other classifications. */
/** Over a limit: said at the field with the whole text kept (the inputs no longer cut it: issue 14). */
const tooLong = (text: string, max: number) => ({ key: 'validation.tooLong' as const, values: { max: String(max), length: String(text.length) } });

export function validateClassify(draft: ClassifyDraft, otherNames: readonly string[]): ClassifyErrors {
  const errors: ClassifyErrors = {};
  const name = draft.classifyName.trim();
  if (name === '') errors.classifyName = { key: 'classify.nameRequired' };
  else if (otherNames.some((n) => n.trim().toLowerCase() === name.toLowerCase())) errors.classifyName = { key: 'classify.nameDuplicate' };
  else if (name.length > CLASSIFY_NAME_MAX) errors.classifyName = tooLong(name, CLASSIFY_NAME_MAX);

  const seen = new Set<string>();
  draft.attributes.forEach((attribute, i) => {
    const attrName = attribute.name.trim();
    if (attrName === '') errors[`attr.${i}.name`] = { key: 'classify.attributeNameRequired' };
    else if (seen.has(attrName)) errors[`attr.${i}.name`] = { key: 'classify.attributeNameDuplicate', values: { name: attrName } };
    else if (attrName.length > ATTRIBUTE_NAME_MAX) errors[`attr.${i}.name`] = tooLong(attrName, ATTRIBUTE_NAME_MAX);
    seen.add(attrName);
    if (attribute.attributeType !== AttributeType.select) return;
    if (attribute.items.length === 0) {
      errors[`attr.${i}.items`] = { key: 'classify.itemsRequired' };
      return;
    }
    const seenItems = new Set<string>();
    attribute.items.forEach((raw, j) => {
      const item = raw.trim();
      if (item === '') errors[`attr.${i}.item.${j}`] = { key: 'classify.itemRequired' };
      else if (seenItems.has(item)) errors[`attr.${i}.item.${j}`] = { key: 'classify.itemDuplicate', values: { item } };
      else if (item.length > ITEM_MAX) errors[`attr.${i}.item.${j}`] = tooLong(item, ITEM_MAX);
      seenItems.add(item);
    });
  });
  return errors;
}

/** The request saving a (valid) draft: names and items trimmed, items on Select only. */
export function toClassifyRequest(
  draft: ClassifyDraft,
  /** The classification being edited, at the version the dialog loaded; absent to create one. */
  target?: { id: number; version: number },
): AssetClassifySetRequest {
  return {
    ...(target === undefined ? {} : { id: target.id, version: target.version }),
    classifyName: draft.classifyName.trim(),
    attributes: draft.attributes.map((a) =>
      a.attributeType === AttributeType.select
        ? { name: a.name.trim(), attributeType: a.attributeType, items: a.items.map((item) => item.trim()) }
        : { name: a.name.trim(), attributeType: a.attributeType },
    ),
  };
}

/** Moves the element at `from` by `step` (-1 up, +1 down); the same array when it cannot move. */
export function moveItem<T>(list: readonly T[], from: number, step: -1 | 1): T[] {
  const to = from + step;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}
