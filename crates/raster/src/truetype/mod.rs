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
//!   nonzero winding, anti-aliased coverage; synthetic bold (multi-strike, 1/20 em) and
//!   oblique (shear 0.2) for faces that lack them.
//! - `cache.rs`: glyph masks by (face, glyph, size, synthetic style).
//! - `breaking.rs`: line-break opportunities, Latin and CJK (kinsoku) rules.
//! - `layout.rs`: mapping, wrapping, alignment, spacing, vertical stacking.
//! - `draw.rs`, `arc.rs`: drawing straight and arc text.
//! - `rotate.rs`: quarter turns of 1-bit bitmaps and page-onto-page stamping, for
//!   rotated elements.
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
mod font;
mod glyf;
mod layout;
mod raster;
mod read;
mod rotate;

pub use arc::{draw_arc_text_1bit, draw_arc_text_gray};
pub use cache::GlyphCache;
pub use draw::{draw_layout_1bit, draw_layout_gray, GrayImage};
pub use font::{Font, FontError, FontMetrics, FontSet};
pub use layout::{layout_text, HAlign, LayoutLine, PlacedGlyph, TextBox, TextError, TextLayout, TextStyle, VAlign};
pub use rotate::{blit_page, rotate_bits, rotate_page, QuarterTurn};

#[cfg(test)]
mod test_fonts;
#[cfg(test)]
mod tests;
