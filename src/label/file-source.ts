/**
 * What a label document remembers of the file it was read from, so that saving it again
 * keeps the file's own spellings (issue 13, Files): a vendor-layout .wdfx read and saved
 * is still read by the vendor's tools. wdfx.ts fills these in when it reads and writes
 * through them; everything else only carries them along (an edit copies the record, so
 * the memory follows the control through moves, restacking, undo and copies).
 *
 * Only what our writer would write differently is remembered: a file we wrote ourselves
 * reads back to a document without any `source`, equal to the one we saved.
 */
import type { XmlElement, XmlNode } from './xml/tree.ts';

/** How values a file did not say are spelled when written: the vendor's (barcodeType=
 * "CODE128", textPosition="2") or ours (type="code128", textPosition="below"). */
export type Dialect = 'vendor' | 'assetmark';

/** One control as its file had it. */
export interface ElementSource {
  /** The control's element in the file: tag, attributes in order as spelled, children. */
  readonly xml: XmlElement;
  /** The control's values as read (without `source`): what is unchanged since is written
   * as the file spelled it, what changed is written anew. */
  readonly base: Readonly<Record<string, unknown>>;
  /** Its place among the page's controls when read (anchors the file's unknown elements). */
  readonly index: number;
}

/** A page child that is not a control, kept to be written back after the same control. */
export interface KeptElement {
  /** `ElementSource.index` of the control before it in the file; -1 at the start. */
  readonly after: number;
  readonly xml: XmlElement;
}

/** The label's own element and the file's layout around the controls. */
export interface LabelSource {
  readonly dialect: Dialect;
  /** Locale the file was read with (defaults the file left out depend on it). */
  readonly locale: string;
  /** The root element (its children are not kept here). */
  readonly root: XmlElement;
  /** The label's fields as read. */
  readonly base: Readonly<Record<string, unknown>>;
  /** The element holding the controls; null when they sat directly under the root. */
  readonly page: XmlElement | null;
  /** Page children that are not controls (unknown elements). */
  readonly kept: readonly KeptElement[];
  /** Root children after the page (further pages, unknown elements), written back as they were. */
  readonly trailing: readonly XmlNode[];
}

/** The document's values alone, without its memory of a file: what two documents read
 * from differently spelled files that say the same label have in common. */
export function withoutSource<D extends { source?: unknown; children: readonly { source?: unknown }[] }>(doc: D): D {
  const strip = <T extends { source?: unknown }>(x: T): T => {
    if (x.source === undefined) return x;
    const { source: _dropped, ...rest } = x;
    return rest as T;
  };
  return { ...strip(doc), children: doc.children.map(strip) };
}
