// Loading input and reading it in windows; see input.h.
#include "hpng/input/input.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>

#include "hpng/base/diag.h"
#include "hpng/input/file_kind.h"
#include "input/decompress.h"
#include "base/scratch_file.h"

namespace hpng {

// Owns the descriptor: it is closed once, when the last Input using the
// file goes.
struct InputFile {
  InputFile(int fd_, size_t size_) : fd(fd_), size(size_) {}
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;
  ~InputFile() { ::close(fd); }
  const int fd;
  const size_t size;
  std::string head;
  std::optional<FileId> id;  // none for a spooled copy
};

namespace {

// Small enough that malloc reuses one buffer for every read (larger ones are
// mapped afresh each time, and each new page costs a fault), large enough
// that the read() calls cost nothing next to the parsing.
constexpr size_t kWindow = size_t{64} << 10;
constexpr size_t kHead = 4096;

[[noreturn]] void fail(const std::string& name, const std::string& what, int err) {
  throw file_error(Code::cannot_read, name, what + ": " + std::strerror(err));
}

// All `n` bytes at `offset`, or fewer when the file ends first.
size_t read_at(int fd, char* to, size_t n, size_t offset, const std::string& name) {
  size_t got = 0;
  while (got < n) {
    ssize_t r = ::pread(fd, to + got, n - got, static_cast<off_t>(offset + got));
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) fail(name, "cannot read", errno);
    if (r == 0) break;
    got += static_cast<size_t>(r);
  }
  return got;
}

std::shared_ptr<InputFile> open_file(int fd, size_t size, const std::string& name, bool own = true) {
  auto f = std::make_shared<InputFile>(fd, size);
  struct stat st;
  if (own && ::fstat(fd, &st) == 0) f->id = FileId{st.st_dev, st.st_ino};
  f->head.resize(std::min(size, kHead));
  f->head.resize(read_at(fd, f->head.data(), f->head.size(), 0, name));
  return f;
}

[[noreturn]] void over_limit(const std::string& name, const SpoolBudget& budget, bool compressed) {
  std::string what = budget.used == 0
                         ? ", the most hp2ps-ng keeps of pipes, devices and compressed files in one run"
                         : ": what is left of the " + std::to_string(budget.limit) +
                               " that hp2ps-ng keeps of pipes, devices and compressed files in one run, of which its "
                               "other inputs took " + std::to_string(budget.used);
  throw file_error(Code::too_large, name,
                   "more than " + std::to_string(budget.limit - budget.used) + " bytes" +
                       (compressed ? " decompressed" : "") + what + " (--max-input SIZE allows more" +
                       (compressed ? ")" : "; a file named on the command line is read in place, without a copy)"));
}

// Closes a descriptor on every way out.
struct OwnedFd {
  int fd;
  ~OwnedFd() {
    if (fd >= 0) ::close(fd);
  }
  int release() { return std::exchange(fd, -1); }
};

// The bytes of `fd` from where it stands, after `first` (bytes already read).
Pull reading(int fd, std::string first, const std::string& name) {
  return [fd, first = std::move(first), name](char* to, size_t n) mutable {
    if (!first.empty()) {
      size_t k = std::min(n, first.size());
      std::memcpy(to, first.data(), k);
      first.erase(0, k);
      return k;
    }
    for (;;) {
      ssize_t r = ::read(fd, to, n);
      if (r >= 0) return static_cast<size_t>(r);
      if (errno != EINTR) fail(name, "cannot read", errno);
    }
  };
}

// Standard input, a pipe, a device or a compressed file can be read once
// only: its bytes (decompressed) go to an unlinked file in $TMPDIR, which is
// then read like any file, within what is left of the run's `budget` (the disk's room is not
// endless, a pipe may be).
std::shared_ptr<InputFile> spool(const Pull& pull, const std::string& name, SpoolBudget& budget, bool compressed) {
  OwnedFd copy{temporary_file(name)};
  std::vector<char> buf(kWindow);
  size_t size = 0, left = budget.limit - budget.used;
  while (size_t n = pull(buf.data(), buf.size())) {
    if (size == 0) refuse_plainly_not_a_profile({buf.data(), n}, name);  // `cat /dev/zero |` ends at once
    if (n > left - size) over_limit(name, budget, compressed);
    write_fully(copy.fd, buf.data(), n, name);
    size += n;
  }
  budget.used += size;
  return open_file(copy.release(), size, name, false);
}

// The first bytes of `fd`: enough to tell a compressed stream (6), unless
// it ends first.
std::string first_bytes(int fd, const std::string& name, std::string read_before = "") {
  size_t got = read_before.size();
  std::string first = std::move(read_before);
  first.resize(std::max(kWindow, got));
  Pull pull = reading(fd, "", name);
  while (got < 6) {
    size_t n = pull(first.data() + got, first.size() - got);
    if (n == 0) break;
    got += n;
  }
  first.resize(got);
  return first;
}

// A pipe, a device or standard input, compressed or not.
std::shared_ptr<const InputFile> spool_stream(int fd, const std::string& name, SpoolBudget& budget,
                                              std::string read_before = "") {
  std::string first = first_bytes(fd, name, std::move(read_before));
  Compression c = compression_of(first);
  return spool(decompressing(c, reading(fd, std::move(first), name), name), name, budget, c != Compression::none);
}

// A regular file that is compressed: decompressed once into a copy, which
// keeps the file's identity (an output must not replace it either).
std::shared_ptr<const InputFile> decompressed(int fd, Compression c, const std::string& name, SpoolBudget& budget) {
  struct stat st;
  std::optional<FileId> id;
  if (::fstat(fd, &st) == 0) id = FileId{st.st_dev, st.st_ino};
  if (::lseek(fd, 0, SEEK_SET) != 0) fail(name, "cannot read", errno);
  auto copy = spool(decompressing(c, reading(fd, "", name), name), name, budget, true);
  copy->id = id;
  return copy;
}

// A regular file, read in place unless it is compressed.
Input from_file(int fd, const std::string& name, SpoolBudget& budget) {
  struct stat st;
  ::fstat(fd, &st);
  auto file = open_file(fd, static_cast<size_t>(st.st_size), name);
  Compression c = compression_of(file->head);
  if (c == Compression::none) return {name, "", file};
  return {name, "", decompressed(fd, c, name, budget)};
}

// A FIFO among several inputs: opened without waiting for a writer, then
// read once one comes. With no writer a read gives 0, with a silent one
// EAGAIN; after `budget.fifo_wait` seconds without either it is refused.
Input from_fifo(const std::string& path, SpoolBudget& budget) {
  OwnedFd fd{::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK)};
  if (fd.fd < 0) fail(path, "cannot open", errno);
  auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(budget.fifo_wait);
  std::string first(kWindow, '\0');
  for (;;) {
    ssize_t n = ::read(fd.fd, first.data(), first.size());
    if (n > 0 || (n < 0 && errno == EAGAIN)) {
      first.resize(n > 0 ? static_cast<size_t>(n) : 0);
      break;
    }
    if (n < 0 && errno != EINTR) fail(path, "cannot read", errno);
    if (std::chrono::steady_clock::now() >= until) {
      throw file_error(Code::cannot_read, path, "no program wrote to this FIFO within " +
                                                    std::to_string(static_cast<int>(budget.fifo_wait)) +
                                                    " s: among several inputs a FIFO waits that long for its writer "
                                                    "(named alone, as long as it takes)");
    }
    ::poll(nullptr, 0, 20);
  }
  ::fcntl(fd.fd, F_SETFL, ::fcntl(fd.fd, F_GETFL) & ~O_NONBLOCK);
  return {path, "", spool_stream(fd.fd, path, budget, std::move(first))};
}

}  // namespace

Input copy_input(int fd, size_t size, const std::string& name) { return {name, "", open_file(fd, size, name, false)}; }

std::optional<FileId> file_id(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  return FileId{st.st_dev, st.st_ino};
}

std::optional<FileId> Input::id() const { return file ? file->id : std::nullopt; }

size_t Input::size() const { return file ? file->size : bytes.size(); }

std::string_view Input::head() const { return file ? std::string_view(file->head) : std::string_view(bytes).substr(0, kHead); }

Diagnostic Input::at(Code code, size_t offset, std::string message) const {
  offset = std::min(offset, size());
  size_t line = 1, line_start = 0;
  read_windows(*this, [&](std::string_view bytes, size_t base, bool) {
    std::string_view part = bytes.substr(0, std::min(bytes.size(), offset - std::min(offset, base)));
    for (size_t i = part.find('\n'); i != std::string_view::npos; i = part.find('\n', i + 1)) {
      ++line;
      line_start = base + i + 1;
    }
    return base + bytes.size() >= offset ? size() : base + bytes.size();
  });
  return {code, name, offset, line, offset - line_start + 1, "", std::move(message)};
}

Input load_input(const std::string& path, size_t spool_limit) {
  SpoolBudget budget{spool_limit};
  return load_input(path, budget);
}

Input load_input(const std::string& path, SpoolBudget& budget) {
  struct stat st;
  if (path == "-" && ::fstat(STDIN_FILENO, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
      ::lseek(STDIN_FILENO, 0, SEEK_CUR) == 0) {  // `< file`: read in place, from the start
    return from_file(::dup(STDIN_FILENO), "stdin", budget);
  }
  if (path == "-") return {"stdin", "", spool_stream(STDIN_FILENO, "stdin", budget)};
  if (budget.fifo_wait >= 0 && ::stat(path.c_str(), &st) == 0 && S_ISFIFO(st.st_mode)) return from_fifo(path, budget);
  OwnedFd fd{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
  if (fd.fd < 0) fail(path, "cannot open", errno);
  if (::fstat(fd.fd, &st) != 0) fail(path, "cannot read", errno);
  if (S_ISDIR(st.st_mode)) throw file_error(Code::cannot_read, path, "cannot read: it is a directory");
  if (S_ISREG(st.st_mode) && st.st_size > 0) return from_file(fd.release(), path, budget);
  // a pipe, a device, or a file that says it is empty (/proc)
  return {path, "", spool_stream(fd.fd, path, budget)};
}

std::string file_head(const std::string& path) {
  OwnedFd fd{::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK)};
  if (fd.fd < 0) fail(path, "cannot open", errno);
  std::string first = first_bytes(fd.fd, path);
  Compression c = compression_of(first);
  Pull pull = reading(fd.fd, std::move(first), path);
  if (c != Compression::none) pull = decompressing(c, std::move(pull), path);
  std::string head(kHead, '\0');
  size_t got = 0;
  while (got < kHead) {
    size_t n = pull(head.data() + got, kHead - got);
    if (n == 0) break;
    got += n;
  }
  head.resize(got);
  return head;
}

Input load_growing_file(const std::string& path) {
  // O_NONBLOCK: a FIFO put in the file's place must not hold the open.
  OwnedFd fd{::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK)};
  if (fd.fd < 0) fail(path, "cannot open", errno);
  struct stat st;
  if (::fstat(fd.fd, &st) != 0) fail(path, "cannot read", errno);
  if (!S_ISREG(st.st_mode)) {
    throw file_error(Code::cannot_read, path, "cannot be watched: it is not a regular file (--watch reads the file a running program writes)");
  }
  auto file = open_file(fd.release(), static_cast<size_t>(st.st_size), path);
  if (Compression c = compression_of(file->head); c != Compression::none) {
    throw file_error(Code::cannot_read, path, std::string("cannot be watched: it is compressed (") + compression_name(c) +
                                                  "): --watch reads the file a running program writes; without --watch "
                                                  "it is read as any other");
  }
  return {path, "", file};
}

// A window of the file: bytes read but not yet done with, then room for
// more. Plain storage, so that making room does not fill it with zeros
// first (that showed, at a window per MB).
class Window {
 public:
  std::string_view bytes() const { return {buf_.get(), size_}; }
  char* room(size_t n) {
    if (size_ + n > capacity_) {
      capacity_ = std::max(2 * capacity_, size_ + n);
      std::unique_ptr<char[]> bigger(new char[capacity_]);
      std::copy(buf_.get(), buf_.get() + size_, bigger.get());
      buf_ = std::move(bigger);
    }
    return buf_.get() + size_;
  }
  void grow(size_t n) { size_ += n; }
  void drop_front(size_t n) {
    std::copy(buf_.get() + n, buf_.get() + size_, buf_.get());
    size_ -= n;
  }

 private:
  std::unique_ptr<char[]> buf_;
  size_t size_ = 0, capacity_ = 0;
};

[[noreturn]] void too_long(const Input& in, size_t offset) {
  throw Error({Code::too_large, in.name, offset, 0, 0, "",
               "a line (.hp) or event (eventlog) runs on for more than " + std::to_string(kLongestUnit >> 20) +
                   " MiB from this byte: hp2ps-ng holds at most that much of one at once (is this a heap profile?)"});
}

// Reads `want` bytes past what the window holds, doubling `want` when the
// reader could not finish anything in what it had (a statement or event
// larger than a window), so that no byte is read more than twice.
void read_windows(const Input& in, const WindowFeed& feed, size_t from, size_t to) {
  to = std::min(to, in.size());
  from = std::min(from, to);
  if (!in.file) {
    feed(std::string_view(in.bytes).substr(from, to - from), from, true);
    return;
  }
  const InputFile& f = *in.file;
  Window window;
  size_t base = from, want = kWindow;
  for (;;) {
    size_t end = base + window.bytes().size(), n = std::min(want, to - end);
    if (read_at(f.fd, window.room(n), n, end, in.name) < n) {
      throw file_error(Code::input_changed, in.name, "the file was cut short while it was being read (is a program rewriting it?)");
    }
    window.grow(n);
    bool at_end = end + n == to;
    size_t done = feed(window.bytes(), base, at_end);
    if (at_end || done >= to) return;
    size_t used = std::min(done - std::min(done, base), window.bytes().size());
    size_t held = window.bytes().size() - used;
    if (used == 0 && held > kLongestUnit) too_long(in, base);
    want = used == 0 ? std::min(2 * want, kLongestUnit + 1 - held) : kWindow;
    window.drop_front(used);
    base += used;
  }
}

std::string read_all(const Input& in, size_t limit) {
  if (in.size() > limit) {
    throw file_error(Code::too_large, in.name, "too large (" + std::to_string(in.size()) + " bytes; at most " + std::to_string(limit) +
                                       " are read)");
  }
  if (!in.file) return in.bytes;
  std::string all;
  read_windows(in, [&](std::string_view bytes, size_t base, bool) {
    all.append(bytes);
    return base + bytes.size();
  });
  return all;
}

InputFormat sniff_format(std::string_view head) {
  return head.substr(0, 4) == "hdrb" ? InputFormat::eventlog : InputFormat::hp;
}

}  // namespace hpng
