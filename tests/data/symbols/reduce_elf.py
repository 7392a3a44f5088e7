#!/usr/bin/env python3
"""A GHC program's ELF binary cut down to what naming one profile's -hi
bands reads, every other byte zeroed (the layout kept, so that it
compresses to a few kB): the headers, the symbols whose value is a band's
address + 16 or + 32 (and every RTS table's, stg_*_info), their names, and
the bytes around those tables (the closure type, the layout, a
constructor's description), and a -finfo-table-map build's IPE records
(its "_ipe_buf" buffers, their entries and strings, GHC 9.6's layout or
9.10's).

usage: reduce_elf.py BINARY OUT PROFILE... (a .hp or the text of an
eventlog's addresses: every 0x... word in it is taken for a band)
"""
import re
import struct
import sys


def keep_ipe(data, mark, file_offset, node):
    """One module's IPE buffer: 9.10's (tables, entries and strings apart)
    or 9.6's (entries inline), and the closure type of each entry's table."""
    n = file_offset(node)
    words = struct.unpack_from('<8Q', data, n)
    apart = words[1] <= 1 and words[5] == words[2] * 24
    mark(n, 72 if apart else 24)
    count = words[2]
    codes, strings = [], []
    if apart:
        tables, entries, string_table, string_size = words[3], words[4], words[6], words[7]
        mark(file_offset(tables), 8 * count)
        mark(file_offset(entries), 24 * count)
        mark(file_offset(string_table), string_size)
        codes = list(struct.unpack_from('<%dQ' % count, data, file_offset(tables)))
    else:
        string_table = words[1]
        for k in range(count):
            at = n + 24 + 40 * k
            mark(at, 40)
            fields = struct.unpack_from('<Q7I', data, at)
            codes.append(fields[0])
            strings += fields[1:]
        base = file_offset(string_table)
        for index in strings:
            mark(base + index, data.index(b'\0', base + index) - base - index + 1)
    for code in codes:
        off = file_offset(code)
        if off is not None:
            mark(off - 16, 16)  # the table's layout and closure type


def main():
    binary, out, profiles = sys.argv[1], sys.argv[2], sys.argv[3:]
    data = bytearray(open(binary, 'rb').read())
    keep = bytearray(len(data))  # 1 where a byte is kept

    def mark(off, n):
        for i in range(max(off, 0), min(off + n, len(data))):
            keep[i] = 1

    addresses = set()
    for p in profiles:
        for m in re.finditer(rb'0x[0-9a-f]{4,16}', open(p, 'rb').read()):
            addresses.add(int(m.group(0), 16))
    phoff, shoff = struct.unpack_from('<QQ', data, 32)
    phentsize, phnum, shentsize, shnum, shstrndx = struct.unpack_from('<HHHHH', data, 54)
    mark(0, 64)
    mark(phoff, phnum * phentsize)
    mark(shoff, shnum * shentsize)
    segments = []
    for k in range(phnum):
        ptype, _, off, vaddr, _, filesz = struct.unpack_from('<IIQQQQ', data, phoff + k * phentsize)
        if ptype == 1:
            segments.append((vaddr, off, filesz))

    def file_offset(addr):
        for vaddr, off, size in segments:
            if vaddr <= addr < vaddr + size:
                return off + addr - vaddr
        return None

    ipe_buffers = []
    sections = [struct.unpack_from('<IIQQQQIIQQ', data, shoff + k * shentsize) for k in range(shnum)]
    sh = sections[shstrndx]
    mark(sh[4], sh[5])
    for s in sections:
        if s[1] != 2:  # SHT_SYMTAB
            continue
        strtab = sections[s[6]]
        for at in range(s[4], s[4] + s[5], 24):
            name, _, _, _, value, _ = struct.unpack_from('<IBBHQQ', data, at)
            end = data.index(b'\0', strtab[4] + name)
            text = bytes(data[strtab[4] + name:end])
            wanted = value - 16 in addresses or value - 32 in addresses or (text.startswith(b'stg_') and text.endswith(b'_info'))
            if text.endswith(b'_ipe_buf'):
                mark(at, 24)
                mark(strtab[4] + name, end - strtab[4] - name + 1)
                ipe_buffers.append(value)
            if not wanted or not text.endswith(b'_info'):
                continue
            mark(at, 24)
            mark(strtab[4] + name, end - strtab[4] - name + 1)
            off = file_offset(value)
            if off is None:
                continue
            mark(off - 48, 48)  # the table, and a constructor's description offset before it
            desc = struct.unpack_from('<q', data, off - 24)[0] if off >= 24 else 0
            d = file_offset(value + desc)
            if d is not None and 0 <= d < len(data) and b'\0' in data[d:d + 4096]:
                mark(d, data.index(b'\0', d) - d + 1)
    for node in ipe_buffers:
        keep_ipe(data, mark, file_offset, node)
    # What says which RTS it holds (read/binary/rts_abilities.cc).
    for needle in [b'GHCRTS', b'Send binary eventlog', b'eventlog-flush-interval',
                   b'Override profiling output file name prefix', b'break-down: c = cost centre stack',
                   b'i = info table', b'heap profile grouped by info table']:
        for m in re.finditer(re.escape(needle), bytes(data)):
            mark(m.start(), len(needle))
    for i in range(len(data)):
        if not keep[i]:
            data[i] = 0
    open(out, 'wb').write(data)


main()
