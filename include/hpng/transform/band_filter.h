// Transformation: choosing bands by name. Bands are kept by --include and
// removed by --exclude before any of hp2ps's processing, as if the program
// had not had them, and --merge adds bands up under one name, as if the
// .hp had named them alike. Patterns are RE2 regular expressions (no
// back-references or lookaround: they match in linear time), matched
// anywhere in a band's name.
#pragma once
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "hpng/stream/stream_steps.h"

namespace re2 {
class RE2;
}

namespace hpng {

using Pattern = std::shared_ptr<const re2::RE2>;  // compiled once, shared by every read

struct BandFilter {
  std::vector<Pattern> include;  // none: every band; else a band matching one
  std::vector<Pattern> exclude;  // then drop bands matching one
  std::vector<std::pair<Pattern, std::string>> merge;  // then the first match renames
  bool empty() const { return include.empty() && exclude.empty() && merge.empty(); }
};

// Compiles the options' texts; `merge` entries are REGEX=NAME (split at the
// last '='). Throws Error (bad_option, bad_pattern) naming the option, and for a pattern
// that does not compile the position where it goes wrong.
BandFilter compile_band_filter(const std::vector<std::string>& include, const std::vector<std::string>& exclude,
                               const std::vector<std::string>& merge);

// Its finish throws Error (empty_filter) when the filter left no band.
StepMaker filter_step(BandFilter filter);

}  // namespace hpng
