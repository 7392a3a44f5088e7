// --record's program: what its binary can do, started with its RTS options
// in GHCRTS (its own arguments reach it unchanged), and how it ended.
#pragma once
#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace hpng {

// What a GHC program's binary says of its runtime system, from its bytes
// (the RTS's own --help text is linked into it). A binary that is not a
// GHC program (a script, a wrapper) is taken to be a GHC of today's.
struct RtsAbilities {
  bool eventlog = true;        // -l and -ol (always from GHC 9.4; before, only when linked with -eventlog)
  bool flush_interval = true;  // --eventlog-flush-interval (GHC 9.2 on)
  bool profile_prefix = true;  // -po, where the .hp goes (GHC 9.2 on)
};
RtsAbilities rts_abilities(const std::string& program_path);

// The file a command name runs: itself when it has a '/', else the first
// executable of that name on PATH; none when there is none.
std::optional<std::string> find_program(const std::string& name);

// How the program ended.
struct ProgramEnd {
  bool started = false;
  std::string not_started;  // why it could not start (strerror's words)
  int exit_code = 0;        // when it exited
  int signal = 0;           // when a signal killed it
  bool failed() const { return !started || exit_code != 0 || signal != 0; }
};

// "exited with status 1", "was killed by signal 9 (SIGKILL)", ...
std::string describe_end(const ProgramEnd& end);

class Program {
 public:
  // Starts argv[0] (searched on PATH) with `rts_options` added to GHCRTS,
  // its standard streams and signals its own. A program that cannot start
  // is an ending, not an exception.
  Program(const std::vector<std::string>& argv, const std::string& rts_options);
  ~Program();
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;

  // Whether it has ended, without waiting (it is reaped then).
  bool ended();
  // Waits for it to end.
  const ProgramEnd& wait();
  // Sends it `sig` (SIGINT, SIGTERM passed on), unless it has ended.
  void signal(int sig);

 private:
  void reaped(int status);

  pid_t pid_ = -1;
  std::optional<ProgramEnd> end_;
};

}  // namespace hpng
