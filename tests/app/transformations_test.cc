// The transformations against hand-made equivalent inputs: hp2ps-ng with
// --from/--to, --exclude, --include or --merge must give exactly what it
// gives without them on a file this test writes by hand: the .hp holding
// only the window's samples and marks, the .hp with the excluded bands'
// lines deleted, the .hp with the merged names rewritten. Same JSON (bands,
// order, values, times, title total) and the same .aux, for several hp2ps
// flag sets, on real .hp files and on eventlogs (whose samples the test
// first writes out as a .hp, checked to draw the same). --percent: shares
// add up to 100 in every sample with data, bands and .aux as without it.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <regex>
#include <set>
#include <sstream>

#include "hpng/read/read.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

std::string small(const std::string& name) { return read_file(std::string(HPNG_CASES) + "/../eventlog-small/" + name); }
std::string real(const std::string& path) { return read_file(std::string(HPNG_TEST_CORPUS) + "/" + path); }

// --- Editing a .hp by hand -------------------------------------------------

struct HpLine {
  std::string text;  // without its newline
  bool data = false;
  std::string name;  // data lines: the name before the last TAB (or space)
};

std::vector<HpLine> hp_lines(const std::string& hp) {
  std::vector<HpLine> lines;
  std::istringstream in(hp);
  std::string l;
  static const std::regex keyword("^(JOB|DATE|SAMPLE_UNIT|VALUE_UNIT|MARK|BEGIN_SAMPLE|END_SAMPLE)\\b");
  while (std::getline(in, l)) {
    HpLine h{l, false, ""};
    size_t sep = l.rfind('\t') != std::string::npos ? l.rfind('\t') : l.rfind(' ');
    h.data = !l.empty() && !std::regex_search(l, keyword) && sep != std::string::npos;
    if (h.data) h.name = l.substr(0, sep);
    lines.push_back(h);
  }
  return lines;
}

std::string join(const std::vector<HpLine>& lines) {
  std::string out;
  for (const HpLine& l : lines) out += l.text + "\n";
  return out;
}

double time_of(const std::string& line) { return std::stod(line.substr(line.find(' ') + 1)); }

// Keeps the header, the marks in [from, to] and the samples that begin in it.
std::string cut_to_window(const std::string& hp, double from, double to) {
  std::vector<HpLine> kept;
  bool keep = true;
  for (const HpLine& l : hp_lines(hp)) {
    if (l.text.rfind("BEGIN_SAMPLE", 0) == 0) keep = time_of(l.text) >= from && time_of(l.text) <= to;
    if (l.text.rfind("MARK", 0) == 0 && !(time_of(l.text) >= from && time_of(l.text) <= to)) continue;
    bool in_sample_part = l.data || l.text.rfind("BEGIN_SAMPLE", 0) == 0 || l.text.rfind("END_SAMPLE", 0) == 0;
    if (!in_sample_part || keep) kept.push_back(l);
  }
  return join(kept);
}

std::string delete_bands(const std::string& hp, const std::regex& re) {
  std::vector<HpLine> kept;
  for (const HpLine& l : hp_lines(hp)) {
    if (!l.data || !std::regex_search(l.name, re)) kept.push_back(l);
  }
  return join(kept);
}

std::string rename_bands(const std::string& hp, const std::regex& re, const std::string& to) {
  std::vector<HpLine> lines = hp_lines(hp);
  for (HpLine& l : lines) {
    if (l.data && std::regex_search(l.name, re)) l.text = to + "\t" + l.text.substr(l.name.size() + 1);
  }
  return join(lines);
}

// --- An eventlog's samples written out as a .hp ----------------------------

class HpWriter : public SampleSink {
 public:
  void band(uint32_t, std::string_view name) override { names_.emplace_back(name); }
  void sample(const Sample& s) override {
    char t[64];
    std::snprintf(t, sizeof t, "%.9f", s.time);  // ns / 1e9: nine decimals are exact
    body_ += std::string("BEGIN_SAMPLE ") + t + "\n";
    for (const DataPoint& p : s.points) body_ += names_[p.band] + "\t" + std::to_string(static_cast<uint64_t>(p.value)) + "\n";
    body_ += std::string("END_SAMPLE ") + t + "\n";
  }
  std::string text(const ProfileInfo& info) const {
    auto quoted = [](const std::string& s) { return "\"" + std::regex_replace(s, std::regex("\""), "\"\"") + "\""; };
    std::string out = "JOB " + quoted(info.header.job) + "\nDATE " + quoted(info.header.date) + "\nSAMPLE_UNIT " +
                      quoted(info.header.sample_unit) + "\nVALUE_UNIT " + quoted(info.header.value_unit) + "\n";
    for (const Mark& m : info.marks) {
      char t[64];
      std::snprintf(t, sizeof t, "%.9f", m.time);
      out += std::string("MARK ") + t + "\n";
    }
    return out + body_;
  }

 private:
  std::vector<std::string> names_;
  std::string body_;
};

std::string as_hp(const std::string& eventlog) {
  Input in{"x.eventlog", eventlog};
  HpWriter w;
  Warnings warnings;
  ProfileInfo info = profile_source(in, InputFormat::eventlog)(w, warnings);
  return w.text(info);
}

// --- Running hp2ps-ng ------------------------------------------------------

struct Outputs {
  std::string json, aux;
};

// The JSON up to the marks' times: the bands, their times and the total,
// without what a .hp cannot say (input format, mark names, an eventlog's
// heap lines and run).
std::string bands_part(const std::string& json) {
  std::string s = std::regex_replace(json, std::regex("\"input_format\": \"[a-z]+\""), "");
  // The heap's live bytes come from GC events, which a .hp cannot carry.
  s = std::regex_replace(s, std::regex(",\n \"live_bytes\": \\{[^}]*\\}"), "");
  size_t end = std::min(s.find(",\n \"mark_names\""), s.find(",\n \"series\""));
  return s.substr(0, end);
}

// hp2ps-ng FLAGS on `bytes` saved as prof.<ext>: the JSON (input format
// left out, so an eventlog and its .hp compare) and the .aux of a -c run.
Outputs run_on(const std::string& bytes, const std::string& ext, const std::string& flags) {
  std::string dir = scratch_dir();
  write_file(dir + "/prof." + ext, bytes);
  CommandResult r = run_in(dir, exe() + " " + flags + " --format json -o out.json prof." + ext);
  EXPECT_EQ(r.status, 0) << flags << ": " << r.err;
  r = run_in(dir, exe() + " -c " + flags + " -o out.ps prof." + ext);
  EXPECT_EQ(r.status, 0) << flags << ": " << r.err;
  return {bands_part(read_file(dir + "/out.json")), read_file(dir + "/prof.aux")};
}

struct Case {
  const char* name;
  const char* input;   // in tests/data/eventlog-small, or "real:" + bundled corpus path
  const char* option;  // the transformation
  std::function<std::string(const std::string&)> by_hand;  // the same, done to the .hp
};

std::ostream& operator<<(std::ostream& os, const Case& c) { return os << c.name; }

class Transformation : public testing::TestWithParam<Case> {};

TEST_P(Transformation, EqualsTheSameProfileEditedByHand) {
  const Case& c = GetParam();
  std::string input = c.input;
  bool eventlog = input.ends_with(".eventlog");
  std::string bytes = input.rfind("real:", 0) == 0 ? real(input.substr(5)) : small(input);
  ASSERT_FALSE(bytes.empty()) << input;
  std::string hp = eventlog ? as_hp(bytes) : bytes;
  std::string ext = eventlog ? "eventlog" : "hp";
  if (eventlog) {  // the .hp written from the eventlog draws as the eventlog does
    Outputs log = run_on(bytes, ext, ""), written = run_on(hp, "hp", "");
    ASSERT_EQ(log.json, written.json);
    ASSERT_EQ(log.aux, written.aux);
  }
  std::string edited = c.by_hand(hp);
  ASSERT_NE(edited, hp) << "the case edits nothing";
  for (const char* flags : {"", "-m5 -d", "-i -t0", "-m3 -i-"}) {
    SCOPED_TRACE(std::string("flags: ") + flags);
    Outputs with_option = run_on(bytes, ext, std::string(flags) + " " + c.option);
    Outputs by_hand = run_on(edited, "hp", flags);
    EXPECT_EQ(with_option.json, by_hand.json);
    EXPECT_EQ(with_option.aux, by_hand.aux);
  }
}

const Case kCases[] = {
    {"WindowOnHp", "real:leakyavg/leakyavg.hc.hp", "--from 0.1 --to 0.4",
     [](const std::string& hp) { return cut_to_window(hp, 0.1, 0.4); }},
    {"WindowFromOnlyOnHp", "real:logreport/logreport.hc.hp", "--from 0.5",
     [](const std::string& hp) { return cut_to_window(hp, 0.5, 1e300); }},
    {"WindowToOnlyOnHp", "real:cachemap/cachemap.hy.hp", "--to 0.3",
     [](const std::string& hp) { return cut_to_window(hp, -1, 0.3); }},
    {"WindowOnEventlog", "leak-hc.eventlog", "--from 1 --to 4", [](const std::string& hp) { return cut_to_window(hp, 1, 4); }},
    {"WindowOnHTEventlog", "leak-hT-N2.eventlog", "--to 0.9", [](const std::string& hp) { return cut_to_window(hp, -1, 0.9); }},
    {"ExcludeOnHp", "real:leakyavg/leakyavg.hc.hp", "--exclude 'CAF|PINNED'",
     [](const std::string& hp) { return delete_bands(hp, std::regex("CAF|PINNED")); }},
    {"ExcludeTwiceOnHp", "real:banksim/banksim.hy.hp", "--exclude '^\\[' --exclude Int",
     [](const std::string& hp) { return delete_bands(delete_bands(hp, std::regex("^\\[")), std::regex("Int")); }},
    {"IncludeOnHp", "real:logreport/logreport.hd.hp", "--include '^<' --include Text",
     [](const std::string& hp) { return delete_bands(hp, std::regex("^(?!(<|.*Text))")); }},
    {"IncludeThenExcludeOnHp", "real:cachemap/cachemap.hd.hp", "--include '[a-z]' --exclude 'Bin'",
     [](const std::string& hp) { return delete_bands(delete_bands(hp, std::regex("^[^a-z]*$")), std::regex("Bin")); }},
    {"ExcludeOnEventlog", "leak-hT-N2.eventlog", "--exclude ARR_WORDS --exclude '^base:'",
     [](const std::string& hp) { return delete_bands(hp, std::regex("ARR_WORDS|^base:")); }},
    {"MergeOnHp", "real:logreport/logreport.hc.hp", "--merge 'CAF$=all CAFs'",
     [](const std::string& hp) { return rename_bands(hp, std::regex("CAF$"), "all CAFs"); }},
    {"MergeIntoExistingNameOnHp", "real:leakyavg/leakyavg.hy.hp", "--merge '^\\[=Int'",
     [](const std::string& hp) { return rename_bands(hp, std::regex("^\\["), "Int"); }},
    {"MergeOnEventlog", "leak-hc.eventlog", "--merge 'main=main and below'",
     [](const std::string& hp) { return rename_bands(hp, std::regex("main"), "main and below"); }},
    {"WindowAndExcludeOnEventlog", "leak-hc.eventlog", "--from 2 --exclude CAF",
     [](const std::string& hp) { return delete_bands(cut_to_window(hp, 2, 1e300), std::regex("CAF")); }},
};

INSTANTIATE_TEST_SUITE_P(Cases, Transformation, testing::ValuesIn(kCases),
                         [](const testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

// --- --percent -------------------------------------------------------------

std::vector<std::vector<double>> json_band_values(const std::string& whole) {
  std::string json = bands_part(whole);
  std::vector<std::vector<double>> bands;
  static const std::regex values("\"values\": \\[([^\\]]*)\\]");
  for (std::sregex_iterator it(json.begin(), json.end(), values), end; it != end; ++it) {
    std::vector<double> v;
    std::istringstream in(std::regex_replace((*it)[1].str(), std::regex(","), " "));
    for (double x; in >> x;) v.push_back(x);
    bands.push_back(v);
  }
  return bands;
}

std::vector<double> json_times(const std::string& whole) {
  std::smatch m;
  static const std::regex times("\"times\": \\[([^\\]]*)\\]");
  if (!std::regex_search(whole, m, times)) return {};
  std::vector<double> v;
  std::istringstream in(std::regex_replace(m[1].str(), std::regex(","), " "));
  for (double x; in >> x;) v.push_back(x);
  return v;
}

class Percent : public testing::TestWithParam<const char*> {};

TEST_P(Percent, SharesAddUpTo100AndBandsStay) {
  std::string input = GetParam();
  bool eventlog = input.ends_with(".eventlog");
  std::string bytes = eventlog ? small(input) : real(input);
  std::string ext = eventlog ? "eventlog" : "hp";
  Outputs plain = run_on(bytes, ext, "-m8"), percent = run_on(bytes, ext, "-m8 --percent");
  EXPECT_EQ(plain.aux, percent.aux);
  std::vector<std::vector<double>> bytes_values = json_band_values(plain.json), shares = json_band_values(percent.json);
  std::vector<double> plain_times = json_times(plain.json), percent_times = json_times(percent.json);
  ASSERT_EQ(bytes_values.size(), shares.size());
  ASSERT_GT(shares.size(), 1u);
  // Every sample with anything in it, and no other: a share of nothing is
  // left out, not drawn as 0 %.
  std::vector<size_t> with_data;
  for (size_t k = 0; k < plain_times.size(); ++k) {
    double total = 0;
    for (size_t b = 0; b < shares.size(); ++b) total += bytes_values[b][k];
    if (total > 0) with_data.push_back(k);
  }
  ASSERT_EQ(percent_times.size(), with_data.size());
  EXPECT_LT(with_data.size(), plain_times.size()) << "the profile has an empty sample to leave out";
  EXPECT_GT(with_data.size(), 5u);
  for (size_t j = 0; j < with_data.size(); ++j) {
    size_t k = with_data[j];
    EXPECT_EQ(percent_times[j], plain_times[k]);
    double total = 0, sum = 0;
    for (size_t b = 0; b < shares.size(); ++b) total += bytes_values[b][k], sum += shares[b][j];
    EXPECT_NEAR(sum, 100, 1e-9) << "sample " << k;
    for (size_t b = 0; b < shares.size(); ++b) EXPECT_NEAR(shares[b][j], 100 * bytes_values[b][k] / total, 1e-9);
  }
  EXPECT_NE(percent.json.find("\"percent\": true"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Profiles, Percent,
                         testing::Values("leakyavg/leakyavg.hc.hp", "logreport/logreport.hc.hp", "leak-hc.eventlog",
                                         "leak-hT-N2.eventlog"),
                         [](const testing::TestParamInfo<const char*>& i) {
                           return identifier(i.param);
                         });

// --- The options on the command line ---------------------------------------

struct BadCase {
  const char* args;
  int status;
  const char* message;
};

TEST(TransformOptions, BadValuesAreClearErrorsAndWriteNothing) {
  const BadCase cases[] = {
      {"--from 3 --to 1", 2, "error: --from 3 is after --to 1"},
      {"--from 100", 1, "prof.hp: no sample at or after 100 seconds: the profile's samples run from 0 to 0.567442 seconds"},
      {"--from 1 --to 2", 1, "no sample between 1 and 2 seconds"},
      {"--include 'fo(o'", 2, "--include: 'fo(o' is not a valid regular expression (RE2 syntax): a '(' that is never closed at character 3"},
      {"--exclude '[ab'", 2, "a '[' that is never closed at character 1"},
      {"--merge '*x=y'", 2, "nothing before it to repeat at character 1"},
      {"--merge abc", 2, "--merge 'abc': expected REGEX=NAME"},
      {"--merge 'abc='", 2, "--merge 'abc=': expected REGEX=NAME"},
      {"--include zzz", 1, "no band is left by --include and --exclude (the profile has 15 bands, e.g. "},
      {"--from abc", 2, "--from"},
  };
  for (const BadCase& c : cases) {
    SCOPED_TRACE(c.args);
    std::string dir = scratch_dir();
    write_file(dir + "/prof.hp", real("leakyavg/leakyavg.hc.hp"));
    CommandResult r = run_in(dir, exe() + " -c " + c.args + " prof.hp");
    EXPECT_EQ(r.status, c.status) << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_EQ(list_dir(dir), (std::vector<std::string>{"prof.hp"}));
  }
}

// Each option, on a .hp and an eventlog, from a file and from standard
// input, to every output format: a complete file of that format.
class OptionEverywhere : public testing::TestWithParam<const char*> {};

TEST_P(OptionEverywhere, EveryFormatAndInput) {
  std::string dir = scratch_dir();
  write_file(dir + "/p.hp", real("leakyavg/leakyavg.hc.hp"));
  write_file(dir + "/p.eventlog", small("leak-hc.eventlog"));
  const std::pair<const char*, const char*> formats[] = {{"ps", "%!PS"}, {"eps", "%!PS"}, {"pdf", "%PDF"},
                                                          {"svg", "<?xml"}, {"png", "\x89PNG"}, {"json", "{\"job\""},
                                                          {"csv", "time,"}};
  for (const char* input : {"p.hp", "p.eventlog", "< p.hp", "< p.eventlog"}) {
    for (const auto& [format, magic] : formats) {
      SCOPED_TRACE(std::string(input) + " to " + format);
      CommandResult r = run_in(dir, exe() + " -c " + GetParam() + " --format " + format + " -o out " + input);
      EXPECT_EQ(r.status, 0) << r.err;
      EXPECT_EQ(read_file(dir + "/out").rfind(magic, 0), 0u);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Options, OptionEverywhere,
                         testing::Values("--from 0.1 --to 4", "--exclude CAF", "--include main --merge 'main=M'",
                                         "--percent", "--from 0.2 --exclude PINNED --percent -d -m3"),
                         [](const testing::TestParamInfo<const char*>& i) {
                           return "Case" + std::to_string(i.index);
                         });

// A window or filter writes an .aux of its own bands and ranges; a later -p
// run without it must still draw every band (those the .aux does not list
// come first, as hp2ps orders them).
TEST(TransformOptions, AuxOfAWindowOrFilterServesALaterP) {
  for (const char* option : {"--from 0.1 --to 0.2", "--exclude 'main|CAF'", "--merge '.=all'", "--percent"}) {
    SCOPED_TRACE(option);
    std::string dir = scratch_dir();
    write_file(dir + "/prof.hp", real("leakyavg/leakyavg.hc.hp"));
    ASSERT_EQ(run_in(dir, exe() + " -c -o plain.json prof.hp").status, 0);
    ASSERT_EQ(run_in(dir, exe() + " -c " + option + " prof.hp").status, 0);
    CommandResult r = run_in(dir, exe() + " -pc --format json -o - prof.hp > again.json");  // -p reads ./prof.aux
    ASSERT_EQ(r.status, 0) << r.err;
    std::string plain = read_file(dir + "/plain.json"), again = read_file(dir + "/again.json");
    std::regex name("\"name\": \"([^\"]*)\"");
    std::set<std::string> want, got;
    for (std::sregex_iterator it(plain.begin(), plain.end(), name), end; it != end; ++it) want.insert((*it)[1]);
    for (std::sregex_iterator it(again.begin(), again.end(), name), end; it != end; ++it) got.insert((*it)[1]);
    EXPECT_EQ(got, want);
  }
}

}  // namespace
}  // namespace hpng

namespace hpng {
namespace {

// Patterns that backtrack without end in a backtracking engine, on names
// long enough to overflow a recursing one: RE2 matches each in time linear
// in the name. A hang is caught by hang_guard, a crash by the status.
struct Pathological {
  std::string name;
  std::string pattern;
  int status;  // 0: a band matched and is drawn; 1: none matched
};

std::ostream& operator<<(std::ostream& os, const Pathological& p) { return os << p.pattern; }

class PathologicalPatterns : public ::testing::TestWithParam<Pathological> {};

TEST_P(PathologicalPatterns, MatchInLinearTime) {
  std::string stack;  // an 8 KB cost-centre stack, and a 1 MB name of a's
  for (int i = 0; stack.size() < 8192; ++i) stack += "Data.Map.Internal.insertWith.go" + std::to_string(i) + "/";
  std::string hp = "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
                   "BEGIN_SAMPLE 1.0\n" + std::string(1 << 20, 'a') + "\t10\n" + stack + "main\t20\nEND_SAMPLE 1.0\n";
  std::string dir = test::scratch_dir();
  test::write_file(dir + "/p.hp", hp);
  test::CommandResult r = test::run_in(dir, test::hang_guard() + test::exe() + " --include " +
                                                test::shell_quote(GetParam().pattern) + " -o p.svg p.hp");
  EXPECT_EQ(r.status, GetParam().status) << r.err.substr(0, 300);
}

INSTANTIATE_TEST_SUITE_P(Cases, PathologicalPatterns,
                         ::testing::Values(Pathological{"nested_stars", "(a*)*x", 1},
                                           Pathological{"nested_plus_anchored", "^(a+)+b", 1},
                                           Pathological{"alternatives_alike", "(?:a|a)*x", 1},
                                           Pathological{"alternation_star", "(a|b)*x", 1},
                                           Pathological{"alternation_star_matching", "(a|b)*a$", 0},
                                           Pathological{"realistic_on_a_stack", "^(Data\\.Map\\.[A-Za-z.]+[0-9]*/)+main$", 0},
                                           Pathological{"huge_repetition", "(((a{100}){100}){100}){100}", 2}),
                         [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace hpng
