//! SHAPE, LINE and TABLE: geometry drawn into a [`Target`] inside a dot box.
//!
//! # Shapes (rectangle, rounded rectangle, ellipse)
//!
//! Drawn row by row from the shape's *inset* at each row: how far in from the box's left
//! (and, mirrored, right) edge the shape starts, in dots, measured at the row's centre.
//! A dot is inside when its centre is (`column + 0.5 >= inset`), so a shape is exactly
//! symmetric left-right and top-bottom (rows are computed from the nearer of the top and
//! bottom edges, columns from the nearer side) at any size and resolution.
//!
//! * **Filled**: each row's span between the two insets.
//! * **Outline** of `line` dots (at least 1 when the width is above 0): the ring between
//!   the shape and the same shape shrunk by `line` dots on every side (rounded
//!   rectangle: corner radius `r - line`; ellipse: semi-axes less `line`), so the line
//!   lies inside the box. Each ring piece is stretched, where a steep curve would leave
//!   a step, to reach the next row's piece: the outline never has a gap. A line of half
//!   the shorter side or more fills the shape.
//! * Grey targets get anti-aliased edges: the same insets at 4 sub-rows per row with
//!   exact horizontal coverage, so a dot's level is the area the shape covers (about).
//!
//! # Lines
//!
//! A segment between end points given in dots (not rounded: a line at any angle keeps its
//! true position), stroked `width` dots wide centred on it with butt ends: the
//! rectangle around the segment is filled by dot centres, so a horizontal or vertical
//! line is exactly `width` dots thick and no angle leaves a gap. Dashes (dash and gap
//! lengths in dots along the line) start with a dash at the first end point; a dash
//! period under one dot draws the line solid. Grey targets get the covered area of each
//! dot (anti-aliased edges, `AA_SUB` sub-rows like the shapes). A zero-length segment or a
//! width of 0 draws nothing; the caller makes a hairline at least 1 dot wide
//! (`units::line_dots`), and non-finite input draws nothing.
//!
//! # Tables
//!
//! The outer border `line` dots inside the table's box, then the inner lines centred on
//! the row and column edges (`line` dots wide, the odd dot below / right), each cell side
//! separately so lines inside a merged group are skipped.

use crate::display_list::{Merge, ShapeKind};
use crate::target::Target;
use crate::units::DotBox;

/// Sub-rows per row for grey anti-aliasing.
const AA_SUB: usize = 4;

/// A SHAPE in box `b`: an outline `line` dots wide inside the box, or filled; `corner`
/// dots radius for rounded rectangles.
pub fn draw_shape(t: &mut Target, b: DotBox, kind: ShapeKind, filled: bool, line: i64, corner: i64) {
    let (w, h) = (b.width(), b.height());
    if w <= 0 || h <= 0 || (!filled && line <= 0) {
        return;
    }
    let geometry = match kind {
        ShapeKind::Rectangle => Geometry::Round { r: 0.0 },
        ShapeKind::RoundedRectangle => Geometry::Round { r: (corner.max(0) as f64).min(w.min(h) as f64 / 2.0) },
        ShapeKind::Ellipse => Geometry::Ellipse,
    };
    if kind == ShapeKind::Rectangle {
        // Whole-dot rectangles are exact in both kinds: byte spans, no per-row work.
        if filled || line * 2 >= w.min(h) {
            t.fill(b.x0, b.y0, b.x1, b.y1);
        } else {
            stroke_rect(t, b, line);
        }
        return;
    }
    let line = if filled || line * 2 >= w.min(h) { None } else { Some(line as f64) };
    let shape = Shape { w: w as f64, h: h as f64, geometry, line };
    if t.is_grey() {
        draw_grey(t, b, &shape);
    } else {
        draw_bits(t, b, &shape);
    }
}

/// A rectangle's border `line` dots thick inside the box; thick enough lines fill it.
pub fn stroke_rect(t: &mut Target, b: DotBox, line: i64) {
    let (w, h) = (b.width(), b.height());
    if w <= 0 || h <= 0 || line <= 0 {
        return;
    }
    if line * 2 >= w || line * 2 >= h {
        t.fill(b.x0, b.y0, b.x1, b.y1);
        return;
    }
    t.fill(b.x0, b.y0, b.x1, b.y0 + line);
    t.fill(b.x0, b.y1 - line, b.x1, b.y1);
    t.fill(b.x0, b.y0 + line, b.x0 + line, b.y1 - line);
    t.fill(b.x1 - line, b.y0 + line, b.x1, b.y1 - line);
}

#[derive(Clone, Copy)]
enum Geometry {
    /// Rectangle with quarter-circle corners of radius `r` dots (0 = square).
    Round { r: f64 },
    /// Ellipse inscribed in the box.
    Ellipse,
}

/// A shape in a `w x h` dot box, with an outline of `line` dots or filled (`None`).
struct Shape {
    w: f64,
    h: f64,
    geometry: Geometry,
    line: Option<f64>,
}

impl Shape {
    /// The outer inset at distance `y` (dots, > 0) from the nearer of the top and bottom
    /// edges; `None` when the row misses the shape.
    fn outer(&self, y: f64) -> Option<f64> {
        inset(self.geometry, self.w, self.h, y)
    }

    /// The inner (hole) inset at `y`, or `None` when the row has no hole (a full span).
    fn inner(&self, y: f64) -> Option<f64> {
        let line = self.line?;
        if y <= line {
            return None;
        }
        match self.geometry {
            Geometry::Round { r } => inset(Geometry::Round { r: (r - line).max(0.0) }, self.w - 2.0 * line, self.h - 2.0 * line, y - line).map(|i| i + line),
            Geometry::Ellipse => inset(Geometry::Ellipse, self.w - 2.0 * line, self.h - 2.0 * line, y - line).map(|i| i + line),
        }
    }
}

/// Inset of the shape `w x h` at distance `y` from its top (or bottom) edge.
fn inset(g: Geometry, w: f64, h: f64, y: f64) -> Option<f64> {
    if w <= 0.0 || h <= 0.0 || y <= 0.0 {
        return None;
    }
    match g {
        Geometry::Round { r } => {
            if y >= r {
                Some(0.0)
            } else {
                let dy = r - y;
                Some(r - (r * r - dy * dy).max(0.0).sqrt())
            }
        }
        Geometry::Ellipse => {
            let (a, b) = (w / 2.0, h / 2.0);
            let dy = (b - y) / b;
            if dy.abs() >= 1.0 {
                return None;
            }
            Some(a - a * (1.0 - dy * dy).sqrt())
        }
    }
}

/// First dot column whose centre is at or past `inset`.
fn first_col(inset: f64) -> i64 {
    (inset - 0.5).ceil().max(0.0) as i64
}

/// 1-bit: each visible row as whole-dot spans, from the row's distance to the nearer of
/// the top and bottom edges (so the lower half mirrors the upper exactly).
fn draw_bits(t: &mut Target, b: DotBox, s: &Shape) {
    let (w, h) = (b.width(), b.height());
    let half_w = (w + 1) / 2; // a piece never crosses the middle column
    let start = |i: i64| s.outer(i as f64 + 0.5).map(first_col);
    for row in (-b.y0).max(0)..h.min(t.height() - b.y0) {
        let i = row.min(h - 1 - row);
        let y = i as f64 + 0.5;
        let a = match start(i) {
            Some(a) if a < w - a => a,
            _ => continue,
        };
        // The ring piece on the left: a..c (c exclusive); a full row when c reaches the
        // middle. It reaches under the piece of the row nearer the edge, so steep parts
        // of a curve leave no gap.
        let c = match (s.line, s.inner(y)) {
            (Some(_), Some(v)) => {
                let mut c = first_col(v).max(a + 1);
                if let Some(p) = if i > 0 { start(i - 1) } else { None } {
                    c = c.max(p);
                }
                c.min(half_w)
            }
            _ => half_w,
        };
        let y = b.y0 + row;
        if c >= half_w {
            t.span(y, b.x0 + a, b.x0 + w - a);
        } else {
            t.span(y, b.x0 + a, b.x0 + c);
            t.span(y, b.x0 + w - c, b.x0 + w - a);
        }
    }
}

/// Grey: coverage from `AA_SUB` sub-rows per row, exact horizontally.
fn draw_grey(t: &mut Target, b: DotBox, s: &Shape) {
    let (w, h) = (b.width(), b.height());
    // Only the visible columns and rows cost anything.
    let (cx0, cx1) = ((-b.x0).max(0), w.min(t.width() - b.x0));
    let (ry0, ry1) = ((-b.y0).max(0), h.min(t.height() - b.y0));
    if cx0 >= cx1 || ry0 >= ry1 {
        return;
    }
    let mut cov = vec![0f32; (cx1 - cx0) as usize];
    let wf = s.w;
    for row in ry0..ry1 {
        for c in cov.iter_mut() {
            *c = 0.0;
        }
        for k in 0..AA_SUB {
            let yc = row as f64 + (k as f64 + 0.5) / AA_SUB as f64;
            let y = yc.min(s.h - yc); // from the nearer edge
            let a = match s.outer(y) {
                Some(v) => v,
                None => continue,
            };
            if a >= wf - a {
                continue;
            }
            let mut add = |x0: f64, x1: f64| add_coverage(&mut cov, cx0, x0, x1, 1.0 / AA_SUB as f32);
            match (s.line, s.inner(y)) {
                (Some(_), Some(c)) if c < wf - c => {
                    add(a, c);
                    add(wf - c, wf - a);
                }
                _ => add(a, wf - a),
            }
        }
        for (i, &c) in cov.iter().enumerate() {
            if c > 0.0 {
                t.cover(b.x0 + cx0 + i as i64, b.y0 + row, (c.min(1.0) * 255.0 + 0.5) as u8);
            }
        }
    }
}

/// Adds `weight` x the covered fraction of each dot of `x0..x1` (box dots, continuous)
/// to `cov`, whose first entry is column `first`.
fn add_coverage(cov: &mut [f32], first: i64, x0: f64, x1: f64, weight: f32) {
    let lo = x0.max(first as f64);
    let hi = x1.min((first + cov.len() as i64) as f64);
    if lo >= hi {
        return;
    }
    let (c0, c1) = (lo.floor() as i64, hi.ceil() as i64);
    for c in c0..c1 {
        let part = (hi.min((c + 1) as f64) - lo.max(c as f64)) as f32;
        if part > 0.0 {
            cov[(c - first) as usize] += part * weight;
        }
    }
}

/*---- Lines ----*/

/// A segment from `p1` to `p2` (target dots, continuous), `width` dots wide, centred, butt
/// ends; dashed when `dash > 0 && gap > 0` (dots along the line).
pub fn draw_line(t: &mut Target, p1: (f64, f64), p2: (f64, f64), width: f64, dash: f64, gap: f64) {
    let (dx, dy) = (p2.0 - p1.0, p2.1 - p1.1);
    let len = (dx * dx + dy * dy).sqrt();
    if !(len > 0.0) || !(width > 0.0) || !len.is_finite() {
        return;
    }
    let (ux, uy) = (dx / len, dy / len);
    // Only the part of the segment whose butt-ended pieces can reach the target is
    // walked: its parameters lie within the target's projection onto the line (at most
    // the target's diagonal long, whatever the width), dash phase kept.
    let (tw, th) = (t.width() as f64, t.height() as f64);
    let proj = [(0.0, 0.0), (tw, 0.0), (0.0, th), (tw, th)].map(|(x, y)| (x - p1.0) * ux + (y - p1.1) * uy);
    let s0 = proj.iter().cloned().fold(f64::INFINITY, f64::min).max(0.0);
    let s1 = proj.iter().cloned().fold(f64::NEG_INFINITY, f64::max).min(len);
    if !(s0 < s1) {
        return;
    }
    let period = dash + gap;
    if dash <= 0.0 || gap <= 0.0 || period < 1.0 {
        stroke_piece(t, p1, (ux, uy), s0, s1, width);
        return;
    }
    let mut k = (s0 / period).floor();
    loop {
        let start = k * period;
        if start >= s1 {
            break;
        }
        let (a, z) = (start.max(s0), (start + dash).min(s1));
        if a < z {
            stroke_piece(t, p1, (ux, uy), a, z, width);
        }
        k += 1.0;
    }
}

/// Fills the rectangle around `p + s u` for `s` in `s0..s1`, `width` wide: on a 1-bit
/// target each row's dots whose centres lie inside; on a grey target the covered area
/// (`AA_SUB` sub-rows, exact horizontally).
fn stroke_piece(t: &mut Target, p: (f64, f64), u: (f64, f64), s0: f64, s1: f64, width: f64) {
    let (nx, ny) = (-u.1 * width / 2.0, u.0 * width / 2.0);
    let (ax, ay) = (p.0 + u.0 * s0, p.1 + u.1 * s0);
    let (bx, by) = (p.0 + u.0 * s1, p.1 + u.1 * s1);
    let quad = [(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)];
    let ymin = quad.iter().map(|q| q.1).fold(f64::INFINITY, f64::min);
    let ymax = quad.iter().map(|q| q.1).fold(f64::NEG_INFINITY, f64::max);
    let tw = t.width() as f64;
    if !t.is_grey() {
        let row0 = ((ymin - 0.5).ceil().max(0.0)) as i64;
        let row1 = ((ymax - 0.5).ceil().min(t.height() as f64)) as i64;
        for row in row0..row1 {
            if let Some((xl, xr)) = quad_span(&quad, row as f64 + 0.5) {
                let c0 = (xl - 0.5).ceil().max(-1.0).min(tw) as i64;
                let c1 = (xr - 0.5).ceil().max(-1.0).min(tw) as i64;
                t.span(row, c0, c1);
            }
        }
        return;
    }
    let row0 = ymin.floor().max(0.0) as i64;
    let row1 = ymax.ceil().min(t.height() as f64) as i64;
    let mut cov: Vec<f32> = Vec::new();
    for row in row0..row1 {
        let spans: Vec<(f64, f64)> = (0..AA_SUB)
            .filter_map(|k| quad_span(&quad, row as f64 + (k as f64 + 0.5) / AA_SUB as f64))
            .map(|(l, r)| (l.max(0.0), r.min(tw)))
            .filter(|(l, r)| l < r)
            .collect();
        if spans.is_empty() {
            continue;
        }
        let first = spans.iter().map(|s| s.0).fold(f64::INFINITY, f64::min).floor() as i64;
        let end = spans.iter().map(|s| s.1).fold(f64::NEG_INFINITY, f64::max).ceil() as i64;
        cov.clear();
        cov.resize((end - first) as usize, 0.0);
        for (l, r) in spans {
            add_coverage(&mut cov, first, l, r, 1.0 / AA_SUB as f32);
        }
        for (i, &c) in cov.iter().enumerate() {
            if c > 0.0 {
                t.cover(first + i as i64, row, (c.min(1.0) * 255.0 + 0.5) as u8);
            }
        }
    }
}

/// Where the horizontal line at `y` crosses the convex quadrilateral `quad`: `(left,
/// right)`, or `None` when it misses.
fn quad_span(quad: &[(f64, f64); 4], y: f64) -> Option<(f64, f64)> {
    let (mut xl, mut xr) = (f64::INFINITY, f64::NEG_INFINITY);
    for i in 0..4 {
        let (p, q) = (quad[i], quad[(i + 1) % 4]);
        let (ylo, yhi) = if p.1 < q.1 { (p.1, q.1) } else { (q.1, p.1) };
        if y < ylo || y > yhi {
            continue;
        }
        if (q.1 - p.1).abs() < 1e-12 {
            xl = xl.min(p.0.min(q.0));
            xr = xr.max(p.0.max(q.0));
        } else {
            let x = p.0 + (y - p.1) * (q.0 - p.0) / (q.1 - p.1);
            xl = xl.min(x);
            xr = xr.max(x);
        }
    }
    if xl < xr {
        Some((xl, xr))
    } else {
        None
    }
}

/*---- Tables ----*/

/// A table in box `b`: `ys` row edges and `xs` column edges in target dots (R + 1 and
/// C + 1 of them, first = top / left), lines `line` dots wide.
pub fn draw_table(t: &mut Target, b: DotBox, xs: &[i64], ys: &[i64], line: i64, merges: &[Merge]) {
    if line <= 0 || xs.len() < 2 || ys.len() < 2 {
        return;
    }
    stroke_rect(t, b, line);
    let (rows, cols) = (ys.len() - 1, xs.len() - 1);
    let same_group = |r0: usize, c0: usize, r1: usize, c1: usize| {
        merges.iter().any(|m| {
            let inside = |r: usize, c: usize| (m.first_row as usize..=m.last_row as usize).contains(&r) && (m.first_col as usize..=m.last_col as usize).contains(&c);
            inside(r0, c0) && inside(r1, c1)
        })
    };
    let half = line / 2;
    // Horizontal lines between row k - 1 and row k, cell by cell.
    for k in 1..rows {
        let y = ys[k] - half;
        for c in 0..cols {
            if !same_group(k - 1, c, k, c) {
                t.fill(xs[c], y, xs[c + 1], y + line);
            }
        }
    }
    // Vertical lines between column k - 1 and column k.
    for k in 1..cols {
        let x = xs[k] - half;
        for r in 0..rows {
            if !same_group(r, k - 1, r, k) {
                t.fill(x, ys[r], x + line, ys[r + 1]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::target::Surface;

    fn draw(grey: bool, w: i64, h: i64, f: impl FnOnce(&mut Target)) -> Surface {
        let mut s = Surface::new(grey, w, h).unwrap();
        f(&mut s.target());
        s
    }

    fn ink(s: &Surface) -> Vec<Vec<bool>> {
        (0..s.height() as i64).map(|y| (0..s.width() as i64).map(|x| s.is_ink(x, y)).collect()).collect()
    }

    fn assert_symmetric(g: &[Vec<bool>], what: &str) {
        let h = g.len();
        for y in 0..h {
            let w = g[y].len();
            for x in 0..w {
                assert_eq!(g[y][x], g[y][w - 1 - x], "{}: left-right at {},{}", what, x, y);
                assert_eq!(g[y][x], g[h - 1 - y][x], "{}: top-bottom at {},{}", what, x, y);
            }
        }
    }

    /// Dots reachable from (x, y) through paper (4-neighbours).
    fn flood_paper(g: &[Vec<bool>], x: usize, y: usize) -> Vec<Vec<bool>> {
        let (h, w) = (g.len(), g[0].len());
        let mut seen = vec![vec![false; w]; h];
        let mut stack = vec![(x, y)];
        while let Some((x, y)) = stack.pop() {
            if g[y][x] || seen[y][x] {
                continue;
            }
            seen[y][x] = true;
            if x > 0 {
                stack.push((x - 1, y));
            }
            if y > 0 {
                stack.push((x, y - 1));
            }
            if x + 1 < w {
                stack.push((x + 1, y));
            }
            if y + 1 < h {
                stack.push((x, y + 1));
            }
        }
        seen
    }

    /// Outlines are closed: paper inside never reaches paper outside (a 4-connected
    /// flood from the centre stays in; the ink is an 8-connected ring, as drawn curves
    /// are).
    fn assert_closed(g: &[Vec<bool>], what: &str) {
        let (h, w) = (g.len(), g[0].len());
        let inside = flood_paper(g, w / 2, h / 2);
        for y in 0..h {
            for x in 0..w {
                if inside[y][x] {
                    assert!(x > 0 && y > 0 && x + 1 < w && y + 1 < h, "{}: the inside leaks at {},{}", what, x, y);
                }
            }
        }
    }

    #[test]
    fn rectangles_are_exact_at_203_and_300_dpi() {
        for (dpi, line) in [(203u32, 4i64), (300, 6)] {
            let _ = dpi;
            let b = DotBox { x0: 3, y0: 2, x1: 43, y1: 22 };
            for grey in [false, true] {
                let s = draw(grey, 46, 25, |t| draw_shape(t, b, ShapeKind::Rectangle, false, line, 0));
                let g = ink(&s);
                // Top edge exactly `line` rows, left edge exactly `line` columns.
                let col: Vec<bool> = (0..25).map(|y| g[y][20]).collect();
                assert_eq!(col.iter().filter(|&&v| v).count() as i64, 2 * line);
                assert!(col[2] && col[2 + line as usize - 1] && !col[2 + line as usize] && !col[1]);
                let row = &g[12];
                assert_eq!(row.iter().filter(|&&v| v).count() as i64, 2 * line);
                assert!(row[3] && row[42] && !row[2] && !row[43]);
                let f = draw(grey, 46, 25, |t| draw_shape(t, b, ShapeKind::Rectangle, true, 0, 0));
                assert_eq!(ink(&f).iter().flatten().filter(|&&v| v).count(), 40 * 20);
            }
        }
        // No line and no fill: nothing.
        let s = draw(false, 10, 10, |t| draw_shape(t, DotBox { x0: 0, y0: 0, x1: 10, y1: 10 }, ShapeKind::Ellipse, false, 0, 0));
        assert!(s.data().iter().all(|&b| b == 0));
    }

    #[test]
    fn ellipses_and_rounded_rectangles_are_symmetric_closed_and_line_wide() {
        for &(w, h) in &[(80i64, 80i64), (81, 81), (120, 40), (41, 97), (7, 7), (200, 3), (3, 50)] {
            for &line in &[1i64, 2, 3, 6] {
                for kind in [ShapeKind::Ellipse, ShapeKind::RoundedRectangle] {
                    let corner = (w.min(h) / 3).max(1);
                    let b = DotBox { x0: 2, y0: 2, x1: 2 + w, y1: 2 + h };
                    let s = draw(false, w + 4, h + 4, |t| draw_shape(t, b, kind, false, line, corner));
                    let g = ink(&s);
                    let what = format!("{:?} {}x{} line {}", kind, w, h, line);
                    assert_symmetric(&g, &what);
                    // Ink stays inside the box.
                    for (y, r) in g.iter().enumerate() {
                        for (x, &v) in r.iter().enumerate() {
                            if v {
                                assert!((2..2 + w as usize).contains(&x) && (2..2 + h as usize).contains(&y), "{} outside at {},{}", what, x, y);
                            }
                        }
                    }
                    if line * 2 < w.min(h) && w.min(h) > 6 {
                        assert_closed(&g, &what);
                        // The middle row's left piece and the middle column's top piece
                        // are exactly `line` dots.
                        let mid = &g[(2 + h / 2) as usize];
                        let left = mid.iter().skip(2).take_while(|&&v| v).count() as i64;
                        assert_eq!(left, line, "{} middle row {:?}", what, mid);
                        let top = (2..2 + h as usize).take_while(|&y| g[y][(2 + w / 2) as usize]).count() as i64;
                        assert_eq!(top, line, "{} middle column", what);
                    }
                    // Filled: every row of the box has ink (no empty middle rows), and
                    // the middle row spans the box.
                    let f = draw(false, w + 4, h + 4, |t| draw_shape(t, b, kind, true, 0, corner));
                    let g = ink(&f);
                    assert_symmetric(&g, &what);
                    assert_eq!(g[(2 + h / 2) as usize].iter().filter(|&&v| v).count() as i64, w, "{}", what);
                }
            }
        }
    }

    #[test]
    fn outlines_are_closed_at_every_size() {
        for w in (7..64).step_by(4) {
            for h in (7..64).step_by(5) {
                for line in 1..4i64 {
                    for kind in [ShapeKind::Ellipse, ShapeKind::RoundedRectangle] {
                        let b = DotBox { x0: 1, y0: 1, x1: 1 + w, y1: 1 + h };
                        let s = draw(false, w + 2, h + 2, |t| draw_shape(t, b, kind, false, line, w.min(h) / 3));
                        let g = ink(&s);
                        let what = format!("{:?} {}x{} line {}", kind, w, h, line);
                        assert_symmetric(&g, &what);
                        assert_closed(&g, &what);
                    }
                }
            }
        }
    }

    #[test]
    fn a_circle_is_round() {
        // 20 mm at 203 dpi: 160 dots. Transposing changes nothing; the outline's dots lie
        // within a dot of the ideal ring.
        let b = DotBox { x0: 0, y0: 0, x1: 160, y1: 160 };
        let s = draw(false, 160, 160, |t| draw_shape(t, b, ShapeKind::Ellipse, false, 4, 0));
        let g = ink(&s);
        for y in 0..160 {
            for x in 0..160 {
                assert_eq!(g[y][x], g[x][y], "transpose at {},{}", x, y);
                if g[y][x] {
                    let d = ((x as f64 + 0.5 - 80.0).powi(2) + (y as f64 + 0.5 - 80.0).powi(2)).sqrt();
                    assert!(d <= 80.0 + 0.01 && d >= 76.0 - 1.0, "dot {},{} at {}", x, y, d);
                }
            }
        }
    }

    #[test]
    fn grey_shapes_have_soft_edges_and_solid_insides() {
        let b = DotBox { x0: 0, y0: 0, x1: 60, y1: 40 };
        let s = draw(true, 60, 40, |t| draw_shape(t, b, ShapeKind::Ellipse, true, 0, 0));
        let d = s.data();
        assert_eq!(d[20 * 60 + 30], 0, "centre");
        assert_eq!(d[0], 255, "corner");
        let partial = d.iter().filter(|&&v| v > 0 && v < 255).count();
        assert!(partial > 40, "anti-aliased edge dots: {}", partial);
        // Symmetric too.
        for y in 0..40 {
            for x in 0..60 {
                assert_eq!(d[y * 60 + x], d[y * 60 + 59 - x]);
                assert_eq!(d[y * 60 + x], d[(39 - y) * 60 + x]);
            }
        }
    }

    #[test]
    fn lines_are_width_dots_thick_at_any_angle() {
        // Horizontal: exactly `w` rows; vertical: exactly `w` columns.
        for w in [1.0, 2.0, 3.0, 5.0] {
            let s = draw(false, 40, 40, |t| draw_line(t, (5.0, 20.3), (35.0, 20.3), w, 0.0, 0.0));
            let g = ink(&s);
            let rows: Vec<usize> = (0..40).filter(|&y| g[y][20]).collect();
            assert_eq!(rows.len(), w as usize);
            assert_eq!((0..40).filter(|&x| g[rows[0]][x]).count(), 30, "butt ends: 30 dots long");
            let s = draw(false, 40, 40, |t| draw_line(t, (10.0, 2.0), (10.0, 38.0), w, 0.0, 0.0));
            let g = ink(&s);
            assert_eq!((0..40).filter(|&x| g[20][x]).count(), w as usize);
        }
        // Any angle: every column (shallow) or row (steep) along the line has ink, and the
        // ink is one 8-connected piece.
        for k in 0..24 {
            let a = k as f64 * std::f64::consts::PI / 12.0;
            let (c, s) = (a.cos(), a.sin());
            let surf = draw(false, 64, 64, |t| draw_line(t, (32.0 - 25.0 * c, 32.0 - 25.0 * s), (32.0 + 25.0 * c, 32.0 + 25.0 * s), 1.0, 0.0, 0.0));
            let g = ink(&surf);
            let dots: Vec<(i64, i64)> = (0..64).flat_map(|y| (0..64).map(move |x| (x, y))).filter(|&(x, y)| g[y as usize][x as usize]).collect();
            assert!(!dots.is_empty());
            let mut seen = vec![dots[0]];
            let mut i = 0;
            while i < seen.len() {
                let (x, y) = seen[i];
                for &(u, v) in &dots {
                    if (u - x).abs() <= 1 && (v - y).abs() <= 1 && !seen.contains(&(u, v)) {
                        seen.push((u, v));
                    }
                }
                i += 1;
            }
            assert_eq!(seen.len(), dots.len(), "angle {} has a gap", k * 15);
        }
    }

    #[test]
    fn dashes_follow_dash_and_gap_lengths() {
        let s = draw(false, 60, 5, |t| draw_line(t, (0.0, 2.5), (60.0, 2.5), 1.0, 4.0, 2.0));
        let row: String = (0..60).map(|x| if s.is_ink(x, 2) { '#' } else { '.' }).collect();
        assert_eq!(row, "####..".repeat(10));
        // A period under a dot draws solid; a huge line with tiny dashes stays cheap.
        let s = draw(false, 20, 3, |t| draw_line(t, (0.0, 1.5), (20.0, 1.5), 1.0, 0.3, 0.3));
        assert_eq!((0..20).filter(|&x| s.is_ink(x, 1)).count(), 20);
        let s = draw(false, 20, 3, |t| draw_line(t, (-1e9, 1.5), (1e9, 1.5), 1.0, 1.0, 1.0));
        assert_eq!((0..20).filter(|&x| s.is_ink(x, 1)).count(), 10);
        // Absurdly wide too: only the dashes over the target are walked.
        let s = draw(false, 20, 3, |t| draw_line(t, (-1e12, 1.5), (1e12, 1.5), 1e12, 1.0, 1.0));
        assert_eq!((0..20).filter(|&x| s.is_ink(x, 0) && s.is_ink(x, 2)).count(), 10);
        // Grey: a horizontal line on whole dots is solid, a diagonal one has soft edges.
        let g = draw(true, 20, 20, |t| draw_line(t, (2.0, 10.0), (18.0, 10.0), 2.0, 0.0, 0.0));
        assert_eq!((g.data()[8 * 20 + 10], g.data()[9 * 20 + 10], g.data()[10 * 20 + 10], g.data()[11 * 20 + 10]), (255, 0, 0, 255));
        let g = draw(true, 20, 20, |t| draw_line(t, (2.0, 3.0), (18.0, 15.0), 2.0, 0.0, 0.0));
        assert!(g.data().iter().any(|&v| v > 0 && v < 255) && g.data().iter().any(|&v| v < 64));
        // Degenerate input draws nothing and never panics.
        let _ = draw(false, 5, 5, |t| {
            draw_line(t, (1.0, 1.0), (1.0, 1.0), 1.0, 0.0, 0.0);
            draw_line(t, (f64::NAN, 1.0), (2.0, 1.0), 1.0, 0.0, 0.0);
            draw_line(t, (0.0, 0.0), (4.0, 4.0), 0.0, 0.0, 0.0);
        });
    }

    /// 8-connected pieces of ink.
    fn pieces(g: &[Vec<bool>]) -> usize {
        let (h, w) = (g.len(), g[0].len());
        let mut seen = vec![vec![false; w]; h];
        let mut n = 0;
        for y in 0..h {
            for x in 0..w {
                if !g[y][x] || seen[y][x] {
                    continue;
                }
                n += 1;
                let mut stack = vec![(x, y)];
                seen[y][x] = true;
                while let Some((cx, cy)) = stack.pop() {
                    for v in cy.saturating_sub(1)..(cy + 2).min(h) {
                        for u in cx.saturating_sub(1)..(cx + 2).min(w) {
                            if g[v][u] && !seen[v][u] {
                                seen[v][u] = true;
                                stack.push((u, v));
                            }
                        }
                    }
                }
            }
        }
        n
    }

    /// 1-bit ink dots and grey covered area (dots) of a line, averaged over 32 sub-dot
    /// shifts of the whole line (dot-centre sampling errs by up to a dot per row for one
    /// placement; over placements it averages out to the area). The shifts are a
    /// low-discrepancy sequence, so no phase against the dot grid is favoured.
    fn mean_ink(size: i64, p1: (f64, f64), p2: (f64, f64), w: f64, dash: f64, gap: f64) -> (f64, f64) {
        let (mut bits, mut grey) = (0.0, 0.0);
        const N: usize = 32;
        for k in 0..N {
            let (dx, dy) = ((k as f64 * 0.754_877_666).fract(), (k as f64 * 0.569_840_291).fract());
            let (a, b) = ((p1.0 + dx, p1.1 + dy), (p2.0 + dx, p2.1 + dy));
            let s = draw(false, size, size, |t| draw_line(t, a, b, w, dash, gap));
            bits += ink(&s).iter().flatten().filter(|&&v| v).count() as f64;
            let g = draw(true, size, size, |t| draw_line(t, a, b, w, dash, gap));
            grey += g.data().iter().map(|&v| (255 - v) as f64 / 255.0).sum::<f64>();
        }
        (bits / N as f64, grey / N as f64)
    }

    #[test]
    fn diagonal_lines_cover_their_rectangle() {
        // 30°, 45° and 120° lines 60 dots long, 1 to 6 dots wide: 1-bit ink (dots whose
        // centres are inside) and grey ink (covered area) both come to the rectangle's
        // area, length x width dots.
        for deg in [30.0f64, 45.0, 120.0] {
            let (c, s) = (deg.to_radians().cos(), deg.to_radians().sin());
            let (p1, p2) = ((50.0 - 30.0 * c, 50.0 - 30.0 * s), (50.0 + 30.0 * c, 50.0 + 30.0 * s));
            for w in [1.0, 2.0, 4.0, 6.0] {
                let area = 60.0 * w;
                let (bits, grey) = mean_ink(100, p1, p2, w, 0.0, 0.0);
                assert!((bits - area).abs() <= 0.03 * area + 1.0, "{}° width {}: {} dots for {}", deg, w, bits, area);
                assert!((grey - area).abs() <= 0.02 * area + 0.5, "{}° width {} grey: {} for {}", deg, w, grey, area);
            }
        }
    }

    #[test]
    fn diagonal_dashes_count_and_keep_their_length() {
        // 45°, 100 dots long, dashes of 6 and gaps of 4: dashes start at 0, 10, ... 90.
        let d = 100.0 / 2f64.sqrt();
        let (a, b) = ((10.0, 10.0), (10.0 + d, 10.0 + d));
        let s = draw(false, 90, 90, |t| draw_line(t, a, b, 3.0, 6.0, 4.0));
        assert_eq!(pieces(&ink(&s)), 10);
        // Ink is the dashes' area: 10 x 6 x 3 dots.
        let (bits, grey) = mean_ink(90, a, b, 3.0, 6.0, 4.0);
        assert!((bits - 180.0).abs() <= 0.04 * 180.0 && (grey - 180.0).abs() <= 0.03 * 180.0, "{} dots, {} grey", bits, grey);
        // 120°, dash 8 gap 8 over 90 dots: dashes at 0, 16, ... 80 (the last cut at 90).
        let (c, sn) = (120f64.to_radians().cos(), 120f64.to_radians().sin());
        let s = draw(false, 100, 100, |t| draw_line(t, (80.0, 5.0), (80.0 + 90.0 * c, 5.0 + 90.0 * sn), 2.0, 8.0, 8.0));
        assert_eq!(pieces(&ink(&s)), 6);
    }

    #[test]
    fn hairlines_are_a_dot_wide_and_unbroken_through_the_display_list() {
        use crate::display_list::build::{header, line};
        // 0.01 mm lines at 203 dpi (0.08 dots by the rounding rule): one dot wide, every
        // column of a 30° line and every row of a 120° one has ink, one piece each.
        for (a, b) in [((1_000, 1_000), (9_000, 5_619)), ((7_000, 1_000), (3_000, 7_928))] {
            let mut dl = header(10_000, 10_000, 203);
            line(&mut dl, a, b, 10, 0, 0, 0);
            let page = crate::render::render_bits(&dl).unwrap();
            let (w, h) = (page.width() as i64, page.height() as i64);
            let g: Vec<Vec<bool>> = (0..h).map(|y| (0..w).map(|x| page.get(x, y)).collect()).collect();
            assert_eq!(pieces(&g), 1);
            let shallow = (b.0 - a.0).abs() > (b.1 - a.1).abs();
            let dot = |um: i32| (um as i64 * 203 / 25_400) as usize;
            if shallow {
                for x in dot(a.0) + 1..dot(b.0) {
                    let n = (0..h as usize).filter(|&y| g[y][x]).count();
                    assert!((1..=2).contains(&n), "column {}: {} dots", x, n);
                }
            } else {
                for y in dot(a.1) + 1..dot(b.1) {
                    assert!(g[y].iter().any(|&v| v), "row {}", y);
                }
            }
        }
    }

    #[test]
    fn degenerate_and_huge_lines_never_panic() {
        use crate::display_list::build::{header, line};
        // Zero length draws no stroke (the label model never writes one: a line is at
        // least 0.25 mm long), in the display list too; ANTI_COLOR still paints the
        // element's box (the builder's: the point grown by half the stroke, a 0.5 mm
        // square here, 6 x 6 dots).
        let mut dl = header(5_000, 5_000, 300);
        line(&mut dl, (2_000, 2_000), (2_000, 2_000), 500, 0, 0, 0);
        line(&mut dl, (2_000, 2_000), (2_000, 2_000), 500, 100, 100, crate::display_list::ELEMENT_MIRROR);
        let page = crate::render::render_bits(&dl).unwrap();
        assert!(page.data().iter().all(|&b| b == 0));
        let mut dl = header(5_000, 5_000, 300);
        line(&mut dl, (1_000, 3_000), (1_000, 3_000), 500, 0, 0, crate::display_list::ELEMENT_ANTI_COLOR);
        let page = crate::render::render_bits(&dl).unwrap();
        let black = (0..59).flat_map(|y| (0..59).map(move |x| (x, y))).filter(|&(x, y)| page.get(x, y)).count();
        assert_eq!(black, 36);
        // Diagonal lines from far off the target cross it where they should, cheaply.
        for grey in [false, true] {
            let s = draw(grey, 40, 40, |t| draw_line(t, (-1e12, -1e12), (1e12, 1e12), 2.0, 0.0, 0.0));
            assert!(s.is_ink(20, 20) && !s.is_ink(30, 10));
            let s = draw(grey, 40, 40, |t| draw_line(t, (-1e15, 3e14), (1e15, -7e14), 1e13, 3.0, 2.0));
            let _ = s;
            let _ = draw(grey, 40, 40, |t| {
                draw_line(t, (f64::INFINITY, 0.0), (0.0, 5.0), 2.0, 0.0, 0.0);
                draw_line(t, (0.0, 0.0), (30.0, 30.0), f64::NAN, 0.0, 0.0);
                draw_line(t, (0.0, 0.0), (30.0, 30.0), 2.0, f64::INFINITY, 1.0);
                draw_line(t, (0.0, 0.0), (30.0, 30.0), f64::MAX, 1.0, f64::MAX);
            });
        }
        // The display list's extremes: every coordinate at the i32 range's ends, the widest
        // stroke, dashes of a micrometre.
        for (a, b) in [((i32::MIN, i32::MIN), (i32::MAX, i32::MAX)), ((i32::MAX, 0), (0, i32::MIN)), ((-5, 9), (i32::MAX, 9))] {
            for (width, dash, gap) in [(u32::MAX, 0, 0), (1, 1, 1), (500, u32::MAX, u32::MAX)] {
                for flags in [0, crate::display_list::ELEMENT_ANTI_COLOR, crate::display_list::ELEMENT_MIRROR] {
                    let mut dl = header(5_000, 5_000, 300);
                    line(&mut dl, a, b, width, dash, gap, flags);
                    let _ = crate::render::render_bytes(&dl);
                }
            }
        }
    }

    #[test]
    fn anti_colour_lines_ink_exactly_their_box_minus_the_stroke() {
        use crate::display_list::build::{frame, header_with, line_frame};
        use crate::display_list::PageSpec;
        use crate::target::Surface;
        // (box x, y, w, h; end 1; end 2; width; dash; gap), µm. The golden `lines` case's
        // bar (a 20 x 3 mm box, a 1 mm line along its middle), a dashed vertical line in a
        // 2 mm wide box, and a 30° line 16 mm long in its stroke rectangle's bounding box
        // (the ends ± half of 0.5 mm across the line: 125 µm in x, 217 in y).
        let cases = [
            ((36_000, 30_000, 20_000, 3_000), (36_000, 31_500), (56_000, 31_500), 1_000, 0, 0),
            ((10_000, 5_000, 2_000, 20_000), (11_000, 5_000), (11_000, 25_000), 300, 1_500, 1_500),
            ((4_875, 4_783, 14_106, 8_434), (5_000, 5_000), (18_856, 13_000), 500, 0, 0),
        ];
        for dpi in [203u32, 300] {
            for grey in [false, true] {
                for &((bx, by, bw, bh), a, b, width, dash, gap) in &cases {
                    let page = PageSpec { grey, ..PageSpec::plain(60_000, 40_000, dpi) };
                    let render = |anti: bool| {
                        let mut f = frame(bx, by, bw, bh);
                        f.anti_color = anti;
                        let mut dl = header_with(&page);
                        line_frame(&mut dl, &f, a, b, width, dash, gap);
                        crate::render::render_bytes(&dl).unwrap()
                    };
                    let (plain, anti) = (render(false), render(true));
                    let bd = DotBox::from_um(bx as i64, by as i64, bw as i64, bh as i64, dpi);
                    let what = format!("box {:?} at {} dpi, grey {}", (bx, by, bw, bh), dpi, grey);
                    let (mut white, mut black) = (0, 0);
                    for y in 0..plain.height() as i64 {
                        for x in 0..plain.width() as i64 {
                            let inside = x >= bd.x0 && x < bd.x1 && y >= bd.y0 && y < bd.y1;
                            match (&plain, &anti) {
                                (Surface::Grey(p), Surface::Grey(q)) => {
                                    let i = (y * p.width() as i64 + x) as usize;
                                    let (p, q) = (p.data()[i], q.data()[i]);
                                    // The box takes 255 - the stroke's level; outside
                                    // it stays paper (the content is clipped to the box).
                                    if inside {
                                        assert_eq!(q, 255 - p, "{}: dot {},{}", what, x, y);
                                    } else {
                                        assert_eq!(q, 255, "{}: dot {},{} outside", what, x, y);
                                    }
                                }
                                _ => {
                                    assert!(inside || !plain.is_ink(x, y), "{}: the stroke leaves its box at {},{}", what, x, y);
                                    assert_eq!(anti.is_ink(x, y), inside && !plain.is_ink(x, y), "{}: dot {},{}", what, x, y);
                                }
                            }
                            if inside {
                                if plain.is_ink(x, y) {
                                    white += 1;
                                } else {
                                    black += 1;
                                }
                            }
                        }
                    }
                    // Both a real bar and a real stroke: not an empty or all-white box.
                    assert!(white > 0 && black > white, "{}: {} stroke dots, {} black", what, white, black);
                }
            }
        }
    }

    #[test]
    fn tables_draw_grid_lines_and_skip_merged_ones() {
        // 3 x 3 cells of 10 dots, line 2, cell (0,1)-(1,2) merged.
        let b = DotBox { x0: 0, y0: 0, x1: 30, y1: 30 };
        let xs = [0, 10, 20, 30];
        let merges = [Merge { first_row: 0, first_col: 1, last_row: 1, last_col: 2 }];
        let s = draw(false, 30, 30, |t| draw_table(t, b, &xs, &xs, 2, &merges));
        // Outer border inside the box.
        assert!(s.is_ink(0, 15) && s.is_ink(1, 15) && !s.is_ink(2, 15) && s.is_ink(29, 15));
        // Inner vertical line at x = 10 (dots 9, 10) in every row.
        for y in [5, 15, 25] {
            assert!(s.is_ink(9, y) && s.is_ink(10, y) && !s.is_ink(8, y) && !s.is_ink(11, y), "row {}", y);
        }
        // x = 20 is inside the merge for rows 0-1, drawn in row 2.
        assert!(!s.is_ink(20, 5) && !s.is_ink(20, 15) && s.is_ink(20, 25));
        // y = 10 inside the merge for columns 1-2, drawn in column 0.
        assert!(s.is_ink(5, 10) && !s.is_ink(15, 10) && !s.is_ink(25, 10));
        assert!(s.is_ink(15, 20) && s.is_ink(25, 20));
    }
}
