//! Choosing the data mask: the four penalty rules of ISO/IEC 18004 7.8.3, on packed rows.
//!
//! Every rule is evaluated on the masked symbol with its format information drawn, 64
//! modules per machine word, by shifting a line (row or column) against itself; modules
//! outside the line are 0, light, like the quiet zone:
//!
//! * N1 (3 + (run - 5) per run of 5 or more same-colour modules, rows and columns):
//!   `same` marks modules equal to their right neighbour; a run of length L >= 5 is a
//!   stretch of L - 1 >= 4 set bits, so its penalty L - 2 is the number of positions that
//!   start 4 consecutive set bits plus 2 for the run's first such position.
//! * N2 (3 per 2x2 block of one colour, blocks may overlap): two neighbouring rows equal at
//!   columns x and x + 1 and the top row equal at x and x + 1.
//! * N3 (40 per 1:1:3:1:1 finder-like pattern dark-light-dark-dark-dark-light-dark with 4
//!   light modules before or after, rows and columns): the 7-module core is matched with
//!   ANDs of shifted copies; "4 light modules after" is "no dark module among the next 4",
//!   tested on copies shifted towards the core, so the 0s shifted in past the line's ends
//!   count as the light quiet zone without padding the line. A core with light on both
//!   sides counts once, as zint counts it (`qr_evaluate`, 2.11 to 2.16.0.9) and as the
//!   standard's "preceded or followed by" reads; Nayuki's generator counts it twice, as this
//!   encoder did, which chose other masks than zint's for some symbols (zint's test_qr.c
//!   vectors, `zint_vectors.rs`).
//! * N4 (10 per 5% that the dark share deviates from 50%, rounded down).
//!
//! Symbols up to version 3 (29 modules) score a row and the column of the same index in
//! one word, `row | column << (size + 4)`: 4 light modules between them keep every run and
//! pattern inside its own line, so one pass of the line rules scores both.
//!
//! Ties go to the lowest mask number.

use super::layout::{Bits, Layout, MASK_COLS, MASK_ROWS};
use super::{Ecc, Mask};

const N1: u32 = 3;
const N2: u32 = 3;
const N3: u32 = 40;
const N4: u32 = 10;

/// The mask with the lowest penalty for this layout and ECC level (the layout is left
/// with the last mask's format information).
pub fn choose(layout: &mut Layout, ecc: Ecc) -> Mask {
    let mut best = (u32::MAX, Mask::new(0).unwrap());
    for k in 0..8 {
        let mask = Mask::new(k).unwrap();
        layout.set_format(ecc, mask);
        let score = penalty(layout, mask);
        if score < best.0 {
            best = (score, mask);
        }
    }
    best.1
}

/// Light modules between a row and its column packed in one word: more than a finder
/// pattern's light run (4) can bridge, and at least two, so no core spans the gap.
const GAP: usize = 4;

/// The total penalty of the symbol with `mask` applied (its format information drawn).
pub fn penalty(layout: &Layout, mask: Mask) -> u32 {
    let n = layout.size;
    if 2 * n + GAP <= 64 {
        return penalty_packed(layout, mask);
    }
    // The fewest 64-bit words that hold a line.
    match n {
        0..=64 => penalty_lines::<1>(layout, mask),
        65..=128 => penalty_lines::<2>(layout, mask),
        _ => penalty_lines::<3>(layout, mask),
    }
}

/// Rows and columns scored one line at a time, in `W` words.
fn penalty_lines<const W: usize>(layout: &Layout, mask: Mask) -> u32 {
    let n = layout.size;
    let (mask_rows, mask_cols) = (&MASK_ROWS[mask.value() as usize], &MASK_COLS[mask.value() as usize]);
    let pairs = Bits::<W>::ones(n - 1);
    let mut score = 0;
    let mut dark = 0;
    let mut prev = Bits::<W>::ZERO;
    let mut phase = 0; // i % 12, the masks' period
    for i in 0..n {
        let (r, c) = layout.masked_line::<W>(i, &mask_rows[phase], &mask_cols[phase]);
        phase = if phase == 11 { 0 } else { phase + 1 };
        score += runs(r, pairs) + runs(c, pairs);
        score += N3 * (finder_like(r) + finder_like(c));
        if i > 0 {
            score += N2 * blocks(prev, r, pairs);
        }
        dark += r.count();
        prev = r;
    }
    score + N4 * balance(dark, n)
}

/// Row `i` and column `i` scored together in one word (symbols of `2 * size + GAP <= 64`).
fn penalty_packed(layout: &Layout, mask: Mask) -> u32 {
    let n = layout.size;
    let (mask_rows, mask_cols) = (&MASK_ROWS[mask.value() as usize], &MASK_COLS[mask.value() as usize]);
    let shift = (n + GAP) as u32;
    let row_pairs = Bits::<1>::ones(n - 1);
    let pairs = row_pairs | (row_pairs << shift);
    let mut score = 0;
    let mut dark = 0;
    let mut prev = Bits::<1>::ZERO;
    let mut phase = 0;
    for i in 0..n {
        let (r, c) = layout.masked_line::<1>(i, &mask_rows[phase], &mask_cols[phase]);
        phase = if phase == 11 { 0 } else { phase + 1 };
        let both = r | (c << shift);
        score += runs(both, pairs) + N3 * finder_like(both);
        if i > 0 {
            score += N2 * blocks(prev, r, row_pairs);
        }
        dark += r.count();
        prev = r;
    }
    score + N4 * balance(dark, n)
}

/// N2 blocks whose top row is `above` and bottom row `row`: both rows equal at columns x
/// and x + 1 (x in `pairs`), the row equal at x and x + 1.
#[inline(always)]
fn blocks<const W: usize>(above: Bits<W>, row: Bits<W>, pairs: Bits<W>) -> u32 {
    let vertical = !(above ^ row);
    let horizontal = !(row ^ (row >> 1));
    (vertical & (vertical >> 1) & horizontal & pairs).count()
}

/// N4's k: the dark share's deviation from 50% in whole 5% steps.
fn balance(dark: u32, n: usize) -> u32 {
    let total = (n * n) as u32;
    let deviation = (dark as i64 * 20 - total as i64 * 10).unsigned_abs() as u32;
    ((deviation + total - 1) / total).saturating_sub(1)
}

/// N1 for one line (or several apart): sum of (run length - 2) over runs of 5 or more;
/// `pairs` marks the modules whose right neighbour is in the same line.
#[inline(always)]
fn runs<const W: usize>(x: Bits<W>, pairs: Bits<W>) -> u32 {
    let same = !(x ^ (x >> 1)) & pairs;
    let s2 = same & (same >> 1);
    let s4 = s2 & (s2 >> 2);
    let starts = s4 & !(s4 << 1);
    s4.count() + (N1 - 1) * starts.count()
}

/// N3 count for one line (or several, at least GAP light modules apart): 1011101 cores
/// with 4 light modules after or before (once for both). Bit p of `core` is
/// a core starting at module p; bit p of `ahead` a dark module among p..p+3, of `behind`
/// among p-3..p. Each is made by shifts that move modules towards p, so a window reaching
/// past the line's end sees the 0s shifted in there, light.
#[inline(always)]
fn finder_like<const W: usize>(x: Bits<W>) -> u32 {
    let x1 = x >> 1;
    let core = x & (x >> 2) & (x >> 3) & (x >> 4) & (x >> 6) & !(x1 | (x >> 5));
    let ahead = x | x1;
    let ahead = ahead | (ahead >> 2);
    let behind = x | (x << 1);
    let behind = behind | (behind << 2);
    (core & !((ahead >> 7) & (behind << 1))).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(bits: &str) -> Bits<3> {
        let mut r = Bits::<3>::ZERO;
        for (i, b) in bits.bytes().enumerate() {
            r.put(i, b == b'1');
        }
        r
    }

    /// Reference N1 by walking the line.
    fn runs_slow(bits: &str) -> u32 {
        let b = bits.as_bytes();
        let mut total = 0;
        let mut i = 0;
        while i < b.len() {
            let mut j = i;
            while j < b.len() && b[j] == b[i] {
                j += 1;
            }
            if j - i >= 5 {
                total += 3 + (j - i - 5) as u32;
            }
            i = j;
        }
        total
    }

    /// Reference N3 by matching the 11-module patterns with light padding.
    fn finder_slow(bits: &str) -> u32 {
        let padded = format!("0000{}0000", bits);
        let p = padded.as_bytes();
        let mut count = 0;
        // A core at i (in the padded line) with 4 light modules before it or after it.
        for i in 4..=p.len().saturating_sub(11) + 4 {
            if &p[i..i + 7] == b"1011101" && (&p[i - 4..i] == b"0000" || p.get(i + 7..i + 11) == Some(b"0000")) {
                count += 1;
            }
        }
        count
    }

    #[test]
    fn line_rules_match_a_module_by_module_reference() {
        let mut seed: u64 = 7;
        for len in [21usize, 25, 45, 53, 56, 57, 63, 64, 65, 101, 117, 120, 127, 128, 129, 177] {
            for _ in 0..200 {
                let mut s = String::new();
                while s.len() < len {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    let run = 1 + (seed >> 60) as usize % 8;
                    let c = if (seed >> 40) & 1 == 1 { '1' } else { '0' };
                    for _ in 0..run.min(len - s.len()) {
                        s.push(c);
                    }
                }
                // Also plant finder-like patterns now and then, some against the ends.
                if (seed >> 20) % 3 == 0 && len > 20 {
                    let at = (seed >> 24) as usize % (len - 11);
                    s.replace_range(at..at + 11, "00001011101");
                } else if (seed >> 20) % 3 == 1 {
                    let at = (seed >> 24) as usize % 5;
                    s.replace_range(at..at + 7, "1011101");
                }
                let r = row(&s);
                assert_eq!(runs(r, Bits::<3>::ones(len - 1)), runs_slow(&s), "{}", s);
                assert_eq!(finder_like(r), finder_slow(&s), "{}", s);
                if len <= 128 {
                    let r2 = Bits::<2>::from_row(&r);
                    assert_eq!(runs(r2, Bits::<2>::ones(len - 1)), runs_slow(&s), "{}", s);
                    assert_eq!(finder_like(r2), finder_slow(&s), "{}", s);
                }
                if len <= 64 {
                    let r1 = Bits::<1>::from_row(&r);
                    assert_eq!(runs(r1, Bits::<1>::ones(len - 1)), runs_slow(&s), "{}", s);
                    assert_eq!(finder_like(r1), finder_slow(&s), "{}", s);
                }
            }
        }
        assert_eq!(finder_slow("1011101"), 1); // light quiet zone on both sides: once (zint)
        assert_eq!(finder_like(row("1011101")), 1);
        assert_eq!(finder_like(row("000010111010000")), 1);
        assert_eq!(finder_like(row("1111101110100001111")), 1); // light after only
        assert_eq!(finder_like(row("1111000010111011111")), 1); // light before only
        assert_eq!(finder_like(row("11101110111011")), 0);
    }

    /// A row and a column packed `GAP` apart in one word score what they score apart,
    /// with patterns and runs planted against the ends and the gap.
    #[test]
    fn packed_lines_score_as_the_two_lines() {
        let mut seed: u64 = 11;
        let mut line = |len: usize| {
            let mut s = String::new();
            while s.len() < len {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let run = 1 + (seed >> 60) as usize % 7;
                let c = if (seed >> 40) & 1 == 1 { '1' } else { '0' };
                for _ in 0..run.min(len - s.len()) {
                    s.push(c);
                }
            }
            // Cores at and just inside both ends, where the light run is partly outside.
            let inset = (seed >> 24) as usize % 5;
            match (seed >> 20) % 4 {
                0 => s.replace_range(inset..inset + 7, "1011101"),
                1 => s.replace_range(len - 7 - inset..len - inset, "1011101"),
                2 => s.replace_range(len - 11..len, "00001011101"),
                _ => {}
            }
            s
        };
        for len in [21usize, 25, 29, 30] {
            for _ in 0..500 {
                let (a, b) = (line(len), line(len));
                let shift = (len + GAP) as u32;
                let (ra, rb) = (Bits::<1>::from_row(&row(&a)), Bits::<1>::from_row(&row(&b)));
                let both = ra | (rb << shift);
                let pairs = Bits::<1>::ones(len - 1) | (Bits::<1>::ones(len - 1) << shift);
                assert_eq!(runs(both, pairs), runs_slow(&a) + runs_slow(&b), "{} {}", a, b);
                assert_eq!(finder_like(both), finder_slow(&a) + finder_slow(&b), "{} {}", a, b);
            }
        }
    }
}
