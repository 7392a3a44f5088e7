// Reading in windows and the stream cache change nothing of what is read:
// a file read in windows gives the stream its bytes in memory give, and a
// cached source gives every read the same stream as the source itself,
// whether its record fits its budget (then the input is read once) or not
// (then it is read again).
#include <gtest/gtest.h>

#include <regex>

#include "support/eventlog_writer.h"
#include "hpng/read/read.h"
#include "stream/stream_cache.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

// A whole read as text: its stream, header, marks and warnings.
std::string transcript(const SampleSource& source) {
  Transcript t;
  Warnings w;
  ProfileInfo info = source(t, w);
  return t.text + info.header.job + " marks " + std::to_string(info.marks.size()) + " warnings " + std::to_string(w.size());
}

// More than two windows of a real profile, and a name longer than a window.
std::string big_profile() {
  std::string hp = read_file(std::string(HPNG_TEST_CORPUS) + "/logreport/logreport.hc.hp");
  std::string body = hp.substr(hp.find("BEGIN_SAMPLE"));
  body = body.substr(0, body.rfind("BEGIN_SAMPLE"));  // without the final empty sample
  double shift = 0;
  std::string out = hp.substr(0, hp.find("BEGIN_SAMPLE"));
  while (out.size() < (5u << 20)) {
    out += std::regex_replace(body, std::regex("(BEGIN|END)_SAMPLE ([0-9.]+)"), "$1_SAMPLE " + std::to_string(shift) + "$2");
    shift += 10;
  }
  return out + "BEGIN_SAMPLE 99999.0\n" + std::string(3 << 20, 'n') + "\t5\nEND_SAMPLE 99999.0\n";
}

TEST(Windows, AFileReadInWindowsIsItsBytesInMemory) {
  std::string dir = scratch_dir();
  for (const auto& [name, bytes] : {std::pair<std::string, std::string>{"big.hp", big_profile()},
                                    {"t.eventlog", read_file(std::string(HPNG_CASES) + "/../eventlog-small/leak-hc.eventlog")}}) {
    SCOPED_TRACE(name);
    write_file(dir + "/" + name, bytes);
    Input file = load_input(dir + "/" + name), memory{dir + "/" + name, bytes};
    EXPECT_EQ(file.size(), bytes.size());
    EXPECT_EQ(transcript(profile_source(file, InputFormat::automatic)),
              transcript(profile_source(memory, InputFormat::automatic)));
  }
}

// A source that counts how often it is read.
SampleSource counted(SampleSource source, int& reads) {
  return [source = std::move(source), &reads](SampleSink& sink, Warnings& w) {
    ++reads;
    return source(sink, w);
  };
}

TEST(StreamCache, EveryReadGivesTheSourcesStream) {
  Input in{"p.hp", read_file(std::string(HPNG_TEST_CORPUS) + "/leakyavg/leakyavg.hc-killed.hp")};
  std::string want = transcript(profile_source(in, InputFormat::hp));
  for (size_t budget : {size_t{64} << 20, size_t{256}}) {  // the record fits; it does not
    SCOPED_TRACE("budget " + std::to_string(budget));
    int reads = 0;
    SampleSource source = cached(counted(profile_source(in, InputFormat::hp), reads), budget);
    for (int i = 0; i < 3; ++i) EXPECT_EQ(transcript(source), want);  // the killed run's warning too
    EXPECT_EQ(reads, budget > 256 ? 1 : 3);
  }
}

TEST(StreamCache, WorthItForTextThatFits) {
  Input small{"s.hp", read_file(std::string(HPNG_TEST_CORPUS) + "/leakyavg/leakyavg.hc.hp")};
  EXPECT_GT(cache_reservation(small, InputFormat::hp), 0u);
  EXPECT_LT(cache_reservation(small, InputFormat::hp), kStreamCacheBudget) << "a small file reserves what it needs";
  EXPECT_EQ(cache_reservation(small, InputFormat::hp, 1000), 0u);  // a record of about 5 bytes a line would not fit
  Input log{"l.eventlog", read_file(std::string(HPNG_CASES) + "/../eventlog-small/leak-hc.eventlog")};
  EXPECT_EQ(cache_reservation(log, InputFormat::eventlog), 0u);  // read as fast as replayed
}

}  // namespace
}  // namespace hpng

namespace hpng {
namespace {

// Marks in bounded memory: at most kMostMarks of however many, evenly over
// the order they came in (every 2^k-th), in time order; names cut whole.
TEST(MarkList, KeepsAtMostItsBoundEvenlyAndInTimeOrder) {
  MarkList marks;
  size_t n = 3 * MarkList::kMostMarks + 5;
  for (size_t i = 0; i < n; ++i) marks.add(static_cast<double>(n - i), "m" + std::to_string(i));
  EXPECT_EQ(marks.read(), n);
  EXPECT_TRUE(marks.thinned());
  std::vector<Mark> kept = marks.sorted();
  EXPECT_EQ(kept.size(), marks.kept());
  EXPECT_LE(kept.size(), MarkList::kMostMarks);
  EXPECT_GE(kept.size(), MarkList::kMostMarks / 2);
  EXPECT_TRUE(std::is_sorted(kept.begin(), kept.end(), [](const Mark& a, const Mark& b) { return a.time < b.time; }));
  for (const Mark& m : kept) EXPECT_EQ(std::stoul(m.name.substr(1)) % 4, 0u) << m.name;  // every fourth met
  MarkList few;
  few.add(1, std::string(MarkList::kMostMarkName - 1, 'a') + "\xc3\xa9 and more");
  EXPECT_FALSE(few.thinned());
  EXPECT_EQ(few.sorted()[0].name, std::string(MarkList::kMostMarkName - 1, 'a')) << "a character is never split";
}

}  // namespace
}  // namespace hpng
