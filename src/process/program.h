// --record's program: what its binary can do, and the process behind an
// interface (Launcher, Program) that the recorder's tests replace with a
// fake, so that its logic runs without GHC. The real one starts the program
// in a process group of its own (given the terminal's foreground when
// hp2ps-ng has it, as a shell's job control does), so that a signal to
// hp2ps-ng's group (timeout, a CI runner's cancel) reaches hp2ps-ng alone,
// which then ends the program the way that keeps its eventlog.
#pragma once
#include <sys/types.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hpng {

// The file a command name runs: itself when it has a '/', else the first
// executable of that name on PATH; none when there is none.
std::optional<std::string> find_program(const std::string& name);

// How the program ended.
struct ProgramEnd {
  bool started = false;
  std::string not_started;  // why it could not start (strerror's words)
  int exit_code = 0;        // when it exited
  int signal = 0;           // when a signal killed it
  double cpu_seconds = 0;   // user and system time (its collections included), when reaped
  bool failed() const { return !started || exit_code != 0 || signal != 0; }
};

// "exited with status 1", "was killed by signal 9 (SIGKILL)", ...
std::string describe_end(const ProgramEnd& end);

// "SIGINT", "SIGTERM", ... ("signal N" for one without a name).
std::string signal_name(int sig);

// How a program is started: its arguments (argv[0] searched on PATH), its
// whole environment, whether it is given the terminal (`terminal`, a
// descriptor of the terminal whose foreground hp2ps-ng has; -1: none), and
// where its standard output and error go (`output`; -1: hp2ps-ng's), and
// its standard input (`input`; -1: hp2ps-ng's).
struct ProgramSpec {
  std::vector<std::string> argv;
  std::vector<std::string> env;
  int terminal = -1;
  int output = -1;
  int input = -1;
};

class Program {
 public:
  virtual ~Program() = default;
  // Whether it has ended, without waiting (it is reaped then, and the
  // terminal taken back).
  virtual bool ended() = 0;
  // How it ended, once ended() says it has.
  virtual const ProgramEnd& end() const = 0;
  // Sends `sig` to its process group, unless it has ended.
  virtual void signal(int sig) = 0;
};

class Launcher {
 public:
  virtual ~Launcher() = default;
  // A program that cannot start is an ending (ended() at once), not an
  // exception.
  virtual std::unique_ptr<Program> start(const ProgramSpec& spec) = 0;
};

// The system's: fork and exec, the program's signals its own (none blocked
// or ignored because hp2ps-ng's are), killed with its group if hp2ps-ng
// dies of a signal, or (PR_SET_PDEATHSIG) is killed.
Launcher& system_launcher();

// Seconds, and waiting: the system's, or a test's that runs at once.
class Clock {
 public:
  virtual ~Clock() = default;
  virtual double now() = 0;
  // Waits `seconds`, or less when a stop is requested.
  virtual void pause(double seconds) = 0;
};
Clock& system_clock();

// The environment as the program gets it: hp2ps-ng's own.
std::vector<std::string> own_environment();

// The terminal whose foreground hp2ps-ng has (standard input, output or
// error), or -1.
int foreground_terminal();

}  // namespace hpng
