//! IMAGE (display list v2, opcode 6): the payload after the 20-byte element prefix, and
//! drawing it. The resampling, tiling and half-toning themselves are
//! `assetmark_raster::dither`; this module validates the wire fields and maps them on it.
//!
//! Payload after the prefix (offsets from the prefix's end; add 20 for the contract's):
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | u8 | dither: 0 threshold, 1 ordered 8x8 (default half-tone), 2 Floyd-Steinberg, 3 Atkinson, 4 grey |
//! | 1 | u8 | threshold 0-255 (dither 0: a pixel darker than it is black; else ignored) |
//! | 2 | u8 | flags: bit 0 tile; other bits 0 |
//! | 3 | u8 | reserved, 0 |
//! | 4 | u32 | image width, pixels, 1-8192 |
//! | 8 | u32 | image height, pixels, 1-8192 |
//! | 12 | u32 | tile width, µm: >= 1 with the tile flag, else 0 |
//! | 16 | u32 | tile height, µm: likewise |
//! | 20 | w*h | luminance, row-major, 0 black .. 255 white; exactly w*h bytes |
//!
//! Drawing: the element's dot box is the picture's box (nothing drawn outside it). Without
//! the tile flag the picture is stretched to the box; with it, it is scaled to one tile of
//! `max(1, um_to_dots(tile size))` dots a side (whole dots, so every tile is identical) and
//! repeated from the box's top-left dot, the box cutting the last tiles. Half-tone patterns
//! follow the target's dot coordinates: the page's for plain elements, so neighbouring
//! pictures meet without a seam; a turned, mirrored or inverted picture is drawn in the
//! frame's scratch surface and turned with it.
//!
//! Modes by target: 1-bit pages take the dither asked for, with grey (4) printed as the
//! ordered half-tone; grey pages keep the levels for grey (4) and show the very dots a
//! printer would get for 0-3. Ink only, like every element: 1-bit dots are OR-ed in, grey
//! dots take the darker of old and new (white pixels leave what is under them).

use crate::reader::Reader;
use crate::target::Target;
use crate::units::{um_to_dots, DotBox};
use crate::EngineError;
use assetmark_raster::dither::{draw_bits, draw_grey, Halftone, Luma, Placement};

/// Bytes before the pixels.
pub const FIXED_LEN: usize = 20;
pub const FLAG_TILE: u8 = 1;

/// How the picture's levels become dots (the wire's dither byte).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dither {
    Threshold = 0,
    Ordered = 1,
    FloydSteinberg = 2,
    Atkinson = 3,
    Grey = 4,
}

/// A decoded IMAGE payload; the pixels borrow the display list.
#[derive(Clone, Copy, Debug)]
pub struct ImageCommand<'a> {
    pub dither: Dither,
    /// Dither 0 only: pixels below it are black.
    pub threshold: u8,
    /// Tile width and height in µm (each >= 1) when the tile flag is set.
    pub tile_um: Option<(u32, u32)>,
    pub image: Luma<'a>,
}

/// Decodes and validates the payload after the element prefix.
pub fn decode(payload_after_prefix: &[u8]) -> Result<ImageCommand<'_>, EngineError> {
    let mut p = Reader::new(payload_after_prefix);
    let dither = match p.u8("image dither")? {
        0 => Dither::Threshold,
        1 => Dither::Ordered,
        2 => Dither::FloydSteinberg,
        3 => Dither::Atkinson,
        4 => Dither::Grey,
        v => return Err(EngineError::parameter(format!("image dither {} is not 0-4", v))),
    };
    let threshold = p.u8("image threshold")?;
    let flags = p.u8("image flags")?;
    if flags & !FLAG_TILE != 0 {
        return Err(EngineError::parameter(format!("image flags {:#04x}: only bit 0 (tile) may be set", flags)));
    }
    if p.u8("image reserved byte")? != 0 {
        return Err(EngineError::parameter("image reserved byte must be 0"));
    }
    let width = p.u32("image width")?;
    let height = p.u32("image height")?;
    for (name, v) in [("width", width), ("height", height)] {
        if v == 0 || v > Luma::MAX_SIDE {
            return Err(EngineError::parameter(format!("image {} {} pixels is not 1-{}", name, v, Luma::MAX_SIDE)));
        }
    }
    let tile_w = p.u32("image tile width")?;
    let tile_h = p.u32("image tile height")?;
    let tile_um = if flags & FLAG_TILE != 0 {
        if tile_w == 0 || tile_h == 0 {
            return Err(EngineError::parameter(format!(
                "image tile size {} x {} µm: a tiled image needs both sides above 0",
                tile_w, tile_h
            )));
        }
        Some((tile_w, tile_h))
    } else {
        if tile_w != 0 || tile_h != 0 {
            return Err(EngineError::parameter(format!(
                "image tile size {} x {} µm without the tile flag: must be 0 x 0",
                tile_w, tile_h
            )));
        }
        None
    };
    let pixels = p.rest();
    let need = width as usize * height as usize;
    let image = Luma::new(pixels, width, height).ok_or_else(|| {
        EngineError::parameter(format!(
            "image pixels: {} bytes for a {} x {} image, expected exactly {}",
            pixels.len(),
            width,
            height,
            need
        ))
    })?;
    Ok(ImageCommand { dither, threshold, tile_um, image })
}

/// Draws the picture unrotated into `area` (dots of `target`), clipped to the target;
/// `dpi` converts the tile size.
pub fn draw(cmd: &ImageCommand, target: &mut Target, area: DotBox, dpi: u32) -> Result<(), EngineError> {
    let tile = cmd.tile_um.map(|(w, h)| (um_to_dots(w as i64, dpi).max(1), um_to_dots(h as i64, dpi).max(1)));
    let place = Placement { x0: area.x0, y0: area.y0, x1: area.x1, y1: area.y1, tile };
    let halftone = match cmd.dither {
        Dither::Threshold => Some(Halftone::Threshold(cmd.threshold)),
        Dither::Ordered => Some(Halftone::Ordered),
        Dither::FloydSteinberg => Some(Halftone::FloydSteinberg),
        Dither::Atkinson => Some(Halftone::Atkinson),
        Dither::Grey => None,
    };
    match target {
        Target::Bits(page) => draw_bits(page, cmd.image, &place, halftone.unwrap_or(Halftone::Ordered)),
        Target::Grey(grey) => draw_grey(grey, cmd.image, &place, halftone),
    }
    Ok(())
}

/// Builds IMAGE payloads in tests (after the prefix; display_list's `build::element` adds
/// the prefix).
#[cfg(test)]
pub mod build {
    /// `tile`: tile size in µm (sets the flag).
    pub fn payload(dither: u8, threshold: u8, tile: Option<(u32, u32)>, width: u32, height: u32, pixels: &[u8]) -> Vec<u8> {
        let mut p = vec![dither, threshold, tile.is_some() as u8, 0];
        let (tw, th) = tile.unwrap_or((0, 0));
        for v in [width, height, tw, th] {
            p.extend_from_slice(&v.to_le_bytes());
        }
        p.extend_from_slice(pixels);
        p
    }
}

#[cfg(test)]
mod tests {
    use super::build::payload;
    use super::*;
    use crate::display_list::build::{element, frame, header, header_with};
    use crate::display_list::{PageSpec, OP_IMAGE};
    use crate::render::render_bytes;
    use crate::target::Surface;
    use crate::ErrorCode;

    #[test]
    fn decodes_every_field() {
        let px: Vec<u8> = (0..6).collect();
        let bytes = payload(0, 77, None, 3, 2, &px);
        let c = decode(&bytes).unwrap();
        assert_eq!((c.dither, c.threshold, c.tile_um), (Dither::Threshold, 77, None));
        assert_eq!((c.image.width(), c.image.height(), c.image.pixels()), (3, 2, &px[..]));
        for (byte, want) in [(1, Dither::Ordered), (2, Dither::FloydSteinberg), (3, Dither::Atkinson), (4, Dither::Grey)] {
            assert_eq!(decode(&payload(byte, 0, None, 3, 2, &px)).unwrap().dither, want);
        }
        assert_eq!(decode(&payload(1, 0, Some((2_500, 1)), 1, 1, &[9])).unwrap().tile_um, Some((2_500, 1)));
    }

    #[test]
    fn malformed_payloads_name_the_field() {
        let px = [0u8; 4];
        let bad = |bytes: Vec<u8>, words: &str| {
            let e = decode(&bytes).err().unwrap_or_else(|| panic!("accepted, expected {}", words));
            assert_eq!(e.code, ErrorCode::Parameter);
            assert!(e.message.contains(words), "{:?} lacks {:?}", e.message, words);
        };
        bad(payload(5, 0, None, 2, 2, &px), "image dither 5");
        let mut b = payload(1, 0, None, 2, 2, &px);
        b[2] = 2;
        bad(b, "image flags");
        let mut b = payload(1, 0, None, 2, 2, &px);
        b[3] = 1;
        bad(b, "reserved");
        bad(payload(1, 0, None, 0, 2, &[]), "image width 0");
        bad(payload(1, 0, None, 2, 8193, &[]), "image height 8193");
        bad(payload(1, 0, Some((0, 5)), 2, 2, &px), "tile size 0 x 5");
        let mut b = payload(1, 0, None, 2, 2, &px);
        b[12] = 1;
        bad(b, "without the tile flag");
        bad(payload(1, 0, None, 2, 2, &px[..3]), "image pixels: 3 bytes");
        bad(payload(1, 0, None, 2, 2, &[0; 5]), "expected exactly 4");
        bad(payload(1, 0, None, 2, 2, &px)[..10].to_vec(), "truncated image height");
        bad(Vec::new(), "truncated image dither");
        // The largest image decodes.
        let big = vec![255u8; 8192 * 2];
        assert!(decode(&payload(1, 0, None, 8192, 2, &big)).is_ok());
    }

    #[test]
    fn random_bytes_never_panic() {
        let mut seed = 11u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as u32
        };
        let base = payload(1, 128, Some((1_000, 1_000)), 3, 3, &[0, 50, 100, 150, 200, 250, 0, 0, 0]);
        for _ in 0..20_000 {
            let mut b = base.clone();
            for _ in 0..(next() % 4) {
                let i = next() as usize % b.len();
                b[i] = next() as u8;
            }
            b.truncate(next() as usize % (b.len() + 2));
            if let Ok(c) = decode(&b) {
                // Whatever decodes also draws.
                for grey in [false, true] {
                    let mut s = Surface::new(grey, 20, 20).unwrap();
                    let area = DotBox { x0: -3, y0: 2, x1: 15, y1: 30 };
                    let mut t = s.target();
                    draw(&c, &mut t, area, 203).unwrap();
                }
            }
            let junk: Vec<u8> = (0..next() % 40).map(|_| next() as u8).collect();
            let _ = decode(&junk);
        }
    }

    /// A page of `w` x `h` mm at 254 dpi (one dot = 100 µm) with one plain IMAGE.
    fn render_one(grey: bool, x: i32, y: i32, w: u32, h: u32, image: &[u8]) -> Surface {
        let mut page = PageSpec::plain(2_000, 1_000, 254);
        page.grey = grey;
        let mut dl = header_with(&page);
        element(&mut dl, OP_IMAGE, &frame(x, y, w, h), image);
        render_bytes(&dl).unwrap()
    }

    #[test]
    fn draws_into_one_bit_pages_clipped_at_the_edges() {
        // 2 x 2 checker, threshold, stretched to 6 x 4 dots hanging over the right edge
        // (page 20 x 10 dots; the box is x 17..23).
        let px = [0, 255, 255, 0];
        let s = render_one(false, 1_700, 300, 600, 400, &payload(0, 128, None, 2, 2, &px));
        let rows: Vec<String> = s.to_ascii().lines().map(|l| l[14..].to_string()).collect();
        assert_eq!(rows[2..8], ["......", "...###", "...###", "......", "......", "......"][..]);
        // Rows 3-4: the top-left black quarter (x 17..19); rows 5-6: its white quarter.
        assert_eq!(s.to_ascii().lines().filter(|l| l.contains('#')).count(), 2);
        // Hanging over the top-left corner (box x -3..3, y -2..2): only its bottom-right
        // (black) quarter is on the page.
        let s = render_one(false, -300, -200, 600, 400, &payload(0, 128, None, 2, 2, &px));
        let ascii = s.to_ascii();
        let rows: Vec<&str> = ascii.lines().map(|l| &l[..5]).collect();
        assert_eq!(rows[..3], ["###..", "###..", "....."][..]);
        assert_eq!(s.data().iter().map(|b| b.count_ones()).sum::<u32>(), 6);
    }

    #[test]
    fn grey_pages_keep_levels_or_show_the_printed_dots() {
        let px = [0, 90, 180, 255];
        let s = render_one(true, 0, 0, 400, 100, &payload(4, 0, None, 4, 1, &px));
        assert_eq!(&s.data()[..5], &[0, 90, 180, 255, 255]);
        // Dither 1-3 on grey: exactly the 1-bit page's dots, as 0 and 255.
        let flat = vec![128u8; 64];
        for d in 0..4 {
            let bytes = payload(d, 100, None, 8, 8, &flat);
            let g = render_one(true, 100, 100, 1_500, 700, &bytes);
            let b = render_one(false, 100, 100, 1_500, 700, &bytes);
            assert_eq!(g.to_ascii(), b.to_ascii(), "dither {}", d);
            assert!(g.data().iter().all(|&v| v == 0 || v == 255));
        }
        // Grey (4) on a 1-bit page prints the ordered half-tone.
        let a = render_one(false, 0, 0, 2_000, 1_000, &payload(4, 0, None, 8, 8, &flat));
        let b = render_one(false, 0, 0, 2_000, 1_000, &payload(1, 0, None, 8, 8, &flat));
        assert_eq!(a.to_ascii(), b.to_ascii());
        assert!(a.data().iter().any(|&v| v != 0));
    }

    #[test]
    fn tiles_repeat_at_the_tile_size_in_dots() {
        // A 2 x 1 image [black, white] tiled at 0.2 x 0.1 mm = 2 x 1 dots.
        let s = render_one(false, 100, 0, 900, 200, &payload(0, 128, Some((200, 100)), 2, 1, &[0, 255]));
        let row = s.to_ascii().lines().next().unwrap().to_string();
        assert_eq!(row, ".#.#.#.#.#..........");
        // Neighbouring pictures line up their ordered pattern: one picture equals two halves.
        let flat = vec![150u8; 4];
        let one = render_one(false, 0, 0, 2_000, 1_000, &payload(1, 0, None, 2, 2, &flat));
        let mut dl = header(2_000, 1_000, 254);
        element(&mut dl, OP_IMAGE, &frame(0, 0, 700, 1_000), &payload(1, 0, None, 2, 2, &flat));
        element(&mut dl, OP_IMAGE, &frame(700, 0, 1_300, 1_000), &payload(1, 0, None, 2, 2, &flat));
        assert_eq!(render_bytes(&dl).unwrap().to_ascii(), one.to_ascii());
    }

    #[test]
    fn turned_pictures_turn_with_their_frame() {
        // A 2 x 1 image [black, white] in a 2 x 2-dot box turned a quarter clockwise: the
        // black left half becomes the top half.
        let mut dl = header(400, 400, 254);
        let mut f = frame(100, 100, 200, 200);
        f.rotation = 1;
        element(&mut dl, OP_IMAGE, &f, &payload(0, 128, None, 2, 1, &[0, 255]));
        assert_eq!(render_bytes(&dl).unwrap().to_ascii(), "....\n.##.\n....\n....");
    }
}
