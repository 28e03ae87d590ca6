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
