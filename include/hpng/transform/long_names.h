// Text beyond any sane length is cut as it leaves the reader: a band name,
// JOB, DATE or a mark's name over kLongestText bytes becomes its first
// kLongestText bytes (at a UTF-8 boundary), "…" and its length, with a
// warning. Every output and the .aux then carry the cut text (an .aux
// written so reads back the same band through -p); a JOB of 200 MB no
// longer makes a 200 MB picture.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

#include "hpng/stream/stream_steps.h"

namespace hpng {

constexpr size_t kLongestText = size_t{64} << 10;

// `text` itself when it is at most kLongestText bytes.
std::string cut_long_text(std::string_view text);

// `name`: the input's, for the warnings.
StepMaker long_text_step(std::string name);

}  // namespace hpng
