//! Text layout: from a string and a style to lines and glyph positions in a box.
//!
//! The pipeline, per paragraph (text between explicit newlines):
//!
//! 1. **Map**: each character becomes one glyph from the first face of the
//!    [`FontSet`] that has it (no shaping: labels are Latin, digits and CJK, where one
//!    character is one glyph). Advances come from `hmtx`, scaled to the font height in
//!    dots; kerning from `kern`, character spacing and the extra width of synthetic bold
//!    are added.
//! 2. **Break** (when wrapping): greedy first fit over the opportunities of
//!    `breaking.rs`; trailing spaces hang past the edge; a word longer than the box is cut
//!    between characters, after the most characters that fit (one earlier only where
//!    kinsoku forbids the cut), at least one a line.
//! 3. **Place**: lines are `line height x line spacing` apart, where the line height is
//!    the first face's ascender + descender + line gap; the block is aligned top, middle
//!    or bottom in the box and every line left, centre, right or justified (wrapped lines
//!    only, the last line of a paragraph stays left).
//!
//! Everything is in dots with fractional positions; drawing rounds each glyph's pen
//! position to a whole dot. The layout reports the height the text needs, so a caller
//! with `autoHeight` can grow the element (the layout itself grows its box when
//! [`TextStyle::auto_height`] is set).
//!
//! Vertical text (`verDisplay`) has its own placement in `vertical.rs`: characters
//! stacked in columns that run right to left.

use std::fmt;
use std::ops::Range;

use super::breaking::{can_break, is_space, kinsoku_forbids};
use super::cache::Synthetic;
use super::font::FontSet;
use super::raster::BOLD_X_EM;

/// A box in whole dots: the element's area on the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextBox {
    x: i64,
    y: i64,
    width: i64,
    height: i64,
}

impl TextBox {
    /// Largest coordinate or side accepted, far beyond any page.
    pub(super) const LIMIT: i64 = 1 << 24;

    /// A box with its top-left dot at (`x`, `y`); `None` unless both sides are positive
    /// and everything is within ±2^24 dots.
    pub fn new(x: i64, y: i64, width: i64, height: i64) -> Option<TextBox> {
        let ok = |v: i64| v.abs() <= TextBox::LIMIT;
        if width <= 0 || height <= 0 || !ok(x) || !ok(y) || !ok(width) || !ok(height) {
            return None;
        }
        Some(TextBox { x, y, width, height })
    }

    pub fn x(&self) -> i64 {
        self.x
    }
    pub fn y(&self) -> i64 {
        self.y
    }
    pub fn width(&self) -> i64 {
        self.width
    }
    pub fn height(&self) -> i64 {
        self.height
    }
}

/// Horizontal alignment of each line in the box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HAlign {
    Left,
    Center,
    Right,
    /// Wrapped lines are stretched to the box width (at spaces when the line has any,
    /// else between characters); a paragraph's last line is left-aligned.
    Justify,
    /// Every line, the last and a lone one included, is spread over the box width by
    /// equal extra space between all its characters (CJK "distributed" alignment, the
    /// label spec's alignment 4, "stretch"); a one-character line is centred. Glyphs keep
    /// their shapes. A line wider than the box is left-aligned.
    Distribute,
}

/// Vertical alignment of the block of lines in the box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VAlign {
    Top,
    Middle,
    Bottom,
}

/// How to lay out a text element. Lengths are in dots; the engine converts the label's
/// millimetres (`fontHeight`, `charSpace`) at the target resolution.
#[derive(Clone, Debug, PartialEq)]
pub struct TextStyle {
    /// Font height: dots to the em (the spec's `fontHeight`). 0 < size <= 4096.
    pub size: f32,
    pub bold: bool,
    pub italic: bool,
    pub underline: bool,
    pub strikeout: bool,
    /// Extra dots after each character (`charSpace`); may be negative. In vertical
    /// text it is the gap between the stacked characters of a column.
    pub char_space: f32,
    /// Line pitch as a multiple of the line height (`lineSpace`, 1.0 = single), > 0. In
    /// vertical text it scales the column pitch (see `vertical.rs`).
    pub line_space: f32,
    pub h_align: HAlign,
    pub v_align: VAlign,
    /// Wrap lines at the box width (`autoReturn`); vertical text wraps its columns at
    /// the box height.
    pub wrap: bool,
    /// Grow the box downwards when the text needs more height (`autoHeight`): more
    /// lines, or for vertical text a longer column than the box holds.
    pub auto_height: bool,
    /// Vertical text (`verDisplay`): characters stacked top to bottom in columns that
    /// follow each other right to left (`vertical.rs`).
    pub vertical: bool,
    /// Apply the first face's `kern` pairs.
    pub kerning: bool,
    /// Draw only inside the box (the element's area).
    pub clip: bool,
}

impl TextStyle {
    /// Regular, left/top aligned, single spaced, no wrapping, kerning on, clipped.
    pub fn new(size: f32) -> TextStyle {
        TextStyle {
            size,
            bold: false,
            italic: false,
            underline: false,
            strikeout: false,
            char_space: 0.0,
            line_space: 1.0,
            h_align: HAlign::Left,
            v_align: VAlign::Top,
            wrap: false,
            auto_height: false,
            vertical: false,
            kerning: true,
            clip: true,
        }
    }

    pub(super) fn check(&self) -> Result<(), TextError> {
        if !(self.size > 0.0 && self.size <= 4096.0) {
            return Err(TextError::InvalidSize);
        }
        if !(self.line_space > 0.0 && self.line_space <= 100.0) || !(self.char_space.abs() <= 1e5) {
            return Err(TextError::InvalidSpacing);
        }
        Ok(())
    }
}

/// Why a text could not be laid out: the style holds a value out of range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextError {
    /// The font height is not in 0 < size <= 4096 dots.
    InvalidSize,
    /// Line spacing is not in (0, 100] or character spacing is not finite.
    InvalidSpacing,
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TextError::InvalidSize => write!(f, "font height must be above 0 and at most 4096 dots"),
            TextError::InvalidSpacing => write!(f, "line or character spacing out of range"),
        }
    }
}

/// One glyph placed on the page.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlacedGlyph {
    /// The character it shows.
    pub ch: char,
    /// Index of its face in the [`FontSet`].
    pub face: u16,
    pub glyph: u16,
    /// Pen position on the baseline, in dots.
    pub x: f32,
    pub y: f32,
    /// Bold or italic asked for but the face has neither: faked when drawn.
    pub fake_bold: bool,
    pub fake_italic: bool,
}

/// One line of laid-out text.
#[derive(Clone, Debug, PartialEq)]
pub struct LayoutLine {
    /// Byte range of the line's characters in the laid-out string.
    pub text: Range<usize>,
    /// Its glyphs in [`TextLayout::glyphs`] (spaces have none).
    pub glyphs: Range<usize>,
    /// Left end and width (without hanging spaces) in dots. A vertical column: the left
    /// edge and width of its column cell.
    pub x: f32,
    pub width: f32,
    /// Baseline in dots (a vertical column: its first character's, on the first face).
    pub baseline: f32,
    /// Top and height in dots: the line box (ascender to descender of the first face);
    /// a vertical column: from its first character cell's top to its last one's bottom
    /// (0 high when it is empty or all spaces).
    pub top: f32,
    pub height: f32,
}

/// A laid-out text: what [`draw_layout_1bit`](super::draw_layout_1bit) and
/// [`draw_layout_gray`](super::draw_layout_gray) draw.
#[derive(Clone, Debug)]
pub struct TextLayout {
    pub(super) bounds: TextBox,
    pub(super) size: f32,
    pub(super) clip: bool,
    pub(super) lines: Vec<LayoutLine>,
    pub(super) glyphs: Vec<PlacedGlyph>,
    /// Underline and strikeout bars: (x, y, width, height) in dots.
    pub(super) bars: Vec<(f32, f32, f32, f32)>,
    pub(super) needed_height: i64,
    pub(super) content_width: f32,
}

impl TextLayout {
    /// The element box; taller than asked when `auto_height` grew it.
    pub fn bounds(&self) -> TextBox {
        self.bounds
    }

    /// Dots of height the lines need (from the first line's ascender to the last line's
    /// descender). At least one line, even for empty text. Vertical text: the longest
    /// column, at least one character cell.
    pub fn needed_height(&self) -> i64 {
        self.needed_height
    }

    /// Width of the widest line in dots; vertical text: the width of the block of columns.
    pub fn content_width(&self) -> f32 {
        self.content_width
    }

    pub fn lines(&self) -> &[LayoutLine] {
        &self.lines
    }

    pub fn glyphs(&self) -> &[PlacedGlyph] {
        &self.glyphs
    }

    /// Font height in dots.
    pub fn size(&self) -> f32 {
        self.size
    }

    /// Underline and strikeout bars: (x, y, width, height) in dots, for a caller that
    /// draws the glyphs itself (the engine's built-in stroke font).
    pub fn bars(&self) -> &[(f32, f32, f32, f32)] {
        &self.bars
    }
}

/// A character mapped to a glyph and measured.
#[derive(Clone, Copy, Debug)]
pub(super) struct Item {
    pub ch: char,
    /// Byte range in the text.
    pub start: usize,
    pub end: usize,
    pub face: u16,
    pub glyph: u16,
    /// Advance in dots (bold extra included, character spacing not).
    pub advance: f32,
    /// Kerning with the next item in dots.
    pub kern: f32,
    pub space: bool,
    /// Draws something (not a space or an invisible format character).
    pub visible: bool,
    pub synth: Synthetic,
}

/// Maps and measures `chars` (byte offset, char) of one paragraph.
pub(super) fn measure(fonts: &FontSet, style: &TextStyle, chars: &[(usize, char)]) -> Vec<Item> {
    let mut items: Vec<Item> = Vec::with_capacity(chars.len());
    measure_into(fonts, style, chars, &mut items);
    items
}

/// [`measure`] appended to `items` (kerning only between the new items): the paragraphs
/// of one layout share one vector.
pub(super) fn measure_into(fonts: &FontSet, style: &TextStyle, chars: &[(usize, char)], all: &mut Vec<Item>) {
    let base = all.len();
    all.reserve(chars.len());
    let items = all;
    for &(start, c) in chars {
        let end = start + c.len_utf8();
        let invisible = matches!(c, '\u{200B}'..='\u{200F}' | '\u{FEFF}' | '\u{2060}' | '\u{00AD}');
        if (c as u32) < 0x20 && c != '\t' || c == '\u{7F}' || invisible {
            items.push(Item {
                ch: c,
                start,
                end,
                face: 0,
                glyph: 0,
                advance: 0.0,
                kern: 0.0,
                space: false,
                visible: false,
                synth: Synthetic::default(),
            });
            continue;
        }
        let space = is_space(c);
        let (face, glyph) = fonts.lookup(if c == '\t' { ' ' } else { c });
        let font = &fonts.fonts()[face as usize];
        let synth =
            Synthetic { bold: style.bold && !font.is_bold(), oblique: style.italic && !font.is_italic() };
        let scale = style.size / font.units_per_em() as f32;
        let mut advance = font.advance(glyph) as f32 * scale;
        if synth.bold {
            advance += style.size * BOLD_X_EM;
        }
        items.push(Item {
            ch: c,
            start,
            end,
            face,
            glyph,
            advance,
            kern: 0.0,
            space,
            visible: !space,
            synth,
        });
    }
    if style.kerning {
        for i in base + 1..items.len() {
            let (a, b) = (items[i - 1], items[i]);
            if a.face == b.face && a.visible && b.visible {
                let font = &fonts.fonts()[a.face as usize];
                let k = font.kerning(a.glyph, b.glyph);
                if k != 0 {
                    items[i - 1].kern = k as f32 * style.size / font.units_per_em() as f32;
                }
            }
        }
    }
}

/// A line before placement: items `range`, paragraph text start for empty lines.
struct RawLine {
    range: Range<usize>,
    text_start: usize,
    /// Justification may stretch it (a wrapped line that is not a paragraph's last).
    stretch: bool,
}

/// Lays out `text` in `bx`. Newlines (`\n`, `\r\n`, `\r`) start new paragraphs; other
/// control characters are ignored.
pub fn layout_text(
    fonts: &FontSet,
    style: &TextStyle,
    text: &str,
    bx: TextBox,
) -> Result<TextLayout, TextError> {
    style.check()?;
    if style.vertical {
        return Ok(super::vertical::layout_vertical(fonts, style, text, bx));
    }
    let m = fonts.primary().metrics();
    let scale = style.size / m.units_per_em as f32;
    let ascent = m.ascender as f32 * scale;
    let descent = -(m.descender as f32) * scale;
    let face = LineFace {
        ascent,
        descent,
        line_height: ascent + descent + m.line_gap as f32 * scale,
        underline_position: m.underline_position as f32 * scale,
        underline_thickness: (m.underline_thickness as f32 * scale).max(1.0),
        strikeout_position: m.strikeout_position as f32 * scale,
        strikeout_thickness: (m.strikeout_size as f32 * scale).max(1.0),
    };
    Ok(layout_lines(&face, style, text, bx, |chars, items| measure_into(fonts, style, chars, items)))
}

/// What line placement takes from the faces, in dots at the style's size: the first face's
/// vertical metrics and rules.
pub(super) struct LineFace {
    /// Above and below the baseline: a line's box.
    pub ascent: f32,
    pub descent: f32,
    /// Ascender + descender + line gap: the line pitch at line spacing 1.
    pub line_height: f32,
    /// The underline's top edge and the strikeout's bottom edge above the baseline (an
    /// underline's is negative: below it); thicknesses at least one dot.
    pub underline_position: f32,
    pub underline_thickness: f32,
    pub strikeout_position: f32,
    pub strikeout_thickness: f32,
}

/// Breaks and places horizontal lines (module docs): `measure` appends one paragraph's
/// (byte offset, char) list to the items as measured items (advances in dots). The style
/// has been checked.
pub(super) fn layout_lines(
    face: &LineFace,
    style: &TextStyle,
    text: &str,
    bx: TextBox,
    mut measure: impl FnMut(&[(usize, char)], &mut Vec<Item>),
) -> TextLayout {
    let ascent = face.ascent;
    let descent = face.descent;
    let pitch = face.line_height * style.line_space;
    let cs = style.char_space;
    let max_width = bx.width as f32;

    // Map and break, paragraph by paragraph.
    // Sized once from the text's length in bytes (at least its characters): growing
    // them push by push cost more allocations than the rest of a label line's layout.
    let mut items: Vec<Item> = Vec::with_capacity(text.len());
    let mut raw: Vec<RawLine> = Vec::new();
    let mut chars: Vec<(usize, char)> = Vec::with_capacity(text.len());
    let mut para_start = 0;
    let mut iter = text.char_indices().peekable();
    loop {
        let next = iter.next();
        let at_end = match next {
            None => true,
            Some((_, '\n')) | Some((_, '\r')) => true,
            Some(_) => false,
        };
        if !at_end {
            chars.push(next.unwrap());
            continue;
        }
        let base = items.len();
        measure(&chars, &mut items);
        let n = items.len();
        if style.wrap {
            let mut start = base;
            if start == n {
                raw.push(RawLine { range: n..n, text_start: para_start, stretch: false });
            }
            while start < n {
                let end = wrap_line(&items, start, n, cs, max_width);
                raw.push(RawLine { range: start..end, text_start: items[start].start, stretch: end < n });
                start = end;
            }
        } else {
            raw.push(RawLine { range: base..n, text_start: para_start, stretch: false });
        }
        chars.clear();
        match next {
            None => break,
            Some((i, c)) => {
                let mut after = i + 1;
                if c == '\r' {
                    if let Some(&(j, '\n')) = iter.peek() {
                        iter.next();
                        after = j + 1;
                    }
                }
                para_start = after;
            }
        }
    }
    if raw.is_empty() {
        raw.push(RawLine { range: 0..0, text_start: 0, stretch: false });
    }

    // Place.
    let block = (raw.len() - 1) as f32 * pitch + ascent + descent;
    let needed_height = block.ceil().max(1.0) as i64;
    let mut bounds = bx;
    if style.auto_height && needed_height > bounds.height {
        bounds.height = needed_height.min(TextBox::LIMIT);
    }
    let free = bounds.height as f32 - block;
    let top = bounds.y as f32
        + match style.v_align {
            VAlign::Top => 0.0,
            VAlign::Middle => free / 2.0,
            VAlign::Bottom => free,
        };

    let mut lines = Vec::with_capacity(raw.len());
    let mut glyphs = Vec::with_capacity(items.len());
    let mut bars = Vec::new();
    let mut content_width = 0f32;
    let mut pens = Vec::with_capacity(items.len()); // pen position of each item of a line
    for (li, r) in raw.iter().enumerate() {
        let baseline = top + ascent + li as f32 * pitch;
        let its = &items[r.range.clone()];
        // pen position of each item, and the inked width without hanging spaces
        let last = its.iter().rposition(|it| !it.space);
        pens.clear();
        let mut pen = 0f32;
        for it in its {
            pens.push(pen);
            pen += it.advance + it.kern + cs;
        }
        let width = match last {
            Some(l) => pens[l] + its[l].advance,
            None => 0.0,
        };
        content_width = content_width.max(width);
        let free = max_width - width;
        let x = bounds.x as f32
            + match style.h_align {
                HAlign::Left | HAlign::Justify => 0.0,
                HAlign::Distribute => {
                    if last == Some(0) && free > 0.0 {
                        free / 2.0
                    } else {
                        0.0
                    }
                }
                HAlign::Center => free / 2.0,
                HAlign::Right => free,
            };
        // Justification: extra space per gap, at spaces when the line has inner spaces.
        let mut shift = vec![0f32; its.len()];
        let distribute = style.h_align == HAlign::Distribute;
        if (style.h_align == HAlign::Justify && r.stretch || distribute) && free > 0.0 {
            if let Some(l) = last {
                let inner_spaces =
                    if distribute { 0 } else { its[..l].iter().filter(|it| it.space).count() };
                if inner_spaces > 0 {
                    let per = free / inner_spaces as f32;
                    let mut acc = 0.0;
                    for (i, it) in its.iter().enumerate().take(l + 1) {
                        shift[i] = acc;
                        if it.space {
                            acc += per;
                        }
                    }
                } else if l > 0 {
                    let per = free / l as f32;
                    for (i, s) in shift.iter_mut().enumerate().take(l + 1) {
                        *s = per * i as f32;
                    }
                }
            }
        }
        let g0 = glyphs.len();
        for (i, it) in its.iter().enumerate() {
            if it.visible {
                glyphs.push(PlacedGlyph {
                    ch: it.ch,
                    face: it.face,
                    glyph: it.glyph,
                    x: x + pens[i] + shift[i],
                    y: baseline,
                    fake_bold: it.synth.bold,
                    fake_italic: it.synth.oblique,
                });
            }
        }
        let width = width + last.map_or(0.0, |l| shift[l]);
        let text_range = match (its.first(), its.last()) {
            (Some(a), Some(b)) => a.start..b.end,
            _ => r.text_start..r.text_start,
        };
        if width > 0.0 {
            if style.underline {
                bars.push((x, baseline - face.underline_position, width, face.underline_thickness));
            }
            if style.strikeout {
                let t = face.strikeout_thickness;
                bars.push((x, baseline - face.strikeout_position - t, width, t));
            }
        }
        lines.push(LayoutLine {
            text: text_range,
            glyphs: g0..glyphs.len(),
            x,
            width,
            baseline,
            top: baseline - ascent,
            height: ascent + descent,
        });
    }

    TextLayout { bounds, size: style.size, clip: style.clip, lines, glyphs, bars, needed_height, content_width }
}

/// Greedy first fit: the end (exclusive) of the line starting at item `start`.
pub(super) fn wrap_line(items: &[Item], start: usize, end: usize, cs: f32, max_width: f32) -> usize {
    const SLACK: f32 = 0.01; // dots: rounding noise must not push a fitting word down
    let mut pen = 0f32;
    let mut last_break: Option<usize> = None;
    for i in start..end {
        if i > start && can_break(items[i - 1].ch, items[i].ch) {
            last_break = Some(i);
        }
        let it = &items[i];
        if i > start && !it.space && pen + it.advance > max_width + SLACK {
            if let Some(b) = last_break {
                return b;
            }
            // A word wider than the box: cut it before the character that does not fit, so
            // the line keeps every character that fits. Only when kinsoku forbids that cut
            // (closing punctuation would start the next line, or opening punctuation end
            // this one) does the cut move back one character, taking it down with the
            // punctuation, if the line keeps at least one and the earlier cut is allowed.
            // (Testing `!can_break` here instead cut every plain word one character early:
            // letters and digits are never a break opportunity.)
            if i > start + 1
                && kinsoku_forbids(items[i - 1].ch, it.ch)
                && can_cut_inside_word(items[i - 2].ch, items[i - 1].ch)
            {
                return i - 1;
            }
            return i;
        }
        pen += it.advance + it.kern + cs;
    }
    end
}

/// Whether an emergency cut (inside a word wider than the line) may split the pair: not
/// at a space (spaces hang at line ends, they do not start lines) nor where kinsoku
/// forbids it.
fn can_cut_inside_word(a: char, b: char) -> bool {
    !is_space(a) && !is_space(b) && !kinsoku_forbids(a, b)
}

#[cfg(test)]
mod tests {
    use super::super::test_fonts::load;
    use super::*;

    fn latin_cjk() -> Option<FontSet> {
        let lib = load("LiberationSans-Regular.ttf")?;
        let cjk = load("DroidSansFallbackFull.ttf")?;
        FontSet::new(vec![lib, cjk])
    }

    fn line_texts<'a>(layout: &TextLayout, text: &'a str) -> Vec<&'a str> {
        layout.lines().iter().map(|l| &text[l.text.clone()]).collect()
    }

    fn bx(w: i64, h: i64) -> TextBox {
        TextBox::new(10, 20, w, h).unwrap()
    }

    #[test]
    fn single_line_advances_match_hmtx() {
        let fonts = match latin_cjk() {
            Some(f) => f,
            None => return,
        };
        let mut style = TextStyle::new(2048.0 / 100.0); // 1 unit = 0.01 dot
        style.kerning = false;
        let l = layout_text(&fonts, &style, "AV1", bx(1000, 100)).unwrap();
        let xs: Vec<f32> = l.glyphs().iter().map(|g| g.x - 10.0).collect();
        assert!((xs[1] - 13.66).abs() < 1e-3 && (xs[2] - 27.32).abs() < 1e-3, "{:?}", xs);
        style.kerning = true;
        let k = layout_text(&fonts, &style, "AV1", bx(1000, 100)).unwrap();
        assert!(k.glyphs()[1].x < l.glyphs()[1].x, "AV kerned");
    }

    #[test]
    fn missing_glyphs_fall_back_to_the_cjk_face() {
        let fonts = match latin_cjk() {
            Some(f) => f,
            None => return,
        };
        let l = layout_text(&fonts, &TextStyle::new(24.0), "A中1", bx(500, 100)).unwrap();
        let faces: Vec<u16> = l.glyphs().iter().map(|g| g.face).collect();
        assert_eq!(faces, vec![0, 1, 0]);
        // an ideograph is one em wide
        assert!((l.glyphs()[2].x - l.glyphs()[1].x - 24.0).abs() < 1e-3);
    }

    #[test]
    fn wraps_latin_at_spaces_and_cjk_anywhere() {
        let fonts = match latin_cjk() {
            Some(f) => f,
            None => return,
        };
        let mut style = TextStyle::new(20.0);
        style.wrap = true;
        let text = "Fixed asset label printer";
        let l = layout_text(&fonts, &style, text, bx(120, 100)).unwrap();
        assert_eq!(line_texts(&l, text), vec!["Fixed asset ", "label printer"]);
        for line in l.lines() {
            assert!(line.width <= 120.0, "{:?}", line);
        }
        // 5 ideographs of 20 dots in 70 dots: 3 then 2
        let text = "固定资产卡";
        let l = layout_text(&fonts, &style, text, bx(70, 100)).unwrap();
        assert_eq!(line_texts(&l, text), vec!["固定资", "产卡"]);
    }

    #[test]
    fn closing_punctuation_moves_down_with_its_character() {
        let fonts = match latin_cjk() {
            Some(f) => f,
            None => return,
        };
        let mut style = TextStyle::new(20.0);
        style.wrap = true;
        // 60 dots hold three ideographs; "，" may not start a line, so "资，" goes down together
        let text = "固定资，产品";
        let l = layout_text(&fonts, &style, text, bx(60, 100)).unwrap();
        assert_eq!(line_texts(&l, text), vec!["固定", "资，产", "品"]);
        // and an opening bracket never ends a line
        let text = "固定（资产）";
        let l = layout_text(&fonts, &style, text, bx(60, 100)).unwrap();
        assert_eq!(line_texts(&l, text), vec!["固定", "（资", "产）"]);
    }

    #[test]
    fn long_words_are_cut_by_character() {
        let fonts = match latin_cjk() {
            Some(f) => f,
            None => return,
        };
        let mut style = TextStyle::new(20.0);
        style.wrap = true;
        let text = "ZC20240001ABCDEF";
        let l = layout_text(&fonts, &style, text, bx(60, 100)).unwrap();
        assert!(l.lines().len() >= 4);
        let joined: String = line_texts(&l, text).concat();
        assert_eq!(joined, text);
        for line in l.lines() {
            assert!(line.width <= 60.0 + 0.01, "{:?}", line);
        }
    }

    /// Width in dots of `text` on one unwrapped line in `style`: the layout's own measure
    /// (advances, kerning, charSpace between characters but not after the last).
    fn one_line_width(fonts: &FontSet, style: &TextStyle, text: &str) -> f32 {
        let mut s = style.clone();
        s.wrap = false;
        layout_text(fonts, &s, text, bx(10_000, 100)).unwrap().lines()[0].width
    }

    /// Greedy cut of a word with no break opportunity: each line the longest prefix of
    /// what is left whose one-line width fits `w` dots, at least one character.
    fn expected_cuts<'a>(fonts: &FontSet, style: &TextStyle, text: &'a str, w: f32) -> Vec<&'a str> {
        let mut out = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            let ends: Vec<usize> = rest.char_indices().map(|(i, c)| i + c.len_utf8()).collect();
            let mut take = ends[0];
            for &e in &ends[1..] {
                if one_line_width(fonts, style, &rest[..e]) <= w + 0.01 {
                    take = e;
                } else {
                    break;
                }
            }
            out.push(&rest[..take]);
            rest = &rest[take..];
        }
        out
    }

    #[test]
    fn a_long_word_keeps_every_character_that_fits() {
        let fonts = match latin_cjk() {
            Some(f) => f,
            None => return,
        };
        let mut style = TextStyle::new(20.0);
        style.wrap = true;
        // The reported case: a box just wide enough for "ZC202" (5 x ~11-15 dots).
        let w5 = one_line_width(&fonts, &style, "ZC202");
        let b = w5.ceil() as i64;
        assert!(one_line_width(&fonts, &style, "ZC2024") > b as f32);
        let l = layout_text(&fonts, &style, "ZC2024", bx(b, 100)).unwrap();
        assert_eq!(line_texts(&l, "ZC2024"), vec!["ZC202", "4"]);
        // Every box width, with and without charSpace (positive and negative): the cut
        // keeps the most characters whose advance fits, never fewer than one a line.
        let text = "ZC20240001";
        for cs in [0.0f32, 2.5, -1.5] {
            style.char_space = cs;
            let full = one_line_width(&fonts, &style, text);
            for w in 1..=(full.ceil() as i64 + 2) {
                let l = layout_text(&fonts, &style, text, bx(w, 100)).unwrap();
                let want = expected_cuts(&fonts, &style, text, w as f32);
                assert_eq!(line_texts(&l, text), want, "width {} charSpace {}", w, cs);
            }
        }
    }

    #[test]
    fn a_cut_long_word_still_keeps_kinsoku() {
        let fonts = match latin_cjk() {
            Some(f) => f,
            None => return,
        };
        let mut style = TextStyle::new(20.0);
        style.wrap = true;
        // "," may not start a line: with "ABCD" fitting but not "ABCD,", "D" goes down too
        let b = one_line_width(&fonts, &style, "ABCD").ceil() as i64;
        assert!(one_line_width(&fonts, &style, "ABCD,") > b as f32);
        let l = layout_text(&fonts, &style, "ABCD,", bx(b, 100)).unwrap();
        assert_eq!(line_texts(&l, "ABCD,"), vec!["ABC", "D,"]);
        // "(" may not end a line: with "AB(" fitting but not "AB(C", "(" goes down
        let b = one_line_width(&fonts, &style, "AB(").ceil() as i64;
        assert!(one_line_width(&fonts, &style, "AB(C") > b as f32);
        let l = layout_text(&fonts, &style, "AB(C", bx(b, 100)).unwrap();
        assert_eq!(line_texts(&l, "AB(C"), vec!["AB", "(C"]);
        // a line never goes empty for it: one character, then the punctuation
        let l = layout_text(&fonts, &style, "A,", bx(5, 100)).unwrap();
        assert_eq!(line_texts(&l, "A,"), vec!["A", ","]);
    }

    #[test]
    fn explicit_newlines_make_lines_even_without_wrap() {
        let fonts = match latin_cjk() {
            Some(f) => f,
            None => return,
        };
        let text = "one\r\ntwo\n\nfour\rfive";
        let l = layout_text(&fonts, &TextStyle::new(20.0), text, bx(30, 30)).unwrap();
        assert_eq!(line_texts(&l, text), vec!["one", "two", "", "four", "five"]);
        let pitch = l.lines()[1].baseline - l.lines()[0].baseline;
        // Liberation: (1854 + 434 + 67) / 2048 em
        assert!((pitch - 20.0 * 2355.0 / 2048.0).abs() < 1e-3, "{}", pitch);
    }

    #[test]
    fn alignment_places_lines_in_the_box() {
        let fonts = match latin_cjk() {
            Some(f) => f,
            None => return,
        };
        let mut style = TextStyle::new(20.0);
        let b = bx(200, 100);
        let left = layout_text(&fonts, &style, "资产", b).unwrap();
        assert_eq!(left.lines()[0].x, 10.0);
        style.h_align = HAlign::Center;
        style.v_align = VAlign::Middle;
        let c = layout_text(&fonts, &style, "资产", b).unwrap();
        assert!((c.lines()[0].x - (10.0 + 80.0)).abs() < 1e-3);
        let line_box = c.needed_height() as f32;
        let top = c.lines()[0].baseline - 20.0 * 1854.0 / 2048.0;
        assert!((top - 20.0 - (100.0 - 20.0 * 2288.0 / 2048.0) / 2.0).abs() < 1e-3, "{} {}", top, line_box);
        style.h_align = HAlign::Right;
        style.v_align = VAlign::Bottom;
        let r = layout_text(&fonts, &style, "资产", b).unwrap();
        assert!((r.lines()[0].x + r.lines()[0].width - 210.0).abs() < 1e-3);
        let bottom = r.lines()[0].baseline + 20.0 * 434.0 / 2048.0;
        assert!((bottom - 120.0).abs() < 1e-3);
    }

    #[test]
    fn justify_stretches_wrapped_lines_but_not_the_last() {
        let fonts = match latin_cjk() {
            Some(f) => f,
            None => return,
        };
        let mut style = TextStyle::new(20.0);
        style.wrap = true;
        style.h_align = HAlign::Justify;
        let l = layout_text(&fonts, &style, "资产编号", bx(70, 100)).unwrap();
        assert_eq!(l.lines().len(), 2);
        assert!((l.lines()[0].width - 70.0).abs() < 1e-3);
        let last = l.glyphs()[l.lines()[0].glyphs.end - 1];
        assert!((last.x + 20.0 - 80.0).abs() < 1e-3, "last glyph ends at the right edge");
        assert!((l.lines()[1].width - 20.0).abs() < 1e-3);
        let l = layout_text(&fonts, &style, "aa bb cc dd", bx(60, 100)).unwrap();
        let first = &l.lines()[0];
        assert!((first.width - 60.0).abs() < 1e-3, "{:?}", first);
    }

    #[test]
    fn distribute_spreads_every_line_and_centres_a_lone_character() {
        let fonts = match latin_cjk() {
            Some(f) => f,
            None => return,
        };
        let mut style = TextStyle::new(20.0);
        style.h_align = HAlign::Distribute;
        // one unwrapped line of 4 ideographs (80 dots) in 140 dots: 20 more dots a gap
        let l = layout_text(&fonts, &style, "资产编号", bx(140, 40)).unwrap();
        let xs: Vec<f32> = l.glyphs().iter().map(|g| g.x - 10.0).collect();
        assert_eq!(xs, vec![0.0, 40.0, 80.0, 120.0]);
        assert!((l.lines()[0].width - 140.0).abs() < 1e-3);
        // the last wrapped line is spread too, and spaces get no more than letters
        style.wrap = true;
        let l = layout_text(&fonts, &style, "资产编号卡", bx(70, 100)).unwrap();
        assert_eq!(l.lines().len(), 2);
        let last = l.glyphs()[l.glyphs().len() - 1];
        assert!((last.x + 20.0 - 80.0).abs() < 1e-3, "{:?}", last);
        let one = layout_text(&fonts, &style, "资", bx(70, 100)).unwrap();
        assert!((one.glyphs()[0].x - (10.0 + 25.0)).abs() < 1e-3);
    }

    #[test]
    fn auto_height_reports_and_grows() {
        let fonts = match latin_cjk() {
            Some(f) => f,
            None => return,
        };
        let mut style = TextStyle::new(20.0);
        style.wrap = true;
        let text = "固定资产管理标签打印";
        let l = layout_text(&fonts, &style, text, bx(60, 30)).unwrap();
        assert_eq!(l.lines().len(), 4);
        let pitch = 20.0f32 * 2355.0 / 2048.0;
        let want = (3.0 * pitch + 20.0 * 2288.0 / 2048.0).ceil() as i64;
        assert_eq!(l.needed_height(), want);
        assert_eq!(l.bounds().height(), 30, "no growth unless asked");
        style.auto_height = true;
        let g = layout_text(&fonts, &style, text, bx(60, 30)).unwrap();
        assert_eq!(g.bounds().height(), want);
        let tall = layout_text(&fonts, &style, text, bx(60, 500)).unwrap();
        assert_eq!(tall.bounds().height(), 500, "never shrinks");
        style.line_space = 2.0;
        let d = layout_text(&fonts, &style, text, bx(60, 30)).unwrap();
        assert_eq!(d.needed_height(), (3.0 * 2.0 * pitch + 20.0 * 2288.0 / 2048.0).ceil() as i64);
        // empty text needs one line
        let e = layout_text(&fonts, &TextStyle::new(20.0), "", bx(60, 30)).unwrap();
        assert_eq!(e.lines().len(), 1);
        assert_eq!(e.needed_height(), (20.0f32 * 2288.0 / 2048.0).ceil() as i64);
    }

    #[test]
    fn char_space_widens_and_is_not_counted_after_the_last_character() {
        let fonts = match latin_cjk() {
            Some(f) => f,
            None => return,
        };
        let mut style = TextStyle::new(20.0);
        let plain = layout_text(&fonts, &style, "资产编号", bx(500, 40)).unwrap();
        style.char_space = 5.0;
        let spaced = layout_text(&fonts, &style, "资产编号", bx(500, 40)).unwrap();
        assert!((spaced.lines()[0].width - plain.lines()[0].width - 15.0).abs() < 1e-3);
    }

    #[test]
    fn bad_styles_are_errors() {
        let fonts = match latin_cjk() {
            Some(f) => f,
            None => return,
        };
        for size in [0.0, -1.0, f32::NAN, f32::INFINITY, 5000.0] {
            assert_eq!(
                layout_text(&fonts, &TextStyle::new(size), "a", bx(10, 10)).err(),
                Some(TextError::InvalidSize)
            );
        }
        let mut s = TextStyle::new(10.0);
        s.line_space = 0.0;
        assert_eq!(layout_text(&fonts, &s, "a", bx(10, 10)).err(), Some(TextError::InvalidSpacing));
        assert!(TextBox::new(0, 0, 0, 5).is_none());
        assert!(TextBox::new(0, 0, 5, -1).is_none());
    }

    #[test]
    fn bold_and_italic_are_faked_only_when_the_face_lacks_them() {
        let (lib, bold, cjk) = match (
            load("LiberationSans-Regular.ttf"),
            load("LiberationSans-Bold.ttf"),
            load("DroidSansFallbackFull.ttf"),
        ) {
            (Some(a), Some(b), Some(c)) => (a, b, c),
            _ => return,
        };
        let mut style = TextStyle::new(20.0);
        style.bold = true;
        let set = FontSet::new(vec![bold, cjk.clone()]).unwrap();
        let l = layout_text(&set, &style, "A中", bx(200, 40)).unwrap();
        assert!(!l.glyphs()[0].fake_bold && l.glyphs()[1].fake_bold);
        let plain = FontSet::new(vec![lib, cjk]).unwrap();
        style.italic = true;
        let l = layout_text(&plain, &style, "A", bx(200, 40)).unwrap();
        assert!(l.glyphs()[0].fake_bold && l.glyphs()[0].fake_italic);
    }
}
