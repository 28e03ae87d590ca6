//! Test helpers: the fonts set-up copies into `public/fonts/` (never committed), and a
//! place to write sample images.

use std::path::PathBuf;

use crate::Page;

use super::font::Font;

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The bytes of `public/fonts/<name>`, or `None` (with a note) when set-up has not copied
/// it: tests that need a font then skip.
pub(super) fn font_bytes(name: &str) -> Option<Vec<u8>> {
    let path = repo_root().join("public/fonts").join(name);
    match std::fs::read(&path) {
        Ok(b) => Some(b),
        Err(_) => {
            eprintln!("skipping: {} not found (run scripts/setup.sh to copy the fonts)", path.display());
            None
        }
    }
}

/// Face 0 of `public/fonts/<name>`, parsed.
pub(super) fn load(name: &str) -> Option<Font> {
    font_bytes(name).map(|b| Font::parse(b, 0).expect(name))
}

/// Writes an 8-bit PGM (255 = white) to `target/text-samples/<name>` for a person to look
/// at (`pnmtopng` or any image viewer reads it).
pub(super) fn write_pgm(name: &str, width: usize, height: usize, grey: &[u8]) {
    let mut out = format!("P5\n{} {}\n255\n", width, height).into_bytes();
    out.extend_from_slice(&grey[..width * height]);
    write_sample(name, out);
}

/// Writes a page as a PBM: the page's packed rows are exactly PBM's raster (MSB first,
/// 1 = black, rows padded to a byte).
pub(super) fn write_pbm(name: &str, page: &Page) {
    let mut out = format!("P4\n{} {}\n", page.width(), page.height()).into_bytes();
    out.extend_from_slice(page.data());
    write_sample(name, out);
}

fn write_sample(name: &str, bytes: Vec<u8>) {
    let dir = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo_root().join("target"))
        .join("text-samples");
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(name);
    if std::fs::write(&path, bytes).is_ok() {
        println!("wrote {}", path.display());
    }
}

/// A minimal TrueType file for tests: the given `glyf` records (glyph 0 first), every
/// glyph 500 units wide, 1000 units to the em, and a (3,10) format 12 map or a (3,1)
/// format 4 map of `chars`.
pub(super) fn build_font(glyphs: &[Vec<u8>], chars: &[(char, u16)], format12: bool) -> Vec<u8> {
    fn be16(v: &mut Vec<u8>, x: u16) {
        v.extend_from_slice(&x.to_be_bytes());
    }
    fn be32(v: &mut Vec<u8>, x: u32) {
        v.extend_from_slice(&x.to_be_bytes());
    }
    let n = glyphs.len() as u16;
    let mut head = Vec::new();
    be32(&mut head, 0x0001_0000);
    be32(&mut head, 0x0001_0000);
    be32(&mut head, 0);
    be32(&mut head, 0x5F0F_3CF5);
    be16(&mut head, 0);
    be16(&mut head, 1000); // units per em
    head.extend_from_slice(&[0; 16]); // created, modified
    head.extend_from_slice(&[0; 8]); // bbox
    be16(&mut head, 0); // macStyle
    be16(&mut head, 8);
    be16(&mut head, 2);
    be16(&mut head, 1); // long loca
    be16(&mut head, 0);
    let mut hhea = Vec::new();
    be32(&mut hhea, 0x0001_0000);
    for v in [800i16, -200, 0] {
        be16(&mut hhea, v as u16);
    }
    hhea.extend_from_slice(&[0; 24]);
    be16(&mut hhea, n);
    let mut maxp = Vec::new();
    be32(&mut maxp, 0x0000_5000);
    be16(&mut maxp, n);
    let mut hmtx = Vec::new();
    let mut loca = Vec::new();
    let mut glyf = Vec::new();
    for g in glyphs {
        be16(&mut hmtx, 500);
        be16(&mut hmtx, 0);
        be32(&mut loca, glyf.len() as u32);
        glyf.extend_from_slice(g);
        if glyf.len() % 2 == 1 {
            glyf.push(0);
        }
    }
    be32(&mut loca, glyf.len() as u32);
    let mut cmap = Vec::new();
    be16(&mut cmap, 0);
    be16(&mut cmap, 1);
    if format12 {
        be16(&mut cmap, 3);
        be16(&mut cmap, 10);
        be32(&mut cmap, 12);
        be16(&mut cmap, 12);
        be16(&mut cmap, 0);
        be32(&mut cmap, 16 + 12 * chars.len() as u32);
        be32(&mut cmap, 0);
        be32(&mut cmap, chars.len() as u32);
        for &(c, g) in chars {
            be32(&mut cmap, c as u32);
            be32(&mut cmap, c as u32);
            be32(&mut cmap, g as u32);
        }
    } else {
        be16(&mut cmap, 3);
        be16(&mut cmap, 1);
        be32(&mut cmap, 12);
        let segs = chars.len() + 1;
        be16(&mut cmap, 4);
        be16(&mut cmap, (16 + segs * 8) as u16);
        be16(&mut cmap, 0);
        be16(&mut cmap, (segs * 2) as u16);
        cmap.extend_from_slice(&[0; 6]);
        for &(c, _) in chars {
            be16(&mut cmap, c as u16);
        }
        be16(&mut cmap, 0xFFFF);
        be16(&mut cmap, 0);
        for &(c, _) in chars {
            be16(&mut cmap, c as u16);
        }
        be16(&mut cmap, 0xFFFF);
        for &(c, g) in chars {
            be16(&mut cmap, g.wrapping_sub(c as u16));
        }
        be16(&mut cmap, 1);
        for _ in 0..segs {
            be16(&mut cmap, 0);
        }
    }
    let tables: [(&[u8; 4], Vec<u8>); 7] = [
        (b"cmap", cmap),
        (b"glyf", glyf),
        (b"head", head),
        (b"hhea", hhea),
        (b"hmtx", hmtx),
        (b"loca", loca),
        (b"maxp", maxp),
    ];
    let mut out = Vec::new();
    be32(&mut out, 0x0001_0000);
    be16(&mut out, tables.len() as u16);
    out.extend_from_slice(&[0; 6]);
    let mut offset = 12 + 16 * tables.len();
    for (tag, data) in &tables {
        out.extend_from_slice(&tag[..]);
        be32(&mut out, 0);
        be32(&mut out, offset as u32);
        be32(&mut out, data.len() as u32);
        offset += (data.len() + 3) & !3;
    }
    for (_, data) in &tables {
        out.extend_from_slice(data);
        while out.len() % 4 != 0 {
            out.push(0);
        }
    }
    out
}

/// A simple `glyf` record: contours of (x, y, on-curve) points, coordinates as words.
pub(super) fn simple_glyph(contours: &[&[(i16, i16, bool)]]) -> Vec<u8> {
    let mut v = Vec::new();
    v.extend_from_slice(&(contours.len() as i16).to_be_bytes());
    v.extend_from_slice(&[0; 8]);
    let mut end = 0u16;
    for c in contours {
        end += c.len() as u16;
        v.extend_from_slice(&(end - 1).to_be_bytes());
    }
    v.extend_from_slice(&[0, 0]); // no instructions
    let points: Vec<(i16, i16, bool)> = contours.iter().flat_map(|c| c.iter().copied()).collect();
    for p in &points {
        v.push(p.2 as u8);
    }
    let (mut px, mut py) = (0i16, 0i16);
    for p in &points {
        v.extend_from_slice(&(p.0 - px).to_be_bytes());
        px = p.0;
    }
    for p in &points {
        v.extend_from_slice(&(p.1 - py).to_be_bytes());
        py = p.1;
    }
    v
}

/// A composite `glyf` record of (flags, glyph, arg1, arg2, F2Dot14 transform words)
/// components; words-args and MORE_COMPONENTS are set here.
pub(super) fn composite_glyph(components: &[(u16, u16, i16, i16, &[i16])]) -> Vec<u8> {
    let mut v = Vec::new();
    v.extend_from_slice(&(-1i16).to_be_bytes());
    v.extend_from_slice(&[0; 8]);
    for (i, &(flags, glyph, a1, a2, tf)) in components.iter().enumerate() {
        let more = if i + 1 < components.len() { 0x20 } else { 0 };
        v.extend_from_slice(&(flags | 0x0001 | more).to_be_bytes());
        v.extend_from_slice(&glyph.to_be_bytes());
        v.extend_from_slice(&a1.to_be_bytes());
        v.extend_from_slice(&a2.to_be_bytes());
        for w in tf {
            v.extend_from_slice(&w.to_be_bytes());
        }
    }
    v
}
