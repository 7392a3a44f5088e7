#!/usr/bin/env bash
# Runs each fuzz target for SECONDS on a seed corpus made from the crafted
# hp2ps cases, the bundled real profiles and the small real eventlogs (GHC
# 9.0.2, 9.6 and 9.10), and the labelled leak corpus. Crashes are written to
# tests/fuzz/findings/; copy each into tests/fuzz/regressions/ once fixed,
# where an ordinary test replays it.
# usage: tests/fuzz/run.sh BUILD_DIR SECONDS   (FUZZ_TARGETS="name:seeds ..." picks some)
set -euo pipefail
build=${1:?build dir}; seconds=${2:-60}
here=$(cd "$(dirname "$0")" && pwd)
# Font and layout libraries keep process-lifetime caches; not our leaks.
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$here/../lsan.supp:print_suppressions=0}"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
mkdir -p "$work/hp" "$work/eventlog" "$work/aux" "$work/pipeline" "$work/several" "$work/pattern" "$work/compressed" \
  "$work/elf" "$here/findings"
# Small ELF files with GHC-like info-table symbols: an object and a program.
printf 'char ghczmprim_GHCziTypes_ZC_con_info[32] = "ghc-prim:GHC.Types.:"; int stg_STACK_info(void) { return 1; }\n'\
'int main(void) { return stg_STACK_info(); }\n' > "$work/seed.c"
cc -c -o "$work/elf/seed.o" "$work/seed.c" && cc -no-pie -o "$work/elf/seed" "$work/seed.c"
# ... and with IPE buffers in GHC 9.6's layout (entries inline) and 9.10's
# (tables, entries and strings apart), naming the table before main's code.
cat > "$work/ipe.c" <<'C'
int stg_STACK_info(void) { return 1; }
int main(void) { return stg_STACK_info(); }
static const char strings[] = "\0T_con_info\0" "1\0Int\0loop\0Main\0x.hs\0" "1:1";
struct Inline { void *next; const char *strings; long count; struct { void *code; unsigned s[8]; } e[1]; };
struct Inline Main_ipe_buf = {0, strings, 1, {{(char *)main, {1, 12, 14, 18, 23, 28, 33, 0}}}};
void *tables[1] = {(char *)main};
unsigned entries[6] = {1, 3, 14, 18, 28, 33};
struct Apart { void *next; long compressed, count; void *tables, *entries; long entries_size; const char *strings;
               long strings_size; unsigned unit, module; } Other_ipe_buf = {0, 0, 1, tables, entries, 24, strings,
                                                                               sizeof strings, 23, 23};
C
cc -no-pie -o "$work/elf/ipe" "$work/ipe.c"
cp "$here"/../data/eventlog-small/*.eventlog "$work/eventlog/"
cp "$here"/../data/hp2ps-cases/*.hp "$work/hp/"
cp "$here"/../data/hp2ps-cases/*.aux "$work/aux/" 2>/dev/null || true
tar -xJf "$here/../corpus/real.tar.xz" -C "$work"
find "$work/real" -name '*.hp' -size -64k -exec cp {} "$work/hp/" \;
find "$work/real" -name '*.aux' -exec cp {} "$work/aux/" \;
# Real logs of GHC 9.6 and 9.10 (their IPE events' lengths among them).
tar -xJf "$here/../corpus/ghc-today.tar.xz" -C "$work"
for f in "$work"/today/*/*/*.eventlog "$work"/today/*/*/*.hp; do
  seed=$(echo "${f#"$work"/today/}" | tr / _)
  case $f in
    *.eventlog) [ "$(stat -c %s "$f")" -lt 32000 ] && cp "$f" "$work/eventlog/$seed" ;;
    *.hp) [ "$(stat -c %s "$f")" -lt 64000 ] && cp "$f" "$work/hp/$seed" ;;
  esac
done
# The labelled leak corpus: profiles of every shape the leak verdict names.
mkdir -p "$work/leaks" && tar -xJf "$here/../corpus/leaks/leaks.tar.xz" -C "$work/leaks"
for f in "$work"/leaks/*/*.hp; do
  [ "$(stat -c %s "$f")" -lt 64000 ] && cp "$f" "$work/hp/leaks_$(basename "$(dirname "$f")")_$(basename "$f")"
done
cp "$here"/regressions/*.hp "$work/hp/" 2>/dev/null || true
cp "$here"/regressions/*.eventlog "$work/eventlog/" 2>/dev/null || true
for f in "$work"/hp/*.hp "$work"/eventlog/*.eventlog; do  # two flag bytes, then the input
  [ "$(stat -c %s "$f")" -lt 16000 ] && { printf '\x00\x00'; cat "$f"; } > "$work/pipeline/$(basename "$f")"
  [ "$(stat -c %s "$f")" -lt 16000 ] && { printf '\x11\x13'; cat "$f"; } > "$work/pipeline/x-$(basename "$f")"
  # every sample, exported from a matrix spilled in blocks of a few values and held
  [ "$(stat -c %s "$f")" -lt 16000 ] && { printf '\x00\x20'; cat "$f"; } > "$work/pipeline/e-$(basename "$f")"
  # SVG with the key below, viridis, the smallest picture, transparent
  [ "$(stat -c %s "$f")" -lt 16000 ] && { printf '\x60\x80'; cat "$f"; } > "$work/pipeline/s-$(basename "$f")"
done
# A pattern (its length, then it) before each small profile.
k=0
for f in "$work"/hp/*.hp; do
  [ "$(stat -c %s "$f")" -lt 8000 ] || continue
  for p in 'main' '^(Main|GHC)\.[A-Z]' '(a|b)*x$' 'CAF$|[0-9]{2,}' '(?i)list'; do
    k=$((k + 1))
    { printf "\\x$(printf %02x ${#p})"; printf '%s' "$p"; cat "$f"; } > "$work/pattern/$k"
  done
done
# Small profiles compressed each way (the tools CI installs).
for f in "$work"/hp/*.hp "$work"/eventlog/*.eventlog; do
  [ "$(stat -c %s "$f")" -lt 16000 ] || continue
  gzip -c "$f" > "$work/compressed/$(basename "$f").gz"
  xz -c "$f" > "$work/compressed/$(basename "$f").xz"
  zstd -q -c "$f" > "$work/compressed/$(basename "$f").zst"
done
# Two profiles: each small one with the next (flag byte, first's length, both).
prev=""
for f in "$work"/hp/*.hp "$work"/eventlog/*.eventlog; do
  n=$(stat -c %s "$f")
  if [ -n "$prev" ] && [ "$n" -lt 12000 ] && [ "$(stat -c %s "$prev")" -lt 12000 ]; then
    p=$(stat -c %s "$prev")
    for flag in '\x00' '\x86'; do
      { printf "$flag"; printf "\\x$(printf %02x $((p & 255)))\\x$(printf %02x $((p >> 8)))"; cat "$prev" "$f"; } \
        > "$work/several/$(basename "$prev")-$(basename "$f")-${flag#\\x}"
    done
  fi
  prev=$f
done
# Each target in turn, in two lanes that keep both cores busy; a lane stops
# at its first crash, and the run fails if either lane did.
run_target() {  # name seeds
  echo "-- $1 for ${seconds}s"
  "$build/tests/fuzz/$1" -max_total_time="$seconds" -max_len=262144 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$here/findings/$1-" -print_final_stats=1 "$work/$2" > "$work/$1-$2.log" 2>&1 \
    || { tail -40 "$work/$1-$2.log"; echo "$1 found a crash: see tests/fuzz/findings/"; return 1; }
  grep -E "DONE|number_of_executed_units|new_units_added|peak_rss" "$work/$1-$2.log"
}
lane() {  # lane-number targets...
  local i=0 lane=$1
  shift
  for t in "$@"; do
    if [ $((i++ % 2)) = "$lane" ]; then run_target "${t%%:*}" "${t##*:}" || return 1; fi
  done
}
read -r -a targets <<<"${FUZZ_TARGETS:-hp_reader_fuzz:hp hp_halves_fuzz:hp growing_fuzz:hp growing_fuzz:eventlog eventlog_fuzz:eventlog aux_fuzz:aux pipeline_fuzz:pipeline several_fuzz:several pattern_fuzz:pattern decompress_fuzz:compressed elf_fuzz:elf}"
lane 0 "${targets[@]}" > "$work/lane0.out" 2>&1 &
first=$!
lane 1 "${targets[@]}" > "$work/lane1.out" 2>&1 || failed=1
wait "$first" || failed=1
cat "$work/lane0.out" "$work/lane1.out"
[ -z "${failed:-}" ]
