#!/usr/bin/env bash
# Prints a table: MB/s of the bare scan (floor), the .hp reader, and reader
# plus band selection, and wall time and peak RSS of the whole hp2ps-ng run
# (-c to PostScript), on the largest real profile of the corpus and on a
# larger generated one.
# usage: bench/run.sh BUILD_DIR [SAMPLES BANDS]   (default 20000 300)
set -euo pipefail
build=${1:-build}; samples=${2:-20000}; bands=${3:-300}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
tar -xJf "$here/../tests/corpus/real.tar.xz" -C "$work" real/logreport/logreport.hc-L60-i0.001-large.hp
mv "$work/real/logreport/logreport.hc-L60-i0.001-large.hp" "$work/corpus-large.hp"
"$here/gen_hp.sh" "$samples" "$bands" > "$work/generated.hp"
corpus=$here/../../shared/corpus/real/logreport/logreport.hc-L60-i0.001-large.eventlog.xz
[ -f "$corpus" ] && xz -dc "$corpus" > "$work/corpus-large.eventlog"
for f in corpus-large.hp generated.hp corpus-large.eventlog; do
  [ -f "$work/$f" ] || continue
  echo "== $f"
  for mode in scan read select; do "$build/bench/hpng_bench" $mode "$work/$f"; done
  /usr/bin/time -f "hp2ps-ng -c   %e s wall  %M KB peak RSS" "$build/hp2ps-ng" -c -o "$work/out.ps" "$work/$f"
  echo "output      $(stat -c %s "$work/out.ps") bytes"
  if command -v hp2ps >/dev/null && [ "${f##*.}" = hp ]; then
    (cd "$work" && /usr/bin/time -f "hp2ps -c      %e s wall  %M KB peak RSS" hp2ps -c "$f")
  fi
done
