#!/usr/bin/env bash
# Every test, after scripts/setup.sh has installed and built everything:
#   0. the TypeScript type check of the whole tree (app, server, CLI, tests);
#   1. the engine's Rust unit tests, natively (Debian's toolchain);
#   2. vitest `unit`: engine facade + CLI against zint/zbar/rxing, server on real PGlite;
#   3. the server tests again on a real PostgreSQL server (scripts/with-postgres.sh);
#   4. vitest `e2e`: browser flows in Debian's Chromium against the built app.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== tsc --noEmit"
npx tsc --noEmit -p .

echo "== cargo test"
RUSTC=/usr/bin/rustc CARGO_TARGET_DIR="$PWD/target" /usr/bin/cargo test --offline --quiet --workspace

echo "== vitest unit"
npx vitest run --project unit

if [ -x scripts/with-postgres.sh ]; then
  echo "== server tests on PostgreSQL"
  bash scripts/with-postgres.sh npx vitest run --project unit server
fi

echo "== vitest e2e"
npx vitest run --project e2e
