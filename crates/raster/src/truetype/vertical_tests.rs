//! Vertical layout checks (vertical.rs) with Liberation Sans first and Droid Sans
//! Fallback for CJK, at 20 dots to the em: Liberation's line height is
//! 20 x 2355 / 2048 = 23.0 dots, the column width and pitch at single spacing.

use super::super::layout::{layout_text, HAlign, TextBox, TextLayout, TextStyle, VAlign};
use super::super::test_fonts::load;
use super::super::{draw_layout_1bit, FontSet, GlyphCache};
use crate::Page;

fn latin_cjk() -> Option<FontSet> {
    FontSet::new(vec![load("LiberationSans-Regular.ttf")?, load("DroidSansFallbackFull.ttf")?])
}

/// Column width at 20 dots to the em: Liberation's ascender + descender + line gap.
const COL: f32 = 20.0 * 2355.0 / 2048.0;

fn vstyle() -> TextStyle {
    let mut s = TextStyle::new(20.0);
    s.vertical = true;
    s
}

fn bx(w: i64, h: i64) -> TextBox {
    TextBox::new(10, 20, w, h).unwrap()
}

fn columns<'a>(l: &TextLayout, text: &'a str) -> Vec<&'a str> {
    l.lines().iter().map(|c| &text[c.text.clone()]).collect()
}

/// Centre of a glyph's advance across: where vertical layout puts the column's centre.
fn glyph_centre(fonts: &FontSet, l: &TextLayout, i: usize) -> f32 {
    let g = l.glyphs()[i];
    let f = &fonts.fonts()[g.face as usize];
    g.x + f.advance(g.glyph) as f32 * 20.0 / f.units_per_em() as f32 / 2.0
}

#[test]
fn wrap_starts_a_new_column_at_the_box_bottom_and_columns_run_right_to_left() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let mut style = vstyle();
    style.wrap = true;
    // 70 dots hold three 20-dot cells (60), not four (80)
    let text = "固定资产管理标签";
    let l = layout_text(&fonts, &style, text, bx(200, 70)).unwrap();
    assert_eq!(columns(&l, text), vec!["固定资", "产管理", "标签"]);
    // left-aligned block of 3 columns: the first column is the rightmost
    let lines = l.lines();
    assert!((lines[2].x - 10.0).abs() < 1e-3, "{:?}", lines[2]);
    assert!((lines[1].x - (10.0 + COL)).abs() < 1e-3);
    assert!((lines[0].x - (10.0 + 2.0 * COL)).abs() < 1e-3);
    assert!((l.content_width() - 3.0 * COL).abs() < 1e-3);
    // characters go down each column, one em apart, centred across it
    let g = l.glyphs();
    for c in 0..3 {
        let r = lines[c].glyphs.clone();
        let centre = lines[c].x + COL / 2.0;
        for i in r.clone() {
            assert!((glyph_centre(&fonts, &l, i) - centre).abs() < 1e-3);
        }
        for i in r.start + 1..r.end {
            assert!((g[i].y - g[i - 1].y - 20.0).abs() < 1e-3);
            assert_eq!(g[i].x, g[i - 1].x);
        }
        assert!((lines[c].top - 20.0).abs() < 1e-3, "top aligned");
    }
    assert!((lines[0].height - 60.0).abs() < 1e-3 && (lines[2].height - 40.0).abs() < 1e-3);
    // without wrap the same text is one column, longer than the box
    style.wrap = false;
    let one = layout_text(&fonts, &style, text, bx(200, 70)).unwrap();
    assert_eq!(one.lines().len(), 1);
    assert_eq!(one.needed_height(), 160);
    assert_eq!(one.bounds().height(), 70, "no growth unless asked");
}

#[test]
fn kinsoku_holds_down_columns_too() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let mut style = vstyle();
    style.wrap = true;
    // "，" may not start a column: "资，" goes to the next one together
    let text = "固定资，产品";
    let l = layout_text(&fonts, &style, text, bx(200, 60)).unwrap();
    assert_eq!(columns(&l, text), vec!["固定", "资，产", "品"]);
}

#[test]
fn newlines_start_columns_and_an_empty_paragraph_leaves_an_empty_column() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let text = "资产\r\n编号\n\nA1";
    let l = layout_text(&fonts, &vstyle(), text, bx(200, 200)).unwrap();
    assert_eq!(columns(&l, text), vec!["资产", "编号", "", "A1"]);
    let xs: Vec<f32> = l.lines().iter().map(|c| c.x).collect();
    for i in 1..xs.len() {
        assert!((xs[i - 1] - xs[i] - COL).abs() < 1e-3, "{:?}", xs);
    }
    assert_eq!(l.lines()[2].glyphs.len(), 0);
    assert_eq!(l.lines()[2].height, 0.0);
    // Latin stands upright in em cells, centred like the ideographs
    let last = &l.lines()[3];
    let g = l.glyphs();
    assert_eq!(last.glyphs.len(), 2);
    assert!((g[last.glyphs.start + 1].y - g[last.glyphs.start].y - 20.0).abs() < 1e-3);
    for i in last.glyphs.clone() {
        assert!((glyph_centre(&fonts, &l, i) - (last.x + COL / 2.0)).abs() < 1e-3);
    }
}

#[test]
fn alignment_places_the_block_across_and_each_column_down() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let text = "固定资\n产";
    let mut style = vstyle();
    style.h_align = HAlign::Center;
    style.v_align = VAlign::Middle;
    let l = layout_text(&fonts, &style, text, bx(200, 100)).unwrap();
    let block = COL * 2.0;
    let left = 10.0 + (200.0 - block) / 2.0;
    assert!((l.lines()[1].x - left).abs() < 1e-3);
    assert!((l.lines()[0].x - (left + COL)).abs() < 1e-3);
    // each column centred on its own: 60 dots in 100, then 20 in 100
    assert!((l.lines()[0].top - 40.0).abs() < 1e-3, "{:?}", l.lines()[0]);
    assert!((l.lines()[1].top - 60.0).abs() < 1e-3, "{:?}", l.lines()[1]);
    style.h_align = HAlign::Right;
    style.v_align = VAlign::Bottom;
    let r = layout_text(&fonts, &style, text, bx(200, 100)).unwrap();
    assert!((r.lines()[0].x + COL - 210.0).abs() < 1e-3, "first column at the right edge");
    for c in r.lines() {
        assert!((c.top + c.height - 120.0).abs() < 1e-3, "{:?}", c);
    }
    // the ink of an ideograph stays in its cell: Droid's 中 is about 0.91 em tall
    let mut page = Page::new(300, 200).unwrap();
    let one = layout_text(&fonts, &style, "中", bx(40, 100)).unwrap();
    draw_layout_1bit(&mut page, &one, &fonts, &mut GlyphCache::new());
    let rows: Vec<i64> = (0..200).filter(|&y| (0..300).any(|x| page.get(x, y))).collect();
    let (top, bottom) = (rows[0], *rows.last().unwrap() + 1);
    assert!(top >= 100 && bottom <= 120, "ink rows {}..{} in the cell 100..120", top, bottom);
    assert!((top - 100 - (120 - bottom)).abs() <= 2, "centred down the cell: {}..{}", top, bottom);
}

#[test]
fn justify_and_stretch_spread_characters_down_the_column() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let mut style = vstyle();
    style.wrap = true;
    style.h_align = HAlign::Justify;
    // 5 ideographs in 70 dots: 3 + 2; the wrapped first column fills the 70 dots
    let l = layout_text(&fonts, &style, "资产编号卡", bx(200, 70)).unwrap();
    let (a, b) = (&l.lines()[0], &l.lines()[1]);
    assert!((a.height - 70.0).abs() < 1e-3 && (b.height - 40.0).abs() < 1e-3, "{:?} {:?}", a, b);
    let g = l.glyphs();
    assert!((g[1].y - g[0].y - 25.0).abs() < 1e-3);
    style.h_align = HAlign::Distribute;
    let d = layout_text(&fonts, &style, "资产编号卡", bx(200, 70)).unwrap();
    assert!((d.lines()[1].height - 70.0).abs() < 1e-3, "the last column is spread too");
    let lone = layout_text(&fonts, &style, "资", bx(200, 70)).unwrap();
    assert!((lone.lines()[0].top - (20.0 + 25.0)).abs() < 1e-3, "one character centred");
}

#[test]
fn char_space_is_the_gap_and_line_space_the_column_pitch() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let mut style = vstyle();
    style.char_space = 5.0;
    style.line_space = 1.5;
    let text = "资产\n编号";
    let l = layout_text(&fonts, &style, text, bx(200, 200)).unwrap();
    let g = l.glyphs();
    assert!((g[1].y - g[0].y - 25.0).abs() < 1e-3);
    assert!((l.lines()[0].height - 45.0).abs() < 1e-3, "no gap after the last character");
    assert!((l.lines()[0].x - l.lines()[1].x - 1.5 * COL).abs() < 1e-3);
    // charSpace 5 dots: 45 dots hold two characters, 44 only one
    style.wrap = true;
    assert_eq!(layout_text(&fonts, &style, "资产", bx(200, 45)).unwrap().lines().len(), 1);
    assert_eq!(layout_text(&fonts, &style, "资产", bx(200, 44)).unwrap().lines().len(), 2);
    // negative spacing pulls characters together, never above the one before
    style.char_space = -8.0;
    let tight = layout_text(&fonts, &style, "资产编", bx(200, 200)).unwrap();
    assert!((tight.glyphs()[1].y - tight.glyphs()[0].y - 12.0).abs() < 1e-3);
    style.char_space = -1e5;
    let piled = layout_text(&fonts, &style, "资产编", bx(200, 10)).unwrap();
    let ys: Vec<f32> = piled.glyphs().iter().map(|g| g.y).collect();
    assert_eq!(ys, vec![ys[0]; 3]);
    assert_eq!(piled.lines().len(), 1, "a zero step fits any column");
    // huge spacing: one character per column when wrapping, no overflow
    style.char_space = 1e5;
    let sparse = layout_text(&fonts, &style, "资产编", bx(200, 100)).unwrap();
    assert_eq!(sparse.lines().len(), 3);
    style.wrap = false;
    let long = layout_text(&fonts, &style, "资产编", bx(200, 100)).unwrap();
    assert_eq!(long.needed_height(), (20.0f32 + 2.0 * 100_020.0).ceil() as i64);
}

#[test]
fn auto_height_grows_to_the_longest_column() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let mut style = vstyle();
    style.auto_height = true;
    let text = "资产编号\n卡";
    let l = layout_text(&fonts, &style, text, bx(200, 30)).unwrap();
    assert_eq!(l.needed_height(), 80);
    assert_eq!(l.bounds().height(), 80);
    assert_eq!(l.lines().len(), 2);
    // with wrap the columns fit the box: nothing to grow
    style.wrap = true;
    let w = layout_text(&fonts, &style, text, bx(200, 50)).unwrap();
    assert_eq!(columns(&w, text), vec!["资产", "编号", "卡"]);
    assert_eq!(w.bounds().height(), 50);
    // a box shorter than one character: one a column, grown to the character
    let tiny = layout_text(&fonts, &style, "资产", bx(200, 5)).unwrap();
    assert_eq!(tiny.lines().len(), 2);
    assert_eq!(tiny.bounds().height(), 20);
    let again = layout_text(&fonts, &style, "资产", tiny.bounds()).unwrap();
    assert_eq!(again.lines().len(), 2, "growing keeps the columns");
}

#[test]
fn empty_text_and_tiny_boxes_lay_out_without_panicking() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let mut style = vstyle();
    for wrap in [false, true] {
        style.wrap = wrap;
        for text in ["", "\n", " ", "\u{200B}", "资 产  ", "\r\n\r\n"] {
            for (w, h) in [(1, 1), (200, 200)] {
                let l = layout_text(&fonts, &style, text, bx(w, h)).unwrap();
                assert!(!l.lines().is_empty());
                assert!(l.needed_height() >= 20, "{:?}", text);
            }
        }
    }
    let e = layout_text(&fonts, &style, "", bx(30, 30)).unwrap();
    assert_eq!(e.lines().len(), 1);
    assert!(e.glyphs().is_empty());
    // trailing spaces hang below the column and do not count in its length
    style.wrap = false;
    let s = layout_text(&fonts, &style, "资  ", bx(30, 30)).unwrap();
    assert_eq!(s.lines()[0].height, 20.0);
}

#[test]
fn underline_runs_left_of_the_column_and_strikeout_through_it() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let mut style = vstyle();
    style.underline = true;
    let l = layout_text(&fonts, &style, "资产", bx(200, 100)).unwrap();
    assert_eq!(l.bars.len(), 1);
    let (x, y, w, h) = l.bars[0];
    let col = &l.lines()[0];
    let centre = col.x + COL / 2.0;
    assert!(x + w <= centre - 10.0 && x >= col.x - 2.0, "left of the em box: {:?} {:?}", l.bars[0], col);
    // A left-aligned block keeps the leftmost column's underline inside the box.
    assert!(x >= 10.0, "underline inside the box: {:?}", l.bars[0]);
    assert!((y - col.top).abs() < 1e-3 && (h - 40.0).abs() < 1e-3);
    assert!(w >= 1.0);
    style.underline = false;
    style.strikeout = true;
    let s = layout_text(&fonts, &style, "资产", bx(200, 100)).unwrap();
    let (x, _, w, h) = s.bars[0];
    let centre = s.lines()[0].x + COL / 2.0;
    assert!((x + w / 2.0 - centre).abs() < 1e-3 && (h - 40.0).abs() < 1e-3);
    // no bar on an empty column
    let e = layout_text(&fonts, &style, "\n", bx(200, 100)).unwrap();
    assert!(e.bars.is_empty());
}

#[test]
fn punctuation_takes_its_vertical_form_when_a_face_has_it() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let droid = &fonts.fonts()[1];
    let form = match droid.glyph_index('\u{FE10}') {
        Some(g) => g,
        None => return, // this build of the face lacks the forms: nothing to swap
    };
    let l = layout_text(&fonts, &vstyle(), "资，", bx(40, 100)).unwrap();
    let comma = l.glyphs()[1];
    assert_eq!((comma.ch, comma.face, comma.glyph), ('，', 1, form));
    let h = layout_text(&fonts, &TextStyle::new(20.0), "资，", bx(100, 40)).unwrap();
    assert_ne!(h.glyphs()[1].glyph, form, "horizontal text keeps the ordinary comma");
}

#[test]
fn a_long_word_fills_its_column_to_the_last_cell_that_fits() {
    let fonts = match latin_cjk() {
        Some(f) => f,
        None => return,
    };
    let mut style = vstyle();
    style.wrap = true;
    // The reported case: 100 dots hold five 20-dot cells, so "ZC202" then "4".
    let l = layout_text(&fonts, &style, "ZC2024", bx(200, 100)).unwrap();
    assert_eq!(columns(&l, "ZC2024"), vec!["ZC202", "4"]);
    let l = layout_text(&fonts, &style, "ZC2024", bx(200, 99)).unwrap();
    assert_eq!(columns(&l, "ZC2024"), vec!["ZC20", "24"]);
    // Every box height and charSpace (a gap, a negative gap, and below -1 em where the
    // step is held at 0): a column takes the most cells k with em + (k - 1) x step within
    // max(height, em), at least one.
    let text = "ZC20240001";
    for cs in [0.0f32, 3.0, -4.0, -25.0] {
        style.char_space = cs;
        let step = (20.0 + cs).max(0.0);
        for h in 1..=240i64 {
            let limit = (h as f32).max(20.0);
            let mut want = Vec::new();
            let mut at = 0;
            while at < text.len() {
                let left = text.len() - at;
                let mut k = 1;
                while k < left && 20.0 + k as f32 * step <= limit {
                    k += 1;
                }
                want.push(&text[at..at + k]);
                at += k;
            }
            let l = layout_text(&fonts, &style, text, bx(400, h)).unwrap();
            assert_eq!(columns(&l, text), want, "height {} charSpace {}", h, cs);
        }
    }
}
