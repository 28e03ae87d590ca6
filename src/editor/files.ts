/**
 * The editor's label files (issue 13, Files): what Save and Save as XML write and under
 * which name. A .wdfx and the label's XML form are the same UTF-8 XML text (src/label/
 * wdfx.ts); only the name differs. A label read from a file is written in that file's own
 * spelling, changing only what was edited (src/label/wdfx-write.ts).
 */
import { LABEL_VERSION, type LabelDocument } from '../label/label.ts';
import { writeLabelBytes } from '../label/wdfx.ts';

/** The two forms a label is saved in. */
export type LabelFileForm = 'wdfx' | 'xml';

/** MIME type of both forms' downloads. */
export const LABEL_FILE_MIME = 'application/xml';

/** The form a file name says (.xml; anything else is a .wdfx). */
export function formOfName(name: string): LabelFileForm {
  return /\.xml$/i.test(name.trim()) ? 'xml' : 'wdfx';
}

/**
 * The name to save under: the open file's stem (else the label's name, else "label") with
 * the form's extension. `form` omitted (Save): the open file's own form, .wdfx for a new
 * label. Characters no file system takes become '_'.
 */
export function labelFileName(openName: string | null, labelName: string, form?: LabelFileForm): string {
  const chosen = form ?? (openName ? formOfName(openName) : 'wdfx');
  const base = openName ?? labelName;
  const stem = base.trim().replace(/\.(wdfx|xml)$/i, '').trim().replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_') || 'label';
  return `${stem}.${chosen}`;
}

/**
 * The bytes saved. Our writer gives the 1.3 layout whatever version a file was opened
 * with, so the file says 1.3 (spec section 3: version, default 1.3).
 */
export function labelFileBytes(doc: LabelDocument): Uint8Array {
  return writeLabelBytes({ ...doc, version: LABEL_VERSION });
}
