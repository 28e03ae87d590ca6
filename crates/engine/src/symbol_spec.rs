//! What to encode and how to draw it (the *symbol spec*), and how an encoded symbol is
//! returned.
//!
//! # Symbol spec (request of `encode`; tail of the display list's BARCODE command)
//!
//! Little-endian, no padding:
//!
//! | offset | size | field                                                          |
//! |--------|------|----------------------------------------------------------------|
//! | 0      | u8   | symbology: zint's barcode number (table in symbology.rs)       |
//! | 1      | u8   | flags: bit 0 = modules only (`encode` skips the human-readable |
//! |        |      | text, T = 0 in the result); other bits must be 0               |
//! | 2      | u16  | N, length of the options in bytes (0 = every default)          |
//! | 4      | N    | options, below                                                 |
//! | 4 + N  | rest | data bytes: Latin-1 for linear symbologies; UTF-8 text or raw  |
//! |        |      | bytes (option `binary`) for QR, Data Matrix and PDF417; UTF-8  |
//! |        |      | for Grid Matrix                                                |
//!
//! # Options, format version 1
//!
//! Byte 0 is the options format version, 1. Then records until the end of the options,
//! each `tag: u8`, `length: u8`, `length` bytes of value. Every tag at most once. An
//! unknown tag, a tag the symbology does not take, a wrong length, a value out of range
//! or a repeated tag is a parameter error naming the tag; a later format version is
//! Unsupported. Absent tags take their defaults.
//!
//! | tag | name          | len | value                                            | symbologies           | default |
//! |-----|---------------|-----|--------------------------------------------------|-----------------------|---------|
//! | 1   | text position | 1   | 0 none, 1 above, 2 below, 3 mask (over bars)     | linear                | 2 below |
//! | 2   | text align    | 1   | 0 left, 1 centre, 2 right, 3 justify             | linear                | 1       |
//! | 3   | text size     | 4   | u32 em height in µm, 1-100 000                   | linear                | 1764 (5 pt) |
//! | 4   | check char    | 1   | 0 or 1: add the optional check character         | code39, codabar, itf  | 0       |
//! | 5   | full ASCII    | 1   | 0 or 1: Code 39 Extended                         | code39                | 0       |
//! | 6   | GS1           | 1   | 0 or 1: data is GS1 bracket syntax               | code128, qr, datamatrix | 0     |
//! | 7   | binary        | 1   | 0 or 1: data is raw bytes, not UTF-8             | qr, datamatrix, pdf417 | 0      |
//! | 8   | ECC level     | 1   | 0 L, 1 M, 2 Q, 3 H                               | qr                    | 1 M     |
//! | 9   | version       | 1   | 0 automatic, 1-40                                | qr                    | 0       |
//! | 10  | mask          | 1   | 0-7 (absent: lowest penalty)                     | qr                    | auto    |
//! | 11  | quiet zone    | 1   | modules of light margin kept inside the box, 0-16 | qr, datamatrix, gridmatrix, pdf417 | 2; gridmatrix 6 |
//! | 12  | wide ratio    | 1   | wide:narrow in tenths, 20-30                     | code39, codabar, itf, itf14 | 25 |
//! | 13  | DM shape      | 1   | 0 automatic, 1 square, 2 rectangle (automatic sizing only) | datamatrix  | 0       |
//! | 14  | DM size       | 1 or 2 | 1 byte: zint's size number, 0 automatic, 1-24 squares 10x10-144x144, 25-30 rectangles 8x18-16x48, 31-48 DMRE; 2 bytes: rows, columns (e.g. 16, 48) | datamatrix | 0 |
//! | 15  | GM layers     | 1   | 0 automatic, 1-13 (`6 + 12 * layers` modules a side) | gridmatrix        | 0       |
//! | 16  | GM ECC level  | 1   | 0 automatic, 1-5 (5 strongest; raised to the size's lowest, lowered as the data needs at fixed layers, as zint) | gridmatrix | 0 |
//! | 17  | PDF417 ECC    | 1   | 0-8 (absent: automatic by data size)             | pdf417                | auto    |
//! | 18  | PDF417 columns | 1  | 0 automatic (from the aspect ratio), 1-30 data columns | pdf417          | 0       |
//! | 19  | PDF417 rows   | 1   | 0 automatic (as the data needs), 3-90            | pdf417                | 0       |
//! | 20  | PDF417 row height | 1 | module rows per symbol row, 1-30 (drawing, and the automatic columns) | pdf417 | 3 |
//! | 21  | PDF417 aspect | 2   | u16 drawn width / height in hundredths, 100-10000 | pdf417               | 300     |
//! | 22  | box alignment | 2   | where the symbol sits in its box: horizontal 0 left, 1 centre, 2 right; vertical 0 top, 1 middle, 2 bottom | all | 1, 1 |
//! | 23  | text font     | 1-65 | style (bit 0 bold, bit 1 italic), then the family's name, UTF-8, 0-64 bytes (none: the default face) | linear | default face, regular |
//!
//! PDF417 draws each symbol row `row height` modules tall (module height = row height x
//! module width) and keeps 2 modules of quiet zone by default (ISO/IEC 15438).
//!
//! Text, ratio, box alignment and font options only affect drawing (barcode.rs); `encode`
//! accepts them and returns the same modules. *Box alignment* places the whole symbol
//! (bars with their text, or the matrix) in the element's box, the document's
//! horAlignment / verAlignment; *text alignment* (tag 2) places the human-readable line
//! relative to the bars. The text font names a face registered with `load_font`
//! (fonts.rs); with no face registered at all the built-in stroke font draws the text. The quiet zone is the spec's zoneSize (None, 2 or 4); its
//! default is 2 modules for QR (ISO/IEC 18004 asks for 4) and Data Matrix (ISO/IEC 16022
//! asks for 1), and 6 for Grid Matrix (GB/T 27766 and zint's `--quietzones`: 6 modules).
//!
//! # Encode result (the result buffer after a successful `encode`)
//!
//! | offset     | size | field                                                      |
//! |------------|------|------------------------------------------------------------|
//! | 0          | u8   | kind: 1 = linear, 2 = matrix                               |
//! | 1          | u8   | QR: version 1-40; Data Matrix: zint size number 1-48; Grid |
//! |            |      | Matrix: layers 1-13; PDF417: data columns 1-30; else 0     |
//! | 2          | u8   | QR: ECC level 0-3 (L, M, Q, H); Grid Matrix: ECC 1-5;      |
//! |            |      | PDF417: ECC 0-8; otherwise 0                               |
//! | 3          | u8   | QR: mask 0-7; PDF417: rows 3-90; otherwise 0               |
//! | 4          | u32  | width in modules (no quiet zone)                           |
//! | 8          | u32  | height in modules (1 for linear)                           |
//! | 12         | w*h  | one byte per module, row-major: 1 = bar/dark, 0 = light    |
//! | 12 + w*h   | u32  | T, length of the human-readable text (0 for matrix)        |
//! | 16 + w*h   | T    | the human-readable text, UTF-8 (EAN/UPC: all the digits)   |

use crate::reader::Reader;
use crate::{EngineError, ErrorCode};
use assetmark_symbology::human_readable::HumanReadable;
use assetmark_symbology::datamatrix::{Shape, SymbolSize};
use assetmark_symbology::qr::{Ecc, Mask, Version};
use assetmark_symbology::{EncodeOptions, Encoded, Symbol, Symbology};

pub const OPTIONS_VERSION: u8 = 1;

pub const TAG_TEXT_POSITION: u8 = 1;
pub const TAG_TEXT_ALIGN: u8 = 2;
pub const TAG_TEXT_SIZE: u8 = 3;
pub const TAG_CHECK: u8 = 4;
pub const TAG_FULL_ASCII: u8 = 5;
pub const TAG_GS1: u8 = 6;
pub const TAG_BINARY: u8 = 7;
pub const TAG_ECC: u8 = 8;
pub const TAG_VERSION: u8 = 9;
pub const TAG_MASK: u8 = 10;
pub const TAG_QUIET_ZONE: u8 = 11;
pub const TAG_WIDE_RATIO: u8 = 12;
pub const TAG_DM_SHAPE: u8 = 13;
pub const TAG_DM_SIZE: u8 = 14;
pub const TAG_GM_LAYERS: u8 = 15;
pub const TAG_GM_ECC: u8 = 16;
pub const TAG_PDF_ECC: u8 = 17;
pub const TAG_PDF_COLUMNS: u8 = 18;
pub const TAG_PDF_ROWS: u8 = 19;
pub const TAG_PDF_ROW_HEIGHT: u8 = 20;
pub const TAG_PDF_ASPECT: u8 = 21;
pub const TAG_BOX_ALIGN: u8 = 22;
pub const TAG_TEXT_FONT: u8 = 23;
/// The highest tag this engine reads.
const LAST_TAG: u8 = 23;

/// Longest text font name, bytes of UTF-8 (family names are short; the bound keeps the
/// record within one option length byte with its style byte).
pub const MAX_FONT_NAME: usize = 64;

/// The spec's default barcode font size, 5 points, in µm (5 * 25.4 / 72 mm).
pub const DEFAULT_TEXT_SIZE_UM: u32 = 1_764;
/// Default QR quiet zone in modules (the spec's zoneSize 2; ISO/IEC 18004 asks for 4).
pub const DEFAULT_QUIET_ZONE: u8 = 2;
/// Default Grid Matrix quiet zone in modules (GB/T 27766; zint's `--quietzones`).
pub const GRID_MATRIX_QUIET_ZONE: u8 = 6;
/// Default wide:narrow ratio at render, tenths: 2.5:1 (3:1 at a 1-dot narrow element).
pub const DEFAULT_WIDE_RATIO: u8 = 25;

pub const KIND_LINEAR: u8 = 1;
pub const KIND_MATRIX: u8 = 2;

/// Where a linear symbol's human-readable text goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextPosition {
    None,
    Above,
    Below,
    /// Over the lower part of the bars, on a white box (spec: "mask").
    Mask,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextAlign {
    Left,
    Centre,
    Right,
    /// Characters spread over the symbol's width.
    Justify,
}

/// Where a symbol sits along one side of its box: at the start (left / top), centred, or
/// at the end (right / bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Along {
    Start,
    Centre,
    End,
}

impl Along {
    /// Offset in dots from the box's start edge of something leaving `spare` dots of the
    /// box free (negative when it overflows): a centred symbol takes `floor(spare / 2)`,
    /// so an overflow hangs over both edges equally, an aligned one hangs over the far
    /// edge only.
    pub fn offset(self, spare: i64) -> i64 {
        match self {
            Along::Start => 0,
            Along::Centre => spare.div_euclid(2),
            Along::End => spare,
        }
    }
}

/// Where the symbol sits in the element's box (tag 22); default centred both ways.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoxAlign {
    pub horizontal: Along,
    pub vertical: Along,
}

impl Default for BoxAlign {
    fn default() -> BoxAlign {
        BoxAlign { horizontal: Along::Centre, vertical: Along::Centre }
    }
}

/// The face of the human-readable text (tag 23): a registered family name (empty: the
/// default face) and style.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TextFont<'a> {
    pub name: &'a str,
    pub bold: bool,
    pub italic: bool,
}

/// Drawing options (barcode.rs); `encode` ignores them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawOptions<'a> {
    pub text_position: TextPosition,
    pub text_align: TextAlign,
    /// Em height of the text in µm.
    pub text_size_um: u32,
    /// QR: light margin, in modules, kept inside the element's box.
    pub quiet_zone: u8,
    /// Wide/narrow symbologies: wide:narrow in tenths (20-30).
    pub wide_ratio: u8,
    /// Where the symbol sits in its box.
    pub box_align: BoxAlign,
    /// Linear: the face of the human-readable text.
    pub text_font: TextFont<'a>,
}

impl Default for DrawOptions<'_> {
    fn default() -> Self {
        DrawOptions {
            text_position: TextPosition::Below,
            text_align: TextAlign::Centre,
            text_size_um: DEFAULT_TEXT_SIZE_UM,
            quiet_zone: DEFAULT_QUIET_ZONE,
            wide_ratio: DEFAULT_WIDE_RATIO,
            box_align: BoxAlign::default(),
            text_font: TextFont::default(),
        }
    }
}

/// Symbol spec flag: `encode` returns the modules without the human-readable text.
pub const FLAG_MODULES_ONLY: u8 = 1;

/// A decoded symbol spec; `data` borrows the request buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SymbolSpec<'a> {
    pub symbology: Symbology,
    /// `encode` without the human-readable text (flag bit 0).
    pub modules_only: bool,
    pub encode: EncodeOptions,
    pub draw: DrawOptions<'a>,
    pub data: &'a [u8],
}

impl<'a> SymbolSpec<'a> {
    /// Reads a spec from the reader's position to the end of its buffer.
    pub fn read(r: &mut Reader<'a>) -> Result<SymbolSpec<'a>, EngineError> {
        let at = r.pos();
        let id = r.u8("symbology")?;
        let symbology = Symbology::from_id(id).ok_or_else(|| {
            EngineError::new(ErrorCode::Unsupported, format!("unsupported symbology {} at byte {}", id, at))
        })?;
        let flags = r.u8("symbol flags")?;
        if flags & !FLAG_MODULES_ONLY != 0 {
            return Err(EngineError::parameter(format!("unknown symbol flags {:#04x}", flags)));
        }
        let options_len = r.u16("symbol options length")? as usize;
        let options = r.take(options_len, "symbol options")?;
        let (encode, draw) = read_options(symbology, options)?;
        Ok(SymbolSpec { symbology, modules_only: flags & FLAG_MODULES_ONLY != 0, encode, draw, data: r.rest() })
    }

    /// Parses a whole `encode` request.
    pub fn parse(bytes: &'a [u8]) -> Result<SymbolSpec<'a>, EngineError> {
        SymbolSpec::read(&mut Reader::new(bytes))
    }

    /// Encodes, without the human-readable text when the spec says modules only.
    pub fn encode(&self) -> Result<Encoded, EngineError> {
        if self.modules_only {
            Ok(self.symbology.encode_modules(self.data, &self.encode)?)
        } else {
            self.encode_with_text()
        }
    }

    /// Encodes with the human-readable text whatever the flags say (drawing needs it).
    pub fn encode_with_text(&self) -> Result<Encoded, EngineError> {
        Ok(self.symbology.encode(self.data, &self.encode)?)
    }
}

/// Which tags each symbology takes (text tags: every linear one).
fn takes(symbology: Symbology, tag: u8) -> bool {
    use Symbology::*;
    let linear = !symbology.is_matrix();
    match tag {
        TAG_TEXT_POSITION | TAG_TEXT_ALIGN | TAG_TEXT_SIZE | TAG_TEXT_FONT => linear,
        TAG_BOX_ALIGN => true,
        TAG_CHECK => matches!(symbology, Code39 | Codabar | Itf),
        TAG_FULL_ASCII => symbology == Code39,
        TAG_GS1 => matches!(symbology, Code128 | Qr | DataMatrix),
        TAG_BINARY => matches!(symbology, Qr | DataMatrix | Pdf417),
        TAG_ECC | TAG_VERSION | TAG_MASK => symbology == Qr,
        TAG_QUIET_ZONE => symbology.is_matrix(),
        TAG_DM_SHAPE | TAG_DM_SIZE => symbology == DataMatrix,
        TAG_GM_LAYERS | TAG_GM_ECC => symbology == GridMatrix,
        TAG_PDF_ECC | TAG_PDF_COLUMNS | TAG_PDF_ROWS | TAG_PDF_ROW_HEIGHT | TAG_PDF_ASPECT => symbology == Pdf417,
        TAG_WIDE_RATIO => matches!(symbology, Code39 | Codabar | Itf | Itf14),
        _ => false,
    }
}

fn tag_name(tag: u8) -> &'static str {
    match tag {
        TAG_TEXT_POSITION => "text position",
        TAG_TEXT_ALIGN => "text alignment",
        TAG_TEXT_SIZE => "text size",
        TAG_CHECK => "check character",
        TAG_FULL_ASCII => "full ASCII",
        TAG_GS1 => "GS1",
        TAG_BINARY => "binary",
        TAG_ECC => "ECC level",
        TAG_VERSION => "version",
        TAG_MASK => "mask",
        TAG_QUIET_ZONE => "quiet zone",
        TAG_WIDE_RATIO => "wide ratio",
        TAG_DM_SHAPE => "Data Matrix shape",
        TAG_DM_SIZE => "Data Matrix size",
        TAG_GM_LAYERS => "Grid Matrix layers",
        TAG_GM_ECC => "Grid Matrix ECC level",
        TAG_PDF_ECC => "PDF417 ECC level",
        TAG_PDF_COLUMNS => "PDF417 columns",
        TAG_PDF_ROWS => "PDF417 rows",
        TAG_PDF_ROW_HEIGHT => "PDF417 row height",
        TAG_PDF_ASPECT => "PDF417 aspect ratio",
        TAG_BOX_ALIGN => "box alignment",
        TAG_TEXT_FONT => "text font",
        _ => "unknown",
    }
}

/// Reads the options block (see the module documentation).
fn read_options(symbology: Symbology, bytes: &[u8]) -> Result<(EncodeOptions, DrawOptions<'_>), EngineError> {
    let mut encode = EncodeOptions::default();
    let mut draw = DrawOptions::default();
    if symbology == Symbology::GridMatrix {
        draw.quiet_zone = GRID_MATRIX_QUIET_ZONE;
    }
    if bytes.is_empty() {
        return Ok((encode, draw));
    }
    let mut r = Reader::new(bytes);
    let version = r.u8("options version")?;
    if version != OPTIONS_VERSION {
        return Err(EngineError::new(
            ErrorCode::Unsupported,
            format!("symbol options version {} is not supported (this engine reads {})", version, OPTIONS_VERSION),
        ));
    }
    let mut seen = 0u32;
    while !r.is_empty() {
        let tag = r.u8("option tag")?;
        let len = r.u8("option length")? as usize;
        let value = r.take(len, "option value")?;
        let name = tag_name(tag);
        if !(1..=LAST_TAG).contains(&tag) {
            return Err(EngineError::parameter(format!("unknown symbol option tag {}", tag)));
        }
        if !takes(symbology, tag) {
            return Err(EngineError::parameter(format!("{} takes no {} option", symbology.name(), name)));
        }
        if seen & (1 << tag) != 0 {
            return Err(EngineError::parameter(format!("symbol option {} is given twice", name)));
        }
        seen |= 1 << tag;
        if tag == TAG_TEXT_FONT {
            draw.text_font = text_font(value)?;
            continue;
        }
        let expected_len = match tag {
            TAG_TEXT_SIZE => 4,
            TAG_PDF_ASPECT | TAG_BOX_ALIGN => 2,
            TAG_DM_SIZE if len == 2 => 2,
            _ => 1,
        };
        if len != expected_len {
            return Err(EngineError::parameter(format!(
                "symbol option {} must be {} byte(s), got {}",
                name, expected_len, len
            )));
        }
        let byte = value[0];
        let bad = |range: &str| {
            EngineError::parameter(format!("symbol option {} must be {}, got {}", name, range, byte))
        };
        let flag = |b: u8| match b {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(bad("0 or 1")),
        };
        match tag {
            TAG_TEXT_POSITION => {
                draw.text_position = match byte {
                    0 => TextPosition::None,
                    1 => TextPosition::Above,
                    2 => TextPosition::Below,
                    3 => TextPosition::Mask,
                    _ => return Err(bad("0-3 (none, above, below, mask)")),
                }
            }
            TAG_TEXT_ALIGN => {
                draw.text_align = match byte {
                    0 => TextAlign::Left,
                    1 => TextAlign::Centre,
                    2 => TextAlign::Right,
                    3 => TextAlign::Justify,
                    _ => return Err(bad("0-3 (left, centre, right, justify)")),
                }
            }
            TAG_TEXT_SIZE => {
                let um = u32::from_le_bytes([value[0], value[1], value[2], value[3]]);
                if !(1..=100_000).contains(&um) {
                    return Err(EngineError::parameter(format!(
                        "symbol option text size must be 1-100000 µm, got {}",
                        um
                    )));
                }
                draw.text_size_um = um;
            }
            TAG_CHECK => encode.check_character = flag(byte)?,
            TAG_FULL_ASCII => encode.full_ascii = flag(byte)?,
            TAG_GS1 => encode.gs1 = flag(byte)?,
            TAG_BINARY => encode.binary = flag(byte)?,
            TAG_ECC => encode.ecc = Ecc::from_index(byte).ok_or_else(|| bad("0-3 (L, M, Q, H)"))?,
            TAG_VERSION => {
                encode.version = match byte {
                    0 => None,
                    v => Some(Version::new(v).ok_or_else(|| bad("0 (automatic) or 1-40"))?),
                }
            }
            TAG_MASK => encode.mask = Some(Mask::new(byte).ok_or_else(|| bad("0-7"))?),
            TAG_QUIET_ZONE => {
                if byte > 16 {
                    return Err(bad("0-16 modules"));
                }
                draw.quiet_zone = byte;
            }
            TAG_WIDE_RATIO => {
                if !(20..=30).contains(&byte) {
                    return Err(bad("20-30 (tenths: 2:1 to 3:1)"));
                }
                draw.wide_ratio = byte;
            }
            TAG_DM_SHAPE => {
                encode.dm_shape = match byte {
                    0 => Shape::Auto,
                    1 => Shape::Square,
                    2 => Shape::Rectangle,
                    _ => return Err(bad("0-2 (automatic, square, rectangle)")),
                }
            }
            TAG_DM_SIZE if len == 2 => {
                let (rows, cols) = (value[0], value[1]);
                encode.dm_size = Some(SymbolSize::new(rows as usize, cols as usize).ok_or_else(|| {
                    EngineError::parameter(format!("symbol option {} has no size {}x{}", name, rows, cols))
                })?)
            }
            TAG_DM_SIZE => {
                encode.dm_size = match byte {
                    0 => None,
                    n => Some(SymbolSize::from_number(n).ok_or_else(|| bad("0 (automatic) or 1-48"))?),
                }
            }
            TAG_GM_LAYERS => {
                encode.gm_layers = match byte {
                    0 => None,
                    1..=13 => Some(byte),
                    _ => return Err(bad("0 (automatic) or 1-13")),
                }
            }
            TAG_GM_ECC => {
                encode.gm_ecc = match byte {
                    0 => None,
                    1..=5 => Some(byte),
                    _ => return Err(bad("0 (automatic) or 1-5")),
                }
            }
            TAG_PDF_ECC => {
                if byte > 8 {
                    return Err(bad("0-8"));
                }
                encode.pdf_ecc = Some(byte);
            }
            TAG_PDF_COLUMNS => {
                encode.pdf_columns = match byte {
                    0 => None,
                    1..=30 => Some(byte),
                    _ => return Err(bad("0 (automatic) or 1-30")),
                }
            }
            TAG_PDF_ROWS => {
                encode.pdf_rows = match byte {
                    0 => None,
                    3..=90 => Some(byte),
                    _ => return Err(bad("0 (automatic) or 3-90")),
                }
            }
            TAG_PDF_ROW_HEIGHT => {
                if !(1..=30).contains(&byte) {
                    return Err(bad("1-30 modules"));
                }
                encode.pdf_row_height = byte;
            }
            TAG_PDF_ASPECT => {
                let hundredths = u16::from_le_bytes([value[0], value[1]]);
                if !(100..=10_000).contains(&hundredths) {
                    return Err(EngineError::parameter(format!(
                        "symbol option {} must be 100-10000 hundredths (1 to 100), got {}",
                        name, hundredths
                    )));
                }
                encode.pdf_aspect = hundredths;
            }
            TAG_BOX_ALIGN => {
                let along = |v: u8, which: &str, names: &str| match v {
                    0 => Ok(Along::Start),
                    1 => Ok(Along::Centre),
                    2 => Ok(Along::End),
                    _ => Err(EngineError::parameter(format!(
                        "symbol option box alignment: {} must be 0-2 ({}), got {}",
                        which, names, v
                    ))),
                };
                draw.box_align = BoxAlign {
                    horizontal: along(value[0], "horizontal", "left, centre, right")?,
                    vertical: along(value[1], "vertical", "top, middle, bottom")?,
                };
            }
            _ => unreachable!("tags checked above"),
        }
    }
    Ok((encode, draw))
}

/// Tag 23's value: a style byte, then the family name.
fn text_font(value: &[u8]) -> Result<TextFont<'_>, EngineError> {
    let (&style, name) = value
        .split_first()
        .ok_or_else(|| EngineError::parameter("symbol option text font must be 1-65 byte(s) (style, then name), got 0"))?;
    if style > 3 {
        return Err(EngineError::parameter(format!(
            "symbol option text font: style must be 0-3 (bit 0 bold, bit 1 italic), got {}",
            style
        )));
    }
    if name.len() > MAX_FONT_NAME {
        return Err(EngineError::parameter(format!(
            "symbol option text font: name must be at most {} bytes, got {}",
            MAX_FONT_NAME,
            name.len()
        )));
    }
    let name = std::str::from_utf8(name)
        .map_err(|_| EngineError::parameter("symbol option text font: name is not valid UTF-8"))?;
    Ok(TextFont { name, bold: style & 1 != 0, italic: style & 2 != 0 })
}

/// The human-readable text as one string (EAN/UPC: the digit groups joined).
pub fn text_of(encoded: &Encoded) -> String {
    match &encoded.human_readable {
        Some(HumanReadable::Line(t)) => t.clone(),
        Some(HumanReadable::Ean(layout)) => layout.text.iter().map(|r| r.text.as_str()).collect(),
        None => String::new(),
    }
}

/// Writes `encoded` in the encode-result layout into `out` (cleared first; its capacity is
/// kept, so a caller that reuses `out` allocates nothing per symbol).
pub fn write_symbol(encoded: &Encoded, out: &mut Vec<u8>) -> Result<(), EngineError> {
    let (kind, width, height, modules) = match &encoded.symbol {
        Symbol::Linear(s) => (KIND_LINEAR, s.width(), 1, s.modules()),
        Symbol::Matrix(m) => (KIND_MATRIX, m.width(), m.height(), m.modules()),
    };
    let text_len = match &encoded.human_readable {
        Some(HumanReadable::Line(t)) => t.len(),
        Some(HumanReadable::Ean(layout)) => layout.text.iter().map(|r| r.text.len()).sum(),
        None => 0,
    };
    out.clear();
    if out.try_reserve(16 + modules.len() + text_len).is_err() {
        return Err(EngineError::new(ErrorCode::System, "out of memory for the encoded symbol"));
    }
    let qr = encoded.choice_bytes();
    out.push(kind);
    out.extend_from_slice(&qr);
    out.extend_from_slice(&(width as u32).to_le_bytes());
    out.extend_from_slice(&(height as u32).to_le_bytes());
    out.extend(modules.iter().map(|&m| m as u8));
    out.extend_from_slice(&(text_len as u32).to_le_bytes());
    match &encoded.human_readable {
        Some(HumanReadable::Line(t)) => out.extend_from_slice(t.as_bytes()),
        Some(HumanReadable::Ean(layout)) => layout.text.iter().for_each(|r| out.extend_from_slice(r.text.as_bytes())),
        None => {}
    }
    Ok(())
}

/// Builds symbol specs in tests (Rust side); the product's compiler is the facade's.
#[cfg(test)]
pub mod build {
    /// A spec with option records `(tag, value)`.
    pub fn spec(symbology: u8, options: &[(u8, &[u8])], data: &[u8]) -> Vec<u8> {
        let mut opts = Vec::new();
        if !options.is_empty() {
            opts.push(super::OPTIONS_VERSION);
            for (tag, value) in options {
                opts.push(*tag);
                opts.push(value.len() as u8);
                opts.extend_from_slice(value);
            }
        }
        let mut out = vec![symbology, 0];
        out.extend_from_slice(&(opts.len() as u16).to_le_bytes());
        out.extend_from_slice(&opts);
        out.extend_from_slice(data);
        out
    }
}

#[cfg(test)]
#[path = "symbol_spec_tests.rs"]
mod tests;
