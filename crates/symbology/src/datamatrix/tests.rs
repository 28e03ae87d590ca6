//! Data Matrix tests through the public API, checked by independent programs: zint 2.11
//! (the reference encoder: module for module where both choose the same encodation, and
//! never a smaller symbol than ours) and libdmtx's `dmtxread` (which must give back the
//! bytes). Both are Debian packages that `scripts/setup.sh` installs; the tests say so and
//! skip the comparison when they are missing.

use super::encodation::Encodation;
use super::*;
use crate::test_support::{temp_dir, zint_batch_output, Rng, ZINT};
use std::ffi::OsString;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::path::{Path, PathBuf};
use std::process::Command;

const DMTXREAD: &str = "/usr/bin/dmtxread";

fn sized(rows: usize, cols: usize) -> DmOptions {
    DmOptions { size: SymbolSize::new(rows, cols), ..DmOptions::default() }
}

/*---- The standard's example, sizes and errors ----*/

/// ISO/IEC 16022:2006 Annex O (worked example): "123456" in a 10x10 symbol is the digit
/// pairs 142 164 186 and error correction 114 25 5 88 102; the modules are the standard's
/// figure (checked against zint, which prints the same).
#[test]
fn annex_worked_example_123456() {
    let (size, codewords, used) = encode_codewords(b"123456", &DmOptions::default()).unwrap();
    assert_eq!((size.rows(), size.cols(), size.number()), (10, 10, 1));
    assert_eq!(codewords, vec![142, 164, 186, 114, 25, 5, 88, 102]);
    assert_eq!(used, 3);
    let dm = encode(b"123456", &DmOptions::default()).unwrap();
    assert_eq!(
        dm.matrix().to_ascii(),
        "1010101010\n\
         1100101101\n\
         1100000100\n\
         1100011101\n\
         1100001000\n\
         1000001111\n\
         1110110000\n\
         1111011001\n\
         1001110100\n\
         1111111111"
    );
}

#[test]
fn sizes_are_range_checked() {
    assert!(SymbolSize::new(10, 10).is_some() && SymbolSize::new(144, 144).is_some());
    assert!(SymbolSize::new(11, 11).is_none() && SymbolSize::new(18, 8).is_none());
    assert_eq!(SymbolSize::new(8, 18).unwrap().number(), 25);
    assert_eq!(SymbolSize::from_number(24).unwrap().rows(), 144);
    assert!(SymbolSize::from_number(0).is_none() && SymbolSize::from_number(49).is_none());
    assert!(SymbolSize::new(26, 64).unwrap().is_dmre());
    assert_eq!(SymbolSize::all().count(), 48);
    assert_eq!(SymbolSize::new(144, 144).unwrap().data_codewords(), 1558);
}

#[test]
fn shapes_choose_among_their_sizes() {
    let rect = DmOptions { shape: Shape::Rectangle, ..DmOptions::default() };
    let square = DmOptions { shape: Shape::Square, ..DmOptions::default() };
    // 5 codewords: 12x12 and 8x18 hold 5; automatic takes the square first (zint's order).
    let five = b"ABCDE"; // ASCII: 5 codewords
    assert_eq!(encode(five, &DmOptions::default()).unwrap().size(), SymbolSize::new(12, 12).unwrap());
    assert_eq!(encode(five, &rect).unwrap().size(), SymbolSize::new(8, 18).unwrap());
    // 10 codewords: 8x32 holds 10, 16x16 12: automatic takes the rectangle.
    let ten = b"a!B@c#D$e%"; // 10 ASCII codewords, no cheaper scheme
    let auto = encode(ten, &DmOptions::default()).unwrap();
    assert_eq!((auto.size().rows(), auto.size().cols()), (8, 32));
    assert_eq!(encode(ten, &square).unwrap().size(), SymbolSize::new(16, 16).unwrap());
    // Rectangles end at 16x48 (49 codewords) without DMRE, 26x64 (118) with it.
    let long = b"x!".repeat(40); // 80 ASCII codewords, no cheaper scheme
    assert_eq!(encode(&long, &rect).unwrap_err(), SymbologyError::CapacityExceeded { symbology: NAME });
    let dmre = DmOptions { shape: Shape::Rectangle, dmre: true, ..DmOptions::default() };
    assert!(encode(&long, &dmre).unwrap().size().is_dmre());
    // 144x144: 1558 codewords, 3116 digits, one more is too many.
    let digits = vec![b'7'; 3116];
    assert_eq!(encode(&digits, &DmOptions::default()).unwrap().size().rows(), 144);
    assert_eq!(
        encode(&vec![b'7'; 3117], &DmOptions::default()).unwrap_err(),
        SymbologyError::CapacityExceeded { symbology: NAME }
    );
}

#[test]
fn errors_say_what_to_do() {
    assert_eq!(encode(b"", &DmOptions::default()).unwrap_err(), SymbologyError::NoData { symbology: NAME });
    // 20 letters need 16 codewords (C40: latch, 6 triplets, unlatch, 2 ASCII), more than
    // 14x14 holds (8) or 16x16 (12); 18x18 holds 18.
    let err = encode(b"ABCDEFGHIJKLMNOPQRST", &sized(14, 14)).unwrap_err();
    assert_eq!(err, SymbologyError::VersionTooSmall { symbology: NAME, version: 3, required: 5 });
    // A fixed size that fits is kept.
    assert_eq!(encode(b"A", &sized(52, 52)).unwrap().size(), SymbolSize::new(52, 52).unwrap());
    // A fixed rectangle names the smallest rectangle.
    let err = encode(b"ABCDEFGHIJKLMNOPQRST", &sized(8, 18)).unwrap_err();
    assert_eq!(err, SymbologyError::VersionTooSmall { symbology: NAME, version: 25, required: 27 });
    let gs1 = DmOptions { gs1: true, ..DmOptions::default() };
    assert!(matches!(encode(b"01123", &gs1), Err(SymbologyError::InvalidData { .. })));
}

/// Encodation choices whose codewords are easy to check by hand.
#[test]
fn codewords_of_each_scheme() {
    let cw = |data: &[u8], o: &DmOptions| {
        let (size, all, used) = encode_codewords(data, o).unwrap();
        all[..used].to_vec().into_iter().chain(std::iter::once(size.data_codewords() as u8)).collect::<Vec<u8>>()
    };
    let auto = DmOptions::default();
    // C40: latch 230, "AIM" = 1600*14 + 40*22 + 26 + 1 = 23307 = 91 11; 3 codewords fill
    // 10x10 exactly, so no unlatch.
    assert_eq!(cw(b"AIM", &auto), vec![66, 74, 78, 3]); // ASCII is as short: 3 codewords
    // Base256 for bytes above 127: latch 231, length, randomised.
    let (_, all, used) = encode_codewords(&[0xAB, 0xCD, 0xEF], &DmOptions { binary: true, ..auto }).unwrap();
    assert_eq!(all[0], 231);
    assert_eq!(used, 5);
    // GS1: FNC1 first, FNC1 between variable fields.
    let gs1 = DmOptions { gs1: true, ..auto };
    let (_, all, _) = encode_codewords(b"(10)A(21)B", &gs1).unwrap();
    assert_eq!(all[0], 232);
    // ECI 26 for text beyond Latin-1.
    let (_, all, _) = encode_codewords("资产".as_bytes(), &auto).unwrap();
    assert_eq!(&all[..2], &[241, 27]);
    // Latin-1 text goes as Latin-1, without ECI: "é" is Upper Shift, 0xE9 - 127.
    let (_, all, used) = encode_codewords("é".as_bytes(), &auto).unwrap();
    assert_eq!(&all[..used], &[235, 0xE9 - 127]);
}

/*---- Corpus ----*/

/// The corpus helpers this file adds to the shared generator.
impl Rng {
    /// 1 to `max` characters of `set`, as text.
    fn run(&mut self, set: &[u8], max: usize) -> String {
        let len = 1 + self.below(max);
        String::from_utf8(self.string(set, len)).unwrap()
    }
}

/// One corpus input with its options and what a byte-level decoder (dmtxread) returns.
#[derive(Clone)]
struct Case {
    data: Vec<u8>,
    options: DmOptions,
    /// zint arguments giving the same character-set treatment and shape.
    zint_args: Vec<&'static str>,
    /// dmtxread's output: the encoded bytes, ECI 26 printed as a byte 26 before them.
    decoded: Vec<u8>,
}

const UPPER: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LOWER: &[u8] = b"abcdefghijklmnopqrstuvwxyz";
const DIGITS: &[u8] = b"0123456789";

fn corpus() -> Vec<Case> {
    let mut rng = Rng::new(16022);
    let printable: Vec<u8> = (32..127).collect();
    let c40: Vec<u8> = [UPPER, DIGITS, b" "].concat();
    let text: Vec<u8> = [LOWER, DIGITS, b" "].concat();
    let x12: Vec<u8> = [UPPER, DIGITS, b" *>\r"].concat();
    let edifact: Vec<u8> = (32..95).collect();
    let cjk = ["资", "产", "管", "理", "编", "号", "部", "门", "设", "备", "固", "定", "一", "二", "〇"];
    let latin1 = ["é", "ü", "ß", "Æ", "ñ", "ÿ", "°", "±", "½"];
    let mut cases = Vec::new();
    let text_case = |data: Vec<u8>, shape: Shape| {
        let decoded = match std::str::from_utf8(&data) {
            Ok(t) if !data.is_ascii() && t.chars().all(|c| (c as u32) < 0x100) => t.chars().map(|c| c as u8).collect(),
            Ok(_) if !data.is_ascii() => [&[26u8][..], &data].concat(),
            _ => data.clone(),
        };
        // zint's batch mode keeps ECI 26 for the lines after one that needed it: those
        // inputs go in a batch of their own.
        let mut zint_args = match shape {
            Shape::Square => vec!["--square"],
            _ => vec![],
        };
        if decoded.first() == Some(&26) && !data.starts_with(&[26]) {
            zint_args.push("--eci=26");
        }
        Case { data, options: DmOptions { shape, ..DmOptions::default() }, zint_args, decoded }
    };
    for i in 0..560 {
        // Lengths mostly short (labels), some long enough for the multi-block sizes.
        let len = match i % 10 {
            0..=5 => 1 + rng.below(40),
            6..=8 => 1 + rng.below(300),
            _ => 1 + rng.below(1200),
        };
        let mut shape = if i % 3 == 0 { Shape::Rectangle } else { rng.pick(&[Shape::Auto, Shape::Square]) };
        let data: Vec<u8> = match i % 11 {
            0 => rng.string(DIGITS, len),
            1 => rng.string(&printable, len),
            2 => rng.string(&c40, len),
            3 => rng.string(&text, len),
            4 => rng.string(&x12, len),
            5 => rng.string(&edifact, len),
            6 => (0..len.min(400)).map(|_| rng.pick(&cjk)).collect::<String>().into_bytes(),
            7 => {
                // Runs of different kinds, to exercise the switches.
                let mut d = Vec::new();
                while d.len() < len {
                    let run = 1 + rng.below(12);
                    let set: &[u8] = match rng.below(6) {
                        0 => DIGITS,
                        1 => &c40,
                        2 => &text,
                        3 => &x12,
                        4 => &edifact,
                        _ => &printable,
                    };
                    d.extend(rng.string(set, run));
                }
                d
            }
            8 => (0..len.min(200)).map(|_| if rng.below(3) == 0 { rng.pick(&latin1).to_string() } else { (rng.pick(LOWER) as char).to_string() }).collect::<String>().into_bytes(),
            9 => {
                // Mixed Chinese and ASCII, as asset labels are.
                let mut s = String::new();
                while s.len() < len.min(600) {
                    match rng.below(3) {
                        0 => s.push_str(rng.pick(&cjk)),
                        1 => s.push_str(&rng.run(&c40, 8)),
                        _ => s.push_str(&rng.run(DIGITS, 14)),
                    }
                }
                s.into_bytes()
            }
            _ => rng.string(&(0..=255).collect::<Vec<u8>>(), len.min(1000)),
        };
        let binary = i % 11 == 10;
        if shape == Shape::Rectangle && encode(&data, &DmOptions { shape, binary, ..DmOptions::default() }).is_err() {
            shape = Shape::Auto; // too long for the rectangles
        }
        if binary {
            let zint_args = match shape {
                Shape::Square => vec!["--binary", "--square"],
                _ => vec!["--binary"],
            };
            cases.push(Case { decoded: data.clone(), data, options: DmOptions { shape, binary: true, ..DmOptions::default() }, zint_args });
        } else {
            cases.push(text_case(data, shape));
        }
    }
    // Chinese as raw UTF-8 bytes (binary): decoders give back exactly the bytes.
    for i in 0..40 {
        let s: String = (0..1 + i * 3).map(|_| rng.pick(&cjk)).collect();
        let data = s.into_bytes();
        cases.push(Case { decoded: data.clone(), data, options: DmOptions { binary: true, ..DmOptions::default() }, zint_args: vec!["--binary"] });
    }
    // Edge lengths around capacities, long single-scheme runs, big symbols.
    for &(len, set) in &[(1555usize, 0u8), (1556, 0), (3116, 1), (2334, 2), (2076, 3), (600, 4), (250, 0), (249, 0), (251, 0), (500, 0)] {
        let data = match set {
            0 => rng.string(&(128..=255).collect::<Vec<u8>>(), len),
            1 => rng.string(DIGITS, len),
            2 => rng.string(UPPER, len),
            3 => rng.string(&edifact, len),
            _ => rng.string(&x12, len),
        };
        let binary = set == 0;
        let options = DmOptions { binary, ..DmOptions::default() };
        let zint_args = if binary { vec!["--binary"] } else { vec![] };
        if encode(&data, &options).is_ok() {
            cases.push(Case { decoded: data.clone(), data, options, zint_args });
        }
    }
    // DMRE allowed: short data prefers the extended rectangles.
    for i in 0..30 {
        let data = rng.string(&c40, 10 + i * 5);
        let shape = if i % 2 == 0 { Shape::Auto } else { Shape::Rectangle };
        cases.push(Case { decoded: data.clone(), data, options: DmOptions { shape, dmre: true, ..DmOptions::default() }, zint_args: vec!["--dmre"] });
    }
    // GS1 element strings.
    for i in 0..30 {
        let lot: String = rng.run(&c40, 18).replace(' ', "-");
        let serial: String = rng.run(DIGITS, 12);
        let gtin = format!("0{:012}", (i as u64 * 7919 + 12345) % 1_000_000_000_000);
        let check = crate::gs1::check_digit(&gtin.bytes().map(|b| b - b'0').collect::<Vec<u8>>());
        let data = format!("(01){}{}(10){}(21){}", gtin, check, lot, serial).into_bytes();
        // dmtxread -G 29 prints FNC1 (first and between fields) as GS.
        let decoded = [&[0x1D][..], &crate::gs1::element_string(&data, NAME).unwrap()].concat();
        cases.push(Case { decoded, data, options: DmOptions { gs1: true, ..DmOptions::default() }, zint_args: vec!["--gs1", "--gs1parens"] });
    }
    cases
}

/*---- zint ----*/

/// zint's symbols for `inputs` (one batch run, one `--dump` text file per input), as
/// rows of `0`/`1`, or its error message.
fn zint_batch(args: &[&str], inputs: &[&[u8]]) -> Vec<Result<String, String>> {
    let dir = temp_dir("dm-zint");
    let mut all_args: Vec<OsString> = vec!["-b".into(), "71".into(), "--filetype=txt".into(), "-o".into(), dir.join("z~~~~.txt").into()];
    all_args.extend(args.iter().map(OsString::from));
    let output = zint_batch_output(&all_args, inputs);
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    let results = (1..=inputs.len())
        .map(|n| {
            let path = dir.join(format!("z{:04}.txt", n));
            match std::fs::read_to_string(&path) {
                Ok(dump) => Ok(dump_to_ascii(&dump)),
                Err(_) => Err(stderr.lines().find(|l| l.starts_with(&format!("On line {}:", n))).unwrap_or("no output").to_string()),
            }
        })
        .collect();
    let _ = std::fs::remove_dir_all(&dir);
    results
}

/// A zint `--dump` of a Data Matrix symbol as rows of `0`/`1`. The top row is the clock
/// track `1010...10`, so the width is its last dark module plus two.
fn dump_to_ascii(dump: &str) -> String {
    let rows: Vec<String> = dump
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).map(|c| format!("{:04b}", c.to_digit(16).unwrap())).collect())
        .collect();
    let width = rows[0].rfind('1').unwrap() + 2;
    rows.iter().map(|r| r[..width].to_string()).collect::<Vec<_>>().join("\n")
}

/// The data codewords a symbol (rows of `0`/`1`) carries, read back through the placement.
fn read_codewords(ascii: &str) -> Vec<u8> {
    let rows: Vec<&[u8]> = ascii.lines().map(|l| l.as_bytes()).collect();
    let size = SymbolSize::new(rows.len(), rows[0].len()).unwrap();
    let mut cw = vec![0u8; size.data_codewords() + size.info().ecc_per_block as usize * size.info().blocks as usize];
    placement::for_each_module(size.info(), |x, y, bit| {
        if let placement::Bit::Codeword(k, b) = bit {
            if rows[y][x] == b'1' {
                cw[k] |= 1 << b;
            }
        }
    });
    cw.truncate(size.data_codewords());
    cw
}

fn dims(ascii: &str) -> (usize, usize) {
    let rows = ascii.lines().count();
    (rows, ascii.lines().next().unwrap().len())
}

fn capacity_of(ascii: &str) -> usize {
    let (r, c) = dims(ascii);
    SymbolSize::new(r, c).expect("zint made a size we know").data_codewords()
}

#[test]
fn annex_example_matches_zint() {
    if !Path::new(ZINT).exists() {
        eprintln!("{} not installed, comparison skipped", ZINT);
        return;
    }
    let z = zint_batch(&[], &[b"123456"]);
    let ours = encode(b"123456", &DmOptions::default()).unwrap();
    assert_eq!(z[0].as_ref().unwrap(), &ours.matrix().to_ascii());
}

/// Every corpus input against zint 2.11's default (minimal) encodation: ours must never
/// be a larger symbol; where both pick the same size the modules are mostly identical (both
/// search for the fewest codewords; ties may be broken differently, which decoders settle,
/// see `dmtxread_reads_the_corpus`). zint has no "rectangles only": a rectangle of ours is
/// checked by asking zint for the next smaller rectangle, which must be too small, and
/// compared module for module with zint at our size.
#[test]
fn never_larger_than_zint() {
    if !Path::new(ZINT).exists() {
        eprintln!("{} not installed, comparison skipped", ZINT);
        return;
    }
    #[derive(Clone, Copy, PartialEq)]
    enum Job {
        /// zint chooses the size too: compare sizes and modules.
        Auto,
        /// zint at the rectangle before ours must fail.
        Smaller,
        /// zint at our size: compare modules.
        Same,
    }
    let cases = corpus();
    let ours: Vec<DataMatrix> = cases.iter().map(|c| encode(&c.data, &c.options).unwrap()).collect();
    let mut jobs: Vec<(Vec<String>, usize, Job)> = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        let args: Vec<String> = c.zint_args.iter().map(|a| a.to_string()).collect();
        if c.options.shape != Shape::Rectangle {
            jobs.push((args, i, Job::Auto));
            continue;
        }
        let size = ours[i].size();
        let with = |n: u8| args.iter().cloned().chain(std::iter::once(format!("--vers={}", n))).collect::<Vec<String>>();
        jobs.push((with(size.number()), i, Job::Same));
        let smaller = SymbolSize::all()
            .filter(|s| !s.is_square() && (c.options.dmre || !s.is_dmre()) && s.data_codewords() < size.data_codewords())
            .last();
        if let Some(s) = smaller {
            jobs.push((with(s.number()), i, Job::Smaller));
        }
    }
    let mut groups: Vec<(Vec<String>, Vec<usize>)> = Vec::new();
    for (k, (args, _, _)) in jobs.iter().enumerate() {
        match groups.iter_mut().find(|(a, _)| a == args) {
            Some((_, v)) => v.push(k),
            None => groups.push((args.clone(), vec![k])),
        }
    }
    let mut results: Vec<Option<Result<String, String>>> = vec![None; jobs.len()];
    for (args, ks) in &groups {
        let inputs: Vec<&[u8]> = ks.iter().map(|&k| cases[jobs[k].1].data.as_slice()).collect();
        let args: Vec<&str> = args.iter().map(|a| a.as_str()).collect();
        for (&k, r) in ks.iter().zip(zint_batch(&args, &inputs)) {
            results[k] = Some(r);
        }
    }
    // `smaller`: ours is a smaller symbol than zint's, or zint's codewords do not fit in
    // our rectangle, or in 144x144.
    let (mut identical, mut same_size, mut smaller) = (0, 0, 0);
    let mut failures = Vec::new();
    for ((_, i, job), z) in jobs.iter().zip(results) {
        let (c, o) = (&cases[*i], &ours[*i]);
        let mine = o.matrix().to_ascii();
        let show = || format!("{:?} {:?} ours {}x{} ({} codewords used)", String::from_utf8_lossy(&c.data), c.zint_args, o.size().rows(), o.size().cols(), o.data_codewords_used());
        match (job, z.unwrap()) {
            (Job::Smaller, Ok(theirs)) => failures.push(format!("{}: zint fits {:?}", show(), dims(&theirs))),
            (Job::Smaller, Err(_)) => {}
            // zint's encodation does not fit our size (or no size at all): ours is shorter.
            (_, Err(e)) if e.contains("too long") => smaller += 1,
            (_, Err(e)) => failures.push(format!("{}: zint {}", show(), e)),
            (_, Ok(theirs)) if mine == theirs => identical += 1,
            (_, Ok(theirs)) if dims(&mine) == dims(&theirs) => {
                if std::env::var("DM_SHOW").is_ok() && c.data.len() < 40 {
                    eprintln!("same size: {:?} {:?}\n  ours {:?}\n  zint {:?}", String::from_utf8_lossy(&c.data), c.zint_args, read_codewords(&mine), read_codewords(&theirs));
                }
                same_size += 1
            }
            (Job::Auto, Ok(theirs)) if o.size().data_codewords() < capacity_of(&theirs) => smaller += 1,
            (_, Ok(theirs)) => failures.push(format!("{}: zint {:?}", show(), dims(&theirs))),
        }
    }
    let compared = jobs.iter().filter(|j| j.2 != Job::Smaller).count();
    eprintln!(
        "Data Matrix vs zint: {} inputs, {} symbols compared: {} module for module, {} same size with another \
         encodation of equal length, {} smaller than zint's; {} failures",
        cases.len(),
        compared,
        identical,
        same_size,
        smaller,
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.iter().take(10).cloned().collect::<Vec<_>>().join("\n"));
    assert!(identical * 4 > compared, "many symbols should equal zint's");
}

/*---- Decoded by dmtxread ----*/

/// The symbol as a binary PBM, `scale` dots a module, with a `quiet`-module margin.
fn pbm(m: &BitMatrix, scale: usize, quiet: usize) -> Vec<u8> {
    let (w, h) = ((m.width() + 2 * quiet) * scale, (m.height() + 2 * quiet) * scale);
    let mut out = format!("P4\n{} {}\n", w, h).into_bytes();
    let row_bytes = (w + 7) / 8;
    for py in 0..h {
        let mut row = vec![0u8; row_bytes];
        let my = py / scale;
        for px in 0..w {
            let mx = px / scale;
            if mx >= quiet && my >= quiet && m.get(mx - quiet, my - quiet) {
                row[px / 8] |= 0x80 >> (px % 8);
            }
        }
        out.extend_from_slice(&row);
    }
    out
}

/// What dmtxread reads from each symbol, one process per batch of PBM files: the outputs
/// of a batch come concatenated, so a batch is accepted when the concatenation is exactly
/// the expected one; otherwise each symbol is read alone, and one that fails is drawn again
/// at other scales (libdmtx's edge detection misses some symbols at some scales, zint's
/// identical ones too). `-G 29`: FNC1 comes out as GS, as it does from other readers.
/// Batches read so far: the PBM files of each get their own names.
static COUNTER: AtomicUsize = AtomicUsize::new(0);

fn dmtxread_batch(dir: &Path, symbols: &[&BitMatrix], expected: &[Vec<u8>]) -> Vec<Option<Vec<u8>>> {
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let write = |k: usize, scale: usize| -> PathBuf {
        let path = dir.join(format!("b{}-{}-{}.pbm", n, k, scale));
        std::fs::write(&path, pbm(symbols[k], scale, 2)).unwrap();
        path
    };
    let run = |files: &[PathBuf]| -> Vec<u8> {
        let out = Command::new(DMTXREAD).args(["-N1", "-m", "4000", "-G", "29"]).args(files).output().expect("run dmtxread");
        out.stdout
    };
    let files: Vec<PathBuf> = (0..symbols.len()).map(|k| write(k, 4)).collect();
    if run(&files) == expected.concat() {
        return expected.iter().map(|e| Some(e.clone())).collect();
    }
    (0..symbols.len())
        .map(|k| {
            let mut got = run(&files[k..k + 1]);
            for scale in [3, 6, 5] {
                if got == expected[k] {
                    break;
                }
                got = run(&[write(k, scale)]);
            }
            Some(got).filter(|g| !g.is_empty())
        })
        .collect()
}

/// [`dmtxread_batch`] over many symbols: batches of 25, two threads (the CI machines have
/// two cores).
fn dmtxread_all(dir: &Path, symbols: &[&BitMatrix], expected: &[Vec<u8>]) -> Vec<Option<Vec<u8>>> {
    let chunks: Vec<usize> = (0..symbols.len()).step_by(25).collect();
    let next = std::sync::Mutex::new(0usize);
    let results = std::sync::Mutex::new(vec![None; symbols.len()]);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let k = {
                    let mut n = next.lock().unwrap();
                    *n += 1;
                    *n - 1
                };
                if k >= chunks.len() {
                    break;
                }
                let range = chunks[k]..(chunks[k] + 25).min(symbols.len());
                let got = dmtxread_batch(dir, &symbols[range.clone()], &expected[range.clone()]);
                let mut r = results.lock().unwrap();
                for (i, g) in range.zip(got) {
                    r[i] = g;
                }
            });
        }
    });
    results.into_inner().unwrap()
}

#[test]
fn dmtxread_reads_the_corpus() {
    if !Path::new(DMTXREAD).exists() {
        eprintln!("{} not installed, decoding skipped", DMTXREAD);
        return;
    }
    let cases = corpus();
    let dir = temp_dir("dmtxread");
    // libdmtx reads 144x144 only in the ISO order, and no DMRE (rxing reads those:
    // scripts/dev/decode-corpus.mjs).
    let symbols: Vec<(usize, DataMatrix)> = cases
        .iter()
        .enumerate()
        .map(|(i, c)| (i, encode(&c.data, &DmOptions { iso_144: true, ..c.options }).unwrap()))
        .filter(|(_, dm)| !dm.size().is_dmre())
        .collect();
    let dmre = cases.len() - symbols.len();
    assert!(symbols.len() >= 500);
    let matrices: Vec<&BitMatrix> = symbols.iter().map(|(_, dm)| dm.matrix()).collect();
    let expected: Vec<Vec<u8>> = symbols.iter().map(|&(i, _)| cases[i].decoded.clone()).collect();
    let mut failures = Vec::new();
    for ((i, dm), got) in symbols.iter().zip(dmtxread_all(&dir, &matrices, &expected)) {
        if got.as_deref() != Some(cases[*i].decoded.as_slice()) {
            failures.push(format!(
                "{:?} {:?} {}x{}: read {:?}",
                String::from_utf8_lossy(&cases[*i].data),
                cases[*i].options,
                dm.size().rows(),
                dm.size().cols(),
                got.map(|g| String::from_utf8_lossy(&g).into_owned())
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("dmtxread: {} symbols, {} read back exactly ({} DMRE not tried)", symbols.len(), symbols.len() - failures.len(), dmre);
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.iter().take(10).cloned().collect::<Vec<_>>().join("\n"));
}

/// Every size but DMRE (libdmtx does not know them), filled to capacity, read back by
/// dmtxread: placement corner cases, block interleaving, 144x144's uneven blocks.
#[test]
fn dmtxread_reads_every_size() {
    if !Path::new(DMTXREAD).exists() {
        eprintln!("{} not installed, decoding skipped", DMTXREAD);
        return;
    }
    let dir = temp_dir("sizes");
    let mut symbols = Vec::new();
    let mut expected = Vec::new();
    let mut rng = Rng::new(7);
    let sizes: Vec<SymbolSize> = SymbolSize::all().filter(|s| !s.is_dmre()).collect();
    for &size in &sizes {
        // Bytes above 127 in Base256: capacity - 2 fill it (latch, length, bytes), from
        // 250 bytes with the length 0, "to the end of the symbol".
        let cap = size.data_codewords();
        let n = cap - 2;
        let data = rng.string(&(128..=255).collect::<Vec<u8>>(), n);
        let options = DmOptions { size: Some(size), binary: true, iso_144: true, ..DmOptions::default() };
        let dm = encode(&data, &options).unwrap();
        if n >= 3 {
            assert_eq!(dm.data_codewords_used(), cap, "{:?}", size); // Base256 fills it
        }
        symbols.push(dm.into_matrix());
        expected.push(data);
    }
    let got = dmtxread_batch(&dir, &symbols.iter().collect::<Vec<_>>(), &expected);
    let bad: Vec<String> = sizes
        .iter()
        .zip(got.iter().zip(&expected))
        .filter(|(_, (g, e))| g.as_deref() != Some(e.as_slice()))
        .map(|(s, _)| format!("{}x{}", s.rows(), s.cols()))
        .collect();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(bad.is_empty(), "dmtxread failed on {:?}", bad);
}

/// Every admissible ending (module documentation of `encodation.rs`: Unlatch or not,
/// Shift 1 padding, implied ASCII, EDIFACT's implied Unlatch, Base256 to the end) of many
/// short inputs, in every size up to three above the smallest that fits, written out and
/// read back by dmtxread.
#[test]
fn dmtxread_reads_every_ending() {
    if !Path::new(DMTXREAD).exists() {
        eprintln!("{} not installed, decoding skipped", DMTXREAD);
        return;
    }
    let mut rng = Rng::new(2006);
    let sets: [&[u8]; 7] = [b"ABCDEFXYZ0123 ", b"abcxyz0123 ", b"ABC*>\r 012", b"ABC:;<=>?@[\\]^ 01", b"\xe9\xfcA", b"0123456789", b"Ab1!"];
    let mut symbols = Vec::new();
    let mut expected = Vec::new();
    let mut kinds = std::collections::BTreeMap::new();
    let mut labels = Vec::new();
    for i in 0..70 {
        let set = sets[i % sets.len()];
        let len = 1 + rng.below(24);
        let data = rng.string(set, len);
        let enc = Encodation::new(&data, false);
        let squares: Vec<SymbolSize> = SymbolSize::all().filter(|s| !s.is_dmre()).collect();
        let first = match squares.iter().position(|s| enc.fits(s.data_codewords()).is_some()) {
            Some(f) => f,
            None => continue,
        };
        for &size in &squares[first..(first + 3).min(squares.len())] {
            for (end, kind) in enc.all_fitting(size.data_codewords()) {
                let (codewords, _) = enc.write(end, size.data_codewords(), &[]);
                assert_eq!(codewords.len(), size.data_codewords());
                let all = add_error_correction(&codewords, size.info(), true);
                symbols.push(placement::draw(size.info(), &all));
                expected.push(data.clone());
                labels.push(format!("{} in {}x{}: {:?}", kind, size.rows(), size.cols(), codewords));
                *kinds.entry(kind).or_insert(0) += 1;
            }
        }
    }
    eprintln!("endings written: {:?}", kinds);
    for kind in ["ShiftPad", "ImplicitAscii", "EdifactAscii", "Open Edifact", "Open C40", "Open Text", "Open X12", "Open Base256"] {
        assert!(kinds.keys().any(|k| k.starts_with(kind)), "no {} ending exercised", kind);
    }
    let dir = temp_dir("endings");
    let mut failures = Vec::new();
    let got = dmtxread_all(&dir, &symbols.iter().collect::<Vec<_>>(), &expected);
    for ((g, e), l) in got.iter().zip(&expected).zip(&labels) {
        if g.as_deref() != Some(e.as_slice()) {
            failures.push(format!("{:?} {}: read {:?}", String::from_utf8_lossy(e), l, g.as_ref().map(|g| String::from_utf8_lossy(g).into_owned())));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("dmtxread: {} endings, {} read back", symbols.len(), symbols.len() - failures.len());
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.iter().take(10).cloned().collect::<Vec<_>>().join("\n"));
}


