import type { zhCN } from './zh-CN';

/**
 * The shape of a language's texts: zh-CN's keys, any string values. A count shown with a noun
 * is an i18next plural key: zh-CN has only `key_other` (Chinese has one plural form), and
 * every other language also needs `key_one` ("1 asset" / "2 assets").
 */
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> } & {
  [K in keyof T as K extends `${infer Base}_other` ? `${Base}_one` : never]: string;
};
export type Messages = DeepStrings<typeof zhCN>;

/** Dotted path of every text, e.g. 'route.dashboard'. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? K extends `${string}_one`
      ? never
      : K extends `${infer Base}_other`
        ? `${Prefix}${Base}` // a plural key is asked for by its base, with { count }
        : `${Prefix}${K}`
    : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<Messages>;

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
