// Real GHC 9.0.2, 9.6.6 and 9.10.3 profiles (tests/corpus) against what each
// GHC's own hp2ps did with them: for
// every profile and every flag set hp2ps was run with, our bands must be
// hp2ps's (the ORDER lines of its .aux, ties included), the title total must
// be its figure, the .aux we write must equal its .aux (grey runs; colour
// runs lose precision in hp2ps's aux, see aux_file.cc) and the graph width
// must be its width.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "hpng/output/aux_writer.h"
#include "hpng/read/aux_file.h"
#include "hpng/matrix/band_matrix.h"
#include "hpng/read/read.h"
#include "hpng/layout/layout.h"
#include "hpng/shade/shade.h"
#include "support/util.h"

namespace hpng {
namespace {

using test::file_exists;
using test::read_file;

struct CorpusRun {
  std::string root, stem, flags, total, width;
  int pages;
};

std::vector<CorpusRun> expected_runs(const std::string& root) {
  std::vector<CorpusRun> runs;
  std::istringstream in(read_file(root + "/expected.tsv"));
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream f(line);
    CorpusRun r;
    r.root = root;
    std::string pages;
    std::getline(f, r.stem, '\t');
    std::getline(f, r.flags, '\t');
    std::getline(f, r.total, '\t');
    std::getline(f, r.width, '\t');
    std::getline(f, pages, '\t');
    r.pages = std::stoi(pages);
    runs.push_back(r);
  }
  return runs;
}

// The corpus names flag sets like "c-m10", "iminus", "c-d-t0", "e8in".
struct Flags {
  SelectOptions select;
  ChartStyle style;
};

Flags parse_flags(const std::string& name) {
  Flags f;
  std::istringstream in(name);
  std::string part;
  while (std::getline(in, part, '-')) {
    if (part == "default") continue;
    if (part == "c") f.style.colour = true;
    else if (part == "d") f.select.by_deviation = true;
    else if (part == "i") f.select.by_name = NameOrder::ascending;
    else if (part == "iminus") f.select.by_name = NameOrder::descending;
    else if (part == "M") f.style.key_pages = true;
    else if (part == "g") f.style.portrait = true;
    else if (part == "s") f.style.small_title = true;
    else if (part == "b") f.style.big_title = true;
    else if (part == "y") f.style.marks = false;
    else if (part == "e8in") f.style.eps_width = 576;
    else if (part[0] == 't') f.select.trace_percent = std::stod(part.substr(1));
    else if (part[0] == 'm') f.select.band_limit = std::stoi(part.substr(1));
    else ADD_FAILURE() << "unknown flag set " << name;
  }
  if (f.select.band_limit > 20) f.style.key_pages = true;
  f.style.no_key = f.select.band_limit == 0 && !f.style.key_pages;
  return f;
}

std::string order_lines(const std::string& aux) {
  std::istringstream in(aux);
  std::string line, out;
  while (std::getline(in, line)) {
    if (line.rfind("SHADE ", 0) != 0) out += line + "\n";
  }
  return out;
}

std::vector<CorpusRun> corpus_runs() { return expected_runs(HPNG_TEST_CORPUS); }
std::vector<CorpusRun> today_runs() { return expected_runs(HPNG_TODAY_CORPUS); }

class Corpus : public testing::TestWithParam<CorpusRun> {};

TEST_P(Corpus, MatchesHp2ps) {
  const CorpusRun& r = GetParam();
  const std::string& root = r.root;
  std::string aux_path = root + "/" + r.stem + "." + r.flags + ".aux";
  Input in{r.stem + ".hp", read_file(root + "/" + r.stem + ".hp")};
  Flags f = parse_flags(r.flags);
  Warnings warnings;
  BandMatrix m = profile_matrix(profile_source(in, InputFormat::hp), f.select, 0, warnings);
  std::vector<double> shades = assign_shades(m, default_palette(f.style.colour), nullptr);
  std::string ours = write_aux(m, shades);
  if (!file_exists(aux_path)) {
    // hp2ps failed; the only such runs are killed programs whose .hp ends
    // mid-sample: we draw the complete samples (a listed departure).
    EXPECT_FALSE(warnings.empty());
    return;
  }
  std::string theirs = read_file(aux_path);
  if (f.style.colour) {
    EXPECT_EQ(order_lines(ours), order_lines(theirs));
  } else {
    EXPECT_EQ(ours, theirs);
  }
  ChartLayout layout = layout_chart(m, shades, f.style);
  EXPECT_EQ(layout.total_text, r.total);
  if (!r.width.empty()) {
    EXPECT_NEAR(layout.graph_width, std::stod(r.width), 5e-6);
  }
  EXPECT_EQ(static_cast<int>(layout.pages.size()), r.pages);
}

INSTANTIATE_TEST_SUITE_P(Runs, Corpus, testing::ValuesIn(corpus_runs()),
                         [](const testing::TestParamInfo<CorpusRun>& i) { return test::identifier(i.param.stem + "__" + i.param.flags); });

INSTANTIATE_TEST_SUITE_P(Today, Corpus, testing::ValuesIn(today_runs()),
                         [](const testing::TestParamInfo<CorpusRun>& i) { return test::identifier(i.param.stem + "__" + i.param.flags); });

TEST(CorpusSize, AllRunsAreThere) {
  EXPECT_GT(corpus_runs().size(), 200u);
  EXPECT_GT(today_runs().size(), 200u);  // two GHCs, 7 programs, 8 breakdowns, 2 flag sets
}

}  // namespace
}  // namespace hpng
