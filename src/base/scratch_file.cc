// See scratch_file.h.
#include "base/scratch_file.h"

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

[[noreturn]] void cannot_keep(const std::string& name, const char* why, int err) {
  throw file_error(Code::cannot_write, name,
                   "cannot keep a file in " + temporary_dir() + " (" + why + "): " + std::strerror(err));
}

}  // namespace

int temporary_file(const std::string& name, const char* why) {
  std::string dir = temporary_dir();
  int fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd >= 0) return fd;
  std::string tmpl = dir + "/hp2ps-ng-XXXXXX";
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  fd = ::mkstemp(buf.data());
  if (fd < 0) cannot_keep(name, why, errno);
  ::unlink(buf.data());
  return fd;
}

void write_fully(int fd, const char* data, size_t n, const std::string& name, const char* why) {
  for (size_t done = 0; done < n;) {
    ssize_t w = ::write(fd, data + done, n - done);
    if (w < 0 && errno == EINTR) continue;
    if (w < 0) cannot_keep(name, why, errno);
    done += static_cast<size_t>(w);
  }
}

void read_fully(int fd, char* data, size_t n, uint64_t offset, const std::string& name, const char* why) {
  for (size_t done = 0; done < n;) {
    ssize_t r = ::pread(fd, data + done, n - done, static_cast<off_t>(offset + done));
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) cannot_keep(name, why, r < 0 ? errno : EIO);
    done += static_cast<size_t>(r);
  }
}

}  // namespace hpng
