// --watch: the chart follows a growing profile. The whole pipeline runs
// again whenever the input has grown (at most once an interval; inotify
// wakes it where available, else it polls), each output replacing the last
// atomically, so a viewer never sees a half-written picture. Only complete
// samples are drawn, by the readers' rules for cut files. It ends after a
// last render when the RTS has finished the profile (ProfileInfo::finished),
// when the watched process has ended, or on SIGINT/SIGTERM (after finishing
// the render in progress). A file that shrinks or is replaced (the program
// restarted) starts over, with a message. An update reads only what was
// appended and draws from what the reads before kept (growing_profile.h),
// so its cost does not grow with the file; a watch with a time window or a
// band filter reads the whole file at each update.
#pragma once
#include <functional>
#include <optional>
#include <string>

#include "hpng/run.h"

namespace hpng {

struct WatchOptions {
  double interval = 2;      // seconds: the least time between two renders
  std::optional<int> pid;   // --watch-pid: also end when this process has
};

// How watch reports as it goes: each warning once per profile (a warning
// that differs only in its figures is the same one), and the state after
// each render, one line.
struct WatchReport {
  std::function<void(const Diagnostic&)> warning;
  std::function<void(const std::string&)> status;
};

// Returns when the watch ends. A profile not yet readable (no complete
// sample yet, a header still being written) is waited for, with its
// message reported once; other errors (usage, output) are thrown.
void watch(const Options& o, const WatchOptions& w, const WatchReport& report);

}  // namespace hpng
