// The gates a pipeline sets (--max-peak, --max-growth, --fail-on-leak),
// judged once the outputs are written: a run that exceeds a limit still
// leaves its picture. Every gate that ran says its result, within or not.
#pragma once
#include <string>
#include <vector>

#include "hpng/app/job.h"
#include "hpng/matrix/band_matrix.h"
#include "hpng/verdict/gate_result.h"
#include "hpng/verdict/verdict.h"

namespace hpng {

// One input as judged: its name for the message, its peak, its units and
// its clock, and (with --fail-on-leak) the bands its verdict suspects.
struct Judged {
  std::string name;
  ProfilePeak peak;
  std::string value_unit, sample_unit;
  std::string clock;                  // "the program's own time", "elapsed"
  std::string breakdown;              // "-hc", "-hT", ...; "" where the profile does not say
  std::vector<std::string> suspects;  // "NAME (its shape)", the most suspicious first
  std::string unjudged;               // why the verdict could not judge ("3 censuses, 10 needed"); "": it did
};

// `verdict`: the profile's, on m's bands, where --fail-on-leak asks for it.
Judged judged(std::string name, const BandMatrix& m, const Verdict* verdict);

// Each gate's result on each input, in the order they are said: for each
// input --max-peak then --fail-on-leak; with `before_after` (--diff, a
// baseline) and --max-growth, the second's peak against the first's last.
std::vector<GateResult> gate_results(const Gates& gates, const std::vector<Judged>& runs, bool before_after = false);

// --max-peak and --fail-on-leak against each input; with `before_after`
// (--diff, a baseline) and --max-growth, the second's peak against the
// first's. Each limit that holds is a note (gate_within) on `warnings`;
// those exceeded are returned, each said with by how much and when ("":
// every one held).
std::string exceeded_gates(const Gates& gates, const std::vector<Judged>& runs, Warnings& warnings,
                           bool before_after = false);

// Those of `results` that held each a note on `warnings`, those that
// failed one error (over_limit: exit status 3, the outputs written).
void say_gate_results(const std::vector<GateResult>& results, Warnings& warnings);

// gate_results, said.
void check_gates(const Gates& gates, const std::vector<Judged>& runs, Warnings& warnings, bool before_after = false);

}  // namespace hpng
