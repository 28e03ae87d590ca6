//! One-line text on a 1-bit page inked from a coverage level other than the 50 % that
//! TEXT commands use: barcode captions, where a dot is black from a third covered so thin
//! strokes of 10-dot digits survive (engine barcode.rs `CAPTION_INK_LEVEL`).
//!
//! The result is exactly that of drawing the text grey into a white image with the
//! anti-aliased path (draw.rs: each glyph's coverage `s` darkens a dot to `(d * (255 - s) +
//! 127) / 255`, in layout order) and inking every dot whose level is at most `level`;
//! without the grey image. A dot only one glyph covers ends at `255 - s`, so each glyph is
//! its own 1-bit mask (`s >= 255 - level`), kept per face, glyph, size and level and OR-ed
//! in as packed rows. Darkening only darkens (`(d * (255 - s) + 127) / 255 <= d`), so
//! where glyph boxes overlap the composite is at least as dark as any single glyph's: the
//! masks' ink stays right there, and those overlaps alone are composited and thresholded
//! to add what two glyphs' edges make together.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use crate::Page;

use super::super::cache::{FxHasher, GlyphKey, Synthetic};
use super::super::draw::Clip;
use super::super::raster::Coverage;
use super::TrueTypeFace;

/// Glyph masks kept per face (bytes of packed rows); when full the cache empties itself
/// and refills in well under a µs per glyph from the glyph cache's coverage.
const INK_CACHE_BYTES: usize = 256 << 10;

/// Glyph lists kept for the next text up to this many glyphs (a longer one is dropped
/// after drawing).
const MAX_KEPT_GLYPHS: usize = 1024;

/// The 1-bit masks of a face's glyphs at some coverage levels, with scratch buffers reused
/// from one text to the next.
#[derive(Default)]
pub(super) struct InkCache {
    map: HashMap<Key, Mask, BuildHasherDefault<FxHasher>>,
    bytes: usize,
    /// The glyphs of the text being drawn: (glyph cache key parts, top-left dot, size).
    placed: Vec<Placed>,
    /// Composited levels of one overlap.
    grey: Vec<u8>,
    /// Indices of `placed` by left edge, so only neighbours are paired.
    order: Vec<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Key {
    glyph: GlyphKey,
    level: u8,
}

/// A glyph's dots at one level: `(width + 7) / 8` bytes a row, MSB the leftmost dot.
struct Mask {
    left: i32,
    top: i32,
    width: u32,
    height: u32,
    bits: Vec<u8>,
    /// Its dots with any coverage, packed the same way: where two glyphs' boxes overlap
    /// without a dot both cover, there is nothing to composite.
    touched: Vec<u8>,
}

impl Mask {
    fn touches(&self, c: i64, r: i64) -> bool {
        let stride = (self.width as usize + 7) / 8;
        self.touched[r as usize * stride + c as usize / 8] & (0x80 >> (c % 8)) != 0
    }
}

#[derive(Clone, Copy)]
struct Placed {
    face: usize,
    glyph: u16,
    synth: Synthetic,
    /// Its mask's key.
    key: Key,
    /// Top-left dot of its coverage box and the box's size.
    x: i64,
    y: i64,
    width: i64,
    height: i64,
}

impl Mask {
    fn of(c: &Coverage, level: u8) -> Mask {
        // Ink at coverage s >= 255 - level (a lone glyph leaves the dot at 255 - s).
        let min = 255 - level as u32;
        let w = c.width as usize;
        let stride = (w + 7) / 8;
        let mut bits = vec![0u8; stride * c.height as usize];
        let mut touched = vec![0u8; stride * c.height as usize];
        if w > 0 {
            for ((row, out), any) in c.data.chunks_exact(w).zip(bits.chunks_exact_mut(stride)).zip(touched.chunks_exact_mut(stride)) {
                for (i, &s) in row.iter().enumerate() {
                    if s != 0 {
                        any[i / 8] |= 0x80 >> (i % 8);
                        if s as u32 >= min {
                            out[i / 8] |= 0x80 >> (i % 8);
                        }
                    }
                }
            }
        }
        Mask { left: c.left, top: c.top, width: c.width, height: c.height, bits, touched }
    }
}

impl TrueTypeFace {
    /// Draws `text` as [`TextFace::draw`](crate::TextFace::draw) places it (em box's
    /// top-left corner at (`x`, `y`), `size` dots), a dot black when the anti-aliased
    /// drawing would leave it at grey `level` or darker (0 ink, 255 paper; at most 254),
    /// and only inside dots `clip` = (x0, y0, x1, y1) of the page. See the module docs.
    pub fn draw_inked(&self, page: &mut Page, text: &str, x: i64, y: i64, size: u32, level: u8, clip: (i64, i64, i64, i64)) {
        let level = level.min(254);
        let (cx0, cy0) = (clip.0.max(0), clip.1.max(0));
        let (cx1, cy1) = (clip.2.min(page.width() as i64), clip.3.min(page.height() as i64));
        if cx0 >= cx1 || cy0 >= cy1 {
            return;
        }
        let layout = match self.placed(text, x, y, size) {
            Some(l) => l,
            None => return,
        };
        let mut ink = self.ink.borrow_mut();
        let ink = &mut *ink;
        let mut glyphs = self.cache.borrow_mut();
        let fonts = self.fonts.fonts();
        if ink.bytes > INK_CACHE_BYTES {
            ink.map.clear();
            ink.bytes = 0;
        }
        ink.placed.clear();
        for g in &layout.glyphs {
            let font = match fonts.get(g.face as usize) {
                Some(f) => f,
                None => continue,
            };
            let synth = Synthetic { bold: g.fake_bold, oblique: g.fake_italic };
            if glyphs.get(font, g.glyph, layout.size, synth).oversize {
                // Too big for a mask (cache.rs): drawn straight in, clipped, at 50 %; at
                // thousands of dots the caption's level moves edges by under a dot.
                let pen = (g.x.round() as i64, g.y.round() as i64);
                let clip = Clip::from_bounds(cx0, cy0, cx1, cy1);
                glyphs.draw_oversize(page, font, g.glyph, layout.size, synth, pen, &clip);
                continue;
            }
            let key = Key { glyph: GlyphKey::new(font, g.glyph, layout.size, synth), level };
            let bytes = &mut ink.bytes;
            let mask = ink.map.entry(key).or_insert_with(|| {
                let m = Mask::of(&glyphs.get(font, g.glyph, layout.size, synth).coverage, level);
                *bytes += 64 + 2 * m.bits.len();
                m
            });
            let (gx, gy) = (g.x.round() as i64 + mask.left as i64, g.y.round() as i64 + mask.top as i64);
            let (w, h) = (mask.width as i64, mask.height as i64);
            if w == 0 || h == 0 {
                continue;
            }
            ink.placed.push(Placed { face: g.face as usize, glyph: g.glyph, synth, key, x: gx, y: gy, width: w, height: h });
            if gx >= cx0 && gy >= cy0 && gx + w <= cx1 && gy + h <= cy1 && page.or_packed(&mask.bits, mask.width, gx, gy) {
                continue;
            }
            // Partly outside the clip: dot by dot.
            let stride = (w as usize + 7) / 8;
            for r in 0..h {
                for c in 0..w {
                    let (px, py) = (gx + c, gy + r);
                    let on = mask.bits[r as usize * stride + c as usize / 8] & (0x80 >> (c % 8)) != 0;
                    if on && px >= cx0 && px < cx1 && py >= cy0 && py < cy1 {
                        page.set(px, py);
                    }
                }
            }
        }
        // Where boxes overlap, two glyphs' edges can darken a dot that neither inks alone.
        // By left edge: a glyph's box can only meet those starting before its right edge,
        // so a long caption costs its length, not its square.
        ink.order.clear();
        ink.order.extend(0..ink.placed.len());
        let placed = &ink.placed;
        ink.order.sort_by_key(|&i| placed[i].x);
        for oi in 0..ink.order.len() {
            for oj in oi + 1..ink.order.len() {
                let (a, b) = (ink.placed[ink.order[oi]], ink.placed[ink.order[oj]]);
                if b.x >= a.x + a.width {
                    break;
                }
                let (ox0, oy0) = (a.x.max(b.x).max(cx0), a.y.max(b.y).max(cy0));
                let (ox1, oy1) = ((a.x + a.width).min(b.x + b.width).min(cx1), (a.y + a.height).min(b.y + b.height).min(cy1));
                if ox0 >= ox1 || oy0 >= oy1 {
                    continue;
                }
                // (The masks are held: the cache empties itself only before a text.)
                let shared = match (ink.map.get(&a.key), ink.map.get(&b.key)) {
                    (Some(ma), Some(mb)) => (oy0..oy1).any(|yy| {
                        (ox0..ox1).any(|xx| ma.touches(xx - a.x, yy - a.y) && mb.touches(xx - b.x, yy - b.y))
                    }),
                    _ => true,
                };
                if !shared {
                    continue;
                }
                let ow = (ox1 - ox0) as usize;
                ink.grey.clear();
                ink.grey.resize(ow * (oy1 - oy0) as usize, 255);
                // Every glyph over the overlap, in drawing order, as the grey canvas blends.
                for p in &ink.placed {
                    let (x0, y0) = (p.x.max(ox0), p.y.max(oy0));
                    let (x1, y1) = ((p.x + p.width).min(ox1), (p.y + p.height).min(oy1));
                    if x0 >= x1 || y0 >= y1 {
                        continue;
                    }
                    let c = &glyphs.get(&fonts[p.face], p.glyph, layout.size, p.synth).coverage;
                    for yy in y0..y1 {
                        for xx in x0..x1 {
                            let s = c.data[((yy - p.y) * p.width + (xx - p.x)) as usize] as u32;
                            if s != 0 {
                                let d = &mut ink.grey[(yy - oy0) as usize * ow + (xx - ox0) as usize];
                                *d = ((*d as u32 * (255 - s) + 127) / 255) as u8;
                            }
                        }
                    }
                }
                for (k, &d) in ink.grey.iter().enumerate() {
                    if d <= level {
                        page.set(ox0 + (k % ow) as i64, oy0 + (k / ow) as i64);
                    }
                }
            }
        }
        for &(bx, by, bw, bh) in &layout.bars {
            // A bar is full ink on the grey canvas (draw.rs rounds it so).
            let (x0, x1) = ((bx.round() as i64).max(cx0), ((bx + bw).round() as i64).min(cx1));
            let y0 = by.round() as i64;
            let y1 = ((by + bh).round() as i64).max(y0 + 1);
            let (y0, y1) = (y0.max(cy0), y1.min(cy1));
            if x0 < x1 && y0 < y1 {
                page.fill_rect(x0, y0, x1 - x0, y1 - y0);
            }
        }
        if ink.grey.capacity() > INK_CACHE_BYTES {
            ink.grey = Vec::new();
        }
        if ink.placed.capacity() > MAX_KEPT_GLYPHS {
            ink.placed = Vec::new();
            ink.order = Vec::new();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::draw::GrayImage;
    use super::super::super::font::FontSet;
    use super::super::super::test_fonts::load;
    use super::*;
    use crate::TextFace;

    /// The reference: grey drawing, then every dot at `level` or darker.
    fn via_grey(face: &TrueTypeFace, w: u32, h: u32, text: &str, x: i64, y: i64, size: u32, level: u8) -> Page {
        let mut grey = vec![255u8; (w * h) as usize];
        face.draw_gray(&mut GrayImage::new(&mut grey, w, h, w as usize).unwrap(), text, x, y, size);
        let mut page = Page::new(w as i64, h as i64).unwrap();
        for (i, &v) in grey.iter().enumerate() {
            if v <= level {
                page.set(i as i64 % w as i64, i as i64 / w as i64);
            }
        }
        page
    }

    #[test]
    fn a_kept_layout_moved_puts_glyphs_where_a_fresh_layout_does() {
        use super::super::super::layout::{layout_text, TextBox};
        let fonts = match (load("LiberationSans-Regular.ttf"), load("DroidSansFallbackFull.ttf")) {
            (Some(a), Some(b)) => FontSet::new(vec![a, b]).unwrap(),
            _ => return,
        };
        let face = TrueTypeFace::new(fonts);
        for text in ["ZC2024000012", "Wo Ty 中文 ,.;", "1"] {
            for size in [10u32, 13, 17, 50] {
                for &(x, y) in &[(0i64, 0i64), (3, 9), (-37, -5), (4801, 6013), (99_999, 7)] {
                    // the layout made where the text goes, its baseline set as placed() sets it
                    let bx = TextBox::new(x, y, 1 << 20, 1 << 20).unwrap();
                    let fresh = layout_text(&face.fonts, &face.style(size), &face.printable(text), bx).unwrap();
                    let want = (y + face.metrics(size).baseline) as f32;
                    let dy = want - fresh.lines[0].baseline;
                    let moved = face.placed(text, x, y, size).unwrap();
                    assert_eq!(moved.glyphs.len(), fresh.glyphs.len());
                    for (m, f) in moved.glyphs.iter().zip(&fresh.glyphs) {
                        assert_eq!((m.face, m.glyph), (f.face, f.glyph));
                        assert_eq!(m.x.round(), f.x.round(), "{:?} {} at ({}, {})", text, size, x, y);
                        assert_eq!(m.y.round(), (f.y + dy).round(), "{:?} {} at ({}, {})", text, size, x, y);
                    }
                    assert_eq!(face.advance(text, size), fresh.content_width().round() as i64);
                }
            }
        }
    }

    #[test]
    fn inks_exactly_what_the_grey_drawing_thresholds() {
        let fonts = match (load("LiberationSans-Regular.ttf"), load("DroidSansFallbackFull.ttf")) {
            (Some(a), Some(b)) => FontSet::new(vec![a, b]).unwrap(),
            _ => return,
        };
        let face = TrueTypeFace::new(fonts);
        let (w, h) = (400u32, 60u32);
        let mut overlapping = 0;
        // Tight pairs (AV, Wo, f/) overlap boxes; sizes around caption sizes at 203 and
        // 300 dpi; positions cut by the page's edges; a CJK fallback glyph.
        for text in ["ZC2024000012", "AVAWAVfj//WoTy", "中文 ABC-123", "1111 7777 ////"] {
            for size in [9u32, 10, 12, 17, 24, 40] {
                for &(x, y) in &[(5i64, 7i64), (-6, -5), (380, 40)] {
                    for level in [85u8, 127, 170, 254] {
                        let want = via_grey(&face, w, h, text, x, y, size, level);
                        let mut got = Page::new(w as i64, h as i64).unwrap();
                        face.draw_inked(&mut got, text, x, y, size, level, (0, 0, w as i64, h as i64));
                        assert!(got.data() == want.data(), "{:?} size {} at ({}, {}) level {}", text, size, x, y, level);
                    }
                }
            }
            // the overlap path is exercised: glyph boxes meet (the last text drawn: size
            // 40, cut by the page's edge)
            let ink = face.ink.borrow();
            overlapping += ink.placed.windows(2).filter(|p| p[1].x < p[0].x + p[0].width).count();
        }
        assert!(overlapping > 0);
        // the clip keeps ink inside it
        let mut clipped = Page::new(w as i64, h as i64).unwrap();
        face.draw_inked(&mut clipped, "ZC2024000012", 5, 7, 24, 170, (20, 10, 60, 25));
        let full = via_grey(&face, w, h, "ZC2024000012", 5, 7, 24, 170);
        for yy in 0..h as i64 {
            for xx in 0..w as i64 {
                let inside = (20..60).contains(&xx) && (10..25).contains(&yy);
                assert_eq!(clipped.get(xx, yy), inside && full.get(xx, yy), "({}, {})", xx, yy);
            }
        }
        assert!(face.advance("ZC2024000012", 24) > 0);
    }
}
