// See today.h.
#include "support/today.h"

#include <set>
#include <sstream>

#include "support/util.h"

namespace hpng::test {

const std::string& today_root() {
  static const std::string root = HPNG_TODAY_CORPUS;
  return root;
}

std::vector<std::string> today_stems() {
  std::set<std::string> stems;
  std::istringstream in(read_file(today_root() + "/expected.tsv"));
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != '#') stems.insert(line.substr(0, line.find('\t')));
  }
  return {stems.begin(), stems.end()};
}

std::vector<std::string> today_hi_stems() {
  std::vector<std::string> out;
  for (const std::string& s : today_stems()) {
    if (s.ends_with(".hi")) out.push_back(s);
  }
  return out;
}

}  // namespace hpng::test
