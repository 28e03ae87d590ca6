//! Mode choice and the data bit stream (AIMD014 6.3; mode switches, Table 9).
//!
//! Grid Matrix has six modes: Hanzi (13 bits a GB 2312 character, also a digit pair, CR LF or
//! any byte), numeral (10 bits for three digits, with one of ` +-.,` or CR LF folded into a
//! block at 10 bits more), lower and upper case (5 bits a letter or space), mixed (6 bits a
//! digit, letter or space) and byte (8 bits, runs of up to 512 bytes with a 9-bit count).
//! Lower, upper and mixed reach the other ASCII characters through a shift.
//!
//! The choice is zint's: a dynamic programme over the characters in sixths of a bit, keeping
//! for each mode the cheapest way to end there, with zint's estimates (a digit pair costs
//! Hanzi 6.5 bits a digit, a numeral block its bits spread over its characters, byte runs
//! counted from the start of the text) and zint's order of relaxing mode switches. The
//! estimates are heuristics, not exact bit counts; they are reproduced as they are, because a
//! symbol equal to the reference encoder's is the test.

/// The modes, in zint's order (the order ties are broken in).
pub const HANZI: u8 = 0;
pub const NUMERAL: u8 = 1;
pub const LOWER: u8 = 2;
pub const UPPER: u8 = 3;
pub const MIXED: u8 = 4;
pub const BYTE: u8 = 5;
const MODES: usize = 6;

/// The most data bits a symbol holds (1,313 codewords of 7 bits).
pub const MAX_BITS: usize = 9191;

/// What zint 2.11 gets wrong in a text (see [`zint_2_11_difference`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zint211Difference {
    /// 2.11's symbol is this encoder's.
    None,
    /// Only the first mode indicator differs (4 bits either way: same size and level).
    ByteStart,
    /// Numeral blocks differ: modes, bits and perhaps size.
    Numeral,
}

/*---- Mode choice ----*/

// Costs in sixths of a bit (so that 6.5 and 10/3 bits are whole numbers).
/// Mode indicator at the start (4 bits), plus the numeral pad field (2) or the byte count (9).
const HEAD_COST: [u32; MODES] = [24, 36, 24, 24, 24, 78];
/// Switching from mode `k` (row) to mode `j` (column), with the field the new mode starts with.
const SWITCH_COST: [[u32; MODES]; MODES] = [
    [0, 90, 78, 78, 78, 132],
    [60, 0, 60, 60, 60, 114],
    [30, 42, 0, 30, 42, 96],
    [30, 42, 30, 0, 42, 96],
    [60, 72, 60, 60, 0, 114],
    [24, 36, 24, 24, 24, 0],
];
/// The end-of-data code of each mode.
const END_COST: [u32; MODES] = [78, 60, 30, 30, 60, 24];

fn is_digit(v: u32) -> bool {
    (0x30..=0x39).contains(&v)
}

fn is_upper(v: u32) -> bool {
    (0x41..=0x5A).contains(&v)
}

fn is_lower(v: u32) -> bool {
    (0x61..=0x7A).contains(&v)
}

/// The non-digits a numeral block can carry (besides CR LF).
fn is_numeral_punct(v: u32) -> bool {
    matches!(v, 0x20 | 0x2B | 0x2D | 0x2E | 0x2C)
}

fn is_crlf(values: &[u32], i: usize) -> bool {
    values[i] == 13 && values.get(i + 1) == Some(&10)
}

/// zint's numeral look-ahead (`gm_in_numeral`): whether position `i` can be in numeral mode,
/// and at what cost a character. A run of up to 3 digits with at most one non-digit inside it
/// (not at its end) counts as one block, its 10 or 20 bits spread over its characters;
/// positions inside the last block found reuse its cost.
///
/// A second non-digit before the block's third digit refuses numeral mode at `i` outright: a
/// block carries one non-digit (AIMD014 6.3.2, Table 5), so "2.2.0" cannot start a block.
/// zint 2.11 only ended the look-ahead there, kept numeral mode, and the encoder then wrote a
/// block that decodes to other digits (fixed in zint 2.16.0.9, commit 4e534c3a, "allowing more
/// than one non-digit in numeral").
struct Numeral {
    end: usize,
    cost: u32,
}

impl Numeral {
    fn check(&mut self, values: &[u32], i: usize) -> bool {
        if i < self.end {
            return true;
        }
        let len = values.len();
        let (mut j, mut digits, mut nondigit, mut nondigit_at) = (i, 0usize, 0usize, 0usize);
        while j < len && j < i + 4 && digits < 3 {
            let v = values[j];
            if is_digit(v) {
                digits += 1;
            } else if is_numeral_punct(v) {
                if nondigit != 0 {
                    self.end = 0;
                    return false;
                }
                nondigit = 1;
                nondigit_at = j;
            } else if j + 1 < len && is_crlf(values, j) {
                if nondigit != 0 {
                    self.end = 0;
                    return false;
                }
                j += 1;
                nondigit = 2;
                nondigit_at = j;
            } else {
                break;
            }
            j += 1;
        }
        if digits == 0 {
            self.end = 0;
            return false;
        }
        if nondigit != 0 && nondigit_at == j - 1 {
            nondigit = 0; // a trailing non-digit is not part of the block
        }
        self.end = i + digits + nondigit;
        // (10 or 20 bits) * 6 over the block's characters.
        self.cost = match (digits, nondigit) {
            (3, 2) => 24,
            (3, 1) => 30,
            (3, _) => 20,
            (2, 2) => 30,
            (2, 1) => 40,
            (2, _) => 30,
            (_, 2) => 40,
            (_, _) => 60,
        };
        true
    }
}

/// How zint 2.11 (Debian's package, which the corpus comparisons run) encodes `values`
/// otherwise than this encoder, by its misencodations fixed in 2.16.0.9: numeral mode where a
/// look-ahead meets a second non-digit (see [`Numeral`]), which changes modes and bits, or
/// else only the byte mode indicator at the start (0110 for 0111, same length). Where no
/// look-ahead meets a second non-digit, 2.11's numeral answers are ours at every position, so
/// its modes are ours. (Conservative: a look-ahead that meets one need not change the modes.)
pub fn zint_2_11_difference(values: &[u32], modes: &[u8]) -> Zint211Difference {
    let len = values.len();
    let numeral = (0..len).any(|i| {
        let (mut j, mut digits, mut nondigits) = (i, 0, 0);
        while j < len && j < i + 4 && digits < 3 {
            if is_digit(values[j]) {
                digits += 1;
            } else if is_numeral_punct(values[j]) || (j + 1 < len && is_crlf(values, j)) {
                nondigits += 1;
                if nondigits == 2 {
                    return true;
                }
                if values[j] == 13 {
                    j += 1;
                }
            } else {
                break;
            }
            j += 1;
        }
        false
    });
    if numeral {
        Zint211Difference::Numeral
    } else if modes.first() == Some(&BYTE) {
        Zint211Difference::ByteStart
    } else {
        Zint211Difference::None
    }
}

/// The mode of each value (zint's `gm_define_mode`).
pub fn choose(values: &[u32]) -> Vec<u8> {
    // A mode that cannot take the character costs UNSET, more than any real path (at most
    // 17,400 characters of 16 bits), so it is never chosen while another mode can: zint's
    // "no mode yet" flag. (Hanzi and byte take every character, so every mode is reachable
    // again after the switches.)
    const UNSET: u32 = 1 << 30;
    let n = values.len();
    // via[i * 6 + j]: the mode character i is encoded in on the cheapest path that ends in mode
    // j after character i.
    let mut via = vec![0u8; n * MODES];
    let mut prev = HEAD_COST;
    let mut byte_count = 0u32; // zint counts from the start of the text, whatever the path
    let mut numeral = Numeral { end: 0, cost: 0 };
    for i in 0..n {
        let v = values[i];
        let mut double_byte = v > 0xFF;
        let (mut space, mut digit, mut lower, mut upper, mut control, mut digit_pair, mut eol) =
            (false, false, false, false, false, false, false);
        if !double_byte {
            space = v == 0x20;
            if !space {
                digit = is_digit(v);
                if digit {
                    digit_pair = i + 1 < n && is_digit(values[i + 1]);
                } else {
                    lower = is_lower(v);
                    if !lower {
                        upper = is_upper(v);
                        if !upper {
                            control = v < 0x7F;
                            eol = control && i + 1 < n && is_crlf(values, i);
                        }
                    }
                }
            }
        }
        let mut cur = [UNSET; MODES];
        let mut m: [u8; MODES] = [0, 1, 2, 3, 4, 5];

        cur[0] = prev[0] + if digit_pair || eol { 39 } else { 78 };

        let b = BYTE as usize;
        let mut byte_cost = prev[b];
        if byte_count == 512 || (double_byte && byte_count == 511) {
            byte_cost += HEAD_COST[b];
            if double_byte && byte_count == 511 {
                byte_cost += 48; // the first byte ends one run, the second starts the next
                double_byte = false;
            }
            byte_count = 0;
        }
        cur[b] = byte_cost + if double_byte { 96 } else { 48 };
        byte_count += if double_byte { 2 } else { 1 };

        if numeral.check(values, i) {
            cur[1] = prev[1] + numeral.cost;
        }
        if control {
            cur[2] = prev[2] + 78; // shift + 6-bit character
            cur[3] = prev[3] + 78;
            cur[4] = prev[4] + 96;
        } else {
            if lower || space {
                cur[2] = prev[2] + 30;
            }
            if upper || space {
                cur[3] = prev[3] + 30;
            }
            if digit || lower || upper || space {
                cur[4] = prev[4] + 36;
            }
        }

        if i == n - 1 {
            for j in 0..MODES {
                if cur[j] != UNSET {
                    cur[j] += END_COST[j];
                }
            }
        }

        // Switch after this character; updated costs feed later targets (zint's order).
        for j in 0..MODES {
            for k in 0..MODES {
                if j != k {
                    let cost = cur[k] + SWITCH_COST[k][j];
                    if cost < cur[j] {
                        cur[j] = cost;
                        m[j] = k as u8;
                    }
                }
            }
        }
        via[i * MODES..(i + 1) * MODES].copy_from_slice(&m);
        prev = cur;
    }

    let mut mode = 0usize;
    for j in 1..MODES {
        if prev[j] < prev[mode] {
            mode = j;
        }
    }
    let mut modes = vec![0u8; n];
    for i in (0..n).rev() {
        let m = via[i * MODES + mode];
        modes[i] = m;
        mode = m as usize;
    }
    modes
}

/*---- Bit stream ----*/

/// A bit string, packed most significant bit first into 64-bit words, with fields that are
/// filled in later (numeral pad, byte count).
pub struct Bits {
    words: Vec<u64>,
    len: usize,
}

impl Bits {
    fn with_capacity(bits: usize) -> Bits {
        Bits { words: Vec::with_capacity(bits / 64 + 2), len: 0 }
    }

    /// Appends the low `len` bits of `value` (len <= 32), most significant first.
    #[inline]
    fn push(&mut self, value: u32, len: usize) {
        let end = self.len + len;
        while self.words.len() * 64 < end {
            self.words.push(0);
        }
        if len == 0 {
            return;
        }
        let value = value as u64 & ((1u64 << len) - 1);
        let (w, off) = (self.len / 64, self.len % 64);
        let free = 64 - off;
        if len <= free {
            self.words[w] |= value << (free - len);
        } else {
            self.words[w] |= value >> (len - free);
            self.words[w + 1] |= value << (64 - (len - free));
        }
        self.len = end;
    }

    /// Overwrites `len` bits from position `at` with the low bits of `value`.
    fn put(&mut self, at: usize, value: u32, len: usize) {
        for i in 0..len {
            let pos = at + i;
            let mask = 1u64 << (63 - pos % 64);
            if (value >> (len - 1 - i)) & 1 != 0 {
                self.words[pos / 64] |= mask;
            } else {
                self.words[pos / 64] &= !mask;
            }
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// The bit at `pos`, 0 or 1.
    #[cfg(test)]
    pub fn bit(&self, pos: usize) -> u8 {
        (self.words[pos / 64] >> (63 - pos % 64)) as u8 & 1
    }

    /// The bits as 7-bit codewords (the length is a multiple of 7 after [`encode`]).
    pub fn codewords(&self) -> Vec<u8> {
        (0..self.len / 7)
            .map(|k| {
                let (w, off) = (7 * k / 64, 7 * k % 64);
                let window = if off <= 57 {
                    self.words[w] >> (57 - off)
                } else {
                    self.words[w] << (off - 57) | self.words[w + 1] >> (121 - off)
                };
                (window & 0x7F) as u8
            })
            .collect()
    }
}

/// The shift set above the C0 controls (Table 7, values 32-63).
const SHIFT_PUNCT: &[u8; 32] = b"!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

/// The 6-bit shift value of an ASCII control or punctuation character.
fn shift_value(v: u32) -> u32 {
    if v < 32 {
        v
    } else {
        SHIFT_PUNCT.iter().position(|&c| c as u32 == v).map_or(0, |p| p as u32 + 32)
    }
}

/// The mode-switch codes (AIMD014 6.3, Table 9), as (value, bits): `SWITCH[from][to]`, with
/// row [`START`] for the mode indicator before the first character (zint's `gm_mode_switch`
/// and `gm_mode_len`). The byte mode indicator at the start is 0111, the same code that starts
/// a new 512-byte run; zint 2.11 wrote 0110 at the start (`next + 1`), so such symbols did not
/// read back (found with zxing-cpp's decoder; fixed in zint 2.16.0.9, commit 4e534c3a, "byte
/// latch 6 -> 7").
const SWITCH: [[(u32, usize); MODES]; MODES + 1] = [
    [(0, 0), (8161, 13), (8162, 13), (8163, 13), (8164, 13), (8165, 13)], // from Hanzi
    [(1019, 10), (0, 0), (1020, 10), (1021, 10), (1022, 10), (1023, 10)], // from numeral
    [(28, 5), (29, 5), (0, 0), (30, 5), (124, 7), (126, 7)],              // from lower
    [(28, 5), (29, 5), (30, 5), (0, 0), (124, 7), (126, 7)],              // from upper
    [(1009, 10), (1010, 10), (1011, 10), (1012, 10), (0, 0), (1015, 10)], // from mixed
    [(1, 4), (2, 4), (3, 4), (4, 4), (5, 4), (0, 0)],                     // from byte
    [(1, 4), (2, 4), (3, 4), (4, 4), (5, 4), (7, 4)],                     // START
];
/// The row of [`SWITCH`] before the first character.
const START: usize = MODES;
/// The end-of-data code of each mode (Table 9), as (value, bits).
const END_OF_DATA: [(u32, usize); MODES] = [(8160, 13), (1018, 10), (27, 5), (27, 5), (1008, 10), (0, 4)];

/// The numeral pad field: how many of the last block's three digits are padding.
fn numeral_pad(digits: usize) -> u32 {
    match digits {
        1 => 2,
        2 => 1,
        _ => 0,
    }
}

/// The data bits of `values` in `modes`, after an ECI header when `eci` is given, padded with
/// zeros to whole 7-bit codewords. `None` when more than [`MAX_BITS`] are needed.
pub fn encode(values: &[u32], eci: Option<u16>, modes: &[u8]) -> Option<Bits> {
    let n = values.len();
    let mut out = Bits::with_capacity(MAX_BITS + 64);
    if let Some(eci) = eci {
        out.push(12, 4); // ECI indicator; every ECI used here is below 1024
        out.push(eci as u32, 11);
    }
    let mut current = START as u8;
    let mut sp = 0usize;
    let mut digits = 0usize; // digits in the last numeral block
    let (mut pad_at, mut count_at, mut byte_count) = (0usize, 0usize, 0u32);
    loop {
        let next = modes[sp];
        if next != current {
            // Fill in the fields of the mode left: the last numeral block's pad, the run's count.
            match current {
                NUMERAL => out.put(pad_at, numeral_pad(digits), 2),
                BYTE => {
                    out.put(count_at, byte_count - 1, 9);
                    byte_count = 0;
                }
                _ => {}
            }
            let (code, bits) = SWITCH[current as usize][next as usize];
            out.push(code, bits);
        }
        let last = current;
        current = next;
        let v = values[sp];
        match current {
            HANZI => {
                let glyph = if v > 0xFF {
                    let (c1, c2) = (v >> 8, v & 0xFF);
                    let row = if c1 <= 0xA9 { c1 - 0xA1 } else { c1 - 0xB0 + 9 };
                    0x60 * row + (c2 - 0xA0)
                } else if sp + 1 < n && is_crlf(values, sp) {
                    sp += 1;
                    7776
                } else if sp + 1 < n && is_digit(v) && is_digit(values[sp + 1]) {
                    sp += 1;
                    8033 + 10 * (v - 0x30) + (values[sp] - 0x30)
                } else {
                    7777 + v
                };
                out.push(glyph, 13);
                sp += 1;
            }
            NUMERAL => {
                if last != current {
                    pad_at = out.len();
                    out.push(0, 2);
                }
                digits = 0;
                let mut punct: Option<(u32, usize)> = None;
                let mut block = [0u32; 3];
                loop {
                    let v = values[sp];
                    if is_digit(v) {
                        block[digits] = v - 0x30;
                        digits += 1;
                    } else if is_numeral_punct(v) {
                        if punct.is_some() {
                            break;
                        }
                        punct = Some((v, digits));
                    } else if sp + 1 < n && is_crlf(values, sp) {
                        if punct.is_some() {
                            break;
                        }
                        punct = Some((13, digits));
                        sp += 1;
                    } else {
                        break;
                    }
                    sp += 1;
                    if !(digits < 3 && sp < n && modes[sp] == NUMERAL) {
                        break;
                    }
                }
                if let Some((p, at)) = punct {
                    let base = match p {
                        0x20 => 0,
                        0x2B => 3,
                        0x2D => 6,
                        0x2E => 9,
                        0x2C => 12,
                        _ => 15, // CR LF
                    };
                    out.push(1000 + base + at as u32, 10);
                }
                out.push(100 * block[0] + 10 * block[1] + block[2], 10);
            }
            BYTE => {
                if last != current {
                    count_at = out.len();
                    out.push(0, 9);
                }
                let mut glyph = v;
                if byte_count == 512 || (glyph > 0xFF && byte_count == 511) {
                    // A run holds at most 512 bytes; a GB 2312 code may straddle two runs.
                    if glyph > 0xFF && byte_count == 511 {
                        out.push(glyph >> 8, 8);
                        glyph &= 0xFF;
                        byte_count += 1;
                    }
                    out.put(count_at, byte_count - 1, 9);
                    out.push(7, 4);
                    count_at = out.len();
                    out.push(0, 9);
                    byte_count = 0;
                }
                let wide = glyph > 0xFF;
                out.push(glyph, if wide { 16 } else { 8 });
                byte_count += if wide { 2 } else { 1 };
                sp += 1;
            }
            MIXED => {
                if is_digit(v) {
                    out.push(v - 0x30, 6);
                } else if is_upper(v) {
                    out.push(v - 0x41 + 10, 6);
                } else if is_lower(v) {
                    out.push(v - 0x61 + 36, 6);
                } else if v == 0x20 {
                    out.push(62, 6);
                } else {
                    out.push(1014, 10);
                    out.push(shift_value(v), 6);
                }
                sp += 1;
            }
            _ => {
                debug_assert!(current == LOWER || current == UPPER);
                let letter = if current == LOWER { is_lower(v) } else { is_upper(v) };
                if letter {
                    out.push(v - if current == LOWER { 0x61 } else { 0x41 }, 5);
                } else if v == 0x20 {
                    out.push(26, 5);
                } else {
                    out.push(125, 7);
                    out.push(shift_value(v), 6);
                }
                sp += 1;
            }
        }
        if out.len() > MAX_BITS {
            return None;
        }
        if sp >= n {
            break;
        }
    }
    match current {
        NUMERAL => out.put(pad_at, numeral_pad(digits), 2),
        BYTE => out.put(count_at, byte_count - 1, 9),
        _ => {}
    }
    let (code, bits) = END_OF_DATA[current as usize];
    out.push(code, bits);
    if out.len() > MAX_BITS {
        return None;
    }
    let pad = (7 - out.len() % 7) % 7;
    out.push(0, pad);
    Some(out)
}
