//! Codabar (ISO/IEC 15424 "NW-7", AIM BC3).
//!
//! # The symbol
//!
//! Each character is 4 bars and 3 spaces, narrow or wide, followed by a narrow
//! inter-character gap (none after the last). Wide elements are [`WIDE_MODULES`] = 2
//! modules, as zint 2.11 writes them (`zint -b 18 --dump`); the standard allows 2:1 to
//! 3:1, see `module_fit::wide_narrow_fit` for drawing at another ratio.
//!
//! Characters: `0-9 - $ : / . +` for data, `A B C D` only as the start and stop
//! characters.
//!
//! The modules equal `zint -b 18 --dump` but for one module: zint's symbol ends with a
//! space (the inter-character gap it also writes after the stop character); ours ends
//! with the stop character's last bar, like every symbol here (no quiet zone, so a
//! centred symbol is centred on its bars).
//!
//! # Input
//!
//! The data carries its own start and stop characters, as zint and bwip-js take it:
//! `A12345B` (lower case `a-d` is read as upper case). Data with neither (such as the
//! editor's sample `12345678`) is framed as `A…A`, as JsBarcode does, so every label
//! shows a barcode; data with only one of the two is an error, since the other was
//! evidently forgotten. Up to [`MAX_CHARS`] characters including start and stop (spec
//! section 5, "other types"; zint takes 60).
//!
//! # Check character
//!
//! Optional (default off; zint `--vers=1`): the mod-16 check of ISO/IEC 15424 table 4,
//! over all characters' values including start and stop, placed before the stop
//! character. Not printed in the human-readable text (zint `--vers=1`).

use crate::human_readable::HumanReadable;
use crate::{LinearSymbol, SymbologyError};

/// Name used in messages.
pub const NAME: &str = "Codabar";

/// At most this many characters, start and stop included.
pub const MAX_CHARS: usize = 80;

/// Modules per wide element in the encoded symbol (zint's 2:1); narrow is 1.
pub const WIDE_MODULES: usize = 2;

/// Encoding options; the default is zint's `-b 18` with no options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CodabarOptions {
    /// Add the mod-16 check character (zint `--vers=1`).
    pub check_character: bool,
}

/*---- Public API ----*/

/// Encodes `data` (start character, data, stop character) as Codabar, without quiet zones.
///
/// Errors: [`SymbologyError::NoData`]; [`SymbologyError::DataTooLong`] above
/// [`MAX_CHARS`]; [`SymbologyError::InvalidCharacter`] for a character outside the set or
/// an `A-D` inside the data; [`SymbologyError::InvalidData`] when only one of start and
/// stop is there; [`SymbologyError::InvalidLength`] for a start and stop without data.
pub fn encode(data: &[u8], options: CodabarOptions) -> Result<LinearSymbol, SymbologyError> {
    Ok(symbol(&symbol_values(data, options)?))
}

/// [`encode`] plus the human-readable text: the characters encoded, upper case, with start
/// and stop, without the check character.
pub fn encode_with_text(data: &[u8], options: CodabarOptions) -> Result<(LinearSymbol, HumanReadable), SymbologyError> {
    let values = symbol_values(data, options)?;
    let text: String = values
        .iter()
        .enumerate()
        .filter(|&(i, _)| !(options.check_character && i == values.len() - 2))
        .map(|(_, &v)| CHARSET[v as usize] as char)
        .collect();
    Ok((symbol(&values), HumanReadable::Line(text)))
}

/// The characters' values (index in [`CHARSET`]) from start to stop, the check character
/// (if asked for) before the stop.
pub fn symbol_values(data: &[u8], options: CodabarOptions) -> Result<Vec<u8>, SymbologyError> {
    if data.is_empty() {
        return Err(SymbologyError::NoData { symbology: NAME });
    }
    if data.len() > MAX_CHARS {
        return Err(SymbologyError::DataTooLong { symbology: NAME, length: data.len(), max: MAX_CHARS });
    }
    let is_start_stop = |b: u8| (b'A'..=b'D').contains(&b.to_ascii_uppercase());
    let framed = match (is_start_stop(data[0]), is_start_stop(data[data.len() - 1])) {
        (true, true) if data.len() >= 3 => true,
        (true, true) => {
            return Err(SymbologyError::InvalidLength {
                symbology: NAME,
                length: data.len(),
                expected: "at least 3: start character, data, stop character",
            })
        }
        (false, false) => false,
        (true, false) => {
            return Err(SymbologyError::InvalidData { symbology: NAME, reason: "must end with a stop character A, B, C or D" })
        }
        (false, true) => {
            return Err(SymbologyError::InvalidData {
                symbology: NAME,
                reason: "must begin with a start character A, B, C or D",
            })
        }
    };
    let mut values = Vec::with_capacity(data.len() + 3);
    if !framed {
        values.push(START_A);
    }
    for (position, &byte) in data.iter().enumerate() {
        let inner = !framed || (position > 0 && position < data.len() - 1);
        match CHARSET.iter().position(|&c| c == byte.to_ascii_uppercase()) {
            Some(v) if !(inner && v >= START_A as usize) => values.push(v as u8),
            _ => return Err(SymbologyError::InvalidCharacter { symbology: NAME, position, byte }),
        }
    }
    if !framed {
        values.push(START_A);
    }
    if options.check_character {
        let sum: u32 = values.iter().map(|&v| v as u32).sum();
        let check = ((16 - sum % 16) % 16) as u8;
        let stop = values.len() - 1;
        values.insert(stop, check);
    }
    Ok(values)
}

/*---- Symbol ----*/

fn symbol(values: &[u8]) -> LinearSymbol {
    let mut widths = Vec::with_capacity(values.len() * 8);
    for (i, &v) in values.iter().enumerate() {
        if i > 0 {
            widths.push(1); // inter-character gap
        }
        widths.extend_from_slice(&PATTERNS[v as usize]);
    }
    LinearSymbol::from_widths(&widths)
}

/*---- Tables (ISO/IEC 15424) ----*/

/// The characters in value order (the values of the check character's table 4).
pub const CHARSET: &[u8; 20] = b"0123456789-$:/.+ABCD";

const START_A: u8 = 16;

/// Element widths in modules (bar, space, bar, space, bar, space, bar), value order.
const PATTERNS: [[u8; 7]; 20] = [
    [1, 1, 1, 1, 1, 2, 2], // 0
    [1, 1, 1, 1, 2, 2, 1], // 1
    [1, 1, 1, 2, 1, 1, 2], // 2
    [2, 2, 1, 1, 1, 1, 1], // 3
    [1, 1, 2, 1, 1, 2, 1], // 4
    [2, 1, 1, 1, 1, 2, 1], // 5
    [1, 2, 1, 1, 1, 1, 2], // 6
    [1, 2, 1, 1, 2, 1, 1], // 7
    [1, 2, 2, 1, 1, 1, 1], // 8
    [2, 1, 1, 2, 1, 1, 1], // 9
    [1, 1, 1, 2, 2, 1, 1], // -
    [1, 1, 2, 2, 1, 1, 1], // $
    [2, 1, 1, 1, 2, 1, 2], // :
    [2, 1, 2, 1, 1, 1, 2], // /
    [2, 1, 2, 1, 2, 1, 1], // .
    [1, 1, 2, 1, 2, 1, 2], // +
    [1, 1, 2, 2, 1, 2, 1], // A
    [1, 2, 1, 2, 1, 1, 2], // B
    [1, 1, 1, 2, 1, 2, 2], // C
    [1, 1, 1, 2, 2, 2, 1], // D
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zint_dump::from_dump;

    const PLAIN: CodabarOptions = CodabarOptions { check_character: false };
    const CHECK: CodabarOptions = CodabarOptions { check_character: true };

    fn text(data: &[u8], options: CodabarOptions) -> String {
        match encode_with_text(data, options).unwrap().1 {
            HumanReadable::Line(s) => s,
            _ => panic!(),
        }
    }

    #[test]
    fn known_vectors_from_zint() {
        // zint -b 18 --dump -d A123B (and a123b), --vers=1, and the punctuation.
        let a123b = from_dump("B2 55 95 2D 95 49 6");
        assert_eq!(encode(b"A123B", PLAIN).unwrap().to_bit_string(), a123b);
        assert_eq!(encode(b"a123b", PLAIN).unwrap().to_bit_string(), a123b);
        assert_eq!(encode(b"A123B", CHECK).unwrap().to_bit_string(), from_dump("B2 55 95 2D 95 69 52 58"));
        assert_eq!(encode(b"A1-$:/.+B", PLAIN).unwrap().to_bit_string(), from_dump("B2 55 95 35 65 6B 6D AD B6 AD B4 96"));
    }

    #[test]
    fn bare_data_is_framed_with_a() {
        assert_eq!(encode(b"12345678", PLAIN).unwrap(), encode(b"A12345678A", PLAIN).unwrap());
        assert_eq!(text(b"12345678", PLAIN), "A12345678A");
    }

    #[test]
    fn check_character_is_mod_16_and_hidden() {
        // A123B: 16 + 1 + 2 + 3 + 17 = 39; 48 - 39 = 9.
        assert_eq!(symbol_values(b"A123B", CHECK).unwrap(), vec![16, 1, 2, 3, 9, 17]);
        assert_eq!(text(b"a123b", CHECK), "A123B");
        assert_eq!(text(b"a1-b", PLAIN), "A1-B");
    }

    #[test]
    fn errors() {
        assert_eq!(encode(b"", PLAIN), Err(SymbologyError::NoData { symbology: NAME }));
        assert_eq!(encode(b"A123", PLAIN).unwrap_err().to_string(), "Codabar: must end with a stop character A, B, C or D");
        assert_eq!(encode(b"123B", PLAIN).unwrap_err().to_string(), "Codabar: must begin with a start character A, B, C or D");
        assert!(matches!(encode(b"AB", PLAIN), Err(SymbologyError::InvalidLength { length: 2, .. })));
        assert!(matches!(encode(b"A", PLAIN), Err(SymbologyError::InvalidLength { length: 1, .. })));
        assert_eq!(
            encode(b"A1C2B", PLAIN),
            Err(SymbologyError::InvalidCharacter { symbology: NAME, position: 2, byte: b'C' })
        );
        assert_eq!(
            encode(b"A1E2B", PLAIN),
            Err(SymbologyError::InvalidCharacter { symbology: NAME, position: 2, byte: b'E' })
        );
        assert_eq!(
            encode(b"1\xE92", PLAIN),
            Err(SymbologyError::InvalidCharacter { symbology: NAME, position: 1, byte: 0xE9 })
        );
        let mut long = vec![b'1'; 80];
        long[0] = b'A';
        long[79] = b'B';
        assert!(encode(&long, PLAIN).is_ok());
        long.push(b'B');
        assert!(matches!(encode(&long, PLAIN), Err(SymbologyError::DataTooLong { length: 81, max: 80, .. })));
    }
}
