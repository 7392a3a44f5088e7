// See band_stats.h. hp2ps adds each data point in file order; so do we,
// point by point, so that figures (and the orders built on their ties) are
// exactly hp2ps's.
#include "hpng/bands/band_stats.h"

#include <cmath>

namespace hpng {

namespace {

class DeviationSink : public SampleSink {
 public:
  explicit DeviationSink(const BandStats& stats) : source_(stats.info.header.source), squares_(stats.names.size(), 0) {
    double n = static_cast<double>(stats.samples);
    for (double sum : stats.sums) means_.push_back(sum / n);
  }
  void band(uint32_t id, std::string_view) override {
    if (id >= squares_.size()) throw profile_changed(source_);
  }
  void sample(const Sample& sample) override {
    for (const DataPoint& p : sample.points) squares_[p.band] += (p.value - means_[p.band]) * (p.value - means_[p.band]);
  }
  std::vector<double> deviations(size_t samples) const {
    std::vector<double> sd(squares_.size());
    for (size_t b = 0; b < sd.size(); ++b) sd[b] = std::sqrt(squares_[b] / (static_cast<double>(samples) - 1));
    return sd;
  }

 private:
  const std::string& source_;
  std::vector<double> means_, squares_;
};

}  // namespace

void StatsSink::band(uint32_t, std::string_view name) {
  s_.names.emplace_back(name);
  s_.totals.push_back(0);
  s_.sums.push_back(0);
}

void StatsSink::sample(const Sample& sample) {
  if (s_.samples++ == 0) s_.first_time = sample.time;
  s_.last_time = sample.time;
  double total = 0;
  for (const DataPoint& p : sample.points) {
    s_.totals[p.band] = add_truncating(s_.totals[p.band], p.value);
    s_.sums[p.band] += p.value;
    total += p.value;
  }
  if (sample.points.empty()) return;
  s_.peak.final_total = total;
  if (total > s_.peak.total) s_.peak.total = total, s_.peak.time = sample.time;
}

int64_t add_truncating(int64_t total, double v) {
  double sum = static_cast<double>(total) + v;
  if (!(sum < 9.2e18)) return INT64_MAX;  // beyond hp2ps's range: saturate
  if (sum < -9.2e18) return INT64_MIN;
  return static_cast<int64_t>(sum);
}

BandStats collect_stats(const SampleSource& source, Warnings& warnings) {
  BandStats s;
  StatsSink sink(s);
  s.info = source(sink, warnings);
  return s;
}

std::vector<double> band_deviations(const SampleSource& source, const BandStats& stats) {
  DeviationSink sink(stats);
  Warnings again;  // the first read reported them
  source(sink, again);
  return sink.deviations(stats.samples);
}

}  // namespace hpng
