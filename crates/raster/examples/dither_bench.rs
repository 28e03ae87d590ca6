//! Native micro-benchmark of picture drawing (resample + half-tone + write): time
//! for a 40 x 30 mm picture at 300 dpi (472 x 354 dots) from sources of several sizes.
//!
//!   RUSTC=/usr/bin/rustc CARGO_TARGET_DIR=target /usr/bin/cargo run --offline --release \
//!     -p assetmark-raster --example dither_bench
//!
//! Prints CPU µs per picture; it never fails on a time.

use assetmark_raster::dither::{draw_bits, draw_grey, Halftone, Luma, Placement};
use assetmark_raster::{GreyPage, Page};
use std::time::Instant;

/// This thread's user + system CPU time in clock ticks (Linux, 1/100 s), so a busy
/// machine does not inflate the figures.
fn cpu_ticks() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    let f: Vec<&str> = s.rsplit(')').next()?.split_whitespace().collect();
    Some(f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?)
}

/// Mean µs per call: CPU time over at least half a second of calls where the thread's
/// CPU time can be read, else the wall-clock median of 301 calls.
fn micros(mut f: impl FnMut()) -> f64 {
    f(); // warm up
    if let Some(t0) = cpu_ticks() {
        let mut n = 0u64;
        loop {
            f();
            n += 1;
            let t = cpu_ticks().unwrap_or(t0);
            if t - t0 >= 50 {
                return (t - t0) as f64 * 1e4 / n as f64;
            }
        }
    }
    let mut times: Vec<f64> = (0..301)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    times[150]
}

fn main() {
    let place = Placement { x0: 10, y0: 10, x1: 482, y1: 364, tile: None };
    for (w, h) in [(472u32, 354u32), (200, 150), (1600, 1200)] {
        // A smooth gradient with some texture, so every half-tone works.
        let px: Vec<u8> = (0..w * h).map(|i| (((i % w) * 255 / w) ^ ((i / w) & 7)) as u8).collect();
        let img = Luma::new(&px, w, h).unwrap();
        let modes = [
            ("threshold", Some(Halftone::Threshold(128))),
            ("ordered", Some(Halftone::Ordered)),
            ("floyd-steinberg", Some(Halftone::FloydSteinberg)),
            ("atkinson", Some(Halftone::Atkinson)),
        ];
        for (name, mode) in modes {
            let mut page = Page::new(500, 400).unwrap();
            let t = micros(|| draw_bits(&mut page, img, &place, mode.unwrap()));
            println!("{:>4}x{:<4} -> 472x354  1-bit {:<16} {:8.1} µs", w, h, name, t);
        }
        let mut grey = GreyPage::new(500, 400).unwrap();
        let t = micros(|| draw_grey(&mut grey, img, &place, None));
        println!("{:>4}x{:<4} -> 472x354  grey  {:<16} {:8.1} µs", w, h, "levels", t);
    }
}
