// --record's private folder in $TMPDIR: the FIFO its program's eventlog
// comes through, and the files its RTS writes beside it (-po puts the .hp
// there, and a user's own -p its .prof, which are moved out to where the
// user expects them). Removed with what is in it when it goes, and by a
// signal that ends hp2ps-ng (process/signals.h).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "process/signals.h"

namespace hpng {

// The start of the folder's name, which a recording's RTS options name
// (-ol, -po): what tells an earlier recording's files from a user's.
constexpr const char* kPrivatePrefix = "hp2ps-ng-record.";

class PrivateFolder {
 public:
  // In $TMPDIR (else /tmp). Throws Error (cannot_write) naming the folder
  // that refused it.
  PrivateFolder();
  ~PrivateFolder();
  PrivateFolder(const PrivateFolder&) = delete;
  PrivateFolder& operator=(const PrivateFolder&) = delete;

  // The FIFO, made, and held open for reading from then on: a GHC RTS
  // opens its eventlog read-write, which a FIFO lets it do without a
  // reader, and what a program that ends at once wrote would be lost with
  // the FIFO's last descriptor. Throws Error (cannot_write).
  const std::string& fifo();
  // The prefix of the RTS's files there (-po): "DIR/profile".
  std::string stem() const { return dir_ + "/profile"; }
  // The files the RTS wrote there besides the FIFO and its .hp (a .prof, a
  // .ps from -hb...), moved to `to_stem` and their suffix ("./prog" +
  // ".prof"): the paths written.
  std::vector<std::string> move_out(const std::string& to_stem);

 private:
  std::string dir_, fifo_;
  int held_ = -1;  // the FIFO, open for reading
  std::optional<RemovedOnSignal> dir_guard_, fifo_guard_, hp_guard_;
};

}  // namespace hpng
