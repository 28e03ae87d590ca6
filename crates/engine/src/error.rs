//! Engine status codes and errors. The TypeScript facade mirrors this table in
//! `src/engine/errors.ts`; keep the two in step.

use assetmark_raster::PageError;
use assetmark_symbology::SymbologyError;
use std::fmt;

/// Status codes returned by `render` and `encode` (0 = success). Codes 1-9 follow the
/// print helper's result codes where the meaning is the same (spec section 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum ErrorCode {
    /// A malformed request: bad magic, truncated buffer, invalid field, bad pointer.
    Parameter = 1,
    /// The engine itself failed (out of memory).
    System = 2,
    /// The page has no area: width or height rounds to 0 dots (helper code 6).
    NoPageDimension = 6,
    /// Well-formed but unknown: display-list version, command, symbology (helper code 8).
    Unsupported = 8,
    /// The page is larger than the engine renders in one piece.
    PageTooLarge = 10,
    /// The page has more elements than one page may draw (work.rs MAX_PAGE_ELEMENTS).
    TooManyElements = 11,
    /// The page would cost more drawing than one page may (work.rs MAX_PAGE_WORK); the
    /// error names the costliest element.
    TooMuchWork = 12,
    /// A barcode with no data to encode.
    NoData = 20,
    /// Barcode data longer than its symbology takes.
    DataTooLong = 21,
    /// Barcode data with a character its symbology cannot encode.
    InvalidCharacter = 22,
    /// Barcode data of a length a fixed-length symbology (EAN, UPC, ITF-14) does not take.
    InvalidLength = 23,
    /// Barcode data ending in a wrong check digit.
    InvalidCheckDigit = 24,
    /// Barcode data breaking another rule of its symbology.
    InvalidData = 25,
    /// A fixed symbol version too small for the data (QR).
    VersionTooSmall = 26,
}

/// An error with its status code, a message for people, and, for render errors caused by
/// one display-list command, that command's index (the facade's element index).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineError {
    pub code: ErrorCode,
    pub message: String,
    pub element: Option<u32>,
}

impl EngineError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> EngineError {
        EngineError { code, message: message.into(), element: None }
    }

    pub fn parameter(message: impl Into<String>) -> EngineError {
        EngineError::new(ErrorCode::Parameter, message)
    }

    /// The same error, attributed to display-list command `index`.
    pub fn at_element(mut self, index: usize) -> EngineError {
        self.element = Some(index as u32);
        self
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<SymbologyError> for EngineError {
    fn from(e: SymbologyError) -> EngineError {
        let code = match e {
            SymbologyError::NoData { .. } => ErrorCode::NoData,
            SymbologyError::DataTooLong { .. } | SymbologyError::CapacityExceeded { .. } => ErrorCode::DataTooLong,
            SymbologyError::InvalidCharacter { .. } => ErrorCode::InvalidCharacter,
            SymbologyError::InvalidLength { .. } => ErrorCode::InvalidLength,
            SymbologyError::InvalidCheckDigit { .. } => ErrorCode::InvalidCheckDigit,
            SymbologyError::InvalidData { .. } => ErrorCode::InvalidData,
            SymbologyError::VersionTooSmall { .. } => ErrorCode::VersionTooSmall,
        };
        EngineError::new(code, e.to_string())
    }
}

impl From<PageError> for EngineError {
    fn from(e: PageError) -> EngineError {
        let code = match e {
            PageError::Empty { .. } => ErrorCode::NoPageDimension,
            PageError::TooLarge { .. } => ErrorCode::PageTooLarge,
            PageError::OutOfMemory { .. } => ErrorCode::System,
        };
        EngineError::new(code, e.to_string())
    }
}
