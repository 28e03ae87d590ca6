//! Code 128 (ISO/IEC 15417): encodes ASCII 0-127 as a linear symbol.
//!
//! # The symbol
//!
//! A start character (which also selects code set A, B or C), the data characters, a
//! modulo-103 check character and the stop pattern. Every character but the stop is
//! 11 modules wide (3 bars and 3 spaces of 1-4 modules); the stop is 13. So a symbol of
//! `n` characters before the check is `11 * (n + 1) + 13` modules wide, and *shortest*
//! means fewest characters.
//!
//! * Set A: ASCII 0-95 (control characters and upper case).
//! * Set B: ASCII 32-127 (upper and lower case).
//! * Set C: pairs of digits 00-99, one character per pair.
//!
//! Sets change with a latch (CODE A/B/C, one character, lasting) or, between A and B, a
//! SHIFT (one character, for the next character only).
//!
//! # Choosing code sets
//!
//! As current zint (2.16.0.9, see `ZINT.md`): a minimal encodation ([`plan`], zint 2.14's
//! `c128_set_values`), dynamic programming over (position, current set), always the fewest
//! symbol characters, odd digit runs and A/B shifts included, with zint's order of trying the
//! sets so that ties go as zint's do and the symbols equal zint's module for module. (zint
//! 2.11, Debian's package, used the ISO/IEC 15417 Annex E rules instead: never shorter, and
//! other on ties, such as "123": 2.11 StartB 1 2 3, 2.16 StartC 12 CodeB 3.)
//!
//! zint's fixes since 2.11 for extended characters (FNC4 latching with 3 extended characters
//! at the end, 2.13.0; start code with digits then Latin-1, 2.15.0) do not apply here:
//! Latin-1 (FNC4) is not supported, bytes 128-255 are invalid characters.
//!
//! # GS1-128
//!
//! With [`Code128Options::gs1`] the data is a GS1 element string in bracket syntax,
//! `(01)09501101530003(10)ABC` ([`crate::gs1::element_string`]): the symbol starts with
//! FNC1 (which makes it GS1-128) and carries the AIs and data without brackets, with FNC1
//! as the separator after each variable-length field; a reader transmits that FNC1 as GS
//! (0x1D) and prefixes the symbology identifier `]C1`. FNC1 is one symbol character in
//! every code set; it is carried internally as the byte [`FNC1_MARK`], which plain data can
//! never hold. [`plan`] plans it as zint's `-b 16` does (sets C and B only).
//!
//! # Human-readable text
//!
//! The data, control characters as spaces (zint prints the same); GS1-128 prints the
//! bracket syntax as given.

use crate::gs1;
use crate::human_readable::{printable, HumanReadable};
use crate::{LinearSymbol, SymbologyError};

/// Name used in messages.
pub const NAME: &str = "Code 128";
/// Name used in messages about GS1-128 data.
pub const GS1_NAME: &str = "GS1-128";

/// Encoding options; the default is plain Code 128 (zint `-b 20`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Code128Options {
    /// The data is a GS1 element string in bracket syntax: encode GS1-128 (zint `-b 16`).
    pub gs1: bool,
}

/// At most this many characters (spec section 5: "other types: up to 80 printable
/// characters"). 80 lower-case letters make 82 symbol characters, 915 modules: 229 mm at
/// a 0.25 mm module, which is as long as a label gets.
pub const MAX_CHARS: usize = 80;

/*---- Public API ----*/

/// Encodes `data` (ASCII 0-127; control characters go through set A) as a Code 128
/// symbol with check character and stop pattern, without quiet zones.
///
/// Errors: [`SymbologyError::NoData`] for empty data, [`SymbologyError::DataTooLong`]
/// above [`MAX_CHARS`], [`SymbologyError::InvalidCharacter`] for a byte above 127.
pub fn encode(data: &[u8]) -> Result<LinearSymbol, SymbologyError> {
    Ok(symbol(&encode_codewords(data)?))
}

/// [`encode`] with options: GS1-128 when `options.gs1` (see the module documentation).
///
/// Errors: as [`encode`]; for GS1 data also [`SymbologyError::InvalidData`] for bracket
/// syntax that is not a valid element string.
pub fn encode_with_options(data: &[u8], options: Code128Options) -> Result<LinearSymbol, SymbologyError> {
    let codewords = if options.gs1 { encode_gs1_codewords(data)? } else { encode_codewords(data)? };
    Ok(symbol(&codewords))
}

/// [`encode_with_options`] plus the human-readable text (see the module documentation).
pub fn encode_with_text(data: &[u8], options: Code128Options) -> Result<(LinearSymbol, HumanReadable), SymbologyError> {
    let symbol = encode_with_options(data, options)?;
    Ok((symbol, HumanReadable::Line(printable(data))))
}

/// The symbol characters (values 0-105) from the start character to the check character
/// inclusive; the stop pattern is not a value and is not included.
pub fn encode_codewords(data: &[u8]) -> Result<Vec<u8>, SymbologyError> {
    validate(data)?;
    let mut codewords = plan(data, false);
    codewords.push(check_character(&codewords));
    Ok(codewords)
}

/// The symbol characters of GS1-128 data in bracket syntax: start, FNC1, the element
/// string (FNC1 for each separator), check character.
pub fn encode_gs1_codewords(data: &[u8]) -> Result<Vec<u8>, SymbologyError> {
    if data.len() > MAX_CHARS {
        return Err(SymbologyError::DataTooLong { symbology: GS1_NAME, length: data.len(), max: MAX_CHARS });
    }
    let element = gs1::element_string(data, GS1_NAME)?;
    let marked: Vec<u8> = element.iter().map(|&b| if b == gs1::GS { FNC1_MARK } else { b }).collect();
    let mut codewords = plan(&marked, true);
    codewords.push(check_character(&codewords));
    Ok(codewords)
}

/// The modules of the codewords, then the stop pattern.
fn symbol(codewords: &[u8]) -> LinearSymbol {
    let mut modules = Vec::with_capacity(codewords.len() * 11 + 13);
    let mut push = |bits: u16, len: u32| {
        for k in (0..len).rev() {
            modules.push(bits >> k & 1 == 1);
        }
    };
    for &cw in codewords {
        // Values only come from this file's tables and the modulo-103 check, all below 106.
        push(PATTERN_BITS.get(cw as usize).copied().unwrap_or(0), 11);
    }
    push(STOP_BITS, 13);
    LinearSymbol::from_modules(modules)
}

/// The modulo-103 check: start value plus each following value times its position.
pub fn check_character(codewords: &[u8]) -> u8 {
    let mut sum: u32 = 0;
    for (i, &cw) in codewords.iter().enumerate() {
        let weight = if i == 0 { 1 } else { i as u32 };
        sum += weight * cw as u32;
    }
    (sum % 103) as u8
}

fn validate(data: &[u8]) -> Result<(), SymbologyError> {
    if data.is_empty() {
        return Err(SymbologyError::NoData { symbology: NAME });
    }
    if data.len() > MAX_CHARS {
        return Err(SymbologyError::DataTooLong { symbology: NAME, length: data.len(), max: MAX_CHARS });
    }
    match data.iter().position(|&b| b > 127) {
        Some(position) => Err(SymbologyError::InvalidCharacter { symbology: NAME, position, byte: data[position] }),
        None => Ok(()),
    }
}

/*---- Code sets and the plan ----*/

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CodeSet {
    A,
    B,
    C,
}

/// The sets in state-index order (the index of a set in the plan's tables).
const SETS: [CodeSet; 3] = [CodeSet::A, CodeSet::B, CodeSet::C];

fn start_value(set: CodeSet) -> u8 {
    match set {
        CodeSet::A => START_A,
        CodeSet::B => START_B,
        CodeSet::C => START_C,
    }
}

/// The latch character to `set`; the same value in every set it is valid in.
fn latch_value(set: CodeSet) -> u8 {
    match set {
        CodeSet::A => CODE_A,
        CodeSet::B => CODE_B,
        CodeSet::C => CODE_C,
    }
}

/// The value of a single byte in set A or B, if that set has it; [`FNC1_MARK`] is FNC1
/// in every set (in C too, where it is the only single-byte character).
fn char_value(set: CodeSet, byte: u8) -> Option<u8> {
    match set {
        _ if byte == FNC1_MARK => Some(FNC1),
        CodeSet::A if byte < 32 => Some(byte + 64),
        CodeSet::A if byte < 96 => Some(byte - 32),
        CodeSet::B if (32..128).contains(&byte) => Some(byte - 32),
        _ => None,
    }
}

/// The set-C value of the digit pair at `i`, if both bytes are digits.
fn pair_value(data: &[u8], i: usize) -> Option<u8> {
    match (data.get(i), data.get(i + 1)) {
        (Some(&a), Some(&b)) if a.is_ascii_digit() && b.is_ascii_digit() => Some((a - b'0') * 10 + (b - b'0')),
        _ => None,
    }
}

/// A step of the plan: the set the byte (or pair) is written in, and whether it is written
/// through a SHIFT (the current set stays).
#[derive(Clone, Copy, Default)]
struct Step {
    set: u8,
    shift: bool,
}

/// The symbol characters for `data` (start included, check not), by zint's minimal
/// encodation (zint 2.14+ `c128_set_values`, after Alex Geller's for ZXing): for each
/// position and current set, the fewest characters for the rest, trying the sets in zint's
/// priority order and keeping the first of equal costs, so that ties go as zint's do. With
/// `gs1` the start is followed by FNC1 and [`FNC1_MARK`] is FNC1 (GS1-128); otherwise data
/// is ASCII 0-127 (validated).
///
/// Costs: a byte in set A or B is 1, 2 through a SHIFT (lower case and `` ` { | } ~ DEL``
/// in A, controls in B); a digit pair in C is 1; FNC1 is 1 in any set (in C not as the
/// second character after a letter, zint); a latch, or the start, adds 1 (the start 2 with
/// GS1's FNC1).
///
/// This replaces the ISO/IEC 15417 Annex E rules zint 2.11 used (zint 2.14.0, "add minimal
/// encodation algorithm"); the symbols are never longer than 2.11's and differ from them on
/// ties (zint 2.16: "123" is StartC 12 CodeB 3, 2.11 StartB 1 2 3).
fn plan(data: &[u8], gs1: bool) -> Vec<u8> {
    const NONE: u16 = u16::MAX;
    let n = data.len();
    let is_fnc1 = |i: usize| gs1 && data[i] == FNC1_MARK;
    // The sets tried, in zint's order (`c128_set_priority`): C if two digits are adjacent
    // somewhere, then B if there is a B-only byte or no A-only one, then A if there is an
    // A-only byte. A set not listed is never used. GS1 data has no controls: C, B.
    let (have_a, have_b, have_c) = if gs1 {
        (false, true, true)
    } else {
        (
            data.iter().any(|&b| b < 32),
            data.iter().any(|&b| b >= 96),
            data.windows(2).any(|w| w[0].is_ascii_digit() && w[1].is_ascii_digit()),
        )
    };
    let mut priority = Vec::with_capacity(3);
    if have_c {
        priority.push(2usize);
    }
    if have_b || !have_a {
        priority.push(1);
    }
    if have_a {
        priority.push(0);
    }

    // cost[i][s]: the fewest characters for data[i..] with set s current; step[i][s] how
    // data[i] is written. Row n is the end (cost 0). The start is state 3 at position 0.
    let mut cost = vec![[NONE; 4]; n + 1];
    let mut step = vec![[Step::default(); 4]; n + 1];
    cost[n] = [0; 4];
    let start_cost = if gs1 { 2 } else { 1 };
    for i in (0..n).rev() {
        let byte = data[i];
        let fnc1 = is_fnc1(i);
        let can_c = if fnc1 { i != 1 || !data[0].is_ascii_alphabetic() } else { pair_value(data, i).is_some() };
        let priors: &[usize] = if i == 0 { &[0, 1, 2, 3] } else { &[0, 1, 2] };
        for &prior in priors {
            let mut best = (NONE, Step::default());
            for &set in &priority {
                let entry = if prior == 3 { start_cost } else { (prior != set) as u16 };
                let (here, next, shift) = if set == 2 {
                    if !can_c {
                        continue;
                    }
                    (1, i + 2 - fnc1 as usize, false)
                } else {
                    // A byte only the other of A and B has goes through a SHIFT.
                    let shift = !fnc1 && char_value(SETS[set], byte).is_none();
                    (1 + shift as u16, i + 1, shift)
                };
                let rest = cost[next.min(n)][set];
                if rest == NONE {
                    continue;
                }
                let total = entry + here + rest;
                if total < best.0 {
                    best = (total, Step { set: set as u8, shift });
                }
            }
            cost[i][prior] = best.0;
            step[i][prior] = best.1;
        }
    }

    let mut out = Vec::with_capacity(cost[0][3] as usize + 1);
    let (mut i, mut current) = (0, 3usize);
    while i < n {
        let Step { set, shift } = step[i][current];
        let set = set as usize;
        if current == 3 {
            out.push(start_value(SETS[set]));
            if gs1 {
                out.push(FNC1);
            }
        } else if set != current {
            out.push(latch_value(SETS[set]));
        }
        current = set;
        if is_fnc1(i) {
            out.push(FNC1);
            i += 1;
        } else if SETS[set] == CodeSet::C {
            out.push(pair_value(data, i).unwrap_or(0));
            i += 2;
        } else if shift {
            let other = if SETS[set] == CodeSet::A { CodeSet::B } else { CodeSet::A };
            out.push(SHIFT);
            out.push(char_value(other, data[i]).unwrap_or(0));
            i += 1;
        } else {
            out.push(char_value(SETS[set], data[i]).unwrap_or(0));
            i += 1;
        }
    }
    out
}

/*---- Tables (ISO/IEC 15417 table 1) ----*/

const SHIFT: u8 = 98;
const FNC1: u8 = 102;

/// FNC1 in the byte sequence the planner reads (GS1-128 only): above 127, so no plain
/// Code 128 data (validated to 0-127) can contain it.
pub const FNC1_MARK: u8 = 0x80;
const CODE_C: u8 = 99;
const CODE_B: u8 = 100;
const CODE_A: u8 = 101;
const START_A: u8 = 103;
const START_B: u8 = 104;
const START_C: u8 = 105;

/// The stop pattern: bar, space, bar, space, bar, space, bar widths (13 modules).
const STOP: [u8; 7] = [2, 3, 3, 1, 1, 1, 2];

/// Each value's 11 modules as bits, the leftmost module in bit 10 (1 = bar).
const PATTERN_BITS: [u16; 106] = pattern_bits(PATTERNS);

/// The stop pattern's 13 modules as bits.
const STOP_BITS: u16 = {
    let mut bits = 0u16;
    let mut i = 0;
    while i < STOP.len() {
        let mut k = 0;
        while k < STOP[i] {
            bits = bits << 1 | (i % 2 == 0) as u16;
            k += 1;
        }
        i += 1;
    }
    bits
};

const fn pattern_bits(text: [&[u8; 6]; 106]) -> [u16; 106] {
    let mut out = [0u16; 106];
    let mut i = 0;
    while i < 106 {
        let mut bits = 0u16;
        let mut j = 0;
        while j < 6 {
            let mut k = 0;
            while k < text[i][j] - b'0' {
                bits = bits << 1 | (j % 2 == 0) as u16;
                k += 1;
            }
            j += 1;
        }
        out[i] = bits;
        i += 1;
    }
    out
}

#[rustfmt::skip]
const PATTERNS: [&[u8; 6]; 106] = [
    b"212222", b"222122", b"222221", b"121223", b"121322", b"131222", b"122213", b"122312",
    b"132212", b"221213", b"221312", b"231212", b"112232", b"122132", b"122231", b"113222",
    b"123122", b"123221", b"223211", b"221132", b"221231", b"213212", b"223112", b"312131",
    b"311222", b"321122", b"321221", b"312212", b"322112", b"322211", b"212123", b"212321",
    b"232121", b"111323", b"131123", b"131321", b"112313", b"132113", b"132311", b"211313",
    b"231113", b"231311", b"112133", b"112331", b"132131", b"113123", b"113321", b"133121",
    b"313121", b"211331", b"231131", b"213113", b"213311", b"213131", b"311123", b"311321",
    b"331121", b"312113", b"312311", b"332111", b"314111", b"221411", b"431111", b"111224",
    b"111422", b"121124", b"121421", b"141122", b"141221", b"112214", b"112412", b"122114",
    b"122411", b"142112", b"142211", b"241211", b"221114", b"413111", b"241112", b"134111",
    b"111242", b"121142", b"121241", b"114212", b"124112", b"124211", b"411212", b"421112",
    b"421211", b"212141", b"214121", b"412121", b"111143", b"111341", b"131141", b"114113",
    b"114311", b"411113", b"411311", b"113141", b"114131", b"311141", b"411131", b"211412",
    b"211214", b"211232",
];

/*---- Tests ----*/

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes symbol characters back to bytes, following the sets, latches and shifts:
    /// an independent reading of the plan that both planners must satisfy.
    fn decode(codewords: &[u8]) -> Vec<u8> {
        let (body, check) = codewords.split_at(codewords.len() - 1);
        assert_eq!(check_character(body), check[0], "check character");
        let mut set = match body[0] {
            START_A => CodeSet::A,
            START_B => CodeSet::B,
            START_C => CodeSet::C,
            v => panic!("bad start {}", v),
        };
        let mut out = Vec::new();
        let mut shift = false;
        for &v in &body[1..] {
            let this = if shift { if set == CodeSet::A { CodeSet::B } else { CodeSet::A } } else { set };
            shift = false;
            match (this, v) {
                (_, CODE_A) if this != CodeSet::A => set = CodeSet::A,
                (_, CODE_B) if this != CodeSet::B => set = CodeSet::B,
                (_, CODE_C) if this != CodeSet::C => set = CodeSet::C,
                (CodeSet::A, SHIFT) | (CodeSet::B, SHIFT) => shift = true,
                (CodeSet::C, v) if v < 100 => out.extend_from_slice(&[b'0' + v / 10, b'0' + v % 10]),
                (CodeSet::A, v) if v < 64 => out.push(v + 32),
                (CodeSet::A, v) if v < 96 => out.push(v - 64),
                (CodeSet::B, v) if v < 96 => out.push(v + 32),
                (s, v) => panic!("value {} not data in set {:?}", v, s),
            }
        }
        out
    }

    fn symbol_chars(data: &[u8]) -> usize {
        encode_codewords(data).unwrap().len()
    }

    /// A small deterministic generator (xorshift) for property tests.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    fn random_data(rng: &mut Rng) -> Vec<u8> {
        let len = 1 + rng.below(30) as usize;
        let mut data = Vec::new();
        while data.len() < len {
            match rng.below(5) {
                0 => {
                    let run = 1 + rng.below(9);
                    for _ in 0..run {
                        data.push(b'0' + rng.below(10) as u8);
                    }
                }
                1 => data.push(rng.below(32) as u8),
                2 => data.push(b'a' + rng.below(26) as u8),
                3 => data.push(b'A' + rng.below(26) as u8),
                _ => data.push(rng.below(128) as u8),
            }
        }
        data.truncate(len);
        data
    }

    /// Brute force: the fewest characters over every assignment of sets, for short data.
    fn brute_force_min(data: &[u8]) -> usize {
        fn go(data: &[u8], i: usize, set: CodeSet) -> usize {
            if i == data.len() {
                return 0;
            }
            let mut best = usize::MAX / 2;
            for &t in &SETS {
                let latch = (t != set) as usize;
                if t == CodeSet::C {
                    if pair_value(data, i).is_some() {
                        best = best.min(latch + 1 + go(data, i + 2, t));
                    }
                } else if char_value(t, data[i]).is_some() {
                    best = best.min(latch + 1 + go(data, i + 1, t));
                }
            }
            if set != CodeSet::C {
                let other = if set == CodeSet::A { CodeSet::B } else { CodeSet::A };
                if char_value(other, data[i]).is_some() {
                    best = best.min(2 + go(data, i + 1, set));
                }
            }
            best
        }
        // start + data + check
        1 + SETS.iter().map(|&s| go(data, 0, s)).min().unwrap() + 1
    }

    #[test]
    fn known_codewords() {
        // All set B: start B, P J J 1 2 3 C, check (104 + 48 + 2*42 + 3*42 + 4*17 + 5*18
        // + 6*19 + 7*35 = 879 = 8*103 + 55).
        assert_eq!(encode_codewords(b"PJJ123C").unwrap(), vec![104, 48, 42, 42, 17, 18, 19, 35, 55]);
        // Two digits alone: start C (rule 1a). 105 + 12 = 117 = 103 + 14.
        assert_eq!(encode_codewords(b"12").unwrap(), vec![105, 12, 14]);
        // Odd digits: start C for the pairs, the last digit in B.
        // 105 + 12 + 2*34 + 3*100 + 4*21 = 569 = 5*103 + 54.
        assert_eq!(encode_codewords(b"12345").unwrap(), vec![105, 12, 34, 100, 21, 54]);
        // A control character starts set A: TAB = 9 + 64 = 73; A = 33.
        // 103 + 73 + 2*33 = 242 = 2*103 + 36.
        assert_eq!(encode_codewords(b"\tA").unwrap(), vec![103, 73, 33, 36]);
    }

    #[test]
    fn modules_match_zint_for_known_inputs() {
        // `zint -b 20 --dump --data=...`, hex nibbles expanded to modules.
        let cases: [(&[u8], &str); 3] = [
            (b"Hello", "D2 18 A2 C8 65 0C A1 1E B2 86 3A C"),
            (b"12345", "D3 96 72 2C 5E ED C9 D6 31 D6"),
            (b"ab\x01cd", "D2 12 C2 43 7A 29 61 0B 21 36 EE C7 58"),
        ];
        for (data, dump) in cases.iter() {
            let symbol = encode(data).unwrap();
            let mut bits = symbol.to_bit_string();
            while bits.len() % 4 != 0 {
                bits.push('0');
            }
            let hex: String = bits
                .as_bytes()
                .chunks(4)
                .map(|c| {
                    let v = c.iter().fold(0u8, |acc, &b| acc * 2 + (b - b'0'));
                    std::char::from_digit(v as u32, 16).unwrap().to_ascii_uppercase()
                })
                .collect();
            assert_eq!(hex, dump.replace(' ', ""), "{:?}", String::from_utf8_lossy(data));
        }
    }

    #[test]
    fn symbol_width_is_eleven_per_character_plus_stop() {
        let symbol = encode(b"Hello").unwrap();
        // start + 5 + check = 7 characters.
        assert_eq!(symbol.width(), 7 * 11 + 13);
        let m = symbol.modules();
        assert!(m[0] && *m.last().unwrap(), "starts and ends with a bar");
        assert_eq!(&symbol.to_bit_string()[symbol.width() - 13..], "1100011101011");
    }

    #[test]
    fn set_choice_examples() {
        // 4+ digits inside text go to C: start B, a, CODE C, 12, 34, check.
        assert_eq!(encode_codewords(b"a1234").unwrap()[..5], [104, 65, 99, 12, 34]);
        // 3 digits at the end: B 1 2 3, B 1 CODE C 23 and CODE C 12 CODE B 3 all cost 4;
        // zint tries C first at each position, and C at "23" ends the symbol, so the pair
        // goes last (zint 2.11's Annex E kept B).
        assert_eq!(encode_codewords(b"a123").unwrap()[..5], [104, 65, 17, 99, 23]);
        // A single lower-case letter between controls is shifted.
        assert_eq!(encode_codewords(b"\x01a\x02").unwrap()[..5], [103, 65, SHIFT, 65, 66]);
        // Starting in A needs no shift: start, 1, A, SOH, check = 5 (zint 2.11's Annex E
        // started in B and shifted: 6).
        assert_eq!(encode_codewords(b"1A\x01").unwrap()[..4], [103, 17, 33, 65]);
        // Without controls set A is never tried, without lower case B only when there is
        // nothing A-only either: "AB" is B, "\x01AB" all A.
        assert_eq!(encode_codewords(b"AB").unwrap()[0], START_B);
        assert_eq!(encode_codewords(b"\x01AB").unwrap()[..4], [START_A, 65, 33, 34]);
    }

    #[test]
    fn every_plan_decodes_back_to_its_data_and_is_shortest() {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        for _ in 0..3000 {
            let data = random_data(&mut rng);
            let codewords = encode_codewords(&data).unwrap();
            assert_eq!(decode(&codewords), data, "round trip {:?}", data);
            if data.len() <= 10 {
                assert_eq!(codewords.len(), brute_force_min(&data), "optimal {:?}", data);
            }
        }
    }

    #[test]
    fn odd_digit_runs_cost_no_more_than_needed() {
        // start C, 12, 34, CODE B, 5 + check = 6 (all B would be 7).
        assert_eq!(symbol_chars(b"12345"), 6);
        // text, 5 digits, text: x 1 CODE C 23 45 CODE B y = 8 with start and check 9.
        assert_eq!(symbol_chars(b"x12345y"), 9);
        assert_eq!(symbol_chars(b"1234567890"), 1 + 5 + 1);
    }

    #[test]
    fn errors_are_values() {
        assert_eq!(encode(b""), Err(SymbologyError::NoData { symbology: NAME }));
        assert_eq!(
            encode(&[b'A'; 81]),
            Err(SymbologyError::DataTooLong { symbology: NAME, length: 81, max: 80 })
        );
        assert!(encode(&[b'A'; 80]).is_ok());
        assert_eq!(
            encode(b"ab\xe9"),
            Err(SymbologyError::InvalidCharacter { symbology: NAME, position: 2, byte: 0xE9 })
        );
    }

    #[test]
    fn gs1_128_starts_with_fnc1_and_separates_variable_fields() {
        // (01) is 16 digits: start C, FNC1, 8 pairs, then (10) ABC: 10 in C, CODE B, A B C.
        let cw = encode_gs1_codewords(b"(01)09501101530003(10)ABC").unwrap();
        assert_eq!(&cw[..3], &[START_C, FNC1, 1]);
        assert_eq!(&cw[3..11], &[9, 50, 11, 1, 53, 0, 3, 10]);
        assert_eq!(&cw[11..15], &[CODE_B, 33, 34, 35]);
        assert_eq!(cw.len(), 16);
        assert_eq!(*cw.last().unwrap(), check_character(&cw[..cw.len() - 1]));
        // A variable field before another: FNC1 between them (here in set B).
        let cw = encode_gs1_codewords(b"(10)AB(21)X").unwrap();
        let fnc1s = cw.iter().filter(|&&v| v == FNC1).count();
        assert_eq!(fnc1s, 2);
        // Plain Code 128 never emits FNC1, and GS stays a control character there.
        assert!(!encode_codewords(b"10AB\x1d21X").unwrap().contains(&FNC1));
        assert_eq!(
            encode_with_options(b"01123", Code128Options { gs1: true }).unwrap_err(),
            SymbologyError::InvalidData {
                symbology: GS1_NAME,
                reason: "GS1 data must be Application Identifiers in parentheses, e.g. (01)09501101530003(10)ABC"
            }
        );
        assert_eq!(encode_with_options(b"", Code128Options { gs1: true }), Err(SymbologyError::NoData { symbology: GS1_NAME }));
    }

    #[test]
    fn gs1_128_matches_zint() {
        // `zint -b 16 --dump --data='[01]09501101530003[10]ABC'`: 189 modules, 3 nibble
        // padding bits.
        let zint = "D39EBB36648C5D893366EED99263225EEA311622374CC758";
        let bits: String = zint.chars().map(|c| format!("{:04b}", c.to_digit(16).unwrap())).collect();
        let symbol = encode_with_options(b"(01)09501101530003(10)ABC", Code128Options { gs1: true }).unwrap();
        assert_eq!(symbol.width(), 189);
        assert_eq!(symbol.to_bit_string(), bits[..189]);
    }

    #[test]
    fn every_ascii_byte_is_encodable() {
        for b in 0u8..128 {
            let codewords = encode_codewords(&[b]).unwrap();
            assert_eq!(decode(&codewords), vec![b]);
        }
    }
}

#[cfg(test)]
#[path = "code128_zint_vectors.rs"]
mod zint_vectors;
