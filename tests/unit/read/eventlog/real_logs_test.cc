// Real eventlogs of today's GHCs, 9.6.6 and 9.10.3 (tests/corpus/ghc-today):
// every log of every breakdown reads whole, with no warning; its samples
// equal the .hp of the same run and ghc-events' decode of it (every census,
// every band's bytes); every -hi band whose address has an IPE record is
// named from it, uniquely. The crafted IPE events of the other tests are
// the bytes these GHCs write.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

#include "base/text.h"
#include "hpng/read/eventlog_reader.h"
#include "support/eventlog_writer.h"
#include "support/parity.h"
#include "support/today.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

const std::string& kRoot = today_root();

std::vector<std::string> split(const std::string& line, char sep) {
  std::vector<std::string> out;
  std::istringstream in(line);
  for (std::string f; std::getline(in, f, sep);) out.push_back(f);
  if (!line.empty() && line.back() == sep) out.emplace_back();
  return out;
}

bool is_hi(const std::string& stem) { return stem.ends_with(".hi"); }

FullProfile read_log(const std::string& stem) {
  Input in{stem + ".eventlog", read_file(kRoot + "/" + stem + ".eventlog")};
  return read_full([&](SampleSink& s, Warnings& w) { return read_eventlog(in, {}, s, w); });
}

// A field of EventsDump.hs's output: \\, \t and \n stand for themselves.
std::string unescaped(const std::string& f) {
  std::string out;
  for (size_t i = 0; i < f.size(); ++i) {
    if (f[i] != '\\' || i + 1 == f.size()) {
      out += f[i];
      continue;
    }
    char c = f[++i];
    out += c == 't' ? '\t' : c == 'n' ? '\n' : c;
  }
  return out;
}

// ghc-events' decode (EventsDump.hs): the censuses, each the bytes of each
// key (a label, or a stack's ids) summed, and the IPE records by address.
struct Decoded {
  struct Census {
    uint64_t time_ns;
    std::map<std::string, double> bytes;
  };
  std::vector<Census> censuses;
  std::map<std::string, std::vector<std::string>> records;  // "0x40a9d0" -> table, closure, type, label, module, loc
};

Decoded decoded(const std::string& stem) {
  Decoded d;
  std::istringstream in(read_file(kRoot + "/" + stem + ".events.tsv"));
  std::optional<Decoded::Census> open;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> f = split(line, '\t');
    for (std::string& field : f) field = unescaped(field);
    if (f.empty()) continue;
    if (f[0] == "sample" || f[0] == "bio") open = Decoded::Census{std::stoull(f[1]), {}};
    if ((f[0] == "string" || f[0] == "stack") && open) open->bytes[f[1]] += std::stod(f[2]);
    if (f[0] == "end" && open) d.censuses.push_back(std::move(*open)), open.reset();
    if (f[0] == "ipe") d.records.emplace(f[1], std::vector<std::string>(f.begin() + 2, f.end()));
  }
  // Biographical censuses are written at exit, in no order: by their time.
  std::stable_sort(d.censuses.begin(), d.censuses.end(),
                   [](const Decoded::Census& a, const Decoded::Census& b) { return a.time_ns < b.time_ns; });
  return d;
}

std::vector<double> sorted(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v;
}

class RealLog : public testing::TestWithParam<std::string> {};

TEST_P(RealLog, ReadsWholeWithoutAWarning) {
  FullProfile p = read_log(GetParam());
  for (const Diagnostic& d : p.warnings) ADD_FAILURE() << describe(d);
  EXPECT_TRUE(p.info.finished) << "the end marker was read";
}

TEST_P(RealLog, MatchesTheHpOfTheSameRun) {
  const std::string& stem = GetParam();
  std::string log = read_file(kRoot + "/" + stem + ".eventlog");
  std::function<std::string(const std::string&)> hp_name;
  BandNamer namer;
  if (is_hi(stem)) {  // the .hp has the addresses: named from the same log's records, as --ipe does
    namer = ipe_band_namer(Input{stem + ".eventlog", log});
    hp_name = [&](const std::string& n) { return namer.name(n).name; };
  }
  EXPECT_GT(check_parity(stem, read_file(kRoot + "/" + stem + ".hp"), log, hp_name), 0u);
}

// Each census, at its time, with the bytes of each of its bands; a band of
// ours is a key of ghc-events' (names differ: ours are stacks named, -hi
// addresses named), so the bytes are compared as the sorted list of them.
TEST_P(RealLog, MatchesGhcEventsDecodeOfIt) {
  FullProfile p = read_log(GetParam());
  Decoded d = decoded(GetParam());
  ASSERT_GT(d.censuses.size(), 0u);
  // Ours: the empty sample at 0, the censuses, the closing empty sample.
  ASSERT_EQ(p.times.size(), d.censuses.size() + 2);
  for (size_t c = 0; c < d.censuses.size(); ++c) {
    SCOPED_TRACE("census " + std::to_string(c));
    EXPECT_NEAR(p.times[c + 1], static_cast<double>(d.censuses[c].time_ns) / 1e9, 1e-9);
    std::vector<double> ours, theirs;
    for (const auto& band : p.values) {
      if (!std::isnan(band[c + 1])) ours.push_back(band[c + 1]);
    }
    for (const auto& [key, bytes] : d.censuses[c].bytes) theirs.push_back(bytes);
    EXPECT_EQ(sorted(ours), sorted(theirs));
  }
}

// A -hi band: an address without a record stays the address; one with a
// record is named by its label (its table name without one) and where its
// source starts (its module where GHC wrote ":"), and no two bands share a
// name.
class RealHiLog : public testing::TestWithParam<std::string> {};

TEST_P(RealHiLog, BandsAreNamedFromTheirRecords) {
  FullProfile p = read_log(GetParam());
  Decoded d = decoded(GetParam());
  ASSERT_GT(d.records.size(), 10u);
  std::set<std::string> names(p.band_names.begin(), p.band_names.end());
  EXPECT_EQ(names.size(), p.band_names.size()) << "two bands share a name";
  size_t named = 0;
  for (const std::string& name : p.band_names) {
    if (name.starts_with("0x")) {
      EXPECT_EQ(d.records.count(name), 0u) << name << " has a record";
      continue;
    }
    ++named;
    bool found = false;
    for (const auto& [address, r] : d.records) {
      const std::string& what = r[3].empty() ? r[0] : r[3];
      bool located = !r[5].empty() && r[5] != ":";
      found = found || name.starts_with(located ? what + " " + short_source_location(r[5]) : what + " (" + r[4]);
    }
    EXPECT_TRUE(found) << name;
    EXPECT_EQ(name.find("(:)"), std::string::npos) << name;
  }
  // Short.hs keeps only a list of Ints made by base, a library built
  // without -finfo-table-map: none of its bands has a record.
  if (GetParam().find("/short/") == std::string::npos) {
    EXPECT_GT(named, 0u);
  }
}

INSTANTIATE_TEST_SUITE_P(Today, RealLog, testing::ValuesIn(today_stems()),
                         [](const testing::TestParamInfo<std::string>& i) { return identifier(i.param); });
INSTANTIATE_TEST_SUITE_P(Today, RealHiLog, testing::ValuesIn(today_hi_stems()),
                         [](const testing::TestParamInfo<std::string>& i) { return identifier(i.param); });

TEST(RealLogs, BothGhcsEveryBreakdown) {
  std::vector<std::string> stems = today_stems();
  for (const char* ghc : {"ghc-9.6.6/", "ghc-9.10.3/"}) {
    for (const char* k : {".hT", ".hi", ".hc", ".hy", ".hd", ".hr", ".hb", ".hm"}) {
      EXPECT_TRUE(std::any_of(stems.begin(), stems.end(), [&](const std::string& s) {
        return s.starts_with(ghc) && s.ends_with(k);
      })) << ghc << k;
    }
  }
  EXPECT_TRUE(std::count(stems.begin(), stems.end(), "ghc-9.10.3/eras/eras.he"));
}

// EventlogWriter's IPE event (the other tests' crafted logs) is byte for
// byte an IPE event of a real 9.6 log, its declared length included.
TEST(RealLogs, TheCraftedIpeEventIsTheBytesGhcWrites) {
  const std::string stem = "ghc-9.6.6/journal/journal.hi";
  std::string log = read_file(kRoot + "/" + stem + ".eventlog");
  Decoded d = decoded(stem);
  const auto& [address, r] = *d.records.begin();
  uint64_t a = std::stoull(address.substr(2), nullptr, 16);
  size_t colon = r[5].find(':');
  EventlogWriter::Ipe ipe{a, r[0], r[1], r[2], r[3], r[4], r[5].substr(0, colon), r[5].substr(colon + 1)};
  size_t payload = log.find(EventlogWriter::u64(a) + r[0] + '\0');
  ASSERT_NE(payload, std::string::npos);
  size_t event = payload - 12;  // id, time, length
  uint64_t ts = 0;
  for (size_t i = 2; i < 10; ++i) ts = ts << 8 | static_cast<unsigned char>(log[event + i]);
  EventlogWriter empty, one;
  one.ipe(ts, ipe);
  std::string crafted = one.bytes(false).substr(empty.size());
  EXPECT_EQ(log.substr(event, crafted.size()), crafted);
  EXPECT_EQ(log.substr(event, 2), EventlogWriter::u16(169));
}

}  // namespace
}  // namespace hpng
