//! Barcode elements: placing an encoded symbol in its box ([`place`], also what the ABI's
//! `measure` reports) and painting it into a [`Target`] (1-bit or grey).
//!
//! BARCODE: the symbol is encoded ([`encode_cached`]), then *placed* ([`place`]), then
//! painted, inside the element's box in dots (frame.rs turns, mirrors and inverts it like
//! any element). Empty data draws nothing (spec section 5: "empty text draws nothing").
//! Human-readable text uses the built-in stroke font; on a grey target it is drawn 1-bit
//! (crisp, like the bars).
//!
//! # Linear symbols
//!
//! * **Module width.** Modules snap to whole dots (module_fit.rs). Module width 0
//!   (automatic): the widest whole-dot module at which the symbol fits the box's width, at
//!   least 1 dot; module width > 0: `um_to_dots(module width)`, at least 1, fitting or not.
//! * **Wide/narrow symbologies** (Code 39, Codabar, Interleaved 2 of 5, ITF-14) are drawn
//!   at the spec's wide ratio (default 2.5:1; 3:1 when the narrow element is 1 dot, since
//!   a wide element is `round(narrow * ratio)` dots), not at the 2:1 / 3:1 of their module
//!   form: the narrow element is the widest whole-dot width that fits.
//! * **Horizontal placement.** Centred in the box (`floor((box - drawn) / 2)` dots from its
//!   left edge), so spare dots split evenly and an overflow hangs over both sides equally.
//!   Quiet zones are the document's business (margins around the box), except the EAN/UPC
//!   digits printed outside the bars, which are counted as part of the symbol's width.
//! * **Human-readable text** (text options, symbol_spec.rs), with the [`TextFace`] (today
//!   the built-in stroke font). Size: the option's em height through the rounding rule,
//!   reduced so the text takes at most half the box's height and fits its width; under
//!   [`MIN_TEXT_DOTS`] no text is drawn. The gap between bars and text is `max(1,
//!   round(size / 10))` dots.
//!   - none: bars fill the box's height;
//!   - below (default) / above: a band of the text's size below / above the bars, which
//!     never overlap the text;
//!   - mask: bars fill the height and the text sits at the bottom on a white band cut into
//!     the bars between the start and the stop pattern, which stay whole (as EAN's guards
//!     do). A scan line through the text then crosses no partial symbol: with a white box
//!     only behind the text, the glyph strokes between cut bars could read as another
//!     symbol (zbar read `*O*` out of a masked `*R*`), so the band spans the data part;
//!     decoders read the uncut rows above it;
//!   - alignment left / centre / right / justify is relative to the bars, the text kept
//!     inside the box;
//!   - EAN-13, EAN-8, UPC-A, UPC-E and ISBN with text below use the conventional layout
//!     (human_readable.rs `EanLayout`): guard bars descend to the middle of the digits,
//!     digit groups are centred between them and the outside digits (UPC's smaller) sit
//!     left and right of the bars. Above and mask print all digits as one line.
//!
//! # Matrix symbols (QR, Data Matrix, Grid Matrix)
//!
//! The largest whole-dot module at which the symbol plus its quiet zone (option, 0-16
//! modules, default 2, Grid Matrix 6) fits both the box's width and height (at least 1 dot), or the
//! requested module width snapped to dots; the symbol is centred in the box both ways.
//! PDF417 is a matrix of one module row per symbol row, each drawn `row height` modules
//! tall (option, default 3): its module height is row height x module width.

use crate::symbol_spec::{text_of, SymbolSpec, TextAlign, TextPosition};
use crate::target::Target;
use crate::units::{um_to_dots, DotBox};
use crate::EngineError;
use std::cell::RefCell;
use std::rc::Rc;
use assetmark_raster::{Page, TextFace};
use assetmark_symbology::human_readable::{EanLayout, HumanReadable};
use assetmark_symbology::module_fit::{wide_narrow_at, wide_narrow_fit_dots};
use assetmark_symbology::{BitMatrix, Encoded, LinearSymbol, Symbol, Symbology};

/// Text smaller than this many dots is not drawn: the strokes would merge.
pub const MIN_TEXT_DOTS: i64 = 5;

/*---- Placement: where everything goes (shared with `measure`) ----*/

/// Where a symbol and its text go in the page, in dots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Symbol width and height in modules (no quiet zone; 1 high for linear).
    pub modules_wide: u32,
    pub modules_high: u32,
    /// Dots per module; for wide/narrow symbologies the narrow element.
    pub module_dots: u32,
    /// Wide element in dots for wide/narrow symbologies, else 0.
    pub wide_dots: u32,
    /// Matrix symbols: dots per module row (PDF417: row height x module; others = module_dots).
    pub row_dots: u32,
    /// Top-left dot of the bars or matrix (page coordinates).
    pub x: i64,
    pub y: i64,
    /// Drawn size of the bars (their normal height) or matrix, without quiet zones and
    /// outside digits.
    pub width: i64,
    pub height: i64,
    /// The symbol's full horizontal extent: the bars plus the EAN/UPC digits printed
    /// outside them (for a matrix, the matrix). Left edge and width in dots.
    pub extent_x: i64,
    pub extent_width: i64,
    /// Whether the symbol, with its quiet zone (matrix) or outside digits (EAN/UPC), fits
    /// the box at this module width.
    pub fits: bool,
    /// Linear: bar and space widths in dots, bar first.
    pub runs: Vec<u32>,
    /// Linear EAN/UPC layout: guard spans in dots from `x`, and how far down they reach.
    pub guards: Vec<(i64, i64)>,
    pub guard_bottom: i64,
    /// Text to draw: (text, x, y of the em box's top, size in dots).
    pub texts: Vec<(String, i64, i64, u32)>,
    /// A box to whiten before the text is drawn (mask mode): x, y, w, h.
    pub clear: Option<(i64, i64, i64, i64)>,
    /// The text size in dots (0 = no text).
    pub text_dots: u32,
}

/// Places `encoded` (from `spec`) in the box `area` at `dpi`.
pub fn place(encoded: &Encoded, spec: &SymbolSpec<'_>, b: &DotBox, module_um: u32, dpi: u32, face: &dyn TextFace) -> Placement {
    // A module wider than the largest page is pointless; the clamp keeps run widths in u32.
    let request = if module_um == 0 { None } else { Some(um_to_dots(module_um as i64, dpi).clamp(1, Page::MAX_SIDE)) };
    match &encoded.symbol {
        Symbol::Matrix(m) => {
            let row_height = if spec.symbology == Symbology::Pdf417 { spec.encode.row_height() as i64 } else { 1 };
            place_matrix(m, &b, request, spec.draw.quiet_zone as i64, row_height)
        }
        Symbol::Linear(s) => place_linear(s, encoded, spec, &b, request, dpi, face),
    }
}

/// `row_height`: module rows per matrix row (PDF417's row height; 1 for the square-module
/// symbologies).
fn place_matrix(m: &BitMatrix, b: &DotBox, request: Option<i64>, quiet: i64, row_height: i64) -> Placement {
    let (w, h) = (m.width() as i64, m.height() as i64 * row_height);
    let module = match request {
        Some(dots) => dots,
        None => ((b.width() / (w + 2 * quiet)).min(b.height() / (h + 2 * quiet))).max(1),
    };
    let (width, height) = (w * module, h * module);
    let x = b.x0 + (b.width() - width).div_euclid(2);
    Placement {
        modules_wide: w as u32,
        modules_high: h as u32,
        module_dots: module as u32,
        wide_dots: 0,
        row_dots: (module * row_height) as u32,
        x,
        y: b.y0 + (b.height() - height).div_euclid(2),
        width,
        height,
        extent_x: x,
        extent_width: width,
        fits: (w + 2 * quiet) * module <= b.width() && (h + 2 * quiet) * module <= b.height(),
        runs: Vec::new(),
        guards: Vec::new(),
        guard_bottom: 0,
        texts: Vec::new(),
        clear: None,
        text_dots: 0,
    }
}

fn place_linear(
    s: &LinearSymbol,
    encoded: &Encoded,
    spec: &SymbolSpec<'_>,
    b: &DotBox,
    request: Option<i64>,
    dpi: u32,
    face: &dyn TextFace,
) -> Placement {
    let draw = spec.draw;
    let position = draw.text_position;
    let ean = match (&encoded.human_readable, position) {
        (Some(HumanReadable::Ean(layout)), TextPosition::Below) => Some(layout),
        _ => None,
    };
    let line = if position == TextPosition::None || ean.is_some() { String::new() } else { text_of(encoded) };
    let has_text = position != TextPosition::None && (ean.is_some() || !line.trim().is_empty());

    // Modules outside the bars that the EAN/UPC digits need.
    let (left_ext, right_ext) = match ean {
        Some(layout) => ean_extents(layout, s.width()),
        None => (0, 0),
    };

    // Element widths in dots.
    let modules = s.width() as i64;
    let wide_fit = encoded.wide_modules.and_then(|wm| {
        let ratio = draw.wide_ratio as u32;
        let box_dots = b.width().max(0) as u64;
        match request {
            Some(n) => wide_narrow_at(s, wm, n.min(u32::MAX as i64) as u32, box_dots, dpi, ratio),
            None => wide_narrow_fit_dots(s, wm, box_dots, dpi, ratio),
        }
        .and_then(|f| f.element_dots(s, wm).map(|runs| (f, runs)))
    });
    let (module, wide, runs, bars_width) = match wide_fit {
        Some((f, runs)) => (f.narrow_dots as i64, f.wide_dots as i64, runs, f.drawn_dots as i64),
        None => {
            let total = modules + left_ext + right_ext;
            let module = match request {
                Some(dots) => dots,
                None if total > 0 => (b.width() / total).max(1),
                None => 1,
            };
            let runs = module_runs(s.modules(), module);
            (module, 0, runs, modules * module)
        }
    };
    let extent = bars_width + (left_ext + right_ext) * module;
    let left = b.x0 + (b.width() - extent).div_euclid(2);
    let x = left + left_ext * module;

    // Text size: requested, at most half the height with its gap, and fitting the width.
    let mut size = if has_text { um_to_dots(draw.text_size_um as i64, dpi) } else { 0 };
    let gap_of = |size: i64| ((size + 5) / 10).max(1);
    if size > 0 {
        size = shrink(size, |s| s + gap_of(s) <= b.height() / 2);
        match ean {
            Some(layout) => {
                for run in &layout.text {
                    let span = (run.end_module - run.start_module) as i64 * module - module.max(1);
                    size = shrink(size, |s| face.advance(&run.text, run_size(s, run.small) as u32) <= span);
                }
            }
            None => {
                let room = b.width().max(bars_width);
                size = shrink(size, |s| face.advance(&line, s as u32) <= room);
            }
        }
        if size < MIN_TEXT_DOTS {
            size = 0;
        }
    }
    let gap = if size > 0 { gap_of(size) } else { 0 };
    let band = if size > 0 { size + gap } else { 0 };

    // Vertical layout.
    let (bars_y, bars_h) = match position {
        TextPosition::Above => (b.y0 + band, b.height() - band),
        TextPosition::Below => (b.y0, b.height() - band),
        TextPosition::None | TextPosition::Mask => (b.y0, b.height()),
    };
    let mut placement = Placement {
        modules_wide: modules as u32,
        modules_high: 1,
        module_dots: module as u32,
        wide_dots: wide as u32,
        row_dots: 0,
        x,
        y: bars_y,
        width: bars_width,
        height: bars_h.max(0),
        extent_x: left,
        extent_width: extent,
        fits: extent <= b.width(),
        runs,
        guards: Vec::new(),
        guard_bottom: bars_y + bars_h.max(0),
        texts: Vec::new(),
        clear: None,
        text_dots: size as u32,
    };
    if size == 0 {
        return placement;
    }
    let text_y = match position {
        TextPosition::Above => b.y0,
        _ => b.y1 - size,
    };

    if let Some(layout) = ean {
        let metrics = face.metrics(size as u32);
        placement.guard_bottom = text_y + (metrics.cap_top + metrics.baseline) / 2;
        placement.guards = layout.guards.iter().map(|&(start, len)| (start as i64 * module, (start + len) as i64 * module)).collect();
        for run in &layout.text {
            let run_size = run_size(size, run.small);
            let span0 = x + run.start_module as i64 * module;
            let span1 = x + run.end_module as i64 * module;
            let w = face.advance(&run.text, run_size as u32);
            // Small digits share the baseline with the others.
            let dy = metrics.baseline - face.metrics(run_size as u32).baseline;
            placement.texts.push((run.text.clone(), span0 + (span1 - span0 - w).div_euclid(2), text_y + dy, run_size as u32));
        }
        return placement;
    }

    // Mask: the text lives in a white band between the start and stop patterns.
    let (bx0, bx1) = if position == TextPosition::Mask {
        let (first, last) = spec.symbology.end_elements();
        let runs = &placement.runs;
        let keep_left: i64 = runs.iter().take(first).map(|&w| w as i64).sum();
        let keep_right: i64 = runs.iter().rev().take(last).map(|&w| w as i64).sum();
        let (x0, x1) = (x + keep_left, x + bars_width - keep_right);
        let room = x1 - x0 - 2 * gap;
        size = shrink(size, |s| face.advance(&line, s as u32) <= room);
        if size < MIN_TEXT_DOTS || x1 <= x0 {
            placement.text_dots = 0;
            return placement;
        }
        placement.text_dots = size as u32;
        placement.clear = Some((x0, b.y1 - size - gap, x1 - x0, size + gap));
        (x0 + gap, x1 - gap)
    } else {
        (x, x + bars_width)
    };
    let text_y = if position == TextPosition::Mask { b.y1 - size } else { text_y };
    let text_w = face.advance(&line, size as u32);
    let span = bx1 - bx0;
    let chars: Vec<char> = line.chars().collect();
    let clamp = |tx: i64| if text_w <= b.width() { tx.max(b.x0).min(b.x1 - text_w) } else { tx };
    match draw.text_align {
        TextAlign::Justify if chars.len() >= 2 && text_w < span => {
            let cw = face.advance(&chars[chars.len() - 1].to_string(), size as u32);
            let spread = span - cw;
            let n = chars.len() as i64 - 1;
            for (i, c) in chars.iter().enumerate() {
                let tx = bx0 + (spread * i as i64 + n / 2) / n;
                placement.texts.push((c.to_string(), tx, text_y, size as u32));
            }
        }
        align => {
            let tx = match align {
                TextAlign::Left => bx0,
                TextAlign::Right => bx1 - text_w,
                _ => bx0 + (span - text_w).div_euclid(2),
            };
            placement.texts.push((line.clone(), clamp(tx), text_y, size as u32));
        }
    }
    placement
}

/// The largest size up to `size` for which `fits` holds (sizes shrink monotonically in
/// what they need), or 0: halving first, so a huge request costs a few steps, then one dot
/// at a time from the last size that did not fit.
fn shrink(size: i64, fits: impl Fn(i64) -> bool) -> i64 {
    if size <= 0 || fits(size) {
        return size.max(0);
    }
    let mut hi = size; // does not fit
    let mut lo = size / 2;
    while lo > 0 && !fits(lo) {
        hi = lo;
        lo /= 2;
    }
    if lo == 0 {
        return 0;
    }
    // lo fits, hi does not: bisect.
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The size of a text run: UPC's outside digits are 4/5 of the others.
fn run_size(size: i64, small: bool) -> i64 {
    if small {
        (size * 4 + 2) / 5
    } else {
        size
    }
}

/// Modules left of 0 and right of `width` that an EAN layout's text needs.
fn ean_extents(layout: &EanLayout, width: usize) -> (i64, i64) {
    let min_start = layout.text.iter().map(|r| r.start_module).min().unwrap_or(0);
    let max_end = layout.text.iter().map(|r| r.end_module).max().unwrap_or(0);
    ((-min_start).max(0) as i64, (max_end - width as i32).max(0) as i64)
}

/// Run widths in dots of `modules` at `module` dots each, bar first (a symbol starting with
/// a space gets a 0-width first bar).
fn module_runs(modules: &[bool], module: i64) -> Vec<u32> {
    let mut runs = Vec::new();
    let mut current = true;
    let mut len = 0u32;
    for &m in modules {
        if m == current {
            len += 1;
        } else {
            runs.push(len * module as u32);
            current = m;
            len = 1;
        }
    }
    runs.push(len * module as u32);
    runs
}

/*---- Encoding, with a small cache ----*/

/// Symbols kept by [`encode_cached`], and the longest spec cached (bytes).
const ENCODE_CACHE_ENTRIES: usize = 16;
const ENCODE_CACHE_MAX_SPEC: usize = 4096;

thread_local! {
    /// Recently encoded symbols by their spec bytes, most recent last.
    static ENCODED: RefCell<Vec<(Vec<u8>, Rc<Encoded>)>> = RefCell::new(Vec::new());
}

/// `spec` encoded (with its human-readable text), from a per-thread cache of the last
/// [`ENCODE_CACHE_ENTRIES`] symbols keyed by their exact spec bytes: the editor re-renders
/// a page on every change with the same barcodes, and a QR or PDF417 encode costs more
/// than drawing the rest of a label. Encoding is a pure function of the spec bytes, so a
/// hit is exactly what encoding would give; errors are not cached.
pub fn encode_cached(spec_bytes: &[u8], spec: &SymbolSpec<'_>) -> Result<Rc<Encoded>, EngineError> {
    if spec_bytes.len() > ENCODE_CACHE_MAX_SPEC {
        return Ok(Rc::new(spec.encode_with_text()?));
    }
    if let Some(hit) = ENCODED.with(|c| c.borrow().iter().rev().find(|(k, _)| k.as_slice() == spec_bytes).map(|(_, e)| e.clone())) {
        return Ok(hit);
    }
    let encoded = Rc::new(spec.encode_with_text()?);
    ENCODED.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= ENCODE_CACHE_ENTRIES {
            c.remove(0);
        }
        c.push((spec_bytes.to_vec(), encoded.clone()));
    });
    Ok(encoded)
}

/*---- Painting ----*/

/// Paints a placed symbol into `t` (the placement is in `t`'s dots).
pub fn paint(t: &mut Target, encoded: &Encoded, p: &Placement, face: &dyn TextFace) {
    match &encoded.symbol {
        Symbol::Matrix(m) => {
            t.matrix(m.modules(), m.width(), p.x, p.y, p.module_dots as i64, p.row_dots as i64);
        }
        Symbol::Linear(_) => {
            t.runs(&p.runs, p.x, p.y, p.height);
            // EAN/UPC guard bars descend into the text line.
            let bottom = p.y + p.height;
            if p.guard_bottom > bottom {
                let mut left = p.x;
                for (i, &w) in p.runs.iter().enumerate() {
                    let (x0, x1) = (left - p.x, left - p.x + w as i64);
                    if i % 2 == 0 && p.guards.iter().any(|&(g0, g1)| x0 >= g0 && x1 <= g1) {
                        t.fill(left, bottom, left + w as i64, p.guard_bottom);
                    }
                    left += w as i64;
                }
            }
            if let Some((x, y, w, h)) = p.clear {
                t.clear(x, y, x + w, y + h);
            }
            for (text, x, y, size) in &p.texts {
                draw_text(t, face, text, *x, *y, *size);
            }
        }
    }
}

/// Draws `text` with `face` (which draws only into 1-bit pages): straight into a 1-bit
/// target; for grey, into a scratch page over the visible part of its em box (one em of
/// slack each side for overhangs), whose ink is then copied over.
fn draw_text(t: &mut Target, face: &dyn TextFace, text: &str, x: i64, y: i64, size: u32) {
    let g = match t {
        Target::Bits(page) => return face.draw(page, text, x, y, size),
        Target::Grey(g) => g,
    };
    let em = size as i64;
    let x0 = (x - em).max(0);
    let y0 = (y - em).max(0);
    let x1 = (x + face.advance(text, size) + em).min(g.width() as i64);
    let y1 = (y + 2 * em).min(g.height() as i64);
    let mut scratch = match Page::new(x1 - x0, y1 - y0) {
        Ok(p) => p,
        Err(_) => return, // nothing visible
    };
    face.draw(&mut scratch, text, x - x0, y - y0, size);
    for sy in 0..scratch.height() as i64 {
        for sx in 0..scratch.width() as i64 {
            if scratch.get(sx, sy) {
                g.set_rect(x0 + sx, y0 + sy, 1, 1, 0);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display_list::build::*;
    use crate::render::render_bits as render_bytes;
    use crate::display_list::UmBox;
    use assetmark_raster::BUILTIN_FONT;
    use crate::symbol_spec::build::spec;
    use crate::symbol_spec::*;
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
}
