//! The registry of symbologies the engine can encode, their encoding options, and the
//! shape of their output.
//!
//! | type (facade, CLI) | [`Symbology`] | id | file | options |
//! |---|---|---|---|---|
//! | `code128` | `Code128` | 20 | code128.rs | `gs1` (GS1-128, zint 16) |
//! | `ean13` | `Ean13` | 13 | ean.rs | |
//! | `ean8` | `Ean8` | 10 | ean.rs | |
//! | `upca` | `UpcA` | 34 | upc.rs | |
//! | `upce` | `UpcE` | 37 | upc.rs | |
//! | `isbn` | `Isbn` | 69 | ean.rs | |
//! | `code39` | `Code39` | 8 | code39.rs | `full_ascii` (zint 9), `check_character` |
//! | `code93` | `Code93` | 25 | code93.rs | |
//! | `codabar` | `Codabar` | 18 | codabar.rs | `check_character` |
//! | `itf` | `Itf` | 3 | itf.rs | `check_character` |
//! | `itf14` | `Itf14` | 89 | itf.rs | |
//! | `qrcode` | `Qr` | 58 | qr/ | `gs1`, `binary`, `ecc`, `version`, `mask` |
//!
//! Ids are zint's barcode numbers (`zint -b N`), so the reference encoder in the tests and
//! the engine name a symbology with the same number. EAN-8 is 10, zint 2.16's
//! `BARCODE_EAN8`; zint 2.11 (Debian's) encodes it as `-b 13` with 7 digits.
//!
//! Options a symbology does not take are ignored here; the engine's wire format refuses
//! them (crates/engine/src/symbol_spec.rs), so a caller learns about a misplaced option.

use crate::human_readable::HumanReadable;
use crate::qr::{self, Ecc, Mask, QrOptions, Version};
use crate::{codabar, code128, code39, code93, ean, itf, upc, BitMatrix, LinearSymbol, SymbologyError};

/// A symbology the engine encodes. The numeric id ([`Symbology::id`]) is zint's barcode
/// number, used on the engine's wire format and by `zint -b N` in the tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symbology {
    /// Code 128 (ISO/IEC 15417), automatic code sets A/B/C; GS1-128 with `gs1`.
    Code128,
    /// EAN-13 (ISO/IEC 15420).
    Ean13,
    /// EAN-8.
    Ean8,
    /// UPC-A.
    UpcA,
    /// UPC-E.
    UpcE,
    /// ISBN as an EAN-13 (978/979).
    Isbn,
    /// Code 39 (ISO/IEC 16388); full ASCII (Code 39 Extended) with `full_ascii`.
    Code39,
    /// Code 93, full ASCII.
    Code93,
    /// Codabar (ISO/IEC 15424).
    Codabar,
    /// Interleaved 2 of 5 (ISO/IEC 16390).
    Itf,
    /// ITF-14 (GTIN-14 in Interleaved 2 of 5).
    Itf14,
    /// QR Code (ISO/IEC 18004).
    Qr,
}

/// An encoded symbol: a row of modules, or a grid of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Symbol {
    Linear(LinearSymbol),
    Matrix(BitMatrix),
}

/// Options for [`Symbology::encode`]; `Default` is every symbology's default. Each field
/// says which symbologies read it; the others ignore it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EncodeOptions {
    /// Code 128: the data is GS1 bracket syntax, encode GS1-128. QR: the same, FNC1 mode.
    pub gs1: bool,
    /// Code 39 (mod 43), Codabar (mod 16), Interleaved 2 of 5 (GS1 mod 10): add the
    /// optional check character.
    pub check_character: bool,
    /// Code 39: full ASCII (Code 39 Extended).
    pub full_ascii: bool,
    /// QR: the data is raw bytes, not UTF-8 text (no ECI, no Kanji).
    pub binary: bool,
    /// QR: error-correction level (M by default).
    pub ecc: Ecc,
    /// QR: a fixed version, or `None` for the smallest that holds the data.
    pub version: Option<Version>,
    /// QR: a fixed mask, or `None` for the lowest penalty.
    pub mask: Option<Mask>,
}

/// What a QR symbol was encoded with (the choices made when left automatic).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QrInfo {
    pub version: Version,
    pub ecc: Ecc,
    pub mask: Mask,
}

/// The result of [`Symbology::encode`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Encoded {
    pub symbol: Symbol,
    /// Linear symbols: the human-readable text and where it goes (human_readable.rs).
    pub human_readable: Option<HumanReadable>,
    /// Wide/narrow symbologies (Code 39, Codabar, Interleaved 2 of 5, ITF-14): modules per
    /// wide element in `symbol` (narrow is 1), so a renderer may redraw at another ratio.
    pub wide_modules: Option<usize>,
    /// QR: version, level and mask.
    pub qr: Option<QrInfo>,
}

impl Symbology {
    /// Every symbology, in the order of the table above.
    pub const ALL: [Symbology; 12] = [
        Symbology::Code128,
        Symbology::Ean13,
        Symbology::Ean8,
        Symbology::UpcA,
        Symbology::UpcE,
        Symbology::Isbn,
        Symbology::Code39,
        Symbology::Code93,
        Symbology::Codabar,
        Symbology::Itf,
        Symbology::Itf14,
        Symbology::Qr,
    ];

    /// The symbology with barcode number `id`, if the engine knows it.
    pub fn from_id(id: u8) -> Option<Symbology> {
        Symbology::ALL.iter().copied().find(|s| s.id() == id)
    }

    /// The barcode number (zint's; see the module documentation for EAN-8).
    pub fn id(self) -> u8 {
        match self {
            Symbology::Code128 => 20,
            Symbology::Ean13 => 13,
            Symbology::Ean8 => 10,
            Symbology::UpcA => 34,
            Symbology::UpcE => 37,
            Symbology::Isbn => 69,
            Symbology::Code39 => 8,
            Symbology::Code93 => 25,
            Symbology::Codabar => 18,
            Symbology::Itf => 3,
            Symbology::Itf14 => 89,
            Symbology::Qr => 58,
        }
    }

    /// A human-readable name for messages.
    pub fn name(self) -> &'static str {
        match self {
            Symbology::Code128 => code128::NAME,
            Symbology::Ean13 => ean::EAN13_NAME,
            Symbology::Ean8 => ean::EAN8_NAME,
            Symbology::UpcA => upc::UPC_A_NAME,
            Symbology::UpcE => upc::UPC_E_NAME,
            Symbology::Isbn => ean::ISBN_NAME,
            Symbology::Code39 => code39::NAME,
            Symbology::Code93 => code93::NAME,
            Symbology::Codabar => codabar::NAME,
            Symbology::Itf => itf::NAME,
            Symbology::Itf14 => itf::ITF14_NAME,
            Symbology::Qr => qr::NAME,
        }
    }

    /// Linear symbologies: how many bar/space elements the start and the stop pattern
    /// have (the stop's including any final bar), so a renderer can keep them whole, e.g.
    /// Code 128 `(6, 7)`; EAN/UPC their outer guards `101`. `(0, 0)` for QR.
    pub fn end_elements(self) -> (usize, usize) {
        match self {
            Symbology::Code128 => (6, 7),
            Symbology::Ean13 | Symbology::Ean8 | Symbology::UpcA | Symbology::Isbn => (3, 3),
            // UPC-E ends in the 6-module special guard 010101: its last 5 elements are bars
            // and spaces of the guard (the symbol ends with a bar).
            Symbology::UpcE => (3, 5),
            Symbology::Code39 => (9, 9),
            Symbology::Code93 => (6, 7),
            Symbology::Codabar => (7, 7),
            Symbology::Itf | Symbology::Itf14 => (4, 3),
            Symbology::Qr => (0, 0),
        }
    }

    /// Whether the symbology is two-dimensional (a [`Symbol::Matrix`]).
    pub fn is_matrix(self) -> bool {
        self == Symbology::Qr
    }

    /// Encodes `data` (bytes as the symbology defines them: Latin-1 for the linear ones,
    /// UTF-8 text or raw bytes for QR) with `options`, with the human-readable text.
    pub fn encode(self, data: &[u8], options: &EncodeOptions) -> Result<Encoded, SymbologyError> {
        self.encode_with(data, options, true)
    }

    /// [`Symbology::encode`] without the human-readable text (`human_readable` is `None`):
    /// the modules only, a little faster (nothing but the symbol is built).
    pub fn encode_modules(self, data: &[u8], options: &EncodeOptions) -> Result<Encoded, SymbologyError> {
        self.encode_with(data, options, false)
    }

    fn encode_with(self, data: &[u8], options: &EncodeOptions, with_text: bool) -> Result<Encoded, SymbologyError> {
        let code39 = code39::Code39Options { full_ascii: options.full_ascii, check_character: options.check_character };
        let codabar = codabar::CodabarOptions { check_character: options.check_character };
        let itf = itf::ItfOptions { check_digit: options.check_character };
        let code128 = code128::Code128Options { gs1: options.gs1 };
        if !with_text {
            let symbol = match self {
                Symbology::Code128 => code128::encode_with_options(data, code128)?,
                Symbology::Ean13 => ean::encode_ean13(data)?,
                Symbology::Ean8 => ean::encode_ean8(data)?,
                Symbology::UpcA => upc::encode_upc_a(data)?,
                Symbology::UpcE => upc::encode_upc_e(data)?,
                Symbology::Isbn => ean::encode_isbn(data)?,
                Symbology::Code39 => code39::encode(data, code39)?,
                Symbology::Code93 => code93::encode(data)?,
                Symbology::Codabar => codabar::encode(data, codabar)?,
                Symbology::Itf => itf::encode(data, itf)?,
                Symbology::Itf14 => itf::encode_itf14(data)?,
                Symbology::Qr => return self.encode_qr(data, options),
            };
            return Ok(Encoded { symbol: Symbol::Linear(symbol), human_readable: None, wide_modules: self.wide_modules(), qr: None });
        }
        let (symbol, text) = match self {
            Symbology::Code128 => code128::encode_with_text(data, code128)?,
            Symbology::Ean13 => ean::encode_ean13_with_text(data)?,
            Symbology::Ean8 => ean::encode_ean8_with_text(data)?,
            Symbology::UpcA => upc::encode_upc_a_with_text(data)?,
            Symbology::UpcE => upc::encode_upc_e_with_text(data)?,
            Symbology::Isbn => ean::encode_isbn_with_text(data)?,
            Symbology::Code39 => code39::encode_with_text(data, code39)?,
            Symbology::Code93 => code93::encode_with_text(data)?,
            Symbology::Codabar => codabar::encode_with_text(data, codabar)?,
            Symbology::Itf => itf::encode_with_text(data, itf)?,
            Symbology::Itf14 => itf::encode_itf14_with_text(data)?,
            Symbology::Qr => return self.encode_qr(data, options),
        };
        Ok(Encoded { symbol: Symbol::Linear(symbol), human_readable: Some(text), wide_modules: self.wide_modules(), qr: None })
    }

    fn encode_qr(self, data: &[u8], options: &EncodeOptions) -> Result<Encoded, SymbologyError> {
        let o = QrOptions { ecc: options.ecc, version: options.version, mask: options.mask, gs1: options.gs1, binary: options.binary };
        let code = qr::encode(data, &o)?;
        let info = QrInfo { version: code.version(), ecc: code.ecc(), mask: code.mask() };
        Ok(Encoded { symbol: Symbol::Matrix(code.into_matrix()), human_readable: None, wide_modules: None, qr: Some(info) })
    }

    /// Modules per wide element of the wide/narrow symbologies' module form.
    fn wide_modules(self) -> Option<usize> {
        match self {
            Symbology::Code39 => Some(code39::WIDE_MODULES),
            Symbology::Codabar => Some(codabar::WIDE_MODULES),
            Symbology::Itf | Symbology::Itf14 => Some(itf::WIDE_MODULES),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_unknown_ids_are_none() {
        for s in Symbology::ALL {
            assert_eq!(Symbology::from_id(s.id()), Some(s));
        }
        let mut ids: Vec<u8> = Symbology::ALL.iter().map(|s| s.id()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), Symbology::ALL.len(), "ids are unique");
        assert_eq!(Symbology::from_id(20), Some(Symbology::Code128));
        assert_eq!(Symbology::from_id(0), None);
        assert_eq!(Symbology::from_id(255), None);
    }

    #[test]
    fn the_spec_sample_contents_encode() {
        // Spec section 3, Barcode: sample contents per type ("other types 12345678").
        let samples: [(Symbology, &[u8]); 12] = [
            (Symbology::Code128, b"12345678"),
            (Symbology::Ean13, b"690123456789"),
            (Symbology::Ean8, b"6901234"),
            (Symbology::UpcA, b"69012345678"),
            (Symbology::UpcE, b"0123456"),
            (Symbology::Isbn, b"978012345678"),
            (Symbology::Code39, b"12345678"),
            (Symbology::Code93, b"12345678"),
            (Symbology::Codabar, b"12345678"),
            (Symbology::Itf, b"12345678"),
            (Symbology::Itf14, b"1234567890123"),
            (Symbology::Qr, b"12345678"),
        ];
        for (s, data) in samples.iter() {
            let e = s.encode(data, &EncodeOptions::default()).unwrap_or_else(|e| panic!("{:?}: {}", s, e));
            assert_eq!(matches!(e.symbol, Symbol::Matrix(_)), s.is_matrix());
            assert_eq!(e.human_readable.is_some(), !s.is_matrix());
            assert_eq!(e.qr.is_some(), s.is_matrix());
        }
    }

    #[test]
    fn options_reach_the_encoders() {
        let plain = Symbology::Code39.encode(b"AB", &EncodeOptions::default()).unwrap();
        let checked =
            Symbology::Code39.encode(b"AB", &EncodeOptions { check_character: true, ..Default::default() }).unwrap();
        assert_eq!(plain.wide_modules, Some(2));
        match (&plain.symbol, &checked.symbol) {
            (Symbol::Linear(a), Symbol::Linear(b)) => assert_eq!(b.width(), a.width() + 13),
            _ => panic!("linear"),
        }
        let qr = Symbology::Qr
            .encode(b"x", &EncodeOptions { ecc: Ecc::High, version: Version::new(3), mask: Mask::new(5), ..Default::default() })
            .unwrap();
        let info = qr.qr.unwrap();
        assert_eq!((info.version.value(), info.ecc, info.mask.value()), (3, Ecc::High, 5));
        for s in Symbology::ALL {
            let data: &[u8] = if s == Symbology::UpcE { b"0123456" } else if s == Symbology::Itf14 { b"1234567890123" } else if s == Symbology::Ean8 { b"6901234" } else if s == Symbology::UpcA { b"69012345678" } else if s == Symbology::Ean13 || s == Symbology::Isbn { b"978012345678" } else { b"12345678" };
            let full = s.encode(data, &EncodeOptions::default()).unwrap();
            let bare = s.encode_modules(data, &EncodeOptions::default()).unwrap();
            assert_eq!((bare.symbol, bare.wide_modules, bare.qr), (full.symbol, full.wide_modules, full.qr));
            assert!(bare.human_readable.is_none());
        }
        let gs1 = Symbology::Code128.encode(b"(10)AB", &EncodeOptions { gs1: true, ..Default::default() });
        assert!(gs1.is_ok());
        assert!(Symbology::Code128.encode(b"(10)AB", &EncodeOptions::default()).is_ok());
        assert!(Symbology::Code128.encode(b"10AB", &EncodeOptions { gs1: true, ..Default::default() }).is_err());
    }
}
