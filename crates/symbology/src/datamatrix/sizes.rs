//! The ECC 200 symbol sizes (ISO/IEC 16022:2006 Table 7) and the rectangular extension
//! DMRE (ISO/IEC 21471:2020 Table 8).
//!
//! A symbol of `rows x cols` modules is a grid of data regions, each `region_rows x
//! region_cols` modules including its own finder border (solid left and bottom edges,
//! alternating top and right edges). The codewords fill the data regions without their
//! borders, `(region_rows - 2) x (region_cols - 2)` modules each ([`super::placement`]).
//!
//! The table is in order of data capacity, squares before rectangles of equal capacity: the
//! order automatic sizing walks, as zint does, so both pick the same symbol for the same
//! number of codewords.

/// One symbol size: dimensions, region layout and codeword capacities.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct SizeInfo {
    pub rows: u8,
    pub cols: u8,
    pub region_rows: u8,
    pub region_cols: u8,
    /// Data codewords the symbol holds (all blocks together).
    pub data_codewords: u16,
    /// Error-correction codewords in each Reed-Solomon block.
    pub ecc_per_block: u8,
    /// Reed-Solomon blocks; codeword `n` of the whole stream belongs to block `n % blocks`.
    pub blocks: u8,
    /// zint's size number (`zint -b 71 --vers=N`): 1-24 squares, 25-30 rectangles, 31-48 DMRE.
    pub number: u8,
    /// A DMRE size (ISO/IEC 21471), only used when asked for.
    pub dmre: bool,
}

const fn s(
    rows: u8,
    cols: u8,
    region_rows: u8,
    region_cols: u8,
    data_codewords: u16,
    ecc_per_block: u8,
    blocks: u8,
    number: u8,
    dmre: bool,
) -> SizeInfo {
    SizeInfo { rows, cols, region_rows, region_cols, data_codewords, ecc_per_block, blocks, number, dmre }
}

/// Every size, smallest capacity first (see the module documentation).
pub(super) static SIZES: [SizeInfo; 48] = [
    s(10, 10, 10, 10, 3, 5, 1, 1, false),
    s(12, 12, 12, 12, 5, 7, 1, 2, false),
    s(8, 18, 8, 18, 5, 7, 1, 25, false),
    s(14, 14, 14, 14, 8, 10, 1, 3, false),
    s(8, 32, 8, 16, 10, 11, 1, 26, false),
    s(16, 16, 16, 16, 12, 12, 1, 4, false),
    s(12, 26, 12, 26, 16, 14, 1, 27, false),
    s(18, 18, 18, 18, 18, 14, 1, 5, false),
    s(8, 48, 8, 24, 18, 15, 1, 31, true),
    s(20, 20, 20, 20, 22, 18, 1, 6, false),
    s(12, 36, 12, 18, 22, 18, 1, 28, false),
    s(8, 64, 8, 16, 24, 18, 1, 32, true),
    s(22, 22, 22, 22, 30, 20, 1, 7, false),
    s(16, 36, 16, 18, 32, 24, 1, 29, false),
    s(8, 80, 8, 20, 32, 22, 1, 33, true),
    s(24, 24, 24, 24, 36, 24, 1, 8, false),
    s(8, 96, 8, 24, 38, 28, 1, 34, true),
    s(12, 64, 12, 16, 43, 27, 1, 37, true),
    s(26, 26, 26, 26, 44, 28, 1, 9, false),
    s(20, 36, 20, 18, 44, 28, 1, 40, true),
    s(16, 48, 16, 24, 49, 28, 1, 30, false),
    s(8, 120, 8, 20, 49, 32, 1, 35, true),
    s(20, 44, 20, 22, 56, 34, 1, 41, true),
    s(32, 32, 16, 16, 62, 36, 1, 10, false),
    s(16, 64, 16, 16, 62, 36, 1, 39, true),
    s(8, 144, 8, 24, 63, 36, 1, 36, true),
    s(12, 88, 12, 22, 64, 36, 1, 38, true),
    s(26, 40, 26, 20, 70, 38, 1, 46, true),
    s(22, 48, 22, 24, 72, 38, 1, 43, true),
    s(24, 48, 24, 24, 80, 41, 1, 44, true),
    s(20, 64, 20, 16, 84, 42, 1, 42, true),
    s(36, 36, 18, 18, 86, 42, 1, 11, false),
    s(26, 48, 26, 24, 90, 42, 1, 47, true),
    s(24, 64, 24, 16, 108, 46, 1, 45, true),
    s(40, 40, 20, 20, 114, 48, 1, 12, false),
    s(26, 64, 26, 16, 118, 50, 1, 48, true),
    s(44, 44, 22, 22, 144, 56, 1, 13, false),
    s(48, 48, 24, 24, 174, 68, 1, 14, false),
    s(52, 52, 26, 26, 204, 42, 2, 15, false),
    s(64, 64, 16, 16, 280, 56, 2, 16, false),
    s(72, 72, 18, 18, 368, 36, 4, 17, false),
    s(80, 80, 20, 20, 456, 48, 4, 18, false),
    s(88, 88, 22, 22, 576, 56, 4, 19, false),
    s(96, 96, 24, 24, 696, 68, 4, 20, false),
    s(104, 104, 26, 26, 816, 56, 6, 21, false),
    s(120, 120, 20, 20, 1050, 68, 6, 22, false),
    s(132, 132, 22, 22, 1304, 62, 8, 23, false),
    // 1558 = 8 blocks of 156 + 2 of 155: the only size whose blocks differ in length.
    s(144, 144, 24, 24, 1558, 62, 10, 24, false),
];

/// The most data codewords any symbol holds (144x144).
pub(super) const MAX_DATA_CODEWORDS: usize = 1558;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_consistent() {
        let mut numbers = [false; 49];
        for (i, z) in SIZES.iter().enumerate() {
            assert_eq!(z.rows % z.region_rows, 0);
            assert_eq!(z.cols % z.region_cols, 0);
            let (vr, hr) = ((z.rows / z.region_rows) as usize, (z.cols / z.region_cols) as usize);
            let data_modules = (z.rows as usize - 2 * vr) * (z.cols as usize - 2 * hr);
            let total = z.data_codewords as usize + z.ecc_per_block as usize * z.blocks as usize;
            // Every module of the data regions carries a bit, but for the 4 corner modules
            // some sizes leave over (Annex F "unfilled corner").
            assert!(data_modules >= 8 * total && data_modules - 8 * total <= 4, "{}x{}", z.rows, z.cols);
            assert!(!numbers[z.number as usize]);
            numbers[z.number as usize] = true;
            if i > 0 {
                assert!(SIZES[i - 1].data_codewords <= z.data_codewords);
            }
            // ISO/IEC 16022 Table 7: squares 1-24, rectangles 25-30; DMRE 31-48.
            assert_eq!(z.dmre, z.number > 30);
            assert_eq!(z.rows == z.cols, z.number <= 24);
        }
        assert_eq!(SIZES[47].data_codewords as usize, MAX_DATA_CODEWORDS);
    }
}
