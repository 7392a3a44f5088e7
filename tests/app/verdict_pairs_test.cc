// One run, one verdict: the .hp and the eventlog of the same run (GHC 9.6.6
// and 9.10.3 runs with -l, and GHC 9.0.2's small logs) name the same
// suspects in the same order, though the .hp's clock is the program's own
// time and the eventlog's the elapsed time (band_shape.cc judges on the
// censuses' order). Names differ by format only in how they are written:
// a .hp's cost-centre stacks carry their number and are cut at 25
// characters, an eventlog's carry source spans; a .hp's -hi bands are
// addresses, an eventlog's their IPE records, which keep the address.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/today.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

// The strings of the JSON array after `"suspects": [`, as written (escaped).
std::vector<std::string> suspects(const std::string& json) {
  std::vector<std::string> out;
  size_t k = json.find("\"suspects\": [");
  if (k == std::string::npos) return out;
  for (k = json.find('[', k) + 1; k < json.size() && json[k] != ']'; ++k) {
    if (json[k] != '"') continue;
    std::string s;
    for (++k; json[k] != '"'; ++k) {
      if (json[k] == '\\') s += json[k++];  // keep the escape and what it escapes
      s += json[k];
    }
    out.push_back(s);
  }
  return out;
}

// "(177)SYSTEM" -> "SYSTEM": a .hp's cost centres and both formats'
// retainer sets carry their number.
std::string unnumbered(std::string n) {
  if (n.starts_with('(') && n.find(')') != std::string::npos) n.erase(0, n.find(')') + 1);
  return n;
}

// "(359)expensive/lookupOrAdd..." -> its head.
std::string hp_name(std::string n) {
  n = unnumbered(n);
  if (n.ends_with("...")) n.resize(n.size() - 3);
  return n;
}

// An eventlog's band as a .hp writes it: its IPE record's address (in the
// band's entry, after its values), else its name without source spans
// ("main.\[programs/Accum.hs:(14,38)-(16,59)]").
std::string log_name(const std::string& json, const std::string& n) {
  size_t band = json.find("{\"name\": \"" + n + "\", \"values\"");
  size_t next = json.find("{\"name\": ", band + 1), ipe = json.find("\"ipe\": {\"address\": \"", band);
  if (band != std::string::npos && ipe < next) {
    size_t at = json.find("\"address\": \"", ipe) + 12;
    return json.substr(at, json.find('"', at) - at);
  }
  std::string out;
  for (size_t k = 0; k < n.size(); ++k) {
    if (n[k] != '[') out += n[k];
    else if ((k = n.find(']', k)) == std::string::npos) break;
  }
  return unnumbered(out);
}

std::vector<std::string> pairs() {
  std::vector<std::string> out;
  for (const std::string& stem : today_stems()) out.push_back(today_root() + "/" + stem);
  for (const char* run : {"leak-hc", "leak-hb", "leak-hT-N2"}) out.push_back(HPNG_SOURCE_DIR "/tests/data/eventlog-small/" + std::string(run));
  return out;
}

class OneRun : public testing::TestWithParam<std::string> {};

TEST_P(OneRun, TheHpAndItsEventlogNameTheSameSuspects) {
  std::string dir = scratch_dir();
  CommandResult hp = run_in(dir, exe() + " --format json -o - " + shell_quote(GetParam() + ".hp"));
  CommandResult log = run_in(dir, exe() + " --format json -o - " + shell_quote(GetParam() + ".eventlog"));
  ASSERT_EQ(hp.status, 0) << hp.err;
  ASSERT_EQ(log.status, 0) << log.err;
  std::vector<std::string> a = suspects(hp.out), b = suspects(log.out);
  ASSERT_EQ(a.size(), b.size()) << hp.out << "\n" << log.out;
  for (size_t k = 0; k < a.size(); ++k) {
    EXPECT_TRUE(log_name(log.out, b[k]).starts_with(hp_name(a[k]))) << k << ": " << a[k] << " and " << b[k];
  }
}

INSTANTIATE_TEST_SUITE_P(Corpora, OneRun, testing::ValuesIn(pairs()), [](const testing::TestParamInfo<std::string>& i) {
  return identifier(i.param.substr(i.param.find("ghc-") != std::string::npos ? i.param.find("ghc-") : i.param.rfind('/') + 1));
});

}  // namespace
}  // namespace hpng
