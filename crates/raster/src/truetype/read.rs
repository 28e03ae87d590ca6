//! Bounds-checked big-endian reads.
//!
//! Every number taken from a font file goes through these functions, so a truncated or
//! lying file yields `None` (turned into a [`FontError`](super::FontError) or an empty glyph
//! by the caller) and never an out-of-bounds panic. Offsets are `usize` and all offset
//! arithmetic is checked, so a huge offset cannot wrap around on wasm32 either.

/// The byte at `off`.
pub(super) fn u8_at(d: &[u8], off: usize) -> Option<u8> {
    d.get(off).copied()
}

/// The big-endian `u16` at `off`.
pub(super) fn u16_at(d: &[u8], off: usize) -> Option<u16> {
    let b = d.get(off..off.checked_add(2)?)?;
    Some(u16::from_be_bytes([b[0], b[1]]))
}

/// The big-endian `i16` at `off`.
pub(super) fn i16_at(d: &[u8], off: usize) -> Option<i16> {
    u16_at(d, off).map(|v| v as i16)
}

/// The big-endian `u32` at `off`.
pub(super) fn u32_at(d: &[u8], off: usize) -> Option<u32> {
    let b = d.get(off..off.checked_add(4)?)?;
    Some(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
}

/// `len` bytes from `off`.
pub(super) fn bytes_at(d: &[u8], off: usize, len: usize) -> Option<&[u8]> {
    d.get(off..off.checked_add(len)?)
}

/// A forward reader over one table or glyph record.
pub(super) struct Cursor<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Cursor<'a> {
    pub(super) fn new(data: &'a [u8], pos: usize) -> Cursor<'a> {
        Cursor { data, pos }
    }

    pub(super) fn skip(&mut self, n: usize) -> Option<()> {
        let end = self.pos.checked_add(n)?;
        if end > self.data.len() {
            return None;
        }
        self.pos = end;
        Some(())
    }

    pub(super) fn u8(&mut self) -> Option<u8> {
        let v = u8_at(self.data, self.pos)?;
        self.pos += 1;
        Some(v)
    }

    pub(super) fn i8(&mut self) -> Option<i8> {
        self.u8().map(|v| v as i8)
    }

    pub(super) fn u16(&mut self) -> Option<u16> {
        let v = u16_at(self.data, self.pos)?;
        self.pos += 2;
        Some(v)
    }

    pub(super) fn i16(&mut self) -> Option<i16> {
        self.u16().map(|v| v as i16)
    }

    /// A signed 2.14 fixed-point number (component scales in `glyf`).
    pub(super) fn f2dot14(&mut self) -> Option<f32> {
        self.i16().map(|v| v as f32 / 16384.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_are_big_endian_and_checked() {
        let d = [0x12, 0x34, 0xFF, 0xFE];
        assert_eq!(u16_at(&d, 0), Some(0x1234));
        assert_eq!(i16_at(&d, 2), Some(-2));
        assert_eq!(u32_at(&d, 0), Some(0x1234_FFFE));
        assert_eq!(u16_at(&d, 3), None);
        assert_eq!(u32_at(&d, 1), None);
        assert_eq!(u16_at(&d, usize::MAX), None);
        assert_eq!(bytes_at(&d, usize::MAX - 1, 4), None);
        let mut c = Cursor::new(&d, 0);
        assert_eq!(c.u16(), Some(0x1234));
        assert_eq!(c.skip(3), None);
        assert_eq!(c.f2dot14(), Some(-2.0 / 16384.0));
        assert_eq!(c.u8(), None);
    }
}
