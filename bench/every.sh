#!/usr/bin/env bash
# What --every costs the program and what it buys: the test programs
# (tests/app/record) run plain and under hp2ps-ng --record at several
# intervals, each REPEAT times, alternating. Printed per run: the wall
# seconds, the slowdown against the plain run's median, the censuses taken
# and the verdict (the suspects, and whether the heap's live bytes leak),
# so that the default is the longest interval that still gives every
# program its verdict. Needs ghc (apt-get install ghc).
# usage: bench/every.sh [BUILD_DIR] [REPEAT] [INTERVALS]   (build, 3, "0.02 0.05 0.1 0.2")
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
exe=$(cd "${1:-$here/../build}" && pwd)/hp2ps-ng
repeat=${2:-3}; intervals=${3:-0.02 0.05 0.1 0.2}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
src=$here/../tests/app/record
ghc -O -rtsopts -eventlog "$src/leaky.hs" -outputdir o1 -o leaky >/dev/null
ghc -O -rtsopts -eventlog "$src/server.hs" -outputdir o2 -o server >/dev/null
ghc -O -rtsopts -eventlog -threaded "$src/server.hs" -outputdir o3 -o server-threaded >/dev/null
ghc -O -rtsopts -eventlog "$src/steady.hs" -outputdir o4 -o steady >/dev/null
# name | program and arguments
programs=("leaky|./leaky 2000000" "computing server|./server 100000 12 0"
          "waiting server|./server 20000 12 500" "waiting server, -threaded|./server-threaded 20000 12 500"
          "steady|./steady 30000")
wall() { /usr/bin/time -f '%e' -o t.txt "$@" >/dev/null 2>&1 || true; cat t.txt; }
# The verdict of a --record run's JSON: its censuses, suspects, live bytes.
verdict() {
  python3 -c 'import json,sys
j = json.load(open(sys.argv[1]))
live = j.get("live_bytes", {}).get("leaks")
sus = ", ".join(s.split("/")[0][:24] for s in j.get("suspects", [])) or "none"
print("%d | %s | %s" % (j["censuses"], sus, {True: "leak", False: "held", None: "-"}[live]))' r.json
}
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
printf '| program | run | wall s | slowdown | censuses | suspects | live bytes |\n|---|---|---|---|---|---|---|\n'
for p in "${programs[@]}"; do
  name=${p%%|*}; cmd=${p#*|}
  plain=(); for i in $(seq "$repeat"); do plain+=("$(wall $cmd)"); done
  base=$(printf '%s\n' "${plain[@]}" | median)
  printf '| %s | plain | %s | 1.00 | | | |\n' "$name" "$(echo "${plain[@]}" | tr ' ' ',')"
  for every in $intervals; do
    runs=(); for i in $(seq "$repeat"); do rm -f r.json; runs+=("$(wall "$exe" --record --every "$every" -o r.json -- $cmd)"); done
    m=$(printf '%s\n' "${runs[@]}" | median)
    printf '| %s | --every %s | %s | %.2f | %s |\n' "$name" "$every" "$(echo "${runs[@]}" | tr ' ' ',')" \
      "$(awk -v a="$m" -v b="$base" 'BEGIN { print a / b }')" "$(verdict)"
  done
done
