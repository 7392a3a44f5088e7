// Unlinked files in $TMPDIR for what a run keeps beside memory: the input
// stage's copies of what can be read only once (a pipe, a device, a
// compressed file, a FIFO being written), the matrix stage's spilled rows.
// Nothing is left behind whatever ends the run.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace hpng {

// Why a run keeps a file, said when $TMPDIR refuses it.
inline constexpr const char* kCopiesInput = "hp2ps-ng reads its input more than once; give it a file instead";

// An unlinked file; errors (cannot_write: $TMPDIR refuses it) name `name`
// and say `why`.
int temporary_file(const std::string& name, const char* why = kCopiesInput);

// All of `data` to `fd`, or Error (cannot_write) when the disk refuses.
void write_fully(int fd, const char* data, size_t n, const std::string& name, const char* why = kCopiesInput);

// `n` bytes at `offset` of a file this run wrote, or Error (cannot_write:
// what was kept is lost).
void read_fully(int fd, char* data, size_t n, uint64_t offset, const std::string& name, const char* why);

}  // namespace hpng
