// Bad input never crashes, hangs or clobbers: every case ends in exit 1 with
// "hp2ps-ng: error: FILE:LINE:COL: ..." (a byte offset for eventlogs) and no
// output file, or in exit 0 with a complete, valid output, within seconds.
// Sweeps (truncation at many offsets, byte flips) run in-process; the named
// cases run the executable under `timeout`.
#include <gtest/gtest.h>

#include <unistd.h>

#include <random>

#include "support/eventlog_writer.h"
#include "hpng/output/aux_writer.h"
#include "hpng/read/aux_file.h"
#include "hpng/matrix/band_matrix.h"
#include "hpng/layout/layout.h"
#include "hpng/render/render.h"
#include "hpng/shade/shade.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

const std::string kHeader = "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n";

struct Outcome {
  CommandResult r;
  std::vector<std::string> files;  // files in the directory afterwards
  std::string dir;
};

// Writes `bytes` to NAME in a fresh directory and runs hp2ps-ng ARGS NAME.
Outcome run_on(const std::string& name, const std::string& bytes, const std::string& args = "") {
  Outcome run;
  run.dir = scratch_dir();
  write_file(run.dir + "/" + name, bytes);
  run.r = run_in(run.dir, hang_guard() + exe() + " " + args + " " + name);
  run.files = list_dir(run.dir);
  return run;
}

void expect_error(const Outcome& run, const std::string& message_part) {
  EXPECT_EQ(run.r.status, 1) << run.r.err;
  EXPECT_EQ(run.r.err.rfind("hp2ps-ng: error: ", 0), 0u) << run.r.err;
  EXPECT_NE(run.r.err.find(message_part), std::string::npos) << run.r.err;
  EXPECT_EQ(run.files.size(), 1u) << "an output was written";
}

void expect_picture(const Outcome& run) {
  EXPECT_EQ(run.r.status, 0) << run.r.err;
  ASSERT_EQ(run.files.size(), 3u);  // input, .aux, .ps
  std::string ps = read_file(run.dir + "/" + run.files[2]);
  EXPECT_EQ(ps.substr(0, 4), "%!PS");
  EXPECT_NE(ps.find("%%EOF"), std::string::npos);
}

TEST(BadInput, EmptyFile) { expect_error(run_on("e.hp", ""), "e.hp: JOB missing: the file is empty"); }

TEST(BadInput, BinaryJunk) {
  std::mt19937 rng(7);
  std::string junk(4096, '\0');
  for (char& c : junk) c = static_cast<char>(rng());
  expect_error(run_on("junk.hp", junk), "junk.hp: this is binary data, not a heap profile");
}

TEST(BadInput, NegativeValues) {
  expect_error(run_on("n.hp", kHeader + "BEGIN_SAMPLE 0.0\na -5\nEND_SAMPLE 0.0\n"), "n.hp:6:3: integer must follow identifier 'a' (found '-5'; values cannot be negative)");
}

TEST(BadInput, UnterminatedString) {
  expect_error(run_on("u.hp", "JOB \"no end\nDATE 5\n"), "u.hp:1:5: EOF when expecting \"");
}

TEST(BadInput, NumberBeyondDouble) {
  expect_error(run_on("big.hp", kHeader + "BEGIN_SAMPLE 0.0\na " + std::string(400, '9') + "\nEND_SAMPLE 0.0\n"),
               "big.hp:6:3: number out of range");
}

TEST(BadInput, ValuesBeyondTwoToThe63AreDrawn) {
  Outcome run = run_on("v.hp", kHeader + "BEGIN_SAMPLE 0.0\na 99999999999999999999\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\na 99999999999999999999\nEND_SAMPLE 1.0\n");
  expect_picture(run);
}

TEST(BadInput, TwoMegabyteBandName) {
  expect_picture(run_on("n.hp", kHeader + "BEGIN_SAMPLE 0.0\n" + std::string(2 << 20, 'N') + " 5\nEND_SAMPLE 0.0\n", "-c"));
}

TEST(BadInput, TwentyThousandBands) {
  std::string hp = kHeader;
  for (int k = 0; k < 3; ++k) {
    hp += "BEGIN_SAMPLE " + std::to_string(k) + ".0\n";
    for (int b = 0; b < 20000; ++b) hp += "band" + std::to_string(b) + " " + std::to_string(b + k) + "\n";
    hp += "END_SAMPLE " + std::to_string(k) + ".0\n";
  }
  expect_picture(run_on("many.hp", hp, "-t0 -m0"));
  expect_picture(run_on("many.hp", hp, "-M -m30000"));
}

// -m0 on 20,000 bands: every vector picture stays under 1 MB, drawing the
// largest bands on their own and saying so.
// `hp` drawn into `format` with each of `flags`: under 1 MB, saying that
// the bands beyond the budget are in OTHER.
void expect_under_a_megabyte(const std::string& hp, const std::string& format,
                             std::initializer_list<const char*> flags) {
  std::string dir = scratch_dir();
  write_file(dir + "/many.hp", hp);
  for (const char* f : flags) {
    CommandResult r = run_in(dir, exe() + " " + f + " -o out." + format + " many.hp");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_LT(read_file(dir + "/out." + format).size(), 1000000u) << f;
    EXPECT_NE(r.err.find("bands on their own; "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("more are in OTHER so that the file stays under 1 MB"), std::string::npos) << r.err;
  }
}

class ManyBands : public ::testing::TestWithParam<std::string> {};

TEST_P(ManyBands, VectorPicturesStayUnderAMegabyte) {
  std::string hp = kHeader + "BEGIN_SAMPLE 0.0\n";
  for (int b = 0; b < 20000; ++b) hp += "(" + std::to_string(b) + ")Main.band" + std::to_string(b) + " " + std::to_string(b + 1) + "\n";
  hp += "END_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\nEND_SAMPLE 1.0\n";
  expect_under_a_megabyte(hp, GetParam(), {"-t0 -m0", "-t0 -m30000"});
}

INSTANTIATE_TEST_SUITE_P(Formats, ManyBands, ::testing::Values("svg", "pdf"));

// 1,500 bands of 300 samples each.
std::string many_bands_and_samples() {
  std::string hp = kHeader;
  for (int k = 0; k < 300; ++k) {
    hp += "BEGIN_SAMPLE " + std::to_string(k) + ".0\n";
    for (int b = 0; b < 1500; ++b) hp += "b" + std::to_string(b) + " " + std::to_string(1000 + (b * 7919 + k * 104729) % 5000) + "\n";
    hp += "END_SAMPLE " + std::to_string(k) + ".0\n";
  }
  return hp;
}

// hp2ps's own PostScript of a .hp draws every band it keeps, whatever the
// file's size: so does the drop-in, each band in fewer columns, and says
// that the file is over 1 MB.
class EveryBandAsHp2ps : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryBandAsHp2ps, PostScriptOfAHpKeepsEveryBand) {
  std::string dir = scratch_dir();
  write_file(dir + "/many.hp", many_bands_and_samples());
  CommandResult r = run_in(dir, exe() + " -t0 -m0 -o out." + GetParam() + " many.hp");
  ASSERT_EQ(r.status, 0) << r.err;
  std::string aux = read_file(dir + "/out.aux");
  EXPECT_EQ(aux.find("OTHER"), std::string::npos);
  EXPECT_NE(aux.find("ORDER b1499 "), std::string::npos) << "every band in hp2ps's order";
  EXPECT_NE(r.err.find("every one of the 1,500 bands is drawn, as hp2ps draws them, each in fewer columns: the file "
                       "is larger than 1 MB"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(read_file(dir + "/out." + GetParam()).substr(0, 4), "%!PS");
}

INSTANTIATE_TEST_SUITE_P(Formats, EveryBandAsHp2ps, ::testing::Values("ps", "eps"));

// Many bands with many samples: each band's shape (hundreds of vertices
// however many bands share the budget) counts in the budget, not only its
// name and key entry.
class ManyBandsAndSamples : public ::testing::TestWithParam<std::string> {};

TEST_P(ManyBandsAndSamples, VectorPicturesStayUnderAMegabyte) {
  expect_under_a_megabyte(many_bands_and_samples(), GetParam(), {"-t0 -m0", "-t0 -m0 --compare many.hp"});
}

INSTANTIATE_TEST_SUITE_P(Formats, ManyBandsAndSamples, ::testing::Values("svg", "pdf", "html"));

TEST(ManyBands, CompareChartsShareOnePicturesBudget) {
  std::string hp = kHeader + "BEGIN_SAMPLE 0.0\n";
  for (int b = 0; b < 5000; ++b) hp += "band" + std::to_string(b) + " " + std::to_string(b + 1) + "\n";
  hp += "END_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\nEND_SAMPLE 1.0\n";
  std::string dir = scratch_dir(), names;
  for (int i = 0; i < 8; ++i) write_file(dir + "/p" + std::to_string(i) + ".hp", hp), names += " p" + std::to_string(i) + ".hp";
  CommandResult r = run_in(dir, exe() + " -t0 -m0 --compare" + names + " -o c.svg");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_LT(read_file(dir + "/c.svg").size(), 1000000u);
}

// A profile's names, units and file name reach stderr in warnings, gate and
// unit messages: no escape sequence (clear the screen, OSC 52 to write the
// clipboard, OSC 8 links, C1's CSI) gets there raw; each shows as its code.
TEST(BadInput, EscapesFromAProfileNeverReachTheTerminalRaw) {
  std::string dir = scratch_dir();
  std::string name = "p\x1b[2J.hp";
  write_file(dir + "/" + name, "JOB \"j\x1b]52;c;SGk=\x07\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\n"
                               "VALUE_UNIT \"by\x1b]8;;http://x\x07tes\"\nBEGIN_SAMPLE 0.0\nEND_SAMPLE 0.0\n"
                               "BEGIN_SAMPLE 1.0\nband\xc2\x9b" "31m 500\nEND_SAMPLE 1.0\nBEGIN_SAMPLE 2.0\n");
  write_file(dir + "/q.hp", read_file(std::string(HPNG_CASES) + "/manpage-example.hp"));
  for (std::string args : {"--max-peak 1 -o out.svg", "--compare q.hp -o c.svg", "--format text -o -"}) {
    CommandResult r = run_in(dir, exe() + " " + args + " " + shell_quote(name));
    EXPECT_NE(r.err, "") << args;
    for (const char* raw : {"\x1b", "\x07", "\xc2\x9b"}) EXPECT_EQ(r.err.find(raw), std::string::npos) << args << ": " << r.err;
    EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << args;
    EXPECT_NE(r.err.find("\\x1b"), std::string::npos) << args << ": " << r.err;
  }
}

TEST(BadInput, NulBytesAndInvalidUtf8InNames) {
  std::string hp = kHeader + "BEGIN_SAMPLE 0.0\n" + std::string("a\0b", 3) + " 5\n\xff\xfe\xc3 7\nEND_SAMPLE 0.0\n";
  expect_picture(run_on("x.hp", hp));
  Outcome svg = run_on("x.hp", hp, "-o out.svg");
  EXPECT_EQ(svg.r.status, 0) << svg.r.err;
  Outcome json = run_on("x.hp", hp, "--format json -o -");
  EXPECT_NE(json.r.out.find("\"a\\u0000b\""), std::string::npos) << json.r.out;
  if (!have_tool("xmllint")) GTEST_SKIP() << "xmllint not installed: the SVG is not validated";
  EXPECT_EQ(run_in(svg.dir, "xmllint --noout out.svg").status, 0);
}

// 3,000 bands over 50,000 samples: exporting them all would take 150
// million values, so -m0 to CSV is refused; the default 20 bands are drawn.
TEST(BadInput, MatrixTooLargeIsRefused) {
  std::string hp = kHeader + "BEGIN_SAMPLE 0.0\n";
  for (int b = 0; b < 3000; ++b) hp += "b" + std::to_string(b) + " 1\n";
  hp += "END_SAMPLE 0.0\n";
  for (int k = 1; k < 50000; ++k) hp += "BEGIN_SAMPLE " + std::to_string(k) + ".0 END_SAMPLE 0.0\n";
  expect_error(run_on("huge.hp", hp, "-t0 -m0 --format csv -o out.csv"), "huge.hp: too large: 3000 bands x 50000 samples");
  expect_picture(run_on("huge.hp", hp));
}

TEST(BadInput, HpThatIsAnEventlogAndTheReverse) {
  std::string log = read_file(std::string(HPNG_CASES) + "/../eventlog-small/leak-hT-N2.eventlog");
  expect_picture(run_on("really-eventlog.hp", log));  // sniffed
  expect_error(run_on("really-eventlog.hp", log, "--input-format hp"), "really-eventlog.hp: this is a GHC eventlog, not a .hp file");
  std::string hp = read_file(std::string(HPNG_CASES) + "/manpage-example.hp");
  expect_picture(run_on("x.eventlog", hp));  // sniffed: a .hp, whatever its name
  expect_error(run_on("x.eventlog", hp, "--input-format eventlog"), "x.eventlog: this is a .hp heap profile, not an eventlog");
  expect_error(run_on("y.eventlog", "hdrX" + hp, "--input-format eventlog"), "y.eventlog:byte 0: expected the eventlog header marker");
}

TEST(BadInput, EventlogWithAbsurdHeaderSizes) {
  std::string bytes = std::string("hdrbhetbetb\0", 12) + EventlogWriter::u16(160) + EventlogWriter::u16(0xFFFF) +
                      EventlogWriter::u32(0x7FFFFFFF) + "junk";
  expect_error(run_on("a.eventlog", bytes), "a.eventlog:byte 8: event type 160 declares a 2147483647-byte description");
  // A fixed size larger than the file: the first such event is where it ends.
  EventlogWriter w;
  w.declare_standard().declare(100, 65535).heap_prof_begin(0, 7).sample_begin(1).sample_string(2, 5, "a").sample_end(3);
  w.event(100, 4, "tiny");
  Outcome run = run_on("b.eventlog", w.bytes(false));
  EXPECT_EQ(run.r.status, 0) << run.r.err;
  EXPECT_NE(run.r.err.find("warning: b.eventlog:byte"), std::string::npos) << run.r.err;
}

TEST(BadInput, CostCentreStackOfDepth255) {
  EventlogWriter w;
  w.declare_standard().heap_prof_begin(0, 1);
  std::vector<uint32_t> ids;
  for (uint32_t i = 0; i < 255; ++i) {
    w.cost_centre(i, "function" + std::to_string(i), "Module");
    ids.push_back(i);
  }
  w.sample_begin(10).sample_stack(11, 1000, ids).sample_end(12);
  expect_picture(run_on("deep.eventlog", w.bytes()));
}

// A file cut short while it is read (a program rewriting it) is a clear
// error, not a crash or a profile made of two files: here the file loses
// its end after the first window was handed out.
TEST(BadInput, InputCutShortWhileReadIsAClearError) {
  std::string dir = scratch_dir();
  std::string hp = read_file(std::string(HPNG_TEST_CORPUS) + "/logreport/logreport.hc.hp");
  while (hp.size() < (3u << 20)) hp += hp.substr(hp.find("BEGIN_SAMPLE"));  // more than two windows
  write_file(dir + "/big.hp", hp);
  Input in = load_input(dir + "/big.hp");
  std::string msg = error_message([&] {
    read_windows(in, [&](std::string_view bytes, size_t base, bool) {
      if (::truncate((dir + "/big.hp").c_str(), 1 << 20) != 0) ADD_FAILURE() << "truncate failed";
      return base + bytes.size();
    });
  });
  EXPECT_EQ(msg, dir + "/big.hp: the file was cut short while it was being read (is a program rewriting it?)");
}

// Standard input is kept in $TMPDIR to be read more than once; where it
// cannot be, the message says so and why.
TEST(BadInput, StdinThatCannotBeKeptIsAClearError) {
  std::string dir = scratch_dir();
  write_file(dir + "/m.hp", read_file(std::string(HPNG_CASES) + "/manpage-example.hp"));
  CommandResult r = run_in(dir, "cat m.hp | TMPDIR=/nonexistent " + exe() + " -o out.ps");  // a pipe
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("hp2ps-ng: error: stdin: cannot keep a file in /nonexistent (hp2ps-ng reads its input more "
                       "than once"), std::string::npos) << r.err;
  // 1 KiB for the copy of text that could be a profile (junk is refused at once)
  r = run_in(dir, "ulimit -f 1 && yes 'MARK 1.0' | " + exe() + " -o - | head -c 1");
  EXPECT_NE(r.err.find("cannot keep a file in"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("File too large"), std::string::npos) << r.err;
  EXPECT_EQ(list_dir(dir), (std::vector<std::string>{"m.hp"}));
  r = run_in(dir, "cat m.hp | " + exe() + " -o out.ps");  // and with room, as a file would be
  EXPECT_EQ(r.status, 0) << r.err;
  r = run_in(dir, "TMPDIR=/nonexistent " + exe() + " -o out2.ps < m.hp");  // a file: read in place, not copied
  EXPECT_EQ(r.status, 0) << r.err;
}

TEST(BadInput, FullDiskIsAClearErrorAndLeavesNothing) {
  std::string hp = read_file(std::string(HPNG_CASES) + "/manpage-example.hp");
  std::string dir = scratch_dir();
  write_file(dir + "/m.hp", hp);
  write_file(dir + "/m.ps", "GOOD");
  CommandResult r = run_in(dir, "ulimit -f 8 && " + exe() + " m.hp");  // 8 KiB per file
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("hp2ps-ng: error: m.ps: cannot write"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(dir + "/m.ps"), "GOOD");
  EXPECT_EQ(list_dir(dir), (std::vector<std::string>{"m.hp", "m.ps"}));
}

// In-process sweeps: each prefix or mutation must give a Profile (then a
// rendered page) or an Error naming the file; anything else fails.
void survive(const std::string& name, const std::string& bytes, bool render) {
  try {
    BandMatrix m = select_in_memory(name, bytes);
    if (!render) return;
    std::vector<double> shades = assign_shades(m, default_palette(true), nullptr);
    ChartLayout l = layout_chart(m, shades, {});
    std::string out = render_chart(l, {}, {OutputFormat::svg, 96, m.info.header.job, name + ".svg"});
    EXPECT_NE(out.find("</svg>"), std::string::npos);
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()).rfind(name + ":", 0), 0u) << e.what();
  }
}

TEST(BadInputSweep, HpTruncatedAtHundredsOfOffsets) {
  std::string hp = read_file(std::string(HPNG_TEST_CORPUS) + "/leakyavg/leakyavg.hc.hp");
  ASSERT_GT(hp.size(), 4000u);
  size_t step = hp.size() / 400;
  for (size_t n = 0; n < hp.size(); n += step) survive("cut.hp", hp.substr(0, n), n % (step * 40) == 0);
}

// Every offset of the header and the first events, then every seventh (the
// events' varied sizes shift where the cuts fall within them): each cut
// reads the whole prefix, and every offset of the 54 KB log took 394 s
// under the sanitizers.
TEST(BadInputSweep, EventlogTruncatedAtEveryHeaderOffsetThenEverySeventh) {
  std::string log = read_file(std::string(HPNG_CASES) + "/../eventlog-small/leak-hT-N2.eventlog");
  ASSERT_GT(log.size(), 50000u);
  for (size_t n = 0; n < log.size(); n += n < 4096 ? 1 : 7) survive("cut.eventlog", log.substr(0, n), n % 5000 == 0);
}

TEST(BadInputSweep, ByteFlips) {
  std::string hp = read_file(std::string(HPNG_CASES) + "/manpage-example.hp");
  std::string log = read_file(std::string(HPNG_CASES) + "/../eventlog-small/leak-hb.eventlog");
  for (size_t i = 0; i < hp.size(); ++i) {
    for (char c : {'\0', '"', '\n', '9', '.', '\xff'}) {
      std::string m = hp;
      m[i] = c;
      survive("flip.hp", m, i % 50 == 0);
    }
  }
  std::mt19937 rng(11);
  for (int i = 0; i < 3000; ++i) {
    std::string m = log;
    m[rng() % m.size()] ^= static_cast<char>(1 << (rng() % 8));
    survive("flip.eventlog", m, i % 500 == 0);
  }
}

TEST(BadInputSweep, FuzzRegressionsReplay) {
  std::string dir = std::string(HPNG_CASES) + "/../../fuzz/regressions";
  int replayed = 0;
  for (const std::string& f : list_dir(dir)) {
    if (f == "README.md") continue;
    std::string bytes = read_file(dir + "/" + f);
    survive(f, bytes, true);
    if (f.rfind("aux_fuzz", 0) == 0) {
      try {
        read_aux({f, bytes});
      } catch (const Error&) {
      }
    }
    ++replayed;
  }
  EXPECT_GE(replayed, 2) << "tests/fuzz/regressions/ lost its inputs";
}

}  // namespace
}  // namespace hpng

namespace hpng {
namespace {

using namespace hpng::test;

// Input without end, or junk, on a pipe: refused from its first bytes, or
// once it passes --max-input, never filling the disk ($TMPDIR stays empty)
// nor hanging (hang_guard).
struct Endless {
  std::string name;
  std::string command;  // NG is the executable
  int status;
  std::string message;
};

std::ostream& operator<<(std::ostream& os, const Endless& e) { return os << e.command; }

class EndlessInput : public ::testing::TestWithParam<Endless> {};

TEST_P(EndlessInput, IsBoundedAndSaysWhy) {
  const Endless& e = GetParam();
  std::string dir = scratch_dir();
  write_file(dir + "/p.hp", read_file(std::string(HPNG_CASES) + "/manpage-example.hp"));
  ASSERT_EQ(run_in(dir, "mkdir tmp").status, 0);
  std::string command = e.command;
  for (size_t at; (at = command.find("NG")) != std::string::npos;) command.replace(at, 2, exe());
  CommandResult r = run_in(dir, "export TMPDIR=$PWD/tmp; " + hang_guard() + "sh -c " + shell_quote(command));
  EXPECT_EQ(r.status, e.status) << r.err;
  EXPECT_NE(r.err.find(e.message), std::string::npos) << r.err;
  EXPECT_TRUE(list_dir(dir + "/tmp").empty());
}

INSTANTIATE_TEST_SUITE_P(
    Cases, EndlessInput,
    ::testing::Values(
        Endless{"zeros_on_a_pipe", "cat /dev/zero | NG -o x.svg", 1, "stdin: this is binary data, not a heap profile"},
        Endless{"zeros_as_a_file_name", "NG -o x.svg /dev/zero", 1, "/dev/zero: this is binary data"},
        Endless{"a_pdf_on_a_pipe", "{ printf '%%PDF-1.4\\n'; cat /dev/zero; } | NG -o x.svg", 1, "this is a PDF document"},
        Endless{"text_without_end", "yes 'MARK 1.0' | NG --max-input 1M -o x.svg", 1,
                "stdin: more than 1000000 bytes, the most hp2ps-ng keeps of pipes, devices and compressed files in one run"},
        Endless{"a_profile_within_the_limit", "cat p.hp | NG --max-input 1KiB -o x.svg", 0, ""},
        Endless{"a_profile_over_the_limit", "cat p.hp | NG --max-input 100B -o x.svg", 1, "more than 100 bytes"},
        Endless{"compressed_zeros_on_a_pipe", "head -c 50000000 /dev/zero | gzip -1 | NG -o x.svg", 1,
                "stdin: this is binary data, not a heap profile"},
        Endless{"limit_not_a_size", "NG --max-input 5X p.hp", 2, "--max-input takes a size"},
        Endless{"limit_zero", "NG --max-input 0 p.hp", 2, "--max-input takes a size"}),
    [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace hpng
