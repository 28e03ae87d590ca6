//! From bytes to data codewords: Text, Byte and Numeric Compaction (ISO/IEC 15438:2015
//! 5.4), chosen for the fewest codewords.
//!
//! # The modes
//!
//! * **Text** (latch 900, the mode a symbol starts in): two values of 0-29 per codeword
//!   (`30 h + l`), in four sub-modes: Alpha (`A-Z`, space), Lower (`a-z`, space), Mixed
//!   (digits, `& CR HT , : # - . $ / + % * = ^`, space) and Punctuation (`; < > @ [ \ ] _ ` ~
//!   ! CR HT , : LF - . $ / " | * ( ) ? { } '`). Values 25-29 latch between sub-modes or shift
//!   one character into Punctuation (from Alpha, Lower, Mixed) or Alpha (from Lower). An odd
//!   number of values is padded with 29.
//! * **Byte** (latch 901, or 924 when the byte count is a multiple of 6): six bytes in five
//!   codewords (a base-256 number written in base 900), a last group of fewer than six one
//!   byte per codeword. In Text mode, 913 carries one byte and the sub-mode continues.
//! * **Numeric** (latch 902): up to 44 digits in 15 codewords (the number with a leading 1,
//!   in base 900). Per the label-editor spec (section 5, stacked-row rules), every run of 13
//!   or more digits is Numeric, cut into 44-digit groups, and shorter runs never are.
//!
//! # Fewest codewords
//!
//! [`Compaction::new`] runs a shortest-path search over input positions with 15 states:
//! Text in each sub-mode with an even or odd number of values so far; Byte with 0 to 5
//! bytes into the current group of six; and "just after a Numeric run". Costs count half
//! codewords (a text value is one half), so each transition adds an exact integer: a byte
//! adds one codeword, except the sixth of a group, which completes five codewords for six
//! bytes and adds none. The minimum is therefore exact. The switches between sub-modes use
//! the cheapest latch sequence (e.g. Lower to Alpha is Mixed latch, Alpha latch: two
//! values); 913 is used only after an even number of values, where the shift codeword
//! cannot be confused with a pad. Numeric runs are fixed, so the search jumps over them.

/*---- States ----*/

const ALPHA: usize = 0;
const LOWER: usize = 1;
const MIXED: usize = 2;
const PUNCT: usize = 3;

/// Text in sub-mode `s` after an even (`p = 0`) or odd number of values.
const fn text(s: usize, p: usize) -> usize {
    2 * s + p
}
const BYTE: usize = 8; // + bytes into the current group of six, 0..=5
const NUMERIC: usize = 14;
const STATES: usize = 15;

const INF: u32 = u32::MAX / 2;

/// How a Text state was reached by a character.
const DIRECT: u8 = 0;
const PUNCT_SHIFT: u8 = 1;
const ALPHA_SHIFT: u8 = 2;
const BYTE_SHIFT: u8 = 3;

/// Latch values from sub-mode to sub-mode (the cheapest sequence; at most two values).
const LATCH: [[&[u8]; 4]; 4] = [
    [&[], &[27], &[28], &[28, 25]],   // from Alpha: LL, ML, ML PL
    [&[28, 28], &[], &[28], &[28, 25]], // from Lower: ML AL, ML, ML PL
    [&[28], &[27], &[], &[25]],       // from Mixed: AL, LL, PL
    [&[29], &[29, 27], &[29, 28], &[]], // from Punctuation: AL, AL LL, AL ML
];

/// Values in each latch sequence.
const LATCH_LEN: [[u32; 4]; 4] = [[0, 1, 1, 2], [2, 0, 1, 2], [1, 1, 0, 1], [1, 2, 2, 0]];

/// Per byte below 128: bit `s` set if sub-mode `s` has the character; its values in each.
static MEMBER: [u8; 128] = text_table().0;
static VALUE: [[u8; 4]; 128] = text_table().1;

const fn text_table() -> ([u8; 128], [[u8; 4]; 128]) {
    let mut member = [0u8; 128];
    let mut value = [[0u8; 4]; 128];
    let mut b = 0;
    while b < 26 {
        member[b'A' as usize + b] |= 1 << ALPHA;
        value[b'A' as usize + b][ALPHA] = b as u8;
        member[b'a' as usize + b] |= 1 << LOWER;
        value[b'a' as usize + b][LOWER] = b as u8;
        b += 1;
    }
    member[b' ' as usize] = 1 << ALPHA | 1 << LOWER | 1 << MIXED;
    value[b' ' as usize] = [26, 26, 26, 0];
    let mixed = b"0123456789&\r\t,:#-./+%*=^";
    // '$' is Mixed 18 and '/' 19; the string above skips 18 for '$'.
    let mixed_values = [0u8, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 19, 20, 21, 22, 23, 24];
    let mut i = 0;
    while i < mixed.len() {
        member[mixed[i] as usize] |= 1 << MIXED;
        value[mixed[i] as usize][MIXED] = mixed_values[i];
        i += 1;
    }
    member[b'$' as usize] |= 1 << MIXED;
    value[b'$' as usize][MIXED] = 18;
    let punct = b";<>@[\\]_`~!\r\t,:\n-.$/\"|*()?{}'";
    let mut i = 0;
    while i < punct.len() {
        member[punct[i] as usize] |= 1 << PUNCT;
        value[punct[i] as usize][PUNCT] = i as u8;
        i += 1;
    }
    (member, value)
}

/// The cost (half codewords) of a Numeric run of `len` digits, latch included: 15 codewords
/// for each 44 digits, `r / 3 + 1` for a last group of `r`.
fn numeric_cost(len: usize) -> u32 {
    let rest = len % 44;
    2 * (1 + 15 * (len / 44) + if rest > 0 { rest / 3 + 1 } else { 0 }) as u32
}

/// Numeric runs the spec fixes: 13 or more digits.
const NUMERIC_MIN: usize = 13;

/*---- The search ----*/

/// A cost for every state at one position.
type Row = [u32; STATES];

/// Latches between Text states: (from, to, values). Three from each state.
static LATCHES: [(usize, usize, u32); 24] = latches();

const fn latches() -> [(usize, usize, u32); 24] {
    let mut t = [(0, 0, 0); 24];
    let mut n = 0;
    let mut f = 0;
    while f < 8 {
        let mut to = 0;
        while to < 4 {
            let k = LATCH_LEN[f / 2][to];
            if k > 0 {
                t[n] = (f, text(to, (f & 1) ^ (k & 1) as usize), k);
                n += 1;
            }
            to += 1;
        }
        f += 1;
    }
    t
}

/// The latch cost from Text state `f` to Text state `t`, if one latch sequence does it.
fn latch_cost(f: usize, t: usize) -> Option<u32> {
    LATCHES.iter().find(|&&(a, b, _)| a == f && b == t).map(|&(_, _, k)| k)
}

/// The cheapest compaction of some data.
///
/// The search keeps each position's costs on arrival (by a character or a Numeric run) and
/// after the mode switches there ([`settle`]); the path is found backwards by looking, at
/// each step, for a predecessor whose cost plus the step's equals the cost (the switches at
/// a position are settled again, in steps, where a state's cost came from one). No choices
/// are recorded during the search.
pub(super) struct Compaction<'a> {
    data: &'a [u8],
    arrivals: Vec<Row>,
    /// The costs after the switches at each position (before the last).
    settled: Vec<Row>,
    /// Per position: length of the digit run starting there, if it is Numeric (else 0).
    run_len: Vec<u16>,
}

/// The costs after the mode switches at a position, in three steps: back to Text (900),
/// between sub-modes, to Byte (901/924). No cheaper path goes Byte, Text, Byte at one
/// position, nor needs two rounds.
struct Settled {
    after_exit: Row,
    after_latch: Row,
    after_byte: Row,
}

fn settle(arrival: &Row) -> Settled {
    let mut c = *arrival;
    let exit = c[BYTE..].iter().min().copied().unwrap_or(INF) + 2;
    if exit < c[text(ALPHA, 0)] {
        c[text(ALPHA, 0)] = exit;
    }
    let after_exit = c;
    for &(f, t, k) in LATCHES.iter() {
        c[t] = c[t].min(after_exit[f] + k);
    }
    let after_latch = c;
    // An odd number of values is padded first.
    let mut to_byte = c[NUMERIC] + 2;
    for s in 0..8 {
        to_byte = to_byte.min(c[s] + 2 + (s & 1) as u32);
    }
    c[BYTE] = c[BYTE].min(to_byte);
    Settled { after_exit, after_latch, after_byte: c }
}

/// Costs after the character `b` from the settled costs `c`.
fn step(c: &Row, b: u8) -> Row {
    let member = if b < 128 { MEMBER[b as usize] } else { 0 };
    let mut next = [INF; STATES];
    for s in 0..4 {
        let inside = member >> s & 1 == 1;
        let shifted = !inside && ((s != PUNCT && member >> PUNCT & 1 == 1) || (s == LOWER && member >> ALPHA & 1 == 1));
        for p in 0..2 {
            let cost = c[text(s, p)];
            if inside {
                let t = text(s, p ^ 1);
                next[t] = next[t].min(cost + 1);
            } else if shifted {
                next[text(s, p)] = next[text(s, p)].min(cost + 2);
            }
        }
        // 913 and the byte, after an even number of values.
        next[text(s, 0)] = next[text(s, 0)].min(c[text(s, 0)] + 4);
    }
    for m in 0..6 {
        // Bytes 1-5 of a group take a codeword each; the 6th completes 5 for 6.
        next[BYTE + (m + 1) % 6] = c[BYTE + m] + if m == 5 { 0 } else { 2 };
    }
    next
}

/// The state a Numeric run is entered from, and the cost there: 902 after a padded Text
/// codeword, or after Byte.
fn run_entry(c: &Row) -> (usize, u32) {
    let mut best = (0, INF);
    for (s, &cost) in c.iter().enumerate() {
        let cost = cost + if s < 8 { (s & 1) as u32 } else { 0 };
        if cost < best.1 {
            best = (s, cost);
        }
    }
    best
}

impl<'a> Compaction<'a> {
    pub(super) fn new(data: &'a [u8]) -> Compaction<'a> {
        let n = data.len();
        let mut run_len = vec![0u16; n + 1];
        let mut i = 0;
        while i < n {
            let mut j = i;
            while j < n && data[j].is_ascii_digit() {
                j += 1;
            }
            if j - i >= NUMERIC_MIN {
                run_len[i] = (j - i) as u16;
            }
            i = j.max(i + 1);
        }
        let mut arrivals: Vec<Row> = Vec::with_capacity(n + 1);
        let mut start = [INF; STATES];
        start[text(ALPHA, 0)] = 0;
        arrivals.push(start);
        let mut settled_rows: Vec<Row> = Vec::with_capacity(n);
        let mut i = 0;
        while i < n {
            let settled = settle(&arrivals[i]).after_byte;
            settled_rows.push(settled);
            let run = run_len[i] as usize;
            if run > 0 {
                // Positions inside the run are unreachable.
                for _ in 1..run {
                    arrivals.push([INF; STATES]);
                    settled_rows.push([INF; STATES]);
                }
                let mut row = [INF; STATES];
                row[NUMERIC] = run_entry(&settled).1 + numeric_cost(run);
                arrivals.push(row);
                i += run;
            } else {
                let row = step(&settled, data[i]);
                arrivals.push(row);
                i += 1;
            }
        }
        Compaction { data, arrivals, settled: settled_rows, run_len }
    }

    /// Data codewords of the cheapest compaction (not counting a length descriptor).
    #[cfg(test)]
    pub(super) fn codeword_count(&self) -> usize {
        self.end_state().1 as usize / 2
    }

    /// The cheapest state at the end (no switch there helps: a latch would only replace
    /// the pad) and its cost with the pad.
    fn end_state(&self) -> (usize, u32) {
        let last = &self.arrivals[self.data.len()];
        let mut best = (0, INF);
        for (s, &c) in last.iter().enumerate() {
            let c = c + if s < 8 { (s & 1) as u32 } else { 0 };
            if c < best.1 {
                best = (s, c);
            }
        }
        best
    }

    /// The steps of the cheapest path, first first.
    fn path(&self) -> Vec<Op> {
        let n = self.data.len();
        let mut ops = Vec::with_capacity(n + 8);
        let (mut i, mut s) = (n, self.end_state().0);
        // Which switches at position i may still explain the state's cost: 3 all, 2 the
        // latches and back to Text, 1 back to Text, 0 none (the state's arrival).
        let mut level = if i == n { 0 } else { 3 };
        loop {
            // A state whose cost the switches at i lowered: which switch, settled in steps.
            if level > 0 && self.settled[i][s] < self.arrivals[i][s] {
                let arrival = &self.arrivals[i];
                let st = settle(arrival);
                if level >= 3 && s == BYTE && st.after_byte[BYTE] < st.after_latch[BYTE] {
                    let target = st.after_byte[BYTE];
                    let from = (0..8)
                        .find(|&f| st.after_latch[f] + 2 + (f & 1) as u32 == target)
                        .unwrap_or(NUMERIC);
                    debug_assert!(from < 8 || st.after_latch[NUMERIC] + 2 == target);
                    ops.push(Op::ToByte);
                    s = from;
                    level = 2;
                    continue;
                }
                if level >= 2 && s < 8 && st.after_latch[s] < st.after_exit[s] {
                    let target = st.after_latch[s];
                    let from = (0..8)
                        .find(|&f| latch_cost(f, s).map_or(false, |k| st.after_exit[f] + k == target))
                        .expect("a latch source");
                    ops.push(Op::Latch { from: (from / 2) as u8, to: (s / 2) as u8 });
                    s = from;
                    level = 1;
                    continue;
                }
                if s == text(ALPHA, 0) && st.after_exit[s] < arrival[s] {
                    let target = st.after_exit[s];
                    s = (BYTE..STATES).find(|&f| arrival[f] + 2 == target).expect("an exit source");
                    ops.push(Op::ToText);
                    level = 0;
                    continue;
                }
            }
            if i == 0 {
                debug_assert_eq!(s, text(ALPHA, 0));
                break;
            }
            let cost = self.arrivals[i][s];
            if s == NUMERIC {
                let start = (0..i).rev().find(|&j| self.run_len[j] as usize == i - j).expect("a run ends here");
                let (from, entry) = run_entry(&self.settled[start]);
                debug_assert_eq!(entry + numeric_cost(i - start), cost);
                ops.push(Op::Numeric { start: start as u16, len: (i - start) as u16 });
                i = start;
                s = from;
                level = 3;
                continue;
            }
            i -= 1;
            let prev = &self.settled[i];
            level = 3;
            if s >= BYTE {
                ops.push(Op::Byte { pos: i as u16 });
                s = BYTE + (s - BYTE + 5) % 6;
                continue;
            }
            let b = self.data[i];
            let member = if b < 128 { MEMBER[b as usize] } else { 0 };
            let sub = s / 2;
            let how = if member >> sub & 1 == 1 && prev[s ^ 1] + 1 == cost {
                DIRECT
            } else if sub != PUNCT && member >> PUNCT & 1 == 1 && member >> sub & 1 == 0 && prev[s] + 2 == cost {
                PUNCT_SHIFT
            } else if sub == LOWER && member >> ALPHA & 1 == 1 && member >> sub & 1 == 0 && prev[s] + 2 == cost {
                ALPHA_SHIFT
            } else {
                debug_assert!(s & 1 == 0 && prev[s] + 4 == cost, "no transition explains the cost");
                BYTE_SHIFT
            };
            ops.push(Op::Text { pos: i as u16, how });
            if how == DIRECT {
                s ^= 1;
            }
        }
        ops.reverse();
        ops
    }

    /// The data codewords (Text values paired, Byte and Numeric groups written out).
    pub(super) fn write(&self, out: &mut Vec<u16>) {
        let ops = self.path();
        let mut w = TextWriter { out, pending: None };
        let mut sub = ALPHA;
        let mut k = 0;
        while k < ops.len() {
            match ops[k] {
                Op::Text { pos, how } => {
                    let b = self.data[pos as usize];
                    match how {
                        DIRECT => w.value(VALUE[b as usize][sub]),
                        PUNCT_SHIFT => {
                            w.value(29);
                            w.value(VALUE[b as usize][PUNCT]);
                        }
                        ALPHA_SHIFT => {
                            w.value(27);
                            w.value(VALUE[b as usize][ALPHA]);
                        }
                        _ => {
                            debug_assert!(w.pending.is_none(), "913 after an odd number of values");
                            w.out.push(913);
                            w.out.push(b as u16);
                        }
                    }
                }
                Op::Latch { from, to } => {
                    debug_assert_eq!(from as usize, sub);
                    for &v in LATCH[from as usize][to as usize] {
                        w.value(v);
                    }
                    sub = to as usize;
                }
                Op::ToText => {
                    w.out.push(900);
                    sub = ALPHA;
                }
                Op::ToByte => {
                    w.pad();
                    let len = ops[k + 1..].iter().take_while(|op| matches!(op, Op::Byte { .. })).count();
                    let start = match ops.get(k + 1) {
                        Some(Op::Byte { pos }) => *pos as usize,
                        _ => 0,
                    };
                    write_bytes(&self.data[start..start + len], w.out);
                    k += len;
                }
                Op::Byte { .. } => unreachable!("bytes are written with their latch"),
                Op::Numeric { start, len } => {
                    w.pad();
                    w.out.push(902);
                    write_digits(&self.data[start as usize..(start + len) as usize], w.out);
                }
            }
            k += 1;
        }
        w.pad();
    }
}

/// One step of the chosen path.
#[derive(Clone, Copy, Debug)]
enum Op {
    /// The character at `pos` in Text (`how`: direct, shifted, or 913).
    Text { pos: u16, how: u8 },
    /// A sub-mode latch.
    Latch { from: u8, to: u8 },
    /// Latch 900 from Byte or Numeric: Text, Alpha.
    ToText,
    /// Latch 901/924 (after a pad if the Text values were odd).
    ToByte,
    /// The byte at `pos`, in Byte Compaction.
    Byte { pos: u16 },
    /// A Numeric run (latch 902, after a pad if the Text values were odd).
    Numeric { start: u16, len: u16 },
}

/// Text values into codewords, two a codeword.
struct TextWriter<'o> {
    out: &'o mut Vec<u16>,
    pending: Option<u8>,
}

impl<'o> TextWriter<'o> {
    fn value(&mut self, v: u8) {
        match self.pending.take() {
            Some(h) => self.out.push(30 * h as u16 + v as u16),
            None => self.pending = Some(v),
        }
    }

    /// Completes an odd number of values with 29 before a codeword that is not Text.
    fn pad(&mut self) {
        if self.pending.is_some() {
            self.value(29);
        }
    }
}

/// Byte Compaction: 924 when the count is a multiple of 6, else 901 (whose last group of
/// fewer than six bytes is written one byte per codeword); six bytes as a 48-bit number in
/// five base-900 digits, most significant first.
fn write_bytes(bytes: &[u8], out: &mut Vec<u16>) {
    out.push(if bytes.len() % 6 == 0 { 924 } else { 901 });
    let mut groups = bytes.chunks_exact(6);
    for g in &mut groups {
        let mut x = g.iter().fold(0u64, |x, &b| x << 8 | b as u64);
        let mut digits = [0u16; 5];
        for d in digits.iter_mut().rev() {
            *d = (x % 900) as u16;
            x /= 900;
        }
        out.extend_from_slice(&digits);
    }
    out.extend(groups.remainder().iter().map(|&b| b as u16));
}

/// Numeric Compaction of a digit run: groups of 44 digits (the last shorter), each the
/// number "1" followed by its digits, in base 900, most significant first.
fn write_digits(digits: &[u8], out: &mut Vec<u16>) {
    for group in digits.chunks(44) {
        // The number in base 10^9 limbs, most significant first: at most 45 digits.
        let mut limbs = [0u64; 5];
        let mut n_limbs = 0;
        let text_len = group.len() + 1;
        let first = text_len % 9;
        let mut pos = 0; // digit index in "1" + group
        let digit = |k: usize| if k == 0 { 1 } else { (group[k - 1] - b'0') as u64 };
        let mut take = if first == 0 { 9 } else { first };
        while pos < text_len {
            let mut limb = 0u64;
            for _ in 0..take {
                limb = limb * 10 + digit(pos);
                pos += 1;
            }
            limbs[n_limbs] = limb;
            n_limbs += 1;
            take = 9;
        }
        // Repeated division by 900 gives the base-900 digits, least significant first.
        let mut base900 = [0u16; 15];
        let mut count = 0;
        loop {
            let mut rem = 0u64;
            let mut all_zero = true;
            for limb in limbs[..n_limbs].iter_mut() {
                let x = rem * 1_000_000_000 + *limb;
                *limb = x / 900;
                rem = x % 900;
                all_zero &= *limb == 0;
            }
            base900[count] = rem as u16;
            count += 1;
            if all_zero {
                break;
            }
        }
        out.extend(base900[..count].iter().rev());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codewords(data: &[u8]) -> Vec<u16> {
        let mut out = Vec::new();
        Compaction::new(data).write(&mut out);
        out
    }

    #[test]
    fn sub_mode_tables() {
        assert_eq!((MEMBER[b'$' as usize], VALUE[b'$' as usize][MIXED], VALUE[b'$' as usize][PUNCT]), (1 << MIXED | 1 << PUNCT, 18, 18));
        assert_eq!(VALUE[b'/' as usize][MIXED], 19);
        assert_eq!(VALUE[b'^' as usize][MIXED], 24);
        assert_eq!(VALUE[b'\'' as usize][PUNCT], 28);
        assert_eq!(VALUE[b'\n' as usize][PUNCT], 15);
        assert_eq!(MEMBER[b'\n' as usize], 1 << PUNCT);
        // Printable ASCII, HT, LF and CR are all in Text; nothing else.
        for b in 0..128u8 {
            assert_eq!(MEMBER[b as usize] != 0, (32..127).contains(&b) || b == 9 || b == 10 || b == 13, "{}", b);
        }
    }

    /// The worked example of ISO/IEC 15438 (and the usual references): "PDF417" is P D F in
    /// Alpha (15, 3, 5), Mixed latch (28), 4 1 7, pad: 453 178 121 239.
    #[test]
    fn text_compaction_of_pdf417() {
        assert_eq!(codewords(b"PDF417"), vec![453, 178, 121, 239]);
    }

    #[test]
    fn byte_and_numeric_groups() {
        // 6 bytes in 5 codewords under 924.
        let six = codewords(&[0x80, 0x81, 0x82, 0x83, 0x84, 0x85]);
        assert_eq!(six[0], 924);
        assert_eq!(six.len(), 6);
        let x: u64 = six[1..].iter().fold(0, |x, &d| x * 900 + d as u64);
        assert_eq!(x, 0x808182838485);
        // 7 bytes: 901, a group of 6, 1 raw.
        let seven = codewords(&[0xF0; 7]);
        assert_eq!((seven[0], seven.len(), seven[6]), (901, 7, 0xF0));
        // 13 digits: 902 and "1" + digits in base 900 (5 codewords).
        let digits = codewords(b"1234567890123");
        assert_eq!(digits[0], 902);
        let x: u128 = digits[1..].iter().fold(0, |x, &d| x * 900 + d as u128);
        assert_eq!(x, 11234567890123);
        // 12 digits stay in Text (Mixed).
        assert_ne!(codewords(b"123456789012")[0], 902);
        // 44 digits are 15 codewords, 45 are 15 + 1.
        assert_eq!(codewords(&[b'9'; 44]).len(), 16);
        assert_eq!(codewords(&[b'9'; 45]).len(), 17);
        assert_eq!(Compaction::new(&[b'9'; 100]).codeword_count(), 1 + 15 + 15 + 5);
    }

    #[test]
    fn shifts_and_latches_are_cheapest() {
        // Lower case with one capital: Alpha Shift, not two latches.
        assert_eq!(codewords(b"abcDef").len(), 4); // LL a b c AS D e f: 8 values
        // One punctuation character in Alpha: Punctuation Shift.
        assert_eq!(codewords(b"AB;CD"), vec![30 * 0 + 1, 30 * 29 + 0, 30 * 2 + 3]);
        // One byte between text: 913.
        let cw = codewords(b"AB\xe9CD");
        assert!(cw.contains(&913));
    }
}
