// --watch's reading of a .hp that grows: each update reads only the bytes
// appended since the last, and what a chart needs is kept between updates,
// bounded whatever the file's size:
//  * the band statistics, added to sample by sample as one read adds them;
//  * the samples, each with all its points: every sample while there are at
//    most `keep` (the matrix is then exactly a one-shot read's), after that
//    those with the lowest and highest total in each slice of the time read
//    so far, with the first and the last (each time the store fills up it
//    is halved that way), so memory stays flat;
//  * the area under the total of every sample (the title's figure).
// A selection that changes with new data is made again from what is kept,
// never by reading the file again. Beyond `keep` samples the matrix is the
// kept samples' (all the chart can show; -d's deviations too), with the
// sample count, the x axis, the bands' choice and order and, when no band is
// left out by -t, the title total of every sample.
// (An eventlog is not read this way: its reader ends what it has read with
// a closing sample, so a part of a log does not continue into the whole.)
#pragma once
#include <functional>
#include <memory>

#include "hpng/band_matrix.h"
#include "hpng/band_stats.h"
#include "hpng/hp_reader.h"

namespace hpng {

class GrowingProfile {
 public:
  explicit GrowingProfile(size_t keep);
  ~GrowingProfile();
  // Reads the complete samples `in` has beyond those read before (`in` is
  // the same file, grown). Throws Error (kind input); after an error the
  // profile must be read again from the start.
  void update(const Input& in, Warnings& warnings);
  // profile_matrix's result for the samples read so far.
  BandMatrix matrix(const SelectOptions& select, size_t time_buckets, Warnings& warnings,
                    const std::function<void()>& read = {}) const;
  size_t samples() const { return stats_.samples; }

 private:
  class Store;
  class Sink;
  SampleSource kept_source() const;

  std::string name_;  // the file's, for messages
  HpReader reader_;
  size_t done_ = 0;  // the offset up to which the file has been read
  BandStats stats_;  // of every sample read
  double area_ = 0, last_total_ = 0;  // under every sample's total; the last's
  std::unique_ptr<Store> store_;
};

}  // namespace hpng
