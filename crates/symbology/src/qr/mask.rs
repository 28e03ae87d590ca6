//! Choosing the data mask: the four penalty rules of ISO/IEC 18004 7.8.3, on packed rows.
//!
//! Every rule is evaluated on the masked symbol with its format information drawn, 64
//! modules per machine word, by shifting a row against itself:
//!
//! * N1 (3 + (run - 5) per run of 5 or more same-colour modules, rows and columns):
//!   `same` marks modules equal to their right neighbour; a run of length L >= 5 is a
//!   stretch of L - 1 >= 4 set bits, so its penalty L - 2 is the number of positions that
//!   start 4 consecutive set bits plus 2 for the run's first such position.
//! * N2 (3 per 2x2 block of one colour, blocks may overlap): two neighbouring rows equal at
//!   columns x and x + 1 and the top row equal at x and x + 1.
//! * N3 (40 per 1:1:3:1:1 finder-like pattern dark-light-dark-dark-dark-light-dark with 4
//!   light modules before or after, rows and columns): the row is shifted 4 modules right so
//!   that the light quiet zone on both sides counts as light, then the 7-module core and the
//!   4-module light run are matched with ANDs of shifted copies. A core with light on both
//!   sides counts twice, as in zint and Nayuki's generator.
//! * N4 (10 per 5% that the dark share deviates from 50%, rounded down).
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

/// The total penalty of the symbol with `mask` applied (its format information drawn).
pub fn penalty(layout: &Layout, mask: Mask) -> u32 {
    // The fewest 64-bit words that hold a line plus 4 light modules on either side.
    match layout.size + 8 {
        0..=64 => penalty_words::<1>(layout, mask),
        65..=128 => penalty_words::<2>(layout, mask),
        _ => penalty_words::<3>(layout, mask),
    }
}

fn penalty_words<const W: usize>(layout: &Layout, mask: Mask) -> u32 {
    let n = layout.size;
    let (mask_rows, mask_cols) = (&MASK_ROWS[mask.value() as usize], &MASK_COLS[mask.value() as usize]);
    let runs_mask = Bits::<W>::ones(n - 1);
    let padded_mask = Bits::<W>::ones(n + 8);
    let mut score = 0;
    let mut dark = 0;
    let mut prev = Bits::<W>::ZERO;
    let mut phase = 0; // i % 12, the masks' period
    for i in 0..n {
        let (r, c) = layout.masked_line::<W>(i, &mask_rows[phase], &mask_cols[phase]);
        phase = if phase == 11 { 0 } else { phase + 1 };
        score += runs(r, runs_mask) + runs(c, runs_mask);
        score += N3 * (finder_like(r, padded_mask) + finder_like(c, padded_mask));
        if i > 0 {
            // 2x2 blocks spanning rows i - 1 and i.
            let vertical = !(prev ^ r);
            let horizontal = !(r ^ (r >> 1));
            score += N2 * (vertical & (vertical >> 1) & horizontal & runs_mask).count();
        }
        dark += r.count();
        prev = r;
    }
    let total = (n * n) as u32;
    let deviation = (dark as i64 * 20 - total as i64 * 10).unsigned_abs() as u32;
    let k = ((deviation + total - 1) / total).saturating_sub(1);
    score + N4 * k
}

/// N1 for one line: sum of (run length - 2) over runs of 5 or more.
#[inline(always)]
fn runs<const W: usize>(x: Bits<W>, runs_mask: Bits<W>) -> u32 {
    let same = !(x ^ (x >> 1)) & runs_mask;
    let s2 = same & (same >> 1);
    let s4 = s2 & (s2 >> 2);
    let starts = s4 & !(s4 << 1);
    s4.count() + (N1 - 1) * starts.count()
}

/// N3 count for one line: 1011101 cores with 4 light modules after, plus those with 4
/// light modules before; outside the symbol is light.
#[inline(always)]
fn finder_like<const W: usize>(x: Bits<W>, padded_mask: Bits<W>) -> u32 {
    let y = x << 4; // module m at bit m + 4; 4 light modules either side
    let l = !y & padded_mask;
    let l2 = l & (l >> 1);
    let l4 = l2 & (l2 >> 2);
    let d3 = y & (y >> 1) & (y >> 2);
    // dark, light, 3 dark, light, dark
    let core = y & (l >> 1) & (d3 >> 2) & (l >> 5) & (y >> 6);
    (core & (l4 >> 7)).count() + (l4 & (core >> 4)).count()
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
        for i in 0..=p.len().saturating_sub(11) {
            let w = &p[i..i + 11];
            if w == b"10111010000" {
                count += 1;
            }
            if w == b"00001011101" {
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
                // Also plant finder-like patterns now and then.
                if (seed >> 20) % 3 == 0 && len > 20 {
                    let at = (seed >> 24) as usize % (len - 11);
                    s.replace_range(at..at + 11, "00001011101");
                }
                let r = row(&s);
                assert_eq!(runs(r, Bits::<3>::ones(len - 1)), runs_slow(&s), "{}", s);
                assert_eq!(finder_like(r, Bits::<3>::ones(len + 8)), finder_slow(&s), "{}", s);
                if len + 8 <= 128 {
                    let r2 = Bits::<2>::from_row(&r);
                    assert_eq!(runs(r2, Bits::<2>::ones(len - 1)), runs_slow(&s), "{}", s);
                    assert_eq!(finder_like(r2, Bits::<2>::ones(len + 8)), finder_slow(&s), "{}", s);
                }
                if len + 8 <= 64 {
                    let r1 = Bits::<1>::from_row(&r);
                    assert_eq!(runs(r1, Bits::<1>::ones(len - 1)), runs_slow(&s), "{}", s);
                    assert_eq!(finder_like(r1, Bits::<1>::ones(len + 8)), finder_slow(&s), "{}", s);
                }
            }
        }
        assert_eq!(finder_slow("1011101"), 2); // light quiet zone on both sides
        assert_eq!(finder_like(row("1011101"), Bits::<3>::ones(15)), 2);
    }
}
