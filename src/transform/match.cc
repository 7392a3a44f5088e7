// See match.h: matched_by_name.
#include <unordered_map>
#include <unordered_set>

#include "hpng/transform/match.h"
#include "transform/band_remap.h"

namespace hpng {

namespace {

using NameMap = std::unordered_map<std::string, std::string>;

// "(314)f/g/main" -> "f/g/main"; a name not starting with "(digits)" is kept.
std::string without_id(std::string_view name) {
  if (name.empty() || name[0] != '(') return std::string(name);
  size_t i = 1;
  while (i < name.size() && name[i] >= '0' && name[i] <= '9') ++i;
  if (i == 1 || i >= name.size() || name[i] != ')') return std::string(name);
  return std::string(name.substr(i + 1));
}

// Each band renamed by its id-less name, then by `map` where it is there.
class RenameSink : public SampleSink {
 public:
  RenameSink(SampleSink& out, const NameMap& map) : remap_(out), map_(map) {}
  void band(uint32_t id, std::string_view name) override {
    std::string bare = without_id(name);
    auto it = map_.find(bare);
    remap_.declare(id, it == map_.end() ? bare : it->second);
  }
  void sample(const Sample& s) override { remap_.pass_on(s); }

 private:
  BandRemap remap_;
  const NameMap& map_;
};

SampleSource renamed(SampleSource source, NameMap map) {
  return [source = std::move(source), map = std::move(map)](SampleSink& out, Warnings& warnings) {
    RenameSink sink(out, map);
    return source(sink, warnings);
  };
}

// The names of a stream's bands, in the order they are announced.
class NamesSink : public SampleSink {
 public:
  void band(uint32_t, std::string_view name) override { names.emplace_back(name); }
  void sample(const Sample&) override {}
  std::vector<std::string> names;
};

bool is_cut(const std::string& name) { return name.size() > 3 && name.ends_with("..."); }

// A name the RTS cut ("f/main.tab...") becomes the one whole name of
// another input that it begins (an eventlog's stacks are whole), where
// there is exactly one.
NameMap whole_names(const std::vector<std::string>& own, const std::vector<std::vector<std::string>>& all) {
  NameMap map;
  for (const std::string& cut : own) {
    if (!is_cut(cut)) continue;
    std::string_view start(cut.data(), cut.size() - 3);
    std::unordered_set<std::string> found;
    for (const std::vector<std::string>& names : all) {
      for (const std::string& n : names) {
        if (!is_cut(n) && n.starts_with(start)) found.insert(n);
      }
    }
    if (found.size() == 1) map.emplace(cut, *found.begin());
  }
  return map;
}

}  // namespace

std::vector<SampleSource> matched_by_name(const std::vector<SampleSource>& sources, Warnings& warnings) {
  std::vector<std::vector<std::string>> names;
  for (const SampleSource& s : sources) {
    NamesSink bare;
    renamed(s, {})(bare, warnings);
    names.push_back(std::move(bare.names));
  }
  std::vector<SampleSource> out;
  for (size_t k = 0; k < sources.size(); ++k) out.push_back(renamed(sources[k], whole_names(names[k], names)));
  return out;
}

}  // namespace hpng
