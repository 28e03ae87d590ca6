//! Runs of dots in one packed row (MSB first: the leftmost dot of a byte is its bit 7): the
//! one place that turns dots `x0..x1` into a partial byte at each end and whole bytes
//! between, for pages, barcode row masks and the engine's targets.

/// Dots `x0..x1` of a packed row, as the byte range and the masks of its end bytes. Worked
/// out once and applied to many rows (a rectangle's rows share them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    first: usize,
    last: usize,
    /// The dots of `first` from `x0` on.
    head: u8,
    /// The dots of `last` up to `x1 - 1`.
    tail: u8,
}

impl Span {
    /// The span of dots `x0..x1`; `x0 < x1` (an empty span has no bytes to name).
    #[inline]
    pub fn new(x0: usize, x1: usize) -> Span {
        debug_assert!(x0 < x1);
        Span { first: x0 / 8, last: (x1 - 1) / 8, head: 0xFF >> (x0 % 8), tail: 0xFF << (7 - (x1 - 1) % 8) }
    }

    /// Sets the span's dots (ink) in `row`, which holds at least `x1` dots.
    #[inline]
    pub fn fill(&self, row: &mut [u8]) {
        if self.first == self.last {
            row[self.first] |= self.head & self.tail;
        } else {
            row[self.first] |= self.head;
            for b in &mut row[self.first + 1..self.last] {
                *b = 0xFF;
            }
            row[self.last] |= self.tail;
        }
    }

    /// Clears the span's dots (paper) in `row`, which holds at least `x1` dots.
    #[inline]
    pub fn clear(&self, row: &mut [u8]) {
        if self.first == self.last {
            row[self.first] &= !(self.head & self.tail);
        } else {
            row[self.first] &= !self.head;
            for b in &mut row[self.first + 1..self.last] {
                *b = 0;
            }
            row[self.last] &= !self.tail;
        }
    }
}

/// Sets dots `x0..x1` of one packed row (`x0 < x1 <= 8 * row.len()`).
#[inline]
pub fn fill_span(row: &mut [u8], x0: usize, x1: usize) {
    Span::new(x0, x1).fill(row)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Dot `x` of a packed row, MSB first.
    fn dot(row: &[u8], x: usize) -> bool {
        row[x / 8] & (0x80 >> (x % 8)) != 0
    }

    /// Every start and end over four bytes (every alignment at both ends, within one byte
    /// and across several), on a clear row and on a patterned one, against dot-by-dot.
    #[test]
    fn fill_and_clear_equal_dot_by_dot_for_every_alignment() {
        const BYTES: usize = 4;
        for background in [0x00u8, 0xFF, 0xA5, 0x3C] {
            for x0 in 0..8 * BYTES {
                for x1 in x0 + 1..=8 * BYTES {
                    let start = [background; BYTES];
                    let mut filled = start;
                    fill_span(&mut filled, x0, x1);
                    let mut cleared = start;
                    Span::new(x0, x1).clear(&mut cleared);
                    for x in 0..8 * BYTES {
                        let inside = x0 <= x && x < x1;
                        assert_eq!(dot(&filled, x), inside || dot(&start, x), "fill {}..{} dot {}", x0, x1, x);
                        assert_eq!(dot(&cleared, x), !inside && dot(&start, x), "clear {}..{} dot {}", x0, x1, x);
                    }
                }
            }
        }
    }

    #[test]
    fn a_span_touches_only_its_bytes() {
        let mut row = [0u8; 6];
        fill_span(&mut row, 13, 30); // bytes 1..=3
        assert_eq!(row, [0, 0b0000_0111, 0xFF, 0b1111_1100, 0, 0]);
    }
}
