//! Tests of barcode.rs: placement, alignment in the box, text layout and faces.

use super::*;
use crate::display_list::build::*;
use crate::render::render_bits as render_bytes;
use crate::display_list::UmBox;
use assetmark_raster::BUILTIN_FONT;
use crate::symbol_spec::build::spec;
use crate::symbol_spec::*;
use crate::fonts::test_fonts::latin_cjk;
use crate::target::Surface;
use assetmark_symbology::{code128, EncodeOptions, Symbology};

/// A page with one barcode element of `spec_bytes` at (x, y, w, h) µm.
fn page_with(width: u32, height: u32, dpi: u16, area: (i32, i32, u32, u32), module: u32, spec_bytes: &[u8]) -> Page {
    let mut dl = header(width, height, dpi);
    barcode_spec(&mut dl, area.0, area.1, area.2, area.3, module, spec_bytes);
    render_bytes(&dl).unwrap()
}

fn row(page: &Page, y: i64) -> String {
    (0..page.width() as i64).map(|x| if page.get(x, y) { '1' } else { '0' }).collect()
}

fn ink_rows(page: &Page, x0: i64, x1: i64) -> Vec<i64> {
    (0..page.height() as i64).filter(|&y| (x0..x1).any(|x| page.get(x, y))).collect()
}

#[test]
fn barcode_without_text_is_centred_with_whole_dot_modules() {
    let data = b"Hi";
    let symbol = code128::encode(data).unwrap();
    let n = symbol.width(); // 4 characters * 11 + 13 = 57
    // Box 130 dots wide at 254 dpi -> module 2, symbol 114 dots, offset 8.
    let page = page_with(20_000, 1_000, 254, (1_000, 200, 13_000, 500), 0, &spec(20, &[(TAG_TEXT_POSITION, &[0])], data));
    let r = row(&page, 4);
    let expected: String = symbol.to_bit_string().chars().flat_map(|c| [c, c]).collect();
    let left = 10 + 8;
    assert_eq!(&r[left..left + 2 * n], expected);
    assert!(!r[..left].contains('1') && !r[left + 2 * n..].contains('1'));
    // Bars span rows 2..7 exactly.
    assert!(!page.get(left as i64, 1) && page.get(left as i64, 2) && page.get(left as i64, 6));
    assert!(!page.get(left as i64, 7));
}

#[test]
fn text_below_leaves_the_bars_whole_and_sits_under_them() {
    // 30 x 10 mm at 203 dpi: box 240 x 80 dots; 5 pt text = 14 dots, gap 1.
    let page = page_with(30_000, 10_000, 203, (0, 0, 30_000, 10_000), 0, &spec(20, &[], b"12345678"));
    let symbol = Symbology::Code128.encode(b"12345678", &EncodeOptions::default()).unwrap();
    let s = match symbol.symbol {
        Symbol::Linear(s) => s,
        _ => unreachable!(),
    };
    let module = 240 / s.width() as i64;
    let x = (240 - s.width() as i64 * module) / 2;
    // Every bar column is black from row 0 to row 64 (80 - 14 - 1 - 1), white in the gap.
    let expected: String = s.to_bit_string().chars().flat_map(|c| std::iter::repeat(c).take(module as usize)).collect();
    for y in [0, 30, 64] {
        assert_eq!(&row(&page, y)[x as usize..x as usize + expected.len()], expected, "row {}", y);
    }
    assert!(!row(&page, 65).contains('1'), "gap row");
    // Text ink lies in rows 66..80, centred under the bars.
    let text_rows: Vec<i64> = ink_rows(&page, 0, 240).into_iter().filter(|&y| y > 65).collect();
    assert!(!text_rows.is_empty() && *text_rows.first().unwrap() >= 66 && *text_rows.last().unwrap() < 80);
    let advance = BUILTIN_FONT.advance("12345678", 14);
    let tx = x + (s.width() as i64 * module - advance) / 2;
    let ink_cols: Vec<i64> = (0..240).filter(|&c| (66..80).any(|y| page.get(c, y))).collect();
    assert!(*ink_cols.first().unwrap() >= tx && *ink_cols.last().unwrap() < tx + advance);
}

#[test]
fn text_above_and_mask() {
    let above = page_with(30_000, 10_000, 203, (0, 0, 30_000, 10_000), 0, &spec(20, &[(TAG_TEXT_POSITION, &[1])], b"ABC"));
    // Bars from row 15 down to the bottom; text in rows 0..14.
    let first_bar = (0..240).find(|&x| above.get(x, 79)).unwrap();
    assert!(above.get(first_bar, 15) && !above.get(first_bar, 14));
    assert!(ink_rows(&above, 0, 240).iter().any(|&y| y < 14));

    let mask = page_with(30_000, 10_000, 203, (0, 0, 30_000, 10_000), 0, &spec(20, &[(TAG_TEXT_POSITION, &[3])], b"ABC"));
    let plain = page_with(30_000, 10_000, 203, (0, 0, 30_000, 10_000), 0, &spec(20, &[(TAG_TEXT_POSITION, &[0])], b"ABC"));
    // Above the band the bars are whole; in it only the start (11 modules) and stop (13)
    // patterns remain, and the text between them.
    assert_eq!(row(&mask, 10), row(&plain, 10));
    let s = code128::encode(b"ABC").unwrap();
    let module = 240 / s.width() as i64;
    let x = (240 - s.width() as i64 * module) / 2;
    let (start_end, stop_start) = (x + 11 * module, x + (s.width() as i64 - 13) * module);
    let last_row = row(&mask, 79);
    assert_eq!(&last_row[..start_end as usize], &row(&plain, 79)[..start_end as usize]);
    assert_eq!(&last_row[stop_start as usize..], &row(&plain, 79)[stop_start as usize..]);
    // Between them, in the band's top row (gap above the text), everything is white.
    let band_top = 80 - 14 - 1;
    assert!(!row(&mask, band_top)[start_end as usize..stop_start as usize].contains('1'));
    assert!(ink_rows(&mask, start_end, stop_start).iter().any(|&y| y > band_top), "the text is drawn");
}

#[test]
fn alignment_moves_the_text() {
    let at = |align: u8| {
        let p = page_with(40_000, 10_000, 203, (0, 0, 40_000, 10_000), 0, &spec(20, &[(TAG_TEXT_ALIGN, &[align])], b"AB"));
        (0..320).find(|&x| (66..80).any(|y| p.get(x, y))).unwrap()
    };
    let (left, centre, right, justify) = (at(0), at(1), at(2), at(3));
    assert!(left < centre && centre < right, "{} {} {}", left, centre, right);
    assert_eq!(justify, left);
}

#[test]
fn ean13_uses_the_conventional_layout() {
    // 40 x 15 mm at 203 dpi: 320 x 120 dots. 95 + 11 modules (leading digit) -> 3 dots.
    let page = page_with(40_000, 15_000, 203, (0, 0, 40_000, 15_000), 0, &spec(13, &[], b"690123456789"));
    let module = 320 / (95 + 7);
    let extent = (95 + 7) * module;
    let x = (320 - extent) / 2 + 7 * module;
    // The start guard (module 0) descends below the first data bar's bottom.
    let guard_rows = ink_rows(&page, x, x + module);
    let data_bar = (x + 3 * module..x + 10 * module).find(|&c| page.get(c, 10)).unwrap();
    let data_rows = ink_rows(&page, data_bar, data_bar + 1);
    assert!(guard_rows.last() > data_rows.last(), "{:?} vs {:?}", guard_rows.last(), data_rows.last());
    // The leading digit 6 is drawn left of the bars.
    assert!((0..x).any(|c| (100..120).any(|y| page.get(c, y))));
    // Nothing else is left of the bars above the text line.
    assert!((0..x).all(|c| (0..90).all(|y| !page.get(c, y))));
}

#[test]
fn wide_narrow_symbols_draw_at_the_ratio() {
    // Code 39 "A" at 254 dpi, requested narrow 0.2 mm = 2 dots: wide = 5 at 2.5:1.
    let page = page_with(50_000, 2_000, 254, (0, 0, 50_000, 1_000), 200, &spec(8, &[(TAG_TEXT_POSITION, &[0])], b"A"));
    let r = row(&page, 5);
    let r = r.trim_matches('0');
    let widths: Vec<usize> = r.split(|c| c == '0').filter(|s| !s.is_empty()).map(|s| s.len()).collect();
    assert!(widths.iter().all(|&w| w == 2 || w == 5), "{:?}", widths);
    let page3 = page_with(50_000, 2_000, 254, (0, 0, 50_000, 1_000), 200, &spec(8, &[(TAG_TEXT_POSITION, &[0]), (TAG_WIDE_RATIO, &[30])], b"A"));
    let r = row(&page3, 5);
    assert!(r.contains("01111110") && !r.contains("11111"[..].repeat(2).as_str()));
}

#[test]
fn qr_is_centred_with_whole_dot_modules_and_its_quiet_zone() {
    // 10 x 10 mm at 203 dpi: 80 dots. Version 1 (21) + 2 * 2 quiet = 25 -> 3 dots.
    let page = page_with(10_000, 10_000, 203, (0, 0, 10_000, 10_000), 0, &spec(58, &[], b"hello"));
    let encoded = Symbology::Qr.encode(b"hello", &EncodeOptions::default()).unwrap();
    let m = match encoded.symbol {
        Symbol::Matrix(m) => m,
        _ => unreachable!(),
    };
    let offset = (80 - 63) / 2;
    for y in 0..21 {
        for x in 0..21 {
            for (dx, dy) in [(0, 0), (2, 2)] {
                assert_eq!(page.get(offset + x * 3 + dx, offset + y * 3 + dy), m.get(x as usize, y as usize));
            }
        }
    }
    // Quiet zone 4: 29 modules -> 2 dots.
    let p4 = page_with(10_000, 10_000, 203, (0, 0, 10_000, 10_000), 0, &spec(58, &[(TAG_QUIET_ZONE, &[4])], b"hello"));
    let first = (0..80).find(|&x| p4.get(x, 20)).unwrap(); // a finder pattern row
    assert_eq!(first, (80 - 42) / 2);
}

#[test]
fn placement_reports_module_and_drawn_sizes() {
    let spec_bytes = spec(13, &[], b"690123456789");
    let s = SymbolSpec::parse(&spec_bytes).unwrap();
    let encoded = s.encode().unwrap();
    let a = UmBox { x: 0, y: 0, width: 30_000, height: 15_000 };
    let area = DotBox::from_um(a.x as i64, a.y as i64, a.width as i64, a.height as i64, 203);
    let p = place(&encoded, &s, &area, 0, 203, &BUILTIN_FONT);
    // 240 dots / (95 + 7) = 2 dots a module; bars 190 dots.
    assert_eq!((p.module_dots, p.width, p.modules_wide, p.fits), (2, 190, 95, true));
    assert_eq!(p.text_dots, 14);
    let p = place(&encoded, &s, &area, 330, 203, &BUILTIN_FONT); // 2.64 dots -> 3
    assert_eq!((p.module_dots, p.width, p.fits), (3, 285, false));
}

#[test]
fn empty_barcode_draws_nothing_and_bad_data_names_the_element() {
    let mut dl = header(10_000, 10_000, 203);
    barcode(&mut dl, 0, 0, 10_000, 5_000, 0, 20, b"");
    let page = render_bytes(&dl).unwrap();
    assert!(page.data().iter().all(|&b| b == 0));

    rect(&mut dl, 0, 0, 1_000, 1_000, 100, false);
    barcode(&mut dl, 0, 0, 10_000, 5_000, 0, 20, "é".as_bytes());
    let e = render_bytes(&dl).unwrap_err();
    assert_eq!((e.code, e.element), (crate::ErrorCode::InvalidCharacter, Some(2)));
}

#[test]
fn tiny_boxes_and_huge_modules_never_panic() {
    for symbology in Symbology::ALL {
        let data: &[u8] = match symbology {
            Symbology::Ean13 | Symbology::Isbn => b"978012345678",
            Symbology::Ean8 => b"6901234",
            Symbology::UpcA => b"69012345678",
            Symbology::UpcE => b"0123456",
            Symbology::Itf14 => b"1234567890123",
            _ => b"12345678",
        };
        for (w, h, module) in [(1, 1, 0), (100, 100, 0), (40_000, 30_000, 0), (40_000, 30_000, 5_000_000), (1, 30_000, 0)] {
            let _ = page_with(40_000, 30_000, 203, (-500, -500, w, h), module, &spec(symbology.id(), &[], data));
        }
    }
}

#[test]
fn shrinking_finds_the_largest_size_that_fits() {
    assert_eq!(shrink(14, |s| s <= 20), 14);
    assert_eq!(shrink(14, |s| s <= 9), 9);
    assert_eq!(shrink(1_000_000, |s| s * 3 <= 100), 33);
    assert_eq!(shrink(14, |_| false), 0);
    assert_eq!(shrink(0, |_| true), 0);
    // A text size of 10 cm at 65535 dpi in a small box: drawn small, quickly.
    let bytes = spec(20, &[(TAG_TEXT_SIZE, &100_000u32.to_le_bytes())], b"A");
    let mut dl = header(10_000, 10_000, 65_535 / 64);
    barcode_spec(&mut dl, 0, 0, 10_000, 10_000, 4_000_000_000, &bytes);
    let _ = render_bytes(&dl).unwrap();
}

/*---- Alignment in the box ----*/

/// First and last ink column and row: (x0, y0, x1, y1), inclusive.
fn ink_bounds(page: &Page) -> (i64, i64, i64, i64) {
    let (w, h) = (page.width() as i64, page.height() as i64);
    let cols: Vec<i64> = (0..w).filter(|&x| (0..h).any(|y| page.get(x, y))).collect();
    let rows: Vec<i64> = (0..h).filter(|&y| (0..w).any(|x| page.get(x, y))).collect();
    (cols[0], rows[0], *cols.last().unwrap(), *rows.last().unwrap())
}

#[test]
fn a_matrix_sits_where_the_box_alignment_says_with_its_quiet_zone_inside() {
    // "hello" is QR version 1: 21 modules + 2 x 2 quiet. A 20 x 10 mm box at 203 dpi is
    // 160 x 80 dots: 3 dots a module (80 / 25), 63 dots drawn, 6 dots of quiet zone.
    let qr = |w: u32, h: u32, align: Option<[u8; 2]>| {
        let opts: Vec<(u8, &[u8])> = match &align {
            Some(a) => vec![(TAG_BOX_ALIGN, &a[..])],
            None => vec![],
        };
        page_with(w, h, 203, (0, 0, w, h), 0, &spec(58, &opts, b"hello"))
    };
    let wide = |h: u8| ink_bounds(&qr(20_000, 10_000, Some([h, 1])));
    assert_eq!(wide(0), (6, 8, 6 + 62, 8 + 62), "left: the quiet zone's edge on the box's");
    assert_eq!(wide(1), ((160 - 63) / 2, 8, (160 - 63) / 2 + 62, 8 + 62));
    assert_eq!(wide(2), (160 - 6 - 63, 8, 160 - 6 - 1, 8 + 62), "right");
    let tall = |v: u8| ink_bounds(&qr(10_000, 20_000, Some([1, v])));
    assert_eq!(tall(0), (8, 6, 8 + 62, 6 + 62), "top");
    assert_eq!(tall(2), (8, 160 - 6 - 63, 8 + 62, 160 - 6 - 1), "bottom");
    // No option is centre / middle: the page as before the option existed.
    assert_eq!(qr(20_000, 10_000, None).data(), qr(20_000, 10_000, Some([1, 1])).data());
    assert_eq!(qr(10_000, 20_000, None).data(), qr(10_000, 20_000, Some([1, 1])).data());
}

#[test]
fn pdf417_aligns_with_its_row_height() {
    let bytes = spec(55, &[(TAG_BOX_ALIGN, &[2, 2])], b"PDF417 asset 42");
    let s = SymbolSpec::parse(&bytes).unwrap();
    let encoded = s.encode().unwrap();
    let b = DotBox::from_um(1_000, 2_000, 50_000, 40_000, 203);
    let p = place(&encoded, &s, &b, 0, 203, &BUILTIN_FONT);
    let quiet = 2 * p.module_dots as i64;
    assert_eq!((p.x + p.width + quiet, p.y + p.height + quiet), (b.x1, b.y1), "{:?}", p);
    assert_eq!(p.height, p.modules_high as i64 * p.module_dots as i64);
    assert_eq!(p.height, encoded_rows(&encoded) * p.row_dots as i64);
    let bytes = spec(55, &[(TAG_BOX_ALIGN, &[0, 0])], b"PDF417 asset 42");
    let s = SymbolSpec::parse(&bytes).unwrap();
    let p = place(&encoded, &s, &b, 0, 203, &BUILTIN_FONT);
    assert_eq!((p.x, p.y, p.extent_x), (b.x0 + quiet, b.y0 + quiet, p.x));
}

fn encoded_rows(e: &Encoded) -> i64 {
    match &e.symbol {
        Symbol::Matrix(m) => m.height() as i64,
        Symbol::Linear(_) => 1,
    }
}

#[test]
fn a_linear_symbol_moves_sideways_only() {
    // As in the centred test: box 130 dots from dot 10, symbol 114 dots.
    let at = |align: [u8; 2]| {
        let page = page_with(20_000, 1_000, 254, (1_000, 200, 13_000, 500), 0, &spec(20, &[(TAG_TEXT_POSITION, &[0]), (TAG_BOX_ALIGN, &align)], b"Hi"));
        ink_bounds(&page)
    };
    assert_eq!(at([0, 1]), (10, 2, 10 + 113, 6));
    assert_eq!(at([1, 1]), (18, 2, 18 + 113, 6));
    assert_eq!(at([2, 1]), (26, 2, 26 + 113, 6));
    // The bars fill the box's height whatever the vertical alignment.
    assert_eq!(at([2, 0]), at([2, 1]));
    assert_eq!(at([2, 2]), at([2, 1]));
}

#[test]
fn the_text_stays_with_the_bars() {
    // Code 128 "12345678" (79 modules) at 2 dots a module (250 µm at 203 dpi): 158 dots
    // of bars in a 320-dot box.
    for (h, x) in [(0u8, 0i64), (2, 320 - 158)] {
        let bytes = spec(20, &[(TAG_BOX_ALIGN, &[h, 1])], b"12345678");
        let page = page_with(40_000, 10_000, 203, (0, 0, 40_000, 10_000), 250, &bytes);
        let s = SymbolSpec::parse(&bytes).unwrap();
        let p = place(&s.encode_with_text().unwrap(), &s, &DotBox { x0: 0, y0: 0, x1: 320, y1: 80 }, 250, 203, &BUILTIN_FONT);
        assert_eq!((p.x, p.width, p.text_dots), (x, 158, 14));
        let bar_cols: Vec<i64> = (0..320).filter(|&c| page.get(c, 10)).collect();
        assert_eq!((bar_cols[0], *bar_cols.last().unwrap()), (x, x + 157));
        let text_cols: Vec<i64> = (0..320).filter(|&c| (66..80).any(|y| page.get(c, y))).collect();
        assert!(!text_cols.is_empty());
        assert!(text_cols[0] >= x && *text_cols.last().unwrap() < x + 158, "align {}: {:?}", h, text_cols);
    }
}

#[test]
fn ean_digits_outside_the_bars_move_with_them() {
    // 2-dot modules: 95 + 7 (leading digit) modules = 204 dots in a 320-dot box.
    let at = |h: u8| page_with(40_000, 15_000, 203, (0, 0, 40_000, 15_000), 250, &spec(13, &[(TAG_BOX_ALIGN, &[h, 1])], b"690123456789"));
    let left = at(0);
    let first_bar = (0..320).find(|&c| left.get(c, 10)).unwrap();
    assert_eq!(first_bar, 14, "the leading digit's 7 modules are left of the bars");
    assert!((0..14).any(|c| (100..120).any(|y| left.get(c, y))), "the leading digit is drawn");
    let right = at(2);
    let bars: Vec<i64> = (0..320).filter(|&c| right.get(c, 10)).collect();
    assert_eq!((bars[0], *bars.last().unwrap()), (320 - 190, 319));
    assert!((0..320 - 204).all(|c| (0..120).all(|y| !right.get(c, y))), "nothing left of the extent");
}

/*---- The caption's face ----*/

/// Renders `dl` with `fonts` (instead of the thread's registry).
fn render_with(fonts: &FontRegistry, dl: &[u8]) -> Surface {
    crate::render::render(&crate::display_list::decode(dl).unwrap(), fonts).unwrap()
}

fn barcode_list(grey: bool, bytes: &[u8]) -> Vec<u8> {
    let mut page = crate::display_list::PageSpec::plain(40_000, 10_000, 203);
    page.grey = grey;
    let mut dl = header_with(&page);
    barcode_spec(&mut dl, 0, 0, 40_000, 10_000, 0, bytes);
    dl
}

fn with_font(name: &str, style: u8, rest: &[(u8, &[u8])]) -> Vec<u8> {
    let mut font = vec![style];
    font.extend_from_slice(name.as_bytes());
    let mut opts: Vec<(u8, &[u8])> = rest.to_vec();
    opts.push((TAG_TEXT_FONT, &font));
    spec(20, &opts, b"12345678")
}

#[test]
fn the_caption_uses_the_registered_face_and_keeps_clear_of_the_bars() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let bytes = with_font("Arial", 0, &[]);
    let s = SymbolSpec::parse(&bytes).unwrap();
    let face = caption_face(&fonts, &s).unwrap();
    let encoded = s.encode_with_text().unwrap();
    let p = place(&encoded, &s, &DotBox { x0: 0, y0: 0, x1: 320, y1: 80 }, 0, 203, &*face);
    let (text, tx, ty, size) = p.texts[0].clone();
    assert_eq!((text.as_str(), ty, size), ("12345678", 80 - 14, 14));
    // Liberation Sans digits are 1139/2048 em: 8 x 7.79 dots, not the stroke font's width.
    assert_eq!(face.advance(&text, size), 62);
    assert_ne!(face.advance(&text, size), BUILTIN_FONT.advance(&text, size));
    let page = match render_with(&fonts, &barcode_list(false, &bytes)) {
        Surface::Bits(p) => p,
        Surface::Grey(_) => unreachable!(),
    };
    // Bars whole down to row 64, the gap row white, the digits' ink in the text band
    // within their advance.
    let bar = (0..320).find(|&c| page.get(c, 0)).unwrap();
    assert!(page.get(bar, 64) && !row(&page, 65).contains('1'));
    let text_rows: Vec<i64> = ink_rows(&page, 0, 320).into_iter().filter(|&y| y > 65).collect();
    let m = face.metrics(14);
    assert_eq!((text_rows[0], *text_rows.last().unwrap()), (ty + m.cap_top, ty + m.baseline - 1));
    let cols: Vec<i64> = (0..320).filter(|&c| (66..80).any(|y| page.get(c, y))).collect();
    assert!(cols[0] >= tx && *cols.last().unwrap() < tx + 62, "{} {:?}", tx, cols);
    // Different from the stroke font's drawing.
    let stroke = render_bytes(&barcode_list(false, &bytes)).unwrap();
    assert_ne!(row(&stroke, 72), row(&page, 72));
}

#[test]
fn a_bold_caption_font_draws_heavier_and_an_unknown_name_the_default_face() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let ink = |bytes: &[u8]| match render_with(&fonts, &barcode_list(false, bytes)) {
        Surface::Bits(p) => (66..80).map(|y| row(&p, y).matches('1').count()).sum::<usize>(),
        Surface::Grey(_) => unreachable!(),
    };
    let regular = ink(&with_font("Arial", 0, &[]));
    let bold = ink(&with_font("Arial", 1, &[]));
    assert!(bold > regular + regular / 10, "bold {} regular {}", bold, regular);
    // A face registered without bold (the CJK faces): emboldened as straight text is.
    let cjk = ink(&with_font("Droid Sans Fallback", 0, &[]));
    let cjk_bold = ink(&with_font("Droid Sans Fallback", 1, &[]));
    assert!(cjk_bold > cjk + cjk / 10, "synthetic bold {} regular {}", cjk_bold, cjk);
    assert_eq!(ink(&with_font("No Such Face", 0, &[])), regular);
    assert_eq!(ink(&spec(20, &[], b"12345678")), regular, "no font option: the default face");
}

#[test]
fn a_grey_caption_is_anti_aliased_and_the_bars_stay_crisp() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let bytes = spec(20, &[], b"12345678");
    let g = match render_with(&fonts, &barcode_list(true, &bytes)) {
        Surface::Grey(g) => g,
        Surface::Bits(_) => unreachable!(),
    };
    let levels = |y0: i64, y1: i64| {
        let mut v: Vec<u8> = (y0..y1).flat_map(|y| (0..320).map(move |x| (x, y))).map(|(x, y)| g.get(x, y)).collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let text = levels(66, 80);
    assert!(text.len() > 8 && text.contains(&0) && text.contains(&255), "{:?}", text);
    assert_eq!(levels(0, 65), vec![0, 255], "bars are whole dots");
    assert_eq!(levels(65, 66), vec![255], "the gap");
    // The 1-bit page has ink exactly where the grey one is at least a third dark (the
    // same glyph masks, thresholded by CAPTION_INK_LEVEL).
    let bits = match render_with(&fonts, &barcode_list(false, &bytes)) {
        Surface::Bits(p) => p,
        Surface::Grey(_) => unreachable!(),
    };
    for y in 66..80 {
        for x in 0..320 {
            assert_eq!(bits.get(x, y), g.get(x, y) <= CAPTION_INK_LEVEL, "dot ({}, {}) grey {}", x, y, g.get(x, y));
        }
    }

    // With no face registered the stroke font still draws, 1-bit on grey.
    let stroke = match render_with(&FontRegistry::new(), &barcode_list(true, &bytes)) {
        Surface::Grey(g) => g,
        Surface::Bits(_) => unreachable!(),
    };
    let v: std::collections::BTreeSet<u8> = (66..80).flat_map(|y| (0..320).map(move |x| (x, y))).map(|(x, y)| stroke.get(x, y)).collect();
    assert_eq!(v.into_iter().collect::<Vec<_>>(), vec![0, 255]);
}

#[test]
fn ean_layout_holds_with_a_truetype_face() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let mut dl = header(40_000, 15_000, 203);
    barcode_spec(&mut dl, 0, 0, 40_000, 15_000, 0, &spec(13, &[], b"690123456789"));
    let page = match render_with(&fonts, &dl) {
        Surface::Bits(p) => p,
        Surface::Grey(_) => unreachable!(),
    };
    let module = 320 / (95 + 7);
    let x = (320 - (95 + 7) * module) / 2 + 7 * module;
    let guard_rows = ink_rows(&page, x, x + module);
    let data_bar = (x + 3 * module..x + 10 * module).find(|&c| page.get(c, 10)).unwrap();
    let data_rows = ink_rows(&page, data_bar, data_bar + 1);
    assert!(guard_rows.last() > data_rows.last());
    assert!((0..x).any(|c| (100..120).any(|y| page.get(c, y))), "the leading digit");
    assert!((0..x).all(|c| (0..90).all(|y| !page.get(c, y))));
    // Each digit group lies between the guards: no digit ink in a guard's columns below
    // the data bars (the guards are whole bars there).
    let left_group: Vec<i64> = (x + 3 * module..x + 45 * module).filter(|&c| (data_rows.last().unwrap() + 2..120).any(|y| page.get(c, y))).collect();
    assert!(!left_group.is_empty());
}
