#!/usr/bin/env bash
# Writes a large -hc profile made of real ones to stdout: the samples of the
# given real .hp files, one file after another and over again (times shifted
# so that they keep increasing), until the output holds at least TARGET_MB.
# Real names are long cost-centre stacks and a sample holds only some of the
# bands, the case where reading costs most per byte.
# usage: bench/gen_real_hp.sh TARGET_MB real1.hp real2.hp ... > big.hp
set -euo pipefail
target=$(( ${1:?TARGET_MB} * 1000000 )); shift
awk -v target="$target" '
  FNR == 1 { file++ }
  /^(BEGIN|END)_SAMPLE/ { t = $2 + 0; if (t > last[file]) last[file] = t }
  { line[file, FNR] = $0; lines[file] = FNR }
  END {
    print "JOB \"logreport +RTS -hc -L60 -i0.001\""
    print "DATE \"Sun Nov 22 12:00 2026\""
    print "SAMPLE_UNIT \"seconds\""
    print "VALUE_UNIT \"bytes\""
    size = 0; offset = 0
    for (round = 0; size < target; round++) {
      for (f = 1; f <= file && size < target; f++) {
        for (i = 1; i <= lines[f]; i++) {
          l = line[f, i]
          if (l ~ /^(JOB|DATE|SAMPLE_UNIT|VALUE_UNIT|MARK)/) continue
          if (l ~ /^(BEGIN|END)_SAMPLE/) { split(l, w, " "); l = sprintf("%s %.6f", w[1], w[2] + offset) }
          print l; size += length(l) + 1
        }
        offset += last[f] + 0.001
      }
    }
  }' "$@"
