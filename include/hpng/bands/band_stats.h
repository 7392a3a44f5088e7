// hp2ps's per-band figures, which its band selection and ordering use: each
// band's total (trace elimination, the size order) and, for -d, its
// standard deviation. Each comes from its own read of the sample stream, so
// memory holds figures per band, never the samples.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "hpng/stream/samples.h"

namespace hpng {

struct ProfilePeak {
  double total = 0, time = 0;
  double final_total = 0;
};

struct BandStats {
  ProfileInfo info;
  std::vector<std::string> names;  // by band id
  std::vector<int64_t> totals;     // hp2ps's: a 64-bit integer total, each point added through double
  std::vector<double> sums;        // each band's points added (-d's mean)
  // The samples: how many, and the first's and last's times (all a later
  // read needs, so memory does not grow with them).
  size_t samples = 0;
  double first_time = 0, last_time = 0;
  // The whole profile as read (before trace elimination and the band
  // limit): its largest sample total and when (the first such), and the
  // total of its last sample with data.
  ProfilePeak peak;
};

// Adds each sample to the figures as it comes: collect_stats's read, and
// --watch's as a profile grows (growing_profile.h).
class StatsSink : public SampleSink {
 public:
  explicit StatsSink(BandStats& s) : s_(s) {}
  void band(uint32_t id, std::string_view name) override;
  void sample(const Sample& sample) override;

 private:
  BandStats& s_;
};

// One read of the stream; the reader's warnings go to `warnings`.
BandStats collect_stats(const SampleSource& source, Warnings& warnings);

// A second read: hp2ps's -d figure per band, the square root of the summed
// squared deviations of the band's data points from its mean over all
// samples (a missing point counting as zero in the mean), / (N - 1).
std::vector<double> band_deviations(const SampleSource& source, const BandStats& stats);

// A second read, for --sort-growth: each band's least-squares slope of
// value on time (units a second) over the samples from the first to the
// last with any data, a missing point counting as zero: the slope the
// JSON's "stats" give for a band drawn alone (band_figures.h).
std::vector<double> band_slopes(const SampleSource& source, const BandStats& stats);

// The figures the orders asked for need (each empty when not asked for).
struct OrderFigures {
  std::vector<double> deviations;  // -d
  std::vector<double> slopes;      // --sort-growth
};
OrderFigures order_figures(const SampleSource& source, const BandStats& stats, bool by_deviation, bool by_growth);

// hp2ps's total + v, truncated to a 64-bit integer (saturating).
int64_t add_truncating(int64_t total, double v);

}  // namespace hpng
