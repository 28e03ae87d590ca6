//! Rendering checks for TEXT and ARC_TEXT (text_draw.rs, text_builtin.rs): what a person
//! would see on the printed label, measured as ink.

use super::*;
use crate::fonts::test_fonts::latin_cjk;
use crate::target::Surface;
use crate::text_command::{draw_bits, HAlign, TextCommand, VAlign};
use crate::units::DotBox;

/// Ink bounding box (x0, y0, x1, y1) and dot count.
fn ink(s: &Surface) -> Option<(i64, i64, i64, i64, usize)> {
    let mut b: Option<(i64, i64, i64, i64, usize)> = None;
    for y in 0..s.height() as i64 {
        for x in 0..s.width() as i64 {
            if s.is_ink(x, y) {
                b = Some(match b {
                    None => (x, y, x + 1, y + 1, 1),
                    Some((x0, y0, x1, y1, n)) => (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1), n + 1),
                });
            }
        }
    }
    b
}

/// Left and right ink columns within rows `y0..y1`.
fn ink_rows(s: &Surface, y0: i64, y1: i64) -> Option<(i64, i64)> {
    let xs: Vec<i64> = (0..s.width() as i64).filter(|&x| (y0..y1).any(|y| s.is_ink(x, y))).collect();
    Some((*xs.first()?, *xs.last()? + 1))
}

/// Box in mm on a page in mm at `dpi`, the way the frame converts it (edges rounded).
fn mm_box(x: f64, y: f64, w: f64, h: f64, dpi: u32) -> DotBox {
    let um = |v: f64| (v * 1000.0).round() as i64;
    DotBox::from_um(um(x), um(y), um(w), um(h), dpi)
}

fn render(fonts: &FontRegistry, cmd: &TextCommand, arc: bool, grey: bool, dpi: u32, area: DotBox) -> Surface {
    let side = |mm: i64| crate::units::um_to_dots(mm * 1000, dpi);
    let mut s = Surface::new(grey, side(60), side(40)).unwrap();
    draw(cmd, arc, fonts, &mut s.target(), area, dpi).unwrap();
    s
}

fn inside(i: (i64, i64, i64, i64, usize), b: DotBox) -> bool {
    i.0 >= b.x0 && i.1 >= b.y0 && i.2 <= b.x1 && i.3 <= b.y1
}

#[test]
fn ink_stays_in_the_box_at_203_and_300_dpi() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    for dpi in [203, 300] {
        for grey in [false, true] {
            let mut cmd = TextCommand::new(3_500, "Arial", "Asset 资产 ZC-0001 固定资产管理 label text");
            cmd.wrap = true;
            cmd.h_align = HAlign::Center;
            cmd.v_align = VAlign::Middle;
            let b = mm_box(5.0, 5.0, 30.0, 12.0, dpi);
            let s = render(&fonts, &cmd, false, grey, dpi, b);
            let i = ink(&s).unwrap();
            assert!(inside(i, b), "{} dpi grey {}: {:?} in {:?}", dpi, grey, i, b);
            // the box is full: two lines of 3.5 mm at least
            assert!(i.3 - i.1 > crate::units::um_to_dots(5_000, dpi), "{:?}", i);
            if grey {
                let levels = s.data().iter().filter(|&&v| v > 0 && v < 255).count();
                assert!(levels > 100, "anti-aliased");
            }
        }
    }
}

#[test]
fn alignment_moves_the_ink() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let b = mm_box(2.0, 2.0, 50.0, 20.0, 203);
    let mut cmd = TextCommand::new(3_000, "Arial", "ZC-0001");
    let at = |cmd: &TextCommand| ink(&render(&fonts, cmd, false, false, 203, b)).unwrap();
    let left = at(&cmd);
    cmd.h_align = HAlign::Center;
    cmd.v_align = VAlign::Middle;
    let centre = at(&cmd);
    cmd.h_align = HAlign::Right;
    cmd.v_align = VAlign::Bottom;
    let right = at(&cmd);
    assert!(left.0 - b.x0 <= 3, "{:?}", left);
    assert!(((centre.0 - b.x0) - (b.x1 - centre.2)).abs() <= 2, "centred {:?}", centre);
    assert!(b.x1 - right.2 <= 3, "{:?}", right);
    assert!(left.1 < centre.1 && centre.1 < right.1);
    assert!(b.y1 - right.3 <= 8, "bottom: only the descent below the ink");
    // the ink is the same shape wherever it goes
    assert_eq!((left.2 - left.0, left.4), (right.2 - right.0, right.4));
    // stretch spreads one line over the whole width
    cmd.h_align = HAlign::Stretch;
    let wide = at(&cmd);
    assert!(wide.0 - b.x0 <= 3 && b.x1 - wide.2 <= 3, "{:?}", wide);
}

#[test]
fn wrap_makes_more_lines_and_auto_height_grows_to_the_page() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let dpi = 300;
    let b = mm_box(5.0, 5.0, 20.0, 6.0, dpi);
    let mut cmd = TextCommand::new(3_000, "Arial", "Fixed asset label for the printer room");
    let one = ink(&render(&fonts, &cmd, false, false, dpi, b)).unwrap();
    cmd.wrap = true;
    let wrapped = ink(&render(&fonts, &cmd, false, false, dpi, b)).unwrap();
    assert!(inside(wrapped, b));
    assert_eq!(one.3, wrapped.3.min(one.3));
    cmd.auto_height = true;
    let grown_ink = ink(&render(&fonts, &cmd, false, false, dpi, b)).unwrap();
    let lines = (grown_ink.3 - grown_ink.1) as f32 / size_dots(3_000 * 115 / 100, dpi);
    assert!(lines > 2.5, "{} lines' height", lines); // 3 lines: 2 pitches and a cap height
    assert!(grown_ink.3 > b.y1);
    let e = extent(&cmd, false, &fonts, b, dpi, 10_000).unwrap();
    assert!(e.y1 >= grown_ink.3 && e.y0 == b.y0 && e.x1 == b.x1, "{:?}", e);
    // ... but not past the page's bottom edge
    let near_bottom = DotBox { y0: 440, y1: 460, ..b };
    let e = extent(&cmd, false, &fonts, near_bottom, dpi, 472).unwrap();
    assert_eq!(e.y1, 472);
    // line spacing spreads the lines
    cmd.line_space_milli = 2000;
    let double = ink(&render(&fonts, &cmd, false, false, dpi, b)).unwrap();
    assert!(double.3 - double.1 > (grown_ink.3 - grown_ink.1) * 3 / 2);
}

#[test]
fn cjk_comes_from_the_fallback_face() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let b = mm_box(1.0, 1.0, 40.0, 10.0, 203);
    let crop = |s: &Surface| {
        let (x0, y0, x1, y1, _) = ink(s).unwrap();
        let rows: Vec<Vec<bool>> = (y0..y1).map(|y| (x0..x1).map(|x| s.is_ink(x, y)).collect()).collect();
        rows
    };
    let via_fallback = render(&fonts, &TextCommand::new(4_000, "Arial", "固定资产"), false, false, 203, b);
    let direct = render(&fonts, &TextCommand::new(4_000, "Droid Sans Fallback", "固定资产"), false, false, 203, b);
    assert_eq!(crop(&via_fallback), crop(&direct));
    // and not the missing-glyph box of the Latin face: ideographs are dense and wide
    let (x0, _, x1, _, n) = ink(&via_fallback).unwrap();
    assert!(x1 - x0 > 3 * 28 && n > 600, "{:?}", (x0, x1, n));
}

#[test]
fn bold_has_more_ink_and_synthetic_italic_leans() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let b = mm_box(2.0, 2.0, 50.0, 12.0, 300);
    for text in ["Asset ZC-0001", "固定资产"] {
        let mut cmd = TextCommand::new(4_000, "Arial", text);
        let plain = ink(&render(&fonts, &cmd, false, false, 300, b)).unwrap().4;
        cmd.bold = true;
        let bold = ink(&render(&fonts, &cmd, false, false, 300, b)).unwrap().4;
        assert!(bold as f32 > plain as f32 * 1.25, "{}: {} vs {}", text, bold, plain);
    }
    // No italic face is registered: 'l' (a vertical stem) is sheared right at the top.
    let mut cmd = TextCommand::new(8_000, "Arial", "l");
    let first_ink = |s: &Surface, y: i64| (0..s.width() as i64).find(|&x| s.is_ink(x, y)).unwrap();
    let upright = render(&fonts, &cmd, false, false, 300, b);
    let (_, y0, _, y1, _) = ink(&upright).unwrap();
    assert_eq!(first_ink(&upright, y0), first_ink(&upright, y1 - 1));
    cmd.italic = true;
    let slanted = render(&fonts, &cmd, false, false, 300, b);
    let (_, y0, _, y1, _) = ink(&slanted).unwrap();
    assert!(first_ink(&slanted, y0) >= first_ink(&slanted, y1 - 1) + 10);
}

#[test]
fn underline_strikeout_and_character_spacing() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let b = mm_box(2.0, 2.0, 50.0, 10.0, 203);
    let mut cmd = TextCommand::new(4_000, "Arial", "aaaa");
    let plain = render(&fonts, &cmd, false, false, 203, b);
    let p = ink(&plain).unwrap();
    let full_rows =
        |s: &Surface, x0: i64, x1: i64| (0..s.height() as i64).filter(|&y| (x0..x1).all(|x| s.is_ink(x, y))).count();
    assert_eq!(full_rows(&plain, p.0 + 1, p.2 - 1), 0);
    cmd.underline = true;
    cmd.strikeout = true;
    let lined = render(&fonts, &cmd, false, false, 203, b);
    assert!(full_rows(&lined, p.0 + 1, p.2 - 1) >= 2);
    cmd.underline = false;
    cmd.strikeout = false;
    cmd.char_space_um = 1_000; // 8 dots at 203 dpi after each of the first three
    let spaced = ink(&render(&fonts, &cmd, false, false, 203, b)).unwrap();
    assert!(((spaced.2 - spaced.0) - (p.2 - p.0) - 24).abs() <= 1, "{:?} {:?}", spaced, p);
}

#[test]
fn vertical_text_stacks_down() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let b = mm_box(2.0, 2.0, 8.0, 36.0, 203);
    let mut cmd = TextCommand::new(4_000, "Arial", "资产编号");
    cmd.vertical = true;
    cmd.h_align = HAlign::Center;
    let i = ink(&render(&fonts, &cmd, false, false, 203, b)).unwrap();
    assert!(i.3 - i.1 > 3 * (i.2 - i.0), "{:?}", i);
    assert!(inside(i, b));
}

#[test]
fn arc_text_follows_the_top_of_the_circle() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let empty = FontRegistry::new();
    let b = mm_box(5.0, 5.0, 30.0, 30.0, 203);
    for reg in [&fonts, &empty] {
        let cmd = TextCommand::new(3_500, "Arial", "ASSET TAG 2024");
        let s = render(reg, &cmd, true, false, 203, b);
        let mid = (b.y0 + b.y1) / 2;
        let (mut top, mut bottom) = (0, 0);
        for y in b.y0..b.y1 {
            for x in b.x0..b.x1 {
                if s.is_ink(x, y) {
                    if y < mid {
                        top += 1
                    } else {
                        bottom += 1
                    }
                }
            }
        }
        assert!(top > 300 && bottom * 4 < top, "builtin {}: {} above, {} below", reg.is_empty(), top, bottom);
        assert!(inside(ink(&s).unwrap(), b));
    }
}

#[test]
fn the_builtin_font_draws_when_no_face_is_registered() {
    let fonts = FontRegistry::new();
    let b = mm_box(2.0, 2.0, 30.0, 5.0, 203);
    let mut cmd = TextCommand::new(3_000, "Arial", "ZC-0001 printer room");
    let one = ink(&render(&fonts, &cmd, false, false, 203, b)).unwrap();
    assert!(inside(one, b));
    cmd.h_align = HAlign::Right;
    cmd.wrap = true;
    cmd.auto_height = true;
    cmd.bold = true;
    cmd.underline = true;
    for grey in [false, true] {
        let s = render(&fonts, &cmd, false, grey, 203, b);
        let i = ink(&s).unwrap();
        assert!(i.3 > b.y1, "grew: {:?}", i);
        assert!(b.x1 - i.2 <= 2 && i.0 >= b.x0);
    }
    let e = extent(&cmd, false, &fonts, b, 203, 1000).unwrap();
    assert!(e.y1 > b.y1);
    // justified: the wrapped first line reaches both edges, the last line stays left
    let mut j = TextCommand::new(3_000, "", "ZC-0001 printer room");
    j.wrap = true;
    j.h_align = HAlign::Justify;
    let tall = DotBox { y1: b.y0 + 100, ..b };
    let s = render(&fonts, &j, false, false, 203, tall);
    let row_ink = |y0: i64, y1: i64| ink_rows(&s, y0, y1);
    let first = row_ink(tall.y0, tall.y0 + 24).unwrap();
    let last = row_ink(tall.y0 + 28, tall.y1).unwrap();
    assert!(first.0 - b.x0 <= 3 && b.x1 - first.1 <= 4, "{:?}", first);
    assert!(last.0 - b.x0 <= 3 && b.x1 - last.1 > 40, "{:?}", last);
    // italic leans right: the stem of 'l' starts further right at its top
    let mut cmd = TextCommand::new(8_000, "", "l");
    let first_ink = |s: &Surface, y: i64| (0..s.width() as i64).find(|&x| s.is_ink(x, y)).unwrap();
    let tall = DotBox { y1: b.y0 + 100, ..b };
    let upright = render(&fonts, &cmd, false, false, 203, tall);
    cmd.italic = true;
    let slanted = render(&fonts, &cmd, false, false, 203, tall);
    let (u, s) = (ink(&upright).unwrap(), ink(&slanted).unwrap());
    assert_eq!(u.4, s.4, "same ink, moved");
    assert!(first_ink(&slanted, s.1) - first_ink(&upright, u.1) >= 5);
    assert!((first_ink(&slanted, s.3 - 1) - first_ink(&upright, u.3 - 1)).abs() <= 2);
}

#[test]
fn nothing_to_draw_and_sizes_out_of_range() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let b = mm_box(2.0, 2.0, 30.0, 8.0, 203);
    assert!(ink(&render(&fonts, &TextCommand::new(3_000, "Arial", ""), false, false, 203, b)).is_none());
    let flat = DotBox { x1: b.x0, ..b };
    assert!(ink(&render(&fonts, &TextCommand::new(3_000, "Arial", "A"), false, false, 203, flat)).is_none());
    // far off the page: nothing, no error
    let far = DotBox { x0: -1 << 40, x1: -(1 << 39), ..b };
    assert!(ink(&render(&fonts, &TextCommand::new(3_000, "Arial", "A"), false, false, 203, far)).is_none());
    // 300 mm text at 600 dpi is 7087 dots: more than the rasteriser draws
    let mut page = assetmark_raster::Page::new(100, 100).unwrap();
    let e = draw_bits(&TextCommand::new(300_000, "Arial", "A"), false, &fonts, &mut page, b, 600).unwrap_err();
    assert!(e.message.contains("at most 4096 dots"), "{}", e.message);
}

#[test]
fn repeated_pages_reuse_the_glyph_cache() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let b = mm_box(2.0, 2.0, 50.0, 30.0, 203);
    let mut cmd = TextCommand::new(3_000, "Arial", "资产编号 ZC-0001 使用部门：行政部");
    cmd.wrap = true;
    let first = render(&fonts, &cmd, false, false, 203, b);
    let held = fonts.glyph_cache().len();
    assert!(held > 10);
    let again = render(&fonts, &cmd, false, false, 203, b);
    assert_eq!(fonts.glyph_cache().len(), held);
    assert_eq!(first.data(), again.data());
}

#[test]
fn through_the_display_list_auto_height_grows_the_anti_colour_box() {
    use crate::display_list::{build, decode as decode_list, ElementFrame, OP_TEXT};
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let mut cmd = TextCommand::new(3_000, "Arial", "固定资产管理 Fixed asset label, printed white on black");
    cmd.wrap = true;
    cmd.auto_height = true;
    for rotation in [0u8, 1] {
        let mut dl = build::header(60_000, 60_000, 203);
        let f = ElementFrame { rotation, anti_color: true, ..build::frame(10_000, 20_000, 30_000, 4_000) };
        build::element(&mut dl, OP_TEXT, &f, &cmd.encode());
        let list = decode_list(&dl).unwrap();
        let page = crate::render::render(&list, &fonts).unwrap();
        let (x0, y0, x1, y1, _) = ink(&page).unwrap();
        let (w, h) = (x1 - x0, y1 - y0);
        // 4 mm is 32 dots; the text needs three lines of 3 mm (> 70 dots)
        let (across, along) = if rotation == 0 { (h, w) } else { (w, h) };
        assert!(across > 70, "rotation {}: {}x{}", rotation, w, h);
        assert_eq!(along, crate::units::um_to_dots(30_000, 203), "rotation {}", rotation);
        // white text inside the black box
        let white = (y0..y1).flat_map(|y| (x0..x1).map(move |x| (x, y))).filter(|&(x, y)| !page.is_ink(x, y)).count();
        assert!(white > 500, "{}", white);
    }
}

#[test]
fn damaged_fonts_that_load_still_draw_without_panicking() {
    use crate::fonts::test_fonts::{bytes, request};
    let clean = match bytes("LiberationSans-Regular.ttf") {
        Some(b) => b,
        None => return,
    };
    let b = mm_box(1.0, 1.0, 40.0, 20.0, 203);
    let mut seed = 0x1234_5678u32;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed as usize
    };
    let mut loaded = 0;
    for _ in 0..60 {
        let mut d = clean.clone();
        // a burst of damage somewhere in the file: outlines, metrics, maps
        let at = next() % d.len();
        for k in 0..64 {
            if let Some(v) = d.get_mut(at + k * (1 + next() % 7)) {
                *v = next() as u8;
            }
        }
        let mut fonts = FontRegistry::new();
        if fonts.load(&request("Arial", 0, 0, 1, &d)).is_err() {
            continue;
        }
        loaded += 1;
        let mut cmd = TextCommand::new(4_000, "Arial", "AÄé W1 ZC-0001 资产 fi%&@");
        cmd.wrap = true;
        cmd.bold = next() % 2 == 0;
        cmd.italic = next() % 2 == 0;
        for arc in [false, true] {
            let mut s = Surface::new(next() % 2 == 0, 400, 200).unwrap();
            draw(&cmd, arc, &fonts, &mut s.target(), b, 203).unwrap();
        }
    }
    assert!(loaded > 10, "{} damaged fonts loaded", loaded);
}

/// Runs of ink columns across `y0..y1`: (x0, x1) of each group of inked x positions,
/// left to right; a gap of `gap` or more empty columns separates groups.
fn ink_column_runs(s: &Surface, y0: i64, y1: i64, gap: i64) -> Vec<(i64, i64)> {
    let mut runs: Vec<(i64, i64)> = Vec::new();
    for x in 0..s.width() as i64 {
        if (y0..y1).any(|y| s.is_ink(x, y)) {
            match runs.last_mut() {
                Some(r) if x - r.1 < gap => r.1 = x + 1,
                _ => runs.push((x, x + 1)),
            }
        }
    }
    runs
}

/// The ink of `s` inside `x0..x1` (all rows) as rows of booleans, cropped to its box.
fn crop_ink(s: &Surface, x0: i64, x1: i64) -> Vec<Vec<bool>> {
    let rows: Vec<i64> = (0..s.height() as i64).filter(|&y| (x0..x1).any(|x| s.is_ink(x, y))).collect();
    let cols: Vec<i64> = (x0..x1).filter(|&x| (0..s.height() as i64).any(|y| s.is_ink(x, y))).collect();
    match (rows.first(), rows.last(), cols.first(), cols.last()) {
        (Some(&r0), Some(&r1), Some(&c0), Some(&c1)) => {
            (r0..=r1).map(|y| (c0..=c1).map(|x| s.is_ink(x, y)).collect()).collect()
        }
        _ => Vec::new(),
    }
}

/// 10 characters of 3 mm vertical, wrapped and right-aligned in a 10 mm tall box at `dpi`:
/// columns of 3, 3, 3 and 1 from right to left, the rightmost the same ink as the first
/// three characters (`first`) alone. Returns the command and box for more checks.
fn assert_columns_right_to_left<'a>(fonts: &FontRegistry, font: &'a str, text: &'a str, first: &'a str, dpi: u32) -> (TextCommand<'a>, DotBox) {
    let b = mm_box(5.0, 5.0, 30.0, 10.0, dpi);
    let mut cmd = TextCommand::new(3_000, font, text);
    cmd.vertical = true;
    cmd.wrap = true;
    cmd.h_align = HAlign::Right;
    let s = render(fonts, &cmd, false, false, dpi, b);
    let i = ink(&s).unwrap();
    assert!(inside(i, b), "{} dpi: {:?} in {:?}", dpi, i, b);
    assert!(b.x1 - i.2 <= crate::units::um_to_dots(1_000, dpi), "right aligned: {:?}", i);
    let runs = ink_column_runs(&s, b.y0, b.y1, 3);
    assert_eq!(runs.len(), 4, "{} dpi: {:?}", dpi, runs);
    // the last column (one character) is the leftmost one, the others three tall
    let tall = |r: (i64, i64)| ink_rows_in(&s, r).1 - ink_rows_in(&s, r).0;
    let em = crate::units::um_to_dots(3_000, dpi);
    assert!(tall(runs[0]) < em + 2, "{:?}", runs);
    for &r in &runs[1..] {
        assert!(tall(r) > 2 * em, "{:?}", r);
    }
    // the rightmost column is the text's start, stacked upright: the same ink as the
    // first three characters alone, not one line per character at line pitch
    let alone = render(fonts, &TextCommand { text: first, ..cmd }, false, false, dpi, b);
    let r = runs[3];
    assert_eq!(crop_ink(&s, r.0, r.1), crop_ink(&alone, 0, alone.width() as i64), "{} dpi", dpi);
    (cmd, b)
}

#[test]
fn vertical_text_wraps_into_columns_right_to_left() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    for dpi in [203, 300] {
        let (cmd, b) = assert_columns_right_to_left(&fonts, "Arial", "固定资产管理标签打印", "固定资", dpi);
        // a newline starts a column even without wrap
        let lines = TextCommand { text: "固定\n资产", wrap: false, ..cmd };
        let two = render(&fonts, &lines, false, false, dpi, b);
        assert_eq!(ink_column_runs(&two, b.y0, b.y1, 3).len(), 2);
    }
}

#[test]
fn builtin_vertical_text_wraps_into_columns_right_to_left() {
    // No face registered: the stroke font follows the TrueType path's vertical rules.
    let fonts = FontRegistry::new();
    for dpi in [203, 300] {
        let (cmd, b) = assert_columns_right_to_left(&fonts, "", "ABCDEFGHIJ", "ABC", dpi);
        let em = crate::units::um_to_dots(3_000, dpi);
        // a newline starts a column even without wrap, and autoHeight follows the
        // longest column: 8 cells of 3 mm
        let lines = TextCommand { text: "AB\nCDEFGHIJ", wrap: false, auto_height: true, ..cmd };
        let two = render(&fonts, &lines, false, false, dpi, b);
        assert_eq!(ink_column_runs(&two, b.y0, b.y0 + 8 * em, 3).len(), 2);
        let e = extent(&lines, false, &fonts, b, dpi, 10_000).unwrap();
        assert_eq!(e.height(), 8 * (size_dots(3_000, dpi).round() as i64), "{} dpi: {:?}", dpi, e);
    }
}

/// First and last inked rows (exclusive end) within columns `r.0..r.1`.
fn ink_rows_in(s: &Surface, r: (i64, i64)) -> (i64, i64) {
    let ys: Vec<i64> = (0..s.height() as i64).filter(|&y| (r.0..r.1).any(|x| s.is_ink(x, y))).collect();
    (ys[0], ys[ys.len() - 1] + 1)
}

#[test]
fn vertical_text_centred_both_ways() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let b = mm_box(5.0, 5.0, 30.0, 20.0, 300);
    let mut cmd = TextCommand::new(3_000, "Arial", "资产\nZC01");
    cmd.vertical = true;
    cmd.h_align = HAlign::Center;
    cmd.v_align = VAlign::Middle;
    let s = render(&fonts, &cmd, false, false, 300, b);
    let runs = ink_column_runs(&s, b.y0, b.y1, 3);
    assert_eq!(runs.len(), 2, "{:?}", runs);
    // the block is centred across: the two columns' centres (glyphs are centred in their
    // columns) sit either side of the box's centre
    let centre2 = |r: (i64, i64)| r.0 + r.1;
    assert!(((centre2(runs[0]) + centre2(runs[1])) / 2 - (b.x0 + b.x1)).abs() <= 3, "{:?} in {:?}", runs, b);
    // each column centred down the box on its own: the short one starts lower
    let (latin, cjk) = (ink_rows_in(&s, runs[0]), ink_rows_in(&s, runs[1]));
    for (top, bottom) in [latin, cjk] {
        assert!(((top - b.y0) - (b.y1 - bottom)).abs() <= 4, "{:?} in {:?}", (top, bottom), b);
    }
    assert!(cjk.0 > latin.0 + 30);
}

#[test]
fn vertical_auto_height_follows_the_longest_column() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let dpi = 203;
    let b = mm_box(5.0, 5.0, 20.0, 8.0, dpi);
    let mut cmd = TextCommand::new(3_000, "Arial", "资产编号卡");
    cmd.vertical = true;
    cmd.auto_height = true;
    // five 3 mm cells: 15 mm
    let e = extent(&cmd, false, &fonts, b, dpi, 10_000).unwrap();
    assert_eq!(e.height(), size_dots(15_000, dpi).ceil() as i64, "{:?}", e);
    let grown_ink = ink(&render(&fonts, &cmd, false, false, dpi, b)).unwrap();
    assert!(grown_ink.3 > b.y1 && grown_ink.3 <= e.y1, "{:?} {:?}", grown_ink, e);
    // wrapped, the columns fit the box and nothing grows
    cmd.wrap = true;
    assert_eq!(extent(&cmd, false, &fonts, b, dpi, 10_000).unwrap(), b);
    assert!(inside(ink(&render(&fonts, &cmd, false, false, dpi, b)).unwrap(), b));
}

#[test]
fn vertical_underline_and_strikeout_are_vertical_rules() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let b = mm_box(5.0, 5.0, 10.0, 30.0, 203);
    let mut cmd = TextCommand::new(4_000, "Arial", "资产编号");
    cmd.vertical = true;
    cmd.h_align = HAlign::Center;
    let plain = render(&fonts, &cmd, false, false, 203, b);
    let p = ink(&plain).unwrap();
    // dots a column of ink runs without a break
    let longest_run = |s: &Surface, x: i64| {
        let (mut best, mut cur) = (0, 0);
        for y in 0..s.height() as i64 {
            cur = if s.is_ink(x, y) { cur + 1 } else { 0 };
            best = best.max(cur);
        }
        best
    };
    let four_cells = 4 * size_dots(4_000, 203) as i64;
    assert!((p.0..p.2).all(|x| longest_run(&plain, x) < four_cells / 2));
    cmd.underline = true;
    let under = render(&fonts, &cmd, false, false, 203, b);
    let u = ink(&under).unwrap();
    assert!(u.0 < p.0, "the rule is left of the characters: {:?} {:?}", u, p);
    assert!((u.0..p.0).any(|x| longest_run(&under, x) >= four_cells - 1));
    assert!(u.2 == p.2, "nothing on the right");
    cmd.underline = false;
    cmd.strikeout = true;
    let struck = render(&fonts, &cmd, false, false, 203, b);
    let mid = (p.0 + p.2) / 2;
    assert!((mid - 2..=mid + 2).any(|x| longest_run(&struck, x) >= four_cells - 1));
}

#[test]
fn vertical_text_with_odd_sizes_and_spacing_never_fails() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let empty = FontRegistry::new();
    let base = mm_box(5.0, 5.0, 20.0, 20.0, 203);
    let boxes = [base, DotBox { x1: base.x0 + 1, y1: base.y0 + 1, ..base }, DotBox { y1: base.y0, ..base }];
    for reg in [&fonts, &empty] {
        for &area in &boxes {
            for text in ["", "\n\n", "资产 ZC-0001\r\n编号", "  "] {
                for cs in [0, -100_000, -2_000, 100_000] {
                    for wrap in [false, true] {
                        let mut cmd = TextCommand::new(3_000, "Arial", text);
                        cmd.vertical = true;
                        cmd.wrap = wrap;
                        cmd.auto_height = wrap;
                        cmd.char_space_um = cs;
                        cmd.underline = true;
                        cmd.h_align = HAlign::Stretch;
                        let s = render(reg, &cmd, false, wrap, 203, area); // grey when wrapping
                        if let Some(i) = ink(&s) {
                            let e = extent(&cmd, false, reg, area, 203, s.height() as i64).unwrap();
                            assert!(inside(i, DotBox { y1: e.y1.max(area.y0 + 1), ..area }), "{:?} {:?}", text, i);
                        }
                    }
                }
            }
        }
    }
}

/// Issue 5: 500 mm text (3996 dots at 203 dpi, glyphs far over the glyph cache's mask
/// limit) prints, clipped to a 100 mm square label, at every rotation (each turns the
/// same drawing, so the ink is the same), with TrueType faces and with the built-in
/// stroke font, straight and on an arc.
#[test]
fn text_at_500_mm_prints_at_every_rotation() {
    use crate::display_list::{build, decode as decode_list, ElementFrame, OP_ARC_TEXT, OP_TEXT};
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let empty = FontRegistry::new();
    let mut cmd = TextCommand::new(500_000, "Arial", "A1");
    cmd.h_align = HAlign::Center;
    cmd.v_align = VAlign::Middle;
    // The stroke font's "A1" has little ink in its middle 100 mm: a 300 mm label for it.
    for (reg, name, mm) in [(&fonts, "truetype", 100u32), (&empty, "builtin", 300)] {
        let side = crate::units::um_to_dots(mm as i64 * 1000, 203);
        for op in [OP_TEXT, OP_ARC_TEXT] {
            let mut counts = Vec::new();
            for rotation in 0u8..4 {
                let mut dl = build::header(mm * 1000, mm * 1000, 203);
                let f = ElementFrame { rotation, ..build::frame(0, 0, mm * 1000, mm * 1000) };
                build::element(&mut dl, op, &f, &cmd.encode());
                let list = decode_list(&dl).unwrap();
                let page = crate::render::render(&list, reg).unwrap();
                let n = ink(&page).map_or(0, |i| i.4);
                counts.push(n);
            }
            let page_dots = (side * side) as usize;
            // straight: the middle of "A1" fills much of the label; arc: the run stands
            // around a circle, ink along the rim
            assert!(counts[0] > page_dots / 20, "{} op {}: {:?} of {}", name, op, counts, page_dots);
            if op == OP_TEXT {
                assert!(counts.iter().all(|&c| c == counts[0]), "{}: {:?}", name, counts);
            } else {
                assert!(counts.iter().all(|&c| c > page_dots / 20), "{} arc: {:?}", name, counts);
            }
        }
    }
    // grey, straight onto the target: the same dots dark as black on the 1-bit page
    let side = crate::units::um_to_dots(100_000, 203);
    let b = DotBox { x0: 0, y0: 0, x1: side, y1: side };
    let mut bits = Surface::new(false, side, side).unwrap();
    draw(&cmd, false, &fonts, &mut bits.target(), b, 203).unwrap();
    let mut grey = Surface::new(true, side, side).unwrap();
    draw(&cmd, false, &fonts, &mut grey.target(), b, 203).unwrap();
    assert!(ink(&bits).unwrap().4 > (side * side) as usize / 20);
    assert_eq!(ink(&bits).map(|i| i.4), ink(&grey).map(|i| i.4));
}
