//! From UTF-8 text to the values Grid Matrix encodes, the way zint does it (2.11 to 2.16.0.9
//! alike: the ECI vectors of zint's test_input pass, `zint_vectors.rs`).
//!
//! Grid Matrix's default character set is GB 2312 (EUC-CN). Text whose every non-ASCII
//! character is in GB 2312 becomes, per character, its ASCII value or its two-byte GB 2312
//! code (0xA1A1-0xF7FE), with no ECI. Otherwise the whole text is carried in the first
//! character set that holds all of it, with an ECI naming it, in zint's order: ISO/IEC 8859-1
//! (ECI 3), 8859-2 to -16 (ECI 4-13, 15-18), Windows-1250, -1251, -1252, -1256 (ECI 21-24),
//! and UTF-8 (ECI 26), which holds everything. Every character is then one byte value.
//!
//! The tables come from `scripts/gen-tables.mjs` (Node's decoders) into `src/generated/`
//! (gitignored; `scripts/build-wasm.sh` makes them): `gb2312.bin`, big-endian (Unicode,
//! GB 2312 code) u16 pairs sorted by Unicode, and `eci-sbcs.bin`, 18 single-byte sets of 128
//! (Unicode u16, byte, 0) entries sorted by Unicode, 0xFFFF-padded.

use super::{INVALID_CHARACTER, NAME};
use crate::SymbologyError;

/// Values to encode: below 0x100 one byte (ASCII, or a byte of the ECI's character set), from
/// 0xA1A1 a GB 2312 code. `eci` is `None` for the default GB 2312 reading.
pub struct Text {
    pub values: Vec<u32>,
    pub eci: Option<u16>,
}

/// Reads UTF-8 `data`. Invalid UTF-8 is the one thing that cannot be carried:
/// "Invalid character in input data (E30)".
pub fn convert(data: &[u8]) -> Result<Text, SymbologyError> {
    let text = std::str::from_utf8(data)
        .map_err(|_| SymbologyError::InvalidData { symbology: NAME, reason: INVALID_CHARACTER })?;
    // A byte order mark at the start is dropped (RFC 3629), unless it is all there is (zint).
    let text = match text.strip_prefix('\u{FEFF}') {
        Some(rest) if !rest.is_empty() => rest,
        _ => text,
    };
    let mut values = Vec::with_capacity(text.len());
    for c in text.chars() {
        let u = c as u32;
        if u < 0x80 {
            values.push(u);
        } else if let Some(code) = gb2312(c) {
            values.push(code as u32);
        } else {
            return Ok(with_eci(text));
        }
    }
    Ok(Text { values, eci: None })
}

/// The text in the first single-byte character set that holds all of it, else UTF-8.
fn with_eci(text: &str) -> Text {
    if text.chars().all(|c| (c as u32) < 0x80 || (0xA0..=0xFF).contains(&(c as u32))) {
        return Text { values: text.chars().map(|c| c as u32).collect(), eci: Some(3) };
    }
    for (t, &eci) in SBCS_ECIS.iter().enumerate() {
        let mut values = Vec::with_capacity(text.len());
        let fits = text.chars().all(|c| match single_byte(t, c) {
            Some(b) => {
                values.push(b as u32);
                true
            }
            None => false,
        });
        if fits {
            return Text { values, eci: Some(eci) };
        }
    }
    Text { values: text.bytes().map(|b| b as u32).collect(), eci: Some(26) }
}

/*---- GB 2312 ----*/

static GB2312: &[u8] = include_bytes!("../generated/gb2312.bin");

/// Entries of [`GB2312`] whose Unicode value has a high byte below `h`, for h in 0..=256: the
/// search for a character looks only between `BUCKETS[h]` and `BUCKETS[h + 1]`.
static BUCKETS: [u16; 257] = buckets(include_bytes!("../generated/gb2312.bin"));

const fn buckets(table: &[u8]) -> [u16; 257] {
    let n = table.len() / 4;
    let mut out = [0u16; 257];
    let mut i = 0;
    let mut h = 0;
    while h <= 256 {
        while i < n && (table[i * 4] as usize) < h {
            i += 1;
        }
        out[h] = i as u16;
        h += 1;
    }
    out
}

/// The GB 2312 code (0xA1A1-0xF7FE) of `c`, if GB 2312 has it.
pub fn gb2312(c: char) -> Option<u16> {
    let u = c as u32;
    if u > 0xFFFF {
        return None;
    }
    let high = (u >> 8) as usize;
    let (mut lo, mut hi) = (BUCKETS[high] as usize, BUCKETS[high + 1] as usize);
    let low = u as u8;
    while lo < hi {
        let mid = (lo + hi) / 2;
        let key = GB2312[mid * 4 + 1];
        if key < low {
            lo = mid + 1;
        } else if key > low {
            hi = mid;
        } else {
            return Some(u16::from_be_bytes([GB2312[mid * 4 + 2], GB2312[mid * 4 + 3]]));
        }
    }
    None
}

/*---- Single-byte character sets ----*/

/// The ECIs of the tables in `eci-sbcs.bin`, in file order (ECI 3 is computed).
const SBCS_ECIS: [u16; 18] = [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 18, 21, 22, 23, 24];

static SBCS: &[u8] = include_bytes!("../generated/eci-sbcs.bin");

/// The byte of `c` in single-byte table `t`: ASCII as itself, U+0080-U+009F never, the rest
/// by binary search of the table's 128 entries.
fn single_byte(t: usize, c: char) -> Option<u8> {
    let u = c as u32;
    if u < 0x80 {
        return Some(u as u8);
    }
    if u > 0xFFFE {
        return None;
    }
    let table = &SBCS[t * 512..(t + 1) * 512];
    let (mut lo, mut hi) = (0usize, 128usize);
    while lo < hi {
        let mid = (lo + hi) / 2;
        let key = u16::from_be_bytes([table[mid * 4], table[mid * 4 + 1]]) as u32;
        if key < u {
            lo = mid + 1;
        } else if key > u {
            hi = mid;
        } else {
            return Some(table[mid * 4 + 2]);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gb2312_table_is_sorted_and_in_the_gb2312_region() {
        assert_eq!(GB2312.len(), 7445 * 4);
        let mut prev = 0u16;
        for i in 0..GB2312.len() / 4 {
            let u = u16::from_be_bytes([GB2312[i * 4], GB2312[i * 4 + 1]]);
            let code = u16::from_be_bytes([GB2312[i * 4 + 2], GB2312[i * 4 + 3]]);
            assert!(i == 0 || u > prev);
            let (c1, c2) = (code >> 8, code & 0xFF);
            assert!(
                ((0xA1..=0xA9).contains(&c1) || (0xB0..=0xF7).contains(&c1)) && (0xA1..=0xFE).contains(&c2)
            );
            assert_eq!(gb2312(char::from_u32(u as u32).unwrap()), Some(code));
            prev = u;
        }
    }

    #[test]
    fn gb2312_examples() {
        assert_eq!(gb2312('啊'), Some(0xB0A1));
        assert_eq!(gb2312('齄'), Some(0xF7FE));
        assert_eq!(gb2312('　'), Some(0xA1A1));
        assert_eq!(gb2312('é'), Some(0xA8A6));
        assert_eq!(gb2312('・'), Some(0xA1A4)); // GB 2312's own mapping of 0xA1A4 ...
        assert_eq!(gb2312('·'), None); // ... not GBK's
        assert_eq!(gb2312('—'), None);
        assert_eq!(gb2312('―'), Some(0xA1AA));
        assert_eq!(gb2312('資'), None); // traditional
        assert_eq!(gb2312('€'), None);
        assert_eq!(gb2312('A'), None); // ASCII is not looked up
    }

    #[test]
    fn eci_choice() {
        let t = convert("测试".as_bytes()).unwrap();
        assert_eq!((t.eci, t.values), (None, vec![0xB2E2, 0xCAD4]));
        let t = convert("a©".as_bytes()).unwrap();
        assert_eq!((t.eci, t.values), (Some(3), vec![0x61, 0xA9]));
        let t = convert("€".as_bytes()).unwrap();
        assert_eq!((t.eci, t.values), (Some(9), vec![0xA4])); // ISO-8859-7 before -15
        let t = convert("ș".as_bytes()).unwrap();
        assert_eq!((t.eci, t.values), (Some(18), vec![0xBA]));
        let t = convert("ƒ".as_bytes()).unwrap();
        assert_eq!((t.eci, t.values), (Some(23), vec![0x83]));
        let t = convert("資產".as_bytes()).unwrap();
        assert_eq!(t.eci, Some(26));
        assert_eq!(t.values, "資產".bytes().map(|b| b as u32).collect::<Vec<_>>());
        // One character outside GB 2312 puts the whole text in the ECI's set.
        let t = convert("测€".as_bytes()).unwrap();
        assert_eq!(t.eci, Some(26));
        assert!(convert(b"\xFF").is_err());
        // BOM dropped unless alone.
        assert_eq!(convert("\u{FEFF}A".as_bytes()).unwrap().values, vec![0x41]);
        assert_eq!(convert("\u{FEFF}".as_bytes()).unwrap().eci, Some(26));
    }
}
