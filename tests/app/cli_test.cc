// The command line end to end: file naming as hp2ps, filter mode, exit
// statuses, atomic outputs, option clustering, and deterministic bytes.
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <regex>

#include "app/cli/cli.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

std::string manpage() { return read_file(std::string(HPNG_CASES) + "/manpage-example.hp"); }

std::string dir_with_manpage() {
  std::string dir = scratch_dir();
  write_file(dir + "/prof.hp", manpage());
  return dir;
}

TEST(Cli, FileModeWritesPsAndAuxInCurrentDirectory) {
  std::string dir = dir_with_manpage();
  EXPECT_EQ(run_in(dir, exe() + " prof").status, 0);
  EXPECT_EQ(list_dir(dir), (std::vector<std::string>{"prof.aux", "prof.hp", "prof.ps"}));
  run_in(dir, "mkdir sub && mv prof.hp sub/x.hp && rm prof.ps prof.aux");
  EXPECT_EQ(run_in(dir, exe() + " sub/x.hp").status, 0);
  EXPECT_EQ(list_dir(dir), (std::vector<std::string>{"sub", "x.aux", "x.ps"}));
}

TEST(Cli, FilterModeReadsStdinWritesStdoutAndNoAux) {
  std::string dir = dir_with_manpage();
  CommandResult r = run_in(dir, exe() + " --format json < prof.hp");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("\"total\": 648"), std::string::npos);
  EXPECT_EQ(list_dir(dir), (std::vector<std::string>{"prof.hp"}));
  r = run_in(dir, exe() + " < prof.hp");
  EXPECT_EQ(r.out.substr(0, 4), "%!PS");
}

// Standard input is read once: as two of --compare's or --diff's inputs it
// is a usage error, not "the file is empty".
TEST(Cli, StandardInputIsOneInputOnly) {
  std::string dir = dir_with_manpage();
  for (const char* args : {"--compare - - -o c.svg", "--diff - - -o d.svg", "--compare - prof.hp - -o c.svg"}) {
    CommandResult r = run_in(dir, exe() + " " + args + " < prof.hp");
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_NE(r.err.find("standard input ('-') can be one of the inputs only"), std::string::npos) << r.err;
  }
  EXPECT_EQ(run_in(dir, exe() + " --compare - prof.hp -o c.svg < prof.hp").status, 0);
}

TEST(Cli, FormatFromOutputExtensionAndDash) {
  std::string dir = dir_with_manpage();
  EXPECT_EQ(run_in(dir, exe() + " -o out.svg prof.hp").status, 0);
  EXPECT_NE(read_file(dir + "/out.svg").find("<svg"), std::string::npos);
  CommandResult r = run_in(dir, exe() + " --format csv -o - prof.hp");
  EXPECT_EQ(r.out.substr(0, 12), "time,reduce,");
  EXPECT_EQ(run_in(dir, exe() + " --format pdf prof").status, 0);
  EXPECT_EQ(read_file(dir + "/prof.pdf").substr(0, 5), "%PDF-");
}

TEST(Cli, ExitStatuses) {
  std::string dir = dir_with_manpage();
  CommandResult r = run_in(dir, exe() + " -x prof.hp");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown option '-x'"), std::string::npos);
  EXPECT_EQ(run_in(dir, exe() + " -t9 prof.hp").status, 2);
  EXPECT_EQ(run_in(dir, exe() + " --format gif prof.hp").status, 2);
  r = run_in(dir, exe() + " prof.hp other.hp");
  EXPECT_EQ(r.status, 1) << "each file is drawn, the missing one an error";
  EXPECT_NE(r.err.find("hp2ps-ng: error: other.hp: cannot open"), std::string::npos) << r.err;
  EXPECT_TRUE(file_exists(dir + "/prof.ps"));
  r = run_in(dir, exe() + " missing.hp");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("hp2ps-ng: error: missing.hp: cannot open"), std::string::npos);
  r = run_in(dir, exe() + " --help");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("--max-bands"), std::string::npos);
  r = run_in(dir, exe() + " --version");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out.substr(0, 9), "hp2ps-ng ");
}

TEST(Cli, Hp2psClusteringRules) {
  std::string dir = dir_with_manpage();
  // -pc is -p -c: reads prof.aux (missing here: exit 1 naming it).
  CommandResult r = run_in(dir, exe() + " -pc prof.hp");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("prof.aux: cannot open"), std::string::npos);
  // -cb is only -c, with a warning about the ignored letter.
  r = run_in(dir, exe() + " -cb prof.hp");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.err.find("ignoring 'b' in -cb"), std::string::npos);
  // -m10, -i-, -t0.5, -e6in keep their values in the same argument.
  EXPECT_EQ(run_in(dir, exe() + " -m10 -i- -t0.5 -e6in prof.hp").status, 0);
  EXPECT_NE(read_file(dir + "/prof.ps").find("%%BoundingBox: 0 0 432 288"), std::string::npos);
  // -l: no band limit and no key, as the GHC manual documents it: 25
  // bands all drawn (the default keeps 19 and OTHER), none named in a key.
  std::string wide = "JOB \"w\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\nBEGIN_SAMPLE 0.0\n";
  for (int b = 0; b < 25; ++b) wide += "band" + std::to_string(b) + " " + std::to_string(1000 + b) + "\n";
  write_file(dir + "/wide.hp", wide + "END_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\nEND_SAMPLE 1.0\n");
  r = run_in(dir, exe() + " -l --format json -o - wide.hp");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"band24\""), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\"OTHER\""), std::string::npos) << "no band limit";
  ASSERT_EQ(run_in(dir, exe() + " -l -o wide.svg wide.hp").status, 0);
  ASSERT_EQ(run_in(dir, exe() + " -o keyed.svg wide.hp").status, 0);
  // A key's entry is a text element of the band's name (its shape's hover
  // is a <title>).
  EXPECT_EQ(read_file(dir + "/wide.svg").find(">band24<"), std::string::npos) << "no key with -l";
  EXPECT_NE(read_file(dir + "/keyed.svg").find(">band24<"), std::string::npos) << "a key by default";
}

TEST(Cli, FailureLeavesExistingOutputUntouched) {
  std::string dir = scratch_dir();
  write_file(dir + "/prof.hp", "JOB \"x\"\nBEGIN_SAMPLE oops\n");
  write_file(dir + "/prof.ps", "GOOD");
  write_file(dir + "/prof.aux", "X_RANGE 1.00\n");
  CommandResult r = run_in(dir, exe() + " -p prof.hp");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("prof.hp:2:14: floating point number must follow BEGIN_SAMPLE"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(dir + "/prof.ps"), "GOOD");
  EXPECT_EQ(read_file(dir + "/prof.aux"), "X_RANGE 1.00\n");
  EXPECT_EQ(list_dir(dir), (std::vector<std::string>{"prof.aux", "prof.hp", "prof.ps"}));  // no temporaries
}

// The fonts are first loaded on a second thread while the matrix is built;
// its failure must reach the user as the layout's error, not a crash or a
// picture without text.
TEST(Cli, MissingFontsAreAClearErrorAndNoOutput) {
  std::string dir = dir_with_manpage();
  CommandResult r = run_in(dir, "HP2PS_NG_FONT_DIR=" + dir + "/nowhere " + exe() + " prof.hp");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("nowhere/fonts.conf: cannot load the bundled fonts"), std::string::npos) << r.err;
  EXPECT_EQ(list_dir(dir), (std::vector<std::string>{"prof.hp"}));
}

TEST(Cli, UnwritableTargetIsAClearError) {
  std::string dir = dir_with_manpage();
  CommandResult r = run_in(dir, exe() + " -o no/such/dir/out.ps prof.hp");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("no/such/dir/out.ps: cannot create a temporary file"), std::string::npos) << r.err;
  run_in(dir, "mkdir prof.ps");  // a directory in the way
  r = run_in(dir, exe() + " prof.hp");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("prof.ps: cannot replace"), std::string::npos) << r.err;
}

TEST(Cli, RefusesToOverwriteInput) {
  std::string dir = dir_with_manpage();
  CommandResult r = run_in(dir, exe() + " -o prof.hp --format ps prof.hp");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("error: prof.hp: is the input prof.hp (the same file): refusing to overwrite it"), std::string::npos)
      << r.err;
  EXPECT_EQ(read_file(dir + "/prof.hp"), manpage());
}

TEST(Cli, KilledProgramProfileRendersWithWarning) {
  std::string dir = scratch_dir();
  std::string hp = manpage();
  write_file(dir + "/k.hp", hp.substr(0, hp.rfind("END_SAMPLE")));
  CommandResult r = run_in(dir, exe() + " k.hp");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.err.find("hp2ps-ng: warning: k.hp:"), std::string::npos) << r.err;
  EXPECT_TRUE(file_exists(dir + "/k.ps"));
}

TEST(Cli, SameInputSameBytes) {
  std::string dir = dir_with_manpage();
  const char* exts[] = {"ps", "eps", "pdf", "svg", "png"};
  for (const char* ext : exts) ASSERT_EQ(run_in(dir, exe() + " -c -o a." + ext + " prof.hp").status, 0);
  run_in(dir, "sleep 1.1");  // a wall-clock timestamp would now differ
  for (const char* ext : exts) {
    SCOPED_TRACE(ext);
    ASSERT_EQ(run_in(dir, exe() + " -c -o b." + ext + " prof.hp").status, 0);
    EXPECT_EQ(read_file(dir + "/a." + ext), read_file(dir + "/b." + ext));
  }
  ASSERT_EQ(run_in(dir, "SOURCE_DATE_EPOCH=86400 " + exe() + " -o c.pdf prof.hp").status, 0);
  EXPECT_NE(read_file(dir + "/c.pdf").find("/CreationDate (19700102000000"), std::string::npos);
}

// -h is the first screen: the drop-in's and --record's options a first
// run needs (its interval and breakdown among them), not every option.
TEST(Cli, ShortHelpNamesWhatAFirstRecordingNeeds) {
  std::string dir = scratch_dir();
  CommandResult brief = run_in(dir, exe() + " -h"), full = run_in(dir, exe() + " --help");
  ASSERT_EQ(brief.status, 0) << brief.err;
  for (const char* option : {"--output", "--format", "--record", "--explain", "--breakdown", "--every", "--max-peak",
                             "--fail-on-leak"}) {
    EXPECT_NE(brief.out.find(option), std::string::npos) << option << " in -h";
  }
  EXPECT_EQ(brief.out.find("--csv-raw"), std::string::npos) << "--help's, not -h's";
  EXPECT_LT(brief.out.size() * 2, full.out.size());
}

// The completions are made from the option table --help is made from: every
// option --help names completes, and bash completes names, values and,
// after --record's --, the program's.
TEST(Cli, CompletionsOfferEveryOptionAndItsValues) {
  std::string dir = scratch_dir();
  std::string help = run_in(dir, exe() + " --help").out;
  CommandResult bash = run_in(dir, exe() + " --completions bash");
  ASSERT_EQ(bash.status, 0) << bash.err;
  std::regex long_option("--([a-z][a-z-]+)");
  for (std::sregex_iterator it(help.begin(), help.end(), long_option), end; it != end; ++it) {
    EXPECT_NE(bash.out.find(" --" + (*it)[1].str()), std::string::npos) << (*it)[1];
  }
  std::string built = std::string(HPNG_EXE).substr(0, std::string(HPNG_EXE).rfind('/')) + "/completions/hp2ps-ng";
  EXPECT_EQ(read_file(built), bash.out) << "the build installs what the binary makes";
  write_file(dir + "/c.bash", bash.out);
  // What bash offers for WORDS<TAB>, printed by SHOW.
  auto offered = [&](const std::string& words, const std::string& show) {
    std::string script =
        "source ./c.bash; COMP_WORDS=(" + words + "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _hp2ps_ng; " + show;
    return run_in(dir, "bash -c " + shell_quote(script)).out;
  };
  auto complete = [&](const std::string& words) { return offered(words, "echo \"${COMPREPLY[*]}\""); };
  EXPECT_EQ(complete("hp2ps-ng --form"), "--format\n");
  EXPECT_EQ(complete("hp2ps-ng --format s"), "svg\n");
  EXPECT_EQ(complete("hp2ps-ng --record --breakdown ''"), "T c y d m r b i e\n");
  EXPECT_EQ(complete("hp2ps-ng --max-peak ''"), "\n") << "a number: nothing to offer";
  // After --, the program: an executable (or a command on PATH), each once;
  // then its own words, any file. A profile: a .hp or an eventlog.
  write_file(dir + "/prog", "#!/bin/sh\n"), write_file(dir + "/prog.html", ""), write_file(dir + "/prog.eventlog", "");
  ASSERT_EQ(run_in(dir, "chmod +x prog && mkdir progs && : > prog.hp.gz").status, 0);
  EXPECT_EQ(complete("hp2ps-ng --record -- ./pr"), "./prog ./progs\n") << "executables and folders, not the page";
  std::string echo = complete("hp2ps-ng --record -- echo");
  EXPECT_EQ(echo.find("echo"), echo.rfind("echo")) << "echo, a builtin and /bin/echo, offered once: " << echo;
  EXPECT_EQ(complete("hp2ps-ng --record -- ./prog c.ba"), "c.bash\n") << "the program's own words: any file";
  EXPECT_EQ(complete("hp2ps-ng pr"), "prog.eventlog prog.hp.gz progs\n") << "profiles and folders, not the binary or page";
  // A file name is one word, whatever it holds; a * in it is no pattern.
  write_file(dir + "/my prof.hp", ""), write_file(dir + "/a*b.hp", ""), write_file(dir + "/axb.hp", "");
  auto replies = [&](const std::string& words) { return offered(words, "printf '[%s]' \"${COMPREPLY[@]}\""); };
  EXPECT_EQ(replies("hp2ps-ng my"), "[my prof.hp]");
  EXPECT_EQ(replies("hp2ps-ng -o my"), "[my prof.hp]");
  EXPECT_EQ(replies("hp2ps-ng 'a*'"), "[a*b.hp]");
  write_file(dir + "/new\nline.hp", "");
  EXPECT_EQ(replies("hp2ps-ng new"), "[new\nline.hp]") << "a newline in a name is no word break";
  EXPECT_EQ(replies("hp2ps-ng -o new"), "[new\nline.hp]");
  CommandResult zsh = run_in(dir, exe() + " --completions zsh");
  std::string format = zsh.out.substr(zsh.out.find("'--format["));
  format = format.substr(0, format.find('\n'));
  EXPECT_NE(format.find("]:FORMAT:((ps\\:\"PostScript, as hp2ps writes it\" eps\\:"), std::string::npos) << format;
  EXPECT_NE(zsh.out.find("'--output[Output file - is stdout; again for more outputs of one run]:FILE:_files'"),
            std::string::npos)
      << "quotes and brackets dropped";
  if (have_tool("zsh")) {
    write_file(dir + "/_hp2ps-ng", zsh.out);
    EXPECT_EQ(run_in(dir, "zsh -n _hp2ps-ng").status, 0);
  }
}

// The option table is the only list of options, the letter table the
// only list of hp2ps's letters: an option added to the table alone takes
// its value from the next word (even one that looks like an option, as
// --max-peak -5 once did not), a letter added to the letter table alone
// stands for its option, and both are in --help and in both shells'
// completions, with a value's choices and what they mean, and a file
// value completed as a file.
TEST(Cli, AnOptionAddedToTheTablesAloneWorksEverywhere) {
  std::string added, choice, file;
  OptionTable table = option_table();
  auto bind = [](std::string& to) {
    return [&to](CLI::App& app, const std::string& names, Options&) { return app.add_option(names, to); };
  };
  table.push_back({"--added-value", "SIZE", Group::gates, "An option only this test defines", {}, false, false, bind(added)});
  table.push_back({"--added-choice", "WORD", Group::output, "Another, with choices", {{"one", "the first"}, {"two", "the second"}},
                   false, false, bind(choice)});
  table.push_back({"--added-file", "FILE", Group::input, "And one that names a file", {}, true, false, bind(file)});
  std::vector<Letter> letters = hp2ps_letters();
  letters.push_back({'q', "--added-choice=two", LetterValue::none, "-q"});
  const char* argv[] = {"hp2ps-ng", "-c", "--added-value", "-5", "-q", "--added-file", "x y.hp", "-m4", "prof"};
  Warnings warnings;
  std::vector<std::string> args = translate_hp2ps_args(table, letters, 9, const_cast<char**>(argv), warnings);
  EXPECT_EQ(args, (std::vector<std::string>{"--colour", "--added-value", "-5", "--added-choice=two", "--added-file", "x y.hp",
                                            "--max-bands=4", "prof"}));
  Options o;
  CLI::App app{"test", "hp2ps-ng"};
  app.add_option("file", o.files);
  define_options(app, table, o);
  std::reverse(args.begin(), args.end());
  app.parse(args);
  EXPECT_EQ(added, "-5");
  EXPECT_EQ(choice, "two");
  EXPECT_EQ(file, "x y.hp");
  EXPECT_TRUE(o.colour);
  EXPECT_EQ(o.max_bands, 4);
  EXPECT_EQ(o.files, std::vector<std::string>{"prof"});
  std::string help = help_text(table, letters, true);
  EXPECT_NE(help.find("--added-value SIZE"), std::string::npos);
  EXPECT_NE(help.find("--added-choice WORD"), std::string::npos);
  EXPECT_NE(help.find("WORD: one, two"), std::string::npos);
  EXPECT_NE(help.find("  -q "), std::string::npos);
  std::string bash = completion_script(table, letters, "bash"), zsh = completion_script(table, letters, "zsh");
  EXPECT_NE(bash.find(" --added-value"), std::string::npos);
  EXPECT_NE(bash.find(" -q"), std::string::npos);
  EXPECT_NE(bash.find("--added-choice) mapfile -t COMPREPLY < <(compgen -W 'one two'"), std::string::npos);
  EXPECT_NE(bash.find("--added-file) _hp2ps_ng_files; return ;;"), std::string::npos);
  EXPECT_NE(zsh.find("'--added-choice[Another, with choices]:WORD:((one\\:\"the first\" two\\:\"the second\"))'"), std::string::npos);
  EXPECT_NE(zsh.find("'--added-file[And one that names a file]:FILE:_files'"), std::string::npos);
  EXPECT_NE(zsh.find("'-q[hp2ps -q, that is --added-choice=two]'"), std::string::npos);
}

TEST(Cli, HelpAndManPageAgree) {
  std::string help = run_in(scratch_dir(), exe() + " --help").out;
  std::string man = read_file(std::string(HPNG_GOLDEN) + "/../man/hp2ps-ng.1");
  std::regex long_option("--([a-z][a-z-]+)");
  int n = 0;
  for (std::sregex_iterator it(help.begin(), help.end(), long_option), end; it != end; ++it) {
    std::string name = (*it)[1];
    std::string in_man;  // groff writes each '-' as "\-"
    for (char c : name) in_man += c == '-' ? std::string("\\-") : std::string(1, c);
    EXPECT_NE(man.find("\\-\\-" + in_man), std::string::npos) << "--" << name << " is not in man/hp2ps-ng.1";
    ++n;
  }
  EXPECT_GT(n, 15);
  // And back: every option the man page names is one --help lists, but
  // the RTS's own, timeout(1)'s and the build's --completions.
  std::regex in_man("\\\\-\\\\-([a-z](?:[a-z]|\\\\-)+)");
  for (std::sregex_iterator it(man.begin(), man.end(), in_man), end; it != end; ++it) {
    std::string name = std::regex_replace((*it)[1].str(), std::regex("\\\\-"), "-");
    if (name == "eventlog-flush-interval" || name == "completions" || name == "preserve-status") continue;
    EXPECT_NE(help.find("--" + name), std::string::npos) << "man/hp2ps-ng.1 names --" << name << ", which --help does not";
  }
  for (const char* letter : {"\\-b", "\\-s", "\\-c", "\\-d", "\\-g", "\\-l", "\\-M", "\\-p", "\\-y"}) {
    EXPECT_NE(man.find(letter), std::string::npos) << letter;
  }
}

}  // namespace
}  // namespace hpng

namespace hpng {
namespace {

using namespace hpng::test;

// Values no one means, as a hostile or careless user writes them: a usage
// error (exit 2) with a message of sane length, never a crash, and nothing
// written.
class AbsurdValues : public ::testing::TestWithParam<std::string> {};

TEST_P(AbsurdValues, AreUsageErrors) {
  std::string dir = scratch_dir();
  write_file(dir + "/prof.hp", read_file(std::string(HPNG_CASES) + "/manpage-example.hp"));
  std::string args = GetParam();
  for (size_t at; (at = args.find("HUGE")) != std::string::npos;) args.replace(at, 4, std::string(30000, '9'));
  CommandResult r = run_in(dir, hang_guard() + exe() + " " + args + " prof.hp");
  EXPECT_EQ(r.status, 2) << r.err.substr(0, 300);
  EXPECT_LT(r.err.size(), 1000u);
  EXPECT_EQ(list_dir(dir), (std::vector<std::string>{"prof.hp"}));
}

// A letter's ignored rest, of any length, is said as an excerpt.
TEST(Messages, IgnoredLettersAreShownAsAnExcerpt) {
  std::string dir = scratch_dir();
  write_file(dir + "/prof.hp", read_file(std::string(HPNG_CASES) + "/manpage-example.hp"));
  CommandResult r = run_in(dir, exe() + " -c" + std::string(30000, 'x') + " -o out.svg prof.hp");
  EXPECT_EQ(r.status, 0) << r.err.substr(0, 300);
  EXPECT_NE(r.err.find("warning: ignoring 'xxxx"), std::string::npos) << r.err.substr(0, 300);
  EXPECT_LT(r.err.size(), 300u);
}

// --compare: each input costs what it needs (a small one far less than the
// 32 MiB record a large one may keep), and a picture holds at most 32 charts.
TEST(Compare, ManySmallInputsFitInLittleAddressSpace) {
#ifdef HPNG_SANITIZED
  GTEST_SKIP() << "a sanitizer's shadow memory does not fit an address-space limit";
#endif
  std::string dir = scratch_dir(), names;
  for (int i = 0; i < 32; ++i) {
    write_file(dir + "/p" + std::to_string(i) + ".hp", read_file(std::string(HPNG_CASES) + "/manpage-example.hp"));
    names += " p" + std::to_string(i) + ".hp";
  }
  CommandResult r = run_in(dir, "ulimit -v 1000000 && " + exe() + " --compare" + names + " -o c.svg");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_LT(read_file(dir + "/c.svg").size(), 1000000u);
  write_file(dir + "/p32.hp", read_file(std::string(HPNG_CASES) + "/manpage-example.hp"));
  r = run_in(dir, exe() + " --compare" + names + " p32.hp -o d.svg");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--compare draws at most 32 charts in one picture, not 33"), std::string::npos) << r.err;
  EXPECT_EQ(run_in(dir, exe() + " --compare" + names + " p32.hp -o d.json").status, 0) << "JSON holds any number";
}

// A path as long as the system takes is shortened in the middle in every
// message: its start and end say which file it is.
TEST(Messages, LongPathsAreShortenedInTheMiddle) {
  std::string dir = scratch_dir();
  write_file(dir + "/prof.hp", read_file(std::string(HPNG_CASES) + "/manpage-example.hp"));
  std::string deep;
  for (int i = 0; i < 15; ++i) deep += std::string(250, 'd') + "/";
  for (std::string out : {deep + "x.svg", std::string(250, 'n') + ".gif"}) {
    CommandResult r = run_in(dir, exe() + " -o " + out + " prof.hp");
    EXPECT_NE(r.status, 0);
    EXPECT_LT(r.err.size(), 600u) << r.err.substr(0, 200);
    EXPECT_NE(r.err.find("..."), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(out.substr(out.size() - 20)), std::string::npos) << "the end of the path is shown: " << r.err;
  }
}

INSTANTIATE_TEST_SUITE_P(Cases, AbsurdValues,
                         ::testing::Values("-tHUGE", "-t9.HUGE", "-eHUGEin", "-e1.HUGEin", "--width HUGE -o x.png",
                                           "--width 1.HUGEpx -o x.png", "-mHUGE", "--dpi HUGE -o x.png", "-e100000000000pt",
                                           "--dpi nan -o x.png", "--trace nan", "--x-max nan", "--y-max inf",
                                           "--watch=nan", "--from nan", "--to -inf", "--ccs-length nan",
                                           "--width 9000pt --height 9000pt --dpi 262 -o x.png", "--dpi 2400 -o x.png",
                                           "--width 14400pt --dpi 100 -o x.png", "-qHUGE", "-m HUGE",
                                           "--no-such-HUGE", "--format HUGE", "--input-format HUGE", "--sort-name HUGE",
                                           "--from HUGE --to 1", "--from 1.HUGE --to 1", "-o x.svg -o ./x.svg",
                                           "--output=", "--aux=", "-o ''", "--aux ''"),
                         [](const auto& info) { return identifier(info.param.substr(0, 20)) + std::to_string(info.index); });

}  // namespace
}  // namespace hpng
