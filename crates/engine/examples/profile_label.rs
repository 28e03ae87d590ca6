//! Native profile of the reference label (issue 5): where a render's time goes.
//!
//! Input: display lists and font requests dumped from the facade (a directory of
//! `font{i}.bin`: the `load_font` requests of `loadBundledFonts`, in order;
//! `dl{dpi}_{row}.bin`: `compileDisplayList(labelPage(resolvePage(reference label, row
//! 0-99)))` at 203 and 300 dpi, as bench/render.ts builds them; `out{dpi}_{row}.bin`: the
//! Wasm engine's `render` result for each, the reference output), then e.g.
//! `RUSTC=/usr/bin/rustc cargo run --release --offline -p assetmark-engine --example
//! profile_label -- /tmp/prof/data`.
//! Prints median µs per stage, each over all rows (so barcodes change data each call; the
//! engine's symbol cache holds 16, fewer than the rows), and checks the output is
//! byte-identical to the dumped one.

use assetmark_engine::abi;
use assetmark_engine::display_list::{self, DisplayList};
use assetmark_engine::fonts;
use assetmark_engine::render;
use std::time::Instant;

fn call(f: unsafe extern "C" fn(*const u8, usize) -> u32, request: &[u8]) -> u32 {
    let ptr = abi::alloc(request.len());
    unsafe {
        std::ptr::copy_nonoverlapping(request.as_ptr(), ptr, request.len());
        let status = f(ptr, request.len());
        abi::free(ptr, request.len());
        status
    }
}

fn result() -> Vec<u8> {
    unsafe { std::slice::from_raw_parts(abi::result_ptr(), abi::result_len()).to_vec() }
}

/// Median µs per call of `f` over `rounds` rounds of all `n` rows.
fn time(name: &str, n: usize, mut f: impl FnMut(usize)) {
    let rounds = 200;
    let mut samples = Vec::new();
    for _ in 0..rounds {
        let t = Instant::now();
        for i in 0..n {
            f(i);
        }
        samples.push(t.elapsed().as_secs_f64() * 1e6 / n as f64);
    }
    samples.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!("{:<34} {:>8.2} µs (best {:.2})", name, samples[rounds / 2], samples[0]);
}

fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "/tmp/prof/data".into());
    for i in 0.. {
        match std::fs::read(format!("{}/font{}.bin", dir, i)) {
            Ok(b) => assert_eq!(call(abi::load_font, &b), 0),
            Err(_) => break,
        }
    }
    for dpi in [203, 300] {
        let lists: Vec<Vec<u8>> = (0..100).map(|r| std::fs::read(format!("{}/dl{}_{}.bin", dir, dpi, r)).unwrap()).collect();
        for (r, dl) in lists.iter().enumerate() {
            assert_eq!(call(abi::render, dl), 0);
            let want = std::fs::read(format!("{}/out{}_{}.bin", dir, dpi, r)).unwrap();
            assert!(result() == want, "{} dpi row {}: output differs", dpi, r);
        }
        println!("{} dpi: outputs identical to the dump", dpi);
        time("abi render, changing rows", lists.len(), |i| {
            call(abi::render, &lists[i]);
        });
        time("abi render, one row", lists.len(), |_| {
            call(abi::render, &lists[0]);
        });
        time("decode", lists.len(), |i| {
            bb(display_list::decode(&lists[i]).unwrap());
        });
        // Each command alone on the page (and none): what it adds.
        let kinds = display_list::decode(&lists[0]).unwrap().commands.len();
        for keep in std::iter::once(None).chain((0..kinds).map(Some)) {
            let subset: Vec<DisplayList> = lists
                .iter()
                .map(|l| {
                    let mut d = display_list::decode(l).unwrap();
                    d.commands = keep.and_then(|k| d.commands.into_iter().nth(k)).into_iter().collect();
                    d
                })
                .collect();
            let name = match keep {
                None => "blank page".to_string(),
                Some(k) => format!("page + command {} ({})", k, kind(&subset[0])),
            };
            time(&name, subset.len(), |i| {
                fonts::with_registry(|f| bb(render::render(&subset[i], f).unwrap()));
            });
            time(&format!("{}, one row", name), subset.len(), |_| {
                fonts::with_registry(|f| bb(render::render(&subset[0], f).unwrap()));
            });
        }
    }
}

fn kind(d: &DisplayList) -> &'static str {
    use assetmark_engine::display_list::Command::*;
    match &d.commands[0] {
        Shape { .. } => "shape",
        Barcode { .. } => "barcode",
        Line { .. } => "line",
        Text { .. } => "text",
        ArcText { .. } => "arc text",
        Image { .. } => "image",
        Table { .. } => "table",
    }
}

/// Keeps a result observable so the optimiser cannot drop the work (std's black_box is
/// unstable in rustc 1.63); the value is dropped normally.
fn bb<T>(v: T) {
    unsafe { std::ptr::read_volatile(&&v as *const &T) };
}
