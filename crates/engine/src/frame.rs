//! The element frame: where an element's content is drawn and how it is turned, mirrored
//! and inverted (the common element prefix of display list v2).
//!
//! * **Plain elements** (rotation 0, no ANTI_COLOR, no MIRROR), nearly all of them, draw
//!   straight into the page at their dot box: no scratch page, no copy.
//! * **Otherwise** the content is drawn into a white scratch surface of the box's
//!   unrotated size in dots (`w x h`, the box's edges converted by the rounding rule),
//!   then mirrored left-right (MIRROR), turned by quarter turns clockwise, and
//!   composited so that the turned box keeps the box's centre: a quarter turn of a
//!   `w x h` box lands as `h x w` at `x0 = floor((x0 + x1 - h) / 2)`, likewise `y0`
//!   (when `w - h` is odd the half dot goes up and left, the same way every time).
//!   Only the part of the box that lands on the page gets a scratch (the drawer sees the
//!   whole box at a negative offset and is clipped), so a huge element costs no more than
//!   the page; the content is clipped to its box.
//! * **Compositing**: ink is added (1-bit OR, grey the darker of the two); with
//!   ANTI_COLOR the turned box is painted black and the content's ink white (grey: the
//!   box takes `255 - content level`), over whatever was there.

use crate::display_list::{ElementFrame, UmBox};
use crate::target::{Surface, Target};
use crate::units::DotBox;
use crate::EngineError;
use assetmark_raster::{GreyPage, Page};

/// A box in µm converted by its edges.
pub fn dot_box(area: &UmBox, dpi: u32) -> DotBox {
    DotBox::from_um(area.x as i64, area.y as i64, area.width as i64, area.height as i64, dpi)
}

/// Draws one element whose box is `b` (page dots; usually [`dot_box`] of the frame's
/// area, grown for a TEXT's autoHeight): `draw` gets a target and the
/// box in that target's dots (the page and `b` for plain elements; a scratch surface and
/// `0, 0, w, h` otherwise).
pub fn draw_element<F>(t: &mut Target, frame: &ElementFrame, b: DotBox, mut draw: F) -> Result<(), EngineError>
where
    F: FnMut(&mut Target, DotBox) -> Result<(), EngineError>,
{
    if frame.is_plain() {
        return draw(t, b);
    }
    let (w, h) = (b.width(), b.height());
    if w <= 0 || h <= 0 {
        return Ok(()); // an empty box has no content and no area to invert
    }
    let q = frame.rotation & 3;
    // The turned box (page dots), keeping the box's centre.
    let (tw, th) = if q % 2 == 1 { (h, w) } else { (w, h) };
    let tx = (b.x0 + b.x1 - tw).div_euclid(2);
    let ty = (b.y0 + b.y1 - th).div_euclid(2);
    // Only the part of it on the target is drawn: that part, in turned-box dots, maps
    // back through the turn and the mirror to the part of the upright box to draw.
    let visible = Rect { x0: (-tx).max(0), y0: (-ty).max(0), x1: tw.min(t.width() - tx), y1: th.min(t.height() - ty) };
    if visible.is_empty() {
        return Ok(());
    }
    let mut part = unturn(visible, q, w, h);
    if frame.mirror {
        part = part.mirrored(w);
    }
    let mut scratch = Surface::new(t.is_grey(), part.x1 - part.x0, part.y1 - part.y0)?;
    draw(&mut scratch.target(), DotBox { x0: -part.x0, y0: -part.y0, x1: w - part.x0, y1: h - part.y0 })?;
    if frame.mirror {
        mirror(&mut scratch);
        part = part.mirrored(w);
    }
    let turned = turn(scratch, q)?;
    let at = turn_rect(part, q, w, h);
    composite(t, &turned, tx + at.x0, ty + at.y0, frame.anti_color);
    Ok(())
}

/// A rectangle of dots, `x0..x1` x `y0..y1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rect {
    x0: i64,
    y0: i64,
    x1: i64,
    y1: i64,
}

impl Rect {
    fn is_empty(&self) -> bool {
        self.x0 >= self.x1 || self.y0 >= self.y1
    }

    /// The rectangle mirrored left-right in a box `w` wide.
    fn mirrored(self, w: i64) -> Rect {
        Rect { x0: w - self.x1, y0: self.y0, x1: w - self.x0, y1: self.y1 }
    }
}

/// Where the part `r` of an upright `w x h` box lands after `q` quarter turns clockwise
/// (in the turned box's dots). A clockwise quarter turn takes dot (x, y) to (h - 1 - y, x).
fn turn_rect(r: Rect, q: u8, w: i64, h: i64) -> Rect {
    match q {
        1 => Rect { x0: h - r.y1, y0: r.x0, x1: h - r.y0, y1: r.x1 },
        2 => Rect { x0: w - r.x1, y0: h - r.y1, x1: w - r.x0, y1: h - r.y0 },
        3 => Rect { x0: r.y0, y0: w - r.x1, x1: r.y1, y1: w - r.x0 },
        _ => r,
    }
}

/// The part of the upright `w x h` box that lands on `r` of the turned box.
fn unturn(r: Rect, q: u8, w: i64, h: i64) -> Rect {
    match q {
        1 => Rect { x0: r.y0, y0: h - r.x1, x1: r.y1, y1: h - r.x0 },
        2 => Rect { x0: w - r.x1, y0: h - r.y1, x1: w - r.x0, y1: h - r.y0 },
        3 => Rect { x0: w - r.y1, y0: r.x0, x1: w - r.y0, y1: r.x1 },
        _ => r,
    }
}

/// Mirrors every row left-right in place.
pub fn mirror(s: &mut Surface) {
    match s {
        Surface::Bits(p) => mirror_bits(p),
        Surface::Grey(g) => {
            let w = g.width() as usize;
            for row in g.data_mut().chunks_mut(w) {
                row.reverse();
            }
        }
    }
}

/// Each byte's bits in reverse order (bit 7 <-> bit 0): a table, since Wasm has no
/// bit-reverse instruction (`u8::reverse_bits` compiles to a dozen shifts and masks).
pub(crate) const REVERSED: [u8; 256] = reversed_bytes();

const fn reversed_bytes() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = (b as u8).reverse_bits();
        b += 1;
    }
    t
}

/// Mirrors a 1-bit page left-right in place: each row's bytes reversed and bit-reversed,
/// then shifted left by the padding so dot 0 lands on bit 7 of byte 0 again.
fn mirror_bits(p: &mut Page) {
    let stride = p.stride();
    let pad = (stride * 8 - p.width() as usize) as u32;
    for row in p.data_mut().chunks_exact_mut(stride) {
        row.reverse();
        for b in row.iter_mut() {
            *b = REVERSED[*b as usize];
        }
        if pad > 0 {
            // Left to right: byte j + 1 is read before it is shifted itself.
            for j in 0..stride {
                let next = if j + 1 < stride { row[j + 1] >> (8 - pad) } else { 0 };
                row[j] = (row[j] << pad) | next;
            }
        }
    }
}

/// Mirrors the rows top-bottom in place.
pub fn flip_vertical(s: &mut Surface) {
    let stride = s.stride();
    let data = match s {
        Surface::Bits(p) => p.data_mut(),
        Surface::Grey(g) => g.data_mut(),
    };
    let rows = data.len() / stride;
    for y in 0..rows / 2 {
        let (top, bottom) = data.split_at_mut((rows - 1 - y) * stride);
        top[y * stride..(y + 1) * stride].swap_with_slice(&mut bottom[..stride]);
    }
}

/// `s` turned `quarter_turns` (0-3) clockwise (turn.rs).
pub fn turn(s: Surface, quarter_turns: u8) -> Result<Surface, EngineError> {
    crate::turn::turn(s, quarter_turns, Vec::new()).map(|(turned, _)| turned)
}

/// Puts `src` onto `t` with its top-left dot at (`x`, `y`), clipped: ink added, or with
/// `invert` the whole of `src`'s area painted black with `src`'s ink white.
pub fn composite(t: &mut Target, src: &Surface, x: i64, y: i64, invert: bool) {
    match (t, src) {
        (Target::Bits(dst), Surface::Bits(src)) => blit_bits(dst, src, x, y, invert),
        (Target::Grey(dst), Surface::Grey(src)) => blit_grey(dst, src, x, y, invert),
        // Scratch surfaces are made like their target; mixed kinds never meet.
        _ => {}
    }
}

/// The visible part of a `len`-long source placed at `at` on a `limit`-long target:
/// source indices `begin..end`.
fn visible(at: i64, len: i64, limit: i64) -> (i64, i64) {
    ((-at).max(0), len.min(limit - at))
}

fn blit_bits(dst: &mut Page, src: &Page, x: i64, y: i64, invert: bool) {
    let (sx0, sx1) = visible(x, src.width() as i64, dst.width() as i64);
    let (sy0, sy1) = visible(y, src.height() as i64, dst.height() as i64);
    if sx0 >= sx1 || sy0 >= sy1 {
        return;
    }
    let (ss, ds) = (src.stride(), dst.stride());
    let src_data = src.data();
    let dst_data = dst.data_mut();
    for sy in sy0..sy1 {
        let srow = &src_data[sy as usize * ss..(sy as usize + 1) * ss];
        let dy = (y + sy) as usize;
        let drow = &mut dst_data[dy * ds..(dy + 1) * ds];
        let mut sx = sx0;
        while sx < sx1 {
            // Up to 8 source dots, left-aligned in a byte, and the mask of those present.
            let n = (sx1 - sx).min(8) as u32;
            let (k, o) = ((sx / 8) as usize, (sx % 8) as u32);
            let mut v = srow[k] << o;
            if o > 0 && k + 1 < ss {
                v |= srow[k + 1] >> (8 - o);
            }
            let m = 0xFFu8 << (8 - n);
            v = if invert { !v & m } else { v & m };
            let px = x + sx; // >= 0
            let (i, sh) = ((px / 8) as usize, (px % 8) as u32);
            if invert {
                drow[i] = (drow[i] & !(m >> sh)) | (v >> sh);
                if sh > 0 && i + 1 < ds {
                    drow[i + 1] = (drow[i + 1] & !(m << (8 - sh))) | (v << (8 - sh));
                }
            } else {
                drow[i] |= v >> sh;
                if sh > 0 && i + 1 < ds {
                    drow[i + 1] |= v << (8 - sh);
                }
            }
            sx += n as i64;
        }
    }
}

fn blit_grey(dst: &mut GreyPage, src: &GreyPage, x: i64, y: i64, invert: bool) {
    let (sx0, sx1) = visible(x, src.width() as i64, dst.width() as i64);
    let (sy0, sy1) = visible(y, src.height() as i64, dst.height() as i64);
    if sx0 >= sx1 || sy0 >= sy1 {
        return;
    }
    let (sw, dw) = (src.width() as usize, dst.width() as usize);
    let src_data = src.data();
    let dst_data = dst.data_mut();
    for sy in sy0..sy1 {
        let s = &src_data[sy as usize * sw + sx0 as usize..sy as usize * sw + sx1 as usize];
        let start = (y + sy) as usize * dw + (x + sx0) as usize;
        let d = &mut dst_data[start..start + s.len()];
        for (d, &s) in d.iter_mut().zip(s) {
            *d = if invert { 255 - s } else { (*d).min(s) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn surface(grey: bool, art: &str) -> Surface {
        let rows: Vec<&str> = art.split('\n').collect();
        let mut s = Surface::new(grey, rows[0].len() as i64, rows.len() as i64).unwrap();
        {
            let mut t = s.target();
            for (y, r) in rows.iter().enumerate() {
                for (x, c) in r.chars().enumerate() {
                    if c == '#' {
                        t.fill(x as i64, y as i64, x as i64 + 1, y as i64 + 1);
                    }
                }
            }
        }
        s
    }

    #[test]
    fn mirror_turn_and_flip_both_kinds() {
        for grey in [false, true] {
            for w in [1usize, 3, 8, 9, 17] {
                let art: String = (0..2).map(|y| (0..w).map(|x| if (x + y) % 3 == 0 || x == 0 { '#' } else { '.' }).collect::<String>()).collect::<Vec<_>>().join("\n");
                let mut s = surface(grey, &art);
                mirror(&mut s);
                let want: Vec<String> = art.split('\n').map(|r| r.chars().rev().collect()).collect();
                assert_eq!(s.to_ascii(), want.join("\n"), "w {} grey {}", w, grey);
                mirror(&mut s);
                assert_eq!(s.to_ascii(), art);
            }
            let s = surface(grey, "##.\n...");
            assert_eq!(turn(s, 1).unwrap().to_ascii(), ".#\n.#\n..");
            let s = surface(grey, "##.\n...");
            assert_eq!(turn(s, 2).unwrap().to_ascii(), "...\n.##");
            let s = surface(grey, "##.\n...");
            assert_eq!(turn(s, 3).unwrap().to_ascii(), "..\n#.\n#.");
            let mut s = surface(grey, "#..\n...\n..#\n.#.");
            flip_vertical(&mut s);
            assert_eq!(s.to_ascii(), ".#.\n..#\n...\n#..");
        }
    }

    #[test]
    fn composite_ors_or_inverts_with_clipping() {
        for grey in [false, true] {
            for x in -3i64..12 {
                let src = surface(grey, "#.#.#.#.#.\n..........");
                let mut dst = surface(grey, "............\n#...........");
                composite(&mut dst.target(), &src, x, 0, false);
                let want0: String = (0..12).map(|c| if c - x >= 0 && c - x < 10 && (c - x) % 2 == 0 { '#' } else { '.' }).collect();
                assert_eq!(dst.to_ascii(), format!("{}\n#...........", want0), "x {}", x);
                let mut dst = surface(grey, "............\n#...........");
                composite(&mut dst.target(), &src, x, 1, true);
                let want1: String = (0..12).map(|c| if c - x >= 0 && c - x < 10 && (c - x) % 2 == 1 { '#' } else if c == 0 && !(c - x >= 0 && c - x < 10) { '#' } else { '.' }).collect();
                assert_eq!(dst.to_ascii(), format!("............\n{}", want1), "x {} invert", x);
            }
        }
    }

    #[test]
    fn rect_turns_round_trip() {
        let (w, h) = (7, 4);
        let r = Rect { x0: 1, y0: 0, x1: 3, y1: 2 };
        for q in 0..4u8 {
            assert_eq!(unturn(turn_rect(r, q, w, h), q, w, h), r, "q {}", q);
        }
        assert_eq!(turn_rect(r, 1, w, h), Rect { x0: 2, y0: 1, x1: 4, y1: 3 });
    }

    #[test]
    fn turned_elements_off_the_page_draw_only_their_visible_part() {
        // A 2 m long turned, mirrored, inverted rectangle outline across a small page at
        // 300 dpi: the scratch is the visible part only, and the picture is right.
        for grey in [false, true] {
            for q in 0..4u8 {
                let mut page = Surface::new(grey, 40, 30).unwrap();
                let mut f = ElementFrame::plain(UmBox { x: -1_000_000, y: -1_000_000, width: 2_001_000, height: 2_001_000 });
                f.rotation = q;
                f.anti_color = true;
                f.mirror = q % 2 == 0;
                let b = dot_box(&f.area, 254);
                let mut calls = 0;
                draw_element(&mut page.target(), &f, b, |t, bx| {
                    calls += 1;
                    assert!(t.width() <= 40 && t.height() <= 40, "scratch {}x{}", t.width(), t.height());
                    assert_eq!((bx.width(), bx.height()), (b.width(), b.height()));
                    t.fill(bx.x0, bx.y0, bx.x1, bx.y1); // all ink: inverted, all white
                    Ok(())
                })
                .unwrap();
                assert_eq!(calls, 1);
                assert!((0..30).all(|y| (0..40).all(|x| !page.is_ink(x, y))), "q {}", q);
            }
        }
    }

    #[test]
    fn turned_boxes_keep_their_centre() {
        // 254 dpi: 1 dot = 100 µm. A 4 x 2 dot box at (2, 3) with its left column inked.
        for grey in [false, true] {
            let mut page = Surface::new(grey, 10, 10).unwrap();
            let mut f = ElementFrame::plain(UmBox { x: 200, y: 300, width: 400, height: 200 });
            f.rotation = 1;
            draw_element(&mut page.target(), &f, dot_box(&f.area, 254), |t, b| {
                assert_eq!((b.x0, b.y0, b.x1, b.y1), (0, 0, 4, 2));
                t.fill(0, 0, 1, 2);
                Ok(())
            })
            .unwrap();
            // Turned: 2 wide x 4 tall about the centre (4, 4): columns 3-4, rows 2-5; the
            // left column becomes the top row.
            let ink: Vec<(i64, i64)> = (0..10).flat_map(|y| (0..10).map(move |x| (x, y))).filter(|&(x, y)| page.is_ink(x, y)).collect();
            assert_eq!(ink, vec![(3, 2), (4, 2)]);
            // Anti-colour: the turned box black, the content white.
            let mut page = Surface::new(grey, 10, 10).unwrap();
            f.anti_color = true;
            draw_element(&mut page.target(), &f, dot_box(&f.area, 254), |t, _| {
                t.fill(0, 0, 1, 2);
                Ok(())
            })
            .unwrap();
            let ink: Vec<(i64, i64)> = (0..10).flat_map(|y| (0..10).map(move |x| (x, y))).filter(|&(x, y)| page.is_ink(x, y)).collect();
            assert_eq!(ink, vec![(3, 3), (4, 3), (3, 4), (4, 4), (3, 5), (4, 5)]);
        }
    }
}
