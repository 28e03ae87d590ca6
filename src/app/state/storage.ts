/**
 * Local settings (spec section 3): last user, sidebar state, language, page size, current
 * template, printer id, and the label templates with their version. One key each,
 * read defensively: storage may be unavailable (private mode) or hold old junk.
 */
const PREFIX = 'assetmark.';

export const StorageKey = {
  lastUser: `${PREFIX}lastUser`,
  sidebarCollapsed: `${PREFIX}sidebarCollapsed`,
  language: `${PREFIX}language`,
  pageSize: `${PREFIX}pageSize`,
  /** Per user: `assetColumns.<user id>` (see userKey). */
  assetColumns: `${PREFIX}assetColumns`,
  /** The template last opened or printed with (its templateID). */
  currentTemplate: `${PREFIX}template.current`,
  /** The printer last chosen (its name at the print helper; the key the print page always used). */
  printerId: `${PREFIX}print.printer`,
  /** Per user: the template lists and their version (state/templates.ts). */
  templates: `${PREFIX}templates`,
} as const;
type BaseKey = (typeof StorageKey)[keyof typeof StorageKey];
/** A setting kept apart for each user of the browser: `<key>.<user id>`. */
type PerUserKey = typeof StorageKey.assetColumns | typeof StorageKey.templates;
type UserKey = `${PerUserKey}.${string}`;
type Key = BaseKey | UserKey;

/**
 * The key of a per-user setting, by the user's account id (LoginResult.Id), not the session
 * token, which changes at every sign-in.
 */
export function userKey(key: PerUserKey, userId: number): UserKey {
  return `${key}.${userId}`;
}

export function readJson<T>(key: Key, accept: (value: unknown) => value is T): T | null {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    if (raw == null) return null;
    const value: unknown = JSON.parse(raw);
    return accept(value) ? value : null;
  } catch {
    return null;
  }
}

/** The raw stored text of a key; null when absent or unreadable. */
export function readRaw(key: Key): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeJson(key: Key, value: unknown): void {
  try {
    if (value === null || value === undefined) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Settings are a convenience; a full or blocked storage must not break the app.
  }
}

/** Stores text as it is (a key whose readers take the raw text, such as the printer's name). */
export function writeRaw(key: Key, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // As writeJson.
  }
}
