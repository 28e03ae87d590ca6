/**
 * The schema kit every label record is built from (tldraw's idea: one record type per
 * element kind, with its props, defaults and validation in one place).
 *
 * A `Field<T>` knows how to turn any input (a JavaScript value from the editor or the text
 * of an XML attribute) into a valid `T`, clamping into its range; which attribute carries
 * it in a .wdfx file; and its default, which may depend on the label (size, locale) or on
 * fields declared before it. `normalizeFields` applies a field table to an input; each kind
 * file (elements/*.ts) declares its table and its behaviour with `defineKind`.
 */
import { MAX_FONT_PT, MIN_FONT_PT, clamp, formatNumber, parseNumber, ptToMm, round3, toRotation, type Rotation } from './units.ts';
import { normalizeEmbedded, toFileForm } from './embedded.ts';

/** What defaults and limits may depend on. */
export interface SchemaContext {
  /** UI language (a BCP 47 tag): decides the default font and date format, Chinese for zh*
   * tags and the non-Chinese ones for any other (or empty) tag. */
  locale: string;
  /** The label's size, mm (default text size follows it). */
  labelWidth: number;
  labelHeight: number;
  /** The label's source resolution, dpi (a barcode module is at least one dot). */
  sourceDpi: number;
}

export const DEFAULT_CONTEXT: Readonly<SchemaContext> = { locale: 'zh-CN', labelWidth: 40, labelHeight: 30, sourceDpi: 203 };

/** Spec: a Chinese font (and date format) "for the Chinese locale, otherwise" Arial: only
 * zh, zh-CN, zh-TW, zh_Hans... are Chinese; de, fr, ja and an empty tag are not. */
export function isChineseLocale(locale: string): boolean {
  return /^zh(?:$|[-_])/i.test(locale.trim());
}

export function isChinese(ctx: SchemaContext): boolean {
  return isChineseLocale(ctx.locale);
}

type DefaultOf<T> = T | ((ctx: SchemaContext, earlier: Record<string, unknown>) => T);

export interface Field<T> {
  /** A valid value from `raw`, clamped into range; undefined when `raw` says nothing usable. */
  parse(raw: unknown): T | undefined;
  /** The attribute text written to files. */
  format(value: T): string;
  /**
   * The attribute text in the vendor's spelling, where it differs from `format`
   * (barcodeType="CODE128", textPosition="2", type="RoundRect"): used for values changed or
   * added in a document read from a vendor-layout file (wdfx.ts), so the vendor's tools
   * still read them.
   */
  vendor?(value: T): string;
  default: DefaultOf<T>;
  /** Attribute written (and read); defaults to the field's key. `false`: not an attribute. */
  xml?: string | false;
  /** Further attribute names read (spec: "orientation or direction"). */
  aliases?: readonly string[];
  /** Input at or below 0 means "the default" rather than "invalid" (spec: font size). */
  nonPositiveIsDefault?: boolean;
  /** For people and forms: the range or choices. */
  min?: number;
  max?: number;
  choices?: readonly T[];
}

export type Fields = Record<string, Field<any>>;
export type Values<F extends Fields> = { [K in keyof F]: F[K] extends Field<infer T> ? T : never };

export function defaultOf<T>(f: Field<T>, ctx: SchemaContext, earlier: Record<string, unknown>): T {
  return typeof f.default === 'function' ? (f.default as (c: SchemaContext, e: Record<string, unknown>) => T)(ctx, earlier) : f.default;
}

/**
 * Applies a field table: each field from `input[key]` when it parses, else its default.
 * `onInvalid` hears about inputs that were present but unusable.
 */
export function normalizeFields<F extends Fields>(
  fields: F,
  input: Readonly<Record<string, unknown>>,
  ctx: SchemaContext,
  onInvalid?: (key: string, raw: unknown) => void,
): Values<F> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(fields)) {
    const f = fields[key]!;
    const raw = Object.hasOwn(input, key) ? input[key] : undefined;
    let v = raw === undefined ? undefined : f.parse(raw);
    if (v === undefined) {
      if (raw !== undefined) onInvalid?.(key, raw);
      v = defaultOf(f, ctx, out);
    }
    out[key] = v;
  }
  return out as Values<F>;
}

// ---------------------------------------------------------------------------------------
// XML mapping of a field table

/** The attribute names a field is read from, lower case (files vary in case). */
export function attributeNames(key: string, f: Field<unknown>): string[] {
  if (f.xml === false) return [];
  return [f.xml ?? key, ...(f.aliases ?? [])].map((n) => n.toLowerCase());
}

/**
 * Raw input for `normalizeFields` from an element's attributes (`attrs` keyed in lower
 * case): the first of a field's names that is present.
 */
export function inputFromAttributes(fields: Fields, attrs: ReadonlyMap<string, string>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(fields)) {
    for (const name of attributeNames(key, fields[key]!)) {
      const v = attrs.get(name);
      if (v !== undefined) {
        input[key] = v;
        break;
      }
    }
  }
  return input;
}

/** Attributes for every field (all are written, so a reader with other defaults agrees). */
export function attributesOf<F extends Fields>(fields: F, values: Values<F>): [string, string][] {
  const out: [string, string][] = [];
  for (const key of Object.keys(fields)) {
    const f = fields[key]!;
    if (f.xml === false) continue;
    out.push([f.xml ?? key, f.format((values as Record<string, unknown>)[key])]);
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Field builders

interface NumberOptions {
  min: number;
  max: number;
  /** Decimals kept (default 3). */
  decimals?: 0 | 3;
  /** Values at or below 0 mean "the default" (spec: font size at or below 0 resets). */
  nonPositiveIsDefault?: boolean;
  xml?: string;
  aliases?: readonly string[];
}

/** A float (mm, ratio) clamped into [min, max] and rounded to 3 decimals. */
export function float(def: DefaultOf<number>, o: NumberOptions): Field<number> {
  const decimals = o.decimals ?? 3;
  return {
    default: def,
    min: o.min,
    max: o.max,
    xml: o.xml,
    aliases: o.aliases,
    nonPositiveIsDefault: o.nonPositiveIsDefault,
    parse(raw) {
      const n = parseNumber(raw);
      if (n === undefined) return undefined;
      if (o.nonPositiveIsDefault && n <= 0) return undefined;
      const r = clamp(n, o.min, o.max);
      // `+ 0` turns -0 (Math.round(-0.3)) into 0, which is what a file can say.
      return decimals === 0 ? Math.round(r) + 0 : round3(r);
    },
    format: formatNumber,
  };
}

/** An integer clamped into [min, max]. */
export function int(def: DefaultOf<number>, o: Omit<NumberOptions, 'decimals'>): Field<number> {
  return float(def, { ...o, decimals: 0 });
}

/** One of a fixed set of numbers (gap type 0/1/2/3/255); anything else is invalid. */
export function numberChoice<T extends number>(def: DefaultOf<T>, choices: readonly T[], o: { xml?: string; aliases?: readonly string[] } = {}): Field<T> {
  return {
    default: def,
    choices,
    ...o,
    parse(raw) {
      const n = parseNumber(raw);
      return n !== undefined && (choices as readonly number[]).includes(n) ? (n as T) : undefined;
    },
    format: (v) => String(v),
  };
}

/**
 * One of a set of names. Input is matched ignoring case and any character that is not a
 * letter or digit ("Code 128", "CODE128" and "code-128" are all `code128`); `synonyms`
 * adds other spellings, and a number picks by position in `byIndex` when given.
 */
export function nameChoice<T extends string>(
  def: DefaultOf<T>,
  choices: readonly T[],
  o: { synonyms?: Record<string, T>; byIndex?: readonly T[]; xml?: string; aliases?: readonly string[]; vendorNames?: Readonly<Record<T, string>> } = {},
): Field<T> {
  const table = new Map<string, T>();
  const key = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  for (const c of choices) table.set(key(c), c);
  for (const [k, v] of Object.entries(o.synonyms ?? {})) table.set(key(k), v);
  return {
    default: def,
    choices,
    xml: o.xml,
    aliases: o.aliases,
    parse(raw) {
      if (typeof raw === 'number' || (typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) && o.byIndex)) {
        const i = Number(raw);
        return o.byIndex && Number.isInteger(i) ? o.byIndex[i] : undefined;
      }
      return typeof raw === 'string' ? table.get(key(raw)) : undefined;
    },
    format: (v) => v,
    ...(o.vendorNames ? { vendor: (v: T) => o.vendorNames![v] } : {}),
  };
}

export function bool(def: DefaultOf<boolean>, o: { xml?: string; aliases?: readonly string[] } = {}): Field<boolean> {
  return {
    default: def,
    ...o,
    parse(raw) {
      if (typeof raw === 'boolean') return raw;
      if (typeof raw === 'number') return raw === 1 ? true : raw === 0 ? false : undefined;
      if (typeof raw !== 'string') return undefined;
      const s = raw.trim().toLowerCase();
      return s === 'true' || s === '1' || s === 'yes' ? true : s === 'false' || s === '0' || s === 'no' ? false : undefined;
    },
    format: (v) => (v ? 'true' : 'false'),
  };
}

/**
 * Text. NUL characters and unpaired surrogates cannot be stored in a file (XML has no form
 * for them), so they become U+FFFD here and every stored string survives a round trip.
 */
export function text(def: DefaultOf<string>, o: { maxLength?: number; xml?: string; aliases?: readonly string[] } = {}): Field<string> {
  const maxLength = o.maxLength ?? 65_536;
  return {
    default: def,
    xml: o.xml,
    aliases: o.aliases,
    max: maxLength,
    parse(raw) {
      if (typeof raw === 'number' && Number.isFinite(raw)) raw = String(raw);
      if (typeof raw !== 'string') return undefined;
      return cleanString(raw.length > maxLength ? raw.slice(0, maxLength) : raw);
    },
    format: (v) => v,
  };
}

export function cleanString(s: string): string {
  return /[\0\uD800-\uDFFF]/.test(s) ? s.replace(/\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD') : s;
}

/** A rotation in degrees: 0/90/180/270, 1-3 read as quarter turns (units.ts). */
export function rotation(o: { xml?: string; aliases?: readonly string[] } = {}): Field<Rotation> {
  return {
    default: 0,
    choices: [0, 90, 180, 270],
    ...o,
    parse(raw) {
      const n = parseNumber(raw);
      return n === undefined ? undefined : toRotation(n);
    },
    format: (v) => String(v),
  };
}

/** A colour as 6 (RGB) or 8 (ARGB) upper-case hex digits without '#'; 3 digits expand. */
export function hexColor(def: DefaultOf<string>, o: { xml?: string; allowEmpty?: boolean } = {}): Field<string> {
  return {
    default: def,
    xml: o.xml,
    parse(raw) {
      if (typeof raw !== 'string') return undefined;
      let s = raw.trim().replace(/^#/, '').toUpperCase();
      if (s === '' && o.allowEmpty) return '';
      if (/^[0-9A-F]{3}$/.test(s)) s = s.replace(/./g, '$&$&');
      return /^([0-9A-F]{6}|[0-9A-F]{8})$/.test(s) ? s : undefined;
    },
    format: (v) => v,
  };
}

/**
 * An embedded file (picture, spreadsheet) as a base64 data URL, or '' for none. Files carry
 * it as `ext*****base64` (the vendor's form, printing-protocol.md); both forms are read.
 * Text that is neither (a path, a URL) is kept as it is, for the editor to fetch and embed.
 */
export function embedded(o: { xml?: string; aliases?: readonly string[] } = {}): Field<string> {
  return {
    default: '',
    ...o,
    parse(raw) {
      return typeof raw === 'string' ? normalizeEmbedded(cleanString(raw)) : undefined;
    },
    format: (v) => toFileForm(v),
  };
}

/** A list of lengths written comma-separated with 3 decimals (table rows and columns). */
export function mmList(o: { min: number; max: number; xml?: string }): Field<number[]> {
  return {
    default: () => [],
    xml: o.xml,
    parse(raw) {
      const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? (raw.trim() === '' ? [] : raw.split(',')) : undefined;
      if (!items || items.length > 1000) return undefined;
      const out: number[] = [];
      for (const it of items) {
        const n = parseNumber(it);
        if (n === undefined) return undefined;
        out.push(round3(clamp(n, o.min, o.max)));
      }
      return out;
    },
    format: (v) => v.map(formatNumber).join(','),
  };
}

/**
 * Font height in mm, limited to the font-size list's 3 to 300 points, or to `maxMm` where
 * the engine draws less (a barcode's caption: src/engine/limits.ts); 0 or less resets.
 */
export function fontHeight(def: DefaultOf<number>, maxMm = ptToMm(MAX_FONT_PT)): Field<number> {
  return float(def, { min: ptToMm(MIN_FONT_PT), max: Math.min(maxMm, ptToMm(MAX_FONT_PT)), nonPositiveIsDefault: true });
}
