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

/// An encoder for one degree: `log_gen[k]` is the log of the coefficient of x^(n-1-k) of
/// `g(x) = (x - a)(x - a^2)...(x - a^n)` below its leading 1 (none is zero).
pub struct Encoder {
    degree: usize,
    log_gen: [u8; MAX_DEGREE],
}

impl Encoder {
    /// Panics unless 1 <= degree <= 63 (degrees come from the block table).
    pub fn new(degree: usize) -> Encoder {
        assert!((1..=MAX_DEGREE).contains(&degree), "Grid Matrix Reed-Solomon degree out of range");
        let mut g = [0u8; MAX_DEGREE + 1];
        g[0] = 1;
        for i in 0..degree {
            let root = exp(1 + i);
            for j in (1..=i + 1).rev() {
                g[j] ^= mul(g[j - 1], root);
            }
        }
        let mut log_gen = [0u8; MAX_DEGREE];
        for k in 0..degree {
            log_gen[k] = FIELD.log[g[k + 1] as usize];
        }
        Encoder { degree, log_gen }
    }

    /// The generator's coefficients, highest power first, with the leading 1 (for tests).
    #[cfg(test)]
    pub fn generator(&self) -> Vec<u8> {
        let mut g = vec![1u8];
        g.extend(self.log_gen[..self.degree].iter().map(|&l| FIELD.exp[l as usize]));
        g
    }

    /// Writes the `degree` error-correction codewords of `data` (7-bit values) into `ecc`,
    /// highest power first: the order they follow the data in a block.
    pub fn encode_into(&self, data: &[u8], ecc: &mut [u8]) {
        let n = self.degree;
        assert_eq!(ecc.len(), n);
        ecc.iter_mut().for_each(|e| *e = 0);
        let gen = &self.log_gen[..n];
        for &d in data {
            let factor = (d ^ ecc[0]) & 0x7F;
            if factor == 0 {
                ecc.copy_within(1.., 0);
                ecc[n - 1] = 0;
            } else {
                let lf = FIELD.log[factor as usize] as usize;
                // `& 255` keeps the index visibly inside the table (both logs are below 127).
                for j in 0..n - 1 {
                    ecc[j] = ecc[j + 1] ^ FIELD.exp[(lf + gen[j] as usize) & 255];
                }
                ecc[n - 1] = FIELD.exp[(lf + gen[n - 1] as usize) & 255];
            }
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

    #[test]
    fn generator_of_degree_two() {
        // (x - a)(x - a^2) = x^2 + (a + a^2) x + a^3
        assert_eq!(Encoder::new(2).generator(), vec![1, 2 ^ 4, 8]);
    }
}
