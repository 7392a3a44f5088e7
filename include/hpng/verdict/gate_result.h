// A CI gate's result on one profile (--max-peak, --max-growth,
// --fail-on-leak), as a value: what the gates judged, for every output
// that says it (a batch's line per profile, the Markdown's gate lines).
#pragma once
#include <string>
#include <vector>

namespace hpng {

// Not judged is not a pass: a gate that could not judge fails, unless
// --allow-unjudged passed it.
enum class GateOutcome { passed, failed, not_judged, passed_unjudged };

inline bool gate_fails(GateOutcome o) { return o == GateOutcome::failed || o == GateOutcome::not_judged; }

inline const char* outcome_word(GateOutcome o) {
  switch (o) {
    case GateOutcome::passed: return "passed";
    case GateOutcome::failed: return "failed";
    case GateOutcome::not_judged: return "not judged";
    case GateOutcome::passed_unjudged: return "passed unjudged";
  }
  return "";
}

struct GateResult {
  std::string gate;  // "--max-peak 10.0 MB", "--fail-on-leak"
  std::string run;   // the profile it judged
  GateOutcome outcome = GateOutcome::passed;
  std::string brief;  // "peak 29.1 MB at 0.0667 seconds, 190.5% above"
  std::string words;  // the whole sentence, as an error or a note says it
};

}  // namespace hpng
