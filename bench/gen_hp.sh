#!/usr/bin/env bash
# Writes a synthetic GHC-style .hp profile to stdout: SAMPLES samples of
# BANDS cost-centre-stack bands (name<TAB>value lines), with growing and
# shrinking residencies, like a long-running service profiled with -i0.001.
# usage: bench/gen_hp.sh SAMPLES BANDS > big.hp
set -euo pipefail
awk -v samples="${1:?samples}" -v bands="${2:?bands}" 'BEGIN {
  print "JOB \"service +RTS -hc -i0.001\""
  print "DATE \"Sun Nov 22 12:00 2026\""
  print "SAMPLE_UNIT \"seconds\""
  print "VALUE_UNIT \"bytes\""
  srand(42)
  for (b = 0; b < bands; b++) name[b] = sprintf("(%d)M%d.f%d/Main.CAF", 100 + b, b % 37, b)
  for (k = 0; k < samples; k++) {
    t = sprintf("%.6f", k * 0.001)
    print "BEGIN_SAMPLE " t
    for (b = 0; b < bands; b++) {
      v = int(1000 * (b % 17 + 1) * (1.5 + sin(k / (50.0 + b)))) * 8
      if ((k + b) % 7 != 0) printf "%s\t%d\n", name[b], v
    }
    print "END_SAMPLE " t
  }
  t = sprintf("%.6f", samples * 0.001)  # the RTS ends every profile with an empty sample
  print "BEGIN_SAMPLE " t
  print "END_SAMPLE " t
}'
