/**
 * fast-check arbitraries for request input of the right and the wrong shape: JSON values made
 * of the texts and numbers that have broken parsers before (NUL, lone surrogates, huge
 * strings, 1e308, -0, 'NaN', impossible dates, prototype keys), nested junk, and mutations of
 * a valid body (a field dropped, retyped or filled with junk; the body wrapped in an array).
 * Used by http/input-properties.test.ts.
 */
import fc from 'fast-check';

/** Texts that a field check must refuse or keep, never fail on. */
const NASTY_TEXTS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udc00x',
  'x\ud800',
  '\udbff\udfff',
  '😀',
  '资产',
  '1e308',
  '-0',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '00',
  '9007199254740993',
  '1.5',
  '0x10',
  '2024-02-30',
  '2024-13-45',
  '0000-01-01',
  '9999-12-31',
  'true',
  'null',
  '[]',
  '{}',
  '__proto__',
  "'; DROP TABLE assets; --",
  '%00',
  '=1+1',
  '\t\n\r',
  '\u202e',
];

/** Numbers at the edges of JSON, JS and PostgreSQL integers. */
const EDGE_NUMBERS = [0, -0, 1, -1, 0.5, 1e308, -1e308, 5e-324, 2 ** 31, 2 ** 31 - 1, 2 ** 53, 2 ** 53 + 2, 2 ** 63, 1e21, 101, 302, 999_999_999];

/** One UTF-16 unit, lone surrogates included (fc's own units produce only whole characters). */
const unit = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff', '\u0000') },
);

export const junkText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_TEXTS) },
  { weight: 3, arbitrary: fc.string({ unit, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 6 }).map((k) => 'x'.repeat(10 ** k)) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }).map((k) => '字'.repeat(10 ** k)) },
);

export const junkNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...EDGE_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

export const junkKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('id', 'ids', 'loginID', '__proto__', 'constructor', 'prototype', 'toString', '', '\u0000', '\ud800'),
  fc.string({ unit, maxLength: 12 }),
);

/** Any JSON value (what JSON.parse can return), nested up to a few levels. */
export const junkJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    junkNumber,
    junkText,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(junkKey, tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** What replaces one field of a valid body: mostly a text or a number, as fields are. */
const fieldJunk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: junkText },
  { weight: 2, arbitrary: junkNumber },
  { weight: 2, arbitrary: junkJson },
);

/**
 * A valid body changed: most often one field alone replaced (so the rest still passes and the
 * junk reaches the service and the database), else any fields dropped or replaced and junk
 * fields added, or the body wrapped in an array.
 */
export function mutatedBody(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid);
  const oneField =
    keys.length === 0
      ? fc.dictionary(junkKey, fieldJunk, { minKeys: 1, maxKeys: 2 })
      : fc.tuple(fc.constantFrom(...keys), fieldJunk).map(([key, value]) => ({ ...valid, [key]: value }));
  const fieldChange = fc.oneof(
    { weight: 2, arbitrary: fc.constant<'keep'>('keep') },
    { weight: 1, arbitrary: fc.constant<'drop'>('drop') },
    { weight: 3, arbitrary: fieldJunk.map((value) => ({ value })) },
  );
  const changed = fc
    .tuple(fc.array(fieldChange, { minLength: keys.length, maxLength: keys.length }), fc.dictionary(junkKey, junkJson, { maxKeys: 3 }))
    .map(([changes, extra]) => {
      const body: Record<string, unknown> = {};
      keys.forEach((key, i) => {
        const change = changes[i];
        if (change === 'keep') body[key] = valid[key];
        else if (change !== 'drop') body[key] = change.value;
      });
      // Extra keys go first, so a junk 'id' does not replace the valid one every time.
      return { ...extra, ...body };
    });
  return fc.oneof(
    { weight: 6, arbitrary: oneField },
    { weight: 3, arbitrary: changed },
    { weight: 1, arbitrary: changed.map((body) => [body]) },
    { weight: 1, arbitrary: fc.constant(valid) },
  );
}

/** A body sent as this text, not as JSON.stringify of a value. */
export class RawBody {
  constructor(readonly text: string) {}
  toJSON(): string {
    return `<raw ${this.text.length > 60 ? `${this.text.slice(0, 60)}... (${this.text.length} characters)` : this.text}>`;
  }
}

/** Texts that are not JSON, or JSON that is hard to parse (deep nesting, prototype keys). */
function rawBodies(valid: Record<string, unknown>): RawBody[] {
  const json = JSON.stringify(valid);
  return [
    '',
    '   ',
    '{',
    json.slice(0, -1),
    `\ufeff${json}`,
    `${json}${json}`,
    'null',
    '"\\u0000"',
    'NaN',
    '[1e999]',
    '{"id": 01}',
    '['.repeat(100_000),
    `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
    `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
    `{"__proto__": {"isAdmin": true}, ${json.slice(1)}`,
    json.replace(/"(\w+)":/, '"$1":"\\ud800",'),
  ].map((text) => new RawBody(text));
}

/** A body of any shape for a route whose valid bodies are `valid` (none: {}). */
export function routeBody(valid: readonly Record<string, unknown>[]): fc.Arbitrary<unknown> {
  const bases = valid.length > 0 ? valid : [{}];
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...bases).chain(mutatedBody) },
    { weight: 1, arbitrary: junkJson },
    { weight: 1, arbitrary: fc.constantFrom(...bases.flatMap(rawBodies)) },
  );
}

/**
 * Raw query-string values: percent-encoded junk text (lone surrogates cannot be UTF-8
 * encoded, so they go as the bytes of one) and malformed escapes.
 */
export const junkQueryValue: fc.Arbitrary<string> = fc.oneof(
  junkText.filter((t) => t.length <= 1000).map(percentEncode),
  fc.constantFrom('%', '%Z', '%ZZ', '%FF', '%ED%A0%80', '%C0%80', '%00', '+', '%2B', ''),
  junkNumber.map(String),
);

function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const isHigh = code >= 0xd800 && code <= 0xdbff;
    const next = text.charCodeAt(i + 1);
    if (isHigh && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text[i] + text[i + 1]);
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      // The three bytes a lone surrogate would have in UTF-8 (invalid UTF-8, as a client could send).
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    } else {
      out += encodeURIComponent(text[i]);
    }
  }
  return out;
}
