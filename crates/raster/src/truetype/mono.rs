//! Faces without tables: a monospaced face known only by a few numbers ([`MonoFace`]), laid
//! out by the same code as TrueType faces, horizontally ([`layout_text_mono`], layout.rs's
//! breaking and placement) and vertically ([`layout_vertical_mono`](super::layout_vertical_mono),
//! vertical.rs). The engine's built-in stroke font, used while no TrueType face is
//! registered, sets its text this way, so both kinds of face follow one set of rules:
//! paragraphs, wrapping (breaking.rs), alignment, justification, spacing, rules.

use super::breaking::is_space;
use super::cache::Synthetic;
use super::layout::{layout_lines, Item, LineFace, TextBox, TextError, TextLayout, TextStyle};

/// A face known only by its numbers, every character one advance wide. Dots at the style's
/// size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MonoFace {
    /// Advance of every character (horizontal pen step; centres it across a column).
    pub advance: f32,
    /// Above and below the baseline: the glyph box (a line's box; centred in a vertical
    /// cell).
    pub ascent: f32,
    pub descent: f32,
    /// Ascender + descender + line gap: the line pitch at line spacing 1 (the column width
    /// in vertical text, at least one em).
    pub line_height: f32,
    /// Dots between the baseline and the underline's top (horizontal), or between the em
    /// box's left edge and the underline rule (vertical).
    pub underline_gap: f32,
    /// The strikeout's bottom edge above the baseline (horizontal text).
    pub strikeout_position: f32,
    /// Underline and strikeout thickness (at least one dot is drawn).
    pub rule: f32,
}

impl MonoFace {
    /// Refuses numbers out of the layout's range (as a style out of range is refused).
    pub(super) fn check(&self) -> Result<(), TextError> {
        let nums = [
            self.advance,
            self.ascent,
            self.descent,
            self.line_height,
            self.underline_gap,
            self.strikeout_position,
            self.rule,
        ];
        if nums.iter().all(|v| v.is_finite() && v.abs() <= TextBox::LIMIT as f32) {
            Ok(())
        } else {
            Err(TextError::InvalidSize)
        }
    }
}

/// One paragraph's (byte offset, char) list as items of a [`MonoFace`], appended to
/// `items`: every glyph face 0, glyph 0; control and invisible format characters take no
/// advance and draw nothing (as layout.rs measures them), tabs are spaces.
pub(super) fn mono_items(face: &MonoFace, chars: &[(usize, char)], items: &mut Vec<Item>) {
    items.extend(chars.iter().map(|&(start, c)| {
        let invisible = (c as u32) < 0x20 && c != '\t'
            || c == '\u{7F}'
            || matches!(c, '\u{200B}'..='\u{200F}' | '\u{FEFF}' | '\u{2060}' | '\u{00AD}');
        let space = !invisible && is_space(c);
        Item {
            ch: c,
            start,
            end: start + c.len_utf8(),
            face: 0,
            glyph: 0,
            advance: if invisible { 0.0 } else { face.advance },
            kern: 0.0,
            space,
            visible: !invisible && !space,
            synth: Synthetic::default(),
        }
    }));
}

/// Horizontal layout of `text` with a [`MonoFace`], by [`layout_text`](super::layout_text)'s
/// rules: [`PlacedGlyph::ch`](super::PlacedGlyph) is the character to draw and (`x`, `y`)
/// the left end of its advance on its baseline; bars are the underline (`underline_gap`
/// below the baseline) and strikeout. The style's `vertical` flag is not consulted.
pub fn layout_text_mono(face: &MonoFace, style: &TextStyle, text: &str, bx: TextBox) -> Result<TextLayout, TextError> {
    style.check()?;
    face.check()?;
    let line_face = LineFace {
        ascent: face.ascent,
        descent: face.descent,
        line_height: face.line_height,
        underline_position: -face.underline_gap,
        underline_thickness: face.rule.max(1.0),
        strikeout_position: face.strikeout_position,
        strikeout_thickness: face.rule.max(1.0),
    };
    Ok(layout_lines(&line_face, style, text, bx, |chars, items| mono_items(face, chars, items)))
}
