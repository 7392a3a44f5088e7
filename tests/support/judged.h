// The outputs as the app hands them a profile: with the matrix's own
// verdict (verdict_of), where it has one (has_verdict).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "hpng/output/export.h"
#include "hpng/output/text_report.h"
#include "hpng/verdict/verdict.h"

namespace hpng::test {

inline std::optional<Verdict> verdict_if(const BandMatrix& m) {
  return has_verdict(m) ? std::optional(verdict_of(m)) : std::nullopt;
}

inline std::string json_of(const BandMatrix& m) {
  std::optional<Verdict> v = verdict_if(m);
  return matrix_json(m, v ? &*v : nullptr);
}

inline void json_of(const BandMatrix& m, const Put& put) {
  std::optional<Verdict> v = verdict_if(m);
  matrix_json(m, v ? &*v : nullptr, put);
}

inline std::vector<Verdict> verdicts_of(const std::vector<BandMatrix>& ms) {
  std::vector<Verdict> out;
  for (const BandMatrix& m : ms) out.push_back(verdict_of(m));
  return out;
}

inline std::string report_of(const BandMatrix& m, const std::string& input, bool every_band) {
  return profile_report(m, verdict_of(m), input, every_band);
}

}  // namespace hpng::test
