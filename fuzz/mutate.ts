/**
 * Byte-level mutation of a valid input: the classic operators of coverage-less fuzzers
 * (bit flips, interesting integers over length and count fields, block insert, delete,
 * duplicate and splice with another corpus entry). Applied 1 to 8 times per input.
 */
import type { Rng } from './random.ts';

/** Values that break length and index arithmetic when written over a field. */
const INTERESTING_U8 = [0, 1, 0x7f, 0x80, 0xff];
const INTERESTING_U16 = [0, 1, 0x7fff, 0x8000, 0xffff, 0x100, 0x3e8];
const INTERESTING_U32 = [0, 1, 0x7fff_ffff, 0x8000_0000, 0xffff_ffff, 0x1_0000 - 1, 0x0010_0000];

/** Largest input a mutation may grow to, bytes (keeps one input's cost bounded). */
const MAX_MUTATED_BYTES = 1 << 20;

export function mutateBytes(rng: Rng, input: Uint8Array, corpus: readonly Uint8Array[] = []): Uint8Array {
  let bytes: Uint8Array = input.slice();
  const rounds = rng.range(1, 8);
  for (let r = 0; r < rounds; r++) bytes = mutateOnce(rng, bytes, corpus);
  return bytes.length > MAX_MUTATED_BYTES ? bytes.subarray(0, MAX_MUTATED_BYTES) : bytes;
}

function mutateOnce(rng: Rng, b: Uint8Array, corpus: readonly Uint8Array[]): Uint8Array {
  const at = b.length === 0 ? 0 : rng.int(b.length);
  switch (rng.int(9)) {
    case 0: { // flip one bit
      if (b.length) b[at]! ^= 1 << rng.int(8);
      return b;
    }
    case 1: { // a random byte
      if (b.length) b[at] = rng.u32() & 0xff;
      return b;
    }
    case 2: { // an interesting byte
      if (b.length) b[at] = rng.pick(INTERESTING_U8);
      return b;
    }
    case 3: { // an interesting little-endian u16 or u32 over a field
      const wide = rng.chance(0.5);
      const v = wide ? rng.pick(INTERESTING_U32) : rng.pick(INTERESTING_U16);
      const n = wide ? 4 : 2;
      for (let i = 0; i < n && at + i < b.length; i++) b[at + i] = (v >>> (8 * i)) & 0xff;
      return b;
    }
    case 4: { // delete a block
      const len = Math.min(b.length - at, rng.range(1, 64));
      return concat(b.subarray(0, at), b.subarray(at + len));
    }
    case 5: { // insert random bytes
      return concat(b.subarray(0, at), rng.bytes(rng.range(1, 32)), b.subarray(at));
    }
    case 6: { // duplicate a block (repeated records, runaway counts)
      const len = Math.min(b.length - at, rng.range(1, 256));
      const block = b.subarray(at, at + len);
      const times = rng.range(1, 16);
      return concat(b.subarray(0, at + len), ...Array.from({ length: times }, () => block), b.subarray(at + len));
    }
    case 7: { // splice: our head, another entry's tail
      if (corpus.length === 0) return b;
      const other = rng.pick(corpus);
      return concat(b.subarray(0, at), other.subarray(rng.int(other.length + 1)));
    }
    default: { // truncate
      return b.subarray(0, at);
    }
  }
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
