//! Our Grid Matrix against zint 2.11 (`/usr/bin/zint -b 142`, Debian's package), module for
//! module. No independent Grid Matrix decoder exists, so zint is the reference: for the same
//! text, layers and ECC level our symbol must equal zint's, and where layers or level are
//! automatic our choice must be zint's (equal symbols have equal sizes and, through the layer
//! identifiers, equal levels).
//!
//! * `random_corpus_*`: fixed-seed random texts (GB 2312 Chinese, digits with the numeral
//!   punctuation, lower/upper/mixed ASCII, controls, Latin-1, mixtures; lengths from 1 to past
//!   capacity), automatic and with fixed layers/levels. Each option set is one
//!   `zint --batch --dump --esc` run, one text a line.
//! * `eci_texts_match_zint`, `single_byte_eci_choice_matches_zint`: texts outside GB 2312,
//!   which both carry behind an ECI (the first of ISO/IEC 8859-1 to -16, Windows-125x, UTF-8
//!   that holds the text). zint keeps an ECI it chose for the lines after it in batch mode, even
//!   when the text then fails, so each of these is its own run.
//! * `gb2312_repertoire_matches_zint`: every BMP character alone: the ones we read as GB 2312
//!   must give zint's symbol, and zint (told ECI 29, GB 2312) must refuse all the others.
//! * Errors: texts too long (in all, or for a fixed size) and invalid UTF-8 fail in both.
//!
//! Debian's zint is 2.11, and 2.11 misencodes two things that zint fixed in 2.16.0.9 (the
//! version the engine follows, see `crates/symbology/ZINT.md`): a start in byte mode (mode
//! indicator 0110 for 0111) and numeral mode where two non-digits fall within a block
//! ("2.2.0"). For texts touched by either (`gridmatrix::zint_2_11_difference`) 2.11's modules
//! are no reference: texts with a numeral difference are left out, texts that only start in
//! byte mode (same bit count) are checked for zint's size, ECI and acceptance only, and both
//! are counted. The symbols of current zint for such texts, checked by zint against the
//! zxing-cpp decoder, are the ported vectors in `src/gridmatrix/zint_vectors.rs`.
//!
//! Skipped (with a message) when zint is not installed.

#[path = "../src/test_support.rs"]
mod test_support;

use assetmark_symbology::gridmatrix::{self, GmOptions, GridMatrix, Zint211Difference};
use assetmark_symbology::SymbologyError;
use test_support::{zint_batch_output, Rng, ZINT};
use std::collections::HashMap;
use std::path::Path;


fn have_zint(name: &str) -> bool {
    let present = Path::new(ZINT).exists();
    if !present {
        eprintln!("{}: {} not installed, comparison skipped", name, ZINT);
    }
    present
}

/*---- Running zint ----*/

/// What zint made of one line: the symbol's rows as '0'/'1' strings, or its error message.
/// `warning` holds a warning such as "Warning 222: Encoded data includes ECI 9".
struct ZintResult {
    symbol: Result<Vec<String>, String>,
    warning: Option<String>,
}

/// Runs one zint batch over `inputs` (one a line, every byte but ASCII letters and digits
/// escaped as \xNN) with extra `args`.
fn zint_batch(args: &[String], inputs: &[&[u8]]) -> Vec<ZintResult> {
    let mut all_args = vec!["-b".to_string(), "142".to_string(), "--dump".to_string()];
    all_args.extend(args.iter().cloned());
    let output = zint_batch_output(&all_args, inputs);

    // Messages come on stderr as "On line N: Error ..." or "On line N: Warning ...".
    let mut errors: HashMap<usize, String> = HashMap::new();
    let mut warnings: HashMap<usize, String> = HashMap::new();
    for line in String::from_utf8_lossy(&output.stderr).lines() {
        if let Some(rest) = line.strip_prefix("On line ") {
            let (number, message) = rest.split_once(": ").expect("zint message line");
            let number = number.parse::<usize>().unwrap();
            if message.starts_with("Error") {
                errors.insert(number, message.to_string());
            } else {
                warnings.insert(number, message.to_string());
            }
        }
    }
    // Symbols follow one another on stdout, a row a line, in hex with spaces, the last nibble
    // padded: the number of hex digits in a row tells the size (18 + 12k modules).
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    let mut lines = stdout.lines();
    let results: Vec<ZintResult> = (1..=inputs.len())
        .map(|n| {
            let warning = warnings.remove(&n);
            let symbol = match errors.remove(&n) {
                Some(message) => Err(message),
                None => {
                    let first = lines.next().expect("a dump for each input zint accepts");
                    let nibbles = first.chars().filter(|c| !c.is_whitespace()).count();
                    let size = (1..=13)
                        .map(|l| 6 + 12 * l)
                        .find(|s| (s + 3) / 4 == nibbles)
                        .expect("a Grid Matrix row width");
                    let mut rows = vec![row_bits(first, size)];
                    for _ in 1..size {
                        rows.push(row_bits(lines.next().expect("a full symbol"), size));
                    }
                    Ok(rows)
                }
            };
            ZintResult { symbol, warning }
        })
        .collect();
    assert!(lines.next().is_none(), "zint printed more symbols than inputs");
    results
}

fn row_bits(hex: &str, size: usize) -> String {
    let bits: String = hex
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| format!("{:04b}", c.to_digit(16).expect("hex digit")))
        .collect();
    bits[..size].to_string()
}

fn rows_of(symbol: &GridMatrix) -> Vec<String> {
    symbol.matrix().to_ascii().lines().map(str::to_string).collect()
}

/// zint's options for ours: --vers=layers, --secure=level.
fn zint_args(options: &GmOptions) -> Vec<String> {
    let mut args = Vec::new();
    if let Some(l) = options.layers {
        args.push(format!("--vers={}", l));
    }
    if let Some(e) = options.ecc {
        args.push(format!("--secure={}", e));
    }
    args
}

/*---- Comparing ----*/

struct Case {
    input: Vec<u8>,
    options: GmOptions,
}

#[derive(Default)]
struct Tally {
    equal: usize,
    rejected: usize,
    /// Texts 2.11 starts with the wrong byte mode indicator: size and ECI compared.
    size_only: usize,
    sizes: HashMap<u8, usize>,
    failures: Vec<String>,
}

impl Tally {
    fn check(&mut self, case: &Case, zint: &ZintResult) {
        let ours = gridmatrix::encode(&case.input, &case.options);
        if gridmatrix::zint_2_11_difference(&case.input) == Zint211Difference::ByteStart {
            // 2.11's first mode indicator is wrong (0110), the rest of its symbol follows from
            // it; the bit count is ours, so size, acceptance and ECI must still be zint's.
            let zint_eci = zint.warning.as_ref().and_then(|w| w.rsplit(' ').next()?.parse::<u16>().ok());
            let agrees = match (&ours, &zint.symbol) {
                (Ok(s), Ok(theirs)) => theirs.len() == s.size() && zint_eci == s.eci(),
                (Err(_), Err(_)) => true,
                _ => false,
            };
            if agrees {
                self.size_only += 1;
            } else {
                self.failures.push(format!(
                    "{:?} (starts in byte mode) {:?}\n  ours: {:?}\n  zint: {:?} {:?}",
                    String::from_utf8_lossy(&case.input),
                    case.options,
                    ours.as_ref().map(|s| (s.size(), s.eci())),
                    zint.symbol.as_ref().map(|r| r.len()),
                    zint.warning
                ));
            }
            return;
        }
        let show = || {
            let text = String::from_utf8_lossy(&case.input);
            let text: String = if text.chars().count() > 60 {
                text.chars().take(60).collect::<String>() + "..."
            } else {
                text.to_string()
            };
            format!("{:?} ({} bytes) {:?}", text, case.input.len(), case.options)
        };
        match (&ours, &zint.symbol) {
            (Ok(s), Ok(theirs)) => {
                // zint warns when it adds an ECI; we must have added the same (an ECI we add
                // and zint not, or the other way, also shows in the modules).
                let zint_eci = zint.warning.as_ref().and_then(|w| w.rsplit(' ').next()?.parse::<u16>().ok());
                if rows_of(s) == *theirs && zint_eci == s.eci() {
                    self.equal += 1;
                    *self.sizes.entry(s.layers()).or_insert(0) += 1;
                } else {
                    self.failures.push(format!(
                        "{}\n  ours: {} layers, level {}, ECI {:?}\n  zint: {} modules, {:?}\n{}",
                        show(),
                        s.layers(),
                        s.ecc(),
                        s.eci(),
                        theirs.len(),
                        zint.warning,
                        diff(&rows_of(s), theirs)
                    ));
                }
            }
            (Err(e), Err(message)) => {
                // Ours: "Input data too long (E32)" where zint says "... too long ...", and
                // "Invalid character ... (E30)" where zint finds invalid UTF-8.
                let agrees = match e {
                    SymbologyError::InvalidData { reason, .. } if *reason == gridmatrix::TOO_LONG => {
                        message.contains("too long")
                    }
                    SymbologyError::InvalidData { reason, .. }
                        if *reason == gridmatrix::INVALID_CHARACTER =>
                    {
                        message.contains("Unicode") || message.contains("UTF-8")
                    }
                    _ => false,
                };
                if agrees {
                    self.rejected += 1;
                } else {
                    self.failures.push(format!("{}\n  ours: {}\n  zint: {}", show(), e, message));
                }
            }
            (Ok(s), Err(message)) => self.failures.push(format!(
                "{}\n  ours: {} layers, level {}\n  zint: {}",
                show(),
                s.layers(),
                s.ecc(),
                message
            )),
            (Err(e), Ok(theirs)) => {
                self.failures.push(format!("{}\n  ours: {}\n  zint: {} modules", show(), e, theirs.len()))
            }
        }
    }

    fn finish(self, name: &str, total: usize) {
        let mut sizes: Vec<_> = self.sizes.into_iter().collect();
        sizes.sort();
        eprintln!(
            "{}: {} inputs, {} equal to zint, {} rejected by both; layers: {:?}",
            name, total, self.equal, self.rejected, sizes
        );
        assert!(
            self.failures.is_empty(),
            "{}: {} of {} inputs differ from zint:\n{}",
            name,
            self.failures.len(),
            total,
            self.failures.iter().take(8).cloned().collect::<Vec<_>>().join("\n")
        );
    }
}

/// The first differing row, for failure messages.
fn diff(ours: &[String], theirs: &[String]) -> String {
    if ours.len() != theirs.len() {
        return format!("  sizes {} and {}", ours.len(), theirs.len());
    }
    match ours.iter().zip(theirs).position(|(a, b)| a != b) {
        Some(y) => format!("  row {}:\n  ours {}\n  zint {}", y, ours[y], theirs[y]),
        None => "  same modules".to_string(),
    }
}

/// Whether the text has a character outside GB 2312 (one that alone encodes with an ECI):
/// then zint chooses an ECI, and keeps it for the lines after, even when the text then fails.
fn needs_eci(input: &[u8], known: &mut HashMap<char, bool>) -> bool {
    let text = match std::str::from_utf8(input) {
        Ok(t) => t,
        Err(_) => return false,
    };
    let text = match text.strip_prefix('\u{FEFF}') {
        Some(rest) if !rest.is_empty() => rest,
        _ => text,
    };
    text.chars().any(|c| {
        !c.is_ascii()
            && *known.entry(c).or_insert_with(|| {
                gridmatrix::encode(c.to_string().as_bytes(), &GmOptions::default())
                    .map_or(true, |s| s.eci().is_some())
            })
    })
}

/// Runs the cases through zint, batched by options; texts that need an ECI each in a run of
/// their own.
fn compare(name: &str, cases: &[Case]) {
    let mut groups: Vec<(Vec<String>, Vec<usize>)> = Vec::new();
    let mut alone = Vec::new();
    let mut known = HashMap::new();
    let mut left_out = 0;
    for (i, c) in cases.iter().enumerate() {
        // zint 2.11's numerals are wrong for these (see the top of the file): not a reference.
        if gridmatrix::zint_2_11_difference(&c.input) == Zint211Difference::Numeral {
            left_out += 1;
            continue;
        }
        if needs_eci(&c.input, &mut known) {
            alone.push(i);
            continue;
        }
        let args = zint_args(&c.options);
        match groups.iter_mut().find(|(a, _)| *a == args) {
            Some((_, v)) => v.push(i),
            None => groups.push((args, vec![i])),
        }
    }
    let mut tally = Tally::default();
    for (args, indices) in &groups {
        let inputs: Vec<&[u8]> = indices.iter().map(|&i| cases[i].input.as_slice()).collect();
        for (&i, z) in indices.iter().zip(zint_batch(args, &inputs)) {
            tally.check(&cases[i], &z);
        }
    }
    for &i in &alone {
        let z = zint_batch(&zint_args(&cases[i].options), &[cases[i].input.as_slice()]);
        tally.check(&cases[i], &z[0]);
    }
    eprintln!(
        "{}: {} inputs left out (zint 2.11 numeral misencodation), {} checked for size and ECI only \
         (2.11's byte-mode start)",
        name, left_out, tally.size_only
    );
    tally.finish(name, cases.len() - left_out);
}

/*---- Corpus ----*/



/// Common GB 2312 Hanzi (levels 1 and 2), Chinese punctuation and full-width forms.
const HANZI: &str = "的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处理府研质信表";
const PUNCTUATION_CN: &str = "，。、；：？！“”‘’（）《》【】―…・～￥％＃＆＊＋－／＝＠０１２３４５６７８９ＡＢＣａｂｃ　①②ⅠⅡαβγАБВぁアāáǎà";
const LATIN1_IN_GB2312: &str = "éèêüàáìíòóùúěǐǒǔǘǚ×÷°±§¤¨";
const LOWER: &[u8] = b"abcdefghijklmnopqrstuvwxyz";
const UPPER: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGITS: &[u8] = b"0123456789";
const NUMERAL_PUNCT: &[u8] = b" +-.,";
const ASCII_PUNCT: &[u8] = b"!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ ";

/// One random text, by kind, of about `len` characters.
fn text(rng: &mut Rng, kind: usize, len: usize) -> Vec<u8> {
    let hanzi: Vec<char> = HANZI.chars().collect();
    let punct_cn: Vec<char> = PUNCTUATION_CN.chars().collect();
    let latin: Vec<char> = LATIN1_IN_GB2312.chars().collect();
    let mut out = String::new();
    let ascii = |rng: &mut Rng, set: &[u8]| rng.pick(set) as char;
    for _ in 0..len {
        let c = match kind {
            0 => rng.pick(&hanzi),
            1 => {
                if rng.below(10) == 0 {
                    rng.pick(&punct_cn)
                } else {
                    rng.pick(&hanzi)
                }
            }
            2 => ascii(rng, DIGITS),
            3 => {
                // Digits with the punctuation numeral mode folds in, and now and then CR LF.
                match rng.below(12) {
                    0..=1 => ascii(rng, NUMERAL_PUNCT),
                    2 => {
                        out.push('\r');
                        '\n'
                    }
                    _ => ascii(rng, DIGITS),
                }
            }
            4 => ascii(rng, LOWER),
            5 => ascii(rng, UPPER),
            6 => match rng.below(10) {
                0..=3 => ascii(rng, LOWER),
                4..=6 => ascii(rng, UPPER),
                7..=8 => ascii(rng, DIGITS),
                _ => ' ',
            },
            7 => match rng.below(8) {
                0..=2 => ascii(rng, ASCII_PUNCT),
                3 => (rng.below(32) as u8) as char, // C0 controls, NUL included
                4 => '\x7F',
                _ => ascii(rng, LOWER),
            },
            8 => match rng.below(6) {
                0 => rng.pick(&latin),
                _ => ascii(rng, LOWER),
            },
            10 => {
                // DEL and controls (byte mode's own) among Hanzi: byte mode carrying GB 2312
                // codes, across the 512-byte run limit when long.
                match rng.below(8) {
                    0..=3 => '\x7F',
                    4 => (rng.below(32) as u8) as char,
                    _ => rng.pick(&hanzi),
                }
            }
            _ => {
                // Mixtures in runs: asset-label-like text.
                match rng.below(9) {
                    0..=2 => rng.pick(&hanzi),
                    3 => rng.pick(&punct_cn),
                    4 => ascii(rng, DIGITS),
                    5 => ascii(rng, UPPER),
                    6 => ascii(rng, LOWER),
                    7 => ascii(rng, ASCII_PUNCT),
                    _ => rng.pick(&latin),
                }
            }
        };
        out.push(c);
    }
    out.into_bytes()
}

/// A length for `kind` from 1 to somewhat past the largest symbol, biased to short texts and
/// to the edge of capacity.
fn length(rng: &mut Rng, kind: usize) -> usize {
    // Characters that about fill 13 layers at level 1, per kind.
    let full = [700, 660, 2700, 2300, 1800, 1800, 1500, 900, 1300, 800, 900][kind];
    match rng.below(10) {
        0..=3 => 1 + rng.below(40),
        4..=6 => 1 + rng.below(full),
        7 => full * 9 / 10 + rng.below(full / 5),
        8 => 1 + rng.below(300),
        _ => full + rng.below(full / 10 + 1) + 1,
    }
}

fn corpus(seed: u64, count: usize, options: impl Fn(&mut Rng, &[u8]) -> GmOptions) -> Vec<Case> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|i| {
            let kind = i % 11;
            let len = length(&mut rng, kind);
            let input = text(&mut rng, kind, len);
            let options = options(&mut rng, &input);
            Case { input, options }
        })
        .collect()
}

#[test]
fn random_corpus_automatic_size_and_level() {
    if !have_zint("Grid Matrix, automatic") {
        return;
    }
    let cases = corpus(142, 700, |_, _| GmOptions::default());
    compare("Grid Matrix, automatic", &cases);
}

#[test]
fn random_corpus_fixed_layers_and_levels() {
    if !have_zint("Grid Matrix, fixed") {
        return;
    }
    let cases = corpus(27766, 700, |rng, input| {
        // Half the fixed sizes from the automatic one up, so that most texts fit.
        let auto = gridmatrix::encode(input, &GmOptions::default()).map_or(13, |s| s.layers());
        let layers =
            if rng.below(2) == 0 { 1 + rng.below(13) } else { auto as usize + rng.below(14 - auto as usize) }
                as u8;
        let ecc = 1 + rng.below(5) as u8;
        match rng.below(4) {
            0 => GmOptions { layers: Some(layers), ecc: None },
            1 => GmOptions { layers: None, ecc: Some(ecc) },
            _ => GmOptions { layers: Some(layers), ecc: Some(ecc) },
        }
    });
    compare("Grid Matrix, fixed", &cases);
}

/// Every layer count at every level with short texts, and the smallest symbols filled exactly.
#[test]
fn every_size_and_level() {
    if !have_zint("Grid Matrix, sizes") {
        return;
    }
    let mut rng = Rng::new(13);
    let mut cases = Vec::new();
    for layers in 1..=13u8 {
        for ecc in 1..=5u8 {
            for kind in [0, 2, 6, 9] {
                let len = 1 + rng.below(12 * layers as usize);
                let input = text(&mut rng, kind, len);
                cases.push(Case { input, options: GmOptions { layers: Some(layers), ecc: Some(ecc) } });
            }
        }
    }
    // Byte runs of 512 bytes at most, a GB 2312 code straddling the limit or not.
    for before in [509usize, 510, 511, 512, 513] {
        let mut t = "\x7F".repeat(before);
        t.push_str("测\x7F\x7F测");
        t.push_str(&"\x7F".repeat(20));
        cases.push(Case { input: t.into_bytes(), options: GmOptions::default() });
    }
    // Digits from 1 to 60: every automatic size change of the small symbols.
    for len in 1..=60 {
        cases.push(Case { input: vec![b'7'; len], options: GmOptions::default() });
        cases.push(Case { input: text(&mut rng, 6, len), options: GmOptions::default() });
    }
    compare("Grid Matrix, sizes", &cases);
}

/// Texts outside GB 2312: carried behind an ECI (ISO/IEC 8859, Windows code pages, UTF-8).
#[test]
fn eci_texts_match_zint() {
    if !have_zint("Grid Matrix, ECI") {
        return;
    }
    let samples = [
        "€",
        "price 12.50 €",
        "a·b",
        "Müller & Co. ©",
        "™",
        "ƒ",
        "ș ț",
        "İstanbul ğ",
        "Ελληνικά €",
        "Привет ©",
        "עברית",
        "العربية",
        "ภาษาไทย",
        "Łódź",
        "Ærø",
        "資產管理",
        "固定資產 No. 42",
        "emoji 😀",
        "😀",
        "测试€",
        "\u{85}",
        "a\u{9F}b",
        "\u{FEFF}",
        "—",
        "© 2024 资产",
        "Ŋŋ",
        "ſ",
        "ÿŸ",
        "Œuvre",
        "šđčćž",
        "\u{A0}",
        "ĀāĒē",
        "ĦħĊċ",
        "ĶķĻļ",
        "ŴŵŶŷ",
        "ؠ",
        "ร้อย",
        "§¶",
    ];
    let mut cases: Vec<Case> = Vec::new();
    for (i, s) in samples.iter().enumerate() {
        cases.push(Case { input: s.as_bytes().to_vec(), options: GmOptions::default() });
        let layers = Some(1 + (i % 13) as u8);
        cases.push(Case {
            input: s.as_bytes().to_vec(),
            options: GmOptions { layers, ecc: Some(1 + (i % 5) as u8) },
        });
    }
    // Longer mixtures, up to and past capacity.
    let mut rng = Rng::new(29);
    for i in 0..30 {
        let len = 1 + rng.below(if i % 3 == 0 { 2000 } else { 200 });
        let mut t = String::from_utf8(text(&mut rng, 9, len)).unwrap();
        let sample = samples[rng.below(samples.len())];
        if i % 2 == 0 {
            t.insert_str(0, sample);
        } else {
            t.push_str(sample);
        }
        cases.push(Case { input: t.into_bytes(), options: GmOptions::default() });
    }
    for c in &cases {
        if let Ok(s) = gridmatrix::encode(&c.input, &c.options) {
            if c.input != "\u{FEFF}".as_bytes() {
                assert!(s.eci().is_some(), "{:?} should need an ECI", String::from_utf8_lossy(&c.input));
            }
        }
    }
    compare("Grid Matrix, ECI", &cases);
}

/// Every character we carry in a single-byte character set (ECI 3-24), alone and in random
/// pairs and triples: both must choose the same (lowest) ECI and the same bytes.
#[test]
fn single_byte_eci_choice_matches_zint() {
    if !have_zint("Grid Matrix, single-byte ECIs") {
        return;
    }
    let single_byte = |c: char| {
        let symbol = gridmatrix::encode(c.to_string().as_bytes(), &GmOptions::default());
        matches!(symbol.map(|s| s.eci()), Ok(Some(eci)) if eci < 26)
    };
    let chars: Vec<char> = (0x80..0x3000u32).filter_map(char::from_u32).filter(|&c| single_byte(c)).collect();
    assert!(chars.len() > 450, "{} characters in single-byte sets", chars.len());
    let mut cases: Vec<Case> = chars
        .iter()
        .map(|c| Case { input: c.to_string().into_bytes(), options: GmOptions::default() })
        .collect();
    let mut rng = Rng::new(8859);
    for i in 0..150 {
        let mut t = String::from(if i % 2 == 0 { "Ab1 " } else { "" });
        for _ in 0..2 + rng.below(2) {
            t.push(rng.pick(&chars));
        }
        cases.push(Case { input: t.into_bytes(), options: GmOptions::default() });
    }
    compare("Grid Matrix, single-byte ECIs", &cases);
}

/// Every character of the Basic Multilingual Plane beyond ASCII, alone: those we read as
/// GB 2312 must give zint's symbol, and zint held to GB 2312 (ECI 29) must refuse every other.
#[test]
fn gb2312_repertoire_matches_zint() {
    if !have_zint("Grid Matrix, GB 2312") {
        return;
    }
    let mut in_gb = Vec::new();
    let mut outside = Vec::new();
    for u in 0x80..=0xFFFFu32 {
        let c = match char::from_u32(u) {
            Some(c) => c,
            None => continue,
        };
        let bytes = c.to_string().into_bytes();
        match gridmatrix::encode(&bytes, &GmOptions::default()) {
            Ok(s) if s.eci().is_none() => in_gb.push(bytes),
            _ => outside.push(bytes),
        }
    }
    assert_eq!(in_gb.len(), 7445, "GB 2312 has 7,445 characters");
    let cases: Vec<Case> =
        in_gb.into_iter().map(|input| Case { input, options: GmOptions::default() }).collect();
    compare("Grid Matrix, GB 2312 characters", &cases);

    let inputs: Vec<&[u8]> = outside.iter().map(|v| v.as_slice()).collect();
    let accepted: Vec<String> = zint_batch(&["--eci=29".to_string()], &inputs)
        .iter()
        .zip(&outside)
        .filter(|(z, _)| z.symbol.is_ok())
        .map(|(_, b)| format!("U+{:04X}", String::from_utf8_lossy(b).chars().next().unwrap() as u32))
        .collect();
    eprintln!("Grid Matrix: {} characters outside GB 2312, all refused by zint as GB 2312", outside.len());
    assert!(accepted.is_empty(), "zint reads these as GB 2312, we do not: {:?}", accepted);
}

/// Too long for any symbol, too long for a fixed size, and invalid UTF-8: errors in both.
#[test]
fn errors_match_zint() {
    if !have_zint("Grid Matrix, errors") {
        return;
    }
    let mut cases = vec![
        Case { input: vec![b'1'; 2758], options: GmOptions::default() },
        Case { input: vec![b'a'; 1900], options: GmOptions::default() },
        Case { input: "测".repeat(708).into_bytes(), options: GmOptions::default() },
        Case { input: "测".repeat(600).into_bytes(), options: GmOptions { layers: None, ecc: Some(5) } },
        Case { input: vec![b'A'; 20], options: GmOptions { layers: Some(1), ecc: None } },
        Case { input: vec![b'A'; 200], options: GmOptions { layers: Some(5), ecc: Some(1) } },
        Case { input: vec![0xFF], options: GmOptions::default() },
        Case { input: b"abc\xC3".to_vec(), options: GmOptions::default() },
        Case { input: b"\xED\xA0\x80".to_vec(), options: GmOptions::default() }, // a surrogate
        Case { input: b"\xC0\xAF".to_vec(), options: GmOptions::default() },     // overlong
    ];
    // Around each size's limit: the largest text that fits and one more character.
    for layers in 1..=13u8 {
        for ecc in [1u8, 3, 5] {
            let options = GmOptions { layers: Some(layers), ecc: Some(ecc) };
            let fits = |len: usize| {
                gridmatrix::encode(&vec![b'9'; len], &options).map_or(false, |s| s.layers() == layers)
            };
            let (mut len, mut over) = (1usize, 3000usize); // fits(len), !fits(over)
            while over - len > 1 {
                let mid = (len + over) / 2;
                if fits(mid) {
                    len = mid;
                } else {
                    over = mid;
                }
            }
            cases.push(Case { input: vec![b'9'; len], options });
            cases.push(Case { input: vec![b'9'; len + 1], options });
        }
    }
    let errors = cases.iter().filter(|c| gridmatrix::encode(&c.input, &c.options).is_err()).count();
    assert!(errors >= 10, "only {} error cases", errors);
    compare("Grid Matrix, errors", &cases);
}
