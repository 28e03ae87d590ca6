//! Quarter turns of a whole surface, clockwise as seen on the page (y grows downwards): a
//! 90° turn takes dot (x, y) of a `w x h` surface to (h - 1 - y, x) of the `h x w` result,
//! so the top-left dot lands top-right. Used for the page-level TURN (display_list.rs
//! header, applied last at page finish, render.rs) and for turned elements' scratch
//! surfaces (frame.rs).
//!
//! 1-bit quarter turns work on 8 x 8 dot blocks: eight source rows of one byte column
//! are packed into a `u64` and transposed with three masked swaps (the 8 x 8 bit-matrix
//! transpose of Warren, Hacker's Delight 7-3), which yields eight destination bytes at
//! once; all-white blocks are skipped. The source rows of a block are chosen so that its
//! destination bytes are byte-aligned for both senses (for 90° the groups of eight rows
//! are counted from the bottom), so no byte is shifted or split. Half turns reverse the
//! rows' order and each byte's bits (a table), shifted by the row's padding; white bytes
//! are skipped. Padding bits past the width stay 0.
//!
//! Grey quarter turns use the same blocks with a byte a dot (an 8 x 8 byte transpose on
//! eight `u64` rows, white blocks skipped); a grey half turn is the whole buffer reversed.

use crate::frame;
use crate::target::Surface;
use crate::EngineError;
use assetmark_raster::{GreyPage, Page};

/// `s` turned by `quarter_turns` (0-3) clockwise. A 1-bit turn writes a new surface into
/// `buffer`'s memory (its contents discarded, as `Surface::new_in`); 0 and a grey half
/// turn turn `s` in place and leave `buffer` unused. Returns the turned surface and the
/// buffer not used (`buffer` itself, or `s`'s memory after a turn into `buffer`) for the
/// caller to keep.
pub fn turn(mut s: Surface, quarter_turns: u8, buffer: Vec<u8>) -> Result<(Surface, Vec<u8>), EngineError> {
    let q = quarter_turns & 3;
    if q == 0 {
        return Ok((s, buffer));
    }
    if let (Surface::Grey(g), 2) = (&mut s, q) {
        // Grey rows are exactly `width` bytes: the reversed buffer is the turned page.
        g.data_mut().reverse();
        return Ok((s, buffer));
    }
    let turned = match (&s, q) {
        (Surface::Bits(p), 2) => Surface::Bits(half_bits(p, buffer)?),
        (Surface::Bits(p), _) => Surface::Bits(quarter_bits(p, q == 1, buffer)?),
        (Surface::Grey(g), _) => Surface::Grey(quarter_grey(g, q == 1, buffer)?),
    };
    Ok((turned, s.into_data()))
}

/// A 1-bit half turn: source row y is destination row h - 1 - y, its dots in reverse order.
/// Source byte `k` (dots 8k..8k+8) reversed bit by bit (a table) lands at destination dot
/// `8m - pad` with `m = stride - 1 - k` and `pad` the row's padding bits: its first `pad`
/// dots end byte m - 1, the rest begin byte m. White bytes are skipped (the new page is
/// white); the source's padding is 0, so nothing lands before dot 0 or in the padding.
fn half_bits(src: &Page, buffer: Vec<u8>) -> Result<Page, EngineError> {
    let (w, h) = (src.width() as usize, src.height() as usize);
    let mut out = Page::new_in(w as i64, h as i64, buffer)?;
    let stride = src.stride();
    let pad = (stride * 8 - w) as u32;
    let s = src.data();
    let d = out.data_mut();
    for (y, row) in s.chunks_exact(stride).enumerate() {
        let to = &mut d[(h - 1 - y) * stride..(h - y) * stride];
        for (k, &b) in row.iter().enumerate() {
            if b == 0 {
                continue;
            }
            let r = frame::REVERSED[b as usize];
            let m = stride - 1 - k;
            if pad == 0 {
                to[m] = r;
            } else {
                to[m] |= r << pad;
                if m > 0 {
                    to[m - 1] |= r >> (8 - pad);
                }
            }
        }
    }
    Ok(out)
}

/// Transposes an 8 x 8 bit matrix held one row per byte, row 0 in the most significant
/// byte and column 0 in each byte's most significant bit: afterwards byte `k` (from the
/// top) holds column `k`, row 0 in its most significant bit.
fn transpose8(mut x: u64) -> u64 {
    let t = (x ^ (x >> 7)) & 0x00AA_00AA_00AA_00AA;
    x = x ^ t ^ (t << 7);
    let t = (x ^ (x >> 14)) & 0x0000_CCCC_0000_CCCC;
    x = x ^ t ^ (t << 14);
    let t = (x ^ (x >> 28)) & 0x0000_0000_F0F0_F0F0;
    x ^ t ^ (t << 28)
}

/// A 1-bit quarter turn, 90° (`clockwise`) or 270°.
///
/// Destination byte `j` of a row holds dots `8j..8j+8`, which come from one column of
/// eight source rows: for 90° destination dot `x'` of row `x` is source (x, h - 1 - x'),
/// so the rows are h-1-8j, h-2-8j, ... (rows above the page read white); for 270° it is
/// source (w - 1 - x, x'), rows 8j..8j+8 top down. Transposing those eight rows' byte
/// column `bx` gives, in byte `k`, destination byte `j` of the row for source column
/// `8bx + k`: row `8bx + k` (90°) or `w - 1 - (8bx + k)` (270°).
fn quarter_bits(src: &Page, clockwise: bool, buffer: Vec<u8>) -> Result<Page, EngineError> {
    let (w, h) = (src.width() as usize, src.height() as usize);
    let mut out = Page::new_in(h as i64, w as i64, buffer)?;
    let ss = src.stride();
    let os = out.stride();
    let s = src.data();
    let d = out.data_mut();
    let white = vec![0u8; ss];
    for j in 0..os {
        let mut rows: [&[u8]; 8] = [&white[..]; 8];
        for (r, row) in rows.iter_mut().enumerate() {
            let y = if clockwise { h as i64 - 1 - (8 * j + r) as i64 } else { (8 * j + r) as i64 };
            if y >= 0 && (y as usize) < h {
                let at = y as usize * ss;
                *row = &s[at..at + ss];
            }
        }
        for bx in 0..ss {
            let v = u64::from_be_bytes([rows[0][bx], rows[1][bx], rows[2][bx], rows[3][bx], rows[4][bx], rows[5][bx], rows[6][bx], rows[7][bx]]);
            if v == 0 {
                continue; // a white block: the destination is white already
            }
            let t = transpose8(v).to_be_bytes();
            // Columns past the width are padding (0 in the source; not rows of the result).
            let columns = (w - 8 * bx).min(8);
            for (k, &byte) in t.iter().enumerate().take(columns) {
                let x = 8 * bx + k;
                let row = if clockwise { x } else { w - 1 - x };
                d[row * os + j] = byte;
            }
        }
    }
    Ok(out)
}

/// Transposes an 8 x 8 byte matrix held one row per `u64` (column 0 in the most
/// significant byte): afterwards `m[k]` holds column `k`, row 0 in its most significant
/// byte. Three rounds of swapping the off-diagonal blocks of 4 x 4, 2 x 2, then 1 x 1
/// bytes, eight bytes at a time.
fn transpose8_bytes(m: &mut [u64; 8]) {
    for i in 0..4 {
        let (a, b) = (m[i], m[i + 4]);
        m[i] = (a & 0xFFFF_FFFF_0000_0000) | (b >> 32);
        m[i + 4] = (b & 0x0000_0000_FFFF_FFFF) | (a << 32);
    }
    for i in [0, 1, 4, 5] {
        let (a, b) = (m[i], m[i + 2]);
        m[i] = (a & 0xFFFF_0000_FFFF_0000) | ((b >> 16) & 0x0000_FFFF_0000_FFFF);
        m[i + 2] = (b & 0x0000_FFFF_0000_FFFF) | ((a << 16) & 0xFFFF_0000_FFFF_0000);
    }
    for i in [0, 2, 4, 6] {
        let (a, b) = (m[i], m[i + 1]);
        m[i] = (a & 0xFF00_FF00_FF00_FF00) | ((b >> 8) & 0x00FF_00FF_00FF_00FF);
        m[i + 1] = (b & 0x00FF_00FF_00FF_00FF) | ((a << 8) & 0xFF00_FF00_FF00_FF00);
    }
}

/// A grey quarter turn, 90° (`clockwise`: source (x, y) to (h - 1 - y, x)) or 270°
/// (to (y, w - 1 - x)), the same blocks as [`quarter_bits`] with a byte a dot: eight
/// source rows (counted from the bottom for 90°) give destination bytes `8j..8j+8` of the
/// rows for eight source columns, transposed eight bytes at a time; all-white blocks are
/// skipped (the new page is white). The right and last edges, less than 8 dots, go dot
/// by dot.
fn quarter_grey(src: &GreyPage, clockwise: bool, buffer: Vec<u8>) -> Result<GreyPage, EngineError> {
    let (w, h) = (src.width() as usize, src.height() as usize);
    let mut out = GreyPage::new_in(h as i64, w as i64, buffer)?;
    let s = src.data();
    let d = out.data_mut();
    let source_row = |j: usize, r: usize| if clockwise { h - 1 - 8 * j - r } else { 8 * j + r };
    let dest_row = |x: usize| if clockwise { x } else { w - 1 - x };
    let whole_x = w / 8 * 8;
    for j in 0..(h + 7) / 8 {
        let n = (h - 8 * j).min(8); // destination dots 8j..8j+n
        let mut edge_from = 0; // source columns from here on go dot by dot
        if n == 8 {
            edge_from = whole_x;
            let mut rows = [0usize; 8];
            for (r, at) in rows.iter_mut().enumerate() {
                *at = source_row(j, r) * w;
            }
            for x0 in (0..whole_x).step_by(8) {
                let mut m = [0u64; 8];
                let mut all = u64::MAX;
                for (v, &at) in m.iter_mut().zip(rows.iter()) {
                    let mut bytes = [0u8; 8];
                    bytes.copy_from_slice(&s[at + x0..at + x0 + 8]);
                    *v = u64::from_be_bytes(bytes);
                    all &= *v;
                }
                if all == u64::MAX {
                    continue; // white
                }
                transpose8_bytes(&mut m);
                for (k, v) in m.iter().enumerate() {
                    let at = dest_row(x0 + k) * h + 8 * j;
                    d[at..at + 8].copy_from_slice(&v.to_be_bytes());
                }
            }
        }
        for x in edge_from..w {
            let at = dest_row(x) * h + 8 * j;
            for r in 0..n {
                d[at + r] = s[source_row(j, r) * w + x];
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn next(seed: &mut u64) -> u64 {
        *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        *seed >> 33
    }

    /// A random surface; `density` in 0-8 eighths of the dots inked, in horizontal bands
    /// so that some 8 x 8 blocks are white and some full.
    fn random_surface(grey: bool, w: i64, h: i64, seed: &mut u64) -> Surface {
        let mut s = Surface::new(grey, w, h).unwrap();
        {
            let mut t = s.target();
            for y in 0..h {
                let density = (y / 5) % 9;
                for x in 0..w {
                    if (next(seed) % 8) < density as u64 {
                        t.fill(x, y, x + 1, y + 1);
                    }
                }
            }
        }
        if let Surface::Grey(g) = &mut s {
            // Levels between, not just 0 and 255.
            for v in g.data_mut().iter_mut() {
                if *v == 0 {
                    *v = (next(seed) % 128) as u8;
                }
            }
        }
        s
    }

    /// Level at (x, y): grey level, or 0 / 255 for ink / paper on 1-bit surfaces.
    fn level(s: &Surface, x: i64, y: i64) -> u8 {
        match s {
            Surface::Bits(p) => {
                if p.get(x, y) {
                    0
                } else {
                    255
                }
            }
            Surface::Grey(g) => g.data()[(y * g.width() as i64 + x) as usize],
        }
    }

    fn padding_is_clear(s: &Surface) -> bool {
        match s {
            Surface::Grey(_) => true,
            Surface::Bits(p) => {
                let (w, stride) = (p.width() as usize, p.stride());
                let pad = stride * 8 - w;
                pad == 0 || p.data().chunks(stride).all(|row| row[stride - 1] & ((1u8 << pad) - 1) == 0)
            }
        }
    }

    #[test]
    fn turns_match_dot_by_dot() {
        let mut seed = 11u64;
        for grey in [false, true] {
            for &(w, h) in &[(1, 1), (8, 8), (13, 5), (5, 13), (17, 9), (64, 3), (3, 64), (31, 33), (320, 240), (41, 100)] {
                let src = random_surface(grey, w, h, &mut seed);
                for q in 0..4u8 {
                    let (turned, _) = turn(random_copy(&src), q, Vec::new()).unwrap();
                    let (tw, th) = if q % 2 == 1 { (h, w) } else { (w, h) };
                    assert_eq!((turned.width() as i64, turned.height() as i64), (tw, th), "{} {}x{} q{}", grey, w, h, q);
                    assert!(padding_is_clear(&turned), "padding {}x{} q{}", w, h, q);
                    for y in 0..h {
                        for x in 0..w {
                            let (dx, dy) = match q {
                                0 => (x, y),
                                1 => (h - 1 - y, x),
                                2 => (w - 1 - x, h - 1 - y),
                                _ => (y, w - 1 - x),
                            };
                            assert_eq!(level(&turned, dx, dy), level(&src, x, y), "grey {} {}x{} q{} at {},{}", grey, w, h, q, x, y);
                        }
                    }
                }
            }
        }
    }

    /// A copy of a surface (Surface is not Clone).
    fn random_copy(s: &Surface) -> Surface {
        match s {
            Surface::Bits(p) => Surface::Bits(p.clone()),
            Surface::Grey(g) => {
                let mut c = GreyPage::new(g.width() as i64, g.height() as i64).unwrap();
                c.data_mut().copy_from_slice(g.data());
                Surface::Grey(c)
            }
        }
    }

    #[test]
    fn the_buffer_not_used_comes_back() {
        let s = Surface::new(false, 320, 240).unwrap();
        let buffer = Vec::with_capacity(9_600);
        let (turned, spare) = turn(s, 1, buffer).unwrap();
        assert_eq!((turned.width(), turned.height()), (240, 320));
        assert_eq!(spare.len(), 9_600, "the source's memory");
        let (same, spare) = turn(turned, 2, spare).unwrap();
        assert_eq!((same.width(), same.height(), spare.len()), (240, 320, 9_600));
    }

    #[test]
    fn four_quarter_turns_are_the_identity_and_match_the_raster_crate() {
        use assetmark_raster::truetype::{rotate_page, QuarterTurn};
        let mut seed = 5u64;
        for &(w, h) in &[(7i64, 29i64), (320, 240), (100, 3)] {
            let src = random_surface(false, w, h, &mut seed);
            let mut s = random_copy(&src);
            for (q, raster) in [(1u8, QuarterTurn::R90), (2, QuarterTurn::R180), (3, QuarterTurn::R270)] {
                let (ours, _) = turn(random_copy(&src), q, Vec::new()).unwrap();
                let theirs = match &src {
                    Surface::Bits(p) => rotate_page(p, raster).unwrap(),
                    _ => unreachable!(),
                };
                assert_eq!(ours.data(), theirs.data(), "{}x{} q{}", w, h, q);
            }
            for _ in 0..4 {
                s = turn(s, 1, Vec::new()).unwrap().0;
            }
            assert_eq!(s.data(), src.data());
        }
    }
}
