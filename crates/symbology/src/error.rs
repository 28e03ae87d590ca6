//! The one error type every encoder returns.

use std::fmt;

/// Why data could not be encoded. Each variant is a property of the *data* (never a bug in
/// the caller): show [`SymbologyError::to_string`] to the user and let them edit the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SymbologyError {
    /// The data is empty. Labels draw nothing for an empty barcode; the engine decides
    /// that before asking an encoder, so this only reaches direct `encode` calls.
    NoData { symbology: &'static str },
    /// The data has more characters than the symbology (or the product's limit for it,
    /// spec section 5) accepts.
    DataTooLong { symbology: &'static str, length: usize, max: usize },
    /// The byte at `position` (0-based) is not in the symbology's character set.
    InvalidCharacter { symbology: &'static str, position: usize, byte: u8 },
    /// A fixed-length symbology (EAN, UPC, ISBN, ITF-14) got a number of characters it does
    /// not take; `expected` says what it takes, e.g. "12 digits, or 13 with the check digit".
    InvalidLength { symbology: &'static str, length: usize, expected: &'static str },
    /// The data ends in a check digit that is not the one computed from the rest. Never
    /// replaced silently: the user typed it, so the user corrects it (or leaves it out).
    InvalidCheckDigit { symbology: &'static str, given: u8, expected: u8 },
    /// The data breaks a structural rule of the symbology; `reason` says which, e.g.
    /// "the number system (first digit) must be 0 or 1".
    InvalidData { symbology: &'static str, reason: &'static str },
    /// The data does not fit the largest symbol at the chosen error-correction level
    /// (spec section 5, QR rules). Shorten the data or lower the error-correction level.
    CapacityExceeded { symbology: &'static str },
    /// A fixed symbol version was chosen that is too small; `required` is the smallest
    /// version that holds the data (spec section 5, QR rules). Choose `required` or larger,
    /// or automatic.
    VersionTooSmall { symbology: &'static str, version: u8, required: u8 },
}

impl fmt::Display for SymbologyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SymbologyError::NoData { symbology } => write!(f, "{}: no data to encode", symbology),
            SymbologyError::DataTooLong { symbology, length, max } => write!(
                f,
                "{}: data too long ({} characters, at most {})",
                symbology, length, max
            ),
            SymbologyError::InvalidCharacter { symbology, position, byte } => {
                // Printable ASCII and Latin-1 show as the character (data bytes are Latin-1).
                if (0x20..0x7f).contains(&byte) || byte >= 0xA0 {
                    write!(
                        f,
                        "{}: invalid character '{}' at position {}",
                        symbology, byte as char, position + 1
                    )
                } else {
                    write!(
                        f,
                        "{}: invalid character (byte 0x{:02X}) at position {}",
                        symbology, byte, position + 1
                    )
                }
            }
            SymbologyError::InvalidLength { symbology, length, expected } => {
                write!(f, "{}: wrong length ({} characters, expecting {})", symbology, length, expected)
            }
            SymbologyError::InvalidCheckDigit { symbology, given, expected } => write!(
                f,
                "{}: invalid check digit '{}', expecting '{}'",
                symbology, given as char, expected as char
            ),
            SymbologyError::InvalidData { symbology, reason } => write!(f, "{}: {}", symbology, reason),
            SymbologyError::CapacityExceeded { symbology } => {
                write!(f, "The amount of data is too big to be stored in a {}", symbology)
            }
            SymbologyError::VersionTooSmall { symbology, version, required } => write!(
                f,
                "The chosen {} version ({}) cannot contain this amount of data. \
                 Minimum version required to store current data is: {}",
                symbology, version, required
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_symbology_and_one_based_position() {
        let e = SymbologyError::InvalidCharacter { symbology: "Code 128", position: 2, byte: 0x85 };
        assert_eq!(e.to_string(), "Code 128: invalid character (byte 0x85) at position 3");
        let e = SymbologyError::InvalidCharacter { symbology: "Code 128", position: 0, byte: 0xE9 };
        assert_eq!(e.to_string(), "Code 128: invalid character 'é' at position 1");
        let e = SymbologyError::DataTooLong { symbology: "Code 128", length: 81, max: 80 };
        assert_eq!(e.to_string(), "Code 128: data too long (81 characters, at most 80)");
    }
}
