// --record's live line on a terminal it shares with its program: the
// terminal's last row, kept out of the scrolling region so that the
// program's output scrolls above it and its half-written line is never
// overwritten; the region set again when the terminal is resized (SIGWINCH),
// and given back, with the row cleared, when the bar goes. Off a terminal
// (a CI log) it shows nothing.
#pragma once
#include <string>

namespace hpng {

class StatusBar {
 public:
  StatusBar();
  ~StatusBar();
  StatusBar(const StatusBar&) = delete;
  StatusBar& operator=(const StatusBar&) = delete;
  // `line` (shown safe for a terminal, cut to its width) on the last row.
  void show(const std::string& line);
  // The row cleared and the region given back (before a report is printed).
  void close();

 private:
  bool tty_;
  int rows_ = 0;  // the terminal's rows when the region was set; 0: not set
};

}  // namespace hpng
