//! Drawing a decoded display list onto a 1-bit page.
//!
//! Page size: width and height each go through the one rounding rule (units.rs).
//!
//! RECT: the box converts by its edges; filled draws the whole box, otherwise a border of
//! `line_dots(line width)` dots inside the box.
//!
//! BARCODE (linear symbols): bars fill the box's full height. Modules snap to whole dots:
//!
//! * module width 0 (automatic): the widest whole-dot module whose symbol fits the box's
//!   width, `floor(box dots / symbol modules)`, but at least 1 dot;
//! * module width > 0: `um_to_dots(module width)`, at least 1 dot, fitting or not.
//!
//! The symbol is centred horizontally in its box (left edge at `x0 + floor((box - symbol)
//! / 2)`), so spare dots split evenly, and a symbol too wide even at 1 dot overhangs both
//! sides equally. Quiet zones are the document's business (margins around the box).
//! Empty data draws nothing (spec section 5: "empty text draws nothing").

use crate::display_list::{self, Command, DisplayList, UmBox};
use crate::units::{line_dots, um_to_dots, DotBox};
use crate::{EngineError, ErrorCode};
use assetmark_raster::Page;
use assetmark_symbology::Symbol;

/// Decodes and renders a display list.
pub fn render_bytes(bytes: &[u8]) -> Result<Page, EngineError> {
    render(&display_list::decode(bytes)?)
}

/// Renders a decoded display list. Errors from a command carry its index.
pub fn render(list: &DisplayList<'_>) -> Result<Page, EngineError> {
    let dpi = list.page.dpi;
    let width = um_to_dots(list.page.width_um as i64, dpi);
    let height = um_to_dots(list.page.height_um as i64, dpi);
    let mut page = Page::new(width, height)?;
    for (index, command) in list.commands.iter().enumerate() {
        draw(&mut page, command, dpi).map_err(|e| e.at_element(index))?;
    }
    Ok(page)
}

fn dot_box(area: &UmBox, dpi: u32) -> DotBox {
    DotBox::from_um(area.x as i64, area.y as i64, area.width as i64, area.height as i64, dpi)
}

fn draw(page: &mut Page, command: &Command<'_>, dpi: u32) -> Result<(), EngineError> {
    match *command {
        Command::Rect { area, line_um, filled } => {
            let b = dot_box(&area, dpi);
            if filled {
                page.fill_rect(b.x0, b.y0, b.width(), b.height());
            } else {
                page.stroke_rect(b.x0, b.y0, b.width(), b.height(), line_dots(line_um as i64, dpi));
            }
            Ok(())
        }
        Command::Barcode { area, module_um, symbol } => {
            if symbol.data.is_empty() {
                return Ok(());
            }
            let b = dot_box(&area, dpi);
            match symbol.encode()? {
                Symbol::Linear(s) => {
                    let request = if module_um == 0 { None } else { Some(um_to_dots(module_um as i64, dpi)) };
                    let (offset, module) = fit_linear(b.width(), s.width() as i64, request);
                    page.draw_bars(s.modules(), b.x0 + offset, b.y0, module, b.height());
                    Ok(())
                }
                Symbol::Matrix(_) => Err(EngineError::new(
                    ErrorCode::Unsupported,
                    format!("{} symbols cannot be drawn yet", symbol.symbology.name()),
                )),
            }
        }
    }
}

/// Module width in dots and the symbol's offset from the box's left edge, for a symbol of
/// `modules` in a box `box_dots` wide; `request` is a requested module width in dots.
pub fn fit_linear(box_dots: i64, modules: i64, request: Option<i64>) -> (i64, i64) {
    let module = match request {
        Some(dots) => dots.max(1),
        None if modules > 0 => (box_dots / modules).max(1),
        None => 1,
    };
    let offset = (box_dots - modules * module).div_euclid(2);
    (offset, module)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display_list::build::*;
    use assetmark_symbology::code128;

    #[test]
    fn fitting_picks_the_widest_whole_dot_module_and_centres() {
        assert_eq!(fit_linear(300, 90, None), (15, 3)); // 270 dots, 30 spare
        assert_eq!(fit_linear(91, 90, None), (0, 1));
        assert_eq!(fit_linear(80, 90, None), (-5, 1)); // overhangs both sides
        assert_eq!(fit_linear(300, 90, Some(2)), (60, 2));
        assert_eq!(fit_linear(300, 90, Some(0)), (105, 1));
    }

    #[test]
    fn page_size_follows_the_rounding_rule() {
        let page = render_bytes(&header(40_000, 30_000, 203)).unwrap();
        assert_eq!((page.width(), page.height(), page.stride()), (320, 240, 40));
        let page = render_bytes(&header(100, 30_000, 203)).unwrap(); // 0.8 dots -> 1
        assert_eq!(page.width(), 1);
        let e = render_bytes(&header(50, 30_000, 203)).unwrap_err(); // 0.4 dots -> 0
        assert_eq!(e.code, ErrorCode::NoPageDimension);
    }

    #[test]
    fn border_and_filled_rects() {
        // 254 dpi: 1 dot = 100 µm, so the picture is exact.
        let mut dl = header(800, 600, 254);
        rect(&mut dl, 100, 100, 600, 400, 100, false);
        rect(&mut dl, 300, 300, 200, 100, 0, true);
        let page = render_bytes(&dl).unwrap();
        assert_eq!(
            page.to_ascii(),
            "........\n.######.\n.#....#.\n.#.##.#.\n.######.\n........"
        );
    }

    #[test]
    fn barcode_is_centred_with_whole_dot_modules() {
        let data = b"Hi";
        let symbol = code128::encode(data).unwrap();
        let n = symbol.width() as i64; // 4 characters * 11 + 13 = 57
        // Box 130 dots wide at 254 dpi -> module 2, symbol 114 dots, offset 8.
        let mut dl = header(20_000, 1_000, 254);
        barcode(&mut dl, 1_000, 200, 13_000, 500, 0, 20, data);
        let page = render_bytes(&dl).unwrap();
        let row: String = (0..200).map(|x| if page.get(x, 4) { '1' } else { '0' }).collect();
        let expected: String = symbol.to_bit_string().chars().flat_map(|c| [c, c]).collect();
        let left = (10 + 8) as usize;
        assert_eq!(&row[left..left + 2 * n as usize], expected);
        assert!(!row[..left].contains('1') && !row[left + 2 * n as usize..].contains('1'));
        // Bars span rows 2..7 exactly.
        assert!(!page.get(left as i64, 1) && page.get(left as i64, 2) && page.get(left as i64, 6));
        assert!(!page.get(left as i64, 7));
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
        assert_eq!((e.code, e.element), (ErrorCode::InvalidCharacter, Some(2)));
    }

    #[test]
    fn page_limits_are_errors() {
        assert_eq!(render_bytes(&header(0, 10_000, 203)).unwrap_err().code, ErrorCode::NoPageDimension);
        let e = render_bytes(&header(4_000_000, 10_000, 600)).unwrap_err();
        assert_eq!(e.code, ErrorCode::PageTooLarge);
    }
}
