/**
 * Caps that keep a hostile file from costing more than a real label could. Sizes count
 * UTF-16 code units (JavaScript string length). Embedded pictures and spreadsheets travel
 * as base64 attributes, so the attribute cap is generous; everything else is small.
 */
export interface XmlLimits {
  /** Whole document, in characters. */
  maxInputLength: number;
  /** Nesting depth of elements (LPAPI > Page > Table > Cell is 4). */
  maxDepth: number;
  /** Elements in the document. */
  maxElements: number;
  /** Attributes on one element. */
  maxAttributes: number;
  /** One attribute value, in characters (after decoding). */
  maxAttributeLength: number;
  /** One text node or CDATA section, in characters. */
  maxTextLength: number;
  /** Element and attribute names, in characters. */
  maxNameLength: number;
}

export const DEFAULT_XML_LIMITS: Readonly<XmlLimits> = {
  maxInputLength: 64 * 1024 * 1024,
  maxDepth: 32,
  maxElements: 100_000,
  maxAttributes: 200,
  maxAttributeLength: 32 * 1024 * 1024,
  maxTextLength: 32 * 1024 * 1024,
  maxNameLength: 200,
};

/**
 * Controls (direct children of the label's page: texts, codes, pictures, shapes, tables ...)
 * a label may have. A dense asset label has tens of controls; the vendor's designer shows
 * a few hundred at most. Past this the file is refused when it is read (LabelError
 * 'label.tooManyControls'), before any control is normalised, so a 99,000-control file
 * costs its XML parse and nothing more. Not an XML limit, but read alongside them; each
 * page's drawing work is bounded separately (crates/engine/src/work.rs MAX_PAGE_ELEMENTS,
 * MAX_PAGE_WORK), since one table control compiles to up to 30 x 30 cell texts.
 */
export const MAX_LABEL_CONTROLS = 1000;
