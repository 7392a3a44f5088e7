// A temporary output file that a signal ending the process (Ctrl-C,
// SIGTERM, SIGHUP, ...: process/signals.h) removes on its way out, so that
// an interrupted run leaves nothing behind. While stops are requests
// (--watch, --record), a stop lets the write in hand finish and be renamed
// as usual.
#pragma once
#include <optional>
#include <string>

#include "process/signals.h"

namespace hpng {

class TempGuard {
 public:
  // Creates the file from a mkstemp template (XXXXXX at its end) with the
  // signals held, so that no signal comes between its creation and its
  // guard. Returns the descriptor (-1 and errno on failure); path() is its
  // name.
  int create(std::string tmpl);
  const std::string& path() const { return path_; }
  // The file was renamed into place or removed: a signal no longer touches it.
  void release() { removed_.reset(); }

 private:
  std::string path_;
  std::optional<RemovedOnSignal> removed_;
};

}  // namespace hpng
