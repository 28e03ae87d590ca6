//! Reed-Solomon error correction over GF(929) (ISO/IEC 15438:2015 5.7 and Annex A).
//!
//! Kept apart from [`crate::reed_solomon`] (QR, Data Matrix, Grid Matrix): GF(929) is a prime
//! field, where adding is adding modulo 929, not XOR, so the other's tables and word-wide
//! XOR division do not apply.
//!
//! The field is the integers modulo the prime 929, with 3 as primitive element. Level `l`
//! (0-8) adds `k = 2^(l+1)` codewords: the negated remainder of `data(x) * x^k` divided by
//! `g(x) = (x - 3)(x - 3^2)...(x - 3^k)`, so that the whole codeword polynomial vanishes at
//! each root. The generators of levels 0-5 (every automatic level) are computed at compile
//! time; those of 6-8, which only a fixed level asks for, per symbol, O(k^2) (131 000
//! multiplications at level 8).

const P: u32 = 929;

/// The error-correction codewords for `data` (length descriptor, data and pads) at `level`
/// (0-8).
pub(super) fn codewords(data: &[u16], level: u8) -> Vec<u16> {
    let k = 2usize << level;
    // -g(x) below the leading term, so that the register only adds.
    let neg: Vec<u32> = if (level as usize) < SMALL.len() {
        SMALL[level as usize][..k].iter().map(|&c| (P - c as u32) % P).collect()
    } else {
        generator(k)[1..].iter().map(|&c| (P - c) % P).collect()
    };
    // The remainder, highest power first, is the window `r[s..s + k]` of a buffer, which
    // slides by one per data codeword instead of shifting (so the inner loop only adds to
    // distinct entries). Entries stay unreduced: one collects at most k products below
    // 929^2 (k <= 512: under 2^29); only the leading one is reduced, once per codeword.
    let mut r = vec![0u32; data.len() + k];
    for (s, &d) in data.iter().enumerate() {
        let f = (d as u32 + r[s]) % P;
        for (x, &n) in r[s + 1..s + 1 + k].iter_mut().zip(&neg) {
            *x += f * n;
        }
    }
    r[data.len()..].iter().map(|&x| ((P - x % P) % P) as u16).collect()
}

/// The generators of levels 0-5 (the automatic ones) below the leading term, computed at
/// compile time; higher levels are computed when asked for.
static SMALL: [[u16; 64]; 6] = small_generators();

const fn small_generators() -> [[u16; 64]; 6] {
    let mut out = [[0u16; 64]; 6];
    let mut level = 0;
    while level < 6 {
        let k = 2usize << level;
        let mut g = [0u32; 65];
        g[0] = 1;
        let mut root = 1;
        let mut j = 0;
        while j < k {
            root = root * 3 % P;
            let mut i = j + 1;
            while i > 0 {
                g[i] = (g[i] + P * P - root * g[i - 1]) % P;
                i -= 1;
            }
            j += 1;
        }
        let mut i = 0;
        while i < k {
            out[level][i] = g[i + 1] as u16;
            i += 1;
        }
        level += 1;
    }
    out
}

/// `g(x) = (x - 3)(x - 3^2)...(x - 3^k)`, coefficients highest power first (`g[0] = 1`).
fn generator(k: usize) -> Vec<u32> {
    let mut g = vec![0u32; k + 1];
    g[0] = 1;
    let mut root = 1;
    for j in 0..k {
        root = root * 3 % P;
        for i in (1..=j + 1).rev() {
            g[i] = (g[i] + P * P - root * g[i - 1]) % P;
        }
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The codeword polynomial vanishes at 3^1 .. 3^k.
    #[test]
    fn codewords_vanish_at_the_roots() {
        for level in 0..=8u8 {
            let data: Vec<u16> = (0..40u32).map(|i| ((i * 337 + 11) % 929) as u16).collect();
            let mut all = data.clone();
            all.extend(codewords(&data, level));
            let k = 2usize << level;
            assert_eq!(all.len(), data.len() + k);
            let mut root = 1u32;
            for _ in 0..k {
                root = root * 3 % P;
                let v = all.iter().fold(0u32, |acc, &c| (acc * root + c as u32) % P);
                assert_eq!(v, 0, "level {}", level);
            }
        }
    }

    /// ISO/IEC 15438 Annex A lists the coefficients; level 0: g(x) = x^2 - 12 x + 27
    /// (917 = -12 mod 929), level 1: 522 568 723 809 lowest power first.
    #[test]
    fn compile_time_generators_equal_the_computed_ones() {
        for level in 0..6 {
            let k = 2usize << level;
            let g: Vec<u32> = SMALL[level][..k].iter().map(|&c| c as u32).collect();
            assert_eq!(g, generator(k)[1..].to_vec());
        }
    }

    /// Every level equals plain long division modulo 929, one coefficient at a time: the
    /// check codewords are the negated remainder of data(x) * x^k by g(x).
    #[test]
    fn every_level_equals_plain_division() {
        for level in 0..=8u8 {
            let k = 2usize << level;
            let g = generator(k);
            for len in [1usize, 2, 30, 200] {
                let data: Vec<u16> = (0..len as u32).map(|i| ((i * 571 + level as u32 * 13 + 7) % P) as u16).collect();
                let mut dividend: Vec<u32> = data.iter().map(|&d| d as u32).chain(std::iter::repeat(0).take(k)).collect();
                for i in 0..len {
                    let lead = dividend[i];
                    for (j, &c) in g.iter().enumerate() {
                        dividend[i + j] = (dividend[i + j] + P * P - lead * c % P) % P;
                    }
                }
                let want: Vec<u16> = dividend[len..].iter().map(|&r| ((P - r) % P) as u16).collect();
                assert_eq!(codewords(&data, level), want, "level {} length {}", level, len);
            }
        }
    }

    #[test]
    fn generators_of_the_standard() {
        assert_eq!(generator(2), vec![1, 917, 27]);
        let g = generator(4);
        assert_eq!(vec![g[4], g[3], g[2], g[1]], vec![522, 568, 723, 809]);
    }
}
