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
// program left it. A first region leaves a free row below the cursor.
void StatusBar::show(const std::string& line) {
  if (!tty_) return;
  struct winsize ws = {};
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) != 0 || ws.ws_row < 3 || ws.ws_col < 10) return;
  std::string out;
  if (ws.ws_row != rows_ || resized()) {
    if (!rows_) out += "\n\033[A";
    out += "\0337\033[1;" + std::to_string(ws.ws_row - 1) + "r\0338";
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
