//! UPC-A and UPC-E (ISO/IEC 15420), the North American forms of EAN. Digit tables and
//! guards are shared with `ean.rs`.
//!
//! # UPC-A
//!
//! 11 digits (check digit computed) or 12 (verified). A UPC-A is an EAN-13 whose leading
//! digit is 0, so its bars are exactly that EAN-13's; only the human-readable layout
//! differs (first and last digit outside the bars, in a smaller font, and their bars drawn
//! as long as the guards).
//!
//! # UPC-E
//!
//! A zero-suppressed UPC-A: six digits in 51 modules (`101`, 6 digits in sets A/B,
//! `010101`). Input is 6 digits (number system 0), 7 (number system 0 or 1, then six
//! digits) or 8 (the same and the check digit, verified). The check digit is the one of
//! the equivalent UPC-A ([`expand_upc_e`], ISO/IEC 15420 table 5), as zint computes it;
//! it is not drawn as bars but selects the A/B pattern of the six digits
//! ([`UPC_E_PARITY`], inverted for number system 1).
//!
//! zint 2.11 silently encodes a number system other than 0 or 1 as 0; we report it. The
//! standard's three zero-suppression rules (a six-digit body ending in 3 cannot have 0-2
//! as its third digit, ending in 4 not 0 as its fourth, ending in 5-9 not 0 as its fifth)
//! are errors in both, since each such body would equal another UPC-E's expansion.
//!
//! Modules match `zint -b 34 --dump` (UPC-A) and `zint -b 37 --dump` (UPC-E); see
//! `tests/zint_linear.rs`.

use crate::ean::{ean13_symbol, Widths, SET_A, SET_B, START};
use crate::gs1::{self, digits_text};
use crate::human_readable::{EanLayout, HumanReadable, TextRun};
use crate::{LinearSymbol, SymbologyError};

/// Names used in messages.
pub const UPC_A_NAME: &str = "UPC-A";
pub const UPC_E_NAME: &str = "UPC-E";

/// Symbol widths in modules, without quiet zones.
pub const UPC_A_MODULES: usize = 95;
pub const UPC_E_MODULES: usize = 51;

/*---- Public API ----*/

/// Encodes a UPC-A from 11 digits (check digit computed) or 12 (check digit verified).
///
/// Errors: [`SymbologyError::NoData`], [`SymbologyError::InvalidCharacter`] (not a digit),
/// [`SymbologyError::InvalidLength`], [`SymbologyError::InvalidCheckDigit`].
pub fn encode_upc_a(data: &[u8]) -> Result<LinearSymbol, SymbologyError> {
    Ok(ean13_symbol(&read_upc_a(data)?))
}

/// [`encode_upc_a`] plus its layout: number-system digit left of the bars (small), two
/// groups of five, check digit right of the bars (small).
pub fn encode_upc_a_with_text(data: &[u8]) -> Result<(LinearSymbol, HumanReadable), SymbologyError> {
    let digits = read_upc_a(data)?;
    let layout = EanLayout {
        guards: &[(0, 10), (45, 5), (85, 10)],
        text: vec![
            TextRun::new(digits_text(&digits[1..2]), -7, 0, true),
            TextRun::new(digits_text(&digits[2..7]), 10, 45, false),
            TextRun::new(digits_text(&digits[7..12]), 50, 85, false),
            TextRun::new(digits_text(&digits[12..]), 95, 102, true),
        ],
        quiet_left: 9,
        quiet_right: 9,
    };
    Ok((ean13_symbol(&digits), HumanReadable::Ean(layout)))
}

/// Encodes a UPC-E from 6, 7 or 8 digits (see the module documentation).
///
/// Errors: as [`encode_upc_a`], and [`SymbologyError::InvalidData`] for a number system
/// other than 0 or 1 or a body the zero-suppression rules forbid.
pub fn encode_upc_e(data: &[u8]) -> Result<LinearSymbol, SymbologyError> {
    Ok(upc_e_symbol(&read_upc_e(data)?))
}

/// [`encode_upc_e`] plus its layout: number-system digit left (small), the six digits,
/// check digit right (small).
pub fn encode_upc_e_with_text(data: &[u8]) -> Result<(LinearSymbol, HumanReadable), SymbologyError> {
    let e = read_upc_e(data)?;
    let layout = EanLayout {
        guards: &[(0, 3), (45, 6)],
        text: vec![
            TextRun::new(digits_text(&[e.number_system]), -7, 0, true),
            TextRun::new(digits_text(&e.body), 3, 45, false),
            TextRun::new(digits_text(&[e.check]), 51, 58, true),
        ],
        quiet_left: 9,
        quiet_right: 7,
    };
    Ok((upc_e_symbol(&e), HumanReadable::Ean(layout)))
}

/// The 12-digit UPC-A (digit values, check digit last) a UPC-E input stands for.
pub fn expand_upc_e(data: &[u8]) -> Result<[u8; 12], SymbologyError> {
    let e = read_upc_e(data)?;
    let mut upc_a = [0u8; 12];
    upc_a[..11].copy_from_slice(&expansion(e.number_system, &e.body));
    upc_a[11] = e.check;
    Ok(upc_a)
}

/*---- Reading ----*/

/// The 13 EAN-13 digit values (leading 0) of a UPC-A input.
fn read_upc_a(data: &[u8]) -> Result<[u8; 13], SymbologyError> {
    let mut digits = [0u8; 13];
    gs1::read_with_check(UPC_A_NAME, data, "11 digits, or 12 with the check digit", &mut digits[1..])?;
    Ok(digits)
}

/// A UPC-E input, read and checked.
struct UpcE {
    number_system: u8,
    body: [u8; 6],
    check: u8,
}

fn read_upc_e(data: &[u8]) -> Result<UpcE, SymbologyError> {
    const EXPECTED: &str = "6 or 7 digits (the 7th, first, the number system 0 or 1), or 8 with the check digit";
    gs1::read_digits(UPC_E_NAME, data)?;
    let (number_system, rest) = match data.len() {
        6 => (0, data),
        7 | 8 => (data[0] - b'0', &data[1..]),
        length => return Err(SymbologyError::InvalidLength { symbology: UPC_E_NAME, length, expected: EXPECTED }),
    };
    if number_system > 1 {
        return Err(SymbologyError::InvalidData {
            symbology: UPC_E_NAME,
            reason: "the number system (first of 7 or 8 digits) must be 0 or 1",
        });
    }
    let mut body = [0u8; 6];
    for (d, &b) in body.iter_mut().zip(rest) {
        *d = b - b'0';
    }
    let rule = match body[5] {
        3 if body[2] <= 2 => Some("six digits ending in 3 cannot have 0, 1 or 2 as their 3rd digit"),
        4 if body[3] == 0 => Some("six digits ending in 4 cannot have 0 as their 4th digit"),
        5..=9 if body[4] == 0 => Some("six digits ending in 5 to 9 cannot have 0 as their 5th digit"),
        _ => None,
    };
    if let Some(reason) = rule {
        return Err(SymbologyError::InvalidData { symbology: UPC_E_NAME, reason });
    }
    let check = gs1::check_digit(&expansion(number_system, &body));
    if data.len() == 8 && data[7] - b'0' != check {
        return Err(SymbologyError::InvalidCheckDigit { symbology: UPC_E_NAME, given: data[7], expected: b'0' + check });
    }
    Ok(UpcE { number_system, body, check })
}

/// The 11 data digits of the UPC-A a UPC-E body expands to (ISO/IEC 15420 table 5).
fn expansion(number_system: u8, b: &[u8; 6]) -> [u8; 11] {
    let ns = number_system;
    match b[5] {
        0..=2 => [ns, b[0], b[1], b[5], 0, 0, 0, 0, b[2], b[3], b[4]],
        3 => [ns, b[0], b[1], b[2], 0, 0, 0, 0, 0, b[3], b[4]],
        4 => [ns, b[0], b[1], b[2], b[3], 0, 0, 0, 0, 0, b[4]],
        _ => [ns, b[0], b[1], b[2], b[3], b[4], 0, 0, 0, 0, b[5]],
    }
}

fn upc_e_symbol(e: &UpcE) -> LinearSymbol {
    let mut parity = UPC_E_PARITY[e.check as usize];
    if e.number_system == 1 {
        parity ^= 0b111111;
    }
    let mut w = Widths::new();
    w.push(&START);
    for (i, &d) in e.body.iter().enumerate() {
        w.push(if parity & (1 << i) != 0 { &SET_B[d as usize] } else { &SET_A[d as usize] });
    }
    w.push(&END_E);
    w.symbol()
}

/*---- Tables (ISO/IEC 15420) ----*/

/// UPC-E end guard `010101`.
const END_E: [u8; 6] = [1, 1, 1, 1, 1, 1];

/// For each check digit, which of the six digits use set B (bit i = digit i + 1), number
/// system 0 (ISO/IEC 15420 table 4); number system 1 inverts it.
pub const UPC_E_PARITY: [u8; 10] = [
    0b000111, // BBBAAA
    0b001011, // BBABAA
    0b010011, // BBAABA
    0b100011, // BBAAAB
    0b001101, // BABBAA
    0b011001, // BAABBA
    0b110001, // BAAABB
    0b010101, // BABABA
    0b100101, // BABAAB
    0b101001, // BAABAB
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zint_dump::from_dump;
    use crate::ean::encode_ean13;

    #[test]
    fn upc_a_is_ean13_with_a_leading_zero() {
        // `zint -b 34 --dump -d 12345678901`.
        let s = encode_upc_a(b"12345678901").unwrap();
        assert_eq!(s.to_bit_string(), from_dump("A6 49 BD 46 C5 7A A2 48 E9 CB 36 CA"));
        assert_eq!(s, encode_ean13(b"0123456789012").unwrap());
        assert_eq!(encode_upc_a(b"036000291452").unwrap(), encode_ean13(b"0036000291452").unwrap());
        assert_eq!(
            encode_upc_a(b"123456789010").unwrap_err().to_string(),
            "UPC-A: invalid check digit '0', expecting '2'"
        );
        assert!(matches!(encode_upc_a(b"1234567890"), Err(SymbologyError::InvalidLength { length: 10, .. })));
    }

    #[test]
    fn upc_e_known_vectors() {
        // `zint -b 37 --dump -d 123456` (= 0123456, = 01234565) and `-d 1123456`.
        let ns0 = from_dump("AC C9 BD 3A E5 7A A");
        for form in [&b"123456"[..], b"0123456", b"01234565"] {
            let s = encode_upc_e(form).unwrap();
            assert_eq!(s.width(), UPC_E_MODULES);
            assert_eq!(s.to_bit_string(), ns0);
        }
        assert_eq!(encode_upc_e(b"1123456").unwrap().to_bit_string(), from_dump("A6 49 A1 3A C4 2A A"));
        assert_eq!(encode_upc_e(b"0123404").unwrap().to_bit_string(), from_dump("AC C9 A1 46 34 EA A"));
    }

    #[test]
    fn upc_e_expands_per_table_5() {
        let text = |d: [u8; 12]| digits_text(&d);
        assert_eq!(text(expand_upc_e(b"0123450").unwrap()), "012000003455");
        assert_eq!(text(expand_upc_e(b"0123453").unwrap()), "012300000451");
        assert_eq!(text(expand_upc_e(b"0123454").unwrap()), "012340000053");
        assert_eq!(text(expand_upc_e(b"0123455").unwrap()), "012345000058");
        assert_eq!(text(expand_upc_e(b"01234565").unwrap()), "012345000065");
        assert_eq!(text(expand_upc_e(b"1654321").unwrap()), "165100004324");
    }

    #[test]
    fn upc_e_errors() {
        assert_eq!(
            encode_upc_e(b"01234560").unwrap_err().to_string(),
            "UPC-E: invalid check digit '0', expecting '5'"
        );
        assert_eq!(
            encode_upc_e(b"2123456").unwrap_err().to_string(),
            "UPC-E: the number system (first of 7 or 8 digits) must be 0 or 1"
        );
        assert!(matches!(encode_upc_e(b"0120003"), Err(SymbologyError::InvalidData { .. })));
        assert!(matches!(encode_upc_e(b"0123004"), Err(SymbologyError::InvalidData { .. })));
        assert!(matches!(encode_upc_e(b"0123405"), Err(SymbologyError::InvalidData { .. })));
        assert!(matches!(encode_upc_e(b"012340"), Ok(_)));
        assert!(matches!(encode_upc_e(b"12345"), Err(SymbologyError::InvalidLength { length: 5, .. })));
        assert!(matches!(encode_upc_e(b"012345678"), Err(SymbologyError::InvalidLength { length: 9, .. })));
        assert!(matches!(encode_upc_e(b"0123-56"), Err(SymbologyError::InvalidCharacter { position: 4, .. })));
        assert_eq!(encode_upc_e(b""), Err(SymbologyError::NoData { symbology: UPC_E_NAME }));
    }

    #[test]
    fn layouts_match_zints_text() {
        // zint's SVG text for -b 34 -d 12345678901: "1", "23456", "78901", "2".
        let (_, hr) = encode_upc_a_with_text(b"12345678901").unwrap();
        let l = match hr {
            HumanReadable::Ean(l) => l,
            _ => panic!(),
        };
        let texts: Vec<&str> = l.text.iter().map(|r| r.text.as_str()).collect();
        assert_eq!(texts, ["1", "23456", "78901", "2"]);
        assert!(l.text[0].small && l.text[3].small && !l.text[1].small);
        assert_eq!((l.text[3].start_module, l.text[3].end_module), (95, 102));
        // zint: -b 37 -d 1123456 shows "1", "123456", "2".
        let (s, hr) = encode_upc_e_with_text(b"1123456").unwrap();
        let l = match hr {
            HumanReadable::Ean(l) => l,
            _ => panic!(),
        };
        let texts: Vec<&str> = l.text.iter().map(|r| r.text.as_str()).collect();
        assert_eq!(texts, ["1", "123456", "2"]);
        let bits = s.to_bit_string();
        assert_eq!((&bits[0..3], &bits[45..51]), ("101", "010101"));
    }
}
