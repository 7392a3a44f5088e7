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
#include <string>
#include <string_view>

namespace hpng {

// "-" is standard output. Throws Error (cannot_write) naming the path.
void write_output(const std::string& path, std::string_view data);

// True when `path` is a file the output replaces (or creates): not "-", not
// a descriptor path, not a device, FIFO or socket. Only such outputs get an
// .aux beside them.
bool is_file_output(const std::string& path);

}  // namespace hpng
