//! A two-dimensional grid of modules, shared by the matrix symbologies (QR, Data Matrix,
//! PDF417 and Grid Matrix as they arrive).

/// A `width` x `height` grid of modules, `true` = dark, row-major, no quiet zone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitMatrix {
    width: usize,
    height: usize,
    modules: Vec<bool>,
}

impl BitMatrix {
    /// An all-light matrix. `None` when the size is zero in either direction or would
    /// overflow memory arithmetic; symbol sizes are small (at most 151 x 151 for QR).
    pub fn new(width: usize, height: usize) -> Option<BitMatrix> {
        if width == 0 || height == 0 {
            return None;
        }
        let len = width.checked_mul(height)?;
        Some(BitMatrix { width, height, modules: vec![false; len] })
    }

    /// A matrix of the given modules, row by row (`modules.len()` must be `width * height`,
    /// both non-zero): for encoders that fill a plain buffer, faster than [`BitMatrix::set`]
    /// per module.
    pub(crate) fn from_modules(width: usize, height: usize, modules: Vec<bool>) -> BitMatrix {
        assert!(width > 0 && height > 0 && modules.len() == width * height, "modules do not fill {}x{}", width, height);
        BitMatrix { width, height, modules }
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    /// The module at column `x`, row `y`; outside the grid reads as light.
    pub fn get(&self, x: usize, y: usize) -> bool {
        x < self.width && y < self.height && self.modules[y * self.width + x]
    }

    /// Sets the module at column `x`, row `y`; writes outside the grid are ignored.
    pub fn set(&mut self, x: usize, y: usize, dark: bool) {
        if x < self.width && y < self.height {
            self.modules[y * self.width + x] = dark;
        }
    }

    /// All modules row by row, `true` = dark.
    pub fn modules(&self) -> &[bool] {
        &self.modules
    }

    /// Rows of `1` (dark) and `0` (light) joined by newlines: the form tests compare.
    pub fn to_ascii(&self) -> String {
        let mut out = String::with_capacity((self.width + 1) * self.height);
        for y in 0..self.height {
            if y > 0 {
                out.push('\n');
            }
            for x in 0..self.width {
                out.push(if self.get(x, y) { '1' } else { '0' });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_get_and_ascii() {
        let mut m = BitMatrix::new(3, 2).unwrap();
        m.set(0, 0, true);
        m.set(2, 1, true);
        m.set(9, 9, true); // ignored
        assert!(m.get(0, 0) && m.get(2, 1) && !m.get(1, 0) && !m.get(9, 9));
        assert_eq!(m.to_ascii(), "100\n001");
    }

    #[test]
    fn empty_sizes_are_refused() {
        assert!(BitMatrix::new(0, 5).is_none());
        assert!(BitMatrix::new(usize::MAX, 2).is_none());
    }
}
