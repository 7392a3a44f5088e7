// Writing an output where the user asked for it, without ever destroying
// what is there. A regular file, or a path that does not exist yet, is
// written to a temporary file beside it and renamed into place: an error
// never leaves a truncated file and never replaces a good one, and a
// symbolic link to the file stays a link. Anything else that exists is the
// user's own channel and is written directly, never replaced or unlinked: a
// character device (/dev/null), a FIFO, a Unix socket, and /dev/stdout,
// /dev/fd/N or /proc/self/fd/N (what `>(gzip > x.gz)` gives), which are the
// process's own descriptors, written as they are (appending if the shell
// opened them so).
#pragma once
#include <functional>
#include <string>
#include <string_view>

namespace hpng {

// An output made in pieces: `produce` hands each to `put` as it is made,
// and they are written as they come, so that an export of every sample is
// never held whole. A replaced file is renamed into place only once all is
// written; if `produce` throws, nothing is replaced or left behind.
using Put = std::function<void(std::string_view)>;
using Produce = std::function<void(const Put& put)>;

// An output made whole (a picture, a report) as a Produce.
Produce whole(std::string text);

// "-" is standard output. Throws Error (cannot_write) naming the path.
void write_output(const std::string& path, const Produce& produce);
void write_output(const std::string& path, std::string_view data);

// Before anything is run (--record): throws Error (cannot_write) when
// `path` could not be written as write_output writes it, saying why in the
// user's terms: it is a folder; it is not a regular file and `file_only`
// (a FIFO, a device: what is written again at each update, or read back);
// its folder cannot be written or has less than a MiB free. `what` says
// what it is for ("the page", "the program's profile").
void check_writable(const std::string& path, const std::string& what, bool file_only);

// True when `path` is a file the output replaces (or creates): not "-", not
// a descriptor path, not a device, FIFO or socket. Only such outputs get an
// .aux beside them.
bool is_file_output(const std::string& path);

}  // namespace hpng
