// --record --explain: GHC's space-leak workflow run for the user, each run
// a Recording restricted by what the one before found (see
// ../shared/docs/explain-workflow.md for what the RTS takes):
//   1. -hy: which type leaks (the verdict's first suspect band);
//   2. -hc -hy<T>: which cost centres make it;
//   3. -hr -hc<C> -hm<M> -hy<T>: which retainers hold it (PROG.prof spells
//      the sets out);
//   4. -hb -hc<C> -hm<M> -hy<T>: how it lives (retainer and biographical
//      profiling never combine, so this is restricted like run 3).
// Every run gets the program's arguments and one standard input, spooled
// once. A build without profiling gets one run (-hi, where its RTS has it
// and -finfo-table-map named the closures; else -hT). A run the RTS refuses is skipped, said; one that fails or is
// stopped ends the explanation with what was found. The answer is one pure
// step over the runs' profiles (verdict/explanation.h).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "app/record/recorder.h"
#include "hpng/verdict/explanation.h"

namespace hpng {

// The runs and what they found: each answering run's profile, judged.
struct Explained {
  Explanation answer;
  std::vector<BandMatrix> charts;  // the runs that answered, in order
  std::vector<std::string> names;  // their profiles
  std::vector<Verdict> verdicts;   // on their bands
  bool stopped = false;            // a stop hp2ps-ng was sent ended it
  bool failed = false;             // a run failed (not stopped, not refused) and ended it
};

class Explainer {
 public:
  Explainer(const Job& job, Launcher& launcher, Clock& clock, Warnings& warnings);
  ~Explainer();
  Explainer(const Explainer&) = delete;
  Explainer& operator=(const Explainer&) = delete;
  // Throws Error: standard input a terminal, or too large to spool.
  Explained explain();

 private:
  struct Answered {
    BandMatrix matrix;
    Verdict verdict;
    Recording rec;
    std::vector<Diagnostic> read;  // what reading its profile said
    std::string profile;
  };
  RunPlan plan(char breakdown, std::vector<std::string> restrictions, double every, const std::string& purpose) const;
  std::optional<Answered> run(const RunPlan& plan, const std::string& purpose);
  std::optional<Answered> read_run(const RunPlan& plan, const std::string& purpose, ExplainedRun& said, Recording rec);
  const Answered& kept(const Answered& a);
  std::optional<Answered> first_run(char breakdown, const std::string& purpose);
  void profiled_build();
  void plain_build();
  void explain_type(const std::string& type);
  std::optional<Answered> life_run(const std::vector<std::string>& words, const std::string& type, size_t censuses);
  std::string prof_of(const Recording& rec) const;

  const Job& job_;
  Launcher& launcher_;
  Clock& clock_;
  Warnings& warnings_;
  int input_ = -1;  // the spooled standard input
  Explained done_;
  double every_ = 0;
  std::string rts_;  // RTS_IDENTIFIER of run 1 ("GHC-9.0.2 rts_p")
};

// --record --explain, to every output; the explanation on standard output
// after each run's summary.
void explain_program(const Job& job, Launcher& launcher, Clock& clock, Warnings& warnings);

}  // namespace hpng
