// What --record asks of a GHC program's runtime system, and how it is
// asked: the RTS options, the binary asked beforehand whether it takes
// them, and the options handed to the program.
#pragma once
#include <string>
#include <vector>

#include "process/program.h"

namespace hpng {

struct RtsRequest {
  char breakdown = 'T';         // -h's letter
  std::vector<std::string> restrictions;  // after it: -hy<types>, -hc<labels>, -L<n> ...
  double every = 0;             // -i, seconds
  std::string eventlog;         // -ol: the FIFO; empty: no eventlog (the RTS's own .hp is followed)
  std::string prefix;           // -po: where the RTS's own files go; empty: not asked (before GHC 9.2)
  bool flush_interval = false;  // --eventlog-flush-interval=1 (GHC 9.2 on)
};

// The options, one argument each: the breakdown, the census interval, and
// the eventlog (GC and user events: the heap's sizes and markers, without
// the scheduler's flood) flushed each second where the RTS can.
std::vector<std::string> rts_options(const RtsRequest& r);

// The program started with `options`: a GHC binary gets them on its
// command line, between +RTS and -RTS (its children do not inherit them,
// and no path is split at spaces); anything else (a script that runs one)
// in GHCRTS, after the user's own.
ProgramSpec with_rts_options(std::vector<std::string> argv, const std::vector<std::string>& options, bool ghc_binary,
                             std::vector<std::string> env, int terminal);

// What the binary at `path` says of `options` before the program runs:
// asked with +RTS OPTIONS -? -RTS, the RTS parses them, prints its usage
// and exits without running the program. Empty when it takes them, else
// its first complaint, as it words it ("Most RTS options are disabled. Link
// with -rtsopts to enable them.", "the flag -hc requires the program to be
// built with -prof"). `clock` bounds the wait (10 s).
std::string rts_refusal(Launcher& launcher, Clock& clock, const std::string& path,
                        const std::vector<std::string>& options);

// What the GHC program a script runs says of `options`, given in GHCRTS
// with -?: the name its RTS prefixes its lines with ("" when no RTS
// answered) and its first complaint ("" when it takes them). The script
// runs until its program's RTS exits, within 10 s of `clock`.
struct RtsAnswer {
  std::string name, complaint;
};
RtsAnswer wrapped_rts_answer(Launcher& launcher, Clock& clock, const std::vector<std::string>& argv,
                             std::vector<std::string> options);

// The complaint in what the RTS of the program `name` (its file's name,
// as the RTS prefixes its lines with it) printed: its first line before
// "Usage:", without that prefix; empty when there is none. A name may hold
// ": " itself ("memtest: big").
std::string first_complaint(const std::string& printed, const std::string& name);

}  // namespace hpng
