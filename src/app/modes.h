// The modes run (run.h) dispatches to.
#pragma once
#include <functional>
#include <string>

#include "app/gates.h"
#include "app/pipeline.h"
#include "hpng/app/job.h"

namespace hpng {

void run_one_profile(const Job& job, Warnings& warnings);
// The one profile drawn, not judged: what the gates judge of it.
Judged draw_one_profile(const Job& job, Warnings& warnings);
void run_compare(const Job& job, Warnings& warnings);
void run_diff(const Job& job, Warnings& warnings);
// Returns when the watch ends: the RTS finished the profile, the watched
// process ended, or SIGINT/SIGTERM. A profile not yet drawable is waited
// for; usage and output errors are thrown.
void run_watch(const Job& job, Warnings& warnings, const StatusLine& status);
void run_record(const Job& job, Warnings& warnings, const StatusLine& status);

// What --record changes in a watch (each unset: --watch's way).
struct WatchHooks {
  std::function<bool()> source_ended;                     // in place of --watch-pid's process
  std::function<void(int signal, bool from_terminal)> on_stop;  // set: a stop signal is passed on, not obeyed
  std::function<std::string(const Drawn&)> status;        // the status line
  std::function<void(const Input&)> keep;                 // a FIFO's bytes, once the watch ends
  bool earlier_file = false;  // the file there now is an earlier run's: not drawn, its replacement no restart
};

// --watch with hooks. Returns, or throws, as run_watch does.
void follow_profile(const Job& job, Warnings& warnings, const StatusLine& status, const WatchHooks& hooks);

}  // namespace hpng
