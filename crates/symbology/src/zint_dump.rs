//! Test support: zint's `--dump` output for linear symbols, as the module strings the
//! encoders' unit tests compare against.

/// zint's `--dump` hex nibbles as modules, `1` = bar, with the padding after the last bar
/// removed (zint pads the dump to whole nibbles).
pub(crate) fn from_dump(hex: &str) -> String {
    let bits: String = hex
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| format!("{:04b}", c.to_digit(16).unwrap()))
        .collect();
    bits.trim_end_matches('0').to_string()
}
