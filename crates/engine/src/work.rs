//! How much drawing a page asks for, counted from its display list before anything is
//! drawn, and the caps a page must stay under (issue 14: a label of 99,000 elements, or a
//! few huge texts or pictures on a 1 m page, took minutes for one page; a fuzzed arc text of
//! 6,831 characters with a 7 mm em at 1,734 dpi took 135 s). Work is counted, never timed,
//! so a page is refused or drawn the same way on every machine, whoever calls the engine
//! (print job, editor preview, CLI, or raw ABI bytes).
//!
//! The cost model, in work units (about a dot of drawing each): every element costs
//! [`ELEMENT_WORK`] plus the area of its box that lies on the page (dots²; a quarter-turned
//! box is counted as the square around its centre on its longer side, which holds it
//! either way); text adds, per character that is not white space, [`GLYPH_AREA_WEIGHT`] x
//! (em in dots)² + [`GLYPH_WORK`]. Measured on the Wasm engine (Node 20, one core of the
//! project's 2-core machine): pictures about 1.7 ns a unit (405 ms for a full 1 x 1 m page at
//! 300 dpi), small text about 1.8 ns a unit (35 µs a 5 mm character at 300 dpi), large text
//! about 7 ns an em dot² (962 ms for 100 characters of 100 mm), so [`MAX_PAGE_WORK`] is
//! roughly half a second to a second of drawing. A real label is far below it: a 100 x 150
//! mm page at 300 dpi is 2.1 M dots; a full 30 x 30 table at 300 dpi with ten 3 mm
//! characters a cell about 200 M; a 1 x 1 m page at 300 dpi with one full-page picture 139 M.

use crate::display_list::{Command, DisplayList, PageSpec, UmBox};
use crate::error::{EngineError, ErrorCode};
use crate::units::UM_PER_INCH;

/// Elements a page may have. A dense asset label has tens of controls; a full 30 x 30 table
/// compiles to its grid plus 900 cell texts; 5000 holds five such tables with room to spare.
pub const MAX_PAGE_ELEMENTS: usize = 5000;
/// Work units a page may cost in all (2^28, about 268 million).
pub const MAX_PAGE_WORK: f64 = (1u64 << 28) as f64;
/// Every element's fixed cost, whatever its size (a few µs of setup).
pub const ELEMENT_WORK: f64 = 1024.0;
/// A character's fixed cost beyond its em², the outline's lookup and setup (about 35 µs a
/// glyph measured with 59-dot ems, where em² is only 3,481).
pub const GLYPH_WORK: f64 = 16384.0;
/// A character's em² counts this many times: large glyphs cost about 4 times a dot of a
/// picture (outline filling with coverage, measured at 100 mm ems).
pub const GLYPH_AREA_WEIGHT: f64 = 4.0;

/// A page's element count, work units and costliest element (None for an empty page).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PageWork {
    pub elements: usize,
    pub work: f64,
    pub costliest: Option<usize>,
}

/// Length of the overlap of [a, a + len] with [0, size], µm.
fn overlap(a: f64, len: f64, size: f64) -> f64 {
    let lo = a.min(a + len).max(0.0);
    let hi = a.max(a + len).min(size);
    (hi - lo).max(0.0)
}

/// Area of a box (µm) that lies on the page, dots²; `turned`: a quarter-turned box.
fn box_dots(mut x: f64, mut y: f64, mut w: f64, mut h: f64, turned: bool, page: &PageSpec) -> f64 {
    if turned {
        let side = w.max(h);
        x += w / 2.0 - side / 2.0;
        y += h / 2.0 - side / 2.0;
        w = side;
        h = side;
    }
    let dots_per_um = page.dpi as f64 / UM_PER_INCH as f64;
    overlap(x, w, page.width_um as f64) * dots_per_um * (overlap(y, h, page.height_um as f64) * dots_per_um)
}

fn area_dots(area: &UmBox, rotation: u8, page: &PageSpec) -> f64 {
    box_dots(area.x as f64, area.y as f64, area.width as f64, area.height as f64, rotation % 2 == 1, page)
}

/// One element's work units on `page`.
pub fn command_work(command: &Command<'_>, page: &PageSpec) -> f64 {
    match command {
        Command::Line { x1, y1, x2, y2, line_um, .. } => {
            let half = *line_um as f64 / 2.0;
            let (x1, y1, x2, y2) = (*x1 as f64, *y1 as f64, *x2 as f64, *y2 as f64);
            let x = x1.min(x2) - half;
            let y = y1.min(y2) - half;
            ELEMENT_WORK + box_dots(x, y, (x2 - x1).abs() + 2.0 * half, (y2 - y1).abs() + 2.0 * half, false, page)
        }
        Command::Text { frame, text } | Command::ArcText { frame, text } => {
            // Every character is shaped and rasterised at its em, on the page or not.
            let em = text.font_um as f64 * page.dpi as f64 / UM_PER_INCH as f64;
            let glyphs = text.text.chars().filter(|c| !c.is_whitespace()).count() as f64;
            ELEMENT_WORK + area_dots(&frame.area, frame.rotation, page) + glyphs * (GLYPH_AREA_WEIGHT * em * em + GLYPH_WORK)
        }
        // A picture's decoding is capped by its caller (the facade reads picture headers
        // before decoding); drawing it costs its box.
        other => {
            let frame = other.frame();
            ELEMENT_WORK + area_dots(&frame.area, frame.rotation, page)
        }
    }
}

/// The page's element count, work and costliest element.
pub fn page_work(list: &DisplayList<'_>) -> PageWork {
    let mut work = 0.0;
    let mut most = -1.0;
    let mut costliest = None;
    for (i, command) in list.commands.iter().enumerate() {
        let w = command_work(command, &list.page);
        work += w;
        if w > most {
            most = w;
            costliest = Some(i);
        }
    }
    PageWork { elements: list.commands.len(), work, costliest }
}

/// Ok when the page is within both caps; else TooManyElements, or TooMuchWork attributed
/// to the costliest element. The messages' numbers are read by the facade
/// (src/print/errors.ts ENGINE_PARSERS): keep their wording.
pub fn check(list: &DisplayList<'_>) -> Result<(), EngineError> {
    let n = list.commands.len();
    if n > MAX_PAGE_ELEMENTS {
        return Err(EngineError::new(ErrorCode::TooManyElements, format!("the page has {} elements to draw (at most {})", n, MAX_PAGE_ELEMENTS)));
    }
    let w = page_work(list);
    if w.work > MAX_PAGE_WORK {
        let millions = (w.work / 1e6).ceil() as u64;
        let max = (MAX_PAGE_WORK / 1e6).floor() as u64;
        let e = EngineError::new(ErrorCode::TooMuchWork, format!("the page needs about {} million units of drawing (at most {} million)", millions, max));
        return Err(match w.costliest {
            Some(i) => e.at_element(i),
            None => e,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display_list::{ElementFrame, ShapeKind};
    use crate::text_command::TextCommand;

    fn shape(x: i32, y: i32, w: u32, h: u32, rotation: u8) -> Command<'static> {
        let mut frame = ElementFrame::plain(UmBox { x, y, width: w, height: h });
        frame.rotation = rotation;
        Command::Shape { frame, shape: ShapeKind::Rectangle, filled: true, line_um: 0, corner_um: 0 }
    }

    fn list(commands: Vec<Command<'_>>) -> DisplayList<'_> {
        // 254 dpi: one dot is 100 µm, so areas come out in round numbers.
        DisplayList { page: PageSpec::plain(40_000, 30_000, 254), commands }
    }

    #[test]
    fn a_box_costs_its_area_on_the_page_in_dots() {
        let page = PageSpec::plain(40_000, 30_000, 254);
        assert_eq!(command_work(&shape(0, 0, 10_000, 5_000, 0), &page), ELEMENT_WORK + 100.0 * 50.0);
        // Half off the left edge: half the area.
        assert_eq!(command_work(&shape(-5_000, 0, 10_000, 5_000, 0), &page), ELEMENT_WORK + 50.0 * 50.0);
        // Wholly off the page: the fixed cost only.
        assert_eq!(command_work(&shape(50_000, 0, 10_000, 5_000, 0), &page), ELEMENT_WORK);
        // Quarter-turned: the square on the longer side around the centre (100 x 100 dots).
        assert_eq!(command_work(&shape(10_000, 10_000, 10_000, 5_000, 1), &page), ELEMENT_WORK + 100.0 * 100.0);
    }

    #[test]
    fn text_costs_each_visible_character_at_its_em() {
        let page = PageSpec::plain(40_000, 30_000, 254);
        let frame = ElementFrame::plain(UmBox { x: 0, y: 0, width: 0, height: 0 });
        // A 5 mm em at 254 dpi is 50 dots; three characters drawn, the spaces are free.
        let text = TextCommand::new(5_000, "", "a b c ");
        let expected = ELEMENT_WORK + 3.0 * (GLYPH_AREA_WEIGHT * 50.0 * 50.0 + GLYPH_WORK);
        assert_eq!(command_work(&Command::Text { frame, text }, &page), expected);
        assert_eq!(command_work(&Command::ArcText { frame, text: TextCommand::new(5_000, "", "a b c ") }, &page), expected);
    }

    #[test]
    fn a_page_over_the_element_cap_is_refused() {
        let ok = list((0..MAX_PAGE_ELEMENTS).map(|_| shape(0, 0, 100, 100, 0)).collect());
        assert!(check(&ok).is_ok());
        let over = list((0..=MAX_PAGE_ELEMENTS).map(|_| shape(0, 0, 100, 100, 0)).collect());
        let e = check(&over).unwrap_err();
        assert_eq!(e.code, ErrorCode::TooManyElements);
        assert_eq!(e.message, "the page has 5001 elements to draw (at most 5000)");
    }

    #[test]
    fn a_page_over_the_work_cap_names_its_costliest_element() {
        // Found by `npm run fuzz`: 6,831 characters of arc text, 6.8 mm em, at 1,734 dpi
        // (466-dot glyphs) drew for 135 s. Now refused before anything is drawn.
        let long = "x".repeat(6_831);
        let frame = ElementFrame::plain(UmBox { x: 0, y: 0, width: 7_000, height: 16_000 });
        let commands = vec![shape(0, 0, 1_000, 1_000, 0), Command::ArcText { frame, text: TextCommand::new(6_833, "", &long) }];
        let page = DisplayList { page: PageSpec::plain(35_030, 42_299, 1734), commands };
        let e = check(&page).unwrap_err();
        assert_eq!(e.code, ErrorCode::TooMuchWork);
        assert_eq!(e.element, Some(1));
        assert!(e.message.starts_with("the page needs about "), "{}", e.message);
        assert!(e.message.ends_with(" million units of drawing (at most 268 million)"), "{}", e.message);
        // Rendering it is refused the same way, at once.
        let fonts = crate::fonts::FontRegistry::default();
        assert_eq!(crate::render::render(&page, &fonts).err().map(|e| e.code), Some(ErrorCode::TooMuchWork));
    }

    #[test]
    fn a_dense_real_label_is_below_the_cap() {
        // A 100 x 150 mm page at 300 dpi covered by a 30 x 30 table of ten 3 mm characters a cell.
        let mut commands = vec![shape(0, 0, 100_000, 150_000, 0)];
        let texts: Vec<String> = (0..900).map(|i| format!("{:010}", i)).collect();
        for t in &texts {
            commands.push(Command::Text { frame: ElementFrame::plain(UmBox { x: 0, y: 0, width: 3_000, height: 5_000 }), text: TextCommand::new(3_000, "", t) });
        }
        let page = DisplayList { page: PageSpec::plain(100_000, 150_000, 300), commands };
        let w = page_work(&page);
        assert!(w.work > 150e6 && w.work < MAX_PAGE_WORK, "{}", w.work); // about 198 M
        assert!(check(&page).is_ok());
    }
}
