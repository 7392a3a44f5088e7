// Figures per band of a matrix, on its samples as drawn (after the window,
// the filters and hp2ps's selection; every band with -t0 -m0), for a reader
// who asks "what grows, how fast, how big, and when": the JSON's "stats".
#pragma once
#include <vector>

#include "hpng/matrix/band_matrix.h"

namespace hpng {

// What a band did by the end of the run, decided in this order (figures
// over the samples from the first to the last with any data; "at the end"
// is at the last of them, or at the one before when the last one's total is
// under a tenth of its own, as in the census GHC takes while it tears the
// heap down at exit, which would otherwise hide every leak):
//   none      it never held anything;
//   steady    its standard deviation is at most a tenth of its mean;
//   spike     it held half its peak or more in under a tenth of the samples,
//             and less than half at the end;
//   grows     at the end it holds 80 % of its peak or more, and its
//             least-squares slope is above zero: still rising, or at its
//             high, when the run ended (a leak suspect);
//   released  at the end it holds half its peak or less;
//   varies    anything else.
enum class Trend { none, steady, spike, grows, released, varies };
const char* trend_name(Trend t);

struct BandFigures {
  double peak = 0, peak_time = 0;  // the largest value and when (Band's: every sample)
  double final = 0;                // at the last sample with any data
  double mean = 0, stddev = 0;     // over the samples with data (population)
  double area = 0;                 // trapezoids over every sample: the title's measure
  double slope = 0, r2 = 0;        // least squares of value on time (units a second); R² 0 when flat
  Trend trend = Trend::none;
};

// The samples from the first to the last that hold any data: a .hp's
// opening and closing empty samples (and an eventlog's opening one, which
// the reader adds) say nothing of where a band began or ended. `judged` is
// the sample whose values are "the end of the run" for the trend: the
// last, unless its total is under a tenth of the one before's, as in the
// census GHC takes while it tears the heap down at exit.
struct Span {
  size_t first = 0, end = 0;  // [first, end)
  size_t judged = 0;
  double judged_time = 0, last_time = 0;  // the times of `judged` and `end - 1`
  size_t size() const { return end - first; }
};
Span span_with_data(const BandMatrix& m);

// One per band of `m`, in its order.
std::vector<BandFigures> band_figures(const BandMatrix& m);

}  // namespace hpng
