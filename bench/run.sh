#!/usr/bin/env bash
# Prints a table for hp2ps-ng (and the real hp2ps, where installed) on the
# largest real profile of the corpus and on generated large profiles: wall
# time, peak RSS, output size and MB/s of `-c` to PostScript (also with -d,
# which reads the file a third time, and from standard input, which is held
# in memory), next to the floor (a bare line scan of the same file) and one
# pass of the reader. hp2ps-ng's figures are the best of three runs (as are
# the floor's), hp2ps's of one.
# usage: bench/run.sh [BUILD_DIR] [SCALE]   SCALE 1 (default) is the ~200 MB
# set of the performance issue; 0.1 makes everything ten times smaller.
set -euo pipefail
build=$(cd "${1:-build}" && pwd); scale=${2:-1}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"  # hp2ps-ng writes each input's .aux in the current directory
n() { awk -v x="$1" -v s="$scale" 'BEGIN { printf "%d", x * s }'; }
tar -xJf "$here/../tests/corpus/real.tar.xz" -C "$work" real/logreport/logreport.hc-L60-i0.001-large.hp
mv "$work/real/logreport/logreport.hc-L60-i0.001-large.hp" "$work/corpus-large.hp"
"$here/gen_hp.sh" "$(n 50000)" 200 > "$work/samples-50k.hp"
"$here/gen_hp.sh" "$(n 4000)" 2000 > "$work/bands-2000.hp"
"$build/bench/hpng_bench" gen-eventlog "$(n 40000)" 200 "$work/samples-40k.eventlog"
printf '%-22s %-14s %9s %9s %10s %12s %9s\n' file tool "size MB" "wall s" "RSS MB" "output B" "MB/s"
row() {  # file tool wall rss_kb out_bytes
  local mb; mb=$(awk -v b="$(stat -c %s "$work/$1")" 'BEGIN { printf "%.1f", b / 1e6 }')
  awk -v f="$1" -v t="$2" -v mb="$mb" -v w="$3" -v r="$4" -v o="$5" \
    'BEGIN { printf "%-22s %-14s %9s %9.2f %10.1f %12s %9.1f\n", f, t, mb, w, r / 1024, o, (w > 0 ? mb / w : 0) }'
}
timed() {  # runs command...: prints "wall rss_kb", the best wall and the worst RSS of $runs
  local best="" worst=0 wall rss
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" > /dev/null 2> "$work/err" || { cat "$work/err" >&2; }
    read -r wall rss < <(tail -1 "$work/time")
    best=$(awk -v a="$best" -v b="$wall" 'BEGIN { print (a == "" || b < a) ? b : a }')
    worst=$(( rss > worst ? rss : worst ))
  done
  echo "$best $worst"
}
for f in corpus-large.hp samples-50k.hp bands-2000.hp samples-40k.eventlog; do
  for mode in scan read; do
    line=$("$build/bench/hpng_bench" $mode "$work/$f")
    secs=$(echo "$line" | awk '{print $4}')
    row "$f" "floor: $mode" "$secs" 0 -
  done
  runs=3; read -r wall rss < <(timed "$build/hp2ps-ng" -c -o "$work/out.ps" "$work/$f")
  row "$f" "hp2ps-ng -c" "$wall" "$rss" "$(stat -c %s "$work/out.ps")"
  runs=3; read -r wall rss < <(timed "$build/hp2ps-ng" -c -d -o "$work/out.ps" "$work/$f")
  row "$f" "... -d" "$wall" "$rss" "$(stat -c %s "$work/out.ps")"
  read -r wall rss < <(timed sh -c '"$0" -c -o "$1" < "$2"' "$build/hp2ps-ng" "$work/out.ps" "$work/$f")
  row "$f" "... < stdin" "$wall" "$rss" "$(stat -c %s "$work/out.ps")"
  runs=3; read -r wall rss < <(timed "$build/hp2ps-ng" -c --exact -o "$work/out.ps" "$work/$f")
  row "$f" "... --exact" "$wall" "$rss" "$(stat -c %s "$work/out.ps")"
  if command -v hp2ps >/dev/null && [ "${f##*.}" = hp ]; then
    runs=1; read -r wall rss < <(timed timeout 600 hp2ps -c "$f")
    row "$f" "hp2ps -c" "$wall" "$rss" "$(stat -c %s "$work/${f%.hp}.ps" 2>/dev/null || echo -)"
  fi
done
