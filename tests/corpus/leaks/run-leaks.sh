#!/usr/bin/env bash
# Runs the labelled leak corpus with the GHC on PATH (the host's 9.0.2, or
# inside make-real-ghc.sh's chroot of trixie for 9.6): every program of
# programs/ built twice (-hT without profiling; -hy -hc -hb with -prof
# -fprof-auto) and run once per breakdown; only the .hp is kept. Plus one
# run of Journal.hs sampled so seldom that it has a handful of censuses
# ("too short to judge"). With EVENTLOG=1 each run also writes its eventlog
# (+RTS -l-agu: heap, GC and user events, not the scheduler's; the plain
# build linked with -eventlog), kept beside its .hp.
# usage: run-leaks.sh SRC OUT   (SRC holds programs/; writes OUT/ghc-VERSION/PROGRAM.BREAKDOWN.hp)
set -euo pipefail
src=$(cd "$1" && pwd)
ver=$(ghc --numeric-version)
out=$2/ghc-$ver
work=$(mktemp -d)
log=(); link=()
if [ "${EVENTLOG:-}" = 1 ]; then log=(-l-agu); link=(-eventlog); fi
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

run() {  # program build breakdown name rts-options...
  local p=$1 build=$2 k=$3 name=$4
  shift 4
  rm -rf "$work/run" && mkdir "$work/run"
  (cd "$work/run" && "../$p-$build" +RTS "-$k" "${log[@]}" "$@" -RTS >/dev/null) || return 1
  mv "$work/run/$p-$build.hp" "$out/$name.hp"
  if [ ${#log[@]} -gt 0 ]; then mv "$work/run/$p-$build.eventlog" "$out/$name.eventlog"; fi
}

for hs in "$src"/programs/*.hs; do
  P=$(basename "$hs" .hs)
  p=$(echo "$P" | tr '[:upper:]' '[:lower:]')
  ghc -v0 -O -rtsopts "${link[@]}" -outputdir "$work/plain-$p" "$hs" -o "$work/$p-plain"
  ghc -v0 -O -rtsopts -prof -fprof-auto -outputdir "$work/prof-$p" "$hs" -o "$work/$p-prof"
  # A census without profiling waits for a major collection: a small
  # allocation area makes them frequent.
  run "$p" plain hT "$p.hT" -i0.001 -A256k
  for k in hy hc; do run "$p" prof "$k" "$p.$k" -i0.001; done
  # GHC 9.0.2's -hb crashes at fine intervals (a segfault in the census):
  # coarser ones until a run ends.
  for i in 0.005 0.01 0.02; do run "$p" prof hb "$p.hb" "-i$i" 2>/dev/null && break; done
done
if [ -f "$src/programs/Journal.hs" ]; then run journal prof hy short.hy -i0.03; fi
echo "ghc $ver" >"$out/versions.txt"
