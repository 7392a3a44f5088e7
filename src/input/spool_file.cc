// See spool_file.h.
#include "input/spool_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "hpng/base/diag.h"

namespace hpng {

namespace {

std::string temporary_dir() {
  const char* env = std::getenv("TMPDIR");
  return env && *env ? env : "/tmp";
}

[[noreturn]] void cannot_keep(const std::string& name, const std::string& dir, const std::string& why, int err) {
  throw file_error(Code::cannot_read, name, "cannot keep a copy in " + dir + " (" + why + "): " + std::strerror(err));
}

}  // namespace

int temporary_file(const std::string& name) {
  std::string dir = temporary_dir();
  int fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd >= 0) return fd;
  std::string tmpl = dir + "/hp2ps-ng-XXXXXX";
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  fd = ::mkstemp(buf.data());
  if (fd < 0) cannot_keep(name, dir, "hp2ps-ng reads its input more than once", errno);
  ::unlink(buf.data());
  return fd;
}

void write_fully(int fd, const char* data, size_t n, const std::string& name) {
  for (size_t done = 0; done < n;) {
    ssize_t w = ::write(fd, data + done, n - done);
    if (w < 0 && errno == EINTR) continue;
    if (w < 0) cannot_keep(name, temporary_dir(), "hp2ps-ng reads its input more than once; give it a file instead", errno);
    done += static_cast<size_t>(w);
  }
}


}  // namespace hpng
