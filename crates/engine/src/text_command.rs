//! TEXT (opcode 4) and ARC_TEXT (opcode 5) commands: decoding the fields after the
//! 20-byte common element prefix, and drawing them (text_draw.rs) unrotated into the
//! element's dot box. Rotation, anti-colour and mirroring are the render frame's.
//!
//! Payload after the prefix (display list v2; offsets here are from the prefix's end):
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | u32 | font height, µm (the em), 1..=[`MAX_FONT_UM`] |
//! | 4 | i32 | character spacing, µm, \|v\| <= [`MAX_CHAR_SPACE_UM`] |
//! | 8 | u16 | line spacing x 1000 (1000 = single), 1..=65535 |
//! | 10 | u8 | style bits: 0 bold, 1 italic, 2 underline, 3 strikeout, 4 wrap, 5 autoHeight, 6 vertical; bit 7 must be 0 |
//! | 11 | u8 | horizontal alignment 0 left, 1 centre, 2 right, 3 justify, 4 stretch |
//! | 12 | u8 | vertical alignment 0 top, 1 middle, 2 bottom (3, 4 read as 0) |
//! | 13 | u8 | reserved, 0 |
//! | 14 | u16 | font name length N, then N bytes of UTF-8 |
//! | 16+N | rest | the text, UTF-8 |

use crate::fonts::FontRegistry;
use crate::reader::Reader;
use crate::target::Target;
use crate::units::DotBox;
use crate::EngineError;
use assetmark_raster::{GreyPage, Page};

/// Largest font height, µm: 0.5 m, beyond any label (the spec's largest size, 300 pt, is
/// 105.8 mm). What a size comes to in dots is checked when drawing.
pub const MAX_FONT_UM: u32 = 500_000;
/// Largest character spacing either way, µm (100 mm).
pub const MAX_CHAR_SPACE_UM: i32 = 100_000;
/// Bytes after the prefix before the font name.
pub const FIXED_LEN: usize = 16;

/// Horizontal alignment of each line in the box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HAlign {
    Left,
    Center,
    Right,
    /// Wrapped lines fill the width; a paragraph's last line stays left.
    Justify,
    /// Every line, the last and a single one included, is spread over the box width by
    /// equal extra space between its characters (CJK distributed alignment); glyphs keep
    /// their shapes and a one-character line is centred. The spec only names "stretch";
    /// scaling glyphs to the width would distort CJK, distributing matches what Chinese
    /// label editors call this alignment.
    Stretch,
}

/// Vertical alignment of the block of lines in the box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VAlign {
    Top,
    Middle,
    Bottom,
}

/// A decoded TEXT or ARC_TEXT command (fields after the common prefix), borrowing its
/// strings from the display list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextCommand<'a> {
    /// Font height (the em), µm.
    pub font_um: u32,
    /// Extra space after each character, µm (may be negative).
    pub char_space_um: i32,
    /// Line pitch in thousandths of the font's line height (1000 = single).
    pub line_space_milli: u16,
    pub bold: bool,
    pub italic: bool,
    pub underline: bool,
    pub strikeout: bool,
    /// `autoReturn`: wrap at the box width.
    pub wrap: bool,
    /// `autoHeight`: the box grows downwards (as far as the page allows) to fit the text.
    pub auto_height: bool,
    /// `verDisplay`: characters stacked top to bottom in columns that run right to left;
    /// with `wrap` a column ends at the box's bottom, a newline always ends one. The
    /// geometry (em cells, column pitch, alignment, autoHeight, side lines) is the raster
    /// crate's `truetype/vertical.rs`.
    pub vertical: bool,
    pub h_align: HAlign,
    pub v_align: VAlign,
    /// Registered font name (fonts.rs); empty = the default face.
    pub font_name: &'a str,
    pub text: &'a str,
}

impl<'a> TextCommand<'a> {
    /// A regular, left/top, single-spaced command (tests and callers build on it).
    pub fn new(font_um: u32, font_name: &'a str, text: &'a str) -> TextCommand<'a> {
        TextCommand {
            font_um,
            char_space_um: 0,
            line_space_milli: 1000,
            bold: false,
            italic: false,
            underline: false,
            strikeout: false,
            wrap: false,
            auto_height: false,
            vertical: false,
            h_align: HAlign::Left,
            v_align: VAlign::Top,
            font_name,
            text,
        }
    }

    /// The payload bytes after the common prefix: the inverse of [`decode`].
    pub fn encode(&self) -> Vec<u8> {
        let mut v = Vec::with_capacity(FIXED_LEN + self.font_name.len() + self.text.len());
        v.extend_from_slice(&self.font_um.to_le_bytes());
        v.extend_from_slice(&self.char_space_um.to_le_bytes());
        v.extend_from_slice(&self.line_space_milli.to_le_bytes());
        let bits = [self.bold, self.italic, self.underline, self.strikeout, self.wrap, self.auto_height, self.vertical];
        v.push(bits.iter().enumerate().fold(0u8, |acc, (i, &b)| acc | (b as u8) << i));
        v.push(match self.h_align {
            HAlign::Left => 0,
            HAlign::Center => 1,
            HAlign::Right => 2,
            HAlign::Justify => 3,
            HAlign::Stretch => 4,
        });
        v.push(match self.v_align {
            VAlign::Top => 0,
            VAlign::Middle => 1,
            VAlign::Bottom => 2,
        });
        v.push(0);
        v.extend_from_slice(&(self.font_name.len() as u16).to_le_bytes());
        v.extend_from_slice(self.font_name.as_bytes());
        v.extend_from_slice(self.text.as_bytes());
        v
    }
}

/// Decodes and validates the bytes after the 20-byte common prefix. Errors are parameter
/// errors naming the field.
pub fn decode(payload_after_prefix: &[u8]) -> Result<TextCommand<'_>, EngineError> {
    let mut r = Reader::new(payload_after_prefix);
    let font_um = r.u32("text font height")?;
    if font_um == 0 || font_um > MAX_FONT_UM {
        return Err(EngineError::parameter(format!(
            "text font height {} µm is not in 1..={} µm",
            font_um, MAX_FONT_UM
        )));
    }
    let char_space_um = r.i32("text character spacing")?;
    if char_space_um.unsigned_abs() > MAX_CHAR_SPACE_UM as u32 {
        return Err(EngineError::parameter(format!(
            "text character spacing {} µm is beyond ±{} µm",
            char_space_um, MAX_CHAR_SPACE_UM
        )));
    }
    let line_space_milli = r.u16("text line spacing")?;
    if line_space_milli == 0 {
        return Err(EngineError::parameter("text line spacing must be above 0"));
    }
    let style = r.u8("text style")?;
    if style & 0x80 != 0 {
        return Err(EngineError::parameter(format!("text style {:#04x}: bit 7 is reserved and must be 0", style)));
    }
    let h_align = match r.u8("text horizontal alignment")? {
        0 => HAlign::Left,
        1 => HAlign::Center,
        2 => HAlign::Right,
        3 => HAlign::Justify,
        4 => HAlign::Stretch,
        v => return Err(EngineError::parameter(format!("text horizontal alignment {} is not 0-4", v))),
    };
    let v_align = match r.u8("text vertical alignment")? {
        0 | 3 | 4 => VAlign::Top,
        1 => VAlign::Middle,
        2 => VAlign::Bottom,
        v => return Err(EngineError::parameter(format!("text vertical alignment {} is not 0-4", v))),
    };
    if r.u8("text reserved byte")? != 0 {
        return Err(EngineError::parameter("text reserved byte must be 0"));
    }
    let name_len = r.u16("text font name length")? as usize;
    let name = r.take(name_len, "text font name")?;
    let font_name =
        std::str::from_utf8(name).map_err(|_| EngineError::parameter("text font name is not valid UTF-8"))?;
    let text = std::str::from_utf8(r.rest()).map_err(|e| {
        EngineError::parameter(format!("text is not valid UTF-8 (at byte {} of the text)", e.valid_up_to()))
    })?;
    let bit = |i: u8| style & (1 << i) != 0;
    Ok(TextCommand {
        font_um,
        char_space_um,
        line_space_milli,
        bold: bit(0),
        italic: bit(1),
        underline: bit(2),
        strikeout: bit(3),
        wrap: bit(4),
        auto_height: bit(5),
        vertical: bit(6),
        h_align,
        v_align,
        font_name,
        text,
    })
}

/// Draws a TEXT (`arc` false) or ARC_TEXT (`arc` true) command unrotated into `area` of
/// the target at `dpi`: with the registered fonts, or the built-in stroke font when none
/// is registered. Ink only; clipped to the box (grown by `autoHeight`) and the target.
pub fn draw(
    cmd: &TextCommand,
    arc: bool,
    fonts: &FontRegistry,
    target: &mut Target,
    area: DotBox,
    dpi: u32,
) -> Result<(), EngineError> {
    crate::text_draw::draw(cmd, arc, fonts, target, area, dpi)
}

/// [`draw`] onto a 1-bit page.
pub fn draw_bits(
    cmd: &TextCommand,
    arc: bool,
    fonts: &FontRegistry,
    page: &mut Page,
    area: DotBox,
    dpi: u32,
) -> Result<(), EngineError> {
    crate::text_draw::draw(cmd, arc, fonts, &mut Target::Bits(page), area, dpi)
}

/// [`draw`] onto a grey page (anti-aliased).
pub fn draw_grey(
    cmd: &TextCommand,
    arc: bool,
    fonts: &FontRegistry,
    grey: &mut GreyPage,
    area: DotBox,
    dpi: u32,
) -> Result<(), EngineError> {
    crate::text_draw::draw(cmd, arc, fonts, &mut Target::Grey(grey), area, dpi)
}

/// The box the command occupies once drawn: `area`, grown downwards by `autoHeight` up
/// to the bottom of a page `page_height` dots tall. The frame paints an anti-colour box
/// and turns a rotated element about this box.
pub fn extent(
    cmd: &TextCommand,
    arc: bool,
    fonts: &FontRegistry,
    area: DotBox,
    dpi: u32,
    page_height: i64,
) -> Result<DotBox, EngineError> {
    crate::text_draw::extent(cmd, arc, fonts, area, dpi, page_height)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorCode;

    fn sample() -> TextCommand<'static> {
        let mut c = TextCommand::new(3_500, "微软雅黑", "资产 ZC-0001\n第二行");
        c.char_space_um = -250;
        c.line_space_milli = 1500;
        c.bold = true;
        c.underline = true;
        c.wrap = true;
        c.vertical = true;
        c.h_align = HAlign::Stretch;
        c.v_align = VAlign::Bottom;
        c
    }

    #[test]
    fn round_trip() {
        let c = sample();
        let bytes = c.encode();
        assert_eq!(bytes.len(), FIXED_LEN + "微软雅黑".len() + c.text.len());
        assert_eq!(&bytes[10..14], &[0b101_0101, 4, 2, 0]);
        assert_eq!(decode(&bytes).unwrap(), c);
        let plain = TextCommand::new(1, "", "");
        assert_eq!(decode(&plain.encode()).unwrap(), plain);
        for italic_strike_auto in [true, false] {
            let mut c = sample();
            c.italic = italic_strike_auto;
            c.strikeout = italic_strike_auto;
            c.auto_height = italic_strike_auto;
            c.h_align = HAlign::Justify;
            assert_eq!(decode(&c.encode()).unwrap(), c);
        }
    }

    #[test]
    fn vertical_alignment_3_and_4_read_as_top() {
        let mut bytes = sample().encode();
        for v in [3, 4] {
            bytes[12] = v;
            assert_eq!(decode(&bytes).unwrap().v_align, VAlign::Top);
        }
    }

    #[test]
    fn every_malformed_field_is_named() {
        let good = sample().encode();
        let set = |at: usize, vals: &[u8]| {
            let mut b = good.clone();
            b[at..at + vals.len()].copy_from_slice(vals);
            b
        };
        let name_len = "微软雅黑".len();
        let cases: Vec<(Vec<u8>, &str)> = vec![
            (set(0, &[0, 0, 0, 0]), "text font height 0 µm"),
            (set(0, &500_001u32.to_le_bytes()), "text font height 500001 µm"),
            (set(4, &100_001i32.to_le_bytes()), "text character spacing 100001 µm"),
            (set(4, &(-100_001i32).to_le_bytes()), "text character spacing -100001 µm"),
            (set(8, &[0, 0]), "text line spacing must be above 0"),
            (set(10, &[0x80]), "bit 7 is reserved"),
            (set(11, &[5]), "text horizontal alignment 5"),
            (set(12, &[5]), "text vertical alignment 5"),
            (set(13, &[1]), "text reserved byte"),
            (set(14, &[200, 0]), "truncated text font name"),
            (set(16, &[0xE5, 0xE5]), "text font name is not valid UTF-8"),
            (set(16 + name_len, &[0xFF]), "text is not valid UTF-8 (at byte 0"),
            (good[..3].to_vec(), "truncated text font height"),
            (good[..7].to_vec(), "truncated text character spacing"),
            (good[..9].to_vec(), "truncated text line spacing"),
            (good[..10].to_vec(), "truncated text style"),
            (good[..11].to_vec(), "truncated text horizontal alignment"),
            (good[..12].to_vec(), "truncated text vertical alignment"),
            (good[..13].to_vec(), "truncated text reserved byte"),
            (good[..15].to_vec(), "truncated text font name length"),
            (vec![], "truncated text font height"),
        ];
        for (bytes, want) in cases {
            let e = decode(&bytes).unwrap_err();
            assert_eq!(e.code, ErrorCode::Parameter);
            assert!(e.message.contains(want), "{:?} lacks {:?}", e.message, want);
        }
        // a text cut inside a character
        let mut cut = good.clone();
        cut.pop();
        assert!(decode(&cut).unwrap_err().message.starts_with("text is not valid UTF-8"));
    }

    #[test]
    fn random_bytes_never_panic() {
        let mut seed = 0x9E37_79B9u32;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed
        };
        let good = sample().encode();
        let mut ok = 0;
        for _ in 0..20_000 {
            let len = next() as usize % 48;
            let mut bytes: Vec<u8> = (0..len).map(|_| next() as u8).collect();
            if next() % 2 == 0 {
                // mostly-valid payloads reach the later fields
                bytes = good.clone();
                let n = 1 + next() as usize % 3;
                for _ in 0..n {
                    let at = next() as usize % bytes.len();
                    bytes[at] = next() as u8;
                }
                bytes.truncate(next() as usize % (good.len() + 1));
            }
            if decode(&bytes).is_ok() {
                ok += 1;
            }
        }
        assert!(ok > 0);
    }
}
