#!/usr/bin/env bash
# Makes tests/corpus/leaks/leaks.tar.xz: the labelled leak corpus run with
# the host's GHC (Debian 12: 9.0.2) and with GHC 9.6 in the trixie chroot
# that ../make-real-ghc.sh keeps in WORKDIR. A tool run by hand, as root;
# never by CI. The mount it makes is undone on any exit. With SET (a folder
# holding programs/, such as new/), makes SET/NAME.tar.xz of its programs.
# usage: tests/corpus/leaks/make-leaks.sh [WORKDIR [SET]]   (default /var/tmp/hpng-ghc)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=${1:-/var/tmp/hpng-ghc}
set_dir=$(cd "${2:-$here}" && pwd)
name=leaks; [ "$set_dir" = "$here" ] || name=$(basename "$set_dir")
root=$work/trixie
out=$(mktemp -d)
mounted=()
cleanup() { for m in "${mounted[@]}"; do umount "$m" || true; done; rm -rf "$out"; }
trap cleanup EXIT
[ -e "$root/usr/bin/ghc" ] || { echo "no GHC in $root: run ../make-real-ghc.sh $work first" >&2; exit 1; }

bash "$here/run-leaks.sh" "$set_dir" "$out"
rm -rf "$root/leaks" && mkdir -p "$root/leaks"
cp -rL "$set_dir/programs" "$here/run-leaks.sh" "$root/leaks/"  # -L: Cache.hs is ../programs/Cache.hs
mount -t proc proc "$root/proc" && mounted+=("$root/proc")
chroot "$root" bash /leaks/run-leaks.sh /leaks /leaks/out
cp -r "$root"/leaks/out/ghc-* "$out/"
tar -C "$out" --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 -cJf "$set_dir/$name.tar.xz" .
