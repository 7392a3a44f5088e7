// JOB and DATE of an eventlog's profile, rebuilt as the RTS writes them into
// the .hp of the same run.
#pragma once
#include <ctime>
#include <string>
#include <vector>

namespace hpng {

// The profiling RTS writes the program's name (argv[0]'s last component),
// its arguments, then " +RTS" and the RTS options; a non-profiling RTS only
// the name. `args` is PROGRAM_ARGS: argv as the process got it, with the
// +RTS ... -RTS words.
std::string rts_job(const std::vector<std::string>& args, bool profiled_rts);

// ctime() without the seconds ("Sun Nov 22 10:19 2026"), in UTC so that the
// output does not depend on the reader's time zone.
std::string rts_date(time_t unix_seconds);

}  // namespace hpng
