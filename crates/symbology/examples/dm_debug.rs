//! Debugging aid: prints a Data Matrix for argv[1] ("hex:..." for raw bytes) with options
//! argv[2] ("b" binary, ",N" fixed size number), and writes a PBM to argv[3] if given.
use assetmark_symbology::datamatrix::{encode, DmOptions, SymbolSize};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let data: Vec<u8> = match args[1].strip_prefix("hex:") {
        Some(h) => (0..h.len() / 2).map(|i| u8::from_str_radix(&h[2 * i..2 * i + 2], 16).unwrap()).collect(),
        None => args[1].as_bytes().to_vec(),
    };
    let mut o = DmOptions::default();
    if args.len() > 2 {
        o.binary = args[2].contains('b');
        if let Some(n) = args[2].split(',').nth(1) {
            o.size = SymbolSize::from_number(n.parse().unwrap());
        }
    }
    match encode(&data, &o) {
        Ok(d) => {
            if let Some(path) = args.get(3) {
                let m = d.matrix();
                let (s, q) = (std::env::var("S").map(|v| v.parse().unwrap()).unwrap_or(3), std::env::var("Q").map(|v| v.parse().unwrap()).unwrap_or(2));
                let (w, h) = ((m.width() + 2 * q) * s, (m.height() + 2 * q) * s);
                let mut out = format!("P1\n{} {}\n", w, h);
                for y in 0..h {
                    for x in 0..w {
                        let (mx, my) = (x / s, y / s);
                        let dark = mx >= q && my >= q && m.get(mx - q, my - q);
                        out.push(if dark { '1' } else { '0' });
                    }
                    out.push('\n');
                }
                std::fs::write(path, out).unwrap();
            }
            println!("{}x{} used {}\n{}", d.size().rows(), d.size().cols(), d.data_codewords_used(), d.matrix().to_ascii());
        }
        Err(e) => println!("err {:?}", e),
    }
}
