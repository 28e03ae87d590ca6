//! Test helpers: the fonts set-up copies into `public/fonts/` (never committed), and a
//! place to write sample images.

use std::path::PathBuf;

use super::font::Font;

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The bytes of `public/fonts/<name>`, or `None` (with a note) when set-up has not copied
/// it: tests that need a font then skip.
pub(super) fn font_bytes(name: &str) -> Option<Vec<u8>> {
    let path = repo_root().join("public/fonts").join(name);
    match std::fs::read(&path) {
        Ok(b) => Some(b),
        Err(_) => {
            eprintln!("skipping: {} not found (run scripts/setup.sh to copy the fonts)", path.display());
            None
        }
    }
}

/// Face 0 of `public/fonts/<name>`, parsed.
pub(super) fn load(name: &str) -> Option<Font> {
    font_bytes(name).map(|b| Font::parse(b, 0).expect(name))
}

/// Writes an 8-bit PGM (255 = white) to `target/text-samples/<name>` for a person to look
/// at; `convert x.pgm x.png` makes a PNG of it.
pub(super) fn write_pgm(name: &str, width: usize, height: usize, grey: &[u8]) {
    let dir = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo_root().join("target"))
        .join("text-samples");
    let _ = std::fs::create_dir_all(&dir);
    let mut out = format!("P5\n{} {}\n255\n", width, height).into_bytes();
    out.extend_from_slice(&grey[..width * height]);
    let path = dir.join(name);
    if std::fs::write(&path, out).is_ok() {
        println!("wrote {}", path.display());
    }
}
