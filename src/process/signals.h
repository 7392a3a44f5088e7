// The process's one owner of signal handlers, installed on first use and
// kept for the process's life; nothing else installs one.
//  * A signal that ends a process (SIGINT, SIGTERM, SIGHUP, SIGQUIT,
//    SIGALRM, SIGVTALRM, SIGXCPU, SIGUSR1, SIGUSR2) ends it as by default,
//    after removing what is registered to go with it: the temporary file of
//    the output being written, --record's private folder, and --record's
//    program (its process group is killed, and a terminal it was given is
//    taken back). A signal ignored when the process started (nohup) stays
//    ignored.
//  * While stops are requests (StopsAreRequests: --watch, --record), SIGINT,
//    SIGTERM and SIGHUP are instead requests the run takes when it can,
//    counted, none lost: the write in hand finishes.
//  * SIGXFSZ is ignored, so that a file-size limit (ulimit -f) makes a write
//    fail with an error that is reported; SIGWINCH is noted (resized()).
// Only async-signal-safe calls are made in the handler.
#pragma once
#include <sys/types.h>

#include <optional>
#include <string>

namespace hpng {

// Installs the handlers, once a process; and opens standard input, output
// and error on /dev/null if one is closed: a closed one would be the next
// file hp2ps-ng opens (--record's FIFO: the program's printed lines would
// go into its own eventlog).
void own_signals();

// While one lives, SIGINT, SIGTERM and SIGHUP are requests; requests that
// came before it (from the start of the run) are kept. They nest: the
// outermost one's end ends them.
class StopsAreRequests {
 public:
  StopsAreRequests();
  ~StopsAreRequests();
  StopsAreRequests(const StopsAreRequests&) = delete;
  StopsAreRequests& operator=(const StopsAreRequests&) = delete;
};

// A stop asked for: the signal, and whether a terminal sent it (its ^C
// reaches every process of the foreground group).
struct StopRequest {
  int signal;
  bool from_terminal;
};

// The oldest stop not yet taken, taken.
std::optional<StopRequest> take_stop_request();
// A stop is waiting to be taken.
bool stop_requested();
// Sleeps `seconds`, or less if a stop is requested.
void pause_for(double seconds);
// The terminal was resized since the last call (SIGWINCH).
bool resized();

// A path a signal that ends the process removes (a file, or an empty
// folder after its files), while one lives. At most 8 at a time.
class RemovedOnSignal {
 public:
  explicit RemovedOnSignal(const std::string& path, bool folder = false);
  ~RemovedOnSignal();
  RemovedOnSignal(const RemovedOnSignal&) = delete;
  RemovedOnSignal& operator=(const RemovedOnSignal&) = delete;

 private:
  int slot_;
};

// A process group a signal that ends the process kills, and the terminal
// (its descriptor, or -1) it was given, which is then taken back.
void end_on_signal(pid_t group, int terminal);
void keep_on_signal();  // none any more

}  // namespace hpng
