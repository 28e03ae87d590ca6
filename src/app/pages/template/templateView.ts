/**
 * Pure helpers of the template pages: how a template's size and file size read, which empty
 * message a list shows, and where "open" leads.
 */
import type { TemplateScope } from '../../../api/contract';
import type { MessageKey } from '../../i18n/types';

/** A length in mm as shown: at most one decimal, no trailing zero (40, 40.5). */
export function formatMm(mm: number): string {
  return String(Math.round(mm * 10) / 10);
}

/** A content size in bytes as shown: B below 1 KiB, then KB (one decimal below 10) and MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${kb < 10 ? kb.toFixed(1) : Math.round(kb)} KB`;
  const mb = kb / 1024;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** The message of a list with no template: a search that matched nothing, or an empty scope. */
export function emptyMessageKey(scope: TemplateScope, search: string): MessageKey {
  if (search.trim() !== '') return 'labelTemplate.emptySearch';
  return scope === 'private' ? 'labelTemplate.emptyPrivate' : 'labelTemplate.emptyPublic';
}

/** The editor's address for a stored template. */
export function templateEditorPath(templateID: number): string {
  return `/label/editor?template=${templateID}`;
}

/** The template id an editor address names (`?template=<id>`), or null when none or not a positive whole number. */
export function templateIdFromSearch(search: string): number | null {
  const raw = new URLSearchParams(search).get('template');
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/** Largest label side a new template may have, mm (the label reader's own limit). */
export const MAX_LABEL_MM = 2000;

/** A typed label side in mm: a number above 0 and at most MAX_LABEL_MM (comma as decimal point too), else null. */
export function parseLabelMm(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0 || value > MAX_LABEL_MM) return null;
  return Math.round(value * 10) / 10;
}

/** The download name of a template's .wdfx: its name without characters file systems refuse. */
export function templateFileName(templateName: string): string {
  const safe = templateName.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim();
  return `${safe || 'template'}.wdfx`;
}
