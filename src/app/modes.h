// The modes run (run.h) dispatches to, a file each.
#pragma once
#include <functional>
#include <string>

#include "hpng/app/job.h"

namespace hpng {

void run_one_profile(const Job& job, Warnings& warnings);
void run_compare(const Job& job, Warnings& warnings);
void run_diff(const Job& job, Warnings& warnings);
// Returns when the watch ends: the RTS finished the profile, the watched
// process ended, or SIGINT/SIGTERM. A profile not yet drawable is waited
// for; usage and output errors are thrown.
void run_watch(const Job& job, Warnings& warnings, const std::function<void(const std::string&)>& status);

}  // namespace hpng
