import type zhCN from './locales/zh-CN.json';

/**
 * The shape of a language's texts: zh-CN's keys, any string values. A count shown with a noun
 * is an i18next plural key: zh-CN has only `key_other` (Chinese has one plural form), and
 * other languages add the forms their plural rules use (`key_one`, `key_many`), checked by
 * i18n.test.ts against Intl.PluralRules.
 */
export type Messages = typeof zhCN;

/** Dotted path of every text, e.g. 'route.dashboard'. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? K extends `${infer Base}_other`
      ? `${Prefix}${Base}` // a plural key is asked for by its base, with { count }
      : `${Prefix}${K}`
    : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<Messages>;

/** The UI languages (the seed's ten), in the order the language menu lists them. */
export const LANGUAGES = ['zh-CN', 'zh-TW', 'en', 'ja', 'ko', 'fr', 'de', 'es', 'it', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language of the messages that exist in Chinese and English only (the server's replies,
 * the label engine's and print helper's messages): Chinese for both Chinese scripts,
 * English for every other UI language.
 */
export type MessageLanguage = 'zh-CN' | 'en';
export function messageLanguage(language: string): MessageLanguage {
  return language.startsWith('zh') ? 'zh-CN' : 'en';
}

/** The comma between clauses: full-width in Chinese, 、 in Japanese, ", " elsewhere. */
export function clauseComma(language: string): string {
  return language.startsWith('zh') ? '，' : language === 'ja' ? '、' : ', ';
}

/** What separates the names of a list: 、 in Chinese and Japanese, ", " elsewhere. */
export function listSeparator(language: string): string {
  return language.startsWith('zh') || language === 'ja' ? '、' : ', ';
}
