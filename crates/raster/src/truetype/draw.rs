//! Drawing laid-out text into a 1-bit page (printers) or an 8-bit grey image (screens).
//!
//! Both targets take the same glyph masks from the [`GlyphCache`]: the page gets each
//! glyph's black dots (coverage >= 50 %) as rectangles, the grey image gets the coverage
//! itself, darkening what is under it (ink only, like the page: 255 is paper, 0 is ink).
//! Each glyph's pen position is rounded to a whole dot, so equal glyphs look equal at any
//! position, and the rounding error never accumulates along a line. Underline and
//! strikeout bars are whole-dot rectangles at least one dot thick.
//!
//! Clipping: everything is clipped to the target, and to the layout's box when the style
//! asked for it ([`TextStyle::clip`](super::TextStyle::clip)).
//!
//! Glyphs too big for a cached mask (over ~2000 dots square, raster.rs `MAX_AREA`; ems
//! go up to 4096 dots) are rasterised straight into the target, only inside the clip and
//! a band of rows at a time ([`Canvas::band`]), on the same dot grid and by the same 50 %
//! rule, so they look like the cached sizes just below them and cost one band of memory
//! (4 MiB), not a glyph-sized bitmap. Measured (release, one core): a 4000-dot 'A' at
//! 203 dpi takes ~1.2 ms on a 4 x 6 in label (its visible part) and ~30 ms drawn whole.

use crate::Page;

use super::cache::{GlyphCache, GlyphImage, Synthetic};
use super::font::FontSet;
use super::layout::{TextBox, TextLayout};
use super::raster::Coverage;

/// An 8-bit grey image borrowed from the caller: `height` rows of `width` bytes, `stride`
/// bytes apart, 255 = white paper, 0 = black ink.
pub struct GrayImage<'a> {
    data: &'a mut [u8],
    width: u32,
    height: u32,
    stride: usize,
}

impl<'a> GrayImage<'a> {
    /// Wraps `data`; `None` when a side is 0, `stride < width` or `data` is too short.
    pub fn new(data: &'a mut [u8], width: u32, height: u32, stride: usize) -> Option<GrayImage<'a>> {
        if width == 0 || height == 0 || stride < width as usize {
            return None;
        }
        let need = stride.checked_mul(height as usize - 1)?.checked_add(width as usize)?;
        if data.len() < need {
            return None;
        }
        Some(GrayImage { data, width, height, stride })
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    pub fn stride(&self) -> usize {
        self.stride
    }

    /// Inks (sets to 0) every dot that is black in `page`, with `page`'s top-left dot at
    /// (`x`, `y`), clipped to the image: 1-bit drawing (the built-in stroke font) on a grey
    /// target.
    pub fn stamp_page(&mut self, page: &Page, x: i64, y: i64) {
        let (w, h) = (self.width as i64, self.height as i64);
        let ya = y.max(0);
        let yb = (y + page.height() as i64).min(h);
        let xa = x.max(0);
        let xb = (x + page.width() as i64).min(w);
        for yy in ya..yb {
            let row = yy as usize * self.stride;
            for xx in xa..xb {
                if page.get(xx - x, yy - y) {
                    self.data[row + xx as usize] = 0;
                }
            }
        }
    }
}

/// A drawing area in whole dots: `x0 <= x < x1`, `y0 <= y < y1`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Clip {
    x0: i64,
    y0: i64,
    x1: i64,
    y1: i64,
}

impl Clip {
    fn new(width: u32, height: u32, bx: Option<TextBox>) -> Clip {
        let mut c = Clip { x0: 0, y0: 0, x1: width as i64, y1: height as i64 };
        if let Some(b) = bx {
            c.x0 = c.x0.max(b.x());
            c.y0 = c.y0.max(b.y());
            c.x1 = c.x1.min(b.x() + b.width());
            c.y1 = c.y1.min(b.y() + b.height());
        }
        c
    }

    /// Dots `x0..x1` x `y0..y1`.
    pub(super) fn from_bounds(x0: i64, y0: i64, x1: i64, y1: i64) -> Clip {
        Clip { x0, y0, x1, y1 }
    }

    pub(super) fn is_empty(&self) -> bool {
        self.x0 >= self.x1 || self.y0 >= self.y1
    }

    /// (x0, y0, x1, y1).
    pub(super) fn bounds(&self) -> (i64, i64, i64, i64) {
        (self.x0, self.y0, self.x1, self.y1)
    }
}

/// What text is drawn into.
pub(super) trait Canvas {
    fn clip(&self, bx: Option<TextBox>) -> Clip;
    /// Draws a glyph mask with its top-left dot at (`x`, `y`).
    fn glyph(&mut self, img: &GlyphImage, x: i64, y: i64, clip: &Clip);
    /// Draws a band of an oversize glyph's coverage (cache.rs `draw_window`) with its
    /// top-left dot at (`x`, `y`), by the rule [`Canvas::glyph`] draws a mask by.
    fn band(&mut self, c: &Coverage, x: i64, y: i64, clip: &Clip);
    /// Fills dots `x0..x1` x `y0..y1` with ink.
    fn rect(&mut self, x0: i64, y0: i64, x1: i64, y1: i64, clip: &Clip);
}

impl Canvas for Page {
    fn clip(&self, bx: Option<TextBox>) -> Clip {
        Clip::new(self.width(), self.height(), bx)
    }

    fn glyph(&mut self, img: &GlyphImage, x: i64, y: i64, clip: &Clip) {
        let (w, h) = (img.coverage.width as i64, img.coverage.height as i64);
        // A glyph wholly inside the clip (the usual case) is OR-ed in as packed rows.
        if !img.bits.is_empty()
            && x >= clip.x0
            && y >= clip.y0
            && x + w <= clip.x1
            && y + h <= clip.y1
            && self.or_packed(&img.bits, w as u32, x, y)
        {
            return;
        }
        for r in &img.rects {
            let ya = (y + r.y0 as i64).max(clip.y0);
            let yb = (y + r.y1 as i64).min(clip.y1);
            let xa = (x + r.x0 as i64).max(clip.x0);
            let xb = (x + r.x1 as i64).min(clip.x1);
            if xa < xb && ya < yb {
                self.fill_rect(xa, ya, xb - xa, yb - ya);
            }
        }
    }

    fn band(&mut self, c: &Coverage, x: i64, y: i64, clip: &Clip) {
        // Black at 50 %, as the mask's rectangles: each row's runs, clipped.
        let w = c.width as usize;
        if w == 0 {
            return;
        }
        for (r, row) in c.data.chunks_exact(w).enumerate() {
            let yy = y + r as i64;
            if yy < clip.y0 || yy >= clip.y1 {
                continue;
            }
            let mut i = 0;
            while i < w {
                if row[i] < 128 {
                    i += 1;
                    continue;
                }
                let start = i;
                while i < w && row[i] >= 128 {
                    i += 1;
                }
                let xa = (x + start as i64).max(clip.x0);
                let xb = (x + i as i64).min(clip.x1);
                if xa < xb {
                    self.fill_rect(xa, yy, xb - xa, 1);
                }
            }
        }
    }

    fn rect(&mut self, x0: i64, y0: i64, x1: i64, y1: i64, clip: &Clip) {
        let (x0, y0, x1, y1) = (x0.max(clip.x0), y0.max(clip.y0), x1.min(clip.x1), y1.min(clip.y1));
        if x0 < x1 && y0 < y1 {
            self.fill_rect(x0, y0, x1 - x0, y1 - y0);
        }
    }
}

impl<'a> Canvas for GrayImage<'a> {
    fn clip(&self, bx: Option<TextBox>) -> Clip {
        Clip::new(self.width, self.height, bx)
    }

    fn glyph(&mut self, img: &GlyphImage, x: i64, y: i64, clip: &Clip) {
        self.band(&img.coverage, x, y, clip)
    }

    fn band(&mut self, c: &Coverage, x: i64, y: i64, clip: &Clip) {
        let (w, h) = (c.width as i64, c.height as i64);
        let (cx0, cy0) = ((clip.x0 - x).max(0), (clip.y0 - y).max(0));
        let (cx1, cy1) = ((clip.x1 - x).min(w), (clip.y1 - y).min(h));
        if cx0 >= cx1 || cy0 >= cy1 {
            return;
        }
        for gy in cy0..cy1 {
            let src = &c.data[(gy * w + cx0) as usize..(gy * w + cx1) as usize];
            let start = (y + gy) as usize * self.stride + (x + cx0) as usize;
            let dst = &mut self.data[start..start + src.len()];
            for (d, &s) in dst.iter_mut().zip(src) {
                if s != 0 {
                    *d = ((*d as u32 * (255 - s as u32) + 127) / 255) as u8;
                }
            }
        }
    }

    fn rect(&mut self, x0: i64, y0: i64, x1: i64, y1: i64, clip: &Clip) {
        let (x0, y0, x1, y1) = (x0.max(clip.x0), y0.max(clip.y0), x1.min(clip.x1), y1.min(clip.y1));
        if x0 >= x1 {
            return;
        }
        for y in y0..y1 {
            let start = y as usize * self.stride;
            for d in &mut self.data[start + x0 as usize..start + x1 as usize] {
                *d = 0;
            }
        }
    }
}

/// Draws `layout` (made with `fonts`) into a 1-bit page: glyph coverage of 50 % or more
/// is black. Glyphs whose face index is not in `fonts` are skipped.
pub fn draw_layout_1bit(page: &mut Page, layout: &TextLayout, fonts: &FontSet, cache: &mut GlyphCache) {
    draw(page, layout, fonts, cache)
}

/// Draws `layout` (made with `fonts`) into a grey image with anti-aliasing.
pub fn draw_layout_gray(image: &mut GrayImage, layout: &TextLayout, fonts: &FontSet, cache: &mut GlyphCache) {
    draw(image, layout, fonts, cache)
}

fn draw<C: Canvas>(canvas: &mut C, layout: &TextLayout, fonts: &FontSet, cache: &mut GlyphCache) {
    let clip = canvas.clip(if layout.clip { Some(layout.bounds) } else { None });
    if clip.is_empty() {
        return;
    }
    for g in &layout.glyphs {
        let font = match fonts.fonts().get(g.face as usize) {
            Some(f) => f,
            None => continue,
        };
        let synth = Synthetic { bold: g.fake_bold, oblique: g.fake_italic };
        let img = cache.get(font, g.glyph, layout.size, synth);
        if img.oversize {
            let pen = (g.x.round() as i64, g.y.round() as i64);
            cache.draw_oversize(canvas, font, g.glyph, layout.size, synth, pen, &clip);
            continue;
        }
        let x = g.x.round() as i64 + img.coverage.left as i64;
        let y = g.y.round() as i64 + img.coverage.top as i64;
        canvas.glyph(img, x, y, &clip);
    }
    for &(x, y, w, h) in &layout.bars {
        let (x0, x1) = (x.round() as i64, (x + w).round() as i64);
        let y0 = y.round() as i64;
        let y1 = ((y + h).round() as i64).max(y0 + 1);
        canvas.rect(x0, y0, x1, y1, &clip);
    }
}

#[cfg(test)]
mod tests {
    use super::super::layout::{layout_text, HAlign, TextStyle, VAlign};
    use super::super::test_fonts::{load, write_pbm, write_pgm};
    use super::*;

    fn fonts() -> Option<FontSet> {
        FontSet::new(vec![load("LiberationSans-Regular.ttf")?, load("DroidSansFallbackFull.ttf")?])
    }

    /// (x0, y0, x1, y1) of the black dots and their count.
    fn ink_box(p: &Page) -> Option<(i64, i64, i64, i64, usize)> {
        let mut b: Option<(i64, i64, i64, i64, usize)> = None;
        for y in 0..p.height() as i64 {
            for x in 0..p.width() as i64 {
                if p.get(x, y) {
                    b = Some(match b {
                        None => (x, y, x + 1, y + 1, 1),
                        Some((x0, y0, x1, y1, n)) => {
                            (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1), n + 1)
                        }
                    });
                }
            }
        }
        b
    }

    #[test]
    fn packed_glyph_rows_draw_the_same_dots_as_rectangles() {
        use super::super::raster::Coverage;
        let mut seed = 7u32;
        for (w, h) in [(1u32, 1u32), (5, 3), (8, 2), (13, 7), (17, 5), (30, 9)] {
            let data: Vec<u8> = (0..w * h)
                .map(|_| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    (seed >> 16) as u8
                })
                .collect();
            let coverage = Coverage { left: 0, top: 0, width: w, height: h, data };
            let rects = coverage.black_rects();
            let bits = coverage.black_bits();
            let packed = GlyphImage { coverage: coverage.clone(), rects: rects.clone(), bits, oversize: false };
            let plain = GlyphImage { coverage, rects, bits: Vec::new(), oversize: false };
            for x in 0..17i64 {
                for (pw, y) in [(x as u32 + w, 0i64), (x as u32 + w + 9, 2)] {
                    let mut a = Page::new(pw as i64, h as i64 + 3).unwrap();
                    let mut b = a.clone();
                    let clip = a.clip(None);
                    a.glyph(&packed, x, y, &clip);
                    b.glyph(&plain, x, y, &clip);
                    assert_eq!(a, b, "{}x{} at {},{} on {} wide", w, h, x, y, pw);
                }
            }
        }
    }

    #[test]
    fn a_glyph_has_plausible_ink() {
        let fonts = match fonts() {
            Some(f) => f,
            None => return,
        };
        let mut cache = GlyphCache::new();
        // 'H' at 100 dots to the em: cap height 1409/2048 em, stems ~ 0.09 em
        let mut page = Page::new(200, 150).unwrap();
        let l = layout_text(&fonts, &TextStyle::new(100.0), "H", TextBox::new(10, 10, 180, 130).unwrap())
            .unwrap();
        draw_layout_1bit(&mut page, &l, &fonts, &mut cache);
        let (x0, y0, x1, y1, n) = ink_box(&page).unwrap();
        let baseline = l.glyphs()[0].y.round() as i64;
        assert_eq!(y1, baseline, "H sits on the baseline");
        let cap = (y1 - y0) as f32;
        assert!((cap - 100.0 * 1409.0 / 2048.0).abs() <= 1.0, "cap height {}", cap);
        let ratio = n as f32 / ((x1 - x0) * (y1 - y0)) as f32;
        assert!(ratio > 0.25 && ratio < 0.45, "H fills {} of its box", ratio);
        // the crossbar row is solid, the gap between stems above it is empty
        let mid = (y0 + y1) / 2;
        assert!((x0..x1).all(|x| page.get(x, mid) || page.get(x, mid + 1) || page.get(x, mid - 1)));
        assert!(!page.get((x0 + x1) / 2, y0 + 3));
    }

    #[test]
    fn an_ideograph_fills_its_em_square() {
        let fonts = match fonts() {
            Some(f) => f,
            None => return,
        };
        let mut page = Page::new(100, 100).unwrap();
        let l =
            layout_text(&fonts, &TextStyle::new(64.0), "国", TextBox::new(10, 10, 80, 80).unwrap()).unwrap();
        draw_layout_1bit(&mut page, &l, &fonts, &mut GlyphCache::new());
        let (x0, y0, x1, y1, n) = ink_box(&page).unwrap();
        assert!(x1 - x0 > 48 && y1 - y0 > 48, "{:?}", (x0, y0, x1, y1));
        assert!(x0 >= 10 && x1 <= 10 + 64);
        let ratio = n as f32 / ((x1 - x0) * (y1 - y0)) as f32;
        assert!(ratio > 0.15 && ratio < 0.6, "{}", ratio);
    }

    #[test]
    fn gray_and_1bit_agree_at_the_threshold() {
        let fonts = match fonts() {
            Some(f) => f,
            None => return,
        };
        let mut cache = GlyphCache::new();
        let l =
            layout_text(&fonts, &TextStyle::new(30.0), "Ag资", TextBox::new(3, 2, 120, 40).unwrap()).unwrap();
        let mut page = Page::new(130, 45).unwrap();
        draw_layout_1bit(&mut page, &l, &fonts, &mut cache);
        let mut buf = vec![255u8; 130 * 45];
        let mut img = GrayImage::new(&mut buf, 130, 45, 130).unwrap();
        draw_layout_gray(&mut img, &l, &fonts, &mut cache);
        let mut grey_levels = 0;
        for y in 0..45 {
            for x in 0..130 {
                let v = buf[y * 130 + x];
                assert_eq!(page.get(x as i64, y as i64), v <= 127, "dot {},{} grey {}", x, y, v);
                if v > 0 && v < 255 {
                    grey_levels += 1;
                }
            }
        }
        assert!(grey_levels > 50, "anti-aliased edges");
    }

    #[test]
    fn clipping_keeps_ink_in_the_box() {
        let fonts = match fonts() {
            Some(f) => f,
            None => return,
        };
        let mut style = TextStyle::new(40.0);
        style.h_align = HAlign::Center;
        style.v_align = VAlign::Middle;
        let bx = TextBox::new(20, 20, 40, 20).unwrap();
        let l = layout_text(&fonts, &style, "WWWWWW", bx).unwrap();
        let mut page = Page::new(100, 60).unwrap();
        draw_layout_1bit(&mut page, &l, &fonts, &mut GlyphCache::new());
        let (x0, y0, x1, y1, _) = ink_box(&page).unwrap();
        assert!(x0 >= 20 && y0 >= 20 && x1 <= 60 && y1 <= 40);
        style.clip = false;
        let l = layout_text(&fonts, &style, "WWWWWW", bx).unwrap();
        let mut page = Page::new(100, 60).unwrap();
        draw_layout_1bit(&mut page, &l, &fonts, &mut GlyphCache::new());
        let (x0, _, x1, _, _) = ink_box(&page).unwrap();
        assert!(x0 < 20 && x1 > 60);
        // entirely off the page: nothing, no panic
        let far = layout_text(&fonts, &style, "W", TextBox::new(-5000, 9000, 40, 20).unwrap()).unwrap();
        let mut page = Page::new(10, 10).unwrap();
        draw_layout_1bit(&mut page, &far, &fonts, &mut GlyphCache::new());
        assert!(ink_box(&page).is_none());
    }

    #[test]
    fn underline_and_strikeout_bars() {
        let fonts = match fonts() {
            Some(f) => f,
            None => return,
        };
        let mut style = TextStyle::new(40.0);
        style.underline = true;
        style.strikeout = true;
        let l = layout_text(&fonts, &style, "__", TextBox::new(0, 0, 100, 60).unwrap()).unwrap();
        assert_eq!(l.bars.len(), 2);
        let l = layout_text(&fonts, &style, "ab", TextBox::new(0, 0, 100, 60).unwrap()).unwrap();
        let mut page = Page::new(100, 60).unwrap();
        draw_layout_1bit(&mut page, &l, &fonts, &mut GlyphCache::new());
        let baseline = l.lines()[0].baseline.round() as i64;
        let width = l.lines()[0].width.round() as i64;
        let full = |y: i64| (1..width - 1).all(|x| page.get(x, y));
        assert!((baseline..baseline + 8).any(full), "underline below the baseline");
        assert!((baseline - 20..baseline - 5).any(full), "strikeout through the x-height");
    }

    #[test]
    fn stamp_page_inks_black_dots_clipped() {
        let mut p = Page::new(4, 3).unwrap();
        p.fill_rect(1, 0, 2, 3);
        let mut buf = vec![200u8; 5 * 4];
        let mut img = GrayImage::new(&mut buf, 5, 4, 5).unwrap();
        img.stamp_page(&p, 2, 2);
        let black: Vec<usize> = (0..20).filter(|&i| buf[i] == 0).collect();
        assert_eq!(black, vec![13, 14, 18, 19]);
        assert!(buf.iter().all(|&v| v == 0 || v == 200));
    }

    #[test]
    fn gray_image_checks_its_buffer() {
        let mut buf = vec![0u8; 99];
        assert!(GrayImage::new(&mut buf, 10, 10, 10).is_none());
        let mut buf = vec![0u8; 100];
        assert!(GrayImage::new(&mut buf, 10, 10, 9).is_none());
        assert!(GrayImage::new(&mut buf, 0, 10, 10).is_none());
        assert!(GrayImage::new(&mut buf, 10, 10, 10).is_some());
    }

    /// Renders the sample line at 300 dpi (1-bit and grey) into target/text-samples/ for
    /// a person to look at.
    #[test]
    fn sample_hello_at_300_dpi() {
        let fonts = match fonts() {
            Some(f) => f,
            None => return,
        };
        let mut cache = GlyphCache::new();
        let dots = |mm: f32| mm * 300.0 / 25.4;
        let (w, h) = (dots(60.0).round() as i64, dots(25.0).round() as i64);
        let mut page = Page::new(w, h).unwrap();
        let mut grey = vec![255u8; (w * h) as usize];
        let rows: [(&str, f32, bool, bool, bool); 4] = [
            ("Hello 资产 123", 4.0, false, false, false),
            ("Hello 资产 123", 2.5, true, false, false),
            ("Hello 资产 123", 2.5, false, true, true),
            ("Asset ZC-2024-0001 编号：办公设备（笔记本）", 1.8, false, false, false),
        ];
        let mut y = 10;
        for (text, mm, bold, italic, underline) in rows {
            let mut style = TextStyle::new(dots(mm));
            style.bold = bold;
            style.italic = italic;
            style.underline = underline;
            let bx = TextBox::new(10, y, w - 20, 100).unwrap();
            let l = layout_text(&fonts, &style, text, bx).unwrap();
            draw_layout_1bit(&mut page, &l, &fonts, &mut cache);
            let mut img = GrayImage::new(&mut grey, w as u32, h as u32, w as usize).unwrap();
            draw_layout_gray(&mut img, &l, &fonts, &mut cache);
            y += l.needed_height() + 8;
        }
        assert!(ink_box(&page).is_some());
        write_pbm("hello-300dpi.pbm", &page);
        write_pgm("hello-300dpi-grey.pgm", w as usize, h as usize, &grey);
    }

    /// A 40 x 30 mm label at 203 dpi: regular, bold and bold italic lines with wrapping,
    /// centred, written to target/text-samples/ to look at.
    #[test]
    fn sample_label_at_203_dpi() {
        let fonts = match fonts() {
            Some(f) => f,
            None => return,
        };
        let dots = |mm: f32| mm * 203.0 / 25.4;
        let (w, h) = (dots(40.0).round() as i64, dots(30.0).round() as i64);
        let mut page = Page::new(w, h).unwrap();
        let mut cache = GlyphCache::new();
        let mut y = 6;
        for (bold, italic) in [(false, false), (true, false), (true, true)] {
            let mut style = TextStyle::new(dots(3.0));
            style.bold = bold;
            style.italic = italic;
            style.wrap = true;
            style.h_align = HAlign::Center;
            let l = layout_text(
                &fonts,
                &style,
                "资产编号 ZC-2024-0001 使用部门：行政部",
                TextBox::new(6, y, w - 12, 200).unwrap(),
            )
            .unwrap();
            draw_layout_1bit(&mut page, &l, &fonts, &mut cache);
            y += l.needed_height() + 4;
        }
        write_pbm("label-203dpi.pbm", &page);
    }
}
