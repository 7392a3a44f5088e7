#!/usr/bin/env bash
# --watch on an append-only .hp grown in 50 MB steps to 1 GB (200 bands,
# -hc-style names), or an eventlog (KIND eventlog: hpng_bench's -hT log,
# 200 bands): for each step, the CPU time the watch spent on it (its
# update: reading what was appended, then drawing), the wall time from the
# end of the append until the watch is idle again, and the watch's RSS.
# Both must stay flat as the file grows.
# usage: bench/watch_append.sh [BUILD_DIR] [FINAL_MB] [FORMAT] [KIND]   (1000, png, hp)
set -euo pipefail
build=$(cd "${1:-build}" && pwd); final=${2:-1000}; format=${3:-png}; kind=${4:-hp}; step=50
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d); watch=""
trap '[ -n "$watch" ] && kill "$watch" 2>/dev/null; rm -rf "$work"' EXIT
cd "$work"
# gen_hp.sh writes about 4,940 bytes a sample with 200 bands; the
# generated eventlog about 5,030.
if [ "$kind" = eventlog ]; then
  "$build/bench/hpng_bench" gen-eventlog $(( final * 1000000 / 5030 + 1 )) 200 full.prof
else
  "$here/gen_hp.sh" $(( final * 1000000 / 4940 + 1 )) 200 > full.prof
fi
size=$(stat -c %s full.prof)
cpu() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }  # clock ticks, user + system
tick=$(getconf CLK_TCK)
: > "prog.$kind"
"$build/hp2ps-ng" --watch=0.05 -c -o "out.$format" "prog.$kind" 2> err.txt & watch=$!
# Idle: no CPU spent for 0.5 s.
settle() { local a b; a=$(cpu "$watch"); while sleep 0.5; b=$(cpu "$watch"); [ "$a" != "$b" ]; do a=$b; done; }
settle
printf '%8s %10s %10s %10s\n' "MB" "CPU s" "wall s" "RSS MB"
done_bytes=0
while [ "$done_bytes" -lt "$size" ]; do
  n=$(( step * 1000000 )); [ $(( done_bytes + n )) -gt "$size" ] && n=$(( size - done_bytes ))
  dd if=full.prof of=chunk bs=1M iflag=skip_bytes,count_bytes skip="$done_bytes" count="$n" status=none
  before=$(cpu "$watch")
  cat chunk >> "prog.$kind"; appended=$EPOCHREALTIME
  done_bytes=$(( done_bytes + n ))
  if [ "$done_bytes" -ge "$size" ]; then wait "$watch"; watch=""; echo "(the watch ended by itself after the final sample)"; break; fi
  settle
  idle=$(awk -v a="$appended" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a - 0.5 }')
  rss=$(awk '/VmHWM/ { printf "%.1f", $2 / 1024 }' "/proc/$watch/status")
  printf '%8d %10.2f %10s %10s\n' $(( done_bytes / 1000000 )) "$(awk -v a="$before" -v b="$(cpu "$watch")" -v t="$tick" 'BEGIN { print (b - a) / t }')" "$idle" "$rss"
done
test -s "out.$format" && echo "out.$format: $(stat -c %s "out.$format") bytes"
