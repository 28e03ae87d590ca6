//! Data Matrix ECC 200 (ISO/IEC 16022:2006), square sizes 10x10 to 144x144, rectangular
//! 8x18 to 16x48, and on request the rectangular extension DMRE (ISO/IEC 21471).
//!
//! # Pipeline
//!
//! 1. **Bytes** ([`encode`]): text is carried so that decoders give back the same text
//!    (table below); `gs1` reads bracket syntax `(01)...(10)...` ([`crate::gs1`]) and puts
//!    FNC1 first; `binary` takes the bytes as they are.
//! 2. **Encodation** (`encodation.rs`): ASCII, C40, Text, X12, EDIFACT and Base256 runs
//!    chosen for the fewest codewords, exactly, by a shortest-path search, and the
//!    end-of-data rules of the standard evaluated per symbol size.
//! 3. **Size**: the smallest of the allowed shapes (`shape`, `dmre`) that holds the data, in
//!    order of capacity, squares before rectangles of the same capacity (as zint); or the
//!    fixed one, which must hold it.
//! 4. **Codewords** (`ecc.rs`): data, end-of-data and pad codewords, then Reed-Solomon
//!    ([`crate::reed_solomon::DATA_MATRIX`]) per block, interleaved: data codeword `n`
//!    belongs to block `n % blocks`, and so does error-correction codeword `n`. 144x144 is
//!    the one size whose blocks differ: 8 of 156 data codewords and 2 of 155. Its
//!    error-correction codewords come in two conventions (see [`DmOptions::iso_144`]): the
//!    industry's (zint, BWIPP, ZXing), which counts them on from the data, so that each
//!    round starts with blocks 9 and 10; and the one ISO/IEC 16022's coming revision
//!    clarifies, each round starting with block 1 (libdmtx reads only this one; rxing
//!    reads both).
//! 5. **Modules** (`placement.rs`): the Annex F "utah" placement, then the finder and clock
//!    patterns of each data region.
//!
//! # Character sets: what a decoder gives back
//!
//! | Data (without `binary`)                   | Encoded as                         |
//! |-------------------------------------------|------------------------------------|
//! | ASCII only                                | as is                              |
//! | UTF-8, all characters U+0000-U+00FF       | ISO-8859-1 bytes, no ECI (the standard's default) |
//! | UTF-8 with characters beyond U+00FF (e.g. Chinese) | ECI 26 (codewords 241, 27) and the UTF-8 bytes |
//! | not valid UTF-8                           | the bytes as they are              |
//!
//! zint does the same. ZXing-family readers return the text; libdmtx's `dmtxread` returns
//! the bytes, with the ECI number printed as one byte (26) before them. With `binary` the
//! bytes go in unchanged and without ECI. (rxing-wasm 0.5.7 garbles Base256 segments under
//! ECI 26, and some others, whoever encodes them: zint's symbols fail the same way.)
//!
//! # Errors and the spec's messages (label-editor spec, section 8)
//!
//! | Spec message                              | Error                                        |
//! |-------------------------------------------|----------------------------------------------|
//! | no data                                   | [`SymbologyError::NoData`]                   |
//! | data too long for barcode size            | [`SymbologyError::VersionTooSmall`] (fixed size; `version` and `required` are [`SymbolSize::number`]s), [`SymbologyError::CapacityExceeded`] (no size holds it) |
//! | data cannot be encoded as barcode         | [`SymbologyError::InvalidData`] (GS1 data that is not valid bracket syntax) |
//! | non-numeric characters detected           | never: every byte is encodable (there is no numeric-only mode) |
//! | error in error correction code generation | never: Reed-Solomon cannot fail              |
//!
//! # Quiet zone
//!
//! The [`BitMatrix`] is the symbol alone. ISO/IEC 16022 asks for a light margin of one
//! module on every side; the label's `zoneSize` decides what the renderer leaves.

mod ecc;
mod encodation;
mod placement;
mod sizes;

use crate::{gs1, BitMatrix, SymbologyError};
use ecc::add_error_correction;
use encodation::Encodation;
use sizes::{SizeInfo, SIZES};

/// Name used in messages.
pub const NAME: &str = "Data Matrix";

/*---- Public API ----*/

/// Which symbol shapes automatic sizing may choose (the label's `dmCodeShape`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Shape {
    /// Squares and rectangles, whichever is smallest (zint's default).
    #[default]
    Auto,
    Square,
    Rectangle,
}

/// A symbol size, e.g. 10x10, 144x144, 8x18 (rows x columns). Construct with
/// [`SymbolSize::new`] or [`SymbolSize::from_number`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SymbolSize(u8); // index into SIZES

impl SymbolSize {
    /// The size of `rows` x `cols` modules, or `None` if ECC 200 (with DMRE) has no such size.
    pub fn new(rows: usize, cols: usize) -> Option<SymbolSize> {
        SIZES.iter().position(|s| s.rows as usize == rows && s.cols as usize == cols).map(|i| SymbolSize(i as u8))
    }

    /// The size numbered `n` as zint numbers them (`zint -b 71 --vers=N`): 1-24 the squares
    /// 10x10 to 144x144, 25-30 the rectangles 8x18 to 16x48, 31-48 DMRE. The label's
    /// `version` field for Data Matrix (0 = automatic, the caller's `None`).
    pub fn from_number(n: u8) -> Option<SymbolSize> {
        SIZES.iter().position(|s| s.number == n).map(|i| SymbolSize(i as u8))
    }

    /// zint's number of this size (see [`SymbolSize::from_number`]).
    pub fn number(self) -> u8 {
        self.info().number
    }

    /// Module rows (height), 8 to 144.
    pub fn rows(self) -> usize {
        self.info().rows as usize
    }

    /// Module columns (width), 10 to 144.
    pub fn cols(self) -> usize {
        self.info().cols as usize
    }

    pub fn is_square(self) -> bool {
        self.rows() == self.cols()
    }

    /// A DMRE size (ISO/IEC 21471), e.g. 8x48, 26x64.
    pub fn is_dmre(self) -> bool {
        self.info().dmre
    }

    /// Data codewords the symbol holds (3 to 1558).
    pub fn data_codewords(self) -> usize {
        self.info().data_codewords as usize
    }

    /// Every size, smallest capacity first.
    pub fn all() -> impl Iterator<Item = SymbolSize> {
        (0..SIZES.len() as u8).map(SymbolSize)
    }

    fn info(self) -> &'static SizeInfo {
        &SIZES[self.0 as usize]
    }
}

/// How to encode. `Default`: automatic shape and size, UTF-8 text, no DMRE.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct DmOptions {
    /// Shapes automatic sizing may choose; ignored when `size` is fixed.
    pub shape: Shape,
    /// `None`: the smallest allowed size that holds the data. `Some(s)`: exactly `s`, or
    /// [`SymbologyError::VersionTooSmall`].
    pub size: Option<SymbolSize>,
    /// Data is GS1 bracket syntax, "(01)09501101530003(10)ABC"; encoded with FNC1 first
    /// and FNC1 between variable-length fields. Takes precedence over `binary`.
    pub gs1: bool,
    /// Data is raw bytes: no UTF-8 reading, no ECI.
    pub binary: bool,
    /// Automatic sizing may also choose DMRE rectangles (8x48 ... 26x64); not every reader
    /// knows them (zint's `--dmre`; libdmtx does not read them).
    pub dmre: bool,
    /// 144x144 only: order the error-correction codewords as ISO/IEC 16022 states it
    /// (each round from block 1; zint 2.12's `--dmiso144`) instead of the industry
    /// convention that zint and BWIPP write and ZXing reads (from block 9). libdmtx reads
    /// only the ISO order; rxing and zxing-cpp read both.
    pub iso_144: bool,
}

/// An encoded Data Matrix symbol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataMatrix {
    size: SymbolSize,
    data_codewords: usize,
    modules: BitMatrix,
}

impl DataMatrix {
    pub fn size(&self) -> SymbolSize {
        self.size
    }

    /// Codewords the data took (prefix, data and end of data, without pads); at most
    /// `size().data_codewords()`.
    pub fn data_codewords_used(&self) -> usize {
        self.data_codewords
    }

    /// The modules, `true` = dark, finder and clock patterns included, no quiet zone:
    /// `size().cols()` wide, `size().rows()` high.
    pub fn matrix(&self) -> &BitMatrix {
        &self.modules
    }

    pub fn into_matrix(self) -> BitMatrix {
        self.modules
    }
}

/// Encodes `data` (UTF-8 text; raw bytes with `options.binary`; GS1 bracket syntax with
/// `options.gs1`) as a Data Matrix ECC 200 symbol.
///
/// Errors, all about the data (show the message, let the user edit):
/// * [`SymbologyError::NoData`]: `data` is empty.
/// * [`SymbologyError::CapacityExceeded`]: no allowed size holds the data (144x144 holds 1558
///   codewords: 3116 digits, about 2335 capital letters, 1555 arbitrary bytes; rectangles
///   at most 49 codewords, DMRE 118).
/// * [`SymbologyError::VersionTooSmall`]: `options.size` is fixed and too small; `required`
///   is the number of the smallest size of the same kind (square, rectangle, DMRE) that
///   holds the data.
/// * [`SymbologyError::InvalidData`]: `options.gs1` and the data is not valid bracket syntax.
pub fn encode(data: &[u8], options: &DmOptions) -> Result<DataMatrix, SymbologyError> {
    let (size, codewords, used) = encode_codewords(data, options)?;
    let modules = placement::draw(size.info(), &codewords);
    Ok(DataMatrix { size, data_codewords: used, modules })
}

/// Size and the whole codeword stream (data, pads, error correction), and how many data
/// codewords come before the pads.
fn encode_codewords(data: &[u8], options: &DmOptions) -> Result<(SymbolSize, Vec<u8>, usize), SymbologyError> {
    if data.is_empty() {
        return Err(SymbologyError::NoData { symbology: NAME });
    }
    let (bytes, prefix) = prepare(data, options)?;
    // 3116 digits fill 144x144; anything longer cannot fit (and the search stays small).
    if bytes.len() + prefix.len() > 2 * sizes::MAX_DATA_CODEWORDS {
        return Err(SymbologyError::CapacityExceeded { symbology: NAME });
    }
    let enc = Encodation::new(&bytes, options.gs1);
    let fits = |size: SymbolSize| -> Option<usize> {
        let capacity = size.data_codewords().checked_sub(prefix.len())?;
        if capacity < enc.min_codewords() {
            return None;
        }
        enc.fits(capacity)
    };
    let (size, end) = match options.size {
        Some(fixed) => match fits(fixed) {
            Some(end) => (fixed, end),
            None => {
                let same_kind = |s: SymbolSize| s.is_square() == fixed.is_square() && s.is_dmre() == fixed.is_dmre();
                return Err(match SymbolSize::all().filter(|&s| same_kind(s)).find(|&s| fits(s).is_some()) {
                    Some(required) => SymbologyError::VersionTooSmall {
                        symbology: NAME,
                        version: fixed.number(),
                        required: required.number(),
                    },
                    None => SymbologyError::CapacityExceeded { symbology: NAME },
                });
            }
        },
        None => {
            let allowed = |s: SymbolSize| {
                (!s.is_dmre() || options.dmre)
                    && match options.shape {
                        Shape::Auto => true,
                        Shape::Square => s.is_square(),
                        Shape::Rectangle => !s.is_square(),
                    }
            };
            SymbolSize::all()
                .filter(|&s| allowed(s))
                .find_map(|s| fits(s).map(|end| (s, end)))
                .ok_or(SymbologyError::CapacityExceeded { symbology: NAME })?
        }
    };
    let capacity = size.data_codewords() - prefix.len();
    let (data_codewords, used) = enc.write(end, capacity, &prefix);
    Ok((size, add_error_correction(&data_codewords, size.info(), options.iso_144), used))
}

/*---- Input ----*/

/// The bytes to encode and the codewords that come before them (FNC1 for GS1, ECI 26 for
/// text beyond Latin-1).
fn prepare(data: &[u8], options: &DmOptions) -> Result<(Vec<u8>, Vec<u8>), SymbologyError> {
    if options.gs1 {
        return Ok((gs1::element_string(data, NAME)?, vec![232]));
    }
    if options.binary || data.is_ascii() {
        return Ok((data.to_vec(), Vec::new()));
    }
    match std::str::from_utf8(data) {
        Ok(text) if text.chars().all(|c| (c as u32) < 0x100) => Ok((text.chars().map(|c| c as u8).collect(), Vec::new())),
        Ok(_) => Ok((data.to_vec(), vec![241, 27])), // ECI 26 (UTF-8): codeword 241, then 26 + 1
        Err(_) => Ok((data.to_vec(), Vec::new())),
    }
}

/// The error-correction codewords per block of every size (the generator degrees Data
/// Matrix uses), for the Reed-Solomon tests.
#[cfg(test)]
pub(crate) fn ecc_degrees() -> Vec<usize> {
    SIZES.iter().map(|s| s.ecc_per_block as usize).collect()
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod zint_vectors;
