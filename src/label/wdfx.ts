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
 * defaults, sees the same label; reading our own output gives the same document (without
 * any memory of the file: file-source.ts).
 *
 * A file spelled otherwise (the vendor's: barcodeType="CODE128", textPosition="2",
 * type="RoundRect", zoneSize="None", `<String>`, attributes left to defaults, attributes
 * and elements we do not know) is remembered where it differs, and saving the document
 * writes it back in its own spelling, changing only what was edited (wdfx-write.ts).
 *
 * The spec's "XML form" of a label is this same XML text: a .wdfx file is plain UTF-8 XML
 * (printing-protocol.md, "The vendor's .wdfx file"), so `.xml` and `.wdfx` files are read
 * and written alike; only the file name differs.
 *
 * Modules: wdfx-read.ts (reading, and what is remembered), wdfx-write.ts (writing, through
 * the memory), wdfx-canonical.ts (our own spelling, which both compare with), xml/carry.ts
 * (carrying one element's attributes forward).
 */
export { ROOT_TAG, PAGE_TAG } from './wdfx-canonical.ts';
export { readLabel, labelFromXml, elementFromXml, type ReadLabelOptions } from './wdfx-read.ts';
export { labelToXml, writeLabel, writeLabelBytes } from './wdfx-write.ts';
