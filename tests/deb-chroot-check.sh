#!/usr/bin/env bash
# The Debian package installed for real beside Debian's ghc, in a fresh
# Debian 12 chroot: with ghc installed first, `hp2ps` becomes hp2ps-ng (and
# `man hp2ps` its page) while GHC's stay as hp2ps.ghc; removing the package
# gives GHC's files back, byte for byte; installed the other way round
# (hp2ps-ng, then ghc) the same; installed with its recommends, bash
# completes hp2ps-ng and hp2ps. Needs root, debootstrap and the network:
# it downloads about 100 MB and unpacks ghc (800 MB), so tests/run-all.sh
# runs it only with HP2PS_NG_CHROOT=1.
# usage: tests/deb-chroot-check.sh [BUILD_DIR] [CHROOT]   (CHROOT: an existing
# debootstrap of bookworm to reuse; default a new one, removed at the end)
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$(id -u)" = 0 ] || { echo "deb-chroot-check: needs root (chroot, dpkg)"; exit 1; }
build=${1:-build-deb}
bash tests/deb-check.sh "$build" >/dev/null
deb=$(ls "$build"/hp2ps-ng_*.deb)
work=$(mktemp -d)
root=${2:-$work/root}
# Unmounted before anything is removed, and removal stays on this file
# system: nothing of the host's is ever under the chroot when it goes.
cleanup() {
  umount "$root/dev/pts" 2>/dev/null || true
  umount "$root/proc" 2>/dev/null || true
  rm -rf --one-file-system "$work"
}
trap cleanup EXIT
[ -x "$root/usr/bin/apt-get" ] || debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >/dev/null
mount -t proc proc "$root/proc"
mount -t devpts -o newinstance devpts "$root/dev/pts"  # apt's log wants a terminal
in_root() { chroot "$root" env DEBIAN_FRONTEND=noninteractive LC_ALL=C PATH=/usr/sbin:/usr/bin:/sbin:/bin "$@"; }
fail() { echo "deb-chroot-check: $*"; exit 1; }
sum() { sha256sum "$root$1" | cut -d' ' -f1; }
cp "$deb" "$root/tmp/hp2ps-ng.deb"
in_root apt-get update -qq
in_root apt-get install -y -qq --no-install-recommends ghc >/dev/null
ghc_bin=$(sum /usr/bin/hp2ps) ghc_man=$(sum /usr/share/man/man1/hp2ps.1.gz)

# hp2ps is hp2ps-ng's while the package is there; GHC's files are kept aside.
expect_ours() {
  [ "$(readlink "$root/usr/bin/hp2ps")" = hp2ps-ng ] || fail "$1: /usr/bin/hp2ps is not hp2ps-ng"
  [ "$(zcat "$root/usr/share/man/man1/hp2ps.1.gz")" = ".so man1/hp2ps-ng.1" ] || fail "$1: man hp2ps is not hp2ps-ng's"
  [ "$(sum /usr/bin/hp2ps.ghc)" = "$ghc_bin" ] || fail "$1: GHC's hp2ps is not kept as hp2ps.ghc"
  [ "$(sum /usr/share/man/man1/hp2ps.ghc.1.gz)" = "$ghc_man" ] || fail "$1: GHC's page is not kept"
  in_root hp2ps --version | grep -q '^hp2ps-ng ' || fail "$1: hp2ps --version is not hp2ps-ng's"
  mkdir -p "$root/tmp/ng" "$root/tmp/ghc"
  cp golden/inputs/leakyavg.hc.hp "$root/tmp/ng/prog.hp"
  cp golden/inputs/leakyavg.hc.hp "$root/tmp/ghc/prog.hp"
  in_root sh -c 'cd /tmp/ng && hp2ps -c -m10 prog.hp' || fail "$1: hp2ps -c -m10 prog.hp failed"
  (cd "$work" && cp "$root/tmp/ng/prog.hp" . && "$build_abs/hp2ps-ng" -c -m10 prog.hp)
  cmp -s "$root/tmp/ng/prog.ps" "$work/prog.ps" || fail "$1: hp2ps -c -m10 did not write hp2ps-ng's picture"
  in_root sh -c 'cd /tmp/ghc && hp2ps.ghc -c prog.hp' || fail "$1: GHC's own hp2ps (hp2ps.ghc) no longer runs"
  head -c 4 "$root/tmp/ghc/prog.ps" | grep -q '%!PS' || fail "$1: GHC's hp2ps.ghc wrote no PostScript"
}
# GHC's files back, and no diversion left.
expect_ghcs() {
  [ "$(sum /usr/bin/hp2ps)" = "$ghc_bin" ] || fail "$1: /usr/bin/hp2ps is not GHC's again"
  [ "$(sum /usr/share/man/man1/hp2ps.1.gz)" = "$ghc_man" ] || fail "$1: GHC's page is not back"
  [ ! -e "$root/usr/bin/hp2ps.ghc" ] || fail "$1: hp2ps.ghc left behind"
  [ -z "$(in_root dpkg-divert --list 'hp2ps*')" ] || fail "$1: diversions left: $(in_root dpkg-divert --list 'hp2ps*')"
}
build_abs=$(cd "$build" && pwd)

in_root apt-get install -y -qq --no-install-recommends /tmp/hp2ps-ng.deb >/dev/null
expect_ours "ghc, then hp2ps-ng"
in_root apt-get remove -y -qq hp2ps-ng >/dev/null
expect_ghcs "hp2ps-ng removed"
in_root dpkg --remove ghc >/dev/null
in_root apt-get install -y -qq --no-install-recommends /tmp/hp2ps-ng.deb >/dev/null
in_root apt-get install -y -qq --no-install-recommends ghc >/dev/null
expect_ours "hp2ps-ng, then ghc"
in_root apt-get purge -y -qq hp2ps-ng >/dev/null
expect_ghcs "hp2ps-ng purged"

# Installed as apt installs by default, with its recommends (bash-completion):
# a shell completes both names, bash-completion loading each by its name.
in_root apt-get install -y -qq /tmp/hp2ps-ng.deb >/dev/null
completes() {  # COMMAND WORD: what bash offers for COMMAND WORD<TAB>
  in_root bash -c 'source /usr/share/bash-completion/bash_completion && __load_completion "$1" || exit 1
    f=$(complete -p "$1" | sed -n "s/.*-F \([^ ]*\).*/\1/p"); COMP_WORDS=("$1" "$2"); COMP_CWORD=1
    "$f" "$1" "$2" "$1"; printf "%s\n" "${COMPREPLY[@]}"' _ "$1" "$2"
}
completes hp2ps-ng --re | grep -qx -- --record || fail "hp2ps-ng --re<TAB> does not offer --record"
completes hp2ps --col | grep -qx -- --colour || fail "hp2ps --col<TAB> does not offer --colour"
echo "deb-chroot-check: beside ghc in a Debian 12 chroot, hp2ps is hp2ps-ng (GHC's kept as hp2ps.ghc) and comes back on removal, either order; with its recommends, hp2ps-ng and hp2ps complete"
