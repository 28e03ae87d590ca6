//! The display list: a compact binary description of one label page, compiled by the
//! facade (`src/engine/display-list.ts`) and decoded here before anything is drawn.
//!
//! # Format, version 1
//!
//! Little-endian, no padding or alignment. Lengths are in micrometres (µm = mm * 1000,
//! so documents' 3-decimal millimetres are exact); positions are signed, so an element may
//! hang over the top or left edge; everything is clipped to the page.
//!
//! Header, 20 bytes:
//!
//! | offset | size | field                                               |
//! |--------|------|-----------------------------------------------------|
//! | 0      | 4    | magic `AMDL`                                        |
//! | 4      | u16  | version, 1                                          |
//! | 6      | u16  | flags, must be 0 (reserved)                         |
//! | 8      | u32  | page width, µm                                      |
//! | 12     | u32  | page height, µm                                     |
//! | 16     | u16  | resolution, dots per inch, 1-65535                  |
//! | 18     | u16  | reserved, must be 0                                 |
//!
//! Then commands until the end of the buffer, each `opcode: u8`, `length: u32` (bytes of
//! payload), payload. Commands draw in order (ink only, so order does not matter yet);
//! command `i` is element `i` of the facade's page, which is how errors name an element.
//!
//! `1` RECT, payload 21 bytes: a rectangle whose border lies inside its box.
//!
//! | offset | size | field                                                       |
//! |--------|------|-------------------------------------------------------------|
//! | 0      | i32  | x, µm from the page's left edge                             |
//! | 4      | i32  | y, µm from the page's top edge                              |
//! | 8      | u32  | width, µm                                                   |
//! | 12     | u32  | height, µm                                                  |
//! | 16     | u32  | line width, µm (0 = no border)                              |
//! | 20     | u8   | flags: bit 0 filled; other bits must be 0                   |
//!
//! `2` BARCODE, payload 24 bytes or more: a symbol fitted into its box (render.rs).
//!
//! | offset | size | field                                                       |
//! |--------|------|-------------------------------------------------------------|
//! | 0      | i32  | x, µm                                                       |
//! | 4      | i32  | y, µm                                                       |
//! | 8      | u32  | width, µm                                                   |
//! | 12     | u32  | height, µm (bars, text and quiet zone all inside)           |
//! | 16     | u32  | module width, µm; 0 = the widest whole-dot module that fits |
//! | 20     | rest | symbol spec (symbol_spec.rs): symbology, options, data      |
//!
//! (The `measure` request of the ABI is this payload behind a 4-byte dpi header; abi.rs.)
//!
//! Any other opcode, a wrong payload length, a non-zero reserved field or a truncated
//! buffer is a parameter error naming the byte offset; nothing is drawn then.

use crate::reader::Reader;
use crate::symbol_spec::SymbolSpec;
use crate::{EngineError, ErrorCode};

pub const MAGIC: &[u8; 4] = b"AMDL";
pub const VERSION: u16 = 1;
pub const HEADER_LEN: usize = 20;

pub const OP_RECT: u8 = 1;
pub const OP_BARCODE: u8 = 2;

const RECT_LEN: usize = 21;
/// Box, module width and the 4 fixed bytes of the symbol spec.
const BARCODE_MIN_LEN: usize = 24;

/// Page size and resolution from the header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageSpec {
    pub width_um: u32,
    pub height_um: u32,
    pub dpi: u32,
}

/// A box in µm: top-left corner and size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UmBox {
    pub x: i32,
    pub y: i32,
    pub width: u32,
    pub height: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command<'a> {
    Rect { area: UmBox, line_um: u32, filled: bool },
    Barcode { area: UmBox, module_um: u32, symbol: SymbolSpec<'a> },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DisplayList<'a> {
    pub page: PageSpec,
    pub commands: Vec<Command<'a>>,
}

/// Decodes and validates a whole display list; barcode data borrows `bytes`.
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
    if r.u16("flags")? != 0 {
        return Err(EngineError::parameter("display list flags must be 0"));
    }
    let width_um = r.u32("page width")?;
    let height_um = r.u32("page height")?;
    let dpi = r.u16("dpi")? as u32;
    if r.u16("reserved")? != 0 {
        return Err(EngineError::parameter("display list reserved field must be 0"));
    }
    if dpi == 0 {
        return Err(EngineError::parameter("dpi must be at least 1"));
    }
    let page = PageSpec { width_um, height_um, dpi };

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

fn decode_command(opcode: u8, payload: &[u8], at: usize) -> Result<Command<'_>, EngineError> {
    let mut p = Reader::new(payload);
    match opcode {
        OP_RECT => {
            if payload.len() != RECT_LEN {
                return Err(EngineError::parameter(format!(
                    "RECT at byte {} has a {}-byte payload, expected {}",
                    at,
                    payload.len(),
                    RECT_LEN
                )));
            }
            let area = read_box(&mut p)?;
            let line_um = p.u32("line width")?;
            let flags = p.u8("rect flags")?;
            if flags & !1 != 0 {
                return Err(EngineError::parameter(format!("RECT at byte {} has unknown flags {:#04x}", at, flags)));
            }
            Ok(Command::Rect { area, line_um, filled: flags & 1 != 0 })
        }
        OP_BARCODE => {
            if payload.len() < BARCODE_MIN_LEN {
                return Err(EngineError::parameter(format!(
                    "BARCODE at byte {} has a {}-byte payload, expected at least {}",
                    at,
                    payload.len(),
                    BARCODE_MIN_LEN
                )));
            }
            let area = read_box(&mut p)?;
            let module_um = p.u32("module width")?;
            let symbol = SymbolSpec::read(&mut p)?;
            Ok(Command::Barcode { area, module_um, symbol })
        }
        _ => Err(EngineError::new(ErrorCode::Unsupported, format!("unknown command {} at byte {}", opcode, at))),
    }
}

/// Decodes a BARCODE payload on its own (the `measure` request carries one).
pub fn decode_barcode(payload: &[u8]) -> Result<(UmBox, u32, SymbolSpec<'_>), EngineError> {
    match decode_command(OP_BARCODE, payload, 0)? {
        Command::Barcode { area, module_um, symbol } => Ok((area, module_um, symbol)),
        Command::Rect { .. } => Err(EngineError::parameter("not a barcode")),
    }
}

fn read_box(p: &mut Reader<'_>) -> Result<UmBox, EngineError> {
    Ok(UmBox { x: p.i32("x")?, y: p.i32("y")?, width: p.u32("width")?, height: p.u32("height")? })
}

/// Builds display lists in tests (Rust side); the product's compiler is the facade's.
#[cfg(test)]
pub mod build {
    use super::*;

    pub fn header(width_um: u32, height_um: u32, dpi: u16) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes());
        out.extend_from_slice(&width_um.to_le_bytes());
        out.extend_from_slice(&height_um.to_le_bytes());
        out.extend_from_slice(&dpi.to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes());
        out
    }

    fn command(out: &mut Vec<u8>, opcode: u8, payload: &[u8]) {
        out.push(opcode);
        out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
        out.extend_from_slice(payload);
    }

    fn area(p: &mut Vec<u8>, x: i32, y: i32, w: u32, h: u32) {
        for v in [x.to_le_bytes(), y.to_le_bytes(), w.to_le_bytes(), h.to_le_bytes()] {
            p.extend_from_slice(&v);
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub fn rect(out: &mut Vec<u8>, x: i32, y: i32, w: u32, h: u32, line: u32, filled: bool) {
        let mut p = Vec::new();
        area(&mut p, x, y, w, h);
        p.extend_from_slice(&line.to_le_bytes());
        p.push(filled as u8);
        command(out, OP_RECT, &p);
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
        let mut p = Vec::new();
        area(&mut p, x, y, w, h);
        p.extend_from_slice(&module.to_le_bytes());
        p.extend_from_slice(spec);
        command(out, OP_BARCODE, &p);
    }
}

#[cfg(test)]
mod tests {
    use super::build::*;
    use super::*;
    use assetmark_symbology::Symbology;

    #[test]
    fn decodes_header_and_commands() {
        let mut dl = header(40_000, 30_000, 203);
        rect(&mut dl, 0, 0, 40_000, 30_000, 500, false);
        barcode(&mut dl, 2_000, 3_000, 36_000, 10_000, 0, 20, b"ABC");
        let list = decode(&dl).unwrap();
        assert_eq!(list.page, PageSpec { width_um: 40_000, height_um: 30_000, dpi: 203 });
        assert_eq!(list.commands.len(), 2);
        assert_eq!(
            list.commands[0],
            Command::Rect { area: UmBox { x: 0, y: 0, width: 40_000, height: 30_000 }, line_um: 500, filled: false }
        );
        match list.commands[1] {
            Command::Barcode { area, module_um, symbol } => {
                assert_eq!(area.x, 2_000);
                assert_eq!(module_um, 0);
                assert_eq!(symbol.symbology, Symbology::Code128);
                assert_eq!(symbol.data, b"ABC");
            }
            _ => panic!("expected a barcode"),
        }
    }

    #[test]
    fn malformed_lists_are_parameter_errors() {
        assert_eq!(decode(b"").unwrap_err().code, ErrorCode::Parameter);
        assert_eq!(decode(b"XXXX").unwrap_err().code, ErrorCode::Parameter);
        let good = header(1_000, 1_000, 203);
        assert_eq!(decode(&good[..19]).unwrap_err().code, ErrorCode::Parameter);
        let mut zero_dpi = header(1_000, 1_000, 0);
        assert_eq!(decode(&zero_dpi).unwrap_err().code, ErrorCode::Parameter);
        zero_dpi[4] = 2; // version 2
        assert_eq!(decode(&zero_dpi).unwrap_err().code, ErrorCode::Unsupported);

        // A command whose length runs past the end.
        let mut dl = good.clone();
        dl.extend_from_slice(&[OP_RECT, 200, 0, 0, 0, 1, 2, 3]);
        let e = decode(&dl).unwrap_err();
        assert_eq!(e.code, ErrorCode::Parameter);
        assert!(e.message.contains("truncated command payload at byte 25"), "{}", e.message);

        // Wrong RECT length, unknown flag, unknown opcode: attributed to the element.
        let mut dl = good.clone();
        rect(&mut dl, 0, 0, 1, 1, 0, false);
        dl.extend_from_slice(&[OP_RECT, 1, 0, 0, 0, 0]);
        let e = decode(&dl).unwrap_err();
        assert_eq!((e.code, e.element), (ErrorCode::Parameter, Some(1)));
        let mut dl = good.clone();
        rect(&mut dl, 0, 0, 1, 1, 0, false);
        let last = dl.len() - 1;
        dl[last] = 2;
        assert_eq!(decode(&dl).unwrap_err().element, Some(0));
        let mut dl = good.clone();
        dl.extend_from_slice(&[77, 0, 0, 0, 0]);
        assert_eq!(decode(&dl).unwrap_err().code, ErrorCode::Unsupported);
    }

    #[test]
    fn arbitrary_bytes_never_panic() {
        let mut seed = 7u64;
        let mut base = header(40_000, 30_000, 203);
        rect(&mut base, 0, 0, 1, 1, 1, true);
        barcode(&mut base, 0, 0, 1, 1, 0, 20, b"x");
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
