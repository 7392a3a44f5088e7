// A run of --record's program as a value: what it was asked (RunPlan), and
// how it went (Recording), which the finishing step writes every output
// from; the advice said of it, in the user's terms.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "hpng/app/job.h"
#include "hpng/base/diag.h"
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

struct Recording {
  RunPlan run;
  ProgramEnd end;                  // how it ended (its CPU time from wait4)
  double seconds = 0;              // how long it ran, by the clock
  int stopped_by = 0;              // the stop hp2ps-ng was sent and passed on (SIGINT...), kStoppedBy...; 0: none
  std::vector<std::string> moved;  // the RTS's other files, moved out beside the profile
  bool left_profile = false;       // it wrote a profile (not empty, not the one there before)
  std::optional<EarlierRun> after;  // the run this one repeated, more often censused
  // It failed by itself, not by a stop hp2ps-ng was sent and passed on: a
  // stopped run is judged as recorded so far, and the gates decide.
  bool failed() const { return end.failed() && stopped_by == 0; }
};

// The interval that censuses a run like one censused `censuses` times at
// `every_was` about 30 times: GHC's census clock counts the program's own
// work (mutator time), which those censuses measure, never its collections
// or waits.
double every_for(double every_was, size_t censuses);

// The interval to run `rec` again at, from its censuses: where it was too
// short to judge, ended by itself, cheap (20 s at most), its interval not
// the user's, and `replayable` (its standard input can be given again).
std::optional<double> rerun_every(const RecordPlan& r, const Recording& rec, size_t censuses, bool replayable);

// What the RTS's refusal asks of the user, in one sentence.
Error refused(const RecordPlan& r, char breakdown, const std::string& complaint);

// The program left no profile: why.
Error nothing_recorded(const RecordPlan& r, const ProgramEnd& end, const std::string& keep);

// What the censuses of a run say of how it was censused, or "".
std::string census_note(const RecordPlan& r, const Recording& rec, size_t censuses);

// "was stopped after 3.0 s (hp2ps-ng was sent SIGTERM and passed the stop
// on)", "... (--for 3)": a recording ended by a stop.
std::string stopped_words(const RecordPlan& r, const Recording& rec);

// How it ended: "exited with status 0 after 2.9 s", or stopped_words.
std::string ended_words(const RecordPlan& r, const Recording& rec);

// "leaky exited with status 0 after 2.9 s; wrote leaky.html, kept its
// profile as leaky.eventlog".
std::string summary(const Job& job, const Recording& rec);

}  // namespace hpng
