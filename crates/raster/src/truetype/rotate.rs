//! Quarter-turn rotation of 1-bit bitmaps, and stamping one page onto another.
//!
//! A rotated element (0, 90, 180 or 270 degrees) is drawn upright into a page of its own
//! size, turned here and stamped onto the label page. Turns work on the packed bytes: a
//! quarter turn is a transpose done as 8x8 bit-block transposes (three shift-and-mask
//! steps on a `u64`, Hacker's Delight 7-3) followed by a mirror; a half turn mirrors rows
//! and reverses the row order. Padding bits past the width are ignored on input and left
//! 0 on output.
//!
//! [`Page`] offers no raw write access, so results are written through `fill_rect` one
//! black run at a time ([`blit_packed_row`]); long runs cost one call each.

use crate::{Page, PageError};

/// A clockwise turn by a multiple of 90 degrees (y down, as on the page).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuarterTurn {
    R0,
    R90,
    R180,
    R270,
}

impl QuarterTurn {
    /// From degrees 0, 90, 180, 270 or the spec's codes 1, 2, 3 (quarter turns); `None`
    /// for anything else.
    pub fn from_code(v: i32) -> Option<QuarterTurn> {
        match v {
            0 => Some(QuarterTurn::R0),
            1 | 90 => Some(QuarterTurn::R90),
            2 | 180 => Some(QuarterTurn::R180),
            3 | 270 => Some(QuarterTurn::R270),
            _ => None,
        }
    }
}

/// `bits` (rows of `(width + 7) / 8` bytes, MSB first, like a [`Page`]) turned clockwise;
/// the result is `height` wide and `width` tall for quarter turns. `None` when a side is
/// 0 or `bits` is shorter than the bitmap.
pub fn rotate_bits(bits: &[u8], width: u32, height: u32, turn: QuarterTurn) -> Option<Vec<u8>> {
    let (w, h) = (width as usize, height as usize);
    if w == 0 || h == 0 {
        return None;
    }
    let stride = (w + 7) / 8;
    let src = bits.get(..stride.checked_mul(h)?)?;
    let mut clean = src.to_vec();
    clear_padding(&mut clean, w, h);
    Some(match turn {
        QuarterTurn::R0 => clean,
        QuarterTurn::R180 => flip_rows(&mirror(&clean, w, h), w, h),
        // clockwise: dst(x, y) = src(y, h - 1 - x) = mirror of the transpose
        QuarterTurn::R90 => mirror(&transpose(&clean, w, h), h, w),
        // counter-clockwise: dst(x, y) = src(w - 1 - y, x) = row flip of the transpose
        QuarterTurn::R270 => flip_rows(&transpose(&clean, w, h), h, w),
    })
}

/// A new page holding `page` turned clockwise.
pub fn rotate_page(page: &Page, turn: QuarterTurn) -> Result<Page, PageError> {
    let (w, h) = (page.width(), page.height());
    let bits = rotate_bits(page.data(), w, h, turn).unwrap_or_default();
    let (nw, nh) = match turn {
        QuarterTurn::R0 | QuarterTurn::R180 => (w, h),
        QuarterTurn::R90 | QuarterTurn::R270 => (h, w),
    };
    let mut out = Page::new(nw as i64, nh as i64)?;
    let stride = (nw as usize + 7) / 8;
    for (y, row) in bits.chunks(stride).enumerate() {
        blit_packed_row(&mut out, row, nw as usize, 0, y as i64);
    }
    Ok(out)
}

/// ORs `src` onto `dst` with `src`'s top-left dot at (`x`, `y`), clipped to `dst`.
pub fn blit_page(dst: &mut Page, src: &Page, x: i64, y: i64) {
    let stride = src.stride();
    for (row_y, row) in src.data().chunks(stride).enumerate() {
        let yy = y + row_y as i64;
        if yy < 0 {
            continue;
        }
        if yy >= dst.height() as i64 {
            break;
        }
        blit_packed_row(dst, row, src.width() as usize, x, yy);
    }
}

/// Sets the black dots of one packed row (`width` dots) on row `y` of `page` from
/// column `x`, one `fill_rect` per run.
pub(super) fn blit_packed_row(page: &mut Page, row: &[u8], width: usize, x: i64, y: i64) {
    let mut run_start: Option<usize> = None;
    let bytes = (width + 7) / 8;
    for (i, &b) in row.iter().take(bytes).enumerate() {
        let b = if i + 1 == bytes && width % 8 != 0 { b & (0xFF << (8 - width % 8)) } else { b };
        match b {
            0x00 => {
                if let Some(s) = run_start.take() {
                    page.fill_rect(x + s as i64, y, (i * 8 - s) as i64, 1);
                }
            }
            0xFF => {
                if run_start.is_none() {
                    run_start = Some(i * 8);
                }
            }
            _ => {
                for bit in 0..8 {
                    let on = b & (0x80 >> bit) != 0;
                    let at = i * 8 + bit;
                    match (on, run_start) {
                        (true, None) => run_start = Some(at),
                        (false, Some(s)) => {
                            page.fill_rect(x + s as i64, y, (at - s) as i64, 1);
                            run_start = None;
                        }
                        _ => {}
                    }
                }
            }
        }
    }
    if let Some(s) = run_start {
        page.fill_rect(x + s as i64, y, (width.min(bytes * 8) - s) as i64, 1);
    }
}

fn clear_padding(bits: &mut [u8], w: usize, h: usize) {
    if w % 8 == 0 {
        return;
    }
    let stride = (w + 7) / 8;
    let mask = 0xFFu8 << (8 - w % 8);
    for y in 0..h {
        bits[y * stride + stride - 1] &= mask;
    }
}

/// The transpose: `w x h` in, `h x w` out, `dst(x, y) = src(y, x)`.
fn transpose(src: &[u8], w: usize, h: usize) -> Vec<u8> {
    let (ss, ds) = ((w + 7) / 8, (h + 7) / 8);
    let mut dst = vec![0u8; ds * w];
    for by in 0..ds {
        for bx in 0..ss {
            // 8 source rows of byte column bx, row 0 in the top byte
            let mut v = 0u64;
            for k in 0..8 {
                let y = by * 8 + k;
                if y < h {
                    v |= (src[y * ss + bx] as u64) << (56 - 8 * k);
                }
            }
            if v == 0 {
                continue;
            }
            let t = transpose8(v);
            for k in 0..8 {
                let y = bx * 8 + k;
                if y < w {
                    dst[y * ds + by] = (t >> (56 - 8 * k)) as u8;
                }
            }
        }
    }
    dst
}

/// Transposes an 8x8 bit matrix held one row per byte.
fn transpose8(mut x: u64) -> u64 {
    let t = (x ^ (x >> 7)) & 0x00AA_00AA_00AA_00AA;
    x = x ^ t ^ (t << 7);
    let t = (x ^ (x >> 14)) & 0x0000_CCCC_0000_CCCC;
    x = x ^ t ^ (t << 14);
    let t = (x ^ (x >> 28)) & 0x0000_0000_F0F0_F0F0;
    x ^ t ^ (t << 28)
}

/// Left-right mirror of each row: `dst(x, y) = src(w - 1 - x, y)`.
fn mirror(src: &[u8], w: usize, h: usize) -> Vec<u8> {
    let stride = (w + 7) / 8;
    let pad = (stride * 8 - w) as u32;
    let mut dst = vec![0u8; stride * h];
    for y in 0..h {
        let s = &src[y * stride..(y + 1) * stride];
        let d = &mut dst[y * stride..(y + 1) * stride];
        // reversed bytes, bit-reversed, then shifted left past the (now leading) padding
        for i in 0..stride {
            let hi = s[stride - 1 - i].reverse_bits();
            let lo = if i + 1 < stride { s[stride - 2 - i].reverse_bits() } else { 0 };
            d[i] = if pad == 0 { hi } else { (hi << pad) | (lo >> (8 - pad)) };
        }
    }
    dst
}

/// Top-bottom flip: row order reversed.
fn flip_rows(src: &[u8], w: usize, h: usize) -> Vec<u8> {
    let stride = (w + 7) / 8;
    let mut dst = Vec::with_capacity(src.len());
    for y in (0..h).rev() {
        dst.extend_from_slice(&src[y * stride..(y + 1) * stride]);
    }
    dst
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random_page(w: i64, h: i64, seed: &mut u64) -> Page {
        let mut p = Page::new(w, h).unwrap();
        for y in 0..h {
            for x in 0..w {
                *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                if (*seed >> 40) % 3 == 0 {
                    p.fill_rect(x, y, 1, 1);
                }
            }
        }
        p
    }

    #[test]
    fn turns_match_dot_by_dot() {
        let mut seed = 7u64;
        for &(w, h) in &[(1, 1), (8, 8), (13, 5), (5, 13), (17, 9), (64, 3), (3, 64), (31, 33)] {
            let p = random_page(w, h, &mut seed);
            let r90 = rotate_page(&p, QuarterTurn::R90).unwrap();
            let r180 = rotate_page(&p, QuarterTurn::R180).unwrap();
            let r270 = rotate_page(&p, QuarterTurn::R270).unwrap();
            assert_eq!((r90.width() as i64, r90.height() as i64), (h, w));
            assert_eq!((r180.width() as i64, r180.height() as i64), (w, h));
            for y in 0..h {
                for x in 0..w {
                    let v = p.get(x, y);
                    assert_eq!(r90.get(h - 1 - y, x), v, "90 {}x{} at {},{}", w, h, x, y);
                    assert_eq!(r180.get(w - 1 - x, h - 1 - y), v, "180 {}x{} at {},{}", w, h, x, y);
                    assert_eq!(r270.get(y, w - 1 - x), v, "270 {}x{} at {},{}", w, h, x, y);
                }
            }
            assert_eq!(rotate_page(&p, QuarterTurn::R0).unwrap(), p);
            // four quarter turns are the identity, and padding bits stay clear
            let back = rotate_page(&rotate_page(&r90, QuarterTurn::R90).unwrap(), QuarterTurn::R180).unwrap();
            assert_eq!(back, p);
        }
    }

    #[test]
    fn ascii_example() {
        let mut p = Page::new(3, 2).unwrap();
        p.fill_rect(0, 0, 3, 1);
        p.fill_rect(0, 1, 1, 1);
        // ###      ##
        // #..  ->  .#   (clockwise)
        //          .#
        assert_eq!(rotate_page(&p, QuarterTurn::R90).unwrap().to_ascii(), "##\n.#\n.#");
        assert_eq!(rotate_page(&p, QuarterTurn::R270).unwrap().to_ascii(), "#.\n#.\n##");
        assert_eq!(rotate_page(&p, QuarterTurn::R180).unwrap().to_ascii(), "..#\n###");
    }

    #[test]
    fn blit_ors_and_clips() {
        let mut src = Page::new(10, 2).unwrap();
        src.fill_rect(0, 0, 10, 1);
        src.fill_rect(2, 1, 3, 1);
        let mut dst = Page::new(8, 3).unwrap();
        dst.fill_rect(7, 2, 1, 1);
        blit_page(&mut dst, &src, -1, 1);
        assert_eq!(dst.to_ascii(), "........\n########\n.###...#");
    }

    #[test]
    fn rotate_bits_checks_sizes_and_ignores_padding() {
        assert!(rotate_bits(&[0xFF], 0, 1, QuarterTurn::R90).is_none());
        assert!(rotate_bits(&[0xFF], 8, 2, QuarterTurn::R90).is_none());
        // width 3 with garbage in the padding bits
        let r = rotate_bits(&[0b1011_1111], 3, 1, QuarterTurn::R90).unwrap();
        assert_eq!(r, vec![0x80, 0x00, 0x80]);
        assert_eq!(QuarterTurn::from_code(3), Some(QuarterTurn::R270));
        assert_eq!(QuarterTurn::from_code(45), None);
    }
}
