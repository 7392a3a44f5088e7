#!/usr/bin/env bash
# Installs what hp2ps-ng needs to build and test on Debian 12 (run as root).
# Build: compiler, CMake, Cairo, Pango, CLI11, GoogleTest, RE2 (user patterns). Tests: the real
# readers every output format is checked with (Ghostscript, poppler, rsvg,
# xmllint) and clang for the sanitizer and fuzzing builds. With --browser,
# also Chromium, which the suite uses (when present) to check that a browser
# finds band names in an SVG; the README's first command does without it.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends \
  build-essential cmake pkg-config \
  libcairo2-dev libpango1.0-dev libfontconfig-dev libcli11-dev libgtest-dev libre2-dev \
  ghostscript poppler-utils librsvg2-bin libxml2-utils xz-utils \
  clang libclang-rt-14-dev >/dev/null
if [ "${1:-}" = --browser ]; then
  apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
