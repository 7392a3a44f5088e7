// A temporary output file that a signal ending the process (Ctrl-C,
// SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGXCPU, SIGXFSZ, ...) removes on its way out, so that an interrupted run leaves
// nothing behind. Where the program already handles the signal itself
// (--watch stops after the write in hand), that handler runs instead and the
// write is finished and renamed as usual; a signal that is ignored (nohup)
// stays ignored.
#pragma once
#include <string>

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
  void release();
  ~TempGuard() { release(); }

 private:
  std::string path_;
  bool armed_ = false;
};

}  // namespace hpng
