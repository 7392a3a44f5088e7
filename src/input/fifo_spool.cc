// See fifo_spool.h.
#include "hpng/input/fifo_spool.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <vector>

#include "hpng/input/file_kind.h"
#include "input/decompress.h"
#include "base/scratch_file.h"

namespace hpng {

namespace {

constexpr size_t kChunk = size_t{64} << 10;  // a pipe's buffer on Linux

}  // namespace

// What plainly is no profile is refused from the first bytes, before any is
// kept; a compressed stream cannot be followed as it grows.
void FifoSpool::check_first_bytes(std::string_view first) const {
  if (Compression c = compression_of(first); c != Compression::none) {
    throw file_error(Code::not_a_profile, path_, std::string("it is compressed (") + compression_name(c) +
                                                     "): --watch follows the eventlog a running program writes");
  }
  refuse_plainly_not_a_profile(first, path_);
}

FifoSpool::FifoSpool(const std::string& path, size_t limit) : path_(path), limit_(limit) {
  // O_NONBLOCK: the open does not wait for a writer, nor a read for data.
  fifo_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fifo_ < 0) throw file_error(Code::cannot_read, path, std::string("cannot open: ") + std::strerror(errno));
  copy_ = temporary_file(path);
}

FifoSpool::~FifoSpool() {
  ::close(fifo_);
  ::close(copy_);
}

bool FifoSpool::drain() {
  std::vector<char> buf(kChunk);
  bool any = false;
  for (;;) {
    ssize_t n = ::read(fifo_, buf.data(), buf.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) return any;  // a writer, with nothing more for now
    if (n < 0) throw file_error(Code::cannot_read, path_, std::string("cannot read: ") + std::strerror(errno));
    // No writer: before any byte, none has opened it yet (wait); after, it
    // has closed it (the program ended).
    if (n == 0) return ended_ = size_ > 0, any;
    std::string_view got(buf.data(), static_cast<size_t>(n));
    if (size_ == 0) check_first_bytes(got);
    if (got.size() > limit_ - size_) {  // what fits is kept: the most the limit allows is drawn
      write_fully(copy_, got.data(), limit_ - size_, path_);
      size_ = limit_;
      throw file_error(Code::too_large, path_, "more than " + std::to_string(limit_) +
                                                   " bytes written to the FIFO, the most hp2ps-ng keeps of one "
                                                   "(--max-input SIZE allows more)");
    }
    write_fully(copy_, got.data(), got.size(), path_);
    size_ += got.size();
    any = true;
  }
}

bool FifoSpool::drain_for(double seconds) {
  auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  bool any = drain();
  while (!ended_) {
    double left = std::chrono::duration<double>(until - std::chrono::steady_clock::now()).count();
    if (left <= 0) break;
    int ms = static_cast<int>(std::ceil(std::min(left, 3600.0) * 1000));
    pollfd p{fifo_, POLLIN, 0};
    int r = ::poll(&p, 1, ms);
    if (r < 0) break;  // a signal: the caller looks whether it asks to stop
    // Without a writer the FIFO polls as hung up at once: wait the rest.
    if (r > 0 && !(p.revents & POLLIN)) {
      ::poll(nullptr, 0, ms);
      break;
    }
    any = drain() || any;
  }
  return any;
}

Input FifoSpool::input() const {
  int fd = ::dup(copy_);
  if (fd < 0) throw file_error(Code::cannot_read, path_, std::string("cannot read its copy: ") + std::strerror(errno));
  return copy_input(fd, size_, path_);
}

}  // namespace hpng
