// See match.h: matched_by_name.
#include <unordered_map>

#include "hpng/transform/match.h"
#include "hpng/stream/stream_steps.h"
#include "hpng/transform/band_identity.h"
#include "transform/band_remap.h"

namespace hpng {

namespace {

using NameMap = std::unordered_map<std::string, std::string>;

// Each band renamed by `map` (every name a run announces is there); the
// records of -hi bands and the cost centres of -hc bands follow their
// bands' new names.
class RenameStep : public StreamStep {
 public:
  RenameStep(SampleSink& out, std::shared_ptr<const NameMap> map) : StreamStep(out), map_(std::move(map)) {}
  void band(uint32_t id, std::string_view name) override { remap_.declare(id, renamed(std::string(name))); }
  void sample(const Sample& s) override { remap_.pass_on(s, out()); }
  void finish(ProfileInfo& info, Warnings&) const override {
    InfoTables tables;
    for (auto& [name, table] : info.info_tables) tables.emplace(renamed(name), std::move(table));
    info.info_tables = std::move(tables);
    std::map<std::string, CostCentreInfo> tops;
    for (auto& [name, top] : info.cost_centres) tops.emplace(renamed(name), std::move(top));
    info.cost_centres = std::move(tops);
  }
  std::unique_ptr<StreamStep> copy_to(SampleSink& out) const override { return copied(*this, out); }

 private:
  std::string renamed(const std::string& name) const {
    auto it = map_->find(name);
    return it == map_->end() ? name : it->second;
  }
  BandRemap remap_;
  std::shared_ptr<const NameMap> map_;
};

SampleSource renamed(SampleSource source, NameMap map) {
  auto shared = std::make_shared<const NameMap>(std::move(map));
  return through(std::move(source), {[shared](SampleSink& out) { return std::make_unique<RenameStep>(out, shared); }});
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
