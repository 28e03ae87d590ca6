//! The Assetmark label engine: the one WebAssembly module the TypeScript facade
//! (`src/engine/`) loads in the browser and in Node.
//!
//! # How a page is made
//!
//! ```text
//! display list (bytes, display_list.rs)  --decode-->  commands in micrometres
//!   --units.rs: one rounding rule-->  boxes in dots
//!   --render.rs-->  assetmark_raster::Page (1-bit, packed rows)  --abi.rs-->  result buffer
//! ```
//!
//! The C ABI (`abi.rs`) is the only way in: the caller copies its request into memory it
//! got from `alloc`, calls `render`, `encode` or `measure`, reads the result buffer or the error, and
//! frees its request. Every failure comes back as a status code and message
//! ([`EngineError`]); nothing panics on bad input (the release build aborts on panic, so
//! every input is validated explicitly).
//!
//! Modules: `abi` (exports, state), `display_list` (wire format and decoder), `symbol_spec`
//! (what to encode and how an encoded symbol is returned), `units` (mm/µm and dots),
//! `render` (drawing the commands), `error` (codes and messages).

pub mod abi;
pub mod display_list;
mod error;
mod reader;
pub mod render;
pub mod symbol_spec;
pub mod units;

pub use error::{EngineError, ErrorCode};
