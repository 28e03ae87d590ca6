//! Glyph outlines from the `glyf` table: simple glyphs and composites.
//!
//! An [`Outline`] keeps TrueType's own shape — a list of on- and off-curve points (font
//! units, y up) and the index one past the last point of each contour — because that is
//! what composite point matching refers to and because an affine map of quadratic
//! control points is the map of the curve. The rasteriser walks it into segments.
//!
//! Composites place component glyphs with an offset and an optional scale, x/y scale or
//! 2x2 matrix; offsets are unscaled unless the component asks otherwise (Microsoft's
//! default, what FreeType does). Recursion is limited to [`MAX_DEPTH`] levels, the records
//! visited to [`MAX_RECORDS`] and the whole outline to [`MAX_POINTS`] points, so a cyclic
//! or exploding composite in a damaged font ends as "no outline" instead of a hang.

use super::font::Font;
use super::read::Cursor;

/// Deepest composite nesting followed (real fonts use 1 or 2).
const MAX_DEPTH: u32 = 8;
/// Most points one glyph may expand to.
const MAX_POINTS: usize = 1 << 16;
/// Most glyph records one outline may visit (composites of composites of ... many
/// components each would otherwise cost exponential time).
const MAX_RECORDS: u32 = 1024;

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct OutlinePoint {
    pub x: f32,
    pub y: f32,
    pub on: bool,
}

/// A glyph's contours in font units, y up.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Outline {
    pub points: Vec<OutlinePoint>,
    /// Exclusive end of each contour in `points`, ascending.
    pub contour_ends: Vec<usize>,
}

impl Outline {
    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }
}

/// The outline of `glyph`, or `None` when its record is damaged. A glyph without
/// contours (a space) gives an empty outline.
pub(super) fn outline(font: &Font, glyph: u16) -> Option<Outline> {
    let mut out = Outline::default();
    let mut budget = MAX_RECORDS;
    append_glyph(font, glyph, 0, &mut budget, &mut out)?;
    Some(out)
}

/// Whether `glyph` is a composite record (tests look for one).
#[cfg(test)]
pub(super) fn is_composite(font: &Font, glyph: u16) -> bool {
    match font.glyph_record(glyph) {
        Some(r) if r.len() >= 2 => (r[0] as i8) < 0,
        _ => false,
    }
}

fn append_glyph(font: &Font, glyph: u16, depth: u32, budget: &mut u32, out: &mut Outline) -> Option<()> {
    if depth > MAX_DEPTH || *budget == 0 {
        return None;
    }
    *budget -= 1;
    let rec = font.glyph_record(glyph)?;
    if rec.is_empty() {
        return Some(());
    }
    let mut c = Cursor::new(rec, 0);
    let contours = c.i16()?;
    c.skip(8)?; // bounding box: recomputed from the points where needed
    if contours >= 0 {
        append_simple(c, contours as usize, out)
    } else {
        append_composite(font, c, depth, budget, out)
    }
}

const ON_CURVE: u8 = 0x01;
const X_SHORT: u8 = 0x02;
const Y_SHORT: u8 = 0x04;
const REPEAT: u8 = 0x08;
const X_SAME_OR_POSITIVE: u8 = 0x10;
const Y_SAME_OR_POSITIVE: u8 = 0x20;

fn append_simple(mut c: Cursor, contours: usize, out: &mut Outline) -> Option<()> {
    if contours == 0 {
        return Some(());
    }
    let base = out.points.len();
    let mut ends = Vec::with_capacity(contours);
    let mut prev: Option<usize> = None;
    for _ in 0..contours {
        let end = c.u16()? as usize;
        if prev.map_or(false, |p| end <= p) {
            return None; // contour ends must ascend
        }
        prev = Some(end);
        ends.push(end + 1);
    }
    let n = *ends.last()?;
    if base + n > MAX_POINTS {
        return None;
    }
    let instructions = c.u16()? as usize;
    c.skip(instructions)?;

    let mut flags = Vec::with_capacity(n);
    while flags.len() < n {
        let f = c.u8()?;
        flags.push(f);
        if f & REPEAT != 0 {
            let r = c.u8()? as usize;
            for _ in 0..r.min(n - flags.len()) {
                flags.push(f);
            }
        }
    }
    let mut xs = Vec::with_capacity(n);
    let mut v: i32 = 0;
    for &f in &flags {
        if f & X_SHORT != 0 {
            let d = c.u8()? as i32;
            v += if f & X_SAME_OR_POSITIVE != 0 { d } else { -d };
        } else if f & X_SAME_OR_POSITIVE == 0 {
            v += c.i16()? as i32;
        }
        xs.push(v);
    }
    let mut y: i32 = 0;
    out.points.reserve(n);
    for (i, &f) in flags.iter().enumerate() {
        if f & Y_SHORT != 0 {
            let d = c.u8()? as i32;
            y += if f & Y_SAME_OR_POSITIVE != 0 { d } else { -d };
        } else if f & Y_SAME_OR_POSITIVE == 0 {
            y += c.i16()? as i32;
        }
        out.points.push(OutlinePoint { x: xs[i] as f32, y: y as f32, on: f & ON_CURVE != 0 });
    }
    out.contour_ends.extend(ends.into_iter().map(|e| e + base));
    Some(())
}

const ARG_1_AND_2_ARE_WORDS: u16 = 0x0001;
const ARGS_ARE_XY_VALUES: u16 = 0x0002;
const WE_HAVE_A_SCALE: u16 = 0x0008;
const MORE_COMPONENTS: u16 = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE: u16 = 0x0040;
const WE_HAVE_A_TWO_BY_TWO: u16 = 0x0080;
const SCALED_COMPONENT_OFFSET: u16 = 0x0800;
const UNSCALED_COMPONENT_OFFSET: u16 = 0x1000;

fn append_composite(
    font: &Font,
    mut c: Cursor,
    depth: u32,
    budget: &mut u32,
    out: &mut Outline,
) -> Option<()> {
    let parent_start = out.points.len();
    loop {
        let flags = c.u16()?;
        let glyph = c.u16()?;
        let (arg1, arg2) = match (flags & ARG_1_AND_2_ARE_WORDS != 0, flags & ARGS_ARE_XY_VALUES != 0) {
            (true, true) => (c.i16()? as i32, c.i16()? as i32),
            (true, false) => (c.u16()? as i32, c.u16()? as i32),
            (false, true) => (c.i8()? as i32, c.i8()? as i32),
            (false, false) => (c.u8()? as i32, c.u8()? as i32),
        };
        // x' = a x + c y, y' = b x + d y
        let (mut a, mut b, mut cc, mut d) = (1.0f32, 0.0f32, 0.0f32, 1.0f32);
        if flags & WE_HAVE_A_SCALE != 0 {
            a = c.f2dot14()?;
            d = a;
        } else if flags & WE_HAVE_AN_X_AND_Y_SCALE != 0 {
            a = c.f2dot14()?;
            d = c.f2dot14()?;
        } else if flags & WE_HAVE_A_TWO_BY_TWO != 0 {
            a = c.f2dot14()?;
            b = c.f2dot14()?;
            cc = c.f2dot14()?;
            d = c.f2dot14()?;
        }

        let child_start = out.points.len();
        let contours_before = out.contour_ends.len();
        append_glyph(font, glyph, depth + 1, budget, out)?;
        if out.points.len() > MAX_POINTS {
            return None;
        }
        for p in &mut out.points[child_start..] {
            let (x, y) = (p.x, p.y);
            p.x = a * x + cc * y;
            p.y = b * x + d * y;
        }
        let (dx, dy) = if flags & ARGS_ARE_XY_VALUES != 0 {
            let (x, y) = (arg1 as f32, arg2 as f32);
            if flags & SCALED_COMPONENT_OFFSET != 0 && flags & UNSCALED_COMPONENT_OFFSET == 0 {
                (a * x + cc * y, b * x + d * y)
            } else {
                (x, y)
            }
        } else {
            // Point matching: the component's point arg2 lands on the parent's point arg1.
            let parent = out.points[parent_start..child_start].get(arg1 as usize)?;
            let child = out.points[child_start..].get(arg2 as usize)?;
            (parent.x - child.x, parent.y - child.y)
        };
        if dx != 0.0 || dy != 0.0 {
            for p in &mut out.points[child_start..] {
                p.x += dx;
                p.y += dy;
            }
        }
        debug_assert!(out.contour_ends.len() >= contours_before);
        if flags & MORE_COMPONENTS == 0 {
            return Some(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_fonts::load;
    use super::*;

    fn bbox(o: &Outline) -> (f32, f32, f32, f32) {
        let mut b = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for p in &o.points {
            b = (b.0.min(p.x), b.1.min(p.y), b.2.max(p.x), b.3.max(p.y));
        }
        b
    }

    #[test]
    fn simple_glyph_has_contours_inside_the_em() {
        let f = match load("LiberationSans-Regular.ttf") {
            Some(f) => f,
            None => return,
        };
        let o = outline(&f, f.glyph_index('O').unwrap()).unwrap();
        assert_eq!(o.contour_ends.len(), 2, "O has an outer and an inner contour");
        let (x0, y0, x1, y1) = bbox(&o);
        assert!(x0 > 0.0 && x1 < 1593.0 && y0 < 0.0 && y1 > 1400.0, "{:?}", (x0, y0, x1, y1));
        let space = outline(&f, f.glyph_index(' ').unwrap()).unwrap();
        assert!(space.is_empty());
    }

    #[test]
    fn composite_accented_letters_are_assembled() {
        let f = match load("LiberationSans-Regular.ttf") {
            Some(f) => f,
            None => return,
        };
        // In Liberation Sans the accented Latin letters are composites of a base letter
        // and a mark.
        let mut composites = 0;
        for (accented, base) in [('é', 'e'), ('Ä', 'A'), ('ñ', 'n'), ('Å', 'A')] {
            let g = f.glyph_index(accented).unwrap();
            if !is_composite(&f, g) {
                continue;
            }
            composites += 1;
            let o = outline(&f, g).unwrap();
            let b = outline(&f, f.glyph_index(base).unwrap()).unwrap();
            assert!(o.contour_ends.len() > b.contour_ends.len(), "{} has its mark", accented);
            // The base letter is in there (shifted as a whole, if at all), the mark above it.
            let dx = o.points[0].x - b.points[0].x;
            assert!(dx.abs() < 200.0);
            for (p, q) in o.points.iter().zip(&b.points) {
                assert_eq!((p.x - dx, p.y, p.on), (q.x, q.y, q.on), "{} starts with {}", accented, base);
            }
            let (_, _, _, base_top) = bbox(&b);
            let (_, _, _, top) = bbox(&o);
            assert!(top > base_top + 100.0, "{}: mark above the base", accented);
        }
        assert!(composites >= 2, "Liberation has composite accented letters");
    }

    #[test]
    fn damaged_records_give_none_not_panic() {
        let f = match load("LiberationSans-Regular.ttf") {
            Some(f) => f,
            None => return,
        };
        assert!(outline(&f, f.num_glyphs()).is_none());
        assert!(outline(&f, u16::MAX).is_none());
    }
}

#[cfg(test)]
mod built_font_tests {
    use super::super::test_fonts::{build_font, composite_glyph, simple_glyph};
    use super::*;

    const XY: u16 = 0x0002;
    const SCALE: u16 = 0x0008;
    const TWO_BY_TWO: u16 = 0x0080;

    fn square() -> Vec<u8> {
        simple_glyph(&[&[(0, 0, true), (0, 100, true), (100, 100, true), (100, 0, true)]])
    }

    fn pts(o: &Outline) -> Vec<(f32, f32)> {
        o.points.iter().map(|p| (p.x, p.y)).collect()
    }

    #[test]
    fn composite_offsets_scales_and_matrices() {
        let half = 8192i16; // 0.5 in F2Dot14
        let one = 16384i16;
        let glyphs = vec![
            Vec::new(),
            square(),
            // square moved by (10, 20)
            composite_glyph(&[(XY, 1, 10, 20, &[])]),
            // square scaled by 0.5, offset unscaled (300, 0)
            composite_glyph(&[(XY | SCALE, 1, 300, 0, &[half])]),
            // square through a 2x2 matrix [0 -1; 1 0] (x' = -y, y' = x): a quarter turn
            composite_glyph(&[(XY | TWO_BY_TWO, 1, 0, 0, &[0, one, -one, 0])]),
            // square, then a second square whose point 0 lands on the first's point 2
            composite_glyph(&[(XY, 1, 0, 0, &[]), (0, 1, 2, 0, &[])]),
        ];
        let font = Font::parse(build_font(&glyphs, &[('A', 1)], true), 0).unwrap();
        assert_eq!(font.glyph_index('A'), Some(1));
        assert_eq!(
            pts(&outline(&font, 2).unwrap()),
            vec![(10.0, 20.0), (10.0, 120.0), (110.0, 120.0), (110.0, 20.0)]
        );
        assert_eq!(
            pts(&outline(&font, 3).unwrap()),
            vec![(300.0, 0.0), (300.0, 50.0), (350.0, 50.0), (350.0, 0.0)]
        );
        assert_eq!(
            pts(&outline(&font, 4).unwrap()),
            vec![(0.0, 0.0), (-100.0, 0.0), (-100.0, 100.0), (0.0, 100.0)]
        );
        let matched = outline(&font, 5).unwrap();
        assert_eq!(matched.contour_ends, vec![4, 8]);
        assert_eq!(pts(&matched)[4], (100.0, 100.0));
    }

    #[test]
    fn cyclic_and_exploding_composites_end_quickly() {
        // glyph 1 refers to itself; glyphs 2..=9 each hold 200 copies of the next one:
        // 200^8 records if followed blindly.
        let mut glyphs = vec![Vec::new(), composite_glyph(&[(XY, 1, 0, 0, &[])])];
        for g in 2..10u16 {
            let comps: Vec<(u16, u16, i16, i16, &[i16])> =
                (0..200).map(|_| (XY, g + 1, 0, 0, &[][..])).collect();
            glyphs.push(composite_glyph(&comps));
        }
        glyphs.push(square());
        let font = Font::parse(build_font(&glyphs, &[('A', 1)], false), 0).unwrap();
        assert_eq!(font.glyph_index('A'), Some(1), "format 4 map");
        assert!(outline(&font, 1).is_none());
        let t = std::time::Instant::now();
        assert!(outline(&font, 2).is_none());
        assert!(t.elapsed().as_secs() < 5);
        assert_eq!(outline(&font, 10).unwrap().points.len(), 4);
    }
}
