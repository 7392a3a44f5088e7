// Atomic output: temporary file in the target's directory, fsync-free write,
// then rename over the target. On any failure the temporary is removed and
// the target is left as it was.
#include "hpng/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "hpng/diag.h"

namespace hpng {

namespace {

bool write_all(int fd, std::string_view data) {
  while (!data.empty()) {
    ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

[[noreturn]] void fail(const std::string& path, const char* what, int err) {
  throw output_error(path, std::string(what) + ": " + std::strerror(err));
}

}  // namespace

void write_file_atomic(const std::string& path, std::string_view data) {
  if (path == "-") {
    if (!write_all(STDOUT_FILENO, data)) fail("stdout", "cannot write", errno);
    return;
  }
  size_t slash = path.rfind('/');
  std::string dir = slash == std::string::npos ? "." : path.substr(0, slash + 1);
  std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  std::string tmpl = (slash == std::string::npos ? std::string() : dir) + "." + name + ".XXXXXX";
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  int fd = ::mkstemp(buf.data());
  if (fd < 0) fail(path, "cannot create a temporary file in its directory", errno);
  std::string tmp(buf.data());
  // mkstemp makes the file 0600; give it the usual permissions under umask.
  mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd, 0666 & ~mask);
  bool ok = write_all(fd, data);
  int err = errno;
  if (::close(fd) != 0 && ok) {
    ok = false;
    err = errno;
  }
  if (!ok) {
    ::unlink(tmp.c_str());
    fail(path, "cannot write", err);
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    err = errno;
    ::unlink(tmp.c_str());
    fail(path, "cannot replace", err);
  }
}

}  // namespace hpng
