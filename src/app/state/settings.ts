/**
 * UI settings remembered across visits (spec section 3): language and sidebar state.
 */
import { proxy } from 'valtio';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../i18n/types';
import { i18n } from '../i18n';
import { readJson, StorageKey, writeJson } from './storage';

const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

export const settings = proxy({
  language: readJson(StorageKey.language, isLanguage) ?? DEFAULT_LANGUAGE,
  sidebarCollapsed: readJson(StorageKey.sidebarCollapsed, isBoolean) ?? false,
});

export function setLanguage(language: Language): void {
  settings.language = language;
  writeJson(StorageKey.language, language);
  void i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

export function setSidebarCollapsed(collapsed: boolean): void {
  settings.sidebarCollapsed = collapsed;
  writeJson(StorageKey.sidebarCollapsed, collapsed);
}
