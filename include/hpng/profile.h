// The one model both readers produce. Nothing after the readers knows which
// format was read. A reader does not keep the data points: it streams them to
// a SampleSink, so a profile far larger than memory can be read (again and
// again: band selection reads a file once per statistic it needs).
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "hpng/diag.h"

namespace hpng {

// Receives the data points in file order. `key` is the reader's own number
// for a band name (see Profile::band_of_key); a sample's points come before
// its end_sample(). Points after the last end_sample() belong to a sample
// that was never completed and are not part of the profile.
class SampleSink {
 public:
  virtual ~SampleSink() = default;
  virtual void point(uint32_t key, double value) = 0;
  virtual void end_sample() = 0;
};

constexpr uint32_t kNoBand = UINT32_MAX;

struct Profile {
  std::string job, date, sample_unit, value_unit;
  std::string input_format;  // "hp" or "eventlog"
  std::string source;        // the input's name, for messages
  std::vector<double> times;  // one per sample, non-decreasing
  std::vector<std::string> band_names;  // index = band id, first-seen order
  // The reader's key -> band id, or kNoBand for a key seen only in the
  // incomplete sample. Keys beyond its end are kNoBand too.
  std::vector<uint32_t> band_of_key;
  // The n-th end_sample() -> index into times, or kNoBand (a sample the
  // reader dropped). Samples beyond its end are dropped too.
  std::vector<uint32_t> slot_of_sample;
  std::vector<double> marks;
  Warnings warnings;
};

// One whole read of a profile, streaming its points to the sink; every call
// gives the same profile. Band selection reads as often as it needs.
using ReadPass = std::function<Profile(SampleSink&)>;

// The most band x sample cells a drawing holds (1 GiB of values): larger
// selections are refused with a clear message instead of exhausting memory.
constexpr size_t kMaxMatrixCells = size_t{1} << 27;

}  // namespace hpng
