// See private_folder.h.
#include "process/private_folder.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "hpng/base/diag.h"

namespace hpng {

namespace {

// The names in `dir`, but . and ..
std::vector<std::string> entries(const std::string& dir) {
  std::vector<std::string> out;
  if (DIR* d = ::opendir(dir.c_str())) {
    while (const dirent* e = ::readdir(d)) {
      if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0) out.emplace_back(e->d_name);
    }
    ::closedir(d);
  }
  return out;
}

}  // namespace

PrivateFolder::PrivateFolder() {
  const char* tmp = std::getenv("TMPDIR");
  std::string where = tmp && *tmp ? tmp : "/tmp";
  std::string pattern = where + "/" + kPrivatePrefix + "XXXXXX";
  if (!::mkdtemp(pattern.data())) {
    throw file_error(Code::cannot_write, where,
                     std::string("cannot make --record's private folder there (") + std::strerror(errno) +
                         "): set TMPDIR to a folder hp2ps-ng may write");
  }
  dir_ = pattern;
  dir_guard_.emplace(dir_, true);
  hp_guard_.emplace(stem() + ".hp");
}

PrivateFolder::~PrivateFolder() {
  if (held_ >= 0) ::close(held_);
  for (const std::string& name : entries(dir_)) ::unlink((dir_ + "/" + name).c_str());
  ::rmdir(dir_.c_str());
}

const std::string& PrivateFolder::fifo() {
  if (!fifo_.empty()) return fifo_;
  std::string path = dir_ + "/eventlog";
  if (::mkfifo(path.c_str(), 0600) != 0) {
    throw file_error(Code::cannot_write, path, std::string("cannot make the FIFO for the program's eventlog: ") + std::strerror(errno));
  }
  fifo_guard_.emplace(path);
  held_ = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  return fifo_ = path;
}

std::vector<std::string> PrivateFolder::move_out(const std::string& to_stem) {
  std::vector<std::string> moved;
  for (const std::string& name : entries(dir_)) {
    if (name == "eventlog" || name == "profile.hp" || !name.starts_with("profile.")) continue;
    std::string to = to_stem + name.substr(7);
    if (::rename((dir_ + "/" + name).c_str(), to.c_str()) == 0) moved.push_back(to);
  }
  return moved;
}

}  // namespace hpng
