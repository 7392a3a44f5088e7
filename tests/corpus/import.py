#!/usr/bin/env python3
"""Rebuilds tests/corpus/real.tar.xz from the shared corpus of real GHC 9.0.2
profiles and the real hp2ps's output for them, so that the project's tests
run from a clone alone. Keeps, per run: the .hp (decompressed), hp2ps's -c PostScript (for the
pixel-agreement test), and per hp2ps
flag set: the .aux hp2ps wrote, its key (.bands.txt), any hp2ps error text,
and one line of expected.tsv with what hp2ps printed in the title (the total)
and the graph width it chose.

usage: tests/corpus/import.py [SHARED_CORPUS_REAL_DIR]   (default ../shared/corpus/real)
"""
import io, lzma, os, re, sys, tarfile

here = os.path.dirname(os.path.abspath(__file__))

def read(path):
    if os.path.exists(path):
        return open(path, "rb").read()
    if os.path.exists(path + ".xz"):
        return lzma.decompress(open(path + ".xz", "rb").read())
    return None

def ps_string_after(lines, i):
    """The string literal of the text drawn after line i (a setfont)."""
    for l in lines[i + 1:i + 3]:
        m = re.match(r"^\((.*)\)(?: show)?$", l)
        if m:
            return m.group(1)
    return None

def unescape(s):
    return re.sub(r"\\(.)", r"\1", s)

def title_and_width(ps):
    lines = ps.decode("latin-1").split("\n")
    texts = []
    for i, l in enumerate(lines):
        if l == "HE12 setfont" and len(texts) < 3:
            texts.append(unescape(ps_string_after(lines, i) or ""))
    gw = ""
    for i, l in enumerate(lines):
        if l == "45.000000 20.000000 moveto" and i + 1 < len(lines) and lines[i + 1].endswith(" 0 rlineto"):
            gw = lines[i + 1].split()[0]
            break
    pages = sum(1 for l in lines if l.strip() == "showpage")
    total = texts[1] if len(texts) > 1 else ""
    return total, gw, pages

def main():
    src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "..", "shared", "corpus", "real")
    out = io.BytesIO()
    rows = ["# stem\tflags\ttitle total text\tgraph width\tpages"]
    with tarfile.open(fileobj=out, mode="w") as tar:
        def add(name, data):
            info = tarfile.TarInfo("real/" + name)
            info.size = len(data)
            info.mtime = 0
            tar.addfile(info, io.BytesIO(data))
        for prog in sorted(os.listdir(src)):
            d = os.path.join(src, prog)
            if not os.path.isdir(d) or prog == "src":
                continue
            files = sorted(os.listdir(d))
            stems = sorted({f[:-3] for f in files if f.endswith(".hp")} | {f[:-6] for f in files if f.endswith(".hp.xz")})
            for stem in stems:
                add(f"{prog}/{stem}.hp", read(os.path.join(d, stem + ".hp")))
                for f in files:
                    if not f.startswith(stem + "."):
                        continue
                    rest = f[len(stem) + 1:]
                    m = re.match(r"^([^.]+)\.(aux|bands\.txt|hp2ps-error\.txt|hp2ps-stderr\.txt|ps|ps\.xz)$", rest)
                    if not m:
                        continue
                    flags, kind = m.groups()
                    if kind in ("ps", "ps.xz"):
                        ps = read(os.path.join(d, stem + "." + flags + ".ps"))
                        total, gw, pages = title_and_width(ps)
                        rows.append(f"{prog}/{stem}\t{flags}\t{total}\t{gw}\t{pages}")
                        if flags == "c":  # the pixel-agreement test's reference
                            add(f"{prog}/{stem}.c.ps", ps)
                    else:
                        add(f"{prog}/{f}", read(os.path.join(d, f)))
        add("expected.tsv", ("\n".join(rows) + "\n").encode("latin-1"))
    data = lzma.compress(out.getvalue(), preset=9 | lzma.PRESET_EXTREME)
    open(os.path.join(here, "real.tar.xz"), "wb").write(data)
    print(f"wrote real.tar.xz: {len(data)} bytes, {len(rows) - 1} hp2ps runs")


if __name__ == "__main__":
    main()
