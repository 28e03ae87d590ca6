//! Pictures on the page: an 8-bit luminance image resampled to its box in dots, optionally
//! tiled, then turned into printer dots (half-toning) or kept as grey levels.
//!
//! # Pipeline
//!
//! ```text
//! Luma (w x h pixels, 0 black .. 255 white, w, h <= 8192)
//!   --resample: per axis, area average when shrinking, nearest when enlarging-->
//!   levels of the visible dots, one page row at a time   (for_each_row)
//!   --Ditherer: threshold, ordered 8x8, Floyd-Steinberg, Atkinson-->  ink per dot
//!   --draw_bits / draw_grey-->  Page (OR-ed in) / GreyPage (darker wins)
//! ```
//!
//! **Resampling.** Each axis is mapped on its own. Shrinking (destination dots <= source
//! pixels) takes the exact area average: a destination dot covers `src / dst` source pixels
//! and each source pixel is weighted by its overlap, counted in whole units of `1 / dst`
//! pixel, so there is no rounding until the one final division per dot (rounded to
//! nearest, done as a multiplication by a reciprocal: it is exact, see [`RoundDiv`]).
//! Enlarging samples the nearest pixel (the one under the dot's centre). Nearest rather
//! than bilinear because the pictures on labels are mostly logos, icons and scanned
//! 1-bit art: nearest keeps their edges hard and repeats every pixel exactly 2, 3, ...
//! times at whole factors, where bilinear would blur each edge into greys that the
//! half-tone then turns into a fringe of stray dots. Photos lose little either way: they
//! are usually larger than their box and so take the area average.
//!
//! **Tiling.** With a tile size the picture is scaled to one tile (whole dots, at least 1)
//! and repeated from the box's top-left dot, right and down; the box cuts the last tiles.
//! Tiles repeat exactly, so each distinct tile row and column is resampled once.
//!
//! **Page coordinates.** Everything that depends on position uses the page's dot
//! coordinates, not the picture's: the ordered matrix cell of dot `(x, y)` is
//! `(x mod 8, y mod 8)`, and the error-diffusion scan direction of row `y` is set by `y`'s
//! parity. Two pictures side by side, or a picture split across tiles, therefore show one
//! continuous screen with no seam.
//!
//! **Half-toning** ([`Halftone`]), ink meaning black:
//! * threshold `t`: a dot is ink when its level is `< t` (so 0 never inks, 255 inks all but
//!   white);
//! * ordered (the default half-tone): the standard 8x8 Bayer matrix `B` (computed by the
//!   usual recursion, see [`BAYER8`]), a dot inks when `level < round((B + 0.5) * 255 / 64)`,
//!   giving 65 evenly spaced densities, within 1/64 of `(255 - level) / 255`;
//! * Floyd-Steinberg (7, 3, 5, 1 sixteenths) and Atkinson (six eighths; a quarter of the
//!   error is dropped on purpose, which keeps highlights and shadows clean at the cost of
//!   exact mean darkness in them), both serpentine (even page rows left to right, odd rows
//!   right to left: no diagonal "worms"), threshold 128, integer errors. Floyd-Steinberg
//!   conserves the error exactly (rounding remainders go to the last weight), so a flat
//!   area keeps its mean darkness. Error does not flow between pictures or into clipped
//!   parts; it starts at 0 at the picture's first visible row.
//!
//! Pure white (255) never inks and pure black (0) always inks in every mode (threshold
//! 1-255).
//!
//! **Speed.** Integer arithmetic; per call, a few tables and row buffers sized by the
//! visible part, never an allocation per dot. A 472 x 354-dot picture (40 x 30 mm at
//! 300 dpi) from a source of about that size measured 0.1 ms (grey levels), 0.25-0.35 ms
//! (threshold, ordered) and 0.8-0.9 ms (error diffusion: one dependent chain per dot) of
//! CPU natively on a busy machine (`examples/dither_bench.rs`); a 1600 x 1200 source adds
//! about 1.4 ms of area averaging, as it must read every source pixel.

use crate::{GreyPage, Page};

/*---- Public API ----*/

/// An 8-bit luminance image borrowed from the caller: row-major, no padding, 0 = black,
/// 255 = white (transparency already composited on white). Sides 1 to [`Luma::MAX_SIDE`].
#[derive(Clone, Copy, Debug)]
pub struct Luma<'a> {
    pixels: &'a [u8],
    width: u32,
    height: u32,
}

impl<'a> Luma<'a> {
    /// Longest side in pixels. Keeps every weight sum of the resampler below 2^35.
    pub const MAX_SIDE: u32 = 8192;

    /// `None` unless both sides are 1..=[`Luma::MAX_SIDE`] and `pixels` holds exactly
    /// `width * height` bytes.
    pub fn new(pixels: &'a [u8], width: u32, height: u32) -> Option<Luma<'a>> {
        if width == 0 || height == 0 || width > Self::MAX_SIDE || height > Self::MAX_SIDE {
            return None;
        }
        if pixels.len() != width as usize * height as usize {
            return None;
        }
        Some(Luma { pixels, width, height })
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    pub fn pixels(&self) -> &'a [u8] {
        self.pixels
    }
}

/// Where a picture goes, in page dots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The box: columns `x0..x1`, rows `y0..y1` (end-exclusive). Nothing is drawn outside
    /// it; it may hang over the page's edges. Coordinates and tile sides below 2^40 dots
    /// (the display list's µm at 65535 dpi stay below 2^33).
    pub x0: i64,
    pub y0: i64,
    pub x1: i64,
    pub y1: i64,
    /// `None`: the picture is stretched to the box. `Some((w, h))`: scaled to `w` x `h` dots
    /// (each taken as at least 1) and repeated from the box's top-left dot.
    pub tile: Option<(i64, i64)>,
}

/// How grey levels become ink dots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Halftone {
    /// Ink where the level is below the threshold.
    Threshold(u8),
    /// 8x8 Bayer ordered dither in page coordinates (the default half-tone).
    Ordered,
    /// Serpentine Floyd-Steinberg error diffusion.
    FloydSteinberg,
    /// Serpentine Atkinson error diffusion.
    Atkinson,
}

/// Draws the picture into a 1-bit page: dots the half-tone inks are set black; the others
/// are left as they were (ink only, like every drawing on a [`Page`]).
pub fn draw_bits(page: &mut Page, image: Luma<'_>, place: &Placement, mode: Halftone) {
    let (width, height) = (page.width() as i64, page.height() as i64);
    let (x0, x1) = (place.x0.max(0), place.x1.min(width));
    if x0 >= x1 {
        return;
    }
    let mut dither = Ditherer::new(mode, x0, (x1 - x0) as usize);
    let mut ink = vec![false; (x1 - x0) as usize];
    let stride = page.stride();
    let data = page.data_mut();
    for_each_row(image, place, width, height, |y, x0, levels| {
        dither.row(y, levels, &mut ink);
        or_bits(&mut data[y as usize * stride..(y as usize + 1) * stride], x0 as usize, &ink);
    });
}

/// Draws the picture into a grey page. `None` keeps the levels (each dot becomes the darker
/// of its old level and the picture's); `Some(mode)` draws the same dots as
/// [`draw_bits`] would, as level 0.
pub fn draw_grey(page: &mut GreyPage, image: Luma<'_>, place: &Placement, mode: Option<Halftone>) {
    let (width, height) = (page.width() as i64, page.height() as i64);
    let (x0, x1) = (place.x0.max(0), place.x1.min(width));
    if x0 >= x1 {
        return;
    }
    let stride = page.stride();
    let data = page.data_mut();
    match mode {
        None => for_each_row(image, place, width, height, |y, x0, levels| {
            let start = y as usize * stride + x0 as usize;
            for (d, &l) in data[start..start + levels.len()].iter_mut().zip(levels) {
                *d = (*d).min(l);
            }
        }),
        Some(mode) => {
            let mut dither = Ditherer::new(mode, x0, (x1 - x0) as usize);
            let mut ink = vec![false; (x1 - x0) as usize];
            for_each_row(image, place, width, height, |y, x0, levels| {
                dither.row(y, levels, &mut ink);
                let start = y as usize * stride + x0 as usize;
                for (d, &k) in data[start..start + levels.len()].iter_mut().zip(&ink) {
                    if k {
                        *d = 0;
                    }
                }
            })
        }
    }
}

/// Calls `row(y, x0, levels)` for each row of the picture visible in a `width` x `height`
/// dot target, top to bottom, where `levels[i]` is the resampled level of dot `(x0 + i, y)`.
/// Every call covers the same columns: the box clipped to the target.
pub fn for_each_row<F: FnMut(i64, i64, &[u8])>(image: Luma<'_>, place: &Placement, width: i64, height: i64, mut row: F) {
    let (cx0, cx1) = (place.x0.max(0), place.x1.min(width));
    let (cy0, cy1) = (place.y0.max(0), place.y1.min(height));
    if cx0 >= cx1 || cy0 >= cy1 {
        return;
    }
    let (dw, dh) = match place.tile {
        Some((w, h)) => (w.max(1), h.max(1)),
        None => (place.x1 - place.x0, place.y1 - place.y0),
    };
    let tiled = place.tile.is_some();
    let cols = Lookup::new(cx0 - place.x0, cx1 - place.x0, dw, tiled);
    let rows = Lookup::new(cy0 - place.y0, cy1 - place.y0, dh, tiled);
    let mut resampler = Resampler::new(image, &cols, &rows, dw, dh);
    let ncols = cols.entries.len();

    // Tiles that repeat down the page: resample each distinct tile row once and keep it
    // (at most the visible area; above GRID_LIMIT dots, recompute instead).
    const GRID_LIMIT: usize = 1 << 24;
    let nrows = rows.entries.len();
    let mut grid = if rows.period.is_some() && nrows * ncols <= GRID_LIMIT {
        Some((vec![0u8; nrows * ncols], vec![false; nrows]))
    } else {
        None
    };
    let mut one = vec![0u8; ncols];
    let mut last: Option<usize> = None;
    let mut line = vec![0u8; if cols.period.is_some() { (cx1 - cx0) as usize } else { 0 }];
    for y in cy0..cy1 {
        let j = rows.entry(y - place.y0);
        let tile_row: &[u8] = match &mut grid {
            Some((cells, done)) => {
                let cells = &mut cells[j * ncols..(j + 1) * ncols];
                if !done[j] {
                    resampler.row(j, cells);
                    done[j] = true;
                }
                cells
            }
            None => {
                if last != Some(j) {
                    resampler.row(j, &mut one);
                    last = Some(j);
                }
                &one
            }
        };
        match cols.period {
            None => row(y, cx0, tile_row),
            Some(period) => {
                // Columns wrap around the tile: walk the tile row from the first visible
                // column's place in it.
                let mut t = (cx0 - place.x0).rem_euclid(period) as usize;
                for l in line.iter_mut() {
                    *l = tile_row[t];
                    t += 1;
                    if t == period as usize {
                        t = 0;
                    }
                }
                row(y, cx0, &line)
            }
        }
    }
}

/// Half-tones rows of levels into ink, keeping the error-diffusion state between rows.
/// Made for the columns `x0..x0 + width` of a page; rows must come top to bottom, one
/// after the other.
pub struct Ditherer {
    mode: Halftone,
    x0: i64,
    width: usize,
    /// Error to add to the current row and the next two, `width + 4` cells each (two cells
    /// of margin either side take the error that falls off the picture), in levels.
    err: [Vec<i32>; 3],
}

impl Ditherer {
    pub fn new(mode: Halftone, x0: i64, width: usize) -> Ditherer {
        let cells = match mode {
            Halftone::FloydSteinberg | Halftone::Atkinson => width + 4,
            _ => 0,
        };
        Ditherer { mode, x0, width, err: [vec![0; cells], vec![0; cells], vec![0; cells]] }
    }

    /// Sets `ink[i]` for page dot `(x0 + i, y)` from `levels[i]`; both are `width` long.
    pub fn row(&mut self, y: i64, levels: &[u8], ink: &mut [bool]) {
        let n = self.width.min(levels.len()).min(ink.len());
        let (levels, ink) = (&levels[..n], &mut ink[..n]);
        match self.mode {
            Halftone::Threshold(t) => {
                for (k, &l) in ink.iter_mut().zip(levels) {
                    *k = l < t;
                }
            }
            Halftone::Ordered => {
                let thresholds = &ORDERED_THRESHOLD[(y & 7) as usize];
                let mut cell = (self.x0 & 7) as usize;
                for (k, &l) in ink.iter_mut().zip(levels) {
                    *k = l < thresholds[cell];
                    cell = (cell + 1) & 7;
                }
            }
            Halftone::FloydSteinberg | Halftone::Atkinson => self.diffuse(y, levels, ink),
        }
    }

    fn diffuse(&mut self, y: i64, levels: &[u8], ink: &mut [bool]) {
        let n = levels.len();
        let forward = y & 1 == 0;
        let [cur, next, next2] = &mut self.err;
        // Dot i sits in cell i + 2; walking backwards mirrors the kernels.
        let order = |step: usize| if forward { step } else { n - 1 - step };
        let (ahead, behind) = if forward { (1isize, -1isize) } else { (-1, 1) };
        let at = |c: usize, d: isize| (c as isize + d) as usize;
        if self.mode == Halftone::Atkinson {
            for step in 0..n {
                let i = order(step);
                let c = i + 2;
                let v = levels[i] as i32 + cur[c];
                let black = v < 128;
                ink[i] = black;
                let e8 = (if black { v } else { v - 255 }) / 8;
                cur[at(c, ahead)] += e8;
                cur[at(c, 2 * ahead)] += e8;
                next[at(c, behind)] += e8;
                next[c] += e8;
                next[at(c, ahead)] += e8;
                next2[c] += e8;
            }
        } else {
            // `next` is all 0 here (only this row feeds it), so its open cells live in
            // registers: `behind_cell` below-behind (final once this dot adds its 3/16),
            // `below_cell` below this dot (has the previous dot's 1/16), and the error
            // `right` for the dot ahead.
            let (mut right, mut behind_cell, mut below_cell) = (0i32, 0i32, 0i32);
            for step in 0..n {
                let i = order(step);
                let c = i + 2;
                let v = levels[i] as i32 + cur[c] + right;
                let black = v < 128;
                ink[i] = black;
                let e = if black { v } else { v - 255 };
                let (e7, e3, e5) = (e * 7 / 16, e * 3 / 16, e * 5 / 16);
                right = e7;
                next[at(c, behind)] = behind_cell + e3;
                behind_cell = below_cell + e5;
                below_cell = e - e7 - e3 - e5;
            }
            if n > 0 {
                let c = order(n - 1) + 2;
                next[c] = behind_cell;
                next[at(c, ahead)] = below_cell;
            }
        }
        // Rotate: the next row's error becomes current, the finished row's cells (zeroed)
        // become the row after next.
        for v in cur.iter_mut() {
            *v = 0;
        }
        std::mem::swap(cur, next);
        std::mem::swap(next, next2);
    }
}

/*---- Matrices ----*/

/// The standard 8x8 Bayer index matrix, `BAYER8[y][x]` in 0..64 (first row
/// 0 32 8 40 2 34 10 42), from the recursion `M(2n) = [[4M, 4M+2], [4M+3, 4M+1]]`: the
/// 2x2 pattern `[[0, 2], [3, 1]]` of the lowest bits of x and y is the most significant
/// base-4 digit, that of the highest bits the least.
pub const BAYER8: [[u8; 8]; 8] = bayer8();

const fn bayer8() -> [[u8; 8]; 8] {
    const D2: [[u8; 2]; 2] = [[0, 2], [3, 1]];
    let mut m = [[0u8; 8]; 8];
    let mut y = 0;
    while y < 8 {
        let mut x = 0;
        while x < 8 {
            m[y][x] = 16 * D2[y & 1][x & 1] + 4 * D2[(y >> 1) & 1][(x >> 1) & 1] + D2[(y >> 2) & 1][(x >> 2) & 1];
            x += 1;
        }
        y += 1;
    }
    m
}

/// Per cell, the level below which the ordered half-tone inks: `round((B + 0.5) * 255 /
/// 64)`, 2 to 253, so 0 always inks and 255 never does.
const ORDERED_THRESHOLD: [[u8; 8]; 8] = ordered_threshold();

const fn ordered_threshold() -> [[u8; 8]; 8] {
    let mut t = [[0u8; 8]; 8];
    let mut y = 0;
    while y < 8 {
        let mut x = 0;
        while x < 8 {
            t[y][x] = (((2 * BAYER8[y][x] as u32 + 1) * 255 + 64) / 128) as u8;
            x += 1;
        }
        y += 1;
    }
    t
}

/*---- Resampling ----*/

/// The destination indices (in one tile, or in the box) that the visible dots of one axis
/// need, and which of them a visible dot uses.
struct Lookup {
    /// Destination indices, `0 <= i < dst`.
    entries: Vec<i64>,
    /// `Some(dst)` when tiles repeat across the visible part: `entries` is `0..dst` and a
    /// dot at box position `p` uses entry `p mod dst`. `None`: one entry per visible dot.
    period: Option<i64>,
    /// Box position of the first visible dot.
    first: i64,
}

impl Lookup {
    /// Visible box positions `a..b` (`0 <= a < b`) on an axis of `dst` destination dots.
    fn new(a: i64, b: i64, dst: i64, tiled: bool) -> Lookup {
        if tiled && b - a >= dst {
            Lookup { entries: (0..dst).collect(), period: Some(dst), first: a }
        } else if tiled {
            Lookup { entries: (a..b).map(|p| p.rem_euclid(dst)).collect(), period: None, first: a }
        } else {
            Lookup { entries: (a..b).collect(), period: None, first: a }
        }
    }

    fn entry(&self, p: i64) -> usize {
        match self.period {
            Some(d) => p.rem_euclid(d) as usize,
            None => (p - self.first) as usize,
        }
    }
}

/// One axis of the resampler: for each entry, the first source pixel and the weights of
/// the consecutive source pixels it averages. Every entry's weights sum to `total`.
struct Axis {
    start: Vec<u32>,
    /// Entry `j`'s weights are `weights[off[j]..off[j + 1]]`.
    off: Vec<u32>,
    weights: Vec<u32>,
    total: u32,
}

impl Axis {
    /// `src` pixels (1..=8192) onto `dst` dots (>= 1), for the destination `indices`.
    fn new(src: u32, dst: i64, indices: &[i64]) -> Axis {
        let s = src as i64;
        let mut axis = Axis { start: Vec::with_capacity(indices.len()), off: vec![0], weights: Vec::new(), total: 1 };
        if dst < s {
            // Area average. In units of 1/dst pixel, source pixel p spans [p*dst, (p+1)*dst)
            // and dot i spans [i*src, (i+1)*src): the overlaps are whole numbers <= dst.
            axis.total = src;
            for &i in indices {
                let (lo, hi) = (i * s, (i + 1) * s);
                let (first, end) = (lo / dst, (hi + dst - 1) / dst);
                axis.start.push(first as u32);
                for p in first..end {
                    axis.weights.push((hi.min((p + 1) * dst) - lo.max(p * dst)) as u32);
                }
                axis.off.push(axis.weights.len() as u32);
            }
        } else {
            // Nearest (and 1:1): the pixel under the dot's centre, (i + 1/2) * src / dst.
            for &i in indices {
                axis.start.push(((2 * i + 1) * s / (2 * dst)) as u32);
                axis.weights.push(1);
                axis.off.push(axis.weights.len() as u32);
            }
        }
        axis
    }

    fn span(&self, j: usize) -> (usize, &[u32]) {
        (self.start[j] as usize, &self.weights[self.off[j] as usize..self.off[j + 1] as usize])
    }
}

/// Rounded division by a fixed divisor `t` (1..=2^26), `round(sum / t)` with halves up for
/// `sum <= 255 t`, as one 64x64->128-bit multiplication. Exact: with `d = 2t`,
/// `n = 2 sum + t < 2^35` and `m = ceil(2^64 / d)`, `n m / 2^64 = n / d + n e / 2^64`
/// (`0 <= e < 1`), and `n / 2^64 < 1 / d` keeps the error below the gap to the next integer.
struct RoundDiv {
    t: u64,
    m: u64,
}

impl RoundDiv {
    fn new(t: u64) -> RoundDiv {
        RoundDiv { t, m: u64::MAX / (2 * t) + 1 }
    }

    fn apply(&self, sum: u64) -> u8 {
        let n = 2 * sum + self.t;
        ((n as u128 * self.m as u128) >> 64) as u8
    }
}

/// Resamples rows of one tile (or the whole box): vertical weighted sums over the source
/// columns the visible dots need, then horizontal weighted sums, then one division.
struct Resampler<'a> {
    image: Luma<'a>,
    cols: Axis,
    rows: Axis,
    /// First source column in `acc`.
    sx0: usize,
    /// Vertical sums of source columns `sx0..sx0 + acc.len()` (<= 8192 * 255 < 2^21).
    acc: Vec<u32>,
    div: RoundDiv,
}

impl<'a> Resampler<'a> {
    fn new(image: Luma<'a>, cols: &Lookup, rows: &Lookup, dw: i64, dh: i64) -> Resampler<'a> {
        let cols = Axis::new(image.width, dw, &cols.entries);
        let rows = Axis::new(image.height, dh, &rows.entries);
        let mut sx0 = usize::MAX;
        let mut sx1 = 0;
        for j in 0..cols.start.len() {
            let (s, w) = cols.span(j);
            sx0 = sx0.min(s);
            sx1 = sx1.max(s + w.len());
        }
        let div = RoundDiv::new(cols.total as u64 * rows.total as u64);
        Resampler { image, cols, rows, sx0, acc: vec![0; sx1 - sx0], div }
    }

    /// The levels of row entry `j` for every column entry.
    fn row(&mut self, j: usize, out: &mut [u8]) {
        let width = self.image.width as usize;
        let (sy, wy) = self.rows.span(j);
        if self.div.t == 1 {
            // Nearest or 1:1 both ways: a lookup, no sums.
            let src = &self.image.pixels[sy * width..(sy + 1) * width];
            for (o, &sx) in out.iter_mut().zip(&self.cols.start) {
                *o = src[sx as usize];
            }
            return;
        }
        let acc = &mut self.acc[..];
        let len = acc.len();
        for a in acc.iter_mut() {
            *a = 0;
        }
        for (k, &w) in wy.iter().enumerate() {
            let base = (sy + k) * width + self.sx0;
            for (a, &p) in acc.iter_mut().zip(&self.image.pixels[base..base + len]) {
                *a += w * p as u32;
            }
        }
        for (c, o) in out.iter_mut().enumerate() {
            let (sx, wx) = self.cols.span(c);
            let a = &acc[sx - self.sx0..sx - self.sx0 + wx.len()];
            let sum: u64 = a.iter().zip(wx).map(|(&a, &w)| a as u64 * w as u64).sum();
            *o = self.div.apply(sum);
        }
    }
}

/// ORs `ink` into a packed row (MSB = leftmost dot) from dot `x0`, a byte at a time.
fn or_bits(row: &mut [u8], x0: usize, ink: &[bool]) {
    let mut byte = x0 / 8;
    let mut mask = 0x80u8 >> (x0 % 8);
    let mut bits = 0u8;
    for &k in ink {
        if k {
            bits |= mask;
        }
        mask >>= 1;
        if mask == 0 {
            row[byte] |= bits;
            byte += 1;
            bits = 0;
            mask = 0x80;
        }
    }
    if bits != 0 {
        row[byte] |= bits;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lcg(seed: &mut u64) -> u64 {
        *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        *seed >> 33
    }

    fn flat(level: u8, w: u32, h: u32) -> Vec<u8> {
        vec![level; (w * h) as usize]
    }

    fn place(x0: i64, y0: i64, w: i64, h: i64) -> Placement {
        Placement { x0, y0, x1: x0 + w, y1: y0 + h, tile: None }
    }

    /// Every visible level, as (x, y, level), through the public row API.
    fn levels(image: Luma, p: &Placement, width: i64, height: i64) -> Vec<(i64, i64, u8)> {
        let mut out = Vec::new();
        for_each_row(image, p, width, height, |y, x0, l| {
            out.extend(l.iter().enumerate().map(|(i, &v)| (x0 + i as i64, y, v)))
        });
        out
    }

    /// The obvious, slow resampler: one dot at a time, both axes at once, exact rationals.
    fn naive_level(image: Luma, p: &Placement, x: i64, y: i64) -> u8 {
        let (mut bx, mut by) = (x - p.x0, y - p.y0);
        let (dw, dh) = match p.tile {
            Some((w, h)) => (w.max(1), h.max(1)),
            None => (p.x1 - p.x0, p.y1 - p.y0),
        };
        bx = bx.rem_euclid(dw);
        by = by.rem_euclid(dh);
        let weights = |src: i64, dst: i64, i: i64| -> (Vec<(i64, u64)>, u64) {
            if dst <= src {
                let v = (0..src)
                    .filter_map(|s| {
                        let ov = ((i + 1) * src).min((s + 1) * dst) - (i * src).max(s * dst);
                        if ov > 0 { Some((s, ov as u64)) } else { None }
                    })
                    .collect();
                (v, src as u64)
            } else {
                (vec![(((2 * i + 1) * src) / (2 * dst), 1)], 1)
            }
        };
        let (wx, tx) = weights(image.width() as i64, dw, bx);
        let (wy, ty) = weights(image.height() as i64, dh, by);
        let mut sum = 0u64;
        for &(sy, a) in &wy {
            for &(sx, b) in &wx {
                sum += a * b * image.pixels()[(sy * image.width() as i64 + sx) as usize] as u64;
            }
        }
        let t = tx * ty;
        ((2 * sum + t) / (2 * t)) as u8
    }

    fn ink_count(page: &Page) -> usize {
        page.data().iter().map(|b| b.count_ones() as usize).sum()
    }

    #[test]
    fn bayer_matrix_is_the_standard_one() {
        assert_eq!(BAYER8[0], [0, 32, 8, 40, 2, 34, 10, 42]);
        assert_eq!(BAYER8[1], [48, 16, 56, 24, 50, 18, 58, 26]);
        assert_eq!(BAYER8[7], [63, 31, 55, 23, 61, 29, 53, 21]);
        let mut seen = [false; 64];
        for row in &BAYER8 {
            for &v in row {
                assert!(!seen[v as usize]);
                seen[v as usize] = true;
            }
        }
        let t: Vec<u8> = ORDERED_THRESHOLD.iter().flatten().copied().collect();
        assert_eq!((*t.iter().min().unwrap(), *t.iter().max().unwrap()), (2, 253));
    }

    #[test]
    fn luma_checks_sizes() {
        assert!(Luma::new(&[0; 6], 3, 2).is_some());
        assert!(Luma::new(&[0; 5], 3, 2).is_none());
        assert!(Luma::new(&[], 0, 0).is_none());
        assert!(Luma::new(&[0; 8193], 8193, 1).is_none());
        assert!(Luma::new(&[0; 8192], 8192, 1).is_some());
    }

    #[test]
    fn round_div_is_exact() {
        let mut seed = 3;
        for t in [1u64, 2, 3, 7, 255, 256, 4095, 8191 * 8192, 1 << 26] {
            for sum in [0, 1, t / 2, t / 2 + 1, 255 * t, 255 * t - 1, 127 * t + t / 2] {
                assert_eq!(RoundDiv::new(t).apply(sum) as u64, (2 * sum + t) / (2 * t), "t {} sum {}", t, sum);
            }
            for _ in 0..2000 {
                let sum = lcg(&mut seed) % (255 * t + 1);
                assert_eq!(RoundDiv::new(t).apply(sum) as u64, (2 * sum + t) / (2 * t), "t {} sum {}", t, sum);
            }
        }
    }

    #[test]
    fn shrinking_averages_areas() {
        // 4x2 -> 2x1: each dot the mean of a 2x2 block.
        let px = [0, 100, 200, 255, 50, 150, 255, 255];
        let img = Luma::new(&px, 4, 2).unwrap();
        let got: Vec<u8> = levels(img, &place(0, 0, 2, 1), 9, 9).iter().map(|v| v.2).collect();
        assert_eq!(got, vec![75, 241]); // 300/4, 965/4 = 241.25
        // 3 -> 2: dot 0 covers pixel 0 and half of pixel 1: (0 + 255/2) / 1.5 = 85.
        let img = Luma::new(&[0, 255, 255], 3, 1).unwrap();
        let got: Vec<u8> = levels(img, &place(0, 0, 2, 1), 9, 9).iter().map(|v| v.2).collect();
        assert_eq!(got, vec![85, 255]);
        // A large random image keeps its mean (to rounding) when shrunk by a whole factor.
        let mut seed = 1;
        let px: Vec<u8> = (0..600 * 400).map(|_| lcg(&mut seed) as u8).collect();
        let img = Luma::new(&px, 600, 400).unwrap();
        let dots = levels(img, &place(0, 0, 200, 100), 300, 300);
        let mean_src = px.iter().map(|&v| v as f64).sum::<f64>() / px.len() as f64;
        let mean_dst = dots.iter().map(|v| v.2 as f64).sum::<f64>() / dots.len() as f64;
        assert!((mean_src - mean_dst).abs() < 0.5, "{} {}", mean_src, mean_dst);
    }

    #[test]
    fn enlarging_takes_the_nearest_pixel() {
        let img = Luma::new(&[10, 200], 2, 1).unwrap();
        let got: Vec<u8> = levels(img, &place(0, 0, 5, 2), 9, 9).iter().map(|v| v.2).collect();
        assert_eq!(got, vec![10, 10, 200, 200, 200, 10, 10, 200, 200, 200]);
        // Whole factors repeat every pixel exactly.
        let img = Luma::new(&[1, 2, 3, 4], 2, 2).unwrap();
        let got: Vec<u8> = levels(img, &place(0, 0, 6, 6), 9, 9).iter().map(|v| v.2).collect();
        let want: Vec<u8> = (0..36).map(|i| [1, 2, 3, 4][(i / 6 / 3) * 2 + (i % 6) / 3]).collect();
        assert_eq!(got, want);
    }

    #[test]
    fn resampling_matches_the_naive_one_with_tiles_and_clipping() {
        let mut seed = 42;
        for round in 0..300 {
            let (w, h) = (1 + lcg(&mut seed) as u32 % 13, 1 + lcg(&mut seed) as u32 % 11);
            let px: Vec<u8> = (0..w * h).map(|_| lcg(&mut seed) as u8).collect();
            let img = Luma::new(&px, w, h).unwrap();
            let x0 = lcg(&mut seed) as i64 % 30 - 10;
            let y0 = lcg(&mut seed) as i64 % 30 - 10;
            let mut p = place(x0, y0, 1 + lcg(&mut seed) as i64 % 30, 1 + lcg(&mut seed) as i64 % 25);
            if round % 2 == 1 {
                p.tile = Some((lcg(&mut seed) as i64 % 12, lcg(&mut seed) as i64 % 12)); // 0 -> 1
            }
            let (pw, ph) = (1 + lcg(&mut seed) as i64 % 25, 1 + lcg(&mut seed) as i64 % 25);
            let got = levels(img, &p, pw, ph);
            let mut want = Vec::new();
            for y in p.y0.max(0)..p.y1.min(ph) {
                for x in p.x0.max(0)..p.x1.min(pw) {
                    want.push((x, y, naive_level(img, &p, x, y)));
                }
            }
            assert_eq!(got, want, "round {} {}x{} {:?} page {}x{}", round, w, h, p, pw, ph);
        }
    }

    #[test]
    fn tiles_repeat_from_the_box_corner() {
        let img = Luma::new(&[0, 255], 2, 1).unwrap();
        let mut page = Page::new(10, 2).unwrap();
        let p = Placement { x0: 1, y0: 0, x1: 8, y1: 2, tile: Some((2, 1)) };
        draw_bits(&mut page, img, &p, Halftone::Threshold(128));
        assert_eq!(page.to_ascii(), ".#.#.#.#..\n.#.#.#.#..");
        // Hanging over the left edge: tiles still start at the box's corner (x = -3).
        let mut page = Page::new(6, 1).unwrap();
        let p = Placement { x0: -3, y0: 0, x1: 6, y1: 1, tile: Some((4, 1)) };
        draw_bits(&mut page, img, &p, Halftone::Threshold(128));
        assert_eq!(page.to_ascii(), ".##..#"); // box positions 3..9 of tiles [##..]
    }

    #[test]
    fn threshold_is_exact() {
        let mut seed = 5;
        let px: Vec<u8> = (0..37 * 9).map(|_| lcg(&mut seed) as u8).collect();
        let img = Luma::new(&px, 37, 9).unwrap();
        for t in [0u8, 1, 100, 128, 192, 255] {
            let mut page = Page::new(40, 12).unwrap();
            draw_bits(&mut page, img, &place(2, 1, 37, 9), Halftone::Threshold(t));
            for y in 0..12 {
                for x in 0..40 {
                    let inside = (2..39).contains(&x) && (1..10).contains(&y);
                    let want = inside && px[((y - 1) * 37 + x - 2) as usize] < t;
                    assert_eq!(page.get(x, y), want, "t {} dot {},{}", t, x, y);
                }
            }
        }
    }

    #[test]
    fn ordered_density_follows_the_level() {
        for level in 0..=255u8 {
            let ideal = 64.0 * (255 - level) as f64 / 255.0;
            // One aligned 8x8 cell: within one dot of the ideal count.
            let px = flat(level, 8, 8);
            let mut page = Page::new(8, 8).unwrap();
            draw_bits(&mut page, Luma::new(&px, 8, 8).unwrap(), &place(0, 0, 8, 8), Halftone::Ordered);
            let n = ink_count(&page) as f64;
            assert!((n - ideal).abs() <= 1.0, "level {}: {} dots, ideal {}", level, n, ideal);
            // A large unaligned area: within 1/64 of the ideal fraction.
            let mut page = Page::new(120, 100).unwrap();
            draw_bits(&mut page, Luma::new(&px, 8, 8).unwrap(), &place(3, 5, 101, 93), Halftone::Ordered);
            let frac = ink_count(&page) as f64 / (101.0 * 93.0);
            assert!((frac - ideal / 64.0).abs() <= 1.0 / 64.0, "level {}: {}", level, frac);
        }
    }

    /// Fraction of inked dots for a flat `level` over a 256 x 256-dot area.
    fn flat_ink(mode: Halftone, level: u8) -> f64 {
        let px = flat(level, 4, 4);
        let mut page = Page::new(256, 256).unwrap();
        draw_bits(&mut page, Luma::new(&px, 4, 4).unwrap(), &place(0, 0, 256, 256), mode);
        ink_count(&page) as f64 / (256.0 * 256.0)
    }

    #[test]
    fn floyd_steinberg_keeps_mean_darkness() {
        for level in [8u8, 32, 64, 100, 128, 160, 200, 240] {
            let (got, ideal) = (flat_ink(Halftone::FloydSteinberg, level), (255 - level) as f64 / 255.0);
            assert!((got - ideal).abs() < 0.01, "level {}: {} vs {}", level, got, ideal);
        }
    }

    /// Plain two-dimensional error diffusion over a whole w x h grid: the reference.
    fn naive_diffusion(levels: &[u8], w: usize, h: usize, y0: i64, atkinson: bool) -> Vec<bool> {
        let mut err = vec![0i32; (w + 4) * (h + 2)];
        let mut ink = vec![false; w * h];
        for y in 0..h {
            let forward = (y0 + y as i64) & 1 == 0;
            for step in 0..w {
                let x = if forward { step } else { w - 1 - step };
                let d: isize = if forward { 1 } else { -1 };
                let cell = |dx: isize, dy: usize| (y + dy) * (w + 4) + (x as isize + 2 + dx) as usize;
                let v = levels[y * w + x] as i32 + err[cell(0, 0)];
                ink[y * w + x] = v < 128;
                let e = if v < 128 { v } else { v - 255 };
                if atkinson {
                    for (dx, dy) in [(d, 0), (2 * d, 0), (-d, 1), (0, 1), (d, 1), (0, 2)] {
                        err[cell(dx, dy)] += e / 8;
                    }
                } else {
                    let (e7, e3, e5) = (e * 7 / 16, e * 3 / 16, e * 5 / 16);
                    err[cell(d, 0)] += e7;
                    err[cell(-d, 1)] += e3;
                    err[cell(0, 1)] += e5;
                    err[cell(d, 1)] += e - e7 - e3 - e5;
                }
            }
        }
        ink
    }

    #[test]
    fn error_diffusion_matches_the_plain_algorithm() {
        let mut seed = 77;
        for (w, h, y0) in [(1usize, 5usize, 0i64), (2, 3, 1), (37, 23, 4), (64, 9, 7)] {
            let levels: Vec<u8> = (0..w * h).map(|_| lcg(&mut seed) as u8).collect();
            for mode in [Halftone::FloydSteinberg, Halftone::Atkinson] {
                let mut d = Ditherer::new(mode, 3, w);
                let mut got = Vec::new();
                let mut ink = vec![false; w];
                for y in 0..h {
                    d.row(y0 + y as i64, &levels[y * w..(y + 1) * w], &mut ink);
                    got.extend_from_slice(&ink);
                }
                assert_eq!(got, naive_diffusion(&levels, w, h, y0, mode == Halftone::Atkinson), "{:?} {}x{}", mode, w, h);
            }
        }
    }

    #[test]
    fn atkinson_keeps_mid_grey_and_saturates_the_far_tones() {
        // Atkinson passes on only 6/8 of the error by design: mid grey holds, tones
        // stretch away from it, and the lightest and darkest quarter turn white and black
        // (measured: level 64 gives 84 % ink, 192 gives 16 %, 224 none).
        assert!((flat_ink(Halftone::Atkinson, 128) - 127.0 / 255.0).abs() < 0.01);
        let inks: Vec<f64> = (0..=8).map(|i| flat_ink(Halftone::Atkinson, (i * 32).min(255) as u8)).collect();
        assert!(inks.windows(2).all(|w| w[0] >= w[1]), "{:?}", inks);
        assert_eq!((inks[1], inks[7]), (1.0, 0.0));
    }

    #[test]
    fn white_stays_white_and_black_stays_black() {
        let modes = [Halftone::Threshold(1), Halftone::Threshold(128), Halftone::Threshold(255), Halftone::Ordered, Halftone::FloydSteinberg, Halftone::Atkinson];
        // Left half black, right half white, at odd sizes and offsets.
        let px: Vec<u8> = (0..40 * 30).map(|i| if i % 40 < 20 { 0 } else { 255 }).collect();
        let img = Luma::new(&px, 40, 30).unwrap();
        for mode in modes {
            let mut page = Page::new(50, 40).unwrap();
            draw_bits(&mut page, img, &place(3, 2, 40, 30), mode);
            for y in 0..40 {
                for x in 0..50 {
                    let black = (3..23).contains(&x) && (2..32).contains(&y);
                    assert_eq!(page.get(x, y), black, "{:?} dot {},{}", mode, x, y);
                }
            }
            let mut grey = GreyPage::new(50, 40).unwrap();
            draw_grey(&mut grey, img, &place(3, 2, 40, 30), Some(mode));
            assert_eq!(grey.to_ascii(), page.to_ascii(), "{:?}", mode);
        }
        let mut grey = GreyPage::new(50, 40).unwrap();
        draw_grey(&mut grey, img, &place(3, 2, 40, 30), None);
        assert!(grey.data().iter().all(|&v| v == 0 || v == 255));
        assert_eq!(grey.data().iter().filter(|&&v| v == 0).count(), 20 * 30);
    }

    #[test]
    fn patterns_follow_page_coordinates() {
        // Two flat pictures side by side (and one split top and bottom) draw exactly the
        // dots of one picture covering both: no seam.
        let px = flat(100, 3, 3);
        let img = Luma::new(&px, 3, 3).unwrap();
        let mut one = Page::new(40, 30).unwrap();
        draw_bits(&mut one, img, &place(1, 2, 37, 25), Halftone::Ordered);
        let mut two = Page::new(40, 30).unwrap();
        draw_bits(&mut two, img, &place(1, 2, 12, 25), Halftone::Ordered);
        draw_bits(&mut two, img, &place(13, 2, 25, 11), Halftone::Ordered);
        draw_bits(&mut two, img, &place(13, 13, 25, 14), Halftone::Ordered);
        assert_eq!(one, two);
        // The serpentine direction is the page row's: a picture starting on an odd row
        // scans its first row right to left, like the page row beneath a full picture.
        let mut a = Ditherer::new(Halftone::FloydSteinberg, 0, 5);
        let mut b = Ditherer::new(Halftone::FloydSteinberg, 0, 5);
        let (mut ia, mut ib) = ([false; 5], [false; 5]);
        a.row(3, &[100, 120, 140, 160, 180], &mut ia);
        b.row(2, &[180, 160, 140, 120, 100], &mut ib);
        ib.reverse();
        assert_eq!(ia, ib);
    }

    #[test]
    fn grey_keeps_levels_and_ink_only() {
        let img = Luma::new(&[0, 64, 128, 255], 4, 1).unwrap();
        let mut g = GreyPage::new(6, 2).unwrap();
        g.set_rect(0, 0, 6, 1, 100);
        draw_grey(&mut g, img, &place(1, 0, 4, 2), None);
        assert_eq!(g.data(), &[100, 0, 64, 100, 100, 100, 255, 0, 64, 128, 255, 255]);
    }

    #[test]
    fn clipping_at_every_edge_never_panics() {
        let mut seed = 9;
        let px: Vec<u8> = (0..50 * 20).map(|_| lcg(&mut seed) as u8).collect();
        let img = Luma::new(&px, 50, 20).unwrap();
        let modes = [Halftone::Threshold(128), Halftone::Ordered, Halftone::FloydSteinberg, Halftone::Atkinson];
        for i in 0..400 {
            let r = |seed: &mut u64, n: u64| (lcg(seed) % n) as i64;
            let mut p = place(r(&mut seed, 80) - 40, r(&mut seed, 80) - 40, r(&mut seed, 90), r(&mut seed, 90));
            if i % 3 == 0 {
                p.tile = Some((r(&mut seed, 20), r(&mut seed, 20)));
            }
            let mut page = Page::new(1 + r(&mut seed, 40), 1 + r(&mut seed, 40)).unwrap();
            draw_bits(&mut page, img, &p, modes[i % 4]);
            let mut grey = GreyPage::new(page.width() as i64, page.height() as i64).unwrap();
            draw_grey(&mut grey, img, &p, Some(modes[i % 4]));
            assert_eq!(grey.to_ascii(), page.to_ascii());
            draw_grey(&mut grey, img, &p, None);
            // Nothing outside the box.
            for y in 0..page.height() as i64 {
                for x in 0..page.width() as i64 {
                    if x < p.x0 || x >= p.x1 || y < p.y0 || y >= p.y1 {
                        assert!(!page.get(x, y) && grey.get(x, y) == 255);
                    }
                }
            }
        }
        // A huge box far beyond the page draws only the page's part.
        let mut page = Page::new(16, 16).unwrap();
        let p = Placement { x0: -1 << 33, y0: -1 << 33, x1: 1 << 33, y1: 1 << 33, tile: None };
        draw_bits(&mut page, Luma::new(&[0], 1, 1).unwrap(), &p, Halftone::Ordered);
        assert_eq!(ink_count(&page), 256);
        let p = Placement { x0: -5, y0: 0, x1: 1 << 33, y1: 16, tile: Some((1 << 32, 1 << 32)) };
        let mut page = Page::new(16, 16).unwrap();
        draw_bits(&mut page, Luma::new(&[0, 255], 2, 1).unwrap(), &p, Halftone::Threshold(128));
        assert_eq!(ink_count(&page), 256);
    }

    #[test]
    fn or_bits_packs_across_bytes() {
        let mut row = [0u8; 3];
        or_bits(&mut row, 5, &[true, false, true, true, false, false, false, false, false, false, false, true]);
        assert_eq!(row, [0b0000_0101, 0b1000_0000, 0b1000_0000]);
    }
}
