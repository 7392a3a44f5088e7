// See explanation.h.
#include "hpng/verdict/explanation.h"

#include <algorithm>
#include <map>
#include <set>

#include "base/text.h"

namespace hpng {

namespace {

// The RTS's own objects of an evaluation under way: a thunk being forced
// (BLACKHOLE) is a leak's symptom, its type the leak.
bool in_evaluation(const std::string& band) { return band == "BLACKHOLE" || band == "STACK" || band == "TSO"; }

}  // namespace

std::optional<Suspect> suspect_of(const Verdict& v, const BandMatrix& m) {
  std::vector<size_t> bands;
  for (size_t b : v.suspects) {
    if (b < m.bands.size()) bands.push_back(b);  // (the thunk chain's names no band)
  }
  if (bands.empty()) return std::nullopt;
  auto typed = std::find_if(bands.begin(), bands.end(), [&](size_t b) { return !in_evaluation(m.bands[b].name); });
  size_t b = typed != bands.end() ? *typed : bands.front();
  // A thunk chain being forced: the type of the thunks is the leak, where a
  // band of it built up as leaks do (if less clearly) and is of weight.
  for (size_t o = 0; typed == bands.end() && o < m.bands.size() && o < v.shapes.size(); ++o) {
    bool built = leak_shape(v.shapes[o].kind) && !in_evaluation(m.bands[o].name);
    if (built && m.bands[o].peak >= m.bands[b].peak / 2 && (b == bands.front() || m.bands[o].peak > m.bands[b].peak)) b = o;
  }
  return Suspect{m.bands[b].name, b < v.shapes.size() ? v.shapes[b].kind : ShapeKind::none, m.bands[b].peak};
}

namespace {

// "(84)main" -> "main": a retainer set's id means something only within
// one census (the same set has other ids in others).
std::string_view without_set_id(std::string_view name, std::string_view* id = nullptr) {
  if (name.size() < 3 || name[0] != '(') return name;
  size_t close = name.find(')');
  if (close == std::string_view::npos || close == 1) return name;
  bool digits = std::all_of(name.begin() + 1, name.begin() + static_cast<long>(close), [](char c) { return c >= '0' && c <= '9'; });
  if (!digits) return name;
  if (id) *id = name.substr(1, close - 1);
  return name.substr(close + 1);
}

// "SET 84 = {<Main.main>, <SYSTEM.SYSTEM>}" lines: the set's id to its
// retainers' stacks.
std::map<std::string, std::vector<std::string>> prof_sets(std::string_view prof) {
  std::map<std::string, std::vector<std::string>> sets;
  for (size_t at = prof.find("SET "); at != std::string_view::npos; at = prof.find("SET ", at + 1)) {
    size_t eq = prof.find(" = {", at), end = prof.find('\n', at);
    if (eq == std::string_view::npos || eq > end) continue;
    std::string id(prof.substr(at + 4, eq - at - 4));
    std::string_view body = prof.substr(eq + 4, (end == std::string_view::npos ? prof.size() : end) - eq - 4);
    std::vector<std::string>& members = sets[id];
    for (size_t open = body.find('<'); open != std::string_view::npos; open = body.find('<', open + 1)) {
      size_t close = body.find('>', open);
      if (close == std::string_view::npos) break;
      members.emplace_back(body.substr(open + 1, close - open - 1));
      open = close;
    }
  }
  return sets;
}

// The last sample with data: its sets are the ones a .prof lists.
size_t last_census(const BandMatrix& m) {
  for (size_t k = m.times.size(); k-- > 0;) {
    for (const Band& b : m.bands) {
      if (k < b.values.size() && b.values[k] > 0) return k;
    }
  }
  return 0;
}

}  // namespace

std::vector<Share> shares_of(const BandMatrix& m, std::string_view prof) {
  std::map<std::string, std::vector<std::string>> sets = prof_sets(prof);
  size_t last = last_census(m);
  double all = 0;
  std::map<std::string, Share> by_name;
  for (const Band& b : m.bands) {
    std::string_view id;
    Share& s = by_name[std::string(without_set_id(b.name, &id))];
    s.peak = std::max(s.peak, b.peak);
    s.share += b.area;
    all += b.area;
    if (auto top = m.info.cost_centres.find(b.name); top != m.info.cost_centres.end()) s.top = top->second;
    auto set = sets.find(std::string(id));
    bool in_last = last < b.values.size() && b.values[last] > 0;
    if (s.members.empty() && in_last && set != sets.end()) s.members = set->second;
  }
  std::vector<Share> out;
  for (auto& [name, s] : by_name) {
    if (s.peak <= 0) continue;
    s.name = name;
    s.share = all > 0 ? s.share / all : 0;
    out.push_back(std::move(s));
  }
  std::stable_sort(out.begin(), out.end(), [](const Share& a, const Share& b) { return a.share > b.share; });
  return out;
}

std::vector<Share> made_at(const BandMatrix& m, const std::string& band) {
  const std::map<std::string, InfoTable>& tables = m.info.info_tables;
  auto own = tables.find(band);
  if (own == tables.end()) return {};
  std::vector<Share> out;
  double all = 0;
  for (const Band& b : m.bands) {
    all += b.area;
    auto t = tables.find(b.name);
    if (t == tables.end() || (t != own && (own->second.type.empty() || t->second.type != own->second.type))) continue;
    const InfoTable& r = t->second;
    out.push_back({b.name, b.peak, b.area, {r.label, r.module, r.src_loc == ":" ? "" : r.src_loc}, {}});  // ":": none
  }
  for (Share& s : out) s.share = all > 0 ? s.share / all : 0;
  std::stable_sort(out.begin(), out.end(), [](const Share& a, const Share& b) { return a.share > b.share; });
  return out;
}

namespace {

constexpr const char* kProfiledBuild =
    "ghc -prof -fprof-auto -rtsopts (cabal: --enable-profiling --ghc-options=-fprof-auto; stack: --profile)";

}  // namespace

std::string plain_build_note(PlainBuild build) {
  std::string profiled = std::string("a profiled build, ") + kProfiledBuild + ", ";
  switch (build) {
    case PlainBuild::where_made:
      return "-finfo-table-map named where each closure is made; " + profiled + "adds which code makes it, what holds it "
             "and how it lives. ";
    case PlainBuild::library_closures:
      return "the leak's closures are a library's, which -finfo-table-map names only when the library is built with it; " +
             profiled + "says which code makes it, what holds it and how it lives. ";
    case PlainBuild::types_only: break;
  }
  return "a build without profiling names closure types only: " + profiled + "says which code makes it, what holds it "
         "and how it lives; on GHC 9.2 or later, -finfo-table-map -fdistinct-constructor-tables names where each closure "
         "is made without profiling. ";
}

std::vector<Share> main_makers(const std::vector<Share>& makers) {
  std::vector<Share> main;
  double covered = 0;
  for (const Share& s : makers) {
    if (covered >= 0.8 || main.size() == 3) break;
    if (s.top.label.empty() || s.top.label.find(',') != std::string::npos) continue;  // cannot be selected
    bool seen = std::any_of(main.begin(), main.end(), [&](const Share& m) { return m.top.label == s.top.label; });
    if (!seen) main.push_back(s);
    covered += s.share;  // a label seen selects this stack too
  }
  return main;
}

std::vector<std::string> restriction(const std::string& type, const std::vector<Share>& makers) {
  std::string labels, modules;
  std::set<std::string> seen;
  for (const Share& s : makers) {
    labels += (labels.empty() ? "" : ",") + s.top.label;
    if (!s.top.module.empty() && seen.insert(s.top.module).second) modules += (modules.empty() ? "" : ",") + s.top.module;
  }
  std::vector<std::string> words;
  if (!labels.empty()) words.push_back("-hc" + labels);
  if (!modules.empty()) words.push_back("-hm" + modules);
  if (!type.empty() && type.find(',') == std::string::npos) words.push_back("-hy" + type);
  return words;
}

std::string retainer_meaning(const std::string& set) {
  if (set == "SYSTEM") return "a thread's stack: an evaluation in progress holds it";
  if (set == "MAIN") return "the program's top level";
  if (set == "CAF") return "a top-level constant (a CAF)";
  if (set == "MANY") return "more retainers than -R lets the RTS tell apart";
  return "what " + set + " made: a mutable object such as an IORef, or a thunk";
}

namespace {

// "80 % of it is drag: used, then kept": the largest phase, in words.
std::string life_words(const Biography& b) {
  struct Phase {
    double share;
    const char* words;
  } phases[] = {{b.drag, "drag: used, then kept"},
                {b.lag, "lag: made long before its first use"},
                {b.void_, "void: never entered (an evaluated constructor read through a tagged pointer counts as never "
                          "entered)"},
                {b.use, "in use"},
                {b.inherent_use, "inherently in use (arrays and other primitive objects)"}};
  const Phase* most = std::max_element(std::begin(phases), std::end(phases),
                                       [](const Phase& x, const Phase& y) { return x.share < y.share; });
  return printed("%.0f", most->share * 100) + " % of it is " + most->words;
}

// A run by cost centre was made (a profiled build's run 2).
bool by_cost_centre(const Explanation& e) {
  return std::any_of(e.runs.begin(), e.runs.end(), [](const ExplainedRun& r) { return r.breakdown == "-hc"; });
}

std::string named_list(const std::vector<Share>& shares, bool with_place) {
  std::string out;
  for (size_t i = 0; i < shares.size() && i < 2; ++i) {
    const Share& s = shares[i];
    std::string name = s.top.label.empty() ? s.name : s.top.label;
    std::string place = with_place && !s.top.src_loc.empty() ? s.top.src_loc : s.top.module;
    out += (i ? " and " : "") + ("`" + name + "`") + (with_place && !place.empty() ? " (" + place + ")" : "");
  }
  return out;
}

}  // namespace

std::string next_step(const Explanation& e) {
  if (!e.suspect || e.made_by.empty()) return "";
  std::string step;
  if (by_cost_centre(e) && e.made_by.front().name.find('/') == std::string::npos) {
    step += "The stacks name one cost centre each: a build with -fprof-auto-calls gives deeper ones. ";
  }
  if (e.held_by.size() == 1 && e.held_by.front().name == "SYSTEM") {
    step += "Only SYSTEM holds it: a thread's stack, an evaluation in progress (a loop's accumulator, a value a "
            "pending expression still needs); look at what keeps `" + e.made_by.front().top.label + "`'s result. ";
  }
  if (e.biography && e.biography->void_ >= 0.9) {
    step += "VOID is \"never entered\": an evaluated constructor read through a tagged pointer never is, so it says "
            "nothing of whether the data is used. ";
  }
  return step;
}

std::string explanation_sentence(const Explanation& e) {
  bool answered = std::any_of(e.runs.begin(), e.runs.end(), [](const ExplainedRun& r) {
    return r.said.empty() || r.said.starts_with("stopped");
  });
  if (!e.suspect && !answered) return "no answer: no run left a profile to judge";
  bool stopped = std::any_of(e.runs.begin(), e.runs.end(), [](const ExplainedRun& r) { return r.said.starts_with("stopped"); });
  if (!e.suspect && stopped) return "no leak found in what was recorded before the stop";
  if (!e.suspect) return "no leak found: no band of the heap grows as a leak does";
  const Suspect& s = *e.suspect;
  std::string line = "`" + s.band + "` (" + si_amount(s.peak, "bytes") + ", " + shape_token(s.shape) + ")";
  std::string unnamed = stopped            ? "code the runs were stopped before naming"
                        : by_cost_centre(e) ? "code the runs could not name"
                                            : "code a build without profiling cannot name";
  line += " is made by " + (e.made_by.empty() ? unnamed : named_list(e.made_by, true));
  if (!e.held_by.empty()) line += " and held by " + named_list(e.held_by, false);
  if (e.biography) line += "; " + life_words(*e.biography);
  return line;
}

}  // namespace hpng
