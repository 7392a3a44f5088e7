// See temp_guard.h.
#include "output/temp_guard.h"

#include <limits.h>
#include <signal.h>
#include <stdlib.h>

#include <cerrno>

namespace hpng {

int TempGuard::create(std::string tmpl) {
  if (tmpl.size() > PATH_MAX) return errno = ENAMETOOLONG, -1;
  own_signals();
  sigset_t all, old;
  sigfillset(&all);
  ::sigprocmask(SIG_BLOCK, &all, &old);
  int fd = ::mkstemp(tmpl.data());
  int err = errno;
  if (fd >= 0) path_ = tmpl, removed_.emplace(path_);
  ::sigprocmask(SIG_SETMASK, &old, nullptr);
  errno = err;
  return fd;
}

}  // namespace hpng
