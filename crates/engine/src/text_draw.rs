//! Drawing TEXT and ARC_TEXT commands (text_command.rs) with the registered TrueType
//! faces (fonts.rs, raster truetype/), or the built-in stroke font when none is registered
//! (text_builtin.rs).
//!
//! # Units
//!
//! The element box arrives in dots (its edges went through the rounding rule). The font
//! height and character spacing are *sizes*, not edges: they convert as `µm x dpi /
//! 25 400` dots without rounding, so a 3.5 mm em is 27.97 dots at 203 dpi and glyph
//! advances keep their sub-dot precision along a line (each glyph's pen is rounded when
//! drawn, truetype/draw.rs). The line pitch is the first face's line height (ascender +
//! descender + line gap) x line spacing.
//!
//! # autoHeight
//!
//! When the text needs more height than the box, the box grows downwards to the text's
//! height, but no further than the page's bottom edge; it never shrinks. Alignment and
//! clipping use the grown box; [`extent`] reports it to the frame (anti-colour box,
//! rotation centre).
//!
//! Vertical text (`verDisplay`, columns right to left) grows the same way, to its longest
//! column: with wrap its columns are broken at the box height and already fit, so it only
//! grows for a character taller than the box; without wrap it follows the longest column.

use assetmark_raster::truetype::{
    draw_arc_text_1bit, draw_arc_text_gray, draw_layout_1bit, draw_layout_gray, layout_text, FontSet, HAlign as TtH,
    TextBox, TextLayout, TextStyle, VAlign as TtV,
};

use crate::fonts::FontRegistry;
use crate::target::Target;
use crate::text_builtin;
use crate::text_command::{HAlign, TextCommand, VAlign};
use crate::units::{DotBox, UM_PER_INCH};
use crate::EngineError;

/// Largest em drawn, dots. (Glyphs too big for the glyph cache's masks, over ~2000 dots
/// square, are rasterised straight into the page, clipped to it: truetype/draw.rs.)
pub const MAX_FONT_DOTS: f32 = 4096.0;

/// Boxes are clamped to ±this many dots: far beyond any page (32 767 dots a side), and
/// within the layout's coordinate range (±2^24).
const COORD_LIMIT: i64 = 1 << 22;

/// A size in µm as dots at `dpi`, unrounded.
pub(crate) fn size_dots(um: i64, dpi: u32) -> f32 {
    (um as f64 * dpi as f64 / UM_PER_INCH as f64) as f32
}

/// The font height in dots, checked against what the rasteriser draws.
pub(crate) fn font_dots(cmd: &TextCommand, dpi: u32) -> Result<f32, EngineError> {
    let size = size_dots(cmd.font_um as i64, dpi);
    if size > MAX_FONT_DOTS {
        return Err(EngineError::parameter(format!(
            "text font height {} µm is {:.0} dots at {} dpi, at most {} dots",
            cmd.font_um, size, dpi, MAX_FONT_DOTS
        )));
    }
    Ok(size)
}

/// The box clamped into the layout's coordinate range, or `None` when it has no width.
/// A box of no height keeps one row (autoHeight may grow it; else it clips everything).
fn clamp_box(area: DotBox) -> Option<DotBox> {
    let c = |v: i64| v.clamp(-COORD_LIMIT, COORD_LIMIT);
    let b = DotBox { x0: c(area.x0), y0: c(area.y0), x1: c(area.x1), y1: c(area.y1) };
    if b.x1 <= b.x0 {
        return None;
    }
    Some(DotBox { y1: b.y1.max(b.y0 + 1), ..b })
}

/// The box's height once `autoHeight` has grown it to `needed` dots, bounded by the
/// page's bottom edge at `page_height`.
pub(crate) fn grown(area: DotBox, needed: i64, page_height: i64) -> DotBox {
    let room = page_height - area.y0;
    let h = area.height().max(needed.min(room));
    DotBox { y1: area.y0 + h, ..area }
}

fn text_box(b: DotBox) -> Result<TextBox, EngineError> {
    TextBox::new(b.x0, b.y0, b.width(), b.height())
        .ok_or_else(|| EngineError::parameter(format!("text box {:?} is out of range", b)))
}

/// The raster layout style for a command at `dpi`; autoHeight is handled here, not by the
/// layout (which would grow past the page).
pub(crate) fn tt_style(cmd: &TextCommand, dpi: u32) -> Result<TextStyle, EngineError> {
    let mut s = TextStyle::new(font_dots(cmd, dpi)?);
    s.bold = cmd.bold;
    s.italic = cmd.italic;
    s.underline = cmd.underline;
    s.strikeout = cmd.strikeout;
    s.char_space = size_dots(cmd.char_space_um as i64, dpi);
    s.line_space = cmd.line_space_milli as f32 / 1000.0;
    s.h_align = match cmd.h_align {
        HAlign::Left => TtH::Left,
        HAlign::Center => TtH::Center,
        HAlign::Right => TtH::Right,
        HAlign::Justify => TtH::Justify,
        HAlign::Stretch => TtH::Distribute,
    };
    s.v_align = match cmd.v_align {
        VAlign::Top => TtV::Top,
        VAlign::Middle => TtV::Middle,
        VAlign::Bottom => TtV::Bottom,
    };
    s.wrap = cmd.wrap;
    s.vertical = cmd.vertical;
    Ok(s)
}

fn layout(set: &FontSet, style: &TextStyle, text: &str, b: DotBox) -> Result<TextLayout, EngineError> {
    layout_text(set, style, text, text_box(b)?).map_err(|e| EngineError::parameter(format!("text: {}", e)))
}

/// A straight text's layout in its box, grown by autoHeight up to `page_height`.
fn tt_layout(
    cmd: &TextCommand,
    set: &FontSet,
    b: DotBox,
    dpi: u32,
    page_height: i64,
) -> Result<(TextLayout, DotBox), EngineError> {
    let style = tt_style(cmd, dpi)?;
    let first = layout(set, &style, cmd.text, b)?;
    if cmd.auto_height && first.needed_height() > b.height() {
        let g = grown(b, first.needed_height(), page_height);
        if g != b {
            // Lines depend on the width only, and vertical columns on max(height, one em),
            // which the grown box keeps: the relayout re-aligns them in the taller box.
            return Ok((layout(set, &style, cmd.text, g)?, g));
        }
    }
    Ok((first, b))
}

/// See [`crate::text_command::draw`].
pub(crate) fn draw(
    cmd: &TextCommand,
    arc: bool,
    fonts: &FontRegistry,
    target: &mut Target,
    area: DotBox,
    dpi: u32,
) -> Result<(), EngineError> {
    let size = font_dots(cmd, dpi)?;
    let b = match clamp_box(area) {
        Some(b) if !cmd.text.is_empty() => b,
        _ => return Ok(()),
    };
    let page_height = target.height();
    let set = match fonts.font_set(cmd.font_name, cmd.bold, cmd.italic) {
        Some(set) => set,
        None => return text_builtin::draw(cmd, arc, target, b, dpi, size, page_height),
    };
    let mut cache = fonts.glyph_cache();
    if arc {
        let style = tt_style(cmd, dpi)?;
        let bx = text_box(b)?;
        let done = match target {
            Target::Bits(page) => draw_arc_text_1bit(page, &set, &style, cmd.text, bx),
            Target::Grey(grey) => draw_arc_text_gray(&mut grey.gray_image(), &set, &style, cmd.text, bx),
        };
        return done.map_err(|e| EngineError::parameter(format!("arc text: {}", e)));
    }
    let (l, _) = tt_layout(cmd, &set, b, dpi, page_height)?;
    match target {
        Target::Bits(page) => draw_layout_1bit(page, &l, &set, &mut cache),
        Target::Grey(grey) => draw_layout_gray(&mut grey.gray_image(), &l, &set, &mut cache),
    }
    Ok(())
}

/// See [`crate::text_command::extent`].
pub(crate) fn extent(
    cmd: &TextCommand,
    arc: bool,
    fonts: &FontRegistry,
    area: DotBox,
    dpi: u32,
    page_height: i64,
) -> Result<DotBox, EngineError> {
    let size = font_dots(cmd, dpi)?;
    if arc || !cmd.auto_height || cmd.text.is_empty() {
        return Ok(area);
    }
    let b = match clamp_box(area) {
        Some(b) => b,
        None => return Ok(area),
    };
    let g = match fonts.font_set(cmd.font_name, cmd.bold, cmd.italic) {
        Some(set) => tt_layout(cmd, &set, b, dpi, page_height)?.1,
        None => grown(b, text_builtin::needed_height(cmd, b, dpi, size), page_height),
    };
    Ok(if g.height() > area.height() { DotBox { y1: area.y0 + g.height(), ..area } } else { area })
}

#[cfg(test)]
#[path = "text_draw_tests.rs"]
mod tests;
