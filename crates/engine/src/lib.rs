//! The Assetmark label engine: the one WebAssembly module the TypeScript facade
//! (`src/engine/`) loads in the browser and in Node.
//!
//! # How a page is made
//!
//! ```text
//! display list (bytes, display_list.rs)  --decode-->  commands in micrometres
//!   --units.rs: one rounding rule-->  boxes in dots
//!   --render.rs, frame.rs-->  target.rs Surface: 1-bit Page or 8-bit GreyPage  --abi.rs-->  result buffer
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
//! `render` (the page and the command loop), `frame` (rotation, mirror, anti-colour,
//! compositing), `turn` (quarter turns of whole surfaces: turned elements and the page's TURN), `target` (1-bit or grey drawing target and its helpers), `shapes`
//! (SHAPE, LINE, TABLE), `barcode` (placing and painting symbols), `text_command` and
//! `fonts` (TEXT, ARC_TEXT, registered faces), `image_command` (IMAGE), `error` (codes
//! and messages).

pub mod abi;
pub mod barcode;
pub mod display_list;
mod error;
pub mod fonts;
pub mod frame;
pub mod image_command;
mod reader;
pub mod render;
pub mod shapes;
pub mod symbol_spec;
pub mod target;
pub mod text_command;
mod text_builtin;
mod text_draw;
pub mod turn;
pub mod units;
pub mod work;

pub use error::{EngineError, ErrorCode};
