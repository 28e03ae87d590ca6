//! The 8-bit grey page: one byte a dot, 255 = white paper, 0 = black ink, rows of `width`
//! bytes, top row first. The screen's target (anti-aliased text and shapes, image grey
//! levels); printers take the 1-bit [`Page`](crate::Page).
//!
//! Same size limits as the 1-bit page ([`Page::MAX_SIDE`], [`Page::MAX_BYTES`]), so a grey
//! page of the largest allowed size is 8x fewer dots than the largest 1-bit one.

use crate::truetype::GrayImage;
use crate::{Page, PageError};

/// An owned grey image, built only through [`GreyPage::new`], so its size is always valid.
#[derive(Clone, PartialEq, Eq)]
pub struct GreyPage {
    width: u32,
    height: u32,
    data: Vec<u8>,
}

impl GreyPage {
    /// A white page of `width` x `height` dots.
    pub fn new(width: i64, height: i64) -> Result<GreyPage, PageError> {
        GreyPage::new_in(width, height, Vec::new())
    }

    /// A white page in `buffer`'s memory (its contents are discarded), as
    /// [`Page::new_in`](crate::Page::new_in).
    pub fn new_in(width: i64, height: i64, buffer: Vec<u8>) -> Result<GreyPage, PageError> {
        if width <= 0 || height <= 0 {
            return Err(PageError::Empty { width, height });
        }
        if width > Page::MAX_SIDE || height > Page::MAX_SIDE {
            return Err(PageError::TooLarge { width, height });
        }
        let bytes = width as usize * height as usize; // < 2^30
        if bytes > Page::MAX_BYTES {
            return Err(PageError::TooLarge { width, height });
        }
        let mut data = buffer;
        data.clear();
        if data.try_reserve_exact(bytes).is_err() {
            return Err(PageError::OutOfMemory { bytes });
        }
        data.resize(bytes, 255);
        Ok(GreyPage { width: width as u32, height: height as u32, data })
    }

    /// The page's buffer, for reuse by [`GreyPage::new_in`].
    pub fn into_data(self) -> Vec<u8> {
        self.data
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    /// Bytes per row: the width.
    pub fn stride(&self) -> usize {
        self.width as usize
    }

    pub fn data(&self) -> &[u8] {
        &self.data
    }

    /// The rows for direct writing (any byte value is valid).
    pub fn data_mut(&mut self) -> &mut [u8] {
        &mut self.data
    }

    /// The level at (`x`, `y`); outside the page reads as white (255).
    pub fn get(&self, x: i64, y: i64) -> u8 {
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 {
            return 255;
        }
        self.data[y as usize * self.width as usize + x as usize]
    }

    /// Darkens the rectangle `(x, y, w, h)` to at most `level` (ink only: min), clipped.
    pub fn darken_rect(&mut self, x: i64, y: i64, w: i64, h: i64, level: u8) {
        let (x0, x1) = clip(x, w, self.width);
        let (y0, y1) = clip(y, h, self.height);
        if x0 >= x1 {
            return;
        }
        let stride = self.width as usize;
        for row in y0..y1 {
            for d in &mut self.data[row * stride + x0..row * stride + x1] {
                if *d > level {
                    *d = level;
                }
            }
        }
    }

    /// Sets the rectangle `(x, y, w, h)` to `level` whatever was there, clipped.
    pub fn set_rect(&mut self, x: i64, y: i64, w: i64, h: i64, level: u8) {
        let (x0, x1) = clip(x, w, self.width);
        let (y0, y1) = clip(y, h, self.height);
        if x0 >= x1 {
            return;
        }
        let stride = self.width as usize;
        for row in y0..y1 {
            for d in &mut self.data[row * stride + x0..row * stride + x1] {
                *d = level;
            }
        }
    }

    /// Lends the page as the TrueType rasteriser's grey target.
    pub fn gray_image(&mut self) -> GrayImage<'_> {
        let (w, h) = (self.width, self.height);
        // A GreyPage always has a valid size and exactly width * height bytes.
        GrayImage::new(&mut self.data, w, h, w as usize).expect("grey page has a valid size")
    }

    /// Rows of `#` (level < 128) and `.` joined by newlines, for tests.
    pub fn to_ascii(&self) -> String {
        let mut out = String::new();
        for y in 0..self.height as i64 {
            if y > 0 {
                out.push('\n');
            }
            for x in 0..self.width as i64 {
                out.push(if self.get(x, y) < 128 { '#' } else { '.' });
            }
        }
        out
    }
}

impl std::fmt::Debug for GreyPage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GreyPage {}x{} dots\n{}", self.width, self.height, self.to_ascii())
    }
}

fn clip(start: i64, len: i64, limit: u32) -> (usize, usize) {
    let end = start.saturating_add(len.max(0));
    let begin = start.max(0).min(limit as i64);
    let end = end.max(0).min(limit as i64);
    (begin as usize, end as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_white_darkens_and_lends_a_gray_image() {
        let mut g = GreyPage::new(4, 2).unwrap();
        assert!(g.data().iter().all(|&b| b == 255));
        g.darken_rect(1, 0, 2, 1, 100);
        g.darken_rect(2, 0, 5, 5, 200); // lighter: no change where darker already
        assert_eq!(g.data(), &[255, 100, 100, 200, 255, 255, 200, 200]);
        g.set_rect(-1, -1, 2, 2, 0);
        assert_eq!(g.get(0, 0), 0);
        assert_eq!(g.get(9, 0), 255);
        let img = g.gray_image();
        assert_eq!((img.width(), img.height(), img.stride()), (4, 2, 4));
        assert!(GreyPage::new(0, 1).is_err());
        assert!(GreyPage::new(32_767, 32_767).is_err());
    }
}
