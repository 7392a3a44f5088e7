// Outputs are written to a temporary file beside the target and renamed into
// place, so an error never leaves a truncated or half-written file and an
// existing good file is replaced only by a complete one.
#pragma once
#include <string>
#include <string_view>

namespace hpng {

// Writes `data` to `path` atomically; "-" writes to standard output.
// Throws Error (kind output) naming the path on any failure.
void write_file_atomic(const std::string& path, std::string_view data);

}  // namespace hpng
