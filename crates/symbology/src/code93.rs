//! Code 93 (AIM USS-93), full ASCII.
//!
//! # The symbol
//!
//! 47 symbol characters, each 9 modules of 3 bars and 3 spaces (1-4 modules wide):
//! `0-9 A-Z - . space $ / + %` and four shift characters `($) (%) (/) (+)`. The symbol is
//! the start character, the data characters, two check characters C and K, the stop
//! character and a final 1-module bar.
//!
//! Full ASCII (0-127) is always on, as zint's `-b 25` does it: characters outside the 43
//! native ones are written as a shift character and a letter (`(+)A` = a, `($)A` = SOH,
//! `(%)U` = NUL, `(/)A` = ! ...), so the data may need up to twice as many symbol
//! characters as it has characters.
//!
//! # Check characters
//!
//! Always present (the standard requires them): C is the weighted sum of the symbol
//! characters' values, weights 1, 2, ... 20, 1, 2 ... from the right, mod 47; K the same
//! over the characters and C, weights cycling 1-15. Not printed in the human-readable text
//! (zint's default).
//!
//! # Input (spec section 5)
//!
//! Up to [`MAX_CHARS`] characters; bytes 128-255 are replaced by `?` first. (zint takes
//! 107 characters and also at most 107 symbol characters after the shifts; we apply only
//! the spec's limit on the text.)

use crate::code39::replace_non_ascii;
use crate::human_readable::{printable, HumanReadable};
use crate::{LinearSymbol, SymbologyError};

/// Name used in messages.
pub const NAME: &str = "Code 93";

/// At most this many characters of data (spec section 5).
pub const MAX_CHARS: usize = 107;

/*---- Public API ----*/

/// Encodes `data` (ASCII; bytes above 127 as `?`) as Code 93 with its two check
/// characters, without quiet zones.
///
/// Errors: [`SymbologyError::NoData`], [`SymbologyError::DataTooLong`] above [`MAX_CHARS`].
pub fn encode(data: &[u8]) -> Result<LinearSymbol, SymbologyError> {
    Ok(symbol(&symbol_values(data)?))
}

/// [`encode`] plus the human-readable text: the data, control characters as spaces.
pub fn encode_with_text(data: &[u8]) -> Result<(LinearSymbol, HumanReadable), SymbologyError> {
    let values = symbol_values(data)?;
    Ok((symbol(&values), HumanReadable::Line(printable(&replace_non_ascii(data)))))
}

/// The symbol characters' values (0-46) between start and stop, the check characters C
/// and K last.
pub fn symbol_values(data: &[u8]) -> Result<Vec<u8>, SymbologyError> {
    if data.is_empty() {
        return Err(SymbologyError::NoData { symbology: NAME });
    }
    if data.len() > MAX_CHARS {
        return Err(SymbologyError::DataTooLong { symbology: NAME, length: data.len(), max: MAX_CHARS });
    }
    let mut values = Vec::with_capacity(2 * data.len() + 2);
    for &byte in data {
        let ascii = if byte > 127 { b'?' } else { byte };
        let (shift, v) = FULL_ASCII[ascii as usize];
        if shift != 0 {
            values.push(shift);
        }
        values.push(v);
    }
    let c = weighted_check(&values, 20);
    values.push(c);
    let k = weighted_check(&values, 15);
    values.push(k);
    Ok(values)
}

/// A Code 93 check character: values weighted 1, 2, ... `max_weight`, 1, ... from the
/// right, summed mod 47.
pub fn weighted_check(values: &[u8], max_weight: u32) -> u8 {
    let mut sum: u32 = 0;
    for (i, &v) in values.iter().rev().enumerate() {
        sum += (i as u32 % max_weight + 1) * v as u32;
    }
    (sum % 47) as u8
}

/*---- Symbol ----*/

fn symbol(values: &[u8]) -> LinearSymbol {
    let mut widths = Vec::with_capacity((values.len() + 2) * 6 + 1);
    widths.extend_from_slice(&PATTERNS[START_STOP]);
    for &v in values {
        widths.extend_from_slice(&PATTERNS[v as usize]);
    }
    widths.extend_from_slice(&PATTERNS[START_STOP]);
    widths.push(1); // termination bar
    LinearSymbol::from_widths(&widths)
}

/*---- Tables (AIM USS-93) ----*/

/// Values of the native characters: `0-9` 0-9, `A-Z` 10-35, then these 7 from 36.
#[cfg(test)]
const PUNCTUATION: &[u8; 7] = b"-. $/+%";
/// Values of the shift characters ($), (%), (/), (+).
const SHIFT_DOLLAR: u8 = 43;
const SHIFT_PERCENT: u8 = 44;
const SHIFT_SLASH: u8 = 45;
const SHIFT_PLUS: u8 = 46;
const START_STOP: usize = 47;

/// Element widths (bar, space, bar, space, bar, space), values 0-46, then start/stop.
const PATTERNS: [[u8; 6]; 48] = widths([
    b"131112", b"111213", b"111312", b"111411", b"121113", b"121212", b"121311", b"111114", // 0-7
    b"131211", b"141111", b"211113", b"211212", b"211311", b"221112", b"221211", b"231111", // 8-F
    b"112113", b"112212", b"112311", b"122112", b"132111", b"111123", b"111222", b"111321", // G-N
    b"121122", b"131121", b"212112", b"212211", b"211122", b"211221", b"221121", b"222111", // O-V
    b"112122", b"112221", b"122121", b"123111", b"121131", b"311112", b"311211", b"321111", // W-Z - . sp $
    b"112131", b"113121", b"211131", b"121221", b"312111", b"311121", b"122211", b"111141", // / + % ($) (%) (/) (+) start
]);

const fn widths(text: [&[u8; 6]; 48]) -> [[u8; 6]; 48] {
    let mut out = [[0u8; 6]; 48];
    let mut i = 0;
    while i < 48 {
        let mut j = 0;
        while j < 6 {
            out[i][j] = text[i][j] - b'0';
            j += 1;
        }
        i += 1;
    }
    out
}

/// Each ASCII code as (shift value or 0, value).
const FULL_ASCII: [(u8, u8); 128] = full_ascii();

const fn full_ascii() -> [(u8, u8); 128] {
    let mut t = [(0u8, 0u8); 128];
    let mut c = 0;
    while c < 128 {
        let b = c as u8;
        t[c] = if b.is_ascii_digit() {
            (0, b - b'0')
        } else if b.is_ascii_uppercase() {
            (0, b - b'A' + 10)
        } else if b == b'-' {
            (0, 36)
        } else if b == b'.' {
            (0, 37)
        } else if b == b' ' {
            (0, 38)
        } else if b == b'$' {
            (0, 39)
        } else if b == b'/' {
            (0, 40)
        } else if b == b'+' {
            (0, 41)
        } else if b == b'%' {
            (0, 42)
        } else if b == 0 {
            (SHIFT_PERCENT, letter(b'U'))
        } else if b <= 26 {
            (SHIFT_DOLLAR, letter(b'A' + b - 1)) // SOH-SUB: ($)A-($)Z
        } else if b <= 31 {
            (SHIFT_PERCENT, letter(b'A' + b - 27)) // ESC-US: (%)A-(%)E
        } else if b <= b',' {
            (SHIFT_SLASH, letter(b'A' + b - b'!')) // ! to , : (/)A-(/)L
        } else if b == b':' {
            (SHIFT_SLASH, letter(b'Z'))
        } else if b <= b'?' {
            (SHIFT_PERCENT, letter(b'F' + b - b';')) // ; to ? : (%)F-(%)J
        } else if b == b'@' {
            (SHIFT_PERCENT, letter(b'V'))
        } else if b <= b'_' {
            (SHIFT_PERCENT, letter(b'K' + b - b'[')) // [ to _ : (%)K-(%)O
        } else if b == b'`' {
            (SHIFT_PERCENT, letter(b'W'))
        } else if b.is_ascii_lowercase() {
            (SHIFT_PLUS, letter(b - 32)) // a-z: (+)A-(+)Z
        } else {
            (SHIFT_PERCENT, letter(b'P' + b - b'{')) // { | } ~ DEL: (%)P-(%)T
        };
        c += 1;
    }
    t
}

const fn letter(upper: u8) -> u8 {
    upper - b'A' + 10
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zint_dump::from_dump;

    #[test]
    fn known_vectors_from_zint() {
        // zint -b 25 --dump -d ABC / -d abc.
        assert_eq!(encode(b"ABC").unwrap().to_bit_string(), from_dump("AF 6A 34 9A 2B 24 6A BD"));
        assert_eq!(encode(b"abc").unwrap().to_bit_string(), from_dump("AF 4C B5 13 2D 24 CB 45 2E 89 57 A"));
    }

    #[test]
    fn check_characters() {
        // "TEST93": the specification's example, C = '+' (41), K = '6'.
        let v = symbol_values(b"TEST93").unwrap();
        assert_eq!(&v[v.len() - 2..], &[41, 6]);
        // Symbol width: (characters + 4) * 9 + 1.
        assert_eq!(encode(b"TEST93").unwrap().width(), (6 + 4) * 9 + 1);
    }

    #[test]
    fn punctuation_table_matches_values() {
        for (i, &c) in PUNCTUATION.iter().enumerate() {
            assert_eq!(FULL_ASCII[c as usize], (0, 36 + i as u8));
        }
        let mut seen = std::collections::HashSet::new();
        for b in 0u8..128 {
            assert!(seen.insert(FULL_ASCII[b as usize]), "{}", b);
        }
    }

    #[test]
    fn errors_limits_and_substitution() {
        assert_eq!(encode(b""), Err(SymbologyError::NoData { symbology: NAME }));
        assert!(encode(&[b'a'; 107]).is_ok());
        assert_eq!(encode(&[b'A'; 108]), Err(SymbologyError::DataTooLong { symbology: NAME, length: 108, max: 107 }));
        assert_eq!(encode(b"x\x80y").unwrap(), encode(b"x?y").unwrap());
        match encode_with_text(b"a\x01\xC4b").unwrap().1 {
            HumanReadable::Line(s) => assert_eq!(s, "a ?b"),
            _ => panic!(),
        }
    }
}
