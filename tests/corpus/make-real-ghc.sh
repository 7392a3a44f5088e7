#!/usr/bin/env bash
# Makes tests/corpus/ghc-today.tar.xz: real runs of the GHCs Debian ships
# today (9.6 in trixie, 9.10 in sid), each program of programs/ in every
# breakdown, with each GHC's own hp2ps and ghc-events' decode of each log
# (run-programs.sh, inside a chroot of that release). A tool run by hand, as
# root, with the network to Debian's mirror; never by CI. Every mount it
# makes is undone on any exit.
# usage: tests/corpus/make-real-ghc.sh [WORKDIR]   (default /var/tmp/hpng-ghc; the chroots are kept there)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=${1:-/var/tmp/hpng-ghc}
mounted=()
cleanup() { for m in "${mounted[@]}"; do umount "$m" || true; done; }
trap cleanup EXIT

# suite, and apt's options for it (sid's Release file may be past its date)
suites=("trixie:" "sid:-o Acquire::Check-Valid-Until=false")
mkdir -p "$work/out"
for entry in "${suites[@]}"; do
  suite=${entry%%:*} opts=${entry#*:}
  root=$work/$suite
  [ -e "$root/usr/bin/debootstrap-done" ] || {
    rm -rf "$root"
    debootstrap --variant=minbase "$suite" "$root" http://deb.debian.org/debian
    touch "$root/usr/bin/debootstrap-done"
  }
  mount -t proc proc "$root/proc" && mounted+=("$root/proc")
  # shellcheck disable=SC2086 # $opts is a list of apt options
  chroot "$root" apt-get $opts update -q
  # shellcheck disable=SC2086
  chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get $opts install -y -q --no-install-recommends \
    ghc ghc-prof libghc-ghc-events-dev
  rm -rf "$root/w" && mkdir -p "$root/w"
  cp -r "$here/programs" "$here/EventsDump.hs" "$here/run-programs.sh" "$root/w/"
  chroot "$root" bash /w/run-programs.sh /w
  cp -r "$root"/w/out/ghc-* "$work/out/"
  umount "$root/proc" && unset 'mounted[-1]'
done
python3 "$here/pack_today.py" "$work/out"
