//! Capacity and block tables of Grid Matrix (AIMD014 rev. 1.63, with Table A.1), plus the
//! two layer tables zint uses to choose a size.
//!
//! A symbol of L layers has `2L + 1` macromodules a side, each holding two 7-bit codewords:
//! `2 (2L + 1)^2` codewords in all, split into Reed-Solomon blocks.

/// Per layer (index 0 = 1 layer): the size of the long blocks in codewords, how many long
/// blocks there are, and how many short blocks (one codeword shorter) follow them.
pub const BLOCKS: [(u8, u8, u8); 13] = [
    (18, 1, 0),
    (50, 1, 0),
    (98, 1, 0),
    (81, 2, 0),
    (121, 2, 0),
    (113, 2, 1),
    (113, 2, 2),
    (116, 3, 2),
    (121, 2, 4),
    (126, 7, 0),
    (118, 5, 4),
    (125, 10, 0),
    (122, 6, 6),
];

/// Per layer and ECC level 1-5 (Table A.1): error-correction codewords in each of the first
/// blocks, how many blocks that is, and error-correction codewords in each remaining block.
/// One layer has no level 1 (the symbol starts at level 4; see [`MIN_ECC`]).
pub const ECC_BLOCKS: [[(u8, u8, u8); 5]; 13] = [
    [(0, 0, 0), (3, 1, 0), (5, 1, 0), (7, 1, 0), (9, 1, 0)],
    [(5, 1, 0), (10, 1, 0), (15, 1, 0), (20, 1, 0), (25, 1, 0)],
    [(9, 1, 0), (19, 1, 0), (29, 1, 0), (39, 1, 0), (49, 1, 0)],
    [(8, 2, 0), (16, 2, 0), (24, 2, 0), (32, 2, 0), (41, 1, 40)],
    [(12, 2, 0), (24, 2, 0), (36, 2, 0), (48, 2, 0), (61, 1, 60)],
    [(11, 3, 0), (23, 1, 22), (34, 2, 33), (45, 3, 0), (57, 1, 56)],
    [(12, 1, 11), (23, 2, 22), (34, 3, 33), (45, 4, 0), (57, 1, 56)],
    [(12, 2, 11), (23, 5, 0), (35, 3, 34), (47, 1, 46), (58, 4, 57)],
    [(12, 6, 0), (24, 6, 0), (36, 6, 0), (48, 6, 0), (61, 1, 60)],
    [(13, 4, 12), (26, 1, 25), (38, 5, 37), (51, 2, 50), (63, 7, 0)],
    [(12, 6, 11), (24, 4, 23), (36, 2, 35), (47, 9, 0), (59, 7, 58)],
    [(13, 5, 12), (25, 10, 0), (38, 5, 37), (50, 10, 0), (63, 5, 62)],
    [(13, 1, 12), (25, 3, 24), (37, 5, 36), (49, 7, 48), (61, 9, 60)],
];

/// Data codewords per layer and ECC level 1-5; 0 where the level does not exist.
/// Equal to the total less the error-correction codewords of [`ECC_BLOCKS`] (tested).
pub const DATA_CODEWORDS: [[u16; 5]; 13] = [
    [0, 15, 13, 11, 9],
    [45, 40, 35, 30, 25],
    [89, 79, 69, 59, 49],
    [146, 130, 114, 98, 81],
    [218, 194, 170, 146, 121],
    [305, 271, 237, 203, 169],
    [405, 360, 315, 270, 225],
    [521, 463, 405, 347, 289],
    [650, 578, 506, 434, 361],
    [794, 706, 618, 530, 441],
    [953, 847, 741, 635, 529],
    [1125, 1000, 875, 750, 625],
    [1313, 1167, 1021, 875, 729],
];

/// Data codewords at the recommended ECC level of each layer count: the automatic size is the
/// smallest whose entry holds the data (zint's rule).
pub const RECOMMENDED_CODEWORDS: [u16; 13] = [9, 30, 59, 114, 170, 237, 315, 405, 506, 618, 741, 875, 1021];

/// The most data codewords zint lets a layer count hold when the layers are fixed: a fixed
/// size below the smallest whose entry holds the data is refused. (For 3 layers this is the
/// level-2 capacity, 79, although level 1 holds 89: zint's table, kept for equal results.)
pub const MAX_CODEWORDS: [u16; 13] = [11, 40, 79, 146, 218, 305, 405, 521, 650, 794, 953, 1125, 1313];

/// The lowest ECC level a layer count takes: 1 layer starts at level 4, 2 layers at level 2.
pub fn min_ecc(layers: u8) -> u8 {
    match layers {
        1 => 4,
        2 => 2,
        _ => 1,
    }
}

/// The ECC level chosen when none is given: 5 for 1 layer, 4 for 2-3 layers, else 3.
pub fn auto_ecc(layers: u8) -> u8 {
    match layers {
        1 => 5,
        2 | 3 => 4,
        _ => 3,
    }
}

/// Data codewords of `layers` (1-13) at `ecc` (1-5).
pub fn data_codewords(layers: u8, ecc: u8) -> usize {
    DATA_CODEWORDS[layers as usize - 1][ecc as usize - 1] as usize
}

/// The largest data length (codewords) any symbol takes at `ecc`: the 13-layer capacity.
pub fn max_data_codewords(ecc: u8) -> usize {
    data_codewords(13, ecc)
}
