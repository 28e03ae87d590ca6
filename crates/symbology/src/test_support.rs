//! Test support shared by the unit tests (`mod test_support` in lib.rs) and the zint
//! comparison tests (tests/*.rs take this file by path): a fixed-seed generator for test
//! corpora, and zint's batch mode. Standard library only, so it builds in both.
#![allow(dead_code)] // each test crate uses its own part

use std::ffi::OsStr;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// zint, the reference encoder, from Debian's package (scripts/setup.sh installs it).
pub const ZINT: &str = "/usr/bin/zint";

/// xorshift64*: a fixed-seed generator, so every run tests the same corpus. Test files add
/// their own helpers in `impl Rng` blocks.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// 0 to `n - 1`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn pick<T: Copy>(&mut self, set: &[T]) -> T {
        set[self.below(set.len())]
    }

    /// `len` bytes drawn from `set`.
    pub fn string(&mut self, set: &[u8], len: usize) -> Vec<u8> {
        (0..len).map(|_| self.pick(set)).collect()
    }
}

static TEMP_DIRS: AtomicUsize = AtomicUsize::new(0);

/// A new folder in the system temp folder, `assetmark-{name}-{process}-{n}`.
pub fn temp_dir(name: &str) -> PathBuf {
    let n = TEMP_DIRS.fetch_add(1, Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!("assetmark-{}-{}-{}", name, std::process::id(), n));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs zint with `args` in batch mode over `inputs`, one a line, every byte but ASCII
/// letters and digits escaped as \xNN (`--esc`), and returns what it printed. zint
/// reports per input on stderr as "On line N: Error ..." (N from 1).
pub fn zint_batch_output<S: AsRef<OsStr>>(args: &[S], inputs: &[&[u8]]) -> Output {
    let mut child = Command::new(ZINT)
        .args(args)
        .args(["--batch", "--esc", "-i", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run zint");
    let mut text = Vec::new();
    for input in inputs {
        assert!(!input.is_empty(), "zint batch mode skips empty lines");
        for &b in input.iter() {
            if b.is_ascii_alphanumeric() {
                text.push(b);
            } else {
                text.extend_from_slice(format!("\\x{:02X}", b).as_bytes());
            }
        }
        text.push(b'\n');
    }
    // Written from a thread: zint answers while it reads, and a full pipe would block both.
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(&text).expect("write to zint"));
    let output = child.wait_with_output().expect("zint output");
    writer.join().unwrap();
    output
}
