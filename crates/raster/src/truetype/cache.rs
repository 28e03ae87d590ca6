//! The glyph cache: rasterised glyphs kept by (face, glyph, size, synthetic style).
//!
//! Labels repeat: a batch prints the same template hundreds of times with a few changed
//! characters, so every glyph is rasterised once per size and kept as an 8-bit coverage
//! mask (for screens) plus its 50 % threshold as black rectangles (for printers). A warm cache
//! turns drawing text into filling rectangles. The cache holds up to a byte budget (8 MiB by
//! default, a few thousand CJK glyphs at label sizes) and is simply emptied when full:
//! the working set of a label job is small and refills in microseconds per glyph.
//!
//! Keys use the face's process-unique id, so one cache serves any number of
//! [`FontSet`](super::FontSet)s built from the same parsed faces.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::font::Font;
use super::glyf;
use super::draw::{Canvas, Clip};
use super::raster::{bold_strikes, is_oversize, rasterize, rasterize_window, Coverage, Rect16, Transform};

/// Rasterised glyphs shared by every text drawn with it. One per engine (or per worker).
pub struct GlyphCache {
    map: HashMap<GlyphKey, GlyphImage, BuildHasherDefault<FxHasher>>,
    bytes: usize,
    budget: usize,
    scratch: Vec<f32>,
}

/// A glyph of one face at one size and synthetic style: what the cache keys on (and the
/// caption masks of face_ink.rs, which add their ink level).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct GlyphKey {
    font: u32,
    glyph: u16,
    style: u8,
    /// Size in 1/64 dot.
    size: u32,
}

impl GlyphKey {
    /// `glyph` of `font` at `size` dots to the em with `synth` faked.
    pub(super) fn new(font: &Font, glyph: u16, size: f32, synth: Synthetic) -> GlyphKey {
        GlyphKey {
            font: font.uid(),
            glyph,
            style: synth.bold as u8 | (synth.oblique as u8) << 1,
            size: (size * 64.0).round().max(0.0).min(u32::MAX as f32) as u32,
        }
    }
}

/// Which styles the rasteriser must fake because the face lacks them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Synthetic {
    pub bold: bool,
    pub oblique: bool,
}

/// One rasterised glyph, positioned relative to its pen position on the baseline.
#[derive(Debug, Default)]
pub(super) struct GlyphImage {
    pub coverage: Coverage,
    /// Black dots at 50 %, as rectangles in mask coordinates.
    pub rects: Vec<Rect16>,
    /// The same dots as packed rows (`Coverage::black_bits`), OR-ed into a 1-bit page
    /// a byte at a time when the glyph lies wholly inside the clip; may be empty (arc
    /// text's one-off glyphs), then the rectangles are drawn.
    pub bits: Vec<u8>,
    /// Too big to keep as a mask (raster.rs `MAX_AREA`): the image is empty and the glyph
    /// is drawn straight into the target each time ([`GlyphCache::draw_oversize`]).
    pub oversize: bool,
}

impl GlyphImage {
    fn bytes(&self) -> usize {
        64 + self.coverage.data.len() + self.rects.len() * 8 + self.bits.len()
    }
}

impl GlyphCache {
    /// A cache with the default budget of 8 MiB.
    pub fn new() -> GlyphCache {
        GlyphCache::with_budget(8 << 20)
    }

    /// A cache that empties itself when it would hold more than `bytes` of glyphs.
    pub fn with_budget(bytes: usize) -> GlyphCache {
        GlyphCache { map: HashMap::default(), bytes: 0, budget: bytes, scratch: Vec::new() }
    }

    /// Number of glyphs held.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether no glyph is held.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Drops every glyph (and the scratch memory).
    pub fn clear(&mut self) {
        self.map.clear();
        self.bytes = 0;
        self.scratch = Vec::new();
    }

    /// The glyph at `size` dots to the em, rasterised now if it is not held yet.
    pub(super) fn get(&mut self, font: &Font, glyph: u16, size: f32, synth: Synthetic) -> &GlyphImage {
        let key = GlyphKey::new(font, glyph, size, synth);
        if !self.map.contains_key(&key) {
            let img = render(font, glyph, size, synth, &mut self.scratch);
            let b = img.bytes();
            if self.bytes + b > self.budget {
                self.map.clear();
                self.bytes = 0;
            }
            self.bytes += b;
            self.map.insert(key, img);
        }
        &self.map[&key]
    }
}

impl GlyphCache {
    /// Draws a glyph that [`GlyphCache::get`] marked `oversize`, pen on the baseline at dot
    /// (`x`, `y`) of `canvas`, rasterised only inside `clip` a band at a time (scratch:
    /// one band, raster.rs `BAND_CELLS`), with the dots a mask would have had.
    pub(super) fn draw_oversize<C: Canvas>(
        &mut self,
        canvas: &mut C,
        font: &Font,
        glyph: u16,
        size: f32,
        synth: Synthetic,
        pen: (i64, i64),
        clip: &Clip,
    ) {
        let outline = match glyf::outline(font, glyph) {
            Some(o) => o,
            None => return,
        };
        let tf = Transform::glyph(font.units_per_em(), size, synth.oblique);
        let strikes = if synth.bold { bold_strikes(size, 0.0) } else { vec![(0.0, 0.0)] };
        draw_window(canvas, &outline, &tf, &strikes, pen, clip, &mut self.scratch);
    }
}

/// Rasterises `outline` mapped by `tf` (dots relative to `pen`) straight into `canvas`,
/// only inside `clip`.
pub(super) fn draw_window<C: Canvas>(
    canvas: &mut C,
    outline: &glyf::Outline,
    tf: &Transform,
    strikes: &[(f32, f32)],
    pen: (i64, i64),
    clip: &Clip,
    scratch: &mut Vec<f32>,
) {
    if clip.is_empty() {
        return;
    }
    let (x0, y0, x1, y1) = clip.bounds();
    let window = (x0 - pen.0, y0 - pen.1, x1 - pen.0, y1 - pen.1);
    rasterize_window(outline, tf, strikes, window, scratch, |band| {
        canvas.band(band, pen.0 + band.left as i64, pen.1 + band.top as i64, clip)
    });
}

impl Default for GlyphCache {
    fn default() -> GlyphCache {
        GlyphCache::new()
    }
}

/// Rasterises one glyph with the pen at (0, 0) on the baseline.
fn render(font: &Font, glyph: u16, size: f32, synth: Synthetic, scratch: &mut Vec<f32>) -> GlyphImage {
    let outline = match glyf::outline(font, glyph) {
        Some(o) => o,
        None => return GlyphImage::default(),
    };
    let tf = Transform::glyph(font.units_per_em(), size, synth.oblique);
    let strikes = if synth.bold { bold_strikes(size, 0.0) } else { vec![(0.0, 0.0)] };
    let coverage = rasterize(&outline, &tf, &strikes, scratch);
    if coverage.data.is_empty() && is_oversize(&outline, &tf, &strikes) {
        return GlyphImage { oversize: true, ..GlyphImage::default() };
    }
    let rects = coverage.black_rects();
    let bits = coverage.black_bits();
    GlyphImage { coverage, rects, bits, oversize: false }
}

/// Firefox's hash: a multiply and a rotate per word, plenty for small integer keys (also
/// the built-in font's glyph cache, builtin_font.rs).
#[derive(Default)]
pub(crate) struct FxHasher {
    hash: u64,
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.add(b as u64);
        }
    }
    fn write_u8(&mut self, v: u8) {
        self.add(v as u64);
    }
    fn write_u16(&mut self, v: u16) {
        self.add(v as u64);
    }
    fn write_u32(&mut self, v: u32) {
        self.add(v as u64);
    }
    fn write_u64(&mut self, v: u64) {
        self.add(v);
    }
    fn write_usize(&mut self, v: usize) {
        self.add(v as u64);
    }
    fn finish(&self) -> u64 {
        self.hash
    }
}

impl FxHasher {
    fn add(&mut self, v: u64) {
        self.hash = (self.hash.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_fonts::load;
    use super::*;

    #[test]
    fn glyphs_are_rendered_once_and_reused() {
        let f = match load("LiberationSans-Regular.ttf") {
            Some(f) => f,
            None => return,
        };
        let mut cache = GlyphCache::new();
        let g = f.glyph_index('H').unwrap();
        let first = cache.get(&f, g, 24.0, Synthetic::default()).coverage.clone();
        assert_eq!(cache.len(), 1);
        let again = cache.get(&f, g, 24.0, Synthetic::default()).coverage.clone();
        assert_eq!(first, again);
        assert_eq!(cache.len(), 1);
        cache.get(&f, g, 24.0, Synthetic { bold: true, oblique: false });
        cache.get(&f, g, 25.0, Synthetic::default());
        assert_eq!(cache.len(), 3);
        // a clone of the face shares the entries
        let f2 = f.clone();
        cache.get(&f2, g, 24.0, Synthetic::default());
        assert_eq!(cache.len(), 3);
    }

    #[test]
    fn a_full_cache_empties_itself() {
        let f = match load("LiberationSans-Regular.ttf") {
            Some(f) => f,
            None => return,
        };
        let mut cache = GlyphCache::with_budget(4000);
        for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ".chars() {
            cache.get(&f, f.glyph_index(c).unwrap(), 40.0, Synthetic::default());
            assert!(cache.bytes <= 4000 || cache.len() == 1);
        }
        assert!(cache.len() < 26);
    }

    #[test]
    fn synthetic_bold_adds_ink_and_oblique_leans_right() {
        let f = match load("LiberationSans-Regular.ttf") {
            Some(f) => f,
            None => return,
        };
        let mut cache = GlyphCache::new();
        let g = f.glyph_index('l').unwrap();
        let plain = cache.get(&f, g, 40.0, Synthetic::default()).coverage.clone();
        let bold = cache.get(&f, g, 40.0, Synthetic { bold: true, oblique: false }).coverage.clone();
        let slant = cache.get(&f, g, 40.0, Synthetic { bold: false, oblique: true }).coverage.clone();
        assert!(bold.ink() as f32 > plain.ink() as f32 * 1.4, "{} vs {}", bold.ink(), plain.ink());
        // 'l' is a vertical bar: slanted, its top row's ink is right of its bottom row's
        let first_ink = |c: &Coverage, row: u32| {
            let w = c.width as usize;
            c.data[row as usize * w..(row as usize + 1) * w].iter().position(|&v| v >= 128).unwrap() as i32
                + c.left
        };
        assert_eq!(first_ink(&plain, 0), first_ink(&plain, plain.height - 1));
        assert!(first_ink(&slant, 0) >= first_ink(&slant, slant.height - 1) + 5);
    }
}
