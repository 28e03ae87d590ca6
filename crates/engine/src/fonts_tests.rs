//! Tests of the font registry (fonts.rs): lookup order, caches, aliases, bad fonts.

use super::test_fonts::*;
use super::*;
use crate::ErrorCode;

#[test]
fn lookup_follows_name_style_default_then_fallbacks() {
    let reg = match latin_cjk() {
        Some(r) => r,
        None => return,
    };
    assert_eq!(reg.len(), 3);
    let set = reg.font_set("  aRIAL ", false, false).unwrap();
    assert!(!set.primary().is_bold());
    // regular Liberation is primary, so only the CJK face follows it
    assert_eq!(set.fonts().len(), 2);
    assert_eq!(set.lookup('中').0, 1);
    let bold = reg.font_set("Arial", true, false).unwrap();
    assert!(bold.primary().is_bold());
    assert_eq!(bold.fonts().len(), 3, "bold, then both fallback faces");
    // bold italic: the bold face, its slant synthesised
    assert!(reg.font_set("arial", true, true).unwrap().primary().is_bold());
    // italic: no italic face, the regular one (slant synthesised by the layout)
    assert!(!reg.font_set("Arial", false, true).unwrap().primary().is_italic());
    // unknown name: the default family, in the asked style
    assert!(reg.font_set("SimHei", true, false).unwrap().primary().is_bold());
    assert!(!reg.font_set("", false, false).unwrap().primary().is_bold());
    // naming the CJK face puts it first
    let cjk = reg.font_set("droid sans fallback", false, false).unwrap();
    assert_eq!(cjk.lookup('中').0, 0);
    assert_eq!(cjk.lookup('A').0, 1);
}

#[test]
fn sets_are_cached_until_the_registry_changes() {
    let mut reg = match latin_cjk() {
        Some(r) => r,
        None => return,
    };
    let a = reg.font_set("Arial", false, false).unwrap();
    let b = reg.font_set("ARIAL", false, false).unwrap();
    assert!(Rc::ptr_eq(&a, &b));
    // replacing Arial regular with the italic file: same name and style, new face
    let italic = bytes("LiberationSans-Italic.ttf").unwrap();
    reg.load(&request("arial", 0, 0, 1, &italic)).unwrap();
    assert_eq!(reg.len(), 3);
    let c = reg.font_set("Arial", false, false).unwrap();
    assert!(!Rc::ptr_eq(&a, &c));
    assert!(c.primary().is_italic());
    reg.clear();
    assert!(reg.is_empty());
    assert!(reg.font_set("Arial", false, false).is_none());
}

#[test]
fn bad_fonts_are_parameter_errors_naming_the_font() {
    let mut reg = match latin_cjk() {
        Some(r) => r,
        None => return,
    };
    let lib = bytes("LiberationSans-Regular.ttf").unwrap();
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (request("Junk", 0, 0, 0, b"PK\x03\x04 not a font at all"), "font 'Junk' (face 0): not a TrueType"),
        (request("Cut", 0, 0, 0, &lib[..2000]), "font 'Cut' (face 0): font table"),
        (request("Arial", 3, 0, 0, &lib), "font 'Arial' (face 3): face 3 asked for, the font holds 1"),
        (request("Otto", 0, 0, 0, b"OTTO\0\0\0\0\0\0\0\0"), "CFF (PostScript) outlines"),
        (request("", 0, 0, 0, &lib), "font name is empty"),
        (request("Arial", 0, 4, 0, &lib), "style 4"),
        (request("Arial", 0, 0, 2, &lib), "role 2"),
        (request("Arial", 0, 0, 0, b""), "no font bytes"),
        (vec![5, 0, b'A'], "truncated font name"),
        (vec![2, 0, 0xFF, 0xFE, 0, 0, 0, 0, 0, 0, 1], "not valid UTF-8"),
    ];
    let before = reg.font_set("Arial", false, false).unwrap();
    for (req, want) in cases {
        let e = reg.load(&req).unwrap_err();
        assert_eq!(e.code, ErrorCode::Parameter);
        assert!(e.message.contains(want), "{:?} lacks {:?}", e.message, want);
    }
    assert_eq!(reg.len(), 3, "registry unchanged");
    assert!(Rc::ptr_eq(&before, &reg.font_set("Arial", false, false).unwrap()));
}

#[test]
fn aliases_share_the_bytes_and_the_glyphs() {
    use assetmark_raster::truetype::{draw_layout_1bit, layout_text, TextBox, TextStyle};
    let lib = match bytes("LiberationSans-Regular.ttf") {
        Some(b) => b,
        None => return,
    };
    let mut reg = FontRegistry::new();
    reg.load(&request("Arial", 0, 0, 1, &lib)).unwrap();
    reg.load(&request("Liberation Sans", 0, 0, 0, &lib)).unwrap();
    reg.load(&request("宋体", 0, 0, 0, &lib)).unwrap();
    assert_eq!(reg.len(), 3);
    assert!(Arc::ptr_eq(&reg.entries[0].bytes, &reg.entries[2].bytes));
    // one parsed face: drawing through either name fills the same cache entries
    let mut page = assetmark_raster::Page::new(200, 40).unwrap();
    let bx = TextBox::new(0, 0, 200, 40).unwrap();
    let mut glyphs_after = Vec::new();
    for name in ["arial", "宋体"] {
        let set = reg.font_set(name, false, false).unwrap();
        let l = layout_text(&set, &TextStyle::new(20.0), "Asset", bx).unwrap();
        draw_layout_1bit(&mut page, &l, &set, &mut reg.glyph_cache());
        glyphs_after.push(reg.glyph_cache().len());
    }
    // A, s, e, t: four glyphs, drawn once for both names
    assert_eq!(glyphs_after, vec![4, 4]);
    // a bad face index into known bytes still fails, naming the font
    let e = reg.load(&request("Alias", 2, 0, 0, &lib)).unwrap_err();
    assert!(e.message.starts_with("font 'Alias' (face 2)"), "{}", e.message);
    assert_eq!(reg.len(), 3);
}

#[test]
fn the_caption_face_is_the_default_chain() {
    use assetmark_raster::TextFace;
    let mut reg = match latin_cjk() {
        Some(r) => r,
        None => return,
    };
    let face = reg.caption_face().unwrap();
    assert!(Rc::ptr_eq(&face, &reg.caption_face().unwrap()));
    assert!(!face.fonts().primary().is_bold());
    assert_eq!(face.fonts().fonts().len(), 2, "Liberation, then the CJK fallback");
    // Arial digits are 1139/2048 em wide
    assert_eq!(face.advance("0123456789", 40), (10.0f32 * 1139.0 * 40.0 / 2048.0).round() as i64);
    reg.clear();
    assert!(reg.caption_face().is_none());
}

#[test]
fn caption_faces_follow_the_name_and_style() {
    let mut reg = match latin_cjk() {
        Some(r) => r,
        None => return,
    };
    let bold = reg.caption_face_for("Arial", true, false).unwrap();
    assert!(bold.fonts().primary().is_bold());
    // Names match trimmed and case-insensitively: the same face, built once.
    assert!(Rc::ptr_eq(&bold, &reg.caption_face_for(" ARIAL ", true, false).unwrap()));
    // An unknown name falls back to the default face, like a TEXT command's.
    let unknown = reg.caption_face_for("No Such Font", false, false).unwrap();
    assert!(!unknown.fonts().primary().is_bold());
    assert_eq!(unknown.fonts().fonts().len(), 2);
    // The list stays bounded however many names are asked for.
    for i in 0..(MAX_CAPTION_FACES + 3) {
        assert!(reg.caption_face_for(&format!("name {}", i), false, false).is_some());
    }
    assert!(reg.captions.borrow().len() <= MAX_CAPTION_FACES);
    // A registry change drops them.
    reg.clear();
    assert!(reg.caption_face_for("Arial", true, false).is_none());
    assert!(reg.captions.borrow().is_empty());
}

#[test]
fn a_collection_face_is_chosen_by_index() {
    let ttc = match bytes("wqy-microhei.ttc") {
        Some(b) => b,
        None => return,
    };
    let mut reg = FontRegistry::new();
    let count = Font::face_count(&ttc).unwrap();
    reg.load(&request("WenQuanYi Micro Hei Mono", count - 1, 0, 1, &ttc)).unwrap();
    let e = reg.load(&request("wqy", count, 0, 1, &ttc)).unwrap_err();
    assert!(e.message.starts_with("font 'wqy' (face "), "{}", e.message);
    assert_eq!(reg.font_set("x", false, false).unwrap().lookup('字').0, 0);
}

#[test]
fn hostile_bytes_never_panic() {
    let lib = match bytes("LiberationSans-Regular.ttf") {
        Some(b) => b,
        None => return,
    };
    // Deterministic corruption of the table directory and the first tables.
    let mut seed = 0x2545_F491u32;
    let mut reg = FontRegistry::new();
    for round in 0..200 {
        let mut data = lib[..lib.len().min(4096 + round * 37)].to_vec();
        for _ in 0..8 {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            let at = seed as usize % data.len().min(600);
            data[at] = (seed >> 24) as u8;
        }
        let _ = reg.load(&request("Fuzz", 0, 0, 1, &data));
    }
    assert!(reg.len() <= 1);
}
