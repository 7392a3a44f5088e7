// --watch against one-shot renders: a .hp written in pieces and an eventlog
// written in blocks, cut at awkward places (mid-line, mid-event), while
// hp2ps-ng --watch follows it. After each piece the output must become
// exactly what a one-shot run on the file so far writes (only complete
// samples drawn), and the watch must end by itself once the RTS's final
// sample or end marker is written. Also: SIGTERM ends it with the output
// whole and no temporary file; --watch-pid ends it with the process; bad
// combinations are usage errors. Waiting is by content, never by time: the
// limits below only stop a hung test.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <functional>
#include <tuple>
#include <set>
#include <sstream>
#include <thread>

#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

#ifdef HPNG_SANITIZED
constexpr int kGuardSeconds = 600;
#else
constexpr int kGuardSeconds = 60;
#endif

std::string small(const std::string& name) { return read_file(std::string(HPNG_CASES) + "/../eventlog-small/" + name); }

// A child process, killed when the test ends if it is still running (a
// failed test must not leave a watch behind).
class Child {
 public:
  explicit Child(pid_t pid) : pid(pid) {}
  ~Child() {
    if (reaped) return;
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
  }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;
  pid_t pid;
  bool reaped = false;
};

// hp2ps-ng started in `dir` with `args`, not waited for; its stderr goes to
// dir/err.txt.
pid_t start(const std::string& dir, const std::string& args) {
  pid_t pid = fork();
  if (pid == 0) {
    if (chdir(dir.c_str()) != 0) _exit(127);
    std::string cmd = "exec " + exe() + " " + args + " 2> err.txt";
    execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  return pid;
}

// Calls `done` every 10 ms until it is true (or the guard runs out).
template <class Done>
bool eventually(Done done) {
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(kGuardSeconds);
  while (!done()) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return true;
}

// The exit status once the process ends, or -1 if it does not.
int exit_status_of(Child& child) {
  int status = 0;
  if (!eventually([&] { return waitpid(child.pid, &status, WNOHANG) == child.pid; })) return -1;
  child.reaped = true;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

void append(const std::string& path, const std::string& bytes) {
  FILE* f = std::fopen(path.c_str(), "ab");
  ASSERT_NE(f, nullptr);
  std::fwrite(bytes.data(), 1, bytes.size(), f);
  std::fclose(f);
}

// What a one-shot run writes for the file so far ("" when it draws nothing).
std::string one_shot(const std::string& name, const std::string& bytes, const std::string& flags) {
  std::string dir = scratch_dir();
  write_file(dir + "/" + name, bytes);
  run_in(dir, hang_guard() + exe() + " " + flags + " --no-aux -o out.svg " + name);
  return file_exists(dir + "/out.svg") ? read_file(dir + "/out.svg") : "";
}

// A warning repeated with other figures is said once.
void expect_each_warning_once(const std::string& err) {
  std::set<std::string> seen;
  std::istringstream lines(err);
  for (std::string line; std::getline(lines, line);) {
    std::erase_if(line, [](char c) { return c >= '0' && c <= '9'; });
    EXPECT_TRUE(seen.insert(line).second) << "repeated: " << line;
  }
}

// What the watch has read of `whole` cut at `cut`: a .hp's complete lines
// (a one-shot read would take a last line cut short; the watch waits for its
// end), an eventlog's bytes (a one-shot read of a cut log, closing sample and all).
std::string readable(const std::string& name, const std::string& whole, size_t cut) {
  if (!name.ends_with(".hp") || cut == whole.size()) return whole.substr(0, cut);
  return whole.substr(0, whole.rfind('\n', cut - 1) + 1);
}

// Writes `whole` in pieces ending at `cuts` while --watch follows it, each
// piece by `write` (appended to the file, or written to a FIFO).
void follow_in_pieces(const std::string& dir, const std::string& name, const std::string& whole,
                      const std::vector<size_t>& cuts, const std::string& flags,
                      const std::function<void(const std::string&)>& write) {
  std::string out = dir + "/out.svg";
  Child watch(start(dir, "--watch=0.01 " + flags + " --no-aux -o out.svg " + name));
  size_t done = 0;
  for (size_t cut : cuts) {
    SCOPED_TRACE(name + " written to byte " + std::to_string(cut));
    write(whole.substr(done, cut - done));
    done = cut;
    std::string want = one_shot(name, readable(name, whole, cut), flags);
    if (want.empty()) continue;  // nothing complete to draw yet
    EXPECT_TRUE(eventually([&] { return file_exists(out) && read_file(out) == want; }))
        << "the output never became the one-shot render";
  }
  EXPECT_EQ(exit_status_of(watch), 0) << "the watch did not end by itself: " << read_file(dir + "/err.txt");
  EXPECT_EQ(read_file(out), one_shot(name, whole, flags));
  for (const std::string& f : list_dir(dir)) EXPECT_EQ(f.find(".tmp"), std::string::npos) << f;
  expect_each_warning_once(read_file(dir + "/err.txt"));
}

void follow_in_pieces(const std::string& name, const std::string& whole, const std::vector<size_t>& cuts,
                      const std::string& flags) {
  std::string dir = scratch_dir();
  write_file(dir + "/" + name, "");
  follow_in_pieces(dir, name, whole, cuts, flags, [&](const std::string& piece) { append(dir + "/" + name, piece); });
}

// A FIFO that the test writes, as a program run with +RTS -l -olprog.fifo
// does. The open waits for the watch to open it for reading (as long as the
// guard allows); a watch gone makes a write fail, not kill the test.
class FifoWriter {
 public:
  explicit FifoWriter(const std::string& path) : path_(path) {
    signal(SIGPIPE, SIG_IGN);
    EXPECT_EQ(mkfifo(path.c_str(), 0600), 0);
  }
  ~FifoWriter() { close(); }
  void write(const std::string& bytes) {
    // (Without O_NONBLOCK the open would wait for ever for a watch that died.)
    if (fd_ < 0 && eventually([&] { return (fd_ = ::open(path_.c_str(), O_WRONLY | O_CLOEXEC | O_NONBLOCK)) >= 0; })) {
      fcntl(fd_, F_SETFL, 0);
    }
    for (size_t done = 0; fd_ >= 0 && done < bytes.size();) {
      ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
      if (n <= 0) return;
      done += static_cast<size_t>(n);
    }
  }
  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  std::string path_;
  int fd_ = -1;
};

// Offsets that land inside lines or events, then the whole file.
std::vector<size_t> awkward_cuts(const std::string& whole, size_t pieces) {
  std::vector<size_t> cuts;
  for (size_t k = 1; k < pieces; ++k) {
    size_t at = whole.size() * k / pieces;
    if (whole[at - 1] == '\n') ++at;  // never just after a newline
    cuts.push_back(at);
  }
  cuts.push_back(whole.size());
  return cuts;
}

TEST(Watch, FollowsAHpWrittenInPiecesAndEndsAfterTheFinalSample) {
  std::string hp = small("leak-hc.hp");
  follow_in_pieces("prog.hp", hp, awkward_cuts(hp, 9), "-c");
}

// A watch through a window and a band filter reads only what was appended
// (the steps go with the growing read) and draws at every point what a
// one-shot run of the file so far draws.
TEST(Watch, AWindowAndAFilterAreFollowedAsAOneShotRunDrawsThem) {
  std::string hp = small("leak-hc.hp");
  follow_in_pieces("prog.hp", hp, awkward_cuts(hp, 7), "-c --from 0.05 --exclude 'main' --merge 'CAF=caf'");
}

// A real GHC 9.6 -hi log followed as it grows: at every point its bands
// are named from their IPE records as a one-shot run of the log so far
// names them (one IPE path for both).
TEST(Watch, AGrowingHiLogNamesItsBandsAsAOneShotRunDoes) {
  std::string log = read_file(std::string(HPNG_TODAY_CORPUS) + "/ghc-9.6.6/cache/cache.hi.eventlog");
  follow_in_pieces("prog.eventlog", log, awkward_cuts(log, 5), "-c");
}

TEST(Watch, FollowsAnEventlogWrittenInBlocksAndEndsAtItsEndMarker) {
  std::string log = small("leak-hc.eventlog");
  follow_in_pieces("prog.eventlog", log, awkward_cuts(log, 7), "-c");
}

// An eventlog written to a FIFO as the program runs: drawn as a file
// written so far is, ended by the log's end marker.
TEST(Watch, FollowsAnEventlogWrittenToAFifo) {
  std::string dir = scratch_dir(), log = small("leak-hc.eventlog");
  FifoWriter fifo(dir + "/prog.eventlog");
  follow_in_pieces(dir, "prog.eventlog", log, awkward_cuts(log, 5), "-c",
                   [&](const std::string& piece) { fifo.write(piece); });
}

// The writer closes the FIFO early (a killed program): the complete samples
// are drawn, as a one-shot run draws the log cut there, and the watch ends.
TEST(Watch, AFifoClosedEarlyIsDrawnAsACutLog) {
  std::string dir = scratch_dir(), log = small("leak-hc.eventlog");
  FifoWriter fifo(dir + "/prog.eventlog");
  Child watch(start(dir, "--watch=0.01 --no-aux -o out.svg prog.eventlog"));
  fifo.write(log.substr(0, 60000));
  fifo.close();
  EXPECT_EQ(exit_status_of(watch), 0) << read_file(dir + "/err.txt");
  EXPECT_EQ(read_file(dir + "/out.svg"), one_shot("prog.eventlog", log.substr(0, 60000), ""));
  EXPECT_NE(read_file(dir + "/err.txt").find("ends without its end marker"), std::string::npos);
}

// What plainly is no profile is refused from its first bytes; a FIFO that
// gives more than --max-input is refused there; neither writes an output.
TEST(Watch, AFifoOfJunkOrBeyondTheLimitIsAnError) {
  for (const auto& [bytes, flags, said] :
       {std::tuple<std::string, std::string, std::string>{std::string(70000, '\0'), "", "binary data, not a heap profile"},
        {small("leak-hc.eventlog"), "--max-input 10k", "more than 10000 bytes written to the FIFO"},
        {std::string("\x28\xb5\x2f\xfd", 4) + std::string(100, 'z'), "", "it is compressed (zstd)"}}) {
    std::string dir = scratch_dir();
    FifoWriter fifo(dir + "/prog.eventlog");
    Child watch(start(dir, "--watch=0.01 " + flags + " -o out.svg prog.eventlog"));
    fifo.write(bytes);
    EXPECT_EQ(exit_status_of(watch), 1);
    EXPECT_NE(read_file(dir + "/err.txt").find(said), std::string::npos) << read_file(dir + "/err.txt");
    EXPECT_FALSE(file_exists(dir + "/out.svg"));
  }
}

// A writer with nothing to say: SIGTERM still ends the watch. (The FIFO
// opens for writing only once the watch has it open for reading, after
// its signal handling is in place: no race with the start.)
TEST(Watch, SigtermEndsAWatchOnAQuietFifo) {
  std::string dir = scratch_dir();
  FifoWriter fifo(dir + "/prog.eventlog");
  Child watch(start(dir, "--watch=0.01 -o out.svg prog.eventlog"));
  fifo.write("");
  kill(watch.pid, SIGTERM);
  EXPECT_EQ(exit_status_of(watch), 0) << read_file(dir + "/err.txt");
}

// A name beyond 64 KiB is cut in the watch's outputs as in a one-shot
// run's (the watch reads through its own, incremental path).
TEST(Watch, CutsLongNamesAsAOneShotRunDoes) {
  std::string name(100000, 'N'), dir = scratch_dir();
  std::string hp = "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\nBEGIN_SAMPLE 0.0\n" + name +
                   "\t5\nshort\t9\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\n" + name + "\t7\nEND_SAMPLE 1.0\nBEGIN_SAMPLE 2.0\nEND_SAMPLE 2.0\n";
  write_file(dir + "/prog.hp", hp);
  CommandResult r = run_in(dir, hang_guard() + exe() + " --watch=0.01 -i --no-aux -o out.svg prog.hp");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(read_file(dir + "/out.svg"), one_shot("prog.hp", hp, "-i"));
  EXPECT_NE(r.err.find("is cut to its first 65,536 in every output"), std::string::npos) << r.err;
}

// A -hi .hp's addresses get the hint a one-shot run gives.
TEST(Watch, SaysHowToNameAHiProfilesAddresses) {
  std::string dir = scratch_dir();
  write_file(dir + "/hi.hp", "JOB \"hi +RTS -hi\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
                             "BEGIN_SAMPLE 0.0\n0x409f78\t100\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\nEND_SAMPLE 1.0\n");
  CommandResult r = run_in(dir, hang_guard() + exe() + " --watch=0.01 --no-aux -o out.svg hi.hp");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("--ipe PROG.eventlog names them"), std::string::npos) << r.err;
}

TEST(Watch, SigtermEndsItWithTheOutputWhole) {
  std::string dir = scratch_dir();
  std::string hp = small("leak-hc.hp");
  write_file(dir + "/prog.hp", hp.substr(0, hp.size() / 2));  // never finished
  Child watch(start(dir, "--watch=0.01 -o out.png prog.hp"));
  ASSERT_TRUE(eventually([&] { return file_exists(dir + "/out.png"); }));
  kill(watch.pid, SIGTERM);
  EXPECT_EQ(exit_status_of(watch), 0);
  EXPECT_EQ(read_file(dir + "/out.png").substr(1, 3), "PNG");
  for (const std::string& f : list_dir(dir)) EXPECT_EQ(f.find(".tmp"), std::string::npos) << f;
}

// An HTML page reloads itself while the profile grows (--watch replaces
// the file), and stops once the RTS has ended it.
TEST(Watch, AnHtmlPageReloadsUntilTheProfileEnds) {
  std::string dir = scratch_dir();
  std::string hp = small("leak-hc.hp");
  write_file(dir + "/prog.hp", hp.substr(0, hp.size() / 2));
  Child watch(start(dir, "--watch=3 --no-aux -o out.html prog.hp"));
  ASSERT_TRUE(eventually([&] { return file_exists(dir + "/out.html"); }));
  EXPECT_NE(read_file(dir + "/out.html").find("<meta http-equiv=\"refresh\" content=\"3\">"), std::string::npos);
  kill(watch.pid, SIGTERM);
  EXPECT_EQ(exit_status_of(watch), 0);
  write_file(dir + "/done.hp", hp);
  Child done(start(dir, "--watch=0.01 --no-aux -o done.html done.hp"));
  EXPECT_EQ(exit_status_of(done), 0);
  std::string page = read_file(dir + "/done.html");
  EXPECT_NE(page.find("<!DOCTYPE html>"), std::string::npos);
  EXPECT_EQ(page.find("http-equiv=\"refresh\""), std::string::npos);
}

TEST(Watch, EndsWhenTheWatchedProcessHasEnded) {
  std::string dir = scratch_dir();
  std::string hp = small("leak-hc.hp");
  write_file(dir + "/prog.hp", hp.substr(0, hp.size() / 2));
  pid_t forked = fork();
  if (forked == 0) {
    pause();
    _exit(0);
  }
  Child program(forked);
  Child watch(start(dir, "--watch=0.01 --watch-pid " + std::to_string(program.pid) + " -o out.svg prog.hp"));
  ASSERT_TRUE(eventually([&] { return file_exists(dir + "/out.svg"); }));
  kill(program.pid, SIGKILL);
  EXPECT_EQ(exit_status_of(program), 128 + SIGKILL);
  EXPECT_EQ(exit_status_of(watch), 0);
}

// Once the watched process has ended, what the watch waited for will not
// come: a profile it could not draw is an error, with no output written.
std::string error_of_a_watch_after_the_end(const std::string& dir, const std::string& profile) {
  pid_t gone = fork();
  if (gone == 0) _exit(0);
  EXPECT_EQ(waitpid(gone, nullptr, 0), gone);
  Child watch(start(dir, "--watch=0.01 --watch-pid " + std::to_string(gone) + " -o out.svg " + profile));
  EXPECT_EQ(exit_status_of(watch), 1);
  EXPECT_FALSE(file_exists(dir + "/out.svg"));
  return read_file(dir + "/err.txt");
}

TEST(Watch, AProfileNeverDrawnIsAnErrorOnceTheProcessHasEnded) {
  std::string dir = scratch_dir();
  write_file(dir + "/prog.eventlog", std::string("hdrb\0\0\0\0junkjunk", 16));
  std::string err = error_of_a_watch_after_the_end(dir, "prog.eventlog");
  EXPECT_NE(err.find("error: prog.eventlog:byte 4: expected the event-type list marker"), std::string::npos) << err;
  EXPECT_NE(err.find("(and the watched process has ended)"), std::string::npos) << err;
}

TEST(Watch, AFileNeverWrittenIsAnErrorOnceTheProcessHasEnded) {
  std::string err = error_of_a_watch_after_the_end(scratch_dir(), "prog.hp");
  EXPECT_NE(err.find("error: prog.hp: the watched process has ended without writing this file"), std::string::npos)
      << err;
}

TEST(Watch, AReplacedFileStartsOver) {
  std::string dir = scratch_dir();
  std::string hc = small("leak-hc.hp"), hb = small("leak-hb.hp");
  write_file(dir + "/prog.hp", hc.substr(0, hc.size() / 2));
  Child watch(start(dir, "--watch=0.01 --no-aux -o out.svg prog.hp"));
  ASSERT_TRUE(eventually([&] { return file_exists(dir + "/out.svg"); }));
  write_file(dir + "/prog.hp.new", hb);  // the program restarted with other flags
  ASSERT_EQ(std::rename((dir + "/prog.hp.new").c_str(), (dir + "/prog.hp").c_str()), 0);
  std::string want = one_shot("prog.hp", hb, "");
  EXPECT_TRUE(eventually([&] { return read_file(dir + "/out.svg") == want; }));
  EXPECT_EQ(exit_status_of(watch), 0);  // the new file is finished
  EXPECT_NE(read_file(dir + "/err.txt").find("starting over"), std::string::npos) << read_file(dir + "/err.txt");
}

TEST(Watch, AFileThatIsNotAProfileIsAnErrorNotAWait) {
  std::string dir = scratch_dir();
  write_file(dir + "/Main.hs", "module Main where\n\nmain :: IO ()\nmain = print 1\n");
  CommandResult r = run_in(dir, hang_guard() + exe() + " --watch=0.01 Main.hs -o out.svg");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("Main.hs: this is Haskell source code"), std::string::npos) << r.err;
  EXPECT_FALSE(file_exists(dir + "/out.svg"));
}

TEST(Watch, NeedsAFileToFollowAndAFileToReplace) {
  std::string dir = scratch_dir();
  write_file(dir + "/prog.hp", small("leak-hc.hp"));
  CommandResult r = run_in(dir, hang_guard() + exe() + " --watch < prog.hp");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("name it (not standard input)"), std::string::npos) << r.err;
  r = run_in(dir, hang_guard() + exe() + " --watch -o - prog.hp");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("not standard output"), std::string::npos) << r.err;
  r = run_in(dir, hang_guard() + exe() + " --watch=0 prog.hp");
  EXPECT_EQ(r.status, 2);
  // A finished profile: one render, then the watch ends.
  r = run_in(dir, hang_guard() + exe() + " --watch=0.01 prog.hp");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(file_exists(dir + "/prog.ps"));
}

}  // namespace
}  // namespace hpng
