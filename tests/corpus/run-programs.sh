#!/usr/bin/env bash
# Runs inside a Debian chroot that has ghc, ghc-prof and libghc-ghc-events-dev
# (make-real-ghc.sh sets it up): builds every program of programs/ twice
# (for -hT/-hi without profiling, with the info-table map; for the cost-centre
# breakdowns with -prof -fprof-auto), runs each breakdown with +RTS -l so the
# .hp and the eventlog come from one run, lets this GHC's hp2ps draw each
# .hp, and decodes each eventlog with ghc-events (EventsDump.hs).
# usage: run-programs.sh DIR   (DIR holds programs/ and EventsDump.hs; writes DIR/out/ghc-VERSION)
set -euo pipefail
dir=$1
cd "$dir"
ver=$(ghc --numeric-version)
out=$dir/out/ghc-$ver
rm -rf "$out" b && mkdir -p "$out" b
ghc -v0 -O -package ghc-events -outputdir b/dump EventsDump.hs -o b/events-dump

# program and source. Every run samples every millisecond (+RTS -i0.001);
# without profiling a census waits for a major collection, which a small
# allocation area (-A256k) makes frequent enough for tens of censuses.
programs=(
  "journal Journal.hs"
  "accum Accum.hs"
  "cache Cache.hs"
  "labels Labels.hs"
  "short Short.hs"
  "sawtooth Sawtooth.hs"
  "many Many.hs"
)
plain_breakdowns="hT hi"
prof_breakdowns="hc hy hd hr hb hm"
case $ver in 9.[0-9].*) ;; *) programs+=("eras Eras.hs") ;; esac  # GHC.Profiling.Eras: 9.10 on

run() {  # program build breakdown
  local p=$1 build=$2 k=$3 run=b/run-$1-$3 opts=(-i0.001)
  [ "$build" = ipe ] && opts+=(-A256k)
  rm -rf "$run" && mkdir -p "$run"
  (cd "$run" && "../$p-$build" +RTS "-$k" -l "${opts[@]}" -RTS >/dev/null)
  mkdir -p "$out/$p"
  mv "$run/$p-$build.hp" "$out/$p/$p.$k.hp"
  mv "$run/$p-$build.eventlog" "$out/$p/$p.$k.eventlog"
  b/events-dump "$out/$p/$p.$k.eventlog" >"$out/$p/$p.$k.events.tsv"
  for flags in default m0; do  # hp2ps NAME reads NAME.hp, writes NAME.ps and NAME.aux
    rm -rf "$run/h" && mkdir "$run/h" && cp "$out/$p/$p.$k.hp" "$run/h/$p.$k.hp"
    local args=()
    [ "$flags" = m0 ] && args=(-m0)
    (cd "$run/h" && hp2ps "${args[@]}" "$p.$k" 2>"$p.$k.stderr" || echo "exit $?" >>"$p.$k.stderr")
    for f in ps aux stderr; do [ -s "$run/h/$p.$k.$f" ] && mv "$run/h/$p.$k.$f" "$out/$p/$p.$k.$flags.$f"; done
  done
  rm -rf "$run"
}

for entry in "${programs[@]}"; do
  read -r p src <<<"$entry"
  ghc -v0 -O -rtsopts -prof -fprof-auto -outputdir "b/prof-$p" "programs/$src" -iprograms -o "b/$p-prof"
  if [ "$p" = eras ]; then
    run eras prof he
    continue
  fi
  ghc -v0 -O -rtsopts -finfo-table-map -fdistinct-constructor-tables -outputdir "b/ipe-$p" "programs/$src" -iprograms \
    -o "b/$p-ipe"
  for k in $plain_breakdowns; do run "$p" ipe "$k"; done
  for k in $prof_breakdowns; do run "$p" prof "$k"; done
done
{
  echo "ghc $(ghc --numeric-version)"
  dpkg-query -W ghc ghc-prof libghc-ghc-events-dev
  echo "hp2ps: $(readlink -f "$(command -v hp2ps)")"
} >"$out/versions.txt"
