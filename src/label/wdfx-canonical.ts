/**
 * Our own spelling of a label file (wdfx.ts): every field written under its canonical name
 * (a kind file's field table), in table order, with our value spellings. The reader
 * compares a file with it to know what the file spells differently (and so must be
 * remembered), and the writer starts from it.
 */
import { attributeNames, attributesOf, type Fields } from './schema.ts';
import { labelFields, type LabelFields } from './label.ts';
import { kindDef, type LabelElement } from './elements/index.ts';
import { childElements, type XmlElement } from './xml/tree.ts';
import { element } from './xml/writer.ts';
import type { Dialect } from './file-source.ts';

export const ROOT_TAG = 'LPAPI';
export const PAGE_TAG = 'Page';

/** The root's attributes as our writer spells them. */
export function canonicalRootAttributes(fields: LabelFields): [string, string][] {
  return attributesOf(labelFields, fields);
}

/** A control's element as our writer spells it (its `source`, if any, is not looked at). */
export function canonicalElementXml(el: LabelElement): XmlElement {
  const def = kindDef(el.kind)!;
  const attrs = attributesOf(def.fields, el as never);
  if (def.xml?.write) attrs.push(...def.xml.write(el as never));
  const tag = def.tagFor ? def.tagFor(el as never) : def.tag;
  return element(tag, attrs, def.children ? def.children.write(el as never) : []);
}

export function attributeMapOf(el: XmlElement): Map<string, string> {
  return new Map(el.attributes);
}

/** How a field table's attributes are named: any spelling read (lower case) to the
 * canonical name, and the canonical name to the field. */
export interface FieldNames {
  canonicalOf(name: string): string | undefined;
  fieldOf(canonical: string): string | undefined;
}

const NAMES = new WeakMap<Fields, FieldNames>();

export function fieldNames(fields: Fields): FieldNames {
  let names = NAMES.get(fields);
  if (!names) {
    const canonical = new Map<string, string>();
    const field = new Map<string, string>();
    for (const key of Object.keys(fields)) {
      const f = fields[key]!;
      if (f.xml === false) continue;
      const name = f.xml ?? key;
      field.set(name, key);
      for (const n of attributeNames(key, f)) if (!canonical.has(n)) canonical.set(n, name);
    }
    names = { canonicalOf: (n) => canonical.get(n.toLowerCase()), fieldOf: (c) => field.get(c) };
    NAMES.set(fields, names);
  }
  return names;
}

/** The text for canonical attribute `name` of `values` in `dialect` (the field's vendor
 * spelling where it has one); `fallback` for attributes that are not fields. */
export function spellAttribute(fields: Fields, values: Readonly<Record<string, unknown>>, name: string, dialect: Dialect, fallback: string | undefined): string {
  const key = fieldNames(fields).fieldOf(name);
  const f = key === undefined ? undefined : fields[key];
  if (!f || key === undefined) return fallback ?? '';
  return dialect === 'vendor' && f.vendor ? f.vendor(values[key]) : f.format(values[key]);
}

/** `xml` with its field attributes in `dialect`'s spelling (canonical elements are ours). */
export function respell(xml: XmlElement, fields: Fields, values: Readonly<Record<string, unknown>>, dialect: Dialect): XmlElement {
  if (dialect === 'assetmark') return xml;
  const attrs: [string, string][] = [...xml.attributes].map(([k, v]) => [k, spellAttribute(fields, values, k, dialect, v)]);
  return element(xml.name, attrs, xml.children);
}

/** Whether two elements are written alike: names, attributes in order, element children,
 * and text (white space between elements is layout, not content). */
export function sameXml(a: XmlElement, b: XmlElement): boolean {
  if (a.name !== b.name || a.attributes.size !== b.attributes.size) return false;
  const bs = [...b.attributes];
  let i = 0;
  for (const [k, v] of a.attributes) {
    const [bk, bv] = bs[i++]!;
    if (k !== bk || v !== bv) return false;
  }
  const text = (x: XmlElement) => x.children.filter((c): c is string => typeof c === 'string').join('').trim();
  if (text(a) !== text(b)) return false;
  const ac = childElements(a);
  const bc = childElements(b);
  return ac.length === bc.length && ac.every((c, j) => sameXml(c, bc[j]!));
}
