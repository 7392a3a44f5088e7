#!/usr/bin/env bash
# Compressed inputs: the 247 MB generated .hp (bench/gen_hp.sh 50000 200)
# plain and compressed with gzip -6, xz -6 and zstd -3, each rendered with
# `hp2ps-ng -c` to PostScript (best of three: wall time, and the peak RSS),
# next to the floor for each codec (its own tool decompressing to
# /dev/null) and the plain file's render; the outputs must be byte-identical.
# usage: bench/compressed.sh [BUILD_DIR] [SCALE]   (SCALE shrinks the file)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
exe=$(cd "${1:-$here/../build}" && pwd)/hp2ps-ng
scale=${2:-1}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
samples=$(awk -v s="$scale" 'BEGIN { printf "%d", 50000 * s }')
bash "$here/gen_hp.sh" "$samples" 200 > "$work/p.hp"
gzip -6 -c "$work/p.hp" > "$work/p.hp.gz"
xz -6 -T2 -c "$work/p.hp" > "$work/p.hp.xz"
zstd -3 -q -c "$work/p.hp" > "$work/p.hp.zst"

best() {  # best of three: "seconds peak_kb"
  local b=""
  for _ in 1 2 3; do
    /usr/bin/time -f "%e %M" -o "$work/t" "$@" > /dev/null 2>&1
    read -r s kb < "$work/t"
    if [ -z "$b" ] || awk -v a="$s" -v c="${b% *}" 'BEGIN { exit !(a < c) }'; then b="$s $kb"; fi
  done
  echo "$b"
}
printf '| input | size MB | floor s (decompress only) | hp2ps-ng -c s | x floor | peak RSS MB | same output |\n|---|---|---|---|---|---|---|\n'
plain_ps="$work/plain.ps"
"$exe" -c -o "$plain_ps" "$work/p.hp"
for f in p.hp p.hp.gz p.hp.xz p.hp.zst; do
  case $f in
    *.gz) floor=$(best gzip -dc "$work/$f") ;;
    *.xz) floor=$(best xz -dc "$work/$f") ;;
    *.zst) floor=$(best zstd -dc "$work/$f") ;;
    *) floor=$(best cat "$work/$f") ;;
  esac
  run=$(best "$exe" -c -o "$work/out.ps" "$work/$f")
  same=$(cmp -s "$work/out.ps" "$plain_ps" && echo yes || echo NO)
  awk -v f="$f" -v mb="$(stat -c %s "$work/$f")" -v fl="${floor% *}" -v r="${run% *}" -v kb="${run#* }" -v same="$same" \
    'BEGIN { printf "| %s | %.1f | %.2f | %.2f | %.2f | %.0f | %s |\n", f, mb / 1e6, fl, r, (fl > 0 ? r / fl : 0), kb / 1024, same }'
done
