//! Tests of symbol_spec.rs: reading options, refusing bad ones, writing results.

use super::build::spec;
use super::*;

#[test]
fn parses_code128_spec_without_options() {
    let spec = SymbolSpec::parse(&[20, 0, 0, 0, b'H', b'i']).unwrap();
    assert_eq!(spec.symbology, Symbology::Code128);
    assert_eq!(spec.data, b"Hi");
    assert_eq!(spec.encode, EncodeOptions::default());
    assert_eq!(spec.draw, DrawOptions::default());
}

#[test]
fn reads_every_option() {
    let bytes = spec(58, &[(TAG_ECC, &[3]), (TAG_VERSION, &[7]), (TAG_MASK, &[5]), (TAG_QUIET_ZONE, &[4]), (TAG_BINARY, &[1])], b"x");
    let s = SymbolSpec::parse(&bytes).unwrap();
    assert_eq!(s.encode.ecc, Ecc::High);
    assert_eq!(s.encode.version.map(|v| v.value()), Some(7));
    assert_eq!(s.encode.mask.map(|m| m.value()), Some(5));
    assert!(s.encode.binary);
    assert_eq!(s.draw.quiet_zone, 4);
    assert_eq!(s.data, b"x");

    let size = 2_500u32.to_le_bytes();
    let bytes = spec(
        8,
        &[(TAG_TEXT_POSITION, &[3]), (TAG_TEXT_ALIGN, &[3]), (TAG_TEXT_SIZE, &size), (TAG_CHECK, &[1]), (TAG_FULL_ASCII, &[1]), (TAG_WIDE_RATIO, &[30])],
        b"a",
    );
    let s = SymbolSpec::parse(&bytes).unwrap();
    assert_eq!((s.draw.text_position, s.draw.text_align, s.draw.text_size_um), (TextPosition::Mask, TextAlign::Justify, 2_500));
    assert!(s.encode.check_character && s.encode.full_ascii);
    assert_eq!(s.draw.wide_ratio, 30);
    let bytes = spec(20, &[(TAG_GS1, &[1])], b"(10)A");
    assert!(SymbolSpec::parse(&bytes).unwrap().encode.gs1);
}

#[test]
fn rejects_bad_options_with_a_message() {
    let err = |bytes: Vec<u8>| SymbolSpec::parse(&bytes).unwrap_err();
    let e = err(spec(20, &[(TAG_ECC, &[1])], b"x"));
    assert_eq!((e.code, e.message.as_str()), (ErrorCode::Parameter, "Code 128 takes no ECC level option"));
    let e = err(spec(58, &[(TAG_ECC, &[4])], b"x"));
    assert_eq!(e.message, "symbol option ECC level must be 0-3 (L, M, Q, H), got 4");
    assert_eq!(err(spec(58, &[(TAG_VERSION, &[41])], b"x")).message, "symbol option version must be 0 (automatic) or 1-40, got 41");
    assert_eq!(err(spec(58, &[(TAG_MASK, &[8])], b"x")).code, ErrorCode::Parameter);
    assert_eq!(err(spec(58, &[(TAG_ECC, &[1, 2])], b"x")).message, "symbol option ECC level must be 1 byte(s), got 2");
    assert_eq!(err(spec(58, &[(TAG_ECC, &[1]), (TAG_ECC, &[1])], b"x")).message, "symbol option ECC level is given twice");
    assert_eq!(err(spec(58, &[(99, &[1])], b"x")).message, "unknown symbol option tag 99");
    assert_eq!(err(spec(58, &[(0, &[1])], b"x")).message, "unknown symbol option tag 0");
    assert_eq!(err(spec(20, &[(TAG_GS1, &[2])], b"x")).message, "symbol option GS1 must be 0 or 1, got 2");
    assert_eq!(err(spec(8, &[(TAG_WIDE_RATIO, &[31])], b"x")).code, ErrorCode::Parameter);
    assert_eq!(err(spec(8, &[(TAG_TEXT_SIZE, &0u32.to_le_bytes())], b"x")).code, ErrorCode::Parameter);
    assert_eq!(err(spec(13, &[(TAG_CHECK, &[1])], b"x")).message, "EAN-13 takes no check character option");
    assert_eq!(err(spec(58, &[(TAG_TEXT_POSITION, &[1])], b"x")).message, "QR Code takes no text position option");
    // Options format version 2, truncated records.
    let mut v2 = spec(58, &[(TAG_ECC, &[1])], b"x");
    v2[4] = 2;
    assert_eq!(err(v2).code, ErrorCode::Unsupported);
    assert_eq!(err(vec![58, 0, 3, 0, 1, TAG_ECC, 1]).code, ErrorCode::Parameter);
    assert_eq!(err(vec![58, 0, 9, 0, 1]).code, ErrorCode::Parameter);
}

#[test]
fn reads_data_matrix_and_grid_matrix_options() {
    let b = spec(71, &[(TAG_DM_SHAPE, &[2]), (TAG_GS1, &[1]), (TAG_QUIET_ZONE, &[1])], b"(10)A");
    let s = SymbolSpec::parse(&b).unwrap();
    assert_eq!((s.encode.dm_shape, s.encode.gs1, s.draw.quiet_zone), (Shape::Rectangle, true, 1));
    let b = spec(71, &[(TAG_DM_SIZE, &[16, 48])], b"x");
    let s = SymbolSpec::parse(&b).unwrap();
    assert_eq!(s.encode.dm_size, SymbolSize::new(16, 48));
    let b = spec(71, &[(TAG_DM_SIZE, &[24])], b"x");
    let s = SymbolSpec::parse(&b).unwrap();
    assert_eq!(s.encode.dm_size, SymbolSize::new(144, 144));
    assert_eq!(SymbolSpec::parse(&spec(71, &[(TAG_DM_SIZE, &[0])], b"x")).unwrap().encode.dm_size, None);
    assert_eq!(SymbolSpec::parse(&spec(71, &[], b"x")).unwrap().draw.quiet_zone, 2);
    let b = spec(142, &[(TAG_GM_LAYERS, &[13]), (TAG_GM_ECC, &[5])], b"x");
    let s = SymbolSpec::parse(&b).unwrap();
    assert_eq!((s.encode.gm_layers, s.encode.gm_ecc, s.draw.quiet_zone), (Some(13), Some(5), 6));
    let b = spec(142, &[(TAG_GM_LAYERS, &[0]), (TAG_GM_ECC, &[0]), (TAG_QUIET_ZONE, &[0])], b"x");
    let s = SymbolSpec::parse(&b).unwrap();
    assert_eq!((s.encode.gm_layers, s.encode.gm_ecc, s.draw.quiet_zone), (None, None, 0));

    let err = |bytes: Vec<u8>| SymbolSpec::parse(&bytes).unwrap_err();
    assert_eq!(err(spec(71, &[(TAG_DM_SHAPE, &[3])], b"x")).message, "symbol option Data Matrix shape must be 0-2 (automatic, square, rectangle), got 3");
    assert_eq!(err(spec(71, &[(TAG_DM_SIZE, &[49])], b"x")).message, "symbol option Data Matrix size must be 0 (automatic) or 1-48, got 49");
    assert_eq!(err(spec(71, &[(TAG_DM_SIZE, &[10, 11])], b"x")).message, "symbol option Data Matrix size has no size 10x11");
    assert_eq!(err(spec(71, &[(TAG_DM_SIZE, &[1, 2, 3])], b"x")).message, "symbol option Data Matrix size must be 1 byte(s), got 3");
    assert_eq!(err(spec(142, &[(TAG_GM_LAYERS, &[14])], b"x")).message, "symbol option Grid Matrix layers must be 0 (automatic) or 1-13, got 14");
    assert_eq!(err(spec(142, &[(TAG_GM_ECC, &[6])], b"x")).message, "symbol option Grid Matrix ECC level must be 0 (automatic) or 1-5, got 6");
    assert_eq!(err(spec(142, &[(TAG_ECC, &[1])], b"x")).message, "Grid Matrix takes no ECC level option");
    assert_eq!(err(spec(142, &[(TAG_BINARY, &[1])], b"x")).message, "Grid Matrix takes no binary option");
    assert_eq!(err(spec(58, &[(TAG_GM_LAYERS, &[1])], b"x")).message, "QR Code takes no Grid Matrix layers option");
    assert_eq!(err(spec(71, &[(24, &[1])], b"x")).message, "unknown symbol option tag 24");

    // The choice bytes of the result: DM size number, GM layers and level.
    let mut out = Vec::new();
    write_symbol(&SymbolSpec::parse(&spec(71, &[], b"123456")).unwrap().encode().unwrap(), &mut out).unwrap();
    assert_eq!(&out[..12], &[KIND_MATRIX, 1, 0, 0, 10, 0, 0, 0, 10, 0, 0, 0]);
    write_symbol(&SymbolSpec::parse(&spec(142, &[(TAG_GM_LAYERS, &[2])], b"AB")).unwrap().encode().unwrap(), &mut out).unwrap();
    assert_eq!(&out[..12], &[KIND_MATRIX, 2, 4, 0, 30, 0, 0, 0, 30, 0, 0, 0]);
}

#[test]
fn reads_pdf417_options() {
    let aspect = 250u16.to_le_bytes();
    let b = spec(55, &[(TAG_PDF_ECC, &[1]), (TAG_PDF_COLUMNS, &[4]), (TAG_PDF_ROWS, &[10]), (TAG_PDF_ROW_HEIGHT, &[2]), (TAG_PDF_ASPECT, &aspect), (TAG_BINARY, &[1])], b"PDF417");
    let s = SymbolSpec::parse(&b).unwrap();
    assert_eq!((s.encode.pdf_ecc, s.encode.pdf_columns, s.encode.pdf_rows, s.encode.pdf_row_height, s.encode.pdf_aspect), (Some(1), Some(4), Some(10), 2, 250));
    assert!(s.encode.binary);
    let mut out = Vec::new();
    write_symbol(&s.encode().unwrap(), &mut out).unwrap();
    assert_eq!(&out[..4], &[KIND_MATRIX, 4, 1, 10]);
    assert_eq!(u32::from_le_bytes([out[4], out[5], out[6], out[7]]), 17 * 4 + 69);
    assert_eq!(u32::from_le_bytes([out[8], out[9], out[10], out[11]]), 10);
    let b = spec(55, &[], b"PDF417");
    let s = SymbolSpec::parse(&b).unwrap();
    assert_eq!((s.encode.row_height(), s.draw.quiet_zone), (3, 2));

    let err = |bytes: Vec<u8>| SymbolSpec::parse(&bytes).unwrap_err();
    assert_eq!(err(spec(55, &[(TAG_PDF_ECC, &[9])], b"x")).message, "symbol option PDF417 ECC level must be 0-8, got 9");
    assert_eq!(err(spec(55, &[(TAG_PDF_COLUMNS, &[31])], b"x")).message, "symbol option PDF417 columns must be 0 (automatic) or 1-30, got 31");
    assert_eq!(err(spec(55, &[(TAG_PDF_ROWS, &[2])], b"x")).message, "symbol option PDF417 rows must be 0 (automatic) or 3-90, got 2");
    assert_eq!(err(spec(55, &[(TAG_PDF_ROW_HEIGHT, &[0])], b"x")).message, "symbol option PDF417 row height must be 1-30 modules, got 0");
    assert_eq!(err(spec(55, &[(TAG_PDF_ASPECT, &[1])], b"x")).message, "symbol option PDF417 aspect ratio must be 2 byte(s), got 1");
    assert_eq!(err(spec(55, &[(TAG_PDF_ASPECT, &99u16.to_le_bytes())], b"x")).message, "symbol option PDF417 aspect ratio must be 100-10000 hundredths (1 to 100), got 99");
    assert_eq!(err(spec(55, &[(TAG_ECC, &[1])], b"x")).message, "PDF417 takes no ECC level option");
    assert_eq!(err(spec(58, &[(TAG_PDF_ROWS, &[3])], b"x")).message, "QR Code takes no PDF417 rows option");
}

#[test]
fn reads_box_alignment_for_every_symbology() {
    // Absent: centred both ways, so documents without it draw as before.
    assert_eq!(SymbolSpec::parse(&spec(20, &[], b"x")).unwrap().draw.box_align, BoxAlign { horizontal: Along::Centre, vertical: Along::Centre });
    for id in [20u8, 13, 8, 58, 71, 142, 55] {
        let bytes = spec(id, &[(TAG_BOX_ALIGN, &[0, 2])], b"12");
        let s = SymbolSpec::parse(&bytes).unwrap();
        assert_eq!(s.draw.box_align, BoxAlign { horizontal: Along::Start, vertical: Along::End }, "symbology {}", id);
    }
    let bytes = spec(58, &[(TAG_BOX_ALIGN, &[2, 0])], b"x");
    let s = SymbolSpec::parse(&bytes).unwrap();
    assert_eq!(s.draw.box_align, BoxAlign { horizontal: Along::End, vertical: Along::Start });
    assert_eq!((Along::Start.offset(7), Along::Centre.offset(7), Along::End.offset(7)), (0, 3, 7));
    assert_eq!((Along::Centre.offset(-3), Along::End.offset(-3)), (-2, -3));

    let err = |bytes: Vec<u8>| SymbolSpec::parse(&bytes).unwrap_err();
    let e = err(spec(58, &[(TAG_BOX_ALIGN, &[3, 1])], b"x"));
    assert_eq!((e.code, e.message.as_str()), (ErrorCode::Parameter, "symbol option box alignment: horizontal must be 0-2 (left, centre, right), got 3"));
    assert_eq!(err(spec(20, &[(TAG_BOX_ALIGN, &[1, 9])], b"x")).message, "symbol option box alignment: vertical must be 0-2 (top, middle, bottom), got 9");
    assert_eq!(err(spec(20, &[(TAG_BOX_ALIGN, &[1])], b"x")).message, "symbol option box alignment must be 2 byte(s), got 1");
    assert_eq!(err(spec(20, &[(TAG_BOX_ALIGN, &[1, 1]), (TAG_BOX_ALIGN, &[1, 1])], b"x")).message, "symbol option box alignment is given twice");
}

#[test]
fn reads_the_text_font() {
    assert_eq!(SymbolSpec::parse(&spec(20, &[], b"x")).unwrap().draw.text_font, TextFont { name: "", bold: false, italic: false });
    let mut value = vec![3u8];
    value.extend_from_slice("Liberation Sans 黑体".as_bytes());
    let bytes = spec(13, &[(TAG_TEXT_FONT, &value)], b"690123456789");
    let s = SymbolSpec::parse(&bytes).unwrap();
    assert_eq!(s.draw.text_font, TextFont { name: "Liberation Sans 黑体", bold: true, italic: true });
    assert_eq!(SymbolSpec::parse(&spec(20, &[(TAG_TEXT_FONT, &[1])], b"x")).unwrap().draw.text_font, TextFont { name: "", bold: true, italic: false });
    let mut longest = [b'a'; MAX_FONT_NAME + 1];
    longest[0] = 0; // regular, then 64 bytes of name
    assert_eq!(SymbolSpec::parse(&spec(20, &[(TAG_TEXT_FONT, &longest)], b"x")).unwrap().draw.text_font.name.len(), 64);

    let err = |bytes: Vec<u8>| SymbolSpec::parse(&bytes).unwrap_err();
    assert_eq!(err(spec(20, &[(TAG_TEXT_FONT, &[])], b"x")).message, "symbol option text font must be 1-65 byte(s) (style, then name), got 0");
    assert_eq!(err(spec(20, &[(TAG_TEXT_FONT, &[4, b'A'])], b"x")).message, "symbol option text font: style must be 0-3 (bit 0 bold, bit 1 italic), got 4");
    assert_eq!(err(spec(20, &[(TAG_TEXT_FONT, &[0; MAX_FONT_NAME + 2])], b"x")).message, "symbol option text font: name must be at most 64 bytes, got 65");
    assert_eq!(err(spec(20, &[(TAG_TEXT_FONT, &[0, 0xff, 0xfe])], b"x")).message, "symbol option text font: name is not valid UTF-8");
    assert_eq!(err(spec(58, &[(TAG_TEXT_FONT, &[0])], b"x")).message, "QR Code takes no text font option");
}

#[test]
fn rejects_unknown_symbology_and_flags() {
    assert_eq!(SymbolSpec::parse(&[99, 0, 0, 0]).unwrap_err().code, ErrorCode::Unsupported);
    assert_eq!(SymbolSpec::parse(&[20, 2, 0, 0]).unwrap_err().code, ErrorCode::Parameter);
    assert!(SymbolSpec::parse(&[20, 1, 0, 0, b'x']).unwrap().modules_only);
    assert_eq!(SymbolSpec::parse(&[20, 0]).unwrap_err().code, ErrorCode::Parameter);
    assert_eq!(SymbolSpec::parse(&[]).unwrap_err().code, ErrorCode::Parameter);
}

#[test]
fn writes_linear_result_with_text() {
    let encoded = SymbolSpec::parse(&[20, 0, 0, 0, b'A']).unwrap().encode().unwrap();
    let mut out = Vec::new();
    write_symbol(&encoded, &mut out).unwrap();
    assert_eq!(&out[..4], &[KIND_LINEAR, 0, 0, 0]);
    assert_eq!(u32::from_le_bytes([out[4], out[5], out[6], out[7]]), 3 * 11 + 13);
    assert_eq!(u32::from_le_bytes([out[8], out[9], out[10], out[11]]), 1);
    assert_eq!(&out[12..16], &[1, 1, 0, 1]); // start B: 2-1-1-2-1-4 begins 1101
    assert_eq!(&out[12 + 46..], &[1, 0, 0, 0, b'A']);
    let ean = SymbolSpec::parse(&spec(13, &[], b"690123456789")).unwrap().encode().unwrap();
    assert_eq!(text_of(&ean), "6901234567892");
    // Modules only: the same modules, no text.
    let mut bare_spec = spec(13, &[], b"690123456789");
    bare_spec[1] = FLAG_MODULES_ONLY;
    let bare = SymbolSpec::parse(&bare_spec).unwrap().encode().unwrap();
    let mut a = Vec::new();
    write_symbol(&ean, &mut a).unwrap();
    let mut b = Vec::new();
    write_symbol(&bare, &mut b).unwrap();
    assert_eq!(&b[..b.len() - 4], &a[..a.len() - 4 - 13]);
    assert_eq!(&b[b.len() - 4..], &[0, 0, 0, 0]);
}

#[test]
fn writes_matrix_result_with_qr_choices() {
    let bytes = spec(58, &[(TAG_ECC, &[2]), (TAG_MASK, &[6])], b"hello");
    let encoded = SymbolSpec::parse(&bytes).unwrap().encode().unwrap();
    let mut out = Vec::new();
    write_symbol(&encoded, &mut out).unwrap();
    assert_eq!(&out[..4], &[KIND_MATRIX, 1, 2, 6]);
    assert_eq!(&out[4..12], &[21, 0, 0, 0, 21, 0, 0, 0]);
    assert_eq!(out.len(), 12 + 21 * 21 + 4);
}

#[test]
fn symbology_errors_keep_their_codes() {
    let e = SymbolSpec::parse(&[20, 0, 0, 0, b'a', 0x80]).unwrap().encode().unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidCharacter);
    assert_eq!(e.message, "Code 128: invalid character (byte 0x80) at position 2");
    let e = SymbolSpec::parse(&spec(58, &[(TAG_VERSION, &[1])], &[b'7'; 100])).unwrap().encode().unwrap_err();
    assert_eq!(e.code, ErrorCode::VersionTooSmall);
}

#[test]
fn arbitrary_option_bytes_never_panic() {
    let mut seed = 99u64;
    for _ in 0..20_000 {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
        let symbology = [20u8, 13, 10, 34, 37, 69, 8, 25, 18, 3, 89, 58, 71, 142, 55][(seed >> 40) as usize % 15];
        let len = (seed >> 20) as usize % 12;
        let mut bytes = vec![symbology, 0, len as u8, 0, 1];
        for k in 0..len {
            bytes.push((seed >> (k * 5 % 60)) as u8 % 16);
        }
        bytes.extend_from_slice(b"12");
        if seed & 1 == 0 {
            // Option values well outside the small range too (sizes, layers).
            for b in bytes[5..].iter_mut().skip(1).step_by(3) {
                *b = b.wrapping_mul(17);
            }
        }
        if seed & 2 == 0 && len >= 3 {
            // Tags of the later symbologies and drawing options (13-23).
            bytes[5] = 13 + (seed >> 50) as u8 % 11;
        }
        if let Ok(s) = SymbolSpec::parse(&bytes) {
            let _ = s.encode();
        }
    }
}
