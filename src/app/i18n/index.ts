/**
 * i18next set-up. The texts are JSON catalogs in ./locales, one a language: zh-CN (the
 * default) and en are bundled, as every language falls back to them; the other eight load
 * on first use (a few dozen kilobytes each), before the app switches to them. The language
 * in use is remembered in localStorage by state/settings.ts, which calls setLanguage.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';
import type { Language, Messages } from './types';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

type Catalog = Record<string, unknown>;

/** The catalogs not bundled, each its own chunk. */
const LAZY: Readonly<Record<Exclude<Language, 'zh-CN' | 'en'>, () => Promise<{ default: Catalog }>>> = {
  'zh-TW': () => import('./locales/zh-TW.json'),
  ja: () => import('./locales/ja.json'),
  ko: () => import('./locales/ko.json'),
  fr: () => import('./locales/fr.json'),
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
  it: () => import('./locales/it.json'),
  pt: () => import('./locales/pt.json'),
};

/**
 * A key missing in a language shows the nearest language that has it: Traditional Chinese
 * readers get Simplified Chinese, everyone else English (complete, as the test checks).
 */
const FALLBACKS = { 'zh-TW': ['zh-CN', 'en'], 'zh-CN': ['en'], default: ['en', 'zh-CN'] };

export const i18n = i18next.createInstance();

export function initI18n(language: Language): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
      lng: language,
      fallbackLng: FALLBACKS,
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      initAsync: false,
    });
  } else if (i18n.language !== language) {
    void i18n.changeLanguage(language);
  }
  return i18n;
}

/** The catalog of `language`, loaded once; resolves when the language can be shown. */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === 'zh-CN' || language === 'en' || i18n.hasResourceBundle(language, 'translation')) return;
  const catalog = (await LAZY[language]()).default;
  i18n.addResourceBundle(language, 'translation', catalog, true, true);
}

/** Loads `language`'s catalog, then shows the app in it (a catalog that fails to load
 * leaves the fallback languages showing). */
export async function switchLanguage(language: Language): Promise<void> {
  // Set up once; the language itself changes only after its catalog is there (changing it
  // first would show the fallback texts for a moment).
  if (!i18n.isInitialized) initI18n(language);
  await loadLanguage(language).catch(() => undefined);
  await i18n.changeLanguage(language);
}
