//! TrueType faces: the table directory, metrics, the character map and kerning.
//!
//! A [`Font`] is one face of a `.ttf` file or of a `.ttc` collection, parsed from bytes
//! (the engine receives font bytes by name through its ABI; nothing here touches a file
//! system). Parsing reads and checks everything a layout needs up front — `head`, `hhea`,
//! `maxp`, `hmtx`, `loca`, `glyf` and a Unicode `cmap` subtable (formats 12 and 4), plus
//! `OS/2`, `post` and `kern` when present — so a face that parses can always be measured.
//! Glyph outlines are decoded lazily (`glyf.rs`) with the same checked reads; a glyph whose
//! record is damaged draws nothing rather than failing the whole label.
//!
//! All lengths here are in font units (`units_per_em` to the em, y up). Scaling to dots is
//! the layout's business.

use std::fmt;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;

use super::read::{bytes_at, i16_at, u16_at, u32_at};

/// Why font bytes could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FontError {
    /// The bytes are not a TrueType face or collection (or too short to tell).
    NotTrueType,
    /// A PostScript-flavoured OpenType face (`OTTO`, CFF outlines): not supported.
    CffOutlines,
    /// The collection has `count` faces and face `index` was asked for (a plain `.ttf`
    /// has one face, index 0).
    FaceIndex { index: u32, count: u32 },
    /// A table every face must have is missing.
    MissingTable(&'static str),
    /// A table is truncated, points outside the file or holds impossible values.
    BadTable(&'static str),
    /// No Unicode character map (format 4 or 12) was found.
    NoUnicodeCmap,
}

impl fmt::Display for FontError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FontError::NotTrueType => write!(f, "not a TrueType font or collection"),
            FontError::CffOutlines => write!(f, "CFF (PostScript) outlines are not supported"),
            FontError::FaceIndex { index, count } => {
                write!(f, "face {} asked for, the font holds {}", index, count)
            }
            FontError::MissingTable(t) => write!(f, "font has no '{}' table", t),
            FontError::BadTable(t) => write!(f, "font table '{}' is damaged", t),
            FontError::NoUnicodeCmap => write!(f, "font has no Unicode character map"),
        }
    }
}

/// Vertical metrics of a face in font units (y up: `ascender` > 0, `descender` < 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FontMetrics {
    /// Font units to the em, 16..=16384.
    pub units_per_em: u16,
    /// Top of the line box above the baseline.
    pub ascender: i16,
    /// Bottom of the line box, below the baseline (negative).
    pub descender: i16,
    /// Extra space between lines (0 or more).
    pub line_gap: i16,
    /// Top of the underline relative to the baseline (negative = below).
    pub underline_position: i16,
    pub underline_thickness: i16,
    /// Bottom of the strikeout stroke above the baseline.
    pub strikeout_position: i16,
    pub strikeout_size: i16,
}

/// One parsed face. Cheap to clone: the bytes are shared.
#[derive(Clone)]
pub struct Font {
    data: Arc<[u8]>,
    /// Process-unique id of the parsed face, the glyph cache's key (clones share it).
    uid: u32,
    glyf: Span,
    loca: Span,
    hmtx: Span,
    kern: Option<Span>,
    /// One bit per glyph: whether it is the left glyph of any kerning pair (most are
    /// not, and the bit spares them the binary search).
    kern_left: Arc<[u64]>,
    cmap: Cmap,
    /// Glyphs of U+0000-U+00FF (0 = none), read from the cmap once at parse time: label
    /// text and barcode captions are mostly ASCII, and a cmap walk costs a binary search of
    /// bounds-checked reads per character per face (measured: 8 % of the reference label's
    /// engine time before this table).
    latin1: Arc<[u16; 256]>,
    /// Characters past Latin-1 looked up lately ([`RecentGlyphs`]), shared by clones.
    recent: Arc<RecentGlyphs>,
    num_glyphs: u16,
    num_h_metrics: u16,
    loca_long: bool,
    metrics: FontMetrics,
    weight: u16,
    bold: bool,
    italic: bool,
}

/// A byte range of `data`, checked at parse time to lie inside it.
#[derive(Clone, Copy, Debug)]
struct Span {
    start: usize,
    len: usize,
}

/// The chosen Unicode character map subtable.
#[derive(Clone, Copy, Debug)]
struct Cmap {
    /// Offset of the subtable in `data`.
    offset: usize,
    kind: CmapKind,
    /// A (3,0) symbol map: characters are looked up as-is and at U+F000 + c.
    symbol: bool,
}

#[derive(Clone, Copy, Debug)]
enum CmapKind {
    /// Segment mapping to delta values (BMP only).
    Format4 { seg_count: usize },
    /// Segmented coverage (all planes).
    Format12 { groups: usize },
}

static NEXT_UID: AtomicU32 = AtomicU32::new(1);

impl Font {
    /// Parses face `index` (0 for a plain `.ttf`) of a TrueType font or collection.
    ///
    /// The bytes are kept (shared, not copied again when the font is cloned). Every table
    /// the layout needs is checked here; an error names the first damaged or missing one.
    pub fn parse<D: Into<Arc<[u8]>>>(data: D, index: u32) -> Result<Font, FontError> {
        let data: Arc<[u8]> = data.into();
        let face = face_offset(&data, index)?;
        let dir = Directory::read(&data, face)?;

        let head = dir.require(&data, b"head", "head", 54)?;
        let units_per_em = u16_at(&data, head.start + 18).unwrap_or(0);
        if !(16..=16384).contains(&units_per_em) {
            return Err(FontError::BadTable("head"));
        }
        let mac_style = u16_at(&data, head.start + 44).unwrap_or(0);
        let loca_long = match i16_at(&data, head.start + 50) {
            Some(0) => false,
            Some(1) => true,
            _ => return Err(FontError::BadTable("head")),
        };

        let maxp = dir.require(&data, b"maxp", "maxp", 6)?;
        let num_glyphs = u16_at(&data, maxp.start + 4).unwrap_or(0);
        if num_glyphs == 0 {
            return Err(FontError::BadTable("maxp"));
        }

        let hhea = dir.require(&data, b"hhea", "hhea", 36)?;
        let hhea_ascender = i16_at(&data, hhea.start + 4).unwrap_or(0);
        let hhea_descender = i16_at(&data, hhea.start + 6).unwrap_or(0);
        let hhea_line_gap = i16_at(&data, hhea.start + 8).unwrap_or(0);
        let num_h_metrics = u16_at(&data, hhea.start + 34).unwrap_or(0);
        if num_h_metrics == 0 || num_h_metrics > num_glyphs {
            return Err(FontError::BadTable("hhea"));
        }
        let hmtx = dir.require(&data, b"hmtx", "hmtx", num_h_metrics as usize * 4)?;

        let loca_entry = if loca_long { 4 } else { 2 };
        let loca = dir.require(&data, b"loca", "loca", (num_glyphs as usize + 1) * loca_entry)?;
        let glyf = dir.require(&data, b"glyf", "glyf", 0)?;

        let cmap_table = dir.require(&data, b"cmap", "cmap", 4)?;
        let cmap = choose_cmap(&data, cmap_table)?;

        let kern = dir.find_in(&data, b"kern").and_then(|t| kern_subtable(&data, t));
        let mut kern_left = vec![0u64; (num_glyphs as usize + 63) / 64];
        if let Some(t) = kern {
            for i in 0..t.len / 6 {
                let left = u16_at(&data, t.start + i * 6).unwrap_or(u16::MAX) as usize;
                if let Some(word) = kern_left.get_mut(left / 64) {
                    *word |= 1 << (left % 64);
                }
            }
        }

        // OS/2 is optional (old Apple faces); when absent, hhea and head speak alone.
        let os2 = dir.find_in(&data, b"OS/2").filter(|t| t.len >= 78);
        let fs_selection = os2.and_then(|t| u16_at(&data, t.start + 62)).unwrap_or(0);
        let weight = os2
            .and_then(|t| u16_at(&data, t.start + 4))
            .filter(|w| (1..=1000).contains(w))
            .unwrap_or(if mac_style & 1 != 0 { 700 } else { 400 });
        let bold = weight >= 600 || fs_selection & 0x20 != 0 || mac_style & 1 != 0;
        let italic = fs_selection & 0x201 != 0 || mac_style & 2 != 0;

        let em = units_per_em as i32;
        // Line box: the typographic metrics when the face asks for them (USE_TYPO_METRICS),
        // else hhea (what browsers use), else the Windows metrics; a nonsense box falls back
        // to 0.8 em above and 0.2 em below the baseline.
        let (mut asc, mut desc, mut gap) = (hhea_ascender, hhea_descender, hhea_line_gap);
        if let Some(t) = os2 {
            let typo = (
                i16_at(&data, t.start + 68).unwrap_or(0),
                i16_at(&data, t.start + 70).unwrap_or(0),
                i16_at(&data, t.start + 72).unwrap_or(0),
            );
            if fs_selection & 0x80 != 0 {
                asc = typo.0;
                desc = typo.1;
                gap = typo.2;
            } else if asc == 0 && desc == 0 {
                let win_asc = u16_at(&data, t.start + 74).unwrap_or(0);
                let win_desc = u16_at(&data, t.start + 76).unwrap_or(0);
                asc = win_asc.min(i16::MAX as u16) as i16;
                desc = -(win_desc.min(i16::MAX as u16) as i16);
                gap = 0;
            }
        }
        if desc > 0 {
            desc = -desc; // some old faces store the descender as a positive depth
        }
        let box_height = asc as i32 - desc as i32;
        if asc <= 0 || box_height < em / 2 || box_height > em * 4 {
            asc = (em * 4 / 5) as i16;
            desc = -((em / 5) as i16);
        }
        let gap = gap.max(0).min((em * 2).min(i16::MAX as i32) as i16);

        let post = dir.find_in(&data, b"post").filter(|t| t.len >= 12);
        let mut underline_position = post.and_then(|t| i16_at(&data, t.start + 8)).unwrap_or(0);
        let mut underline_thickness = post.and_then(|t| i16_at(&data, t.start + 10)).unwrap_or(0);
        if underline_thickness <= 0 || underline_thickness as i32 > em / 4 {
            underline_thickness = (em / 20) as i16;
        }
        if underline_position as i32 > 0 || (underline_position as i32) < -em / 2 {
            underline_position = -(em / 10) as i16;
        }
        let mut strikeout_size = os2.and_then(|t| i16_at(&data, t.start + 26)).unwrap_or(0);
        let mut strikeout_position = os2.and_then(|t| i16_at(&data, t.start + 28)).unwrap_or(0);
        if strikeout_size <= 0 || strikeout_size as i32 > em / 4 {
            strikeout_size = underline_thickness;
        }
        if strikeout_position <= 0 || strikeout_position as i32 > em {
            strikeout_position = (em / 4) as i16;
        }

        let mut latin1 = [0u16; 256];
        for (c, g) in latin1.iter_mut().enumerate() {
            *g = cmap_glyph(&data, &cmap, num_glyphs, c as u32).unwrap_or(0);
        }

        Ok(Font {
            uid: NEXT_UID.fetch_add(1, Ordering::Relaxed),
            latin1: Arc::new(latin1),
            recent: Arc::new(RecentGlyphs::new()),
            data,
            glyf,
            loca,
            hmtx,
            kern,
            kern_left: kern_left.into(),
            cmap,
            num_glyphs,
            num_h_metrics,
            loca_long,
            metrics: FontMetrics {
                units_per_em,
                ascender: asc,
                descender: desc,
                line_gap: gap,
                underline_position,
                underline_thickness,
                strikeout_position,
                strikeout_size,
            },
            weight,
            bold,
            italic,
        })
    }

    /// How many faces the bytes hold: the collection's count for a `.ttc`, 1 for a `.ttf`.
    pub fn face_count(data: &[u8]) -> Result<u32, FontError> {
        match u32_at(data, 0) {
            Some(0x7474_6366) => {
                let n = u32_at(data, 8).ok_or(FontError::NotTrueType)?;
                Ok(n)
            }
            Some(0x0001_0000) | Some(0x7472_7565) => Ok(1),
            Some(0x4F54_544F) => Err(FontError::CffOutlines),
            _ => Err(FontError::NotTrueType),
        }
    }

    /// The glyph for `c`, or `None` when the face does not have it.
    pub fn glyph_index(&self, c: char) -> Option<u16> {
        match self.latin1.get(c as usize) {
            Some(0) => None,
            Some(&g) => Some(g),
            None => {
                if let Some(hit) = self.recent.get(c as u32) {
                    return hit;
                }
                let g = cmap_glyph(&self.data, &self.cmap, self.num_glyphs, c as u32);
                self.recent.put(c as u32, g);
                g
            }
        }
    }

    /// Advance width of `glyph` in font units (0 for a glyph id out of range).
    pub fn advance(&self, glyph: u16) -> u16 {
        if glyph >= self.num_glyphs {
            return 0;
        }
        let i = glyph.min(self.num_h_metrics - 1) as usize;
        u16_at(&self.data, self.hmtx.start + i * 4).unwrap_or(0)
    }

    /// Kerning between `left` and `right` in font units (0 without a `kern` table).
    pub fn kerning(&self, left: u16, right: u16) -> i16 {
        let t = match self.kern {
            Some(t) => t,
            None => return 0,
        };
        match self.kern_left.get(left as usize / 64) {
            Some(w) if w & (1 << (left % 64)) != 0 => {}
            _ => return 0,
        }
        let d = &self.data[..];
        let key = (left as u32) << 16 | right as u32;
        let pairs = t.len / 6;
        let (mut lo, mut hi) = (0usize, pairs);
        while lo < hi {
            let mid = (lo + hi) / 2;
            let at = t.start + mid * 6;
            let k = match u32_at(d, at) {
                Some(k) => k,
                None => return 0,
            };
            if k < key {
                lo = mid + 1;
            } else if k > key {
                hi = mid;
            } else {
                return i16_at(d, at + 4).unwrap_or(0);
            }
        }
        0
    }

    /// Vertical metrics, underline and strikeout in font units.
    pub fn metrics(&self) -> FontMetrics {
        self.metrics
    }

    /// Font units to the em.
    pub fn units_per_em(&self) -> u16 {
        self.metrics.units_per_em
    }

    /// Number of glyphs (`maxp`).
    pub fn num_glyphs(&self) -> u16 {
        self.num_glyphs
    }

    /// OS/2 weight class, 1..=1000 (400 regular, 700 bold).
    pub fn weight(&self) -> u16 {
        self.weight
    }

    /// Whether the face is already bold (bold is then not synthesised).
    pub fn is_bold(&self) -> bool {
        self.bold
    }

    /// Whether the face is already italic or oblique (no synthetic slant then).
    pub fn is_italic(&self) -> bool {
        self.italic
    }

    /// The cache key of this face.
    pub(super) fn uid(&self) -> u32 {
        self.uid
    }

    #[cfg(test)]
    pub(super) fn data(&self) -> &[u8] {
        &self.data
    }

    /// The `glyf` record of `glyph`: `Some(empty)` for a glyph without outline (a space),
    /// `None` when `loca` points outside `glyf`.
    pub(super) fn glyph_record(&self, glyph: u16) -> Option<&[u8]> {
        if glyph >= self.num_glyphs {
            return None;
        }
        let d = &self.data[..];
        let i = glyph as usize;
        let (start, end) = if self.loca_long {
            (u32_at(d, self.loca.start + i * 4)? as usize, u32_at(d, self.loca.start + i * 4 + 4)? as usize)
        } else {
            (
                u16_at(d, self.loca.start + i * 2)? as usize * 2,
                u16_at(d, self.loca.start + i * 2 + 2)? as usize * 2,
            )
        };
        if end < start || end > self.glyf.len {
            return None;
        }
        bytes_at(d, self.glyf.start + start, end - start)
    }
}

impl fmt::Debug for Font {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Font")
            .field("num_glyphs", &self.num_glyphs)
            .field("metrics", &self.metrics)
            .field("weight", &self.weight)
            .field("italic", &self.italic)
            .finish()
    }
}

/// An ordered fallback chain of faces: each character is drawn from the first face that
/// has it (typically a Latin face, then a CJK face). The first face also sets the line
/// metrics and draws the "missing glyph" box for characters no face has.
#[derive(Clone, Debug)]
pub struct FontSet {
    fonts: Vec<Font>,
}

impl FontSet {
    /// A chain of 1 to 255 faces, or `None`.
    pub fn new(fonts: Vec<Font>) -> Option<FontSet> {
        if fonts.is_empty() || fonts.len() > 255 {
            return None;
        }
        Some(FontSet { fonts })
    }

    /// The faces, in fallback order.
    pub fn fonts(&self) -> &[Font] {
        &self.fonts
    }

    /// The face that sets the line metrics.
    pub fn primary(&self) -> &Font {
        &self.fonts[0]
    }

    /// `(face index, glyph)` for `c`: the first face that has it, else face 0's glyph 0.
    pub fn lookup(&self, c: char) -> (u16, u16) {
        for (i, f) in self.fonts.iter().enumerate() {
            if let Some(g) = f.glyph_index(c) {
                return (i as u16, g);
            }
        }
        (0, 0)
    }
}

/// Offset of face `index`'s table directory.
fn face_offset(d: &[u8], index: u32) -> Result<usize, FontError> {
    let count = Font::face_count(d)?;
    if index >= count {
        return Err(FontError::FaceIndex { index, count });
    }
    if u32_at(d, 0) == Some(0x7474_6366) {
        let at = 12usize.checked_add(index as usize * 4).ok_or(FontError::NotTrueType)?;
        let off = u32_at(d, at).ok_or(FontError::NotTrueType)? as usize;
        match u32_at(d, off) {
            Some(0x0001_0000) | Some(0x7472_7565) => Ok(off),
            Some(0x4F54_544F) => Err(FontError::CffOutlines),
            _ => Err(FontError::NotTrueType),
        }
    } else {
        Ok(0)
    }
}

/// The table records of one face.
struct Directory {
    start: usize,
    count: usize,
}

impl Directory {
    fn read(d: &[u8], face: usize) -> Result<Directory, FontError> {
        let count = u16_at(d, face + 4).ok_or(FontError::NotTrueType)? as usize;
        let start = face + 12;
        if bytes_at(d, start, count * 16).is_none() {
            return Err(FontError::NotTrueType);
        }
        Ok(Directory { start, count })
    }

    /// The table `tag` if its record lies inside the file.
    fn find_raw(&self, d: &[u8], tag: &[u8; 4]) -> Option<Result<Span, ()>> {
        for i in 0..self.count {
            let rec = self.start + i * 16;
            if bytes_at(d, rec, 4)? == tag {
                let start = u32_at(d, rec + 8)? as usize;
                let len = u32_at(d, rec + 12)? as usize;
                return Some(match bytes_at(d, start, len) {
                    Some(_) => Ok(Span { start, len }),
                    None => Err(()),
                });
            }
        }
        None
    }

    fn find_in(&self, d: &[u8], tag: &[u8; 4]) -> Option<Span> {
        match self.find_raw(d, tag) {
            Some(Ok(s)) => Some(s),
            _ => None,
        }
    }

    /// A table that must exist and hold at least `min_len` bytes.
    fn require(
        &self,
        d: &[u8],
        tag: &[u8; 4],
        name: &'static str,
        min_len: usize,
    ) -> Result<Span, FontError> {
        match self.find_raw(d, tag) {
            None => Err(FontError::MissingTable(name)),
            Some(Err(())) => Err(FontError::BadTable(name)),
            Some(Ok(s)) if s.len < min_len => Err(FontError::BadTable(name)),
            Some(Ok(s)) => Ok(s),
        }
    }
}

/// Picks the best Unicode subtable: a full-repertoire format 12 map ((3,10) or (0,4/6))
/// first, then a BMP format 4 map ((3,1) or (0,0..3)), then a (3,0) symbol map.
fn choose_cmap(d: &[u8], t: Span) -> Result<Cmap, FontError> {
    let table = bytes_at(d, t.start, t.len).ok_or(FontError::BadTable("cmap"))?;
    let n = u16_at(table, 2).ok_or(FontError::BadTable("cmap"))? as usize;
    let mut best: Option<(u8, Cmap)> = None;
    for i in 0..n {
        let rec = 4 + i * 8;
        let (platform, encoding, off) =
            match (u16_at(table, rec), u16_at(table, rec + 2), u32_at(table, rec + 4)) {
                (Some(p), Some(e), Some(o)) => (p, e, o as usize),
                _ => return Err(FontError::BadTable("cmap")),
            };
        let unicode_full =
            (platform == 3 && encoding == 10) || (platform == 0 && (encoding == 4 || encoding == 6));
        let unicode_bmp = (platform == 3 && encoding == 1) || (platform == 0 && encoding <= 3);
        let symbol = platform == 3 && encoding == 0;
        if !(unicode_full || unicode_bmp || symbol) {
            continue;
        }
        let kind = match subtable_kind(table, off) {
            Some(k) => k,
            None => continue,
        };
        let rank = match kind {
            CmapKind::Format12 { .. } if unicode_full => 0,
            CmapKind::Format12 { .. } if unicode_bmp => 1,
            CmapKind::Format4 { .. } if unicode_bmp || unicode_full => 2,
            _ => 3, // symbol
        };
        if best.map_or(true, |(r, _)| rank < r) {
            best = Some((rank, Cmap { offset: t.start + off, kind, symbol }));
        }
    }
    best.map(|(_, c)| c).ok_or(FontError::NoUnicodeCmap)
}

/// The subtable at `off` of `table` if it is a well-formed format 4 or 12 map.
fn subtable_kind(table: &[u8], off: usize) -> Option<CmapKind> {
    match u16_at(table, off)? {
        4 => {
            let seg_count = u16_at(table, off.checked_add(6)?)? as usize / 2;
            // header 14 + ends + pad 2 + starts + deltas + range offsets
            bytes_at(table, off, 16 + seg_count * 8)?;
            if seg_count == 0 {
                return None;
            }
            Some(CmapKind::Format4 { seg_count })
        }
        12 => {
            let groups = u32_at(table, off.checked_add(12)?)? as usize;
            bytes_at(table, off, 16usize.checked_add(groups.checked_mul(12)?)?)?;
            Some(CmapKind::Format12 { groups })
        }
        _ => None,
    }
}

/// Slots of [`RecentGlyphs`]: a label's CJK line has a few dozen distinct characters.
const RECENT_SLOTS: usize = 256;

/// A direct-mapped memo of cmap answers for characters past Latin-1 (CJK text walks a
/// format 4 or 12 subtable, a binary search of a few thousand segments, for every
/// character of every line). Each slot is one atomic word, `c << 32 | found << 16 |
/// glyph` with bit 63 set when filled, so a face shared between threads stays `Sync`
/// and a read sees a whole entry or none; a newer character simply overwrites its slot.
struct RecentGlyphs {
    slots: Box<[AtomicU64]>,
}

impl RecentGlyphs {
    fn new() -> RecentGlyphs {
        RecentGlyphs { slots: (0..RECENT_SLOTS).map(|_| AtomicU64::new(0)).collect() }
    }

    fn slot(&self, c: u32) -> &AtomicU64 {
        &self.slots[(c.wrapping_mul(0x9E37_79B9) >> 24) as usize % RECENT_SLOTS]
    }

    /// `Some(answer)` when `c` was looked up and is still held.
    fn get(&self, c: u32) -> Option<Option<u16>> {
        let v = self.slot(c).load(Ordering::Relaxed);
        if v >> 63 == 0 || (v >> 32) as u32 & 0x7FFF_FFFF != c {
            return None;
        }
        Some(if v & 0x1_0000 != 0 { Some(v as u16) } else { None })
    }

    fn put(&self, c: u32, g: Option<u16>) {
        let v = 1 << 63 | (c as u64) << 32 | g.map_or(0, |g| 0x1_0000 | g as u64);
        self.slot(c).store(v, Ordering::Relaxed);
    }
}

/// The glyph for code point `c` through the cmap (a symbol map also at U+F000 + c), or
/// `None` when it maps to nothing or to a glyph the face does not have.
fn cmap_glyph(d: &[u8], cmap: &Cmap, num_glyphs: u16, c: u32) -> Option<u16> {
    let g = lookup(d, cmap, c).or_else(|| if cmap.symbol && c < 0x100 { lookup(d, cmap, 0xF000 + c) } else { None })?;
    if g == 0 || g >= num_glyphs {
        None
    } else {
        Some(g)
    }
}

/// Glyph id for code point `c` in a subtable checked by [`subtable_kind`].
fn lookup(d: &[u8], cmap: &Cmap, c: u32) -> Option<u16> {
    let sub = cmap.offset;
    match cmap.kind {
        CmapKind::Format4 { seg_count } => {
            if c > 0xFFFF {
                return None;
            }
            let ends = sub + 14;
            let starts = ends + seg_count * 2 + 2;
            let deltas = starts + seg_count * 2;
            let ranges = deltas + seg_count * 2;
            // First segment whose end code is >= c (end codes ascend).
            let (mut lo, mut hi) = (0usize, seg_count);
            while lo < hi {
                let mid = (lo + hi) / 2;
                if (u16_at(d, ends + mid * 2)? as u32) < c {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            if lo == seg_count {
                return None;
            }
            let start = u16_at(d, starts + lo * 2)? as u32;
            if c < start {
                return None;
            }
            let delta = u16_at(d, deltas + lo * 2)?;
            let range_at = ranges + lo * 2;
            let range = u16_at(d, range_at)? as usize;
            let g = if range == 0 {
                (c as u16).wrapping_add(delta)
            } else {
                let g = u16_at(d, range_at + range + 2 * (c - start) as usize)?;
                if g == 0 {
                    return None;
                }
                g.wrapping_add(delta)
            };
            Some(g)
        }
        CmapKind::Format12 { groups } => {
            let (mut lo, mut hi) = (0usize, groups);
            while lo < hi {
                let mid = (lo + hi) / 2;
                let g = sub + 16 + mid * 12;
                let start = u32_at(d, g)?;
                let end = u32_at(d, g + 4)?;
                if c < start {
                    hi = mid;
                } else if c > end {
                    lo = mid + 1;
                } else {
                    let id = u32_at(d, g + 8)?.checked_add(c - start)?;
                    return if id <= 0xFFFF { Some(id as u16) } else { None };
                }
            }
            None
        }
    }
}

/// The pairs of the first horizontal format 0 subtable of a Microsoft-style `kern` table,
/// as a span of 6-byte (left, right, value) records sorted by (left, right).
fn kern_subtable(d: &[u8], t: Span) -> Option<Span> {
    if u16_at(d, t.start)? != 0 {
        return None; // Apple's 32-bit version header: not read
    }
    let n = u16_at(d, t.start + 2)? as usize;
    let mut at = t.start + 4;
    let end = t.start + t.len;
    for _ in 0..n {
        let len = u16_at(d, at + 2)? as usize;
        let coverage = u16_at(d, at + 4)?;
        let format = coverage >> 8;
        // horizontal, not minimum, not cross-stream
        if format == 0 && coverage & 0x7 == 0x1 {
            let pairs = u16_at(d, at + 6)? as usize;
            let start = at + 14;
            let bytes = pairs * 6;
            if start + bytes > end || bytes_at(d, start, bytes).is_none() {
                return None;
            }
            return Some(Span { start, len: bytes });
        }
        if len < 6 {
            return None;
        }
        at = at.checked_add(len).filter(|&a| a < end)?;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::test_fonts::{font_bytes, load};
    use super::*;

    #[test]
    fn parses_every_bundled_face() {
        let names = [
            "LiberationSans-Regular.ttf",
            "LiberationSans-Bold.ttf",
            "LiberationSans-Italic.ttf",
            "LiberationSans-BoldItalic.ttf",
            "DroidSansFallbackFull.ttf",
            "wqy-microhei.ttc",
        ];
        for name in names {
            let bytes = match font_bytes(name) {
                Some(b) => b,
                None => continue,
            };
            let count = Font::face_count(&bytes).unwrap();
            assert!(count >= 1);
            for i in 0..count {
                let f = Font::parse(bytes.clone(), i).unwrap_or_else(|e| panic!("{} #{}: {}", name, i, e));
                let m = f.metrics();
                assert!(m.ascender > 0 && m.descender < 0, "{}: {:?}", name, m);
                // Droid Sans Fallback is CJK only (no Latin letters): a fallback face
                let probe = if name.starts_with("Droid") { '中' } else { 'A' };
                assert!(f.glyph_index(probe).is_some(), "{} has {}", name, probe);
                println!("{} #{}: {:?}", name, i, f);
            }
            assert_eq!(
                Font::parse(bytes.clone(), count).err(),
                Some(FontError::FaceIndex { index: count, count })
            );
        }
    }

    #[test]
    fn style_flags_come_from_os2() {
        let (r, b, i, bi) = match (
            load("LiberationSans-Regular.ttf"),
            load("LiberationSans-Bold.ttf"),
            load("LiberationSans-Italic.ttf"),
            load("LiberationSans-BoldItalic.ttf"),
        ) {
            (Some(r), Some(b), Some(i), Some(bi)) => (r, b, i, bi),
            _ => return,
        };
        assert!(!r.is_bold() && !r.is_italic());
        assert!(b.is_bold() && !b.is_italic());
        assert!(!i.is_bold() && i.is_italic());
        assert!(bi.is_bold() && bi.is_italic());
        assert_eq!(r.weight(), 400);
        assert_eq!(b.weight(), 700);
    }

    #[test]
    fn recent_glyphs_answer_what_the_cmap_answered() {
        let r = RecentGlyphs::new();
        assert_eq!(r.get(0x4E2D), None);
        r.put(0x4E2D, Some(7));
        r.put(0x10FFFD, None);
        assert_eq!(r.get(0x4E2D), Some(Some(7)));
        assert_eq!(r.get(0x10FFFD), Some(None));
        // a character sharing a slot replaces the entry; the other is walked again
        let other = (0x100u32..).find(|&c| c != 0x4E2D && std::ptr::eq(r.slot(c), r.slot(0x4E2D))).unwrap();
        r.put(other, Some(9));
        assert_eq!(r.get(0x4E2D), None);
        assert_eq!(r.get(other), Some(Some(9)));
        if let Some(cjk) = load("DroidSansFallbackFull.ttf") {
            for c in "中文字，固定资产标签中文\u{10FFFD}".chars() {
                let walked = cmap_glyph(cjk.data(), &cjk.cmap, cjk.num_glyphs, c as u32);
                assert_eq!(cjk.glyph_index(c), walked, "{:?}", c);
                assert_eq!(cjk.glyph_index(c), walked, "{:?} again", c);
            }
        }
    }

    #[test]
    fn latin1_table_agrees_with_the_cmap() {
        for name in ["LiberationSans-Regular.ttf", "DroidSansFallbackFull.ttf"] {
            if let Some(f) = load(name) {
                let mut found = 0;
                for c in 0..0x100u32 {
                    let walked = cmap_glyph(f.data(), &f.cmap, f.num_glyphs, c);
                    assert_eq!(f.glyph_index(char::from_u32(c).unwrap()), walked, "{} U+{:04X}", name, c);
                    found += walked.is_some() as u32;
                }
                // Liberation has every printable Latin-1 character (191)
                assert!(found >= 191 || !name.starts_with("Liberation"), "{}: {} of U+0000-U+00FF", name, found);
                // past the table, the cmap answers as before
                assert_eq!(f.glyph_index('\u{100}'), cmap_glyph(f.data(), &f.cmap, f.num_glyphs, 0x100));
            }
        }
    }

    #[test]
    fn cmap_finds_latin_and_cjk() {
        if let Some(lib) = load("LiberationSans-Regular.ttf") {
            assert!(lib.glyph_index('A').is_some());
            assert!(lib.glyph_index('é').is_some());
            assert!(lib.glyph_index('€').is_some());
            assert_eq!(lib.glyph_index('中'), None);
            assert_ne!(lib.glyph_index('A'), lib.glyph_index('B'));
        }
        for name in ["DroidSansFallbackFull.ttf", "wqy-microhei.ttc"] {
            if let Some(cjk) = load(name) {
                let zh = cjk.glyph_index('中').expect("中");
                let zi = cjk.glyph_index('字').expect("字");
                assert_ne!(zh, zi);
                assert!(cjk.glyph_index('，').is_some());
                // CJK ideographs are one em wide
                assert_eq!(cjk.advance(zh), cjk.units_per_em());
            }
        }
    }

    #[test]
    fn advances_match_hmtx() {
        // Liberation Sans is metric-compatible with Arial: these are Arial's widths
        // (2048 units to the em).
        let lib = match load("LiberationSans-Regular.ttf") {
            Some(f) => f,
            None => return,
        };
        assert_eq!(lib.units_per_em(), 2048);
        let adv = |c: char| lib.advance(lib.glyph_index(c).unwrap());
        assert_eq!(adv('A'), 1366);
        assert_eq!(adv('a'), 1139);
        assert_eq!(adv(' '), 569);
        assert_eq!(adv('1'), 1139);
        assert_eq!(adv('i'), 455);
        assert_eq!(adv('W'), 1933);
        assert_eq!(lib.advance(lib.num_glyphs()), 0);
    }

    #[test]
    fn kerning_pairs_are_read() {
        let lib = match load("LiberationSans-Regular.ttf") {
            Some(f) => f,
            None => return,
        };
        let (a, v) = (lib.glyph_index('A').unwrap(), lib.glyph_index('V').unwrap());
        assert!(lib.kerning(a, v) < 0, "AV kerns tighter");
        let (x, y) = (lib.glyph_index('x').unwrap(), lib.glyph_index('1').unwrap());
        assert_eq!(lib.kerning(x, y), 0);
    }

    #[test]
    fn fallback_chain_picks_first_face_with_the_glyph() {
        let (lib, cjk) = match (load("LiberationSans-Regular.ttf"), load("DroidSansFallbackFull.ttf")) {
            (Some(a), Some(b)) => (a, b),
            _ => return,
        };
        let set = FontSet::new(vec![lib, cjk]).unwrap();
        assert_eq!(set.lookup('A').0, 0);
        assert_eq!(set.lookup('中').0, 1);
        assert_eq!(set.lookup('\u{10FFFD}'), (0, 0)); // private use: nobody has it
        assert!(FontSet::new(Vec::new()).is_none());
    }

    #[test]
    fn rejects_what_is_not_a_truetype_face() {
        assert_eq!(Font::parse(&b""[..], 0).err(), Some(FontError::NotTrueType));
        assert_eq!(Font::parse(&b"OTTO\0\0\0\0\0\0\0\0"[..], 0).err(), Some(FontError::CffOutlines));
        let empty_dir = b"\0\x01\0\0\0\0\0\0\0\0\0\0";
        assert_eq!(Font::parse(&empty_dir[..], 0).err(), Some(FontError::MissingTable("head")));
        assert_eq!(Font::parse(&b"\0\x01\0\0\0\x05"[..], 0).err(), Some(FontError::NotTrueType));
    }
}
