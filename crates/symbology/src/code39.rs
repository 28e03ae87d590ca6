//! Code 39 (ISO/IEC 16388) and its full-ASCII form, Code 39 Extended.
//!
//! # The symbol
//!
//! Each character is 5 bars and 4 spaces, 3 of the 9 wide; characters are separated by a
//! narrow space (the inter-character gap) and the symbol is framed by the start/stop
//! character `*`. Wide elements are [`WIDE_MODULES`] = 2 modules here, as zint 2.11 writes
//! them (`zint -b 8 --dump`), so a character is 12 modules plus the 1-module gap. The
//! standard allows wide:narrow from 2:1 to 3:1; a renderer that wants 2.5:1 or 3:1
//! re-stretches the runs (`module_fit::wide_narrow_fit`), the module form stays zint's.
//!
//! Code 39 proper encodes 43 characters: `0-9 A-Z - . space $ / + %`. Lower case is
//! encoded as upper case (zint does the same). Code 39 Extended maps each ASCII character
//! 0-127 to one or two of them (ISO/IEC 16388 annex "full ASCII": `$A` = SOH, `+A` = a,
//! `/A` = !, `%U` = NUL ...); a reader in full-ASCII mode turns the pairs back. Full ASCII
//! is zint's `-b 9`.
//!
//! # Input (spec section 5)
//!
//! Up to [`MAX_CHARS`] characters; bytes 128-255 (Latin-1 characters outside ASCII) are
//! replaced by `?` first, which Code 39 Extended encodes and Code 39 proper reports as an
//! invalid character. (zint allows 85 characters, 85 symbol characters for Extended; we
//! take the spec's 107, since readers have no limit.)
//!
//! # Check character
//!
//! Optional (default off, as in zint; `--vers=1` there): the sum of the symbol characters'
//! values mod 43, placed before the stop character. For Extended it is computed over the
//! expanded characters. zint prints it in Code 39's human-readable text (a space as `_`)
//! and not in Extended's; so do we.

use crate::human_readable::{printable, HumanReadable};
use crate::{LinearSymbol, SymbologyError};

/// Names used in messages.
pub const NAME: &str = "Code 39";
pub const EXTENDED_NAME: &str = "Code 39 Extended";

/// At most this many characters of data (spec section 5: "Code39/Code93: text up to 107
/// characters").
pub const MAX_CHARS: usize = 107;

/// Modules per wide element in the encoded symbol (zint's 2:1); narrow is 1.
pub const WIDE_MODULES: usize = 2;

/// Encoding options; the default is zint's `-b 8` with no options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Code39Options {
    /// Full ASCII (Code 39 Extended, zint `-b 9`).
    pub full_ascii: bool,
    /// Append the mod-43 check character (zint `--vers=1`).
    pub check_character: bool,
}

/*---- Public API ----*/

/// Encodes `data` as Code 39 (or Code 39 Extended), without quiet zones.
///
/// Errors: [`SymbologyError::NoData`], [`SymbologyError::DataTooLong`] above
/// [`MAX_CHARS`], and for Code 39 proper [`SymbologyError::InvalidCharacter`] for a
/// character outside its 43 (position 0-based; the byte as given).
pub fn encode(data: &[u8], options: Code39Options) -> Result<LinearSymbol, SymbologyError> {
    let values = symbol_values(data, options)?;
    Ok(symbol(&values))
}

/// [`encode`] plus the human-readable text: `*DATA*` (upper case, check character
/// included, a space check character as `_`) for Code 39; the data, control characters
/// as spaces, for Code 39 Extended.
pub fn encode_with_text(data: &[u8], options: Code39Options) -> Result<(LinearSymbol, HumanReadable), SymbologyError> {
    let values = symbol_values(data, options)?;
    let text = if options.full_ascii {
        printable(&replace_non_ascii(data))
    } else {
        let mut text = String::with_capacity(values.len() + 2);
        text.push('*');
        let data_len = values.len() - options.check_character as usize;
        for (i, &v) in values.iter().enumerate() {
            let c = CHARSET[v as usize] as char;
            text.push(if i >= data_len && c == ' ' { '_' } else { c });
        }
        text.push('*');
        text
    };
    Ok((symbol(&values), HumanReadable::Line(text)))
}

/// The symbol characters' values (0-42, see [`CHARSET`]) between start and stop, check
/// character included when asked for.
pub fn symbol_values(data: &[u8], options: Code39Options) -> Result<Vec<u8>, SymbologyError> {
    let name = if options.full_ascii { EXTENDED_NAME } else { NAME };
    if data.is_empty() {
        return Err(SymbologyError::NoData { symbology: name });
    }
    if data.len() > MAX_CHARS {
        return Err(SymbologyError::DataTooLong { symbology: name, length: data.len(), max: MAX_CHARS });
    }
    let mut values = Vec::with_capacity(if options.full_ascii { 2 * data.len() + 1 } else { data.len() + 1 });
    for (position, &byte) in data.iter().enumerate() {
        let ascii = if byte > 127 { b'?' } else { byte };
        if options.full_ascii {
            let pair = FULL_ASCII[ascii as usize];
            for &c in pair.iter().filter(|&&c| c != 0) {
                values.push(value_of(c).unwrap_or(0));
            }
        } else {
            match value_of(ascii.to_ascii_uppercase()) {
                Some(v) => values.push(v),
                None => return Err(SymbologyError::InvalidCharacter { symbology: name, position, byte }),
            }
        }
    }
    if options.check_character {
        values.push(check_character(&values));
    }
    Ok(values)
}

/// The mod-43 check character's value: the sum of the values, mod 43.
pub fn check_character(values: &[u8]) -> u8 {
    (values.iter().map(|&v| v as u32).sum::<u32>() % 43) as u8
}

/// Bytes 128-255 replaced by `?` (spec section 5). Shared with Code 93.
pub(crate) fn replace_non_ascii(data: &[u8]) -> Vec<u8> {
    data.iter().map(|&b| if b > 127 { b'?' } else { b }).collect()
}

/*---- Symbol ----*/

fn symbol(values: &[u8]) -> LinearSymbol {
    let mut widths = Vec::with_capacity((values.len() + 2) * 10);
    widths.extend_from_slice(&PATTERNS[START_STOP]);
    widths.push(1);
    for &v in values {
        widths.extend_from_slice(&PATTERNS[v as usize]);
        widths.push(1);
    }
    widths.extend_from_slice(&PATTERNS[START_STOP]);
    LinearSymbol::from_widths(&widths)
}

fn value_of(c: u8) -> Option<u8> {
    match VALUES.get(c as usize) {
        Some(&v) if v != NONE => Some(v),
        _ => None,
    }
}

const NONE: u8 = 0xFF;

/// [`CHARSET`] inverted: the value of each ASCII code, [`NONE`] if not a Code 39 character.
const VALUES: [u8; 128] = {
    let mut t = [NONE; 128];
    let mut v = 0;
    while v < CHARSET.len() {
        t[CHARSET[v] as usize] = v as u8;
        v += 1;
    }
    t
};

/*---- Tables (ISO/IEC 16388) ----*/

/// The characters in value order 0-42; value 43 is the start/stop `*` (no value).
pub const CHARSET: &[u8; 43] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%";

const START_STOP: usize = 43;

/// Element widths in modules (bar, space, ... bar), value order, then `*`.
const PATTERNS: [[u8; 9]; 44] = widths([
    b"111221211", b"211211112", b"112211112", b"212211111", b"111221112", // 0-4
    b"211221111", b"112221111", b"111211212", b"211211211", b"112211211", // 5-9
    b"211112112", b"112112112", b"212112111", b"111122112", b"211122111", // A-E
    b"112122111", b"111112212", b"211112211", b"112112211", b"111122211", // F-J
    b"211111122", b"112111122", b"212111121", b"111121122", b"211121121", // K-O
    b"112121121", b"111111222", b"211111221", b"112111221", b"111121221", // P-T
    b"221111112", b"122111112", b"222111111", b"121121112", b"221121111", // U-Y
    b"122121111", b"121111212", b"221111211", b"122111211", b"121212111", // Z - . space $
    b"121211121", b"121112121", b"111212121", b"121121211",              // / + % *
]);

const fn widths(text: [&[u8; 9]; 44]) -> [[u8; 9]; 44] {
    let mut out = [[0u8; 9]; 44];
    let mut i = 0;
    while i < 44 {
        let mut j = 0;
        while j < 9 {
            out[i][j] = text[i][j] - b'0';
            j += 1;
        }
        i += 1;
    }
    out
}

/// Full ASCII: each ASCII code as one or two Code 39 characters (0 = none).
const FULL_ASCII: [[u8; 2]; 128] = [
    *b"%U", *b"$A", *b"$B", *b"$C", *b"$D", *b"$E", *b"$F", *b"$G", // NUL-BEL
    *b"$H", *b"$I", *b"$J", *b"$K", *b"$L", *b"$M", *b"$N", *b"$O", // BS-SI
    *b"$P", *b"$Q", *b"$R", *b"$S", *b"$T", *b"$U", *b"$V", *b"$W", // DLE-ETB
    *b"$X", *b"$Y", *b"$Z", *b"%A", *b"%B", *b"%C", *b"%D", *b"%E", // CAN-US
    [b' ', 0], *b"/A", *b"/B", *b"/C", *b"/D", *b"/E", *b"/F", *b"/G", // space ! " # $ % & '
    *b"/H", *b"/I", *b"/J", *b"/K", *b"/L", [b'-', 0], [b'.', 0], *b"/O", // ( ) * + , - . /
    [b'0', 0], [b'1', 0], [b'2', 0], [b'3', 0], [b'4', 0], [b'5', 0], [b'6', 0], [b'7', 0],
    [b'8', 0], [b'9', 0], *b"/Z", *b"%F", *b"%G", *b"%H", *b"%I", *b"%J", // 8 9 : ; < = > ?
    *b"%V", [b'A', 0], [b'B', 0], [b'C', 0], [b'D', 0], [b'E', 0], [b'F', 0], [b'G', 0], // @ A-G
    [b'H', 0], [b'I', 0], [b'J', 0], [b'K', 0], [b'L', 0], [b'M', 0], [b'N', 0], [b'O', 0],
    [b'P', 0], [b'Q', 0], [b'R', 0], [b'S', 0], [b'T', 0], [b'U', 0], [b'V', 0], [b'W', 0],
    [b'X', 0], [b'Y', 0], [b'Z', 0], *b"%K", *b"%L", *b"%M", *b"%N", *b"%O", // X Y Z [ \ ] ^ _
    *b"%W", *b"+A", *b"+B", *b"+C", *b"+D", *b"+E", *b"+F", *b"+G", // ` a-g
    *b"+H", *b"+I", *b"+J", *b"+K", *b"+L", *b"+M", *b"+N", *b"+O",
    *b"+P", *b"+Q", *b"+R", *b"+S", *b"+T", *b"+U", *b"+V", *b"+W",
    *b"+X", *b"+Y", *b"+Z", *b"%P", *b"%Q", *b"%R", *b"%S", *b"%T", // x y z { | } ~ DEL
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zint_dump::from_dump;

    const PLAIN: Code39Options = Code39Options { full_ascii: false, check_character: false };
    const CHECK: Code39Options = Code39Options { full_ascii: false, check_character: true };
    const EXT: Code39Options = Code39Options { full_ascii: true, check_character: false };

    fn text(data: &[u8], options: Code39Options) -> String {
        match encode_with_text(data, options).unwrap().1 {
            HumanReadable::Line(s) => s,
            _ => panic!(),
        }
    }

    #[test]
    fn known_vectors_from_zint() {
        // zint -b 8 --dump -d ABC (and abc: upper-cased), --vers=1 adds check X.
        let abc = from_dump("96 D6 A5 AD 2D B4 A9 6D");
        assert_eq!(encode(b"ABC", PLAIN).unwrap().to_bit_string(), abc);
        assert_eq!(encode(b"abc", PLAIN).unwrap().to_bit_string(), abc);
        assert_eq!(encode(b"ABC", CHECK).unwrap().to_bit_string(), from_dump("96 D6 A5 AD 2D B4 A9 6B 4B 68"));
        assert_eq!(encode(b"A-B", PLAIN).unwrap().to_bit_string(), from_dump("96 D6 A5 A5 6D 69 69 6D"));
        // zint -b 9 --dump -d abc.
        assert_eq!(encode(b"abc", EXT).unwrap().to_bit_string(), from_dump("96 D4 A4 B5 2D 29 2B 4B 4A 4B 69 52 DA"));
    }

    #[test]
    fn widths_are_13_modules_a_character() {
        // Start, n characters, stop: 13 each with its gap, the stop without: 13(n+2) - 1.
        for n in 1..20 {
            let data = vec![b'A'; n];
            assert_eq!(encode(&data, PLAIN).unwrap().width(), 13 * (n + 2) - 1);
        }
    }

    #[test]
    fn human_readable_as_zint_prints_it() {
        assert_eq!(text(b"abc", PLAIN), "*ABC*");
        assert_eq!(text(b"ABC", CHECK), "*ABCX*");
        assert_eq!(text(b"A-B1", CHECK), "*A-B1F*");
        assert_eq!(text(b"AS", CHECK), "*AS_*"); // space check character shows as _
        assert_eq!(text(b"A S", PLAIN), "*A S*");
        assert_eq!(text(b"a%b", EXT), "a%b");
        assert_eq!(text(b"ab", Code39Options { full_ascii: true, check_character: true }), "ab");
        assert_eq!(text(b"a\tb", EXT), "a b");
    }

    #[test]
    fn check_character_is_sum_mod_43() {
        assert_eq!(check_character(&[10, 11, 12]), 33); // ABC -> X
        assert_eq!(check_character(&[42, 42]), 41);
        assert_eq!(symbol_values(b"ABC", CHECK).unwrap(), vec![10, 11, 12, 33]);
    }

    #[test]
    fn errors_and_limits() {
        assert_eq!(encode(b"", PLAIN), Err(SymbologyError::NoData { symbology: NAME }));
        assert_eq!(encode(b"", EXT), Err(SymbologyError::NoData { symbology: EXTENDED_NAME }));
        assert_eq!(encode(b"AB*", PLAIN).unwrap_err().to_string(), "Code 39: invalid character '*' at position 3");
        assert!(encode(&[b'A'; 107], PLAIN).is_ok());
        assert!(encode(&[b'a'; 107], EXT).is_ok());
        assert_eq!(
            encode(&[b'A'; 108], PLAIN),
            Err(SymbologyError::DataTooLong { symbology: NAME, length: 108, max: 107 })
        );
        // Bytes above 127 become '?': encodable in Extended, invalid in Code 39 proper.
        assert_eq!(encode(b"A\xE9B", EXT).unwrap(), encode(b"A?B", EXT).unwrap());
        assert_eq!(
            encode(b"A\xE9B", PLAIN),
            Err(SymbologyError::InvalidCharacter { symbology: NAME, position: 1, byte: 0xE9 })
        );
        assert_eq!(text(b"A\xFFB", EXT), "A?B");
    }

    #[test]
    fn full_ascii_pairs_use_only_code39_characters() {
        for pair in FULL_ASCII.iter() {
            assert!(value_of(pair[0]).is_some());
            assert!(pair[1] == 0 || value_of(pair[1]).is_some());
        }
        // Every character 0-127 encodes, and distinct characters give distinct symbols.
        let mut seen = std::collections::HashSet::new();
        for b in 0u8..128 {
            assert!(seen.insert(encode(&[b], EXT).unwrap().to_bit_string()));
        }
    }
}
