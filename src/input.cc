// Loading input. Regular files are mapped read-only; readers release the
// pages they have passed, so a 200 MB profile does not stay resident.
// Anything else (stdin, pipes) is read into memory once.
#include "hpng/input.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "hpng/diag.h"

namespace hpng {

namespace {

constexpr size_t kPage = 4096;

std::string read_fd(int fd, const std::string& name) {
  std::string bytes;
  char buf[1 << 16];
  try {
    for (;;) {
      ssize_t n = ::read(fd, buf, sizeof buf);
      if (n == 0) break;
      if (n < 0) {
        if (errno == EINTR) continue;
        throw input_error(name, "", std::string("cannot read: ") + std::strerror(errno));
      }
      bytes.append(buf, static_cast<size_t>(n));
    }
  } catch (const std::bad_alloc&) {
    throw input_error(name, "", "too large to read into memory (" + std::to_string(bytes.size()) + " bytes read so far)");
  }
  return bytes;
}

}  // namespace

void Input::release(size_t end) const {
  if (!mapping) return;
  size_t upto = std::min(end, mapped_size) / kPage * kPage;
  if (upto > 0) ::madvise(const_cast<char*>(mapping.get()), upto, MADV_DONTNEED);
}

std::string Input::position(size_t offset) const {
  std::string_view all = data();
  offset = std::min(offset, all.size());
  size_t line = 1, line_start = 0;
  constexpr size_t kChunk = size_t{16} << 20;
  for (size_t at = 0; at < offset; at += kChunk) {
    std::string_view chunk = all.substr(at, std::min(kChunk, offset - at));
    for (size_t i = chunk.find('\n'); i != std::string_view::npos; i = chunk.find('\n', i + 1)) {
      ++line;
      line_start = at + i + 1;
    }
    if (at + kChunk < offset) release(at + kChunk);
  }
  return std::to_string(line) + ":" + std::to_string(offset - line_start + 1);
}

Input load_input(const std::string& path) {
  if (path == "-") return {"stdin", read_fd(STDIN_FILENO, "stdin"), nullptr, 0};
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw input_error(path, "", std::string("cannot open: ") + std::strerror(errno));
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0) {
    if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
      ::close(fd);
      throw input_error(path, "", "cannot read: it is a directory");
    }
    Input in{path, "", nullptr, 0};
    try {
      in.bytes = read_fd(fd, path);
    } catch (...) {
      ::close(fd);
      throw;
    }
    ::close(fd);
    return in;
  }
  size_t size = static_cast<size_t>(st.st_size);
  void* p = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  int err = errno;
  ::close(fd);
  if (p == MAP_FAILED) throw input_error(path, "", std::string("cannot map: ") + std::strerror(err));
  ::madvise(p, size, MADV_SEQUENTIAL);
  std::shared_ptr<const char> mapping(static_cast<const char*>(p), [size](const char* q) {
    ::munmap(const_cast<char*>(q), size);
  });
  return {path, "", std::move(mapping), size};
}

InputFormat sniff_format(std::string_view bytes) {
  return bytes.substr(0, 4) == "hdrb" ? InputFormat::eventlog : InputFormat::hp;
}


}  // namespace hpng
