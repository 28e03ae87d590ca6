#!/usr/bin/env bash
# One idempotent set-up step shared by `npm start`, `npm test` and `npm run bench`:
# installs what is missing (Debian packages, npm packages), builds the Wasm engine and the
# web app, and skips whatever is already up to date. Safe to run any number of times.
#
#   ASSETMARK_SKIP_APT=1   never call apt-get (machines without apt: install the packages
#                          listed in APT_PACKAGES yourself, see README.md)
#   ASSETMARK_SKIP_WEB=1   do not build the web app (CLI and engine work only)
set -euo pipefail
cd "$(dirname "$0")/.."
# Everything set-up prints (its steps, npm ci, the Wasm and web builds) is progress: it goes
# to stderr, so the command it precedes owns stdout (npm run -s bench -- render --json).
exec 1>&2

APT_PACKAGES=(
  rustc cargo libstd-rust-dev-wasm32 lld binaryen   # Rust -> wasm32, offline; wasm-opt
  chromium                                          # browser tests
  zint zbar-tools dmtx-utils                        # reference encoder and decoders
  tesseract-ocr tesseract-ocr-eng tesseract-ocr-chi-sim  # OCR of rendered text in tests
  tesseract-ocr-chi-tra tesseract-ocr-jpn tesseract-ocr-kor  # ... in Traditional Chinese, Japanese, Korean
  fonts-liberation2 fonts-droid-fallback fonts-wqy-microhei  # Latin and CJK faces
  postgresql                                        # server tests against PostgreSQL
  cups cups-client                                  # CUPS printers of the print helper; its test
                                                    # runs a private cupsd (socket backend: cups)
)

step() { printf '\033[1m[setup]\033[0m %s\n' "$*" >&2; }

install_debian_packages() {
  local missing=() pkg
  for pkg in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ -n "${ASSETMARK_SKIP_APT:-}" ] || ! command -v apt-get >/dev/null 2>&1; then
    step "missing system packages (install them by hand): ${missing[*]}"
    return 0
  fi
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  step "installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

install_npm_packages() {
  # npm ci wipes node_modules, so it only runs when the lock file changed since last time.
  local stamp=node_modules/.assetmark-lock.sha256
  local want
  want=$(sha256sum package-lock.json | cut -d' ' -f1)
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then return 0; fi
  step "npm ci"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$want" > "$stamp"
}

copy_fonts() {
  # Fonts come from Debian packages and are never committed; the web app serves them from
  # public/fonts and the Node side reads them from the same folder.
  mkdir -p public/fonts
  local src dst
  for src in \
    /usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf \
    /usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf \
    /usr/share/fonts/truetype/liberation2/LiberationSans-Italic.ttf \
    /usr/share/fonts/truetype/liberation2/LiberationSans-BoldItalic.ttf \
    /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf \
    /usr/share/fonts/truetype/wqy/wqy-microhei.ttc; do
    dst="public/fonts/$(basename "$src")"
    if [ -f "$src" ] && [ ! -f "$dst" ]; then cp "$src" "$dst"; fi
  done
}

build_web() {
  [ -n "${ASSETMARK_SKIP_WEB:-}" ] && return 0
  # Rebuild when any input is newer than the last build.
  if [ -f dist/index.html ] && [ -z "$(find src public index.html vite.config.ts package-lock.json \
        scripts/patch-dependencies.mjs -newer dist/index.html -print -quit 2>/dev/null)" ]; then
    return 0
  fi
  step "building the web app"
  npx vite build --logLevel warn
}

install_debian_packages
install_npm_packages
node scripts/patch-dependencies.mjs
copy_fonts
bash scripts/build-wasm.sh
build_web
