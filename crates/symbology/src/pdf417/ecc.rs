//! Reed-Solomon error correction over GF(929) (ISO/IEC 15438:2015 5.7 and Annex A).
//!
//! The field is the integers modulo the prime 929, with 3 as primitive element. Level `l`
//! (0-8) adds `k = 2^(l+1)` codewords: the negated remainder of `data(x) * x^k` divided by
//! `g(x) = (x - 3)(x - 3^2)...(x - 3^k)`, so that the whole codeword polynomial vanishes at
//! each root. The generator is computed per symbol, O(k^2): 2 080 multiplications at level
//! 5 (the highest automatic level for data over 320 codewords), 131 000 at level 8, which
//! only a fixed level asks for.

const P: u32 = 929;

/// The error-correction codewords for `data` (length descriptor, data and pads) at `level`
/// (0-8).
pub(super) fn codewords(data: &[u16], level: u8) -> Vec<u16> {
    let k = 2usize << level;
    // -g(x) below the leading term, so that the register only adds.
    let neg: Vec<u32> = generator(k)[1..].iter().map(|&c| (P - c) % P).collect();
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
    fn generators_of_the_standard() {
        assert_eq!(generator(2), vec![1, 917, 27]);
        let g = generator(4);
        assert_eq!(vec![g[4], g[3], g[2], g[1]], vec![522, 568, 723, 809]);
    }
}
