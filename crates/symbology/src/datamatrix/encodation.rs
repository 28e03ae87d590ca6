//! From data to data codewords: the six encodation schemes (ISO/IEC 16022:2006 5.2),
//! chosen for the fewest codewords by dynamic programming, with the end-of-data rules.
//!
//! # Schemes and what a character costs
//!
//! | Scheme  | Latch | Characters                         | Cost                                   |
//! |---------|-------|------------------------------------|----------------------------------------|
//! | ASCII   |  -    | any byte; two digits as one        | 1 codeword (digit pair, < 128), 2 (Upper Shift, >= 128) |
//! | C40     | 230   | any; `0-9 A-Z space` unshifted     | 1-4 values, 3 values in 2 codewords    |
//! | Text    | 239   | any; `0-9 a-z space` unshifted     | as C40                                 |
//! | X12     | 238   | `0-9 A-Z space CR * >`             | 1 value, 3 values in 2 codewords       |
//! | EDIFACT | 240   | ASCII 32-94                        | 6 bits, 4 values in 3 codewords        |
//! | Base256 | 231   | any byte (not FNC1)                | 1 codeword, plus a 1-2 codeword length |
//!
//! ASCII is the start state and the hub: every other scheme returns to it (C40/Text/X12
//! with the Unlatch codeword 254 at a triplet boundary, EDIFACT with the 6-bit value 31 and
//! zero padding to a whole byte, Base256 implicitly after the number of bytes its length
//! field announced). A C40/Text character outside the basic set takes a shift value first;
//! a byte above 127 takes Shift 2 + Upper Shift and then the values of the byte minus 128.
//! In GS1 mode the separator (GS, 0x1D) is FNC1: codeword 232 in ASCII, Shift 2 + 27 in
//! C40/Text, and impossible in the other schemes.
//!
//! # Fewest codewords
//!
//! [`Encodation::new`] runs a shortest-path search over input positions `0..=n` with 15
//! states: ASCII; C40, Text and X12 each with 0, 1 or 2 values waiting to complete a
//! triplet; EDIFACT with 0 to 3 values waiting for a quadruplet; Base256. The cost of a state
//! is the number of codewords already complete, so every transition adds an exact integer
//! (a C40 character whose values complete a triplet adds 2, one that does not adds 0), and
//! the minimum over all paths is exact, not an estimate from average costs (1/3 codeword a
//! C40 value and so on) as in the standard's Annex P look-ahead. Base256's length field
//! grows to two codewords at 250 bytes; among paths of equal cost the one whose Base256
//! segment started later is kept, which is never worse. The work is O(n) with 15 states,
//! and no allocation happens per character. Each position keeps only how its states were
//! reached (16 bytes); costs are kept for the last five positions, which the endings need.
//! The inner loop indexes its arrays only by constants, so that in Wasm the costs stay in
//! locals (a variable index puts an array in linear memory, about twice as slow).
//!
//! # End of data (5.2.5.2, 5.2.7, 5.2.8.2, 5.2.9)
//!
//! How a scheme may end depends on how many codewords the symbol leaves, so the search
//! does not decide it: it gives the cheapest cost of every state at the end (and at the
//! last few positions), and [`Encodation::fits`] then checks, for one symbol capacity at a
//! time, the endings the standard allows:
//!
//! * ASCII, or Base256, at the end: pads fill the rest. A Base256 segment that reaches
//!   the end of the symbol exactly gets the length 0 ("to the end"), one codeword instead
//!   of two when it is 250 bytes or longer.
//! * C40/Text/X12 at a triplet boundary: Unlatch, then pads; no Unlatch when the symbol is
//!   full.
//! * C40/Text with two values waiting: a Shift 1 completes the triplet, only when exactly
//!   two codewords remain (5.2.5.2 b); otherwise the path must end at an earlier boundary.
//! * C40/Text/X12 at a boundary with the rest of the data one ASCII codeword (one character,
//!   or a digit pair, not for X12) and exactly one codeword left: that codeword, no Unlatch.
//! * EDIFACT: with three or more codewords left an Unlatch (value 31) ends it; with one or
//!   two left at the start of a quadruplet the decoder returns to ASCII by itself, so the
//!   remaining characters (at most two codewords of ASCII) follow directly. For the same
//!   reason a last quadruplet of one value and the Unlatch (two codewords) needs a third
//!   codeword after it.
//!
//! Pads are 129, then 129 randomised by the 253-state algorithm (Annex B.1); Base256
//! codewords are randomised by the 255-state algorithm (Annex B.2). Both depend on the
//! codeword's position in the whole stream, so [`Encodation::write`] knows the prefix
//! (FNC1 or ECI) that comes before the data.

use std::cmp::Ordering;

/*---- States ----*/

const ASCII: usize = 0;
const C40: usize = 1; // + pending values 0..=2
const TEXT: usize = 4; // + pending values 0..=2
const X12: usize = 7; // + pending values 0..=2
const EDIFACT: usize = 10; // + pending values 0..=3
const BASE256: usize = 14;
const STATES: usize = 15;

const INF: u32 = u32::MAX / 2;
const NONE: u8 = 0xFF;

/// The scheme of a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Scheme {
    Ascii,
    C40,
    Text,
    X12,
    Edifact,
    Base256,
}

fn scheme(state: usize) -> Scheme {
    match state {
        ASCII => Scheme::Ascii,
        1..=3 => Scheme::C40,
        4..=6 => Scheme::Text,
        7..=9 => Scheme::X12,
        10..=13 => Scheme::Edifact,
        _ => Scheme::Base256,
    }
}

/// The latch codeword from ASCII into a scheme.
fn latch_codeword(s: Scheme) -> u8 {
    match s {
        Scheme::Ascii => unreachable!("no latch into ASCII"),
        Scheme::C40 => 230,
        Scheme::Base256 => 231,
        Scheme::X12 => 238,
        Scheme::Text => 239,
        Scheme::Edifact => 240,
    }
}

/// Codewords an EDIFACT Unlatch takes with `pending` values waiting: the value 31 joins
/// them and the bits are padded to whole bytes (6, 12, 18 or 24 bits).
const EDIFACT_UNLATCH: [u32; 4] = [1, 2, 3, 3];

/*---- Character classes ----*/

/// Per byte: C40 value count - 1 (bits 0-1), Text value count - 1 (bits 2-3), X12 (bit 4),
/// EDIFACT (bit 5), digit (bit 6).
static CLASS: [u8; 256] = classes();

const fn basic_count(b: u8, text: bool) -> u8 {
    let basic = b == b' ' || (b >= b'0' && b <= b'9') || if text { b >= b'a' && b <= b'z' } else { b >= b'A' && b <= b'Z' };
    if basic {
        1
    } else {
        2
    }
}

const fn classes() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        let (c40, text) = if b < 128 {
            (basic_count(b, false), basic_count(b, true))
        } else {
            (2 + basic_count(b - 128, false), 2 + basic_count(b - 128, true))
        };
        let x12 = b == 13 || b == b'*' || b == b'>' || b == b' ' || (b >= b'0' && b <= b'9') || (b >= b'A' && b <= b'Z');
        let edifact = b >= 32 && b <= 94;
        let digit = b >= b'0' && b <= b'9';
        t[i] = (c40 - 1) | (text - 1) << 2 | (x12 as u8) << 4 | (edifact as u8) << 5 | (digit as u8) << 6;
        i += 1;
    }
    t
}

/// Class bits of FNC1: two values in C40 and Text (Shift 2, 27), nothing else.
const FNC1_CLASS: u8 = 1 | 1 << 2;

/*---- The search ----*/

/// How the data ends (see the module documentation), for one end state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EndKind {
    /// ASCII, Base256 or a C40/Text/X12 boundary or EDIFACT state at the end: fits any
    /// capacity >= `used` (Unlatch and pads as needed).
    Open,
    /// A Base256 segment of 250 bytes or more reaching the end of the symbol exactly, with
    /// length 0 (one codeword fewer than `used`).
    Base256ToEnd,
    /// C40/Text with two values waiting, completed by Shift 1: exactly `used` codewords.
    ShiftPad,
    /// C40/Text/X12 boundary at `pos`, the rest one ASCII codeword: exactly `used`.
    ImplicitAscii,
    /// EDIFACT boundary at `pos`, the rest in ASCII (1 or 2 codewords, `used` counts them):
    /// capacity `used..=base + 2`.
    EdifactAscii,
}

#[derive(Clone, Copy, Debug)]
struct End {
    kind: EndKind,
    /// Input position of the state the path ends in (the rest, if any, is ASCII).
    pos: usize,
    state: usize,
    /// Codewords the path takes up to `pos` (without prefix).
    base: u32,
    /// Codewords for the whole data with this ending, without pads (and without prefix).
    used: u32,
}


/// One step of the chosen path.
#[derive(Clone, Copy, Debug)]
enum Op {
    /// The character (or digit pair) at `pos`, in the scheme of state `state`.
    Char { state: u8, pos: u16, pair: bool },
    /// A switch between schemes at the current position (one side is always ASCII).
    Switch { from: u8, to: u8 },
}

/// The result of the search: the choices behind the cheapest costs, and the endings.
pub(super) struct Encodation<'a> {
    data: &'a [u8],
    gs1: bool,
    /// Per position `0..=n`, how each state got its cheapest cost (see [`Step`]).
    steps: Vec<Step>,
    /// Cheapest cost of each state at positions `n - 4 ..= n` (row `pos + 4 - n`), after
    /// the mode switches there: all the endings look at. (The path back needs no costs:
    /// the state before a character is fixed by the character and the state after it.)
    tail: [[u32; ROW]; 5],
    ends: Vec<End>,
}

/// A search row: the `STATES` states and one spare slot, 16 entries so that a row is a
/// fixed-size array the compiler indexes without bounds checks.
const ROW: usize = 16;
/// The spare slot of a [`Step`]: 1 when ASCII at this position was reached by a digit
/// pair, 0 by one character.
const PAIR: usize = STATES;

/// Per state, the state it was switched from at this position, or `NONE` when it was
/// reached by a character; and the [`PAIR`] flag.
type Step = [u8; ROW];

const NO_STEP: Step = {
    let mut s = [NONE; ROW];
    s[PAIR] = 0;
    s
};

/// C40/Text arrivals by a character of `count` values (`k = count - 1`, 0 to 3): the
/// cheapest costs with 0, 1 and 2 values waiting after the character, from `p`, those
/// before it. A character joining `q` waiting values leaves `(q + count) % 3` waiting and
/// completes `2 * ((q + count) / 3)` codewords. Written out per count, with no indexing by
/// a variable: in Wasm that would keep the costs in memory instead of locals.
#[inline(always)]
fn triplet_step(p: [u32; 3], k: u8) -> [u32; 3] {
    let [p0, p1, p2] = p;
    match k {
        0 => [p2 + 2, p0, p1],
        1 => [p1 + 2, p2 + 2, p0],
        2 => [p0 + 2, p1 + 2, p2 + 2],
        _ => [p2 + 4, p0 + 2, p1 + 2],
    }
}

/// The inverse of [`triplet_step`], for the path back: `[count - 1][t]` is the number of
/// C40/Text values waiting before a character of `count` values that leaves `t` waiting,
/// `(t - count) mod 3`.
static TRIPLET_BEFORE: [[usize; 3]; 4] = {
    let mut table = [[0; 3]; 4];
    let mut count = 1;
    while count <= 4 {
        let mut t = 0;
        while t < 3 {
            table[count - 1][t] = (t + 6 - count) % 3;
            t += 1;
        }
        count += 1;
    }
    table
};

impl<'a> Encodation<'a> {
    /// Searches the fewest-codeword encodation of `data`; `gs1`: byte 0x1D is FNC1. The
    /// caller bounds the length (a few thousand bytes).
    pub(super) fn new(data: &'a [u8], gs1: bool) -> Encodation<'a> {
        let n = data.len();
        let mut steps: Vec<Step> = Vec::with_capacity(n + 1);
        let mut tail = [[INF; ROW]; 5];
        // Cheapest costs at position i - 1, and ASCII's at i - 2 (for digit pairs).
        let mut prev = [INF; ROW];
        let mut prev2_ascii = INF;
        // Bytes in the current Base256 segment of the cheapest Base256 path.
        let mut b256_len = 0u16;
        for i in 0..=n {
            let mut cur = [INF; ROW];
            let mut step = NO_STEP;
            if i == 0 {
                cur[ASCII] = 0;
            } else {
                // Arrivals by the character at i - 1 (and by the digit pair at i - 2).
                let b = data[i - 1];
                let fnc1 = gs1 && b == 0x1D;
                let class = if fnc1 { FNC1_CLASS } else { CLASS[b as usize] };
                cur[ASCII] = prev[ASCII] + if b >= 128 { 2 } else { 1 };
                if class & 0x40 != 0 && i >= 2 && data[i - 2].is_ascii_digit() {
                    let via_pair = prev2_ascii + 1;
                    // On a tie the single digit wins, so that odd runs pair from the left
                    // (as zint does).
                    if via_pair < cur[ASCII] {
                        cur[ASCII] = via_pair;
                        step[PAIR] = 1;
                    }
                }
                [cur[C40], cur[C40 + 1], cur[C40 + 2]] = triplet_step([prev[C40], prev[C40 + 1], prev[C40 + 2]], class & 3);
                [cur[TEXT], cur[TEXT + 1], cur[TEXT + 2]] = triplet_step([prev[TEXT], prev[TEXT + 1], prev[TEXT + 2]], class >> 2 & 3);
                if class & 0x10 != 0 {
                    cur[X12 + 1] = prev[X12];
                    cur[X12 + 2] = prev[X12 + 1];
                    cur[X12] = prev[X12 + 2] + 2;
                }
                if class & 0x20 != 0 {
                    cur[EDIFACT + 1] = prev[EDIFACT];
                    cur[EDIFACT + 2] = prev[EDIFACT + 1];
                    cur[EDIFACT + 3] = prev[EDIFACT + 2];
                    cur[EDIFACT] = prev[EDIFACT + 3] + 3;
                }
                if fnc1 {
                    b256_len = 0;
                } else {
                    b256_len += 1;
                    cur[BASE256] = prev[BASE256] + 1 + (b256_len == 250) as u32;
                }
            }
            // Mode switches at position i: first back to ASCII, then out of it. Written out
            // state by state (macros) rather than as a loop over a list of states, which would
            // index `cur` by a variable (see the module documentation).
            let mut ascii = cur[ASCII];
            macro_rules! unlatch {
                ($($state:expr => $add:expr),*) => {$(
                    if cur[$state] + $add < ascii {
                        ascii = cur[$state] + $add;
                        step[ASCII] = $state as u8;
                    }
                )*};
            }
            unlatch!(C40 => 1, TEXT => 1, X12 => 1, BASE256 => 0, EDIFACT => EDIFACT_UNLATCH[0], EDIFACT + 1 => EDIFACT_UNLATCH[1], EDIFACT + 2 => EDIFACT_UNLATCH[2], EDIFACT + 3 => EDIFACT_UNLATCH[3]);
            cur[ASCII] = ascii;
            macro_rules! latch {
                ($($state:expr),*) => {$(
                    if ascii + 1 < cur[$state] {
                        cur[$state] = ascii + 1;
                        step[$state] = ASCII as u8;
                    }
                )*};
            }
            latch!(C40, TEXT, X12, EDIFACT);
            // A new Base256 segment: latch and a one-codeword length (until 250 bytes). On a
            // tie the new segment wins: it is shorter, so it reaches 250 bytes later.
            if ascii + 2 <= cur[BASE256] {
                cur[BASE256] = ascii + 2;
                step[BASE256] = ASCII as u8;
                b256_len = 0;
            }
            steps.push(step);
            if i + 4 >= n {
                tail[i + 4 - n] = cur;
            }
            prev2_ascii = prev[ASCII];
            prev = cur;
        }
        let mut e = Encodation { data, gs1, steps, tail, ends: Vec::new() };
        e.ends = e.endings(b256_len);
        e
    }

    /// The cheapest cost of `state` at `pos`, one of the last five positions.
    fn at(&self, pos: usize, state: usize) -> u32 {
        self.tail[pos + 4 - self.data.len()][state]
    }

    /// Every admissible ending (module documentation, "End of data").
    /// `b256_len`: bytes in the Base256 segment of the cheapest Base256 state at the end.
    fn endings(&self, b256_len: u16) -> Vec<End> {
        let n = self.data.len();
        let mut ends = Vec::with_capacity(16);
        let mut add = |kind, pos, state, base: u32, used: u32| {
            if base < INF {
                ends.push(End { kind, pos, state, base, used });
            }
        };
        for s in [ASCII, C40, TEXT, X12] {
            add(EndKind::Open, n, s, self.at(n, s), self.at(n, s));
        }
        for p in 0..4 {
            // With one value waiting, value and Unlatch take two codewords, which must not be
            // the symbol's last two: a decoder that finds at most two codewords left at the
            // start of a quadruplet reads them as ASCII. So a pad follows them.
            let k = self.at(n, EDIFACT + p);
            add(EndKind::Open, n, EDIFACT + p, k, k.saturating_add([0, 3, 3, 3][p]));
        }
        // An empty Base256 segment (latched at the very end) is no ending.
        if b256_len > 0 {
            let k = self.at(n, BASE256);
            add(EndKind::Open, n, BASE256, k, k);
            if b256_len >= 250 {
                add(EndKind::Base256ToEnd, n, BASE256, k, k.saturating_sub(1));
            }
        }
        for s in [C40 + 2, TEXT + 2] {
            let k = self.at(n, s);
            add(EndKind::ShiftPad, n, s, k, k.saturating_add(2));
        }
        for back in 1..=4 {
            if back > n {
                break;
            }
            let j = n - back;
            let rest = ascii_cost(&self.data[j..], self.gs1);
            if rest == 1 {
                for s in [C40, TEXT] {
                    add(EndKind::ImplicitAscii, j, s, self.at(j, s), self.at(j, s).saturating_add(1));
                }
                if back == 1 {
                    add(EndKind::ImplicitAscii, j, X12, self.at(j, X12), self.at(j, X12).saturating_add(1));
                }
            }
            if rest <= 2 {
                let k = self.at(j, EDIFACT);
                add(EndKind::EdifactAscii, j, EDIFACT, k, k.saturating_add(rest));
            }
        }
        ends
    }

    /// The fewest data codewords any ending needs: no symbol with less capacity can hold
    /// the data (one with more may still not, see [`Encodation::fits`]).
    pub(super) fn min_codewords(&self) -> usize {
        self.ends.iter().map(|e| e.used).min().unwrap_or(INF) as usize
    }

    /// An ending that fills `capacity` data codewords (after the prefix) exactly or with
    /// pads, the one with the fewest codewords; `None` if the data does not fit.
    pub(super) fn fits(&self, capacity: usize) -> Option<usize> {
        let c = capacity as u32;
        let mut best: Option<usize> = None;
        for (i, e) in self.ends.iter().enumerate() {
            let ok = match e.kind {
                EndKind::Open => e.used <= c,
                EndKind::Base256ToEnd | EndKind::ShiftPad | EndKind::ImplicitAscii => e.used == c,
                EndKind::EdifactAscii => e.used <= c && c <= e.base + 2,
            };
            if ok && best.map_or(true, |b| self.ends[b].used.cmp(&e.used) == Ordering::Greater) {
                best = Some(i);
            }
        }
        best
    }

    /// Every ending that fits `capacity` (tests write each one to check the rules with
    /// decoders) and its kind.
    #[cfg(test)]
    pub(super) fn all_fitting(&self, capacity: usize) -> Vec<(usize, String)> {
        let c = capacity as u32;
        (0..self.ends.len())
            .filter(|&i| {
                let e = &self.ends[i];
                // Not the degenerate ends in a scheme latched at that very position.
                let latched_there = e.state != ASCII && self.steps[e.pos][e.state] == ASCII as u8;
                !latched_there
                    && match e.kind {
                    EndKind::Open => e.used <= c,
                    EndKind::Base256ToEnd | EndKind::ShiftPad | EndKind::ImplicitAscii => e.used == c,
                    EndKind::EdifactAscii => e.used <= c && c <= e.base + 2,
                }
            })
            .map(|i| (i, format!("{:?} {:?}", self.ends[i].kind, scheme(self.ends[i].state))))
            .collect()
    }

    /// The path to an ending, first step first.
    fn path(&self, end: &End) -> Vec<Op> {
        let mut ops = Vec::with_capacity(end.pos + 8);
        let (mut i, mut s, mut after_switch) = (end.pos, end.state, true);
        loop {
            let from = self.steps[i][s];
            if after_switch && from != NONE {
                ops.push(Op::Switch { from, to: s as u8 });
                // ASCII may itself have been switched to; a state ASCII came from was
                // reached by a character.
                after_switch = from as usize == ASCII;
                s = from as usize;
                continue;
            }
            if i == 0 {
                debug_assert_eq!(s, ASCII);
                break;
            }
            after_switch = true;
            let b = self.data[i - 1];
            let class = if self.gs1 && b == 0x1D { FNC1_CLASS } else { CLASS[b as usize] };
            let (step, prev) = match scheme(s) {
                Scheme::Ascii if self.steps[i][PAIR] == 1 => (2, ASCII),
                Scheme::Ascii => (1, ASCII),
                Scheme::C40 => (1, C40 + TRIPLET_BEFORE[(class & 3) as usize][s - C40]),
                Scheme::Text => (1, TEXT + TRIPLET_BEFORE[(class >> 2 & 3) as usize][s - TEXT]),
                Scheme::X12 => (1, X12 + (s - X12 + 2) % 3),
                Scheme::Edifact => (1, EDIFACT + (s - EDIFACT + 3) % 4),
                Scheme::Base256 => (1, BASE256),
            };
            ops.push(Op::Char { state: s as u8, pos: (i - step) as u16, pair: step == 2 });
            i -= step;
            s = prev;
        }
        ops.reverse();
        ops
    }

    /// The data codewords for ending `end` (from [`Encodation::fits`]) in a symbol of
    /// `capacity` data codewords, after `prefix` (FNC1 or ECI codewords, already counted
    /// out of the capacity): prefix, data, end-of-data codewords and pads; and how many
    /// come before the pads.
    pub(super) fn write(&self, end: usize, capacity: usize, prefix: &[u8]) -> (Vec<u8>, usize) {
        let end = self.ends[end];
        let ops = self.path(&end);
        let total = prefix.len() + capacity;
        let mut w = Writer { out: Vec::with_capacity(total), values: [0; 8], n_values: 0 };
        w.out.extend_from_slice(prefix);
        let mut scheme_now = Scheme::Ascii;
        let mut k = 0;
        while k < ops.len() {
            match ops[k] {
                Op::Switch { from, to } => {
                    let (from, to) = (scheme(from as usize), scheme(to as usize));
                    match from {
                        Scheme::Ascii => {
                            w.out.push(latch_codeword(to));
                            if to == Scheme::Base256 {
                                // The segment's bytes follow this switch; it is written whole.
                                let len = ops[k + 1..]
                                    .iter()
                                    .take_while(|op| matches!(op, Op::Char { state, .. } if *state as usize == BASE256))
                                    .count();
                                // Length 0, "to the end of the symbol", when nothing follows:
                                // needed for Base256ToEnd, zint's choice for a short
                                // segment that happens to fill the symbol.
                                let after = &ops[k + 1 + len..];
                                let last = after.is_empty()
                                    || (after.len() == 1 && matches!(after[0], Op::Switch { from, .. } if from as usize == BASE256));
                                let to_end = last
                                    && (end.kind == EndKind::Base256ToEnd
                                        || (end.kind == EndKind::Open && end.used as usize == capacity && len < 250));
                                let start = w.out.len();
                                if to_end {
                                    w.out.push(0);
                                } else if len < 250 {
                                    w.out.push(len as u8);
                                } else {
                                    w.out.push((len / 250 + 249) as u8);
                                    w.out.push((len % 250) as u8);
                                }
                                for op in &ops[k + 1..k + 1 + len] {
                                    if let Op::Char { pos, .. } = *op {
                                        w.out.push(self.data[pos as usize]);
                                    }
                                }
                                randomise_255(&mut w.out[start..], start);
                                k += len;
                            }
                        }
                        Scheme::C40 | Scheme::Text | Scheme::X12 => {
                            debug_assert_eq!(w.n_values, 0, "unlatch inside a triplet");
                            w.out.push(254);
                        }
                        Scheme::Edifact => w.edifact_unlatch(),
                        Scheme::Base256 => {}
                    }
                    scheme_now = to;
                }
                Op::Char { state, pos, pair } => {
                    let pos = pos as usize;
                    let b = self.data[pos];
                    let fnc1 = self.gs1 && b == 0x1D;
                    match scheme(state as usize) {
                        Scheme::Ascii if pair => w.out.push(130 + 10 * (b - b'0') + (self.data[pos + 1] - b'0')),
                        Scheme::Ascii => w.ascii(b, fnc1),
                        Scheme::C40 => w.c40_text(b, fnc1, false),
                        Scheme::Text => w.c40_text(b, fnc1, true),
                        Scheme::X12 => w.push_triplet_value(x12_value(b)),
                        Scheme::Edifact => w.push_edifact_value(b & 0x3F),
                        Scheme::Base256 => unreachable!("Base256 bytes are written with their latch"),
                    }
                }
            }
            k += 1;
        }
        debug_assert_eq!(scheme_now, scheme(end.state));
        // End of data.
        match end.kind {
            EndKind::Open => match scheme_now {
                Scheme::Ascii | Scheme::Base256 => {}
                Scheme::C40 | Scheme::Text | Scheme::X12 => {
                    if w.out.len() < total {
                        w.out.push(254);
                    }
                }
                Scheme::Edifact => {
                    // With one or two codewords left the decoder returns to ASCII by itself.
                    if w.n_values > 0 || total - w.out.len() >= 3 {
                        w.edifact_unlatch();
                    }
                }
            },
            EndKind::Base256ToEnd => {}
            EndKind::ShiftPad => w.push_triplet_value(0),
            EndKind::ImplicitAscii | EndKind::EdifactAscii => {
                let rest = &self.data[end.pos..];
                let mut i = 0;
                while i < rest.len() {
                    if i + 1 < rest.len() && rest[i].is_ascii_digit() && rest[i + 1].is_ascii_digit() {
                        w.out.push(130 + 10 * (rest[i] - b'0') + (rest[i + 1] - b'0'));
                        i += 2;
                    } else {
                        w.ascii(rest[i], self.gs1 && rest[i] == 0x1D);
                        i += 1;
                    }
                }
            }
        }
        debug_assert!(w.out.len() <= total, "ending overflows the symbol");
        let used = w.out.len();
        // Pads: 129, then 129 randomised by the 253-state algorithm (Annex B.1.1).
        if w.out.len() < total {
            w.out.push(129);
        }
        while w.out.len() < total {
            let position = w.out.len() as u32 + 1;
            let v = 129 + (149 * position) % 253 + 1;
            w.out.push(if v <= 254 { v as u8 } else { (v - 254) as u8 });
        }
        (w.out, used)
    }
}

/// ASCII codewords for `rest` (digit pairs joined, two codewords above 127).
fn ascii_cost(rest: &[u8], gs1: bool) -> u32 {
    let _ = gs1; // FNC1 is one codeword, like any character below 128
    let mut cost = 0;
    let mut i = 0;
    while i < rest.len() {
        if i + 1 < rest.len() && rest[i].is_ascii_digit() && rest[i + 1].is_ascii_digit() {
            i += 2;
            cost += 1;
        } else {
            cost += if rest[i] >= 128 { 2 } else { 1 };
            i += 1;
        }
    }
    cost
}

/// The 255-state randomising algorithm (Annex B.2.1) for Base256 codewords starting at
/// stream index `start` (0-based; the algorithm counts positions from 1).
fn randomise_255(codewords: &mut [u8], start: usize) {
    for (k, c) in codewords.iter_mut().enumerate() {
        let position = (start + k + 1) as u32;
        let r = (149 * position) % 255 + 1;
        *c = ((*c as u32 + r) & 0xFF) as u8;
    }
}

/// An X12 value: CR 0, `*` 1, `>` 2, space 3, digits 4-13, `A-Z` 14-39.
fn x12_value(b: u8) -> u8 {
    match b {
        13 => 0,
        b'*' => 1,
        b'>' => 2,
        b' ' => 3,
        b'0'..=b'9' => b - b'0' + 4,
        _ => b - b'A' + 14,
    }
}

/// Codeword output with the C40/Text/X12 triplet and EDIFACT quadruplet buffers.
struct Writer {
    out: Vec<u8>,
    values: [u8; 8],
    n_values: usize,
}

impl Writer {
    fn ascii(&mut self, b: u8, fnc1: bool) {
        if fnc1 {
            self.out.push(232);
        } else if b >= 128 {
            self.out.push(235); // Upper Shift
            self.out.push(b - 127);
        } else {
            self.out.push(b + 1);
        }
    }

    /// The C40 (or Text) values of one character (Table 6 and 7 of the standard).
    fn c40_text(&mut self, b: u8, fnc1: bool, text: bool) {
        if fnc1 {
            self.push_triplet_value(1);
            self.push_triplet_value(27);
            return;
        }
        let b = if b >= 128 {
            self.push_triplet_value(1); // Shift 2
            self.push_triplet_value(30); // Upper Shift
            b - 128
        } else {
            b
        };
        let (shift, value) = match b {
            b' ' => (None, 3),
            b'0'..=b'9' => (None, b - b'0' + 4),
            b'A'..=b'Z' if !text => (None, b - b'A' + 14),
            b'a'..=b'z' if text => (None, b - b'a' + 14),
            0..=31 => (Some(0), b),
            33..=47 => (Some(1), b - 33),
            58..=64 => (Some(1), b - 58 + 15),
            91..=95 => (Some(1), b - 91 + 22),
            b'A'..=b'Z' => (Some(2), b - 64), // Text: Shift 3, 1-26
            _ => (Some(2), b - 96),           // C40 96-127, Text '`' and 123-127
        };
        if let Some(s) = shift {
            self.push_triplet_value(s);
        }
        self.push_triplet_value(value);
    }

    /// Appends a C40/Text/X12 value; three make two codewords: 1600 v1 + 40 v2 + v3 + 1.
    fn push_triplet_value(&mut self, v: u8) {
        self.values[self.n_values] = v;
        self.n_values += 1;
        if self.n_values == 3 {
            let x = 1600 * self.values[0] as u32 + 40 * self.values[1] as u32 + self.values[2] as u32 + 1;
            self.out.push((x >> 8) as u8);
            self.out.push(x as u8);
            self.n_values = 0;
        }
    }

    /// Appends a 6-bit EDIFACT value; four make three codewords.
    fn push_edifact_value(&mut self, v: u8) {
        self.values[self.n_values] = v;
        self.n_values += 1;
        if self.n_values == 4 {
            self.flush_edifact();
        }
    }

    /// The values so far, most significant bit first, padded with zero bits to whole bytes.
    fn flush_edifact(&mut self) {
        let n = self.n_values;
        let mut bits = 0u32;
        for &v in &self.values[..n] {
            bits = bits << 6 | v as u32;
        }
        bits <<= 6 * (4 - n);
        let bytes = (6 * n + 7) / 8;
        for i in 0..bytes {
            self.out.push((bits >> (16 - 8 * i)) as u8);
        }
        self.n_values = 0;
    }

    /// EDIFACT Unlatch: value 31, then the partial quadruplet padded to whole bytes.
    fn edifact_unlatch(&mut self) {
        self.push_edifact_value(31);
        if self.n_values > 0 {
            self.flush_edifact();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The smallest capacity (of `capacities`) that an encodation of `data` fits, found
    /// with *every* achievable cost of every state (bit sets of costs), not only the
    /// cheapest: checks that the cheapest costs are all the end-of-data rules need.
    fn smallest_by_all_costs(data: &[u8], gs1: bool, capacities: &[u32]) -> Option<u32> {
        type Set = u128;
        let n = data.len();
        let mut sets = vec![[0 as Set; STATES]; n + 1];
        let mut b256_nonempty = vec![0 as Set; n + 1];
        for i in 0..=n {
            let mut cur = [0 as Set; STATES];
            if i == 0 {
                cur[ASCII] = 1;
            } else {
                let prev = sets[i - 1];
                let b = data[i - 1];
                let fnc1 = gs1 && b == 0x1D;
                let class = if fnc1 { FNC1_CLASS } else { CLASS[b as usize] };
                cur[ASCII] = prev[ASCII] << if b >= 128 { 2 } else { 1 };
                if i >= 2 && class & 0x40 != 0 && data[i - 2].is_ascii_digit() {
                    cur[ASCII] |= sets[i - 2][ASCII] << 1;
                }
                for (base, count) in [(C40, (class & 3) as usize + 1), (TEXT, (class >> 2 & 3) as usize + 1)] {
                    for q in 0..3 {
                        let t = q + count;
                        cur[base + t % 3] |= prev[base + q] << (2 * (t / 3));
                    }
                }
                if class & 0x10 != 0 {
                    for q in 0..3 {
                        cur[X12 + (q + 1) % 3] |= prev[X12 + q] << (2 * ((q + 1) / 3));
                    }
                }
                if class & 0x20 != 0 {
                    for q in 0..4 {
                        cur[EDIFACT + (q + 1) % 4] |= prev[EDIFACT + q] << (3 * ((q + 1) / 4));
                    }
                }
                if !fnc1 {
                    cur[BASE256] = prev[BASE256] << 1;
                    b256_nonempty[i] = cur[BASE256];
                }
            }
            let mut ascii = cur[ASCII] | cur[BASE256];
            for s in [C40, TEXT, X12] {
                ascii |= cur[s] << 1;
            }
            for p in 0..4 {
                ascii |= cur[EDIFACT + p] << EDIFACT_UNLATCH[p];
            }
            cur[ASCII] = ascii;
            for s in [C40, TEXT, X12, EDIFACT] {
                cur[s] |= ascii << 1;
            }
            cur[BASE256] |= ascii << 2;
            sets[i] = cur;
        }
        // Bit tests on the sets: some cost k with k + add <= c, or k + add == c, or
        // k + add <= c <= k + 2.
        let up_to = |set: Set, add: u32, c: u32| c >= add && set & ((2 as Set) << (c - add)).wrapping_sub(1) != 0;
        let exactly = |set: Set, add: u32, c: u32| c >= add && set >> (c - add) & 1 == 1;
        let fits = |c: u32| -> bool {
            let at = |i: usize, s: usize| sets[i][s];
            let mut ok = [ASCII, C40, TEXT, X12, EDIFACT].iter().any(|&s| up_to(at(n, s), 0, c))
                || (1..4).any(|p| up_to(at(n, EDIFACT + p), 3, c))
                || up_to(b256_nonempty[n], 0, c)
                || [C40 + 2, TEXT + 2].iter().any(|&s| exactly(at(n, s), 2, c));
            for back in 1..=4.min(n) {
                let j = n - back;
                let rest = ascii_cost(&data[j..], gs1);
                if rest == 1 {
                    ok |= exactly(at(j, C40), 1, c) || exactly(at(j, TEXT), 1, c) || (back == 1 && exactly(at(j, X12), 1, c));
                }
                if rest <= 2 {
                    // k + rest <= c <= k + 2
                    ok |= (0..=2 - rest).any(|slack| exactly(at(j, EDIFACT), rest + slack, c));
                }
            }
            ok
        };
        capacities.iter().copied().find(|&c| fits(c))
    }

    #[test]
    fn cheapest_costs_suffice_for_every_ending() {
        let mut capacities: Vec<u32> = super::super::sizes::SIZES.iter().map(|s| s.data_codewords as u32).collect();
        capacities.sort_unstable();
        capacities.dedup();
        // Small alphabets that mix the schemes' strengths, every string up to a length,
        // then random longer ones.
        let alphabets: [&[u8]; 6] = [b"A1a", b"A !", b"1a\xe9", b"Z9*", b"a@1", b"\x1dA1"];
        let mut checked = 0;
        for (ai, alphabet) in alphabets.iter().enumerate() {
            let gs1 = ai == 5;
            let k = alphabet.len();
            for len in 1..=6usize {
                for mut code in 0..k.pow(len as u32) {
                    let data: Vec<u8> = (0..len)
                        .map(|_| {
                            let b = alphabet[code % k];
                            code /= k;
                            b
                        })
                        .collect();
                    let e = Encodation::new(&data, gs1);
                    let ours = capacities.iter().copied().find(|&c| e.fits(c as usize).is_some());
                    assert_eq!(ours, smallest_by_all_costs(&data, gs1, &capacities), "{:?}", String::from_utf8_lossy(&data));
                    checked += 1;
                }
            }
        }
        let mut seed = 12345u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let pool = b"ABCXYZ0123456789 abcxyz!*>\r@\xe9\xff";
        for _ in 0..2000 {
            let len = 1 + (next() % 30) as usize;
            let data: Vec<u8> = (0..len).map(|_| pool[(next() % pool.len() as u64) as usize]).collect();
            let e = Encodation::new(&data, false);
            let ours = capacities.iter().copied().find(|&c| e.fits(c as usize).is_some());
            assert_eq!(ours, smallest_by_all_costs(&data, false, &capacities), "{:?}", String::from_utf8_lossy(&data));
            checked += 1;
        }
        assert!(checked > 6_000);
    }

    #[test]
    fn costs_of_simple_runs() {
        let min = |d: &[u8]| Encodation::new(d, false).min_codewords();
        assert_eq!(min(b"123456"), 3); // digit pairs
        assert_eq!(min(b"ABCDEF"), 5); // C40: latch, 2 triplets (and no Unlatch if that fills the symbol)
        assert_eq!(min(&[0xE9; 10]), 12); // Base256: latch, length, 10 bytes
        assert_eq!(min(b"ABC>ABC>ABC>"), 9); // X12: latch + 4 triplets, no unlatch when full
    }
}
