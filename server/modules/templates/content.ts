/**
 * What makes a template's content acceptable: UTF-8 text of at most TEMPLATE_MAX_BYTES that
 * the label reader (src/label, the editor's and the print job's own) reads. A refusal carries
 * the reader's message in both languages, so the user learns what is wrong with the file in
 * theirs; nothing is stored. Warnings (an unknown element skipped, a value defaulted) do not
 * refuse a file: the editor opens such files too.
 */
import { TEMPLATE_MAX_BYTES } from '../../../src/api/contract.ts';
import { formatLabelMessage } from '../../../src/label/errors.ts';
import { readLabel } from '../../../src/label/wdfx.ts';
import { AppError } from '../../errors.ts';

export interface CheckedContent {
  /** UTF-8 bytes of the text. */
  size: number;
  /** labelWidth x labelHeight of the label, mm. */
  widthMm: number;
  heightMm: number;
  /** The label's own name (labelName); '' when it has none. */
  labelName: string;
}

function sizeText(bytes: number): string {
  const MB = 1024 * 1024;
  return bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

export function checkTemplateContent(text: string): CheckedContent {
  const size = Buffer.byteLength(text, 'utf8');
  if (size > TEMPLATE_MAX_BYTES) throw new AppError('templateTooLarge', { size: sizeText(size), limit: sizeText(TEMPLATE_MAX_BYTES) });
  const read = readLabel(text);
  if (!read.ok) {
    const { code, params } = read.error;
    throw new AppError('templateUnreadable', { reason: { zh: formatLabelMessage(code, params, 'zh-CN'), en: formatLabelMessage(code, params, 'en') } });
  }
  const doc = read.value;
  return { size, widthMm: doc.labelWidth, heightMm: doc.labelHeight, labelName: doc.labelName.trim() };
}
