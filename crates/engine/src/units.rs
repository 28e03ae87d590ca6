//! Millimetres to dots: the engine's one rounding rule.
//!
//! Documents are in millimetres with 3 decimals; the display list carries them as whole
//! micrometres (µm = mm * 1000), so no float reaches the engine. A length of `um` µm at
//! `dpi` dots per inch (25.4 mm) is
//!
//! ```text
//! dots = round(um * dpi / 25_400), halves rounding up (towards +infinity)
//! ```
//!
//! computed exactly in integers. Every conversion goes through [`um_to_dots`]:
//!
//! * page width and height;
//! * element boxes by their *edges*: left = dots(x), right = dots(x + width), so elements
//!   that touch in millimetres touch in dots, and a box is never off by the sum of two
//!   roundings;
//! * line widths ([`line_dots`]: at least 1 dot when the width is above 0);
//! * a barcode's requested module width (barcode.rs, at least 1 dot);
//! * table row and column edges (render.rs), like box edges.

/// Micrometres per inch.
pub const UM_PER_INCH: i64 = 25_400;

/// `round(um * dpi / 25_400)` with halves rounding up. Exact for |um| < 2^31 and dpi
/// < 2^16 (the display list's field ranges): the product stays below 2^48.
pub fn um_to_dots(um: i64, dpi: u32) -> i64 {
    (2 * um * dpi as i64 + UM_PER_INCH).div_euclid(2 * UM_PER_INCH)
}

/// A line width in dots: the rounding rule, but never 0 for a line that has a width, so a
/// hairline stays visible at low resolutions.
pub fn line_dots(um: i64, dpi: u32) -> i64 {
    if um <= 0 {
        0
    } else {
        um_to_dots(um, dpi).max(1)
    }
}

/// A box in dots: columns `x0..x1`, rows `y0..y1` (end-exclusive).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DotBox {
    pub x0: i64,
    pub y0: i64,
    pub x1: i64,
    pub y1: i64,
}

impl DotBox {
    /// Converts a box given in µm (top-left corner and size) by its edges.
    pub fn from_um(x: i64, y: i64, width: i64, height: i64, dpi: u32) -> DotBox {
        DotBox {
            x0: um_to_dots(x, dpi),
            y0: um_to_dots(y, dpi),
            x1: um_to_dots(x + width, dpi),
            y1: um_to_dots(y + height, dpi),
        }
    }

    pub fn width(&self) -> i64 {
        self.x1 - self.x0
    }

    pub fn height(&self) -> i64 {
        self.y1 - self.y0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_label_sizes() {
        // 40 x 30 mm at 203 dpi: 319.685 -> 320, 239.76 -> 240.
        assert_eq!(um_to_dots(40_000, 203), 320);
        assert_eq!(um_to_dots(30_000, 203), 240);
        // 300 dpi: 472.44 -> 472, 354.33 -> 354.
        assert_eq!(um_to_dots(40_000, 300), 472);
        assert_eq!(um_to_dots(30_000, 300), 354);
        // 1 inch is exactly dpi dots.
        assert_eq!(um_to_dots(25_400, 203), 203);
    }

    #[test]
    fn halves_round_up_including_negative_positions() {
        // At 254 dpi one dot is exactly 100 µm.
        assert_eq!(um_to_dots(50, 254), 1);
        assert_eq!(um_to_dots(49, 254), 0);
        assert_eq!(um_to_dots(150, 254), 2);
        assert_eq!(um_to_dots(-50, 254), 0);
        assert_eq!(um_to_dots(-51, 254), -1);
        assert_eq!(um_to_dots(-150, 254), -1);
    }

    #[test]
    fn boxes_convert_by_edges_so_neighbours_touch() {
        let dpi = 203;
        let a = DotBox::from_um(1_234, 0, 5_555, 1_000, dpi);
        let b = DotBox::from_um(1_234 + 5_555, 0, 3_210, 1_000, dpi);
        assert_eq!(a.x1, b.x0);
    }

    #[test]
    fn hairlines_stay_visible() {
        assert_eq!(line_dots(50, 203), 1); // 0.4 dots
        assert_eq!(line_dots(0, 203), 0);
        assert_eq!(line_dots(500, 203), 4); // 3.996 dots
    }
}
