// See match.h: one_after_another, on_shared_bands.
#include <unordered_map>

#include "hpng/transform/match.h"

namespace hpng {

namespace {

// Passes on each input's samples after the previous input's: input k's
// times are moved to start where the inputs before it ended.
class ChainSink : public SampleSink {
 public:
  explicit ChainSink(SampleSink& out) : out_(out) {}
  void start_input() {
    input_base_ = next_base_;
    first_ = true;
    ids_.clear();
  }
  void band(uint32_t id, std::string_view name) override {
    auto [it, added] = shared_.emplace(std::string(name), static_cast<uint32_t>(shared_.size()));
    if (added) out_.band(it->second, it->first);
    if (id >= ids_.size()) ids_.resize(id + 1);
    ids_[id] = it->second;
  }
  void sample(const Sample& s) override {
    if (first_) offset_ = input_base_ - s.time, first_ = false;
    points_.clear();
    for (const DataPoint& p : s.points) points_.push_back({ids_[p.band], p.value});
    next_base_ = s.time + offset_;
    out_.sample({next_base_, points_});
  }

 private:
  SampleSink& out_;
  std::unordered_map<std::string, uint32_t> shared_;
  std::vector<uint32_t> ids_;  // this input's band -> shared band
  std::vector<DataPoint> points_;
  double input_base_ = 0, next_base_ = 0, offset_ = 0;
  bool first_ = true;
};

// Renumbers one input's bands by the shared list.
class SharedBandsSink : public SampleSink {
 public:
  SharedBandsSink(SampleSink& out, const std::vector<std::string>& names, const std::string& source)
      : out_(out), source_(source) {
    for (size_t i = 0; i < names.size(); ++i) {
      by_name_.emplace(names[i], static_cast<uint32_t>(i));
      out_.band(static_cast<uint32_t>(i), names[i]);
    }
  }
  void band(uint32_t id, std::string_view name) override {
    if (id >= ids_.size()) ids_.resize(id + 1);
    auto it = by_name_.find(std::string(name));
    if (it == by_name_.end()) throw profile_changed(source_);  // not in the first read
    ids_[id] = it->second;
  }
  void sample(const Sample& s) override {
    points_.clear();
    for (const DataPoint& p : s.points) points_.push_back({ids_[p.band], p.value});
    out_.sample({s.time, points_});
  }

 private:
  SampleSink& out_;
  const std::string& source_;
  std::unordered_map<std::string, uint32_t> by_name_;
  std::vector<uint32_t> ids_;
  std::vector<DataPoint> points_;
};

}  // namespace

SampleSource one_after_another(std::vector<SampleSource> sources) {
  return [sources = std::move(sources)](SampleSink& out, Warnings& warnings) {
    ChainSink chain(out);
    ProfileInfo first;
    for (size_t k = 0; k < sources.size(); ++k) {
      chain.start_input();
      ProfileInfo info = sources[k](chain, warnings);
      if (k == 0) first = std::move(info);
    }
    return first;
  };
}

SampleSource on_shared_bands(SampleSource source, std::vector<std::string> names, std::string name) {
  return [source = std::move(source), names = std::move(names), name](SampleSink& out, Warnings& warnings) {
    SharedBandsSink sink(out, names, name);
    return source(sink, warnings);
  };
}

}  // namespace hpng
