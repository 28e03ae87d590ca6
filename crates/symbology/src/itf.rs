//! Interleaved 2 of 5 (ISO/IEC 16390) and ITF-14 (the GS1 shipping-carton number in it).
//!
//! # The symbol
//!
//! Digits in pairs: the first digit of a pair is written in the bars, the second in the
//! spaces between them, 5 elements each, 2 of the 5 wide. A start pattern (4 narrow
//! elements, `1010`) and a stop pattern (wide bar, narrow space, narrow bar) frame them.
//! Wide elements are [`WIDE_MODULES`] = 3 modules, as zint 2.11 writes them
//! (`zint -b 3 --dump`), so a pair is 18 modules; the standard allows 2:1 to 3:1, see
//! `module_fit::wide_narrow_fit` to draw at 2.5:1.
//!
//! # Interleaved 2 of 5 input (spec section 5)
//!
//! Up to [`MAX_DIGITS`] digits. An odd count gets a leading `0` (the symbol takes pairs).
//! An optional GS1 mod-10 check digit (zint `--vers=1`) is appended to the digits given,
//! before the padding; it is printed in the human-readable text, as zint does.
//!
//! # ITF-14
//!
//! 13 digits (check digit computed) or 14 (verified), always 14 digits in the symbol.
//! zint 2.11 pads shorter input with zeros and takes no check digit; we accept exactly
//! these two lengths, like EAN-13. Bearer bars (the frame or the top and bottom bars
//! printed around ITF-14 to stop partial scans) are the renderer's to draw; they are not
//! modules.

use crate::gs1::{self, digits_text};
use crate::human_readable::HumanReadable;
use crate::{LinearSymbol, SymbologyError};

/// Names used in messages.
pub const NAME: &str = "Interleaved 2 of 5";
pub const ITF14_NAME: &str = "ITF-14";

/// At most this many digits (spec section 5: "ITF25: up to 80 digits").
pub const MAX_DIGITS: usize = 80;

/// Modules per wide element in the encoded symbol (zint's 3:1); narrow is 1.
pub const WIDE_MODULES: usize = 3;

/// Encoding options for Interleaved 2 of 5; the default is zint's `-b 3`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ItfOptions {
    /// Append a GS1 mod-10 check digit (zint `--vers=1`).
    pub check_digit: bool,
}

/*---- Public API ----*/

/// Encodes `data` (digits) as Interleaved 2 of 5, without quiet zones.
///
/// Errors: [`SymbologyError::NoData`], [`SymbologyError::InvalidCharacter`] (not a digit),
/// [`SymbologyError::DataTooLong`] above [`MAX_DIGITS`].
pub fn encode(data: &[u8], options: ItfOptions) -> Result<LinearSymbol, SymbologyError> {
    Ok(symbol(&itf_digits(data, options)?))
}

/// [`encode`] plus the human-readable text: the digits encoded (padding `0` and check
/// digit included).
pub fn encode_with_text(data: &[u8], options: ItfOptions) -> Result<(LinearSymbol, HumanReadable), SymbologyError> {
    let digits = itf_digits(data, options)?;
    Ok((symbol(&digits), HumanReadable::Line(digits_text(&digits))))
}

/// Encodes an ITF-14 from 13 digits (check digit computed) or 14 (verified).
///
/// Errors: [`SymbologyError::NoData`], [`SymbologyError::InvalidCharacter`],
/// [`SymbologyError::InvalidLength`], [`SymbologyError::InvalidCheckDigit`].
pub fn encode_itf14(data: &[u8]) -> Result<LinearSymbol, SymbologyError> {
    Ok(symbol(&read_itf14(data)?))
}

/// [`encode_itf14`] plus the human-readable text: the 14 digits.
pub fn encode_itf14_with_text(data: &[u8]) -> Result<(LinearSymbol, HumanReadable), SymbologyError> {
    let digits = read_itf14(data)?;
    Ok((symbol(&digits), HumanReadable::Line(digits_text(&digits))))
}

/// The digit values an Interleaved 2 of 5 input is encoded as: check digit appended when
/// asked for, then a leading 0 when the count is odd.
pub fn itf_digits(data: &[u8], options: ItfOptions) -> Result<Vec<u8>, SymbologyError> {
    gs1::read_digits(NAME, data)?;
    if data.len() > MAX_DIGITS {
        return Err(SymbologyError::DataTooLong { symbology: NAME, length: data.len(), max: MAX_DIGITS });
    }
    let count = data.len() + options.check_digit as usize;
    let mut digits = Vec::with_capacity(count + 1);
    if count % 2 == 1 {
        digits.push(0);
    }
    digits.extend(data.iter().map(|&b| b - b'0'));
    if options.check_digit {
        let check = gs1::check_digit(&digits);
        digits.push(check);
    }
    Ok(digits)
}

fn read_itf14(data: &[u8]) -> Result<[u8; 14], SymbologyError> {
    let mut digits = [0u8; 14];
    gs1::read_with_check(ITF14_NAME, data, "13 digits, or 14 with the check digit", &mut digits)?;
    Ok(digits)
}

/*---- Symbol ----*/

/// The symbol of an even number of digit values.
fn symbol(digits: &[u8]) -> LinearSymbol {
    let wide = WIDE_MODULES as u8;
    let mut widths = Vec::with_capacity(digits.len() * 5 + 7);
    widths.extend_from_slice(&[1, 1, 1, 1]);
    for pair in digits.chunks(2) {
        let (bars, spaces) = (PATTERNS[pair[0] as usize], PATTERNS[pair[1] as usize]);
        for i in 0..5 {
            widths.push(if bars & (0b10000 >> i) != 0 { wide } else { 1 });
            widths.push(if spaces & (0b10000 >> i) != 0 { wide } else { 1 });
        }
    }
    widths.extend_from_slice(&[wide, 1, 1]);
    LinearSymbol::from_widths(&widths)
}

/*---- Tables (ISO/IEC 16390) ----*/

/// Each digit's 5 elements, first element in the high bit, 1 = wide.
const PATTERNS: [u8; 10] = [
    0b00110, // 0 nnwwn
    0b10001, // 1 wnnnw
    0b01001, // 2 nwnnw
    0b11000, // 3 wwnnn
    0b00101, // 4 nnwnw
    0b10100, // 5 wnwnn
    0b01100, // 6 nwwnn
    0b00011, // 7 nnnww
    0b10010, // 8 wnnwn
    0b01010, // 9 nwnwn
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zint_dump::from_dump;

    const PLAIN: ItfOptions = ItfOptions { check_digit: false };
    const CHECK: ItfOptions = ItfOptions { check_digit: true };

    fn text(r: Result<(LinearSymbol, HumanReadable), SymbologyError>) -> String {
        match r.unwrap().1 {
            HumanReadable::Line(s) => s,
            _ => panic!(),
        }
    }

    #[test]
    fn known_vectors_from_zint() {
        // zint -b 3 --dump -d 123 (padded to 0123); -d 12 --vers=1 is the same symbol.
        let s = encode(b"123", PLAIN).unwrap();
        assert_eq!(s.to_bit_string(), from_dump("A8 BB A2 38 AE E8"));
        assert_eq!(encode(b"12", CHECK).unwrap(), s);
        assert_eq!(encode(b"0123", PLAIN).unwrap(), s);
        // zint -b 89 --dump -d 1234567890123 (check digit 1).
        let itf14 = from_dump("AE 8A E3 BA 28 E8 E2 A2 B8 EB A3 8B A2 B8 E3 AA 3A");
        assert_eq!(encode_itf14(b"1234567890123").unwrap().to_bit_string(), itf14);
        assert_eq!(encode_itf14(b"12345678901231").unwrap().to_bit_string(), itf14);
    }

    #[test]
    fn padding_and_width() {
        assert_eq!(itf_digits(b"1", PLAIN).unwrap(), vec![0, 1]);
        assert_eq!(itf_digits(b"12", PLAIN).unwrap(), vec![1, 2]);
        assert_eq!(itf_digits(b"1", CHECK).unwrap(), vec![1, 7]);
        assert_eq!(itf_digits(b"12", CHECK).unwrap(), vec![0, 1, 2, 3]);
        // 4 + 18 per pair + 5.
        for n in 1..=40 {
            assert_eq!(encode(&vec![b'7'; 2 * n], PLAIN).unwrap().width(), 9 + 18 * n);
        }
    }

    #[test]
    fn human_readable_as_zint_prints_it() {
        assert_eq!(text(encode_with_text(b"123", PLAIN)), "0123");
        assert_eq!(text(encode_with_text(b"12", CHECK)), "0123");
        assert_eq!(text(encode_itf14_with_text(b"0000000000123")), "00000000001236");
    }

    #[test]
    fn errors() {
        assert_eq!(encode(b"", PLAIN), Err(SymbologyError::NoData { symbology: NAME }));
        assert_eq!(encode(b"12a", PLAIN).unwrap_err().to_string(), "Interleaved 2 of 5: invalid character 'a' at position 3");
        assert!(encode(&[b'1'; 80], PLAIN).is_ok());
        assert!(encode(&[b'1'; 80], CHECK).is_ok());
        assert_eq!(encode(&[b'1'; 81], PLAIN), Err(SymbologyError::DataTooLong { symbology: NAME, length: 81, max: 80 }));
        assert_eq!(
            encode_itf14(b"12345678901234").unwrap_err().to_string(),
            "ITF-14: invalid check digit '4', expecting '1'"
        );
        assert!(matches!(encode_itf14(b"123"), Err(SymbologyError::InvalidLength { length: 3, .. })));
        assert!(matches!(encode_itf14(b"123456789012345"), Err(SymbologyError::InvalidLength { length: 15, .. })));
    }
}
