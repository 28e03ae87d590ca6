/**
 * Randomised corpora for the decoder proofs (`*.test.ts` beside this file): for each type,
 * a fixed-seed list of inputs, with what each independent decoder must read back.
 *
 * rxing-wasm is told which symbology to look for (RXING_FORMAT), as a scanner is set up.
 *
 * Expected texts are derived here from the input and the symbologies' published rules
 * (GS1 check digits, the UPC-E expansion, the Code 39 full-ASCII pairs, Codabar's mod-16
 * check), never from the engine's own output, so a decoder agreeing with them proves the
 * symbol. What each decoder returns differs by symbology and is spelled out per type:
 *
 * | type | zbarimg 0.23 | rxing-wasm 0.5 |
 * |---|---|---|
 * | code128 | the data; GS1-128: element string, FNC1 as GS | the same; GS1 (hint AssumeGs1): `]C1` + element string |
 * | ean13, isbn | 13 digits | 13 digits |
 * | ean8 | 8 digits | 8 digits |
 * | upca | as EAN-13: `0` + 12 digits | 12 digits |
 * | upce | as EAN-13: `0` + the 12-digit UPC-A expansion; number system 1 unreadable | 8 digits |
 * | code39 | the characters with the check character; full ASCII as its pairs | the same; with hint AssumeCode39CheckDigit the check is verified and dropped |
 * | code93 | the data (full ASCII decoded) | the data |
 * | codabar | start, data, check character, stop (`-Scodabar.min-length=1`) | data and check character, start/stop dropped; one character unreadable (zint's too) |
 * | itf, itf14 | the digits, padding and check included (`-Si25.min-length=2`) | the same (hint AllowedLengths) |
 * | qrcode | the text (UTF-8, ECI and Kanji honoured); bytes with `-Sbinary` | the text; bytes from `raw_bytes()` (its text guesses a character set) |
 *
 * Data Matrix is read by libdmtx's `dmtxread` (dmtx-utils 0.7) instead of zbarimg, which has
 * no Data Matrix reader:
 *
 * | type | dmtxread | rxing-wasm 0.5 |
 * |---|---|---|
 * | datamatrix | the bytes: ASCII as is, Latin-1-only text as ISO-8859-1, other text as ECI 26's number (one byte, 26) then the UTF-8 bytes, raw bytes as they are | the text for ASCII and Latin-1; other text: it ignores the ECI and reads the UTF-8 bytes as ISO-8859-1; raw bytes one character each |
 *
 * Grid Matrix has no independent decoder; gridmatrix.test.ts compares it with zint.
 */
import { seededRandom } from '../testing.ts';
import type { BarcodeType, QrEcc, SymbolRequest, TextAlign, TextPosition } from '../types.ts';

/** One input and what the decoders must read back. */
export interface CorpusCase {
  /** Printable description for failure messages. */
  name: string;
  request: SymbolRequest;
  /** zbarimg: the expected text (or bytes for binary QR), or null when zbar cannot read it. */
  zbar: string | Uint8Array | null;
  /** zbarimg options for this case (cases are batched per distinct options). */
  zbarOptions: string[];
  /** rxing-wasm: the expected text (binary QR: one character per byte), or null when
   * rxing cannot read it. */
  rxing: string | null;
  /** rxing-wasm decode hints (DecodeHintTypes number -> value). */
  rxingHints: Record<number, string>;
  /** Binary QR: the bytes rxing-wasm's `raw_bytes()` must return (instead of the text). */
  rxingBytes?: Uint8Array;
  /** Data Matrix: the bytes dmtxread must print, or null when it cannot read the symbol. */
  dmtx?: Uint8Array | null;
  /** Data Matrix: render at the fixed size one step above the smallest of its kind. */
  largerSize?: boolean;
}

/** rxing-wasm DecodeHintTypes values (rxing_wasm.d.ts). */
export const HINT = { PossibleFormats: 2, TryHarder: 3, CharacterSet: 4, AllowedLengths: 5, AssumeCode39CheckDigit: 6, AssumeGs1: 7 } as const;

/**
 * The symbology rxing-wasm is told to look for (hint PossibleFormats), as a scanner is
 * configured: without it rxing runs every 2D detector over each page as well, some 200
 * times slower, and reports an EAN-13 starting with 0 as UPC-A.
 */
export const RXING_FORMAT: Record<BarcodeType, string> = {
  code128: 'Code128', ean13: 'Ean13', ean8: 'Ean8', upca: 'UpcA', upce: 'UpcE', isbn: 'Ean13',
  code39: 'Code39', code93: 'Code93', codabar: 'Codabar', itf: 'ITF', itf14: 'ITF', qrcode: 'QrCode',
  datamatrix: 'DataMatrix', gridmatrix: '', // rxing reads no Grid Matrix
  pdf417: 'Pdf417',
};

const DIGITS = '0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const CODE39 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%';
const CODABAR_DATA = '0123456789-$:/.+';
const POSITIONS: TextPosition[] = ['below', 'none', 'above', 'mask'];
const ALIGNS: TextAlign[] = ['center', 'left', 'right', 'justify'];

type Rand = (n: number) => number;

class Gen {
  constructor(readonly rand: Rand) {}
  pick<T>(items: readonly T[] | string): T {
    return items[this.rand(items.length)] as T;
  }
  string(chars: string, length: number): string {
    let s = '';
    for (let i = 0; i < length; i++) s += chars[this.rand(chars.length)];
    return s;
  }
  digits(length: number): string {
    return this.string(DIGITS, length);
  }
  /** A length in 1..max, biased to the edges (1, 2, max-1, max) a quarter of the time. */
  length(max: number, min = 1): number {
    const edge = [min, min + 1, max - 1, max].filter((n) => n >= min && n <= max);
    return this.rand(4) === 0 ? this.pick(edge) : min + this.rand(max - min + 1);
  }
  ascii(length: number, from = 0x20, to = 0x7e): string {
    let s = '';
    for (let i = 0; i < length; i++) s += String.fromCharCode(from + this.rand(to - from + 1));
    return s;
  }
}

/** Text options varying with the case index, so every position and alignment is decoded. */
function textOptions(i: number): { textPosition: TextPosition; textAlign: TextAlign } {
  return { textPosition: POSITIONS[i % 4]!, textAlign: ALIGNS[(i >> 2) % 4]! };
}

/** GS1 mod-10 check digit of a digit string (weights 3, 1, ... from the right). */
export function gs1Check(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return String((10 - (sum % 10)) % 10);
}

/** UPC-E to its UPC-A (11 digits, no check), ISO/IEC 15420 table 5. */
export function upceToUpca(ns: string, body: string): string {
  const [d1, d2, d3, d4, d5, d6] = body;
  switch (d6) {
    case '0': case '1': case '2': return `${ns}${d1}${d2}${d6}0000${d3}${d4}${d5}`;
    case '3': return `${ns}${d1}${d2}${d3}00000${d4}${d5}`;
    case '4': return `${ns}${d1}${d2}${d3}${d4}00000${d5}`;
    default: return `${ns}${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  }
}

/** Code 39 full ASCII (ISO/IEC 16388 annex): each ASCII code as its Code 39 characters. */
export function code39FullAscii(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0)! > 0x7f ? 0x3f : ch.codePointAt(0)!;
    if (c === 0) out += '%U';
    else if (c < 27) out += '$' + String.fromCharCode(0x40 + c);
    else if (c < 32) out += '%' + 'ABCDE'[c - 27];
    else if (c === 32 || c === 0x2d || c === 0x2e || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a)) out += String.fromCharCode(c);
    else if (c >= 0x21 && c <= 0x2c) out += '/' + String.fromCharCode(0x41 + c - 0x21);
    else if (c === 0x2f) out += '/O';
    else if (c === 0x3a) out += '/Z';
    else if (c >= 0x3b && c <= 0x3f) out += '%' + 'FGHIJ'[c - 0x3b];
    else if (c === 0x40) out += '%V';
    else if (c >= 0x5b && c <= 0x5f) out += '%' + 'KLMNO'[c - 0x5b];
    else if (c === 0x60) out += '%W';
    else if (c >= 0x61 && c <= 0x7a) out += '+' + String.fromCharCode(c - 0x20);
    else if (c >= 0x7b && c <= 0x7e) out += '%' + 'PQRS'[c - 0x7b];
    else out += '%T'; // DEL
  }
  return out;
}

/** The Code 39 mod-43 check character of `text` (Code 39 characters). */
function code39Check(text: string): string {
  let sum = 0;
  for (const c of text) sum += CODE39.indexOf(c);
  return CODE39[sum % 43]!;
}

/** The Codabar mod-16 check character over start, data and stop (ISO/IEC 15424 table 4). */
function codabarCheck(framed: string): string {
  const values = '0123456789-$:/.+ABCD';
  let sum = 0;
  for (const c of framed) sum += values.indexOf(c);
  return values[(16 - (sum % 16)) % 16]!;
}

/*---- The corpora, one generator per type ----*/

type Generator = (g: Gen, i: number) => CorpusCase;

const NO_HINTS = {};

function linear(type: BarcodeType, data: string, zbar: string | null, rxing: string | null, extra: object = {}, i = 0, hints: Record<number, string> = NO_HINTS, zbarOptions: string[] = []): CorpusCase {
  return {
    name: `${type} ${JSON.stringify(data)} ${JSON.stringify(extra)}`,
    request: { type, data, ...textOptions(i), ...extra } as SymbolRequest,
    zbar,
    zbarOptions,
    rxing,
    rxingHints: hints,
  };
}

const GS1_AIS: [string, (g: Gen) => string][] = [
  ['01', (g) => { const d = g.digits(13); return d + gs1Check(d); }],
  ['10', (g) => g.string(UPPER + DIGITS + '-', 1 + g.rand(20))],
  ['11', (g) => `2${g.rand(10)}${String(1 + g.rand(12)).padStart(2, '0')}${String(1 + g.rand(28)).padStart(2, '0')}`],
  ['17', (g) => `2${g.rand(10)}${String(1 + g.rand(12)).padStart(2, '0')}${String(1 + g.rand(28)).padStart(2, '0')}`],
  ['21', (g) => g.string(UPPER + LOWER + DIGITS + '%&*+-./:', 1 + g.rand(20))],
  ['30', (g) => g.digits(1 + g.rand(8))],
  ['400', (g) => g.string(UPPER + DIGITS + '-/', 1 + g.rand(20))],
];

/** A random GS1 element string: bracket syntax and the transmitted form, in which every
 * variable-length field but the last is followed by GS (GS1 General Specifications 7.8.5). */
function gs1Element(g: Gen): { brackets: string; transmitted: string } {
  const fields = Array.from({ length: 1 + g.rand(3) }, () => {
    const [ai, value] = g.pick(GS1_AIS);
    return { ai, data: value(g), fixed: ai === '01' || ai === '11' || ai === '17' };
  });
  const brackets = fields.map((f) => `(${f.ai})${f.data}`).join('');
  const transmitted = fields.map((f, k) => f.ai + f.data + (!f.fixed && k < fields.length - 1 ? '\u001d' : '')).join('');
  return { brackets, transmitted };
}

const GENERATORS: Record<BarcodeType, Generator> = {
  code128: (g, i) => {
    if (i % 5 === 4) {
      const { brackets, transmitted } = gs1Element(g);
      return linear('code128', brackets, transmitted, ']C1' + transmitted, { gs1: true }, i, { [HINT.AssumeGs1]: 'true' });
    }
    const max = 80;
    let data: string;
    switch (i % 4) {
      case 0: data = g.ascii(g.length(max)); break; // printable ASCII
      case 1: data = g.digits(g.length(max)); break; // set C, odd and even
      case 2: data = g.ascii(g.length(max), 0x01, 0x7f); break; // control characters too (not NUL)
      default: data = g.string(LOWER + DIGITS + ' ', g.length(40)) + g.digits(g.rand(9)); // mixed runs
    }
    return linear('code128', data, data, data, {}, i);
  },
  ean13: (g, i) => {
    const d = g.digits(12);
    const data = i % 3 === 0 ? d + gs1Check(d) : d;
    const full = d + gs1Check(d);
    return linear('ean13', data, full, full, {}, i);
  },
  ean8: (g, i) => {
    const d = g.digits(7);
    const data = i % 3 === 0 ? d + gs1Check(d) : d;
    return linear('ean8', data, d + gs1Check(d), d + gs1Check(d), {}, i);
  },
  upca: (g, i) => {
    const d = g.digits(11);
    const full = d + gs1Check(d);
    return linear('upca', i % 3 === 0 ? full : d, '0' + full, full, {}, i);
  },
  upce: (g, i) => {
    // A body the zero-suppression rules allow; number system 0 mostly (zbar reads only 0).
    let body: string;
    do body = g.digits(6);
    while ((body[5] === '3' && '012'.includes(body[2]!)) || (body[5] === '4' && body[3] === '0') || ('56789'.includes(body[5]!) && body[4] === '0'));
    const ns = i % 4 === 3 ? '1' : '0';
    const upca = upceToUpca(ns, body);
    const check = gs1Check(upca);
    const data = i % 3 === 0 ? ns + body + check : ns === '0' && i % 2 === 0 ? body : ns + body;
    return linear('upce', data, ns === '0' ? '0' + upca + check : null, ns + body + check, {}, i);
  },
  isbn: (g, i) => {
    if (i % 3 === 2) {
      // An ISBN-10 as printed in books: groups and hyphens, X as check.
      const nine = g.digits(9);
      let sum = 0;
      for (let k = 0; k < 9; k++) sum += (10 - k) * Number(nine[k]);
      const c = (11 - (sum % 11)) % 11;
      const isbn10 = `${nine.slice(0, 1)}-${nine.slice(1, 4)}-${nine.slice(4, 9)}-${c === 10 ? 'X' : c}`;
      const ean = '978' + nine;
      return linear('isbn', isbn10, ean + gs1Check(ean), ean + gs1Check(ean), {}, i);
    }
    const d = g.pick(['978', '979']) + g.digits(9);
    const data = i % 3 === 0 ? `${d.slice(0, 3)}-${d.slice(3)}${gs1Check(d)}` : d;
    return linear('isbn', data, d + gs1Check(d), d + gs1Check(d), {}, i);
  },
  code39: (g, i) => {
    const variant = i % 3;
    if (variant === 2) {
      // Full ASCII: both decoders return the pairs (neither expands them); characters beyond
      // U+007F are sent as '?' (spec section 5).
      let data = g.ascii(g.length(50), 0x00, 0x7f);
      if (i % 9 === 2) data += g.pick(['é', '中', '€']);
      const pairs = code39FullAscii(data);
      return linear('code39', data, pairs, pairs, { fullAscii: true }, i);
    }
    const raw = g.string(CODE39 + 'abcxyz', g.length(107));
    const upper = raw.toUpperCase();
    if (variant === 1) {
      const check = code39Check(upper);
      return linear('code39', raw, upper + check, upper, { checkDigit: true }, i, { [HINT.AssumeCode39CheckDigit]: 'true' });
    }
    return linear('code39', raw, upper, upper, {}, i);
  },
  code93: (g, i) => {
    let data = i % 2 === 0 ? g.ascii(g.length(107)) : g.ascii(g.length(60), 0x01, 0x7f);
    if (i % 10 === 5) data = data.slice(0, 100) + g.pick(['é', '中']);
    const expected = Array.from(data, (c) => (c.codePointAt(0)! > 0x7f ? '?' : c)).join('');
    return linear('code93', data, expected, expected, {}, i);
  },
  codabar: (g, i) => {
    const inner = g.string(CODABAR_DATA, g.length(78));
    const framed = i % 2 === 0;
    const start = framed ? g.pick<string>('ABCD') : 'A';
    const stop = framed ? g.pick<string>('ABCD') : 'A';
    const data = framed ? (i % 4 === 0 ? start.toLowerCase() : start) + inner + stop : inner;
    const check = i % 3 === 1;
    const c = check ? codabarCheck(start + inner + stop) : '';
    // rxing reads no Codabar with a single character between start and stop.
    const rxing = (inner + c).length >= 2 ? inner + c : null;
    return linear('codabar', data, start + inner + c + stop, rxing, check ? { checkDigit: true } : {}, i, NO_HINTS, ['-Scodabar.min-length=1']);
  },
  itf: (g, i) => {
    const d = g.digits(g.length(79));
    const check = i % 3 === 1;
    let digits = check ? d + gs1Check(d) : d;
    if (digits.length % 2 === 1) digits = '0' + digits;
    return linear('itf', d, digits, digits, check ? { checkDigit: true } : {}, i, { [HINT.AllowedLengths]: String(digits.length) }, ['-Si25.min-length=2']);
  },
  itf14: (g, i) => {
    const d = g.digits(13);
    const full = d + gs1Check(d);
    return linear('itf14', i % 2 === 0 ? d : full, full, full, {}, i);
  },
  qrcode: (g, i) => qrCase(g, i),
  datamatrix: (g, i) => dmCase(g, i),
  gridmatrix: (g, i) => gmCase(g, i),
  pdf417: (g, i) => pdfCase(g, i),
};

const CJK = '固定资产管理系统标签打印部门员工盘点位置名称规格型号编码日期数量单价金额备注中国北京上海广州深圳';
const JAPANESE = '資産管理ラベル印刷日本語東京大阪テスト';
const LATIN1 = 'ÄÖÜäöüßéèêàçñÅØæ°±²³µ¶·¿';
const EMOJI = ['😀', '📦', '🏷️', '✅'];
const ECCS: QrEcc[] = ['L', 'M', 'Q', 'H'];

/** QR: text of every kind (ASCII, digits, alphanumeric, Chinese, Japanese, Latin-1, emoji),
 * raw bytes and GS1; every ECC level; automatic and fixed versions and masks. */
function qrCase(g: Gen, i: number): CorpusCase {
  const ecc = ECCS[i % 4]!;
  const kind = (i >> 2) % 10;
  let data: string | Uint8Array;
  let gs1 = false;
  let transmitted = '';
  // Lengths mostly small (fast to decode), a tenth up to ~1000 characters (large versions).
  const long = i % 10 === 9;
  const n = long ? 200 + g.rand(800) : g.length(60);
  switch (kind) {
    case 0: data = g.ascii(n); break;
    case 1: data = g.digits(long ? n * 3 : n); break;
    case 2: data = g.string(UPPER + DIGITS + ' $%*+-./:', long ? n * 2 : n); break;
    case 3: data = g.string(CJK, Math.ceil(n / 3)); break;
    case 4: data = g.string(JAPANESE, Math.ceil(n / 3)); break;
    case 5: data = g.string(LATIN1 + 'abc ', n); break;
    case 6: data = g.string(CJK, 3) + ' ' + g.ascii(Math.ceil(n / 2)) + ' ' + g.pick(EMOJI); break;
    case 7: {
      const bytes = new Uint8Array(n);
      for (let k = 0; k < n; k++) bytes[k] = g.rand(256);
      data = bytes;
      break;
    }
    case 8: {
      const e = gs1Element(g);
      data = e.brackets;
      transmitted = e.transmitted;
      gs1 = true;
      break;
    }
    default: data = `https://example.com/asset/${g.digits(6)}?d=${g.string(LOWER + DIGITS, g.rand(20))}` + (i % 3 === 0 ? '\n' + g.ascii(10) : '');
  }
  const request: SymbolRequest & { type: 'qrcode' } = { type: 'qrcode', data, ecc };
  if (gs1) request.gs1 = true;
  if (i % 3 === 1) request.mask = g.rand(8);
  // A fixed version in a third of the cases, cycling through 1-40 (every version about four
  // times); one too small for the data is raised to the minimum by the test.
  if (i % 3 === 2) request.version = 1 + (Math.floor(i / 3) % 40);
  request.quietZone = i % 2 === 0 ? 2 : 4;
  const binary = data instanceof Uint8Array;
  const text = binary ? Array.from(data as Uint8Array, (b) => String.fromCharCode(b)).join('') : gs1 ? transmitted : (data as string);
  return {
    name: `qrcode ${ecc} ${binary ? 'bytes' : ''} ${JSON.stringify(text.length > 60 ? text.slice(0, 60) + '…' : text)} (${text.length})`,
    request,
    zbar: binary ? (data as Uint8Array) : text,
    zbarOptions: binary ? ['-Sbinary'] : [],
    rxing: text,
    rxingHints: NO_HINTS,
    ...(binary ? { rxingBytes: data as Uint8Array } : {}),
  };
}

const latin1Text = (bytes: Uint8Array): string => Array.from(bytes, (b) => String.fromCharCode(b)).join('');
const utf8Bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

/**
 * Data Matrix: printable ASCII, digits (ASCII digit pairs), capitals and digits (C40),
 * lower case (Text), X12 and EDIFACT character sets, Chinese, Chinese mixed with ASCII and
 * emoji (ECI 26), Latin-1 text and raw bytes; automatic, square-only, rectangle-only and
 * fixed sizes, quiet zones 1 and 2. Lengths mostly small, one in twenty up to ~1,000 bytes
 * (kept within 132x132: 144x144 is written in the industry's codeword order, which libdmtx
 * does not read; see datamatrix/mod.rs).
 */
function dmCase(g: Gen, i: number): CorpusCase {
  const kind = i % 10;
  const long = i % 20 === 19;
  const n = long ? 150 + g.rand(650) : g.length(40);
  let data: string | Uint8Array;
  switch (kind) {
    case 0: data = g.ascii(n); break;
    case 1: data = g.digits(long ? n * 2 : n); break;
    case 2: data = g.string(UPPER + DIGITS + ' ', n); break;
    case 3: data = g.string(LOWER + DIGITS + ' ', n); break;
    case 4: data = g.string(UPPER + DIGITS + ' *>\r', n); break; // X12
    case 5: data = g.ascii(n, 0x20, 0x5e); break; // EDIFACT
    case 6: data = g.string(CJK, Math.ceil(n / 3)); break;
    case 7: data = g.string(CJK, 2) + ' ' + g.ascii(Math.ceil(n / 2)) + (i % 3 === 0 ? ' ' + g.pick(EMOJI) : g.string(CJK, 1)); break;
    case 8: data = g.string(LATIN1 + 'abc ', n); break;
    default: {
      const bytes = new Uint8Array(n);
      for (let k = 0; k < n; k++) bytes[k] = g.rand(256);
      data = bytes;
    }
  }
  const request: SymbolRequest & { type: 'datamatrix' } = { type: 'datamatrix', data };
  const short = (data instanceof Uint8Array ? data.length : utf8Bytes(data).length) <= 20;
  if (short && i % 5 === 3) request.shape = 'rectangle';
  if (i % 5 === 4) request.shape = 'square';
  // A fixed size one step larger than needed in some short cases (resolved by the test, as
  // the smallest size depends on the encodation).
  const larger = short && i % 7 === 6;
  request.quietZone = i % 2 === 0 ? 2 : 1;
  let dmtx: Uint8Array;
  let rxing: string;
  if (data instanceof Uint8Array) {
    dmtx = data;
    rxing = latin1Text(data);
  } else if (/^[\x00-\xff]*$/.test(data)) {
    dmtx = Uint8Array.from(data, (c) => c.charCodeAt(0));
    rxing = data;
  } else {
    const utf8 = utf8Bytes(data);
    dmtx = new Uint8Array([26, ...utf8]);
    rxing = latin1Text(utf8);
  }
  const shown = data instanceof Uint8Array ? `bytes(${data.length})` : JSON.stringify(data.length > 60 ? data.slice(0, 60) + '…' : data);
  return { name: `datamatrix ${request.shape ?? ''}${larger ? 'larger ' : ''}${shown}`, request, zbar: null, zbarOptions: [], rxing, rxingHints: NO_HINTS, dmtx, ...(larger ? { largerSize: true } : {}) };
}

/**
 * PDF417: printable ASCII, digits (Numeric Compaction), mixed text, Chinese (ECI 26), Latin-1
 * and raw bytes (Byte Compaction); every ECC level, automatic and fixed columns and rows,
 * aspect ratios, row heights 2-4. rxing-wasm must read the text (raw bytes: one character
 * each).
 */
function pdfCase(g: Gen, i: number): CorpusCase {
  const kind = i % 7;
  const long = i % 20 === 19;
  const n = long ? 150 + g.rand(500) : g.length(50);
  let data: string | Uint8Array;
  switch (kind) {
    case 0: data = g.ascii(n); break;
    case 1: data = g.digits(long ? n * 2 : n); break;
    case 2: data = g.string(LOWER + UPPER + DIGITS + ' ,.-', n) + g.digits(g.rand(30)); break;
    case 3: data = g.string(CJK, Math.ceil(n / 3)); break;
    case 4: data = g.string(CJK, 2) + ' ' + g.ascii(Math.ceil(n / 2)); break;
    case 5: data = g.string(LATIN1 + 'abc ', n); break;
    default: {
      const bytes = new Uint8Array(n);
      for (let k = 0; k < n; k++) bytes[k] = g.rand(256);
      data = bytes;
    }
  }
  if (typeof data === 'string' && data.trim() === '') data = 'x' + data;
  const request: SymbolRequest & { type: 'pdf417' } = { type: 'pdf417', data };
  if (i % 3 === 0) request.ecc = Math.floor(i / 3) % 9;
  if (i % 4 === 1) request.columns = 1 + g.rand(long ? 30 : 12);
  if (i % 8 === 2) request.rows = 3 + g.rand(30);
  if (i % 5 === 3) request.aspect = [1, 2, 4.5, 8][g.rand(4)]!;
  request.rowHeight = 2 + (i % 3);
  request.quietZone = 2;
  const rxing = data instanceof Uint8Array ? latin1Text(data) : data;
  const shown = data instanceof Uint8Array ? `bytes(${data.length})` : JSON.stringify(data.length > 60 ? data.slice(0, 60) + '…' : data);
  return { name: `pdf417 e${request.ecc ?? 'auto'} c${request.columns ?? 'auto'} r${request.rows ?? 'auto'} ${shown}`, request, zbar: null, zbarOptions: [], rxing, rxingHints: NO_HINTS };
}

/** Grid Matrix: digits, ASCII, Chinese, mixed text; automatic and fixed layers and levels. */
function gmCase(g: Gen, i: number): CorpusCase {
  const n = i % 10 === 9 ? 100 + g.rand(300) : g.length(40);
  const kind = i % 4;
  const data = kind === 0 ? g.digits(n) : kind === 1 ? g.ascii(n) : kind === 2 ? g.string(CJK, Math.ceil(n / 2)) : g.string(CJK, 3) + g.string(LOWER + UPPER + DIGITS + ' ', n);
  const request: SymbolRequest & { type: 'gridmatrix' } = { type: 'gridmatrix', data };
  if (i % 3 === 1) request.ecc = 1 + g.rand(5);
  if (i % 3 === 2) request.layers = 1 + g.rand(13);
  return { name: `gridmatrix L${request.layers ?? 'auto'} E${request.ecc ?? 'auto'} ${JSON.stringify(data.slice(0, 40))}`, request, zbar: null, zbarOptions: [], rxing: null, rxingHints: NO_HINTS };
}

/** `count` cases for `type` from a fixed seed (the same inputs on every run and machine). */
export function corpus(type: BarcodeType, count = 500, seed = 20_260_603): CorpusCase[] {
  const g = new Gen(seededRandom(seed + type.length * 7919 + type.charCodeAt(0)));
  return Array.from({ length: count }, (_, i) => GENERATORS[type](g, i));
}

/** The spec's sample contents (spec section 3) with what both decoders read. */
export const SPEC_SAMPLES: { type: BarcodeType; data: string; zbar: string; rxing: string }[] = [
  { type: 'ean13', data: '690123456789', zbar: '6901234567892', rxing: '6901234567892' },
  { type: 'ean8', data: '6901234', zbar: '69012341', rxing: '69012341' },
  { type: 'upca', data: '69012345678', zbar: '0690123456787', rxing: '690123456787' },
  { type: 'upce', data: '0123456', zbar: '0012345000065', rxing: '01234565' },
  { type: 'isbn', data: '978012345678', zbar: '9780123456786', rxing: '9780123456786' },
  { type: 'code128', data: '12345678', zbar: '12345678', rxing: '12345678' },
  { type: 'code39', data: '12345678', zbar: '12345678', rxing: '12345678' },
  { type: 'code93', data: '12345678', zbar: '12345678', rxing: '12345678' },
  { type: 'codabar', data: '12345678', zbar: 'A12345678A', rxing: '12345678' },
  { type: 'itf', data: '12345678', zbar: '12345678', rxing: '12345678' },
  { type: 'itf14', data: '1234567890123', zbar: '12345678901231', rxing: '12345678901231' },
  { type: 'qrcode', data: '12345678', zbar: '12345678', rxing: '12345678' },
];
