//! The symbol's geometry: function patterns, format and version information, and the
//! placement of codewords (ISO/IEC 18004 6.3, 7.7, 7.9, 7.10).
//!
//! Modules live in packed rows, [`Row`] (192 bits, enough for version 40's 177 modules,
//! bit `x` = column `x`, 1 = dark), so that masking and penalty scoring work on 64 modules
//! at a time. A [`Layout`] keeps the unmasked symbol twice, as rows and as columns (the
//! transpose, made by 64x64 block transposes after placement); a mask is XOR-ed into a row
//! and its column as they are scored, so the column penalties need no per-module work
//! either. The function-pattern area is
//! symmetric about the main diagonal (a test checks it), so one data-region mask serves both.
//! What depends on the version alone (function patterns, data region, placement order) is a
//! [`Template`], made once per version.

use super::tables::ALIGNMENT_POSITIONS;
use super::{Ecc, Mask, Version};
use std::cell::RefCell;
use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};
use std::rc::Rc;

/// The largest symbol side, version 40.
pub const MAX_SIZE: usize = 177;

/// `64 * W` modules of one row (or column), bit `x` = module `x`, 1 = dark. Rows of the
/// symbol are [`Row`] (W = 3, 192 bits, enough for version 40's 177 modules); the penalty
/// rules run on the fewest words that hold a line plus 8 modules of quiet zone (W = 1 up to
/// version 9, 2 up to version 25), so small symbols do not pay for empty words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bits<const W: usize>(pub [u64; W]);

/// One row or column of any symbol.
pub type Row = Bits<3>;

impl<const W: usize> Bits<W> {
    pub const ZERO: Bits<W> = Bits([0; W]);

    /// The lowest `n` bits set (n <= 64 * W).
    #[inline]
    pub fn ones(n: usize) -> Bits<W> {
        let mut w = [0u64; W];
        for (i, word) in w.iter_mut().enumerate() {
            let lo = i * 64;
            *word = if n >= lo + 64 {
                !0
            } else if n <= lo {
                0
            } else {
                (1u64 << (n - lo)) - 1
            };
        }
        Bits(w)
    }

    /// The first `W` words of a full row.
    #[inline(always)]
    pub fn from_row(r: &Row) -> Bits<W> {
        let mut w = [0u64; W];
        w.copy_from_slice(&r.0[..W]);
        Bits(w)
    }

    #[inline]
    pub fn get(&self, x: usize) -> bool {
        (self.0[x >> 6] >> (x & 63)) & 1 != 0
    }

    #[inline]
    pub fn put(&mut self, x: usize, dark: bool) {
        let bit = 1u64 << (x & 63);
        if dark {
            self.0[x >> 6] |= bit;
        } else {
            self.0[x >> 6] &= !bit;
        }
    }

    /// Number of 1 bits.
    #[inline(always)]
    pub fn count(self) -> u32 {
        let mut c = 0;
        for w in self.0 {
            c += w.count_ones();
        }
        c
    }
}

impl<const W: usize> BitAnd for Bits<W> {
    type Output = Bits<W>;
    #[inline(always)]
    fn bitand(mut self, o: Bits<W>) -> Bits<W> {
        for i in 0..W {
            self.0[i] &= o.0[i];
        }
        self
    }
}

impl<const W: usize> BitOr for Bits<W> {
    type Output = Bits<W>;
    #[inline(always)]
    fn bitor(mut self, o: Bits<W>) -> Bits<W> {
        for i in 0..W {
            self.0[i] |= o.0[i];
        }
        self
    }
}

impl<const W: usize> BitXor for Bits<W> {
    type Output = Bits<W>;
    #[inline(always)]
    fn bitxor(mut self, o: Bits<W>) -> Bits<W> {
        for i in 0..W {
            self.0[i] ^= o.0[i];
        }
        self
    }
}

impl<const W: usize> Not for Bits<W> {
    type Output = Bits<W>;
    #[inline(always)]
    fn not(mut self) -> Bits<W> {
        for i in 0..W {
            self.0[i] = !self.0[i];
        }
        self
    }
}

/// `bits >> s`: module `x + s` moves to `x` (s in 1..64).
impl<const W: usize> Shr<u32> for Bits<W> {
    type Output = Bits<W>;
    #[inline(always)]
    fn shr(self, s: u32) -> Bits<W> {
        let a = self.0;
        let mut out = [0u64; W];
        for i in 0..W {
            out[i] = a[i] >> s;
            if i + 1 < W {
                out[i] |= a[i + 1] << (64 - s);
            }
        }
        Bits(out)
    }
}

/// `bits << s`: module `x` moves to `x + s` (s in 1..64); bits past the end are lost.
impl<const W: usize> Shl<u32> for Bits<W> {
    type Output = Bits<W>;
    #[inline(always)]
    fn shl(self, s: u32) -> Bits<W> {
        let a = self.0;
        let mut out = [0u64; W];
        for i in 0..W {
            out[i] = a[i] << s;
            if i > 0 {
                out[i] |= a[i - 1] >> (64 - s);
            }
        }
        Bits(out)
    }
}

/// A square of `size` x `size` modules as packed rows (`rows.len() == size`).
///
/// The rows are sized to the symbol, not to version 40: an encode makes six grids, and
/// zeroing and moving 177 rows each (4 kB) cost more than the whole mask choice at
/// version 3.
#[derive(Clone)]
pub struct Grid {
    pub size: usize,
    pub rows: Vec<Row>,
}

impl Grid {
    pub fn new(size: usize) -> Grid {
        assert!(size <= MAX_SIZE, "QR grid larger than version 40");
        Grid { size, rows: vec![Row::ZERO; size] }
    }

    #[cfg(test)]
    pub fn get(&self, x: usize, y: usize) -> bool {
        self.rows[y].get(x)
    }
}

/// What every symbol of one version shares: the function patterns, the data region, the
/// order codeword bits are placed in and where the format bits go. Worked out once per
/// version and thread ([`Template::of`]): drawing the patterns and walking the zigzag
/// module by module cost more than masking and scoring a small symbol eight times.
pub struct Template {
    pub size: usize,
    /// Function patterns drawn (format information light), data modules light.
    function: Grid,
    /// 1 where a module carries data (and is masked): not a function pattern, not format or
    /// version information. Symmetric about the diagonal, so it also serves columns.
    pub region: Grid,
    /// The data modules `(x, y)` in placement order (7.7.3): codeword bit `k` (MSB first)
    /// goes to `order[k]`; positions past the codewords hold the remainder bits (light).
    order: Vec<(u8, u8)>,
    /// Where the format bits go ([`format_positions`]).
    format: [[(usize, usize); 15]; 2],
}

const NO_TEMPLATE: Option<Rc<Template>> = None;

thread_local! {
    static TEMPLATES: RefCell<[Option<Rc<Template>>; 40]> = RefCell::new([NO_TEMPLATE; 40]);
}

impl Template {
    /// The template of `version`, from the per-thread cache, made when first asked for: a
    /// label uses a version or two (under 3 kB at version 3); all 40 take about 1 MB, most of
    /// it the placement orders.
    pub fn of(version: Version) -> Rc<Template> {
        let index = version.value() as usize - 1;
        TEMPLATES.with(|t| t.borrow_mut()[index].get_or_insert_with(|| Rc::new(Template::new(version))).clone())
    }

    fn new(version: Version) -> Template {
        let size = version.size();
        let mut b = Builder { function: Grid::new(size), rows: Grid::new(size) };
        b.draw_function_patterns(version);
        let width = Row::ones(size);
        let mut region = Grid::new(size);
        for y in 0..size {
            region.rows[y] = !b.function.rows[y] & width;
        }
        let order = placement_order(&region);
        Template { size, function: b.rows, region, order, format: format_positions(size) }
    }
}

/// The unmasked symbol of one version with its codewords placed.
#[derive(Clone)]
pub struct Layout {
    pub size: usize,
    pub template: Rc<Template>,
    /// Function patterns and unmasked data; format information left light.
    pub rows: Grid,
    /// `rows` transposed: `cols.rows[x]` bit `y` is module (x, y).
    pub cols: Grid,
    /// The format bits drawn in `rows` and `cols` (0: the format areas are light).
    format_drawn: u32,
}

impl Layout {
    /// The function patterns of `version` with `codewords` placed (data and
    /// error-correction codewords, interleaved: exactly the symbol's total codewords).
    pub fn new(version: Version, codewords: &[u8]) -> Layout {
        let template = Template::of(version);
        let size = template.size;
        let mut rows = template.function.clone();
        debug_assert!(codewords.len() * 8 <= template.order.len(), "codewords do not fit the symbol");
        for (&byte, positions) in codewords.iter().zip(template.order.chunks_exact(8)) {
            for (bit, &(x, y)) in positions.iter().enumerate() {
                let dark = (byte >> (7 - bit)) & 1;
                rows.rows[y as usize].0[x as usize >> 6] |= (dark as u64) << (x & 63);
            }
        }
        let mut cols = Grid::new(size);
        transpose(&rows, &mut cols);
        Layout { size, template, rows, cols, format_drawn: 0 }
    }

    /// Draws the format information for `ecc` and `mask` into `rows` and `cols`, over the
    /// previous mask's: the mask itself is applied line by line as the penalties are
    /// scored ([`Layout::masked_line`]), so trying a mask flips the few format modules that
    /// differ from the last one drawn (7 of 15 bits on average, each in four places), not
    /// two grids.
    pub fn set_format(&mut self, ecc: Ecc, mask: Mask) {
        let bits = format_bits(ecc, mask);
        let mut changed = bits ^ self.format_drawn;
        self.format_drawn = bits;
        let Layout { template, rows, cols, .. } = self;
        while changed != 0 {
            let i = changed.trailing_zeros() as usize;
            changed &= changed - 1;
            for copy in template.format.iter() {
                let (x, y) = copy[i];
                rows.rows[y].0[x >> 6] ^= 1 << (x & 63);
                cols.rows[x].0[y >> 6] ^= 1 << (y & 63);
            }
        }
    }

    /// Row `i` and column `i` with `mask` (`mask_row`, `mask_col`: [`MASK_ROWS`] and
    /// [`MASK_COLS`] entries for `i % 12`) applied to the data region, first `W` words.
    #[inline(always)]
    pub fn masked_line<const W: usize>(&self, i: usize, mask_row: &Row, mask_col: &Row) -> (Bits<W>, Bits<W>) {
        let region = Bits::<W>::from_row(&self.template.region.rows[i]);
        (
            Bits::<W>::from_row(&self.rows.rows[i]) ^ (Bits::<W>::from_row(mask_row) & region),
            Bits::<W>::from_row(&self.cols.rows[i]) ^ (Bits::<W>::from_row(mask_col) & region),
        )
    }

    /// The finished symbol's rows: `mask` applied and its format information drawn.
    pub fn masked_rows(&mut self, ecc: Ecc, mask: Mask) -> impl Iterator<Item = Row> + '_ {
        self.set_format(ecc, mask);
        let pattern = &MASK_ROWS[mask.value() as usize];
        let region = &self.template.region.rows;
        self.rows.rows.iter().zip(region).enumerate().map(move |(i, (&row, &region))| row ^ (pattern[i % 12] & region))
    }
}

struct Builder {
    function: Grid,
    rows: Grid,
}

impl Builder {
    /// Marks (x, y) as a function module of the given colour.
    #[inline]
    fn draw(&mut self, x: usize, y: usize, dark: bool) {
        self.function.rows[y].put(x, true);
        self.rows.rows[y].put(x, dark);
    }

    fn draw_function_patterns(&mut self, version: Version) {
        let size = self.rows.size;
        // Timing patterns (6.3.5), drawn first: finders and alignment patterns cover parts.
        for i in 0..size {
            self.draw(6, i, i % 2 == 0);
            self.draw(i, 6, i % 2 == 0);
        }
        // Finder patterns with their separators (6.3.3-6.3.4).
        for &(cx, cy) in &[(3, 3), (size - 4, 3), (3, size - 4)] {
            for dy in -4i32..=4 {
                for dx in -4i32..=4 {
                    let (x, y) = (cx as i32 + dx, cy as i32 + dy);
                    if x >= 0 && y >= 0 && (x as usize) < size && (y as usize) < size {
                        let d = dx.abs().max(dy.abs());
                        self.draw(x as usize, y as usize, d != 2 && d != 4);
                    }
                }
            }
        }
        // Alignment patterns (6.3.6): every pair of Table E.1 coordinates, except the three
        // corners where finder patterns are.
        let pos = ALIGNMENT_POSITIONS[version.value() as usize - 1];
        let last = pos.len().wrapping_sub(1);
        for (i, &cx) in pos.iter().enumerate() {
            for (j, &cy) in pos.iter().enumerate() {
                if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) {
                    continue;
                }
                for dy in -2i32..=2 {
                    for dx in -2i32..=2 {
                        let d = dx.abs().max(dy.abs());
                        self.draw((cx as i32 + dx) as usize, (cy as i32 + dy) as usize, d != 1);
                    }
                }
            }
        }
        // Format information areas (7.9), light until a mask is chosen, and the dark module.
        for copy in format_positions(size).iter() {
            for &(x, y) in copy.iter() {
                self.draw(x, y, false);
            }
        }
        self.draw(8, size - 8, true);
        // Version information (7.10), versions 7 and up: two transposed 6x3 blocks.
        if version.value() >= 7 {
            let bits = version_bits(version);
            for i in 0..18 {
                let dark = (bits >> i) & 1 != 0;
                let (a, b) = (size - 11 + i % 3, i / 3);
                self.draw(a, b, dark);
                self.draw(b, a, dark);
            }
        }
    }
}

/// The data modules in the order codeword bits fill them, MSB first: the two-module-wide
/// zigzag of 7.7.3 over the data region, right to left, skipping the vertical timing
/// pattern's column.
fn placement_order(region: &Grid) -> Vec<(u8, u8)> {
    let size = region.size;
    let mut order = Vec::with_capacity(size * size);
    let mut right = size - 1;
    loop {
        if right == 6 {
            right = 5;
        }
        let upward = (right + 1) & 2 == 0;
        for vert in 0..size {
            let y = if upward { size - 1 - vert } else { vert };
            for x in [right, right - 1] {
                if region.rows[y].get(x) {
                    order.push((x as u8, y as u8));
                }
            }
        }
        if right < 2 {
            break;
        }
        right -= 2;
    }
    order
}

/// `dst.rows[x]` bit `y` = `src.rows[y]` bit `x`, by 64x64 block transposes.
pub fn transpose(src: &Grid, dst: &mut Grid) {
    let size = src.size;
    dst.size = size;
    let blocks = (size + 63) / 64;
    let mut a = [0u64; 64];
    for bi in 0..blocks {
        for bj in 0..blocks {
            for (r, word) in a.iter_mut().enumerate() {
                let y = bi * 64 + r;
                *word = if y < size { src.rows[y].0[bj] } else { 0 };
            }
            transpose64(&mut a);
            for (c, &word) in a.iter().enumerate() {
                let x = bj * 64 + c;
                if x < size {
                    dst.rows[x].0[bi] = word;
                }
            }
        }
    }
}

/// Transposes a 64x64 bit block in place (`a[r]` bit `c` <-> `a[c]` bit `r`) by swapping
/// ever smaller off-diagonal sub-blocks (Hacker's Delight 7-3, for LSB-first bits).
fn transpose64(a: &mut [u64; 64]) {
    let mut j = 32u32;
    let mut m: u64 = 0x0000_0000_FFFF_FFFF;
    while j != 0 {
        let mut k = 0usize;
        while k < 64 {
            let t = ((a[k] >> j) ^ a[k + j as usize]) & m;
            a[k] ^= t << j;
            a[k + j as usize] ^= t;
            k = (k + j as usize + 1) & !(j as usize);
        }
        j >>= 1;
        m ^= m << j;
    }
}

/// The 15 format bits (7.9.1): ECC level and mask, BCH(15,5) with generator 0x537,
/// XOR 0x5412 so that no combination is all light.
pub fn format_bits(ecc: Ecc, mask: Mask) -> u32 {
    let data = (ecc.format_bits() << 3) | mask.value() as u32;
    let mut rem = data;
    for _ in 0..10 {
        rem = (rem << 1) ^ ((rem >> 9) * 0x537);
    }
    ((data << 10) | (rem & 0x3FF)) ^ 0x5412
}

/// The 18 version bits (7.10): version number and BCH(18,6) with generator 0x1F25.
pub fn version_bits(version: Version) -> u32 {
    let v = version.value() as u32;
    let mut rem = v;
    for _ in 0..12 {
        rem = (rem << 1) ^ ((rem >> 11) * 0x1F25);
    }
    (v << 12) | (rem & 0xFFF)
}

/// (x, y) of format bit `i` (0 = least significant) in each of the two copies (7.9.1,
/// figure 25): around the top-left finder; split between the other two.
pub fn format_positions(size: usize) -> [[(usize, usize); 15]; 2] {
    let mut a = [(0, 0); 15];
    let mut b = [(0, 0); 15];
    for i in 0..15 {
        a[i] = match i {
            0..=5 => (8, i),
            6 => (8, 7),
            7 => (8, 8),
            8 => (7, 8),
            _ => (14 - i, 8),
        };
        b[i] = if i < 8 { (size - 1 - i, 8) } else { (8, size - 15 + i) };
    }
    [a, b]
}

/*---- Mask patterns (7.8.2, Table 10) ----*/

/// Whether mask `k` inverts the module at row `i`, column `j`.
const fn mask_bit(k: usize, i: usize, j: usize) -> bool {
    match k {
        0 => (i + j) % 2 == 0,
        1 => i % 2 == 0,
        2 => j % 3 == 0,
        3 => (i + j) % 3 == 0,
        4 => (i / 2 + j / 3) % 2 == 0,
        5 => (i * j) % 2 + (i * j) % 3 == 0,
        6 => ((i * j) % 2 + (i * j) % 3) % 2 == 0,
        _ => ((i + j) % 2 + (i * j) % 3) % 2 == 0,
    }
}

/// Every mask repeats with period 12 in rows and columns (lcm of 2, 3 and 4). Entry
/// `[k][i % 12]` is row `i` of mask `k`; with `transposed`, column `i` (bit = row).
const fn mask_table(transposed: bool) -> [[Row; 12]; 8] {
    let mut t = [[Bits([0; 3]); 12]; 8];
    let mut k = 0;
    while k < 8 {
        let mut r = 0;
        while r < 12 {
            let mut c = 0;
            while c < 192 {
                let inverted = if transposed { mask_bit(k, c, r) } else { mask_bit(k, r, c) };
                if inverted {
                    t[k][r].0[c / 64] |= 1u64 << (c % 64);
                }
                c += 1;
            }
            r += 1;
        }
        k += 1;
    }
    t
}

/// Mask rows, `[mask][row % 12]`.
pub static MASK_ROWS: [[Row; 12]; 8] = mask_table(false);
/// Mask columns, `[mask][column % 12]`, bit = row.
pub static MASK_COLS: [[Row; 12]; 8] = mask_table(true);

#[cfg(test)]
mod tests {
    use super::super::tables::TOTAL_CODEWORDS;
    use super::*;

    fn v(n: u8) -> Version {
        Version::new(n).unwrap()
    }

    #[test]
    fn format_and_version_bits_match_the_standard() {
        // Annex C: version 7 -> 0x07C94; the largest, version 40 -> 0x28C69.
        assert_eq!(version_bits(v(7)), 0x07C94);
        assert_eq!(version_bits(v(40)), 0x28C69);
        // Annex C.3 example: ECC M (00), mask 101 -> 100000011001110 after masking.
        assert_eq!(format_bits(Ecc::Medium, Mask::new(5).unwrap()), 0b100000011001110);
        // Table C.1, L with mask 0 -> 111011111000100.
        assert_eq!(format_bits(Ecc::Low, Mask::new(0).unwrap()), 0b111011111000100);
    }

    /// Data modules of each version: Table 1 codewords * 8 plus the remainder bits, and
    /// the closed-form count of function modules agrees.
    #[test]
    fn data_region_matches_table_1_and_is_symmetric() {
        const REMAINDER: [usize; 40] = [
            0, 7, 7, 7, 7, 7, 0, 0, 0, 0, 0, 0, 0, 3, 3, 3, 3, 3, 3, 3, //
            4, 4, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3, 0, 0, 0, 0, 0, 0,
        ];
        for n in 1..=40u8 {
            let total = TOTAL_CODEWORDS[n as usize - 1] as usize;
            let layout = Layout::new(v(n), &vec![0u8; total]);
            let modules: usize = layout.template.region.rows.iter().map(|r| r.count() as usize).sum();
            assert_eq!(modules, total * 8 + REMAINDER[n as usize - 1], "version {}", n);
            let ver = n as usize;
            let mut raw = (16 * ver + 128) * ver + 64;
            if ver >= 2 {
                let a = ver / 7 + 2;
                raw -= (25 * a - 10) * a - 55;
                if ver >= 7 {
                    raw -= 36;
                }
            }
            assert_eq!(modules, raw);
            for y in 0..layout.size {
                for x in 0..layout.size {
                    assert_eq!(layout.template.region.get(x, y), layout.template.region.get(y, x));
                    assert_eq!(layout.rows.get(x, y), layout.cols.get(y, x));
                }
            }
        }
    }

    #[test]
    fn mask_tables_follow_table_10() {
        for k in 0..8 {
            for i in 0..40 {
                for j in 0..177 {
                    assert_eq!(MASK_ROWS[k][i % 12].get(j), mask_bit(k, i, j));
                    assert_eq!(MASK_COLS[k][j % 12].get(i), mask_bit(k, i, j));
                }
            }
        }
    }

    #[test]
    fn transpose_matches_module_by_module() {
        for size in [21usize, 63, 64, 65, 101, 177] {
            let mut g = Grid::new(size);
            let mut seed = size as u64;
            for y in 0..size {
                for x in 0..size {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                    g.rows[y].put(x, seed >> 63 == 1);
                }
            }
            let mut t = Grid::new(size);
            transpose(&g, &mut t);
            for y in 0..size {
                for x in 0..size {
                    assert_eq!(t.get(y, x), g.get(x, y));
                }
                assert_eq!(t.rows[y].0, (t.rows[y] & Row::ones(size)).0, "no bits past the edge");
            }
        }
    }

    #[test]
    fn row_shifts_cross_words() {
        let mut r = Row::ZERO;
        r.put(64, true);
        r.put(130, true);
        assert!((r >> 1).get(63) && (r >> 3).get(127));
        assert!((r << 1).get(65) && (r << 62).get(126));
        assert_eq!((r << 62).count(), 1); // module 130 moved past 191
        assert!((r << 5).get(135));
        assert_eq!(Row::ones(70).count(), 70);
        assert_eq!(Row::ones(192).count(), 192);
    }
}
