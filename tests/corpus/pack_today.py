#!/usr/bin/env python3
"""Packs the runs make-real-ghc.sh made (OUT/ghc-VERSION/PROGRAM/...) into
tests/corpus/ghc-today.tar.xz, which the tests extract at configure time,
and writes tests/corpus/ghc-today.md, its manifest. Kept per run: the .hp
and the eventlog of one run, ghc-events' decode of the eventlog
(.events.tsv), and per hp2ps flag set (default, -m0) the .aux that GHC's own
hp2ps wrote and one line of expected.tsv with the total in its title, its
graph width and its pages (read from its PostScript as import.py reads the
9.0.2 corpus's).

usage: tests/corpus/pack_today.py OUT
"""
import importlib, io, lzma, os, re, sys, tarfile

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
title_and_width = importlib.import_module("import").title_and_width


def censuses_and_bands(hp):
    samples, bands, inside = 0, set(), False
    for line in hp.decode("latin-1").split("\n"):
        if line.startswith("BEGIN_SAMPLE"):
            samples, inside = samples + 1, True
        elif line.startswith("END_SAMPLE"):
            inside = False
        elif inside and line.strip():
            bands.add(line.rsplit(None, 1)[0])
    return samples, len(bands)


def main():
    out_dir = sys.argv[1]
    tar_bytes = io.BytesIO()
    rows = ["# stem\tflags\ttitle total text\tgraph width\tpages"]
    manifest = ["| GHC | program | breakdown | censuses (.hp) | bands (.hp) | eventlog bytes |", "|---|---|---|---|---|---|"]
    with tarfile.open(fileobj=tar_bytes, mode="w") as tar:
        def add(name, data):
            info = tarfile.TarInfo("today/" + name)
            info.size, info.mtime = len(data), 0
            tar.addfile(info, io.BytesIO(data))
        for ghc in sorted(os.listdir(out_dir)):
            gdir = os.path.join(out_dir, ghc)
            add(f"{ghc}/versions.txt", open(os.path.join(gdir, "versions.txt"), "rb").read())
            for prog in sorted(p for p in os.listdir(gdir) if os.path.isdir(os.path.join(gdir, p))):
                pdir = os.path.join(gdir, prog)
                files = sorted(os.listdir(pdir))
                for stem in sorted(f[:-3] for f in files if f.endswith(".hp")):
                    hp = open(os.path.join(pdir, stem + ".hp"), "rb").read()
                    log = open(os.path.join(pdir, stem + ".eventlog"), "rb").read()
                    for kind in ("hp", "eventlog", "events.tsv"):
                        add(f"{ghc}/{prog}/{stem}.{kind}", open(os.path.join(pdir, f"{stem}.{kind}"), "rb").read())
                    for flags in ("default", "m0"):
                        base = os.path.join(pdir, f"{stem}.{flags}")
                        if os.path.exists(base + ".aux"):
                            add(f"{ghc}/{prog}/{stem}.{flags}.aux", open(base + ".aux", "rb").read())
                        if os.path.exists(base + ".ps"):
                            total, gw, pages = title_and_width(open(base + ".ps", "rb").read())
                            rows.append(f"{ghc}/{prog}/{stem}\t{flags}\t{total}\t{gw}\t{pages}")
                    samples, bands = censuses_and_bands(hp)
                    breakdown = "-" + stem.split(".")[-1]
                    manifest.append(f"| {ghc[4:]} | {prog} | {breakdown} | {samples} | {bands} | {len(log)} |")
        add("expected.tsv", ("\n".join(rows) + "\n").encode("latin-1"))
    data = lzma.compress(tar_bytes.getvalue(), preset=9 | lzma.PRESET_EXTREME)
    open(os.path.join(here, "ghc-today.tar.xz"), "wb").write(data)
    with open(os.path.join(here, "ghc-today.md"), "w") as f:
        f.write(open(os.path.join(here, "ghc-today.head.md")).read())
        f.write("\n".join(manifest) + "\n")
    print(f"wrote ghc-today.tar.xz: {len(data)} bytes, {len(rows) - 1} hp2ps runs, {len(manifest) - 2} profiles")


if __name__ == "__main__":
    main()
