//! TrueType faces behind the renderer's [`TextFace`] seam (`text.rs`), so barcode
//! human-readable text and other single-line captions can use a label's fonts instead of
//! the built-in stroke font, without changes to the renderer.
//!
//! The seam speaks of an em box `size` dots tall whose top is the `y` given. A TrueType
//! face's line box (ascender + descender) is usually a little taller than its em, so it is
//! scaled into the em box: the baseline sits at `ascender / (ascender - descender)` of
//! the box. Cap height comes from the first face's `H` (or `0`). Characters no face has
//! draw as `?`, as the seam asks.

use std::cell::RefCell;

use crate::{Page, TextFace, TextMetrics};

use super::cache::GlyphCache;
use super::draw::{draw_layout_1bit, draw_layout_gray, GrayImage};
use super::font::FontSet;
use super::glyf;
use super::layout::{layout_text, TextBox, TextLayout, TextStyle};

#[path = "face_ink.rs"]
mod inked;

/// A [`FontSet`] with its own glyph cache, usable wherever a [`TextFace`] is.
pub struct TrueTypeFace {
    fonts: FontSet,
    cache: RefCell<GlyphCache>,
    /// Baseline below the em box's top, in ems.
    baseline: f32,
    /// Cap height in ems.
    cap: f32,
    /// The last text laid out, with its box at (0, 0): (text, size, layout). Placing a
    /// caption asks for the same width several times (does it fit, where does it go, how
    /// much to draw) and then draws it, and a layout costs far more than the comparison
    /// and a copy of the glyph list.
    last_layout: RefCell<Option<(String, u32, TextLayout)>>,
    /// Glyph masks at other coverage levels than 50 % ([`TrueTypeFace::draw_inked`]).
    ink: RefCell<inked::InkCache>,
    /// The style asked for: glyphs of a face without bold (italic) are emboldened
    /// (slanted) as straight text's are (layout.rs), so a bold caption in a CJK face that
    /// has no bold file is still drawn bold.
    bold: bool,
    italic: bool,
}

impl TrueTypeFace {
    /// The fallback chain `fonts` as one face, with a glyph cache of 1 MiB.
    pub fn new(fonts: FontSet) -> TrueTypeFace {
        TrueTypeFace::with_style(fonts, false, false)
    }

    /// As [`TrueTypeFace::new`], drawn `bold` and `italic`: real where the face has the
    /// style, synthesised per glyph where it does not.
    pub fn with_style(fonts: FontSet, bold: bool, italic: bool) -> TrueTypeFace {
        let f = fonts.primary();
        let m = f.metrics();
        let baseline = m.ascender as f32 / (m.ascender as f32 - m.descender as f32);
        let upem = m.units_per_em as f32;
        let cap = ['H', '0']
            .iter()
            .filter_map(|&c| f.glyph_index(c))
            .filter_map(|g| glyf::outline(f, g))
            .map(|o| o.points.iter().fold(0f32, |top, p| top.max(p.y)))
            .find(|&top| top > 0.0)
            .map_or(0.7, |top| top / upem);
        TrueTypeFace { fonts, cache: RefCell::new(GlyphCache::with_budget(1 << 20)), baseline, cap, last_layout: RefCell::new(None), ink: RefCell::default(), bold, italic }
    }

    /// The faces.
    pub fn fonts(&self) -> &FontSet {
        &self.fonts
    }

    /// `text` on one line with missing characters as `?`.
    fn printable(&self, text: &str) -> String {
        text.chars()
            .map(|c| match c {
                '\n' | '\r' | '\t' => ' ',
                c if c == ' ' || self.fonts.fonts().iter().any(|f| f.glyph_index(c).is_some()) => c,
                _ => '?',
            })
            .collect()
    }

    fn style(&self, size: u32) -> TextStyle {
        let mut style = TextStyle::new(size as f32);
        style.clip = false;
        style.bold = self.bold;
        style.italic = self.italic;
        style
    }
}

impl TextFace for TrueTypeFace {
    fn advance(&self, text: &str, size: u32) -> i64 {
        self.with_origin_layout(text, size, |l| l.content_width().round() as i64).unwrap_or(0)
    }

    fn metrics(&self, size: u32) -> TextMetrics {
        let baseline = (size as f32 * self.baseline).round() as i64;
        let cap_top = baseline - (size as f32 * self.cap).round() as i64;
        TextMetrics { cap_top: cap_top.max(0), baseline, em: size as i64 }
    }

    fn draw(&self, page: &mut Page, text: &str, x: i64, y: i64, size: u32) {
        if let Some(layout) = self.placed(text, x, y, size) {
            draw_layout_1bit(page, &layout, &self.fonts, &mut self.cache.borrow_mut());
        }
    }
}

impl TrueTypeFace {
    /// As [`TextFace::draw`], into a grey image with anti-aliasing (screens): the same
    /// layout and glyph masks, so the ink sits where the 1-bit drawing puts it.
    pub fn draw_gray(&self, image: &mut GrayImage, text: &str, x: i64, y: i64, size: u32) {
        if let Some(layout) = self.placed(text, x, y, size) {
            draw_layout_gray(image, &layout, &self.fonts, &mut self.cache.borrow_mut());
        }
    }

    /// `text` laid out on one line with its em box's top-left corner at (`x`, `y`);
    /// `None` when it cannot be laid out there (coordinates out of range).
    ///
    /// The layout at (0, 0) moved: a left-aligned line's glyph pens are `box x as f32 +
    /// pen` (layout.rs), the same sum made here, so the dots are those of a layout made at
    /// (`x`, `y`); the baseline is set below either way.
    fn placed(&self, text: &str, x: i64, y: i64, size: u32) -> Option<TextLayout> {
        TextBox::new(x, y, 1 << 20, 1 << 20)?;
        let mut layout = self.with_origin_layout(text, size, |l| l.clone())?;
        let dx = x as f32;
        layout.bounds = TextBox::new(x, y, 1 << 20, 1 << 20)?;
        for g in &mut layout.glyphs {
            g.x += dx;
        }
        for line in &mut layout.lines {
            line.x += dx;
        }
        for bar in &mut layout.bars {
            bar.0 += dx;
        }
        // Put the baseline where the em box says, whatever the line box's ascender.
        let want = (y + self.metrics(size).baseline) as f32;
        if let Some(first) = layout.lines.first() {
            let dy = want - first.baseline;
            for g in &mut layout.glyphs {
                g.y += dy;
            }
            for bar in &mut layout.bars {
                bar.1 += dy;
            }
        }
        Some(layout)
    }

    /// `f` of `text` laid out at `size` with its box at (0, 0), from the last layout kept
    /// when it is the same text and size; `None` when it cannot be laid out.
    fn with_origin_layout<R>(&self, text: &str, size: u32, f: impl FnOnce(&TextLayout) -> R) -> Option<R> {
        let mut last = self.last_layout.borrow_mut();
        if !matches!(last.as_ref(), Some((t, s, _)) if *s == size && t == text) {
            let bx = TextBox::new(0, 0, 1 << 20, 1 << 20)?;
            *last = layout_text(&self.fonts, &self.style(size), &self.printable(text), bx)
                .ok()
                .map(|l| (text.to_string(), size, l));
        }
        last.as_ref().map(|(_, _, l)| f(l))
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_fonts::load;
    use super::*;

    #[test]
    fn stands_in_for_the_builtin_font() {
        let fonts = match (load("LiberationSans-Regular.ttf"), load("DroidSansFallbackFull.ttf")) {
            (Some(a), Some(b)) => FontSet::new(vec![a, b]).unwrap(),
            _ => return,
        };
        let face = TrueTypeFace::new(fonts);
        let size = 40;
        let m = face.metrics(size);
        // Liberation: baseline at 1854/2288 of the em box, caps 1409/2048 em tall
        assert_eq!(m.baseline, 32);
        assert_eq!(m.baseline - m.cap_top, 28);
        // Arial digits are 1139/2048 em wide
        assert_eq!(face.advance("0123456789", size), (10.0f32 * 1139.0 * 40.0 / 2048.0).round() as i64);

        let mut page = Page::new(300, 60).unwrap();
        face.draw(&mut page, "HELLO 12", 5, 7, size);
        let rows: Vec<i64> = (0..60).filter(|&y| (0..300).any(|x| page.get(x, y))).collect();
        assert_eq!(*rows.first().unwrap(), 7 + m.cap_top);
        assert_eq!(*rows.last().unwrap(), 7 + m.baseline - 1);
        // a character nobody has becomes '?'
        assert_eq!(face.advance("\u{10FFFD}", size), face.advance("?", size));
        // the remembered last advance answers only the same text at the same size
        let one = face.advance("0", size);
        assert_eq!(face.advance("0", size), one);
        assert_eq!(face.advance("00", size), 2 * one);
        assert_eq!(face.advance("0", 2 * size), 2 * one);
        assert_eq!(face.advance("0", size), one);

        // Grey: the same glyphs anti-aliased, dark (>= 50 % ink) exactly where the page is
        // black, with partial coverage along the edges.
        let mut grey = vec![255u8; 300 * 60];
        face.draw_gray(&mut GrayImage::new(&mut grey, 300, 60, 300).unwrap(), "HELLO 12", 5, 7, size);
        let mut partial = 0;
        for y in 0..60 {
            for x in 0..300 {
                let v = grey[(y * 300 + x) as usize];
                assert_eq!(v < 128, page.get(x, y), "dot ({}, {}) is {}", x, y, v);
                partial += (v > 0 && v < 255) as usize;
            }
        }
        assert!(partial > 50, "{} partly covered dots", partial);
    }
}
