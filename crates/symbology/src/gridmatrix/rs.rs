//! Reed-Solomon over GF(128) for Grid Matrix (AIMD014 7.2): field polynomial
//! x^7 + x^3 + 1 (137, 0x89) with primitive element a = 2, generator roots a^1 .. a^n.
//!
//! [`crate::reed_solomon`] serves the GF(256) symbologies; Grid Matrix's 7-bit codewords need
//! their own field, kept here so that module stays as it is. Same shape: exp/log tables built
//! at compile time, the generator computed once per degree, an LFSR division per block.

/// The field polynomial, x^7 + x^3 + 1.
pub const POLY: u16 = 0x89;

/// The largest generator degree a Grid Matrix block needs (Table A.1: 63).
pub const MAX_DEGREE: usize = 63;

struct Field {
    /// `exp[i] = a^i` for i in 0..254 (doubled, so sums of two logs need no modulo).
    exp: [u8; 256],
    /// `log[x]` for x in 1..=127.
    log: [u8; 128],
}

const fn build_field() -> Field {
    let mut exp = [0u8; 256];
    let mut log = [0u8; 128];
    let mut x: u16 = 1;
    let mut i = 0;
    while i < 127 {
        exp[i] = x as u8;
        exp[i + 127] = x as u8;
        log[x as usize] = i as u8;
        x <<= 1;
        if x & 0x80 != 0 {
            x ^= POLY;
        }
        i += 1;
    }
    exp[254] = exp[0];
    exp[255] = exp[1];
    Field { exp, log }
}

static FIELD: Field = build_field();

/// `a^power`.
pub fn exp(power: usize) -> u8 {
    FIELD.exp[power % 127]
}

/// The product of two field elements.
pub fn mul(a: u8, b: u8) -> u8 {
    if a == 0 || b == 0 {
        0
    } else {
        FIELD.exp[FIELD.log[a as usize] as usize + FIELD.log[b as usize] as usize]
    }
}

/// Each of the eight 7-bit field elements packed in `w` (one a byte) times a = x: shift left,
/// and where x^7 appears replace it by x^3 + 1 (the field polynomial).
fn double(w: u64) -> u64 {
    const LOW6: u64 = 0x3F3F_3F3F_3F3F_3F3F;
    const BIT6: u64 = 0x0101_0101_0101_0101;
    ((w & LOW6) << 1) ^ ((w >> 6) & BIT6) * 0x09
}

/// An encoder for one degree. The remainder is kept as bytes packed little-endian in 64-bit
/// words, and for every factor f the products f * g_k are kept the same way, so that one
/// step of the division (shift the remainder a codeword, add f * g) is a shift and an XOR per
/// 8 codewords rather than a table lookup per codeword.
pub struct Encoder {
    degree: usize,
    /// Words per remainder, `ceil(degree / 8)`.
    words: usize,
    /// `products[f * words + w]`: bytes 8w..8w+8 of `f * (g_(n-1), ..., g_0)`, the generator's
    /// coefficients below its leading 1, highest power first; zero beyond the degree.
    products: Vec<u64>,
}

impl Encoder {
    /// Panics unless 1 <= degree <= 63 (degrees come from the block table).
    pub fn new(degree: usize) -> Encoder {
        assert!((1..=MAX_DEGREE).contains(&degree), "Grid Matrix Reed-Solomon degree out of range");
        // g(x) = product of (x + a^i), i = 1..n, coefficients highest power first.
        let mut g = [0u8; MAX_DEGREE + 1];
        g[0] = 1;
        for i in 0..degree {
            let root = exp(1 + i);
            for j in (1..=i + 1).rev() {
                g[j] ^= mul(g[j - 1], root);
            }
        }
        let words = (degree + 7) / 8;
        // Row f = f * g. Multiplication distributes over XOR, so row f is row (f without its
        // lowest set bit) XOR row (that bit); the rows of 1, 2, 4, ..., 64 are g doubled again
        // and again, eight bytes at a time.
        let mut products = vec![0u64; 128 * words];
        for (k, &c) in g[1..=degree].iter().enumerate() {
            products[words + k / 8] |= (c as u64) << (8 * (k % 8));
        }
        for bit in 1..7 {
            let (f, half) = (1usize << bit, 1usize << (bit - 1));
            for w in 0..words {
                products[f * words + w] = double(products[half * words + w]);
            }
        }
        for f in 3..128usize {
            let low = f & f.wrapping_neg();
            if low != f {
                for w in 0..words {
                    products[f * words + w] = products[(f ^ low) * words + w] ^ products[low * words + w];
                }
            }
        }
        Encoder { degree, words, products }
    }

    /// The generator's coefficients, highest power first, with the leading 1 (for tests).
    #[cfg(test)]
    pub fn generator(&self) -> Vec<u8> {
        let mut g = vec![1u8];
        g.extend((0..self.degree).map(|k| (self.products[self.words + k / 8] >> (8 * (k % 8))) as u8));
        g
    }

    /// Writes the `degree` error-correction codewords of `data` (7-bit values) into `ecc`,
    /// highest power first: the order they follow the data in a block.
    pub fn encode_into(&self, data: &[u8], ecc: &mut [u8]) {
        assert_eq!(ecc.len(), self.degree);
        let w = self.words;
        let mut rem = [0u64; 9]; // one spare word of zeros shifts in from the top
        for &d in data {
            let factor = ((d ^ rem[0] as u8) & 0x7F) as usize;
            let row = &self.products[factor * w..factor * w + w];
            for k in 0..w {
                rem[k] = (rem[k] >> 8 | rem[k + 1] << 56) ^ row[k];
            }
        }
        for (k, e) in ecc.iter_mut().enumerate() {
            *e = (rem[k / 8] >> (8 * (k % 8))) as u8;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_is_gf128_of_137() {
        let mut seen = [false; 128];
        for i in 0..127 {
            let x = exp(i);
            assert!(x != 0 && x < 128 && !seen[x as usize]);
            seen[x as usize] = true;
        }
        assert_eq!(exp(7), 0x09); // a^7 = a^3 + 1
        assert_eq!(mul(1, 0x55), 0x55);
        assert_eq!(mul(0x40, 2), 0x09);
    }

    /// Data followed by the check codewords is a multiple of g(x): it vanishes at a^1..a^n.
    #[test]
    fn codewords_vanish_at_roots() {
        for &degree in &[3usize, 9, 25, 49, 63] {
            let data: Vec<u8> = (0..60u32).map(|i| ((i * 37 + 11) % 128) as u8).collect();
            let mut ecc = vec![0u8; degree];
            Encoder::new(degree).encode_into(&data, &mut ecc);
            for r in 1..=degree {
                let root = exp(r);
                let acc = data.iter().chain(ecc.iter()).fold(0u8, |acc, &c| mul(acc, root) ^ c);
                assert_eq!(acc, 0, "degree {} root a^{}", degree, r);
            }
        }
    }

    /// The packed products are f * g_k for every factor f and coefficient g_k.
    #[test]
    fn products_table() {
        for &degree in &[1usize, 8, 9, 37, 63] {
            let e = Encoder::new(degree);
            let g = e.generator();
            for f in 0..128u8 {
                for k in 0..degree {
                    let packed = (e.products[f as usize * e.words + k / 8] >> (8 * (k % 8))) as u8;
                    assert_eq!(packed, mul(f, g[k + 1]), "degree {} f {} k {}", degree, f, k);
                }
                for k in degree..e.words * 8 {
                    assert_eq!((e.products[f as usize * e.words + k / 8] >> (8 * (k % 8))) as u8, 0);
                }
            }
        }
    }

    #[test]
    fn generator_of_degree_two() {
        // (x - a)(x - a^2) = x^2 + (a + a^2) x + a^3
        assert_eq!(Encoder::new(2).generator(), vec![1, 2 ^ 4, 8]);
    }
}
