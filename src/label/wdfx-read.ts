/**
 * Reading a label file (wdfx.ts describes the format and the leniency), and remembering
 * what the file spells differently from our writer (file-source.ts), so that saving keeps
 * the file's spellings.
 */
import { LabelError, type LabelIssue, type LabelResult } from './errors.ts';
import { inputFromAttributes, normalizeFields, DEFAULT_CONTEXT, type Fields, type SchemaContext } from './schema.ts';
import { contextOf, labelFields, type LabelDocument, type LabelOptions } from './label.ts';
import { kindForTag, type LabelElement } from './elements/index.ts';
import { normalizeWith, type AnyKindDef } from './elements/kind.ts';
import { parseXml, attributeMap, childElements, textContent, type XmlElement, type XmlNode } from './xml/tree.ts';
import { decodeXmlBytes } from './xml/decode.ts';
import { DEFAULT_XML_LIMITS, MAX_LABEL_CONTROLS, type XmlLimits } from './xml/limits.ts';
import { canonicalElementXml, canonicalRootAttributes, PAGE_TAG, ROOT_TAG, sameXml } from './wdfx-canonical.ts';
import { element } from './xml/writer.ts';
import type { Dialect, KeptElement, LabelSource } from './file-source.ts';

const ROOT_TAGS = new Set(['lpapi', 'label']);

export interface ReadLabelOptions extends LabelOptions {
  /** Tighter (or looser) caps for the XML reader. */
  limits?: Partial<XmlLimits>;
}

/** Reads a .wdfx file or its XML form (text or bytes). Never throws: errors come back as values. */
export function readLabel(input: string | Uint8Array | ArrayBuffer, options: ReadLabelOptions = {}): LabelResult<LabelDocument> {
  try {
    if (typeof input !== 'string') {
      // A cheap guard before decoding: no character takes more than 4 bytes.
      const max = options.limits?.maxInputLength ?? DEFAULT_XML_LIMITS.maxInputLength;
      if (input.byteLength > max * 4) {
        const mb = (bytes: number) => Math.ceil(bytes / (1024 * 1024));
        throw new LabelError('file.tooLarge', { size: mb(input.byteLength), max: mb(max * 4) });
      }
    }
    const bytes = typeof input === 'string' ? null : input instanceof Uint8Array ? input : new Uint8Array(input);
    if (bytes) refuseNonXml(bytes);
    const src = bytes ? decodeXmlBytes(bytes) : (input as string);
    const root = parseXml(src, options.limits);
    const warnings: LabelIssue[] = [];
    const doc = labelFromXml(root, options, warnings);
    return { ok: true, value: doc, warnings };
  } catch (e) {
    if (e instanceof LabelError) return { ok: false, error: e };
    // Nothing else is expected; should it happen (a bug, exhausted memory), the caller
    // still gets a value to show rather than a crash.
    return { ok: false, error: new LabelError('label.internal', { detail: e instanceof Error ? e.message : String(e) }) };
  }
}

/**
 * A file that is plainly not XML text (a zip archive, a picture, a PDF) is refused with a
 * message saying what a label file is, rather than the XML reader's complaint about its
 * first byte. XML text starts, after an optional byte-order mark and white space, with '<'
 * (UTF-16 files carry a byte-order mark, decode.ts).
 */
function refuseNonXml(bytes: Uint8Array): void {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05) && (bytes[3] === 0x04 || bytes[3] === 0x06)) throw new LabelError('label.zipped');
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return;
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  // An empty file is left to the XML reader ("no root element").
  if (i < bytes.length && bytes[i] !== 0x3c) throw new LabelError('label.notXml');
}

/** Warnings name the attribute as files spell it (orientation is printOrientation on the root). */
function invalidValue(warnings: LabelIssue[], tag: string, fields: Fields) {
  return (key: string, value: unknown) =>
    warnings.push({ code: 'label.invalidValue', params: { tag, attribute: fields[key]?.xml || key, value: String(value).slice(0, 80) } });
}

/** The label's fields an element's attributes give. */
export function labelFieldsFromXml(root: XmlElement, warnings: LabelIssue[] = []) {
  return normalizeFields(labelFields, inputFromAttributes(labelFields, attributeMap(root)), DEFAULT_CONTEXT, invalidValue(warnings, root.name, labelFields));
}

/** The control of kind `def` an element stands for (without any memory of the file). */
export function elementFromXml(child: XmlElement, def: AnyKindDef, ctx: SchemaContext, warnings: LabelIssue[] = []): LabelElement {
  const attrs = attributeMap(child);
  let input = inputFromAttributes(def.fields, attrs);
  const implied = def.tagDefaults?.[child.name.toLowerCase()];
  if (implied) for (const [k, v] of Object.entries(implied)) if (!Object.hasOwn(input, k)) input[k] = v;
  if (Object.hasOwn(def.fields, 'content') && input.content === undefined && !def.children) {
    const t = textContent(child);
    if (t.trim() !== '') input.content = t;
  }
  if (def.xml?.read) input = def.xml.read(attrs, input);
  if (def.children) input = def.children.read(childElements(child), input, ctx, warnings);
  return normalizeWith(def, input, ctx, invalidValue(warnings, child.name, def.fields)) as unknown as LabelElement;
}

/** The document an XML tree stands for; unknown or unusable parts go to `warnings`. */
export function labelFromXml(root: XmlElement, options: LabelOptions = {}, warnings: LabelIssue[] = []): LabelDocument {
  if (!ROOT_TAGS.has(root.name.toLowerCase())) throw new LabelError('label.notLabel', { root: root.name });
  const fields = labelFieldsFromXml(root, warnings);
  const locale = options.locale ?? DEFAULT_CONTEXT.locale;
  const ctx = contextOf(fields, locale);
  const pages = childElements(root).filter((c) => c.name.toLowerCase() === 'page');
  if (pages.length > 1) warnings.push({ code: 'label.extraPage', params: {} });
  const page = pages[0] ?? null;
  const holder = page ?? root;
  // Counted before any control is normalised, so an oversized label costs its parse only.
  const controls = childElements(holder).filter((c) => kindForTag(c.name)).length;
  if (controls > MAX_LABEL_CONTROLS) throw new LabelError('label.tooManyControls', { count: controls, max: MAX_LABEL_CONTROLS });

  const children: LabelElement[] = [];
  const kept: KeptElement[] = [];
  let remembered = false;
  for (const child of childElements(holder)) {
    const def = kindForTag(child.name);
    if (!def) {
      warnings.push({ code: 'label.unknownElement', params: { tag: child.name } });
      kept.push({ after: children.length - 1, xml: child });
      continue;
    }
    const el = elementFromXml(child, def, ctx, warnings);
    if (sameXml(child, canonicalElementXml(el))) children.push(el);
    else {
      children.push({ ...el, source: { xml: child, base: el, index: children.length } } as LabelElement);
      remembered = true;
    }
  }
  // Root children besides the page (further pages, unknown elements) go back after it.
  const trailing: XmlNode[] = page ? childElements(root).filter((c) => c !== page) : [];
  const rootAttributes = [...root.attributes];
  const canonical = canonicalRootAttributes(fields);
  const sameRoot = rootAttributes.length === canonical.length && rootAttributes.every(([k, v], i) => canonical[i]![0] === k && canonical[i]![1] === v);
  const ourLayout = root.name === ROOT_TAG && page !== null && page.name === PAGE_TAG && page.attributes.size === 0;
  if (!remembered && sameRoot && ourLayout && kept.length === 0 && trailing.length === 0) return { ...fields, children };

  // Our writer names every label field, in its order: a file that does is ours, and what
  // it later gains is spelled our way; any other file is the vendor's.
  const dialect: Dialect = rootAttributes.length === canonical.length && rootAttributes.every(([k], i) => canonical[i]![0] === k) ? 'assetmark' : 'vendor';
  const source: LabelSource = {
    dialect,
    locale,
    root: element(root.name, rootAttributes),
    base: fields,
    page: page ? element(page.name, [...page.attributes]) : null,
    kept,
    trailing,
  };
  return { ...fields, children, source };
}
