// Loading input and reading it in windows; see input.h.
#include "hpng/input/input.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "hpng/base/diag.h"
#include "hpng/input/file_kind.h"

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

std::shared_ptr<const InputFile> open_file(int fd, size_t size, const std::string& name, bool own = true) {
  auto f = std::make_shared<InputFile>(fd, size);
  struct stat st;
  if (own && ::fstat(fd, &st) == 0) f->id = FileId{st.st_dev, st.st_ino};
  f->head.resize(std::min(size, kHead));
  f->head.resize(read_at(fd, f->head.data(), f->head.size(), 0, name));
  return f;
}

int temporary_file(const std::string& name) {
  const char* env = std::getenv("TMPDIR");
  std::string dir = env && *env ? env : "/tmp";
  int fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd >= 0) return fd;
  std::string tmpl = dir + "/hp2ps-ng-XXXXXX";
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  fd = ::mkstemp(buf.data());
  if (fd < 0) fail(name, "cannot keep a copy in " + dir + " (hp2ps-ng reads its input more than once)", errno);
  ::unlink(buf.data());
  return fd;
}

// What is plainly not a profile (binary data, a document, source code) is
// refused from its first bytes, before any of it is kept: `cat /dev/zero |
// hp2ps-ng` ends at once.
void check_first_bytes(int fd, const std::vector<char>& buf, size_t size, const std::string& name) {
  std::string_view head(buf.data(), std::min(size, kHead));
  if (size == 0 || head.starts_with("hdrb")) return;
  std::string other = not_a_profile(head, true);
  if (!other.empty()) ::close(fd), throw file_error(Code::not_a_profile, name, other);
}

[[noreturn]] void over_limit(int fd, const std::string& name, size_t limit) {
  ::close(fd);
  throw file_error(Code::too_large, name,
                   "more than " + std::to_string(limit) + " bytes, the most hp2ps-ng keeps of a pipe or a device "
                   "(--max-input SIZE allows more; a file named on the command line is read in place, without a copy)");
}

// Standard input, a pipe or a device can be read once only: its bytes go to
// an unlinked file in $TMPDIR, which is then read like any file, up to
// `limit` bytes (the disk's room is not endless, a pipe may be).
std::shared_ptr<const InputFile> spool(int from, const std::string& name, size_t limit) {
  int fd = temporary_file(name);
  std::vector<char> buf(kWindow);
  size_t size = 0;
  for (;;) {
    ssize_t n = ::read(from, buf.data(), buf.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) ::close(fd), fail(name, "cannot read", errno);
    if (n == 0) break;
    if (size == 0) check_first_bytes(fd, buf, static_cast<size_t>(n), name);
    if (static_cast<size_t>(n) > limit - size) over_limit(fd, name, limit);
    for (ssize_t done = 0; done < n;) {
      ssize_t w = ::write(fd, buf.data() + done, static_cast<size_t>(n - done));
      if (w < 0 && errno == EINTR) continue;
      const char* env = std::getenv("TMPDIR");
      if (w < 0) ::close(fd), fail(name, std::string("cannot keep a copy in ") + (env && *env ? env : "/tmp") +
                                             " (hp2ps-ng reads its input more than once; give it a file instead)", errno);
      done += w;
    }
    size += static_cast<size_t>(n);
  }
  return open_file(fd, size, name, false);
}

}  // namespace

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
  struct stat st;
  if (path == "-" && ::fstat(STDIN_FILENO, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
      ::lseek(STDIN_FILENO, 0, SEEK_CUR) == 0) {  // `< file`: read in place, from the start
    return {"stdin", "", open_file(::dup(STDIN_FILENO), static_cast<size_t>(st.st_size), "stdin")};
  }
  if (path == "-") return {"stdin", "", spool(STDIN_FILENO, "stdin", spool_limit)};
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) fail(path, "cannot open", errno);
  if (::fstat(fd, &st) != 0) {
    int err = errno;
    ::close(fd);
    fail(path, "cannot read", err);
  }
  if (S_ISDIR(st.st_mode)) {
    ::close(fd);
    throw file_error(Code::cannot_read, path, "cannot read: it is a directory");
  }
  if (S_ISREG(st.st_mode) && st.st_size > 0) return {path, "", open_file(fd, static_cast<size_t>(st.st_size), path)};
  std::shared_ptr<const InputFile> copy;
  try {  // a pipe, a device, or a file that says it is empty (/proc)
    copy = spool(fd, path, spool_limit);
  } catch (...) {
    ::close(fd);
    throw;
  }
  ::close(fd);
  return {path, "", copy};
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
    want = used == 0 ? 2 * want : kWindow;
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
