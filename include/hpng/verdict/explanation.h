// A leak explained: GHC's profiling workflow (which type leaks, which cost
// centres make it, which retainers hold it, how it lives) read from the
// profiles of its runs. Pure: each run's matrix in, the next run's RTS
// restriction and the answer out; --record --explain runs the programs.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hpng/matrix/band_matrix.h"
#include "hpng/verdict/verdict.h"

namespace hpng {

// One band of a restricted run, its bands of one name (a retainer set's
// text after its per-census "(id)") added up.
struct Share {
  std::string name;          // a cost-centre stack (run 2), a retainer set (run 3)
  double peak = 0;           // bytes at its highest
  double share = 0;          // of the run's heap-time (area), 0..1
  CostCentreInfo top;        // run 2: its innermost cost centre (the label -hc restricts by)
  std::vector<std::string> members;  // run 3: the set spelled out, each retainer's stack (PROG.prof)
};

// The leaking band of run 1 (-hy), as the verdict names it.
struct Suspect {
  std::string band;
  ShapeKind shape = ShapeKind::none;
  double peak = 0;
};

// The first suspect band of the verdict that is not the RTS's object of an
// evaluation under way (BLACKHOLE, STACK, TSO); where all are, the largest
// other band that built up as leaks do, at least half as large; else the
// first suspect; none without a suspect.
std::optional<Suspect> suspect_of(const Verdict& v, const BandMatrix& m);

// Each band's share of the run, aggregated by name (a -hr band by the
// text after "(id)"), the largest first. `prof`: the RTS's .prof of a -hr
// run, whose "SET n = {...}" lines spell out the sets of its last census.
std::vector<Share> shares_of(const BandMatrix& m, std::string_view prof = {});

// A -hi run of a -finfo-table-map build: the band and every other band of
// its type, each where it is made (its IPE record), the largest first;
// none when the band has no record.
std::vector<Share> made_at(const BandMatrix& m, const std::string& band);

// What a build without profiling could say, and how to rebuild for more.
enum class PlainBuild {
  where_made,        // -finfo-table-map named the leak's closures
  library_closures,  // it names the program's, not the leak's (a library built without it)
  types_only,        // closure types alone (-hT)
};
std::string plain_build_note(PlainBuild build);

// RTS restriction words that select what `makers` make of `type` ("" for
// none): -hc with their labels, -hm with their modules (the pair names the
// cost centre exactly), -hy with the type; names holding a comma cannot
// be selected and are left out (GHC has no escape for one).
std::vector<std::string> restriction(const std::string& type, const std::vector<Share>& makers);

// The makers worth restricting by: the largest, until four fifths of the
// restricted heap, at most three, of distinct labels.
std::vector<Share> main_makers(const std::vector<Share>& makers);

// One run as the answer says it.
struct ExplainedRun {
  std::string breakdown;     // "-hy", "-hc", ...
  std::vector<std::string> rts_options;  // what the RTS was given
  std::string purpose;       // "which type leaks"
  size_t censuses = 0;
  std::string profile;       // where its profile is kept
  double seconds = 0;
  std::string said;          // why it was skipped or what went wrong; "" when it answered
};

struct Explanation {
  std::optional<Suspect> suspect;  // none: no leak found
  std::vector<Share> made_by, held_by;
  std::optional<Biography> biography;  // run 4's (verdict_of a -hb profile)
  std::vector<ExplainedRun> runs;
  std::string note;  // what the runs could not say, and the next step
};

// The answer in one sentence.
std::string explanation_sentence(const Explanation& e);

// The next step where the answer is weak ("" where it is not): a holder
// that is only SYSTEM, makers named by one cost centre, void only.
std::string next_step(const Explanation& e);

// What a retainer set's name means: "a thread's stack: an evaluation in
// progress holds it", "a top-level constant (a CAF)", "what main made: a
// mutable object such as an IORef, or a thunk".
std::string retainer_meaning(const std::string& set);

}  // namespace hpng
