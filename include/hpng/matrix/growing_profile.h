// --watch's reading of a profile (.hp or eventlog) that grows: each update
// reads only the bytes appended since the last, and what a chart needs is
// kept between updates, bounded whatever the file's size:
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
// An eventlog's reader ends what it has read with closing samples (the
// empty one at the last event's time, -hb's held censuses): those are made
// at each update from a copy of the reader, which reads on from where it was.
// Samples pass through the stream's steps (the window, names, filter a
// one-shot read has) as they are read, once: a chain of them made once,
// and a copy of it for the closing samples.
#pragma once
#include <memory>

#include "hpng/matrix/band_matrix.h"
#include "hpng/bands/band_stats.h"
#include "hpng/stream/profile_reader.h"
#include "hpng/stream/stream_steps.h"

namespace hpng {

// The samples to keep for a chart reduced to `time_buckets` (as
// build_matrix keeps them), or with 0 (JSON, CSV) up to 32,768.
size_t samples_to_keep(size_t time_buckets);

class GrowingProfile {
 public:
  // `reader` reads the file's format as it grows (read.h growing_reader);
  // `steps` are a one-shot read's.
  GrowingProfile(std::unique_ptr<ProfileReader> reader, const StreamSteps& steps, size_t keep);
  ~GrowingProfile();
  // Reads the complete samples `in` has beyond those read before (`in` is
  // the same file, grown). Throws Error (an input error); after an error the
  // profile must be read again from the start.
  void update(const Input& in, Warnings& warnings);
  // profile_matrix's result for a one-shot read of the file as it was at
  // the last update; only once samples() is above 0 (before that, the
  // profile is not yet drawable: a state, not an error).
  BandMatrix matrix(const SelectOptions& select, size_t time_buckets, Warnings& warnings) const;
  size_t samples() const;  // in a one-shot read of the file as it was
  // The samples read so far, without those a one-shot read adds at the end
  // (a log's closing empty sample): the last of them is the latest census.
  struct Latest {
    size_t samples = 0;
    double time = 0, total = 0, peak = 0;  // the last one's time and total; the highest total
  };
  Latest latest() const { return {fed_.stats.samples, fed_.stats.last_time, fed_.last_total, fed_.peak_total}; }

 private:
  class Store;
  class Sink;
  struct Tail;
  struct Figures {  // of every sample fed
    BandStats stats;
    double area = 0, last_total = 0, peak_total = 0;  // under the samples' total; the last one's; the highest
  };
  SampleSource kept_source() const;
  Figures every_sample(Warnings& warnings) const;
  ProfileInfo finished_info(Warnings& warnings) const;

  std::unique_ptr<ProfileReader> reader_;
  size_t done_ = 0;  // the offset up to which the file has been read
  Figures fed_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<Sink> sink_;  // to the figures and the store
  StepChain steps_;             // the reader's samples, to sink_
  std::unique_ptr<Tail> tail_;  // what a one-shot read adds after the samples fed
  std::unique_ptr<StepChain> tail_steps_;  // steps_ as they were, to tail_
};

}  // namespace hpng
