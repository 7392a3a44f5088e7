// --record's live line on a pseudo-terminal: the last row kept out of the
// scrolling region, and the region set again when the terminal is resized,
// so that the program's lines and the report never share the last row.
#include "process/status_bar.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>

namespace hpng {
namespace {

void set_rows(int fd, unsigned short rows) {
  struct winsize ws = {};
  ws.ws_row = rows, ws.ws_col = 80;
  ::ioctl(fd, TIOCSWINSZ, &ws);
}

// What a StatusBar writing to a terminal's stderr shows "one", then, the
// terminal resized to 30 rows (SIGWINCH), "two", then closes.
std::string shown_across_a_resize() {
  int master = ::posix_openpt(O_RDWR | O_NOCTTY);
  if (master < 0 || ::grantpt(master) != 0 || ::unlockpt(master) != 0) return "no pseudo-terminal";
  int slave = ::open(::ptsname(master), O_RDWR | O_NOCTTY);
  set_rows(slave, 24);
  pid_t child = ::fork();
  if (child == 0) {
    ::dup2(slave, STDERR_FILENO);
    {
      StatusBar bar;
      bar.show("one");
      set_rows(slave, 30);
      ::raise(SIGWINCH);
      bar.show("two");
    }
    ::_exit(0);
  }
  ::close(slave);
  int status = 0;
  ::waitpid(child, &status, 0);
  std::string out;
  char buf[4096];
  ::fcntl(master, F_SETFL, O_NONBLOCK);
  for (ssize_t n; (n = ::read(master, buf, sizeof buf)) > 0;) out.append(buf, static_cast<size_t>(n));
  ::close(master);
  return out;
}

TEST(StatusBar, TheLastRowFollowsAResizedTerminal) {
  std::string out = shown_across_a_resize();
  size_t first = out.find("\0337\033[1;23r\0338"), resized = out.find("\0337\033[1;29r\0338");
  ASSERT_NE(first, std::string::npos) << "rows 1 to 23 scroll";
  EXPECT_NE(out.find("\033[24;1H\033[2Kone"), std::string::npos);
  ASSERT_NE(resized, std::string::npos) << "after the resize, rows 1 to 29";
  EXPECT_LT(first, resized);
  EXPECT_NE(out.find("\033[30;1H\033[2Ktwo"), std::string::npos) << "the line on the new last row";
  EXPECT_NE(out.find("\033[r\033[30;1H\033[2K"), std::string::npos) << "closed: the whole screen scrolls, the row cleared";
}

}  // namespace
}  // namespace hpng
