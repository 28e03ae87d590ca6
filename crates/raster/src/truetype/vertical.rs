//! Vertical text (`verDisplay`): characters stacked top to bottom in columns, the
//! columns following each other **right to left**, the way Chinese and Japanese are
//! set vertically (the first column is the rightmost one).
//!
//! # Geometry (all in dots)
//!
//! - **Character cell**: every character, Latin letters and digits included, stands
//!   upright in a cell one em tall (the font height, `TextStyle::size`). Upright Latin
//!   is the simple, predictable choice for labels (asset numbers read one character at
//!   a time); there is no sideways rotation of Latin runs. Cells follow each other down
//!   a column `em + charSpace` apart, so `charSpace` is the gap between characters. A
//!   charSpace below -1 em would move the pen upwards: the step is held at 0 (the
//!   characters overprint) rather than running the column up out of its box.
//! - **Glyph in its cell**: centred across the column by its advance width; down the
//!   cell, the centre of its face's ascender-descender box sits at the cell's centre, so
//!   each face has one baseline offset (ideographs and capitals both come out centred
//!   within a few hundredths of an em) and Latin letters keep a common baseline.
//! - **Column width** = the first face's line height (ascender + descender + line gap),
//!   but at least one em: what a horizontal line is tall, so switching `verDisplay` on
//!   keeps the spacing between lines. It does not depend on the text (the widest glyph
//!   would make columns jump from page to page with bound data); a glyph wider than the
//!   column (rare: the line height is about 1.15 em and glyphs at most about 1 em)
//!   overflows both sides equally. **Column pitch** = column width x `lineSpace`.
//! - **Vertical presentation forms**: full-width punctuation that has a vertical form in
//!   Unicode (，。、：；！？ brackets, dashes, ellipsis; U+FE10-FE19, U+FE30-FE44) uses it
//!   when a face of the set has that glyph (the OpenType `vert` substitution, done with
//!   the standard code points). Kinsoku rules still see the original characters.
//!
//! # Breaking
//!
//! An explicit newline starts a new column (an empty paragraph leaves an empty column).
//! With `wrap` (autoReturn) a column breaks when its next character would pass the
//! bottom of the box, with the horizontal rules (layout.rs `wrap_line`): CJK between any
//! two characters but never before closing or after opening punctuation, Latin at spaces,
//! hanging spaces at the column's end, a word longer than the column cut between
//! characters. A column always takes at least one character, and it is measured against
//! `max(box height, one em)`: a box shorter than a character holds one character a
//! column (clipped), and autoHeight growing the box to that character keeps the columns.
//!
//! # Alignment
//!
//! - **Horizontal** alignment places the block of columns across the box: left, centre
//!   or right. Justify and stretch act along the column (the inline direction, as they do
//!   along a horizontal line) with the block at the left: justify spreads the characters
//!   of a wrapped column that is not its paragraph's last down the box height; stretch
//!   spreads every column of two or more characters down the box height and centres a
//!   one-character column.
//! - **Vertical** alignment places **each column** on its own: top, middle or bottom of
//!   the box (as horizontal alignment places each line of horizontal text). A column's
//!   length runs from its first cell's top to its last cell's bottom; trailing spaces
//!   hang below and do not count.
//!
//! # autoHeight
//!
//! As for horizontal text, the box grows downwards to the height the text needs: here
//! the longest column. With wrap on, columns already fit the box, so it grows only when
//! one character is taller than the box; with wrap off (columns end only at newlines)
//! the box follows the longest column down. The box never grows sideways: columns that
//! do not fit the width are clipped.
//!
//! # Underline and strikeout
//!
//! Underline is a vertical rule on the **left** of each column (the Chinese convention
//! for side lines in vertical text, CSS `text-underline-position: left`), as far from the
//! em box as the face puts its underline below the baseline; strikeout is a vertical rule
//! through the column's centre. Thicknesses are the first face's, at least one dot; both
//! run the column's length.
//!
//! # Faces without tables
//!
//! The breaking and placement above take from the faces only a few numbers (line height,
//! each face's baseline in its cell, rule positions) and the characters' advances, so
//! [`layout_vertical_mono`] runs the same code for a monospaced face given by those
//! numbers ([`MonoFace`]): the engine's built-in stroke font, used while no TrueType face
//! is registered, sets vertical text by these rules too.

use std::ops::Range;

use super::cache::Synthetic;
use super::font::FontSet;
use super::mono::{mono_items, MonoFace};
use super::layout::{
    measure, wrap_line, HAlign, Item, LayoutLine, PlacedGlyph, TextBox, TextError, TextLayout, TextStyle, VAlign,
};

/// A column before placement: its cells (indices into the cell list), the byte offset of
/// its text for an empty column, and whether justify may stretch it.
struct RawColumn {
    cells: Range<usize>,
    text_start: usize,
    stretch: bool,
}

/// The vertical presentation form of full-width punctuation (Unicode's compatibility
/// forms, which CJK faces carry for the `vert` feature), if it has one.
fn vertical_form(c: char) -> Option<char> {
    let v = match c {
        '\u{FF0C}' => '\u{FE10}', // ，
        '\u{3001}' => '\u{FE11}', // 、
        '\u{3002}' => '\u{FE12}', // 。
        '\u{FF1A}' => '\u{FE13}', // ：
        '\u{FF1B}' => '\u{FE14}', // ；
        '\u{FF01}' => '\u{FE15}', // ！
        '\u{FF1F}' => '\u{FE16}', // ？
        '\u{3016}' => '\u{FE17}', // 〖
        '\u{3017}' => '\u{FE18}', // 〗
        '\u{2026}' => '\u{FE19}', // …
        '\u{2025}' => '\u{FE30}', // ‥
        '\u{2014}' => '\u{FE31}', // —
        '\u{2013}' => '\u{FE32}', // –
        '\u{FF08}' => '\u{FE35}', // （
        '\u{FF09}' => '\u{FE36}', // ）
        '\u{FF5B}' => '\u{FE37}', // ｛
        '\u{FF5D}' => '\u{FE38}', // ｝
        '\u{3014}' => '\u{FE39}', // 〔
        '\u{3015}' => '\u{FE3A}', // 〕
        '\u{3010}' => '\u{FE3B}', // 【
        '\u{3011}' => '\u{FE3C}', // 】
        '\u{300A}' => '\u{FE3D}', // 《
        '\u{300B}' => '\u{FE3E}', // 》
        '\u{3008}' => '\u{FE3F}', // 〈
        '\u{3009}' => '\u{FE40}', // 〉
        '\u{300C}' => '\u{FE41}', // 「
        '\u{300D}' => '\u{FE42}', // 」
        '\u{300E}' => '\u{FE43}', // 『
        '\u{300F}' => '\u{FE44}', // 』
        _ => return None,
    };
    Some(v)
}

/// Swaps the glyphs of characters with a vertical form to that form's glyph, from the
/// first face that has it; advances are re-measured.
fn use_vertical_forms(fonts: &FontSet, style: &TextStyle, items: &mut [Item]) {
    for it in items.iter_mut() {
        let form = match vertical_form(it.ch) {
            Some(f) => f,
            None => continue,
        };
        for (i, font) in fonts.fonts().iter().enumerate() {
            if let Some(g) = font.glyph_index(form) {
                let synth =
                    Synthetic { bold: style.bold && !font.is_bold(), oblique: style.italic && !font.is_italic() };
                let mut advance = font.advance(g) as f32 * style.size / font.units_per_em() as f32;
                if synth.bold {
                    advance += style.size * super::raster::BOLD_X_EM;
                }
                it.face = i as u16;
                it.glyph = g;
                it.advance = advance;
                it.synth = synth;
                break;
            }
        }
    }
}

/// Splits `text` into paragraphs at `\n`, `\r\n` and `\r`: (byte offset, char) lists and
/// each paragraph's start offset.
fn paragraphs(text: &str) -> Vec<(usize, Vec<(usize, char)>)> {
    let mut out = Vec::new();
    let mut cur = Vec::new();
    let mut start = 0;
    let mut iter = text.char_indices().peekable();
    while let Some((i, c)) = iter.next() {
        if c == '\n' || c == '\r' {
            let mut after = i + 1;
            if c == '\r' {
                if let Some(&(j, '\n')) = iter.peek() {
                    iter.next();
                    after = j + 1;
                }
            }
            out.push((start, std::mem::take(&mut cur)));
            start = after;
        } else {
            cur.push((i, c));
        }
    }
    out.push((start, cur));
    out
}

/// What column placement takes from the faces, in dots at the style's size.
struct ColumnFace {
    /// The first face's ascender + descender + line gap (the column width, at least 1 em).
    line_height: f32,
    /// Per face: how far its baseline sits below a cell's centre.
    centre_to_baseline: Vec<f32>,
    /// Dots between the em box's left edge and the underline rule.
    underline_gap: f32,
    underline_thickness: f32,
    strikeout_thickness: f32,
}

/// Lays out vertical text (see the module docs). The style has been checked.
pub(super) fn layout_vertical(fonts: &FontSet, style: &TextStyle, text: &str, bx: TextBox) -> TextLayout {
    let em = style.size;
    let m = fonts.primary().metrics();
    let scale = em / m.units_per_em as f32;
    // Baseline below a cell's centre, per face: half the face's ascender-descender box
    // above its baseline.
    let centre_to_baseline = fonts
        .fonts()
        .iter()
        .map(|f| {
            let fm = f.metrics();
            (fm.ascender as f32 + fm.descender as f32) / 2.0 * em / fm.units_per_em as f32
        })
        .collect();
    let face = ColumnFace {
        line_height: (m.ascender as f32 - m.descender as f32 + m.line_gap as f32) * scale,
        centre_to_baseline,
        underline_gap: (-(m.underline_position as f32) * scale).max(0.0),
        underline_thickness: (m.underline_thickness as f32 * scale).max(1.0),
        strikeout_thickness: (m.strikeout_size as f32 * scale).max(1.0),
    };
    layout_columns(&face, style, text, bx, |chars| {
        let mut items = measure(fonts, style, chars);
        use_vertical_forms(fonts, style, &mut items);
        items
    })
}

/// Vertical layout of `text` with a [`MonoFace`]: every glyph is face 0, glyph 0, with
/// [`PlacedGlyph::ch`] the character to draw and (`x`, `y`) the left end of its advance on
/// its baseline. Characters as in [`layout_text`](super::layout_text): newlines start
/// columns, other control characters take no cell, tabs are spaces; no vertical forms
/// (the stroke font has none). The style's `vertical` flag is not consulted.
pub fn layout_vertical_mono(
    face: &MonoFace,
    style: &TextStyle,
    text: &str,
    bx: TextBox,
) -> Result<TextLayout, TextError> {
    style.check()?;
    face.check()?;
    let column_face = ColumnFace {
        line_height: face.line_height,
        centre_to_baseline: vec![(face.ascent - face.descent) / 2.0],
        underline_gap: face.underline_gap.max(0.0),
        underline_thickness: face.rule.max(1.0),
        strikeout_thickness: face.rule.max(1.0),
    };
    Ok(layout_columns(&column_face, style, text, bx, |chars| {
        let mut items = Vec::with_capacity(chars.len());
        mono_items(face, chars, &mut items);
        items
    }))
}

/// Breaks and places columns: `map` turns one paragraph's (byte offset, char) list into
/// measured items (advances across, in dots).
fn layout_columns(
    face: &ColumnFace,
    style: &TextStyle,
    text: &str,
    bx: TextBox,
    mut map: impl FnMut(&[(usize, char)]) -> Vec<Item>,
) -> TextLayout {
    let em = style.size;
    let col_w = face.line_height.max(em);
    let pitch = col_w * style.line_space;
    // Dots from one cell's top to the next one's; never upwards.
    let step = (em + style.char_space).max(0.0);
    // Columns are measured against at least one em (module docs, "Breaking").
    let wrap_height = (bx.height() as f32).max(em.ceil());

    // Map, then break each paragraph into columns. `cells` holds the items that take a
    // cell (invisible format characters take none), with `advance` set to the em so that
    // wrap_line measures the column; `widths` keeps their real advances for centring.
    let mut cells: Vec<Item> = Vec::new();
    let mut widths: Vec<f32> = Vec::new();
    let mut raw: Vec<RawColumn> = Vec::new();
    for (para_start, chars) in paragraphs(text) {
        let items = map(&chars);
        let base = cells.len();
        for it in items {
            let takes_cell = it.visible || it.space;
            if takes_cell {
                widths.push(it.advance);
                cells.push(Item { advance: em, kern: 0.0, ..it });
            }
        }
        let n = cells.len();
        if base == n {
            raw.push(RawColumn { cells: n..n, text_start: para_start, stretch: false });
        } else if style.wrap {
            let mut start = base;
            while start < n {
                let end = wrap_line(&cells, start, n, step - em, wrap_height);
                raw.push(RawColumn { cells: start..end, text_start: cells[start].start, stretch: end < n });
                start = end;
            }
        } else {
            raw.push(RawColumn { cells: base..n, text_start: para_start, stretch: false });
        }
    }

    // Column lengths: first cell's top to the last inked (non-space) cell's bottom.
    let inked = |r: &RawColumn| cells[r.cells.clone()].iter().rposition(|c| !c.space).map_or(0, |l| l + 1);
    let length = |k: usize| if k == 0 { 0.0 } else { em + (k - 1) as f32 * step };
    let longest = raw.iter().map(|r| length(inked(r))).fold(0f32, f32::max);
    let needed_height = longest.max(em).ceil().max(1.0) as i64;
    let mut bounds = bx;
    if style.auto_height && needed_height > bounds.height() {
        bounds = TextBox::new(bx.x(), bx.y(), bx.width(), needed_height.min(TextBox::LIMIT)).unwrap_or(bx);
    }
    let box_h = bounds.height() as f32;

    let block_w = (raw.len() - 1) as f32 * pitch + col_w;
    let free_w = bounds.width() as f32 - block_w;
    let mut block_left = bounds.x() as f32
        + match style.h_align {
            HAlign::Center => free_w / 2.0,
            HAlign::Right => free_w,
            HAlign::Left | HAlign::Justify | HAlign::Distribute => 0.0,
        };
    // The underline runs left of each column's em box and may stick out of the column
    // (col_w leaves (col_w - em) / 2 each side): the next column's gap takes it, but the
    // leftmost column's would lie outside the block, clipped at a left-aligned box's
    // edge. The block moves right just enough to keep it in the box where there is room,
    // so text does not shift when underlined otherwise.
    if style.underline {
        let overhang = (em / 2.0 + face.underline_gap + face.underline_thickness - col_w / 2.0).max(0.0);
        block_left = block_left.max(bounds.x() as f32 + overhang.min(free_w.max(0.0)));
    }
    let block_right = block_left + block_w;

    let centre_to_baseline = &face.centre_to_baseline;

    let mut lines = Vec::with_capacity(raw.len());
    let mut glyphs = Vec::with_capacity(cells.len());
    let mut bars = Vec::new();
    for (ci, r) in raw.iter().enumerate() {
        let col_left = block_right - col_w - ci as f32 * pitch;
        let centre = col_left + col_w / 2.0;
        let its = &cells[r.cells.clone()];
        let ws = &widths[r.cells.clone()];
        let k = inked(r);
        let len = length(k);
        let free = box_h - len;
        // Extra dots after each cell: justify (wrapped columns) and stretch (all).
        let spread = match style.h_align {
            HAlign::Justify => r.stretch,
            HAlign::Distribute => true,
            _ => false,
        };
        let extra = if spread && k > 1 && free > 0.0 { free / (k - 1) as f32 } else { 0.0 };
        let top = bounds.y() as f32
            + if spread && k == 1 && style.h_align == HAlign::Distribute {
                free.max(0.0) / 2.0
            } else if extra > 0.0 {
                0.0
            } else {
                match style.v_align {
                    VAlign::Top => 0.0,
                    VAlign::Middle => free / 2.0,
                    VAlign::Bottom => free,
                }
            };
        let g0 = glyphs.len();
        for (j, it) in its.iter().enumerate() {
            if !it.visible {
                continue;
            }
            let cell_centre = top + j as f32 * (step + extra) + em / 2.0;
            let lift = centre_to_baseline.get(it.face as usize).copied().unwrap_or(0.0);
            glyphs.push(PlacedGlyph {
                ch: it.ch,
                face: it.face,
                glyph: it.glyph,
                x: centre - ws[j] / 2.0,
                y: cell_centre + lift,
                fake_bold: it.synth.bold,
                fake_italic: it.synth.oblique,
            });
        }
        let height = if k == 0 { 0.0 } else { len + (k - 1) as f32 * extra };
        if height > 0.0 {
            if style.underline {
                let t = face.underline_thickness;
                bars.push((centre - em / 2.0 - face.underline_gap - t, top, t, height));
            }
            if style.strikeout {
                let t = face.strikeout_thickness;
                bars.push((centre - t / 2.0, top, t, height));
            }
        }
        let text_range = match (its.first(), its.last()) {
            (Some(a), Some(b)) => a.start..b.end,
            _ => r.text_start..r.text_start,
        };
        lines.push(LayoutLine {
            text: text_range,
            glyphs: g0..glyphs.len(),
            x: col_left,
            width: col_w,
            baseline: top + em / 2.0 + centre_to_baseline.first().copied().unwrap_or(0.0),
            top,
            height,
        });
    }

    TextLayout { bounds, size: em, clip: style.clip, lines, glyphs, bars, needed_height, content_width: block_w }
}

#[cfg(test)]
#[path = "vertical_tests.rs"]
mod tests;
