//! What elements draw into: the 1-bit page (printers) or the 8-bit grey page (screens).
//!
//! Drawers take a [`Target`] and a box in its dot coordinates, and use the helpers here
//! for the common work (filling dot rectangles and row spans, anti-aliased coverage), so
//! they rarely match on the kind themselves. Everything is clipped to the target.
//! Ink only: drawing never lightens, except [`Target::clear`] (paper) which a barcode's
//! mask mode and the frame's compositing use.
//!
//! Coordinates are whole dots, `x0..x1` x `y0..y1` end-exclusive, like
//! [`DotBox`](crate::units::DotBox).

use crate::EngineError;
use assetmark_raster::{fill_span, or_bytes, GreyPage, Page};

/// A borrowed drawing target.
pub enum Target<'a> {
    /// 1 bit a dot, 1 = black (printers).
    Bits(&'a mut Page),
    /// 1 byte a dot, 255 = paper, 0 = ink (screens).
    Grey(&'a mut GreyPage),
}

/// An owned page of either kind: the rendered page, and the frame's scratch pages.
#[derive(Debug)]
pub enum Surface {
    Bits(Page),
    Grey(GreyPage),
}

impl Surface {
    /// A white surface of `width` x `height` dots, grey or 1-bit.
    pub fn new(grey: bool, width: i64, height: i64) -> Result<Surface, EngineError> {
        Surface::new_in(grey, width, height, Vec::new())
    }

    /// [`Surface::new`] in `buffer`'s memory (contents discarded), see [`Page::new_in`].
    pub fn new_in(grey: bool, width: i64, height: i64, buffer: Vec<u8>) -> Result<Surface, EngineError> {
        Ok(if grey {
            Surface::Grey(GreyPage::new_in(width, height, buffer)?)
        } else {
            Surface::Bits(Page::new_in(width, height, buffer)?)
        })
    }

    /// The surface's buffer, for reuse by [`Surface::new_in`].
    pub fn into_data(self) -> Vec<u8> {
        match self {
            Surface::Bits(p) => p.into_data(),
            Surface::Grey(g) => g.into_data(),
        }
    }

    pub fn target(&mut self) -> Target<'_> {
        match self {
            Surface::Bits(p) => Target::Bits(p),
            Surface::Grey(g) => Target::Grey(g),
        }
    }

    pub fn width(&self) -> u32 {
        match self {
            Surface::Bits(p) => p.width(),
            Surface::Grey(g) => g.width(),
        }
    }

    pub fn height(&self) -> u32 {
        match self {
            Surface::Bits(p) => p.height(),
            Surface::Grey(g) => g.height(),
        }
    }

    /// Bytes per row: `(width + 7) / 8` for 1-bit, `width` for grey.
    pub fn stride(&self) -> usize {
        match self {
            Surface::Bits(p) => p.stride(),
            Surface::Grey(g) => g.stride(),
        }
    }

    /// The rows, top first (the ABI's render result after its 12-byte head).
    pub fn data(&self) -> &[u8] {
        match self {
            Surface::Bits(p) => p.data(),
            Surface::Grey(g) => g.data(),
        }
    }

    /// Whether the dot is ink (1-bit: black; grey: level < 128). Tests and debugging.
    pub fn is_ink(&self, x: i64, y: i64) -> bool {
        match self {
            Surface::Bits(p) => p.get(x, y),
            Surface::Grey(g) => g.get(x, y) < 128,
        }
    }

    /// `#` for ink, `.` for paper, rows joined by newlines.
    pub fn to_ascii(&self) -> String {
        match self {
            Surface::Bits(p) => p.to_ascii(),
            Surface::Grey(g) => g.to_ascii(),
        }
    }
}

impl<'a> Target<'a> {
    /// The same target borrowed again (to pass it down without giving it up).
    pub fn reborrow(&mut self) -> Target<'_> {
        match self {
            Target::Bits(p) => Target::Bits(p),
            Target::Grey(g) => Target::Grey(g),
        }
    }

    pub fn is_grey(&self) -> bool {
        matches!(self, Target::Grey(_))
    }

    pub fn width(&self) -> i64 {
        match self {
            Target::Bits(p) => p.width() as i64,
            Target::Grey(g) => g.width() as i64,
        }
    }

    pub fn height(&self) -> i64 {
        match self {
            Target::Bits(p) => p.height() as i64,
            Target::Grey(g) => g.height() as i64,
        }
    }

    /// Inks dots `x0..x1` x `y0..y1` (black), clipped: byte spans on a 1-bit page.
    pub fn fill(&mut self, x0: i64, y0: i64, x1: i64, y1: i64) {
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        match self {
            Target::Bits(p) => p.fill_rect(x0, y0, x1 - x0, y1 - y0),
            Target::Grey(g) => g.set_rect(x0, y0, x1 - x0, y1 - y0, 0),
        }
    }

    /// Inks dots `x0..x1` of row `y`.
    pub fn span(&mut self, y: i64, x0: i64, x1: i64) {
        self.fill(x0, y, x1, y + 1);
    }

    /// Darkens dots `x0..x1` x `y0..y1` to `level` (255 paper .. 0 ink): grey takes the
    /// darker of old and new; 1-bit inks when `level < 128`.
    pub fn fill_level(&mut self, x0: i64, y0: i64, x1: i64, y1: i64, level: u8) {
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        match self {
            Target::Bits(p) => {
                if level < 128 {
                    p.fill_rect(x0, y0, x1 - x0, y1 - y0)
                }
            }
            Target::Grey(g) => g.darken_rect(x0, y0, x1 - x0, y1 - y0, level),
        }
    }

    /// Whitens dots `x0..x1` x `y0..y1` (paper), clipped.
    pub fn clear(&mut self, x0: i64, y0: i64, x1: i64, y1: i64) {
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        match self {
            Target::Bits(p) => p.clear_rect(x0, y0, x1 - x0, y1 - y0),
            Target::Grey(g) => g.set_rect(x0, y0, x1 - x0, y1 - y0, 255),
        }
    }

    /// Ink coverage `cover` (0 none .. 255 full) at one dot, for anti-aliased edges:
    /// grey darkens to `255 - cover` (the darker wins, so overlapping pieces of one
    /// shape never darken twice); 1-bit inks from half coverage up.
    pub fn cover(&mut self, x: i64, y: i64, cover: u8) {
        if cover == 0 || x < 0 || y < 0 || x >= self.width() || y >= self.height() {
            return;
        }
        match self {
            Target::Bits(p) => {
                if cover >= 128 {
                    p.set(x, y)
                }
            }
            Target::Grey(g) => {
                let w = g.width() as usize;
                let d = &mut g.data_mut()[y as usize * w + x as usize];
                *d = (*d).min(255 - cover);
            }
        }
    }

    /// Bars given as widths in dots, bar first (bar, space, bar, ...), from column `x`,
    /// rows `y..y + height`: a barcode's row mask OR-ed into each row on a 1-bit page.
    pub fn runs(&mut self, widths: &[u32], x: i64, y: i64, height: i64) {
        match self {
            Target::Bits(p) => p.draw_runs(widths, x, y, height),
            Target::Grey(g) => {
                let mut left = x;
                for (i, &w) in widths.iter().enumerate() {
                    if i % 2 == 0 {
                        g.set_rect(left, y, w as i64, height, 0);
                    }
                    left = left.saturating_add(w as i64);
                }
            }
        }
    }

    /// Modules (`true` = ink) `module` dots wide from column `x`, rows `y..y + height`.
    pub fn bars(&mut self, modules: &[bool], x: i64, y: i64, module: i64, height: i64) {
        match self {
            Target::Bits(p) => p.draw_bars(modules, x, y, module, height),
            Target::Grey(g) => {
                let mut i = 0;
                while i < modules.len() {
                    let start = i;
                    while i < modules.len() && modules[i] == modules[start] {
                        i += 1;
                    }
                    if modules[start] {
                        let left = x.saturating_add((start as i64).saturating_mul(module));
                        g.set_rect(left, y, ((i - start) as i64).saturating_mul(module), height, 0);
                    }
                }
            }
        }
    }

    /// A matrix symbol: `modules` row-major, `width` a row (`true` = ink), each module
    /// `module` dots wide and `row_dots` tall, top-left dot at (`x`, `y`). On a 1-bit
    /// page each module row is laid out once as a row mask (one buffer for all rows) and
    /// OR-ed into its dot rows.
    pub fn matrix(&mut self, modules: &[bool], width: usize, x: i64, y: i64, module: i64, row_dots: i64) {
        if width == 0 || module <= 0 || row_dots <= 0 {
            return;
        }
        let p = match self {
            Target::Bits(p) => p,
            Target::Grey(_) => {
                for (r, row) in modules.chunks(width).enumerate() {
                    self.bars(row, x, y.saturating_add((r as i64).saturating_mul(row_dots)), module, row_dots);
                }
                return;
            }
        };
        let (pw, ph, stride) = (p.width() as i64, p.height() as i64, p.stride());
        let mut mask = vec![0u8; stride];
        // Rows wholly on the page with modules of at most PACKED_MODULE_MAX dots (every
        // symbol a label fits) are packed without a branch per module: a module's colour
        // decides nothing but the bits shifted in, so random data costs no mispredictions.
        let packs_whole_rows = x >= 0 && module <= PACKED_MODULE_MAX && (width as i64).saturating_mul(module).saturating_add(x) <= pw;
        // Edges advance by saturating additions, not `index * size` products: module and
        // row_dots are > 0, so the running sums are exactly the saturated products, and an
        // overflow-checked i64 multiply is a 128-bit library call (__multi3) in wasm32,
        // which made this loop a tenth of a whole label's render.
        let mut next_top = y;
        for row in modules.chunks(width) {
            let top = next_top;
            next_top = top.saturating_add(row_dots);
            let (ya, yb) = (top.max(0), next_top.min(ph));
            if ya >= yb {
                if top >= ph {
                    break; // this row and all below it are under the page
                }
                continue;
            }
            let (lo, hi) = if packs_whole_rows {
                pack_row(&mut mask, row, x as usize, module as u32)
            } else {
                clipped_row(&mut mask, row, x, module, pw)
            };
            if lo < hi {
                let data = p.data_mut();
                for yy in ya..yb {
                    let start = yy as usize * stride;
                    or_bytes(&mut data[start + lo..start + hi], &mask[lo..hi]);
                }
                for m in &mut mask[lo..hi] {
                    *m = 0;
                }
            }
        }
    }

    /// Whether the dot is ink (1-bit: black; grey: level < 128); outside is paper.
    pub fn is_ink(&self, x: i64, y: i64) -> bool {
        match self {
            Target::Bits(p) => p.get(x, y),
            Target::Grey(g) => g.get(x, y) < 128,
        }
    }
}

/// The widest module [`pack_row`] takes, dots: an accumulator of 64 bits holds fewer
/// than 8 pending bits plus one module.
const PACKED_MODULE_MAX: i64 = 56;

/// Lays out one module row starting at dot `x` (wholly on the page: `x + row.len() *
/// module <= 8 * mask.len()`) into the zeroed row mask, MSB first; the byte range written.
fn pack_row(mask: &mut [u8], row: &[bool], x: usize, module: u32) -> (usize, usize) {
    let ones = (1u64 << module) - 1;
    let first = x / 8;
    let mut at = first;
    let mut acc = 0u64; // pending dots in its low `pending` bits, leftmost highest
    let mut pending = (x % 8) as u32; // the dots before `x` in the first byte stay light
    for &dark in row {
        acc = (acc << module) | (ones & (dark as u64).wrapping_neg());
        pending += module;
        while pending >= 8 {
            pending -= 8;
            mask[at] = (acc >> pending) as u8;
            at += 1;
        }
    }
    if pending > 0 {
        mask[at] = (acc << (8 - pending)) as u8;
        at += 1;
    }
    (first, at)
}

/// Lays out one module row at dot `x` (possibly off the page) into the zeroed row mask,
/// clipped to `0..page_width`; the byte range touched (empty when nothing is on the page).
fn clipped_row(mask: &mut [u8], row: &[bool], x: i64, module: i64, page_width: i64) -> (usize, usize) {
    let (mut lo, mut hi) = (mask.len(), 0);
    let mut left = x; // left edge of module `i`, dots
    let mut i = 0;
    while i < row.len() {
        if !row[i] {
            i += 1;
            left = left.saturating_add(module);
            continue;
        }
        let start = left;
        while i < row.len() && row[i] {
            i += 1;
            left = left.saturating_add(module);
        }
        let (x0, x1) = (start.max(0), left.min(page_width));
        if x0 < x1 {
            fill_span(mask, x0 as usize, x1 as usize);
            lo = lo.min(x0 as usize / 8);
            hi = hi.max((x1 as usize - 1) / 8 + 1);
        }
    }
    (lo, hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers_ink_both_kinds_alike() {
        for grey in [false, true] {
            let mut s = Surface::new(grey, 6, 3).unwrap();
            {
                let mut t = s.target();
                t.fill(-2, 0, 2, 1);
                t.span(1, 3, 9);
                t.fill_level(0, 2, 2, 3, 100);
                t.fill_level(2, 2, 4, 3, 200);
                t.cover(5, 2, 200);
                t.cover(4, 2, 20);
                t.cover(99, 2, 255);
                t.clear(4, 1, 5, 2);
                assert_eq!(t.is_grey(), grey);
                assert!(t.is_ink(0, 0) && !t.is_ink(-1, 0));
            }
            assert_eq!(s.to_ascii(), "##....\n...#.#\n##...#", "grey {}", grey);
        }
        // Matrices draw alike on both kinds, clipped.
        for grey in [false, true] {
            let mut s = Surface::new(grey, 11, 4).unwrap();
            let m = [true, false, true, true, false, true];
            s.target().matrix(&m, 3, -1, 1, 4, 2);
            s.target().matrix(&m, 0, 0, 0, 1, 1);
            assert_eq!(s.to_ascii(), "...........\n###....####\n###....####\n###....####", "grey {}", grey);
        }
        let mut g = Surface::new(true, 2, 1).unwrap();
        g.target().cover(0, 0, 55);
        g.target().cover(0, 0, 5);
        assert_eq!(g.data(), &[200, 255]);
        assert_eq!((g.stride(), Surface::new(false, 9, 1).unwrap().stride()), (2, 2));
    }

    /// Packed and clipped rows alike give what filling every dark module as a rectangle
    /// gives, at every bit offset, module size and clip.
    #[test]
    fn matrices_match_module_by_module_rectangles() {
        let mut seed = 12345u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            seed >> 33
        };
        for _ in 0..400 {
            let width = 1 + next() as usize % 40;
            let height = 1 + next() as usize % 6;
            let modules: Vec<bool> = (0..width * height).map(|_| next() & 1 == 1).collect();
            let module = 1 + next() as i64 % 9;
            let row_dots = 1 + next() as i64 % 4;
            let page_width = 1 + next() as i64 % 300;
            let x = next() as i64 % (page_width + 20) - 10;
            let y = next() as i64 % 8 - 2;
            let mut drawn = Surface::new(false, page_width, 30).unwrap();
            drawn.target().matrix(&modules, width, x, y, module, row_dots);
            let mut want = Page::new(page_width, 30).unwrap();
            for (i, &dark) in modules.iter().enumerate() {
                if dark {
                    let (c, r) = ((i % width) as i64, (i / width) as i64);
                    want.fill_rect(x + c * module, y + r * row_dots, module, row_dots);
                }
            }
            assert_eq!(drawn.to_ascii(), want.to_ascii(), "{}x{} modules of {}x{} dots at ({}, {}) on {} dots", width, height, module, row_dots, x, y, page_width);
        }
    }
}
