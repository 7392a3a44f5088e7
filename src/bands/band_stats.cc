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

// Sums for least squares on times shifted by the first sample with data
// (smaller numbers, less cancellation); the common sums are kept as they
// stood at the last sample with data, so trailing empty samples count not.
class SlopeSink : public SampleSink {
 public:
  SlopeSink(const BandStats& stats, size_t bands) : source_(stats.info.header.source), sv_(bands, 0), stv_(bands, 0) {}
  void band(uint32_t id, std::string_view) override {
    if (id >= sv_.size()) throw profile_changed(source_);
  }
  void sample(const Sample& sample) override {
    bool data = false;
    for (const DataPoint& p : sample.points) data = data || p.value != 0;
    if (!started_ && !data) return;
    if (!started_) started_ = true, t0_ = sample.time;
    double t = sample.time - t0_;
    run_.n += 1, run_.st += t, run_.stt += t * t;
    for (const DataPoint& p : sample.points) sv_[p.band] += p.value, stv_[p.band] += t * p.value;
    if (data) at_last_ = run_;
  }
  std::vector<double> slopes() const {
    std::vector<double> out(sv_.size(), 0);
    double spread = at_last_.n * at_last_.stt - at_last_.st * at_last_.st;
    if (!(spread > 0)) return out;
    for (size_t b = 0; b < out.size(); ++b) out[b] = (at_last_.n * stv_[b] - at_last_.st * sv_[b]) / spread;
    return out;
  }

 private:
  struct Sums {
    double n = 0, st = 0, stt = 0;
  };
  const std::string& source_;
  bool started_ = false;
  double t0_ = 0;
  Sums run_, at_last_;
  std::vector<double> sv_, stv_;
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

std::vector<double> band_slopes(const SampleSource& source, const BandStats& stats) {
  SlopeSink sink(stats, stats.names.size());
  Warnings again;  // the first read reported them
  source(sink, again);
  return sink.slopes();
}

OrderFigures order_figures(const SampleSource& source, const BandStats& stats, bool by_deviation, bool by_growth) {
  OrderFigures f;
  if (by_deviation) f.deviations = band_deviations(source, stats);
  if (by_growth) f.slopes = band_slopes(source, stats);
  return f;
}

}  // namespace hpng
