//! EAN-13, EAN-8 (ISO/IEC 15420) and ISBN (as an EAN-13 in the 978/979 "Bookland"
//! prefixes). UPC-A and UPC-E, the same standard's North American forms, are in `upc.rs`
//! and share this file's tables.
//!
//! # Input (spec section 5)
//!
//! Digits only. EAN-13 takes 12 digits (the check digit is computed) or 13 (the check
//! digit is verified); EAN-8 takes 7 or 8. zint pads shorter input with leading zeros and
//! picks EAN-8 or EAN-13 by length; we do not guess: a wrong length is an error, because a
//! missing digit is far more often a typing slip than an intended leading zero.
//!
//! ISBN takes 13 digits starting 978 or 979 (verified), 12 such digits (check computed),
//! or an ISBN-10: 9 digits and its mod-11 check character (0-9 or X, verified), which
//! becomes 978 + the 9 digits + an EAN check digit. Hyphens and spaces, as ISBNs are
//! printed in books, are ignored. (zint 2.11 also reads 9 digits as an old SBN; we do not,
//! since 9 digits are more likely an ISBN-10 without its check character.)
//!
//! # The symbol
//!
//! Every digit is 7 modules: 2 bars and 2 spaces of 1-4 modules, in one of three sets:
//! A (odd parity, starts with a space), B (even parity, starts with a space) and C (A's
//! widths starting with a bar). Layout of EAN-13, 95 modules:
//!
//! ```text
//! 101  6 digits (A/B)  01010  6 digits (C)  101
//! ```
//!
//! The 13th digit, the leading one, is not drawn as bars: it selects the A/B pattern of the
//! left six ([`EAN13_PARITY`]). EAN-8 is `101`, 4 A digits, `01010`, 4 C digits, `101`,
//! 67 modules.
//!
//! Modules match `zint -b 13 --dump` (EAN-13 and EAN-8, 12 or 7 digits), `zint -b 14`
//! (with check digit) and `zint -b 69` (ISBN); see `tests/zint_linear.rs`.

use crate::gs1::{self, digits_text};
use crate::human_readable::{EanLayout, HumanReadable, TextRun};
use crate::{LinearSymbol, SymbologyError};

/// Names used in messages.
pub const EAN13_NAME: &str = "EAN-13";
pub const EAN8_NAME: &str = "EAN-8";
pub const ISBN_NAME: &str = "ISBN";

/// Symbol widths in modules, without quiet zones.
pub const EAN13_MODULES: usize = 95;
pub const EAN8_MODULES: usize = 67;

/*---- Public API ----*/

/// Encodes an EAN-13 from 12 digits (check digit computed) or 13 (check digit verified).
///
/// Errors: [`SymbologyError::NoData`], [`SymbologyError::InvalidCharacter`] (not a digit),
/// [`SymbologyError::InvalidLength`], [`SymbologyError::InvalidCheckDigit`].
pub fn encode_ean13(data: &[u8]) -> Result<LinearSymbol, SymbologyError> {
    Ok(ean13_symbol(&read_ean13(data)?))
}

/// [`encode_ean13`] plus its human-readable layout: the leading digit left of the symbol,
/// then two groups of six.
pub fn encode_ean13_with_text(data: &[u8]) -> Result<(LinearSymbol, HumanReadable), SymbologyError> {
    let digits = read_ean13(data)?;
    Ok((ean13_symbol(&digits), HumanReadable::Ean(ean13_layout(&digits))))
}

/// Encodes an EAN-8 from 7 digits (check digit computed) or 8 (check digit verified).
/// Errors as [`encode_ean13`].
pub fn encode_ean8(data: &[u8]) -> Result<LinearSymbol, SymbologyError> {
    Ok(ean8_symbol(&read_ean8(data)?))
}

/// [`encode_ean8`] plus its human-readable layout: two groups of four between the guards.
pub fn encode_ean8_with_text(data: &[u8]) -> Result<(LinearSymbol, HumanReadable), SymbologyError> {
    let digits = read_ean8(data)?;
    let layout = EanLayout {
        guards: &[(0, 3), (31, 5), (64, 3)],
        text: vec![
            TextRun::new(digits_text(&digits[..4]), 3, 31, false),
            TextRun::new(digits_text(&digits[4..]), 36, 64, false),
        ],
        quiet_left: 7,
        quiet_right: 7,
    };
    Ok((ean8_symbol(&digits), HumanReadable::Ean(layout)))
}

/// Encodes an ISBN as its EAN-13 (see the module documentation for the accepted forms).
///
/// Errors: as [`encode_ean13`]; [`SymbologyError::InvalidData`] for a 12/13-digit number
/// not starting 978 or 979; an ISBN-10 with a wrong check character is an
/// [`SymbologyError::InvalidCheckDigit`] naming the expected ISBN-10 character.
pub fn encode_isbn(data: &[u8]) -> Result<LinearSymbol, SymbologyError> {
    Ok(ean13_symbol(&read_isbn(data)?))
}

/// [`encode_isbn`] plus the EAN-13 human-readable layout of the 13 digits.
pub fn encode_isbn_with_text(data: &[u8]) -> Result<(LinearSymbol, HumanReadable), SymbologyError> {
    let digits = read_isbn(data)?;
    Ok((ean13_symbol(&digits), HumanReadable::Ean(ean13_layout(&digits))))
}

/// The 13 digit values (check digit last) of an EAN-13 input.
pub fn read_ean13(data: &[u8]) -> Result<[u8; 13], SymbologyError> {
    let mut digits = [0u8; 13];
    gs1::read_with_check(EAN13_NAME, data, "12 digits, or 13 with the check digit", &mut digits)?;
    Ok(digits)
}

/// The 8 digit values (check digit last) of an EAN-8 input.
pub fn read_ean8(data: &[u8]) -> Result<[u8; 8], SymbologyError> {
    let mut digits = [0u8; 8];
    gs1::read_with_check(EAN8_NAME, data, "7 digits, or 8 with the check digit", &mut digits)?;
    Ok(digits)
}

/// The 13 EAN digit values of an ISBN input.
pub fn read_isbn(data: &[u8]) -> Result<[u8; 13], SymbologyError> {
    const EXPECTED: &str = "12 or 13 digits starting 978 or 979, or an ISBN-10";
    if data.is_empty() {
        return Err(SymbologyError::NoData { symbology: ISBN_NAME });
    }
    // Digits (and X) without the separators; remember each one's position in `data`.
    let mut chars = [0u8; 13];
    let mut positions = [0usize; 13];
    let mut n = 0;
    for (position, &b) in data.iter().enumerate() {
        let is_x = b == b'X' || b == b'x';
        if b == b'-' || b == b' ' {
            continue;
        }
        if !b.is_ascii_digit() && !is_x {
            return Err(SymbologyError::InvalidCharacter { symbology: ISBN_NAME, position, byte: b });
        }
        if n == chars.len() {
            return Err(SymbologyError::InvalidLength { symbology: ISBN_NAME, length: n + 1, expected: EXPECTED });
        }
        chars[n] = if is_x { b'X' } else { b };
        positions[n] = position;
        n += 1;
    }
    if n == 0 {
        return Err(SymbologyError::NoData { symbology: ISBN_NAME });
    }
    // X is only an ISBN-10's check character.
    if let Some(i) = chars[..n].iter().position(|&c| c == b'X') {
        if n != 10 || i != 9 {
            return Err(SymbologyError::InvalidCharacter { symbology: ISBN_NAME, position: positions[i], byte: data[positions[i]] });
        }
    }
    let mut digits = [0u8; 13];
    match n {
        10 => {
            let mut sum: u32 = 0;
            for (i, &c) in chars[..9].iter().enumerate() {
                sum += (10 - i as u32) * (c - b'0') as u32;
            }
            let check = match (11 - sum % 11) % 11 {
                10 => b'X',
                v => b'0' + v as u8,
            };
            if chars[9] != check {
                return Err(SymbologyError::InvalidCheckDigit { symbology: ISBN_NAME, given: chars[9], expected: check });
            }
            digits[..3].copy_from_slice(&[9, 7, 8]);
            for (d, &c) in digits[3..12].iter_mut().zip(&chars[..9]) {
                *d = c - b'0';
            }
            digits[12] = gs1::check_digit(&digits[..12]);
        }
        12 | 13 => {
            for (d, &c) in digits.iter_mut().zip(&chars[..n]) {
                *d = c - b'0';
            }
            if digits[..3] != [9, 7, 8] && digits[..3] != [9, 7, 9] {
                return Err(SymbologyError::InvalidData { symbology: ISBN_NAME, reason: "must begin with 978 or 979" });
            }
            let check = gs1::check_digit(&digits[..12]);
            if n == 13 && digits[12] != check {
                return Err(SymbologyError::InvalidCheckDigit { symbology: ISBN_NAME, given: chars[12], expected: b'0' + check });
            }
            digits[12] = check;
        }
        _ => return Err(SymbologyError::InvalidLength { symbology: ISBN_NAME, length: n, expected: EXPECTED }),
    }
    Ok(digits)
}

/*---- Symbols and layouts (shared with upc.rs) ----*/

/// The EAN-13 symbol of 13 digit values. UPC-A is this with a leading 0.
pub(crate) fn ean13_symbol(digits: &[u8; 13]) -> LinearSymbol {
    let parity = EAN13_PARITY[digits[0] as usize];
    let mut w = Widths::new();
    w.push(&START);
    for (i, &d) in digits[1..7].iter().enumerate() {
        let set_b = i > 0 && parity & (1 << (i - 1)) != 0;
        w.push(if set_b { &SET_B[d as usize] } else { &SET_A[d as usize] });
    }
    w.push(&CENTRE);
    for &d in &digits[7..] {
        w.push(&SET_A[d as usize]); // set C: set A's widths, starting with a bar here
    }
    w.push(&START);
    w.symbol()
}

fn ean8_symbol(digits: &[u8; 8]) -> LinearSymbol {
    let mut w = Widths::new();
    w.push(&START);
    for &d in &digits[..4] {
        w.push(&SET_A[d as usize]);
    }
    w.push(&CENTRE);
    for &d in &digits[4..] {
        w.push(&SET_A[d as usize]);
    }
    w.push(&START);
    w.symbol()
}

fn ean13_layout(digits: &[u8; 13]) -> EanLayout {
    EanLayout {
        guards: &[(0, 3), (45, 5), (92, 3)],
        text: vec![
            TextRun::new(digits_text(&digits[..1]), -7, 0, false),
            TextRun::new(digits_text(&digits[1..7]), 3, 45, false),
            TextRun::new(digits_text(&digits[7..]), 50, 92, false),
        ],
        quiet_left: 11,
        quiet_right: 7,
    }
}

/// Bar/space widths of a symbol under construction, starting with a bar; on the stack
/// (the longest, EAN-13, has 59 elements).
pub(crate) struct Widths {
    buf: [u8; 64],
    len: usize,
}

impl Widths {
    pub(crate) fn new() -> Widths {
        Widths { buf: [0; 64], len: 0 }
    }

    pub(crate) fn push(&mut self, widths: &[u8]) {
        self.buf[self.len..self.len + widths.len()].copy_from_slice(widths);
        self.len += widths.len();
    }

    pub(crate) fn symbol(&self) -> LinearSymbol {
        LinearSymbol::from_widths(&self.buf[..self.len])
    }
}

/*---- Tables (ISO/IEC 15420) ----*/

/// Start and end guard `101`.
pub(crate) const START: [u8; 3] = [1, 1, 1];
/// Centre guard `01010`.
pub(crate) const CENTRE: [u8; 5] = [1, 1, 1, 1, 1];

/// Set A widths (space, bar, space, bar); set C is the same widths starting with a bar.
pub(crate) const SET_A: [[u8; 4]; 10] = [
    [3, 2, 1, 1],
    [2, 2, 2, 1],
    [2, 1, 2, 2],
    [1, 4, 1, 1],
    [1, 1, 3, 2],
    [1, 2, 3, 1],
    [1, 1, 1, 4],
    [1, 3, 1, 2],
    [1, 2, 1, 3],
    [3, 1, 1, 2],
];

/// Set B widths (space, bar, space, bar): set C mirrored.
pub(crate) const SET_B: [[u8; 4]; 10] = [
    [1, 1, 2, 3],
    [1, 2, 2, 2],
    [2, 2, 1, 2],
    [1, 1, 4, 1],
    [2, 3, 1, 1],
    [1, 3, 2, 1],
    [4, 1, 1, 1],
    [2, 1, 3, 1],
    [3, 1, 2, 1],
    [2, 1, 1, 3],
];

/// For each leading digit, which of the left half's digits 2-6 use set B (bit i = digit
/// i + 2); digit 1 always uses set A. Table 3 of ISO/IEC 15420.
pub const EAN13_PARITY: [u8; 10] = [
    0b00000, // AAAAAA
    0b11010, // AABABB
    0b10110, // AABBAB
    0b01110, // AABBBA
    0b11001, // ABAABB
    0b10011, // ABBAAB
    0b00111, // ABBBAA
    0b10101, // ABABAB
    0b01101, // ABABBA
    0b01011, // ABBABA
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zint_dump::from_dump;

    #[test]
    fn ean13_known_vector() {
        // GS1 General Specifications' example; `zint -b 13 --dump -d 590123412345`.
        let s = encode_ean13(b"5901234123457").unwrap();
        assert_eq!(s.width(), EAN13_MODULES);
        assert_eq!(s.to_bit_string(), from_dump("A2 D3 B3 26 F4 EA B3 6C 85 72 74 4A"));
        assert_eq!(encode_ean13(b"590123412345").unwrap(), s);
        assert!(s.to_bit_string().starts_with("101"));
        assert_eq!(&s.to_bit_string()[45..50], "01010");
    }

    #[test]
    fn ean8_known_vector() {
        // `zint -b 13 --dump -d 1234567` (check digit 0).
        let s = encode_ean8(b"1234567").unwrap();
        assert_eq!(s.width(), EAN8_MODULES);
        assert_eq!(s.to_bit_string(), from_dump("A6 49 BD 46 A9 D4 22 72 A"));
        assert_eq!(encode_ean8(b"12345670").unwrap(), s);
    }

    #[test]
    fn check_digits_are_verified_never_replaced() {
        let e = encode_ean13(b"5901234123450").unwrap_err();
        assert_eq!(e.to_string(), "EAN-13: invalid check digit '0', expecting '7'");
        let e = encode_ean8(b"12345678").unwrap_err();
        assert_eq!(e.to_string(), "EAN-8: invalid check digit '8', expecting '0'");
    }

    #[test]
    fn lengths_and_characters() {
        let e = encode_ean13(b"12345678901").unwrap_err();
        assert_eq!(e.to_string(), "EAN-13: wrong length (11 characters, expecting 12 digits, or 13 with the check digit)");
        assert!(matches!(encode_ean13(b"12345678901234"), Err(SymbologyError::InvalidLength { length: 14, .. })));
        assert_eq!(encode_ean13(b""), Err(SymbologyError::NoData { symbology: EAN13_NAME }));
        let e = encode_ean13(b"59012341234a").unwrap_err();
        assert_eq!(e.to_string(), "EAN-13: invalid character 'a' at position 12");
        assert!(matches!(encode_ean8(b"123456"), Err(SymbologyError::InvalidLength { length: 6, .. })));
        assert!(matches!(encode_ean8(b"123 4567"), Err(SymbologyError::InvalidCharacter { position: 3, .. })));
    }

    #[test]
    fn isbn_forms_give_the_same_ean() {
        // zint -b 69 -d 0306406152 (the ISBN-10 of 978-0-306-40615-7).
        let expected = from_dump("AE C4 A7 7A 9D 7A AE 72 A1 9A 74 4A");
        for form in [&b"9780306406157"[..], b"978030640615", b"0306406152", b"0-306-40615-2", b"978-0-306-40615-7"] {
            assert_eq!(encode_isbn(form).unwrap().to_bit_string(), expected, "{}", String::from_utf8_lossy(form));
        }
        assert_eq!(encode_isbn(b"9780306406157").unwrap(), encode_ean13(b"9780306406157").unwrap());
        // X check character (ISBN-10 080442957X).
        assert_eq!(encode_isbn(b"080442957x").unwrap(), encode_ean13(b"978080442957").unwrap());
    }

    #[test]
    fn isbn_errors() {
        assert_eq!(
            encode_isbn(b"9770306406157").unwrap_err().to_string(),
            "ISBN: must begin with 978 or 979"
        );
        assert_eq!(
            encode_isbn(b"9780306406150").unwrap_err().to_string(),
            "ISBN: invalid check digit '0', expecting '7'"
        );
        assert_eq!(
            encode_isbn(b"030640615X").unwrap_err().to_string(),
            "ISBN: invalid check digit 'X', expecting '2'"
        );
        assert_eq!(
            encode_isbn(b"0804429579").unwrap_err(),
            SymbologyError::InvalidCheckDigit { symbology: ISBN_NAME, given: b'9', expected: b'X' }
        );
        assert!(matches!(encode_isbn(b"97803064061"), Err(SymbologyError::InvalidLength { length: 11, .. })));
        assert!(matches!(encode_isbn(b"97803064061570"), Err(SymbologyError::InvalidLength { length: 14, .. })));
        assert!(matches!(encode_isbn(b"306406152"), Err(SymbologyError::InvalidLength { length: 9, .. })));
        assert!(matches!(encode_isbn(b"X306406152"), Err(SymbologyError::InvalidCharacter { position: 0, .. })));
        assert!(matches!(encode_isbn(b"97803064061X"), Err(SymbologyError::InvalidCharacter { position: 11, .. })));
        assert!(matches!(encode_isbn(b"978.0"), Err(SymbologyError::InvalidCharacter { position: 3, .. })));
        assert_eq!(encode_isbn(b" - "), Err(SymbologyError::NoData { symbology: ISBN_NAME }));
    }

    #[test]
    fn ean13_layout_puts_the_leading_digit_outside() {
        let (_, hr) = encode_ean13_with_text(b"590123412345").unwrap();
        let layout = match hr {
            HumanReadable::Ean(l) => l,
            _ => panic!(),
        };
        let texts: Vec<&str> = layout.text.iter().map(|r| r.text.as_str()).collect();
        assert_eq!(texts, ["5", "901234", "123457"]); // zint's HRT groups
        assert_eq!((layout.text[0].start_module, layout.text[0].end_module), (-7, 0));
        assert_eq!(layout.guards, &[(0, 3), (45, 5), (92, 3)]);
        let (_, hr) = encode_ean8_with_text(b"1234567").unwrap();
        match hr {
            HumanReadable::Ean(l) => {
                let texts: Vec<&str> = l.text.iter().map(|r| r.text.as_str()).collect();
                assert_eq!(texts, ["1234", "5670"]);
            }
            _ => panic!(),
        }
    }

    #[test]
    fn guards_are_where_the_layout_says() {
        let s = encode_ean13(b"0000000000000").unwrap().to_bit_string();
        assert_eq!(&s[0..3], "101");
        assert_eq!(&s[45..50], "01010");
        assert_eq!(&s[92..95], "101");
        let s = encode_ean8(b"0000000").unwrap().to_bit_string();
        assert_eq!((&s[0..3], &s[31..36], &s[64..67]), ("101", "01010", "101"));
    }
}
