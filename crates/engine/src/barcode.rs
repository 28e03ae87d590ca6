//! Barcode elements: placing an encoded symbol in its box ([`place`], also what the ABI's
//! `measure` reports) and painting it into a [`Target`] (1-bit or grey).
//!
//! BARCODE: the symbol is encoded ([`encode_cached`]), then *placed* ([`place`]), then
//! painted, inside the element's box in dots (frame.rs turns, mirrors and inverts it like
//! any element). Empty data draws nothing (spec section 5: "empty text draws nothing").
//!
//! # Human-readable text: the face
//!
//! The text is set in the control's font ([`Caption`]): the symbol spec's text font option
//! (family and style) looked up in the registered TrueType faces as a TEXT command's font
//! is (fonts.rs: an unknown name gets the default face; no option is the default face),
//! and the built-in stroke font only when no face is registered at all. `measure` (abi.rs)
//! places with the same face, so the text size it reports is the one drawn. On a grey
//! target the text is anti-aliased (truetype/draw.rs, as TEXT commands draw grey); on a
//! 1-bit page a dot is black from a third of it covered ([`CAPTION_INK_LEVEL`]), so thin
//! strokes of 10-dot digits survive. The stroke font draws 1-bit on either target. The
//! bars are whole dots on both.
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
//! * **Horizontal placement** (box alignment option, the control's horAlignment). Centred
//!   by default (`floor((box - drawn) / 2)` dots from its left edge), so spare dots split
//!   evenly and an overflow hangs over both sides equally; left: at the box's left edge,
//!   an overflow hanging over the right; right: the mirror. The text moves with the bars.
//!   Quiet zones are the document's business (margins around the box), except the EAN/UPC
//!   digits printed outside the bars, which are counted as part of the symbol's width (a
//!   left-aligned EAN-13's leading digit starts at the box's edge). The bars fill the
//!   box's height, so the vertical box alignment changes nothing for a linear symbol.
//! * **Human-readable text** (text options, symbol_spec.rs), in the caption's
//!   [`TextFace`] (above). Size: the option's em height through the rounding rule,
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
//! requested module width snapped to dots. The symbol with its quiet zone is placed in the
//! box by the box alignment (default centred both ways: `floor((box - drawn) / 2)`; left /
//! top puts the quiet zone's edge on the box's edge, right / bottom likewise), so the quiet
//! zone stays inside the box wherever the symbol goes.
//! PDF417 is a matrix of one module row per symbol row, each drawn `row height` modules
//! tall (option, default 3): its module height is row height x module width.

use crate::symbol_spec::{text_of, BoxAlign, SymbolSpec, TextAlign, TextPosition};
use crate::fonts::FontRegistry;
use crate::target::Target;
use crate::units::{um_to_dots, DotBox};
use crate::EngineError;
use std::cell::RefCell;
use std::rc::Rc;
use assetmark_raster::truetype::TrueTypeFace;
use assetmark_raster::{Page, TextFace, BUILTIN_FONT};
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
            place_matrix(m, &b, request, spec.draw.quiet_zone as i64, row_height, spec.draw.box_align)
        }
        Symbol::Linear(s) => place_linear(s, encoded, spec, &b, request, dpi, face),
    }
}

/// `row_height`: module rows per matrix row (PDF417's row height; 1 for the square-module
/// symbologies). The symbol with its quiet zone is aligned in the box, so a symbol pushed
/// to an edge keeps its quiet zone inside the box.
fn place_matrix(m: &BitMatrix, b: &DotBox, request: Option<i64>, quiet: i64, row_height: i64, align: BoxAlign) -> Placement {
    let (w, h) = (m.width() as i64, m.height() as i64 * row_height);
    let module = match request {
        Some(dots) => dots,
        None => ((b.width() / (w + 2 * quiet)).min(b.height() / (h + 2 * quiet))).max(1),
    };
    let (width, height) = (w * module, h * module);
    let margin = quiet * module;
    // Centred, this is floor((box - drawn) / 2): the quiet zone adds the same to both sides.
    let x = b.x0 + align.horizontal.offset(b.width() - width - 2 * margin) + margin;
    let y = b.y0 + align.vertical.offset(b.height() - height - 2 * margin) + margin;
    Placement {
        modules_wide: w as u32,
        modules_high: h as u32,
        module_dots: module as u32,
        wide_dots: 0,
        row_dots: (module * row_height) as u32,
        x,
        y,
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
    // Bars fill the box's height (less the text band), so only the horizontal alignment
    // moves a linear symbol.
    let left = b.x0 + draw.box_align.horizontal.offset(b.width() - extent);
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
    let clamp = |tx: i64| if text_w <= b.width() { tx.max(b.x0).min(b.x1 - text_w) } else { tx };
    let count = line.chars().count();
    match draw.text_align {
        TextAlign::Justify if count >= 2 && text_w < span => {
            let last = line.chars().last().map_or_else(String::new, String::from);
            let cw = face.advance(&last, size as u32);
            let spread = span - cw;
            let n = count as i64 - 1;
            for (i, c) in line.chars().enumerate() {
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
            // The line is not needed any more: moved, not copied.
            placement.texts.push((line, clamp(tx), text_y, size as u32));
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
    // At most one run per module (measured: growing the vector a push at a time was about
    // 2 % of the reference label's engine time).
    let mut runs = Vec::with_capacity(modules.len() + 1);
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

/*---- The caption's face ----*/

/// The face the human-readable text is set in: the control's TrueType face, or the
/// built-in stroke font when no face is registered. [`place`] and `measure` take
/// [`Caption::face`], [`paint`] the caption itself, so what is measured is what is drawn.
#[derive(Clone, Copy)]
pub enum Caption<'a> {
    Stroke,
    TrueType(&'a TrueTypeFace),
}

impl<'a> Caption<'a> {
    /// `face` when one is registered, else the stroke font.
    pub fn of(face: Option<&'a TrueTypeFace>) -> Caption<'a> {
        face.map_or(Caption::Stroke, Caption::TrueType)
    }

    pub fn face(&self) -> &'a dyn TextFace {
        match *self {
            Caption::Stroke => &BUILTIN_FONT,
            Caption::TrueType(f) => f,
        }
    }
}

/// The caption face for `spec` from the registry: the text font option's family and style
/// (an unknown name gets the default face, as a TEXT command's does); `None` for a matrix
/// symbol, which has no text, or when no face is registered.
pub fn caption_face(fonts: &FontRegistry, spec: &SymbolSpec<'_>) -> Option<Rc<TrueTypeFace>> {
    if spec.symbology.is_matrix() || spec.draw.text_position == TextPosition::None {
        return None;
    }
    let f = spec.draw.text_font;
    fonts.caption_face_for(f.name, f.bold, f.italic)
}

/*---- Painting ----*/

/// Paints a placed symbol into `t` (the placement is in `t`'s dots).
pub fn paint(t: &mut Target, encoded: &Encoded, p: &Placement, caption: Caption<'_>) {
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
                draw_text(t, caption, text, *x, *y, *size);
            }
        }
    }
}

/// Draws `text` with the caption's face, its em box's top-left corner at (`x`, `y`). A
/// TrueType face: into a 1-bit target by [`draw_caption_1bit`], into a grey target
/// anti-aliased (the TEXT command's grey path, truetype/draw.rs). The stroke font draws
/// only 1-bit: straight into a 1-bit target; for grey, into a scratch page over the
/// visible part of its em box (one em of slack each side for overhangs) whose ink is
/// copied over.
fn draw_text(t: &mut Target, caption: Caption<'_>, text: &str, x: i64, y: i64, size: u32) {
    let face = caption.face();
    let g = match (t, caption) {
        (Target::Bits(page), Caption::TrueType(tt)) => return draw_caption_1bit(page, tt, text, x, y, size),
        (Target::Bits(page), _) => return face.draw(page, text, x, y, size),
        (Target::Grey(g), Caption::TrueType(tt)) => return tt.draw_gray(&mut g.gray_image(), text, x, y, size),
        (Target::Grey(g), Caption::Stroke) => g,
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

/// Coverage from which a caption's dot is black on a 1-bit page, as a grey level (0 ink,
/// 255 paper): a third of the dot covered.
pub const CAPTION_INK_LEVEL: u8 = 170;

/// A TrueType caption on a 1-bit page: every dot that drawing it grey (anti-aliased, as on
/// a grey target) would leave at [`CAPTION_INK_LEVEL`] or darker is black. At caption sizes
/// (10-20 dots at 203 dpi) the rasteriser's 50 % rule drops a horizontal stroke thinner
/// than a dot that straddles two rows, e.g. the top of a 6 at 10 dots; a third keeps it.
/// The face inks it without a grey image, from glyph masks cached at that level
/// (truetype/face_ink.rs: the same dots). Measured on the reference label at 203 dpi
/// (bench/render-fixture.ts, engine only, medians on an idle machine): 43 -> 32 µs with
/// this, the Latin-1 cmap table (font.rs) and the kept layout (face.rs), the grey image
/// and its per-dot threshold having been about a fifth of the label's time.
///
/// The ink stays inside the em box with half an em of slack on every side (accents above
/// capitals, descenders, overhangs), the area the caption has always been drawn in.
fn draw_caption_1bit(page: &mut Page, face: &TrueTypeFace, text: &str, x: i64, y: i64, size: u32) {
    let slack = (size as i64 + 1) / 2;
    let x1 = x + face.advance(text, size) + slack;
    face.draw_inked(page, text, x, y, size, CAPTION_INK_LEVEL, (x - slack, y - slack, x1, y + size as i64 + slack));
}

#[cfg(test)]
#[path = "barcode_tests.rs"]
mod tests;
