// hp2ps-ng in build pipelines: several profiles in one run, each drawn as
// its own run would draw it (the same files, byte for byte); one's error
// leaves the others drawn; several outputs of one run; gates that say what
// they judged, --fail-on-leak among them; a mistyped option that names the
// one meant.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <regex>

#include "app/cli/option_table.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

std::string real(const std::string& name) { return read_file(std::string(HPNG_TEST_CORPUS) + "/" + name); }

// `header`, then `censuses` samples in which `band` grows by 1000 a sample
// (`also`: a line more in each).
std::string ramp_hp(const std::string& header, const std::string& band, int censuses, const std::string& also = "") {
  std::string hp = header;
  for (int k = 0; k < censuses; ++k) {
    hp += "BEGIN_SAMPLE " + std::to_string(k) + ".0\n" + band + " " + std::to_string(1000 * (k + 1)) + "\n" + also +
          "END_SAMPLE " + std::to_string(k) + ".0\n";
  }
  return hp;
}

// Every real GHC 9.0.2 .hp (but an empty one: a failed run's) and small
// eventlog of the bundled corpus, in one folder.
std::vector<std::string> corpus_into(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::recursive_directory_iterator(HPNG_TEST_CORPUS)) {
    std::string n = e.path().filename().string();
    if (n.ends_with(".hp") && e.file_size() > 0) write_file(dir + "/" + n, read_file(e.path().string())), names.push_back(n);
  }
  for (const char* log : {"leak-hc.eventlog", "leak-hT-N2.eventlog"}) {
    write_file(dir + "/" + log, read_file(std::string(HPNG_CASES) + "/../eventlog-small/" + log));
    names.emplace_back(log);
  }
  std::sort(names.begin(), names.end());
  return names;
}

TEST(Batch, EachProfileIsDrawnAsItsOwnRunDrawsIt) {
  std::string one = scratch_dir(), each = scratch_dir();
  std::vector<std::string> names = corpus_into(one);
  corpus_into(each);
  std::string all;
  for (const std::string& n : names) all += " " + shell_quote(n);
  CommandResult r = run_in(one, hang_guard() + exe() + " -c -m10" + all);
  ASSERT_EQ(r.status, 0) << r.err.substr(0, 2000);
  for (const std::string& n : names) ASSERT_EQ(run_in(each, exe() + " -c -m10 " + shell_quote(n)).status, 0) << n;
  std::vector<std::string> files = list_dir(each);
  EXPECT_EQ(list_dir(one), files);
  EXPECT_GT(files.size(), 3 * names.size() - 1) << "a .ps and a .aux beside each profile";
  for (const std::string& f : files) EXPECT_EQ(read_file(one + "/" + f), read_file(each + "/" + f)) << f;
}

TEST(Batch, OneProfilesErrorLeavesTheOthersDrawnAndTheStatusIsTheWorst) {
  std::string dir = scratch_dir();
  write_file(dir + "/a.hp", real("leakyavg/leakyavg.hc.hp"));
  write_file(dir + "/bad.hp", "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\nBEGIN_SAMPLE x\n");
  CommandResult r = run_in(dir, hang_guard() + exe() + " -o . a.hp missing.hp bad.hp");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("hp2ps-ng: error: missing.hp: cannot open"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("hp2ps-ng: error: bad.hp:5:"), std::string::npos) << r.err;
  EXPECT_LT(r.err.find("missing.hp"), r.err.find("bad.hp")) << "said in the order the profiles were named";
  EXPECT_TRUE(file_exists(dir + "/a.ps"));
  EXPECT_FALSE(file_exists(dir + "/bad.ps"));
  write_file(dir + "/big.hp", real("banksim/banksim.hc.hp"));
  r = run_in(dir, hang_guard() + exe() + " --max-peak 1M a.hp big.hp missing.hp");
  EXPECT_EQ(r.status, 1) << "a profile that cannot be read is never hidden behind a limit exceeded: " << r.err;
  EXPECT_NE(r.err.find("missing.hp: cannot open"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("big.hp: --max-peak 1.0 MB failed: peak 29.1 MB"), std::string::npos) << "both are named: " << r.err;
}

TEST(Batch, OIsTheFolderTheOutputsGoTo) {
  std::string dir = scratch_dir();
  write_file(dir + "/a.hp", real("leakyavg/leakyavg.hc.hp"));
  write_file(dir + "/b.hp", real("banksim/banksim.hT.hp"));
  std::filesystem::create_directory(dir + "/out");
  EXPECT_EQ(run_in(dir, exe() + " --format svg -o out a.hp b.hp").status, 0);
  EXPECT_EQ(list_dir(dir + "/out"), (std::vector<std::string>{"a.aux", "a.svg", "b.aux", "b.svg"}));
  CommandResult r = run_in(dir, exe() + " -o x.svg a.hp b.hp");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("-o names the folder their outputs go to (a trailing / makes one) or the Markdown summary of them "
                       "all (FILE.md, or - with --format markdown), one of each: x.svg is neither"),
            std::string::npos)
      << r.err;
  // A trailing / names a folder, made when it is missing (not its parents).
  EXPECT_EQ(run_in(dir, exe() + " --format svg -o pictures/ a.hp b.hp").status, 0);
  EXPECT_EQ(list_dir(dir + "/pictures"), (std::vector<std::string>{"a.aux", "a.svg", "b.aux", "b.svg"}));
  r = run_in(dir, exe() + " -o none/deeper/ a.hp b.hp");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("none/deeper: cannot make the output folder: No such file or directory"), std::string::npos) << r.err;
  r = run_in(dir, exe() + " -o a.hp/ a.hp b.hp");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("-o a.hp/ names a folder, and a.hp is a file"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(dir + "/a.hp"), real("leakyavg/leakyavg.hc.hp")) << "the input is untouched";
}

// A folder is a folder whatever the number of inputs: one profile's
// outputs go there as a batch's would, the same bytes as drawn alone.
TEST(Batch, OneProfileToAFolderGoesIntoIt) {
  std::string dir = scratch_dir();
  write_file(dir + "/a.hp", real("leakyavg/leakyavg.hc.hp"));
  EXPECT_EQ(run_in(dir, exe() + " --format svg -o g/ a.hp").status, 0);
  EXPECT_EQ(list_dir(dir + "/g"), (std::vector<std::string>{"a.aux", "a.svg"}));
  EXPECT_EQ(read_file(dir + "/g/a.svg"), run_in(dir, exe() + " --format svg -o - a.hp").out);
  std::filesystem::create_directory(dir + "/there");
  EXPECT_EQ(run_in(dir, exe() + " -o there a.hp").status, 0) << "an existing folder, no slash";
  EXPECT_TRUE(file_exists(dir + "/there/a.ps"));
}

TEST(Batch, TwoProfilesThatWouldWriteOneFileAreRefused) {
  std::string dir = scratch_dir();
  std::filesystem::create_directory(dir + "/sub");
  write_file(dir + "/a.hp", real("leakyavg/leakyavg.hc.hp"));
  write_file(dir + "/sub/a.hp", real("banksim/banksim.hT.hp"));
  CommandResult r = run_in(dir, exe() + " a.hp sub/a.hp");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("two outputs would be one file, a.ps (a.hp and sub/a.hp)"), std::string::npos) << r.err;
  EXPECT_FALSE(file_exists(dir + "/a.ps"));
}

// Several -o: each in its extension's format, each the bytes a run of its
// own writes.
TEST(SeveralOutputs, EachIsWhatARunOfItsOwnWrites) {
  std::string dir = scratch_dir();
  write_file(dir + "/p.hp", real("leakyavg/leakyavg.hc.hp"));
  ASSERT_EQ(run_in(dir, exe() + " -c -o all.svg -o all.json -o all.txt -o all.pdf p.hp").status, 0);
  for (const char* ext : {"svg", "json", "txt", "pdf"}) {
    ASSERT_EQ(run_in(dir, exe() + " -c -o one." + std::string(ext) + " p.hp").status, 0);
    EXPECT_EQ(read_file(dir + "/all." + ext), read_file(dir + "/one." + ext)) << ext;
  }
  EXPECT_TRUE(file_exists(dir + "/all.aux"));
  CommandResult r = run_in(dir, exe() + " --format svg -o a.svg -o b.svg p.hp");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--format with several -o: each output's extension says its format"), std::string::npos) << r.err;
}

// Not judged is not a pass: a profile too short to judge fails
// --fail-on-leak, saying why, unless --allow-unjudged lets it through.
TEST(Gates, FailOnLeakFailsAProfileTooShortToJudge) {
  std::string dir = scratch_dir();
  write_file(dir + "/short.hp", "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n" + [] {
    std::string s;
    for (int k = 0; k < 3; ++k) s += "BEGIN_SAMPLE " + std::to_string(k) + ".0\na " + std::to_string(1000 * (k + 1)) + "\nEND_SAMPLE " + std::to_string(k) + ".0\n";
    return s;
  }());
  CommandResult r = run_in(dir, exe() + " --fail-on-leak -o short.svg short.hp");
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_NE(r.err.find("short.hp: could not judge (3 censuses, 10 needed), so --fail-on-leak cannot pass it"), std::string::npos)
      << r.err;
  EXPECT_TRUE(file_exists(dir + "/short.svg")) << "the output is written";
  r = run_in(dir, exe() + " --fail-on-leak --allow-unjudged -o short.svg short.hp");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("gate --fail-on-leak: short.hp: could not judge (3 censuses, 10 needed), passed by --allow-unjudged"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(run_in(dir, exe() + " --allow-unjudged -o short.svg short.hp").status, 2) << "it goes with --fail-on-leak";
}

// A leaking profile of the labelled corpus and a healthy one.
TEST(Gates, FailOnLeakFailsOnASuspectAndSaysWhenItHolds) {
  std::string dir = scratch_dir();
  write_file(dir + "/leak.hp", real("leakyavg/leakyavg.hc.hp"));
  write_file(dir + "/fine.hp", "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n" + [] {
    std::string s;
    for (int k = 0; k < 30; ++k) s += "BEGIN_SAMPLE " + std::to_string(k) + ".0\na 1000\nEND_SAMPLE " + std::to_string(k) + ".0\n";
    return s;
  }());
  CommandResult r = run_in(dir, exe() + " --fail-on-leak -o leak.svg leak.hp");
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_NE(r.err.find("leak.hp: the verdict names 1 suspect band (--fail-on-leak): "), std::string::npos) << r.err;
  EXPECT_TRUE(file_exists(dir + "/leak.svg")) << "the output is written";
  r = run_in(dir, exe() + " --fail-on-leak --max-peak 1G -o fine.svg fine.hp");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("hp2ps-ng: gate --fail-on-leak: fine.hp: no suspect band, within"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("hp2ps-ng: gate --max-peak 1.0 GB (1,000,000,000 bytes): fine.hp's peak 1.0 kB (1,000 bytes) at 0 "
                       "seconds (the program's own time), within"),
            std::string::npos)
      << r.err;
}

// A batch's run checks its outputs against every profile of the batch: a
// link among its outputs to another input, a .aux that is another input,
// two profiles' records in one file are refused; the input untouched.
TEST(Batch, NoRunOverwritesAnotherProfile) {
  std::string dir = scratch_dir();
  write_file(dir + "/a.hp", real("leakyavg/leakyavg.hc.hp"));
  write_file(dir + "/b.hp", real("banksim/banksim.hc.hp"));
  std::filesystem::create_directory(dir + "/out");
  ASSERT_EQ(::symlink("../b.hp", (dir + "/out/a.ps").c_str()), 0);
  CommandResult r = run_in(dir, exe() + " -o out/ a.hp b.hp");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("out/a.ps: is the input b.hp (the same file): refusing to overwrite it"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(dir + "/b.hp"), real("banksim/banksim.hc.hp"));
  std::filesystem::create_directory(dir + "/out2");
  ASSERT_EQ(::symlink("b.ps", (dir + "/out2/a.ps").c_str()), 0);  // to b.hp's output, not there yet
  r = run_in(dir, exe() + " -o out2/ a.hp b.hp");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("two outputs would be one file, out2/b.ps (a.hp and b.hp)"), std::string::npos) << r.err;
  std::string log = read_file(std::string(HPNG_CASES) + "/../eventlog-small/leak-hc.eventlog");
  write_file(dir + "/p.aux", log);
  write_file(dir + "/p.hp", real("leakyavg/leakyavg.hc.hp"));
  r = run_in(dir, exe() + " p.hp p.aux");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(read_file(dir + "/p.aux"), log) << "p.hp's .aux is the other input";
  write_file(dir + "/r.eventlog", log);
  write_file(dir + "/r.eventlog.ipe.hp", real("leakyavg/leakyavg.hc.hp"));
  r = run_in(dir, exe() + " --format csv r.eventlog r.eventlog.ipe.hp");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("two outputs would be one file, r.eventlog.ipe.csv (r.eventlog and r.eventlog.ipe.hp)"), std::string::npos)
      << r.err;
}

// A pipe or a FIFO among several profiles is read once, by its own run:
// the check of the batch's output names does not read it first (the run
// then found it empty) or wait on it (a FIFO without a writer yet).
TEST(Batch, APipeOrFifoAmongSeveralIsReadOnce) {
  std::string dir = scratch_dir();
  write_file(dir + "/a.hp", real("leakyavg/leakyavg.hc.hp"));
  write_file(dir + "/b.hp", real("banksim/banksim.hc.hp"));
  CommandResult r = run_in(dir, hang_guard() + "bash -c " + shell_quote(exe() + " -o p/ --format svg a.hp <(cat b.hp)"));
  EXPECT_EQ(r.status, 0) << r.err;
  std::vector<std::string> drawn = list_dir(dir + "/p");
  EXPECT_EQ(std::count_if(drawn.begin(), drawn.end(), [](const std::string& n) { return n.ends_with(".svg"); }), 2) << r.err;
  ASSERT_EQ(::mkfifo((dir + "/f.hp").c_str(), 0600), 0);
  r = run_in(dir, hang_guard() + "sh -c '(sleep 1; cat b.hp > f.hp) & " + exe() + " -o q/ --format svg a.hp f.hp; s=$?; wait; exit $s'");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(list_dir(dir + "/q"), (std::vector<std::string>{"a.aux", "a.svg", "f.aux", "f.svg"}));
  // No writer ever: refused after its bounded wait, the others drawn.
  ASSERT_EQ(::mkfifo((dir + "/n.hp").c_str(), 0600), 0);
  r = run_in(dir, hang_guard() + exe() + " -o n/ --format svg a.hp n.hp");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("n.hp: no program wrote to this FIFO within 10 s"), std::string::npos) << r.err;
  EXPECT_EQ(list_dir(dir + "/n"), (std::vector<std::string>{"a.aux", "a.svg"}));
}

// SIGTERM to hp2ps-ng mid-batch ends its workers too (they went on
// drawing, orphaned). Each worker is held on a FIFO whose writer never
// writes, so without the fix they would wait for ever, whatever the
// machine's speed.
TEST(Batch, ASignalEndsTheWorkersToo) {
  std::string dir = scratch_dir();
  write_file(dir + "/a.hp", real("banksim/banksim.hb.hp"));
  for (const char* fifo : {"/f1.hp", "/f2.hp"}) ASSERT_EQ(::mkfifo((dir + fifo).c_str(), 0600), 0);
  std::string marker = dir + "/out/";
  std::string script = "sleep 600 > f1.hp & w1=$!; sleep 600 > f2.hp & w2=$!\n" + exe() + " -o " + marker +
                       " --format png a.hp f1.hp f2.hp & p=$!\n"
                       "until [ -e out/a.png ]; do sleep 0.05; done\n"
                       "kill -TERM $p; wait $p; echo $? > status\n"
                       "for i in $(seq 300); do pgrep -f " + shell_quote(marker) + " > /dev/null || break; sleep 0.1; done\n"
                       "pgrep -fc " + shell_quote(marker) + " > left; pkill -KILL -f " + shell_quote(marker) + "\n"
                       "kill $w1 $w2\n";
  write_file(dir + "/run.sh", script);
  run_in(dir, hang_guard() + "sh run.sh");
  EXPECT_EQ(read_file(dir + "/status"), "143\n") << "ended by the signal, mid-batch";
  EXPECT_EQ(read_file(dir + "/left"), "0\n") << "no worker left behind";
  for (const std::string& name : list_dir(dir + "/out")) {
    EXPECT_TRUE(name.ends_with(".png") || name.ends_with(".aux")) << "a temporary file left: " << name;
  }
}

// Two outputs of one run are never one file, however named: a link, a
// CSV's records beside another -o, standard output twice.
TEST(SeveralOutputs, TwoThatAreOneFileAreRefused) {
  std::string dir = scratch_dir();
  write_file(dir + "/a.hp", real("leakyavg/leakyavg.hc.hp"));
  write_file(dir + "/x.svg", "mine");
  ASSERT_EQ(::symlink("x.svg", (dir + "/latest.png").c_str()), 0);
  ASSERT_EQ(::symlink("y.svg", (dir + "/next.png").c_str()), 0);  // to no file yet
  const char* cases[][2] = {
      {"-o x.svg -o latest.png", "x.svg and latest.png are one file"},
      {"-o y.svg -o next.png", "y.svg and next.png are one file"},
      {"-o r.csv -o r.ipe.csv", "r.ipe.csv and r.ipe.csv are one file"},
      {"-o - -o /dev/stdout", "- and /dev/stdout are one file"},
  };
  for (const auto& c : cases) {
    CommandResult r = run_in(dir, exe() + " " + c[0] + " a.hp > o.txt");
    EXPECT_EQ(r.status, 2) << c[0] << ": " << r.err;
    EXPECT_NE(r.err.find(c[1]), std::string::npos) << c[0] << ": " << r.err;
  }
  EXPECT_EQ(read_file(dir + "/x.svg"), "mine");
  EXPECT_FALSE(file_exists(dir + "/y.svg"));
  run_in(dir, "(" + exe() + " -o - -o /dev/stdout a.hp; echo $? > status) | cat > /dev/null");
  EXPECT_EQ(read_file(dir + "/status"), "2\n") << "a pipe too";
}

// A hostile profile (markup in its JOB, units and band names) rendered by
// GitHub's own GFM renderer, raw HTML let through as GitHub lets some:
// no element, link or image the profile supplied, no table split.
TEST(Markdown, AHostileProfileSuppliesNoElement) {
  if (run_in(".", "command -v cmark-gfm").status != 0) GTEST_SKIP() << "cmark-gfm is not installed";
  std::string dir = scratch_dir();
  std::string hp = ramp_hp("JOB \"<img src=x>\"\nDATE \"d\"\nSAMPLE_UNIT \"s|<b>\"\nVALUE_UNIT \"<img src=y>|*x* [l](http://e.com)\"\n",
                           "[a](http://x)|<em>", 16);
  write_file(dir + "/h.hp", hp);
  write_file(dir + "/g.hp", hp);
  const char* runs[][2] = {{"-o h.md h.hp", "h.md"}, {"-o s.md h.hp g.hp", "s.md"}, {"--diff -o d.md h.hp g.hp", "d.md"},
                           {"--compare -o c.md h.hp g.hp", "c.md"}};
  for (const auto& [run, md] : runs) {
    ASSERT_EQ(run_in(dir, exe() + " " + run).status, 0) << run;
    CommandResult html = run_in(dir, std::string("cmark-gfm --unsafe -e table -e autolink -e strikethrough ") + md);
    ASSERT_EQ(html.status, 0) << html.err;
    for (const char* element : {"<img", "<a ", "<b>", "<em>"}) {
      EXPECT_EQ(html.out.find(element), std::string::npos) << run << ": " << element << " in " << html.out;
    }
    std::regex cells("<tr>\\s*(<t[dh][^>]*>[\\s\\S]*?</t[dh]>\\s*)+</tr>");
    for (std::sregex_iterator it(html.out.begin(), html.out.end(), cells), end; it != end; ++it) {
      std::string row = it->str();
      size_t n = 0;
      for (size_t at = row.find("<td"); at != std::string::npos; at = row.find("<td", at + 1)) ++n;
      EXPECT_LE(n, 7u) << run << ": a row split: " << row;
    }
  }
}

// A profile of `censuses` samples of one band of `bytes` each.
std::string flat_hp(int censuses, const std::string& band = "a", int bytes = 1000) {
  std::string s = "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n";
  for (int k = 0; k < censuses; ++k) {
    s += "BEGIN_SAMPLE " + std::to_string(k) + ".0\n" + band + " " + std::to_string(bytes) + "\nEND_SAMPLE " +
         std::to_string(k) + ".0\n";
  }
  std::string end = std::to_string(censuses) + ".0\n";
  return s + "BEGIN_SAMPLE " + end + "END_SAMPLE " + end;  // the RTS's closing empty sample
}

// A batch of a leak, a healthy profile, one too short to judge and a
// damaged one, in `dir`.
void four_profiles(const std::string& dir) {
  write_file(dir + "/leak.hp", real("leakyavg/leakyavg.hc.hp"));
  write_file(dir + "/fine.hp", flat_hp(30));
  write_file(dir + "/short.hp", flat_hp(3));
  write_file(dir + "/bad.hp", "JOB \"j\"\nBEGIN_SAMPLE x\n");
}

// A batch's gates say one line per profile on standard error, every gate's
// outcome in it; the status is the worst (1: the damaged profile is never
// hidden behind a gate).
TEST(BatchGates, OneLinePerProfile) {
  std::string dir = scratch_dir();
  four_profiles(dir);
  CommandResult r = run_in(dir, exe() + " --fail-on-leak --max-peak 20M -o out/ --format svg bad.hp fine.hp leak.hp short.hp");
  EXPECT_EQ(r.status, 1) << r.err;
  auto lines_of = [&](const std::string& name) {
    int n = 0;
    for (size_t at = r.err.find(name + ": "); at != std::string::npos; at = r.err.find(name + ": ", at + 1)) ++n;
    return n;
  };
  for (const char* name : {"fine.hp", "leak.hp", "short.hp"}) EXPECT_EQ(lines_of(name), 1) << name << ": " << r.err;
  EXPECT_NE(r.err.find("hp2ps-ng: gates: fine.hp: --max-peak 20.0 MB passed: peak 1.0 kB at 0 s; --fail-on-leak passed: no "
                       "suspect band\n"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("hp2ps-ng: error: leak.hp: --max-peak 20.0 MB failed: peak "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("; --fail-on-leak failed: 1 suspect: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("hp2ps-ng: error: short.hp: --max-peak 20.0 MB passed: peak 1.0 kB at 0 s; --fail-on-leak not judged: "
                       "could not judge: 3 censuses, 10 needed\n"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("error: bad.hp:"), std::string::npos) << r.err;
  EXPECT_EQ(run_in(dir, exe() + " --fail-on-leak -o out/ fine.hp leak.hp").status, 3);
}

// -o summary.md over several profiles: one document, the gates first,
// a row per profile, then each suspect profile's suspects; no picture (a
// job's summary page cannot show a local file), nothing else drawn.
TEST(BatchSummary, OneDocumentGatesFirstARowPerProfile) {
  std::string dir = scratch_dir();
  four_profiles(dir);
  CommandResult r = run_in(dir, exe() + " --fail-on-leak -o s.md bad.hp fine.hp leak.hp short.hp");
  EXPECT_EQ(r.status, 1) << r.err;
  std::string md = read_file(dir + "/s.md");
  EXPECT_EQ(md.rfind("## Heap profiles: 4\n\n- **failed** `--fail-on-leak`: passed 1 (`fine.hp`); failed 1 (`leak.hp`); not "
                     "judged 1 (`short.hp`)\n- **not read**: 1 (`bad.hp`)\n\n| profile | peak | final | growth | verdict | "
                     "suspects |\n",
                     0),
            0u)
      << md;
  EXPECT_NE(md.find("| `fine.hp` | 1.0 kB at 0.000 s | 1.0 kB | 0 B/s | no leak found |  |\n"), std::string::npos) << md;
  EXPECT_NE(md.find("| `short.hp` | 1.0 kB at 0.000 s | 1.0 kB | 0 B/s | too short to judge (3 of 10 censuses) |  |"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("| `bad.hp` |  |  |  | not read: `bad.hp:"), std::string::npos) << md;
  EXPECT_NE(md.find("| `leak.hp` | 38.4 MB at 0.048 s | 85.3 kB | -121.2 MB/s | 1 suspect | `(314)perSensor."),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("\n### `leak.hp`\n\n**Suspects:**\n\n- `"), std::string::npos) << md;
  EXPECT_EQ(md.find("!["), std::string::npos) << md;
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), {}), 5) << "the summary alone is written";
  r = run_in(dir, exe() + " -o g/ -o - --format markdown fine.hp leak.hp");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("## Heap profiles: 2\n\n| profile |", 0), 0u) << "no gate, no gate line: " << r.out;
  EXPECT_TRUE(file_exists(dir + "/g/fine.md") && file_exists(dir + "/g/leak.md")) << "the folder takes --format";
}

// The summary is an output like any: never an input or another profile's
// output, one of each kind of -o.
TEST(BatchSummary, NeverReplacesAnInputOrAnotherOutput) {
  std::string dir = scratch_dir();
  four_profiles(dir);
  ASSERT_EQ(::symlink("fine.hp", (dir + "/link.md").c_str()), 0);
  CommandResult r = run_in(dir, exe() + " -o link.md fine.hp leak.hp");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("link.md: is the input fine.hp (the same file): refusing to overwrite it"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(dir + "/fine.hp"), flat_hp(30));
  r = run_in(dir, exe() + " -o g/ -o g/fine.md --format markdown fine.hp leak.hp");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("two outputs would be one file, g/fine.md (the summary and fine.hp)"), std::string::npos) << r.err;
  r = run_in(dir, exe() + " -o s.md -o t.md fine.hp leak.hp");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("t.md is neither, or a second"), std::string::npos) << r.err;
  EXPECT_EQ(run_in(dir, exe() + " -o - fine.hp leak.hp").status, 2) << "- is a summary only as Markdown";
}

// The summary as GitHub renders it (cmark-gfm, GitHub's own GFM): its
// table has a row per profile and every name is code in its cell, whatever
// the name holds ('|', markup, a backtick).
TEST(BatchSummary, RendersInAGfmRendererWithTheFactsIntact) {
  if (run_in(".", "command -v cmark-gfm").status != 0) GTEST_SKIP() << "cmark-gfm is not installed";
  std::string dir = scratch_dir();
  std::string odd = "x|<img src=y>`z.hp";
  write_file(dir + "/" + odd, flat_hp(30, "<b>a|b</b>"));
  write_file(dir + "/leak.hp", real("leakyavg/leakyavg.hc.hp"));
  ASSERT_EQ(run_in(dir, exe() + " --fail-on-leak -o s.md " + shell_quote(odd) + " leak.hp").status, 3);
  CommandResult html = run_in(dir, "cmark-gfm -e table -e autolink -e tagfilter -e strikethrough s.md");
  ASSERT_EQ(html.status, 0) << html.err;
  EXPECT_EQ(html.out.find("<img"), std::string::npos) << html.out;
  EXPECT_NE(html.out.find("<td><code>x|&lt;img src=y&gt;`z.hp</code></td>"), std::string::npos) << html.out;
  EXPECT_NE(html.out.find("<td><code>leak.hp</code></td>"), std::string::npos) << html.out;
  std::regex rows("<tr>");
  EXPECT_EQ(std::distance(std::sregex_iterator(html.out.begin(), html.out.end(), rows), std::sregex_iterator()), 3)
      << "a header and a row per profile: " << html.out;
  EXPECT_NE(html.out.find("<li><strong>failed</strong> <code>--fail-on-leak</code>: passed 1 (<code>x|&lt;img src=y&gt;`z.hp</code>); "
                          "failed 1 (<code>leak.hp</code>)</li>"),
            std::string::npos)
      << "no backslash in a list's code: " << html.out;
}

// Every long option of the table, mistyped by a dropped letter, names
// itself as the one meant.
TEST(Messages, AMistypedOptionNamesTheOneMeant) {
  std::string dir = scratch_dir();
  for (const std::string& name : long_names(option_table())) {
    std::string typed = name.substr(0, name.size() / 2 + 1) + name.substr(name.size() / 2 + 2);
    CommandResult r = run_in(dir, exe() + " " + typed + " x.hp");
    EXPECT_EQ(r.status, 2) << typed;
    EXPECT_NE(r.err.find("unknown option " + typed + ": did you mean " + name + "?"), std::string::npos) << r.err;
  }
}

}  // namespace
}  // namespace hpng

namespace hpng {
namespace {

using namespace hpng::test;

// --format markdown (or .md): the report's facts, suspects and table as
// Markdown, the run's picture shown when another -o writes one; a name
// cannot break out of its code span or its table cell.
TEST(Markdown, TheReportWithItsPictureAndNamesKeptInTheirCells) {
  std::string dir = scratch_dir();
  std::string hp = ramp_hp("JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n", "a|b`c", 20, "plain 500\n");
  write_file(dir + "/p.hp", hp);
  ASSERT_EQ(run_in(dir, exe() + " -o p.svg -o ./p.md p.hp").status, 0);
  std::string md = read_file(dir + "/p.md");
  EXPECT_EQ(md.rfind("## Heap profile: `p.hp`\n\n![the heap profile](p.svg)\n", 0), 0u) << md;
  EXPECT_NE(md.find("| ramp-held | 20.0 kB | 19.0 s |"), std::string::npos) << md;
  EXPECT_NE(md.find("``a\\|b`c``"), std::string::npos) << "the name in a code span its backtick does not close, its '|' escaped: " << md;
  write_file(dir + "/leak.hp", read_file(std::string(HPNG_TEST_CORPUS) + "/leakyavg/leakyavg.hc.hp"));
  ASSERT_EQ(run_in(dir, exe() + " -o leak.md leak.hp").status, 0);
  EXPECT_NE(read_file(dir + "/leak.md").find("**Suspects:**\n\n- `(314)perSensor.\\/perSensor...`: ramp, then released"),
            std::string::npos)
      << read_file(dir + "/leak.md");
  EXPECT_NE(md.find("\n| input | `p.hp` |\n|---|---|\n| job | `j` |\n"), std::string::npos) << "no empty header row: " << md;
  EXPECT_EQ(run_in(dir, exe() + " --format markdown -o - p.hp").out.find("!["), std::string::npos) << "no picture beside";
  EXPECT_EQ(run_in(dir, exe() + " -o p.svg -o - --format markdown p.hp").status, 2);
  run_in(dir, "touch summary.md");
  ASSERT_EQ(run_in(dir, "GITHUB_STEP_SUMMARY=$PWD/summary.md " + exe() + " -o p.svg -o summary.md p.hp").status, 0);
  EXPECT_EQ(read_file(dir + "/summary.md").find("!["), std::string::npos) << "a job's summary page cannot show it";
  EXPECT_NE(read_file(dir + "/summary.md").find("| ramp-held |"), std::string::npos);
  ASSERT_EQ(run_in(dir, exe() + " --fail-on-leak --max-peak 10k -o g.md p.hp").status, 3);
  EXPECT_EQ(read_file(dir + "/g.md").rfind("## Heap profile: `p.hp`\n\n- **failed** `--max-peak 10.0 kB`: `peak 20.5 kB at 19 s, "
                                           "105.0% above`\n- **passed** `--fail-on-leak`: `no suspect band`\n\n",
                                           0),
            0u)
      << "the gates first: " << read_file(dir + "/g.md");
  EXPECT_EQ(run_in(dir, exe() + " --percent -o p2.md p.hp").status, 2);
}

}  // namespace
}  // namespace hpng
