#!/usr/bin/env bash
# Installs what hp2ps-ng needs on Debian 12 (run as root).
# With no argument, only what building it takes: compiler, CMake, Cairo,
# Pango, CLI11, RE2 (user patterns), zlib, liblzma and libzstd (compressed
# inputs); README's first command needs no more.
# --tests adds GoogleTest and the real readers every output format is
# checked with (Ghostscript, poppler, rsvg, xmllint, cmark-gfm for Markdown),
# xz for the test corpus, clang for the sanitizer and fuzzing builds, GHC (with its profiling
# libraries) to build the programs --record's tests run, tmux (a terminal
# --record's live line is resized in), and lintian and the font the .deb
# links to for its check.
# --browser adds Chromium, which the suite uses (when present) to check that
# a browser finds band names in an SVG and to drive the HTML page, and
# Node.js (the page's tests) unless the machine has it.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
packages=(build-essential cmake pkg-config libcairo2-dev libpango1.0-dev libfontconfig-dev libcli11-dev
          libre2-dev zlib1g-dev liblzma-dev libzstd-dev)
for arg in "$@"; do
  case $arg in
    --tests) packages+=(libgtest-dev ghostscript poppler-utils librsvg2-bin libxml2-utils xz-utils zstd
                        clang libclang-rt-14-dev ghc ghc-prof lintian fonts-urw-base35 cmark-gfm tmux) ;;
    --browser) packages+=(chromium); command -v node >/dev/null || packages+=(nodejs) ;;
    *) echo "install-deps.sh: unknown option $arg (expected --tests, --browser)" >&2; exit 2 ;;
  esac
done
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
