// A compressed profile (.hp or eventlog; gzip, xz, zstd) draws exactly what
// the plain file draws, from a file or standard input, with the plain
// file's default output names; it is an input that no output may replace.
#include <gtest/gtest.h>

#include "support/compress.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

struct Case {
  Compression codec;
  std::string source;  // the plain input
  std::string name;    // what it is called in the test folder, uncompressed
};

std::string case_name(const ::testing::TestParamInfo<Case>& p) {
  return std::string(compression_name(p.param.codec)) + "_" + identifier(p.param.name);
}

class CompressedInput : public ::testing::TestWithParam<Case> {
 protected:
  void SetUp() override {
    plain_ = read_file(GetParam().source);
    write_file(dir_ + "/" + GetParam().name, plain_);
    packed_ = GetParam().name + suffix(GetParam().codec);
    write_file(dir_ + "/" + packed_, compress(GetParam().codec, plain_));
  }
  std::string dir_ = scratch_dir(), plain_, packed_;
};

TEST_P(CompressedInput, DrawsTheSameBytesAsThePlainFile) {
  for (const char* format : {"svg", "ps", "json"}) {
    std::string flags = std::string(" -c --format ") + format + " -o ";
    CommandResult a = run_in(dir_, exe() + flags + "plain.out " + GetParam().name);
    CommandResult b = run_in(dir_, exe() + flags + "packed.out " + packed_);
    CommandResult c = run_in(dir_, "cat " + packed_ + " | " + exe() + flags + "piped.out -");
    ASSERT_EQ(a.status, 0) << a.err;
    ASSERT_EQ(b.status, 0) << b.err;
    EXPECT_EQ(read_file(dir_ + "/packed.out"), read_file(dir_ + "/plain.out")) << format;
    EXPECT_EQ(read_file(dir_ + "/piped.out"), read_file(dir_ + "/plain.out")) << format << ": " << c.err;
  }
}

TEST_P(CompressedInput, DefaultOutputsAreNamedAsThePlainFilesAre) {
  std::string sub = dir_ + "/run";
  ASSERT_EQ(run_in(dir_, "mkdir run plain && cp " + packed_ + " run/ && cp " + GetParam().name + " plain/").status, 0);
  ASSERT_EQ(run_in(sub, exe() + " -c " + packed_).status, 0);
  ASSERT_EQ(run_in(dir_ + "/plain", exe() + " -c " + GetParam().name).status, 0);
  std::vector<std::string> want = list_dir(dir_ + "/plain"), got = list_dir(sub);
  std::erase(want, GetParam().name);
  std::erase(got, packed_);
  EXPECT_EQ(got, want);
}

TEST_P(CompressedInput, IsNeverReplacedByAnOutput) {
  std::string before = read_file(dir_ + "/" + packed_);
  CommandResult r = run_in(dir_, exe() + " --format ps -o ./" + packed_ + " " + packed_);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("is the input"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(dir_ + "/" + packed_), before);
}

std::vector<Case> cases() {
  std::vector<Case> all;
  for (Compression c : {Compression::gzip, Compression::xz, Compression::zstd}) {
    all.push_back({c, std::string(HPNG_TEST_CORPUS) + "/leakyavg/leakyavg.hc.hp", "prof.hp"});
    all.push_back({c, std::string(HPNG_SOURCE_DIR) + "/tests/data/eventlog-small/leak-hT-N2.eventlog", "Main.eventlog"});
  }
  return all;
}

INSTANTIATE_TEST_SUITE_P(Codecs, CompressedInput, ::testing::ValuesIn(cases()), case_name);

TEST(CompressedInput, DamageIsAnErrorThatSaysWhereAndWritesNothing) {
  std::string dir = scratch_dir();
  std::string packed = compress(Compression::gzip, read_file(std::string(HPNG_TEST_CORPUS) + "/leakyavg/leakyavg.hc.hp"));
  write_file(dir + "/cut.hp.gz", packed.substr(0, packed.size() / 2));
  CommandResult r = run_in(dir, exe() + " -o out.svg cut.hp.gz");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("cut.hp.gz:byte "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("gzip data ends before its end"), std::string::npos) << r.err;
  EXPECT_FALSE(file_exists(dir + "/out.svg"));
}

// What other tools write and gzip -d and zstd -d read: a gzip file padded
// with zeros (tar does it), and a zstd file that starts with a skippable
// frame (pzstd does it). Zeros followed by anything else are still damage.
TEST(CompressedInput, ZeroPaddedGzipAndASkippableZstdFrameRead) {
  std::string dir = scratch_dir(), plain = read_file(std::string(HPNG_CASES) + "/manpage-example.hp");
  write_file(dir + "/p.hp", plain);
  write_file(dir + "/padded.hp.gz", compress(Compression::gzip, plain) + std::string(10240, '\0'));
  write_file(dir + "/skip.hp.zst", std::string("\x50\x2a\x4d\x18\x04\0\0\0abcd", 12) + compress(Compression::zstd, plain));
  write_file(dir + "/bad.hp.gz", compress(Compression::gzip, plain) + std::string("\0\0x", 3));
  std::string want = run_in(dir, exe() + " --format json -o - p.hp").out;
  for (const char* file : {"padded.hp.gz", "skip.hp.zst"}) {
    CommandResult r = run_in(dir, exe() + " --format json -o - " + file);
    EXPECT_EQ(r.status, 0) << file << ": " << r.err;
    EXPECT_EQ(r.out, want) << file;
  }
  CommandResult bad = run_in(dir, exe() + " --format json -o - bad.hp.gz");
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.err.find("gzip data is followed by bytes that are not gzip data"), std::string::npos) << bad.err;
}

// --max-input is one budget for the run, not one for each copy: a
// compressed file named many times holds that budget once in all.
TEST(CompressedInput, MaxInputBoundsTheWholeRun) {
  std::string dir = scratch_dir(), plain = read_file(std::string(HPNG_CASES) + "/manpage-example.hp");
  write_file(dir + "/p.hp.gz", compress(Compression::gzip, plain));
  std::string limit = " --max-input " + std::to_string(plain.size() * 3) + " ";
  CommandResult three = run_in(dir, exe() + limit + "--compare p.hp.gz p.hp.gz p.hp.gz -o c.svg");
  EXPECT_EQ(three.status, 0) << three.err;
  CommandResult four = run_in(dir, exe() + limit + "--compare p.hp.gz p.hp.gz p.hp.gz p.hp.gz -o d.svg");
  EXPECT_EQ(four.status, 1);
  std::string all = std::to_string(plain.size() * 3);
  EXPECT_NE(four.err.find("p.hp.gz: more than 0 bytes decompressed: what is left of the " + all +
                          " that hp2ps-ng keeps of pipes, devices and compressed files in one run, of which its other "
                          "inputs took " + all),
            std::string::npos)
      << four.err;
  EXPECT_FALSE(file_exists(dir + "/d.svg"));
}

// A bomb among a batch's profiles: its run keeps no more of it than
// --max-input, and the others are drawn (the shell's file-size limit, 20
// MB, bounds what a regression could spool; the format is told from the
// head alone: FileHead).
TEST(CompressedInput, ABombInABatchIsKeptWithinMaxInput) {
  std::string dir = scratch_dir(), plain = read_file(std::string(HPNG_CASES) + "/manpage-example.hp");
  std::string bomb = "JOB \"x\"\nBEGIN_SAMPLE 0.0\n";
  while (bomb.size() < (size_t{100} << 20)) bomb += std::string(1 << 20, ' ') + "\n";
  write_file(dir + "/bomb.hp.gz", compress(Compression::gzip, bomb));
  write_file(dir + "/a.hp", plain);
  CommandResult r = run_in(dir, "ulimit -f 20480; " + exe() + " --max-input 10M -o out/ a.hp bomb.hp.gz");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("bomb.hp.gz: more than 10000000 bytes decompressed"), std::string::npos) << r.err;
  EXPECT_TRUE(file_exists(dir + "/out/a.ps")) << "the other profile is drawn";
}

TEST(CompressedInput, WatchRefusesItAtOnce) {
  std::string dir = scratch_dir();
  write_file(dir + "/w.hp.xz", compress(Compression::xz, read_file(std::string(HPNG_CASES) + "/manpage-example.hp")));
  CommandResult r = run_in(dir, hang_guard() + exe() + " --watch -o out.svg w.hp.xz");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("cannot be watched: it is compressed (xz)"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace hpng
