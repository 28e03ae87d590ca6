//! TrueType text for labels: fonts from bytes, layout in a box, and drawing into the
//! 1-bit page (printers) or an 8-bit grey image (the editor's screen).
//!
//! # Pipeline
//!
//! ```text
//! font bytes --Font::parse--> Font --(ordered fallback chain)--> FontSet
//! text + TextStyle + TextBox --layout_text--> TextLayout (lines, glyph pen positions,
//!                                                       needed height)
//! TextLayout --draw_layout_1bit / draw_layout_gray--> Page / GrayImage
//!               (glyph masks from the GlyphCache, rasterised on first use)
//! ```
//!
//! - `read.rs`: bounds-checked big-endian reads; a damaged font is an error or an empty
//!   glyph, never a panic.
//! - `font.rs`: table directory (TTF and TTC), `head`/`hhea`/`maxp`/`hmtx`/`loca`/`OS/2`/
//!   `post`, `cmap` formats 12 and 4, `kern` format 0, and the [`FontSet`] chain.
//! - `glyf.rs`: outlines, simple and composite.
//! - `raster.rs`: the signed-area accumulation rasteriser (font-rs / stb_truetype v2),
//!   nonzero winding, anti-aliased coverage; synthetic bold (multi-strike, 1/24 em) and
//!   oblique (shear 0.2) for faces that lack them.
//! - `cache.rs`: glyph masks by (face, glyph, size, synthetic style).
//! - `breaking.rs`: line-break opportunities, Latin and CJK (kinsoku) rules.
//! - `layout.rs`: mapping, wrapping, alignment, spacing.
//! - `vertical.rs`: vertical text (`verDisplay`): columns right to left, wrapped at the
//!   box height.
//! - `mono.rs`: a monospaced face given by its numbers (the engine's built-in stroke
//!   font), laid out by the same horizontal and vertical code.
//! - `draw.rs`, `arc.rs`: drawing straight and arc text.
//! - `face.rs`: [`TrueTypeFace`], a font set behind the renderer's one-line
//!   [`TextFace`](crate::TextFace) seam (barcode captions).
//! - `rotate.rs`: quarter turns of 1-bit bitmaps and page-onto-page stamping, for
//!   rotated elements.
//!
//! # Use
//!
//! ```ignore
//! let latin = Font::parse(liberation_bytes, 0)?;          // bytes from the ABI
//! let cjk = Font::parse(wqy_bytes, 0)?;                   // .ttc: pick the face
//! let fonts = FontSet::new(vec![latin, cjk]).unwrap();    // fallback order
//! let mut style = TextStyle::new(28.0);                   // em in dots (3.5 mm at 203 dpi)
//! style.wrap = true;
//! let layout = layout_text(&fonts, &style, "资产 ZC-0001", TextBox::new(8, 8, 300, 60).unwrap())?;
//! draw_layout_1bit(&mut page, &layout, &fonts, &mut cache); // cache: one GlyphCache per worker
//! ```
//!
//! Bold or italic asked of a face that is neither (OS/2 weight/fsSelection, head macStyle)
//! is synthesised per glyph, so `[LiberationSans-Bold, wqy]` gives real bold Latin and
//! synthetic bold CJK.
//!
//! # Sharing
//!
//! [`Font`] and [`FontSet`] are immutable, `Send + Sync` and cheap to clone (the bytes are
//! shared). A [`GlyphCache`] is mutable state: keep one per engine instance or worker.
//! [`TrueTypeFace`] owns a cache behind a `RefCell` and is not `Sync`.
//!
//! (The module is `truetype`, not `text`: `text.rs` holds the renderer's face seam.)
//!
//! # Units
//!
//! Everything is in dots of the target (printer dots, or screen pixels for the editor).
//! The engine converts the label's millimetres at the target's resolution; font height
//! is the em size in dots (the spec's `fontHeight`).
//!
//! # Not done here
//!
//! No shaping beyond one glyph per character (no ligatures, no GPOS kerning, no complex
//! scripts) and no hinting: label text is Latin, digits and CJK, and at 203/300 dpi the
//! unhinted 50 % threshold is clean.

mod arc;
mod breaking;
mod cache;
mod draw;
mod face;
mod font;
mod glyf;
mod layout;
mod mono;
mod raster;
mod read;
mod rotate;
mod vertical;

pub use arc::{draw_arc_text_1bit, draw_arc_text_gray};
pub use cache::GlyphCache;
pub(crate) use cache::FxHasher;
pub use draw::{draw_layout_1bit, draw_layout_gray, GrayImage};
pub use face::TrueTypeFace;
pub use font::{Font, FontError, FontMetrics, FontSet};
pub use layout::{
    layout_text, HAlign, LayoutLine, PlacedGlyph, TextBox, TextError, TextLayout, TextStyle, VAlign,
};
pub use rotate::{blit_page, rotate_bits, rotate_page, QuarterTurn};
pub use mono::{layout_text_mono, MonoFace};
pub use vertical::layout_vertical_mono;

#[cfg(test)]
mod test_fonts;
#[cfg(test)]
mod tests;
