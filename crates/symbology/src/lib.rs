//! Barcode encoders for the Assetmark label engine.
//!
//! Every symbology lives in one self-contained, documented file (in the manner of Nayuki's
//! QR-Code-generator): public entry point first, then the algorithm, then the tables. All
//! of them produce one of two shapes, defined once and shared:
//!
//! * [`LinearSymbol`] (`linear.rs`): a row of modules, `true` = bar, without quiet zones.
//! * [`BitMatrix`] (`bit_matrix.rs`): a grid of modules, `true` = dark, without quiet zones.
//!
//! Encoders never panic on user data: anything a symbology cannot take comes back as a
//! [`SymbologyError`] value that carries a message fit for the user.
//!
//! [`Symbology`] (`symbology.rs`) is the registry the engine dispatches on. Its numeric ids
//! are zint's barcode numbers (`zint -b N`), so the reference encoder used by the tests and
//! the engine speak about the same symbology with the same number.
//!
//! Adding a symbology: write `src/<name>.rs` with `pub fn encode(data: &[u8]) -> Result<...>`,
//! declare it below, add a variant to [`Symbology`] (and its options to
//! [`EncodeOptions`]) and test it against zint and the decoders.

mod bit_matrix;
pub mod codabar;
pub mod code128;
pub mod code39;
pub mod code93;
pub mod datamatrix;
pub mod ean;
mod error;
pub mod gridmatrix;
pub mod gs1;
pub mod human_readable;
pub mod itf;
mod linear;
pub mod module_fit;
pub mod pdf417;
pub mod qr;
pub mod reed_solomon;
mod symbology;
pub mod upc;
#[cfg(test)]
mod test_support;
#[cfg(test)]
mod zint_dump;

pub use bit_matrix::BitMatrix;
pub use error::SymbologyError;
pub use linear::LinearSymbol;
pub use symbology::{EncodeOptions, Encoded, GmInfo, PdfInfo, QrInfo, Symbol, Symbology, PDF417_ROW_HEIGHT};
