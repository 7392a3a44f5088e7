#!/usr/bin/env bash
# Many small profiles, the way a pipeline renders one per test: 200 real
# GHC .hp files of 7 to 50 KB (the bundled corpora's, repeated under new
# names), `-c -m10` to PostScript, drawn (a) by one hp2ps-ng run, (b) by
# 200 runs of GHC's hp2ps, (c) by 200 hp2ps-ng runs, in the same session.
# CPU is user + system of every process (GNU time), wall is elapsed. usage: bench/batch.sh [BUILD_DIR] [HP2PS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../build}" && pwd)
exe=$build/hp2ps-ng
hp2ps=${2:-$(command -v hp2ps || true)}
work=$(mktemp -d "${BENCH_DIR:-${TMPDIR:-/tmp}}/batch.XXXXXX"); trap 'rm -rf "$work"' EXIT
mapfile -t files < <(find "$build/tests/corpus" -name '*.hp' -size +6k -size -51k | sort)
[ "${#files[@]}" -gt 0 ] || { echo "no corpus profiles under $build/tests/corpus (configure with tests)"; exit 1; }
for dir in a b c; do mkdir "$work/$dir"; done
for ((k = 0; k < 200; k++)); do
  for dir in a b c; do cp "${files[k % ${#files[@]}]}" "$work/$dir/p$k.hp"; done
done
bytes=$(du -cb "$work/a"/*.hp | tail -1 | cut -f1)
# CPU (ms, user + system of the command and every process it waited for)
# and wall time (ms), from GNU time; the runs' messages are dropped.
measure() {  # dir, command
  (cd "$1" && /usr/bin/time -f "%U %S %e" -o "$work/time" bash -c "$2" >/dev/null 2>&1)
  read -r u s e < "$work/time"
  echo "$(echo "($u + $s) * 1000" | bc) $(echo "$e * 1000 / 1" | bc)"
}
row() { printf '%-34s %10.1f %10.1f %10d\n' "$1" "$2" "$(echo "$2 / 200" | bc -l)" "$3"; }
echo "200 profiles, $((bytes / 1024)) KiB in all; $(nproc) cores"
printf '%-34s %10s %10s %10s\n' "" "CPU ms" "CPU/prof" "wall ms"
read -r cpu wall < <(measure "$work/a" "$exe -c -m10 p*.hp")
row "one hp2ps-ng run (batch)" "$cpu" "$wall"
if [ -n "$hp2ps" ]; then
  read -r cpu wall < <(measure "$work/b" "for f in p*.hp; do $hp2ps -c -m10 \$f; done")
  row "200 hp2ps runs" "$cpu" "$wall"
fi
read -r cpu wall < <(measure "$work/c" "for f in p*.hp; do $exe -c -m10 \$f; done")
row "200 hp2ps-ng runs" "$cpu" "$wall"
for f in "$work/c"/*.ps "$work/c"/*.aux; do cmp -s "$f" "$work/a/$(basename "$f")" || { echo "batch and single runs differ: $f"; exit 1; }; done
echo "the batch's files are the single runs', byte for byte"
