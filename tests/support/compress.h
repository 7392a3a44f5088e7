// Compressing test inputs with the libraries themselves (gzip, xz, zstd),
// so that no test needs the command-line tools.
#pragma once
#include <string>
#include <string_view>

#include "input/decompress.h"

namespace hpng::test {

std::string compress(Compression c, std::string_view data);
// The usual file-name suffix: ".gz", ".xz", ".zst".
std::string suffix(Compression c);

}  // namespace hpng::test
