// --explain's answer for a reader (the block on standard output, a page's
// and a report's head, a Markdown section) and for a program (the JSON's
// "explain" object), which the finishing step hands the outputs as text.
#pragma once
#include <string>

#include "hpng/verdict/explanation.h"

namespace hpng {

// "explanation  `Map` (46.3 MB, ramp-held) is made by ...", then a line
// each for the band, its makers, its holders, its biography, the runs and
// the next step; each line as a terminal may print it (base/text.h's
// terminal_safe).
std::string explanation_text(const Explanation& e, const std::string& program);

// The text as a Markdown section: a code block whose fence no run of
// backticks in the text can close.
std::string explanation_markdown(const std::string& text);

// {"band": NAME or null, "shape", "peak", "made_by": [...], "held_by":
// [...], "biography": {...} or null, "runs": [...], "sentence", "note"}.
std::string explanation_json(const Explanation& e);

}  // namespace hpng
