#!/usr/bin/env bash
# What distinct bands cost: memory grows with the bands and their names'
# bytes, not with the samples. Generates one-census .hp files of N bands
# (names of L bytes) and a -hc eventlog of deep cost-centre stacks
# (hpng_bench gen-deep-eventlog), renders each to SVG and JSON, and prints
# wall seconds and peak RSS (GNU time).
# usage: bench/wide.sh [BUILD_DIR]   (the build needs HP2PS_NG_BENCH=ON for the eventlog)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../build}" && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
wide() {  # BANDS NAME_BYTES FILE
  awk -v n="$1" -v len="$2" 'BEGIN {
    printf "JOB \"wide\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
    printf "BEGIN_SAMPLE 0.0\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\n"
    pad = sprintf("%*s", len, ""); gsub(/ /, "x", pad)
    for (i = 0; i < n; i++) { name = "b" i; printf "%s\t%d\n", name substr(pad, 1, len - length(name)), 100 + i % 1000 }
    printf "END_SAMPLE 1.0\nBEGIN_SAMPLE 2.0\nEND_SAMPLE 2.0\n" }' > "$3"
}
measure() {  # FILE
  for fmt in svg json; do
    /usr/bin/time -f '%e %M' -o t.txt "$build/hp2ps-ng" -c -o "out.$fmt" "$1" 2>/dev/null
    printf '| %s | %s MB | %s | %s s | %.0f MB |\n' "$1" "$(du -m "$1" | cut -f1)" "$fmt" $(awk '{ print $1, $2 / 1024 }' t.txt)
  done
}
printf '| input | size | format | wall | peak RSS |\n|---|---|---|---|---|\n'
measure "$here/../golden/inputs/leakyavg.hc.hp"
for spec in "250000 10" "500000 10" "1000000 10" "100000 10" "100000 1000"; do
  set -- $spec
  wide "$1" "$2" "bands-$1-names-$2.hp"
  measure "bands-$1-names-$2.hp"
done
if [ -x "$build/bench/hpng_bench" ]; then
  "$build/bench/hpng_bench" gen-deep-eventlog 4000 255 deep.eventlog
  measure deep.eventlog
fi
