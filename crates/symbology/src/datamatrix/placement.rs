//! Module placement (ISO/IEC 16022:2006 Annex F, with the DMRE wrap of ISO/IEC 21471
//! Annex E) and the finder and timing patterns.
//!
//! The codewords go into a *mapping matrix*, the data regions joined without their borders
//! (`nr x nc` modules). Each codeword is an L-shaped "utah" of 8 modules, most significant
//! bit top left:
//!
//! ```text
//!         c-2 c-1  c
//!   r-2 [ 1 ][ 2 ]
//!   r-1 [ 3 ][ 4 ][ 5 ]
//!   r   [ 6 ][ 7 ][ 8 ]
//! ```
//!
//! placed with its bottom-right module at `(r, c)`, walking diagonals up-right and then
//! down-left, two modules apart, starting at `(4, 0)`. Utahs that run off an edge wrap to
//! the opposite edge with a shift; four corner shapes (A-D) replace the utah where the
//! walk meets a corner in symbols whose dimensions call for it. A 2x2 corner left over in
//! some sizes gets a fixed checkerboard. Then the mapping matrix is cut into the data
//! regions, and each gets its border: solid left column and bottom row (the "L"), and
//! alternating dark/light top row and right column (the clock track).
//!
//! None of this depends on the data, so [`draw`] keeps the result for the last size (a
//! template of the fixed modules and the module of every codeword bit) and then only
//! copies the template and stores each bit.

use super::sizes::SizeInfo;
use crate::BitMatrix;
use std::cell::RefCell;

/// Draws the symbol of `size` carrying `codewords` (data and error correction, interleaved;
/// as many as the size holds; missing ones draw light).
pub(super) fn draw(size: &SizeInfo, codewords: &[u8]) -> BitMatrix {
    let (rows, cols) = (size.rows as usize, size.cols as usize);
    LAST_LAYOUT.with(|cache| {
        let mut cache = cache.borrow_mut();
        if cache.number != size.number {
            *cache = Layout::new(size);
        }
        // The fixed modules, then every codeword bit written at its module: one store per
        // module, no search and no bounds logic beyond the slice index.
        let mut modules = cache.template.clone();
        for (&w, at) in codewords.iter().zip(&cache.bit_at) {
            for (bit, &i) in at.iter().enumerate() {
                modules[i as usize] = w >> bit & 1 == 1;
            }
        }
        BitMatrix::from_modules(cols, rows, modules)
    })
}

/// Everything about a size's modules that does not depend on the data: computing it is
/// most of the drawing, and a label batch draws one size over and over.
struct Layout {
    /// [`SizeInfo::number`] of the size (0: none yet).
    number: u8,
    /// The symbol with every data module light: finder and clock patterns, and the fixed
    /// pattern of an unfilled corner; row-major, `true` = dark.
    template: Vec<bool>,
    /// Per codeword, the index into `template` (`y * cols + x`) of each bit, least
    /// significant first. At most 144 * 144 = 20736 modules, so `u16` holds it.
    bit_at: Vec<[u16; 8]>,
}

impl Layout {
    fn new(size: &SizeInfo) -> Layout {
        let (rows, cols) = (size.rows as usize, size.cols as usize);
        let (fh, fw) = (size.region_rows as usize, size.region_cols as usize);
        let mut template = vec![false; rows * cols];
        for y0 in (0..rows).step_by(fh) {
            for x0 in (0..cols).step_by(fw) {
                for y in y0..y0 + fh {
                    template[y * cols + x0] = true; // solid left edge
                    if (y - y0) % 2 == 1 {
                        template[y * cols + x0 + fw - 1] = true; // clock track on the right
                    }
                }
                for x in x0..x0 + fw {
                    template[(y0 + fh - 1) * cols + x] = true; // solid bottom edge
                    if (x - x0) % 2 == 0 {
                        template[y0 * cols + x] = true; // clock track on top
                    }
                }
            }
        }
        let total = size.data_codewords as usize + size.blocks as usize * size.ecc_per_block as usize;
        let mut bit_at = vec![[0u16; 8]; total];
        let mapping = Mapping::filled(size, |k, bit| (8 * k + bit as usize + 1) as u16, |dark| if dark { DARK } else { LIGHT });
        let (dr, dc) = (fh - 2, fw - 2);
        for (r, row) in mapping.cells.chunks_exact(mapping.nc as usize).enumerate() {
            let y = r + 1 + 2 * (r / dr);
            for (c, &cell) in row.iter().enumerate() {
                let i = y * cols + c + 1 + 2 * (c / dc);
                match cell {
                    DARK => template[i] = true,
                    LIGHT | 0 => {}
                    v => bit_at[(v as usize - 1) / 8][(v as usize - 1) % 8] = i as u16,
                }
            }
        }
        Layout { number: size.number, template, bit_at }
    }
}

/// Mapping-matrix cells: 0 empty, `8 k + bit + 1` for bit `bit` of codeword `k`, or the
/// fixed corner pattern.
const LIGHT: u16 = 0xFFFE;
const DARK: u16 = 0xFFFF;

thread_local! {
    /// The layout of the last size drawn.
    static LAST_LAYOUT: RefCell<Layout> = RefCell::new(Layout { number: 0, template: Vec::new(), bit_at: Vec::new() });
}

/// What a module of the data regions carries.
#[cfg(test)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bit {
    /// Bit `b` (7 = most significant) of codeword `k`.
    Codeword(usize, u8),
    /// The fixed pattern of an unfilled corner.
    Fixed(bool),
}

/// Calls `f(x, y, bit)` for every module of the data regions, in symbol coordinates (for
/// tests, which read codewords back from other encoders' symbols).
#[cfg(test)]
pub(super) fn for_each_module(size: &SizeInfo, mut f: impl FnMut(usize, usize, Bit)) {
    let mapping = Mapping::filled(size, |k, bit| (8 * k + bit as usize + 1) as u16, |dark| if dark { DARK } else { LIGHT });
    let (dr, dc) = (size.region_rows as usize - 2, size.region_cols as usize - 2);
    for (r, row) in mapping.cells.chunks_exact(mapping.nc as usize).enumerate() {
        for (c, &cell) in row.iter().enumerate() {
            let bit = match cell {
                DARK => Bit::Fixed(true),
                LIGHT | 0 => Bit::Fixed(false),
                v => Bit::Codeword((v as usize - 1) / 8, ((v - 1) % 8) as u8),
            };
            f(c + 1 + 2 * (c / dc), r + 1 + 2 * (r / dr), bit);
        }
    }
}

/// The mapping matrix, `nr x nc` cells; 0 is an empty cell.
struct Mapping<C, V, F> {
    nr: isize,
    nc: isize,
    cells: Vec<C>,
    /// The cell value for bit `bit` of codeword `k` (never 0).
    value: V,
    /// The cell value of a fixed corner module.
    fixed: F,
}

impl<C: Copy + Default + PartialEq, V: Fn(usize, u8) -> C, F: Fn(bool) -> C> Mapping<C, V, F> {
    /// The mapping matrix of `size` after the Annex F walk.
    fn filled(size: &SizeInfo, value: V, fixed: F) -> Mapping<C, V, F> {
        let nr = (size.rows / size.region_rows) as usize * (size.region_rows as usize - 2);
        let nc = (size.cols / size.region_cols) as usize * (size.region_cols as usize - 2);
        let mut m = Mapping { nr: nr as isize, nc: nc as isize, cells: vec![C::default(); nr * nc], value, fixed };
        m.fill();
        m
    }

    fn empty(&self, r: isize, c: isize) -> bool {
        self.cells[(r * self.nc + c) as usize] == C::default()
    }

    /// The Annex F walk.
    fn fill(&mut self) {
        let (nr, nc) = (self.nr, self.nc);
        let mut k = 0; // next codeword
        let (mut r, mut c) = (4isize, 0isize);
        loop {
            // The four corner cases, each met at most once, at the start of a diagonal.
            if r == nr && c == 0 {
                self.corner(k, &CORNER_A);
                k += 1;
            }
            if r == nr - 2 && c == 0 && nc % 4 != 0 {
                self.corner(k, &CORNER_B);
                k += 1;
            }
            if r == nr - 2 && c == 0 && nc % 8 == 4 {
                self.corner(k, &CORNER_C);
                k += 1;
            }
            if r == nr + 4 && c == 2 && nc % 8 == 0 {
                self.corner(k, &CORNER_D);
                k += 1;
            }
            // Up and to the right.
            loop {
                if r < nr && c >= 0 && self.empty(r, c) {
                    self.utah(r, c, k);
                    k += 1;
                }
                r -= 2;
                c += 2;
                if !(r >= 0 && c < nc) {
                    break;
                }
            }
            r += 1;
            c += 3;
            // Down and to the left.
            loop {
                if r >= 0 && c < nc && self.empty(r, c) {
                    self.utah(r, c, k);
                    k += 1;
                }
                r += 2;
                c -= 2;
                if !(r < nr && c >= 0) {
                    break;
                }
            }
            r += 3;
            c += 1;
            if !(r < nr || c < nc) {
                break;
            }
        }
        // The unfilled bottom-right corner of some sizes: fixed pattern, dark on the diagonal.
        let last = (nr * nc - 1) as usize;
        if self.cells[last] == C::default() {
            let (dark, light) = ((self.fixed)(true), (self.fixed)(false));
            self.cells[last] = dark;
            self.cells[last - 1] = light;
            self.cells[last - nc as usize] = light;
            self.cells[last - nc as usize - 1] = dark;
        }
    }

    /// Bit `bit` (7 = most significant) of codeword `k` at mapping position `(r, c)`,
    /// wrapping around the edges (Annex F.2; the last rule is ISO/IEC 21471's, for DMRE).
    #[inline]
    fn module(&mut self, mut r: isize, mut c: isize, k: usize, bit: u8) {
        let (nr, nc) = (self.nr, self.nc);
        if r < 0 {
            r += nr;
            c += 4 - ((nr + 4) % 8);
        }
        if c < 0 {
            c += nc;
            r += 4 - ((nc + 4) % 8);
        }
        if r >= nr {
            r -= nr;
        }
        debug_assert!(self.empty(r, c), "module placed twice");
        self.cells[(r * nc + c) as usize] = (self.value)(k, bit);
    }

    /// The standard utah with its bottom-right module at `(r, c)`.
    fn utah(&mut self, r: isize, c: isize, k: usize) {
        if r >= 2 && c >= 2 && c < self.nc {
            // Inside: no wrapping, one row slice at a time.
            let nc = self.nc;
            let base = ((r - 2) * nc + c - 2) as usize;
            let nc = nc as usize;
            let v = |s: &Self, bit| (s.value)(k, bit);
            let (b7, b6, b5, b4, b3, b2, b1, b0) = (v(self, 7), v(self, 6), v(self, 5), v(self, 4), v(self, 3), v(self, 2), v(self, 1), v(self, 0));
            self.cells[base] = b7;
            self.cells[base + 1] = b6;
            self.cells[base + nc] = b5;
            self.cells[base + nc + 1] = b4;
            self.cells[base + nc + 2] = b3;
            self.cells[base + 2 * nc] = b2;
            self.cells[base + 2 * nc + 1] = b1;
            self.cells[base + 2 * nc + 2] = b0;
            return;
        }
        self.module(r - 2, c - 2, k, 7);
        self.module(r - 2, c - 1, k, 6);
        self.module(r - 1, c - 2, k, 5);
        self.module(r - 1, c - 1, k, 4);
        self.module(r - 1, c, k, 3);
        self.module(r, c - 2, k, 2);
        self.module(r, c - 1, k, 1);
        self.module(r, c, k, 0);
    }

    /// A corner shape: 8 positions, most significant bit first, as offsets where a negative
    /// row counts from `nr` and a negative column from `nc`.
    fn corner(&mut self, k: usize, shape: &[(isize, isize); 8]) {
        for (i, &(r, c)) in shape.iter().enumerate() {
            let r = if r < 0 { self.nr + r } else { r };
            let c = if c < 0 { self.nc + c } else { c };
            self.module(r, c, k, 7 - i as u8);
        }
    }
}

/// Annex F.3 corner shapes, most significant bit first (row, column); negative values
/// count from the bottom row / right column (-1 is the last).
static CORNER_A: [(isize, isize); 8] = [(-1, 0), (-1, 1), (-1, 2), (0, -2), (0, -1), (1, -1), (2, -1), (3, -1)];
static CORNER_B: [(isize, isize); 8] = [(-3, 0), (-2, 0), (-1, 0), (0, -4), (0, -3), (0, -2), (0, -1), (1, -1)];
static CORNER_C: [(isize, isize); 8] = [(-3, 0), (-2, 0), (-1, 0), (0, -2), (0, -1), (1, -1), (2, -1), (3, -1)];
static CORNER_D: [(isize, isize); 8] = [(-1, 0), (-1, -1), (0, -3), (0, -2), (0, -1), (1, -3), (1, -2), (1, -1)];

