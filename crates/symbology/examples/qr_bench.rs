//! Native micro-benchmark of the QR encoder: median time of `encode` for a few inputs,
//! the headline being version 40-H of "https://example.com/" (fixed version, automatic mask).
//!
//!   RUSTC=/usr/bin/rustc CARGO_TARGET_DIR=target /usr/bin/cargo run --offline --release \
//!     -p assetmark-symbology --example qr_bench
//!
//! Prints medians only; it never fails on a time. Peer comparisons (zint, other encoders)
//! belong in bench/, measured in the same run.

use assetmark_symbology::qr::{encode, Ecc, Mask, QrOptions, Version};
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

fn main() {
    let url = b"https://example.com/";
    let cases: Vec<(&str, Vec<u8>, QrOptions)> = vec![
        ("url, auto (1-M)", url.to_vec(), QrOptions::default()),
        // The reference label's QR (bench/render-fixture.ts): 30 characters, version 3-M.
        ("label url 30, auto (3-M)", b"https://am.example.com/a/00042".to_vec(), QrOptions::default()),
        (
            "url, 40-H auto mask",
            url.to_vec(),
            QrOptions { ecc: Ecc::High, version: Version::new(40), ..QrOptions::default() },
        ),
        (
            "url, 40-H mask 0",
            url.to_vec(),
            QrOptions { ecc: Ecc::High, version: Version::new(40), mask: Mask::new(0), ..QrOptions::default() },
        ),
        (
            "600 CJK chars, auto M",
            "固定资产管理系统資産管理".chars().cycle().take(600).collect::<String>().into_bytes(),
            QrOptions::default(),
        ),
        ("2953 bytes, 40-L", vec![b'a'; 2953], QrOptions { ecc: Ecc::Low, ..QrOptions::default() }),
    ];
    // QR_BENCH_ONLY=40-H runs only the cases whose name contains that text (for profiling).
    let only = std::env::var("QR_BENCH_ONLY").unwrap_or_default();
    let rounds: usize = std::env::var("QR_BENCH_ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(301);
    for (name, data, options) in cases.iter().filter(|c| c.0.contains(only.as_str())) {
        let code = encode(data, options).unwrap();
        // (std::hint::black_box needs Rust 1.66; a checksum that is printed keeps the work.)
        let mut sink = 0usize;
        let us = median_micros(
            || {
                let q = encode(data, options).unwrap();
                let middle = q.size() / 2;
                sink = sink.wrapping_add(q.matrix().get(middle, middle) as usize + q.mask().value() as usize);
            },
            rounds,
        );
        println!(
            "{:<26} version {:>2}-{} mask {}  median {:>8.1} us  (checksum {})",
            name,
            code.version().value(),
            code.ecc().letter(),
            code.mask().value(),
            us,
            sink % 1000
        );
    }
}
