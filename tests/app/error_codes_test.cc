// Every way a run fails, or warns, says so with its code (and where, as
// numbers): each case is a command line run through the same parse,
// resolution and dispatch as the executable, in a folder of its own.
// Messages have their own tests (drop_in_test, bad_input_test, ...).
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <regex>
#include <sstream>

#include "app/cli/cli.h"
#include "app/modes.h"
#include "hpng/app/run.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

const std::string kHeader = "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n";
const std::string kProfile = kHeader + "BEGIN_SAMPLE 0.0\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\na 10\nb 20\nEND_SAMPLE 1.0\n"
                             "BEGIN_SAMPLE 2.0\nEND_SAMPLE 2.0\n";

struct Case {
  std::string name;
  std::string args;  // "@" is the case's folder, with a slash
  Code code;
  size_t line = 0, column = 0;     // where, in a text input (0: not asked)
  std::optional<size_t> byte = {};  // where, in an eventlog
};

std::ostream& operator<<(std::ostream& os, const Case& c) { return os << c.name << ": " << c.args; }

// A folder with the files the cases name: p.hp a good profile, and one
// file for each way of being wrong.
std::string folder() {
  std::string dir = scratch_dir() + "/";
  write_file(dir + "p.hp", kProfile);
  write_file(dir + "units.hp", "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"words\"\n" +
                                   kProfile.substr(kHeader.size()));
  write_file(dir + "syntax.hp", kHeader + "BEGIN_SAMPLE 0.0\na 1\nb x\nEND_SAMPLE 0.0\n");
  write_file(dir + "empty.hp", kHeader);
  write_file(dir + "unfinished.hp", kHeader + "BEGIN_SAMPLE 0.0\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\na 1\nEND_SAMPLE 1.0\n");
  write_file(dir + "cut.hp", kProfile + "BEGIN_SAMPLE 3.0\na 1\n");
  write_file(dir + "pdf.hp", "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n");
  write_file(dir + "bad.eventlog", std::string("hdrb\0\0\0\0junk", 12));
  write_file(dir + "p.aux", "X_RANGE 1.00\nY_RANGE 2.00\nORDER a\n");
  write_file(dir + "long.hp", kHeader + "BEGIN_SAMPLE 0.0\n" + std::string(70000, 'n') + " 5\nEND_SAMPLE 0.0\n" +
                                  "BEGIN_SAMPLE 1.0\nEND_SAMPLE 1.0\n");
  std::string wide = kHeader + "BEGIN_SAMPLE 0.0\n";
  for (int b = 0; b < 2000; ++b) wide += "band" + std::to_string(b) + " 5\n";
  write_file(dir + "wide.hp", wide + "END_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\nEND_SAMPLE 1.0\n");
  write_file(dir + "hi.hp", kHeader + "BEGIN_SAMPLE 0.0\n0x409f78\t5\n0x4a3f10\t7\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\nEND_SAMPLE 1.0\n");
  write_file(dir + "cut-names.hp", kHeader + "BEGIN_SAMPLE 0.0\n(329)applyEvent.\\/applyEve...\t5\n"
                                   "(331)applyEvent.\\/applyEve...\t7\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\nEND_SAMPLE 1.0\n");
  write_file(dir + "hy.hp", std::regex_replace(kProfile, std::regex("JOB \"j\""), "JOB \"prog +RTS -hy -RTS\""));
  write_file(dir + "hc.hp", std::regex_replace(kProfile, std::regex("JOB \"j\""), "JOB \"prog +RTS -hc -i0.1 -RTS\""));
  write_file(dir + "plain.eventlog", read_file(std::string(HPNG_CASES) + "/../eventlog-small/leak-hT-N2.eventlog"));
  write_file(dir + "cut.hp.gz", std::string("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03", 10));
  std::filesystem::create_directory(dir + "blocked.aux");
  write_file(dir + "nodata.hp", kHeader + "BEGIN_SAMPLE 0.0\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\nEND_SAMPLE 1.0\n");
  write_file(dir + "hbvoid.eventlog", read_file(std::string(HPNG_CASES) + "/../eventlog-small/journal-hc-hbvoid.eventlog"));
  std::filesystem::create_symlink(std::string(HPNG_SYMBOLS) + "/growmap-plain", dir + "prog");  // a GHC 9.6.6 build
  return dir;
}

std::vector<std::string> words(const std::string& args, const std::string& dir) {
  std::vector<std::string> out{"hp2ps-ng"};
  std::istringstream in(args);
  for (std::string w; in >> w;) {
    for (size_t at; (at = w.find('@')) != std::string::npos;) w.replace(at, 1, dir);
    out.push_back(w);
  }
  return out;
}

// The run's error (thrown, or said as an error on the warnings channel: a
// gate exceeded), or its warnings' codes.
struct Outcome {
  std::optional<Diagnostic> error;
  Warnings warnings;
};

Outcome run_args(const std::string& args) {
  std::vector<std::string> w = words(args, folder());
  std::vector<char*> argv;
  for (std::string& s : w) argv.push_back(s.data());
  Outcome out;
  try {
    std::string help;
    Options o = parse_command_line(static_cast<int>(argv.size()), argv.data(), out.warnings, help);
    run(resolve_job(o, out.warnings), out.warnings);
  } catch (const Error& e) {
    out.error = e.diagnostic();
  }
  for (const Diagnostic& d : out.warnings) {
    if (d.error && !out.error) out.error = d;
  }
  return out;
}

class ErrorCodes : public ::testing::TestWithParam<Case> {};

TEST_P(ErrorCodes, TheRunFailsWithItsCode) {
  const Case& c = GetParam();
  Outcome out = run_args(c.args);
  ASSERT_TRUE(out.error) << "no error";
  EXPECT_EQ(out.error->code, c.code) << describe(*out.error);
  if (c.line) {
    EXPECT_EQ(out.error->line, c.line) << describe(*out.error);
    EXPECT_EQ(out.error->column, c.column) << describe(*out.error);
  }
  if (c.byte) {
    EXPECT_EQ(out.error->byte, c.byte) << describe(*out.error);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Cases, ErrorCodes,
    ::testing::Values(Case{"band_limit_not_a_number", "-mabc @p.hp", Code::bad_option},
                      Case{"unknown_long_option", "--no-such-option @p.hp", Code::bad_option},
                      Case{"value_a_check_refuses", "--dpi 0 @p.hp", Code::bad_option},
                      Case{"value_that_is_not_a_number", "--trace abc @p.hp", Code::bad_option},
                      Case{"max_peak_below_zero", "--max-peak -5 @p.hp", Code::bad_option},
                      Case{"trace_above_5", "-t9 @p.hp", Code::bad_option},
                      Case{"two_profiles_without_compare", "@p.hp @p.hp", Code::bad_option},
                      Case{"compare_and_diff", "--compare --diff @p.hp @p.hp -o @c.svg", Code::conflicting_options},
                      Case{"percent_with_y_max", "--percent --y-max 5 @p.hp", Code::conflicting_options},
                      Case{"percent_text_report", "--percent --format text @p.hp", Code::conflicting_options},
                      Case{"sort_number_with_i", "--sort-number -i @p.hp", Code::conflicting_options},
                      Case{"sort_number_with_growth", "--sort-number --sort-growth @p.hp", Code::conflicting_options},
                      Case{"ipe_that_is_not_an_eventlog", "--ipe @hi.hp @hi.hp -o @x.svg", Code::bad_option},
                      Case{"ipe_from_a_log_without_records", "--ipe @plain.eventlog @hi.hp -o @x.svg", Code::bad_option},
                      Case{"symbols_of_a_file_that_is_no_program", "--symbols @hi.hp @hi.hp -o @x.svg", Code::bad_option},
                      Case{"symbols_with_watch", "--symbols @hi.hp --watch 1 @hi.hp -o @x.svg", Code::conflicting_options},
                      Case{"sort_growth_with_d", "--sort-growth -d @p.hp", Code::conflicting_options},
                      Case{"sort_growth_with_i", "--sort-growth -i @p.hp", Code::conflicting_options},
                      Case{"sort_growth_with_diff", "--sort-growth --diff @p.hp @p.hp -o @d.svg", Code::conflicting_options},
                      Case{"eps_compare", "--compare @p.hp @p.hp -o @c.eps", Code::conflicting_options},
                      Case{"pattern_that_does_not_compile", "--include ( @p.hp", Code::bad_pattern},
                      Case{"picture_too_narrow", "--width 10 -o @x.png @p.hp", Code::bad_size},
                      Case{"extension_not_written", "-o @x.gif @p.hp", Code::unknown_extension},
                      Case{"output_over_its_input", "-o @p.hp --format ps @p.hp", Code::output_is_input},
                      Case{"output_over_the_symbols_program", "--symbols @prog -o @prog --format svg @hi.hp",
                           Code::output_is_input},
                      Case{"aux_over_the_output", "--aux @x.svg -o @x.svg @p.hp", Code::output_is_input},
                      Case{"units_that_cannot_share_a_scale", "--compare @p.hp @units.hp -o @c.svg", Code::mixed_units},
                      Case{"missing_file", "@missing.hp", Code::cannot_read},
                      Case{"a_pdf", "@pdf.hp -o @x.svg", Code::not_a_profile},
                      Case{"hp_syntax", "@syntax.hp -o @x.svg", Code::hp_syntax, 7, 3},
                      Case{"aux_syntax", "-p --aux @p.aux @p.hp -o @x.svg", Code::aux_syntax, 3, 1},
                      Case{"eventlog_header", "@bad.eventlog -o @x.svg", Code::bad_eventlog, 0, 0, 4},
                      Case{"compressed_data_cut_short", "@cut.hp.gz -o @x.svg", Code::bad_compression, 0, 0, 10},
                      Case{"no_samples", "@empty.hp -o @x.svg", Code::no_samples},
                      Case{"window_without_samples", "--from 100 @p.hp -o @x.svg", Code::empty_window},
                      Case{"filter_without_bands", "--include zzz @p.hp -o @x.svg", Code::empty_filter},
                      Case{"output_folder_missing", "@p.hp -o @no/such/x.svg", Code::cannot_write},
                      Case{"peak_above_max_peak", "--max-peak 10 @p.hp -o @x.svg", Code::over_limit},
                      Case{"recorded_program_that_cannot_start", "--record -o @x.svg -- @no-such-program", Code::program_failed},
                      Case{"record_without_a_program", "--record -o @x.svg", Code::bad_option},
                      Case{"baseline_without_max_growth", "--record --baseline @p.hp -- @x", Code::conflicting_options}),
    [](const auto& info) { return info.param.name; });

// The id of a process that has ended (and was reaped): --watch-pid's.
pid_t ended_process() {
  pid_t child = fork();
  if (child == 0) _exit(0);
  waitpid(child, nullptr, 0);
  return child;
}

// --watch of a file the watched program ended without writing.
TEST(ErrorCodes, AWatchOfAProgramThatEndedIsWatchEnded) {
  Outcome out = run_args("--watch=0.01 --watch-pid " + std::to_string(ended_process()) + " @never.hp -o @x.svg");
  ASSERT_TRUE(out.error);
  EXPECT_EQ(out.error->code, Code::watch_ended) << describe(*out.error);
}

// --watch of a file with no complete sample yet says it waits, until the
// watched program has ended: then that is the error.
TEST(ErrorCodes, AWatchOfAFileWithNoSampleYetWarnsItIsWaiting) {
  Outcome out = run_args("--watch=0.01 --watch-pid " + std::to_string(ended_process()) + " @empty.hp -o @x.svg");
  ASSERT_TRUE(out.error);
  EXPECT_EQ(out.error->code, Code::no_samples) << describe(*out.error);
  bool waiting = false;
  for (const Diagnostic& d : out.warnings) waiting = waiting || d.code == Code::waiting;
  EXPECT_TRUE(waiting);
}

// A watched file replaced by another (the program started again) is said
// with file_restarted: the replacement is made when the watch next asks
// whether the program has ended, so that no clock decides the order.
TEST(ErrorCodes, AWatchedFileReplacedIsFileRestarted) {
  std::string dir = scratch_dir() + "/", small = std::string(HPNG_CASES) + "/../eventlog-small/";
  std::string hc = read_file(small + "leak-hc.hp");
  write_file(dir + "prog.hp", hc.substr(0, hc.size() / 2));
  write_file(dir + "prog.hp.new", read_file(small + "leak-hb.hp"));
  std::vector<std::string> w = words("--watch=0.01 --no-aux -o @out.svg @prog.hp", dir);
  std::vector<char*> argv;
  for (std::string& word : w) argv.push_back(word.data());
  Warnings warnings;
  std::string help;
  Job job = resolve_job(parse_command_line(static_cast<int>(argv.size()), argv.data(), warnings, help), warnings);
  // The writer: replaces the file the first time it is asked whether it
  // has ended, ends the third time.
  struct Restarting final : Followed {
    std::string dir;
    int asked = 0;
    bool ended() override {
      if (asked++ == 0) {
        EXPECT_EQ(std::rename((dir + "prog.hp.new").c_str(), (dir + "prog.hp").c_str()), 0);
      }
      return asked > 2;
    }
    bool stop(const StopRequest&) override { return true; }
    void drawn(const Drawn&, double) override {}
  } writer;
  writer.dir = dir;
  follow_profile(job, job.inputs[0].path, writer, warnings);
  std::vector<Code> codes;
  for (const Diagnostic& d : warnings) codes.push_back(d.code);
  EXPECT_NE(std::find(codes.begin(), codes.end(), Code::file_restarted), codes.end());
  EXPECT_TRUE(file_exists(dir + "out.svg"));
}

class WarningCodes : public ::testing::TestWithParam<Case> {};

TEST_P(WarningCodes, TheRunWarnsWithItsCode) {
  const Case& c = GetParam();
  Outcome out = run_args(c.args);
  ASSERT_FALSE(out.error) << describe(*out.error);
  std::vector<Code> codes;
  for (const Diagnostic& d : out.warnings) codes.push_back(d.code);
  EXPECT_NE(std::find(codes.begin(), codes.end(), c.code), codes.end());
}

INSTANTIATE_TEST_SUITE_P(
    Cases, WarningCodes,
    ::testing::Values(Case{"transparent_postscript", "--transparent @p.hp -o @x.ps", Code::option_ignored},
                      Case{"letters_after_a_flag", "-cx @p.hp -o @x.ps", Code::option_ignored},
                      Case{"heap_lines_of_a_hp", "--heap-lines @p.hp -o @x.svg", Code::option_ignored},
                      Case{"format_against_extension", "--format pdf @p.hp -o @x.svg", Code::format_mismatch},
                      Case{"beyond_y_max", "--y-max 5 @p.hp -o @x.svg", Code::beyond_scale},
                      Case{"no_final_sample", "@unfinished.hp -o @x.svg", Code::unfinished},
                      Case{"cut_in_a_sample", "@cut.hp -o @x.svg", Code::cut_short},
                      Case{"name_beyond_64_kib", "@long.hp -o @x.svg", Code::long_text},
                      Case{"more_bands_than_a_vector_picture_holds", "-t0 -m0 @wide.hp -o @x.svg", Code::bands_in_other},
                      Case{"hi_hp_without_ipe", "@hi.hp -o @x.svg", Code::unnamed_bands},
                      Case{"diff_of_hy_and_hc", "--diff @hy.hp @hc.hp -o @x.svg", Code::unlike_runs},
                      Case{"compare_hp_and_eventlog", "--compare @hc.hp @plain.eventlog -o @x.svg", Code::unlike_runs},
                      Case{"stacks_cut_to_one_name", "--compare @cut-names.hp @p.hp -o @x.svg", Code::ambiguous_names},
                      Case{"samples_without_data", "@nodata.hp -o @x.svg", Code::no_data},
                      Case{"restricted_biography_censuses", "@hbvoid.eventlog -o @x.svg", Code::held_censuses},
                      // -o chose the picture's place; its .aux beside it is a folder.
                      Case{"aux_that_cannot_be_written", "@p.hp -o @blocked.ps", Code::aux_not_written}),
    [](const auto& info) { return info.param.name; });

// A profile read several times (selection reads it two or three times)
// warns once.
TEST(Warnings, AWarningIsSaidOnce) {
  Warnings w;
  Diagnostic d{Code::cut_short, "a.hp", {}, 3, 1, "", "cut"};
  w.add(d);
  w.add(d);
  d.line = 4;
  w.add(d);
  EXPECT_EQ(w.size(), 2u);
}

TEST(Warnings, DescribeMakesTheMessageFromTheNumbers) {
  EXPECT_EQ(describe({Code::hp_syntax, "a.hp", {}, 3, 7, "", "bad"}), "a.hp:3:7: bad");
  EXPECT_EQ(describe({Code::bad_eventlog, "a.eventlog", 12, 0, 0, "", "bad"}), "a.eventlog:byte 12: bad");
  EXPECT_EQ(describe({Code::bad_option, "", {}, 0, 0, "", "bad"}), "bad");
  EXPECT_EQ(exit_status(Code::bad_option), 2);
  EXPECT_EQ(exit_status(Code::cannot_read), 1);
  EXPECT_EQ(exit_status(Code::cannot_write), 1);
  EXPECT_EQ(exit_status(Code::over_limit), 3);
}

}  // namespace
}  // namespace hpng
