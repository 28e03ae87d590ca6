/**
 * Deterministic randomness for fuzzing: every input is a pure function of (seed, index),
 * so a failure found at input 734,211 of a million is reproduced alone, without replaying
 * the 734,210 before it (`npm run fuzz -- --target=xml --seed=S --only=734211`).
 */

/** splitmix32 of one 32-bit word: a well-mixed hash, used to derive a stream's start. */
function mix32(x: number): number {
  x = (x + 0x9e3779b9) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** A small fast generator (sfc32) seeded from (seed, index). */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d = 1;

  constructor(seed: number, index = 0) {
    this.a = mix32(seed);
    this.b = mix32(this.a ^ index);
    this.c = mix32(this.b ^ Math.imul(index, 0x27d4eb2d));
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** A uniform 32-bit unsigned integer. */
  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A whole number in [0, n). */
  int(n: number): number {
    return n <= 0 ? 0 : Math.floor((this.u32() / 0x1_0000_0000) * n);
  }

  /** A whole number in [lo, hi]. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.u32() / 0x1_0000_0000 < p;
  }

  float(lo: number, hi: number): number {
    return lo + (this.u32() / 0x1_0000_0000) * (hi - lo);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = this.u32() & 0xff;
    return out;
  }

  /**
   * A number that is usually sensible and sometimes at an edge: 0, negatives, tiny and
   * huge magnitudes, NaN and the infinities (for fields the facade passes through).
   */
  edgyNumber(typical: number): number {
    switch (this.int(12)) {
      case 0: return 0;
      case 1: return -typical;
      case 2: return this.pick([NaN, Infinity, -Infinity, 1e308, -1e308, 5e-324, -0]);
      case 3: return this.pick([0.0001, 0.5, 1, 2 ** 16, 2 ** 31 - 1, 2 ** 32, 1e9]);
      default: return this.float(0, typical * 2);
    }
  }
}

/** Text a user might type, and text built to hurt: CJK, combining marks, emoji, controls. */
const TEXT_PIECES = [
  'A', 'z', '0', '9', ' ', '-', '/', '\n', '\t', '\r\n', '资产', '固定资产标签', '𠀀', '😀', 'é', 'e\u0301',
  '\u0000', '\u0001', '\u001f', '\u007f', '\u00ad', '\u200b', '\u202e', '\ufeff', '\ufffd', '\ud800', '\udc00',
  '<', '>', '&', '"', "'", ']]>', '&amp;', '&#0;', '&#x1F600;', '%', '{', '}', '\\', '=HYPERLINK("x")',
];

export function randomText(rng: Rng, maxPieces = 24): string {
  const n = rng.int(maxPieces + 1);
  let s = '';
  for (let i = 0; i < n; i++) {
    s += rng.chance(0.5) ? rng.pick(TEXT_PIECES) : String.fromCharCode(rng.range(0x20, 0x7e));
  }
  if (rng.chance(0.02)) s = s.repeat(rng.range(50, 400));
  return s;
}
