#!/usr/bin/env bash
# The Debian package: builds hp2ps-ng with HP2PS_NG_INSTALL_HP2PS=ON, makes
# the .deb with cpack, unpacks it (dpkg-deb -x: no installation, so it never
# touches the machine's own hp2ps) and checks that it holds the binary, the
# hp2ps link, both man pages, the link to fonts-urw-base35's font, the
# shell completions (hp2ps's too), copyright and changelog, that it
# declares its dependencies and recommends bash-completion, that lintian
# finds nothing, that it diverts GHC's hp2ps, and that the unpacked `hp2ps -c -m10
# prog.hp` writes the same files as the freshly built `hp2ps-ng -c -m10
# prog.hp`. tests/deb-chroot-check.sh installs it for real beside ghc.
# A build folder configured with HP2PS_NG_INSTALL_HP2PS=ON (run-all.sh's
# release build) is packed as it is; another is configured so first.
# usage: tests/deb-check.sh [BUILD_DIR]   (default build-deb)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-deb}
if ! grep -q '^HP2PS_NG_INSTALL_HP2PS:BOOL=ON' "$build/CMakeCache.txt" 2>/dev/null ||
   ! grep -q '^HP2PS_NG_SYSTEM_FONT:BOOL=ON' "$build/CMakeCache.txt"; then
  # A new folder builds hp2ps-ng alone; an existing one keeps its other choices.
  [ -e "$build/CMakeCache.txt" ] && tests=() || tests=(-DCMAKE_BUILD_TYPE=Release -DHP2PS_NG_TESTS=OFF)
  cmake -S . -B "$build" "${tests[@]}" -DHP2PS_NG_INSTALL_HP2PS=ON -DHP2PS_NG_SYSTEM_FONT=ON >/dev/null
fi
cmake --build "$build" -j2 --target hp2ps-ng >/dev/null
build=$(cd "$build" && pwd)
rm -f "$build"/*.deb
(cd "$build" && cpack -G DEB >/dev/null 2>&1)
deb=$(ls "$build"/hp2ps-ng_*.deb)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
dpkg-deb -x "$deb" "$work/root"
for f in usr/bin/hp2ps-ng usr/bin/hp2ps usr/share/man/man1/hp2ps-ng.1.gz usr/share/man/man1/hp2ps.1.gz \
         usr/share/hp2ps-ng/fonts/fonts.conf usr/share/doc/hp2ps-ng/copyright usr/share/doc/hp2ps-ng/changelog.gz \
         usr/share/bash-completion/completions/hp2ps-ng usr/share/zsh/vendor-completions/_hp2ps-ng; do
  [ -e "$work/root/$f" ] || { echo "deb-check: $f missing from $deb"; exit 1; }
done
[ "$(readlink "$work/root/usr/bin/hp2ps")" = hp2ps-ng ] || { echo "deb-check: hp2ps is not a link to hp2ps-ng"; exit 1; }
[ "$(readlink "$work/root/usr/share/bash-completion/completions/hp2ps")" = hp2ps-ng ] ||
  { echo "deb-check: nothing completes hp2ps"; exit 1; }
font=usr/share/hp2ps-ng/fonts/NimbusSans-Regular.otf
[ "$(cd "$work/root/${font%/*}" && readlink -m "$(readlink "${font##*/}")")" = \
  "$work/root/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf" ] ||
  { echo "deb-check: the font is not fonts-urw-base35's"; exit 1; }
dpkg-deb -f "$deb" Depends | grep -q libpangocairo || { echo "deb-check: no library dependencies"; exit 1; }
dpkg-deb -f "$deb" Depends | grep -q fonts-urw-base35 || { echo "deb-check: the font's package is not a dependency"; exit 1; }
dpkg-deb -f "$deb" Recommends | grep -q bash-completion || { echo "deb-check: bash-completion not recommended"; exit 1; }
# Debian's own checks: lintian says nothing (it warns when run as root).
if command -v lintian >/dev/null; then
  tags=$(lintian --allow-root "$deb" 2>&1 | grep -v 'running with root privileges' || true)
  [ -z "$tags" ] || { echo "deb-check: lintian: $tags"; exit 1; }
else
  echo "deb-check: lintian is not installed (install-deps.sh --tests): not run"
fi
# What the Depends brings: the font the link points at.
mkdir -p "$work/root/usr/share/fonts/opentype/urw-base35"
cp "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf" "$work/root/usr/share/fonts/opentype/urw-base35/"
# Beside Debian's ghc: GHC's hp2ps and its page diverted on install, put back on removal.
dpkg-deb -e "$deb" "$work/control"
grep -q 'dpkg-divert --package hp2ps-ng --add --rename' "$work/control/preinst" || { echo "deb-check: preinst diverts nothing"; exit 1; }
grep -q 'dpkg-divert --package hp2ps-ng --remove --rename' "$work/control/postrm" || { echo "deb-check: postrm restores nothing"; exit 1; }
grep -q '/usr/share/man/man1/hp2ps.1.gz' "$work/control/preinst" || { echo "deb-check: the man page is not diverted"; exit 1; }
[ "$(zcat "$work/root/usr/share/man/man1/hp2ps.1.gz")" = ".so man1/hp2ps-ng.1" ] || { echo "deb-check: man hp2ps is not hp2ps-ng's page"; exit 1; }
mkdir "$work/a" "$work/b"
cp golden/inputs/leakyavg.hc.hp "$work/a/prog.hp"
cp golden/inputs/leakyavg.hc.hp "$work/b/prog.hp"
(cd "$work/a" && "$work/root/usr/bin/hp2ps" -c -m10 prog.hp)
(cd "$work/b" && "$build/hp2ps-ng" -c -m10 prog.hp)
for f in prog.ps prog.aux; do cmp "$work/a/$f" "$work/b/$f" || { echo "deb-check: $f differs"; exit 1; }; done
echo "deb-check: $(basename "$deb") holds hp2ps-ng and hp2ps; hp2ps -c -m10 gives hp2ps-ng's files"
