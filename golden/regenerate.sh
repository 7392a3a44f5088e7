#!/usr/bin/env bash
# Rewrites golden/expected/ from golden/cases.txt with the hp2ps-ng in
# BUILD_DIR (default build), renders each SVG to golden/review/*.png for
# looking at before committing (review/ is not kept), and, with chromium,
# rewrites golden/dark-page.png: the long-name eventlog's SVG on a dark page;
# with chromium and node, golden/html/*.png: the HTML page's browser test
# cases as Chromium shows them (light, dark, 400 px wide).
# usage: golden/regenerate.sh [BUILD_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
exe=$(cd "${1:-build}" && pwd)/hp2ps-ng
mkdir -p "$here/expected" "$here/review"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$here/inputs"  # inputs are named as cases.txt names them (several: separated by spaces)
grep -v '^#' "$here/cases.txt" | while IFS=$'\t' read -r name input flags formats; do
  for format in ${formats:-svg ps}; do
    eval "\"\$exe\" $flags --no-aux --format $format -o \"\$here/expected/\$name.\$format\" $input" 2>/dev/null
  done
  rsvg-convert -b white -o "$here/review/$name.png" "$here/expected/$name.svg"
  echo "$name"
done
cd "$tmp"
if command -v chromium >/dev/null; then
  cp "$here/expected/eventlog-long-names.svg" chart.svg
  echo '<!DOCTYPE html><html><body style="background:#0d1117;margin:16px"><img src="chart.svg" style="width:864px"></body></html>' >dark.html
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=896,608 \
    --screenshot="$here/dark-page.png" "file://$tmp/dark.html" 2>/dev/null
  echo dark-page
fi
if command -v chromium >/dev/null && command -v node >/dev/null; then
  for c in eventlog compare diff hi; do  # hi: a real -hi log of today's corpus, in the build tree
    HPNG_TODAY="$(dirname "$exe")/tests/corpus/today" HPNG_SCREENSHOTS="$tmp" \
      node "$here/../tests/browser/page_test.mjs" "$c" "$exe" "$here/inputs" "$tmp/$c" >/dev/null
  done
  mkdir -p "$here/html"
  for shot in eventlog-light eventlog-dark eventlog-400 compare-light diff-light hi-light; do
    cp "$tmp/html-$shot.png" "$here/html/$shot.png"
  done
  echo html
fi
