// The words the text report, the JSON and the HTML page share, made in one
// place so that they read alike: a band's shape (band_shape.h), a time,
// the -hb reading, and the note on a -hi profile's bare addresses.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "hpng/verdict/verdict.h"
#include "hpng/matrix/band_matrix.h"

namespace hpng {

// Seven columns at most (up to 99999 s), never an exponent: 0.052 s,
// 4.97 s, 1234 s.
std::string report_time(double t, const std::string& sample_unit);

// "s" for seconds, else the profile's own unit.
std::string short_time_unit(const std::string& sample_unit);

// "ramp, held to the end", "ramp, released at once at 3.20 s", "sawtooth,
// floor rising 1.2 MB/cycle", ...
std::string shape_words(const BandShape& s, const ProfileHeader& h);

// "high", "medium" or "low".
const char* confidence_word(double confidence);

// A judged band's words: its shape and confidence, or, for a thunk chain's
// band whose course has no leak's shape, its part in the chain.
std::string verdict_words(const Verdict& v, size_t band, const ProfileHeader& h);

// Why the heap's live bytes, not a band, are the suspect (under 66
// columns): too few censuses, or no band's own course is a leak's.
std::string live_only_words(const Verdict& v);

// The thunk chain's finding in under 66 columns (empty without one).
std::string thunk_chain_words(const BandMatrix& m, const Verdict& v);

// The -hb reading: each phase's share of the heap-time ("lag 12%, use
// 30%, ..."), and whether it is leak evidence.
std::string biography_shares(const Biography& b);
std::string biography_reading(const Biography& b);

struct UnnamedAddresses {
  size_t bands = 0, of = 0;  // of the matrix's bands
  double share = 0;          // of the heap-time (area), 0..1
};

// The bands named by an address alone ("0x4a2b38"): closures with no IPE
// record, from libraries built without -finfo-table-map.
UnnamedAddresses unnamed_addresses(const BandMatrix& m);

// The order a report lists bands in: the suspects first, in the verdict's
// order; then the rest, largest peak first; ties in drawing order.
std::vector<size_t> report_order(const std::vector<BandFigures>& f, const Verdict& v);

// The heap's own lines from an eventlog's GC events (heap size, live
// bytes) at their peaks: ("live bytes", "peak 19.1 MB at 3.48 s (HEAP_LIVE)").
std::vector<std::pair<std::string, std::string>> heap_peaks(const BandMatrix& m);

// "eventlog, -hT, 5 samples over 0.442 s (elapsed time)"
std::string profile_words(const BandMatrix& m);

// "36 of 48 bands, 12% of the heap-time, are info-table addresses" and why,
// in two sentences of at most 66 columns; both empty when none.
std::pair<std::string, std::string> unnamed_note(const UnnamedAddresses& u);

}  // namespace hpng
