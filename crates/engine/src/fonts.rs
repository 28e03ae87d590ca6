//! The engine's fonts: TrueType faces registered by name through the ABI (`load_font`),
//! and the lookup a TEXT or ARC_TEXT command makes (display list v2, text_command.rs).
//!
//! # Registration
//!
//! A face is registered under a family name and a style (bold, italic) with a role:
//! [`FontRole::Named`] faces are found only by name; [`FontRole::Fallback`] faces are
//! also appended to the fallback chain (typically a Latin face, then a CJK face). The same
//! name and style registered again replaces the face in place (its position in the
//! fallback chain is kept). Names match trimmed and case-insensitively.
//!
//! # Lookup (the contract's order)
//!
//! For `(name, bold, italic)` the primary face is, first match wins:
//!
//! 1. the face registered under that name and style;
//! 2. for bold italic, that name's bold face (oblique synthesised), then its italic face
//!    (bold synthesised): a real bold stroke beats a faked one;
//! 3. that name's regular face: the layout synthesises bold/oblique for a face that is
//!    not (truetype/layout.rs looks at the face's own OS/2 flags);
//! 4. the default face, i.e. the family of the first registered face, by the same steps.
//!
//! The chain is that face followed by the fallback faces in registration order (the
//! primary itself once). Characters missing from every face draw as the primary's
//! "missing glyph" box.
//!
//! # Caches
//!
//! The chain of each `(name, style)` is built once ([`FontSet`] holds shared bytes, so a
//! chain is a few pointers) and dropped when the registry changes. One [`GlyphCache`]
//! (budget [`GLYPH_CACHE_BYTES`]) serves every command, so a batch of pages of one
//! template rasterises each glyph once. Barcode captions draw through a one-line face per
//! name and style ([`FontRegistry::caption_face_for`], at most eight kept), each with its
//! own glyph cache. The caches sit behind `RefCell`s because the
//! renderer holds the registry shared; the engine is single-threaded (one instance per
//! Web Worker), and the registry lives in a thread-local ([`with_registry`]).
//!
//! With no face registered at all, [`FontRegistry::font_set`] answers `None` and text
//! draws with the built-in stroke font (Latin only).

use std::cell::{RefCell, RefMut};
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

use assetmark_raster::truetype::{Font, FontSet, GlyphCache, TrueTypeFace};

use crate::reader::Reader;
use crate::EngineError;

/// Glyph cache budget, bytes: a few thousand CJK glyphs at label sizes; when full it
/// empties itself and refills in microseconds per glyph.
pub const GLYPH_CACHE_BYTES: usize = 4 << 20;

/// At most this many faces are registered (a fallback chain holds at most 255).
pub const MAX_FACES: usize = 64;

/// Chains kept built (one per name and style asked for).
const MAX_CACHED_SETS: usize = 256;

/// Where a registered face may be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FontRole {
    /// Only when a command names it.
    Named,
    /// Also for characters the named face lacks, after earlier fallback faces.
    Fallback,
}

/// A `load_font` request: `name length u16, name UTF-8, face index u32 (TTC), style u8
/// (bit 0 bold, bit 1 italic), role u8 (0 named only, 1 also fallback)`, then the font
/// file's bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FontRequest<'a> {
    pub name: &'a str,
    pub face_index: u32,
    pub bold: bool,
    pub italic: bool,
    pub role: FontRole,
    pub data: &'a [u8],
}

impl<'a> FontRequest<'a> {
    /// Decodes and checks the request's fields (not the font itself).
    pub fn decode(bytes: &'a [u8]) -> Result<FontRequest<'a>, EngineError> {
        let mut r = Reader::new(bytes);
        let len = r.u16("font name length")? as usize;
        let raw = r.take(len, "font name")?;
        let name =
            std::str::from_utf8(raw).map_err(|_| EngineError::parameter("load_font: font name is not valid UTF-8"))?;
        if name.trim().is_empty() {
            return Err(EngineError::parameter("load_font: font name is empty"));
        }
        let face_index = r.u32("font face index")?;
        let style = r.u8("font style")?;
        if style > 3 {
            return Err(EngineError::parameter(format!(
                "load_font '{}': style {} has bits other than 0 (bold) and 1 (italic)",
                name, style
            )));
        }
        let role = match r.u8("font role")? {
            0 => FontRole::Named,
            1 => FontRole::Fallback,
            v => {
                return Err(EngineError::parameter(format!(
                    "load_font '{}': role {} is not 0 (named) or 1 (fallback)",
                    name, v
                )))
            }
        };
        let data = r.rest();
        if data.is_empty() {
            return Err(EngineError::parameter(format!("load_font '{}': no font bytes", name)));
        }
        Ok(FontRequest { name, face_index, bold: style & 1 != 0, italic: style & 2 != 0, role, data })
    }
}

/// One registered face.
struct Entry {
    /// Trimmed, lower-case: the lookup key.
    key: String,
    /// Bit 0 bold, bit 1 italic.
    style: u8,
    role: FontRole,
    face_index: u32,
    /// The font file, shared with `font` and with entries registered from the same bytes.
    bytes: Arc<[u8]>,
    font: Font,
}

/// The registered faces and the caches built from them. See the module docs.
pub struct FontRegistry {
    entries: Vec<Entry>,
    sets: RefCell<HashMap<(String, u8), Rc<FontSet>>>,
    /// The same chains by the font name exactly as commands give it, then by style bits:
    /// looked up without making the trimmed, lower-cased key, so the same name on every
    /// page allocates nothing.
    asked: RefCell<HashMap<String, [Option<Rc<FontSet>>; 4]>>,
    glyphs: RefCell<GlyphCache>,
    /// Caption faces by (name as given, style bits), the latest built last; see
    /// [`Self::caption_face_for`].
    captions: RefCell<Vec<((String, u8), Rc<TrueTypeFace>)>>,
}

/// Caption faces kept built: a label uses one or two barcode fonts; each face holds its
/// own glyph cache (1 MiB budget) and its glyph masks at the caption's ink level (256 KiB,
/// truetype/face_ink.rs), so the list stays short.
const MAX_CAPTION_FACES: usize = 8;

impl Default for FontRegistry {
    fn default() -> FontRegistry {
        FontRegistry::new()
    }
}

/// The lookup form of a name: trimmed and lower-cased.
fn name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

fn style_bits(bold: bool, italic: bool) -> u8 {
    bold as u8 | (italic as u8) << 1
}

impl FontRegistry {
    pub fn new() -> FontRegistry {
        FontRegistry {
            entries: Vec::new(),
            sets: RefCell::new(HashMap::new()),
            asked: RefCell::new(HashMap::new()),
            glyphs: RefCell::new(GlyphCache::with_budget(GLYPH_CACHE_BYTES)),
            captions: RefCell::new(Vec::new()),
        }
    }

    /// Number of registered faces.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no face is registered (text then uses the built-in stroke font).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Decodes a `load_font` request and registers its face.
    pub fn load(&mut self, request: &[u8]) -> Result<(), EngineError> {
        self.register(&FontRequest::decode(request)?)
    }

    /// Parses and registers a face. A bad font is a parameter error naming it, and the
    /// registry is unchanged then.
    ///
    /// Bytes identical to an already registered file are not kept twice: a font
    /// registered under several names (aliases such as "Arial" and "Liberation Sans")
    /// shares one copy, and the same face shares its parsed form and cached glyphs.
    pub fn register(&mut self, req: &FontRequest) -> Result<(), EngineError> {
        let same_file = self.entries.iter().find(|e| e.bytes.len() == req.data.len() && e.bytes[..] == *req.data);
        let same_face = same_file.filter(|e| e.face_index == req.face_index);
        let (bytes, font) = match (same_file, same_face) {
            (_, Some(e)) => (e.bytes.clone(), e.font.clone()),
            (shared, None) => {
                let bytes: Arc<[u8]> = shared.map_or_else(|| Arc::from(req.data), |e| e.bytes.clone());
                let font = Font::parse(bytes.clone(), req.face_index).map_err(|e| {
                    EngineError::parameter(format!("font '{}' (face {}): {}", req.name.trim(), req.face_index, e))
                })?;
                (bytes, font)
            }
        };
        let key = name_key(req.name);
        let style = style_bits(req.bold, req.italic);
        let entry = Entry { key, style, role: req.role, face_index: req.face_index, bytes, font };
        match self.entries.iter().position(|e| e.key == entry.key && e.style == style) {
            Some(i) => self.entries[i] = entry,
            None if self.entries.len() >= MAX_FACES => {
                return Err(EngineError::parameter(format!(
                    "font '{}': at most {} faces can be registered",
                    req.name.trim(),
                    MAX_FACES
                )))
            }
            None => self.entries.push(entry),
        }
        self.changed();
        Ok(())
    }

    /// Forgets every face (text falls back to the built-in stroke font).
    pub fn clear(&mut self) {
        self.entries.clear();
        self.changed();
    }

    fn changed(&mut self) {
        self.sets.get_mut().clear();
        self.asked.get_mut().clear();
        self.captions.get_mut().clear();
        // Old faces' glyphs are unreachable now (keys are face ids): free their memory.
        self.glyphs.get_mut().clear();
    }

    /// The fallback chain for a command's font name and style, built once per registry
    /// state; `None` when no face is registered.
    pub fn font_set(&self, name: &str, bold: bool, italic: bool) -> Option<Rc<FontSet>> {
        if self.entries.is_empty() {
            return None;
        }
        let style = style_bits(bold, italic);
        if let Some(set) = self.asked.borrow().get(name).and_then(|by_style| by_style[style as usize].clone()) {
            return Some(set);
        }
        let set = self.keyed_font_set(name_key(name), style)?;
        let mut asked = self.asked.borrow_mut();
        if asked.len() >= MAX_CACHED_SETS && !asked.contains_key(name) {
            asked.clear(); // many distinct names: keep the cache bounded
        }
        asked.entry(name.to_string()).or_default()[style as usize] = Some(set.clone());
        Some(set)
    }

    /// [`Self::font_set`] by lookup key: one chain for all the names that share a key.
    fn keyed_font_set(&self, key: String, style: u8) -> Option<Rc<FontSet>> {
        let cache_key = (key, style);
        if let Some(set) = self.sets.borrow().get(&cache_key) {
            return Some(set.clone());
        }
        let primary = self.primary(&cache_key.0, cache_key.1);
        let mut chain = vec![self.entries[primary].font.clone()];
        for (i, e) in self.entries.iter().enumerate() {
            if i != primary && e.role == FontRole::Fallback {
                chain.push(e.font.clone());
            }
        }
        // At most MAX_FACES faces, so the chain is never too long.
        let set = Rc::new(FontSet::new(chain)?);
        let mut sets = self.sets.borrow_mut();
        if sets.len() >= MAX_CACHED_SETS {
            sets.clear(); // many distinct names: keep the cache bounded
        }
        sets.insert(cache_key, set.clone());
        Some(set)
    }

    /// Index of the primary face for `key` and `style` (entries not empty).
    fn primary(&self, key: &str, style: u8) -> usize {
        let find = |k: &str, s: u8| self.entries.iter().position(|e| e.key == k && e.style == s);
        let by_name = |k: &str| {
            let mut order = vec![style];
            if style == 3 {
                order.extend_from_slice(&[1, 2]);
            }
            order.push(0);
            order.into_iter().find_map(|s| find(k, s))
        };
        by_name(key).or_else(|| by_name(&self.entries[0].key)).unwrap_or(0)
    }

    /// The default face's chain (regular) behind the renderer's one-line [`TextFace`]
    /// seam, for captions such as a barcode's human-readable text; `None` with no face
    /// registered (the built-in stroke font then). Built once per registry state.
    ///
    /// [`TextFace`]: assetmark_raster::TextFace
    pub fn caption_face(&self) -> Option<Rc<TrueTypeFace>> {
        self.caption_face_for("", false, false)
    }

    /// The chain of `(name, bold, italic)` (found as [`Self::font_set`] finds it, so an
    /// unknown name gets the default face) as a one-line [`TextFace`]: a barcode's
    /// human-readable text in the control's font. `None` with no face registered. Built
    /// once per name and style while the registry is unchanged.
    ///
    /// [`TextFace`]: assetmark_raster::TextFace
    pub fn caption_face_for(&self, name: &str, bold: bool, italic: bool) -> Option<Rc<TrueTypeFace>> {
        let key = (name_key(name), style_bits(bold, italic));
        if let Some((_, face)) = self.captions.borrow().iter().find(|(k, _)| *k == key) {
            return Some(face.clone());
        }
        let set = self.font_set(name, bold, italic)?;
        let face = Rc::new(TrueTypeFace::with_style((*set).clone(), bold, italic));
        let mut captions = self.captions.borrow_mut();
        if captions.len() >= MAX_CAPTION_FACES {
            captions.remove(0);
        }
        captions.push((key, face.clone()));
        Some(face)
    }

    /// The glyph cache every text command draws through.
    pub fn glyph_cache(&self) -> RefMut<'_, GlyphCache> {
        self.glyphs.borrow_mut()
    }
}

thread_local! {
    static REGISTRY: RefCell<FontRegistry> = RefCell::new(FontRegistry::new());
}

/// Runs `f` with this instance's registry, shared (rendering).
pub fn with_registry<R>(f: impl FnOnce(&FontRegistry) -> R) -> R {
    REGISTRY.with(|r| f(&r.borrow()))
}

/// Runs `f` with this instance's registry, to change it (`load_font`, `clear_fonts`).
pub fn with_registry_mut<R>(f: impl FnOnce(&mut FontRegistry) -> R) -> R {
    REGISTRY.with(|r| f(&mut r.borrow_mut()))
}

/// Test helpers: the fonts scripts/setup.sh copies into `public/fonts/` (never committed);
/// tests that need one skip when it is missing.
#[cfg(test)]
pub(crate) mod test_fonts {
    use super::*;

    pub fn bytes(name: &str) -> Option<Vec<u8>> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../public/fonts").join(name);
        match std::fs::read(&path) {
            Ok(b) => Some(b),
            Err(_) => {
                eprintln!("skipping: {} not found (run scripts/setup.sh)", path.display());
                None
            }
        }
    }

    /// A `load_font` request.
    pub fn request(name: &str, index: u32, style: u8, role: u8, data: &[u8]) -> Vec<u8> {
        let mut v = (name.len() as u16).to_le_bytes().to_vec();
        v.extend_from_slice(name.as_bytes());
        v.extend_from_slice(&index.to_le_bytes());
        v.push(style);
        v.push(role);
        v.extend_from_slice(data);
        v
    }

    /// Liberation Sans regular and bold (named "Arial", regular also a fallback face) and
    /// Droid Sans Fallback (a CJK fallback face), or `None` when set-up has not run.
    pub fn latin_cjk() -> Option<FontRegistry> {
        let mut reg = FontRegistry::new();
        reg.load(&request("Arial", 0, 0, 1, &bytes("LiberationSans-Regular.ttf")?)).unwrap();
        reg.load(&request("Arial", 0, 1, 0, &bytes("LiberationSans-Bold.ttf")?)).unwrap();
        reg.load(&request("Droid Sans Fallback", 0, 0, 1, &bytes("DroidSansFallbackFull.ttf")?)).unwrap();
        Some(reg)
    }
}

#[cfg(test)]
#[path = "fonts_tests.rs"]
mod tests;
