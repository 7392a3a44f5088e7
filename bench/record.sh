#!/usr/bin/env bash
# The cost of --record: a GHC program that allocates steadily for about ten
# seconds (tests/app/record/steady.hs, ROUNDS rounds), run three ways in the
# same session — plain; with the RTS options --record gives it but writing
# its eventlog to a file, no hp2ps-ng; and under hp2ps-ng --record (a page,
# the report) — each REPEAT times, alternating. Printed: the program's wall
# and CPU seconds (for --record, the program's CPU is its RUSAGE as hp2ps-ng
# waited for it: the whole run's minus hp2ps-ng's own), and hp2ps-ng's own
# CPU seconds and peak RSS (its /proc status, read until it exits).
# Needs ghc (apt-get install ghc), or PROGRAM=path: steady.hs built
# elsewhere (e.g. by GHC 9.6, whose RTS flushes its eventlog each second, so
# that hp2ps-ng follows it live; GHC 9.0's writes it at exit).
# usage: [PROGRAM=...] bench/record.sh [BUILD_DIR] [ROUNDS] [REPEAT]   (build, 100000, 3)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
exe=$(cd "${1:-$here/../build}" && pwd)/hp2ps-ng
rounds=${2:-100000}; repeat=${3:-3}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
if [ -n "${PROGRAM:-}" ]; then cp "$PROGRAM" steady
else ghc -O -rtsopts -eventlog "$here/../tests/app/record/steady.hs" -outputdir o -o steady >/dev/null; fi
rts="-hT -i0.02 -l-agu"
# wall, user+system of the command and its children (GNU time)
timed() { /usr/bin/time -f '%e %U %S' -o t.txt "$@" >/dev/null 2>&1; awk '{ printf "%.2f %.2f", $1, $2 + $3 }' t.txt; }
# hp2ps-ng --record: the whole run's wall and CPU (GNU time: hp2ps-ng and
# the program it waited for), hp2ps-ng's own CPU (perf stat --no-inherit:
# its main thread, not the program) and its peak RSS (VmHWM, read every
# 0.05 s until it exits).
record() {
  /usr/bin/time -f '%e %U %S' -o t.txt perf stat --no-inherit -x, -e task-clock -o self.txt \
    "$exe" --record -o r.html -- ./steady "$rounds" >/dev/null 2>&1 & local tp=$! hwm=0 p="" h
  while kill -0 "$tp" 2>/dev/null; do
    [ -z "$p" ] && p=$(pgrep -f -n "hp2ps-ng --record -o r.html" || true)
    [ -n "$p" ] && h=$(awk '/VmHWM/ { print $2 }' "/proc/$p/status" 2>/dev/null) && [ -n "$h" ] && hwm=$h
    sleep 0.05
  done
  wait "$tp"
  local self; self=$(awk -F, '/task-clock/ { print $1 / 1000 }' self.txt)
  awk -v self="$self" -v hwm="$hwm" '{ printf "%.2f %.2f %.2f %.1f", $1, $2 + $3 - self, self, hwm / 1024 }' t.txt
}
printf '| run | wall s | program CPU s | hp2ps-ng CPU s | hp2ps-ng peak RSS MB |\n|---|---|---|---|---|\n'
for i in $(seq "$repeat"); do
  printf '| plain | %s | %s | | |\n' $(timed ./steady "$rounds")
  printf '| GHCRTS="%s -olsteady.eventlog", no hp2ps-ng | %s | %s | | |\n' "$rts" $(timed env GHCRTS="$rts -olsteady.eventlog" ./steady "$rounds")
  printf '| hp2ps-ng --record -o r.html | %s | %s | %s | %s |\n' $(record)
done
