//! The display list: a compact binary description of one label page, compiled by the
//! facade (`src/engine/display-list.ts`) and decoded here before anything is drawn. This
//! is the one place the format is written down; the facade's writer follows it.
//!
//! # Format, version 2
//!
//! Little-endian, no padding. Lengths in micrometres (µm = mm x 1000, exact for 3-decimal mm);
//! positions signed. Everything is clipped to the page. One rounding rule turns µm into dots
//! (units.rs). Label-level print scale and print offsets are applied by the facade to every
//! coordinate before compiling (µm in, µm out), so the engine never sees them.
//!
//! ## Header, 28 bytes
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 4 | magic `AMDL` |
//! | 4 | u16 | version, 2 |
//! | 6 | u16 | flags: bit 0 GREY (8-bit grey output, anti-aliased text and shapes); bit 1 FLIP_H (the finished page mirrored left-right: horFlip, mirrored printing); bit 2 FLIP_V (mirrored top-bottom); bits 3-4 TURN, the finished page turned by that many quarter turns clockwise, 0-3 (a label's printOrientation on printer-ready pages); other bits 0 |
//! | 8 | u32 | page width, µm |
//! | 12 | u32 | page height, µm |
//! | 16 | u16 | resolution, dots per inch, 1-65535 |
//! | 18 | u16 | reserved, 0 |
//! | 20 | u32 | corner radius, µm (0 = square corners); dots outside the rounded corners stay white |
//! | 24 | u8 | background level 0-255 (255 = white = none). 1-bit: black when < 128. Grey: that level |
//! | 25 | 3 | reserved, 0 |
//!
//! Page width and height are the page as laid out (element positions are in that frame);
//! TURN turns the finished page last, after the rounded corners and the flips (render.rs),
//! so a 90° or 270° turn swaps the result's width and height. TURN is clockwise as seen on
//! the page (y down): 90° takes the top-left dot to the top-right corner. An engine older
//! than TURN refuses such a list as having unknown flags, so the version stays 2.
//!
//! Commands follow until the end: `opcode u8, length u32, payload`. They draw in order
//! (painter's model: a later command paints over an earlier one; ink is black, but an
//! ANTI_COLOR element paints its box black and its content white). Command `i` is element `i`
//! for error messages.
//!
//! ## Common element prefix, 20 bytes (every drawing command starts with it)
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | i32 | x, µm from the page's left edge |
//! | 4 | i32 | y, µm from the page's top edge |
//! | 8 | u32 | width, µm |
//! | 12 | u32 | height, µm (the element's box before rotation) |
//! | 16 | u8 | rotation: quarter turns clockwise about the box's centre, 0-3 |
//! | 17 | u8 | flags: bit 0 ANTI_COLOR (box black, content white); bit 1 MIRROR (content mirrored left-right within its box); other bits 0 |
//! | 18 | u16 | reserved, 0 |
//!
//! The content is laid out in the unrotated box (width x height), then turned; a turned box
//! keeps its centre (a 90° turn of a 20x10 mm box occupies 10x20 mm about the same centre).
//! The content of a turned, mirrored or ANTI_COLOR element is clipped to its box (a plain
//! element's overflow, e.g. a barcode wider than its box, hangs over the box).
//! Dot boxes: the box's edges convert with the rounding rule, so adjacent boxes never gap.
//!
//! ## Opcodes
//!
//! `1` SHAPE, payload 32 bytes: prefix, then
//!
//! | offset | size | field |
//! |---|---|---|
//! | 20 | u8 | shape: 0 rectangle, 1 rounded rectangle, 2 ellipse inscribed in the box (a circle: the facade passes a square box) |
//! | 21 | u8 | flags: bit 0 filled |
//! | 22 | u16 | reserved, 0 |
//! | 24 | u32 | line width, µm, drawn inside the box (0 with no fill = nothing) |
//! | 28 | u32 | corner radius, µm (shape 1; clamped to half the shorter side) |
//!
//! `2` BARCODE, payload >= 28 bytes: prefix, then
//!
//! | offset | size | field |
//! |---|---|---|
//! | 20 | u32 | module width, µm; 0 = the widest whole-dot module that fits |
//! | 24 | rest | symbol spec (symbol_spec.rs) |
//!
//! (The ABI's `measure` request: dpi u16, reserved u16, then this payload.)
//!
//! `3` LINE, payload 48 bytes: prefix, then the end points in page µm (the same frame as
//! x, y). The prefix's box is the area ANTI_COLOR and MIRROR act on, exactly as given: an
//! inverted line paints that box black and its stroke white, clipped to the box (a plain
//! line ignores the box). Rotation must be 0 (the facade turns the end points itself). The
//! facade writes a box-defined (horizontal or vertical) label line's box, turned upright
//! (its `height` is the thickness the line blackens), and otherwise the bounding box of
//! the stroke rectangle (the segment ± half the line width, butt ends):
//!
//! | offset | size | field |
//! |---|---|---|
//! | 20 | i32 | x1, µm |
//! | 24 | i32 | y1, µm |
//! | 28 | i32 | x2, µm |
//! | 32 | i32 | y2, µm |
//! | 36 | u32 | line width, µm (the stroke is centred on the segment, butt ends, at least 1 dot) |
//! | 40 | u32 | dash length, µm (0 = solid) |
//! | 44 | u32 | gap length, µm |
//!
//! The segment may run at any angle: its stroke is the rectangle around it, filled like the
//! shapes (dots whose centres are inside on 1-bit pages, covered area on grey ones). Dashes
//! start with a dash at (x1, y1); a dash plus gap under one dot draws the line solid (the
//! label's dashGap rule, dashes only from 0.1 mm, is the facade's). A zero-length segment
//! draws no stroke; with ANTI_COLOR its box is still painted.
//!
//! `4` TEXT and `5` ARC_TEXT, payload >= 36 bytes: prefix, then
//!
//! | offset | size | field |
//! |---|---|---|
//! | 20 | u32 | font height, µm (the em) |
//! | 24 | i32 | character spacing, µm (may be negative) |
//! | 28 | u16 | line spacing x 1000 (1000 = single) |
//! | 30 | u8 | style bits: 0 bold, 1 italic, 2 underline, 3 strikeout, 4 wrap (autoReturn), 5 autoHeight, 6 vertical (verDisplay) |
//! | 31 | u8 | horizontal alignment: 0 left, 1 centre, 2 right, 3 justify, 4 stretch (distributed: every line, the last included, spread over the width between its characters; one character centred) |
//! | 32 | u8 | vertical alignment: 0 top, 1 middle, 2 bottom (3, 4 read as 0) |
//! | 33 | u8 | reserved, 0 |
//! | 34 | u16 | font name length N, then N bytes of UTF-8 font name |
//! | 36+N | rest | the text, UTF-8 |
//!
//! Fonts are registered by name through the ABI (`load_font`, abi.rs and fonts.rs). The face used is the
//! registered face of that name and style (bold/italic), else that name's regular face with
//! synthetic bold/oblique (bold italic tries the bold, then the italic face first), else the
//! default face (the first registered face's name, in the same style); characters missing
//! from it come from the fallback faces in registration order (Latin, then CJK). With no
//! font registered at all, the built-in stroke font draws (Latin only). ARC_TEXT lays the text along the arc of its box
//! (raster truetype/arc.rs).
//! Ranges (else a parameter error naming the field): font height 1-500 000 µm and at most 4096
//! dots at the page's resolution; |character spacing| <= 100 000 µm; line spacing >= 1; style
//! bit 7 is 0. Font names match trimmed and case-insensitively. autoHeight grows the box
//! downwards to the text's height, at most to the page's bottom edge. Empty text draws nothing.
//!
//! `6` IMAGE, payload >= 40 bytes: prefix, then
//!
//! | offset | size | field |
//! |---|---|---|
//! | 20 | u8 | dither: 0 threshold, 1 ordered 8x8 (Bayer; the default half-tone), 2 Floyd-Steinberg, 3 Atkinson, 4 grey (GREY output keeps the levels; 1-bit output uses ordered) |
//! | 21 | u8 | threshold 0-255 (dither 0: a pixel darker than it is black) |
//! | 22 | u8 | flags: bit 0 tile (repeat at the tile size instead of stretching to the box) |
//! | 23 | u8 | reserved, 0 |
//! | 24 | u32 | image width, pixels (1-8192) |
//! | 28 | u32 | image height, pixels (1-8192) |
//! | 32 | u32 | tile width, µm (tile flag; else 0) |
//! | 36 | u32 | tile height, µm |
//! | 40 | w*h | luminance, row-major, 0 = black, 255 = white (alpha already composited on white by the facade) |
//!
//! The image is resampled to the dot box (area average when shrinking, nearest when
//! enlarging), then dithered in page dot coordinates.
//!
//! `7` TABLE, payload >= 28 bytes: prefix (the table's box), then
//!
//! | offset | size | field |
//! |---|---|---|
//! | 20 | u32 | line width, µm |
//! | 24 | u16 | rows R (1-100) |
//! | 26 | u16 | columns C (1-100) |
//! | 28 | R x u32 | row heights, µm |
//! | .. | C x u32 | column widths, µm |
//! | .. | u16 | merge count M, then M x 4 u16: first row, first column, last row, last column |
//!
//! The payload ends after the merges (no trailing bytes); a merge must lie inside the table
//! with first <= last. Draws the outer border and the inner grid lines, skipping lines inside
//! merged areas. Cell text is compiled as separate TEXT commands after the TABLE (for a turned table the facade
//! turns each cell's centre about the table's centre and gives the cell the table's rotation).
//!
//! ## Elsewhere
//!
//! The render result and the `measure` request are in abi.rs; `load_font` / `clear_fonts`
//! requests in fonts.rs; the symbol spec in symbol_spec.rs; how each command is drawn in
//! render.rs, frame.rs, shapes.rs, barcode.rs, text_command.rs and image_command.rs.
//!
//! ## Errors
//!
//! An unknown opcode or version is unsupported; a wrong payload length, a field out of
//! range, a non-zero reserved field or a truncated buffer is a parameter error naming the
//! field, its byte offset and the command (element) index; nothing is drawn then.

use crate::image_command::{self, ImageCommand};
use crate::reader::Reader;
use crate::symbol_spec::SymbolSpec;
use crate::text_command::{self, TextCommand};
use crate::{EngineError, ErrorCode};
use std::fmt;

pub const MAGIC: &[u8; 4] = b"AMDL";
pub const VERSION: u16 = 2;
pub const HEADER_LEN: usize = 28;
/// The common element prefix every drawing command starts with.
pub const PREFIX_LEN: usize = 20;

pub const OP_SHAPE: u8 = 1;
pub const OP_BARCODE: u8 = 2;
pub const OP_LINE: u8 = 3;
pub const OP_TEXT: u8 = 4;
pub const OP_ARC_TEXT: u8 = 5;
pub const OP_IMAGE: u8 = 6;
pub const OP_TABLE: u8 = 7;

/// Header flags.
pub const FLAG_GREY: u16 = 1;
pub const FLAG_FLIP_H: u16 = 2;
pub const FLAG_FLIP_V: u16 = 4;
/// TURN: bits 3-4, quarter turns clockwise of the finished page.
pub const FLAG_TURN_SHIFT: u16 = 3;
pub const FLAG_TURN_MASK: u16 = 3 << FLAG_TURN_SHIFT;
/// Element prefix flags.
pub const ELEMENT_ANTI_COLOR: u8 = 1;
pub const ELEMENT_MIRROR: u8 = 2;

const SHAPE_LEN: usize = 32;
/// Prefix, module width and the 4 fixed bytes of the symbol spec.
const BARCODE_MIN_LEN: usize = 28;
const LINE_LEN: usize = 48;
/// Prefix, line width, rows and columns (before the row heights).
const TABLE_FIXED_LEN: usize = 28;
/// Tables have 1-100 rows and 1-100 columns.
pub const TABLE_MAX: u16 = 100;

/// Page size, resolution and page-level options from the header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageSpec {
    pub width_um: u32,
    pub height_um: u32,
    pub dpi: u32,
    /// 8-bit grey output (one byte a dot) instead of 1-bit.
    pub grey: bool,
    /// The finished page mirrored left-right / top-bottom.
    pub flip_h: bool,
    pub flip_v: bool,
    /// Quarter turns clockwise of the finished page, 0-3 (after corners and flips).
    pub turn: u8,
    /// Corner radius of the label, µm (0 = square).
    pub corner_radius_um: u32,
    /// Background level, 255 = white (none).
    pub background: u8,
}

impl PageSpec {
    /// A plain white 1-bit page.
    pub fn plain(width_um: u32, height_um: u32, dpi: u32) -> PageSpec {
        PageSpec { width_um, height_um, dpi, grey: false, flip_h: false, flip_v: false, turn: 0, corner_radius_um: 0, background: 255 }
    }
}

/// A box in µm: top-left corner and size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UmBox {
    pub x: i32,
    pub y: i32,
    pub width: u32,
    pub height: u32,
}

/// The common element prefix: the unrotated box and how the content is turned, inverted
/// and mirrored (frame.rs applies it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ElementFrame {
    pub area: UmBox,
    /// Quarter turns clockwise about the box's centre, 0-3.
    pub rotation: u8,
    /// Box black, content white.
    pub anti_color: bool,
    /// Content mirrored left-right within its (unrotated) box.
    pub mirror: bool,
}

impl ElementFrame {
    /// A frame with no turn, inversion or mirror.
    pub fn plain(area: UmBox) -> ElementFrame {
        ElementFrame { area, rotation: 0, anti_color: false, mirror: false }
    }

    /// Whether the content can be drawn straight into the page (no scratch needed).
    pub fn is_plain(&self) -> bool {
        self.rotation == 0 && !self.anti_color && !self.mirror
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeKind {
    Rectangle,
    RoundedRectangle,
    /// Inscribed in the box (a circle when the box is square).
    Ellipse,
}

/// A merged group of table cells, inclusive indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Merge {
    pub first_row: u16,
    pub first_col: u16,
    pub last_row: u16,
    pub last_col: u16,
}

/// One drawing command; every variant starts with its [`ElementFrame`].
pub enum Command<'a> {
    Shape { frame: ElementFrame, shape: ShapeKind, filled: bool, line_um: u32, corner_um: u32 },
    /// `spec_bytes`: the symbol spec as it came (the key of the encode cache).
    Barcode { frame: ElementFrame, module_um: u32, symbol: SymbolSpec<'a>, spec_bytes: &'a [u8] },
    /// End points in page µm (the same frame as the box's x, y).
    Line { frame: ElementFrame, x1: i32, y1: i32, x2: i32, y2: i32, line_um: u32, dash_um: u32, gap_um: u32 },
    Text { frame: ElementFrame, text: TextCommand<'a> },
    ArcText { frame: ElementFrame, text: TextCommand<'a> },
    Image { frame: ElementFrame, image: ImageCommand<'a> },
    /// Row heights and column widths in µm, top to bottom and left to right.
    Table { frame: ElementFrame, line_um: u32, rows: Vec<u32>, cols: Vec<u32>, merges: Vec<Merge> },
}

impl<'a> Command<'a> {
    pub fn frame(&self) -> &ElementFrame {
        match self {
            Command::Shape { frame, .. }
            | Command::Barcode { frame, .. }
            | Command::Line { frame, .. }
            | Command::Text { frame, .. }
            | Command::ArcText { frame, .. }
            | Command::Image { frame, .. }
            | Command::Table { frame, .. } => frame,
        }
    }

    /// The command's name for messages.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Shape { .. } => "SHAPE",
            Command::Barcode { .. } => "BARCODE",
            Command::Line { .. } => "LINE",
            Command::Text { .. } => "TEXT",
            Command::ArcText { .. } => "ARC_TEXT",
            Command::Image { .. } => "IMAGE",
            Command::Table { .. } => "TABLE",
        }
    }
}

/// Names the command and its frame only: the text and image payloads belong to their own
/// modules, which need not be `Debug`.
impl<'a> fmt::Debug for Command<'a> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {:?}", self.name(), self.frame())
    }
}

#[derive(Debug)]
pub struct DisplayList<'a> {
    pub page: PageSpec,
    pub commands: Vec<Command<'a>>,
}

fn parameter(what: &str, at: usize, detail: impl fmt::Display) -> EngineError {
    EngineError::parameter(format!("{} at byte {}: {}", what, at, detail))
}

/// Decodes and validates a whole display list; payload data borrows `bytes`.
pub fn decode(bytes: &[u8]) -> Result<DisplayList<'_>, EngineError> {
    let mut r = Reader::new(bytes);
    if r.take(4, "magic")? != MAGIC {
        return Err(EngineError::parameter("not a display list (magic is not AMDL)"));
    }
    let version = r.u16("version")?;
    if version != VERSION {
        return Err(EngineError::new(
            ErrorCode::Unsupported,
            format!("display list version {} is not supported (this engine reads {})", version, VERSION),
        ));
    }
    let flags = r.u16("flags")?;
    if flags & !(FLAG_GREY | FLAG_FLIP_H | FLAG_FLIP_V | FLAG_TURN_MASK) != 0 {
        return Err(EngineError::parameter(format!("display list has unknown flags {:#06x}", flags)));
    }
    let width_um = r.u32("page width")?;
    let height_um = r.u32("page height")?;
    let dpi = r.u16("dpi")? as u32;
    if r.u16("reserved")? != 0 {
        return Err(EngineError::parameter("display list reserved field (byte 18) must be 0"));
    }
    let corner_radius_um = r.u32("corner radius")?;
    let background = r.u8("background level")?;
    if r.take(3, "reserved")? != [0, 0, 0] {
        return Err(EngineError::parameter("display list reserved bytes 25-27 must be 0"));
    }
    if dpi == 0 {
        return Err(EngineError::parameter("dpi must be at least 1"));
    }
    let page = PageSpec {
        width_um,
        height_um,
        dpi,
        grey: flags & FLAG_GREY != 0,
        flip_h: flags & FLAG_FLIP_H != 0,
        flip_v: flags & FLAG_FLIP_V != 0,
        turn: ((flags & FLAG_TURN_MASK) >> FLAG_TURN_SHIFT) as u8,
        corner_radius_um,
        background,
    };

    let mut commands = Vec::new();
    while !r.is_empty() {
        let at = r.pos();
        let index = commands.len();
        let opcode = r.u8("command opcode")?;
        let len = r.u32("command length")? as usize;
        let payload = r.take(len, "command payload")?;
        let command = decode_command(opcode, payload, at).map_err(|e| e.at_element(index))?;
        commands.push(command);
    }
    Ok(DisplayList { page, commands })
}

fn length_error(name: &str, at: usize, got: usize, expected: &str) -> EngineError {
    EngineError::parameter(format!("{} at byte {} has a {}-byte payload, expected {}", name, at, got, expected))
}

fn decode_command(opcode: u8, payload: &[u8], at: usize) -> Result<Command<'_>, EngineError> {
    let mut p = Reader::new(payload);
    match opcode {
        OP_SHAPE => {
            if payload.len() != SHAPE_LEN {
                return Err(length_error("SHAPE", at, payload.len(), &SHAPE_LEN.to_string()));
            }
            let frame = read_frame(&mut p, "SHAPE", at)?;
            let shape = match p.u8("shape")? {
                0 => ShapeKind::Rectangle,
                1 => ShapeKind::RoundedRectangle,
                2 => ShapeKind::Ellipse,
                other => return Err(parameter("SHAPE", at, format_args!("unknown shape {}", other))),
            };
            let flags = p.u8("shape flags")?;
            if flags & !1 != 0 {
                return Err(parameter("SHAPE", at, format_args!("unknown flags {:#04x}", flags)));
            }
            if p.u16("reserved")? != 0 {
                return Err(parameter("SHAPE", at, "reserved field must be 0"));
            }
            let line_um = p.u32("line width")?;
            let corner_um = p.u32("corner radius")?;
            Ok(Command::Shape { frame, shape, filled: flags & 1 != 0, line_um, corner_um })
        }
        OP_BARCODE => {
            if payload.len() < BARCODE_MIN_LEN {
                return Err(length_error("BARCODE", at, payload.len(), &format!("at least {}", BARCODE_MIN_LEN)));
            }
            let frame = read_frame(&mut p, "BARCODE", at)?;
            let module_um = p.u32("module width")?;
            let spec_bytes = &payload[p.pos()..];
            let symbol = SymbolSpec::read(&mut p)?;
            Ok(Command::Barcode { frame, module_um, symbol, spec_bytes })
        }
        OP_LINE => {
            if payload.len() != LINE_LEN {
                return Err(length_error("LINE", at, payload.len(), &LINE_LEN.to_string()));
            }
            let frame = read_frame(&mut p, "LINE", at)?;
            if frame.rotation != 0 {
                return Err(parameter("LINE", at, "rotation must be 0 (the end points are turned by the compiler)"));
            }
            let (x1, y1, x2, y2) = (p.i32("x1")?, p.i32("y1")?, p.i32("x2")?, p.i32("y2")?);
            let line_um = p.u32("line width")?;
            let dash_um = p.u32("dash length")?;
            let gap_um = p.u32("gap length")?;
            Ok(Command::Line { frame, x1, y1, x2, y2, line_um, dash_um, gap_um })
        }
        OP_TEXT | OP_ARC_TEXT => {
            let name = if opcode == OP_TEXT { "TEXT" } else { "ARC_TEXT" };
            if payload.len() < PREFIX_LEN {
                return Err(length_error(name, at, payload.len(), "at least 36"));
            }
            let frame = read_frame(&mut p, name, at)?;
            let text = text_command::decode(p.rest())?;
            Ok(if opcode == OP_TEXT { Command::Text { frame, text } } else { Command::ArcText { frame, text } })
        }
        OP_IMAGE => {
            if payload.len() < PREFIX_LEN {
                return Err(length_error("IMAGE", at, payload.len(), "at least 40"));
            }
            let frame = read_frame(&mut p, "IMAGE", at)?;
            let image = image_command::decode(p.rest())?;
            Ok(Command::Image { frame, image })
        }
        OP_TABLE => decode_table(&mut p, payload.len(), at),
        _ => Err(EngineError::new(ErrorCode::Unsupported, format!("unknown command {} at byte {}", opcode, at))),
    }
}

fn decode_table<'a>(p: &mut Reader<'a>, len: usize, at: usize) -> Result<Command<'a>, EngineError> {
    if len < TABLE_FIXED_LEN {
        return Err(length_error("TABLE", at, len, &format!("at least {}", TABLE_FIXED_LEN)));
    }
    let frame = read_frame(p, "TABLE", at)?;
    let line_um = p.u32("line width")?;
    let (nr, nc) = (p.u16("rows")?, p.u16("columns")?);
    if !(1..=TABLE_MAX).contains(&nr) || !(1..=TABLE_MAX).contains(&nc) {
        return Err(parameter("TABLE", at, format_args!("{} x {} cells: rows and columns must be 1-{}", nr, nc, TABLE_MAX)));
    }
    let mut rows = Vec::with_capacity(nr as usize);
    for _ in 0..nr {
        rows.push(p.u32("row height")?);
    }
    let mut cols = Vec::with_capacity(nc as usize);
    for _ in 0..nc {
        cols.push(p.u32("column width")?);
    }
    let count = p.u16("merge count")?;
    let mut merges = Vec::with_capacity((count as usize).min(p.remaining() / 8));
    for _ in 0..count {
        let m = Merge {
            first_row: p.u16("merge first row")?,
            first_col: p.u16("merge first column")?,
            last_row: p.u16("merge last row")?,
            last_col: p.u16("merge last column")?,
        };
        if m.first_row > m.last_row || m.first_col > m.last_col || m.last_row >= nr || m.last_col >= nc {
            return Err(parameter(
                "TABLE",
                at,
                format_args!(
                    "merge rows {}-{}, columns {}-{} is not inside the {} x {} table",
                    m.first_row, m.last_row, m.first_col, m.last_col, nr, nc
                ),
            ));
        }
        merges.push(m);
    }
    if !p.is_empty() {
        return Err(parameter("TABLE", at, format_args!("{} bytes after the merges", p.remaining())));
    }
    Ok(Command::Table { frame, line_um, rows, cols, merges })
}

/// Decodes a BARCODE payload on its own (the `measure` request carries one).
pub fn decode_barcode(payload: &[u8]) -> Result<(ElementFrame, u32, SymbolSpec<'_>), EngineError> {
    match decode_command(OP_BARCODE, payload, 0)? {
        Command::Barcode { frame, module_um, symbol, .. } => Ok((frame, module_um, symbol)),
        _ => Err(EngineError::parameter("not a barcode")),
    }
}

/// Reads and validates the 20-byte common element prefix.
fn read_frame(p: &mut Reader<'_>, name: &str, at: usize) -> Result<ElementFrame, EngineError> {
    let area = UmBox { x: p.i32("x")?, y: p.i32("y")?, width: p.u32("width")?, height: p.u32("height")? };
    let rotation = p.u8("rotation")?;
    if rotation > 3 {
        return Err(parameter(name, at, format_args!("rotation {} is not 0-3 quarter turns", rotation)));
    }
    let flags = p.u8("element flags")?;
    if flags & !(ELEMENT_ANTI_COLOR | ELEMENT_MIRROR) != 0 {
        return Err(parameter(name, at, format_args!("unknown element flags {:#04x}", flags)));
    }
    if p.u16("reserved")? != 0 {
        return Err(parameter(name, at, "element reserved field must be 0"));
    }
    Ok(ElementFrame { area, rotation, anti_color: flags & ELEMENT_ANTI_COLOR != 0, mirror: flags & ELEMENT_MIRROR != 0 })
}

/// Builds display lists in tests (Rust side); the product's compiler is the facade's.
#[cfg(test)]
pub mod build {
    use super::*;

    /// A 1-bit page, white, square corners, no flips.
    pub fn header(width_um: u32, height_um: u32, dpi: u16) -> Vec<u8> {
        header_with(&PageSpec::plain(width_um, height_um, dpi as u32))
    }

    pub fn header_with(page: &PageSpec) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&VERSION.to_le_bytes());
        let flags = (page.grey as u16) * FLAG_GREY + (page.flip_h as u16) * FLAG_FLIP_H + (page.flip_v as u16) * FLAG_FLIP_V + ((page.turn as u16 & 3) << FLAG_TURN_SHIFT);
        out.extend_from_slice(&flags.to_le_bytes());
        out.extend_from_slice(&page.width_um.to_le_bytes());
        out.extend_from_slice(&page.height_um.to_le_bytes());
        out.extend_from_slice(&(page.dpi as u16).to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes());
        out.extend_from_slice(&page.corner_radius_um.to_le_bytes());
        out.extend_from_slice(&[page.background, 0, 0, 0]);
        out
    }

    pub fn command(out: &mut Vec<u8>, opcode: u8, payload: &[u8]) {
        out.push(opcode);
        out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
        out.extend_from_slice(payload);
    }

    pub fn frame(x: i32, y: i32, w: u32, h: u32) -> ElementFrame {
        ElementFrame::plain(UmBox { x, y, width: w, height: h })
    }

    /// The 20-byte element prefix.
    pub fn prefix(p: &mut Vec<u8>, f: &ElementFrame) {
        let a = f.area;
        for v in [a.x.to_le_bytes(), a.y.to_le_bytes(), a.width.to_le_bytes(), a.height.to_le_bytes()] {
            p.extend_from_slice(&v);
        }
        let flags = (f.anti_color as u8) * ELEMENT_ANTI_COLOR + (f.mirror as u8) * ELEMENT_MIRROR;
        p.extend_from_slice(&[f.rotation, flags, 0, 0]);
    }

    /// Any command: prefix, then `rest`.
    pub fn element(out: &mut Vec<u8>, opcode: u8, f: &ElementFrame, rest: &[u8]) {
        let mut p = Vec::new();
        prefix(&mut p, f);
        p.extend_from_slice(rest);
        command(out, opcode, &p);
    }

    pub fn shape(out: &mut Vec<u8>, f: &ElementFrame, kind: ShapeKind, filled: bool, line: u32, corner: u32) {
        let mut rest = vec![kind as u8, filled as u8, 0, 0];
        rest.extend_from_slice(&line.to_le_bytes());
        rest.extend_from_slice(&corner.to_le_bytes());
        element(out, OP_SHAPE, f, &rest);
    }

    /// A plain rectangle.
    pub fn rect(out: &mut Vec<u8>, x: i32, y: i32, w: u32, h: u32, line: u32, filled: bool) {
        shape(out, &frame(x, y, w, h), ShapeKind::Rectangle, filled, line, 0);
    }

    /// A BARCODE without options (text below, every default).
    #[allow(clippy::too_many_arguments)]
    pub fn barcode(out: &mut Vec<u8>, x: i32, y: i32, w: u32, h: u32, module: u32, symbology: u8, data: &[u8]) {
        let mut spec = vec![symbology, 0, 0, 0];
        spec.extend_from_slice(data);
        barcode_spec(out, x, y, w, h, module, &spec);
    }

    /// A BARCODE with a whole symbol spec (symbol_spec::build::spec).
    #[allow(clippy::too_many_arguments)]
    pub fn barcode_spec(out: &mut Vec<u8>, x: i32, y: i32, w: u32, h: u32, module: u32, spec: &[u8]) {
        barcode_frame(out, &frame(x, y, w, h), module, spec);
    }

    pub fn barcode_frame(out: &mut Vec<u8>, f: &ElementFrame, module: u32, spec: &[u8]) {
        let mut rest = module.to_le_bytes().to_vec();
        rest.extend_from_slice(spec);
        element(out, OP_BARCODE, f, &rest);
    }

    /// A LINE whose box is the ends' bounding box grown by half the stroke on every side
    /// (it holds the stroke at any angle); [`line_frame`] for any other box.
    #[allow(clippy::too_many_arguments)]
    pub fn line(out: &mut Vec<u8>, a: (i32, i32), b: (i32, i32), width: u32, dash: u32, gap: u32, flags: u8) {
        // i64: the extreme ends' distance overflows i32; clamped to the prefix's fields.
        let half = width as i64 / 2;
        let x0 = (a.0.min(b.0) as i64 - half).max(i32::MIN as i64);
        let y0 = (a.1.min(b.1) as i64 - half).max(i32::MIN as i64);
        let x1 = a.0.max(b.0) as i64 + half;
        let y1 = a.1.max(b.1) as i64 + half;
        let size = |d: i64| d.min(u32::MAX as i64) as u32;
        let mut f = frame(x0 as i32, y0 as i32, size(x1 - x0), size(y1 - y0));
        f.anti_color = flags & ELEMENT_ANTI_COLOR != 0;
        f.mirror = flags & ELEMENT_MIRROR != 0;
        line_frame(out, &f, a, b, width, dash, gap);
    }

    /// A LINE with the box (and flags) of `f`; `f.rotation` must be 0.
    pub fn line_frame(out: &mut Vec<u8>, f: &ElementFrame, a: (i32, i32), b: (i32, i32), width: u32, dash: u32, gap: u32) {
        let mut rest = Vec::new();
        for v in [a.0, a.1, b.0, b.1] {
            rest.extend_from_slice(&v.to_le_bytes());
        }
        for v in [width, dash, gap] {
            rest.extend_from_slice(&v.to_le_bytes());
        }
        element(out, OP_LINE, f, &rest);
    }

    pub fn table(out: &mut Vec<u8>, f: &ElementFrame, line: u32, rows: &[u32], cols: &[u32], merges: &[[u16; 4]]) {
        let mut rest = line.to_le_bytes().to_vec();
        rest.extend_from_slice(&(rows.len() as u16).to_le_bytes());
        rest.extend_from_slice(&(cols.len() as u16).to_le_bytes());
        for v in rows.iter().chain(cols) {
            rest.extend_from_slice(&v.to_le_bytes());
        }
        rest.extend_from_slice(&(merges.len() as u16).to_le_bytes());
        for m in merges {
            for v in m {
                rest.extend_from_slice(&v.to_le_bytes());
            }
        }
        element(out, OP_TABLE, f, &rest);
    }
}

#[cfg(test)]
mod tests {
    use super::build::*;
    use super::*;
    use assetmark_symbology::Symbology;

    #[test]
    fn decodes_header_and_commands() {
        let page = PageSpec {
            width_um: 40_000,
            height_um: 30_000,
            dpi: 203,
            grey: true,
            flip_h: true,
            flip_v: false,
            turn: 3,
            corner_radius_um: 800,
            background: 200,
        };
        let mut dl = header_with(&page);
        assert_eq!(dl.len(), HEADER_LEN);
        rect(&mut dl, 0, 0, 40_000, 30_000, 500, false);
        barcode(&mut dl, 2_000, 3_000, 36_000, 10_000, 0, 20, b"ABC");
        let mut f = frame(-5, 6, 7, 8);
        f.rotation = 3;
        f.anti_color = true;
        f.mirror = true;
        shape(&mut dl, &f, ShapeKind::RoundedRectangle, true, 9, 10);
        line(&mut dl, (100, 900), (700, 300), 50, 20, 30, ELEMENT_MIRROR);
        table(&mut dl, &frame(0, 0, 10, 10), 250, &[4, 6], &[3, 3, 4], &[[0, 1, 1, 2]]);
        let list = decode(&dl).unwrap();
        assert_eq!(list.page, page);
        assert_eq!(list.commands.len(), 5);
        match list.commands[0] {
            Command::Shape { frame: f0, shape, filled, line_um, corner_um } => {
                assert_eq!(f0, frame(0, 0, 40_000, 30_000));
                assert_eq!((shape, filled, line_um, corner_um), (ShapeKind::Rectangle, false, 500, 0));
            }
            ref c => panic!("{:?}", c),
        }
        match list.commands[1] {
            Command::Barcode { frame: f1, module_um, symbol, spec_bytes } => {
                assert_eq!(spec_bytes, &[20, 0, 0, 0, b'A', b'B', b'C'][..]);
                assert_eq!(f1.area.x, 2_000);
                assert_eq!(module_um, 0);
                assert_eq!(symbol.symbology, Symbology::Code128);
                assert_eq!(symbol.data, b"ABC");
            }
            ref c => panic!("{:?}", c),
        }
        match list.commands[2] {
            Command::Shape { frame: f2, shape, filled, line_um, corner_um } => {
                assert_eq!(f2, f);
                assert_eq!((shape, filled, line_um, corner_um), (ShapeKind::RoundedRectangle, true, 9, 10));
            }
            ref c => panic!("{:?}", c),
        }
        match list.commands[3] {
            Command::Line { frame: f3, x1, y1, x2, y2, line_um, dash_um, gap_um } => {
                // The ends' bounding box grown by half the stroke (the builder's box).
                assert_eq!(f3.area, UmBox { x: 75, y: 275, width: 650, height: 650 });
                assert!(f3.mirror && !f3.anti_color);
                assert_eq!((x1, y1, x2, y2, line_um, dash_um, gap_um), (100, 900, 700, 300, 50, 20, 30));
            }
            ref c => panic!("{:?}", c),
        }
        match &list.commands[4] {
            Command::Table { line_um, rows, cols, merges, .. } => {
                assert_eq!((*line_um, rows.as_slice(), cols.as_slice()), (250, &[4, 6][..], &[3, 3, 4][..]));
                assert_eq!(merges, &[Merge { first_row: 0, first_col: 1, last_row: 1, last_col: 2 }]);
            }
            c => panic!("{:?}", c),
        }
        assert_eq!(format!("{:?}", list.commands[4]).split(' ').next(), Some("TABLE"));
    }

    #[test]
    fn malformed_headers_are_parameter_errors() {
        assert_eq!(decode(b"").unwrap_err().code, ErrorCode::Parameter);
        assert_eq!(decode(b"XXXX").unwrap_err().code, ErrorCode::Parameter);
        let good = header(1_000, 1_000, 203);
        assert!(decode(&good).is_ok());
        assert_eq!(decode(&good[..27]).unwrap_err().code, ErrorCode::Parameter);
        let zero_dpi = header(1_000, 1_000, 0);
        assert_eq!(decode(&zero_dpi).unwrap_err().code, ErrorCode::Parameter);
        let mut v1 = good.clone();
        v1[4] = 1;
        assert_eq!(decode(&v1).unwrap_err().code, ErrorCode::Unsupported);
        // Unknown flag bit, reserved fields.
        for (at, value) in [(6, 0x20), (6, 0x80), (7, 1), (18, 1), (19, 1), (25, 1), (26, 1), (27, 1)] {
            let mut bad = good.clone();
            bad[at] = value;
            assert_eq!(decode(&bad).unwrap_err().code, ErrorCode::Parameter, "byte {}", at);
        }
        // Any background level and corner radius are fine.
        let mut ok = good.clone();
        ok[20..25].copy_from_slice(&[0xFF, 0xFF, 0xFF, 0xFF, 0]);
        assert_eq!(decode(&ok).unwrap().page.background, 0);
        // TURN, bits 3-4: every quarter turn, beside the other flags.
        for q in 0..4u8 {
            let mut turned = good.clone();
            turned[6] = (q << 3) | 0b111;
            let page = decode(&turned).unwrap().page;
            assert_eq!((page.turn, page.grey, page.flip_h, page.flip_v), (q, true, true, true));
        }
    }

    #[test]
    fn malformed_commands_name_the_element() {
        let good = header(1_000, 1_000, 203);
        // A command whose length runs past the end.
        let mut dl = good.clone();
        dl.extend_from_slice(&[OP_SHAPE, 200, 0, 0, 0, 1, 2, 3]);
        let e = decode(&dl).unwrap_err();
        assert_eq!(e.code, ErrorCode::Parameter);
        assert!(e.message.contains("truncated command payload at byte 33"), "{}", e.message);

        let check = |make: &dyn Fn(&mut Vec<u8>), what: &str| {
            let mut dl = good.clone();
            rect(&mut dl, 0, 0, 1, 1, 0, false);
            make(&mut dl);
            let e = decode(&dl).unwrap_err();
            assert_eq!((e.code, e.element), (ErrorCode::Parameter, Some(1)), "{}: {}", what, e.message);
        };
        let plain = frame(0, 0, 1, 1);
        check(&|dl| command(dl, OP_SHAPE, &[0; 31]), "short shape");
        check(&|dl| command(dl, OP_SHAPE, &[0; 33]), "long shape");
        check(&|dl| command(dl, OP_LINE, &[0; 47]), "short line");
        check(&|dl| command(dl, OP_BARCODE, &[0; 27]), "short barcode");
        check(&|dl| command(dl, OP_TABLE, &[0; 27]), "short table");
        check(&|dl| command(dl, OP_TEXT, &[0; 19]), "short text");
        check(&|dl| command(dl, OP_IMAGE, &[0; 19]), "short image");
        // Every prefix and shape field.
        for (at, value) in [(16, 4), (17, 4), (18, 1), (19, 1), (20, 3), (21, 2), (22, 1), (23, 1)] {
            check(
                &|dl| {
                    let start = dl.len() + 5;
                    shape(dl, &plain, ShapeKind::Ellipse, false, 1, 0);
                    dl[start + at] = value;
                },
                &format!("shape byte {}", at),
            );
        }
        // A turned line.
        check(
            &|dl| {
                let start = dl.len() + 5;
                line(dl, (0, 0), (1, 1), 1, 0, 0, 0);
                dl[start + 16] = 1;
            },
            "turned line",
        );
        // Table counts, merges and trailing bytes.
        check(&|dl| table(dl, &plain, 1, &[], &[1], &[]), "0 rows");
        check(&|dl| table(dl, &plain, 1, &[1; 101], &[1], &[]), "101 rows");
        check(&|dl| table(dl, &plain, 1, &[1], &[1; 101], &[]), "101 columns");
        check(&|dl| table(dl, &plain, 1, &[1, 1], &[1, 1], &[[0, 0, 2, 1]]), "merge past the last row");
        check(&|dl| table(dl, &plain, 1, &[1, 1], &[1, 1], &[[1, 0, 0, 1]]), "merge upside down");
        check(&|dl| table(dl, &plain, 1, &[1, 1], &[1, 1], &[[0, 1, 1, 0]]), "merge right to left");
        check(
            &|dl| {
                let mut p = Vec::new();
                prefix(&mut p, &plain);
                p.extend_from_slice(&[1, 0, 0, 0, 1, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 9]);
                command(dl, OP_TABLE, &p);
            },
            "trailing byte",
        );
        let mut dl = good.clone();
        table(&mut dl, &plain, 1, &[1; 100], &[1; 100], &[[0, 0, 99, 99]]);
        assert!(decode(&dl).is_ok());
        // Unknown opcodes are unsupported.
        let mut dl = good.clone();
        dl.extend_from_slice(&[77, 0, 0, 0, 0]);
        assert_eq!(decode(&dl).unwrap_err().code, ErrorCode::Unsupported);
        let mut dl = good;
        dl.extend_from_slice(&[0, 0, 0, 0, 0]);
        assert_eq!(decode(&dl).unwrap_err().code, ErrorCode::Unsupported);
    }

    #[test]
    fn arbitrary_bytes_never_panic() {
        let mut seed = 7u64;
        let mut base = header(40_000, 30_000, 203);
        rect(&mut base, 0, 0, 1, 1, 1, true);
        barcode(&mut base, 0, 0, 1, 1, 0, 20, b"x");
        line(&mut base, (0, 0), (5, 9), 3, 1, 1, 1);
        table(&mut base, &frame(0, 0, 9, 9), 1, &[1, 2], &[3, 4], &[[0, 0, 1, 0]]);
        let mut f = frame(1, 2, 3, 4);
        f.rotation = 1;
        shape(&mut base, &f, ShapeKind::Ellipse, false, 1, 0);
        for _ in 0..20_000 {
            let mut dl = base.clone();
            for _ in 0..3 {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                let i = (seed >> 33) as usize % dl.len();
                dl[i] = (seed >> 20) as u8;
            }
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
            dl.truncate((seed >> 33) as usize % (dl.len() + 1));
            let _ = decode(&dl);
        }
    }
}
