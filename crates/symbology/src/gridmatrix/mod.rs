//! Grid Matrix (GB/T 27766-2011; AIMD014 rev. 1.63), 1-13 layers, ECC levels 1-5.
//!
//! The Chinese national matrix code: a square of 6 x 6 macromodules in a chessboard of dark
//! and light frames, `6 + 12 * layers` modules a side (18 to 162), with Reed-Solomon error
//! correction over GF(128).
//!
//! # Pipeline
//!
//! 1. **Characters** (`charset.rs`): UTF-8 text becomes ASCII values and GB 2312 codes, or,
//!    when a character is not in GB 2312, the whole text becomes bytes of the first character
//!    set that holds it, behind an ECI (UTF-8, ECI 26, as the last resort). So all valid
//!    UTF-8 can be encoded and reads back as the same text. The spec's rule (text with
//!    characters beyond one byte in Unicode mode, else data mode) comes to this: ASCII text is
//!    the same in zint's data and Unicode modes, and all other text goes the Unicode way (a
//!    Latin-1 byte in data mode would read back as half a GB 2312 character).
//! 2. **Modes** (`modes.rs`): Hanzi, numeral, lower, upper, mixed or byte for each
//!    character, by zint's cost model, then the bit stream (at most 9,191 bits).
//! 3. **Size**: zint's rules, below ([`encode`]).
//! 4. **Codewords and modules** (`layout.rs`, `rs.rs`): 7-bit codewords, padding,
//!    Reed-Solomon blocks, interleaving, the macromodule spiral, layer identifiers, frames.
//!
//! zint is the reference, as current zint encodes (2.16.0.9, see `ZINT.md`), which zint checks
//! with the zxing-cpp Grid Matrix decoder: its own vectors are `zint_vectors.rs`. For the
//! same text, layers and ECC level the symbol must also equal Debian's `zint -b 142
//! --vers=L --secure=E` (2.11) module for module, and so must the automatic choices
//! (`tests/zint_gridmatrix.rs`), except for the texts 2.11 misencodes
//! ([`zint_2_11_difference`]): a start in byte mode, two numeral non-digits within a block.
//!
//! # Quiet zone
//!
//! The [`BitMatrix`] is the symbol alone; the standard asks for 6 light modules round it,
//! which the label's zone setting and the renderer decide.

mod charset;
mod layout;
mod modes;
mod tables;

use crate::{BitMatrix, SymbologyError};

#[doc(hidden)]
pub use modes::Zint211Difference;

/// Name used in messages.
pub const NAME: &str = "Grid Matrix";

/// The reason of the error for text beyond the largest symbol, or beyond a fixed size
/// (spec section 8).
pub const TOO_LONG: &str = "Input data too long (E32)";

/// The reason of the error for data that is not valid UTF-8 (spec section 8). Every valid
/// UTF-8 text can be carried (see the pipeline above), as in zint.
pub const INVALID_CHARACTER: &str = "Invalid character in input data (E30)";

/*---- Public API ----*/

/// How to encode. `Default` is automatic layers and ECC level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct GmOptions {
    /// 1-13: the size, `6 + 12 * layers` modules. `None`, or a value outside 1-13 (the label
    /// document's 0), chooses automatically. A fixed size is kept, at a lower ECC level if the
    /// data needs it; one too small at every level is an error ([`TOO_LONG`]).
    pub layers: Option<u8>,
    /// 1-5: the error-correction level, 5 strongest. `None`, or a value outside 1-5, chooses
    /// automatically (5 for 1 layer, 4 for 2-3 layers, else 3). Raised to the lowest level the
    /// size has (4 for 1 layer, 2 for 2 layers). With fixed layers it is lowered as far as the
    /// data needs; with automatic layers the size grows to hold the data at this level, and
    /// only at 13 layers is the level lowered. All as zint does; the result says what was used.
    pub ecc: Option<u8>,
}

/// An encoded Grid Matrix symbol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridMatrix {
    layers: u8,
    ecc: u8,
    eci: Option<u16>,
    modules: BitMatrix,
}

impl GridMatrix {
    /// Layers, 1-13.
    pub fn layers(&self) -> u8 {
        self.layers
    }

    /// ECC level, 1-5.
    pub fn ecc(&self) -> u8 {
        self.ecc
    }

    /// The ECI the text is carried in, or `None` for Grid Matrix's default GB 2312 reading
    /// (see the pipeline in the module documentation).
    pub fn eci(&self) -> Option<u16> {
        self.eci
    }

    /// Modules a side, `6 + 12 * layers`.
    pub fn size(&self) -> usize {
        6 + 12 * self.layers as usize
    }

    /// The modules, `true` = dark, without quiet zone.
    pub fn matrix(&self) -> &BitMatrix {
        &self.modules
    }

    pub fn into_matrix(self) -> BitMatrix {
        self.modules
    }
}

/// Encodes UTF-8 `data` as a Grid Matrix symbol.
///
/// Automatically, the size is the smallest whose recommended level holds the data, at that
/// level (see [`GmOptions`] for fixed sizes and levels).
///
/// Errors, about the data (nothing is drawn; show the message, let the user edit):
/// * [`SymbologyError::NoData`]: `data` is empty.
/// * [`SymbologyError::InvalidData`] with reason [`TOO_LONG`]: more than the largest symbol
///   holds (9,191 data bits, 1,313 codewords: about 2,750 digits, 1,800 letters or 700
///   Hanzi), or more than a fixed size holds.
/// * [`SymbologyError::InvalidData`] with reason [`INVALID_CHARACTER`]: not valid UTF-8.
pub fn encode(data: &[u8], options: &GmOptions) -> Result<GridMatrix, SymbologyError> {
    let too_long = || SymbologyError::InvalidData { symbology: NAME, reason: TOO_LONG };
    if data.is_empty() {
        return Err(SymbologyError::NoData { symbology: NAME });
    }
    // zint's input limit; far beyond any symbol (2,757 digits at most), and it bounds the work.
    if data.len() > 17400 {
        return Err(too_long());
    }
    let text = charset::convert(data)?;
    let chosen = modes::choose(&text.values);
    let bits = modes::encode(&text.values, text.eci, &chosen).ok_or_else(too_long)?;
    let data_codewords = bits.codewords();
    let (layers, ecc) = size(data_codewords.len(), options).ok_or_else(too_long)?;
    let words = layout::codewords(&data_codewords, layers, ecc);
    let modules = layout::draw(&words, layers, ecc);
    Ok(GridMatrix { layers, ecc, eci: text.eci, modules })
}

/// How Debian's zint 2.11 encodes `data` otherwise than this encoder (zint 2.16.0.9), by the
/// two Grid Matrix misencodations 2.11 has (see `ZINT.md`), for the comparisons with the zint
/// binary; [`Zint211Difference::None`] for data `encode` refuses.
#[doc(hidden)]
pub fn zint_2_11_difference(data: &[u8]) -> Zint211Difference {
    match charset::convert(data) {
        Ok(text) => modes::zint_2_11_difference(&text.values, &modes::choose(&text.values)),
        Err(_) => Zint211Difference::None,
    }
}

/*---- Size and level ----*/

/// zint's choice of layers and ECC level for `count` data codewords; `None` when it does not
/// fit (or not in the fixed size).
fn size(count: usize, options: &GmOptions) -> Option<(u8, u8)> {
    let smallest =
        |table: &[u16; 13]| (1..=13u8).find(|&l| table[l as usize - 1] as usize >= count).unwrap_or(13);
    let fixed_layers = options.layers.filter(|l| (1..=13).contains(l));
    let min_layers = smallest(&tables::MAX_CODEWORDS);
    let mut layers = match fixed_layers {
        Some(l) if l < min_layers => return None,
        Some(l) => l,
        None => smallest(&tables::RECOMMENDED_CODEWORDS),
    };
    let min_ecc = tables::min_ecc(layers);
    let mut ecc = match options.ecc.filter(|e| (1..=5).contains(e)) {
        Some(e) => e.max(min_ecc),
        None => tables::auto_ecc(layers),
    };
    let fits = |layers: u8, ecc: u8| count <= tables::data_codewords(layers, ecc);
    if !fits(layers, ecc) {
        if fixed_layers.is_some() {
            while ecc > min_ecc && !fits(layers, ecc) {
                ecc -= 1;
            }
        }
        while !fits(layers, ecc) && layers < 13 {
            layers += 1;
        }
        while !fits(layers, ecc) && ecc > 1 {
            ecc -= 1;
        }
    }
    if count > tables::max_data_codewords(ecc) {
        return None;
    }
    Some((layers, ecc))
}

/// The error-correction codewords per block of every layer count and level (the generator
/// degrees Grid Matrix uses), for the Reed-Solomon tests.
#[cfg(test)]
pub(crate) fn ecc_degrees() -> Vec<usize> {
    let mut out = Vec::new();
    for levels in tables::ECC_BLOCKS.iter() {
        for &(first, count, rest) in levels.iter() {
            if count > 0 {
                out.push(first as usize);
            }
            if rest > 0 {
                out.push(rest as usize);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod zint_vectors;
