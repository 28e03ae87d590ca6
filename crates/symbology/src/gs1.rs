//! GS1 numbers: the mod-10 check digit shared by EAN-13, EAN-8, UPC-A, UPC-E, ISBN (as
//! EAN-13) and ITF-14, the one rule for reading such a number from user text, and GS1
//! element strings in bracket syntax (GS1-128, [`element_string`]).
//!
//! # The input rule (spec section 5, "Barcode input rules")
//!
//! A GS1 number of `n` data digits is accepted as exactly `n` digits (the check digit is
//! computed and appended) or exactly `n + 1` digits (the last one is the check digit and is
//! *verified*: a wrong one is an error naming the expected digit, never silently replaced,
//! because a label with a silently "corrected" number identifies a different item).
//! Digits only: no spaces, no separators.
//!
//! Errors are reported in this order, so the user fixes the most specific problem first:
//! no data, an invalid character (its position), a wrong length, a wrong check digit.

use crate::SymbologyError;

/*---- Public API ----*/

/// The GS1 mod-10 check digit (0-9) of `digits` (values 0-9, check digit not included):
/// weights 3, 1, 3, 1, ... from the rightmost digit, and the check digit brings the
/// weighted sum up to a multiple of 10. Example: `590123412345` gives 7.
pub fn check_digit(digits: &[u8]) -> u8 {
    let mut sum: u32 = 0;
    for (i, &d) in digits.iter().rev().enumerate() {
        sum += d as u32 * if i % 2 == 0 { 3 } else { 1 };
    }
    ((10 - sum % 10) % 10) as u8
}

/// Reads `data` as a GS1 number of `out.len() - 1` data digits plus check digit into `out`
/// (digit values 0-9, check digit last), computing or verifying the check digit as the
/// module documentation says. `expected` describes the accepted lengths for the error
/// message, e.g. "12 digits, or 13 with the check digit".
pub(crate) fn read_with_check(
    symbology: &'static str,
    data: &[u8],
    expected: &'static str,
    out: &mut [u8],
) -> Result<(), SymbologyError> {
    let n = out.len() - 1;
    read_digits(symbology, data)?;
    if data.len() != n && data.len() != n + 1 {
        return Err(SymbologyError::InvalidLength { symbology, length: data.len(), expected });
    }
    for (o, &b) in out.iter_mut().zip(data) {
        *o = b - b'0';
    }
    let check = check_digit(&out[..n]);
    if data.len() == n + 1 && out[n] != check {
        return Err(SymbologyError::InvalidCheckDigit { symbology, given: data[n], expected: b'0' + check });
    }
    out[n] = check;
    Ok(())
}

/// Checks that `data` is non-empty and all ASCII digits.
pub(crate) fn read_digits(symbology: &'static str, data: &[u8]) -> Result<(), SymbologyError> {
    if data.is_empty() {
        return Err(SymbologyError::NoData { symbology });
    }
    match data.iter().position(|b| !b.is_ascii_digit()) {
        Some(position) => Err(SymbologyError::InvalidCharacter { symbology, position, byte: data[position] }),
        None => Ok(()),
    }
}

/// Digit values as text ("5901234123457").
pub(crate) fn digits_text(digits: &[u8]) -> String {
    digits.iter().map(|&d| (b'0' + d) as char).collect()
}

/*---- Element strings in bracket syntax (GS1-128) ----*/

/// The separator [`element_string`] writes after a variable-length field: ASCII GS, which
/// a GS1-128 symbol carries as FNC1 and a reader transmits as GS again.
pub const GS: u8 = 0x1D;

/// Two-digit AI prefixes with a predefined element length, and that length (AI digits plus
/// data), from the GS1 General Specifications, figure 7.8.5-2.
const PREDEFINED_LENGTH: [(u8, u8); 22] = [
    (0, 20),
    (1, 16),
    (2, 16),
    (3, 16),
    (4, 18),
    (11, 8),
    (12, 8),
    (13, 8),
    (14, 8),
    (15, 8),
    (16, 8),
    (17, 8),
    (18, 8),
    (19, 8),
    (20, 4),
    (31, 10),
    (32, 10),
    (33, 10),
    (34, 10),
    (35, 10),
    (36, 10),
    (41, 16),
];

/// The AI length (digits) of the predefined-length prefixes: 2 except 31-36 (4) and 41 (3).
fn predefined_ai_len(prefix: u8) -> usize {
    match prefix {
        31..=36 => 4,
        41 => 3,
        _ => 2,
    }
}

/// GS1 AI encodable character set 82 (printable ASCII without space and `#$@[\]^` `` ` ``
/// `{|}~`), less `(` and `)`, which delimit AIs in bracket syntax.
fn is_gs1_char(b: u8) -> bool {
    matches!(b, b'!' | b'"' | b'%'..=b'?' | b'A'..=b'Z' | b'_' | b'a'..=b'z') && b != b'(' && b != b')'
}

/// Reads bracket syntax, `(01)09501101530003(17)250101(10)ABC123`, into the element string
/// a GS1 symbol carries: AIs (2-4 digits) and their data without brackets, [`GS`] after
/// each variable-length field but the last. Fields of a predefined length (figure
/// 7.8.5-2) need no separator, and their length is checked, since a wrong one would make
/// the decoded string ambiguous. Check digits and dates are the data's business.
///
/// Errors: [`SymbologyError::NoData`] for empty input, [`SymbologyError::InvalidData`]
/// (with the rule broken) for anything else; `name` is the symbology, for messages.
/// Shared by GS1-128 (code128.rs) and QR Code's FNC1 mode (qr/segment.rs).
pub fn element_string(input: &[u8], name: &'static str) -> Result<Vec<u8>, SymbologyError> {
    let err = |reason: &'static str| Err(SymbologyError::InvalidData { symbology: name, reason });
    if input.is_empty() {
        return Err(SymbologyError::NoData { symbology: name });
    }
    let mut out = Vec::with_capacity(input.len());
    let mut i = 0;
    while i < input.len() {
        if input[i] != b'(' {
            return err("GS1 data must be Application Identifiers in parentheses, e.g. (01)09501101530003(10)ABC");
        }
        let ai_start = i + 1;
        let mut j = ai_start;
        while j < input.len() && input[j].is_ascii_digit() {
            j += 1;
        }
        if j >= input.len() || input[j] != b')' {
            return err("a GS1 Application Identifier must be 2 to 4 digits in parentheses");
        }
        let ai = &input[ai_start..j];
        if ai.len() < 2 || ai.len() > 4 {
            return err("a GS1 Application Identifier must be 2 to 4 digits in parentheses");
        }
        let data_start = j + 1;
        let mut k = data_start;
        while k < input.len() && input[k] != b'(' {
            if !is_gs1_char(input[k]) {
                return err("GS1 data may only contain the GS1 character set (printable ASCII without space, # $ @ [ \\ ] ^ ` { | } ~)");
            }
            k += 1;
        }
        let data = &input[data_start..k];
        if data.is_empty() {
            return err("a GS1 Application Identifier must be followed by data");
        }
        let prefix = (ai[0] - b'0') * 10 + (ai[1] - b'0');
        let fixed = PREDEFINED_LENGTH.iter().find(|&&(p, _)| p == prefix).map(|&(_, len)| len as usize);
        if let Some(total) = fixed {
            if ai.len() != predefined_ai_len(prefix) {
                return err("wrong number of digits in a GS1 Application Identifier of predefined length (e.g. (01), (310n), (410))");
            }
            if ai.len() + data.len() != total {
                return err("wrong data length for a GS1 Application Identifier of predefined length (e.g. (01) takes 14 digits)");
            }
        }
        out.extend_from_slice(ai);
        out.extend_from_slice(data);
        if fixed.is_none() && k < input.len() {
            out.push(GS);
        }
        i = k;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn element_strings_separate_variable_length_fields_only() {
        let p = |s: &str| element_string(s.as_bytes(), "GS1-128");
        assert_eq!(p("(01)12345678901231(10)ABC").unwrap(), b"011234567890123110ABC".to_vec());
        assert_eq!(p("(10)ABC(01)12345678901231").unwrap(), b"10ABC\x1d0112345678901231".to_vec());
        assert_eq!(
            p("(01)09501101530003(3103)000189(17)250101(21)X%1(400)PO-7").unwrap(),
            b"010950110153000331030001891725010121X%1\x1d400PO-7".to_vec()
        );
        for bad in ["01123", "(1)23", "(12345)6", "(10)", "(01)123", "(10)A B", "(3103)12345", "(310)123456", "(10"] {
            assert!(matches!(p(bad), Err(SymbologyError::InvalidData { .. })), "{}", bad);
        }
        assert_eq!(p(""), Err(SymbologyError::NoData { symbology: "GS1-128" }));
    }

    fn values(s: &str) -> Vec<u8> {
        s.bytes().map(|b| b - b'0').collect()
    }

    #[test]
    fn check_digits_of_known_numbers() {
        assert_eq!(check_digit(&values("590123412345")), 7); // EAN-13 5901234123457
        assert_eq!(check_digit(&values("9638507")), 4); // EAN-8 96385074
        assert_eq!(check_digit(&values("03600029145")), 2); // UPC-A 036000291452
        assert_eq!(check_digit(&values("978030640615")), 7); // ISBN 978-0-306-40615-7
        assert_eq!(check_digit(&values("1540014128876")), 3); // ITF-14 15400141288763
        assert_eq!(check_digit(&[]), 0);
    }

    #[test]
    fn reading_computes_verifies_and_reports_in_order() {
        let mut out = [0u8; 13];
        read_with_check("EAN-13", b"590123412345", "x", &mut out).unwrap();
        assert_eq!(digits_text(&out), "5901234123457");
        read_with_check("EAN-13", b"5901234123457", "x", &mut out).unwrap();
        assert_eq!(digits_text(&out), "5901234123457");
        assert_eq!(
            read_with_check("EAN-13", b"5901234123450", "x", &mut out),
            Err(SymbologyError::InvalidCheckDigit { symbology: "EAN-13", given: b'0', expected: b'7' })
        );
        assert_eq!(
            read_with_check("EAN-13", b"", "x", &mut out),
            Err(SymbologyError::NoData { symbology: "EAN-13" })
        );
        // An invalid character is reported before a wrong length.
        assert_eq!(
            read_with_check("EAN-13", b"59x", "x", &mut out),
            Err(SymbologyError::InvalidCharacter { symbology: "EAN-13", position: 2, byte: b'x' })
        );
        assert_eq!(
            read_with_check("EAN-13", b"59", "x", &mut out),
            Err(SymbologyError::InvalidLength { symbology: "EAN-13", length: 2, expected: "x" })
        );
    }
}
