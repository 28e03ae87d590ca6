//! QR Code (ISO/IEC 18004:2015), versions 1-40, error-correction levels L/M/Q/H.
//!
//! # Pipeline
//!
//! 1. **Characters** ([`segment::analyse`]): the data becomes a list of characters, each
//!    with the modes that can carry it, plus an ECI or FNC1 prefix. UTF-8 text is carried so
//!    that decoders give back the same text: ASCII as is, Latin-1 text as ISO-8859-1 with
//!    ECI 3, Japanese in Kanji mode, anything else as UTF-8 with ECI 26. `binary` carries the
//!    bytes untouched; `gs1` reads bracket syntax `(01)...(10)...` ([`crate::gs1`]).
//! 2. **Segments** ([`segment::segment`]): the fewest-bits split into numeric, alphanumeric,
//!    byte and Kanji runs, exactly, by dynamic programming, once per version range (1-9,
//!    10-26, 27-40: the character-count fields differ in width).
//! 3. **Version**: the smallest that holds the bits at the chosen ECC level, or the fixed
//!    one, which must be big enough ([`SymbologyError::VersionTooSmall`] names the minimum).
//! 4. **Codewords**: data, terminator, padding; split into blocks, Reed-Solomon
//!    ([`crate::reed_solomon::QR`]), interleaved (7.6).
//! 5. **Layout** (`layout.rs`): function patterns, version information, codewords in the
//!    zigzag, all in packed 192-bit rows and, transposed, columns.
//! 6. **Mask** (`mask.rs`): the given one, or the best of the eight by the four penalty
//!    rules, scored on packed rows; then format information.
//!
//! Nothing allocates per module. For version 40-H most of the time goes to scoring the
//! eight masks, the rest mostly to codeword placement and Reed-Solomon (measure with
//! `examples/qr_bench.rs`).
//!
//! # Quiet zone
//!
//! The [`BitMatrix`] in a [`QrCode`] is the symbol alone, `4 * version + 17` modules square.
//! ISO/IEC 18004 asks for a light margin of 4 modules on every side; the label document's
//! `zoneSize` (none, 2 or 4 modules) decides how much the renderer leaves, and drawing it is
//! the caller's business. zbar and rxing read clean rendered images even with none, but a
//! phone camera on a printed label needs light around the symbol: with zone "none" the label
//! around the symbol must be blank.

mod kanji;
mod layout;
mod mask;
mod segment;
mod tables;

use crate::reed_solomon;
use crate::{BitMatrix, SymbologyError};
use layout::Layout;
use segment::{Candidate, Segmentation};

/// Name used in messages ("The amount of data is too big to be stored in a QR Code").
pub const NAME: &str = "QR Code";

/*---- Public API ----*/

/// Error-correction level (7.5.1): the share of codewords that can be restored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Ecc {
    /// L, about 7%.
    Low,
    /// M, about 15%; the product's default (spec section 5: "Middle (default)").
    #[default]
    Medium,
    /// Q, about 25%.
    Quartile,
    /// H, about 30%.
    High,
}

impl Ecc {
    /// All levels, lowest first.
    pub const ALL: [Ecc; 4] = [Ecc::Low, Ecc::Medium, Ecc::Quartile, Ecc::High];

    /// 0 = L, 1 = M, 2 = Q, 3 = H: the index into the standard's tables, and the order zint
    /// numbers them (`--secure=index+1`).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The level for index 0-3 (see [`Ecc::index`]).
    pub fn from_index(index: u8) -> Option<Ecc> {
        Ecc::ALL.get(index as usize).copied()
    }

    /// The 2-bit code in the format information (Table 12): L 01, M 00, Q 11, H 10.
    pub fn format_bits(self) -> u32 {
        match self {
            Ecc::Low => 0b01,
            Ecc::Medium => 0b00,
            Ecc::Quartile => 0b11,
            Ecc::High => 0b10,
        }
    }

    /// "L", "M", "Q" or "H".
    pub fn letter(self) -> char {
        ['L', 'M', 'Q', 'H'][self as usize]
    }
}

/// A symbol version, 1 to 40: the symbol is `4 * version + 17` modules square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Version(u8);

impl Version {
    pub const MIN: Version = Version(1);
    pub const MAX: Version = Version(40);

    /// The version `n`, or `None` outside 1-40 (the label's "0 = automatic" is the caller's
    /// `None` in [`QrOptions::version`]).
    pub fn new(n: u8) -> Option<Version> {
        if (1..=40).contains(&n) {
            Some(Version(n))
        } else {
            None
        }
    }

    pub fn value(self) -> u8 {
        self.0
    }

    /// Modules per side, 21 to 177.
    pub fn size(self) -> usize {
        4 * self.0 as usize + 17
    }

    /// Data codewords this version holds at `ecc` (Table 7).
    pub fn data_codewords(self, ecc: Ecc) -> usize {
        tables::DATA_CODEWORDS[ecc.index()][self.0 as usize - 1] as usize
    }
}

/// A data mask pattern, 0 to 7 (Table 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mask(u8);

impl Mask {
    /// The mask `n`, or `None` above 7.
    pub fn new(n: u8) -> Option<Mask> {
        if n < 8 {
            Some(Mask(n))
        } else {
            None
        }
    }

    pub fn value(self) -> u8 {
        self.0
    }
}

/// How to encode. `Default` is ECC M, automatic version and mask, UTF-8 text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct QrOptions {
    pub ecc: Ecc,
    /// `None`: the smallest version that holds the data. `Some(v)`: exactly `v`, or
    /// [`SymbologyError::VersionTooSmall`].
    pub version: Option<Version>,
    /// `None`: the mask with the lowest penalty (7.8.3). `Some(m)`: exactly `m`.
    pub mask: Option<Mask>,
    /// Data is GS1 bracket syntax, "(01)09501101530003(10)ABC"; encoded with FNC1 in first
    /// position. Takes precedence over `binary`.
    pub gs1: bool,
    /// Data is raw bytes: byte/numeric/alphanumeric modes only, no ECI, no UTF-8 reading.
    pub binary: bool,
}

/// An encoded QR Code symbol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QrCode {
    version: Version,
    ecc: Ecc,
    mask: Mask,
    modules: BitMatrix,
}

impl QrCode {
    pub fn version(&self) -> Version {
        self.version
    }

    pub fn ecc(&self) -> Ecc {
        self.ecc
    }

    pub fn mask(&self) -> Mask {
        self.mask
    }

    /// Modules per side (`4 * version + 17`).
    pub fn size(&self) -> usize {
        self.version.size()
    }

    /// The modules, `true` = dark, without quiet zone (see the module documentation).
    pub fn matrix(&self) -> &BitMatrix {
        &self.modules
    }

    pub fn into_matrix(self) -> BitMatrix {
        self.modules
    }
}

/// Encodes `data` (UTF-8 text; raw bytes with `options.binary`; GS1 bracket syntax with
/// `options.gs1`) as a QR Code symbol.
///
/// Errors, all about the data (show the message, let the user edit):
/// * [`SymbologyError::NoData`]: `data` is empty.
/// * [`SymbologyError::CapacityExceeded`]: more than version 40 holds at `options.ecc`
///   ("The amount of data is too big to be stored in a QR Code").
/// * [`SymbologyError::VersionTooSmall`]: `options.version` is fixed and too small; the error
///   names the smallest version that fits.
/// * [`SymbologyError::InvalidData`]: `options.gs1` and the data is not valid bracket syntax.
pub fn encode(data: &[u8], options: &QrOptions) -> Result<QrCode, SymbologyError> {
    let candidates = segment::analyse(data, options.gs1, options.binary)?;
    let ecc = options.ecc;
    let (version, candidate, segmentation) = match options.version {
        Some(v) => {
            let (c, s) = best_for_class(&candidates, segment::class_of(v));
            if fits(&s, v, ecc) {
                (v, c, s)
            } else {
                return Err(match smallest_version(&candidates, ecc) {
                    Some((required, _, _)) => SymbologyError::VersionTooSmall {
                        symbology: NAME,
                        version: v.value(),
                        required: required.value(),
                    },
                    None => SymbologyError::CapacityExceeded { symbology: NAME },
                });
            }
        }
        None => smallest_version(&candidates, ecc).ok_or(SymbologyError::CapacityExceeded { symbology: NAME })?,
    };
    let data_codewords = segment::data_codewords(candidate, &segmentation, version, ecc);
    let codewords = add_error_correction(&data_codewords, version, ecc);
    let mut layout = Layout::new(version, &codewords);
    let mask = match options.mask {
        Some(m) => m,
        None => mask::choose(&mut layout, ecc),
    };
    let size = layout.size;
    let mut modules = Vec::with_capacity(size * size);
    for row in layout.masked_rows(ecc, mask) {
        modules.extend((0..size).map(|x| row.get(x)));
    }
    let modules = BitMatrix::from_modules(size, size, modules);
    Ok(QrCode { version, ecc, mask, modules })
}

/*---- Version choice ----*/

/// The candidate with the fewest bits for a version class, and its segmentation.
fn best_for_class(candidates: &[Candidate], class: usize) -> (&Candidate, Segmentation) {
    let mut best: Option<(&Candidate, Segmentation)> = None;
    for c in candidates {
        let s = segment::segment(c, class);
        if best.as_ref().map_or(true, |b| s.bits < b.1.bits) {
            best = Some((c, s));
        }
    }
    best.expect("analyse returns at least one candidate")
}

fn fits(s: &Segmentation, version: Version, ecc: Ecc) -> bool {
    s.bits <= version.data_codewords(ecc) * 8
}

/// The smallest version holding the data at `ecc`, with the segmentation to use.
fn smallest_version(candidates: &[Candidate], ecc: Ecc) -> Option<(Version, &Candidate, Segmentation)> {
    for class in 0..3 {
        let (c, s) = best_for_class(candidates, class);
        for n in segment::class_versions(class) {
            let v = Version(n);
            if fits(&s, v, ecc) {
                return Some((v, c, s));
            }
        }
    }
    None
}

/*---- Error correction (7.5-7.6) ----*/

/// Splits the data codewords into blocks, appends each block's Reed-Solomon codewords,
/// and interleaves: first codeword of every block, then the second, ..., then the
/// error-correction codewords the same way. Short blocks come first (Table 9).
fn add_error_correction(data: &[u8], version: Version, ecc: Ecc) -> Vec<u8> {
    let v = version.value() as usize - 1;
    let total = tables::TOTAL_CODEWORDS[v] as usize;
    let blocks = tables::BLOCKS[ecc.index()][v] as usize;
    let ecc_len = (total - data.len()) / blocks;
    let short_len = data.len() / blocks; // data codewords in a short block
    let long_blocks = data.len() % blocks;
    let short_blocks = blocks - long_blocks;
    let rs = reed_solomon::QR.encoder(ecc_len);
    let mut ecc_all = vec![0u8; blocks * ecc_len];
    let block_start = |b: usize| b * short_len + b.saturating_sub(short_blocks);
    for b in 0..blocks {
        let len = short_len + (b >= short_blocks) as usize;
        let start = block_start(b);
        rs.encode_into(&data[start..start + len], &mut ecc_all[b * ecc_len..(b + 1) * ecc_len]);
    }
    let mut out = Vec::with_capacity(total);
    for i in 0..=short_len {
        for b in 0..blocks {
            if i < short_len || b >= short_blocks {
                out.push(data[block_start(b) + i]);
            }
        }
    }
    for i in 0..ecc_len {
        for b in 0..blocks {
            out.push(ecc_all[b * ecc_len + i]);
        }
    }
    debug_assert_eq!(out.len(), total);
    out
}

/// The error-correction codewords per block of every version and level (the generator
/// degrees QR uses), for the Reed-Solomon tests.
#[cfg(test)]
pub(crate) fn ecc_degrees() -> Vec<usize> {
    let mut out = Vec::new();
    for level in 0..4 {
        for v in 0..40 {
            let ecc = tables::TOTAL_CODEWORDS[v] - tables::DATA_CODEWORDS[level][v];
            out.push(ecc as usize / tables::BLOCKS[level][v] as usize);
        }
    }
    out
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod zint_vectors;
