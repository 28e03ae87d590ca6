/**
 * i18next set-up: zh-CN (default) and en, both bundled (a few kilobytes each). The language
 * in use is remembered in localStorage by state/settings.ts, which calls setLanguage.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { zhCN } from './zh-CN';
import { DEFAULT_LANGUAGE, type Language } from './types';

export const resources = {
  'zh-CN': { translation: zhCN },
  en: { translation: en },
} as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof zhCN };
  }
}

export const i18n = i18next.createInstance();

export function initI18n(language: Language): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      initAsync: false,
    });
  } else if (i18n.language !== language) {
    void i18n.changeLanguage(language);
  }
  return i18n;
}
