//! The registry of symbologies the engine can encode, and the shape of their output.

use crate::{code128, BitMatrix, LinearSymbol, SymbologyError};

/// A symbology the engine encodes. The numeric id ([`Symbology::id`]) is zint's barcode
/// number, used on the engine's wire format and by `zint -b N` in the tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symbology {
    /// Code 128 (ISO/IEC 15417), automatic code sets A/B/C; zint 20.
    Code128,
}

/// An encoded symbol: a row of modules, or a grid of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Symbol {
    Linear(LinearSymbol),
    Matrix(BitMatrix),
}

impl Symbology {
    /// The symbology with zint's barcode number `id`, if the engine knows it.
    pub fn from_id(id: u8) -> Option<Symbology> {
        match id {
            20 => Some(Symbology::Code128),
            _ => None,
        }
    }

    /// zint's barcode number for this symbology.
    pub fn id(self) -> u8 {
        match self {
            Symbology::Code128 => 20,
        }
    }

    /// A human-readable name for messages.
    pub fn name(self) -> &'static str {
        match self {
            Symbology::Code128 => code128::NAME,
        }
    }

    /// Encodes `data` (bytes as the symbology defines them; ASCII for Code 128).
    pub fn encode(self, data: &[u8]) -> Result<Symbol, SymbologyError> {
        match self {
            Symbology::Code128 => code128::encode(data).map(Symbol::Linear),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_unknown_ids_are_none() {
        assert_eq!(Symbology::from_id(20), Some(Symbology::Code128));
        assert_eq!(Symbology::Code128.id(), 20);
        assert_eq!(Symbology::from_id(0), None);
        assert_eq!(Symbology::from_id(255), None);
    }
}
