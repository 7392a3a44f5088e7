// JSON's numbers and strings, as every JSON this program writes spells
// them (the export, the HTML page's data).
#pragma once
#include <string>

namespace hpng {

// Whole numbers as integers (4000000000, not 4e+09); others shortest.
void append_number(std::string& out, double v);

// `raw` made valid UTF-8, quoted and escaped.
void append_json_string(std::string& out, const std::string& raw);

// `, "key": v`: a member after the first.
void append_member(std::string& out, const char* key, double v);

}  // namespace hpng
