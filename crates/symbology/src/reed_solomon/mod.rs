//! Reed-Solomon error correction over GF(2^m), the one encoder of every matrix symbology
//! whose codewords are bits: QR Code, Data Matrix (m = 8) and Grid Matrix (m = 7).
//!
//! # The fields and codes
//!
//! GF(2^m) is built from a primitive polynomial of degree m; the symbologies differ in
//! which one and in the first root of the generator polynomial:
//!
//! | Symbology   | Field polynomial                  | Generator roots              |
//! |-------------|-----------------------------------|------------------------------|
//! | QR Code     | x^8+x^4+x^3+x^2+1 (0x11D)         | a^0 .. a^(n-1) ([`QR`])      |
//! | Data Matrix | x^8+x^5+x^3+x^2+1 (0x12D)         | a^1 .. a^n ([`DATA_MATRIX`]) |
//! | Grid Matrix | x^7+x^3+1 (0x89), 7-bit codewords | a^1 .. a^n ([`GRID_MATRIX`]) |
//!
//! where a = 2 is a primitive element of each field. A [`Field`] holds exp/log tables,
//! built at compile time (`const fn`), so multiplication is two table reads and an add.
//!
//! PDF417 is not here: its codewords live in GF(929), the integers modulo a prime, where
//! adding is adding modulo 929 rather than XOR. The word-at-a-time trick below rests on
//! addition being XOR of bits, so pdf417/ecc.rs keeps its own (different) arithmetic.
//!
//! # The code
//!
//! The error-correction codewords of a block are the remainder of `data(x) * x^n` divided
//! by the generator `g(x) = (x - a^r)(x - a^(r+1))...(x - a^(r+n-1))` (a systematic code,
//! ISO/IEC 18004 7.5.2, ISO/IEC 16022 5.7.1, AIMD014 7.2). [`Code::encoder`] gives the
//! encoder of one degree `n` (error-correction codewords per block, 1 to [`MAX_DEGREE`]).
//!
//! # The division, a word at a time
//!
//! The remainder of the shift-register division rides in `ceil(n / 8)` big-endian 64-bit
//! words, one codeword a byte. Each data codeword shifts it one byte and XORs in the row
//! `factor * g(x)` of a table of all 2^m factors: one shift and one XOR per 8 codewords
//! instead of `n` table lookups. The rows are built by linearity (`row[a ^ b] = row[a] ^
//! row[b]`, from the m rows of the powers of two) when a generator is first used, and kept
//! per thread with the generator for the next symbols (a label batch encodes one size over
//! and over): 18 kB a generator. The register width is a const generic, so the
//! register lives in locals and the shifts are unrolled.

use std::cell::RefCell;
use std::rc::Rc;

/// The largest generator degree (error-correction codewords per block) supported: Data
/// Matrix 144x144 uses 68 per block; Grid Matrix at most 63; QR at most 30.
pub const MAX_DEGREE: usize = 68;

/// 64-bit words of the widest remainder register.
const MAX_WORDS: usize = (MAX_DEGREE + 7) / 8;

/// `factor * g(x)` for every factor: a fixed row width, so that the loops unroll and a byte
/// indexes a row without a bounds check (only the first `ceil(n / 8)` words are used).
type Rows = [[u64; MAX_WORDS]; 256];

/// Generators whose tables a thread keeps (a label uses one or two degrees per symbology).
const TABLES_CACHED: usize = 8;

/// GF(2^m), m = 2 to 8, with a given primitive polynomial, as exp/log tables.
#[derive(Clone)]
pub struct Field {
    /// `exp[i] = a^i` for i in 0..2 * order (doubled, so `exp[log a + log b]` needs no
    /// modulo).
    exp: [u8; 512],
    /// `log[x]` for x in 1..=order; `log[0]` is unused (0 has no logarithm).
    log: [u8; 256],
    /// The polynomial, e.g. 0x11D (names the field in the table cache).
    poly: u16,
    /// The number of nonzero elements, 2^m - 1.
    order: u8,
}

/// A family of Reed-Solomon codes: a field and the exponent of the generator's first root.
#[derive(Clone)]
pub struct Code {
    pub field: Field,
    pub first_root: u8,
}

/// The QR Code codes (ISO/IEC 18004 7.5.2): polynomial 0x11D, generator roots from a^0.
pub static QR: Code = Code { field: Field::new(0x11D), first_root: 0 };

/// The Data Matrix codes (ISO/IEC 16022 5.7.1): polynomial 0x12D, generator roots from a^1.
pub static DATA_MATRIX: Code = Code { field: Field::new(0x12D), first_root: 1 };

/// The Grid Matrix codes (AIMD014 7.2): GF(128) of x^7 + x^3 + 1 (0x89), roots from a^1.
pub static GRID_MATRIX: Code = Code { field: Field::new(0x89), first_root: 1 };

/// A generator and its division table, shared by the encoders of one (field, first root,
/// degree).
struct Generator {
    /// (field polynomial, first root, degree): the cache key.
    key: (u16, u8, u8),
    /// `g(x)`'s coefficients, highest power first, with the leading 1 (`degree + 1`).
    coefficients: Vec<u8>,
    /// `rows[f]`: `f * g(x)` below the leading term, the coefficient of `x^(n-1)` in the
    /// top byte of the first word; zero past the degree. 256 rows whatever the field (rows
    /// past the field's order are zero and unused), so that a byte indexes them unchecked.
    rows: Box<Rows>,
}

thread_local! {
    /// Generators by key, the most recently made last.
    static GENERATORS: RefCell<Vec<Rc<Generator>>> = RefCell::new(Vec::new());
}

/// A Reed-Solomon encoder for one generator degree (error-correction codewords per block).
#[derive(Clone)]
pub struct ReedSolomon {
    generator: Rc<Generator>,
}

impl Field {
    /// The field of polynomial `poly` (degree m = 2..=8, e.g. 0x11D for GF(256) or 0x89 for
    /// GF(128)), with a = 2.
    ///
    /// Panics (at compile time when used in a `static`) if 2 is not primitive for `poly`:
    /// a caller bug, never data-dependent.
    pub const fn new(poly: u16) -> Field {
        let mut m = 0;
        while poly >> (m + 1) != 0 {
            m += 1;
        }
        if m < 2 || m > 8 {
            panic!("the field polynomial must have degree 2 to 8");
        }
        let order = (1usize << m) - 1;
        let mut exp = [0u8; 512];
        let mut log = [0u8; 256];
        let mut x: u16 = 1;
        let mut i = 0;
        while i < order {
            exp[i] = x as u8;
            exp[i + order] = x as u8;
            log[x as usize] = i as u8;
            x <<= 1;
            if x & (1 << m) != 0 {
                x ^= poly;
            }
            if x == 1 && i + 1 < order {
                panic!("2 is not a primitive element for this polynomial");
            }
            i += 1;
        }
        Field { exp, log, poly, order: order as u8 }
    }

    /// `a^power` for any power (reduced modulo the order).
    #[inline]
    pub fn exp(&self, power: usize) -> u8 {
        self.exp[power % self.order as usize]
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

    /// The number of nonzero elements, 2^m - 1 (255 or 127).
    pub fn order(&self) -> usize {
        self.order as usize
    }
}

impl Code {
    /// An encoder producing `degree` error-correction codewords per block: its generator
    /// and division table from the thread's cache, made on first use.
    ///
    /// Panics if `degree` is 0 or above [`MAX_DEGREE`]: block sizes come from the
    /// symbologies' tables, so a bad degree is a bug, not bad data.
    pub fn encoder(&self, degree: usize) -> ReedSolomon {
        assert!((1..=MAX_DEGREE).contains(&degree), "Reed-Solomon degree out of range");
        let key = (self.field.poly, self.first_root, degree as u8);
        let generator = GENERATORS.with(|cache| {
            if let Some(g) = cache.borrow().iter().find(|g| g.key == key) {
                return g.clone();
            }
            let g = Rc::new(self.make_generator(degree));
            let mut cache = cache.borrow_mut();
            if cache.len() >= TABLES_CACHED {
                cache.remove(0);
            }
            cache.push(g.clone());
            g
        });
        ReedSolomon { generator }
    }

    /// `g(x)` of `degree`, and its table of multiples.
    fn make_generator(&self, degree: usize) -> Generator {
        let f = &self.field;
        // Multiplying by (x + root) (minus is plus in GF(2^m)) adds root * (the previous
        // coefficient) to each coefficient below the leading one.
        let mut g = vec![0u8; degree + 1];
        g[0] = 1;
        for i in 0..degree {
            let root = f.exp(self.first_root as usize + i);
            for j in (1..=i + 1).rev() {
                g[j] ^= f.mul(g[j - 1], root);
            }
        }
        let mut rows = Box::new([[0u64; MAX_WORDS]; 256]);
        let field_size = f.order as usize + 1;
        for bit in 0..8 {
            let m = 1usize << bit;
            if m >= field_size {
                break;
            }
            for (j, &c) in g[1..].iter().enumerate() {
                rows[m][j / 8] |= (f.mul(m as u8, c) as u64) << (56 - 8 * (j % 8));
            }
        }
        for x in 3..field_size {
            let low = x & x.wrapping_neg();
            if low != x {
                for w in 0..MAX_WORDS {
                    rows[x][w] = rows[x ^ low][w] ^ rows[low][w];
                }
            }
        }
        Generator { key: (f.poly, self.first_root, degree as u8), coefficients: g, rows }
    }
}

impl ReedSolomon {
    /// The number of error-correction codewords this encoder produces.
    pub fn degree(&self) -> usize {
        self.generator.coefficients.len() - 1
    }

    /// The generator polynomial's coefficients, highest power first, including the leading 1
    /// (`degree + 1` values). For tests and documentation.
    pub fn generator(&self) -> Vec<u8> {
        self.generator.coefficients.clone()
    }

    /// Writes the error-correction codewords of `data` into `ecc`, highest power first (the
    /// order they follow the data in a block). `ecc.len()` must equal
    /// [`ReedSolomon::degree`] (panics otherwise).
    #[inline]
    pub fn encode_into(&self, data: &[u8], ecc: &mut [u8]) {
        self.encode_iter_into(data.iter().copied(), ecc)
    }

    /// [`Self::encode_into`] for data codewords from an iterator (Data Matrix takes every
    /// k-th codeword of the stream as a block).
    pub fn encode_iter_into(&self, data: impl Iterator<Item = u8>, ecc: &mut [u8]) {
        let n = self.degree();
        assert_eq!(ecc.len(), n, "ecc buffer length must equal the generator degree");
        let rows = &self.generator.rows;
        // One copy of the loop per register width (1 to 9 words).
        match (n + 7) / 8 {
            1 => remainder::<1>(rows, data, ecc),
            2 => remainder::<2>(rows, data, ecc),
            3 => remainder::<3>(rows, data, ecc),
            4 => remainder::<4>(rows, data, ecc),
            5 => remainder::<5>(rows, data, ecc),
            6 => remainder::<6>(rows, data, ecc),
            7 => remainder::<7>(rows, data, ecc),
            8 => remainder::<8>(rows, data, ecc),
            _ => remainder::<MAX_WORDS>(rows, data, ecc),
        }
    }

    /// The error-correction codewords of `data` as a new vector.
    pub fn encode(&self, data: &[u8]) -> Vec<u8> {
        let mut ecc = vec![0u8; self.degree()];
        self.encode_into(data, &mut ecc);
        ecc
    }
}

/// The shift-register division with a register of `W` words (module docs): the remainder
/// of `data(x) * x^n` by the generator whose table is `rows`, `n` codewords into `out`.
/// Never inlined: nine copies of the loop folded into a symbology's encoder would make one
/// giant function, which V8 compiles worse (see scripts/build-wasm.sh).
#[inline(never)]
fn remainder<const W: usize>(rows: &Rows, data: impl Iterator<Item = u8>, out: &mut [u8]) {
    let mut r = [0u64; W];
    for d in data {
        // A codeword past the field (8 bits in GF(128)) meets a zero row: a wrong but
        // harmless remainder for data no symbology makes.
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
mod tests;
