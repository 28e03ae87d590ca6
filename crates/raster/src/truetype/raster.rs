//! Outline to coverage: the signed-area accumulation rasteriser.
//!
//! The method is font-rs's (Raph Levien) and stb_truetype v2's. Each line segment adds, to
//! the cells it crosses, the signed area it sweeps to their right edge (+ going down, −
//! going up); a running sum along each row then gives, per pixel, the integral of the
//! winding number over the pixel. Clamping `|sum|` to 1 is the nonzero rule with exact
//! area anti-aliasing for the usual case of non-overlapping contours, and still right for
//! overlaps that share a direction — which is what makes multi-strike synthetic bold
//! (the same outline accumulated at a few offsets) a true union of the strikes.
//!
//! Quadratic Béziers are flattened to lines with a subdivision count from the curve's
//! second difference (font-rs's rule: error about 1/3 dot). Coverage is 8-bit (0 =
//! none, 255 = full); printers take `coverage >= 128` (50 %) as black.
//!
//! Sizes: a glyph mask (cached, cache.rs) is at most [`MAX_SIDE`] dots a side and
//! [`MAX_AREA`] dots in all, enough for a ~2000-dot em (170 mm at 300 dpi). Bigger glyphs
//! (the engine allows 4096-dot ems) are rasterised by [`rasterize_window`] straight into
//! the target: only the dots inside a window (the visible clip), in bands of at most
//! [`BAND_CELLS`] cells, with the same accumulation on the same dot grid, so the dots are
//! those a mask would have had and the memory is that of one band.

use super::glyf::{Outline, OutlinePoint};

/// Largest mask side in dots.
pub(super) const MAX_SIDE: i64 = 4096;
/// Largest mask area in dots (16 MiB of accumulator at most).
pub(super) const MAX_AREA: i64 = 4 << 20;

/// Cells of accumulator (4 bytes each) in one band of [`rasterize_window`]: 4 MiB.
pub(super) const BAND_CELLS: usize = 1 << 20;

/// Synthetic bold widens strokes by this fraction of the em, to the right (FreeType's
/// 1/24: one dot at the 24-dot em of 3 mm text at 203 dpi); the advance grows as much.
/// Horizontal strokes are left alone: thickening them closes the counters of dense
/// ideographs at label sizes.
pub(super) const BOLD_X_EM: f32 = 1.0 / 24.0;
/// Synthetic oblique: x grows by this much per unit of height above the baseline.
pub(super) const OBLIQUE_SHEAR: f32 = 0.2;

/// A 2x3 affine map from font units to dots: `x' = a x + c y + e`, `y' = b x + d y + f`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Transform {
    pub a: f32,
    pub b: f32,
    pub c: f32,
    pub d: f32,
    pub e: f32,
    pub f: f32,
}

impl Transform {
    /// Font units (y up) to dots (y down) at `size` dots to the em, origin on the
    /// baseline, optionally slanted.
    pub fn glyph(units_per_em: u16, size: f32, oblique: bool) -> Transform {
        let s = size / units_per_em as f32;
        Transform { a: s, b: 0.0, c: if oblique { OBLIQUE_SHEAR * s } else { 0.0 }, d: -s, e: 0.0, f: 0.0 }
    }

    /// This map followed by a clockwise rotation by `angle` radians (y down) and a move
    /// to `(x, y)`.
    pub fn then_rotate_translate(self, angle: f32, x: f32, y: f32) -> Transform {
        let (s, co) = angle.sin_cos();
        // rotation on a y-down plane, clockwise on screen: x' = x cos - y sin, y' = x sin + y cos
        Transform {
            a: co * self.a - s * self.b,
            b: s * self.a + co * self.b,
            c: co * self.c - s * self.d,
            d: s * self.c + co * self.d,
            e: co * self.e - s * self.f + x,
            f: s * self.e + co * self.f + y,
        }
    }

    /// The map followed by a move of `(x, y)`.
    pub fn then_translate(mut self, x: f32, y: f32) -> Transform {
        self.e += x;
        self.f += y;
        self
    }

    fn apply(&self, p: &OutlinePoint) -> (f32, f32) {
        (self.a * p.x + self.c * p.y + self.e, self.b * p.x + self.d * p.y + self.f)
    }
}

/// Offsets (dots) of the strikes of synthetic bold at `size` dots to the em, along the
/// glyph's baseline turned by `angle`: steps of at most 3/4 dot so the union has no gaps.
pub(super) fn bold_strikes(size: f32, angle: f32) -> Vec<(f32, f32)> {
    let sx = size * BOLD_X_EM;
    let n = (sx / 0.75).ceil().max(1.0).min(16.0) as usize;
    let (s, c) = angle.sin_cos();
    (0..=n).map(|i| sx * i as f32 / n as f32).map(|x| (c * x, s * x)).collect()
}

/// A rectangle of dots `x0..x1` x `y0..y1` in mask coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Rect16 {
    pub x0: u16,
    pub x1: u16,
    pub y0: u16,
    pub y1: u16,
}

/// An 8-bit coverage mask placed with its top-left dot at (`left`, `top`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Coverage {
    pub left: i32,
    pub top: i32,
    pub width: u32,
    pub height: u32,
    /// `width * height` bytes, top row first; 0 = no ink, 255 = full.
    pub data: Vec<u8>,
}

impl Coverage {
    /// The black dots of the mask at the 50 % threshold (the same dots as
    /// [`Coverage::black_rects`]) as packed rows like a [`Page`](crate::Page)'s: `(width +
    /// 7) / 8` bytes a row, MSB = leftmost dot, padding bits 0.
    pub fn black_bits(&self) -> Vec<u8> {
        let w = self.width as usize;
        let stride = (w + 7) / 8;
        let mut bits = vec![0u8; stride * self.height as usize];
        if stride == 0 {
            return bits;
        }
        for (row, out) in self.data.chunks(w).zip(bits.chunks_mut(stride)) {
            for (x, &c) in row.iter().enumerate() {
                if c >= 128 {
                    out[x / 8] |= 0x80 >> (x % 8);
                }
            }
        }
        bits
    }

    /// The black dots of the mask at the 50 % threshold as rectangles: the spans of each
    /// row, merged downwards while the next row has the very same span (stems and CJK
    /// strokes become one rectangle each, so a page takes few `fill_rect` calls).
    pub fn black_rects(&self) -> Vec<Rect16> {
        let mut rects: Vec<Rect16> = Vec::new();
        let w = self.width as usize;
        let (mut prev, mut cur): (Vec<usize>, Vec<usize>) = (Vec::new(), Vec::new());
        for (y, row) in self.data.chunks(w.max(1)).enumerate() {
            let y = y as u16;
            let mut pi = 0;
            let mut x = 0;
            while x < w {
                if row[x] < 128 {
                    x += 1;
                    continue;
                }
                let start = x;
                while x < w && row[x] >= 128 {
                    x += 1;
                }
                let (x0, x1) = (start as u16, x as u16);
                while pi < prev.len() && rects[prev[pi]].x0 < x0 {
                    pi += 1;
                }
                if pi < prev.len() && rects[prev[pi]].x0 == x0 && rects[prev[pi]].x1 == x1 {
                    rects[prev[pi]].y1 = y + 1;
                    cur.push(prev[pi]);
                    pi += 1;
                } else {
                    rects.push(Rect16 { x0, x1, y0: y, y1: y + 1 });
                    cur.push(rects.len() - 1);
                }
            }
            std::mem::swap(&mut prev, &mut cur);
            cur.clear();
        }
        rects
    }

    /// Dots with any ink.
    #[cfg(test)]
    pub fn ink(&self) -> usize {
        self.data.iter().filter(|&&c| c >= 128).count()
    }
}

/// Rasterises `outline` mapped by `tf`, once per offset in `strikes` (a single `(0, 0)`
/// for a plain glyph). `acc` is scratch space kept between calls. A glyph bigger than a
/// mask may be ([`is_oversize`]) or not finite gives an empty coverage.
pub(super) fn rasterize(
    outline: &Outline,
    tf: &Transform,
    strikes: &[(f32, f32)],
    acc: &mut Vec<f32>,
) -> Coverage {
    let (pts, (left, top, w, h)) = match placed(outline, tf, strikes) {
        Some(p) => p,
        None => return Coverage::default(),
    };
    if too_big(w, h) {
        return Coverage::default();
    }
    let (w, h) = (w as usize, h as usize);
    let mut r = Accumulator::new(acc, w, h);
    accumulate(&mut r, outline, &pts, strikes, left as f32, top as f32);
    Coverage { left: left as i32, top: top as i32, width: w as u32, height: h as u32, data: r.finish() }
}

/// Whether `outline` mapped by `tf` with `strikes` has ink but is too big for a mask
/// ([`rasterize`] gives nothing; [`rasterize_window`] draws it).
pub(super) fn is_oversize(outline: &Outline, tf: &Transform, strikes: &[(f32, f32)]) -> bool {
    matches!(placed(outline, tf, strikes), Some((_, (_, _, w, h))) if too_big(w, h))
}

fn too_big(w: i64, h: i64) -> bool {
    w > MAX_SIDE || h > MAX_SIDE || w * h > MAX_AREA
}

/// The mapped points and the dot box (left, top, width, height) the strikes cover;
/// `None` for no ink, or points not finite or far outside any page (no overflow below).
fn placed(outline: &Outline, tf: &Transform, strikes: &[(f32, f32)]) -> Option<(Vec<(f32, f32)>, (i64, i64, i64, i64))> {
    if outline.points.is_empty() || strikes.is_empty() {
        return None;
    }
    let pts: Vec<(f32, f32)> = outline.points.iter().map(|p| tf.apply(p)).collect();
    const FAR: f32 = 1e7;
    if pts.iter().chain(strikes).any(|&(x, y)| !(x.abs() < FAR && y.abs() < FAR)) {
        return None;
    }
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for &(x, y) in &pts {
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x);
        y1 = y1.max(y);
    }
    let (mut sx0, mut sy0, mut sx1, mut sy1) = (0f32, 0f32, 0f32, 0f32);
    for &(dx, dy) in strikes {
        sx0 = sx0.min(dx);
        sy0 = sy0.min(dy);
        sx1 = sx1.max(dx);
        sy1 = sy1.max(dy);
    }
    let (x0, y0, x1, y1) = (x0 + sx0, y0 + sy0, x1 + sx1, y1 + sy1);
    let (left, top) = (x0.floor() as i64, y0.floor() as i64);
    let (w, h) = (x1.ceil() as i64 - left, y1.ceil() as i64 - top);
    if w <= 0 || h <= 0 {
        return None;
    }
    Some((pts, (left, top, w, h)))
}

/// Every strike of the outline into `r`, whose cell (0, 0) is dot (`left`, `top`).
fn accumulate(r: &mut Accumulator, outline: &Outline, pts: &[(f32, f32)], strikes: &[(f32, f32)], left: f32, top: f32) {
    for &(dx, dy) in strikes {
        let (ox, oy) = (dx - left, dy - top);
        let mut start = 0;
        for &end in &outline.contour_ends {
            if end > start && end <= pts.len() {
                r.contour(&outline.points[start..end], &pts[start..end], ox, oy);
            }
            start = end;
        }
    }
}

/// Rasterises `outline` mapped by `tf` (any size), but only the dots `x0..x1` x `y0..y1`
/// of `window` (in `tf`'s dots), handing the coverage to `emit` a band of rows at a time
/// (each band at most [`BAND_CELLS`] cells, but at least one row). The cells are those
/// [`rasterize`] gives for the same dots: the same dot grid and accumulation, with
/// segments outside the band clipped exactly (left of it they wind the whole row, right
/// of it nothing). Memory: one band of `acc`, whatever the glyph's size.
pub(super) fn rasterize_window(
    outline: &Outline,
    tf: &Transform,
    strikes: &[(f32, f32)],
    window: (i64, i64, i64, i64),
    acc: &mut Vec<f32>,
    emit: impl FnMut(&Coverage),
) {
    window_bands(outline, tf, strikes, window, BAND_CELLS, acc, emit)
}

/// [`rasterize_window`] with bands of `band_cells` cells (tests use tiny bands).
fn window_bands(
    outline: &Outline,
    tf: &Transform,
    strikes: &[(f32, f32)],
    window: (i64, i64, i64, i64),
    band_cells: usize,
    acc: &mut Vec<f32>,
    mut emit: impl FnMut(&Coverage),
) {
    let (pts, (left, top, w, h)) = match placed(outline, tf, strikes) {
        Some(p) => p,
        None => return,
    };
    let (x0, y0) = (left.max(window.0), top.max(window.1));
    let (x1, y1) = ((left + w).min(window.2), (top + h).min(window.3));
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    let ww = (x1 - x0) as usize;
    let rows = (band_cells / (ww + 2)).max(1) as i64;
    let mut by = y0;
    while by < y1 {
        let bh = rows.min(y1 - by);
        let mut r = Accumulator::new(acc, ww, bh as usize);
        accumulate(&mut r, outline, &pts, strikes, x0 as f32, by as f32);
        let band = Coverage { left: x0 as i32, top: by as i32, width: ww as u32, height: bh as u32, data: r.finish() };
        emit(&band);
        by += bh;
    }
}

/// Signed-area cells of `h` rows of `w + 2` (room for the right edge's spill).
struct Accumulator<'a> {
    a: &'a mut Vec<f32>,
    w: usize,
    h: usize,
    stride: usize,
}

impl<'a> Accumulator<'a> {
    fn new(a: &'a mut Vec<f32>, w: usize, h: usize) -> Accumulator<'a> {
        let stride = w + 2;
        a.clear();
        a.resize(stride * h, 0.0);
        Accumulator { a, w, h, stride }
    }

    /// One closed contour: on-curve points joined by lines, off-curve points as quadratic
    /// controls with implied on-curve midpoints between two of them.
    fn contour(&mut self, kinds: &[OutlinePoint], pts: &[(f32, f32)], ox: f32, oy: f32) {
        let n = pts.len();
        if n < 2 {
            return;
        }
        let p = |i: usize| (pts[i].0 + ox, pts[i].1 + oy);
        let mid = |a: (f32, f32), b: (f32, f32)| ((a.0 + b.0) * 0.5, (a.1 + b.1) * 0.5);
        let (start, begin) = match kinds.iter().position(|k| k.on) {
            Some(i) => (p(i), i),
            None => (mid(p(n - 1), p(0)), n - 1),
        };
        let mut cur = start;
        let mut ctrl: Option<(f32, f32)> = None;
        for k in 1..=n {
            let i = (begin + k) % n;
            let q = p(i);
            if kinds[i].on {
                match ctrl.take() {
                    Some(c) => self.quad(cur, c, q),
                    None => self.line(cur, q),
                }
                cur = q;
            } else {
                if let Some(c) = ctrl {
                    let m = mid(c, q);
                    self.quad(cur, c, m);
                    cur = m;
                }
                ctrl = Some(q);
            }
        }
        match ctrl {
            Some(c) => self.quad(cur, c, start),
            None => self.line(cur, start),
        }
    }

    fn quad(&mut self, p0: (f32, f32), p1: (f32, f32), p2: (f32, f32)) {
        // Wholly above or below the rows (the curve is inside its control triangle): no
        // area (a band of a big glyph skips most curves so).
        let hf = self.h as f32;
        if (p0.1 <= 0.0 && p1.1 <= 0.0 && p2.1 <= 0.0) || (p0.1 >= hf && p1.1 >= hf && p2.1 >= hf) {
            return;
        }
        let dx = p0.0 - 2.0 * p1.0 + p2.0;
        let dy = p0.1 - 2.0 * p1.1 + p2.1;
        let dd = dx * dx + dy * dy;
        if dd < 0.333 {
            self.line(p0, p2);
            return;
        }
        let n = (1.0 + (3.0 * dd).sqrt().sqrt().floor()).min(64.0) as usize;
        let step = 1.0 / n as f32;
        let mut prev = p0;
        for i in 1..n {
            let t = step * i as f32;
            let u = 1.0 - t;
            let q = (
                u * u * p0.0 + 2.0 * u * t * p1.0 + t * t * p2.0,
                u * u * p0.1 + 2.0 * u * t * p1.1 + t * t * p2.1,
            );
            self.line(prev, q);
            prev = q;
        }
        self.line(prev, p2);
    }

    /// Adds the signed area of one line segment, clipped to the cells: parts above or
    /// below the rows add nothing, parts left of column 0 wind whole rows (they run down
    /// column 0's left edge), parts right of the last column only the spill column. A
    /// segment inside (every segment of a mask) goes to [`Accumulator::line_inside`]
    /// unchanged.
    fn line(&mut self, p0: (f32, f32), p1: (f32, f32)) {
        let (wf, hf) = (self.w as f32, self.h as f32);
        if p0.1 == p1.1 || (p0.1 <= 0.0 && p1.1 <= 0.0) || (p0.1 >= hf && p1.1 >= hf) {
            return;
        }
        let at_y = |y: f32| (p0.0 + (p1.0 - p0.0) * ((y - p0.1) / (p1.1 - p0.1)), y);
        let cut = |p: (f32, f32)| {
            if p.1 < 0.0 {
                at_y(0.0)
            } else if p.1 > hf {
                at_y(hf)
            } else {
                p
            }
        };
        let (a, b) = (cut(p0), cut(p1));
        // Where the segment crosses x = 0 and x = w, in order along it.
        let mut knots = [(0f32, (0f32, 0f32)); 2];
        let mut n = 0;
        for xb in [0.0, wf] {
            if (a.0 - xb) * (b.0 - xb) < 0.0 {
                let t = (xb - a.0) / (b.0 - a.0);
                knots[n] = (t, (xb, a.1 + (b.1 - a.1) * t));
                n += 1;
            }
        }
        if n == 2 && knots[0].0 > knots[1].0 {
            knots.swap(0, 1);
        }
        let mut from = a;
        for &(_, k) in &knots[..n] {
            self.line_inside(from, k);
            from = k;
        }
        self.line_inside(from, b);
    }

    /// Adds the signed area of one line segment within the cells (font-rs's `draw_line`).
    fn line_inside(&mut self, p0: (f32, f32), p1: (f32, f32)) {
        let (wf, hf) = (self.w as f32, self.h as f32);
        let clamp = |p: (f32, f32)| (p.0.max(0.0).min(wf), p.1.max(0.0).min(hf));
        let (p0, p1) = (clamp(p0), clamp(p1));
        if (p0.1 - p1.1).abs() <= f32::EPSILON {
            return;
        }
        let (dir, p0, p1) = if p0.1 < p1.1 { (1.0, p0, p1) } else { (-1.0, p1, p0) };
        let dxdy = (p1.0 - p0.0) / (p1.1 - p0.1);
        let mut x = p0.0;
        let y_start = p0.1 as usize;
        let y_end = (p1.1.ceil() as usize).min(self.h);
        for y in y_start..y_end {
            let line = y * self.stride;
            let dy = ((y + 1) as f32).min(p1.1) - (y as f32).max(p0.1);
            let xnext = (x + dxdy * dy).max(0.0).min(wf);
            let d = dy * dir;
            let (xa, xb) = if x < xnext { (x, xnext) } else { (xnext, x) };
            let xa_floor = xa.floor();
            let xa_i = xa_floor as usize;
            let xb_ceil = xb.ceil();
            let xb_i = xb_ceil as usize;
            let row = &mut self.a[line..line + self.stride];
            if xb_i <= xa_i + 1 {
                // Within one cell: the area right of the segment's mean x.
                let xmf = 0.5 * (x + xnext) - xa_floor;
                row[xa_i] += d - d * xmf;
                row[xa_i + 1] += d * xmf;
            } else {
                let s = 1.0 / (xb - xa);
                let xa_f = xa - xa_floor;
                let a0 = 0.5 * s * (1.0 - xa_f) * (1.0 - xa_f);
                let xb_f = xb - xb_ceil + 1.0;
                let am = 0.5 * s * xb_f * xb_f;
                row[xa_i] += d * a0;
                if xb_i == xa_i + 2 {
                    row[xa_i + 1] += d * (1.0 - a0 - am);
                } else {
                    let a1 = s * (1.5 - xa_f);
                    row[xa_i + 1] += d * (a1 - a0);
                    for cell in &mut row[xa_i + 2..xb_i - 1] {
                        *cell += d * s;
                    }
                    let a2 = a1 + (xb_i - xa_i - 3) as f32 * s;
                    row[xb_i - 1] += d * (1.0 - a2 - am);
                }
                row[xb_i] += d * am;
            }
            x = xnext;
        }
    }

    /// Running sums along each row, clamped to coverage bytes.
    fn finish(self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.w * self.h);
        for row in self.a.chunks(self.stride) {
            let mut sum = 0.0f32;
            for &cell in &row[..self.w] {
                sum += cell;
                out.push((sum.abs().min(1.0) * 255.0 + 0.5) as u8);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(x0: f32, y0: f32, x1: f32, y1: f32, clockwise: bool) -> Vec<OutlinePoint> {
        let mut v = vec![(x0, y0), (x0, y1), (x1, y1), (x1, y0)];
        if !clockwise {
            v.reverse();
        }
        v.into_iter().map(|(x, y)| OutlinePoint { x, y, on: true }).collect()
    }

    fn outline(contours: Vec<Vec<OutlinePoint>>) -> Outline {
        let mut o = Outline::default();
        for c in contours {
            o.points.extend(c);
            o.contour_ends.push(o.points.len());
        }
        o
    }

    const ID: Transform = Transform { a: 1.0, b: 0.0, c: 0.0, d: 1.0, e: 0.0, f: 0.0 };

    #[test]
    fn pixel_aligned_square_is_exactly_covered() {
        let o = outline(vec![square(2.0, 1.0, 6.0, 4.0, true)]);
        let c = rasterize(&o, &ID, &[(0.0, 0.0)], &mut Vec::new());
        assert_eq!((c.left, c.top, c.width, c.height), (2, 1, 4, 3));
        assert!(c.data.iter().all(|&v| v == 255), "{:?}", c.data);
    }

    #[test]
    fn half_pixel_edges_give_half_coverage() {
        let o = outline(vec![square(0.5, 0.0, 3.5, 2.0, false)]);
        let c = rasterize(&o, &ID, &[(0.0, 0.0)], &mut Vec::new());
        assert_eq!(c.width, 4);
        for row in c.data.chunks(4) {
            assert_eq!(row, &[128, 255, 255, 128]);
        }
    }

    #[test]
    fn holes_follow_the_nonzero_rule() {
        // Outer clockwise, inner counter-clockwise: a hole. Inner clockwise: filled.
        let ring = outline(vec![square(0.0, 0.0, 6.0, 6.0, true), square(2.0, 2.0, 4.0, 4.0, false)]);
        let c = rasterize(&ring, &ID, &[(0.0, 0.0)], &mut Vec::new());
        assert_eq!(c.data[3 * 6 + 3], 0);
        assert_eq!(c.data[0], 255);
        let doubled = outline(vec![square(0.0, 0.0, 6.0, 6.0, true), square(2.0, 2.0, 4.0, 4.0, true)]);
        let c = rasterize(&doubled, &ID, &[(0.0, 0.0)], &mut Vec::new());
        assert_eq!(c.data[3 * 6 + 3], 255);
    }

    #[test]
    fn circle_area_matches_pi_r_squared() {
        // A circle of radius 10 from 8 quadratic arcs (off-curve points only).
        let r = 10.0f32;
        let k = r / (std::f32::consts::PI / 8.0).cos();
        let pts: Vec<OutlinePoint> = (0..8)
            .map(|i| {
                let t = std::f32::consts::PI / 4.0 * i as f32;
                OutlinePoint { x: 20.0 + k * t.cos(), y: 20.0 + k * t.sin(), on: false }
            })
            .collect();
        let c = rasterize(&outline(vec![pts]), &ID, &[(0.0, 0.0)], &mut Vec::new());
        let area: f32 = c.data.iter().map(|&v| v as f32 / 255.0).sum();
        let want = std::f32::consts::PI * r * r;
        assert!((area - want).abs() / want < 0.01, "area {} want {}", area, want);
    }

    #[test]
    fn strikes_make_a_union() {
        let o = outline(vec![square(0.0, 0.0, 2.0, 2.0, true)]);
        let c = rasterize(&o, &ID, &[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)], &mut Vec::new());
        assert_eq!((c.width, c.height), (4, 2));
        assert!(c.data.iter().all(|&v| v == 255));
    }

    #[test]
    fn black_rects_threshold_at_half_coverage_and_merge_rows() {
        let r = |x0, x1, y0, y1| Rect16 { x0, x1, y0, y1 };
        let c = Coverage {
            left: 0,
            top: 0,
            width: 5,
            height: 2,
            data: vec![0, 127, 128, 255, 0, 255, 0, 0, 0, 200],
        };
        assert_eq!(c.black_rects(), vec![r(2, 4, 0, 1), r(0, 1, 1, 2), r(4, 5, 1, 2)]);
        // an H: two stems of 4 rows and a crossbar row between
        #[rustfmt::skip]
        let h = vec![
            255, 0, 0, 255,
            255, 0, 0, 255,
            255, 255, 255, 255,
            255, 0, 0, 255,
        ];
        let c = Coverage { left: 0, top: 0, width: 4, height: 4, data: h };
        assert_eq!(
            c.black_rects(),
            vec![r(0, 1, 0, 2), r(3, 4, 0, 2), r(0, 4, 2, 3), r(0, 1, 3, 4), r(3, 4, 3, 4)]
        );
    }

    /// Window coverage, band by band, pasted into a `w` x `h` grid at (`x0`, `y0`).
    fn windowed(o: &Outline, tf: &Transform, strikes: &[(f32, f32)], win: (i64, i64, i64, i64), cells: usize) -> Vec<u8> {
        let (w, h) = ((win.2 - win.0) as usize, (win.3 - win.1) as usize);
        let mut out = vec![0u8; w * h];
        let mut bands = 0;
        window_bands(o, tf, strikes, win, cells, &mut Vec::new(), |b| {
            bands += 1;
            assert!(b.width as usize * b.height as usize <= cells.max(b.width as usize + 2) && b.height >= 1);
            for r in 0..b.height as i64 {
                for c in 0..b.width as i64 {
                    let (x, y) = (b.left as i64 + c - win.0, b.top as i64 + r - win.1);
                    assert!(x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h, "band outside the window");
                    out[y as usize * w + x as usize] = b.data[(r * b.width as i64 + c) as usize];
                }
            }
        });
        assert!(bands > 0 || out.iter().all(|&v| v == 0));
        out
    }

    #[test]
    fn windows_and_bands_give_the_masks_dots() {
        // An oblique-ish shape with curves, a hole and a slanted edge crossing every side
        // of the windows, plus two bold strikes.
        let r = 9.0f32;
        let k = r / (std::f32::consts::PI / 8.0).cos();
        let circle: Vec<OutlinePoint> = (0..8)
            .map(|i| {
                let t = std::f32::consts::PI / 4.0 * i as f32;
                OutlinePoint { x: 14.3 + k * t.cos(), y: 12.7 + k * t.sin(), on: false }
            })
            .collect();
        let tri = vec![
            OutlinePoint { x: 1.2, y: 30.6, on: true },
            OutlinePoint { x: 27.9, y: 2.3, on: true },
            OutlinePoint { x: 29.4, y: 33.1, on: true },
        ];
        let o = outline(vec![tri, circle, square(10.5, 9.25, 17.75, 15.5, false)]);
        let tf = Transform { a: 1.0, b: 0.1, c: 0.3, d: 1.0, e: 0.4, f: -0.3 };
        for strikes in [vec![(0.0, 0.0)], vec![(0.0, 0.0), (0.6, 0.0), (1.2, 0.0)]] {
            let m = rasterize(&o, &tf, &strikes, &mut Vec::new());
            let mask = |x: i64, y: i64| -> u8 {
                let (c, r) = (x - m.left as i64, y - m.top as i64);
                if c < 0 || r < 0 || c >= m.width as i64 || r >= m.height as i64 {
                    0
                } else {
                    m.data[(r * m.width as i64 + c) as usize]
                }
            };
            for win in [(-5, -5, 60, 60), (7, 3, 19, 22), (0, 20, 40, 21), (-3, 11, 9, 50), (30, 30, 32, 34), (50, 50, 60, 60)] {
                for cells in [3usize, 16, 40, 1 << 20] {
                    let got = windowed(&o, &tf, &strikes, win, cells);
                    let w = (win.2 - win.0) as usize;
                    for (i, &v) in got.iter().enumerate() {
                        let (x, y) = (win.0 + (i % w) as i64, win.1 + (i / w) as i64);
                        let want = mask(x, y);
                        assert!((v as i32 - want as i32).abs() <= 1, "{:?} cells {} dot ({}, {}): {} vs mask {}", win, cells, x, y, v, want);
                    }
                }
            }
        }
    }

    #[test]
    fn oversize_is_reported_and_windowed_not_masked() {
        let big = outline(vec![square(0.0, 0.0, 3000.0, 3000.0, true)]);
        assert!(is_oversize(&big, &ID, &[(0.0, 0.0)]));
        assert_eq!(rasterize(&big, &ID, &[(0.0, 0.0)], &mut Vec::new()), Coverage::default());
        let small = outline(vec![square(0.0, 0.0, 2000.0, 2000.0, true)]);
        assert!(!is_oversize(&small, &ID, &[(0.0, 0.0)]));
        // a window of the big square: full, and never more than a band of scratch
        let mut acc = Vec::new();
        let mut dots = 0usize;
        rasterize_window(&big, &ID, &[(0.0, 0.0)], (2990, -10, 4000, 3000), &mut acc, |b| {
            assert!(b.data.iter().all(|&v| v == 255));
            dots += b.data.len();
        });
        assert_eq!(dots, 10 * 3000);
        assert!(acc.len() <= BAND_CELLS + 3000);
        // off the window: nothing
        rasterize_window(&big, &ID, &[(0.0, 0.0)], (3000, 0, 4000, 10), &mut acc, |_| panic!("no band"));
    }

    #[test]
    fn absurd_sizes_draw_nothing() {
        let o = outline(vec![square(0.0, 0.0, 1e6, 1e6, true)]);
        assert_eq!(rasterize(&o, &ID, &[(0.0, 0.0)], &mut Vec::new()), Coverage::default());
        let nan = Transform { a: f32::NAN, ..ID };
        assert_eq!(rasterize(&o, &nan, &[(0.0, 0.0)], &mut Vec::new()), Coverage::default());
    }
}
