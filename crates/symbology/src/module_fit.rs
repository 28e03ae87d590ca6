//! Module widths that snap to whole printer dots.
//!
//! A thermal printer at 203 dpi has dots 0.125 mm wide; a bar cannot be 1.5 dots. If the
//! modules of a symbol were scaled to the element's width in millimetres and rounded one
//! by one, bars would come out 1 or 2 dots at random and the symbol would not scan. So
//! every module is the same whole number of dots, and the symbol is drawn a little
//! narrower than its element (centred in it by the renderer).
//!
//! * [`fit_to_width`]: the widest whole-dot module that fits the element (at least 1 dot,
//!   even when that overflows: the renderer decides what to do with an overflow, and the
//!   editor can warn).
//! * [`snap_module`]: a requested module width (X dimension) rounded to whole dots.
//! * [`fit_to_dots`], [`wide_narrow_fit_dots`], [`wide_narrow_at`]: the same for a box
//!   already in dots, as the renderer has it.
//! * [`wide_narrow_fit`]: for Code 39, Codabar and Interleaved 2 of 5, whose elements are
//!   narrow or wide rather than 1-4 modules, the same fit at a chosen wide:narrow ratio.
//!   The encoded [`LinearSymbol`] uses zint's ratio (2:1 for Code 39 and Codabar, 3:1 for
//!   ITF: each file's `WIDE_MODULES`), so the matrix form matches `zint --dump`; at render
//!   time the standards allow 2:1 to 3:1, and 2.5:1 or 3:1 scan more reliably on
//!   printers that grow bars. Ratios are in tenths (20-30); the wide element is
//!   `round(narrow * ratio / 10)` dots, halves up, so at a 1-dot narrow element 2.5:1
//!   draws 3:1.
//!
//! Millimetres to dots follow the engine's one rounding rule (`crates/engine/src/units.rs`):
//! `dots = round(um * dpi / 25 400)`, halves up. Lengths are whole micrometres (µm),
//! as in the display list.

use crate::LinearSymbol;

/// Micrometres per inch.
pub const UM_PER_INCH: u64 = 25_400;

/// `round(um * dpi / 25 400)`, halves up: the engine's rule. A `dpi` of 0 is read as 1.
pub fn um_to_dots(um: u32, dpi: u32) -> u64 {
    let dpi = dpi.max(1) as u64;
    (2 * um as u64 * dpi + UM_PER_INCH) / (2 * UM_PER_INCH)
}

/// The length of `dots` dots in µm, to the nearest µm.
pub fn dots_to_um(dots: u64, dpi: u32) -> u64 {
    let dpi = dpi.max(1) as u64;
    (2 * dots * UM_PER_INCH + dpi) / (2 * dpi)
}

/// A symbol's module width in whole dots and what it draws to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModuleFit {
    /// Dots per module, at least 1.
    pub module_dots: u32,
    /// The symbol's drawn width in dots (modules * module_dots), without quiet zones.
    pub drawn_dots: u64,
    /// The same in µm.
    pub drawn_um: u64,
    /// Whether the drawn width is within the element's width. False only when even
    /// 1-dot modules are too wide (or, for [`snap_module`], the request was).
    pub fits: bool,
}

impl ModuleFit {
    /// The drawn width in millimetres.
    pub fn drawn_mm(&self) -> f64 {
        self.drawn_um as f64 / 1000.0
    }

    fn new(modules: u64, module_dots: u32, box_dots: u64, dpi: u32) -> ModuleFit {
        let drawn_dots = modules * module_dots as u64;
        ModuleFit { module_dots, drawn_dots, drawn_um: dots_to_um(drawn_dots, dpi), fits: drawn_dots <= box_dots }
    }
}

/// The widest whole-dot module at which `modules` modules fit in `width_um` at `dpi`
/// (at least 1 dot). Example: 95 modules (EAN-13) in 30 mm at 203 dpi: the element is
/// 240 dots, modules are 2 dots, the symbol 190 dots = 23.77 mm.
pub fn fit_to_width(modules: usize, width_um: u32, dpi: u32) -> ModuleFit {
    fit_to_dots(modules, um_to_dots(width_um, dpi), dpi)
}

/// [`fit_to_width`] for a box already converted to dots (the renderer converts boxes by
/// their edges, so their width in dots is not always `um_to_dots(width)`).
pub fn fit_to_dots(modules: usize, box_dots: u64, dpi: u32) -> ModuleFit {
    let per_module = if modules == 0 { 1 } else { (box_dots / modules as u64).clamp(1, u32::MAX as u64) };
    ModuleFit::new(modules as u64, per_module as u32, box_dots, dpi)
}

/// A requested module width `module_um` rounded to whole dots (at least 1); `fits` says
/// whether the symbol then fits in `width_um`.
pub fn snap_module(modules: usize, module_um: u32, width_um: u32, dpi: u32) -> ModuleFit {
    let module_dots = um_to_dots(module_um, dpi).clamp(1, u32::MAX as u64) as u32;
    ModuleFit::new(modules as u64, module_dots, um_to_dots(width_um, dpi), dpi)
}

/// A wide/narrow symbol's element widths in whole dots and what it draws to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WideNarrowFit {
    /// Dots per narrow element, at least 1.
    pub narrow_dots: u32,
    /// Dots per wide element: `round(narrow_dots * ratio / 10)`, more than `narrow_dots`.
    pub wide_dots: u32,
    /// The drawn width in dots, without quiet zones.
    pub drawn_dots: u64,
    /// The same in µm.
    pub drawn_um: u64,
    /// Whether the drawn width is within the element's width.
    pub fits: bool,
}

impl WideNarrowFit {
    /// The drawn width in millimetres.
    pub fn drawn_mm(&self) -> f64 {
        self.drawn_um as f64 / 1000.0
    }

    /// The bar and space widths in dots, left to right starting with a bar, of `symbol`
    /// (encoded with `encoded_wide`-module wide elements) drawn at this fit. `None` when
    /// the symbol has a run that is neither 1 nor `encoded_wide` modules.
    pub fn element_dots(&self, symbol: &LinearSymbol, encoded_wide: usize) -> Option<Vec<u32>> {
        let mut out = Vec::new();
        for run in runs(symbol.modules()) {
            out.push(match run {
                1 => self.narrow_dots,
                r if r == encoded_wide => self.wide_dots,
                _ => return None,
            });
        }
        Some(out)
    }
}

/// The widest whole-dot narrow element at which `symbol` (encoded with `encoded_wide`-
/// module wide elements: the file's `WIDE_MODULES`) fits in `width_um` at `dpi`, drawn at
/// a wide:narrow ratio of `ratio_tenths` / 10 (clamped to 2.0-3.0). `None` when the symbol
/// has runs that are neither narrow nor wide (not a wide/narrow symbol).
pub fn wide_narrow_fit(
    symbol: &LinearSymbol,
    encoded_wide: usize,
    width_um: u32,
    dpi: u32,
    ratio_tenths: u32,
) -> Option<WideNarrowFit> {
    wide_narrow_fit_dots(symbol, encoded_wide, um_to_dots(width_um, dpi), dpi, ratio_tenths)
}

/// [`wide_narrow_fit`] for a box already converted to dots.
pub fn wide_narrow_fit_dots(
    symbol: &LinearSymbol,
    encoded_wide: usize,
    box_dots: u64,
    dpi: u32,
    ratio_tenths: u32,
) -> Option<WideNarrowFit> {
    let ratio = ratio_tenths.clamp(20, 30) as u64;
    let (narrow_count, wide_count) = count_elements(symbol, encoded_wide)?;
    let total = |n: u64| narrow_count * n + wide_count * wide_of(n, ratio);
    // Start from the real-valued optimum and step down to the widest that fits.
    let denominator = 10 * narrow_count + ratio * wide_count;
    let mut narrow = if denominator == 0 { 1 } else { (10 * box_dots / denominator + 1).max(1) };
    while narrow > 1 && total(narrow) > box_dots {
        narrow -= 1;
    }
    let narrow = narrow.min(u32::MAX as u64 / 4);
    let drawn_dots = total(narrow);
    Some(WideNarrowFit {
        narrow_dots: narrow as u32,
        wide_dots: wide_of(narrow, ratio) as u32,
        drawn_dots,
        drawn_um: dots_to_um(drawn_dots, dpi),
        fits: drawn_dots <= box_dots,
    })
}

/// A wide/narrow symbol drawn with a given narrow element of `narrow_dots` (at least 1;
/// a requested X dimension already snapped to dots) at `ratio_tenths`; `fits` compares
/// with `box_dots`. `None` as for [`wide_narrow_fit`].
pub fn wide_narrow_at(
    symbol: &LinearSymbol,
    encoded_wide: usize,
    narrow_dots: u32,
    box_dots: u64,
    dpi: u32,
    ratio_tenths: u32,
) -> Option<WideNarrowFit> {
    let ratio = ratio_tenths.clamp(20, 30) as u64;
    let (narrow_count, wide_count) = count_elements(symbol, encoded_wide)?;
    let narrow = (narrow_dots.max(1) as u64).min(u32::MAX as u64 / 4);
    let wide = wide_of(narrow, ratio);
    let drawn_dots = narrow_count * narrow + wide_count * wide;
    Some(WideNarrowFit {
        narrow_dots: narrow as u32,
        wide_dots: wide as u32,
        drawn_dots,
        drawn_um: dots_to_um(drawn_dots, dpi),
        fits: drawn_dots <= box_dots,
    })
}

/// The wide element for a narrow one of `n` dots: `round(n * ratio / 10)`, halves up, and
/// always wider than `n`.
fn wide_of(n: u64, ratio_tenths: u64) -> u64 {
    ((2 * n * ratio_tenths + 10) / 20).max(n + 1)
}

/// Narrow and wide element counts; `None` when a run is neither 1 nor `encoded_wide`.
fn count_elements(symbol: &LinearSymbol, encoded_wide: usize) -> Option<(u64, u64)> {
    let (mut narrow_count, mut wide_count) = (0u64, 0u64);
    for run in runs(symbol.modules()) {
        match run {
            1 => narrow_count += 1,
            r if r == encoded_wide && r > 1 => wide_count += 1,
            _ => return None,
        }
    }
    Some((narrow_count, wide_count))
}

/// Lengths of the runs of equal modules, left to right.
fn runs(modules: &[bool]) -> impl Iterator<Item = usize> + '_ {
    let mut i = 0;
    std::iter::from_fn(move || {
        if i >= modules.len() {
            return None;
        }
        let start = i;
        while i < modules.len() && modules[i] == modules[start] {
            i += 1;
        }
        Some(i - start)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{codabar, code39, ean, itf};

    #[test]
    fn rounding_rule_is_the_engines() {
        assert_eq!(um_to_dots(125, 203), 1); // 0.999 dots
        assert_eq!(um_to_dots(62, 203), 0); // 0.4955
        assert_eq!(um_to_dots(40_000, 203), 320);
        assert_eq!(um_to_dots(25_400, 300), 300);
        assert_eq!(dots_to_um(203, 203), 25_400);
        assert_eq!(dots_to_um(1, 203), 125); // 125.12
    }

    #[test]
    fn fit_picks_the_widest_whole_dot_module() {
        // EAN-13 in 30 mm at 203 dpi: 240 dots / 95 = 2 dots a module.
        let f = fit_to_width(95, 30_000, 203);
        assert_eq!((f.module_dots, f.drawn_dots, f.fits), (2, 190, true));
        assert_eq!(f.drawn_um, 23_773);
        assert!((f.drawn_mm() - 23.773).abs() < 1e-9);
        // At 300 dpi: 354 dots / 95 = 3.
        assert_eq!(fit_to_width(95, 30_000, 300).module_dots, 3);
        // Exactly fitting and one dot short.
        assert_eq!(fit_to_width(10, dots_to_um(30, 300) as u32, 300).module_dots, 3);
        assert_eq!(fit_to_width(10, dots_to_um(29, 300) as u32, 300).module_dots, 2);
        // Too narrow: still 1 dot, and it says so.
        let f = fit_to_width(95, 5_000, 203);
        assert_eq!((f.module_dots, f.drawn_dots, f.fits), (1, 95, false));
        assert_eq!(fit_to_width(0, 1_000, 203).drawn_dots, 0);
    }

    #[test]
    fn requested_modules_snap_to_the_nearest_dot() {
        assert_eq!(snap_module(95, 330, 40_000, 203).module_dots, 3); // 2.64 dots
        assert_eq!(snap_module(95, 250, 40_000, 203).module_dots, 2); // 1.998
        assert_eq!(snap_module(95, 10, 40_000, 203).module_dots, 1); // never 0
        assert!(!snap_module(95, 500, 20_000, 203).fits);
    }

    #[test]
    fn wide_narrow_at_zints_ratio_equals_the_module_fit() {
        // At the encoded ratio (Code 39 2:1), the fit is the plain module fit.
        let s = code39::encode(b"CODE39", Default::default()).unwrap();
        for width in [20_000, 35_000, 50_000, 80_000] {
            let f = wide_narrow_fit(&s, code39::WIDE_MODULES, width, 203, 20).unwrap();
            let m = fit_to_width(s.width(), width, 203);
            assert_eq!((f.narrow_dots, f.drawn_dots), (m.module_dots, m.drawn_dots));
            assert_eq!(f.wide_dots, 2 * f.narrow_dots);
        }
    }

    #[test]
    fn wide_narrow_ratios() {
        let s = itf::encode(b"1234567890", Default::default()).unwrap();
        // 5 pairs: 10 digits, 4 wide + 6 narrow elements each... count them from the runs.
        let f3 = wide_narrow_fit(&s, itf::WIDE_MODULES, 60_000, 203, 30).unwrap();
        assert_eq!(f3.drawn_dots, s.width() as u64 * f3.narrow_dots as u64);
        let f25 = wide_narrow_fit(&s, itf::WIDE_MODULES, 60_000, 203, 25).unwrap();
        assert_eq!(f25.wide_dots, (f25.narrow_dots * 5 + 1) / 2);
        assert!(f25.fits && f25.drawn_dots <= um_to_dots(60_000, 203));
        // One more narrow dot would not fit.
        let bigger = WideNarrowFit { narrow_dots: f25.narrow_dots + 1, ..f25 };
        let dots = bigger.element_dots(&s, itf::WIDE_MODULES).unwrap();
        let wide_next = ((f25.narrow_dots + 1) * 5 + 1) / 2;
        let total: u64 = dots.iter().map(|&d| if d == bigger.narrow_dots { d as u64 } else { wide_next as u64 }).sum();
        assert!(total > um_to_dots(60_000, 203));
        // A 1-dot narrow element at 2.5:1 draws 3 dots wide.
        let f = wide_narrow_fit(&s, itf::WIDE_MODULES, 1_000, 203, 25).unwrap();
        assert_eq!((f.narrow_dots, f.wide_dots, f.fits), (1, 3, false));
        // Codabar at 3:1 from its 2:1 encoding.
        let c = codabar::encode(b"A123B", Default::default()).unwrap();
        let f = wide_narrow_fit(&c, codabar::WIDE_MODULES, 30_000, 300, 30).unwrap();
        let dots = f.element_dots(&c, codabar::WIDE_MODULES).unwrap();
        assert_eq!(dots.iter().map(|&d| d as u64).sum::<u64>(), f.drawn_dots);
        assert_eq!(f.wide_dots, 3 * f.narrow_dots);
    }

    #[test]
    fn symbols_that_are_not_wide_narrow_are_refused() {
        let s = ean::encode_ean13(b"590123412345").unwrap(); // runs of 1-4 modules
        assert_eq!(wide_narrow_fit(&s, 2, 30_000, 203, 25), None);
    }
}
