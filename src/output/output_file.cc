// See output_file.h.
#include "hpng/output/output_file.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/statvfs.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <utility>

#include "hpng/base/diag.h"
#include "output/temp_guard.h"

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
  throw file_error(Code::cannot_write, path, std::string(what) + ": " + std::strerror(err));
}

// /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N: the descriptor, or -1.
int descriptor_of(const std::string& path) {
  if (path == "/dev/stdout") return STDOUT_FILENO;
  if (path == "/dev/stderr") return STDERR_FILENO;
  for (std::string_view prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    std::string_view n = std::string_view(path).substr(std::min(path.size(), prefix.size()));
    bool number = !n.empty() && n.size() <= 9 && n.find_first_not_of("0123456789") == std::string_view::npos;
    if (path.starts_with(prefix) && number) return std::stoi(std::string(n));
  }
  if (path == "/proc/" + std::to_string(::getpid()) + "/fd/1") return STDOUT_FILENO;
  return -1;
}

// Each piece written to `fd`, or Error naming `path`.
void produce_to(int fd, const std::string& path, const Produce& produce) {
  produce([&](std::string_view piece) {
    if (!write_all(fd, piece)) fail(path, "cannot write", errno);
  });
}

// Closes a descriptor on every way out; close() says whether that went well.
struct Closing {
  int fd;
  ~Closing() {
    if (fd >= 0) ::close(fd);
  }
  void close(const std::string& path) {
    int was = std::exchange(fd, -1);
    if (::close(was) != 0) fail(path, "cannot write", errno);
  }
};

void write_socket(const std::string& path, const Produce& produce) {
  sockaddr_un addr{};
  if (path.size() >= sizeof addr.sun_path) fail(path, "cannot connect to the socket", ENAMETOOLONG);
  addr.sun_family = AF_UNIX;
  std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
  Closing socket{::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)};
  if (socket.fd < 0 || ::connect(socket.fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    fail(path, "cannot connect to the socket", errno);
  }
  produce_to(socket.fd, path, produce);
}

// A device or a FIFO (a FIFO waits here for its reader, as `cat > fifo` does).
void write_in_place(const std::string& path, const Produce& produce) {
  Closing device{::open(path.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY)};
  if (device.fd < 0) fail(path, "cannot open", errno);
  produce_to(device.fd, path, produce);
  device.close(path);
}

// A temporary file in the target's directory, renamed over it. `old`: the
// replaced file, whose permissions and (for root, who may give it away)
// owner the new one keeps; none for a new file (0666 less the umask).
// Messages name the path as `shown`.
void replace_file(const std::string& path, const Produce& produce, const struct stat* old, const std::string& shown) {
  // ".NAME.XXXXXX", NAME cut so that a name of the longest a folder takes
  // (255 bytes) still has a temporary name that fits.
  size_t slash = path.rfind('/');
  std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  std::string tmpl = (slash == std::string::npos ? std::string() : path.substr(0, slash + 1)) + "." +
                     name.substr(0, 200) + ".XXXXXX";
  TempGuard guard;
  int fd = guard.create(tmpl);
  if (fd < 0) fail(shown, "cannot create a temporary file in its directory", errno);
  const std::string& tmp = guard.path();
  mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd, old ? old->st_mode & 07777 : 0666 & ~mask);
  // The owner kept at best: a file system without owners (vfat) leaves root's.
  if (old && ::geteuid() == 0 && ::fchown(fd, old->st_uid, old->st_gid) != 0) errno = 0;
  try {
    Closing file{fd};
    produce_to(fd, shown, produce);
    file.close(shown);
    if (::rename(tmp.c_str(), path.c_str()) != 0) fail(shown, "cannot replace", errno);
  } catch (...) {
    ::unlink(tmp.c_str());
    throw;
  }
}

// The file a path names, through symbolic links (so that a link is kept).
std::string resolved(const std::string& path) {
  char real[PATH_MAX];
  return ::realpath(path.c_str(), real) ? std::string(real) : path;
}

// An existing file is replaced only where the user could write it: a
// read-only one is refused as the shell's `>` refuses it. Root writes
// through a symbolic link only when the link and its target are root's
// (as fs.protected_symlinks reasons: in a shared folder another user may
// have planted prof.aux -> /etc/something).
void check_may_replace(const std::string& path, const struct stat& target) {
  if (::access(path.c_str(), W_OK) != 0 && errno == EACCES) fail(path, "cannot write", EACCES);
  struct stat link;
  if (::geteuid() != 0 || ::lstat(path.c_str(), &link) != 0 || !S_ISLNK(link.st_mode)) return;
  if (link.st_uid != 0 || target.st_uid != 0) {
    throw file_error(Code::cannot_write, path,
                     "cannot write: it is a symbolic link owned by uid " + std::to_string(link.st_uid) + " to a file "
                     "owned by uid " + std::to_string(target.st_uid) + ", and hp2ps-ng runs as root (name the "
                     "file itself, or remove the link)");
  }
}

}  // namespace

bool is_file_output(const std::string& path) {
  if (path == "-" || descriptor_of(path) >= 0) return false;
  struct stat st;
  return ::stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode);
}

Produce whole(std::string text) {
  return [t = std::make_shared<const std::string>(std::move(text))](const Put& put) { put(*t); };
}

void write_output(const std::string& path, std::string_view data) {
  write_output(path, [data](const Put& put) { put(data); });
}

void write_output(const std::string& path, const Produce& data) {
  if (path == "-") return produce_to(STDOUT_FILENO, "stdout", data);
  if (int fd = descriptor_of(path); fd >= 0) return produce_to(fd, path, data);
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) {
    if (errno != ENOENT) fail(path, "cannot write", errno);
    if (::lstat(path.c_str(), &st) == 0) {
      throw file_error(Code::cannot_write, path, "cannot write: it is a symbolic link to a file that does not exist");
    }
    return replace_file(path, data, nullptr, path);
  }
  if (S_ISREG(st.st_mode)) {
    check_may_replace(path, st);
    return replace_file(resolved(path), data, &st, path);
  }
  if (S_ISDIR(st.st_mode)) fail(path, "cannot replace", EISDIR);
  if (S_ISSOCK(st.st_mode)) return write_socket(path, data);
  write_in_place(path, data);
}

void check_writable(const std::string& path, const std::string& what, bool file_only) {
  struct stat st;
  bool there = ::stat(path.c_str(), &st) == 0;
  if (there && S_ISDIR(st.st_mode)) throw file_error(Code::cannot_write, path, "is a folder: " + what + " cannot be written there");
  if (there && !S_ISREG(st.st_mode)) {
    if (!file_only) return;  // the user's channel (a device), written as it is
    throw file_error(Code::cannot_write, path, "is not a regular file (a FIFO or a device): " + what + " must be a file");
  }
  size_t slash = path.rfind('/');
  std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
  if (::access(dir.c_str(), W_OK | X_OK) != 0) {
    throw file_error(Code::cannot_write, path, "cannot be written: its folder " + dir + " refuses (" + std::strerror(errno) + ")");
  }
  struct statvfs fs;
  if (::statvfs(dir.c_str(), &fs) == 0 && static_cast<double>(fs.f_bavail) * static_cast<double>(fs.f_frsize) < 1048576) {
    throw file_error(Code::cannot_write, path, "cannot be written: its folder " + dir + " has less than 1 MiB free");
  }
}

}  // namespace hpng
