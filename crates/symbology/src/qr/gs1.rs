//! GS1 element strings in bracket syntax, turned into the data a GS1 symbol carries.
//!
//! Input looks like `(01)09501101530003(17)250101(10)ABC123`: each Application Identifier
//! (AI, 2-4 digits) in parentheses, followed by its data. The symbol carries the AIs and data
//! without brackets; a data field of variable length is ended by FNC1 (transmitted as the
//! ASCII group separator GS, 0x1D) unless it is the last field. Fields of a predefined
//! length need no separator: they are the AIs whose first two digits appear in
//! [`PREDEFINED_LENGTH`] (GS1 General Specifications, figure 7.8.5-2). For those we also
//! check the data length, since a wrong length would make the decoded string ambiguous.
//!
//! Data characters must be from the GS1 AI encodable character set 82 (printable ASCII
//! without space, `#$@[\]^` `` ` `` `{|}~`), except `(` and `)`, which delimit AIs here.
//! Check digits and date plausibility are not verified: that is the data's business.

use crate::SymbologyError;

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

fn is_gs1_char(b: u8) -> bool {
    matches!(b, b'!' | b'"' | b'%'..=b'?' | b'A'..=b'Z' | b'_' | b'a'..=b'z') && b != b'(' && b != b')'
}

/// Converts bracket syntax to the carried data: AIs and data, GS (0x1D) after each
/// variable-length field but the last. `name` is the symbology, for messages.
pub fn parse(input: &[u8], name: &'static str) -> Result<Vec<u8>, SymbologyError> {
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
        let last = k == input.len();
        if fixed.is_none() && !last {
            out.push(0x1D);
        }
        i = k;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Result<Vec<u8>, SymbologyError> {
        parse(s.as_bytes(), "QR Code")
    }

    #[test]
    fn separators_follow_variable_length_fields_only() {
        assert_eq!(p("(01)12345678901231(10)ABC").unwrap(), b"011234567890123110ABC".to_vec());
        assert_eq!(p("(10)ABC(01)12345678901231").unwrap(), b"10ABC\x1d0112345678901231".to_vec());
        assert_eq!(
            p("(01)09501101530003(3103)000189(17)250101(21)X%1(400)PO-7").unwrap(),
            b"010950110153000331030001891725010121X%1\x1d400PO-7".to_vec()
        );
    }

    #[test]
    fn bad_syntax_is_an_error_not_a_panic() {
        for bad in ["01123", "(1)23", "(12345)6", "(10)", "(01)123", "(10)A B", "(3103)12345", "(310)123456", "(10"] {
            assert!(p(bad).is_err(), "{}", bad);
        }
        assert_eq!(p(""), Err(SymbologyError::NoData { symbology: "QR Code" }));
    }
}
