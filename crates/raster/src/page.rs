//! The 1-bit page and the shapes drawn on it.

use std::fmt;
use crate::span::{fill_span, Span};

/// A 1-bit page: `height` rows of `stride = (width + 7) / 8` bytes, MSB = leftmost dot,
/// `1` = black. Built only through [`Page::new`], so its size is always valid.
#[derive(Clone, PartialEq, Eq)]
pub struct Page {
    width: u32,
    height: u32,
    stride: usize,
    data: Vec<u8>,
}

/// Why a page could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PageError {
    /// Width or height is 0 dots.
    Empty { width: i64, height: i64 },
    /// Over [`Page::MAX_SIDE`] dots on a side or [`Page::MAX_BYTES`] in all.
    TooLarge { width: i64, height: i64 },
    /// The memory for the bitmap could not be had.
    OutOfMemory { bytes: usize },
}

impl fmt::Display for PageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PageError::Empty { width, height } => {
                write!(f, "page of {} x {} dots has no area", width, height)
            }
            PageError::TooLarge { width, height } => write!(
                f,
                "page of {} x {} dots is too large (at most {} dots a side, {} MiB)",
                width,
                height,
                Page::MAX_SIDE,
                Page::MAX_BYTES >> 20
            ),
            PageError::OutOfMemory { bytes } => write!(f, "out of memory for a {}-byte page", bytes),
        }
    }
}

impl Page {
    /// Longest side in dots: 2.7 m at 300 dpi, far beyond any label roll.
    pub const MAX_SIDE: i64 = 32_767;
    /// Largest bitmap in bytes (64 MiB), so one page can never exhaust Wasm memory.
    pub const MAX_BYTES: usize = 64 << 20;

    /// A white page of `width` x `height` dots.
    pub fn new(width: i64, height: i64) -> Result<Page, PageError> {
        Page::new_in(width, height, Vec::new())
    }

    /// A white page of `width` x `height` dots in `buffer`'s memory (its contents are
    /// discarded): a renderer that makes one page after another hands the last page's
    /// buffer back ([`Page::into_data`]) and allocates nothing once it is large enough.
    pub fn new_in(width: i64, height: i64, buffer: Vec<u8>) -> Result<Page, PageError> {
        if width <= 0 || height <= 0 {
            return Err(PageError::Empty { width, height });
        }
        if width > Page::MAX_SIDE || height > Page::MAX_SIDE {
            return Err(PageError::TooLarge { width, height });
        }
        let stride = (width as usize + 7) / 8;
        let bytes = stride * height as usize; // at most 4096 * 32767, fits in 32 bits
        if bytes > Page::MAX_BYTES {
            return Err(PageError::TooLarge { width, height });
        }
        let mut data = buffer;
        data.clear();
        if data.try_reserve_exact(bytes).is_err() {
            return Err(PageError::OutOfMemory { bytes });
        }
        data.resize(bytes, 0);
        Ok(Page { width: width as u32, height: height as u32, stride, data })
    }

    /// The page's buffer, for reuse by [`Page::new_in`].
    pub fn into_data(self) -> Vec<u8> {
        self.data
    }

    /// Width in dots.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in dots.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Bytes per row: `(width + 7) / 8`.
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// The packed rows, top row first.
    pub fn data(&self) -> &[u8] {
        &self.data
    }

    /// The packed rows for direct writing (the engine's compositing, flips and spans).
    /// Callers keep the padding bits past the width 0: [`Page::data`] readers rely on it.
    pub fn data_mut(&mut self) -> &mut [u8] {
        &mut self.data
    }

    /// Whether the dot at column `x`, row `y` is black; outside the page reads as white.
    pub fn get(&self, x: i64, y: i64) -> bool {
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 {
            return false;
        }
        let byte = self.data[y as usize * self.stride + x as usize / 8];
        byte & (0x80 >> (x % 8)) != 0
    }

    /// Blackens the rectangle with top-left dot `(x, y)` and size `w` x `h` dots, clipped
    /// to the page. Empty or negative sizes draw nothing.
    pub fn fill_rect(&mut self, x: i64, y: i64, w: i64, h: i64) {
        let (x0, x1) = clip(x, w, self.width);
        let (y0, y1) = clip(y, h, self.height);
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        // The span's byte range and end masks are the same on every row: work them out
        // once (a border's sides and text strokes are narrow and many rows tall).
        let span = Span::new(x0, x1);
        // Plain row offsets, no chunk iterator: most calls are one row (the built-in
        // font's runs), where setting up the iterator cost as much as the fill.
        for row in y0..y1 {
            span.fill(&mut self.data[row * self.stride..(row + 1) * self.stride]);
        }
    }

    /// Blackens the dot at `(x, y)`; outside the page nothing happens.
    pub fn set(&mut self, x: i64, y: i64) {
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 {
            return;
        }
        self.data[y as usize * self.stride + x as usize / 8] |= 0x80 >> (x % 8);
    }

    /// ORs a packed bitmap into the page with its top-left dot at (`x`, `y`): `bits` holds
    /// rows of `(width + 7) / 8` bytes like a page's (MSB = leftmost dot, padding bits 0),
    /// each source byte shifted to the dot position, so a glyph costs a few byte operations
    /// a row instead of one fill per run or rectangle. Only bitmaps wholly on the page are
    /// drawn: returns false (nothing drawn) otherwise, and the caller clips its own way.
    pub fn or_packed(&mut self, bits: &[u8], width: u32, x: i64, y: i64) -> bool {
        let src_stride = (width as usize + 7) / 8;
        if src_stride == 0 {
            return true; // nothing to draw
        }
        let rows = bits.len() / src_stride;
        if x < 0 || y < 0 || x + width as i64 > self.width as i64 || y + rows as i64 > self.height as i64 {
            return false;
        }
        let (x, y) = (x as usize, y as usize);
        let (first, shift) = (x / 8, (x % 8) as u32);
        for (r, src) in bits.chunks_exact(src_stride).enumerate() {
            // From the first byte touched to the row's end: the shifted-out tail of the
            // last source byte is ink only where that ink lies on the page, inside the row.
            let start = (y + r) * self.stride;
            let dst = &mut self.data[start + first..start + self.stride];
            if shift == 0 {
                or_bytes(dst, src);
            } else {
                let mut carry = 0u8; // the previous byte's dots that spill into this byte
                for (d, &s) in dst.iter_mut().zip(src) {
                    *d |= carry | (s >> shift);
                    carry = s << (8 - shift);
                }
                if carry != 0 {
                    dst[src.len()] |= carry;
                }
            }
        }
        true
    }

    /// Whitens the rectangle `(x, y, w, h)`, clipped to the page: the one drawing that
    /// removes ink (a barcode's text in mask mode sits on a white box over the bars).
    pub fn clear_rect(&mut self, x: i64, y: i64, w: i64, h: i64) {
        let (x0, x1) = clip(x, w, self.width);
        let (y0, y1) = clip(y, h, self.height);
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        // As in fill_rect: the byte range and end masks once, no per-call row buffer (the
        // page's rounded corners clear a few dots on each of a dozen rows).
        let span = Span::new(x0, x1);
        for row in y0..y1 {
            span.clear(&mut self.data[row * self.stride..(row + 1) * self.stride]);
        }
    }

    /// Draws bars given as widths in dots, left to right starting with a bar (bar, space,
    /// bar, ...), from dot column `x`, rows `y..y + height`. Clipped to the page. Used for
    /// symbols whose elements are not whole multiples of one module (wide/narrow ratios).
    pub fn draw_runs(&mut self, widths: &[u32], x: i64, y: i64, height: i64) {
        let (y0, y1) = clip(y, height, self.height);
        if y0 >= y1 {
            return;
        }
        let mut mask = vec![0u8; self.stride];
        let (mut lo, mut hi) = (self.stride, 0);
        let mut left = x;
        for (i, &w) in widths.iter().enumerate() {
            if i % 2 == 0 {
                let (x0, x1) = clip(left, w as i64, self.width);
                if x0 < x1 {
                    fill_span(&mut mask, x0, x1);
                    lo = lo.min(x0 / 8);
                    hi = hi.max((x1 - 1) / 8 + 1);
                }
            }
            left = left.saturating_add(w as i64);
        }
        if lo >= hi {
            return;
        }
        for row in y0..y1 {
            let start = row * self.stride;
            or_bytes(&mut self.data[start + lo..start + hi], &mask[lo..hi]);
        }
    }

    /// Draws the border of the box `(x, y, w, h)` `line` dots thick, inside the box (so a
    /// bordered element never grows past its box). A line of half the smaller side or more
    /// fills the box.
    pub fn stroke_rect(&mut self, x: i64, y: i64, w: i64, h: i64, line: i64) {
        if w <= 0 || h <= 0 || line <= 0 {
            return;
        }
        if line * 2 >= w || line * 2 >= h {
            self.fill_rect(x, y, w, h);
            return;
        }
        self.fill_rect(x, y, w, line); // top
        self.fill_rect(x, y + h - line, w, line); // bottom
        self.fill_rect(x, y + line, line, h - 2 * line); // left
        self.fill_rect(x + w - line, y + line, line, h - 2 * line); // right
    }

    /// Draws a linear symbol's `modules` (`true` = bar) with its left edge at `x`, each
    /// module `module` dots wide, bars from row `y` for `height` rows. Clipped to the page.
    pub fn draw_bars(&mut self, modules: &[bool], x: i64, y: i64, module: i64, height: i64) {
        let (y0, y1) = clip(y, height, self.height);
        if module <= 0 || y0 >= y1 {
            return;
        }
        // Lay the bars out once as one row, then OR that row into every row of the symbol.
        let mut mask = vec![0u8; self.stride];
        let (mut lo, mut hi) = (self.stride, 0);
        let mut i = 0;
        while i < modules.len() {
            if !modules[i] {
                i += 1;
                continue;
            }
            let run_start = i;
            while i < modules.len() && modules[i] {
                i += 1;
            }
            let left = x.saturating_add((run_start as i64).saturating_mul(module));
            let (x0, x1) = clip(left, ((i - run_start) as i64).saturating_mul(module), self.width);
            if x0 < x1 {
                fill_span(&mut mask, x0, x1);
                lo = lo.min(x0 / 8);
                hi = hi.max((x1 - 1) / 8 + 1);
            }
        }
        if lo >= hi {
            return;
        }
        for row in y0..y1 {
            let start = row * self.stride;
            or_bytes(&mut self.data[start + lo..start + hi], &mask[lo..hi]);
        }
    }

    /// Rows of `#` (black) and `.` (white) joined by newlines, for tests and debugging.
    pub fn to_ascii(&self) -> String {
        let mut out = String::new();
        for y in 0..self.height as i64 {
            if y > 0 {
                out.push('\n');
            }
            for x in 0..self.width as i64 {
                out.push(if self.get(x, y) { '#' } else { '.' });
            }
        }
        out
    }
}

impl fmt::Debug for Page {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Page {}x{} dots\n{}", self.width, self.height, self.to_ascii())
    }
}

/// The part of `[start, start + len)` inside `[0, limit)`, as a (begin, end) pair of
/// indices; begin >= end when nothing is left.
fn clip(start: i64, len: i64, limit: u32) -> (usize, usize) {
    let end = start.saturating_add(len.max(0));
    let begin = start.max(0).min(limit as i64);
    let end = end.max(0).min(limit as i64);
    (begin as usize, end as usize)
}

/// `dst[i] |= src[i]` over the shorter of the two, eight bytes at a time: a symbol's
/// row mask is OR-ed into every dot row of its height (a Code 128 at 203 dpi: ~110 rows
/// of 25 bytes), and Wasm without SIMD does one byte a loop step otherwise.
pub fn or_bytes(dst: &mut [u8], src: &[u8]) {
    let n = dst.len().min(src.len());
    let (dst, src) = (&mut dst[..n], &src[..n]);
    let mut d8 = dst.chunks_exact_mut(8);
    let mut s8 = src.chunks_exact(8);
    for (d, s) in (&mut d8).zip(&mut s8) {
        let v = u64::from_ne_bytes([d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]])
            | u64::from_ne_bytes([s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]]);
        d.copy_from_slice(&v.to_ne_bytes());
    }
    for (d, s) in d8.into_remainder().iter_mut().zip(s8.remainder()) {
        *d |= *s;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The slow, obviously right way: dot by dot.
    fn naive_rect(page: &mut Vec<bool>, width: i64, height: i64, x: i64, y: i64, w: i64, h: i64) {
        for yy in y..y + h {
            for xx in x..x + w {
                if xx >= 0 && yy >= 0 && xx < width && yy < height {
                    page[(yy * width + xx) as usize] = true;
                }
            }
        }
    }

    #[test]
    fn packing_is_msb_first_with_padded_rows() {
        let mut p = Page::new(10, 2).unwrap();
        assert_eq!(p.stride(), 2);
        p.fill_rect(0, 0, 1, 1);
        p.fill_rect(9, 1, 1, 1);
        assert_eq!(p.data(), &[0x80, 0x00, 0x00, 0x40]);
        assert_eq!(p.to_ascii(), "#.........\n.........#");
    }

    #[test]
    fn spans_within_one_byte_and_across_bytes() {
        let mut p = Page::new(24, 1).unwrap();
        p.fill_rect(2, 0, 3, 1); // bits 2..5 of byte 0
        assert_eq!(p.data(), &[0b0011_1000, 0, 0]);
        let mut p = Page::new(24, 1).unwrap();
        p.fill_rect(6, 0, 13, 1); // 6..19
        assert_eq!(p.data(), &[0b0000_0011, 0xFF, 0b1110_0000]);
    }

    #[test]
    fn fill_rect_matches_dot_by_dot_with_clipping() {
        let (w, h) = (37i64, 11i64);
        let mut seed = 12345u64;
        let mut next = |n: i64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((seed >> 33) % n as u64) as i64
        };
        for _ in 0..500 {
            let mut page = Page::new(w, h).unwrap();
            let mut naive = vec![false; (w * h) as usize];
            for _ in 0..3 {
                let (x, y, rw, rh) = (next(60) - 10, next(30) - 10, next(45), next(20));
                page.fill_rect(x, y, rw, rh);
                naive_rect(&mut naive, w, h, x, y, rw, rh);
            }
            // And a cleared rectangle: the dots outside it keep their ink.
            let (x, y, rw, rh) = (next(60) - 10, next(30) - 10, next(45), next(20));
            page.clear_rect(x, y, rw, rh);
            let mut cleared = vec![false; (w * h) as usize];
            naive_rect(&mut cleared, w, h, x, y, rw, rh);
            for (n, c) in naive.iter_mut().zip(&cleared) {
                *n &= !*c;
            }
            for y in 0..h {
                for x in 0..w {
                    assert_eq!(page.get(x, y), naive[(y * w + x) as usize], "dot {},{}", x, y);
                }
            }
        }
    }

    /// Every bitmap width, dot offset and position, down to the page's last row and
    /// right edge, draws the dots one `set` per dot draws.
    #[test]
    fn or_packed_draws_what_setting_each_dot_draws() {
        let mut seed = 99u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        };
        for _ in 0..600 {
            let (pw, ph) = (1 + next() % 90, 1 + next() % 12);
            let width = 1 + next() % pw.min(70);
            let rows = 1 + next() % ph;
            let stride = (width + 7) / 8;
            let mut bits = vec![0u8; stride * rows];
            for r in 0..rows {
                for c in 0..width {
                    if next() % 3 == 0 {
                        bits[r * stride + c / 8] |= 0x80 >> (c % 8);
                    }
                }
            }
            let (x, y) = ((next() % (pw - width + 1)) as i64, (next() % (ph - rows + 1)) as i64);
            let mut page = Page::new(pw as i64, ph as i64).unwrap();
            page.set(0, 0);
            let mut want = page.clone();
            assert!(page.or_packed(&bits, width as u32, x, y));
            for r in 0..rows {
                for c in 0..width {
                    if bits[r * stride + c / 8] & (0x80 >> (c % 8)) != 0 {
                        want.set(x + c as i64, y + r as i64);
                    }
                }
            }
            assert_eq!(page.to_ascii(), want.to_ascii(), "{}x{} at ({}, {}) on {}x{}", width, rows, x, y, pw, ph);
            assert_eq!(page.data(), want.data(), "padding bits stay 0");
        }
    }

    #[test]
    fn or_bytes_ors_every_byte_of_the_shorter_slice() {
        for n in 0..20usize {
            let src: Vec<u8> = (0..n).map(|i| (i * 37 + 5) as u8).collect();
            let mut dst: Vec<u8> = (0..n + 3).map(|i| (i * 11) as u8).collect();
            let want: Vec<u8> = dst.iter().enumerate().map(|(i, &d)| if i < n { d | src[i] } else { d }).collect();
            or_bytes(&mut dst, &src);
            assert_eq!(dst, want, "{} bytes", n);
        }
    }

    #[test]
    fn stroke_rect_draws_inside_the_box() {
        let mut p = Page::new(8, 6).unwrap();
        p.stroke_rect(1, 1, 6, 4, 1);
        assert_eq!(
            p.to_ascii(),
            "........\n.######.\n.#....#.\n.#....#.\n.######.\n........"
        );
        let mut p = Page::new(6, 6).unwrap();
        p.stroke_rect(0, 0, 6, 6, 3); // thick enough to fill
        assert!(p.data().iter().all(|&b| b == 0b1111_1100));
    }

    #[test]
    fn bars_use_whole_dot_modules_and_clip() {
        let mut p = Page::new(12, 2).unwrap();
        p.draw_bars(&[true, false, true, true], 1, 0, 2, 2);
        assert_eq!(p.to_ascii(), ".##..####...\n.##..####...");
        let mut p = Page::new(4, 1).unwrap();
        p.draw_bars(&[true, false, true], -2, 0, 2, 5); // left bar off the page
        assert_eq!(p.to_ascii(), "..##");
    }

    #[test]
    fn runs_draw_bars_of_given_widths_and_clear_rect_whitens() {
        let mut p = Page::new(12, 2).unwrap();
        p.draw_runs(&[1, 2, 3, 1, 2], 1, 0, 2);
        assert_eq!(p.to_ascii(), ".#..###.##..\n.#..###.##..");
        p.clear_rect(5, 1, 4, 5);
        assert_eq!(p.to_ascii(), ".#..###.##..\n.#..#....#..");
        p.set(0, 0);
        p.set(99, 0);
        p.set(-1, 0);
        assert!(p.get(0, 0));
        let mut q = Page::new(20, 1).unwrap();
        q.fill_rect(0, 0, 20, 1);
        q.clear_rect(3, 0, 12, 1); // across a byte boundary
        assert_eq!(q.to_ascii(), "###............#####");
    }

    #[test]
    fn drawing_is_additive() {
        let mut p = Page::new(8, 1).unwrap();
        p.fill_rect(0, 0, 2, 1);
        p.draw_bars(&[false, true], 0, 0, 3, 1);
        assert_eq!(p.to_ascii(), "##.###..");
    }

    #[test]
    fn sizes_are_checked() {
        assert_eq!(Page::new(0, 5), Err(PageError::Empty { width: 0, height: 5 }));
        assert!(matches!(Page::new(40_000, 1), Err(PageError::TooLarge { .. })));
        assert!(matches!(Page::new(32_767, 32_767), Err(PageError::TooLarge { .. })));
        assert!(Page::new(32_767, 1).is_ok());
    }
}
