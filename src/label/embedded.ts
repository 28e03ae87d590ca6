/**
 * Embedded files: pictures in picture/logo controls and the label's background and border,
 * and the spreadsheet a label is driven by (spec section 3, `dataFile`).
 *
 * In a document an embedded file is a base64 data URL (`data:image/png;base64,...`), which
 * a browser shows as it is. In a .wdfx file it is the vendor's `png*****<base64>`
 * (printing-protocol.md): the file extension, five asterisks, the base64 bytes.
 */

const MIME_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  bmp: 'image/bmp',
  gif: 'image/gif',
  webp: 'image/webp',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  csv: 'text/csv',
};
const EXT_BY_MIME: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/bmp': 'bmp',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.ms-excel': 'xls',
  'text/csv': 'csv',
};

export function mimeForExtension(ext: string): string {
  const e = ext.toLowerCase();
  return Object.hasOwn(MIME_BY_EXT, e) ? MIME_BY_EXT[e]! : `application/x-${e}`;
}

export function extensionForMime(mime: string): string {
  if (Object.hasOwn(EXT_BY_MIME, mime)) return EXT_BY_MIME[mime]!;
  return mime.startsWith('application/x-') ? mime.slice(14) : (mime.split('/')[1] ?? 'bin').replace(/[^a-z0-9]/g, '');
}

const DATA_URL = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)(?:;[^,;]*)*;base64,([\s\S]*)$/i;
const FILE_FORM = /^([A-Za-z0-9]{1,8})\*{5}([\s\S]*)$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Whether `v` is an embedded file (a base64 data URL) rather than nothing or a reference. */
export function isEmbedded(v: string): boolean {
  return DATA_URL.test(v);
}

/**
 * The document form of an embedded-file value read from anywhere: data URLs with their
 * type in lower case (and image/jpg as image/jpeg) and base64 without blanks; the vendor's
 * `ext*****base64` as a data URL; bare base64 whose bytes are a PNG, JPEG, GIF, BMP, XLSX or
 * XLS as a data URL of that type. Undefined when the base64 is not valid; other text (a URL,
 * a path) is returned unchanged.
 */
export function normalizeEmbedded(v: string): string | undefined {
  if (v === '') return '';
  let mime: string;
  let b64: string;
  const d = DATA_URL.exec(v);
  const f = d ? null : FILE_FORM.exec(v);
  if (d) {
    mime = d[1]!.toLowerCase();
    if (mime === 'image/jpg') mime = 'image/jpeg';
    b64 = d[2]!;
  } else if (f) {
    mime = mimeForExtension(f[1]!);
    b64 = f[2]!;
  } else {
    const bare = v.replace(/\s+/g, '');
    if (bare.length < 16 || !BASE64.test(bare) || bare.length % 4 !== 0) return v;
    const sniffed = sniffMime(decodeBase64(bare.slice(0, 16)));
    if (!sniffed) return v;
    mime = sniffed;
    b64 = bare;
  }
  b64 = b64.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  if (b64.length % 4 !== 0 && !b64.includes('=')) b64 += '='.repeat((4 - (b64.length % 4)) % 4);
  if (!BASE64.test(b64) || b64.length % 4 !== 0) return undefined;
  return `data:${mime};base64,${b64}`;
}

/** The .wdfx form of a document value (`png*****base64`); non-embedded text unchanged. */
export function toFileForm(v: string): string {
  const d = DATA_URL.exec(v);
  return d ? `${extensionForMime(d[1]!)}*****${d[2]}` : v;
}

/** The MIME type of an embedded value (without decoding it), or null when it is not one. */
export function embeddedMime(v: string): string | null {
  const m = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)[;,]/i.exec(v);
  return m && isEmbedded(v) ? m[1]! : null;
}

/** Type and bytes of an embedded value, or null when it is not one. */
export function embeddedBytes(v: string): { mime: string; bytes: Uint8Array } | null {
  const d = DATA_URL.exec(v);
  return d ? { mime: d[1]!, bytes: decodeBase64(d[2]!) } : null;
}

export function toDataUrl(mime: string, bytes: Uint8Array): string {
  return `data:${mime};base64,${encodeBase64(bytes)}`;
}

function sniffMime(b: Uint8Array): string | undefined {
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) return 'image/gif';
  if (b[0] === 0x42 && b[1] === 0x4d) return 'image/bmp';
  if (b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04) return MIME_BY_EXT.xlsx;
  if (b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0) return MIME_BY_EXT.xls;
  return undefined;
}

// ---------------------------------------------------------------------------------------
// Base64 without Buffer or atob, the same in Node and browsers.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const LOOKUP = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;

export function encodeBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  let chunk = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    chunk += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
    if (chunk.length >= 8192) (parts.push(chunk), (chunk = ''));
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    chunk += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + '==';
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    chunk += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + '=';
  }
  parts.push(chunk);
  return parts.join('');
}

/** Decodes standard base64 (blanks ignored); throws RangeError on other characters. */
export function decodeBase64(s: string): Uint8Array {
  const clean = s.replace(/[\s=]+/g, '');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let o = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < clean.length; i++) {
    const c = clean.charCodeAt(i);
    const v = c < 128 ? LOOKUP[c]! : -1;
    if (v < 0) throw new RangeError('invalid base64');
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return out.subarray(0, o);
}
