// See status_bar.h.
#include "process/status_bar.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdio>

#include "base/text.h"
#include "process/signals.h"

namespace hpng {

StatusBar::StatusBar() : tty_(::isatty(STDERR_FILENO)) { own_signals(); }

StatusBar::~StatusBar() { close(); }

// One write: the line on the last row, the cursor put back where the
// program left it. Each region (the first, and after a resize: a smaller
// terminal may have put the cursor on the last row) is set with a free row
// below the cursor: the whole screen given back, an index (a scroll when
// the cursor is on the last row, its column kept) and a row up, then the
// region; every step with the cursor saved, so that no line is lost. What
// is right of the cursor then is no output of the program's (a terminal
// that grew can bring the old live line to the cursor's row): cleared.
void StatusBar::show(const std::string& line) {
  if (!tty_) return;
  struct winsize ws = {};
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) != 0 || ws.ws_row < 3 || ws.ws_col < 10) return;
  std::string out;
  if (ws.ws_row != rows_ || resized()) {
    out += "\0337\033[r\0338\033D\033[A\0337\033[1;" + std::to_string(ws.ws_row - 1) + "r\0338\033[K";
    rows_ = ws.ws_row;
  }
  std::string safe = terminal_safe(line);
  out += "\0337\033[" + std::to_string(rows_) + ";1H\033[2K" + std::string(screen_prefix(safe, ws.ws_col - 1u)) + "\0338";
  std::fwrite(out.data(), 1, out.size(), stderr);
  std::fflush(stderr);
}

void StatusBar::close() {
  if (rows_) std::fprintf(stderr, "\0337\033[r\033[%d;1H\033[2K\0338", rows_);
  rows_ = 0;
}

}  // namespace hpng
