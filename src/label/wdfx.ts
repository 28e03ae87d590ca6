/**
 * .wdfx files (the label's XML form, spec sections 1 and 3; the vendor's layout in
 * printing-protocol.md):
 *
 *   <LPAPI version="1.3" templateID=".." labelWidth="40" labelHeight="30" printOrientation="0" ...>
 *     <Page>
 *       <Text x=".." y=".." content=".." .../>
 *       <Table rows="2" cols="3" rowHeight="5,5" colWidth="8,8,8" group="0,0,0,1"><Cell .../>...</Table>
 *     </Page>
 *   </LPAPI>
 *
 * Reading accepts the spec's tag names in any case (text or string, barcode, qrcode, image
 * or photo, logo, table, cell, time or date, arctext, line, rectangle/rect/circle/ellipse),
 * attribute names in any case with the spec's alternatives (type or barcodeType,
 * orientation or direction, tile or imageTile), embedded files as `png*****base64` or data
 * URLs, controls directly under the root when there is no <Page>, and content as element
 * text when there is no content attribute. Unknown elements are skipped and unusable
 * values replaced by defaults, each with a warning. Hostile or malformed XML is refused
 * (xml/tokenizer.ts) with a LabelError; reading never throws.
 *
 * Writing uses the vendor's tags and writes every field, so any reader, whatever its
 * defaults, sees the same label; reading our own output gives the same document.
 */
import { LabelError, type LabelIssue, type LabelResult } from './errors.ts';
import { attributesOf, inputFromAttributes, normalizeFields, DEFAULT_CONTEXT, type Fields } from './schema.ts';
import { contextOf, createLabel, labelFields, type LabelDocument, type LabelOptions } from './label.ts';
import { kindDef, kindForTag, type LabelElement } from './elements/index.ts';
import { normalizeWith } from './elements/kind.ts';
import { parseXml, attributeMap, childElements, textContent, type XmlElement } from './xml/tree.ts';
import { writeXml, element } from './xml/writer.ts';
import { decodeXmlBytes } from './xml/decode.ts';
import { DEFAULT_XML_LIMITS, MAX_LABEL_CONTROLS, type XmlLimits } from './xml/limits.ts';

export const ROOT_TAG = 'LPAPI';
export const PAGE_TAG = 'Page';
const ROOT_TAGS = new Set(['lpapi', 'label']);

export interface ReadLabelOptions extends LabelOptions {
  /** Tighter (or looser) caps for the XML reader. */
  limits?: Partial<XmlLimits>;
}

/** Reads a .wdfx file (text or bytes). Never throws: errors come back as values. */
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
    const src = typeof input === 'string' ? input : decodeXmlBytes(input instanceof Uint8Array ? input : new Uint8Array(input));
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

/** The document an XML tree stands for; unknown or unusable parts go to `warnings`. */
export function labelFromXml(root: XmlElement, options: LabelOptions = {}, warnings: LabelIssue[] = []): LabelDocument {
  if (!ROOT_TAGS.has(root.name.toLowerCase())) throw new LabelError('label.notLabel', { root: root.name });
  // Warnings name the attribute as files spell it (orientation is printOrientation on the root).
  const invalid = (tag: string, fields: Fields) => (key: string, value: unknown) =>
    warnings.push({ code: 'label.invalidValue', params: { tag, attribute: fields[key]?.xml || key, value: String(value).slice(0, 80) } });

  const fields = normalizeFields(labelFields, inputFromAttributes(labelFields, attributeMap(root)), DEFAULT_CONTEXT, invalid(root.name, labelFields));
  const ctx = contextOf(fields, options.locale);
  const pages = childElements(root).filter((c) => c.name.toLowerCase() === 'page');
  if (pages.length > 1) warnings.push({ code: 'label.extraPage', params: {} });
  const holder = pages[0] ?? root;

  // Counted before any control is normalised, so an oversized label costs its parse only.
  const controls = childElements(holder).filter((c) => !(holder === root && c.name.toLowerCase() === 'page') && kindForTag(c.name)).length;
  if (controls > MAX_LABEL_CONTROLS) throw new LabelError('label.tooManyControls', { count: controls, max: MAX_LABEL_CONTROLS });

  const children: LabelElement[] = [];
  for (const child of childElements(holder)) {
    if (holder === root && child.name.toLowerCase() === 'page') continue;
    const def = kindForTag(child.name);
    if (!def) {
      warnings.push({ code: 'label.unknownElement', params: { tag: child.name } });
      continue;
    }
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
    children.push(normalizeWith(def, input, ctx, invalid(child.name, def.fields)) as unknown as LabelElement);
  }
  return { ...fields, children };
}

/** The XML tree of a document (normalised first, so what is written is valid). */
export function labelToXml(doc: LabelDocument, options: LabelOptions = {}): XmlElement {
  const d = createLabel(doc, options);
  const page = element(PAGE_TAG, [], d.children.map(elementToXml));
  return element(ROOT_TAG, attributesOf(labelFields, d), [page]);
}

export function elementToXml(el: LabelElement): XmlElement {
  const def = kindDef(el.kind)!;
  const attrs = attributesOf(def.fields, el as never);
  if (def.xml?.write) attrs.push(...def.xml.write(el as never));
  const tag = def.tagFor ? def.tagFor(el as never) : def.tag;
  return element(tag, attrs, def.children ? def.children.write(el as never) : []);
}

/** A .wdfx file's text (UTF-8 when stored as bytes). */
export function writeLabel(doc: LabelDocument, options: LabelOptions & { indent?: string } = {}): string {
  return writeXml(labelToXml(doc, options), { indent: options.indent });
}

/** A .wdfx file's bytes (UTF-8). */
export function writeLabelBytes(doc: LabelDocument, options: LabelOptions & { indent?: string } = {}): Uint8Array {
  return new TextEncoder().encode(writeLabel(doc, options));
}
