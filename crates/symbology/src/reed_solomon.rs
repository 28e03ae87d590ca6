//! Reed-Solomon error correction over GF(2^8), shared by the matrix symbologies.
//!
//! # The field
//!
//! GF(256) is built from a primitive polynomial of degree 8; the symbologies differ only in
//! which one and in the first root of the generator polynomial:
//!
//! | Symbology   | Field polynomial            | Generator roots        |
//! |-------------|-----------------------------|------------------------|
//! | QR Code     | x^8+x^4+x^3+x^2+1 (0x11D)   | a^0 .. a^(n-1) ([`QR`])  |
//! | Data Matrix | x^8+x^5+x^3+x^2+1 (0x12D)   | a^1 .. a^n ([`DATA_MATRIX`]) |
//!
//! where a = 2 is a primitive element of both fields. A [`Field`] holds exp/log tables,
//! built at compile time (`const fn`), so multiplication is two table reads and an add.
//!
//! # The code
//!
//! The error-correction codewords of a block are the remainder of `data(x) * x^n` divided
//! by the generator `g(x) = (x - a^r)(x - a^(r+1))...(x - a^(r+n-1))` (a systematic code,
//! ISO/IEC 18004 7.5.2, ISO/IEC 16022 5.7.1). [`ReedSolomon::new`] computes `g` once for a
//! degree, in the log domain, and [`ReedSolomon::encode_into`] runs the usual LFSR division.
//! Up to degree 32 (all of QR) the remainder rides in four 64-bit words and each data
//! codeword XORs in a precomputed row `factor * g(x)` (a table of 8 kB per generator, made
//! once per thread): four XORs a codeword instead of `n` table lookups. Above, one table
//! lookup and `n` XORs per data codeword. Degrees run 1 to [`MAX_DEGREE`] (QR needs at
//! most 30, Data Matrix 68).

use std::cell::RefCell;
use std::rc::Rc;

/// The largest generator degree (error-correction codewords per block) supported: Data
/// Matrix 144x144 uses 68 per block; QR at most 30.
pub const MAX_DEGREE: usize = 68;

/// Generators up to this degree (all of QR's) divide with [`Multiples`] tables: four
/// 64-bit words hold the remainder.
const WORD_DEGREE_MAX: usize = 32;

/// `factor * g(x)` (below the leading term) for each of the 256 factors, coefficients as
/// big-endian bytes of four words: 8 kB a generator.
type Multiples = [[u64; 4]; 256];

/// Generators whose tables a thread keeps (a label's QR codes use one or two degrees).
const MULTIPLES_CACHED: usize = 8;

thread_local! {
    /// Tables by (field: a^8, first root, degree), the most recently made last.
    static MULTIPLES: RefCell<Vec<((u8, u8, u8), Rc<Multiples>)>> = RefCell::new(Vec::new());
}

/// The generator of `degree` (1..=MAX_DEGREE) as [`ReedSolomon`]'s `log_gen`: `g(x) =
/// product of (x - a^(first_root + i))`, coefficients highest power first; in GF(2^m)
/// minus is plus, so multiplying by (x + root) adds root * (previous coefficient) to each
/// coefficient below the leading one. A `const fn` (while loops) so tables can be built at
/// compile time.
const fn log_generator(field: &Field, first_root: u8, degree: usize) -> [u8; MAX_DEGREE] {
    let mut g = [0u8; MAX_DEGREE + 1];
    g[0] = 1;
    let mut i = 0;
    while i < degree {
        let root = field.exp[(first_root as usize + i) % 255];
        let mut j = i + 1;
        while j >= 1 {
            let a = g[j - 1];
            if a != 0 {
                g[j] ^= field.exp[field.log[a as usize] as usize + field.log[root as usize] as usize];
            }
            j -= 1;
        }
        i += 1;
    }
    let mut log_gen = [0u8; MAX_DEGREE];
    let mut k = 0;
    while k < degree {
        log_gen[k] = field.log[g[k + 1] as usize];
        k += 1;
    }
    log_gen
}

/*---- Public API ----*/

/// GF(256) with a given primitive polynomial, as exp/log tables.
#[derive(Clone)]
pub struct Field {
    /// `exp[i] = a^i` for i in 0..510 (doubled, so `exp[log a + log b]` needs no modulo).
    exp: [u8; 512],
    /// `log[x]` for x in 1..=255; `log[0]` is unused (0 has no logarithm).
    log: [u8; 256],
}

/// The QR Code field (ISO/IEC 18004 7.5.2): polynomial 0x11D, generator roots from a^0.
pub static QR: Code = Code { field: Field::new(0x11D), first_root: 0, precomputed: &QR_LOG_GENERATORS };

/// The Data Matrix field (ISO/IEC 16022 5.7.1): polynomial 0x12D, generator roots from a^1.
/// (Data Matrix keeps its own per-degree cache, datamatrix/ecc.rs.)
pub static DATA_MATRIX: Code = Code { field: Field::new(0x12D), first_root: 1, precomputed: &[] };

/// QR's generators for every degree it uses (7 to 30 error-correction codewords per
/// block; index = degree, 0 unused), built at compile time: building one costs
/// `degree^2 / 2` field multiplications, a few per cent of a version 3 encode.
static QR_LOG_GENERATORS: [[u8; MAX_DEGREE]; 31] = {
    let field = Field::new(0x11D);
    let mut t = [[0u8; MAX_DEGREE]; 31];
    let mut degree = 1;
    while degree <= 30 {
        t[degree] = log_generator(&field, 0, degree);
        degree += 1;
    }
    t
};

/// A family of Reed-Solomon codes: a field and the exponent of the generator's first root.
#[derive(Clone)]
pub struct Code {
    pub field: Field,
    pub first_root: u8,
    /// Generators computed ahead, as [`ReedSolomon`]'s `log_gen`, indexed by degree
    /// (entry 0 unused); degrees past the end are computed when asked for.
    pub precomputed: &'static [[u8; MAX_DEGREE]],
}

/// A Reed-Solomon encoder for one generator degree (error-correction codewords per block).
#[derive(Clone)]
pub struct ReedSolomon<'a> {
    field: &'a Field,
    /// With the field and the degree, names the generator (the key of [`MULTIPLES`]).
    first_root: u8,
    degree: usize,
    /// Generator coefficients below the leading 1, highest power first, as logarithms:
    /// `g(x) = x^n + g[0] x^(n-1) + ... + g[n-1]`, `log_gen[i] = log g[i]`. No coefficient is
    /// zero (the roots are distinct powers of a primitive element).
    log_gen: [u8; MAX_DEGREE],
}

impl Field {
    /// The field of polynomial `poly` (degree 8, bit 8 set, e.g. 0x11D), with a = 2.
    ///
    /// Panics (at compile time when used in a `const`) if 2 is not primitive for `poly`:
    /// a caller bug, never data-dependent.
    pub const fn new(poly: u16) -> Field {
        let mut exp = [0u8; 512];
        let mut log = [0u8; 256];
        let mut x: u16 = 1;
        let mut i = 0;
        while i < 255 {
            exp[i] = x as u8;
            exp[i + 255] = x as u8;
            log[x as usize] = i as u8;
            x <<= 1;
            if x & 0x100 != 0 {
                x ^= poly;
            }
            if x == 1 && i < 254 {
                panic!("2 is not a primitive element for this polynomial");
            }
            i += 1;
        }
        exp[510] = exp[0];
        exp[511] = exp[1];
        Field { exp, log }
    }

    /// `a^power` for any power (reduced modulo 255).
    #[inline]
    pub fn exp(&self, power: usize) -> u8 {
        self.exp[power % 255]
    }

    /// `log_a(x)` for x != 0; `None` for 0.
    #[inline]
    pub fn log(&self, x: u8) -> Option<u8> {
        if x == 0 {
            None
        } else {
            Some(self.log[x as usize])
        }
    }

    /// The product `a * b` in this field.
    #[inline]
    pub fn mul(&self, a: u8, b: u8) -> u8 {
        if a == 0 || b == 0 {
            0
        } else {
            self.exp[self.log[a as usize] as usize + self.log[b as usize] as usize]
        }
    }
}

impl Code {
    /// An encoder producing `degree` error-correction codewords per block.
    ///
    /// Panics if `degree` is 0 or above [`MAX_DEGREE`]: block sizes come from the
    /// symbologies' tables, so a bad degree is a bug, not bad data.
    pub fn encoder(&self, degree: usize) -> ReedSolomon<'_> {
        match self.precomputed.get(degree) {
            Some(&log_gen) if degree >= 1 => ReedSolomon { field: &self.field, first_root: self.first_root, degree, log_gen },
            _ => ReedSolomon::new(&self.field, self.first_root, degree),
        }
    }
}

impl<'a> ReedSolomon<'a> {
    /// The encoder for generator roots `a^first_root .. a^(first_root + degree - 1)`.
    /// See [`Code::encoder`] for the panics.
    pub fn new(field: &'a Field, first_root: u8, degree: usize) -> ReedSolomon<'a> {
        assert!(degree >= 1 && degree <= MAX_DEGREE, "Reed-Solomon degree out of range");
        ReedSolomon { field, first_root, degree, log_gen: log_generator(field, first_root, degree) }
    }

    /// The number of error-correction codewords this encoder produces.
    pub fn degree(&self) -> usize {
        self.degree
    }

    /// The generator polynomial's coefficients, highest power first, including the leading 1
    /// (`degree + 1` values). For tests and documentation.
    pub fn generator(&self) -> Vec<u8> {
        let mut g = Vec::with_capacity(self.degree + 1);
        g.push(1);
        for &l in &self.log_gen[..self.degree] {
            g.push(self.field.exp[l as usize]);
        }
        g
    }

    /// Writes the error-correction codewords of `data` into `ecc` (`ecc.len()` must equal
    /// [`ReedSolomon::degree`]; panics otherwise).
    pub fn encode_into(&self, data: &[u8], ecc: &mut [u8]) {
        let n = self.degree;
        assert_eq!(ecc.len(), n, "ecc buffer length must equal the generator degree");
        if n > WORD_DEGREE_MAX {
            return self.lfsr_into(data, ecc);
        }
        // The remainder in four big-endian words (byte j = coefficient j, highest power
        // first; bytes past n stay 0): a step shifts it one byte and XORs in the product
        // row of the factor, 8 bytes at a time.
        let multiples = self.multiples();
        let mut r = [0u64; 4];
        for &d in data {
            let factor = d ^ (r[0] >> 56) as u8;
            r = [r[0] << 8 | r[1] >> 56, r[1] << 8 | r[2] >> 56, r[2] << 8 | r[3] >> 56, r[3] << 8];
            let row = &multiples[factor as usize];
            for (w, m) in r.iter_mut().zip(row) {
                *w ^= m;
            }
        }
        for (j, e) in ecc.iter_mut().enumerate() {
            *e = (r[j / 8] >> (56 - 8 * (j % 8))) as u8;
        }
    }

    /// The same division one coefficient at a time in the log domain: any degree, no table.
    fn lfsr_into(&self, data: &[u8], ecc: &mut [u8]) {
        let n = self.degree;
        for e in ecc.iter_mut() {
            *e = 0;
        }
        let exp = &self.field.exp;
        let log = &self.field.log;
        let gen = &self.log_gen[..n];
        for &d in data {
            // Shift the remainder one place and add factor * g(x), in one pass.
            let factor = d ^ ecc[0];
            if factor == 0 {
                ecc.copy_within(1.., 0);
                ecc[n - 1] = 0;
            } else {
                let lf = log[factor as usize] as usize;
                // `& 511` is a no-op (both logs are below 255) that lets the compiler drop
                // the bounds check on the 512-entry table.
                for j in 0..n - 1 {
                    ecc[j] = ecc[j + 1] ^ exp[(lf + gen[j] as usize) & 511];
                }
                ecc[n - 1] = exp[(lf + gen[n - 1] as usize) & 511];
            }
        }
    }

    /// `factor * g(x)` below the leading term for every factor, as [`Self::encode_into`]'s
    /// words: from the per-thread cache, made on first use of this generator.
    fn multiples(&self) -> Rc<Multiples> {
        let key = (self.field.exp[8], self.first_root, self.degree as u8);
        MULTIPLES.with(|cache| {
            if let Some((_, table)) = cache.borrow().iter().find(|(k, _)| *k == key) {
                return table.clone();
            }
            let mut table = [[0u64; 4]; 256];
            for (factor, row) in table.iter_mut().enumerate().skip(1) {
                let lf = self.field.log[factor] as usize;
                for (j, &lg) in self.log_gen[..self.degree].iter().enumerate() {
                    row[j / 8] |= (self.field.exp[lf + lg as usize] as u64) << (56 - 8 * (j % 8));
                }
            }
            let table = Rc::new(table);
            let mut cache = cache.borrow_mut();
            if cache.len() >= MULTIPLES_CACHED {
                cache.remove(0);
            }
            cache.push((key, table.clone()));
            table
        })
    }

    /// The error-correction codewords of `data` as a new vector.
    pub fn encode(&self, data: &[u8]) -> Vec<u8> {
        let mut ecc = vec![0u8; self.degree];
        self.encode_into(data, &mut ecc);
        ecc
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ISO/IEC 18004:2015 Annex I.3: "01234567" as version 1-M. The 16 data codewords
    /// (mode 0001, count 8, 012 345 67, terminator, pad) and the 10 error-correction
    /// codewords the standard prints.
    #[test]
    fn qr_annex_i_worked_example() {
        let data = [
            0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC,
            0x11,
        ];
        let ecc = QR.encoder(10).encode(&data);
        assert_eq!(ecc, vec![0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55]);
    }

    /// ISO/IEC 18004 Annex A lists generator polynomials as exponents of a; degree 7 is
    /// a^0 x^7 + a^87 x^6 + a^229 x^5 + a^146 x^4 + a^149 x^3 + a^238 x^2 + a^102 x + a^21.
    #[test]
    fn qr_generator_degree_7_matches_annex_a() {
        let f = &QR.field;
        let g = QR.encoder(7).generator();
        let logs: Vec<u8> = g.iter().map(|&c| f.log(c).unwrap()).collect();
        assert_eq!(logs, vec![0, 87, 229, 146, 149, 238, 102, 21]);
    }

    /// ISO/IEC 16022 Annex E worked example: "123456" in a 10x10 symbol gives data
    /// codewords 142 164 186 and error-correction codewords 114 25 5 88 102.
    #[test]
    fn data_matrix_annex_example() {
        let ecc = DATA_MATRIX.encoder(5).encode(&[142, 164, 186]);
        assert_eq!(ecc, vec![114, 25, 5, 88, 102]);
    }

    #[test]
    fn precomputed_generators_equal_computed_ones() {
        for degree in 1..=MAX_DEGREE {
            let runtime = ReedSolomon::new(&QR.field, 0, degree);
            assert_eq!(QR.encoder(degree).generator(), runtime.generator(), "degree {}", degree);
        }
        assert_eq!(QR.encoder(7).log_gen, QR_LOG_GENERATORS[7]);
    }

    #[test]
    fn field_tables_are_consistent() {
        for code in [&QR, &DATA_MATRIX] {
            let f = &code.field;
            let mut seen = [false; 256];
            for i in 0..255 {
                let x = f.exp(i);
                assert!(x != 0 && !seen[x as usize]);
                seen[x as usize] = true;
                assert_eq!(f.log(x), Some(i as u8));
            }
            assert_eq!(f.mul(0, 7), 0);
            assert_eq!(f.mul(1, 0x53), 0x53);
        }
        // a^8 = poly - x^8
        assert_eq!(QR.field.exp(8), 0x1D);
        assert_eq!(DATA_MATRIX.field.exp(8), 0x2D);
    }

    /// The word-wise division gives what the coefficient-by-coefficient one gives, for
    /// every degree it takes, both fields, data lengths 0 to 300.
    #[test]
    fn word_division_matches_the_lfsr() {
        let mut seed = 3u64;
        for code in [&QR, &DATA_MATRIX] {
            for degree in 1..=WORD_DEGREE_MAX {
                let rs = code.encoder(degree);
                for len in [0usize, 1, 2, 7, 44, 300] {
                    let data: Vec<u8> = (0..len)
                        .map(|_| {
                            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                            (seed >> 56) as u8
                        })
                        .collect();
                    let (mut fast, mut slow) = (vec![0u8; degree], vec![0u8; degree]);
                    rs.encode_into(&data, &mut fast);
                    rs.lfsr_into(&data, &mut slow);
                    assert_eq!(fast, slow, "degree {} length {}", degree, len);
                }
            }
        }
    }

    /// The codeword polynomial (data followed by ECC) vanishes at every generator root.
    #[test]
    fn codewords_vanish_at_generator_roots() {
        for (code, degree) in [(&QR, 30usize), (&QR, 7), (&DATA_MATRIX, 68), (&DATA_MATRIX, 28)] {
            let f = &code.field;
            let data: Vec<u8> = (0..100u32).map(|i| (i * 37 + 11) as u8).collect();
            let ecc = code.encoder(degree).encode(&data);
            let all: Vec<u8> = data.iter().chain(ecc.iter()).copied().collect();
            for r in 0..degree {
                let root = f.exp(code.first_root as usize + r);
                let mut acc = 0u8;
                for &c in &all {
                    acc = f.mul(acc, root) ^ c;
                }
                assert_eq!(acc, 0, "degree {} root {}", degree, r);
            }
        }
    }
}
