//! Arc text (the spec's ArcText element): characters along a circle, each turned to the
//! tangent.
//!
//! The circle is the largest one centred in the element box (radius = half the shorter
//! side). Glyphs stand inside it, their tops toward the rim: the baseline runs on a circle
//! one ascender smaller. The run is centred on 12 o'clock and reads clockwise; when it is
//! longer than the whole circle it is compressed to fit in 98 % of it. Character spacing,
//! kerning, fallback faces and synthetic bold/italic work as in straight text; underline,
//! strikeout, wrapping and alignment do not apply.
//!
//! Rotated glyphs are rasterised directly (not cached: each angle is a new image), only
//! inside the clip and a band of rows at a time, so any size draws in bounded memory.

use crate::Page;

use super::cache::{draw_window, Synthetic};
use super::draw::{Canvas, GrayImage};
use super::font::FontSet;
use super::glyf;
use super::layout::{measure, TextBox, TextError, TextStyle};
use super::raster::{bold_strikes, Transform};

/// A glyph on the arc: the midpoint of its baseline and its clockwise turn (radians, 0 at
/// 12 o'clock).
#[derive(Clone, Copy, Debug)]
struct ArcGlyph {
    face: u16,
    glyph: u16,
    advance: f32,
    angle: f32,
    x: f32,
    y: f32,
    synth: Synthetic,
}

/// Draws `text` along the arc of `bx` into a 1-bit page.
pub fn draw_arc_text_1bit(
    page: &mut Page,
    fonts: &FontSet,
    style: &TextStyle,
    text: &str,
    bx: TextBox,
) -> Result<(), TextError> {
    draw_arc(page, fonts, style, text, bx)
}

/// Draws `text` along the arc of `bx` into a grey image.
pub fn draw_arc_text_gray(
    image: &mut GrayImage,
    fonts: &FontSet,
    style: &TextStyle,
    text: &str,
    bx: TextBox,
) -> Result<(), TextError> {
    draw_arc(image, fonts, style, text, bx)
}

fn draw_arc<C: Canvas>(
    canvas: &mut C,
    fonts: &FontSet,
    style: &TextStyle,
    text: &str,
    bx: TextBox,
) -> Result<(), TextError> {
    let glyphs = arc_glyphs(fonts, style, text, bx)?;
    let clip = canvas.clip(if style.clip { Some(bx) } else { None });
    let mut scratch = Vec::new();
    for g in glyphs {
        let font = &fonts.fonts()[g.face as usize];
        let outline = match glyf::outline(font, g.glyph) {
            Some(o) if !o.points.is_empty() => o,
            _ => continue,
        };
        let tf = Transform::glyph(font.units_per_em(), style.size, g.synth.oblique)
            .then_translate(-g.advance / 2.0, 0.0)
            .then_rotate_translate(g.angle, g.x, g.y);
        let strikes = if g.synth.bold { bold_strikes(style.size, g.angle) } else { vec![(0.0, 0.0)] };
        // Straight into the target inside the clip, a band at a time: a turned glyph is
        // never cached, and this draws any size (4096-dot ems too) in bounded memory.
        draw_window(canvas, &outline, &tf, &strikes, (0, 0), &clip, &mut scratch);
    }
    Ok(())
}

fn arc_glyphs(
    fonts: &FontSet,
    style: &TextStyle,
    text: &str,
    bx: TextBox,
) -> Result<Vec<ArcGlyph>, TextError> {
    // Same validation as straight text.
    super::layout::layout_text(fonts, style, "", bx)?;
    let chars: Vec<(usize, char)> =
        text.char_indices().map(|(i, c)| (i, if c == '\n' || c == '\r' { ' ' } else { c })).collect();
    let items = measure(fonts, style, &chars);
    let m = fonts.primary().metrics();
    let ascent = m.ascender as f32 * style.size / m.units_per_em as f32;
    let (cx, cy) = (bx.x() as f32 + bx.width() as f32 / 2.0, bx.y() as f32 + bx.height() as f32 / 2.0);
    let outer = bx.width().min(bx.height()) as f32 / 2.0;
    let r = (outer - ascent).max(outer * 0.25).max(1.0);

    let mut pens = Vec::with_capacity(items.len());
    let mut pen = 0f32;
    for it in &items {
        pens.push(pen);
        pen += it.advance + it.kern + style.char_space;
    }
    let length = match items.last() {
        Some(last) => pen - last.kern - style.char_space,
        None => return Ok(Vec::new()),
    };
    let full = 2.0 * std::f32::consts::PI * 0.98;
    let span = length / r;
    let squeeze = if span > full { full / span } else { 1.0 };
    let start = -span * squeeze / 2.0;
    let mut out = Vec::with_capacity(items.len());
    for (it, &p) in items.iter().zip(&pens) {
        if !it.visible {
            continue;
        }
        let angle = start + (p + it.advance / 2.0) / r * squeeze;
        out.push(ArcGlyph {
            face: it.face,
            glyph: it.glyph,
            advance: it.advance,
            angle,
            x: cx + r * angle.sin(),
            y: cy - r * angle.cos(),
            synth: it.synth,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::super::test_fonts::{load, write_pbm};
    use super::*;

    fn fonts() -> Option<FontSet> {
        FontSet::new(vec![load("LiberationSans-Regular.ttf")?, load("DroidSansFallbackFull.ttf")?])
    }

    #[test]
    fn glyphs_are_centred_on_top_and_turned_to_the_tangent() {
        let fonts = match fonts() {
            Some(f) => f,
            None => return,
        };
        let bx = TextBox::new(0, 0, 200, 200).unwrap();
        let g = arc_glyphs(&fonts, &TextStyle::new(20.0), "资产管理", bx).unwrap();
        assert_eq!(g.len(), 4);
        // symmetric about 12 o'clock, clockwise order, all on one circle inside the box
        assert!((g[0].angle + g[3].angle).abs() < 1e-4 && (g[1].angle + g[2].angle).abs() < 1e-4);
        assert!(g[0].angle < g[1].angle && g[1].angle < 0.0);
        for a in &g {
            let r = ((a.x - 100.0).powi(2) + (a.y - 100.0).powi(2)).sqrt();
            assert!((r - (100.0 - 20.0 * 1854.0 / 2048.0)).abs() < 1e-3, "{}", r);
        }
        // left half is left of centre and above it
        assert!(g[0].x < 100.0 && g[0].y < 100.0);
    }

    #[test]
    fn text_longer_than_the_circle_is_squeezed() {
        let fonts = match fonts() {
            Some(f) => f,
            None => return,
        };
        let bx = TextBox::new(0, 0, 60, 60).unwrap();
        let text: String = std::iter::repeat('资').take(60).collect();
        let g = arc_glyphs(&fonts, &TextStyle::new(20.0), &text, bx).unwrap();
        let spread = g[59].angle - g[0].angle;
        assert!(spread < 2.0 * std::f32::consts::PI);
    }

    #[test]
    fn draws_ink_along_the_top_of_the_circle() {
        let fonts = match fonts() {
            Some(f) => f,
            None => return,
        };
        let mut page = Page::new(240, 240).unwrap();
        let bx = TextBox::new(0, 0, 240, 240).unwrap();
        let mut style = TextStyle::new(28.0);
        style.bold = true;
        draw_arc_text_1bit(&mut page, &fonts, &style, "固定资产 ASSET 2024", bx).unwrap();
        let mut top = 0;
        let mut bottom = 0;
        for y in 0..240 {
            for x in 0..240 {
                if page.get(x, y) {
                    if y < 120 {
                        top += 1;
                    } else {
                        bottom += 1;
                    }
                }
            }
        }
        assert!(top > 1000, "{}", top);
        assert!(bottom < top);
        write_pbm("arc-text.pbm", &page);
        let mut grey = vec![255u8; 240 * 240];
        let mut img = GrayImage::new(&mut grey, 240, 240, 240).unwrap();
        draw_arc_text_gray(&mut img, &fonts, &style, "固定资产 ASSET 2024", bx).unwrap();
        assert!(grey.iter().any(|&v| v > 0 && v < 255));
    }
}
