//! The built-in stroke font: printable ASCII (U+0020-U+007E), monospaced, OCR-B-like,
//! scalable to any size in dots. It draws barcodes' human-readable text until the TrueType
//! rasteriser arrives; both are a [`TextFace`].
//!
//! # Design
//!
//! Every glyph is a few strokes of a round pen on a grid 16 units wide (the advance) and
//! 28 units tall (the em): digits and capitals stand from y = 3 (cap top) to y = 23 (the
//! baseline), lower case from y = 11 (x-height), descenders reach y = 28, and strokes stay
//! within x = 2-14 so neighbours never touch. The pen is 0.09 em wide (at least 1.1 dots),
//! like OCR-B's stroke. At 5 pt and 203 dpi (the barcode default, 14 dots) capitals are
//! 10 dots tall with 1-dot strokes.
//!
//! # The glyph table
//!
//! One string per character, U+0020 first; tokens separated by spaces, numbers in base 36
//! (`0`-`9`, `a` = 10 ... `s` = 28), one digit each:
//!
//! * `xyxy...`: a polyline through the points (x, y); one point is a dot.
//! * `@` `cx cy rx ry a0 a1`: an elliptical arc around (cx, cy) with radii rx, ry, from
//!   angle a0 to a1 in steps of 15 degrees (0 = right, 6 = up, 12 = left, 18 = down,
//!   24 = right again; up to 35 = 525 degrees), counter-clockwise as seen when a1 > a0,
//!   clockwise when a1 < a0.
//!
//! # Rasterising
//!
//! A dot is black when its centre lies within the pen's radius of a stroke segment. Each
//! segment only visits the dots of its own bounding box, so the cost grows with the ink,
//! not with the text box. Each (character, size) is rasterised once per thread and kept
//! as black runs ([`BuiltinFont::draw_char`]).

use crate::text::{TextFace, TextMetrics};
use crate::Page;
use std::cell::RefCell;
use crate::truetype::FxHasher;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::rc::Rc;

/// The built-in font. Stateless; use [`BUILTIN_FONT`].
#[derive(Clone, Copy, Debug, Default)]
pub struct BuiltinFont;

/// The one instance.
pub const BUILTIN_FONT: BuiltinFont = BuiltinFont;

/// Grid units per em (the size) and per advance.
const EM_UNITS: f64 = 28.0;
const ADVANCE_UNITS: f64 = 16.0;
const CAP_TOP_UNITS: f64 = 3.0;
const BASELINE_UNITS: f64 = 23.0;
/// Pen width as a share of the em, and its least radius in dots.
const PEN_EM: f64 = 0.09;
const MIN_PEN_RADIUS: f64 = 0.55;

impl BuiltinFont {
    /// The x offset in dots of character `i` of a string set `size` dots tall.
    fn offset(i: usize, size: u32) -> i64 {
        (i as f64 * size as f64 * ADVANCE_UNITS / EM_UNITS).round() as i64
    }

    /// Draws one character with its em box's top-left corner at (x, y).
    ///
    /// Sizes up to [`CACHE_MAX_SIZE`] come from a per-thread cache of each glyph's black
    /// runs (the glyph's dots depend only on character and size, since positions are
    /// whole dots), so a label's barcode text costs a few span fills, not a stroke
    /// rasterisation, from the second page on.
    pub fn draw_char(&self, page: &mut Page, c: char, x: i64, y: i64, size: u32) {
        if size == 0 {
            return;
        }
        if size > CACHE_MAX_SIZE {
            draw_strokes(page, c, x as f64, y as f64, size);
            return;
        }
        let g = cached_glyph(c, size);
        // Wholly on the page (the usual case): the packed dots at once; else run by run,
        // each clipped.
        if let Some(p) = &g.page {
            if page.or_packed(p.data(), p.width(), x - g.pad, y - g.pad) {
                return;
            }
        }
        for &(dy, x0, x1) in g.runs.iter() {
            page.fill_rect(x + x0 as i64, y + dy as i64, (x1 - x0) as i64, 1);
        }
    }
}

/// Glyphs up to this size (dots) are cached, at most [`CACHE_MAX_GLYPHS`] of them (the
/// cache empties itself when full).
const CACHE_MAX_SIZE: u32 = 256;
const CACHE_MAX_GLYPHS: usize = 4096;

/// A rasterised glyph: its black runs, (row, first column, end column) from its em box's
/// top-left, and the scratch page they were read from (the same dots, its top-left `pad`
/// dots above and left of the em box's) for drawing the whole glyph at once.
struct CachedGlyph {
    runs: Vec<(i32, i32, i32)>,
    page: Option<Page>,
    pad: i64,
}

thread_local! {
    /// Keyed with FxHasher: std's SipHash cost about as much as drawing a small glyph.
    static GLYPH_CACHE: RefCell<HashMap<(u8, u32), Rc<CachedGlyph>, BuildHasherDefault<FxHasher>>> = RefCell::new(HashMap::default());
}

/// `c` at `size`, rasterised once into a scratch page around the em box.
fn cached_glyph(c: char, size: u32) -> Rc<CachedGlyph> {
    let index = glyph_index(c);
    if let Some(r) = GLYPH_CACHE.with(|m| m.borrow().get(&(index, size)).cloned()) {
        return r;
    }
    let radius = (PEN_EM * size as f64 / 2.0).max(MIN_PEN_RADIUS);
    let pad = radius.ceil() as i64 + 1;
    let w = (size as f64 * ADVANCE_UNITS / EM_UNITS).ceil() as i64 + 2 * pad;
    let h = size as i64 + 2 * pad;
    let mut runs = Vec::new();
    let scratch = Page::new(w, h).ok().map(|mut scratch| {
        draw_strokes(&mut scratch, c, pad as f64, pad as f64, size);
        for row in 0..h {
            let mut x = 0;
            while x < w {
                if !scratch.get(x, row) {
                    x += 1;
                    continue;
                }
                let start = x;
                while x < w && scratch.get(x, row) {
                    x += 1;
                }
                runs.push(((row - pad) as i32, (start - pad) as i32, (x - pad) as i32));
            }
        }
        scratch
    });
    let glyph = Rc::new(CachedGlyph { runs, page: scratch, pad });
    GLYPH_CACHE.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= CACHE_MAX_GLYPHS {
            m.clear();
        }
        m.insert((index, size), glyph.clone());
    });
    glyph
}

/// Strokes `c` with its em box's top-left corner at (`x`, `y`) dots.
fn draw_strokes(page: &mut Page, c: char, x: f64, y: f64, size: u32) {
    let glyph = glyph(c);
    let scale = size as f64 / EM_UNITS;
    let radius = (PEN_EM * size as f64 / 2.0).max(MIN_PEN_RADIUS);
    let mut stroke: Vec<(f64, f64)> = Vec::with_capacity(32);
    for token in glyph.split(' ').filter(|t| !t.is_empty()) {
        stroke.clear();
        let digits: Vec<f64> = token.bytes().filter(|&b| b != b'@').map(base36).collect();
        if token.starts_with('@') {
            if digits.len() != 6 {
                continue;
            }
            let (cx, cy, rx, ry) = (digits[0], digits[1], digits[2], digits[3]);
            let (a0, a1) = (digits[4] * 15.0, digits[5] * 15.0);
            let steps = (((a1 - a0).abs() / 12.0).ceil() as usize).max(2);
            for k in 0..=steps {
                let a = (a0 + (a1 - a0) * k as f64 / steps as f64).to_radians();
                stroke.push((cx + rx * a.cos(), cy - ry * a.sin()));
            }
        } else {
            for pair in digits.chunks(2) {
                if pair.len() == 2 {
                    stroke.push((pair[0], pair[1]));
                }
            }
        }
        let to_dots = |(u, v): (f64, f64)| (x + u * scale, y + v * scale);
        if stroke.len() == 1 {
            let p = to_dots(stroke[0]);
            ink_segment(page, p, p, radius);
        }
        for w in stroke.windows(2) {
            ink_segment(page, to_dots(w[0]), to_dots(w[1]), radius);
        }
    }
}

impl TextFace for BuiltinFont {
    fn advance(&self, text: &str, size: u32) -> i64 {
        BuiltinFont::offset(text.chars().count(), size)
    }

    fn metrics(&self, size: u32) -> TextMetrics {
        let at = |units: f64| (units * size as f64 / EM_UNITS).round() as i64;
        TextMetrics { cap_top: at(CAP_TOP_UNITS), baseline: at(BASELINE_UNITS), em: size as i64 }
    }

    fn draw(&self, page: &mut Page, text: &str, x: i64, y: i64, size: u32) {
        for (i, c) in text.chars().enumerate() {
            self.draw_char(page, c, x + BuiltinFont::offset(i, size), y, size);
        }
    }
}

/// Blackens every dot whose centre lies within `radius` of the segment `a`-`b` (dots).
fn ink_segment(page: &mut Page, a: (f64, f64), b: (f64, f64), radius: f64) {
    let r2 = radius * radius;
    let x0 = (a.0.min(b.0) - radius).floor() as i64;
    let x1 = (a.0.max(b.0) + radius).ceil() as i64;
    let y0 = (a.1.min(b.1) - radius).floor() as i64;
    let y1 = (a.1.max(b.1) + radius).ceil() as i64;
    // Clip the box first: text is small, but a huge size must not loop over the plane.
    let x0 = x0.max(0);
    let y0 = y0.max(0);
    let x1 = x1.min(page.width() as i64);
    let y1 = y1.min(page.height() as i64);
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    for py in y0..y1 {
        for px in x0..x1 {
            let (cx, cy) = (px as f64 + 0.5, py as f64 + 0.5);
            let t = if len2 == 0.0 { 0.0 } else { (((cx - a.0) * dx + (cy - a.1) * dy) / len2).clamp(0.0, 1.0) };
            let (ex, ey) = (a.0 + t * dx - cx, a.1 + t * dy - cy);
            if ex * ex + ey * ey <= r2 {
                page.set(px, py);
            }
        }
    }
}

fn base36(b: u8) -> f64 {
    match b {
        b'0'..=b'9' => (b - b'0') as f64,
        b'a'..=b'z' => (b - b'a' + 10) as f64,
        _ => 0.0,
    }
}

/// The strokes of `c`; `?` for characters outside printable ASCII.
fn glyph(c: char) -> &'static str {
    GLYPHS[glyph_index(c) as usize]
}

/// Index of `c` in [`GLYPHS`]; `?`'s for characters outside printable ASCII.
fn glyph_index(c: char) -> u8 {
    let code = c as u32;
    if (0x20..0x7f).contains(&code) {
        (code - 0x20) as u8
    } else {
        b'?' - 0x20
    }
}

/// U+0020 to U+007E; see the module documentation for the notation.
#[rustfmt::skip]
const GLYPHS: [&str; 95] = [
    "",                                   // space
    "838h 8m8n",                          // !
    "5358 b3b8",                          // "
    "654l c5al 2aea 2geg",                // #
    "@88652i @8i65ue 818p",               // $
    "@47330o @cj330o e32n",               // %
    "en49466393b6a93g3k6n9neg",           // &
    "8388",                               // '
    "@dd6c8g",                            // (
    "@3d6cks",                            // )
    "878h 49cf c94f",                     // *
    "888k 2eee",                          // +
    "9l6q",                               // ,
    "3ede",                               // -
    "8m8n",                               // .
    "d33n",                               // /
    "@8d6a0o",                            // 0
    "47838n",                             // 1
    "@8966ym dc2nen",                     // 2
    "@8855yi @8i65ue",                    // 3
    "bnb32heh",                           // 4
    "d3333c @8h66xe",                     // 5
    "@8h660o c386593d2h",                 // 6
    "23e36n",                             // 7
    "@88550o @8i650o",                    // 8
    "@89660o e9ddbh8k4n",                 // 9
    "8b8c 8m8n",                          // :
    "8b8c 9l6q",                          // ;
    "e62eem",                             // <
    "2aea 2iei",                          // =
    "26ee2m",                             // >
    "@8855yk ac8e8h 8m8n",                // ?
    "@8e340o bbbhdhee @8d6a0l",           // @
    "2n83en 4gcg",                        // A
    "2n2393 @9845ui 9d2d 2n9n @9i55ui",   // B
    "@8d6a3l",                            // C
    "232n7n 7323 @7d7aiu",                // D
    "e3232nen 2dbd",                      // E
    "e3232n 2dbd",                        // F
    "@8d6a3o 9dedel",                     // G
    "2n23 e3en 2ded",                     // H
    "838n 43c3 4ncn",                     // I
    "c3ch @7h56oc",                       // J
    "232n e32f 6ben",                     // K
    "232nen",                             // L
    "2n238fe3en",                         // M
    "2n23ene3",                           // N
    "@8d6a0o",                            // O
    "2n2393 @9855ui 9d2d",                // P
    "@8d6a0o 9hfp",                       // Q
    "2n2393 @9855ui 9d2d 8den",           // R
    "@88652i @8i65ue",                    // S
    "23e3 838n",                          // T
    "232h @8h66co ehe3",                  // U
    "238ne3",                             // V
    "134n89cnf3",                         // W
    "23en e32n",                          // X
    "238de3 8d8n",                        // Y
    "23e32nen",                           // Z
    "b1515pbp",                           // [
    "33dn",                               // backslash
    "51b1bp5p",                           // ]
    "3a83da",                             // ^
    "1rfr",                               // _
    "6397",                               // `
    "@8h660o eben",                       // a
    "232n @8h660o",                       // b
    "@8h663l",                            // c
    "@8h660o e3en",                       // d
    "2heh @8h660l",                       // e
    "d4b393757n 3bcb",                    // f
    "@8g650o ebeo @8o64od",               // g
    "232n @8h66c0 ehen",                  // h
    "8b8n 8587",                          // i
    "abao @6o44oc a5a7",                  // j
    "232n db2j 6gdn",                     // k
    "53838landn",                         // l
    "2b2n @5f34c0 8f8n @bf34c0 efen",     // m
    "2b2n @8h66c0 ehen",                  // n
    "@8h660o",                            // o
    "2b2s @8h660o",                       // p
    "ebes @8h660o",                       // q
    "2b2n @8h66c3",                       // r
    "@8e632i @8k63ue",                    // s
    "757l9ndn 3bcb",                      // t
    "2b2h @8h66co eben",                  // u
    "2b8neb",                             // v
    "1b4n8ecnfb",                         // w
    "2ben eb2n",                          // x
    "2b8n eb5s",                          // y
    "2beb2nen",                           // z
    "b1828b5d8f8obp",                     // {
    "818r",                               // |
    "51828bbd8f8o5p",                     // }
    "2e5bbhee",                           // ~
];

#[cfg(test)]
mod tests {
    #[test]
    fn whole_glyph_blits_equal_the_runs() {
        for size in [7u32, 12, 25] {
            for c in ['A', '8', 'g', '/'] {
                for x in -6i64..20 {
                    for y in [-3i64, 0, 4] {
                        let mut fast = Page::new(40, 36).unwrap();
                        BUILTIN_FONT.draw_char(&mut fast, c, x, y, size);
                        let mut slow = Page::new(40, 36).unwrap();
                        for &(dy, x0, x1) in cached_glyph(c, size).runs.iter() {
                            slow.fill_rect(x + x0 as i64, y + dy as i64, (x1 - x0) as i64, 1);
                        }
                        assert_eq!(fast, slow, "{:?} at {} dots, {},{}", c, size, x, y);
                    }
                }
            }
        }
    }

    use super::*;

    fn render(text: &str, size: u32) -> Page {
        let w = BUILTIN_FONT.advance(text, size).max(1);
        let mut page = Page::new(w, size as i64).unwrap();
        BUILTIN_FONT.draw(&mut page, text, 0, 0, size);
        page
    }

    fn ink_box(page: &Page) -> Option<(i64, i64, i64, i64)> {
        let mut b: Option<(i64, i64, i64, i64)> = None;
        for y in 0..page.height() as i64 {
            for x in 0..page.width() as i64 {
                if page.get(x, y) {
                    b = Some(match b {
                        None => (x, y, x, y),
                        Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
                    });
                }
            }
        }
        b
    }

    #[test]
    fn every_glyph_parses_and_stays_in_its_cell() {
        for code in 0x21u8..0x7f {
            let c = code as char;
            let g = GLYPHS[(code - 0x20) as usize];
            for token in g.split(' ') {
                let n = token.trim_start_matches('@').len();
                assert!(!token.is_empty(), "{:?}: empty token", c);
                assert!(token.bytes().all(|b| b == b'@' || b.is_ascii_digit() || b.is_ascii_lowercase()), "{:?}", c);
                if token.starts_with('@') {
                    assert_eq!(n, 6, "{:?}: arc {}", c, token);
                } else {
                    assert_eq!(n % 2, 0, "{:?}: odd polyline {}", c, token);
                }
            }
            // At 56 dots (2 dots a unit) the ink lies inside the glyph's own cell (with the
            // pen's radius) and is there at all.
            let page = render(&c.to_string(), 56);
            let (x0, y0, x1, y1) = ink_box(&page).unwrap_or_else(|| panic!("{:?} draws nothing", c));
            assert!(x0 >= 0 && x1 < 32 && y0 >= 0 && y1 < 56, "{:?} ink {:?}", c, (x0, y0, x1, y1));
        }
        assert!(ink_box(&render(" ", 28)).is_none());
    }

    #[test]
    fn digits_stand_between_cap_top_and_baseline() {
        let size = 14; // 5 pt at 203 dpi
        let m = BUILTIN_FONT.metrics(size);
        assert_eq!((m.cap_top, m.baseline, m.em), (2, 12, 14));
        let page = render("0123456789", size);
        let (_, y0, _, y1) = ink_box(&page).unwrap();
        assert!(y0 >= m.cap_top - 1 && y1 <= m.baseline, "ink rows {}..{}", y0, y1);
        assert_eq!(BUILTIN_FONT.advance("0123456789", size), 80);
    }

    #[test]
    fn glyphs_look_like_their_characters() {
        // 28 dots: one unit a dot. "1" is a vertical stem at x = 8 with a flag; "-" a bar.
        let one = render("1", 28);
        for y in 4..23 {
            assert!(one.get(8, y), "stem of 1 at row {}", y);
        }
        assert!(!one.get(3, 20) && !one.get(13, 20));
        let minus = render("-", 28);
        assert!((3..13).all(|x| minus.get(x, 14)));
        assert!(!minus.get(8, 5) && !minus.get(8, 22));
        // "O" is hollow, "8" is closed in the middle.
        let o = render("O", 28);
        assert!(!o.get(8, 13) && o.get(2, 13) && o.get(13, 13));
        let eight = render("8", 28);
        assert!(eight.get(8, 13) && !eight.get(8, 8) && !eight.get(8, 18));
    }

    #[test]
    fn unknown_characters_draw_as_question_marks_and_huge_sizes_clip() {
        assert_eq!(render("é", 28).data(), render("?", 28).data());
        let mut page = Page::new(10, 10).unwrap();
        BUILTIN_FONT.draw(&mut page, "W", -5000, -100, 20_000);
        BUILTIN_FONT.draw(&mut page, "W", 5, 5, 0);
    }
}
