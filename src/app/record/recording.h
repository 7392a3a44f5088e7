// A run of --record's program as a value: what it was asked (RunPlan), and
// how it went (Recording), which the finishing step writes every output
// from; the advice said of it, in the user's terms.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "hpng/app/job.h"
#include "hpng/base/diag.h"
#include "hpng/matrix/band_matrix.h"
#include "process/program.h"

namespace hpng {

// One run of the program: its breakdown and interval, the RTS's
// restrictions of it, and where its profile is kept.
struct RunPlan {
  char breakdown = 'T';
  double every = 0;    // seconds between censuses (the RTS's -i)
  std::string keep;    // the profile's path (PROG.eventlog); the RTS's other files go beside it
  std::vector<std::string> restrictions;  // RTS words after the breakdown ("-hyMap", "-L200")
  std::string doing;   // what the live line says the run is for ("run 2 of 4: who makes Map"); "" for none
  int input = -1;      // its standard input: a file read from its start (--explain's spooled input); -1: ours
  // A run again is stopped after this long and judged as far as it got
  // (each census costs a major collection, which a big heap makes dear).
  std::optional<double> stop_after;
};

// The plan of the run --record asks for.
RunPlan asked_run(const Job& job);

// A run too short to judge, which --record ran again more often censused.
struct EarlierRun {
  double every = 0, seconds = 0;
  size_t censuses = 0;
};

// stopped_by of a run --for stopped, and of one stopped at --max-input: no
// signal was sent to hp2ps-ng.
constexpr int kStoppedByDuration = -1;
constexpr int kStoppedByLimit = -2;
constexpr int kStoppedByRerunLimit = -3;  // RunPlan::stop_after

struct Recording {
  RunPlan run;
  ProgramEnd end;                  // how it ended (its CPU time from wait4)
  double seconds = 0;              // how long it ran, by the clock
  int stopped_by = 0;              // the stop hp2ps-ng was sent and passed on (SIGINT...), kStoppedBy...; 0: none
  std::vector<std::string> moved;  // the RTS's other files, moved out beside the profile
  bool left_profile = false;       // it wrote a profile (not empty, not the one there before)
  std::vector<EarlierRun> before;  // the runs this one repeated, each too short to judge, in order
  // It failed by itself, not by a stop hp2ps-ng was sent and passed on: a
  // stopped run is judged as recorded so far, and the gates decide.
  bool failed() const { return end.failed() && stopped_by == 0; }
};

// What a recording's censuses measured: how many, and how long GHC's
// census clock ran. That clock counts the program's own work by the wall
// (a loaded machine's waits for the CPU included) and stops while it
// collects or waits. Taken as the log's elapsed time less its collections
// (a .hp's last time: the mutator's CPU seconds), held within what the
// censuses bound (n at `every`: n to n + 1 intervals); else the middle.
struct Censused {
  size_t censuses = 0;
  double clock = 0;  // seconds
};
Censused censused(const BandMatrix& m, double every);

// The interval that censuses `clock` seconds of census clock about 30
// times.
double every_for(double clock);

// The interval to run `rec` again at, from its censuses: where it was too
// short to judge, ended by itself, cheap (20 s at most), its interval not
// the user's, `replayable` (its standard input can be given again), long
// enough that some interval can judge it, and not already the third run (its censuses are a sample of its mutator's
// stretches, which a GC-bound program makes short: one run of three may
// still come up short).
std::optional<double> rerun_every(const RecordPlan& r, const Recording& rec, const Censused& c, bool replayable);

// What the RTS's refusal asks of the user, in one sentence.
Error refused(const RecordPlan& r, char breakdown, const std::string& complaint);

// The program left no profile: why.
Error nothing_recorded(const RecordPlan& r, const ProgramEnd& end, const std::string& keep);

// What the censuses of a run say of how it was censused, or "".
std::string census_note(const RecordPlan& r, const Recording& rec, const Censused& c);

// "was stopped after 3.0 s (hp2ps-ng was sent SIGTERM and passed the stop
// on)", "... (--for 3)": a recording ended by a stop.
std::string stopped_words(const RecordPlan& r, const Recording& rec);

// How it ended: "exited with status 0 after 2.9 s", or stopped_words.
std::string ended_words(const RecordPlan& r, const Recording& rec);

// "leaky exited with status 0 after 2.9 s; wrote leaky.html, kept its
// profile as leaky.eventlog".
std::string summary(const Job& job, const Recording& rec);

}  // namespace hpng
