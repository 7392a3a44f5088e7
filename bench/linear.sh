#!/usr/bin/env bash
# Prints how `hp2ps-ng -c` scales with the file: the samples-50k profile of
# bench/run.sh generated at a quarter, half, once and twice its size (62 MB
# to 494 MB), with wall time, peak RSS and MB/s. Flat MB/s and flat RSS are
# the claims: time linear in the file, memory bounded.
# usage: bench/linear.sh [BUILD_DIR]
set -euo pipefail
build=$(cd "${1:-build}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"  # hp2ps-ng writes the .aux in the current directory
printf '%-10s %9s %9s %10s %9s\n' samples "size MB" "wall s" "RSS MB" "MB/s"
for samples in 12500 25000 50000 100000; do
  "$here/gen_hp.sh" "$samples" 200 > p.hp
  /usr/bin/time -f "%e %M" -o t "$build/hp2ps-ng" -c -o p.ps p.hp
  read -r wall rss < t
  awk -v n="$samples" -v b="$(stat -c %s p.hp)" -v w="$wall" -v r="$rss" \
    'BEGIN { printf "%-10s %9.1f %9.2f %10.1f %9.1f\n", n, b / 1e6, w, r / 1024, b / 1e6 / w }'
done
