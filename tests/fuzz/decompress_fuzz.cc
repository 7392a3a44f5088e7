// Fuzz target: any bytes through a decompressor (gzip, xz, zstd: the one
// their magic names, else the one the first byte picks), then what comes
// out through the reader and band selection, as a compressed input goes.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

#include "hpng/matrix/band_matrix.h"
#include "hpng/read/read.h"
#include "input/decompress.h"

namespace {

// At most this much is decompressed: a small input may expand a thousandfold.
constexpr size_t kOut = size_t{1} << 20;

std::string decompress(hpng::Compression c, std::string_view in) {
  hpng::Pull raw = [in](char* to, size_t n) mutable {
    size_t k = std::min(n, in.size());
    std::memcpy(to, in.data(), k);
    in.remove_prefix(k);
    return k;
  };
  hpng::Pull pull = hpng::decompressing(c, raw, "fuzz");
  std::string out(kOut, '\0');
  size_t size = 0;
  while (size < kOut) {
    size_t n = pull(out.data() + size, kOut - size);
    if (n == 0) break;
    size += n;
  }
  out.resize(size);
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0 || size > (1u << 18)) return -1;
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  hpng::Compression c = hpng::compression_of(bytes);
  if (c == hpng::Compression::none) {
    c = static_cast<hpng::Compression>(1 + data[0] % 3);
    bytes.remove_prefix(1);
  }
  try {
    hpng::Input in{"fuzz", decompress(c, bytes)};
    hpng::Warnings warnings;
    (void)hpng::profile_matrix(hpng::profile_source(in, hpng::sniff_format(in.head())), {}, 0, warnings);
  } catch (const hpng::Error&) {
  }
  return 0;
}
