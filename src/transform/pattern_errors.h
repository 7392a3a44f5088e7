// What is wrong with a pattern RE2 refused, in the user's words, with
// where: RE2 says which construct failed, not always at which character.
#pragma once
#include <string>

namespace re2 {
class RE2;
}

namespace hpng {

// e.g. "a '(' that is never closed at character 3", or for what ECMAScript
// has and RE2 has not, "a back-reference (\1): RE2 patterns have none ...".
std::string describe_pattern_error(const std::string& pattern, const re2::RE2& re);

}  // namespace hpng
