// Input bytes and format detection. A file is read in windows with read(),
// never held whole (nor mapped: faulting a mapping's pages in cost three
// times a read's copy), so memory does not grow with the file, and every
// pass of band selection reads it again. Standard input, a pipe or a device
// is first copied to an unlinked file in $TMPDIR, as it can be read only
// once; so is a compressed input (gzip, xz, zstd, by its magic bytes),
// decompressed on the way. Bytes given in memory (tests, fuzzers) are read
// as they are.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "hpng/base/diag.h"

namespace hpng {

enum class InputFormat { automatic, hp, eventlog };

struct InputFile;  // an open regular file (input.cc)

// What a file is, whatever path names it (./x, ../d/x, a link to it): its
// device and inode.
struct FileId {
  uint64_t dev = 0, ino = 0;
  friend bool operator==(const FileId&, const FileId&) = default;
};

// The identity of the file at `path`, after following links; none when
// there is no such file.
std::optional<FileId> file_id(const std::string& path);

struct Input {
  std::string name;   // for messages: the path, or "stdin"
  std::string bytes;  // the input, when it is held in memory
  std::shared_ptr<const InputFile> file{};  // else the file it is read from

  size_t size() const;
  // The file it is read from, when that is the user's own (a file opened by
  // its path, or standard input redirected from one); none for bytes in
  // memory and for a copy of a pipe.
  std::optional<FileId> id() const;
  // The first bytes (up to 4 KiB): enough to sniff the format and to say
  // what a file that is not a profile is.
  std::string_view head() const;
  // A diagnostic at a byte offset of this text input, with its line and
  // column (counted when a message needs them).
  Diagnostic at(Code code, size_t offset, std::string message) const;
};

// What a pipe or a device may hold before reading it stops: 2 GiB.
constexpr size_t kSpoolLimit = size_t{2} << 30;

// What the copies of one run may hold together (--max-input): every input
// of the run draws on one budget, so that naming a compressed file 32 times
// costs what naming it once does, not 32 times that.
struct SpoolBudget {
  size_t limit = kSpoolLimit;
  size_t used = 0;  // by the copies made so far
  // How long a FIFO among several inputs waits for its writer, in seconds;
  // negative: as long as it takes (one input waits as cat does).
  double fifo_wait = -1;
};

// A FIFO among several inputs is given this long to be written: by its
// turn its writer has long been waiting to open it.
constexpr double kFifoWait = 10;

// Opens a regular file, or copies standard input for "-" (or a pipe, a
// device, a compressed file, decompressed) to an unlinked temporary file,
// within what is left of `budget`, after its first bytes show it may be a
// profile. Throws Error (cannot_read, not_a_profile, too_large,
// bad_compression).
Input load_input(const std::string& path, SpoolBudget& budget);
// With a budget of its own of `spool_limit` bytes.
Input load_input(const std::string& path, size_t spool_limit = kSpoolLimit);
// The first 4 KiB of the regular file `path` as its reader sees them (a
// compressed file's decompressed), and nothing more read: what tells its
// format, without a copy. Throws Error (cannot_read, bad_compression).
std::string file_head(const std::string& path);

// The first `size` bytes of a copy the input stage made (an unlinked file in
// $TMPDIR: base/scratch_file.h)
// as an Input, which owns `fd` from then on (no FileId: no output can be it).
Input copy_input(int fd, size_t size, const std::string& name);

// --watch: the regular file at `path`, read in place, opened without
// waiting (a FIFO in its place does not block). Throws Error (cannot_read)
// for anything else, and for a compressed file.
Input load_growing_file(const std::string& path);

// The most of one line or event read_windows holds at once: no line of a
// real .hp or event of an eventlog comes near (an eventlog's longest event
// is 64 KiB), and junk with no end costs no more than this.
constexpr size_t kLongestUnit = size_t{64} << 20;

// Hands the input to `feed(bytes, base, at_end)` in order: `bytes` are the
// input's from offset `base`, and `at_end` says they run to its end. `feed`
// returns the offset up to which it is done with them: what it is not done
// with comes again in the next call, with more after it (the input's size:
// done with everything, stop). Throws Error (input_changed) when the file is
// cut short while it is read, (too_large) when `feed` is done with nothing of
// kLongestUnit bytes.
// Reading [from, to) instead, `at_end` says the bytes run to `to`.
using WindowFeed = std::function<size_t(std::string_view bytes, size_t base, bool at_end)>;
void read_windows(const Input& in, const WindowFeed& feed, size_t from = 0, size_t to = SIZE_MAX);

// The whole input as one string, for small files such as an .aux; throws
// Error (too_large) above `limit` bytes.
std::string read_all(const Input& in, size_t limit);

// An eventlog starts with the header-begin marker "hdrb"; anything else is
// taken as a .hp file.
InputFormat sniff_format(std::string_view head);

}  // namespace hpng
