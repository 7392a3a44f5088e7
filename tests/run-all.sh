#!/usr/bin/env bash
# The whole test suite, from a fresh Debian 12 machine: installs the
# dependencies, builds with warnings as errors, runs every test; checks the
# Debian package; then builds again under AddressSanitizer and
# UndefinedBehaviorSanitizer and runs every test there; then runs each fuzz
# target briefly on its seed corpus.
# FUZZ_SECONDS (default 45) sets how long each fuzz target runs;
# HP2PS_NG_CHROOT=1 also installs the package beside ghc in a Debian 12
# chroot (tests/deb-chroot-check.sh: network, 800 MB of ghc).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" = 0 ]; then bash tests/install-deps.sh --tests --browser; fi

echo "== release build, warnings are errors"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DHP2PS_NG_WERROR=ON >/dev/null
cmake --build build -j2
(cd build && ctest --output-on-failure -j2)

echo "== Debian package (cpack -G DEB), with the hp2ps command"
bash tests/deb-check.sh build-deb
if [ "${HP2PS_NG_CHROOT:-0}" = 1 ]; then  # downloads ghc: only when asked
  echo "== the package installed beside ghc in a Debian 12 chroot"
  bash tests/deb-chroot-check.sh build-deb
fi

echo "== AddressSanitizer + UndefinedBehaviorSanitizer build"
CXX=clang++ cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHP2PS_NG_WERROR=ON \
  -DHP2PS_NG_SANITIZE=address,undefined >/dev/null
cmake --build build-asan -j2
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp:print_suppressions=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
(cd build-asan && ctest --output-on-failure -j2)

echo "== fuzz targets, ${FUZZ_SECONDS:-45} s each"
CXX=clang++ cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHP2PS_NG_FUZZ=ON \
  -DHP2PS_NG_TESTS=OFF -DHP2PS_NG_WERROR=ON >/dev/null
cmake --build build-fuzz -j2
bash tests/fuzz/run.sh build-fuzz "${FUZZ_SECONDS:-45}"
echo "all tests passed"
