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
//! Two plans are made and the shorter wins:
//!
//! 1. [`plan_annex_e`]: the rules of ISO/IEC 15417 Annex E exactly as zint 2.11 (our
//!    reference encoder) applies them: runs of 4+ digits go to set C (2 digits when they
//!    are the whole message), an odd run gives its first digit (last, at the start of the
//!    data) to the neighbouring set, a single character of the other set is shifted.
//! 2. [`plan_shortest`]: dynamic programming over (position, current set), which is
//!    always optimal, including for odd digit runs and A/B shifts.
//!
//! When they tie, the Annex E plan is used, so our symbols equal zint's module for module
//! wherever zint is optimal; where zint is not (some mixes of control characters, lower
//! case and odd digit runs), ours are strictly shorter.
//!
//! Latin-1 (FNC4) is not supported: bytes 128-255 are invalid characters.
//!
//! # GS1-128
//!
//! With [`Code128Options::gs1`] the data is a GS1 element string in bracket syntax,
//! `(01)09501101530003(10)ABC` ([`crate::gs1::element_string`]): the symbol starts with
//! FNC1 (which makes it GS1-128) and carries the AIs and data without brackets, with FNC1
//! as the separator after each variable-length field; a reader transmits that FNC1 as GS
//! (0x1D) and prefixes the symbology identifier `]C1`. FNC1 is one symbol character in
//! every code set, so only [`plan_shortest`] plans GS1 data (FNC1 is carried internally as
//! the byte [`FNC1_MARK`], which plain data can never hold). zint's `-b 16` makes the same
//! symbol where its plan is shortest.
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
    let shortest = plan_shortest(data);
    let mut codewords = match emit(data, &plan_annex_e(data)) {
        Some(annex) if annex.len() <= shortest.len() => annex,
        _ => shortest,
    };
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
    let mut marked = Vec::with_capacity(element.len() + 1);
    marked.push(FNC1_MARK);
    marked.extend(element.iter().map(|&b| if b == gs1::GS { FNC1_MARK } else { b }));
    let mut codewords = plan_shortest(&marked);
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

/*---- Code sets and plans ----*/

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CodeSet {
    A,
    B,
    C,
}

const SETS: [CodeSet; 3] = [CodeSet::A, CodeSet::B, CodeSet::C];

/// How one input byte is written. In set C both digits of a pair carry `In(C)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// In this set, latching to it first if it is not the current one.
    In(CodeSet),
    /// A SHIFT to this set (A or B) for this byte only.
    Shift(CodeSet),
}

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

/// Writes a plan out as symbol characters (start included, check not). `None` when the
/// plan is not valid for the data (a byte outside its set, a lone set-C digit, a shift
/// from set C or to the current set), so a faulty plan can never produce a wrong symbol.
fn emit(data: &[u8], plan: &[Mode]) -> Option<Vec<u8>> {
    let mut current = match plan.first() {
        Some(&Mode::In(set)) => set,
        _ => return None,
    };
    if plan.len() != data.len() {
        return None;
    }
    let mut out = Vec::with_capacity(data.len() + 8);
    out.push(start_value(current));
    let mut i = 0;
    while i < data.len() {
        match plan[i] {
            Mode::In(set) => {
                if set != current {
                    out.push(latch_value(set));
                    current = set;
                }
                if set == CodeSet::C {
                    if plan.get(i + 1) != Some(&Mode::In(CodeSet::C)) {
                        return None;
                    }
                    out.push(pair_value(data, i)?);
                    i += 2;
                } else {
                    out.push(char_value(set, data[i])?);
                    i += 1;
                }
            }
            Mode::Shift(set) => {
                if set == CodeSet::C || current == CodeSet::C || set == current {
                    return None;
                }
                out.push(SHIFT);
                out.push(char_value(set, data[i])?);
                i += 1;
            }
        }
    }
    Some(out)
}

/*---- Plan 1: ISO/IEC 15417 Annex E, as zint 2.11 applies it ----*/

/// What a run of bytes needs, before and after the rules decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Run {
    /// Control characters (A only); after the rules: shifted to A.
    ShiftA,
    /// Lower case and `` ` { | } ~ DEL`` (B only); after the rules: shifted to B.
    ShiftB,
    /// Upper case and punctuation (A or B).
    AOrB,
    /// Digits (A, B or C).
    AbOrC,
    LatchA,
    LatchB,
    LatchC,
}

fn run_of(byte: u8) -> Run {
    match byte {
        0..=31 => Run::ShiftA,
        b'0'..=b'9' => Run::AbOrC,
        32..=95 => Run::AOrB,
        _ => Run::ShiftB,
    }
}

/// The Annex E rules over runs of same-need bytes (zint 2.11 `c128_dxsmooth` and the odd
/// set-C resolution that follows it in `code128()`).
fn plan_annex_e(data: &[u8]) -> Vec<Mode> {
    // Runs of bytes with the same need: (need, length).
    let mut runs: Vec<(Run, usize)> = Vec::with_capacity(data.len());
    for &b in data {
        let need = run_of(b);
        match runs.last_mut() {
            Some(last) if last.0 == need => last.1 += 1,
            _ => runs.push((need, 1)),
        }
    }

    let n = runs.len();
    for i in 0..n {
        let (mut need, length) = runs[i];
        let next = if i + 1 < n { Some(runs[i + 1].0) } else { None };
        if i == 0 {
            if need == Run::AbOrC {
                // Rule 1a (the whole message is 2 digits) and 1b (4 or more digits).
                if (n == 1 && length == 2) || length >= 4 {
                    need = Run::LatchC;
                } else {
                    need = Run::AOrB;
                }
            }
            // Rules 1c and 1d: start in A if a control character comes first, else B.
            runs[i].0 = match need {
                Run::AOrB if next == Some(Run::ShiftA) => Run::LatchA,
                Run::AOrB | Run::ShiftB => Run::LatchB,
                Run::ShiftA => Run::LatchA,
                other => other,
            };
        } else {
            let last = runs[i - 1].0;
            if need == Run::AbOrC {
                // Rule 3: 4 or more digits latch to C.
                need = if length >= 4 { Run::LatchC } else { Run::AOrB };
            }
            runs[i].0 = match need {
                // Keep the current set.
                Run::AOrB if last == Run::LatchA || last == Run::ShiftB => Run::LatchA,
                Run::AOrB if last == Run::LatchB || last == Run::ShiftA => Run::LatchB,
                Run::AOrB if next == Some(Run::ShiftA) => Run::LatchA,
                Run::AOrB => Run::LatchB,
                // Rules 4 and 5: latch for 2 or more, else shift unless already there.
                Run::ShiftA if length > 1 || matches!(last, Run::LatchA | Run::ShiftB | Run::LatchC) => Run::LatchA,
                Run::ShiftB if length > 1 || matches!(last, Run::LatchB | Run::ShiftA | Run::LatchC) => Run::LatchB,
                other => other,
            };
        }
    }

    // Merge neighbours that ended up the same.
    let mut merged: Vec<(Run, usize)> = Vec::with_capacity(runs.len());
    for run in runs {
        match merged.last_mut() {
            Some(last) if last.0 == run.0 => last.1 += run.1,
            _ => merged.push(run),
        }
    }
    let mut runs = merged;

    // Rule 2: an odd C run at the start leaves its last digit to the next set.
    if runs[0].0 == Run::LatchC && runs[0].1 % 2 == 1 {
        runs[0].1 -= 1;
        if runs.len() == 1 {
            runs.push((Run::LatchB, 1));
        } else {
            runs[1].1 += 1;
        }
    }
    // Rule 3b: an odd C run elsewhere leaves its first digit to the previous set.
    for i in 1..runs.len() {
        if runs[i].0 == Run::LatchC && runs[i].1 % 2 == 1 {
            runs[i - 1].1 += 1;
            runs[i].1 -= 1;
        }
    }

    let mut plan = Vec::with_capacity(data.len());
    for (need, length) in runs {
        let mode = match need {
            Run::ShiftA => Mode::Shift(CodeSet::A),
            Run::ShiftB => Mode::Shift(CodeSet::B),
            Run::LatchA => Mode::In(CodeSet::A),
            Run::LatchC => Mode::In(CodeSet::C),
            // Every run has been decided above; B is the safe reading of anything else.
            _ => Mode::In(CodeSet::B),
        };
        for _ in 0..length {
            plan.push(mode);
        }
    }
    plan
}

/*---- Plan 2: shortest, by dynamic programming ----*/

/// How a state of the shortest plan was reached: the previous set and the kind of step.
/// Positions and codewords follow from these, so the table is two bytes a state.
#[derive(Clone, Copy)]
struct Back {
    from_set: u8,
    kind: Step,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    /// Not reached (only the start).
    None,
    /// One byte in the current set (in set C: FNC1).
    Char,
    /// A digit pair in set C.
    Pair,
    /// A latch, then one byte in the new set (in set C: FNC1).
    LatchChar,
    /// A latch to set C, then a digit pair.
    LatchPair,
    /// SHIFT to the other of A/B for one byte.
    Shift,
}

/// The fewest symbol characters for `data` (start included, check not); `data` may hold
/// [`FNC1_MARK`] for FNC1.
///
/// State `(i, s)`: the first `i` bytes written and `s` the current set; the cost is the
/// number of symbol characters so far. From each state: write the next byte (or digit
/// pair) in the current set (1), latch to another set and write it there (2), or shift
/// between A and B for one byte (2). Every byte 0-127 is in A or B, so the end is always
/// reached. O(n) time and memory: two small tables, the plan rebuilt by walking back.
fn plan_shortest(data: &[u8]) -> Vec<u8> {
    const NONE: u16 = u16::MAX;
    // Data is at most MAX_CHARS bytes (GS1: one FNC1 more), so the tables live on the stack.
    const STATES: usize = MAX_CHARS + 2;
    let n = data.len().min(STATES - 1);
    let data = &data[..n];
    let mut cost = [[NONE; 3]; STATES];
    let mut back = [[Back { from_set: 0, kind: Step::None }; 3]; STATES];
    cost[0] = [1, 1, 1]; // the start character selects the first set

    for i in 0..n {
        let byte = data[i];
        let pair = pair_value(data, i).is_some();
        for s in 0..3 {
            let c = cost[i][s];
            if c == NONE {
                continue;
            }
            // Stay first, so that ties keep the current set; then B, A, C, so that a
            // tied latch goes to B as zint's does (the index order of SETS is A, B, C).
            for (k, &t) in [s, 1, 0, 2].iter().enumerate() {
                if k > 0 && t == s {
                    continue;
                }
                let latch = t != s;
                let (to, kind) = if SETS[t] == CodeSet::C {
                    if pair {
                        (i + 2, if latch { Step::LatchPair } else { Step::Pair })
                    } else if byte == FNC1_MARK {
                        (i + 1, if latch { Step::LatchChar } else { Step::Char })
                    } else {
                        continue;
                    }
                } else if char_value(SETS[t], byte).is_some() {
                    (i + 1, if latch { Step::LatchChar } else { Step::Char })
                } else {
                    continue;
                };
                let total = c + 1 + latch as u16;
                if total < cost[to][t] {
                    cost[to][t] = total;
                    back[to][t] = Back { from_set: s as u8, kind };
                }
            }
            if SETS[s] != CodeSet::C && char_value(other_ab(SETS[s]), byte).is_some() {
                let total = c + 2;
                if total < cost[i + 1][s] {
                    cost[i + 1][s] = total;
                    back[i + 1][s] = Back { from_set: s as u8, kind: Step::Shift };
                }
            }
        }
    }

    // Walk back from the cheapest final state; on a tie B, then A, then C (as zint).
    let mut end_set = 1;
    for &s in &[0, 2] {
        if cost[n][s] < cost[n][end_set] {
            end_set = s;
        }
    }
    let mut steps = [(0usize, 0usize, Step::None); STATES]; // (from, set, step), last first
    let mut count = 0;
    let (mut i, mut s) = (n, end_set);
    while i > 0 {
        let b = back[i][s];
        let from = match b.kind {
            Step::Pair | Step::LatchPair => i - 2,
            Step::None => break, // unreachable: every reached state has a step
            _ => i - 1,
        };
        steps[count] = (from, s, b.kind);
        count += 1;
        i = from;
        s = b.from_set as usize;
    }
    let mut out = Vec::with_capacity(cost[n][end_set] as usize + 1);
    out.push(start_value(SETS[s]));
    for &(from, set, kind) in steps[..count].iter().rev() {
        let set = SETS[set];
        let single = |set: CodeSet| match set {
            CodeSet::C => FNC1,
            _ => char_value(set, data[from]).unwrap_or(0),
        };
        match kind {
            Step::Char => out.push(single(set)),
            Step::Pair => out.push(pair_value(data, from).unwrap_or(0)),
            Step::LatchChar => out.extend_from_slice(&[latch_value(set), single(set)]),
            Step::LatchPair => out.extend_from_slice(&[CODE_C, pair_value(data, from).unwrap_or(0)]),
            Step::Shift => out.extend_from_slice(&[SHIFT, char_value(other_ab(set), data[from]).unwrap_or(0)]),
            Step::None => {}
        }
    }
    out
}

/// The other of sets A and B (C for C, never asked).
fn other_ab(set: CodeSet) -> CodeSet {
    match set {
        CodeSet::A => CodeSet::B,
        CodeSet::B => CodeSet::A,
        CodeSet::C => CodeSet::C,
    }
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
        // 3 digits at the end stay in B (a tie; Annex E keeps B).
        assert_eq!(encode_codewords(b"a123").unwrap()[..5], [104, 65, 17, 18, 19]);
        // A single lower-case letter between controls is shifted.
        assert_eq!(encode_codewords(b"\x01a\x02").unwrap()[..5], [103, 65, SHIFT, 65, 66]);
        // Annex E (and zint 2.11) start in B and shift for the control character: start,
        // 1, A, SHIFT, SOH, check = 6. Starting in A needs no shift: 5.
        assert_eq!(emit(b"1A\x01", &plan_annex_e(b"1A\x01")).unwrap().len() + 1, 6);
        assert_eq!(encode_codewords(b"1A\x01").unwrap()[..4], [103, 17, 33, 65]);
    }

    #[test]
    fn every_plan_decodes_back_to_its_data_and_is_shortest() {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        for _ in 0..3000 {
            let data = random_data(&mut rng);
            let codewords = encode_codewords(&data).unwrap();
            assert_eq!(decode(&codewords), data, "round trip {:?}", data);
            assert_eq!(codewords.len(), plan_shortest(&data).len() + 1);
            if data.len() <= 10 {
                assert_eq!(codewords.len(), brute_force_min(&data), "optimal {:?}", data);
            }
            // The Annex E plan, when valid, also decodes to the data.
            if let Some(mut annex) = emit(&data, &plan_annex_e(&data)) {
                annex.push(check_character(&annex));
                assert_eq!(decode(&annex), data, "annex E {:?}", data);
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
