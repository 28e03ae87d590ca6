//! GS1 numbers: the mod-10 check digit shared by EAN-13, EAN-8, UPC-A, UPC-E, ISBN (as
//! EAN-13) and ITF-14, and the one rule for reading such a number from user text.
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

#[cfg(test)]
mod tests {
    use super::*;

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
