/**
 * UI settings remembered across visits (spec section 3): language, sidebar state, the page
 * size of paged lists, the current label template and the printer; per user of the browser,
 * the asset list's hidden columns. (The template lists and their version: state/templates.ts.)
 */
import { proxy } from 'valtio';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '../../api/contract';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../i18n/types';
import { switchLanguage } from '../i18n';
import { hiddenFromStorage, type AssetColumnId } from '../pages/asset/assetColumns';
import { readJson, readRaw, StorageKey, userKey, writeJson, writeRaw } from './storage';

const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isTemplateId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** The stored page size when what is stored is not one of the sizes (spec section 9). */
export const STORED_PAGE_SIZE_FALLBACK: PageSize = 20;

/**
 * The page size to use from the text storage holds (spec section 9): nothing stored yet
 * gives the default 50; a stored value that is not one of 20/50/100/200 (old junk, a hand
 * edit) gives the stored fallback 20.
 */
export function pageSizeFromStorage(raw: string | null): PageSize {
  if (raw === null) return DEFAULT_PAGE_SIZE;
  const n = Number(raw.trim().replace(/^"(.*)"$/, '$1'));
  return (PAGE_SIZES as readonly number[]).includes(n) ? (n as PageSize) : STORED_PAGE_SIZE_FALLBACK;
}

export const settings = proxy({
  language: readJson(StorageKey.language, isLanguage) ?? DEFAULT_LANGUAGE,
  sidebarCollapsed: readJson(StorageKey.sidebarCollapsed, isBoolean) ?? false,
  pageSize: pageSizeFromStorage(readRaw(StorageKey.pageSize)),
  /** The template last opened or printed with; null: none yet. */
  currentTemplateId: readJson(StorageKey.currentTemplate, isTemplateId),
  /** The printer last chosen at the print helper (its name); null: none yet. */
  printerId: readRaw(StorageKey.printerId),
});

/** The current template (a templateID), or null to forget it (it was deleted). */
export function setCurrentTemplate(templateId: number | null): void {
  settings.currentTemplateId = templateId;
  writeJson(StorageKey.currentTemplate, templateId);
}

export function setPrinterId(printerId: string | null): void {
  settings.printerId = printerId;
  writeRaw(StorageKey.printerId, printerId);
}

export function setLanguage(language: Language): void {
  settings.language = language;
  writeJson(StorageKey.language, language);
  void switchLanguage(language);
  document.documentElement.lang = language;
}

export function setSidebarCollapsed(collapsed: boolean): void {
  settings.sidebarCollapsed = collapsed;
  writeJson(StorageKey.sidebarCollapsed, collapsed);
}

export function setPageSize(pageSize: PageSize): void {
  settings.pageSize = pageSize;
  writeJson(StorageKey.pageSize, pageSize);
}

const isAnything = (v: unknown): v is unknown => true;

/**
 * The asset list columns a user has hidden, by account id (LoginResult.Id): two people
 * sharing a browser each keep their own choice. `hidden` holds the choices made in this tab;
 * the rest are read from storage.
 */
export const assetColumnSettings = proxy<{ hidden: Record<number, AssetColumnId[]> }>({ hidden: {} });

/** The stored choice of a user (the defaults when none is stored); does not touch the proxy. */
export function storedHiddenAssetColumns(userId: number): AssetColumnId[] {
  return hiddenFromStorage(readJson(userKey(StorageKey.assetColumns, userId), isAnything));
}

export function setHiddenAssetColumns(userId: number, hidden: readonly AssetColumnId[]): void {
  assetColumnSettings.hidden[userId] = [...hidden];
  writeJson(userKey(StorageKey.assetColumns, userId), hidden);
}
