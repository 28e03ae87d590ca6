//! From text to data codewords: character sets and ECI, optimal segmentation into modes,
//! and the bit stream (ISO/IEC 18004 7.3-7.4).
//!
//! # Character sets: what a decoder will give back
//!
//! A QR symbol carries bytes; the reader's software turns them into text. Byte-mode data
//! without an ECI is officially ISO-8859-1, but decoders guess, so [`analyse`] declares the
//! character set whenever the data is not plain ASCII, in the cheapest way that every
//! decoder we test with (zbar, ZXing/rxing) reads back as the original text:
//!
//! | Text                                              | Encoding                          |
//! |---------------------------------------------------|-----------------------------------|
//! | ASCII only                                        | as is, no ECI                     |
//! | all characters U+0000-U+00FF                      | Latin-1 bytes, ECI 3 (ISO-8859-1) |
//! | beyond Latin-1, every non-ASCII character in JIS X 0208, no `\` or `~` | Kanji mode, no ECI |
//! | anything else (e.g. simplified Chinese, Hangul, emoji) | UTF-8 bytes, ECI 26          |
//!
//! The last two are both tried when both apply and the shorter wins (Kanji mode takes 13
//! bits a character against 24 for UTF-8, but switching modes costs a header). Kanji mode
//! and ECI 26 are never mixed: zbar converts Kanji-mode data with the declared ECI
//! character set, so Shift JIS under ECI 26 would come back garbled. And once a symbol has
//! Kanji mode, zbar reads its byte segments as Shift JIS, where `\` and `~` are the yen
//! sign and overline; hence the exclusion. Other ASCII is the same in Shift JIS.
//!
//! ISO-8859-1 is the standard's default and zint writes Latin-1 without ECI, but zbar
//! guesses Shift JIS first (Latin-1 "Ä", 0xC4, comes back as half-width katakana "ﾄ"), so the
//! ECI is worth its 12 bits.
//!
//! With `binary` the bytes are carried as they are, without ECI (the reader guesses); so are
//! bytes that are not valid UTF-8. GS1 data (`gs1`) is ASCII by definition: FNC1 in first
//! position, then the element string with GS (0x1D) separators, which alphanumeric mode
//! writes as `%`. A literal `%` would have to be doubled in alphanumeric mode, and rxing-wasm
//! 0.5.7 fails to read symbols with `%%` (zint's choice), so in GS1 data `%` always goes in
//! byte mode, which is equally standard.
//!
//! # Optimal segmentation
//!
//! Each character can be written in some of the four modes (numeric 0-9; alphanumeric the
//! 45 characters of Table 5; byte any byte-encodable character; Kanji the JIS X 0208 set),
//! and every run of one mode pays a header: 4 bits of mode indicator plus a character count
//! whose width depends on the mode and the version range 1-9, 10-26 or 27-40. [`segment`]
//! finds the partition with the fewest bits by dynamic programming over character positions
//! with seven states: numeric with 0, 1 or 2 digits pending in the current group of three,
//! alphanumeric with 0 or 1 pending in the pair, byte, Kanji. Payload bits grow by exact
//! increments (numeric 4, 3, 3 per digit for 4, 7, 10 bits a group; alphanumeric 6, 5 for 6,
//! 11 bits a pair; byte 8 a byte; Kanji 13), so the result is exactly optimal, not an
//! estimate from average costs. A test checks it against exhaustive search.

use super::kanji;
use super::tables::{alphanumeric_value, DATA_CODEWORDS};
use super::{Ecc, Version, NAME};
use crate::{gs1, SymbologyError};

/// The most characters any QR symbol holds (version 40-L, numeric). Longer input is refused
/// before any work is done.
pub const MAX_CHARACTERS: usize = 7089;

/// An encoding mode (ISO/IEC 18004 Table 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Numeric,
    Alphanumeric,
    Byte,
    Kanji,
}

impl Mode {
    /// The 4-bit mode indicator.
    fn indicator(self) -> u32 {
        match self {
            Mode::Numeric => 0b0001,
            Mode::Alphanumeric => 0b0010,
            Mode::Byte => 0b0100,
            Mode::Kanji => 0b1000,
        }
    }

    /// Width of the character count indicator (Table 3) for a version class (0: versions
    /// 1-9, 1: 10-26, 2: 27-40).
    fn count_bits(self, class: usize) -> u32 {
        const BITS: [[u32; 4]; 3] = [[10, 9, 8, 8], [12, 11, 16, 10], [14, 13, 16, 12]];
        BITS[class][self as usize]
    }

    /// The letter zint and the tests use: N, A, B, K.
    #[cfg(test)]
    pub fn letter(self) -> char {
        ['N', 'A', 'B', 'K'][self as usize]
    }
}

/// The version class whose count-indicator widths apply: 0 for 1-9, 1 for 10-26, 2 for 27-40.
pub fn class_of(version: Version) -> usize {
    match version.value() {
        1..=9 => 0,
        10..=26 => 1,
        _ => 2,
    }
}

/// The version range of a class.
pub fn class_versions(class: usize) -> std::ops::RangeInclusive<u8> {
    [1..=9, 10..=26, 27..=40][class].clone()
}

const NO_ALNUM: u8 = 0xFF;
const NO_KANJI: u16 = 0xFFFF;

/// One input character and the ways it can be written.
#[derive(Clone, Copy, Debug)]
pub struct Unit {
    /// Byte-mode bytes (`len` of them; 0 = not allowed in byte mode).
    bytes: [u8; 4],
    len: u8,
    /// Alphanumeric value 0-44 (for digits also the digit), or `NO_ALNUM`.
    alnum: u8,
    digit: bool,
    /// Kanji-mode 13-bit value, or `NO_KANJI`.
    kanji: u16,
}

impl Unit {
    fn ascii(b: u8, gs1: bool) -> Unit {
        let alnum = if gs1 && b == 0x1D {
            Some(38) // FNC1 as a field separator is '%' in alphanumeric mode (7.4.8.1)
        } else if gs1 && b == b'%' {
            None // would need "%%"; see the module documentation
        } else {
            alphanumeric_value(b)
        };
        Unit { bytes: [b, 0, 0, 0], len: 1, alnum: alnum.unwrap_or(NO_ALNUM), digit: b.is_ascii_digit(), kanji: NO_KANJI }
    }

    fn byte(b: u8) -> Unit {
        Unit { bytes: [b, 0, 0, 0], len: 1, alnum: NO_ALNUM, digit: false, kanji: NO_KANJI }
    }

    fn utf8(c: char) -> Unit {
        let mut bytes = [0u8; 4];
        let len = c.encode_utf8(&mut bytes).len() as u8;
        Unit { bytes, len, alnum: NO_ALNUM, digit: false, kanji: NO_KANJI }
    }

    fn kanji(value: u16) -> Unit {
        Unit { bytes: [0; 4], len: 0, alnum: NO_ALNUM, digit: false, kanji: value }
    }
}

/// One way to carry the data: the characters, and what precedes the first segment.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// ECI designator written before the data (3 = ISO-8859-1, 26 = UTF-8), if any.
    pub eci: Option<u8>,
    /// FNC1 in first position (GS1).
    pub fnc1: bool,
    pub units: Vec<Unit>,
}

/// A run of characters `start..end` (indices into the candidate's units) in one mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    pub mode: Mode,
    pub start: usize,
    pub end: usize,
}

/// The optimal segments of a candidate for one version class, and its length in bits
/// (`usize::MAX` when some segment exceeds its count indicator, which only happens for data
/// too long for every version of the class).
#[derive(Clone, Debug)]
pub struct Segmentation {
    pub segments: Vec<Segment>,
    pub bits: usize,
}

/*---- Character sets ----*/

/// The ways to carry `data` (see the module documentation), one or two candidates.
pub fn analyse(data: &[u8], gs1_mode: bool, binary: bool) -> Result<Vec<Candidate>, SymbologyError> {
    if data.is_empty() {
        return Err(SymbologyError::NoData { symbology: NAME });
    }
    // No character takes more than 4 bytes, so this is more characters than any symbol
    // holds; refuse before allocating anything in proportion.
    if data.len() > 4 * MAX_CHARACTERS {
        return Err(SymbologyError::CapacityExceeded { symbology: NAME });
    }
    if gs1_mode {
        let element = gs1::element_string(data, NAME)?;
        let units: Vec<Unit> = element.iter().map(|&b| Unit::ascii(b, true)).collect();
        if units.len() > MAX_CHARACTERS {
            return Err(SymbologyError::CapacityExceeded { symbology: NAME });
        }
        return Ok(vec![Candidate { eci: None, fnc1: true, units }]);
    }
    let text = if binary { None } else { std::str::from_utf8(data).ok() };
    let text = match text {
        Some(t) if !t.is_ascii() => t,
        _ => {
            // ASCII, raw bytes, or not UTF-8: the bytes as they are.
            if data.len() > MAX_CHARACTERS {
                return Err(SymbologyError::CapacityExceeded { symbology: NAME });
            }
            let units = data.iter().map(|&b| if b < 0x80 { Unit::ascii(b, false) } else { Unit::byte(b) }).collect();
            return Ok(vec![Candidate { eci: None, fnc1: false, units }]);
        }
    };
    if text.chars().count() > MAX_CHARACTERS {
        return Err(SymbologyError::CapacityExceeded { symbology: NAME });
    }
    if text.chars().all(|c| (c as u32) <= 0xFF) {
        let units = text.chars().map(|c| if c.is_ascii() { Unit::ascii(c as u8, false) } else { Unit::byte(c as u8) }).collect();
        return Ok(vec![Candidate { eci: Some(3), fnc1: false, units }]);
    }
    let mut candidates = Vec::with_capacity(2);
    // Under Kanji mode zbar reads the other bytes as Shift JIS too, where 0x5C and 0x7E are
    // the yen sign and overline: text with a backslash or tilde goes the UTF-8 way.
    let kanji_units: Option<Vec<Unit>> = if text.contains(|c| c == '\\' || c == '~') {
        None
    } else {
        text.chars()
            .map(|c| {
                if c.is_ascii() {
                    Some(Unit::ascii(c as u8, false))
                } else {
                    kanji::shift_jis(c).map(|s| Unit::kanji(kanji::kanji_value(s)))
                }
            })
            .collect()
    };
    if let Some(units) = kanji_units {
        candidates.push(Candidate { eci: None, fnc1: false, units });
    }
    let units = text.chars().map(|c| if c.is_ascii() { Unit::ascii(c as u8, false) } else { Unit::utf8(c) }).collect();
    candidates.push(Candidate { eci: Some(26), fnc1: false, units });
    Ok(candidates)
}

/*---- Segmentation ----*/

// DP states: numeric with 0/1/2 digits pending, alphanumeric with 0/1 pending, byte, Kanji.
const N0: usize = 0;
const N1: usize = 1;
const N2: usize = 2;
const A0: usize = 3;
const A1: usize = 4;
const B: usize = 5;
const K: usize = 6;
const STATES: usize = 7;
const STATE_MODE: [Mode; STATES] =
    [Mode::Numeric, Mode::Numeric, Mode::Numeric, Mode::Alphanumeric, Mode::Alphanumeric, Mode::Byte, Mode::Kanji];
/// Back-pointer flag: this character starts a new segment.
const NEW: u8 = 0x08;
const INF: u32 = u32::MAX / 4;

/// Bits before the first segment: FNC1 mode indicator, ECI header.
fn prefix_bits(c: &Candidate) -> usize {
    let mut bits = 0;
    if c.fnc1 {
        bits += 4;
    }
    if c.eci.is_some() {
        bits += 4 + 8; // designators below 128 take one byte
    }
    bits
}

/// The fewest-bits segmentation of `c` for a version class (see the module documentation).
pub fn segment(c: &Candidate, class: usize) -> Segmentation {
    let units = &c.units;
    let n = units.len();
    let header = |m: Mode| 4 + m.count_bits(class);
    let mut cost = [INF; STATES];
    let mut back: Vec<[u8; STATES]> = vec![[0u8; STATES]; n];
    for (i, u) in units.iter().enumerate() {
        let (best, best_state) = if i == 0 {
            (0, 0)
        } else {
            let mut s = 0;
            for t in 1..STATES {
                if cost[t] < cost[s] {
                    s = t;
                }
            }
            (cost[s], s as u8)
        };
        let mut next = [INF; STATES];
        let mut bk = [0u8; STATES];
        let mut relax = |state: usize, value: u32, from: u8| {
            if value < next[state] {
                next[state] = value;
                bk[state] = from;
            }
        };
        if u.digit {
            relax(N1, cost[N0] + 4, N0 as u8);
            relax(N2, cost[N1] + 3, N1 as u8);
            relax(N0, cost[N2] + 3, N2 as u8);
            relax(N1, best + header(Mode::Numeric) + 4, NEW | best_state);
        }
        if u.alnum != NO_ALNUM {
            relax(A1, cost[A0] + 6, A0 as u8);
            relax(A0, cost[A1] + 5, A1 as u8);
            relax(A1, best + header(Mode::Alphanumeric) + 6, NEW | best_state);
        }
        if u.len > 0 {
            let bits = 8 * u.len as u32;
            relax(B, cost[B] + bits, B as u8);
            relax(B, best + header(Mode::Byte) + bits, NEW | best_state);
        }
        if u.kanji != NO_KANJI {
            relax(K, cost[K] + 13, K as u8);
            relax(K, best + header(Mode::Kanji) + 13, NEW | best_state);
        }
        cost = next;
        back[i] = bk;
    }
    // Trace back from the cheapest final state.
    let mut state = 0;
    for t in 1..STATES {
        if cost[t] < cost[state] {
            state = t;
        }
    }
    let total = cost[state] as usize;
    let mut segments = Vec::new();
    let mut end = n;
    for i in (0..n).rev() {
        let b = back[i][state];
        if b & NEW != 0 {
            segments.push(Segment { mode: STATE_MODE[state], start: i, end });
            end = i;
        }
        state = (b & 0x07) as usize;
    }
    segments.reverse();
    let mut bits = prefix_bits(c) + total;
    for s in &segments {
        if count(c, s) >= 1 << s.mode.count_bits(class) {
            bits = usize::MAX;
        }
    }
    Segmentation { segments, bits }
}

/// The character count a segment declares: bytes for byte mode, characters otherwise.
fn count(c: &Candidate, s: &Segment) -> usize {
    match s.mode {
        Mode::Byte => c.units[s.start..s.end].iter().map(|u| u.len as usize).sum(),
        _ => s.end - s.start,
    }
}

/*---- Bit stream ----*/

/// Appends bits MSB-first to bytes.
struct BitWriter {
    bytes: Vec<u8>,
    acc: u64,
    acc_bits: u32,
}

impl BitWriter {
    fn with_capacity(bytes: usize) -> BitWriter {
        BitWriter { bytes: Vec::with_capacity(bytes), acc: 0, acc_bits: 0 }
    }

    /// Appends the low `n` bits of `value` (n <= 32).
    #[inline]
    fn put(&mut self, value: u32, n: u32) {
        debug_assert!(n <= 32 && (n == 32 || value >> n == 0));
        self.acc = (self.acc << n) | value as u64;
        self.acc_bits += n;
        while self.acc_bits >= 8 {
            self.acc_bits -= 8;
            self.bytes.push((self.acc >> self.acc_bits) as u8);
        }
    }

    fn bit_len(&self) -> usize {
        self.bytes.len() * 8 + self.acc_bits as usize
    }

    /// Pads with zeros to a byte boundary and returns the bytes.
    fn finish(mut self) -> Vec<u8> {
        if self.acc_bits > 0 {
            let pad = 8 - self.acc_bits;
            self.put(0, pad);
        }
        self.bytes
    }
}

/// The data codewords for `version`/`ecc`: prefix, segments, terminator, padding
/// (7.4.9-7.4.10). The caller has checked that `seg.bits` fits.
pub fn data_codewords(c: &Candidate, seg: &Segmentation, version: Version, ecc: Ecc) -> Vec<u8> {
    let capacity = DATA_CODEWORDS[ecc.index()][version.value() as usize - 1] as usize;
    let class = class_of(version);
    let mut w = BitWriter::with_capacity(capacity);
    if c.fnc1 {
        w.put(0b0101, 4);
    }
    if let Some(eci) = c.eci {
        w.put(0b0111, 4);
        w.put(eci as u32, 8);
    }
    for s in &seg.segments {
        let units = &c.units[s.start..s.end];
        w.put(s.mode.indicator(), 4);
        w.put(count(c, s) as u32, s.mode.count_bits(class));
        match s.mode {
            Mode::Numeric => {
                for group in units.chunks(3) {
                    let value = group.iter().fold(0u32, |acc, u| acc * 10 + u.alnum as u32);
                    w.put(value, [0, 4, 7, 10][group.len()]);
                }
            }
            Mode::Alphanumeric => {
                for pair in units.chunks(2) {
                    if pair.len() == 2 {
                        w.put(pair[0].alnum as u32 * 45 + pair[1].alnum as u32, 11);
                    } else {
                        w.put(pair[0].alnum as u32, 6);
                    }
                }
            }
            Mode::Byte => {
                for u in units {
                    for &b in &u.bytes[..u.len as usize] {
                        w.put(b as u32, 8);
                    }
                }
            }
            Mode::Kanji => {
                for u in units {
                    w.put(u.kanji as u32, 13);
                }
            }
        }
    }
    debug_assert_eq!(w.bit_len(), seg.bits);
    let capacity_bits = capacity * 8;
    let terminator = (capacity_bits - w.bit_len()).min(4);
    w.put(0, terminator as u32);
    let mut bytes = w.finish();
    let mut pad = 0xEC;
    while bytes.len() < capacity {
        bytes.push(pad);
        pad ^= 0xEC ^ 0x11;
    }
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn modes(text: &str, class: usize) -> (String, usize) {
        let cands = analyse(text.as_bytes(), false, false).unwrap();
        let best = cands.iter().map(|c| (c, segment(c, class))).min_by_key(|(_, s)| s.bits).unwrap();
        let mut out = String::new();
        for s in &best.1.segments {
            for _ in s.start..s.end {
                out.push(s.mode.letter());
            }
        }
        (out, best.1.bits)
    }

    #[test]
    fn single_mode_inputs() {
        assert_eq!(modes("01234567", 0), ("NNNNNNNN".into(), 4 + 10 + 27));
        assert_eq!(modes("HELLO WORLD", 0), ("AAAAAAAAAAA".into(), 4 + 9 + 61));
        assert_eq!(modes("hello", 0), ("BBBBB".into(), 4 + 8 + 40));
        // ISO 18004 7.4.6 example characters, Kanji mode, no ECI.
        assert_eq!(modes("点茗", 0), ("KK".into(), 4 + 8 + 26));
    }

    #[test]
    fn mixed_inputs_switch_where_it_pays() {
        // A long digit run inside lower case text gets its own numeric segment...
        assert_eq!(modes("a1234567890", 0).0, "BNNNNNNNNNN");
        // ...a short one does not.
        assert_eq!(modes("a123b", 0).0, "BBBBB");
        // Lower case forces byte mode throughout a short URL.
        assert_eq!(modes("https://example.com/", 0).0, "BBBBBBBBBBBBBBBBBBBB");
        assert_eq!(modes("ABC123456789012", 0).0, "AAANNNNNNNNNNNN");
        // Wider count indicators in versions 27-40 make segments dearer: 15 digits between
        // letters pay for two extra headers in versions 1-9, not in 27-40.
        let text = "ABCDEFGHIJ012345678901234ABCDEFGHIJ";
        assert_eq!(modes(text, 0).0, format!("{}{}{}", "A".repeat(10), "N".repeat(15), "A".repeat(10)));
        assert_eq!(modes(text, 2).0, "A".repeat(35));
    }

    #[test]
    fn character_sets() {
        let c = analyse("café".as_bytes(), false, false).unwrap();
        assert_eq!((c.len(), c[0].eci, c[0].units.len()), (1, Some(3), 4));
        let c = analyse("abc".as_bytes(), false, false).unwrap();
        assert_eq!(c[0].eci, None);
        // Japanese: a Kanji candidate without ECI and a UTF-8 one; Kanji wins.
        let c = analyse("日本語テキスト".as_bytes(), false, false).unwrap();
        assert_eq!((c.len(), c[0].eci, c[1].eci), (2, None, Some(26)));
        assert!(segment(&c[0], 0).bits < segment(&c[1], 0).bits);
        // Simplified Chinese outside JIS X 0208: UTF-8 only.
        let c = analyse("中文测试".as_bytes(), false, false).unwrap();
        assert_eq!((c.len(), c[0].eci), (1, Some(26)));
        // Raw bytes: no interpretation, no ECI.
        let c = analyse(&[0xC3, 0xA9, 0xFF], false, true).unwrap();
        assert_eq!((c[0].eci, c[0].units.len()), (None, 3));
        let c = analyse(&[0xFF, 0x41], false, false).unwrap(); // not UTF-8
        assert_eq!((c[0].eci, c[0].units.len()), (None, 2));
    }

    #[test]
    fn annex_i_bit_stream() {
        let c = &analyse(b"01234567", false, false).unwrap()[0];
        let s = segment(c, 0);
        let v = Version::new(1).unwrap();
        assert_eq!(
            data_codewords(c, &s, v, Ecc::Medium),
            vec![0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        );
    }

    #[test]
    fn gs1_uses_fnc1_and_percent_for_separators() {
        let c = &analyse(b"(10)AB(21)12", true, false).unwrap()[0];
        assert!(c.fnc1);
        let s = segment(c, 0);
        // "10AB" GS "2112": all alphanumeric, GS as '%'.
        assert_eq!(s.segments.len(), 1);
        assert_eq!(s.segments[0].mode, Mode::Alphanumeric);
        let c = &analyse(b"(10)A%B", true, false).unwrap()[0];
        let s = segment(c, 0);
        assert!(s.segments.iter().any(|s| s.mode == Mode::Byte));
    }

    /// Exhaustive search over all partitions and modes for short strings from a mixed
    /// alphabet: the DP must find exactly the minimum.
    #[test]
    fn dp_is_optimal_against_exhaustive_search() {
        fn best(units: &[Unit], class: usize) -> usize {
            // f[i] = min bits for units[i..]: every segment i..j in every mode that can
            // carry all of it, payload from the closed-form lengths of 7.4.
            let n = units.len();
            let mut f = vec![usize::MAX; n + 1];
            f[n] = 0;
            for i in (0..n).rev() {
                let (mut digits, mut alnum, mut bytes, mut kanji) = (true, true, true, true);
                let mut byte_count = 0;
                for j in i + 1..=n {
                    let u = &units[j - 1];
                    digits &= u.digit;
                    alnum &= u.alnum != NO_ALNUM;
                    bytes &= u.len > 0;
                    kanji &= u.kanji != NO_KANJI;
                    byte_count += u.len as usize;
                    let len = j - i;
                    let options = [
                        (digits, Mode::Numeric, 10 * (len / 3) + [0, 4, 7][len % 3]),
                        (alnum, Mode::Alphanumeric, 11 * (len / 2) + 6 * (len % 2)),
                        (bytes, Mode::Byte, 8 * byte_count),
                        (kanji, Mode::Kanji, 13 * len),
                    ];
                    for (ok, m, payload) in options {
                        if ok {
                            f[i] = f[i].min(4 + m.count_bits(class) as usize + payload + f[j]);
                        }
                    }
                }
            }
            f[0]
        }
        let alphabet: Vec<char> = "0123456789AZ $:ab日本".chars().collect();
        let mut seed: u32 = 12345;
        for trial in 0..2000 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let len = 1 + (seed >> 16) as usize % 16;
            let mut s = String::new();
            for _ in 0..len {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                // Bias towards runs so that segment switches matter.
                let idx = (seed >> 16) as usize % alphabet.len();
                let run = 1 + (seed >> 8) as usize % 5;
                for _ in 0..run {
                    s.push(alphabet[idx]);
                }
            }
            let class = trial % 3;
            for c in analyse(s.as_bytes(), false, false).unwrap() {
                let dp = segment(&c, class).bits - prefix_bits(&c);
                assert_eq!(dp, best(&c.units, class), "{:?} class {}", s, class);
            }
        }
    }
}
