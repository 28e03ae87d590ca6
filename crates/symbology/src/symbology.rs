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
//! | `datamatrix` | `DataMatrix` | 71 | datamatrix/ | `gs1`, `binary`, `dm_shape`, `dm_size` |
//! | `gridmatrix` | `GridMatrix` | 142 | gridmatrix/ | `gm_layers`, `gm_ecc` |
//! | `pdf417` | `Pdf417` | 55 | pdf417/ | `binary`, `pdf_ecc`, `pdf_columns`, `pdf_rows`, `pdf_aspect`, `pdf_row_height` |
//!
//! Ids are zint's barcode numbers (`zint -b N`), so the reference encoder in the tests and
//! the engine name a symbology with the same number. EAN-8 is 10, zint 2.16's
//! `BARCODE_EAN8`; zint 2.11 (Debian's) encodes it as `-b 13` with 7 digits.
//!
//! Options a symbology does not take are ignored here; the engine's wire format refuses
//! them (crates/engine/src/symbol_spec.rs), so a caller learns about a misplaced option.

use crate::human_readable::HumanReadable;
use crate::datamatrix::{self, DmOptions, Shape, SymbolSize};
use crate::gridmatrix::{self, GmOptions};
use crate::pdf417::{self, Pdf417Options};
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
    /// Data Matrix ECC 200 (ISO/IEC 16022).
    DataMatrix,
    /// Grid Matrix (GB/T 27766).
    GridMatrix,
    /// PDF417 (ISO/IEC 15438); a [`Symbol::Matrix`] with one module row per symbol row.
    Pdf417,
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
    /// Data Matrix: shapes automatic sizing may choose.
    pub dm_shape: Shape,
    /// Data Matrix: a fixed size, or `None` for the smallest that holds the data.
    pub dm_size: Option<SymbolSize>,
    /// Grid Matrix: layers 1-13, or `None` for automatic.
    pub gm_layers: Option<u8>,
    /// Grid Matrix: ECC level 1-5, or `None` for automatic.
    pub gm_ecc: Option<u8>,
    /// PDF417: ECC level 0-8, or `None` for automatic.
    pub pdf_ecc: Option<u8>,
    /// PDF417: data columns 1-30, or `None` for automatic (from the aspect ratio).
    pub pdf_columns: Option<u8>,
    /// PDF417: rows 3-90, or `None` for as many as the data needs.
    pub pdf_rows: Option<u8>,
    /// PDF417: drawn width / height aimed at by automatic columns, in hundredths; 0 = 3.0.
    pub pdf_aspect: u16,
    /// PDF417: module rows per symbol row when drawn; 0 = [`PDF417_ROW_HEIGHT`].
    pub pdf_row_height: u8,
}

/// PDF417's default row height in modules (ISO/IEC 15438 recommends at least 3).
pub const PDF417_ROW_HEIGHT: u8 = 3;

impl EncodeOptions {
    /// PDF417: module rows per symbol row.
    pub fn row_height(&self) -> u8 {
        if self.pdf_row_height == 0 {
            PDF417_ROW_HEIGHT
        } else {
            self.pdf_row_height
        }
    }
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
    /// Data Matrix: the size used (chosen when automatic).
    pub dm: Option<SymbolSize>,
    /// Grid Matrix: layers and ECC level used.
    pub gm: Option<GmInfo>,
    /// PDF417: columns, ECC level and rows used.
    pub pdf: Option<PdfInfo>,
}

/// What a PDF417 symbol was encoded with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PdfInfo {
    pub columns: u8,
    pub ecc: u8,
    pub rows: u8,
}

/// What a Grid Matrix symbol was encoded with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GmInfo {
    pub layers: u8,
    pub ecc: u8,
}

impl Encoded {
    /// The three choice bytes of the engine's encode result: QR version, ECC level index
    /// and mask; Data Matrix zint size number, 0, 0; Grid Matrix layers, ECC level, 0;
    /// PDF417 columns, ECC level, rows;
    /// zeros otherwise.
    pub fn choice_bytes(&self) -> [u8; 3] {
        if let Some(q) = self.qr {
            [q.version.value(), q.ecc.index() as u8, q.mask.value()]
        } else if let Some(d) = self.dm {
            [d.number(), 0, 0]
        } else if let Some(g) = self.gm {
            [g.layers, g.ecc, 0]
        } else if let Some(p) = self.pdf {
            [p.columns, p.ecc, p.rows]
        } else {
            [0, 0, 0]
        }
    }
}

impl Symbology {
    /// Every symbology, in the order of the table above.
    pub const ALL: [Symbology; 15] = [
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
        Symbology::DataMatrix,
        Symbology::GridMatrix,
        Symbology::Pdf417,
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
            Symbology::DataMatrix => 71,
            Symbology::GridMatrix => 142,
            Symbology::Pdf417 => 55,
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
            Symbology::DataMatrix => datamatrix::NAME,
            Symbology::GridMatrix => gridmatrix::NAME,
            Symbology::Pdf417 => pdf417::NAME,
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
            Symbology::Qr | Symbology::DataMatrix | Symbology::GridMatrix | Symbology::Pdf417 => (0, 0),
        }
    }

    /// Whether the symbology is two-dimensional (a [`Symbol::Matrix`]).
    pub fn is_matrix(self) -> bool {
        matches!(self, Symbology::Qr | Symbology::DataMatrix | Symbology::GridMatrix | Symbology::Pdf417)
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
                Symbology::Qr | Symbology::DataMatrix | Symbology::GridMatrix | Symbology::Pdf417 => return self.encode_matrix(data, options),
            };
            return Ok(Encoded { symbol: Symbol::Linear(symbol), human_readable: None, wide_modules: self.wide_modules(), qr: None, dm: None, gm: None, pdf: None });
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
            Symbology::Qr | Symbology::DataMatrix | Symbology::GridMatrix | Symbology::Pdf417 => return self.encode_matrix(data, options),
        };
        Ok(Encoded { symbol: Symbol::Linear(symbol), human_readable: Some(text), wide_modules: self.wide_modules(), qr: None, dm: None, gm: None, pdf: None })
    }

    fn encode_matrix(self, data: &[u8], options: &EncodeOptions) -> Result<Encoded, SymbologyError> {
        let bare = |m: BitMatrix| Encoded { symbol: Symbol::Matrix(m), human_readable: None, wide_modules: None, qr: None, dm: None, gm: None, pdf: None };
        match self {
            Symbology::DataMatrix => {
                let o = DmOptions { shape: options.dm_shape, size: options.dm_size, gs1: options.gs1, binary: options.binary, ..Default::default() };
                let code = datamatrix::encode(data, &o)?;
                let size = code.size();
                Ok(Encoded { dm: Some(size), ..bare(code.into_matrix()) })
            }
            Symbology::GridMatrix => {
                let code = gridmatrix::encode(data, &GmOptions { layers: options.gm_layers, ecc: options.gm_ecc })?;
                let info = GmInfo { layers: code.layers(), ecc: code.ecc() };
                Ok(Encoded { gm: Some(info), ..bare(code.into_matrix()) })
            }
            Symbology::Pdf417 => {
                let aspect = if options.pdf_aspect == 0 { 3.0 } else { options.pdf_aspect as f32 / 100.0 };
                let o = Pdf417Options {
                    ecc: options.pdf_ecc,
                    columns: options.pdf_columns,
                    rows: options.pdf_rows,
                    aspect,
                    row_height: options.row_height(),
                    binary: options.binary,
                };
                let code = pdf417::encode(data, &o)?;
                let info = PdfInfo { columns: code.columns() as u8, ecc: code.ecc_level(), rows: code.rows() as u8 };
                Ok(Encoded { pdf: Some(info), ..bare(code.into_matrix()) })
            }
            _ => {
                let o = QrOptions { ecc: options.ecc, version: options.version, mask: options.mask, gs1: options.gs1, binary: options.binary };
                let code = qr::encode(data, &o)?;
                let info = QrInfo { version: code.version(), ecc: code.ecc(), mask: code.mask() };
                Ok(Encoded { qr: Some(info), ..bare(code.into_matrix()) })
            }
        }
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
        let samples: [(Symbology, &[u8]); 15] = [
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
            (Symbology::DataMatrix, b"12345678"),
            (Symbology::GridMatrix, b"12345678"),
            (Symbology::Pdf417, b"12345678"),
        ];
        for (s, data) in samples.iter() {
            let e = s.encode(data, &EncodeOptions::default()).unwrap_or_else(|e| panic!("{:?}: {}", s, e));
            assert_eq!(matches!(e.symbol, Symbol::Matrix(_)), s.is_matrix());
            assert_eq!(e.human_readable.is_some(), !s.is_matrix());
            assert_eq!(e.qr.is_some(), *s == Symbology::Qr);
            assert_eq!(e.dm.is_some(), *s == Symbology::DataMatrix);
            assert_eq!(e.gm.is_some(), *s == Symbology::GridMatrix);
            assert_eq!(e.pdf.is_some(), *s == Symbology::Pdf417);
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
            assert_eq!((bare.symbol, bare.wide_modules, bare.qr, bare.dm, bare.gm), (full.symbol, full.wide_modules, full.qr, full.dm, full.gm));
            assert!(bare.human_readable.is_none());
        }
        let gs1 = Symbology::Code128.encode(b"(10)AB", &EncodeOptions { gs1: true, ..Default::default() });
        assert!(gs1.is_ok());
        assert!(Symbology::Code128.encode(b"(10)AB", &EncodeOptions::default()).is_ok());
        assert!(Symbology::Code128.encode(b"10AB", &EncodeOptions { gs1: true, ..Default::default() }).is_err());
    }

    #[test]
    fn data_matrix_and_grid_matrix_options_and_choices() {
        // ISO/IEC 16022: "123456" is 3 codewords, the 10x10 symbol.
        let dm = Symbology::DataMatrix.encode(b"123456", &EncodeOptions::default()).unwrap();
        assert_eq!(dm.dm.map(|s| (s.rows(), s.cols())), Some((10, 10)));
        assert_eq!(dm.choice_bytes(), [1, 0, 0]);
        let rect = Symbology::DataMatrix.encode(b"123456", &EncodeOptions { dm_shape: Shape::Rectangle, ..Default::default() }).unwrap();
        assert_eq!(rect.dm.map(|s| (s.rows(), s.cols())), Some((8, 18)));
        let fixed = Symbology::DataMatrix.encode(b"123456", &EncodeOptions { dm_size: SymbolSize::new(16, 16), ..Default::default() }).unwrap();
        match fixed.symbol {
            Symbol::Matrix(m) => assert_eq!((m.width(), m.height()), (16, 16)),
            _ => panic!("matrix"),
        }
        let gm = Symbology::GridMatrix.encode("条码".as_bytes(), &EncodeOptions::default()).unwrap();
        assert_eq!(gm.gm, Some(GmInfo { layers: 1, ecc: 5 }));
        assert_eq!(gm.choice_bytes(), [1, 5, 0]);
        let gm = Symbology::GridMatrix.encode(b"12345", &EncodeOptions { gm_layers: Some(3), gm_ecc: Some(2), ..Default::default() }).unwrap();
        assert_eq!(gm.gm, Some(GmInfo { layers: 3, ecc: 2 }));
        match gm.symbol {
            Symbol::Matrix(m) => assert_eq!(m.width(), 42),
            _ => panic!("matrix"),
        }
        // PDF417 "PDF417" at ECC level 1.
        let pdf = Symbology::Pdf417.encode(b"PDF417", &EncodeOptions { pdf_ecc: Some(1), ..Default::default() }).unwrap();
        let info = pdf.pdf.unwrap();
        assert_eq!(info.ecc, 1);
        match pdf.symbol {
            Symbol::Matrix(m) => assert_eq!((m.width(), m.height()), (17 * info.columns as usize + 69, info.rows as usize)),
            _ => panic!("matrix"),
        }
    }
}
