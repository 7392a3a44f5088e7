// See match.h: matched_by_name.
#include <unordered_map>

#include "hpng/transform/match.h"
#include "hpng/transform/band_identity.h"
#include "transform/band_remap.h"

namespace hpng {

namespace {

using NameMap = std::unordered_map<std::string, std::string>;

// Each band renamed by `map` (every name a run announces is there).
class RenameSink : public SampleSink {
 public:
  RenameSink(SampleSink& out, const NameMap& map) : remap_(out), map_(map) {}
  void band(uint32_t id, std::string_view name) override {
    auto it = map_.find(std::string(name));
    remap_.declare(id, it == map_.end() ? std::string(name) : it->second);
  }
  void sample(const Sample& s) override { remap_.pass_on(s); }

 private:
  BandRemap remap_;
  const NameMap& map_;
};

// The records of -hi bands follow their bands' new names.
InfoTables renamed_tables(InfoTables tables, const NameMap& map) {
  InfoTables out;
  for (auto& [name, table] : tables) {
    auto it = map.find(name);
    out.emplace(it == map.end() ? name : it->second, std::move(table));
  }
  return out;
}

SampleSource renamed(SampleSource source, NameMap map) {
  return [source = std::move(source), map = std::move(map)](SampleSink& out, Warnings& warnings) {
    RenameSink sink(out, map);
    ProfileInfo info = source(sink, warnings);
    info.info_tables = renamed_tables(std::move(info.info_tables), map);
    return info;
  };
}

// The names of a stream's bands, in the order they are announced.
class NamesSink : public SampleSink {
 public:
  void band(uint32_t, std::string_view name) override { names.emplace_back(name); }
  void sample(const Sample&) override {}
  std::vector<std::string> names;
};

}  // namespace

std::vector<SampleSource> matched_by_name(const std::vector<SampleSource>& sources, Warnings& warnings) {
  std::vector<RunNames> runs;
  for (const SampleSource& s : sources) {
    NamesSink all;
    ProfileInfo info = s(all, warnings);
    runs.push_back({info.header.source, std::move(all.names), std::move(info.info_tables)});
  }
  std::vector<NameMap> maps = matched_names(runs, warnings);
  std::vector<SampleSource> out;
  for (size_t k = 0; k < sources.size(); ++k) out.push_back(renamed(sources[k], std::move(maps[k])));
  return out;
}

}  // namespace hpng
