#!/usr/bin/env bash
# Prints hp2ps-ng's speed, memory and output size on large profiles, next to
# the floor for reading them and to the real hp2ps, all in the same run:
#  * for a .hp, the floor is ../shared/bench/scan-floor.cc (split lines, find
#    the TAB, parse the value, intern the name), built here when present;
#  * for an eventlog, a plain read of every byte (hpng_bench bytes), and one
#    pass of hp2ps-ng's reader (hpng_bench read).
# Rows: hp2ps-ng -c to PostScript (and its ratio to the floor), -d, standard
# input from the file and from a pipe, --exact, JSON and the text report
# (the per-band statistics), and hp2ps -c where it is
# installed (apt-get install ghc). hp2ps-ng's figures and the floors' are
# the best of three runs, hp2ps's too on corpus-large.hp and of one run
# elsewhere. Then the output sizes of -c in
# PostScript, PDF, SVG and HTML (and the HTML page with -m0).
# usage: bench/run.sh [BUILD_DIR] [SCALE]   SCALE 1 (default) is the ~200 MB
# set; 0.1 makes everything ten times smaller. BENCH_HP2PS=0 leaves hp2ps
# out (it takes 7 minutes on real-hc-200m.hp) for repeated runs, and
# BENCH_HP2PS=corpus runs it on corpus-large.hp only. Walls are measured to
# the tenth of a millisecond.
set -euo pipefail
build=$(cd "${1:-build}" && pwd); scale=${2:-1}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"  # hp2ps-ng and hp2ps write each input's .aux in the current directory
n() { awk -v x="$1" -v s="$scale" 'BEGIN { printf "%d", x * s }'; }

# The inputs: the largest real profile of the corpus, and generated ones.
tar -xJf "$here/../tests/corpus/real.tar.xz" -C "$work"
mv "$work/real/logreport/logreport.hc-L60-i0.001-large.hp" "$work/corpus-large.hp"
"$here/gen_hp.sh" "$(n 50000)" 200 > samples-50k.hp
"$here/gen_hp.sh" "$(n 4000)" 2000 > bands-2000.hp
"$here/gen_real_hp.sh" "$(n 200)" corpus-large.hp real/logreport/logreport.hc.hp real/banksim/banksim.hc-i0.001.hp \
  real/exprparse/exprparse.hc.hp real/cachemap/cachemap.hc.hp > real-hc-200m.hp
"$build/bench/hpng_bench" gen-eventlog "$(n 40000)" 200 samples-40k.eventlog
floor_src="$here/../../shared/bench/scan-floor.cc"
floor=""
if [ -f "$floor_src" ] && g++ -O2 -o scan-floor "$floor_src" 2>/dev/null; then floor=$work/scan-floor; fi

timed() {  # runs command...: prints "wall rss_kb", the best wall of $runs, and the RSS
  local best="" wall start
  for _ in $(seq "$runs"); do
    # Several runs: the wall is the command's alone, since a wrapper's start
    # (~5-10 ms for /usr/bin/time) would count against a fast tool, and the
    # RSS comes from one more run. One run (hp2ps on a large file: minutes)
    # gives both. Microseconds: /usr/bin/time's wall has only hundredths.
    start=$EPOCHREALTIME
    if [ "$runs" = 1 ]; then /usr/bin/time -f "%M" -o "$work/time" "$@" > /dev/null 2> "$work/err" || cat "$work/err" >&2
    else "$@" > /dev/null 2> "$work/err" || cat "$work/err" >&2; fi
    wall=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.4f", b - a }')
    best=$(awk -v a="$best" -v b="$wall" 'BEGIN { print (a == "" || b < a) ? b : a }')
  done
  if [ "$runs" != 1 ]; then /usr/bin/time -f "%M" -o "$work/time" "$@" > /dev/null 2>&1 || true; fi
  echo "$best $(tail -1 "$work/time")"
}
row() {  # file tool wall rss_kb floor_wall
  awk -v f="$1" -v t="$2" -v mb="$(stat -c %s "$1")" -v w="$3" -v r="$4" -v fl="$5" 'BEGIN {
    ratio = (fl > 0 && w > 0) ? sprintf("%.2fx", w / fl) : "-"
    printf "%-22s %-22s %8.1f %8.3f %8.1f %8s %9.1f\n", f, t, mb / 1e6, w, r / 1024, ratio, (w > 0 ? mb / 1e6 / w : 0) }'
}
ng=$build/hp2ps-ng
printf '%-22s %-22s %8s %8s %8s %8s %9s\n' file run "MB" "wall s" "RSS MB" "/floor" "MB/s"
for f in corpus-large.hp samples-50k.hp bands-2000.hp real-hc-200m.hp samples-40k.eventlog; do
  runs=3
  if [ "${f##*.}" = hp ]; then
    base=0
    if [ -n "$floor" ]; then read -r base _ < <(timed "$floor" 1 "$f"); row "$f" "floor: scan-floor.cc" "$base" 0 0; fi
  else
    read -r base _ < <(timed "$build/bench/hpng_bench" bytes "$f"); row "$f" "floor: plain read" "$base" 0 0
    read -r pass _ < <(timed "$build/bench/hpng_bench" read "$f"); row "$f" "one reader pass" "$pass" 0 "$base"
  fi
  read -r wall rss < <(timed "$ng" -c -o out.ps "$f"); row "$f" "hp2ps-ng -c" "$wall" "$rss" "$base"; ng_wall=$wall
  read -r wall rss < <(timed "$ng" -c -d -o out.ps "$f"); row "$f" "... -d" "$wall" "$rss" "$base"
  read -r wall rss < <(timed sh -c '"$0" -c -o out.ps < "$1"' "$ng" "$f"); row "$f" "... < file" "$wall" "$rss" "$base"
  read -r wall rss < <(timed sh -c 'cat "$1" | "$0" -c -o out.ps' "$ng" "$f"); row "$f" "... from a pipe" "$wall" "$rss" "$base"
  read -r wall rss < <(timed "$ng" -c --exact -o exact.ps "$f"); row "$f" "... --exact" "$wall" "$rss" "$base"
  read -r wall rss < <(timed "$ng" -o out.json "$f"); row "$f" "hp2ps-ng -o x.json" "$wall" "$rss" "$base"
  read -r wall rss < <(timed "$ng" -o out.txt "$f"); row "$f" "hp2ps-ng -o x.txt" "$wall" "$rss" "$base"
  read -r wall rss < <(timed "$ng" -c -o out.html "$f"); row "$f" "hp2ps-ng -c -o x.html" "$wall" "$rss" "$base"
  if [ "${f##*.}" = hp ] && command -v hp2ps >/dev/null &&
     { [ "${BENCH_HP2PS:-1}" = 1 ] || { [ "${BENCH_HP2PS:-1}" = corpus ] && [ "$f" = corpus-large.hp ]; }; }; then
    runs=1; [ "$f" = corpus-large.hp ] && runs=3  # two seconds a run there
    read -r wall rss < <(timed timeout 900 hp2ps -c "$f"); row "$f" "hp2ps -c" "$wall" "$rss" "$base"
    awk -v f="$f" -v h="$wall" -v n="$ng_wall" 'BEGIN { printf "%-22s %-22s %44.1fx\n", f, "hp2ps / hp2ps-ng -c", h / n }'
  fi
done
echo
printf '%-22s %12s %12s %12s %12s %12s\n' "output of -c" PostScript PDF SVG HTML "HTML -m0"
for f in corpus-large.hp samples-50k.hp bands-2000.hp real-hc-200m.hp samples-40k.eventlog; do
  for x in ps pdf svg html; do "$ng" -c -o "out.$x" "$f" 2>/dev/null; done
  "$ng" -m0 -o all.html "$f" 2>/dev/null
  printf '%-22s %12s %12s %12s %12s %12s\n' "$f" "$(stat -c %s out.ps)" "$(stat -c %s out.pdf)" "$(stat -c %s out.svg)" \
    "$(stat -c %s out.html)" "$(stat -c %s all.html)"
done
[ -n "$floor" ] || echo "(../shared/bench/scan-floor.cc not found: no .hp floor)"
