// See rts_abilities.h. The binary is read a block at a time, whatever its
// size, in bounded memory.
#include "hpng/read/rts_abilities.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <vector>

namespace hpng {

namespace {

// Which of `needles` occur in the file, read a block at a time (a block's
// tail is kept, so that a needle across two blocks is found).
std::vector<bool> file_contains(const std::string& path, const std::vector<std::string>& needles) {
  std::vector<bool> found(needles.size(), false);
  // A program is a regular file: a FIFO or a device (/dev/zero) would be
  // waited on or read for ever.
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return found;
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return found;
  }
  constexpr size_t kKeep = 64, kBlock = 1 << 20;
  std::string buf;
  char block[1 << 16];
  for (ssize_t n; (n = ::read(fd, block, sizeof block)) > 0;) {
    buf.append(block, static_cast<size_t>(n));
    if (buf.size() < kBlock) continue;
    for (size_t k = 0; k < needles.size(); ++k) found[k] = found[k] || buf.find(needles[k]) != std::string::npos;
    buf.erase(0, buf.size() - kKeep);
  }
  for (size_t k = 0; k < needles.size(); ++k) found[k] = found[k] || buf.find(needles[k]) != std::string::npos;
  ::close(fd);
  return found;
}

}  // namespace

RtsAbilities rts_abilities(const std::string& program_path) {
  // The usage text of each RTS: the profiled one lists the breakdowns, a
  // plain one of GHC 9.2 on offers -hi alone.
  std::vector<bool> f = file_contains(program_path, {"GHCRTS", "Send binary eventlog", "eventlog-flush-interval",
                                                     "Override profiling output file name prefix",
                                                     "break-down: c = cost centre stack", "i = info table",
                                                     "heap profile grouped by info table"});
  if (!f[0]) return {};
  return {.ghc = true, .eventlog = f[1], .flush_interval = f[2], .profile_prefix = f[3], .profiled = f[4],
          .info_tables = f[5] || f[6]};
}

}  // namespace hpng
