//! Reed-Solomon error correction for Data Matrix: the blocks, their interleaving, and a
//! fast remainder computation.
//!
//! The error-correction codewords of a block are the remainder of `data(x) * x^n` divided
//! by the generator of [`reed_solomon::DATA_MATRIX`] (the code itself is defined there).
//! The division here is the same shift register, but it keeps the remainder as big-endian
//! 64-bit words and adds `factor * g(x)` as a precomputed row of words: one shift and one
//! XOR of at most 9 words per data codeword instead of up to 68 table lookups. The 256
//! rows are built from the 8 powers of two by linearity (`row[a ^ b] = row[a] ^ row[b]`),
//! at most 2304 XORs, and kept for the next symbol with the same block length. A test
//! checks the result against [`reed_solomon`].

use super::sizes::SizeInfo;
use crate::reed_solomon::{self, MAX_DEGREE};
use std::cell::RefCell;

const WORDS: usize = (MAX_DEGREE + 7) / 8;

/// `factor * g(x)` rows (see [`generator_rows`]) for every factor.
type Rows = [[u64; WORDS]; 256];

thread_local! {
    /// The rows of the last block length used, by its error-correction codeword count (0:
    /// none yet): building them costs about as much as the division of a large symbol,
    /// and a label batch encodes one size over and over.
    static LAST_ROWS: RefCell<(usize, Box<Rows>)> = RefCell::new((0, Box::new([[0; WORDS]; 256])));
}

/// Appends the Reed-Solomon codewords, interleaved: codeword `n` of the whole stream (data,
/// then error correction) belongs to block `n % blocks`; with `iso_144`, error-correction
/// codeword `k` belongs to block `k % blocks` (the two differ for 144x144 only, see
/// [`super::DmOptions::iso_144`]).
pub(super) fn add_error_correction(data: &[u8], size: &SizeInfo, iso_144: bool) -> Vec<u8> {
    let blocks = size.blocks as usize;
    let n = size.ecc_per_block as usize;
    let mut out = Vec::with_capacity(data.len() + blocks * n);
    out.extend_from_slice(data);
    out.resize(data.len() + blocks * n, 0);
    LAST_ROWS.with(|cache| {
        let mut cache = cache.borrow_mut();
        if cache.0 != n {
            *cache = (n, generator_rows(n));
        }
        let rows = &*cache.1;
        let mut ecc = [0u8; MAX_DEGREE];
        for b in 0..blocks {
            remainder(rows, n, data.iter().skip(b).step_by(blocks).copied(), &mut ecc[..n]);
            let mut p = data.len() + if iso_144 { b } else { (b + blocks - data.len() % blocks) % blocks };
            for &e in &ecc[..n] {
                out[p] = e;
                p += blocks;
            }
        }
    });
    out
}

/// `factor * g(x)` below the leading term, for every factor, as big-endian words (the
/// coefficient of `x^(n-1)` in the top byte of word 0). A fixed row width lets the compiler
/// unroll the loops.
fn generator_rows(n: usize) -> Box<Rows> {
    let code = &reed_solomon::DATA_MATRIX;
    let g = code.encoder(n).generator(); // n + 1 coefficients, g[0] = 1
    let mut rows = Box::new([[0u64; WORDS]; 256]);
    for bit in 0..8 {
        let m = 1u8 << bit;
        for (j, &coefficient) in g[1..].iter().enumerate() {
            rows[m as usize][j / 8] |= (code.field.mul(m, coefficient) as u64) << (56 - 8 * (j % 8));
        }
    }
    for x in 3..256usize {
        let low = x & x.wrapping_neg();
        if low != x {
            for w in 0..WORDS {
                rows[x][w] = rows[x ^ low][w] ^ rows[low][w];
            }
        }
    }
    rows
}

/// The remainder of `data(x) * x^n` by the generator, `n` codewords into `out`.
fn remainder(rows: &Rows, n: usize, data: impl Iterator<Item = u8>, out: &mut [u8]) {
    // One copy of the loop per register width (5 to 68 codewords: 1 to 9 words), so that
    // the register lives in locals and the shifts are unrolled.
    match (n + 7) / 8 {
        1 => remainder_words::<1>(rows, data, out),
        2 => remainder_words::<2>(rows, data, out),
        3 => remainder_words::<3>(rows, data, out),
        4 => remainder_words::<4>(rows, data, out),
        5 => remainder_words::<5>(rows, data, out),
        6 => remainder_words::<6>(rows, data, out),
        7 => remainder_words::<7>(rows, data, out),
        8 => remainder_words::<8>(rows, data, out),
        _ => remainder_words::<WORDS>(rows, data, out),
    }
}

/// [`remainder`] with a register of `W` words.
#[inline(always)]
fn remainder_words<const W: usize>(rows: &Rows, data: impl Iterator<Item = u8>, out: &mut [u8]) {
    let mut r = [0u64; W];
    for d in data {
        let factor = d ^ (r[0] >> 56) as u8;
        for i in 0..W - 1 {
            r[i] = r[i] << 8 | r[i + 1] >> 56;
        }
        r[W - 1] <<= 8;
        let row = &rows[factor as usize];
        for i in 0..W {
            r[i] ^= row[i];
        }
    }
    for (j, o) in out.iter_mut().enumerate() {
        *o = (r[j / 8] >> (56 - 8 * (j % 8))) as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remainders_equal_the_shared_encoder() {
        for n in [5, 7, 8, 10, 11, 12, 18, 28, 36, 42, 56, 62, 68] {
            let rows = generator_rows(n);
            for len in [1usize, 3, 17, 100, 175] {
                let data: Vec<u8> = (0..len).map(|i| (i * 89 + n * 7 + 3) as u8).collect();
                let mut ours = vec![0u8; n];
                remainder(&rows, n, data.iter().copied(), &mut ours);
                assert_eq!(ours, reed_solomon::DATA_MATRIX.encoder(n).encode(&data), "n {} len {}", n, len);
            }
        }
    }
}
