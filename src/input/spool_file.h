// The input stage's own copies of what can be read only once (a pipe, a
// device, a compressed file, a FIFO being written): unlinked files in
// $TMPDIR, so nothing is left behind whatever ends the run.
#pragma once
#include <cstddef>
#include <string>

namespace hpng {

// An unlinked file to copy into; errors name `name`, the input copied.
int temporary_file(const std::string& name);

// All of `data` to the copy `fd`, or Error (cannot_read: the copy is the
// input's) when the disk refuses.
void write_fully(int fd, const char* data, size_t n, const std::string& name);

}  // namespace hpng
