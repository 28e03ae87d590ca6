//! Drawing text: the one seam between the renderer and a typeface.
//!
//! The renderer asks a [`TextFace`] how wide a string is and where its ink lies, and has it
//! draw the string; it never looks at glyphs itself. Two faces implement it: the TrueType
//! faces ([`TrueTypeFace`](crate::truetype::TrueTypeFace), barcode captions in a label's
//! font) and the built-in stroke font ([`BuiltinFont`](crate::BuiltinFont),
//! `builtin_font.rs`, printable ASCII, the range of every linear symbology's
//! human-readable text) for when no TrueType face is loaded.
//!
//! Sizes are em heights in dots: a face set `size` dots tall draws every glyph inside a
//! box `size` dots high whose top is the `y` given to [`TextFace::draw`].

use crate::Page;

/// Where a face's ink lies inside its em box, in dots from the box's top, for one size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextMetrics {
    /// Top of capitals and digits.
    pub cap_top: i64,
    /// The baseline: bottom of capitals and digits.
    pub baseline: i64,
    /// The em height (the size asked for).
    pub em: i64,
}

/// A typeface the renderer draws with.
pub trait TextFace {
    /// The advance width in dots of `text` set `size` dots tall (no trailing spacing).
    fn advance(&self, text: &str, size: u32) -> i64;

    /// Where the ink lies vertically at `size`.
    fn metrics(&self, size: u32) -> TextMetrics;

    /// Draws `text` (black) with the top-left corner of its em box at dot `(x, y)`, `size`
    /// dots tall; clipped to the page. Characters the face lacks draw as `?`.
    fn draw(&self, page: &mut Page, text: &str, x: i64, y: i64, size: u32);
}
