//! From data codewords to modules (AIMD014 6.4-6.6): padding, Reed-Solomon blocks and their
//! interleaving, the spiral of macromodules, layer identifiers and macromodule frames.
//!
//! A symbol of L layers is a square of `2L + 1` macromodules, each 6 x 6 modules: a one-module
//! frame (dark on the macromodules where column + row is even, like a chessboard) round a 4 x 4
//! interior. The interior's first two modules carry the layer identifier (2 bits), the other
//! 14 two codewords. Codewords fill the macromodules from the centre outwards, ring by ring,
//! each ring starting right of its top-left corner and running clockwise.

use super::tables;
use crate::reed_solomon::{ReedSolomon, GRID_MATRIX};
use crate::BitMatrix;

/// Pads the data codewords to the capacity of `layers` at `ecc`, adds the Reed-Solomon
/// codewords of each block and interleaves the blocks: all `2 (2L + 1)^2` codewords in
/// placement order.
pub fn codewords(data: &[u8], layers: u8, ecc: u8) -> Vec<u8> {
    let capacity = tables::data_codewords(layers, ecc);
    let mut padded = Vec::with_capacity(capacity);
    padded.extend_from_slice(data);
    // Pad: 0x00 first, then 0x7E and 0x00 alternately by position (odd positions 0x7E).
    for i in data.len()..capacity {
        padded.push(if i > data.len() && i % 2 == 1 { 0x7E } else { 0x00 });
    }
    let (n1, b1, b2) = tables::BLOCKS[layers as usize - 1];
    let (n1, b1, b2) = (n1 as usize, b1 as usize, b2 as usize);
    let (e1, b3, e2) = tables::ECC_BLOCKS[layers as usize - 1][ecc as usize - 1];
    let (e1, b3, e2) = (e1 as usize, b3 as usize, e2 as usize);
    let blocks = b1 + b2;
    let total = blocks * (n1 - 1) + b1;
    let mut out = vec![0u8; total];
    let mut block = [0u8; 128];
    let mut encoders: [Option<ReedSolomon>; 2] = [None, None];
    let mut taken = 0usize;
    for b in 0..blocks {
        let size = if b < b1 { n1 } else { n1 - 1 };
        let ecc_len = if b < b3 { e1 } else { e2 };
        let data_len = size - ecc_len;
        block[..data_len].copy_from_slice(&padded[taken..taken + data_len]);
        taken += data_len;
        let which = (b >= b3) as usize;
        let encoder = encoders[which].get_or_insert_with(|| GRID_MATRIX.encoder(ecc_len));
        let (d, e) = block[..size].split_at_mut(data_len);
        encoder.encode_into(d, e);
        // Codeword j of every block, then j + 1; the long blocks (first) have one more.
        for (j, &c) in block[..size].iter().enumerate() {
            out[j * blocks + b] = c;
        }
    }
    debug_assert_eq!(taken, capacity);
    debug_assert_eq!(total, 2 * (2 * layers as usize + 1).pow(2));
    out
}

/// The position in placement order of the macromodule `dx`, `dy` macromodules right of and
/// below the centre: ring r = max(|dx|, |dy|) holds 8r of them after the (2r - 1)^2 inside it.
pub fn spiral_index(dx: i32, dy: i32) -> usize {
    let r = dx.abs().max(dy.abs());
    if r == 0 {
        return 0;
    }
    let along = if dy == -r && dx > -r {
        dx + r - 1 // top row, left to right, ending at the top-right corner
    } else if dx == r {
        2 * r - 1 + dy + r // right side, downwards, ending at the bottom-right corner
    } else if dy == r {
        4 * r - 1 + r - dx // bottom row, right to left, ending at the bottom-left corner
    } else {
        6 * r - 1 + r - dy // left side, upwards, ending at the top-left corner
    };
    ((2 * r - 1) * (2 * r - 1) + along) as usize
}

/// The layer identifier of ring `ring` (2 bits): with the ring it tells a reader the ECC level.
fn layer_id(ring: u32, ecc: u8) -> u32 {
    if ecc == 1 {
        3 - ring % 4
    } else {
        (ring + 5 - ecc as u32) % 4
    }
}

/// The symbol's modules, `6 + 12 L` a side, from the codewords in placement order.
pub fn draw(words: &[u8], layers: u8, ecc: u8) -> BitMatrix {
    let m = 2 * layers as usize + 1;
    let size = 6 * m;
    let mut matrix = BitMatrix::new(size, size).expect("Grid Matrix sizes are 18 to 162");
    let centre = layers as i32;
    for my in 0..m {
        for mx in 0..m {
            let (x0, y0) = (mx * 6, my * 6);
            let (dx, dy) = (mx as i32 - centre, my as i32 - centre);
            if (mx + my) % 2 == 0 {
                for i in 0..6 {
                    matrix.set(x0 + i, y0, true);
                    matrix.set(x0 + i, y0 + 5, true);
                }
                for i in 1..5 {
                    matrix.set(x0, y0 + i, true);
                    matrix.set(x0 + 5, y0 + i, true);
                }
            }
            let k = spiral_index(dx, dy);
            // Interior, row by row: layer id (2 bits), then the odd codeword, then the even;
            // cell c (0-15) holds bit 15 - c.
            let id = layer_id(dx.abs().max(dy.abs()) as u32, ecc);
            let mut bits = id << 14 | (words[2 * k + 1] as u32) << 7 | words[2 * k] as u32;
            while bits != 0 {
                let cell = 15 - bits.trailing_zeros() as usize;
                matrix.set(x0 + 1 + cell % 4, y0 + 1 + cell / 4, true);
                bits &= bits - 1;
            }
        }
    }
    matrix
}
