#!/usr/bin/env bash
# The whole test suite, from a fresh Debian 12 machine: installs the
# dependencies, builds with warnings as errors, runs every test; checks the
# Debian package; then builds once more, instrumented for AddressSanitizer,
# UndefinedBehaviorSanitizer and libFuzzer, runs every test there, and runs
# each fuzz target briefly on its seed corpus, two at a time.
# FUZZ_SECONDS (default 30) sets how long each fuzz target runs;
# HP2PS_NG_CHROOT=1 also installs the package beside ghc in a Debian 12
# chroot (tests/deb-chroot-check.sh: network, 800 MB of ghc).
set -euo pipefail
cd "$(dirname "$0")/.."
stage() { echo "== $1 (at ${SECONDS} s)"; }
if [ "$(id -u)" = 0 ]; then bash tests/install-deps.sh --tests --browser; fi

# The release build is also the package's (the hp2ps command among its
# install rules): the package check packs it rather than building again.
stage "release build, warnings are errors"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DHP2PS_NG_WERROR=ON -DHP2PS_NG_BENCH=OFF -DHP2PS_NG_INSTALL_HP2PS=ON -DHP2PS_NG_SYSTEM_FONT=ON >/dev/null
cmake --build build -j2
stage "release tests"
(cd build && ctest --output-on-failure -j2)

stage "Debian package (cpack -G DEB), with the hp2ps command"
bash tests/deb-check.sh build
if [ "${HP2PS_NG_CHROOT:-0}" = 1 ]; then  # downloads ghc: only when asked
  stage "the package installed beside ghc in a Debian 12 chroot"
  bash tests/deb-chroot-check.sh build-deb
fi

# One instrumented build serves the sanitized tests and the fuzz targets:
# the fuzzers' coverage hooks cost the tests little, and a second build of
# everything cost minutes.
# Line tables are all a sanitizer's stack trace needs: full debug
# information made the build a quarter slower.
stage "AddressSanitizer + UndefinedBehaviorSanitizer + libFuzzer build"
CXX=clang++ cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHP2PS_NG_WERROR=ON \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -gline-tables-only -DNDEBUG" \
  -DHP2PS_NG_SANITIZE=address,undefined -DHP2PS_NG_FUZZ=ON -DHP2PS_NG_TESTS=ON \
  -DHP2PS_NG_RECORD_PROGRAMS="$PWD/build/tests/record-programs" >/dev/null
cmake --build build-asan -j2
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp:print_suppressions=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
stage "sanitized tests"
# A sanitized process costs 0.14 s to start and end: one a test, 2,200 of
# them were five minutes. Here the tests run in two processes (gtest's
# shards), all but those of process-wide signal state, and the browser's,
# which run a process each as ctest runs them.
own='Signals.*:Signals/*'
for i in 0 1; do
  GTEST_TOTAL_SHARDS=2 GTEST_SHARD_INDEX=$i timeout 3600 build-asan/tests/hpng_tests --gtest_filter="-$own" \
    --gtest_brief=1 > "build-asan/shard-$i.log" 2>&1 &
done
failed=0
for job in $(jobs -p); do wait "$job" || failed=1; done
for i in 0 1; do grep -E '^\[  (PASSED|FAILED) ' "build-asan/shard-$i.log" || true; done
if [ "$failed" = 1 ]; then cat build-asan/shard-*.log; exit 1; fi
(cd build-asan && ctest --output-on-failure -j2 -R '^(Signals|Browser)')

stage "fuzz targets, ${FUZZ_SECONDS:-30} s each"
bash tests/fuzz/run.sh build-asan "${FUZZ_SECONDS:-30}"
stage "done"
echo "all tests passed"
