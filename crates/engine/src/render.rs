//! Drawing a decoded display list: the page, then every command in order through its
//! element frame (frame.rs), then the page-level finish.
//!
//! Page: width and height each go through the one rounding rule (units.rs); 1-bit, or
//! grey with the header's GREY flag. The background level (255 = none) fills the page
//! first (1-bit: black when < 128). After the commands, dots outside the rounded corners
//! (corner radius, through the rounding rule, clamped to half the shorter side) are
//! whitened, then FLIP_H / FLIP_V mirror the finished page, then TURN turns it by quarter
//! turns clockwise (turn.rs; 90° and 270° swap width and height).
//!
//! Commands (each drawn inside its element box in dots, see frame.rs):
//! SHAPE, LINE and TABLE in shapes.rs, BARCODE in barcode.rs, TEXT / ARC_TEXT in
//! text_command.rs, IMAGE in image_command.rs.

use crate::barcode;
use crate::display_list::{self, Command, DisplayList, ElementFrame, PageSpec};
use crate::fonts::{self, FontRegistry};
use crate::frame::{self, dot_box, draw_element};
use crate::shapes;
use crate::target::{Surface, Target};
use crate::text_command::TextCommand;
use crate::units::{line_dots, um_to_dots, UM_PER_INCH};
use crate::{image_command, text_command, turn, EngineError};

/// Decodes and renders a display list with the registered fonts.
pub fn render_bytes(bytes: &[u8]) -> Result<Surface, EngineError> {
    let list = display_list::decode(bytes)?;
    fonts::with_registry(|f| render(&list, f))
}

/// Page buffers up to this size (bytes) are kept by [`recycle`] for the next page.
const SPARE_MAX_BYTES: usize = 4 << 20;

thread_local! {
    /// The last rendered page's buffer, handed back by the ABI after copying the page out
    /// ([`recycle`]): page after page of one label size then allocates no page (allocation
    /// and freeing of a 10-20 kB page was a measurable part of a 40 x 30 mm label in Wasm).
    static SPARE_PAGE: std::cell::RefCell<Vec<u8>> = std::cell::RefCell::new(Vec::new());
    /// The second buffer a quarter-turned page needs (the turn writes the page into it, and
    /// the drawn page's buffer is kept here for the next one): turned pages of one size
    /// allocate nothing either.
    static SPARE_TURN: std::cell::RefCell<Vec<u8>> = std::cell::RefCell::new(Vec::new());
}

/// Keeps `data` in `spare` for the next page, unless it is larger than [`SPARE_MAX_BYTES`].
fn keep(spare: &'static std::thread::LocalKey<std::cell::RefCell<Vec<u8>>>, data: Vec<u8>) {
    if data.capacity() <= SPARE_MAX_BYTES {
        spare.with(|s| *s.borrow_mut() = data);
    }
}

/// Gives a finished page's memory back for the next [`render`] (optional: a page simply
/// dropped costs one allocation next time).
pub fn recycle(surface: Surface) {
    keep(&SPARE_PAGE, surface.into_data());
}

/// Renders a decoded display list. Errors from a command carry its index.
pub fn render(list: &DisplayList<'_>, fonts: &FontRegistry) -> Result<Surface, EngineError> {
    // Refused before the page is even allocated: the work caps (work.rs).
    crate::work::check(list)?;
    let page = &list.page;
    let dpi = page.dpi;
    let width = um_to_dots(page.width_um as i64, dpi);
    let height = um_to_dots(page.height_um as i64, dpi);
    let spare = SPARE_PAGE.with(|s| std::mem::take(&mut *s.borrow_mut()));
    let mut surface = Surface::new_in(page.grey, width, height, spare)?;
    {
        let mut t = surface.target();
        if page.background < 255 {
            t.fill_level(0, 0, width, height, page.background);
        }
        for (index, command) in list.commands.iter().enumerate() {
            draw(&mut t, command, dpi, fonts).map_err(|e| e.at_element(index))?;
        }
    }
    let (flip_h, flip_v, quarter_turns) = page_moves(page);
    finish(&mut surface, page, flip_h, flip_v);
    if quarter_turns == 0 {
        return Ok(surface);
    }
    let spare = SPARE_TURN.with(|s| std::mem::take(&mut *s.borrow_mut()));
    let (turned, unused) = turn::turn(surface, quarter_turns, spare)?;
    keep(&SPARE_TURN, unused);
    Ok(turned)
}

/// A 1-bit page (tests): renders and unwraps.
#[cfg(test)]
pub fn render_bits(bytes: &[u8]) -> Result<assetmark_raster::Page, EngineError> {
    match render_bytes(bytes)? {
        Surface::Bits(p) => Ok(p),
        Surface::Grey(_) => panic!("expected a 1-bit page"),
    }
}

fn draw(t: &mut Target, command: &Command<'_>, dpi: u32, fonts: &FontRegistry) -> Result<(), EngineError> {
    match command {
        Command::Shape { frame, shape, filled, line_um, corner_um } => {
            let line = line_dots(*line_um as i64, dpi);
            let corner = um_to_dots(*corner_um as i64, dpi);
            draw_element(t, frame, dot_box(&frame.area, dpi), |t, b| {
                shapes::draw_shape(t, b, *shape, *filled, line, corner);
                Ok(())
            })
        }
        Command::Barcode { frame, module_um, symbol, spec_bytes } => {
            if symbol.data.is_empty() {
                return Ok(()); // spec section 5: empty text draws nothing
            }
            let encoded = barcode::encode_cached(spec_bytes, symbol)?;
            let face = barcode::caption_face(fonts, symbol);
            let caption = barcode::Caption::of(face.as_deref());
            draw_element(t, frame, dot_box(&frame.area, dpi), |t, b| {
                let placement = barcode::place(&encoded, symbol, &b, *module_um, dpi, caption.face());
                barcode::paint(t, &encoded, &placement, caption);
                Ok(())
            })
        }
        Command::Line { frame, x1, y1, x2, y2, line_um, dash_um, gap_um } => {
            // End points and dashes are not rounded (sizes along an arbitrary direction);
            // the width is a line width (at least 1 dot).
            let dots = |um: i64| um as f64 * dpi as f64 / UM_PER_INCH as f64;
            let width = line_dots(*line_um as i64, dpi) as f64;
            let (dash, gap) = (dots(*dash_um as i64), dots(*gap_um as i64));
            // The box is exactly what an inverted or mirrored line acts on (the facade's
            // choice, display_list.rs LINE); the stroke is clipped to it.
            let pb = dot_box(&frame.area, dpi);
            draw_element(t, frame, pb, |t, b| {
                let (ox, oy) = ((b.x0 - pb.x0) as f64, (b.y0 - pb.y0) as f64);
                let p1 = (dots(*x1 as i64) + ox, dots(*y1 as i64) + oy);
                let p2 = (dots(*x2 as i64) + ox, dots(*y2 as i64) + oy);
                shapes::draw_line(t, p1, p2, width, dash, gap);
                Ok(())
            })
        }
        Command::Text { frame, text } => draw_text(t, frame, text, false, dpi, fonts),
        Command::ArcText { frame, text } => draw_text(t, frame, text, true, dpi, fonts),
        Command::Image { frame, image } => draw_element(t, frame, dot_box(&frame.area, dpi), |t, b| image_command::draw(image, t, b, dpi)),
        Command::Table { frame, line_um, rows, cols, merges } => {
            let line = line_dots(*line_um as i64, dpi);
            let pb = dot_box(&frame.area, dpi);
            // Edges through the rounding rule, like element boxes: cells never gap.
            let edges = |start: i32, sizes: &[u32], shift: i64| {
                let mut at = start as i64;
                let mut out = vec![um_to_dots(at, dpi) + shift];
                for &v in sizes {
                    at += v as i64;
                    out.push(um_to_dots(at, dpi) + shift);
                }
                out
            };
            draw_element(t, frame, pb, |t, b| {
                let xs = edges(frame.area.x, cols, b.x0 - pb.x0);
                let ys = edges(frame.area.y, rows, b.y0 - pb.y0);
                shapes::draw_table(t, b, &xs, &ys, line, merges);
                Ok(())
            })
        }
    }
}

/// TEXT / ARC_TEXT: a turned or inverted text turns and inverts its grown box
/// (autoHeight, text_command.rs `extent`).
fn draw_text(t: &mut Target, frame: &ElementFrame, text: &TextCommand<'_>, arc: bool, dpi: u32, fonts: &FontRegistry) -> Result<(), EngineError> {
    let mut b = dot_box(&frame.area, dpi);
    if !frame.is_plain() {
        b = text_command::extent(text, arc, fonts, b, dpi, t.height())?;
    }
    draw_element(t, frame, b, |t, b| text_command::draw(text, arc, fonts, t, b, dpi))
}

/// The flips and quarter turns that give the header's FLIP_H, FLIP_V, then TURN with the
/// least work, using that both flips are a half turn: both flips become a half turn added
/// to TURN, and one flip then a half turn is the other flip alone. At most one flip is
/// left, and a half turn only without a flip (one pass, white bytes skipped, turn.rs).
fn page_moves(page: &PageSpec) -> (bool, bool, u8) {
    let (mut h, mut v, mut q) = (page.flip_h, page.flip_v, page.turn & 3);
    if h && v {
        h = false;
        v = false;
        q = (q + 2) & 3;
    }
    if q == 2 && (h || v) {
        h = !h;
        v = !v;
        q = 0;
    }
    (h, v, q)
}

/// Page-level finish before the turn: rounded corners, then the flips.
fn finish(surface: &mut Surface, page: &PageSpec, flip_h: bool, flip_v: bool) {
    let (w, h) = (surface.width() as i64, surface.height() as i64);
    let r = um_to_dots(page.corner_radius_um as i64, page.dpi).min(w / 2).min(h / 2);
    if r > 0 {
        match surface {
            Surface::Bits(_) => {
                let mut t = surface.target();
                for i in 0..r {
                    // Dots whose centres lie outside the corner's quarter circle turn white.
                    let dy = r as f64 - (i as f64 + 0.5);
                    let inset = r as f64 - (r as f64 * r as f64 - dy * dy).max(0.0).sqrt();
                    let a = (inset - 0.5).ceil().max(0.0) as i64;
                    for y in [i, h - 1 - i] {
                        t.clear(0, y, a, y + 1);
                        t.clear(w - a, y, w, y + 1);
                    }
                }
            }
            Surface::Grey(g) => {
                // Each corner dot keeps the share of its ink that lies inside the circle
                // (4 x 4 samples), so the curve is smooth on screen.
                let data = g.data_mut();
                let rf = r as f64;
                for i in 0..r {
                    for j in 0..r {
                        let (cx, cy) = (rf - j as f64, rf - i as f64);
                        if cx * cx + cy * cy <= rf * rf {
                            break; // this dot's outer corner is inside, so are the rest of the row's
                        }
                        let mut inside = 0;
                        for sy in 0..4 {
                            for sx in 0..4 {
                                let dx = rf - (j as f64 + (sx as f64 + 0.5) / 4.0);
                                let dy = rf - (i as f64 + (sy as f64 + 0.5) / 4.0);
                                if dx * dx + dy * dy <= rf * rf {
                                    inside += 1;
                                }
                            }
                        }
                        if inside == 16 {
                            continue;
                        }
                        for (x, y) in [(j, i), (w - 1 - j, i), (j, h - 1 - i), (w - 1 - j, h - 1 - i)] {
                            let d = &mut data[(y * w + x) as usize];
                            *d = 255 - ((255 - *d as u32) * inside / 16) as u8;
                        }
                    }
                }
            }
        }
    }
    if flip_h {
        frame::mirror(surface);
    }
    if flip_v {
        frame::flip_vertical(surface);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display_list::build::*;

    #[test]
    fn page_size_follows_the_rounding_rule() {
        let page = render_bits(&header(40_000, 30_000, 203)).unwrap();
        assert_eq!((page.width(), page.height(), page.stride()), (320, 240, 40));
        let page = render_bits(&header(100, 30_000, 203)).unwrap(); // 0.8 dots -> 1
        assert_eq!(page.width(), 1);
        let e = render_bits(&header(50, 30_000, 203)).unwrap_err(); // 0.4 dots -> 0
        assert_eq!(e.code, crate::ErrorCode::NoPageDimension);
    }

    #[test]
    fn border_and_filled_rects() {
        // 254 dpi: 1 dot = 100 µm, so the picture is exact.
        let mut dl = header(800, 600, 254);
        rect(&mut dl, 100, 100, 600, 400, 100, false);
        rect(&mut dl, 300, 300, 200, 100, 0, true);
        let page = render_bits(&dl).unwrap();
        assert_eq!(page.to_ascii(), "........\n.######.\n.#....#.\n.#.##.#.\n.######.\n........");
    }

    #[test]
    fn page_limits_are_errors() {
        assert_eq!(render_bits(&header(0, 10_000, 203)).unwrap_err().code, crate::ErrorCode::NoPageDimension);
        let e = render_bits(&header(4_000_000, 10_000, 600)).unwrap_err();
        assert_eq!(e.code, crate::ErrorCode::PageTooLarge);
    }

    use crate::display_list::ShapeKind;
    use crate::symbol_spec::build::spec;
    use crate::symbol_spec::TAG_TEXT_POSITION;

    fn ink_at(s: &Surface, x: i64, y: i64) -> bool {
        s.is_ink(x, y)
    }

    /// A Code 128 without text in a 60 x 20 dot box (254 dpi: 1 dot = 100 µm) centred on
    /// (50, 50) of a 100 x 100 page, with the frame's options.
    fn barcode_page(grey: bool, rotation: u8, anti: bool, mirror: bool) -> Surface {
        barcode_page_at(grey, rotation, anti, mirror, 0, 0)
    }

    fn barcode_page_at(grey: bool, rotation: u8, anti: bool, mirror: bool, dx: i32, dy: i32) -> Surface {
        let mut page = PageSpec::plain(10_000, 10_000, 254);
        page.grey = grey;
        let mut dl = header_with(&page);
        let mut f = frame(2_000 + dx, 4_000 + dy, 6_000, 2_000);
        f.rotation = rotation;
        f.anti_color = anti;
        f.mirror = mirror;
        // 57 modules of 1 dot: fits the box (content of a turned element is clipped to it).
        barcode_frame(&mut dl, &f, 100, &spec(20, &[(TAG_TEXT_POSITION, &[0])], b"Tu"));
        render_bytes(&dl).unwrap()
    }

    #[test]
    fn turned_mirrored_and_inverted_elements() {
        for grey in [false, true] {
            let plain = barcode_page(grey, 0, false, false);
            // The box is columns 20..80, rows 40..60; turned it is columns 40..60, rows 20..80.
            for (rotation, map) in [
                (1u8, &(|x: i64, y: i64| (99 - y, x)) as &dyn Fn(i64, i64) -> (i64, i64)),
                (2, &|x: i64, y: i64| (99 - x, 99 - y)),
                (3, &|x: i64, y: i64| (y, 99 - x)),
            ] {
                let turned = barcode_page(grey, rotation, false, false);
                for y in 0..100 {
                    for x in 0..100 {
                        let (tx, ty) = map(x, y);
                        assert_eq!(ink_at(&plain, x, y), ink_at(&turned, tx, ty), "rotation {} at {},{}", rotation, x, y);
                    }
                }
            }
            let mirrored = barcode_page(grey, 0, false, true);
            let inverted = barcode_page(grey, 0, true, false);
            for y in 0..100 {
                for x in 0..100 {
                    let in_box = (20..80).contains(&x) && (40..60).contains(&y);
                    assert_eq!(ink_at(&mirrored, x, y), ink_at(&plain, if in_box { 99 - x } else { x }, y), "mirror {},{}", x, y);
                    assert_eq!(ink_at(&inverted, x, y), in_box != ink_at(&plain, x, y), "anti-colour {},{}", x, y);
                }
            }
            // Mirror then turn: the turned picture of the mirrored one.
            let both = barcode_page(grey, 1, true, true);
            for y in 0..100 {
                for x in 0..100 {
                    assert_eq!(ink_at(&inverted, 99 - x, y), ink_at(&both, 99 - y, x), "mirror+turn at {},{}", x, y);
                }
            }
        }
    }

    #[test]
    fn elements_partly_off_the_page_are_cut_not_moved() {
        for grey in [false, true] {
            for rotation in 0..4u8 {
                for (anti, mirror) in [(false, true), (true, false), (true, true)] {
                    let whole = barcode_page(grey, rotation, anti, mirror);
                    for (dx, dy) in [(-30i64, -45i64), (45, 30), (-35, 10)] {
                        let cut = barcode_page_at(grey, rotation, anti, mirror, dx as i32 * 100, dy as i32 * 100);
                        for y in 0..100 {
                            for x in 0..100 {
                                let (sx, sy) = (x - dx, y - dy);
                                if (0..100).contains(&sx) && (0..100).contains(&sy) {
                                    assert_eq!(cut.is_ink(x, y), whole.is_ink(sx, sy), "q {} anti {} mirror {} shift {},{} at {},{}", rotation, anti, mirror, dx, dy, x, y);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn anti_colour_paints_over_what_is_below_and_lines_keep_their_stroke() {
        // A filled page-wide rectangle, then an inverted empty rectangle: its box turns
        // black (it was black), its outline white.
        let mut dl = header(1_000, 1_000, 254);
        rect(&mut dl, 0, 0, 1_000, 1_000, 0, true);
        let mut f = frame(200, 200, 600, 600);
        f.anti_color = true;
        shape(&mut dl, &f, ShapeKind::Rectangle, false, 100, 0);
        let page = render_bits(&dl).unwrap();
        assert_eq!(page.to_ascii(), "##########\n##########\n##......##\n##.####.##\n##.####.##\n##.####.##\n##.####.##\n##......##\n##########\n##########");
        // A horizontal inverted line shows its stroke white in its box.
        let mut dl = header(1_000, 1_000, 254);
        line(&mut dl, (100, 500), (900, 500), 200, 0, 0, crate::display_list::ELEMENT_ANTI_COLOR);
        let page = render_bits(&dl).unwrap();
        let r = |y: i64| (0..10).map(|x| if page.get(x, y) { '#' } else { '.' }).collect::<String>();
        // The builder's box (the ends' grown by the half stroke, 1 dot) is black; the
        // stroke (rows 4, 5) white.
        assert_eq!((r(3), r(4), r(5), r(6)), ("..........".into(), "#........#".into(), "#........#".into(), "..........".into()));
        // A mirrored line lands mirrored in its box (dots 0-5: 0.6 mm at 100 µm a dot).
        let mut dl = header(1_000, 1_000, 254);
        let mut f = frame(0, 0, 600, 600);
        f.mirror = true;
        line_frame(&mut dl, &f, (100, 100), (500, 500), 100, 0, 0);
        let mirrored = render_bits(&dl).unwrap();
        let mut dl = header(1_000, 1_000, 254);
        line(&mut dl, (500, 100), (100, 500), 100, 0, 0, 0);
        assert_eq!(mirrored.to_ascii(), render_bits(&dl).unwrap().to_ascii());
    }

    #[test]
    fn flips_corners_and_background() {
        let mut page = PageSpec::plain(1_000, 500, 254);
        page.flip_h = true;
        let mut dl = header_with(&page);
        rect(&mut dl, 0, 0, 200, 100, 0, true);
        assert_eq!(render_bits(&dl).unwrap().to_ascii(), "########..\n..........\n..........\n..........\n..........".replace("########..", "........##"));
        page.flip_v = true;
        let mut dl = header_with(&page);
        rect(&mut dl, 0, 0, 200, 100, 0, true);
        assert_eq!(render_bits(&dl).unwrap().to_ascii(), "..........\n..........\n..........\n..........\n........##");
        page.flip_h = false;
        let mut dl = header_with(&page);
        rect(&mut dl, 0, 0, 200, 100, 0, true);
        assert_eq!(render_bits(&dl).unwrap().to_ascii(), "..........\n..........\n..........\n..........\n##........");

        // Background: 1-bit black under 128; grey keeps the level.
        for (level, grey, want) in [(100u8, false, 0xFFu8), (128, false, 0), (200, true, 200), (255, true, 255)] {
            let mut page = PageSpec::plain(800, 800, 254);
            page.background = level;
            page.grey = grey;
            let s = render_bytes(&header_with(&page)).unwrap();
            assert!(s.data().iter().all(|&b| b == want), "level {}", level);
        }

        // Corner radius 0.8 mm at 203 dpi on a black 40 x 30 mm page: 6 dots; the corners
        // are white and symmetric, the edges' middles black.
        let mut page = PageSpec::plain(40_000, 30_000, 203);
        page.background = 0;
        page.corner_radius_um = 800;
        let s = render_bytes(&header_with(&page)).unwrap();
        let (w, h) = (320i64, 240i64);
        assert!(!s.is_ink(0, 0) && !s.is_ink(w - 1, 0) && !s.is_ink(0, h - 1) && !s.is_ink(w - 1, h - 1));
        assert!(s.is_ink(6, 0) && s.is_ink(0, 6) && s.is_ink(2, 2) && s.is_ink(w / 2, 0));
        let white = |x0: i64, y0: i64| (0..6).flat_map(|y| (0..6).map(move |x| (x, y))).filter(|&(x, y)| !s.is_ink(x0 + x, y0 + y)).count();
        let n = white(0, 0);
        assert!(n > 4 && n < 18, "{} white dots in a corner", n);
        for y in 0..h {
            for x in 0..w {
                assert_eq!(s.is_ink(x, y), s.is_ink(w - 1 - x, y));
                assert_eq!(s.is_ink(x, y), s.is_ink(x, h - 1 - y));
            }
        }
        // Grey: soft corners, white outside, the middle of the edges black.
        page.grey = true;
        let g = render_bytes(&header_with(&page)).unwrap();
        let d = g.data();
        assert_eq!((d[0], d[160], d[120 * 320]), (255, 0, 0));
        assert!(d[..6].iter().any(|&v| v > 0 && v < 255), "{:?}", &d[..8]);
        page.grey = false;
        // A huge radius is clamped to half the shorter side.
        page.corner_radius_um = u32::MAX;
        let s = render_bytes(&header_with(&page)).unwrap();
        assert!(s.is_ink(w / 2, h / 2) && !s.is_ink(0, 0));
    }

    #[test]
    fn turn_comes_last_after_corners_and_flips() {
        // An asymmetric page (a block in the top-left, a bar along the bottom, rounded
        // corners), every flip and turn, both layouts: the turned page is the unturned
        // page turned dot by dot, width and height swapped for quarter turns.
        for grey in [false, true] {
            for (flip_h, flip_v) in [(false, false), (true, false), (false, true), (true, true)] {
                let mut page = PageSpec::plain(4_100, 2_300, 254); // 41 x 23 dots
                page.grey = grey;
                page.flip_h = flip_h;
                page.flip_v = flip_v;
                page.corner_radius_um = 500;
                let draw = |page: &PageSpec| {
                    let mut dl = header_with(page);
                    rect(&mut dl, 0, 0, 1_200, 700, 0, true);
                    rect(&mut dl, 0, 1_900, 4_100, 400, 0, true);
                    shape(&mut dl, &frame(2_000, 300, 1_500, 1_200), ShapeKind::Ellipse, false, 200, 0);
                    render_bytes(&dl).unwrap()
                };
                let upright = draw(&page);
                let (w, h) = (41i64, 23i64);
                for q in 1..4u8 {
                    page.turn = q;
                    let turned = draw(&page);
                    let (tw, th) = if q % 2 == 1 { (h, w) } else { (w, h) };
                    assert_eq!((turned.width() as i64, turned.height() as i64), (tw, th));
                    assert_eq!(turned.stride(), if grey { tw as usize } else { (tw as usize + 7) / 8 });
                    for y in 0..h {
                        for x in 0..w {
                            let (dx, dy) = match q {
                                1 => (h - 1 - y, x),
                                2 => (w - 1 - x, h - 1 - y),
                                _ => (y, w - 1 - x),
                            };
                            let at = |s: &Surface, x: i64, y: i64| if grey { s.data()[(y * s.width() as i64 + x) as usize] } else { s.is_ink(x, y) as u8 };
                            assert_eq!(at(&turned, dx, dy), at(&upright, x, y), "grey {} flips {} {} q{} at {},{}", grey, flip_h, flip_v, q, x, y);
                        }
                    }
                    // Clockwise: the top-left block lands top-right, the bottom bar on the left.
                    if q == 1 && !flip_h && !flip_v {
                        assert!(turned.is_ink(tw - 3, 5) && !turned.is_ink(tw - 3, 20), "block top-right");
                        assert!(turned.is_ink(1, 20) && !turned.is_ink(8, 20), "bar on the left");
                    }
                }
                page.turn = 0;
            }
        }
    }

    #[test]
    fn turned_pages_one_after_another_keep_their_buffers() {
        // The spare buffers go round: every page of a run equals the first.
        let first = {
            let mut dl = reference_label(203);
            dl[6] = (1 << 3) as u8;
            dl
        };
        let want = render_bytes(&first).unwrap();
        assert_eq!((want.width(), want.height()), (240, 320));
        for _ in 0..3 {
            let again = render_bytes(&first).unwrap();
            assert_eq!(again.data(), want.data());
            recycle(again);
        }
    }

    #[test]
    fn grey_pages_are_one_byte_a_dot() {
        let mut page = PageSpec::plain(2_000, 1_000, 254);
        page.grey = true;
        let mut dl = header_with(&page);
        shape(&mut dl, &frame(0, 0, 2_000, 1_000), ShapeKind::Ellipse, true, 0, 0);
        rect(&mut dl, 0, 0, 500, 500, 100, false);
        let s = render_bytes(&dl).unwrap();
        assert_eq!((s.width(), s.height(), s.stride(), s.data().len()), (20, 10, 20, 200));
        assert_eq!(s.data()[5 * 20 + 10], 0);
        assert!(s.data().iter().any(|&v| v > 0 && v < 255), "anti-aliased edge");
        assert_eq!(s.data()[0], 0, "the rectangle's corner");
        assert_eq!(s.data()[20 + 1], 255, "inside the rectangle, outside the ellipse");
    }

    #[test]
    fn tables_through_the_display_list() {
        // 254 dpi: a 2 x 2 table, 1 dot lines.
        let mut dl = header(500, 500, 254);
        table(&mut dl, &frame(0, 0, 500, 500), 100, &[200, 300], &[300, 200], &[]);
        let page = render_bits(&dl).unwrap();
        // Column edge at 3 dots, row edge at 2: inner lines there, the border inside the box.
        assert_eq!(page.to_ascii(), "#####\n#..##\n#####\n#..##\n#####");
    }

    #[test]
    fn random_display_lists_render_without_panicking() {
        let mut base = header(10_000, 8_000, 203);
        let mut f = frame(-500, 1_000, 6_000, 3_000);
        for rotation in 0..4u8 {
            f.rotation = rotation;
            f.anti_color = rotation % 2 == 1;
            f.mirror = rotation >= 2;
            shape(&mut base, &f, ShapeKind::RoundedRectangle, rotation == 3, 300, 1_000);
            shape(&mut base, &f, ShapeKind::Ellipse, false, 300, 0);
            table(&mut base, &f, 200, &[1_000, 2_000], &[3_000, 3_000], &[[0, 0, 1, 0]]);
            barcode_frame(&mut base, &f, 0, &spec(58, &[], b"hi"));
        }
        line(&mut base, (0, 0), (9_000, 7_000), 300, 1_000, 500, 1);
        let mut seed = 99u64;
        for _ in 0..300 {
            let mut dl = base.clone();
            for _ in 0..2 {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                let i = 28 + (seed >> 33) as usize % (dl.len() - 28);
                dl[i] = (seed >> 20) as u8;
            }
            let _ = render_bytes(&dl);
        }
    }

    #[test]
    fn shapes_through_the_display_list_at_203_and_300_dpi() {
        // A 20 x 10 mm rectangle with a 0.5 mm line at (5, 5) mm, and a 10 mm circle.
        for (dpi, x0, x1, line) in [(203u16, 40i64, 200i64, 4i64), (300, 59, 295, 6)] {
            let mut dl = header(30_000, 40_000, dpi);
            rect(&mut dl, 5_000, 5_000, 20_000, 10_000, 500, false);
            shape(&mut dl, &frame(5_000, 20_000, 10_000, 10_000), ShapeKind::Ellipse, false, 500, 0);
            let page = render_bits(&dl).unwrap();
            let mid = crate::units::um_to_dots(10_000, dpi as u32);
            let ink: Vec<i64> = (0..page.width() as i64).filter(|&x| page.get(x, mid)).collect();
            let want: Vec<i64> = (x0..x0 + line).chain(x1 - line..x1).collect();
            assert_eq!(ink, want, "{} dpi", dpi);
            // The circle: symmetric both ways and about its diagonal.
            let b = frame::dot_box(&crate::display_list::UmBox { x: 5_000, y: 20_000, width: 10_000, height: 10_000 }, dpi as u32);
            assert_eq!(b.width(), b.height());
            let n = b.width();
            for y in 0..n {
                for x in 0..n {
                    let at = |x: i64, y: i64| page.get(b.x0 + x, b.y0 + y);
                    assert_eq!(at(x, y), at(n - 1 - x, y));
                    assert_eq!(at(x, y), at(x, n - 1 - y));
                    assert_eq!(at(x, y), at(y, x));
                }
            }
            let ring: Vec<i64> = (0..n).filter(|&x| page.get(b.x0 + x, b.y0 + n / 2)).collect();
            assert_eq!(ring, (0..line).chain(n - line..n).collect::<Vec<_>>(), "{} dpi circle", dpi);
        }
    }

    /// The reference label: 40 x 30 mm, border, two text lines, a Code 128 and a QR.
    fn reference_label(dpi: u16) -> Vec<u8> {
        let mut page = PageSpec::plain(40_000, 30_000, dpi as u32);
        page.corner_radius_um = 800;
        let mut dl = header_with(&page);
        rect(&mut dl, 500, 500, 39_000, 29_000, 400, false);
        for (y, text) in [(1_500, "Asset: Laptop ThinkPad"), (6_000, "Dept: IT 2024-01-15")] {
            let payload = crate::text_command::TextCommand::new(3_500, "Arial", text).encode();
            element(&mut dl, crate::display_list::OP_TEXT, &frame(2_000, y, 36_000, 4_000), &payload);
        }
        barcode_frame(&mut dl, &frame(2_000, 11_000, 24_000, 12_000), 0, &spec(20, &[], b"ZC2024000123"));
        barcode_frame(&mut dl, &frame(27_000, 12_000, 11_000, 11_000), 0, &spec(58, &[], b"https://example.com/a/ZC2024000123"));
        dl
    }

    #[test]
    fn the_reference_label_renders() {
        let page = render_bits(&reference_label(203)).unwrap();
        assert_eq!((page.width(), page.height()), (320, 240));
        assert!(page.get(4, 120) && !page.get(0, 0), "border inside, corners white");
        assert!(page.data().iter().filter(|&&b| b != 0).count() > 1_000);
    }
}
