//! Reed-Solomon error correction for Data Matrix: the blocks and their interleaving. The
//! code and its division are [`reed_solomon::DATA_MATRIX`]'s (ISO/IEC 16022 5.7.1).

use super::sizes::SizeInfo;
use crate::reed_solomon::{self, MAX_DEGREE};

/// Appends the Reed-Solomon codewords, interleaved: codeword `n` of the whole stream (data,
/// then error correction) belongs to block `n % blocks`; with `iso_144`, error-correction
/// codeword `k` belongs to block `k % blocks` (the two differ for 144x144 only, see
/// [`super::DmOptions::iso_144`]).
pub(super) fn add_error_correction(data: &[u8], size: &SizeInfo, iso_144: bool) -> Vec<u8> {
    let blocks = size.blocks as usize;
    let n = size.ecc_per_block as usize;
    let mut out = Vec::with_capacity(data.len() + blocks * n);
    out.extend_from_slice(data);
    out.resize(data.len() + blocks * n, 0);
    let rs = reed_solomon::DATA_MATRIX.encoder(n);
    let mut ecc = [0u8; MAX_DEGREE];
    for b in 0..blocks {
        rs.encode_iter_into(data.iter().skip(b).step_by(blocks).copied(), &mut ecc[..n]);
        let mut p = data.len() + if iso_144 { b } else { (b + blocks - data.len() % blocks) % blocks };
        for &e in &ecc[..n] {
            out[p] = e;
            p += blocks;
        }
    }
    out
}
