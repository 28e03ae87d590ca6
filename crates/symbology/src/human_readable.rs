//! The human-readable interpretation (HRI) printed with a linear symbol: what text, and
//! for EAN/UPC where it goes.
//!
//! Encoders return this beside the [`LinearSymbol`](crate::LinearSymbol) from their
//! `encode_*_with_text` functions; the renderer draws it. The text is what zint 2.11 (the
//! reference encoder) prints, so a label and `zint -b N` agree on it:
//!
//! | symbology | text |
//! |---|---|
//! | Code 39 | `*DATA*`, upper case, with the check character if one is added (a space check shows as `_`) |
//! | Code 39 Extended, Code 93 | the data as given; control characters as spaces; no check characters |
//! | Codabar | the data with its start and stop characters, upper case; no check character |
//! | Interleaved 2 of 5 | the digits as encoded: leading `0` padding and check digit included |
//! | ITF-14 | the 14 digits |
//! | EAN-13, EAN-8, UPC-A, UPC-E, ISBN | digit groups placed under the symbol: [`EanLayout`] |
//!
//! Positions are in modules from the symbol's first module (the symbol has no quiet
//! zone); a negative position or one at or past the symbol's width lies in a quiet zone.

/// How the human-readable text of a linear symbol is laid out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HumanReadable {
    /// One line of text, placed by the label's text alignment (centred by default) above
    /// or below the bars.
    Line(String),
    /// The EAN/UPC convention: guard bars descend into the text line, digits in groups.
    Ean(EanLayout),
}

/// The conventional EAN/UPC layout (ISO/IEC 15420 figures; zint draws the same).
///
/// Drawing it: bars outside `guards` stop above the text line; bars inside a guard span
/// descend about half the text height further (zint: 5 modules). Each text run is centred
/// horizontally in its span. Leave at least `quiet_left` / `quiet_right` modules of white
/// on each side: the outside digits of EAN-13, UPC-A and UPC-E are printed there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EanLayout {
    /// Spans `(start, len)` in modules whose bars are guard bars. For UPC-A they include
    /// the first and last data characters, which UPC-A draws at full height.
    pub guards: &'static [(usize, usize)],
    /// The digits in groups, left to right.
    pub text: Vec<TextRun>,
    /// Minimum white to the left of the symbol, in modules (EAN-13 11, EAN-8 7, UPC-A 9,
    /// UPC-E 9; ISO/IEC 15420).
    pub quiet_left: usize,
    /// Minimum white to the right of the symbol, in modules (EAN-13 7, EAN-8 7, UPC-A 9,
    /// UPC-E 7).
    pub quiet_right: usize,
}

/// A group of digits and the span of modules `start_module..end_module` it is centred in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextRun {
    pub text: String,
    /// First module of the span (negative: in the left quiet zone).
    pub start_module: i32,
    /// One past the last module of the span.
    pub end_module: i32,
    /// Printed smaller than the other runs: UPC-A's and UPC-E's number-system and check
    /// digits outside the bars (zint: a smaller font).
    pub small: bool,
}

impl TextRun {
    pub(crate) fn new(text: String, start_module: i32, end_module: i32, small: bool) -> TextRun {
        TextRun { text, start_module, end_module, small }
    }
}

/// The text of a symbol whose data may hold control characters: they print as spaces
/// (zint does the same), everything else as itself (Latin-1).
pub(crate) fn printable(data: &[u8]) -> String {
    data.iter().map(|&b| if b < 0x20 || b == 0x7f { ' ' } else { b as char }).collect()
}
