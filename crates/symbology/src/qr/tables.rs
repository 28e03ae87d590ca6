//! The numbers of ISO/IEC 18004:2015 that the QR encoder reads, as the standard prints
//! them. Indexing: `[ecc.index()][version - 1]` with ECC order L, M, Q, H.
//!
//! The tests below check them against each other and against the module count the layout
//! code computes, so a typo cannot hide.

/// Table 1: total codewords (data + error correction) per version 1-40.
pub const TOTAL_CODEWORDS: [u16; 40] = [
    26, 44, 70, 100, 134, 172, 196, 242, 292, 346, //
    404, 466, 532, 581, 655, 733, 815, 901, 991, 1085, //
    1156, 1258, 1364, 1474, 1588, 1706, 1828, 1921, 2051, 2185, //
    2323, 2465, 2611, 2761, 2876, 3034, 3196, 3362, 3532, 3706,
];

/// Table 7: data codewords per ECC level and version.
pub const DATA_CODEWORDS: [[u16; 40]; 4] = [
    [
        19, 34, 55, 80, 108, 136, 156, 194, 232, 274, //
        324, 370, 428, 461, 523, 589, 647, 721, 795, 861, //
        932, 1006, 1094, 1174, 1276, 1370, 1468, 1531, 1631, 1735, //
        1843, 1955, 2071, 2191, 2306, 2434, 2566, 2702, 2812, 2956,
    ],
    [
        16, 28, 44, 64, 86, 108, 124, 154, 182, 216, //
        254, 290, 334, 365, 415, 453, 507, 563, 627, 669, //
        714, 782, 860, 914, 1000, 1062, 1128, 1193, 1267, 1373, //
        1455, 1541, 1631, 1725, 1812, 1914, 1992, 2102, 2216, 2334,
    ],
    [
        13, 22, 34, 48, 62, 76, 88, 110, 132, 154, //
        180, 206, 244, 261, 295, 325, 367, 397, 445, 485, //
        512, 568, 614, 664, 718, 754, 808, 871, 911, 985, //
        1033, 1115, 1171, 1231, 1286, 1354, 1426, 1502, 1582, 1666,
    ],
    [
        9, 16, 26, 36, 46, 60, 66, 86, 100, 122, //
        140, 158, 180, 197, 223, 253, 283, 313, 341, 385, //
        406, 442, 464, 514, 538, 596, 628, 661, 701, 745, //
        793, 845, 901, 961, 986, 1054, 1096, 1142, 1222, 1276,
    ],
];

/// Table 9: error-correction blocks per ECC level and version. Every block carries
/// `(total - data) / blocks` error-correction codewords; when the data codewords do not
/// divide evenly, the last `data % blocks` blocks hold one data codeword more.
pub const BLOCKS: [[u8; 40]; 4] = [
    [
        1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, //
        8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
    ],
    [
        1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, //
        17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
    ],
    [
        1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, //
        23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
    ],
    [
        1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, //
        25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
    ],
];

/// Annex E, Table E.1: row/column coordinates of alignment-pattern centres per version
/// (version 1 has none). Patterns sit at every pair of these, except the three that would
/// overlap a finder pattern.
pub const ALIGNMENT_POSITIONS: [&[u8]; 40] = [
    &[],
    &[6, 18],
    &[6, 22],
    &[6, 26],
    &[6, 30],
    &[6, 34],
    &[6, 22, 38],
    &[6, 24, 42],
    &[6, 26, 46],
    &[6, 28, 50],
    &[6, 30, 54],
    &[6, 32, 58],
    &[6, 34, 62],
    &[6, 26, 46, 66],
    &[6, 26, 48, 70],
    &[6, 26, 50, 74],
    &[6, 30, 54, 78],
    &[6, 30, 56, 82],
    &[6, 30, 58, 86],
    &[6, 34, 62, 90],
    &[6, 28, 50, 72, 94],
    &[6, 26, 50, 74, 98],
    &[6, 30, 54, 78, 102],
    &[6, 28, 54, 80, 106],
    &[6, 32, 58, 84, 110],
    &[6, 30, 58, 86, 114],
    &[6, 34, 62, 90, 118],
    &[6, 26, 50, 74, 98, 122],
    &[6, 30, 54, 78, 102, 126],
    &[6, 26, 52, 78, 104, 130],
    &[6, 30, 56, 82, 108, 134],
    &[6, 34, 60, 86, 112, 138],
    &[6, 30, 58, 86, 114, 142],
    &[6, 34, 62, 90, 118, 146],
    &[6, 30, 54, 78, 102, 126, 150],
    &[6, 24, 50, 76, 102, 128, 154],
    &[6, 28, 54, 80, 106, 132, 158],
    &[6, 32, 58, 84, 110, 136, 162],
    &[6, 26, 54, 82, 110, 138, 166],
    &[6, 30, 58, 86, 114, 142, 170],
];

/// The alphanumeric-mode value (Table 5) of an ASCII byte, or `None` outside the 45
/// characters `0-9 A-Z space $ % * + - . / :`.
#[inline]
pub fn alphanumeric_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'A'..=b'Z' => Some(b - b'A' + 10),
        b' ' => Some(36),
        b'$' => Some(37),
        b'%' => Some(38),
        b'*' => Some(39),
        b'+' => Some(40),
        b'-' => Some(41),
        b'.' => Some(42),
        b'/' => Some(43),
        b':' => Some(44),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_each_other() {
        for v in 0..40 {
            let mut ecc_per_block = [0u16; 4];
            for e in 0..4 {
                let total = TOTAL_CODEWORDS[v];
                let data = DATA_CODEWORDS[e][v];
                let blocks = BLOCKS[e][v] as u16;
                assert!(data < total);
                assert_eq!((total - data) % blocks, 0, "version {} ecc {}", v + 1, e);
                let per = (total - data) / blocks;
                assert!((7..=30).contains(&per), "version {} ecc {}: {}", v + 1, e, per);
                ecc_per_block[e] = per;
                // Higher ECC levels never hold more data.
                if e > 0 {
                    assert!(data < DATA_CODEWORDS[e - 1][v]);
                }
            }
            // Data blocks differ by at most one codeword: short blocks have
            // floor(total/blocks) codewords in all.
            if v > 0 {
                assert!(TOTAL_CODEWORDS[v] > TOTAL_CODEWORDS[v - 1]);
            }
        }
    }

    #[test]
    fn alignment_positions_are_evenly_spaced_and_end_at_the_edge() {
        for v in 2..=40usize {
            let p = ALIGNMENT_POSITIONS[v - 1];
            assert_eq!(p.len(), v / 7 + 2, "version {}", v);
            assert_eq!(p[0], 6);
            assert_eq!(*p.last().unwrap() as usize, 4 * v + 17 - 7);
            let step = p[2.min(p.len() - 1)] as i32 - p[1.min(p.len() - 1)] as i32;
            for w in p[1..].windows(2) {
                assert_eq!(w[1] as i32 - w[0] as i32, step, "version {}", v);
                assert_eq!(step % 2, 0);
            }
        }
    }

    /// Table 5: the 45 characters of alphanumeric mode, in value order 0-44.
    const ALPHANUMERIC: &[u8; 45] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:";

    #[test]
    fn alphanumeric_values_match_table_5() {
        for (i, &c) in ALPHANUMERIC.iter().enumerate() {
            assert_eq!(alphanumeric_value(c), Some(i as u8));
        }
        assert_eq!(alphanumeric_value(b'a'), None);
        assert_eq!(alphanumeric_value(b'#'), None);
    }
}
