//! Native micro-benchmark of the Data Matrix and PDF417 encoders: median time of `encode`
//! for label-sized and 960-character inputs (PDF417 `rows x columns`).
//!
//!   RUSTC=/usr/bin/rustc CARGO_TARGET_DIR=target /usr/bin/cargo run --offline --release \
//!     -p assetmark-symbology --example dm_bench
//!
//! Prints medians only; it never fails on a time. Peer comparisons (zint) belong in bench/,
//! measured in the same run. `DM_BENCH_ROUNDS` sets the rounds (default 501),
//! `DM_BENCH_ONLY` a filter on the case names.

use assetmark_symbology::datamatrix::{self, DmOptions};
use assetmark_symbology::pdf417::{self, Pdf417Options};
use std::time::Instant;

fn median_micros(mut f: impl FnMut(), rounds: usize) -> f64 {
    for _ in 0..rounds / 10 + 1 {
        f(); // warm up
    }
    let mut times: Vec<f64> = (0..rounds)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    times[rounds / 2]
}

/// 960 characters of mixed label text: capitals, digits, lower case, punctuation.
fn mixed_960() -> Vec<u8> {
    let unit = b"ASSET ZC-2024-000158 Room 4.12 serial SN0042/7 dept Finance; qty 12 ";
    unit.iter().cycle().take(960).copied().collect()
}

/// bench/symbology.ts's "Data Matrix 960" input (zint's benchmark length): the Wasm target's case.
fn asset_960() -> Vec<u8> {
    let unit = b"Asset 0042, Room 4021/7: Dell Latitude 7440 SN 8H2K9L3 purchased 2024-03-18 EUR 1299.00; ";
    unit.iter().cycle().take(960).copied().collect()
}

fn main() {
    let rounds: usize = std::env::var("DM_BENCH_ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(501);
    let digits: Vec<u8> = (0..960).map(|i| b'0' + (i * 7 % 10) as u8).collect();
    let upper: Vec<u8> = (0..960).map(|i| b'A' + (i * 7 % 26) as u8).collect();
    let bytes: Vec<u8> = (0..960).map(|i| (i * 131 % 256) as u8).collect();
    let cases: Vec<(&str, Vec<u8>, DmOptions)> = vec![
        ("DM url (label)", b"https://example.com/asset/ZC-2024-000158".to_vec(), DmOptions::default()),
        ("DM 960 mixed text", mixed_960(), DmOptions::default()),
        ("DM 960 asset (bench)", asset_960(), DmOptions::default()),
        ("DM 960 digits", digits, DmOptions::default()),
        ("DM 960 capitals", upper, DmOptions::default()),
        ("DM 960 bytes (binary)", bytes, DmOptions { binary: true, ..DmOptions::default() }),
    ];
    // DM_BENCH_ONLY=PDF runs only the cases whose name contains that text (for profiling).
    let only = std::env::var("DM_BENCH_ONLY").unwrap_or_default();
    for (name, data, options) in cases.iter().filter(|c| c.0.contains(only.as_str())) {
        let dm = datamatrix::encode(data, options).unwrap();
        let mut sink = 0usize;
        let us = median_micros(
            || {
                let d = datamatrix::encode(data, options).unwrap();
                sink = sink.wrapping_add(d.matrix().get(1, 1) as usize + d.data_codewords_used());
            },
            rounds,
        );
        println!(
            "{:<24} {:>3}x{:<3} {:>4} codewords  median {:>8.1} us  (checksum {})",
            name,
            dm.size().rows(),
            dm.size().cols(),
            dm.data_codewords_used(),
            us,
            sink % 1000
        );
    }
    let pdf_cases: Vec<(&str, Vec<u8>)> = vec![
        ("PDF417 url (label)", b"https://example.com/asset/ZC-2024-000158".to_vec()),
        ("PDF417 960 mixed text", mixed_960()),
        ("PDF417 960 digits", (0..960).map(|i| b'0' + (i * 7 % 10) as u8).collect()),
        ("PDF417 960 bytes", (0..960).map(|i| (i * 131 % 256) as u8).collect()),
    ];
    for (name, data) in pdf_cases.iter().filter(|c| c.0.contains(only.as_str())) {
        let options = Pdf417Options { binary: true, ..Pdf417Options::default() };
        let p = pdf417::encode(data, &options).unwrap();
        let mut sink = 0usize;
        let us = median_micros(
            || {
                let q = pdf417::encode(data, &options).unwrap();
                sink = sink.wrapping_add(q.matrix().get(1, 1) as usize + q.data_codewords());
            },
            rounds,
        );
        println!(
            "{:<24} {:>3}x{:<3} {:>4} codewords  median {:>8.1} us  (level {}, checksum {})",
            name,
            p.rows(),
            p.columns(),
            p.data_codewords(),
            us,
            p.ecc_level(),
            sink % 1000
        );
    }
}
