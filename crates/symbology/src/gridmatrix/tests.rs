//! Unit tests. The comparison with zint over large corpora is `tests/zint_gridmatrix.rs`;
//! zint's own vectors (2.16.0.9) are `zint_vectors.rs`. The golden symbols here were printed
//! by zint 2.11.1 (`zint -b 142 --dump`) for texts its misencodations do not touch, so they
//! are current zint's symbols too (`zint_2_11_misencodations` checks that).

use super::*;

/// Rows of '0'/'1' from zint's `--dump` hex (a row a line, the last nibble padded).
fn from_dump(dump: &str) -> String {
    let rows: Vec<String> = dump
        .lines()
        .map(|line| {
            line.chars()
                .filter(|c| !c.is_whitespace())
                .map(|c| format!("{:04b}", c.to_digit(16).unwrap()))
                .collect()
        })
        .collect();
    let size = rows.len();
    rows.iter().map(|r| &r[..size]).collect::<Vec<_>>().join("\n")
}

#[test]
fn golden_single_letter() {
    // zint -b 142 --dump -d 'A'
    let dump = "FC 0F C\nA4 EB C\nAD EF C\nCC 08 4\nF4 08 4\nFC 0F C\n03 F0 0\n3A 13 8\n4B B7 8\n\
                7B 50 0\n12 10 0\n03 F0 0\nFC 0F C\nAC AA C\nA4 C8 4\nCD A8 4\nB4 C8 4\nFC 0F C";
    let s = encode(b"A", &GmOptions::default()).unwrap();
    assert_eq!((s.layers(), s.ecc(), s.size(), s.eci()), (1, 5, 18, None));
    assert_eq!(s.matrix().to_ascii(), from_dump(dump));
}

#[test]
fn golden_chinese_two_layers_level_one() {
    // zint -b 142 --dump --vers=2 --secure=1 -d '固定资产 123'
    let dump = "FC 0F C0 FC\nA4 EB CE BC\nED EF DE FC\nCC 08 40 84\nF4 08 40 84\nFC 0F C0 FC\n\
                03 F0 3F 00\n3A 71 A1 38\n6B F2 B5 78\n7A 12 33 00\n7A 11 25 00\n03 F0 3F 00\n\
                FC 0F C0 FC\nAC 0F 46 BC\nCC 0F 5A FC\nA4 4C 40 84\nB4 0C D0 84\nFC 0F C0 FC\n\
                03 F0 3F 00\n3A 71 25 38\n13 F0 23 78\n3B F1 AF 00\n53 77 3F 00\n03 F0 3F 00\n\
                FC 0F C0 FC\nAC EB CE BC\nED EF DE FC\nFC 08 40 84\nA4 08 40 84\nFC 0F C0 FC";
    let s = encode("固定资产 123".as_bytes(), &GmOptions { layers: Some(2), ecc: Some(1) }).unwrap();
    // Two layers start at level 2: the requested level 1 is raised.
    assert_eq!((s.layers(), s.ecc()), (2, 2));
    assert_eq!(s.matrix().to_ascii(), from_dump(dump));
}

#[test]
fn bit_stream_of_a_letter() {
    // Upper case mode (0100), 'A' (00000), end of data (11011): 14 bits, 2 codewords.
    let values = [0x41u32];
    let chosen = modes::choose(&values);
    assert_eq!(chosen, vec![modes::UPPER]);
    let bits = modes::encode(&values, None, &chosen).unwrap();
    let s: String = (0..bits.len()).map(|i| (b'0' + bits.bit(i)) as char).collect();
    assert_eq!(s, "01000000011011");
}

#[test]
fn mode_choice() {
    let modes_of = |text: &str| {
        let t = charset::convert(text.as_bytes()).unwrap();
        modes::choose(&t.values)
    };
    assert!(modes_of("12345678").iter().all(|&m| m == modes::NUMERAL));
    assert!(modes_of("hello world").iter().all(|&m| m == modes::LOWER));
    assert!(modes_of("HELLO WORLD").iter().all(|&m| m == modes::UPPER));
    assert!(modes_of("Hello2World").iter().all(|&m| m == modes::MIXED));
    assert!(modes_of("固定资产").iter().all(|&m| m == modes::HANZI));
    assert!(modes_of("\x7F\x7F\x7F").iter().all(|&m| m == modes::BYTE));
}

#[test]
fn automatic_sizes_and_levels() {
    let auto = GmOptions::default();
    let s = encode(b"12345678901234567890", &auto).unwrap();
    assert_eq!((s.layers(), s.ecc()), (2, 4));
    let s = encode("固定资产管理系统".repeat(20).as_bytes(), &auto).unwrap();
    assert!(s.layers() >= 4 && s.ecc() == 3);
    assert_eq!(s.size(), 6 + 12 * s.layers() as usize);
    assert_eq!(s.matrix().width(), s.size());
    // Out-of-range options mean automatic, as in zint.
    let fixed = encode(b"ABC", &GmOptions { layers: Some(0), ecc: Some(9) }).unwrap();
    assert_eq!(fixed, encode(b"ABC", &auto).unwrap());
    // A fixed size the data fits only at a lower level takes that level.
    let s = encode(&[b'A'; 100], &GmOptions { layers: Some(3), ecc: Some(5) }).unwrap();
    assert_eq!(s.layers(), 3);
    assert_eq!(s.ecc(), 2);
}

#[test]
fn errors_carry_the_spec_texts() {
    let auto = GmOptions::default();
    assert_eq!(encode(b"", &auto), Err(SymbologyError::NoData { symbology: NAME }));
    let e = encode(b"\xC3(", &auto).unwrap_err();
    assert_eq!(e, SymbologyError::InvalidData { symbology: NAME, reason: INVALID_CHARACTER });
    assert_eq!(e.to_string(), "Grid Matrix: Invalid character in input data (E30)");
    let too_long = SymbologyError::InvalidData { symbology: NAME, reason: TOO_LONG };
    assert_eq!(encode(&[b'1'; 2800], &auto), Err(too_long.clone()));
    assert_eq!(encode(&[b'1'; 20000], &auto), Err(too_long.clone()));
    assert_eq!(encode(&[b'A'; 30], &GmOptions { layers: Some(1), ecc: None }), Err(too_long.clone()));
    assert_eq!(too_long.to_string(), "Grid Matrix: Input data too long (E32)");
    assert_eq!(encode("测".repeat(708).as_bytes(), &auto), Err(too_long));
    // Level 5 holds at most 729 codewords; at 13 layers the level drops until the data fits
    // (600 Hanzi: 1,117 codewords, level 2), as in zint.
    let s = encode("测".repeat(600).as_bytes(), &GmOptions { layers: None, ecc: Some(5) }).unwrap();
    assert_eq!((s.layers(), s.ecc()), (13, 2));
}

#[test]
fn every_valid_text_encodes() {
    for text in ["€", "資產", "😀", "a·b", "\u{85}", "—"] {
        let s = encode(text.as_bytes(), &GmOptions::default()).unwrap();
        assert!(s.eci().is_some(), "{}", text);
    }
}

/*---- Tables and layout ----*/

#[test]
fn block_tables_add_up() {
    for layers in 1..=13u8 {
        let (n1, b1, b2) = tables::BLOCKS[layers as usize - 1];
        let total = b1 as usize * n1 as usize + b2 as usize * (n1 as usize - 1);
        let side = 2 * layers as usize + 1;
        assert_eq!(total, 2 * side * side, "layers {}", layers);
        for ecc in 1..=5u8 {
            if layers == 1 && ecc == 1 {
                continue; // no such level
            }
            let (e1, b3, e2) = tables::ECC_BLOCKS[layers as usize - 1][ecc as usize - 1];
            let ecc_total = b3 as usize * e1 as usize + (b1 + b2 - b3) as usize * e2 as usize;
            assert_eq!(
                tables::data_codewords(layers, ecc),
                total - ecc_total,
                "layers {} level {}",
                layers,
                ecc
            );
        }
        assert!(
            tables::RECOMMENDED_CODEWORDS[layers as usize - 1] as usize
                <= tables::data_codewords(layers, tables::auto_ecc(layers))
        );
    }
    // Spec section 5: capacity at the highest layer.
    let top: Vec<usize> = (1..=5).map(tables::max_data_codewords).collect();
    assert_eq!(top, vec![1313, 1167, 1021, 875, 729]);
}

#[test]
fn macromodule_spiral() {
    // A bijection onto 0..(2L+1)^2 for every size, independent of the size.
    let mut seen = vec![false; 27 * 27];
    for dy in -13..=13 {
        for dx in -13..=13 {
            let k = layout::spiral_index(dx, dy);
            assert!(!seen[k]);
            seen[k] = true;
            let r = dx.abs().max(dy.abs()) as usize;
            assert!(k < (2 * r + 1) * (2 * r + 1));
        }
    }
    // The centre, then ring 1 from above the centre clockwise to the top-left corner.
    let ring1: Vec<usize> = [(0, 0), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)]
        .iter()
        .map(|&(x, y)| layout::spiral_index(x, y))
        .collect();
    assert_eq!(ring1, (0..9).collect::<Vec<_>>());
    // Ring 2 starts right of its top-left corner and ends on it.
    assert_eq!(layout::spiral_index(-1, -2), 9);
    assert_eq!(layout::spiral_index(2, -2), 12);
    assert_eq!(layout::spiral_index(2, 2), 16);
    assert_eq!(layout::spiral_index(-2, -2), 24);
    assert_eq!(layout::spiral_index(-13, -13), 728);
}

#[test]
fn frames_form_a_chessboard() {
    let s = encode(b"HELLO", &GmOptions { layers: Some(3), ecc: None }).unwrap();
    let m = s.matrix();
    for my in 0..7 {
        for mx in 0..7 {
            let dark = (mx + my) % 2 == 0;
            for i in 0..6 {
                assert_eq!(m.get(mx * 6 + i, my * 6), dark);
                assert_eq!(m.get(mx * 6, my * 6 + i), dark);
                assert_eq!(m.get(mx * 6 + 5, my * 6 + i), dark);
            }
        }
    }
}

#[test]
fn gb2312_codes_in_byte_mode_straddle_the_512_byte_run_limit() {
    // 511 DELs (byte mode's own) then a Hanzi: its two bytes end one run and start the next.
    let text = format!("{}测{}", "\x7F".repeat(511), "\x7F".repeat(20));
    let t = charset::convert(text.as_bytes()).unwrap();
    let chosen = modes::choose(&t.values);
    assert!(chosen.iter().all(|&m| m == modes::BYTE));
    let bits = modes::encode(&t.values, None, &chosen).unwrap();
    // Mode (4) + count (9) + 511 x 8 + 8, new run (4) + count (9) + 8 + 20 x 8, end (4).
    assert_eq!(bits.len(), (4 + 9 + 512 * 8 + 4 + 9 + 8 + 160 + 4 + 6) / 7 * 7);
}

#[test]
fn zint_2_11_misencodations() {
    use Zint211Difference::*;
    let cases: &[(&str, Zint211Difference)] = &[
        // Latin-1 behind ECI 3 starts in byte mode; so do DELs and controls.
        ("ÀÁÂ", ByteStart),
        ("\x7F\x7F", ByteStart),
        ("\t\t\t\tABCDEF", ByteStart),
        // Two non-digits within one block's look-ahead.
        ("2.2.0", Numeral),
        ("1.2.3.4.5", Numeral),
        ("12,+3", Numeral),
        ("1 \r\n2", Numeral),
        // One non-digit a block: the same in 2.11.
        ("12.3", None),
        ("123.456.789", None),
        ("1\r\n23", None),
        ("A", None),
        ("固定资产 123", None), // the golden symbols above
        ("", None),
        ("\u{FF}(", ByteStart),
        // The texts src/render/gridmatrix-page.test.ts compares with Debian's zint 2.11.
        ("固定资产", None),
        ("20260042000137", None),
        ("资产编号 ZC-0042 笔记本电脑", None),
        ("AM-2026-000042", None),
    ];
    for &(text, expected) in cases {
        assert_eq!(zint_2_11_difference(text.as_bytes()), expected, "{:?}", text);
    }
    assert_eq!(zint_2_11_difference(b"\xC3("), None); // invalid UTF-8: refused by both
}

#[test]
fn second_non_digit_refuses_numeral_mode() {
    // AIMD014 6.3.2: one non-digit a block. zint 2.11 kept numeral mode for "2.2.0" and wrote
    // blocks that read back as other text; 2.16.0.9 takes byte mode (zint test_input 32-34).
    let modes_of = |text: &str| modes::choose(&charset::convert(text.as_bytes()).unwrap().values);
    assert!(modes_of("2.2.0").iter().all(|&m| m == modes::BYTE));
    assert!(modes_of("2.2.0.56")[..4].iter().all(|&m| m == modes::BYTE));
    assert!(modes_of("2.2.0.56")[4..].iter().all(|&m| m == modes::NUMERAL));
    // One non-digit inside a block stays numeral.
    assert!(modes_of("12.3").iter().all(|&m| m == modes::NUMERAL));
}

#[test]
fn byte_mode_indicator_at_the_start_is_0111() {
    // AIMD014 Table 9: byte mode is 0111, at the start as after a 512-byte run (zint 2.11
    // wrote 0110 at the start). Then the 9-bit count (L - 1 = 1) and the bytes.
    let values = [0x7Fu32, 0x7F];
    let chosen = modes::choose(&values);
    assert_eq!(chosen, vec![modes::BYTE; 2]);
    let bits = modes::encode(&values, None, &chosen).unwrap();
    let s: String = (0..bits.len()).map(|i| (b'0' + bits.bit(i)) as char).collect();
    assert_eq!(&s[..4 + 9 + 16 + 4], ["0111", "000000001", "01111111", "01111111", "0000"].concat());
}
