//! TEXT and ARC_TEXT with the built-in stroke font (raster builtin_font.rs), used while no
//! TrueType face is registered: printable ASCII only (other characters draw as `?`),
//! monospaced, 16/28 em advance.
//!
//! The same fields apply as with TrueType faces, simplified: the em is the font height
//! rounded to whole dots (the stroke font draws at whole-dot sizes); the line height is
//! 1.15 em (Arial's); bold is a second strike 1/24 em (at least 1 dot) to the right;
//! italic shears each character 0.2 dot per dot above the baseline. Everything is drawn
//! into a scratch page the size of the box, so the text is clipped to the box, then
//! stamped onto the target.
//!
//! Straight text is laid out by the TrueType path's own layout (raster truetype/layout.rs
//! horizontally, truetype/vertical.rs for `verDisplay`), through its [`MonoFace`] seam
//! (truetype/mono.rs), so both kinds of face follow one set of rules: paragraphs, wrapping
//! (breaking.rs: at spaces, after a hyphen between letters, never before closing or after
//! opening punctuation, a word longer than the box cut between characters), alignment,
//! justify and stretch, spacing, underline and strikeout. Vertically: upright characters
//! in em cells `em + charSpace` apart down right-to-left columns 1.15 em wide (x
//! `lineSpace`), wrapping at the box bottom with autoReturn, a newline per column, the
//! block aligned across and each column down. The stroke font's glyph box is its em, so a
//! character fills its cell.

use assetmark_raster::truetype::{blit_page, layout_text_mono, layout_vertical_mono, MonoFace, TextBox};
use assetmark_raster::{Page, BUILTIN_FONT};

use crate::target::Target;
use crate::text_command::TextCommand;
use crate::text_draw::{grown, size_dots, tt_style};
use crate::units::DotBox;
use crate::EngineError;

/// Advance and baseline in ems (builtin_font.rs's grid: 16 and 23 of 28 units).
const ADVANCE_EM: f32 = 16.0 / 28.0;
const LINE_EM: f32 = 1.15;

/// One character placed: its em box's top-left corner in dots.
struct Placed {
    ch: char,
    x: f32,
    y: f32,
}

/// A laid-out text in page dots.
struct Layout {
    chars: Vec<Placed>,
    /// Underline and strikeout bars: x0, x1, y0, y1.
    bars: Vec<(i64, i64, i64, i64)>,
    needed: i64,
}

fn em(size: f32) -> u32 {
    size.round().clamp(0.0, 4096.0) as u32
}

/// The stroke font as the raster layout sees it at `size` whole dots to the em: its glyph
/// box is the em, the baseline on the whole dot nearest 23/28 em below its top (the
/// descent the rest of the em, so a line's box is exactly one em); the underline 1/10 em
/// below the baseline (or outside the em box, in vertical text), the strikeout's top 0.3
/// em above it, rules 1/20 em thick (at least a dot).
fn mono_face(size: f32) -> MonoFace {
    let ascent = (size * 23.0 / 28.0).round();
    let rule = (size / 20.0).round().max(1.0);
    MonoFace {
        advance: size * ADVANCE_EM,
        ascent,
        descent: size - ascent,
        line_height: size * LINE_EM,
        underline_gap: (size / 10.0).round(),
        strikeout_position: (size * 0.3).round() - rule,
        rule,
    }
}

/// Text in box `b` (autoHeight already applied by the caller, as for the TrueType path),
/// laid out by the raster crate's own horizontal or vertical layout with the stroke font's
/// [`MonoFace`]. A style the layout refuses (line spacing out of range) or a box out of its
/// range draws nothing.
fn layout(cmd: &TextCommand, b: DotBox, dpi: u32, size: f32) -> Layout {
    let size = em(size) as f32;
    let empty = Layout { chars: Vec::new(), bars: Vec::new(), needed: 0 };
    let mut style = match tt_style(cmd, dpi) {
        Ok(s) => s,
        Err(_) => return empty,
    };
    style.size = size;
    let bx = match TextBox::new(b.x0, b.y0, b.width(), b.height()) {
        Some(bx) => bx,
        None => return empty,
    };
    let face = mono_face(size);
    let laid = if cmd.vertical {
        layout_vertical_mono(&face, &style, cmd.text, bx)
    } else {
        layout_text_mono(&face, &style, cmd.text, bx)
    };
    let l = match laid {
        Ok(l) => l,
        Err(_) => return empty,
    };
    // Glyphs are drawn from their em box's top, the ascent above the baseline.
    let chars = l.glyphs().iter().map(|g| Placed { ch: g.ch, x: g.x, y: g.y - face.ascent }).collect();
    let bars = l
        .bars()
        .iter()
        .map(|&(x, y, w, h)| {
            if cmd.vertical {
                // Rounded as truetype/draw.rs rounds them: whole dots, at least one each way.
                let (x0, y0) = (x.round() as i64, y.round() as i64);
                (x0, ((x + w).round() as i64).max(x0 + 1), y0, ((y + h).round() as i64).max(y0 + 1))
            } else {
                // Ends rounded; the top on the whole dot at or above the bar's (a whole number
                // of dots from the baseline's dot, as the stroke font always drew its rules).
                let y0 = y.floor() as i64;
                (x.round() as i64, (x + w).round() as i64, y0, y0 + h.round() as i64)
            }
        })
        .collect();
    Layout { chars, bars, needed: l.needed_height() }
}

/// Dots of height a straight text needs in box `b`.
pub(crate) fn needed_height(cmd: &TextCommand, b: DotBox, dpi: u32, size: f32) -> i64 {
    layout(cmd, b, dpi, size).needed
}

/// Draws with the stroke font; `b` is the element box (clamped, at least 1 dot each way).
pub(crate) fn draw(
    cmd: &TextCommand,
    arc: bool,
    target: &mut Target,
    b: DotBox,
    dpi: u32,
    size: f32,
    page_height: i64,
) -> Result<(), EngineError> {
    if em(size) == 0 {
        return Ok(());
    }
    let mut b = b;
    if !arc && cmd.auto_height {
        let needed = layout(cmd, b, dpi, size).needed;
        if needed > b.height() {
            b = grown(b, needed, page_height);
        }
    }
    // The scratch page: the box, cut to the target (a box may hang off the page).
    let x0 = b.x0.max(0);
    let y0 = b.y0.max(0);
    let x1 = b.x1.min(target.width());
    let y1 = b.y1.min(target.height());
    if x0 >= x1 || y0 >= y1 {
        return Ok(());
    }
    let mut scratch = Page::new(x1 - x0, y1 - y0)?;
    if arc {
        draw_arc(cmd, &mut scratch, b, (x0, y0), dpi, size);
    } else {
        let l = layout(cmd, b, dpi, size);
        let mut cell = Cell::new(em(size), cmd.bold, cmd.italic)?;
        for p in &l.chars {
            cell.stamp(&mut scratch, p.ch, p.x.round() as i64 - x0, p.y.round() as i64 - y0);
        }
        for &(bx0, bx1, by0, by1) in &l.bars {
            scratch.fill_rect(bx0 - x0, by0 - y0, bx1 - bx0, by1 - by0);
        }
    }
    match target {
        Target::Bits(page) => blit_page(page, &scratch, x0, y0),
        Target::Grey(grey) => grey.gray_image().stamp_page(&scratch, x0, y0),
    }
    Ok(())
}

/// One character at a time, bold and slanted as asked: drawn upright into a small page,
/// then copied with each row shifted right by 0.2 dot per dot above the baseline (the
/// TrueType oblique's shear, truetype/raster.rs) when italic.
struct Cell {
    page: Page,
    size: u32,
    bold_dx: Option<i64>,
    italic: bool,
}

impl Cell {
    fn new(size: u32, bold: bool, italic: bool) -> Result<Cell, EngineError> {
        let bold_dx = if bold { Some((size as f32 / 24.0).round().max(1.0) as i64) } else { None };
        let w = (size as f32 * ADVANCE_EM).ceil() as i64 + bold_dx.unwrap_or(0) + 2;
        Ok(Cell { page: Page::new(w, size as i64 + 2)?, size, bold_dx, italic })
    }

    /// Draws `c` with its em box's top-left corner at (`x`, `y`) of `dst`.
    fn stamp(&mut self, dst: &mut Page, c: char, x: i64, y: i64) {
        if !self.italic {
            BUILTIN_FONT.draw_char(dst, c, x, y, self.size);
            if let Some(dx) = self.bold_dx {
                BUILTIN_FONT.draw_char(dst, c, x + dx, y, self.size);
            }
            return;
        }
        let (w, h) = (self.page.width() as i64, self.page.height() as i64);
        self.page.clear_rect(0, 0, w, h);
        BUILTIN_FONT.draw_char(&mut self.page, c, 1, 1, self.size);
        if let Some(dx) = self.bold_dx {
            BUILTIN_FONT.draw_char(&mut self.page, c, 1 + dx, 1, self.size);
        }
        let baseline = 1.0 + self.size as f32 * 23.0 / 28.0;
        for gy in 0..h {
            let shift = ((baseline - gy as f32 - 0.5) * 0.2).round() as i64;
            for gx in 0..w {
                if self.page.get(gx, gy) {
                    dst.set(x + gx - 1 + shift, y + gy - 1);
                }
            }
        }
    }
}

/// Arc text with the stroke font, as truetype/arc.rs lays it out: the run centred on 12
/// o'clock, reading clockwise, glyph tops toward the rim on a circle one baseline inside
/// the largest circle of the box; squeezed into 98 % of the circle when longer. Each
/// character is drawn upright into a small page and sampled turned (nearest dot).
fn draw_arc(cmd: &TextCommand, scratch: &mut Page, b: DotBox, origin: (i64, i64), dpi: u32, size: f32) {
    let s = em(size);
    let size = s as f32;
    let adv = size * ADVANCE_EM;
    let cs = size_dots(cmd.char_space_um as i64, dpi);
    let chars: Vec<char> = cmd.text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    let n = chars.len();
    let length = n as f32 * (adv + cs) - cs;
    let baseline = size * 23.0 / 28.0;
    let (cx, cy) = ((b.x0 + b.x1) as f32 / 2.0, (b.y0 + b.y1) as f32 / 2.0);
    let outer = b.width().min(b.height()) as f32 / 2.0;
    let r = (outer - baseline).max(outer * 0.25).max(1.0);
    let span = length.max(0.0) / r;
    let full = 2.0 * std::f32::consts::PI * 0.98;
    let squeeze = if span > full { full / span } else { 1.0 };
    let start = -span * squeeze / 2.0;
    let cell_w = (adv.ceil() as i64 + 2 + if cmd.bold { (size / 24.0).ceil() as i64 } else { 0 }).max(1);
    let mut glyph = match Page::new(cell_w, s as i64 + 2) {
        Ok(p) => p,
        Err(_) => return,
    };
    for (i, &c) in chars.iter().enumerate() {
        if c == ' ' {
            continue;
        }
        glyph.clear_rect(0, 0, glyph.width() as i64, glyph.height() as i64);
        BUILTIN_FONT.draw_char(&mut glyph, c, 1, 1, s);
        if cmd.bold {
            BUILTIN_FONT.draw_char(&mut glyph, c, 1 + (size / 24.0).round().max(1.0) as i64, 1, s);
        }
        let a = start + (i as f32 * (adv + cs) + adv / 2.0) / r * squeeze;
        let (sin, cos) = a.sin_cos();
        // the middle of the glyph's baseline on the circle, in scratch coordinates
        let (gx, gy) = (cx + r * sin - origin.0 as f32, cy - r * cos - origin.1 as f32);
        let reach = size * 1.5;
        let (ya, yb) = ((gy - reach).floor() as i64, (gy + reach).ceil() as i64);
        let (xa, xb) = ((gx - reach).floor() as i64, (gx + reach).ceil() as i64);
        for py in ya.max(0)..yb.min(scratch.height() as i64) {
            for px in xa.max(0)..xb.min(scratch.width() as i64) {
                let (dx, dy) = (px as f32 + 0.5 - gx, py as f32 + 0.5 - gy);
                // turn back by -a (clockwise turn on a y-down plane)
                let u = dx * cos + dy * sin;
                let v = -dx * sin + dy * cos;
                let (sx, sy) = ((u + adv / 2.0 + 1.0).floor() as i64, (v + baseline + 1.0).floor() as i64);
                if glyph.get(sx, sy) {
                    scratch.set(px, py);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! Built-in vertical layout at 254 dpi, where 1 dot is 100 µm, and a 28-dot em: the
    //! advance is 16 dots, the column 1.15 em = 32.2 dots wide.
    use super::*;
    use crate::text_command::{HAlign, VAlign};

    const EM: f32 = 28.0;
    const COL: f32 = EM * 1.15;

    fn vcmd(text: &str) -> TextCommand<'_> {
        let mut c = TextCommand::new(2_800, "", text);
        c.vertical = true;
        c
    }

    fn dbox(x0: i64, y0: i64, w: i64, h: i64) -> DotBox {
        DotBox { x0, y0, x1: x0 + w, y1: y0 + h }
    }

    /// (character, x, y) of each placed character.
    fn placed(l: &Layout) -> Vec<(char, f32, f32)> {
        l.chars.iter().map(|p| (p.ch, p.x, p.y)).collect()
    }

    fn close(a: &[(char, f32, f32)], b: &[(char, f32, f32)]) -> bool {
        a.len() == b.len()
            && a.iter().zip(b).all(|(p, q)| p.0 == q.0 && (p.1 - q.1).abs() < 1e-3 && (p.2 - q.2).abs() < 1e-3)
    }

    fn hcmd(text: &str) -> TextCommand<'_> {
        TextCommand::new(2_800, "", text)
    }

    /// Straight text goes through the raster crate's layout: a 28-dot em advances 16 dots,
    /// lines are 1.15 em apart, and wrapping takes the shared breaking rules (here after a
    /// hyphen between letters, which the stroke font's own wrapping never did).
    #[test]
    fn horizontal_lines_are_the_shared_layouts() {
        let mut c = hcmd("AB CD-EF");
        c.wrap = true;
        let l = layout(&c, dbox(10, 20, 100, 200), 254, EM);
        let pitch = EM * 1.15;
        let want = [
            ('A', 10.0, 20.0),
            ('B', 26.0, 20.0),
            ('C', 58.0, 20.0),
            ('D', 74.0, 20.0),
            ('-', 90.0, 20.0),
            ('E', 10.0, 20.0 + pitch),
            ('F', 26.0, 20.0 + pitch),
        ];
        assert!(close(&placed(&l), &want), "{:?}", placed(&l));
        assert_eq!(l.needed, (pitch + EM).ceil() as i64);
        // without wrap one line, as long as it is
        c.wrap = false;
        let l = layout(&c, dbox(10, 20, 100, 200), 254, EM);
        assert_eq!(l.chars.len(), 7);
        assert!((l.chars[6].x - (10.0 + 7.0 * 16.0)).abs() < 1e-3);
        assert_eq!(l.needed, 28);
    }

    /// Centred both ways on half dots, with the rules a whole number of dots from the
    /// baseline's dot: the underline 1/10 em below it, the strikeout's top 0.3 em above it,
    /// both 1/20 em thick, as long as the line's ink.
    #[test]
    fn horizontal_alignment_and_rules() {
        let mut c = hcmd("AB");
        c.h_align = HAlign::Center;
        c.v_align = VAlign::Middle;
        c.underline = true;
        c.strikeout = true;
        let l = layout(&c, dbox(0, 0, 101, 41), 254, EM);
        // 32 dots of ink in 101: 34.5 from the left; 28 dots in 41: 6.5 from the top
        assert!(close(&placed(&l), &[('A', 34.5, 6.5), ('B', 50.5, 6.5)]), "{:?}", placed(&l));
        // baseline at 6.5 + 23 = 29.5: its dot is 29
        assert_eq!(l.bars, vec![(35, 67, 32, 33), (35, 67, 21, 22)]);
        c.h_align = HAlign::Right;
        c.v_align = VAlign::Bottom;
        let l = layout(&c, dbox(0, 0, 101, 41), 254, EM);
        assert!(close(&placed(&l), &[('A', 69.0, 13.0), ('B', 85.0, 13.0)]), "{:?}", placed(&l));
    }

    #[test]
    fn vertical_columns_run_right_to_left_one_em_down() {
        // "AB" then "C": the first paragraph is the right column; characters are
        // centred across their column and one em apart down it
        let l = layout(&vcmd("AB\nC"), dbox(100, 50, 200, 200), 254, EM);
        let right = 100.0 + COL + COL / 2.0 - 8.0;
        let left = 100.0 + COL / 2.0 - 8.0;
        let want = [('A', right, 50.0), ('B', right, 50.0 + EM), ('C', left, 50.0)];
        assert!(close(&placed(&l), &want), "{:?}", placed(&l));
        // wrapped at the box bottom: 3 cells fit in 84 dots, so ABC | DEF | G
        let mut c = vcmd("ABCDEFG");
        c.wrap = true;
        let l = layout(&c, dbox(0, 0, 200, 84), 254, EM);
        let xs: Vec<f32> = l.chars.iter().map(|p| p.x).collect();
        let col = |k: usize| 2.0 * COL - k as f32 * COL + COL / 2.0 - 8.0;
        let want_x = [col(0), col(0), col(0), col(1), col(1), col(1), col(2)];
        assert!(xs.iter().zip(want_x).all(|(a, b)| (a - b).abs() < 1e-3), "{:?}", xs);
        // an empty paragraph leaves an empty column
        let l = layout(&vcmd("A\n\nB"), dbox(0, 0, 200, 200), 254, EM);
        assert!((l.chars[0].x - l.chars[1].x - 2.0 * COL).abs() < 1e-3);
    }

    #[test]
    fn a_long_word_fills_the_column_to_the_last_cell_that_fits() {
        // 2 dots of charSpace: cells 30 dots apart; k cells take 28 + (k - 1) x 30 dots
        let mut c = vcmd("ZC2024");
        c.wrap = true;
        c.char_space_um = 200;
        let column_of = |h: i64| -> Vec<usize> {
            let l = layout(&c, dbox(0, 0, 300, h), 254, EM);
            let mut xs: Vec<i64> = l.chars.iter().map(|p| p.x.round() as i64).collect();
            xs.dedup();
            xs.iter().map(|x| l.chars.iter().filter(|p| p.x.round() as i64 == *x).count()).collect()
        };
        assert_eq!(column_of(148), vec![5, 1], "ZC202 | 4");
        assert_eq!(column_of(147), vec![4, 2], "ZC20 | 24");
        assert_eq!(column_of(88), vec![3, 3]);
        assert_eq!(column_of(87), vec![2, 2, 2]);
        // a box shorter than a character still takes one a column
        assert_eq!(column_of(5), vec![1; 6]);
    }

    #[test]
    fn vertical_alignment_line_space_and_auto_height() {
        let mut c = vcmd("AB\nC");
        c.h_align = HAlign::Right;
        c.v_align = VAlign::Bottom;
        c.line_space_milli = 2_000; // column pitch 2 x 32.2 dots
        let l = layout(&c, dbox(100, 50, 200, 200), 254, EM);
        // the block's right edge on the box's; each column at the bottom on its own
        let right = 300.0 - COL / 2.0 - 8.0;
        let left = right - 2.0 * COL;
        let want = [('A', right, 250.0 - 2.0 * EM), ('B', right, 250.0 - EM), ('C', left, 250.0 - EM)];
        assert!(close(&placed(&l), &want), "{:?}", placed(&l));
        // without wrap the longest column sets the height autoHeight grows to
        assert_eq!(needed_height(&vcmd("ABCDEFGH\nAB"), dbox(0, 0, 100, 50), 254, EM), 8 * 28);
        let mut w = vcmd("ABCDEFGH");
        w.wrap = true;
        assert_eq!(needed_height(&w, dbox(0, 0, 100, 60), 254, EM), 2 * 28);
    }

    #[test]
    fn vertical_underline_is_a_rule_left_of_each_column() {
        let mut c = vcmd("AB\nC");
        c.underline = true;
        let l = layout(&c, dbox(0, 0, 200, 200), 254, EM);
        assert_eq!(l.bars.len(), 2);
        // The leftmost column's rule would stick out 2 dots left of the box: the block
        // moves right so that it starts at the box's edge.
        assert_eq!(l.bars[1].0, 0, "{:?}", l.bars);
        // first column (right): from its top to two cells down, 1/10 em left of the em box
        let (x0, x1, y0, y1) = l.bars[0];
        let em_left = (COL + COL / 2.0 - EM / 2.0).round() as i64 + 2;
        assert_eq!((y0, y1), (0, 56));
        assert_eq!(x1, em_left - 3, "{:?}", l.bars[0]);
        assert_eq!(x1 - x0, 1);
        assert_eq!(l.bars[1].3 - l.bars[1].2, 28);
        // a refused style (line spacing 0) draws nothing rather than failing
        c.line_space_milli = 0;
        let l = layout(&c, dbox(0, 0, 200, 200), 254, EM);
        assert!(l.chars.is_empty() && l.bars.is_empty());
    }
}
