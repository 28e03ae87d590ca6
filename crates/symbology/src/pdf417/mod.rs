//! PDF417 (ISO/IEC 15438:2015): 3 to 90 rows of 1 to 30 data codewords, error-correction
//! levels 0 to 8, Text, Byte and Numeric Compaction.
//!
//! # Pipeline
//!
//! 1. **Bytes** ([`encode`]): text is carried so that decoders give back the same text
//!    (table below); `binary` takes the bytes as they are.
//! 2. **Compaction** (`compaction.rs`): Text (with its four sub-modes, latches and shifts),
//!    Byte (901/924, six bytes in five codewords, 913 for one byte inside Text) and Numeric
//!    (runs of 13 or more digits, 44 digits in 15 codewords), the fewest codewords exactly.
//! 3. **Error correction level** (`ecc.rs`): the given one or, automatically, level 2 for
//!    fewer than 41 data codewords, 3 below 161, 4 below 321, 5 below 864 (ISO/IEC 15438
//!    Annex E's recommended minima and the label-editor spec, section 5), above that the
//!    highest level that still fits 928 codewords. A level too high for the data is lowered
//!    to the highest that fits (as the product's original does); [`Pdf417::ecc_level`] says
//!    which was used.
//! 4. **Size**: columns and rows (see [`Pdf417Options`]); pads (900) fill the last row.
//! 5. **Modules**: each row is start pattern, left row indicator, the data codewords, right
//!    row indicator, stop pattern; rows cycle through clusters 0, 3 and 6
//!    (`patterns.rs`), and the row indicators carry the row count, column count and
//!    error-correction level (5.3.1).
//!
//! # Character sets
//!
//! | Data (without `binary`)                   | Encoded as                         |
//! |-------------------------------------------|------------------------------------|
//! | ASCII only                                | as is                              |
//! | UTF-8, all characters U+0000-U+00FF       | ISO-8859-1 bytes, no ECI (readers' default) |
//! | UTF-8 with characters beyond U+00FF (e.g. Chinese) | ECI 26 (codewords 927, 26) and the UTF-8 bytes |
//! | not valid UTF-8                           | the bytes as they are              |
//!
//! as zint does. With `binary` the bytes go in unchanged and without ECI.
//!
//! # Row height and quiet zone (render options)
//!
//! The [`BitMatrix`] has one module row per symbol row and no quiet zone. The renderer
//! draws each row [`Pdf417Options::row_height`] modules tall (the spec's default is 1; ISO/IEC
//! 15438 recommends at least 3 for scanning) and leaves the label's quiet zone (the spec's
//! default 0; the standard asks for 2 modules on every side). The same row height enters the
//! automatic column count, so that the drawn symbol has the requested aspect ratio.

mod compaction;
mod ecc;
mod patterns;

use crate::{BitMatrix, SymbologyError};
use compaction::Compaction;

/// Name used in messages.
pub const NAME: &str = "PDF417";

/// The most data codewords a symbol holds (928 less the length descriptor and the 2
/// codewords of level 0), the spec's limit.
pub const MAX_DATA_CODEWORDS: usize = 925;

/*---- Public API ----*/

/// How to encode. `Default`: automatic level and size, aspect ratio 3, row height 1, text.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pdf417Options {
    /// Error-correction level 0-8 (2 to 512 codewords); `None` (the label's -1) or a value
    /// above 8: automatic (module documentation, step 3).
    pub ecc: Option<u8>,
    /// Data columns, clamped to 1-30; `None`: from `aspect`. Raised when the data would
    /// need more than 90 rows or 928 codewords at this width.
    pub columns: Option<u8>,
    /// Rows, clamped to 3-90, a minimum: raised when the data needs more at the derived
    /// (or fixed) width; an error when no width of 1-30 columns holds the data in this many
    /// rows or more within 928 codewords. `None`: as many as the data needs (at least 3).
    pub rows: Option<u8>,
    /// Width / height of the drawn symbol (without quiet zone) that the automatic column
    /// count aims at, at least 1 (spec: `aspectratio`, default 3).
    pub aspect: f32,
    /// Module rows per symbol row when drawn (spec default 1); used for `aspect`.
    pub row_height: u8,
    /// Data is raw bytes: no UTF-8 reading, no ECI.
    pub binary: bool,
}

impl Default for Pdf417Options {
    fn default() -> Pdf417Options {
        Pdf417Options { ecc: None, columns: None, rows: None, aspect: 3.0, row_height: 1, binary: false }
    }
}

/// An encoded PDF417 symbol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pdf417 {
    rows: usize,
    columns: usize,
    ecc_level: u8,
    data_codewords: usize,
    modules: BitMatrix,
}

impl Pdf417 {
    /// Rows, 3 to 90.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Data columns, 1 to 30 (the symbol is `17 * columns + 69` modules wide).
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// The error-correction level used, 0 to 8.
    pub fn ecc_level(&self) -> u8 {
        self.ecc_level
    }

    /// Codewords the data took (ECI and compaction, without length descriptor and pads).
    pub fn data_codewords(&self) -> usize {
        self.data_codewords
    }

    /// The modules, `true` = dark: one module row per symbol row (the renderer repeats each
    /// `row_height` times), `17 * columns + 69` wide, no quiet zone.
    pub fn matrix(&self) -> &BitMatrix {
        &self.modules
    }

    pub fn into_matrix(self) -> BitMatrix {
        self.modules
    }
}

/// Encodes `data` (UTF-8 text, or raw bytes with `options.binary`) as a PDF417 symbol.
///
/// Errors, all about the data (show the message, let the user edit):
/// * [`SymbologyError::NoData`]: `data` is empty or blank (spaces, tabs, line breaks only;
///   spec section 5: no barcode for blank text).
/// * [`SymbologyError::CapacityExceeded`]: more than 925 data codewords (about 1850 text
///   characters, 2710 digits or 1108 bytes), or more than a fixed row count can hold
///   within 30 columns and 928 codewords (e.g. 90 rows: 10 columns hold 900, 11 would be
///   990).
pub fn encode(data: &[u8], options: &Pdf417Options) -> Result<Pdf417, SymbologyError> {
    symbol(&data_codewords(data, options)?, options)
}

/// The symbol for data already compacted (`options`' size fields; the level is in `d`).
fn symbol(d: &DataCodewords, options: &Pdf417Options) -> Result<Pdf417, SymbologyError> {
    let s = layout(d, options)?;
    let modules = draw(&s.codewords, s.rows, s.columns, s.level);
    Ok(Pdf417 { rows: s.rows, columns: s.columns, ecc_level: s.level, data_codewords: s.data_count, modules })
}

/// The symbol's codewords, row by row, and its layout.
struct Layout {
    rows: usize,
    columns: usize,
    level: u8,
    data_count: usize,
    /// Length descriptor, data, pads, error correction: `rows * columns`.
    codewords: Vec<u16>,
}

#[cfg(test)]
fn encode_codewords(data: &[u8], options: &Pdf417Options) -> Result<Layout, SymbologyError> {
    layout(&data_codewords(data, options)?, options)
}

fn layout(d: &DataCodewords, options: &Pdf417Options) -> Result<Layout, SymbologyError> {
    let (rows, columns) = dimensions(d.total, options)?;
    let mut all: Vec<u16> = Vec::with_capacity(rows * columns);
    // Length descriptor: itself, data and pads (not error correction).
    let with_pads = rows * columns - d.ecc_count();
    all.push(with_pads as u16);
    all.extend_from_slice(&d.data);
    all.resize(with_pads, 900);
    let ecc = ecc::codewords(&all, d.level);
    all.extend_from_slice(&ecc);
    debug_assert_eq!(all.len(), rows * columns);
    Ok(Layout { rows, columns, level: d.level, data_count: d.data.len(), codewords: all })
}

/*---- Data codewords and level ----*/

struct DataCodewords {
    /// ECI prefix and compacted data.
    data: Vec<u16>,
    level: u8,
    /// Length descriptor, data and error correction, before pads.
    total: usize,
}

impl DataCodewords {
    fn ecc_count(&self) -> usize {
        2 << self.level
    }
}

fn data_codewords(data: &[u8], options: &Pdf417Options) -> Result<DataCodewords, SymbologyError> {
    if data.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n')) {
        return Err(SymbologyError::NoData { symbology: NAME });
    }
    let (bytes, eci) = prepare(data, options.binary);
    // Numeric Compaction packs at most 2.95 digits a codeword: longer cannot fit.
    if bytes.len() > 3 * MAX_DATA_CODEWORDS {
        return Err(SymbologyError::CapacityExceeded { symbology: NAME });
    }
    let mut codewords = Vec::with_capacity(bytes.len() / 2 + 4);
    if eci {
        codewords.extend_from_slice(&[927, 26]); // ECI 26, UTF-8
    }
    Compaction::new(&bytes).write(&mut codewords);
    let count = codewords.len();
    if count > MAX_DATA_CODEWORDS {
        return Err(SymbologyError::CapacityExceeded { symbology: NAME });
    }
    let level = ecc_level(count, options.ecc);
    Ok(DataCodewords { data: codewords, level, total: 1 + count + (2 << level) })
}

/// The bytes to compact and whether they need ECI 26 (UTF-8).
fn prepare(data: &[u8], binary: bool) -> (Vec<u8>, bool) {
    if binary || data.is_ascii() {
        return (data.to_vec(), false);
    }
    match std::str::from_utf8(data) {
        Ok(text) if text.chars().all(|c| (c as u32) < 0x100) => (text.chars().map(|c| c as u8).collect(), false),
        Ok(_) => (data.to_vec(), true),
        Err(_) => (data.to_vec(), false),
    }
}

/// The error-correction level for `count` data codewords: `requested` (0-8) or automatic,
/// lowered to the highest that fits 928 codewords with the length descriptor.
fn ecc_level(count: usize, requested: Option<u8>) -> u8 {
    let highest = (0..=8u8).rev().find(|&l| 1 + count + (2 << l) <= 928).unwrap_or(0);
    let level = match requested {
        Some(l) if l <= 8 => l,
        _ => match count {
            0..=40 => 2,
            41..=160 => 3,
            161..=320 => 4,
            321..=863 => 5,
            _ => highest,
        },
    };
    level.min(highest)
}

/*---- Size ----*/

/// Rows and columns for `total` codewords (length descriptor, data, error correction).
///
/// Without fixed rows some width always fits (29 x 32 holds 928). Fixed rows are a minimum
/// (the rows of a symbol are never fewer than asked), so near capacity no width may fit:
/// at 90 rows, 10 columns hold 900 codewords and 11 would need 990, over 928. Then the data
/// is too long for that row count: [`SymbologyError::CapacityExceeded`].
fn dimensions(total: usize, options: &Pdf417Options) -> Result<(usize, usize), SymbologyError> {
    let rows_for = |c: usize| ((total + c - 1) / c).max(3);
    let fits = |r: usize, c: usize| (3..=90).contains(&r) && r * c >= total && r * c <= 928;
    let fixed_rows = options.rows.map(|r| (r as usize).clamp(3, 90));
    let wanted = match (options.columns, fixed_rows) {
        (Some(c), _) => (c as usize).clamp(1, 30),
        (None, Some(r)) => ((total + r - 1) / r).clamp(1, 30),
        (None, None) => {
            // Width 17 c + 69 modules, height (total / c) rows of `row_height` modules:
            // 17 c^2 + 69 c = aspect * row_height * total.
            let aspect = if options.aspect.is_finite() { (options.aspect as f64).max(1.0) } else { 3.0 };
            let k = aspect * options.row_height.max(1) as f64 * total as f64;
            (((4761.0 + 68.0 * k).sqrt() - 69.0) / 34.0).round().clamp(1.0, 30.0) as usize
        }
    };
    if let Some(r) = fixed_rows {
        if fits(r, wanted) {
            return Ok((r, wanted));
        }
    }
    // The wanted width if it holds the data in 90 rows and 928 codewords, else the nearest
    // width that does (without fixed rows 29 x 32 always does).
    let mut candidates: Vec<usize> = (1..=30).collect();
    candidates.sort_by_key(|&c| ((c as isize - wanted as isize).abs(), c));
    candidates
        .into_iter()
        .map(|c| (rows_for(c).max(fixed_rows.unwrap_or(3)), c))
        .find(|&(r, c)| fits(r, c))
        .ok_or(SymbologyError::CapacityExceeded { symbology: NAME })
}

/*---- Modules ----*/

/// The symbol: per row, start, left row indicator, data, right row indicator, stop.
fn draw(codewords: &[u16], rows: usize, columns: usize, level: u8) -> BitMatrix {
    let width = 17 * columns + 69;
    let mut m = BitMatrix::new(width, rows).expect("PDF417 symbols are at most 579 x 90 modules");
    let c1 = (rows - 1) / 3;
    let c2 = level as usize * 3 + (rows - 1) % 3;
    let c3 = columns - 1;
    for r in 0..rows {
        let cluster = r % 3;
        let table = &patterns::PATTERNS[cluster];
        let base = 30 * (r / 3);
        let (left, right) = match cluster {
            0 => (base + c1, base + c3),
            1 => (base + c2, base + c1),
            _ => (base + c3, base + c2),
        };
        let mut x = 0;
        let mut put = |bits: u32, n: usize| {
            for i in (0..n).rev() {
                if bits >> i & 1 == 1 {
                    m.set(x, r, true);
                }
                x += 1;
            }
        };
        put(patterns::START, 17);
        put((table[left] as u32) << 1, 17);
        for &cw in &codewords[r * columns..(r + 1) * columns] {
            put((table[cw as usize] as u32) << 1, 17);
        }
        put((table[right] as u32) << 1, 17);
        put(patterns::STOP, 18);
    }
    m
}

#[cfg(test)]
mod tests;
