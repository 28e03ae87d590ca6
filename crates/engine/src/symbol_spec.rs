//! What to encode (the *symbol spec*) and how an encoded symbol is returned.
//!
//! # Symbol spec (request of `encode`; tail of the display list's BARCODE command)
//!
//! Little-endian, no padding:
//!
//! | offset | size | field                                                          |
//! |--------|------|----------------------------------------------------------------|
//! | 0      | u8   | symbology: zint's barcode number (20 = Code 128)               |
//! | 1      | u8   | flags, must be 0 (reserved)                                    |
//! | 2      | u16  | N, length of the options in bytes                              |
//! | 4      | N    | options, symbology-specific; none defined yet, so N must be 0  |
//! | 4 + N  | rest | data bytes (ASCII for Code 128)                                |
//!
//! # Encode result (the result buffer after a successful `encode`)
//!
//! | offset | size | field                                                          |
//! |--------|------|----------------------------------------------------------------|
//! | 0      | u8   | kind: 1 = linear, 2 = matrix                                   |
//! | 1      | 3    | zero                                                           |
//! | 4      | u32  | width in modules (no quiet zone)                               |
//! | 8      | u32  | height in modules (1 for linear)                               |
//! | 12     | w*h  | one byte per module, row-major: 1 = bar/dark, 0 = space/light  |

use crate::reader::Reader;
use crate::{EngineError, ErrorCode};
use assetmark_symbology::{Symbol, Symbology};

/// A decoded symbol spec; `data` borrows the request buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SymbolSpec<'a> {
    pub symbology: Symbology,
    pub data: &'a [u8],
}

pub const KIND_LINEAR: u8 = 1;
pub const KIND_MATRIX: u8 = 2;

impl<'a> SymbolSpec<'a> {
    /// Reads a spec from the reader's position to the end of its buffer.
    pub fn read(r: &mut Reader<'a>) -> Result<SymbolSpec<'a>, EngineError> {
        let at = r.pos();
        let id = r.u8("symbology")?;
        let symbology = Symbology::from_id(id).ok_or_else(|| {
            EngineError::new(ErrorCode::Unsupported, format!("unsupported symbology {} at byte {}", id, at))
        })?;
        let flags = r.u8("symbol flags")?;
        if flags != 0 {
            return Err(EngineError::parameter(format!("symbol flags must be 0, got {}", flags)));
        }
        let options_len = r.u16("symbol options length")? as usize;
        if options_len != 0 {
            return Err(EngineError::parameter(format!(
                "{} takes no options, got {} bytes",
                symbology.name(),
                options_len
            )));
        }
        Ok(SymbolSpec { symbology, data: r.rest() })
    }

    /// Parses a whole `encode` request.
    pub fn parse(bytes: &'a [u8]) -> Result<SymbolSpec<'a>, EngineError> {
        SymbolSpec::read(&mut Reader::new(bytes))
    }

    pub fn encode(&self) -> Result<Symbol, EngineError> {
        Ok(self.symbology.encode(self.data)?)
    }
}

/// Writes `symbol` in the encode-result layout into `out` (cleared first).
pub fn write_symbol(symbol: &Symbol, out: &mut Vec<u8>) -> Result<(), EngineError> {
    let (kind, width, height, modules) = match symbol {
        Symbol::Linear(s) => (KIND_LINEAR, s.width(), 1, s.modules()),
        Symbol::Matrix(m) => (KIND_MATRIX, m.width(), m.height(), m.modules()),
    };
    out.clear();
    if out.try_reserve_exact(12 + modules.len()).is_err() {
        return Err(EngineError::new(ErrorCode::System, "out of memory for the encoded symbol"));
    }
    out.extend_from_slice(&[kind, 0, 0, 0]);
    out.extend_from_slice(&(width as u32).to_le_bytes());
    out.extend_from_slice(&(height as u32).to_le_bytes());
    out.extend(modules.iter().map(|&m| m as u8));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_code128_spec() {
        let spec = SymbolSpec::parse(&[20, 0, 0, 0, b'H', b'i']).unwrap();
        assert_eq!(spec.symbology, Symbology::Code128);
        assert_eq!(spec.data, b"Hi");
    }

    #[test]
    fn rejects_unknown_symbology_flags_and_options() {
        assert_eq!(SymbolSpec::parse(&[99, 0, 0, 0]).unwrap_err().code, ErrorCode::Unsupported);
        assert_eq!(SymbolSpec::parse(&[20, 1, 0, 0]).unwrap_err().code, ErrorCode::Parameter);
        assert_eq!(SymbolSpec::parse(&[20, 0, 1, 0, 7]).unwrap_err().code, ErrorCode::Parameter);
        assert_eq!(SymbolSpec::parse(&[20, 0]).unwrap_err().code, ErrorCode::Parameter);
        assert_eq!(SymbolSpec::parse(&[]).unwrap_err().code, ErrorCode::Parameter);
    }

    #[test]
    fn writes_linear_result() {
        let symbol = SymbolSpec::parse(&[20, 0, 0, 0, b'A']).unwrap().encode().unwrap();
        let mut out = Vec::new();
        write_symbol(&symbol, &mut out).unwrap();
        assert_eq!(&out[..4], &[KIND_LINEAR, 0, 0, 0]);
        assert_eq!(u32::from_le_bytes([out[4], out[5], out[6], out[7]]), 3 * 11 + 13);
        assert_eq!(u32::from_le_bytes([out[8], out[9], out[10], out[11]]), 1);
        assert_eq!(out.len(), 12 + 46);
        assert_eq!(&out[12..16], &[1, 1, 0, 1]); // start B: 2-1-1-2-1-4 begins 1101
    }

    #[test]
    fn symbology_errors_keep_their_codes() {
        let e = SymbolSpec::parse(&[20, 0, 0, 0, b'a', 0x80]).unwrap().encode().unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidCharacter);
        assert_eq!(e.message, "Code 128: invalid character (byte 0x80) at position 2");
    }
}
