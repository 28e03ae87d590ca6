//! Whole-module tests: damaged fonts through every stage, and the speed of a label.

use std::time::Instant;

use crate::Page;

use super::glyf;
use super::test_fonts::font_bytes;
use super::*;

/// A small deterministic generator (PCG-style LCG), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// (offset, length) of every table of face 0 of a TrueType file.
fn tables(d: &[u8]) -> Vec<(usize, usize)> {
    let be32 = |o: usize| u32::from_be_bytes([d[o], d[o + 1], d[o + 2], d[o + 3]]) as usize;
    let n = u16::from_be_bytes([d[4], d[5]]) as usize;
    (0..n).map(|i| (be32(12 + i * 16 + 8), be32(12 + i * 16 + 12))).collect()
}

/// Uses a parsed (possibly damaged) face the way the engine does; must not panic.
fn exercise(font: Font, cache: &mut GlyphCache) {
    let text = "AÄé W1中,字 ĀŻ";
    for c in text.chars() {
        if let Some(g) = font.glyph_index(c) {
            let _ = font.advance(g);
            let _ = font.kerning(g, g);
            let _ = glyf::outline(&font, g);
        }
    }
    for g in 0..font.num_glyphs().min(40) {
        let _ = glyf::outline(&font, g);
    }
    let fonts = FontSet::new(vec![font]).unwrap();
    let mut style = TextStyle::new(18.0);
    style.wrap = true;
    style.bold = true;
    style.italic = true;
    style.underline = true;
    if let Ok(l) = layout_text(&fonts, &style, text, TextBox::new(2, 2, 60, 40).unwrap()) {
        let mut page = Page::new(64, 48).unwrap();
        draw_layout_1bit(&mut page, &l, &fonts, cache);
        let mut grey = vec![255u8; 64 * 48];
        let mut img = GrayImage::new(&mut grey, 64, 48, 64).unwrap();
        draw_layout_gray(&mut img, &l, &fonts, cache);
    }
}

#[test]
fn damaged_fonts_never_panic() {
    let clean = match font_bytes("LiberationSans-Regular.ttf") {
        Some(b) => b,
        None => return,
    };
    let tabs = tables(&clean);
    // glyph records of the characters exercised, where corruption matters most
    let reference = Font::parse(clean.clone(), 0).unwrap();
    let base = reference.data().as_ptr() as usize;
    let mut records: Vec<(usize, usize)> = Vec::new();
    for c in "AÄé W1".chars() {
        let g = reference.glyph_index(c).unwrap();
        let r = reference.glyph_record(g).unwrap();
        if !r.is_empty() {
            records.push((r.as_ptr() as usize - base, r.len()));
        }
    }
    let mut rng = Rng(0x5eed);
    let mut parsed = 0;
    let runs = 10_000;
    for i in 0..runs {
        let mut d = clean.clone();
        match i % 5 {
            0 => {
                // truncation, mostly within the directory and the small tables
                let len = if rng.below(2) == 0 { rng.below(4096) } else { rng.below(d.len()) };
                d.truncate(len);
            }
            1 => {
                for _ in 0..1 + rng.below(6) {
                    let at = rng.below(12 + tabs.len() * 16);
                    d[at] = rng.next() as u8;
                }
            }
            2 => {
                let (off, len) = tabs[rng.below(tabs.len())];
                for _ in 0..1 + rng.below(8) {
                    let at = off + rng.below(len.min(512));
                    if at < d.len() {
                        d[at] = rng.next() as u8;
                    }
                }
            }
            3 => {
                let (off, len) = records[rng.below(records.len())];
                for _ in 0..1 + rng.below(6) {
                    d[off + rng.below(len)] = rng.next() as u8;
                }
            }
            _ => {
                // anywhere, including big values in likely count fields
                for _ in 0..1 + rng.below(4) {
                    let at = rng.below(d.len());
                    d[at] = if rng.below(2) == 0 { 0xFF } else { rng.next() as u8 };
                }
            }
        }
        if let Ok(f) = Font::parse(d, 0) {
            parsed += 1;
            exercise(f, &mut GlyphCache::with_budget(1 << 20));
        }
    }
    println!("{} of {} damaged fonts still parsed and were drawn", parsed, runs);
    assert!(parsed > runs / 3, "most single-byte damage leaves a usable face");
}

#[test]
fn damaged_collections_and_format_12_maps_never_panic() {
    for name in ["wqy-microhei.ttc", "DroidSansFallbackFull.ttf"] {
        let clean = match font_bytes(name) {
            Some(b) => b,
            None => continue,
        };
        let face = if &clean[..4] == b"ttcf" {
            u32::from_be_bytes([clean[12], clean[13], clean[14], clean[15]]) as usize
        } else {
            0
        };
        let mut rng = Rng(0xC0FFEE);
        let mut d = clean.clone();
        for _ in 0..150 {
            // damage in place and restore, to spare copying megabytes
            let mut undo = Vec::new();
            let n_tabs = u16::from_be_bytes([d[face + 4], d[face + 5]]) as usize;
            for _ in 0..1 + rng.below(6) {
                let at = match rng.below(3) {
                    0 => rng.below(face + 12 + n_tabs * 16),
                    _ => {
                        let t = face + 12 + rng.below(n_tabs) * 16;
                        let off = u32::from_be_bytes([d[t + 8], d[t + 9], d[t + 10], d[t + 11]]) as usize;
                        (off + rng.below(256)).min(d.len() - 1)
                    }
                };
                undo.push((at, d[at]));
                d[at] = rng.next() as u8;
            }
            if let Ok(f) = Font::parse(&d[..], 0) {
                exercise(f, &mut GlyphCache::with_budget(1 << 20));
            }
            for (at, v) in undo.into_iter().rev() {
                d[at] = v;
            }
        }
    }
}

/// Two label lines (one Latin, one Chinese) at 203 dpi, 3.5 mm font: layout and drawing
/// with a warm glyph cache. Prints the time; never fails on it (build with `--release`
/// for numbers worth quoting).
#[test]
fn speed_of_a_two_line_label() {
    let (lib, cjk) = match (font_bytes("LiberationSans-Regular.ttf"), font_bytes("DroidSansFallbackFull.ttf"))
    {
        (Some(a), Some(b)) => (a, b),
        _ => return,
    };
    let fonts = FontSet::new(vec![Font::parse(lib, 0).unwrap(), Font::parse(cjk, 0).unwrap()]).unwrap();
    let dots = |mm: f32| mm * 203.0 / 25.4;
    let mut style = TextStyle::new(dots(3.5));
    style.wrap = true;
    style.h_align = HAlign::Center;
    style.v_align = VAlign::Middle;
    let text = "Asset ZC-2024-0001\n使用部门：行政部";
    let bx = TextBox::new(8, 8, dots(38.0) as i64, dots(16.0) as i64).unwrap();
    let mut page = Page::new(dots(40.0) as i64, dots(30.0) as i64).unwrap();
    let mut cache = GlyphCache::new();

    let cold = Instant::now();
    let l = layout_text(&fonts, &style, text, bx).unwrap();
    draw_layout_1bit(&mut page, &l, &fonts, &mut cache);
    let cold = cold.elapsed();
    assert_eq!(l.lines().len(), 2);

    let mut samples = Vec::new();
    for _ in 0..21 {
        let n = 200;
        let t = Instant::now();
        for _ in 0..n {
            let l = layout_text(&fonts, &style, text, bx).unwrap();
            draw_layout_1bit(&mut page, &l, &fonts, &mut cache);
        }
        samples.push(t.elapsed().as_secs_f64() * 1e6 / n as f64);
    }
    samples.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let layout_only = {
        let t = Instant::now();
        for _ in 0..1000 {
            let _ = layout_text(&fonts, &style, text, bx).unwrap();
        }
        t.elapsed().as_secs_f64() * 1e6 / 1000.0
    };
    println!(
        "two-line label at 203 dpi ({} glyphs): cold {:.1} us, warm median {:.2} us (layout alone {:.2} us){}",
        l.glyphs().len(),
        cold.as_secs_f64() * 1e6,
        samples[samples.len() / 2],
        layout_only,
        if cfg!(debug_assertions) { " [debug build]" } else { "" }
    );
}

#[test]
fn fonts_can_be_shared_between_threads() {
    fn send_sync<T: Send + Sync>() {}
    fn send<T: Send>() {}
    send_sync::<Font>();
    send_sync::<FontSet>();
    send_sync::<TextLayout>();
    send::<GlyphCache>();
}

/// Black dots of a page (padding bits are 0).
fn ink_of(p: &Page) -> u64 {
    p.data().iter().map(|b| b.count_ones() as u64).sum()
}

/// Dots black in one page and not the other (same sizes).
fn differing(a: &Page, b: &Page) -> u64 {
    a.data().iter().zip(b.data()).map(|(x, y)| (x ^ y).count_ones() as u64).sum()
}

/// 'A' laid out with its box at (`x`, `y`), unclipped.
fn big_a(fonts: &FontSet, size: f32, x: i64, y: i64) -> TextLayout {
    let mut style = TextStyle::new(size);
    style.clip = false;
    layout_text(fonts, &style, "A", TextBox::new(x, y, 8000, 8000).unwrap()).unwrap()
}

/// Issue 5: a glyph too big for the cache's masks is drawn, not skipped, and by the same
/// coverage rule: just over the limit it has the ink just under it has, scaled by the size
/// squared; and at one size the direct path puts the very dots the mask does.
#[test]
fn glyphs_just_over_the_cache_limit_look_like_those_just_under() {
    let font = match super::test_fonts::load("LiberationSans-Regular.ttf") {
        Some(f) => f,
        None => return,
    };
    let g = font.glyph_index('A').unwrap();
    let outline = glyf::outline(&font, g).unwrap();
    let over = |size: f32| {
        let tf = super::raster::Transform::glyph(font.units_per_em(), size, false);
        super::raster::is_oversize(&outline, &tf, &[(0.0, 0.0)])
    };
    // the largest whole-dot size the cache keeps (oversize grows with size)
    let (mut lo, mut hi) = (100u32, 4096u32);
    assert!(!over(lo as f32) && over(hi as f32));
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if over(mid as f32) {
            hi = mid
        } else {
            lo = mid
        }
    }
    let (s0, s1) = (lo as f32, hi as f32);
    let fonts = FontSet::new(vec![font.clone()]).unwrap();
    let mut cache = GlyphCache::new();
    let side = hi as i64 + 64;
    let mut under = Page::new(side, side).unwrap();
    draw_layout_1bit(&mut under, &big_a(&fonts, s0, 0, 0), &fonts, &mut cache);
    assert!(!cache.get(&font, g, s0, Default::default()).oversize);
    let mut above = Page::new(side, side).unwrap();
    draw_layout_1bit(&mut above, &big_a(&fonts, s1, 0, 0), &fonts, &mut cache);
    assert!(cache.get(&font, g, s1, Default::default()).oversize);
    let (n0, n1) = (ink_of(&under) as f64, ink_of(&above) as f64);
    let want = (s1 as f64 / s0 as f64).powi(2);
    println!("'A' cached at {} dots: {} black; drawn directly at {}: {} (ratio {:.4}, size ratio squared {:.4})", s0, n0, s1, n1, n1 / n0, want);
    assert!(n0 > 1e6, "a {}-dot A has ink", s0);
    assert!((n1 / n0 / want - 1.0).abs() < 0.02, "ink ratio {} vs {}", n1 / n0, want);

    // The same glyph at the same size through the direct path: the mask's dots.
    let l = big_a(&fonts, s0, 0, 0);
    let pen = (l.glyphs()[0].x.round() as i64, l.glyphs()[0].y.round() as i64);
    let mut direct = Page::new(side, side).unwrap();
    let clip = super::draw::Canvas::clip(&direct, None);
    cache.draw_oversize(&mut direct, &font, g, s0, Default::default(), pen, &clip);
    let diff = differing(&under, &direct);
    assert!(diff as f64 <= n0 * 1e-4, "{} of {} dots differ", diff, n0);
}

/// Issue 5: a 4096-dot glyph hanging off a small page, 1-bit and grey: no panic, the
/// page shows exactly its part of the glyph drawn whole on a big page, grey is dark where
/// the page is black, and a clip box keeps the ink in it.
#[test]
fn a_4096_dot_glyph_partly_off_the_page_draws_its_visible_part() {
    let fonts = match super::test_fonts::load("LiberationSans-Regular.ttf") {
        Some(f) => FontSet::new(vec![f]).unwrap(),
        None => return,
    };
    let mut cache = GlyphCache::new();
    let mut whole = Page::new(4400, 4400).unwrap();
    draw_layout_1bit(&mut whole, &big_a(&fonts, 4096.0, 0, 0), &fonts, &mut cache);
    let total = ink_of(&whole);
    assert!(total > 2_000_000, "{}", total);
    // The page's (0, 0) is the big page's (1500, 1900): the box moves by the opposite.
    let (ox, oy, w, h) = (1500i64, 1900i64, 900i64, 700i64);
    let l = big_a(&fonts, 4096.0, -ox, -oy);
    let mut page = Page::new(w, h).unwrap();
    draw_layout_1bit(&mut page, &l, &fonts, &mut cache);
    let mut want = Page::new(w, h).unwrap();
    for y in 0..h {
        for x in 0..w {
            if whole.get(x + ox, y + oy) {
                want.set(x, y);
            }
        }
    }
    let (got, expect) = (ink_of(&page), ink_of(&want));
    assert!(expect > 50_000, "the window shows part of the A: {}", expect);
    let diff = differing(&page, &want);
    assert!(diff <= expect / 10_000 + 2, "{} of {} dots differ", diff, expect);
    assert!(got > 0);
    let mut grey = vec![255u8; (w * h) as usize];
    draw_layout_gray(&mut GrayImage::new(&mut grey, w as u32, h as u32, w as usize).unwrap(), &l, &fonts, &mut cache);
    let mut partial = 0;
    for y in 0..h {
        for x in 0..w {
            let v = grey[(y * w + x) as usize];
            assert_eq!(v <= 127, page.get(x, y), "dot ({}, {}) grey {}", x, y, v);
            partial += (v > 0 && v < 255) as usize;
        }
    }
    assert!(partial > 100, "anti-aliased edges: {}", partial);
    // clipped to a box whose top-left corner is on the page: ink only in the box, where
    // unclipped the glyph inks outside it too
    let bx = TextBox::new(300, 200, 8000, 8000).unwrap();
    let outside = |p: &Page| (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).filter(|&(x, y)| p.get(x, y) && (x < 300 || y < 200)).count();
    for clip in [false, true] {
        let mut style = TextStyle::new(4096.0);
        style.clip = clip;
        let l = layout_text(&fonts, &style, "A", TextBox::new(300 - ox, 200 - oy, 8000 + ox - 300, 8000 + oy - 200).unwrap()).unwrap();
        let l = if clip { TextLayout { bounds: bx, ..l } } else { l };
        let mut page = Page::new(w, h).unwrap();
        draw_layout_1bit(&mut page, &l, &fonts, &mut cache);
        assert!(ink_of(&page) > 10_000);
        assert_eq!(outside(&page) == 0, clip, "clip {}: {} dots outside the box", clip, outside(&page));
    }
    // wholly off the page, and absurdly far: nothing, no panic
    for (x, y) in [(5000, 0), (-9000, -9000), (1 << 22, -(1 << 22))] {
        let mut page = Page::new(w, h).unwrap();
        draw_layout_1bit(&mut page, &big_a(&fonts, 4096.0, x, y), &fonts, &mut cache);
        assert_eq!(ink_of(&page), 0);
    }
    // synthetic bold and oblique at 4096 dots draw too
    let mut style = TextStyle::new(4096.0);
    style.bold = true;
    style.italic = true;
    style.clip = false;
    let l = layout_text(&fonts, &style, "A", TextBox::new(-ox, -oy, 8000, 8000).unwrap()).unwrap();
    let mut page = Page::new(w, h).unwrap();
    draw_layout_1bit(&mut page, &l, &fonts, &mut cache);
    assert!(ink_of(&page) > 50_000);
}

/// Issue 5: arc text turns each glyph, so it never used the cache, but its masks had the
/// same limit: a 3000-dot arc glyph must draw too.
#[test]
fn big_arc_text_draws() {
    let fonts = match super::test_fonts::load("LiberationSans-Regular.ttf") {
        Some(f) => FontSet::new(vec![f]).unwrap(),
        None => return,
    };
    let mut style = TextStyle::new(3000.0);
    style.clip = false;
    let mut page = Page::new(1200, 1200).unwrap();
    // a circle 8000 dots across, its top at the page's top: the middle glyph stands there
    draw_arc_text_1bit(&mut page, &fonts, &style, "HIH", TextBox::new(600 - 4000, 0, 8000, 8000).unwrap()).unwrap();
    assert!(ink_of(&page) > 100_000, "{}", ink_of(&page));
    let mut grey = vec![255u8; 1200 * 1200];
    draw_arc_text_gray(&mut GrayImage::new(&mut grey, 1200, 1200, 1200).unwrap(), &fonts, &style, "HIH", TextBox::new(600 - 4000, 0, 8000, 8000).unwrap()).unwrap();
    assert!(grey.iter().filter(|&&v| v < 128).count() > 100_000);
}

/// Issue 5's timing note: one 4000-dot glyph ('A', 'W', '国' when the CJK face is there)
/// at 203 dpi, drawn straight into a 4 x 6 inch label (812 x 1218 dots) and into a page
/// holding all of it. Prints µs; never fails on time (use `--release` for numbers).
#[test]
fn speed_of_one_4000_dot_glyph() {
    let mut faces = Vec::new();
    for name in ["LiberationSans-Regular.ttf", "DroidSansFallbackFull.ttf"] {
        if let Some(f) = super::test_fonts::load(name) {
            faces.push(f);
        }
    }
    let fonts = match FontSet::new(faces) {
        Some(f) => f,
        None => return,
    };
    let mut cache = GlyphCache::new();
    for ch in ["A", "W", "国"] {
        let mut style = TextStyle::new(4000.0);
        style.clip = false;
        let l = layout_text(&fonts, &style, ch, TextBox::new(0, 0, 8000, 8000).unwrap()).unwrap();
        let mut label = Page::new(812, 1218).unwrap();
        let mut full = Page::new(4200, 4200).unwrap();
        let time = |page: &mut Page, cache: &mut GlyphCache| {
            let n = 5;
            let t = Instant::now();
            for _ in 0..n {
                draw_layout_1bit(page, &l, &fonts, cache);
            }
            t.elapsed().as_secs_f64() * 1e6 / n as f64
        };
        let (a, b) = (time(&mut label, &mut cache), time(&mut full, &mut cache));
        println!(
            "4000-dot '{}' at 203 dpi: {:.0} us on a 4x6 in label, {:.0} us whole ({} dots black){}",
            ch,
            a,
            b,
            ink_of(&full),
            if cfg!(debug_assertions) { " [debug build]" } else { "" }
        );
    }
}

/// Issue 5: barcode captions (TrueTypeFace::draw_inked, face_ink.rs) use the glyph
/// cache's masks too; one too big for a mask is drawn straight in, clipped.
#[test]
fn an_oversize_caption_draws_clipped() {
    let fonts = match super::test_fonts::load("LiberationSans-Regular.ttf") {
        Some(f) => FontSet::new(vec![f]).unwrap(),
        None => return,
    };
    let face = TrueTypeFace::new(fonts);
    let mut page = Page::new(900, 700).unwrap();
    face.draw_inked(&mut page, "A", -1500, -1200, 4000, 96, (0, 0, 600, 700));
    let n = ink_of(&page);
    assert!(n > 20_000, "{}", n);
    assert!((0..700).all(|y| (600..900).all(|x| !page.get(x, y))), "ink only in the clip");
}
