// --watch on a FIFO (`+RTS -l -olprog.fifo`): what the program has written
// so far. A FIFO is read once, so its bytes go to an unlinked copy in
// $TMPDIR, which the growing readers read as they read a growing file; the
// copy is bounded by `limit` (--max-input), the memory by one read buffer.
// The FIFO is opened and read without blocking, so that neither a FIFO
// without a writer nor one that is quiet holds up a stop, and it is drained
// whenever the watch waits, so that the program never blocks on a full pipe.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

#include "hpng/input/input.h"

namespace hpng {

class FifoSpool {
 public:
  // Throws Error (cannot_read) when `path` cannot be opened.
  FifoSpool(const std::string& path, size_t limit);
  ~FifoSpool();
  FifoSpool(const FifoSpool&) = delete;
  FifoSpool& operator=(const FifoSpool&) = delete;

  // Copies what the writer has written since the last call; true when that
  // was anything. Throws Error (not_a_profile for bytes that plainly are
  // not one, too_large beyond the limit, cannot_read).
  bool drain();
  // Drains until `seconds` have passed, the writer has closed, or a stop
  // signal interrupts the wait; true when anything came.
  bool drain_for(double seconds);
  // The writer has closed the FIFO after writing (a FIFO that no writer
  // has opened yet is waited for).
  bool ended() const { return ended_; }
  size_t size() const { return size_; }
  // The bytes copied so far.
  Input input() const;

 private:
  void check_first_bytes(std::string_view first) const;

  std::string path_;
  size_t limit_;
  int fifo_ = -1, copy_ = -1;
  size_t size_ = 0;
  bool ended_ = false;
};

}  // namespace hpng
