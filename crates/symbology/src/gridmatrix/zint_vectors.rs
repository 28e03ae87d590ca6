//! zint's own Grid Matrix vectors, from `backend/tests/test_gridmtx.c` of zint 2.16.0.9 (dev,
//! commit 6ac010af, 2026-07-30), the version the engine is checked against (see `ZINT.md`).
//! zint checks these symbols with the zxing-cpp Grid Matrix decoder; they include the texts
//! zint 2.11 misencoded (a byte-mode start, "2.2.0"-like numerals), fixed in 2.16.0.9.
//!
//! `test_input` compares zint's codeword dump (`ZINT_DEBUG_TEST`: the first data codewords of
//! the interleaved stream, at most 30 shown, "(n)" in front when there are more) and the ECI;
//! `test_encode` the modules; `test_large` and `test_options` sizes, levels and limits. Left
//! out, because the engine has no such input: an ECI, Structured Append or reader
//! initialisation asked for, zint's `DATA_MODE` with bytes that are not UTF-8, full-multibyte
//! Hanzi (`ZINT_FULL_MULTIBYTE`), and segments (`test_encode_segs`).

use super::*;

/// zint's `z_debug_test_codeword_dump` of the symbol `encode` makes: the first `count` data
/// codewords of the interleaved stream, with "(count) " in front and fewer shown when more
/// than 30; and the ECI (0 for none).
fn codeword_dump(data: &str, options: &GmOptions) -> (String, u16) {
    let text = charset::convert(data.as_bytes()).unwrap();
    let chosen = modes::choose(&text.values);
    let bits = modes::encode(&text.values, text.eci, &chosen).unwrap();
    let data_codewords = bits.codewords();
    let count = data_codewords.len();
    let (layers, ecc) = size(count, options).unwrap();
    let words = layout::codewords(&data_codewords, layers, ecc);
    let (prefix, shown) = if count > 30 {
        let prefix = format!("({}) ", count);
        let shown = 30 - (prefix.len() + 2) / 3;
        (prefix, shown)
    } else {
        (String::new(), count)
    };
    let hex: Vec<String> = words[..shown].iter().map(|w| format!("{:02X}", w)).collect();
    (prefix + &hex.join(" "), text.eci.unwrap_or(0))
}

/// test_input: (zint's index, text, ECC level, ECI, codeword dump, zint's comment).
const INPUT: &[(usize, &str, Option<u8>, u16, &str, &str)] = &[
    (0, "é", None, 0, "08 54 6F 78 00", "H1 (GB 2312) Note: Grid Matrix default is GB 2312, not ISO 8859-1"),
    (8, "β", None, 0, "08 40 2F 78 00", "H1 (GB 2312)"),
    (15, "ÿ", None, 3, "60 01 5C 00 7F 40", "ECI-3 B1 (ISO 8859-1)"),
    (16, "ÿÿÿ", None, 3, "60 01 5C 02 7F 7F 7F 70", "ECI-3 B3 (ISO 8859-1)"),
    (17, "㈩一", None, 0, "08 15 68 0E 7F 70 00", "H2 (GB 2312)"),
    (19, "\x7F\x7F", None, 0, "38 02 7F 3F 40", "B2 (ASCII)"),
    (20, "\x7F\x7F\x7F", None, 0, "38 04 7F 3F 5F 60", "B3 (ASCII)"),
    (21, "123", None, 0, "10 1E 7F 68", "N3 (ASCII)"),
    (22, " 123", None, 0, "11 7A 03 6F 7D 00", "N4 (ASCII)"),
    (23, "1+23", None, 0, "11 7B 03 6F 7D 00", "N4 (ASCII)"),
    (24, "12.3", None, 0, "11 7C 63 6F 7D 00", "N4 (ASCII)"),
    (25, "123,", None, 0, "10 1E 7F 73 76 5E 60", "N3 L1 (ASCII)"),
    (26, "123,4", None, 0, "14 1E 7F 51 48 3F 50", "N5 (ASCII)"),
    (27, "\r\n123", None, 0, "11 7D 63 6F 7D 00", "N4 (ASCII) (EOL)"),
    (28, "1\r\n23", None, 0, "11 7E 03 6F 7D 00", "N4 (ASCII) (EOL)"),
    (29, "12\r\n3", None, 0, "11 7E 23 6F 7D 00", "N4 (ASCII) (EOL)"),
    (30, "123\r\n", None, 0, "10 1E 7F 7C 01 06 42 40", "N3 B2 (ASCII) (EOL)"),
    (31, "123\r\n4", None, 0, "14 1E 7F 5D 48 3F 50", "N5 (ASCII) (EOL)"),
    (32, "2.2.0", None, 0, "38 08 32 17 0C 45 63 00 00", "B5 (ASCII)"),
    (33, "2.2.0.5", None, 0, "38 0C 32 17 0C 45 63 01 38 6A 00", "B7 (ASCII)"),
    (34, "2.2.0.56", None, 0, "38 06 32 17 0C 45 62 1F 48 1C 3F 50", "B4 N4 (ASCII)"),
    (35, "20.12.13.\r\n", None, 0, "11 7C 66 27 79 0D 2F 7F 00 45 60 68 28 00", "N8 B3 (ASCII)"),
    (36, "ABCDE\tF", None, 0, "20 01 08 32 3E 49 17 30", "U7 (ASCII)"),
    (37, "1 1234ABCD12.2abcd-12", None, 0, "13 7A 23 41 2A 3F 68 01 08 3E 4F 66 1E 5F 70 00 44 1F 2F 6E 0F 0F 74", "N6 U4 N4 L4 N3 (ASCII)"),
    (38, "1 123ABCDE12.2abcd-12", None, 0, "28 1F 40 42 06 28 59 43 27 01 05 7D 56 42 49 16 34 7F 6D 30 08 2F 60", "M21 (ASCII)"),
    (39, "国外通信教材 Matlab6.5", None, 0, "09 63 27 20 4E 24 1F 05 21 58 22 13 7E 1E 4C 78 09 56 00 3D 3F 4A 45 3F 50", "H6 U2 L5 N3 (GB 2312) (Same as D.2 example)"),
    (40, "AAT", None, 0, "20 00 4F 30", "U3 (ASCII)"),
    (41, "aat", None, 0, "18 00 4F 30", "L3 (ASCII)"),
    (42, "AAT2556", None, 0, "20 00 4F 58 7F 65 47 7A", "U3 N4 (ASCII) (note same bit count as M7)"),
    (43, "AAT2556 ", None, 0, "29 22 4E 42 0A 14 37 6F 60", "M8 (ASCII)"),
    (44, "AAT2556 电", None, 0, "29 22 4E 42 0A 14 37 6F 62 2C 1F 7E 00", "M8 H1 (GB 2312)"),
    (45, " 200", None, 0, "11 7A 06 23 7D 00", "N4 (ASCII)"),
    (46, " 200mA至", None, 0, "2F 60 40 00 60 2B 78 63 41 7F 40", "M6 H1 (GB 2312)"),
    (47, "2A tel:86 019 82512738", None, 0, "28 22 5F 4F 29 48 5F 6D 7E 6F 55 57 1F 28 63 0F 5A 11 64 0F 74", "M2 L5(with control) N15 (ASCII)"),
    (48, "至2A tel:86 019 82512738", None, 0, "38 07 56 60 4C 48 13 6A 32 17 7B 3F 5B 75 35 67 6A 18 63 76 44 39 03 7D 00", "B4 L5(with control) N15 (GB 2312)"),
    (49, "AAT2556 电池充电器＋降压转换器 200mA至2A tel:86 019 82512738", None, 0, "(62) 29 22 22 1C 4E 41 42 7E 0A 40 14 00 37 7E 6F 00 62 7E 2C 00 1C 7E 4B 00 41 7E 18 00", "M8 H11 M6 B4 L5(with control) N15 (GB 2312) (*NOT SAME* as D3 example Figure D.1, M8 H11 M6 H1 M3 L4(with control) N15, which uses a few more bits)"),
    (50, "::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::", None, 0, "(588) 3F 68 68 68 68 68 74 7E 74 74 74 74 74 3A 3A 3A 3A 3A 3A 3A 1D 1D 1D 1D 1D 1D 1D 0E", "B512 (ASCII)"),
    (51, "::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::\x7F", None, 0, "(591) 3F 68 68 68 68 68 74 7E 74 74 74 74 74 3A 3A 3A 3A 3A 3A 3A 1D 1D 1D 1D 1D 1D 1D 0E", "B513 (ASCII)"),
    (52, ":::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::至", None, 0, "(591) 3F 68 68 68 68 68 74 7C 74 74 74 74 74 3A 3A 3A 3A 3A 3A 3A 1D 1D 1D 1D 1D 1D 1D 0E", "B511 H1 (GB 2312)"),
    (53, ":::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::::至:", None, 0, "(592) 3F 68 68 68 68 68 74 7E 74 74 74 74 74 3A 3A 3A 3A 3A 3A 3A 1D 1D 1D 1D 1D 1D 1D 0E", "B513 (GB 2312)"),
    (54, "电电123456", None, 0, "09 30 72 61 7F 70 41 76 72 1F 68", "H2 (GB 2312) N6"),
    (55, "电电abcdef", None, 0, "09 30 72 61 7F 71 00 08 43 10 5D 40", "H2 (GB 2312) L6"),
    (56, "电电电电电\t\t\t", None, 0, "09 30 72 61 65 43 4B 07 16 0F 7F 14 02 04 42 21 10", "H5 (GB 2312) B3"),
    (57, "1234567电电", None, 0, "14 1E 6E 22 5E 3F 59 30 72 61 7F 70 00", "N7 H2 (GB 2312)"),
    (58, "12345678mA 2", None, 0, "12 1E 6E 23 06 3F 76 02 5F 02 7E 00", "N8 M4"),
    (59, "ABCDEFG电电", None, 0, "20 01 08 32 0A 37 05 43 4B 07 7F 40", "U7 H2 (GB 2312)"),
    (60, "ABCDEFGHIJ8mA 2", None, 0, "20 01 08 32 0A 31 68 27 70 46 02 5F 02 7E 00", "U10 M5"),
    (61, "ABCDEFGHIJ\t\t\t\t", None, 0, "20 01 08 32 0A 31 68 27 78 03 04 42 21 10 48 00", "U10 B4"),
    (62, "8mA B123456789", None, 0, "29 0C 05 3E 17 7C 40 7B 39 0C 2B 7E 40", "M5 N9"),
    (63, "8mA aABCDEFGH", None, 0, "29 0C 05 3E 49 7D 00 04 21 48 29 47 6C", "M5 U8"),
    (64, "\t\t\t\t123456", None, 0, "38 06 09 04 42 21 12 03 6D 64 3F 50", "B4 N6"),
    (65, "\t\t\t\tABCDEF", None, 0, "38 06 09 04 42 21 14 00 11 06 21 3B", "B4 U6"),
    (66, "\t\t\t\t8mA 2", None, 0, "38 06 09 04 42 21 15 11 40 57 60 5F 40", "B4 M5"),
    (67, "电电电电电\r\n", None, 0, "09 30 72 61 65 43 4B 07 16 0F 73 03 7E 00", "H7 (GB 2312)"),
    (68, "电电电电电12", None, 0, "09 30 72 61 65 43 4B 07 16 0F 7B 37 7E 00", "H7 (GB 2312)"),
    (69, "1234567.8\r\n123456", None, 0, "10 1E 6E 23 7F 40 13 39 38 57 78 65 45 33 16 1F 68", "N6 B2 N9"),
    (70, "˘", None, 4, "60 02 1C 00 51 00", "ECI-4 B1 (ISO 8859-2)"),
    (72, "Ħ", None, 5, "60 02 5C 00 50 40", "ECI-5 B1 (ISO 8859-3)"),
    (76, "Ș", None, 18, "60 09 1C 00 55 00", "ECI-18 B1 (ISO 8859-16)"),
    (78, "テ", None, 0, "08 34 6F 78 00", "H1 (GB 2312)"),
    (82, "…", None, 0, "08 01 5F 78 00", "H1 (GB 2312)"),
    (84, "Ґ", None, 22, "60 0B 1C 00 52 40", "ECI-22 B1 (Win 1251)"),
    (86, "˜", None, 23, "60 0B 5C 00 4C 00", "ECI-23 B1 (Win 1252)"),
    (89, "က", None, 26, "60 0D 1C 02 70 60 10 00", "ECI-26 B3 (UTF-8)"),
    (94, "龘", None, 26, "60 0D 1C 02 74 6F 53 00", "ECI-26 B3 (UTF-8)"),
    (97, "齄", None, 0, "0F 4B 6F 78 00", "H1 (GB 2312)"),
    (100, "가", None, 26, "60 0D 1C 02 75 2C 10 00", "ECI-26 B3 (UTF-8)"),
    (116, "Grid Matrix", Some(5), 0, "21 5E 45 01 7D 53 1E 02 38 51 3E 60", ""),
];

#[test]
fn zint_test_input_codewords() {
    let mut failures = Vec::new();
    for &(index, data, ecc, eci, expected, comment) in INPUT {
        let (dump, our_eci) = codeword_dump(data, &GmOptions { layers: None, ecc });
        if dump != expected || our_eci != eci {
            let shown: String = data.chars().take(40).collect();
            failures.push(format!(
                "{} {:?} ({})\n  ours ECI {} {}\n  zint ECI {} {}",
                index, shown, comment, our_eci, dump, eci, expected
            ));
        }
    }
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), INPUT.len(), failures.join("\n"));
}

struct EncodeVector {
    index: usize,
    data: &'static str,
    options: GmOptions,
    comment: &'static str,
    rows: &'static [&'static str],
}

/// test_encode: zint's modules (option_1 is the ECC level, option_2 the layers).
const ENCODE: &[EncodeVector] = &[
    EncodeVector {
        index: 0,
        data: "1234",
        options: GmOptions { layers: None, ecc: None },
        comment: "",
        rows: &[
            "111111000000111111",
            "101111001100101001",
            "100101000010100001",
            "111011011100101111",
            "101011011000111011",
            "111111000000111111",
            "000000111111000000",
            "001100100001001110",
            "001110111111011110",
            "001010100011000000",
            "010100101001000000",
            "000000111111000000",
            "111111000000111111",
            "101001001100101001",
            "111001000000101111",
            "111001000100110001",
            "111111000000100001",
            "111111000000111111",
        ],
    },
    EncodeVector {
        index: 1,
        data: "Grid Matrix",
        options: GmOptions { layers: None, ecc: Some(5) },
        comment: "AIMD014 Figure 1 **NOT SAME** different encodation, uses Upper and Lower whereas figure uses Mixed and Lower",
        rows: &[
            "111111000000111111000000111111",
            "110111010110110111010110110011",
            "100011011110111111011110111111",
            "110001000000100001000000100001",
            "101101000000100001000000100001",
            "111111000000111111000000111111",
            "000000111111000000111111000000",
            "010000101111001000101101010000",
            "000100111111000000110011010110",
            "001110100001011000111111001000",
            "001010100001001010111011000010",
            "000000111111000000111111000000",
            "111111000000111111000000111111",
            "110001001110100101001000110001",
            "111111011110111111000010111111",
            "110111000000100101000010100101",
            "100111000000100011011100100011",
            "111111000000111111000000111111",
            "000000111111000000111111000000",
            "010100101111001110101101010110",
            "011100111111000000110001001100",
            "001010100001000110110111011110",
            "000010100001011100110001000000",
            "000000111111000000111111000000",
            "111111000000111111000000111111",
            "110101010000110101010010110101",
            "110111000000110011001010101111",
            "111101010010110101010010111011",
            "101111010010100001010010110111",
            "111111000000111111000000111111",
        ],
    },
    EncodeVector {
        index: 2,
        data: "AAT2556 电池充电器+降压转换器 200mA至2A tel:86 019 82512738",
        options: GmOptions { layers: Some(3), ecc: Some(3) },
        comment: "AIMD014 Figure D.1 **NOT SAME** different encodation, see test_input dataset",
        rows: &[
            "111111000000111111000000111111000000111111",
            "101101001100101111001010101011001100101101",
            "110001011010110101010000100011000000100001",
            "110001001110111111010000101111010010101111",
            "101101010100100111011000110111011000111101",
            "111111000000111111000000111111000000111111",
            "000000111111000000111111000000111111000000",
            "001010100111000000100011000110100101001110",
            "011010101101001100101011000110110001011110",
            "000010111011001110100101001110110101000000",
            "000110111111011010100011011100100001000000",
            "000000111111000000111111000000111111000000",
            "111111000000111111000000111111000000111111",
            "101101000110111111011100111001000010101111",
            "110111011100111011000010110101010100111111",
            "100011010000111101001000100001011110100001",
            "100111010110110111011100110101000110100001",
            "111111000000111111000000111111000000111111",
            "000000111111000000111111000000111111000000",
            "001010100001011110110011011110100111001110",
            "010010111001000000100011001110111111011110",
            "010100111111011000100101010110111111000000",
            "001010101011000100110011001110111011000000",
            "000000111111000000111111000000111111000000",
            "111111000000111111000000111111000000111111",
            "101001000000111001011100111011000010101101",
            "111011001000111001001010101101011110111101",
            "110011010100101001010010101101001110100001",
            "100001001000100011011000100101000100100001",
            "111111000000111111000000111111000000111111",
            "000000111111000000111111000000111111000000",
            "001110100011000110100101000000100001001110",
            "010000100111001010111101000010100001010100",
            "010100100111010000101011000000100001000100",
            "001110100001000110111111001100101001000100",
            "000000111111000000111111000000111111000000",
            "111111000000111111000000111111000000111111",
            "101011001110101001001100101011001010101111",
            "100011011010100001011100101001010000110101",
            "111101000110110001000100100111010110110011",
            "100001001000110011011110110001000100100101",
            "111111000000111111000000111111000000111111",
        ],
    },
];

#[test]
fn zint_test_encode_modules() {
    for v in ENCODE {
        let s = encode(v.data.as_bytes(), &v.options).unwrap();
        let ours: Vec<String> = s.matrix().to_ascii().lines().map(str::to_string).collect();
        assert_eq!(ours, v.rows, "{} {:?} ({})", v.index, v.data, v.comment);
    }
}

/// test_large (the UTF-8 ones): a pattern repeated `length` times, with fixed layers or not;
/// `Some(size)` encodes to that many modules a side, `None` is too long.
#[test]
fn zint_test_large_limits() {
    let cases: &[(usize, Option<u8>, &str, usize, Option<usize>)] = &[
        (0, None, "1", 2751, Some(162)),
        (1, None, "1", 2752, None),
        (2, None, "1", 2755, None),
        (3, None, "A", 1836, Some(162)),
        (4, None, "A", 1837, None),
        (5, None, "A1", 1529, Some(162)),
        (6, None, "A1", 1530, None),
        (11, Some(1), "1", 18, Some(18)),
        (12, Some(1), "1", 19, None),
        (13, Some(1), "A", 13, Some(18)),
        (14, Some(1), "A", 14, None),
    ];
    for &(index, layers, pattern, length, expected) in cases {
        let data = pattern.repeat(length);
        let data = &data.as_bytes()[..length]; // zint repeats the pattern to `length` bytes
        let got = encode(data, &GmOptions { layers, ecc: None });
        match expected {
            Some(size) => assert_eq!(got.map(|s| s.size()).ok(), Some(size), "test_large {}", index),
            None => assert_eq!(
                got,
                Err(SymbologyError::InvalidData { symbology: NAME, reason: TOO_LONG }),
                "test_large {}",
                index
            ),
        }
    }
}

/// test_options (no Structured Append): (index, ECC level, layers, text, size, ECC level used,
/// layers used); a size of 0 is too long.
#[test]
fn zint_test_options_sizes_and_levels() {
    let cases: &[(usize, Option<u8>, Option<u8>, &str, usize, u8, u8)] = &[
        (0, None, None, "12345", 18, 5, 1),
        (1, None, Some(1), "12345", 18, 5, 1),
        (2, None, Some(2), "12345", 30, 4, 2),
        (3, None, Some(14), "12345", 18, 5, 1),
        (4, None, Some(13), "12345", 162, 3, 13),
        (5, None, Some(1), "1234567890123456789", 0, 0, 1),
        (6, None, Some(2), "1234567890123456789", 30, 4, 2),
        (7, None, None, "123456789012345678", 30, 4, 2),
        (8, None, Some(1), "123456789012345678", 18, 4, 1),
        (9, Some(5), Some(1), "123456789012345678", 18, 4, 1),
        (10, Some(5), None, "123456789012345678", 30, 5, 2),
        (11, Some(6), None, "123456789012345678", 30, 4, 2),
        (12, Some(1), None, "123456789012345678", 30, 2, 2),
        (13, Some(4), Some(1), "123456789012345678", 18, 4, 1),
        (24, None, None, "ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNOPQRSTUVWXYZ", 42, 4, 3),
    ];
    for &(index, ecc, layers, data, size, used_ecc, used_layers) in cases {
        let got = encode(data.as_bytes(), &GmOptions { layers, ecc });
        if size == 0 {
            assert!(got.is_err(), "test_options {}", index);
            continue;
        }
        let s = got.unwrap();
        assert_eq!((s.size(), s.ecc(), s.layers()), (size, used_ecc, used_layers), "test_options {}", index);
    }
}
