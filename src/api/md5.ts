/**
 * MD5 (RFC 1321) of a string's UTF-8 bytes, as upper-case hex: the wire format of every
 * password the client sends (login, register, reset, change; spec section 5). The server
 * never sees the typed password and stores only a slow salted hash of this value.
 *
 * MD5 is not a security measure here, only the protocol's encoding; it is small enough to
 * write out rather than pull in a package. Runs in the browser and in Node.
 */

/** Upper-case hex MD5 of `text` encoded as UTF-8, e.g. md5Upper('abc') = '900150983CD2...'. */
export function md5Upper(text: string): string {
  return md5Hex(new TextEncoder().encode(text)).toUpperCase();
}

/** Lower-case hex MD5 of raw bytes. */
export function md5Hex(bytes: Uint8Array): string {
  const words = digest(bytes);
  let hex = '';
  for (const word of words) {
    for (let i = 0; i < 4; i++) hex += ((word >>> (8 * i)) & 0xff).toString(16).padStart(2, '0');
  }
  return hex;
}

// Per-round left-rotation amounts, 4 per round repeated 4 times (RFC 1321, section 3.4).
const SHIFTS = [
  7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
  5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
  4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
  6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
];

// K[i] = floor(abs(sin(i + 1)) * 2^32).
const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

/** The four little-endian state words after processing the padded message. */
function digest(message: Uint8Array): [number, number, number, number] {
  // Pad: 0x80, zeros up to 56 mod 64, then the bit length as 64-bit little-endian.
  const paddedLength = (((message.length + 8) >>> 6) + 1) << 6;
  const padded = new Uint8Array(paddedLength);
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  const bitLength = message.length * 8;
  view.setUint32(paddedLength - 8, bitLength >>> 0, true);
  view.setUint32(paddedLength - 4, Math.floor(bitLength / 2 ** 32), true);

  let a0 = 0x67452301;
  let b0 = 0xefcdab89;
  let c0 = 0x98badcfe;
  let d0 = 0x10325476;
  const m = new Array<number>(16);

  for (let offset = 0; offset < paddedLength; offset += 64) {
    for (let i = 0; i < 16; i++) m[i] = view.getUint32(offset + i * 4, true);
    let a = a0;
    let b = b0;
    let c = c0;
    let d = d0;
    for (let i = 0; i < 64; i++) {
      let f: number;
      let g: number;
      if (i < 16) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (i < 32) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) % 16;
      } else if (i < 48) {
        f = b ^ c ^ d;
        g = (3 * i + 5) % 16;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) % 16;
      }
      const sum = (a + f + K[i] + m[g]) >>> 0;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << SHIFTS[i]) | (sum >>> (32 - SHIFTS[i])))) >>> 0;
    }
    a0 = (a0 + a) >>> 0;
    b0 = (b0 + b) >>> 0;
    c0 = (c0 + c) >>> 0;
    d0 = (d0 + d) >>> 0;
  }
  return [a0, b0, c0, d0];
}
