#!/usr/bin/env bash
# Makes tests/corpus/leaks/leaks.tar.xz: the labelled leak corpus run with
# the host's GHC (Debian 12: 9.0.2) and with GHC 9.6 in the trixie chroot
# that ../make-real-ghc.sh keeps in WORKDIR. A tool run by hand, as root;
# never by CI. The mount it makes is undone on any exit.
# usage: tests/corpus/leaks/make-leaks.sh [WORKDIR]   (default /var/tmp/hpng-ghc)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=${1:-/var/tmp/hpng-ghc}
root=$work/trixie
out=$(mktemp -d)
mounted=()
cleanup() { for m in "${mounted[@]}"; do umount "$m" || true; done; rm -rf "$out"; }
trap cleanup EXIT
[ -e "$root/usr/bin/ghc" ] || { echo "no GHC in $root: run ../make-real-ghc.sh $work first" >&2; exit 1; }

bash "$here/run-leaks.sh" "$here" "$out"
rm -rf "$root/leaks" && mkdir -p "$root/leaks"
cp -rL "$here/programs" "$here/run-leaks.sh" "$root/leaks/"  # -L: Cache.hs is ../programs/Cache.hs
mount -t proc proc "$root/proc" && mounted+=("$root/proc")
chroot "$root" bash /leaks/run-leaks.sh /leaks /leaks/out
cp -r "$root"/leaks/out/ghc-* "$out/"
tar -C "$out" --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 -cJf "$here/leaks.tar.xz" .
