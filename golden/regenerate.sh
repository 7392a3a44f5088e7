#!/usr/bin/env bash
# Rewrites golden/expected/*.svg and *.ps from golden/cases.txt with the
# hp2ps-ng in BUILD_DIR (default build), and renders each to
# golden/review/*.png for looking at before committing (review/ is not kept).
# usage: golden/regenerate.sh [BUILD_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
exe=$(cd "${1:-build}" && pwd)/hp2ps-ng
mkdir -p "$here/expected" "$here/review"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp"  # hp2ps-ng writes each input's .aux in the current directory
grep -v '^#' "$here/cases.txt" | while IFS=$'\t' read -r name input flags; do
  # shellcheck disable=SC2086
  "$exe" $flags -o "$here/expected/$name.svg" "$here/inputs/$input" 2>/dev/null
  # shellcheck disable=SC2086
  "$exe" $flags --format ps -o "$here/expected/$name.ps" "$here/inputs/$input" 2>/dev/null
  rsvg-convert -b white -o "$here/review/$name.png" "$here/expected/$name.svg"
  echo "$name"
done
