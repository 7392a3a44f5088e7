// The corpus of real runs of today's GHCs (tests/corpus/ghc-today.md),
// extracted into the build tree at configure time.
#pragma once
#include <string>
#include <vector>

namespace hpng::test {

// Its root: ghc-VERSION/PROGRAM/PROGRAM.BREAKDOWN.* and expected.tsv.
const std::string& today_root();

// Every run ("ghc-9.6.6/journal/journal.hi"), from expected.tsv's stems.
std::vector<std::string> today_stems();

// The -hi runs among them.
std::vector<std::string> today_hi_stems();

}  // namespace hpng::test
