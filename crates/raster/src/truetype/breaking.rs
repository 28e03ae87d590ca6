//! Where a line may break: a small subset of UAX #14 with Chinese/Japanese kinsoku rules.
//!
//! - Latin text breaks after spaces (the spaces hang at the end of the line) and after a
//!   hyphen between letters.
//! - CJK text breaks between any two characters when either is an ideograph, kana,
//!   hangul or full-width form — except never before closing punctuation (，。、）」
//!   and the like: 禁則 "no line-start" characters) and never after opening punctuation
//!   （「《 ("no line-end" characters). Those two rules also hold for ASCII brackets and
//!   punctuation.
//! - A word longer than the line is broken between characters by the layout (the last
//!   resort; not an opportunity listed here).

/// Whether a line may break between `prev` and `next`.
pub(super) fn can_break(prev: char, next: char) -> bool {
    if is_space(next) || is_no_start(next) || is_no_end(prev) {
        return false;
    }
    if is_space(prev) || prev == '\u{200B}' {
        return true;
    }
    if is_cjk(prev) || is_cjk(next) {
        return true;
    }
    // "well-known": after a hyphen between letters
    prev == '-' && next.is_alphabetic()
}

/// Whether the kinsoku rules forbid a line break between `prev` and `next`: `next` may not
/// begin a line (closing punctuation) or `prev` may not end one (opening punctuation).
/// Unlike `!can_break`, this is false between two letters: a word too long for the line
/// may be cut there.
pub(super) fn kinsoku_forbids(prev: char, next: char) -> bool {
    is_no_start(next) || is_no_end(prev)
}

/// Space-like characters: they separate words, hang at line ends and take no ink.
pub(super) fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\u{3000}' | '\u{2002}'..='\u{200A}' | '\u{205F}')
}

/// Closing punctuation and other characters that must not begin a line.
fn is_no_start(c: char) -> bool {
    matches!(
        c,
        ')' | ']' | '}' | ',' | '.' | ':' | ';' | '!' | '?' | '%'
            | '\u{2019}' | '\u{201D}' // ’ ”
            | '\u{2026}' | '\u{2025}' // … ‥
            | '\u{00B0}' | '\u{2030}' | '\u{2103}' // ° ‰ ℃
            | '\u{3001}' | '\u{3002}' // 、 。
            | '\u{3009}' | '\u{300B}' | '\u{300D}' | '\u{300F}' | '\u{3011}' // 〉 》 」 』 】
            | '\u{3015}' | '\u{3017}' | '\u{3019}' | '\u{301B}' | '\u{301E}' | '\u{301F}' // 〕 〗 〙 〛 〞 〟
            | '\u{3005}' | '\u{303B}' // 々 〻
            | '\u{309D}' | '\u{309E}' | '\u{30FD}' | '\u{30FE}' // ゝ ゞ ヽ ヾ
            | '\u{30FB}' | '\u{30FC}' // ・ ー
            | '\u{3041}' | '\u{3043}' | '\u{3045}' | '\u{3047}' | '\u{3049}' // small kana ぁぃぅぇぉ
            | '\u{3063}' | '\u{3083}' | '\u{3085}' | '\u{3087}' | '\u{308E}' // っゃゅょゎ
            | '\u{30A1}' | '\u{30A3}' | '\u{30A5}' | '\u{30A7}' | '\u{30A9}' // ァィゥェォ
            | '\u{30C3}' | '\u{30E3}' | '\u{30E5}' | '\u{30E7}' | '\u{30EE}' // ッャュョヮ
            | '\u{30F5}' | '\u{30F6}' // ヵヶ
            | '\u{FE50}'
            ..='\u{FE57}' // small form punctuation
            | '\u{FF01}' | '\u{FF05}' | '\u{FF09}' | '\u{FF0C}' | '\u{FF0E}' // ！％），．
            | '\u{FF1A}' | '\u{FF1B}' | '\u{FF1F}' | '\u{FF3D}' | '\u{FF5D}' // ：；？］｝
            | '\u{FF60}' | '\u{FF61}' | '\u{FF63}' | '\u{FF64}' // ｠ ｡ ｣ ､
    )
}

/// Opening punctuation and prefixes that must not end a line.
fn is_no_end(c: char) -> bool {
    matches!(
        c,
        '(' | '[' | '{'
            | '\u{2018}' | '\u{201C}' // ‘ “
            | '\u{3008}' | '\u{300A}' | '\u{300C}' | '\u{300E}' | '\u{3010}' // 〈 《 「 『 【
            | '\u{3014}' | '\u{3016}' | '\u{3018}' | '\u{301A}' | '\u{301D}' // 〔 〖 〘 〚 〝
            | '\u{FF08}' | '\u{FF3B}' | '\u{FF5B}' | '\u{FF5F}' | '\u{FF62}' // （ ［ ｛ ｟ ｢
            | '\u{FF04}' | '\u{FFE5}' | '\u{FFE1}' // ＄ ￥ ￡
    )
}

/// Ideographs, kana, hangul, CJK symbols and full-width forms: each one a word of its own.
pub(super) fn is_cjk(c: char) -> bool {
    matches!(
        c as u32,
        0x1100..=0x115F
            | 0x2E80..=0x2FDF
            | 0x2FF0..=0x303F
            | 0x3040..=0x31FF
            | 0x3200..=0x4DBF
            | 0x4E00..=0x9FFF
            | 0xA000..=0xA4CF
            | 0xAC00..=0xD7AF
            | 0xF900..=0xFAFF
            | 0xFE30..=0xFE4F
            | 0xFF00..=0xFF60
            | 0xFFE0..=0xFFE6
            | 0x20000..=0x3FFFD
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text with `|` at every break opportunity.
    fn show(text: &str) -> String {
        let chars: Vec<char> = text.chars().collect();
        let mut out = String::new();
        for (i, &c) in chars.iter().enumerate() {
            if i > 0 && can_break(chars[i - 1], c) {
                out.push('|');
            }
            out.push(c);
        }
        out
    }

    #[test]
    fn ideographs_break_anywhere() {
        assert_eq!(show("固定资产"), "固|定|资|产");
    }

    #[test]
    fn never_before_closing_punctuation() {
        assert_eq!(show("资产，编号。"), "资|产，|编|号。");
        assert_eq!(show("甲、乙"), "甲、|乙");
        assert_eq!(show("（设备）"), "（设|备）");
        assert_eq!(show("「标签」说明"), "「标|签」|说|明");
        assert_eq!(show("好！吗？"), "好！|吗？");
    }

    #[test]
    fn never_after_opening_punctuation() {
        assert_eq!(show("见《规范》"), "见|《规|范》");
        assert_eq!(show("a (b)"), "a |(b)");
    }

    #[test]
    fn latin_breaks_after_spaces_and_hyphens() {
        assert_eq!(show("Hello big world"), "Hello |big |world");
        assert_eq!(show("well-known 12-34"), "well-|known |12-34");
        assert_eq!(show("end. Next"), "end. |Next");
        assert_eq!(show("x  y"), "x  |y");
    }

    #[test]
    fn mixed_scripts_break_at_the_boundary() {
        assert_eq!(show("ID编号A1"), "ID|编|号|A1");
        assert_eq!(show("2024年"), "2024|年");
        assert_eq!(show("价格：100元"), "价|格：|100|元");
    }
}
