//! A linear (1D) symbol: one row of modules, shared by every linear symbology.

/// The modules of a linear symbol from left to right, `true` = bar (dark), `false` = space.
///
/// Quiet zones are not included: how much white goes around a symbol is the caller's
/// decision (a label element's box, a printer margin, a CLI's PBM border).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinearSymbol {
    modules: Vec<bool>,
}

impl LinearSymbol {
    /// Builds a symbol from bar/space widths in modules, starting with a bar. Used by the
    /// symbology files, whose tables are written as widths the way the standards print them.
    pub(crate) fn from_widths(widths: &[u8]) -> LinearSymbol {
        let total: usize = widths.iter().map(|&w| w as usize).sum();
        let mut modules = Vec::with_capacity(total);
        for (i, &w) in widths.iter().enumerate() {
            let bar = i % 2 == 0;
            for _ in 0..w {
                modules.push(bar);
            }
        }
        LinearSymbol { modules }
    }

    /// Builds a symbol from modules directly (`true` = bar).
    pub fn from_modules(modules: Vec<bool>) -> LinearSymbol {
        LinearSymbol { modules }
    }

    /// The modules, left to right.
    pub fn modules(&self) -> &[bool] {
        &self.modules
    }

    /// The width in modules (no quiet zone).
    pub fn width(&self) -> usize {
        self.modules.len()
    }

    /// The modules as text, `1` for a bar and `0` for a space (tests, CLI `--format matrix`).
    pub fn to_bit_string(&self) -> String {
        self.modules.iter().map(|&m| if m { '1' } else { '0' }).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_alternate_bar_and_space_starting_with_a_bar() {
        let s = LinearSymbol::from_widths(&[2, 1, 1, 3]);
        assert_eq!(s.to_bit_string(), "1101000");
        assert_eq!(s.width(), 7);
    }
}
