#!/usr/bin/env bash
# Start-up on a small profile (the common case: golden/inputs/leakyavg.hc.hp,
# 8 KB): the median CPU time (user + system, from wait4) of 15 runs each of
# hp2ps-ng --version, a JSON export, PostScript and SVG, next to GHC's
# hp2ps (where installed: apt-get install ghc) and to an empty C++ program
# linked with the same Debian libraries as hp2ps-ng (the floor that loading
# Cairo, Pango and their 40-odd dependencies sets), in the same run.
# usage: bench/startup.sh [BUILD_DIR] [HP2PS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
exe=$(cd "${1:-$here/../build}" && pwd)/hp2ps-ng
hp2ps=${2:-$(command -v hp2ps || true)}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cat > "$work/cpu.c" <<'C'
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
extern char** environ;
static int by_value(const void* a, const void* b) { double x = *(const double*)a, y = *(const double*)b; return (x > y) - (x < y); }
int main(int argc, char** argv) {
  enum { n = 15 };
  double t[n];
  (void)argc;
  for (int i = 0; i < n; ++i) {
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid;
    if (posix_spawnp(&pid, argv[1], &fa, NULL, argv + 1, environ) != 0) return 1;
    int status;
    struct rusage ru;
    wait4(pid, &status, 0, &ru);
    t[i] = (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
  }
  qsort(t, n, sizeof t[0], by_value);
  printf("%.1f", t[n / 2]);
  return 0;
}
C
cc -O2 "$work/cpu.c" -o "$work/cpu"
echo 'int main() { return 0; }' > "$work/empty.cc"
c++ "$work/empty.cc" -o "$work/empty" -Wl,--no-as-needed $(pkg-config --libs pangocairo cairo fontconfig re2 zlib liblzma libzstd)
cp "$here/../golden/inputs/leakyavg.hc.hp" "$work/s.hp"
cd "$work"
row() { printf '| %s | %s |\n' "$1" "$("$work/cpu" "${@:2}")"; }
printf '| run (8 KB profile) | CPU ms, median of 15 |\n|---|---|\n'
row "empty C++ program linked with hp2ps-ng's libraries" "$work/empty"
row "hp2ps-ng --version" "$exe" --version
row "hp2ps-ng --format json" "$exe" --format json -o s.json s.hp
row "hp2ps-ng -c (PostScript)" "$exe" -c s.hp
row "hp2ps-ng -c -o s.svg" "$exe" -c -o s.svg s.hp
if [ -n "$hp2ps" ]; then row "hp2ps -c" "$hp2ps" -c s.hp; fi
