/**
 * Writing a label file (wdfx.ts). A document we made is written in our spelling, every
 * field named. A document read from a file that spells things otherwise (the vendor's
 * layout: barcodeType="CODE128", textPosition="2", type="RoundRect", zoneSize="None",
 * `<String>`, attributes left to defaults, attributes and elements we do not know) is
 * written through what it remembers of that file (file-source.ts): the file's tags,
 * attribute names, order and text for everything unchanged, new values in the file's
 * dialect where they changed, unknown attributes and elements as they were. Either way
 * the written file reads back to the same document (checked as it is written; an element
 * that would not is written in full instead).
 */
import { attributeMap, childElements, textContent, type XmlElement, type XmlNode } from './xml/tree.ts';
import { element, writeXml } from './xml/writer.ts';
import { carryAttributes, differingAttributes, type Attributes } from './xml/carry.ts';
import { attributesOf, inputFromAttributes, type Fields, type SchemaContext } from './schema.ts';
import { contextOf, createLabel, labelFields, type LabelDocument, type LabelOptions } from './label.ts';
import { kindDef, type LabelElement } from './elements/index.ts';
import { CELL_TAG, cellFields, normalizeCell } from './elements/cell.ts';
import type { AnyKindDef } from './elements/kind.ts';
import type { Dialect, LabelSource } from './file-source.ts';
import { attributeMapOf, canonicalElementXml, canonicalRootAttributes, fieldNames, PAGE_TAG, respell, ROOT_TAG, spellAttribute } from './wdfx-canonical.ts';
import { elementFromXml, labelFieldsFromXml } from './wdfx-read.ts';

type Values = Readonly<Record<string, unknown>>;

/** The XML tree of a document (normalised first, so what is written is valid). */
export function labelToXml(doc: LabelDocument, options: LabelOptions = {}): XmlElement {
  const d = createLabel(doc, options);
  const source = d.source;
  const dialect: Dialect = source?.dialect ?? 'assetmark';
  const ctx = contextOf(d, source?.locale ?? options.locale);
  const controls = placeKept(d.children, source, (el) => elementXml(el, dialect, ctx));
  if (!source) return element(ROOT_TAG, canonicalRootAttributes(d), [element(PAGE_TAG, [], controls)]);
  const root = element(source.root.name, rootAttributes(d, source));
  root.children = source.page ? [element(source.page.name, [...source.page.attributes], controls), ...source.trailing] : [...controls, ...source.trailing];
  return root;
}

/** A .wdfx file's text (UTF-8 when stored as bytes); the XML form is the same text. */
export function writeLabel(doc: LabelDocument, options: LabelOptions & { indent?: string } = {}): string {
  return writeXml(labelToXml(doc, options), { indent: options.indent });
}

/** A .wdfx file's bytes (UTF-8). */
export function writeLabelBytes(doc: LabelDocument, options: LabelOptions & { indent?: string } = {}): Uint8Array {
  return new TextEncoder().encode(writeLabel(doc, options));
}

/** The controls' elements with the file's unknown elements back after the control they
 * followed (or the nearest earlier one still there). */
function placeKept(children: readonly LabelElement[], source: LabelSource | undefined, write: (el: LabelElement) => XmlElement): XmlElement[] {
  const kept = source?.kept ?? [];
  const present = new Set(children.map((c) => c.source?.index).filter((i): i is number => i !== undefined));
  const byAnchor = new Map<number, XmlElement[]>();
  for (const k of kept) {
    let a = k.after;
    while (a >= 0 && !present.has(a)) a--;
    byAnchor.set(a, [...(byAnchor.get(a) ?? []), k.xml]);
  }
  const out: XmlElement[] = [...(byAnchor.get(-1) ?? [])];
  const placed = new Set<number>();
  for (const el of children) {
    out.push(write(el));
    const i = el.source?.index;
    if (i !== undefined && !placed.has(i)) {
      placed.add(i);
      out.push(...(byAnchor.get(i) ?? []));
    }
  }
  return out;
}

function rootAttributes(d: LabelDocument, source: LabelSource): Attributes {
  const after = new Map(canonicalRootAttributes(d));
  const carried = carryAttributes({
    original: source.root.attributes,
    before: new Map(canonicalRootAttributes(source.base as never)),
    after,
    canonicalOf: fieldNames(labelFields).canonicalOf,
    spell: (name) => spellAttribute(labelFields, d as unknown as Values, name, source.dialect, after.get(name)),
    misread: (attrs) => differingAttributes(after, new Map(canonicalRootAttributes(labelFieldsFromXml(element(source.root.name, attrs))))),
  });
  return carried.exact ? carried.attributes : [...after].map(([k]) => [k, spellAttribute(labelFields, d as unknown as Values, k, source.dialect, after.get(k))]);
}

/** A control's element: through its file's spelling when it has one, else in full. */
function elementXml(el: LabelElement, dialect: Dialect, ctx: SchemaContext): XmlElement {
  const def = kindDef(el.kind)!;
  const now = canonicalElementXml(el);
  const fresh = () => respell(now, def.fields, el as unknown as Values, dialect);
  if (!el.source) return respellCells(fresh(), el, dialect);
  const { xml: original, base } = el.source;
  const was = canonicalElementXml(base as LabelElement);
  // The file's tag, unless the change calls for another (a <Time> given a date is a <Date>).
  const tag = now.name !== was.name ? now.name : original.name;
  const after = attributeMapOf(now);
  const before = attributeMapOf(was);
  const names = fieldNames(def.fields);
  const children = def.children ? carryCells(original, el, base, dialect, ctx) : carryText(original, def, after, before);
  const carried = carryAttributes({
    original: original.attributes,
    before,
    after,
    canonicalOf: (n) => names.canonicalOf(n) ?? (after.has(n) || before.has(n) ? n : undefined),
    spell: (name) => spellAttribute(def.fields, el as unknown as Values, name, dialect, after.get(name)),
    misread: (attrs) => differingAttributes(after, attributeMapOf(canonicalElementXml(elementFromXml(element(tag, attrs, children), def, ctx)))),
  });
  return carried.exact ? element(tag, carried.attributes, children) : respellCells(fresh(), el, dialect);
}

/**
 * The children of a control that is not a table: as the file had them, except that
 * content the file gave as the element's text (`<String>Hello</String>`) is replaced
 * there when it changed.
 */
function carryText(original: XmlElement, def: AnyKindDef, after: ReadonlyMap<string, string>, before: ReadonlyMap<string, string>): XmlNode[] {
  const contentName = Object.hasOwn(def.fields, 'content') ? fieldNames(def.fields).canonicalOf('content') : undefined;
  if (contentName === undefined || after.get(contentName) === before.get(contentName)) return original.children;
  const names = fieldNames(def.fields);
  const byAttribute = [...original.attributes.keys()].some((n) => names.canonicalOf(n) === contentName);
  if (byAttribute || textContent(original).trim() === '') return original.children;
  return [after.get(contentName) ?? '', ...childElements(original)];
}

/**
 * A table's cells. While the grid keeps its rows and columns, cell i is written through
 * the file's cell i (its spelling, unknown attributes); other children stay in their
 * places. Once rows or columns were added or removed, the cells are written anew and the
 * other children follow them.
 */
function carryCells(original: XmlElement, el: LabelElement, base: Values, dialect: Dialect, ctx: SchemaContext): XmlNode[] {
  if (el.kind !== 'table') return original.children;
  const now = kindDef('table')!.children!.write(el as never).map((c, i) => respell(c, cellFields, el.cells[i]!, dialect));
  const was = kindDef('table')!.children!.write(base as never);
  const others = childElements(original).filter((c) => c.name.toLowerCase() !== CELL_TAG.toLowerCase());
  if (base.rows !== el.rows || base.cols !== el.cols) return [...now, ...others];
  const out: XmlNode[] = [];
  let i = 0;
  for (const child of original.children) {
    if (typeof child === 'string') {
      if (child.trim() !== '') out.push(child);
    } else if (child.name.toLowerCase() !== CELL_TAG.toLowerCase()) out.push(child);
    else if (i < now.length) {
      out.push(carryCell(child, now[i]!, was[i]!, el.cells[i]!, dialect, ctx));
      i++;
    }
  }
  // Cells the file left out (the reader made them empty).
  out.push(...now.slice(i));
  return out;
}

function carryCell(original: XmlElement, now: XmlElement, was: XmlElement, values: Values, dialect: Dialect, ctx: SchemaContext): XmlElement {
  const after = new Map(attributesOf(cellFields, values as never));
  const carried = carryAttributes({
    original: original.attributes,
    before: attributeMapOf(was),
    after,
    canonicalOf: fieldNames(cellFields).canonicalOf,
    spell: (name) => spellAttribute(cellFields, values, name, dialect, after.get(name)),
    misread: (attrs) => differingAttributes(after, new Map(attributesOf(cellFields, normalizeCell(inputFromAttributes(cellFields, attributeMap(element(original.name, attrs))), ctx)))),
  });
  return carried.exact ? element(original.name, carried.attributes, original.children) : now;
}

/** A new table in a vendor document gets its cells in the vendor's spelling too. */
function respellCells(xml: XmlElement, el: LabelElement, dialect: Dialect): XmlElement {
  if (el.kind !== 'table' || dialect === 'assetmark') return xml;
  return element(xml.name, [...xml.attributes], childElements(xml).map((c, i) => respell(c, cellFields as Fields, el.cells[i]!, dialect)));
}
