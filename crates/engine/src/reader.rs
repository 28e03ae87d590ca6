//! A bounds-checked little-endian reader over a request buffer. Every read returns a
//! `Result` whose error names the field and its byte offset, so malformed input becomes a
//! parameter error instead of a panic.

use crate::EngineError;

pub struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes, pos: 0 }
    }

    /// Byte offset of the next read.
    pub fn pos(&self) -> usize {
        self.pos
    }

    pub fn remaining(&self) -> usize {
        self.bytes.len() - self.pos
    }

    pub fn is_empty(&self) -> bool {
        self.remaining() == 0
    }

    /// The next `len` bytes; `what` names the field for the error message.
    pub fn take(&mut self, len: usize, what: &str) -> Result<&'a [u8], EngineError> {
        if len > self.remaining() {
            return Err(EngineError::parameter(format!(
                "truncated {} at byte {}: needs {} bytes, {} left",
                what,
                self.pos,
                len,
                self.remaining()
            )));
        }
        let out = &self.bytes[self.pos..self.pos + len];
        self.pos += len;
        Ok(out)
    }

    /// Everything not read yet.
    pub fn rest(&mut self) -> &'a [u8] {
        let out = &self.bytes[self.pos..];
        self.pos = self.bytes.len();
        out
    }

    pub fn u8(&mut self, what: &str) -> Result<u8, EngineError> {
        Ok(self.take(1, what)?[0])
    }

    pub fn u16(&mut self, what: &str) -> Result<u16, EngineError> {
        let b = self.take(2, what)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    pub fn u32(&mut self, what: &str) -> Result<u32, EngineError> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    pub fn i32(&mut self, what: &str) -> Result<i32, EngineError> {
        let b = self.take(4, what)?;
        Ok(i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_little_endian_and_reports_truncation() {
        let mut r = Reader::new(&[1, 2, 0xFE, 0xFF, 0xFF, 0xFF, 9]);
        assert_eq!(r.u16("a").unwrap(), 0x0201);
        assert_eq!(r.i32("b").unwrap(), -2);
        let e = r.u32("page width").unwrap_err();
        assert_eq!(e.message, "truncated page width at byte 6: needs 4 bytes, 1 left");
        assert_eq!(r.rest(), &[9]);
        assert!(r.is_empty());
    }
}
