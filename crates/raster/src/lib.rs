//! 1-bit rasterisation for Assetmark label pages.
//!
//! A [`Page`] is the bitmap a thermal printer takes: one bit per dot, rows packed
//! most-significant-bit first (the leftmost dot of a byte is its bit 7), `1` = black,
//! `(width + 7) / 8` bytes per row, no padding between rows. Everything here works in
//! whole dots; millimetres and dpi are the engine's business (crates/engine/src/units.rs).
//!
//! [`GreyPage`] (`grey.rs`) is the 8-bit counterpart for screens: one byte a dot, 255 =
//! paper, 0 = ink; it lends itself to the TrueType rasteriser as a `GrayImage`.
//!
//! Shapes are clipped to the page, so callers may pass boxes that hang over an edge or lie
//! entirely outside it. Drawing is additive (ink only), except [`Page::clear_rect`], which
//! whitens a box (text over bars in a barcode's mask mode).
//!
//! Text goes through the [`TextFace`] trait (`text.rs`); [`BuiltinFont`] (`builtin_font.rs`)
//! is the built-in stroke font for printable ASCII until TrueType faces arrive.
//!
//! Speed: filled areas are written as byte spans (a partial byte at each end, whole `0xFF`
//! bytes between); barcode bars are laid out once as a row mask and OR-ed into each row.

mod builtin_font;
pub mod dither;
mod grey;
mod page;
mod span;
mod text;
pub mod truetype;

pub use builtin_font::{BuiltinFont, BUILTIN_FONT};
pub use grey::GreyPage;
pub use page::{or_bytes, Page, PageError};
pub use span::{fill_span, Span};
pub use text::{TextFace, TextMetrics};
