#!/usr/bin/env bash
# Prints how `hp2ps-ng -c` scales with the file: the samples-50k profile of
# bench/run.sh generated at a quarter, half, once and twice its size (62 MB
# to 494 MB), then profiles of one band and ever more samples (the shape in
# which a sample costs the most memory), with wall time, peak RSS and MB/s.
# Flat MB/s and flat RSS are the claims: time linear in the file, memory
# bounded whatever its size or shape.
# usage: bench/linear.sh [BUILD_DIR]
set -euo pipefail
build=$(cd "${1:-build}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"  # hp2ps-ng writes the .aux in the current directory
printf '%-10s %-6s %9s %9s %10s %9s\n' samples bands "size MB" "wall s" "RSS MB" "MB/s"
for shape in 12500:200 25000:200 50000:200 100000:200 1000000:1 2000000:1 4000000:1; do
  samples=${shape%%:*}; bands=${shape##*:}
  "$here/gen_hp.sh" "$samples" "$bands" > p.hp
  /usr/bin/time -f "%e %M" -o t "$build/hp2ps-ng" -c -o p.ps p.hp
  read -r wall rss < t
  awk -v n="$samples" -v k="$bands" -v b="$(stat -c %s p.hp)" -v w="$wall" -v r="$rss" \
    'BEGIN { printf "%-10s %-6s %9.1f %9.2f %10.1f %9.1f\n", n, k, b / 1e6, w, r / 1024, b / 1e6 / w }'
done
