//! QR Code tests through the public API, checked by independent programs: zint 2.11 (the
//! reference encoder, module for module where both make the same segmentation) and zbar
//! (`zbarimg`, which must give back the original text). Both are Debian packages that
//! `scripts/setup.sh` installs.

use super::*;
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

fn opts(ecc: Ecc, version: Option<u8>, mask: Option<u8>) -> QrOptions {
    QrOptions {
        ecc,
        version: version.map(|v| Version::new(v).unwrap()),
        mask: mask.map(|m| Mask::new(m).unwrap()),
        ..QrOptions::default()
    }
}

/*---- API and errors ----*/

#[test]
fn ranges_are_checked_at_construction() {
    assert!(Version::new(0).is_none() && Version::new(41).is_none());
    assert_eq!(Version::new(40).unwrap().size(), 177);
    assert_eq!(Version::MIN.size(), 21);
    assert!(Mask::new(8).is_none() && Mask::new(7).is_some());
    assert_eq!(Ecc::default(), Ecc::Medium);
    assert_eq!(Ecc::from_index(3), Some(Ecc::High));
    assert_eq!(QrOptions::default().ecc, Ecc::Medium);
}

#[test]
fn smallest_version_is_chosen() {
    // Table 7 capacities: version 1-M holds 34 digits, version 40-L 2953 bytes, 7089
    // digits or 1817 Kanji characters.
    let q = encode(b"01234567890123456789012345678901234", &QrOptions::default()).unwrap();
    assert_eq!(q.version().value(), 2); // 35 digits: one more than 1-M's 34
    let q = encode(b"0123456789012345678901234567890123", &QrOptions::default()).unwrap();
    assert_eq!(q.version().value(), 1);
    assert_eq!(q.size(), 21);
    assert_eq!(q.matrix().width(), 21);
    // 2953 bytes fill 40-L exactly; one more is too much.
    let big = vec![b'a'; 2953];
    let q = encode(&big, &opts(Ecc::Low, None, None)).unwrap();
    assert_eq!(q.version().value(), 40);
    let err = encode(&vec![b'a'; 2954], &opts(Ecc::Low, None, None)).unwrap_err();
    assert_eq!(err.to_string(), "The amount of data is too big to be stored in a QR Code");
    // Numeric: 7089 digits at 40-L.
    assert!(encode(&vec![b'7'; 7089], &opts(Ecc::Low, None, None)).is_ok());
    assert!(encode(&vec![b'7'; 7090], &opts(Ecc::Low, None, None)).is_err());
    // Kanji: 1817 characters at 40-L.
    let kanji: String = std::iter::repeat('漢').take(1817).collect();
    assert_eq!(encode(kanji.as_bytes(), &opts(Ecc::Low, None, None)).unwrap().version().value(), 40);
    let kanji: String = std::iter::repeat('漢').take(1818).collect();
    assert!(encode(kanji.as_bytes(), &opts(Ecc::Low, None, None)).is_err());
}

#[test]
fn errors_say_what_to_do() {
    let long = vec![b'x'; 100];
    let err = encode(&long, &opts(Ecc::Medium, Some(3), None)).unwrap_err();
    assert_eq!(
        err,
        SymbologyError::VersionTooSmall { symbology: "QR Code", version: 3, required: 6 }
    );
    assert_eq!(
        err.to_string(),
        "The chosen QR Code version (3) cannot contain this amount of data. \
         Minimum version required to store current data is: 6"
    );
    // Too much even for version 40: the capacity message, fixed version or not.
    let huge = vec![b'x'; 3000];
    assert_eq!(
        encode(&huge, &opts(Ecc::Medium, Some(10), None)).unwrap_err(),
        SymbologyError::CapacityExceeded { symbology: "QR Code" }
    );
    assert_eq!(encode(b"", &QrOptions::default()).unwrap_err(), SymbologyError::NoData { symbology: "QR Code" });
    let gs1 = QrOptions { gs1: true, ..QrOptions::default() };
    assert!(matches!(encode(b"01123", &gs1), Err(SymbologyError::InvalidData { .. })));
    // A fixed version that fits is kept, even when a smaller one would do.
    let q = encode(b"HELLO", &opts(Ecc::High, Some(12), Some(3))).unwrap();
    assert_eq!((q.version().value(), q.ecc(), q.mask().value()), (12, Ecc::High, 3));
}

/// The count indicator grows at version 10 and 27, so data that just fits 9 with 8-bit byte
/// counts is measured again with 16-bit counts for 10.
#[test]
fn version_boundaries_use_the_right_count_widths() {
    // 9-L holds 232 data codewords: 4 + 8 + 8n + 4 terminator bits -> 230 bytes.
    let q = encode(&vec![b'a'; 230], &opts(Ecc::Low, None, None)).unwrap();
    assert_eq!(q.version().value(), 9);
    let q = encode(&vec![b'a'; 231], &opts(Ecc::Low, None, None)).unwrap();
    assert_eq!(q.version().value(), 10);
}

/*---- Module for module against zint ----*/

fn zint_modules(args: &[&str]) -> String {
    let out = Command::new("zint")
        .args(["-b", "58", "--dump"])
        .args(args)
        .output()
        .expect("zint not found: install Debian's zint (scripts/setup.sh does)");
    assert!(out.status.success(), "zint failed: {}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let n = lines.len();
    let mut rows = Vec::with_capacity(n);
    for line in lines {
        let mut bits = String::new();
        // Two hex digits per 8 modules; a last group of fewer modules is one digit.
        for hex in line.split_whitespace() {
            let width = 4 * hex.len();
            bits.push_str(&format!("{:0width$b}", u32::from_str_radix(hex, 16).unwrap(), width = width));
        }
        bits.truncate(n);
        rows.push(bits);
    }
    rows.join("\n")
}

/// Inputs where zint 2.11's segmentation equals ours, at every mask: same codewords, same
/// layout, same format and version information.
#[test]
fn modules_match_zint_with_a_fixed_mask() {
    let cases: &[(&str, Ecc, u8)] = &[
        ("01234567", Ecc::Medium, 1),
        ("HELLO WORLD", Ecc::Quartile, 1),
        ("https://example.com/", Ecc::Medium, 2),
        ("https://example.com/", Ecc::High, 40),
        ("Assetmark fixed asset label 000123", Ecc::Low, 7),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 $%*+-./:", Ecc::High, 14),
        ("点茗", Ecc::Low, 1),
    ];
    for &(text, ecc, version) in cases {
        for mask in 0..8u8 {
            let ours = encode(text.as_bytes(), &opts(ecc, Some(version), Some(mask))).unwrap();
            let secure = (ecc.index() + 1).to_string();
            let vers = version.to_string();
            let m = mask.to_string();
            let zint = zint_modules(&["--secure", &secure, "--vers", &vers, "--mask", &m, "-d", text]);
            assert_eq!(ours.matrix().to_ascii(), zint, "{:?} {:?} version {} mask {}", text, ecc, version, mask);
        }
    }
}

/// The same inputs with the mask chosen automatically: the penalties (7.8.3) are zint's, N3
/// counting a finder-like pattern with light on both sides once (zint 2.11 and 2.16 alike).
#[test]
fn automatic_mask_matches_zint() {
    let cases: &[(&str, Ecc, u8)] = &[
        ("01234567", Ecc::Medium, 1),
        ("HELLO WORLD", Ecc::Quartile, 1),
        ("https://example.com/", Ecc::Medium, 2),
        ("https://example.com/", Ecc::High, 40),
        ("Assetmark fixed asset label 000123", Ecc::Low, 7),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 $%*+-./:", Ecc::High, 14),
        ("点茗", Ecc::Low, 1),
        ("1234567890", Ecc::Medium, 1),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", Ecc::Medium, 4),
        ("12345678901234567890123456789012345678901", Ecc::Low, 2),
    ];
    for &(text, ecc, version) in cases {
        let ours = encode(text.as_bytes(), &opts(ecc, Some(version), None)).unwrap();
        let secure = (ecc.index() + 1).to_string();
        let vers = version.to_string();
        let zint = zint_modules(&["--secure", &secure, "--vers", &vers, "-d", text]);
        assert_eq!(ours.matrix().to_ascii(), zint, "{:?} {:?} version {}", text, ecc, version);
    }
}

/*---- Decoded by zbar ----*/

static FILE_COUNTER: AtomicUsize = AtomicUsize::new(0);

/// The symbol as a plain PBM, `scale` dots a module, with a 4-module quiet zone.
fn pbm(code: &QrCode, scale: usize) -> Vec<u8> {
    let m = code.matrix();
    let quiet = 4;
    let side = (m.width() + 2 * quiet) * scale;
    let mut out = format!("P4\n{} {}\n", side, side).into_bytes();
    let row_bytes = (side + 7) / 8;
    for py in 0..side {
        let mut row = vec![0u8; row_bytes];
        for px in 0..side {
            let (mx, my) = (px / scale, py / scale);
            let dark = mx >= quiet && my >= quiet && m.get(mx - quiet, my - quiet);
            if dark {
                row[px / 8] |= 0x80 >> (px % 8);
            }
        }
        out.extend_from_slice(&row);
    }
    out
}

fn temp_path(ext: &str) -> PathBuf {
    let n = FILE_COUNTER.fetch_add(1, Ordering::SeqCst);
    std::env::temp_dir().join(format!("assetmark-qr-{}-{}.{}", std::process::id(), n, ext))
}

/// What zbarimg reads from the symbol (its text, UTF-8), or `None`.
fn zbar(code: &QrCode, binary: bool) -> Option<Vec<u8>> {
    let path = temp_path("pbm");
    std::fs::write(&path, pbm(code, 3)).unwrap();
    let mut cmd = Command::new("zbarimg");
    cmd.args(["--raw", "-q", "--nodbus", "-Sdisable", "-Sqrcode.enable"]);
    if binary {
        cmd.arg("-Sbinary");
    }
    let out = cmd.arg(&path).output().expect("zbarimg not found: install Debian's zbar-tools (scripts/setup.sh does)");
    let _ = std::fs::remove_file(&path);
    if !out.status.success() {
        return None;
    }
    let mut text = out.stdout;
    if text.last() == Some(&b'\n') {
        text.pop();
    }
    Some(text)
}

fn assert_round_trip(data: &[u8], options: &QrOptions, expected: &[u8]) -> QrCode {
    let code = encode(data, options).unwrap_or_else(|e| panic!("{:?}: {}", String::from_utf8_lossy(data), e));
    let got = zbar(&code, options.binary);
    assert_eq!(
        got.as_deref(),
        Some(expected),
        "zbar read {:?} for {:?} ({:?}, version {}, mask {})",
        got.as_ref().map(|g| String::from_utf8_lossy(g).into_owned()),
        String::from_utf8_lossy(data),
        code.ecc(),
        code.version().value(),
        code.mask().value()
    );
    code
}

fn text_round_trip(text: &str, options: &QrOptions) -> QrCode {
    assert_round_trip(text.as_bytes(), options, text.as_bytes())
}

#[test]
fn zbar_reads_text_in_every_character_set() {
    let texts = [
        "https://example.com/",
        "01234567",
        "HELLO WORLD",
        "Asset A-000123 / room 4.12",
        "固定资产管理系统 资产编号：ZC-2024-000158 使用部门：财务部",
        "資産管理ラベル 東京都千代田区丸の内1-2-3 担当：山田太郎",
        "日本\\~ back\\slash and tilde",
        "Café crème, Ærøskøbing, naïve ±½ ÿ",
        "ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏ ðñòóôõö÷øùúûüýþÿ",
        "Ä",
        "자산 관리 시스템",
        "Label 🏷️ ok ✓ — “quotes”",
        "ｱｲｳｴｵ half-width katakana",
        "Mixed 中文 and 日本語 and English 12345678901234567890",
        "tab\tand\nnewline",
        "①②③ NEC row 13 goes to UTF-8",
        "～ wave dash and 〜",
    ];
    for t in texts {
        text_round_trip(t, &QrOptions::default());
    }
}

#[test]
fn zbar_reads_every_ecc_level_and_mask() {
    for ecc in Ecc::ALL {
        for mask in 0..8 {
            let text = format!("MASK {} ECC {} 资产 {}", mask, ecc.letter(), "x".repeat(mask as usize * 7));
            let code = text_round_trip(&text, &opts(ecc, None, Some(mask)));
            assert_eq!((code.mask().value(), code.ecc()), (mask, ecc));
        }
    }
}

/// Versions sampled across the three count-width ranges, filled close to capacity with
/// mixed text so that every segment kind and the block structure of each are exercised.
#[test]
fn zbar_reads_sampled_versions_filled_up() {
    let unit = "设备编号 SN-0042 位置:A3/12 状态OK 2024-06-01 0123456789 ";
    let samples: &[(u8, Ecc)] = &[
        (1, Ecc::Low),
        (2, Ecc::High),
        (5, Ecc::Quartile),
        (7, Ecc::Medium),
        (9, Ecc::Low),
        (10, Ecc::High),
        (14, Ecc::Medium),
        (20, Ecc::Quartile),
        (26, Ecc::Low),
        (27, Ecc::High),
        (33, Ecc::Medium),
        (40, Ecc::High),
        (40, Ecc::Low),
    ];
    for &(version, ecc) in samples {
        let v = Version::new(version).unwrap();
        // The longest prefix of the repeated text that still fits (binary search; mask
        // fixed so that the probes skip mask selection).
        let fits = |n: usize| {
            let t: String = unit.chars().cycle().take(n).collect();
            encode(t.as_bytes(), &opts(ecc, Some(version), Some(0))).is_ok()
        };
        let (mut lo, mut hi) = (1usize, 4000usize); // fits(lo), !fits(hi)
        assert!(fits(lo) && !fits(hi));
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if fits(mid) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let text: String = unit.chars().cycle().take(lo).collect();
        let code = text_round_trip(&text, &opts(ecc, Some(version), None));
        assert_eq!(code.version(), v);
        // Automatic choice picks the same version for text that fills it.
        assert_eq!(encode(text.as_bytes(), &opts(ecc, None, None)).unwrap().version(), v);
    }
}

#[test]
fn zbar_reads_numeric_alphanumeric_and_long_inputs() {
    let digits: String = (0..1000).map(|i| char::from(b'0' + (i * 7 % 10) as u8)).collect();
    text_round_trip(&digits, &opts(Ecc::Low, None, None));
    let alnum: String = (0..600).map(|i| tables_alnum(i * 13 % 45)).collect();
    text_round_trip(&alnum, &opts(Ecc::Medium, None, None));
    let japanese: String = "東京大阪名古屋札幌福岡".chars().cycle().take(500).collect();
    text_round_trip(&japanese, &opts(Ecc::Quartile, None, None));
}

fn tables_alnum(i: usize) -> char {
    b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"[i] as char
}

#[test]
fn zbar_reads_gs1_element_strings() {
    let gs1 = QrOptions { gs1: true, ..QrOptions::default() };
    assert_round_trip(b"(01)09501101530003(17)250101(10)ABC123", &gs1, b"01095011015300031725010110ABC123");
    assert_round_trip(
        b"(01)09501101530003(10)AB-12(21)X%1y(400)PO7",
        &gs1,
        b"010950110153000310AB-12\x1d21X%1y\x1d400PO7",
    );
}

#[test]
fn zbar_reads_raw_bytes_in_binary_mode() {
    let bytes: Vec<u8> = (0..=255u8).collect();
    let binary = QrOptions { binary: true, ..QrOptions::default() };
    assert_round_trip(&bytes, &binary, &bytes);
}
/*---- Mask choice (7.8.3) ----*/

/// The penalty of a finished symbol by the rules' words, module by module: the reference
/// the packed scoring in mask.rs must agree with.
fn reference_penalty(m: &BitMatrix) -> u32 {
    let n = m.width();
    let lines: Vec<Vec<bool>> = (0..n)
        .map(|y| (0..n).map(|x| m.get(x, y)).collect())
        .chain((0..n).map(|x| (0..n).map(|y| m.get(x, y)).collect()))
        .collect();
    let mut score = 0;
    for line in &lines {
        // N1: 3 + (length - 5) for every run of 5 or more modules of one colour.
        let mut start = 0;
        for i in 1..=n {
            if i == n || line[i] != line[start] {
                if i - start >= 5 {
                    score += 3 + (i - start - 5) as u32;
                }
                start = i;
            }
        }
        // N3: 40 for 1:1:3:1:1 with 4 light modules before or after (once for both, as
        // zint's qr_evaluate), light beyond the edges.
        let mut padded = vec![false; 4];
        padded.extend(line);
        padded.extend([false; 4]);
        let core = [true, false, true, true, true, false, true];
        for i in 4..4 + n.saturating_sub(6) {
            if padded[i..i + 7] == core && (padded[i - 4..i].iter().all(|&d| !d) || padded[i + 7..i + 11].iter().all(|&d| !d)) {
                score += 40;
            }
        }
    }
    // N2: 3 for every 2x2 block of one colour.
    for y in 0..n - 1 {
        for x in 0..n - 1 {
            let c = m.get(x, y);
            if m.get(x + 1, y) == c && m.get(x, y + 1) == c && m.get(x + 1, y + 1) == c {
                score += 3;
            }
        }
    }
    // N4: 10 for every full 5% the dark share is away from 50%.
    let dark = m.modules().iter().filter(|&&d| d).count() as u32;
    let total = (n * n) as u32;
    // |dark / total - 50%| in 5% steps is |20 dark - 10 total| / total; whole steps past
    // the first started one (0-5% costs nothing, 5-10% 10, ...).
    let deviation = (dark * 20).abs_diff(total * 10);
    score + 10 * ((deviation + total - 1) / total).saturating_sub(1)
}

#[test]
fn the_automatic_mask_has_the_lowest_reference_penalty() {
    let mut seed: u64 = 5;
    for version in [1u8, 2, 3, 4, 7, 10, 11, 14, 27, 40] {
        for round in 0..6 {
            let ecc = Ecc::from_index(round % 4).unwrap();
            let len = 1 + round;
            let data: Vec<u8> = (0..len)
                .map(|_| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    b'A' + (seed >> 59) as u8
                })
                .collect();
            let penalties: Vec<u32> =
                (0..8).map(|k| reference_penalty(encode(&data, &opts(ecc, Some(version), Some(k))).unwrap().matrix())).collect();
            let lowest = (0..8).min_by_key(|&k| (penalties[k], k)).unwrap();
            let chosen = encode(&data, &opts(ecc, Some(version), None)).unwrap();
            assert_eq!(chosen.mask().value() as usize, lowest, "version {} {:?} {:?}: penalties {:?}", version, ecc, data, penalties);
        }
    }
}
