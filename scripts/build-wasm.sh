#!/usr/bin/env bash
# Builds crates/engine to one optimised wasm32 module for the TypeScript facade.
# Uses Debian's rustc/cargo explicitly: a rustup toolchain earlier in PATH usually lacks
# the wasm32 target, and crates.io is unreachable, so the engine has no external crates.
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=src/engine/generated/assetmark_engine.wasm
RAW=target/wasm32-unknown-unknown/release/assetmark_engine.wasm
export RUSTC=/usr/bin/rustc
export CARGO_TARGET_DIR="$PWD/target"

# Generated tables (gitignored) that the Rust code includes: made when missing or older than
# their generator, scripts/gen-tables.mjs.
for table in kanji gb2312 eci-sbcs; do
  if [ ! crates/symbology/src/generated/$table.bin -nt scripts/gen-tables.mjs ]; then
    node scripts/gen-tables.mjs
    break
  fi
done

# Skip entirely when no Rust source changed since the last optimised build.
if [ -f "$OUT" ] && [ -z "$(find crates Cargo.toml Cargo.lock scripts/build-wasm.sh -newer "$OUT" -print -quit 2>/dev/null)" ]; then
  exit 0
fi
printf '\033[1m[setup]\033[0m building the Wasm engine\n'
# Bulk memory (memory.fill / memory.copy, in every engine since 2020: Node 12+, Chrome
# 75, Firefox 79, Safari 15): page zeroing and copies run as one instruction instead of
# compiler-builtins byte loops (measured: the reference label 10% faster in Node 20).
RUSTFLAGS="-C target-feature=+bulk-memory" \
  /usr/bin/cargo build --quiet --offline --release --target wasm32-unknown-unknown -p assetmark-engine
mkdir -p "$(dirname "$OUT")"
if command -v wasm-opt >/dev/null 2>&1; then
  # The size limit: Binaryen otherwise inlines every function that has one caller, however large,
  # which folds all the symbologies' encoders into the engine's one dispatch function, and
  # V8 compiles such a giant function much worse (measured in Node 20 with a size limit of
  # 1000: Data Matrix 960 76 -> 47 µs, Grid Matrix 970 144 -> 86 µs, PDF417 960 text
  # 102 -> 77 µs, QR 40-H 324 -> 250 µs; the module is no larger).
  wasm-opt -O3 --enable-bulk-memory --one-caller-inline-max-function-size 1000 --strip-debug "$RAW" -o "$OUT"
else
  cp "$RAW" "$OUT"
fi
