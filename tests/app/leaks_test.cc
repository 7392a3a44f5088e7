// The leak verdict on labelled real programs (tests/corpus/leaks/README.md):
// every profile of the leak corpus (GHC 9.0.2 and 9.6.6, -hT -hy -hc -hb)
// gets the suspects its label says, as `hp2ps-ng --format json` reports
// them; the precision and recall over it, and over the labelled profiles of
// today's corpus (GHC 9.6.6 and 9.10.3, held out: older versions of some
// programs, in seven breakdowns, not looked at while the rule was made but
// for one threshold), stay at the figures reached.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "support/today.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

const std::string kLeaks = HPNG_TEST_CORPUS "/../leaks";
const std::string kLabels = HPNG_SOURCE_DIR "/tests/corpus/leaks/labels.tsv";
// Programs of kinds the first set lacked, labelled before they were
// recorded (tests/corpus/leaks/new/README.md); their names differ.
const std::string kNew = HPNG_TEST_CORPUS "/../leaks-new";
const std::string kNewLabels = HPNG_SOURCE_DIR "/tests/corpus/leaks/new/labels.tsv";
// The textbook leaks and their twins (tests/corpus/leaks/textbook/README.md),
// labelled before they were recorded: each run's .hp and its eventlog.
const std::string kTextbook = HPNG_TEST_CORPUS "/../leaks-textbook";
const std::string kTextbookLabels = HPNG_SOURCE_DIR "/tests/corpus/leaks/textbook/labels.tsv";

// program and breakdown -> the label: a pattern of the leaking bands, "-"
// (healthy) or "short" (too short to judge).
std::map<std::pair<std::string, std::string>, std::string> labels() {
  std::map<std::pair<std::string, std::string>, std::string> out;
  std::istringstream in(read_file(kLabels) + read_file(kNewLabels) + read_file(kTextbookLabels));
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    size_t a = line.find('\t'), b = line.find('\t', a + 1);
    out[{line.substr(0, a), line.substr(a + 1, b - a - 1)}] = line.substr(b + 1);
  }
  return out;
}

struct Profile {
  std::string path, program, breakdown, corpus;
  std::string format = "hp";  // or "eventlog"
};

// "…/ghc-9.6.6/journal.hy.hp" (or "…/journal/journal.hy.hp"; with
// `eventlogs`, "…/mean.hT.eventlog" too): a labelled profile.
std::vector<Profile> profiles(const std::string& root, const std::string& corpus, bool nested, bool eventlogs = false) {
  auto known = labels();
  std::vector<Profile> out;
  for (const std::string& ghc : list_dir(root)) {
    if (!ghc.starts_with("ghc-")) continue;
    std::vector<std::string> dirs = nested ? list_dir(root + "/" + ghc) : std::vector<std::string>{""};
    for (const std::string& d : dirs) {
      std::string dir = root + "/" + ghc + (d.empty() ? "" : "/" + d);
      for (const std::string& f : list_dir(dir)) {
        std::string format = f.substr(f.rfind('.') + 1);
        if (format != "hp" && !(eventlogs && format == "eventlog")) continue;
        size_t dot = f.find('.');
        Profile p{dir + "/" + f, f.substr(0, dot), f.substr(dot + 1, f.size() - dot - format.size() - 2), corpus + "_" + ghc,
                  format};
        if (known.count({p.program, p.breakdown})) out.push_back(p);
      }
    }
  }
  return out;
}

void PrintTo(const Profile& p, std::ostream* os) { *os << p.path; }

// The strings of a JSON array of strings after `"key": [` (the export
// escapes only '"', '\\' and controls, which band names here lack).
std::vector<std::string> string_array(const std::string& json, const std::string& key) {
  std::vector<std::string> out;
  size_t k = json.find("\"" + key + "\": [");
  if (k == std::string::npos) return out;
  for (k = json.find('[', k) + 1; k < json.size() && json[k] != ']'; ++k) {
    if (json[k] != '"') continue;
    std::string s;
    for (++k; json[k] != '"'; ++k) s += json[k] == '\\' ? json[++k] : json[k];
    out.push_back(s);
  }
  return out;
}

struct Outcome {
  bool judged = false;
  std::vector<std::string> suspects, right;  // right: those the label names
  bool evidence = false;                     // a -hb profile's biography calls it a leak
};

Outcome verdict(const Profile& p, const std::string& label) {
  static std::map<std::string, Outcome> seen;  // a score of several groups judges each profile once
  if (auto hit = seen.find(p.path + "\n" + label); hit != seen.end()) return hit->second;
  CommandResult r = run_in(scratch_dir(), exe() + " --format json -o - " + shell_quote(p.path));
  EXPECT_EQ(r.status, 0) << r.err;
  Outcome o{r.out.find("\"judged\": true") != std::string::npos, string_array(r.out, "suspects"), {},
            r.out.find("\"evidence\": true") != std::string::npos};
  std::regex leaking(label == "-" || label == "short" ? "$^" : label);
  for (const std::string& s : o.suspects) {
    if (std::regex_search(s, leaking)) o.right.push_back(s);
  }
  seen[p.path + "\n" + label] = o;
  return o;
}

std::string listed(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return "[" + out + "]";
}

// A labelled profile judged: its label and what the verdict said.
struct Judgement {
  std::string label;
  Outcome o;
};

Judgement judged(const Profile& p) {
  std::string label = labels().at({p.program, p.breakdown});
  return {label, verdict(p, label)};
}

void expect_healthy_unaccused(const Judgement& j) {
  if (j.label == "-") {
    EXPECT_TRUE(j.o.suspects.empty()) << "a healthy program accused: " << listed(j.o.suspects);
  }
}

// "leaks_ghc_9_0_2_journal_hy", an eventlog's with "_eventlog".
std::string profile_test_name(const testing::TestParamInfo<Profile>& i) {
  const Profile& p = i.param;
  return identifier(p.corpus + "_" + p.program + "_" + p.breakdown + (p.format == "hp" ? "" : "_" + p.format));
}

class LeakVerdict : public testing::TestWithParam<Profile> {};

TEST_P(LeakVerdict, NamesTheLabelledBandsAndNoOther) {
  const Profile& p = GetParam();
  auto [label, o] = judged(p);
  if (label == "short") {
    EXPECT_FALSE(o.judged) << "a run this short gets no verdict";
    EXPECT_TRUE(o.suspects.empty());
  } else if (label == "-") {
    expect_healthy_unaccused({label, o});
  } else {
    EXPECT_FALSE(o.right.empty()) << "the leak is not named; suspects " << listed(o.suspects);
    EXPECT_EQ(o.right.size(), o.suspects.size()) << "a band that does not leak named: " << listed(o.suspects);
  }
  // A -hb profile's phases tell a leak by their shares too.
  if (p.breakdown == "hb" && label != "short") {
    EXPECT_EQ(o.evidence, label != "-") << "the biography's leak evidence";
  }
}

// The leak corpus, profile by profile; today's is held out, scored below.
INSTANTIATE_TEST_SUITE_P(Corpus, LeakVerdict, testing::ValuesIn(profiles(kLeaks, "leaks", false)), profile_test_name);
// The new programs: labels written before the runs, so a band the label
// did not foresee (a ByteString's PlainPtr) is counted in the precision
// below, not failed here.
class NewLeakVerdict : public testing::TestWithParam<Profile> {};

TEST_P(NewLeakVerdict, NamesTheLeakAndAccusesNoHealthyProgram) {
  Judgement j = judged(GetParam());
  expect_healthy_unaccused(j);
  if (j.label != "-") {
    EXPECT_FALSE(j.o.right.empty()) << "the leak is not named; suspects " << listed(j.o.suspects);
  }
}

INSTANTIATE_TEST_SUITE_P(New, NewLeakVerdict, testing::ValuesIn(profiles(kNew, "new", false)), profile_test_name);

// The textbook set: no healthy twin accused; the leaks found and the bands
// named are scored below (the labels stay as written).
class TextbookLeakVerdict : public testing::TestWithParam<Profile> {};

TEST_P(TextbookLeakVerdict, AccusesNoHealthyTwin) { expect_healthy_unaccused(judged(GetParam())); }

INSTANTIATE_TEST_SUITE_P(Textbook, TextbookLeakVerdict, testing::ValuesIn(profiles(kTextbook, "textbook", false, true)),
                         profile_test_name);

// Precision: of the bands named, those the labels call leaking; recall: of
// the leaking programs' profiles, those with a leaking band named; and the
// healthy profiles with any band named.
struct Score {
  size_t named = 0, right = 0, leaks = 0, found = 0, healthy = 0, accused = 0;
  double precision() const { return named ? static_cast<double>(right) / static_cast<double>(named) : 1; }
  double recall() const { return leaks ? static_cast<double>(found) / static_cast<double>(leaks) : 1; }
};

Score score(const std::vector<Profile>& ps) {
  Score s;
  auto known = labels();
  for (const Profile& p : ps) {
    std::string label = known.at({p.program, p.breakdown});
    if (label == "short") continue;
    Outcome o = verdict(p, label);
    s.named += o.suspects.size(), s.right += o.right.size();
    if (label == "-") ++s.healthy, s.accused += !o.suspects.empty();
    else ++s.leaks, s.found += !o.right.empty();
  }
  std::printf("precision %zu/%zu, recall %zu/%zu, healthy accused %zu/%zu\n", s.right, s.named, s.found, s.leaks,
              s.accused, s.healthy);
  return s;
}

// A set's figures at least those given (profiles at least `leaks` and
// `healthy`, none of the healthy accused).
void expect_score(const std::vector<Profile>& set, size_t leaks, size_t healthy, double precision, double recall) {
  Score s = score(set);
  ASSERT_GE(s.leaks, leaks);
  ASSERT_GE(s.healthy, healthy);
  EXPECT_GE(s.precision(), precision);
  EXPECT_GE(s.recall(), recall);
  EXPECT_EQ(s.accused, 0u);
}

// Reached on the textbook set (issue 61's note has the table, before and
// after); the aim is 0.95 for both.
constexpr double kTextbookPrecision = 0.98, kTextbookRecall = 0.85;

// The textbook set's figures per GHC version, breakdown and format, and
// over all (the table of issue 61's note); no healthy twin accused in any.
TEST(LeakScore, OnTheTextbookLeaksPerVersionBreakdownAndFormat) {
  std::vector<Profile> all = profiles(kTextbook, "textbook", false, true);
  ASSERT_GE(all.size(), 300u);
  std::map<std::string, std::vector<Profile>> groups;
  for (const Profile& p : all) {
    groups[p.corpus + " " + p.breakdown].push_back(p);
    groups[p.corpus + " " + p.format].push_back(p);
  }
  for (const auto& [group, set] : groups) {
    std::printf("%-28s ", group.c_str());
    EXPECT_EQ(score(set).accused, 0u) << group;
  }
  std::printf("%-28s ", "all");
  Score s = score(all);
  EXPECT_GE(s.precision(), kTextbookPrecision);
  EXPECT_GE(s.recall(), kTextbookRecall);
}

// The figures reached (man/guide.md, "which bands leak"); the rule before
// this verdict (a band still growing at the end) scored 0.03 / 0.03 / 36
// of 70 on the leak corpus and 0 / 0 / 5 of 14 on today's.
TEST(LeakScore, OnTheLabelledCorpusEveryLeakNamedAndNoHealthyProgramAccused) {
  expect_score(profiles(kLeaks, "leaks", false), 38, 68, 1.0, 1.0);
}

TEST(LeakScore, OnTodaysCorpusHeldOut) { expect_score(profiles(today_root(), "today", true), 40, 14, 1.0, 0.90); }

// Before the thunk-chain and phase rules and the censuses' clock (c09f45b):
// precision 0.71, recall 1.00, 5 of 23 healthy profiles accused.
TEST(LeakScore, OnTheNewProgramsLabelledBeforeTheyWereRecorded) {
  expect_score(profiles(kNew, "new", false), 23, 23, 0.85, 1.0);
}

// Every verdict word in every output against the figures it speaks of, on
// every labelled profile: the text report names exactly the JSON's
// suspects; "held" only where the band at its last judged census is near
// its peak ("to the end" only with no teardown after it, "until T" at that
// census's time), "released" only where it had fallen; the Markdown and
// the page say each suspect's words as the JSON does.
struct BandWords {
  std::string name, words;
  std::vector<double> values;
  double peak = 0;
};

std::vector<double> numbers(const std::string& list) {
  std::vector<double> out;
  std::istringstream in(list);
  for (std::string n; std::getline(in, n, ',');) out.push_back(std::stod(n));
  return out;
}

// The JSON export's bands: a name, its values, and its stats on the next
// line (the export's layout: one band to two lines).
std::vector<BandWords> band_words(const std::string& json) {
  std::vector<BandWords> out;
  std::regex band("\\{\"name\": \"((?:[^\"\\\\]|\\\\.)*)\", \"values\": \\[([^\\]]*)\\],\\s*\"stats\": \\{\"peak\": ([^,]+),([^}]*)\\}");
  for (std::sregex_iterator it(json.begin(), json.end(), band), end; it != end; ++it) {
    std::smatch words;
    std::string stats = (*it)[4];
    std::string said = std::regex_search(stats, words, std::regex("\"shape_words\": \"([^\"]*)\"")) ? words[1].str() : "";
    out.push_back({(*it)[1], said, numbers((*it)[2]), std::stod((*it)[3])});
  }
  return out;
}

// The census a verdict is judged at: the last with data, or the one before
// it where that last is the teardown (under a tenth of it).
size_t judged_census(const std::vector<BandWords>& bands, size_t samples) {
  std::vector<double> total(samples);
  for (const BandWords& b : bands) {
    for (size_t k = 0; k < std::min(samples, b.values.size()); ++k) total[k] += b.values[k];
  }
  size_t last = samples, with_data = 0;
  for (size_t k = 0; k < samples; ++k) {
    if (total[k] != 0) last = k, ++with_data;
  }
  size_t before = last;
  while (before > 0 && total[before - 1] == 0) --before;
  return with_data > 2 && before > 0 && 10 * total[last] < total[before - 1] ? before - 1 : last;
}

void expect_words_match(const BandWords& b, size_t judged, size_t last, const std::vector<double>& times) {
  double at = b.values.at(judged);
  if (b.words.find("held") != std::string::npos) {
    EXPECT_GE(at, 0.5 * b.peak) << b.words;
  }
  if (b.words.find("released") != std::string::npos) {
    EXPECT_LT(at, 0.9 * b.peak) << b.words;
  }
  if (b.words.find("held to the end") != std::string::npos) {
    EXPECT_EQ(judged, last) << "a teardown follows";
  }
  std::smatch until;
  if (std::regex_search(b.words, until, std::regex("held until ([0-9.]+) s"))) {
    EXPECT_NEAR(std::stod(until[1]), times.at(judged), 0.0005 + 0.005 * times.at(judged)) << b.words;
  }
}

class VerdictWords : public testing::TestWithParam<Profile> {};

TEST_P(VerdictWords, MatchTheFiguresInEveryOutput) {
  std::string dir = scratch_dir();
  CommandResult r = run_in(dir, exe() + " -o w.json -o w.txt -o w.md -o w.html " + shell_quote(GetParam().path));
  ASSERT_EQ(r.status, 0) << r.err;
  std::string json = read_file(dir + "/w.json"), text = read_file(dir + "/w.txt");
  std::string md = read_file(dir + "/w.md"), html = read_file(dir + "/w.html");
  std::vector<std::string> suspects = string_array(json, "suspects");
  std::smatch listed;
  bool bands = std::regex_search(text, listed, std::regex("\n  suspects    ([0-9]+) bands?: "));
  EXPECT_EQ(bands ? std::stoul(listed[1]) : 0, suspects.size()) << text.substr(0, 1500);
  std::smatch times_list;
  ASSERT_TRUE(std::regex_search(json, times_list, std::regex("\"times\": \\[([^\\]]*)\\]")));
  std::vector<double> times = numbers(times_list[1]);
  std::vector<BandWords> all = band_words(json);
  size_t judged = judged_census(all, times.size()), last = judged;
  for (size_t k = 0; k < times.size(); ++k) {
    double total = 0;
    for (const BandWords& b : all) total += b.values.at(k);
    if (total != 0) last = k;
  }
  for (const BandWords& b : all) {
    SCOPED_TRACE(b.name);
    if (b.words.empty() || judged >= times.size()) continue;
    expect_words_match(b, judged, last, times);
    auto listed_at = std::find(suspects.begin(), suspects.end(), b.name);
    if (listed_at == suspects.end()) continue;
    // The first three suspects have their lines (the headline counts the
    // rest; a long name or a stack is cut), with their shape's words or why else they
    // are named (a thunk chain's part).
    // The report drops a versioned package ("containers-0.6.7:").
    std::string shown = std::regex_replace(b.name, std::regex("^[A-Za-z0-9-]+-[0-9][0-9.]*:"), "");
    size_t line = text.find("\n              " + shown + ": ");
    bool cut = shown.size() > 40 || shown.find('/') != std::string::npos;  // a stack is cut in its middle
    if (listed_at - suspects.begin() >= 3 || (cut && line == std::string::npos)) {
      EXPECT_NE(md.find("`" + b.name + "`"), std::string::npos) << "the Markdown names every suspect";
      continue;
    }
    ASSERT_NE(line, std::string::npos) << "the report's line for a suspect: " << text.substr(0, 1500);
    std::string why = text.substr(line + 17 + shown.size(), text.find('\n', line + 1) - line - 17 - shown.size());
    bool shape = why.starts_with("ramp") || why.starts_with("floor") || why.starts_with("plateau");
    if (shape) {
      EXPECT_EQ(why.substr(0, b.words.size()), b.words) << "the report's words are the JSON's";
    }
    std::string said = shape ? b.words : why.substr(0, why.find(" ("));
    EXPECT_NE(md.find("`" + b.name + "`: " + said), std::string::npos) << "the Markdown: " << said;
    EXPECT_NE(html.find(said), std::string::npos) << "the page: " << said;
  }
}

std::vector<Profile> every_labelled_profile() {
  std::vector<Profile> out = profiles(kLeaks, "leaks", false);
  for (const std::vector<Profile>& more : {profiles(kNew, "new", false), profiles(kTextbook, "textbook", false, true)}) {
    out.insert(out.end(), more.begin(), more.end());
  }
  return out;
}

INSTANTIATE_TEST_SUITE_P(Labelled, VerdictWords, testing::ValuesIn(every_labelled_profile()), profile_test_name);

}  // namespace
}  // namespace hpng
