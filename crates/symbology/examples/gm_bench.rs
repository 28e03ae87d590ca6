//! Native micro-benchmark of the Grid Matrix encoder: median time of `encode` for 970-character
//! texts of several kinds (the headline: mixed asset-label text, automatic size and level).
//!
//!   RUSTC=/usr/bin/rustc CARGO_TARGET_DIR=target /usr/bin/cargo run --offline --release \
//!     -p assetmark-symbology --example gm_bench
//!
//! Prints medians only; it never fails on a time. Peer comparisons (zint) belong in bench/,
//! measured in the same run. GM_BENCH_ONLY=text runs only the cases whose name contains it;
//! GM_BENCH_ROUNDS sets the rounds (default 301).

use assetmark_symbology::gridmatrix::{encode, GmOptions};
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

/// `n` characters cycling through `pattern`.
fn cycle(pattern: &str, n: usize) -> Vec<u8> {
    pattern.chars().cycle().take(n).collect::<String>().into_bytes()
}

fn main() {
    let auto = GmOptions::default();
    let cases: Vec<(&str, Vec<u8>, GmOptions)> = vec![
        (
            "970 mixed label text",
            cycle("资产编号 FA-2024-00017 固定资产 Dell OptiPlex 7090, room 3F-12; ", 970),
            auto,
        ),
        ("970 digits", cycle("0123456789", 970), auto),
        ("970 lower case", cycle("thequickbrownfoxjumpsoverthelazydog ", 970), auto),
        ("970 mixed ASCII", cycle("Asset A17 Dell/Lenovo, Room 3F-12: ok. ", 970), auto),
        ("970 chars, 300 Hanzi", cycle("固定资产管理系统ABCDEFGHIJKLMNOPQRSTUVWX0123456789", 970), auto),
        ("700 Hanzi", cycle("固定资产管理系统", 700), auto),
        (
            "970 mixed, 13 layers level 1",
            cycle("资产编号 FA-2024-00017 固定资产 Dell OptiPlex 7090, room 3F-12; ", 970),
            GmOptions { layers: Some(13), ecc: Some(1) },
        ),
        ("20 chars, automatic", b"FA-2024-00017 Dell 7".to_vec(), auto),
    ];
    let only = std::env::var("GM_BENCH_ONLY").unwrap_or_default();
    let rounds: usize = std::env::var("GM_BENCH_ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(301);
    for (name, data, options) in cases.iter().filter(|c| c.0.contains(only.as_str())) {
        let symbol = encode(data, options).unwrap();
        // (std::hint::black_box needs Rust 1.66; a checksum that is printed keeps the work.)
        let mut sink = 0usize;
        let us = median_micros(
            || {
                let s = encode(data, options).unwrap();
                let middle = s.size() / 2;
                sink = sink.wrapping_add(s.matrix().get(middle, middle) as usize + s.layers() as usize);
            },
            rounds,
        );
        println!(
            "{:<30} {:>4} bytes  {:>2} layers level {}  median {:>7.1} us  (checksum {})",
            name,
            data.len(),
            symbol.layers(),
            symbol.ecc(),
            us,
            sink % 1000
        );
    }
}
