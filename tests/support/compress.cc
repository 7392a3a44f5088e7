#include "support/compress.h"

#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <stdexcept>

namespace hpng::test {

namespace {

std::string gzip(std::string_view data) {
  z_stream z{};
  if (deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK) throw std::runtime_error("deflateInit2");
  std::string out(deflateBound(&z, data.size()), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  if (deflate(&z, Z_FINISH) != Z_STREAM_END) throw std::runtime_error("deflate");
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

std::string xz(std::string_view data) {
  std::string out(lzma_stream_buffer_bound(data.size()), '\0');
  size_t pos = 0;
  if (lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, nullptr, reinterpret_cast<const uint8_t*>(data.data()), data.size(),
                              reinterpret_cast<uint8_t*>(out.data()), &pos, out.size()) != LZMA_OK) {
    throw std::runtime_error("lzma_easy_buffer_encode");
  }
  out.resize(pos);
  return out;
}

std::string zstd(std::string_view data) {
  std::string out(ZSTD_compressBound(data.size()), '\0');
  size_t n = ZSTD_compress(out.data(), out.size(), data.data(), data.size(), 3);
  if (ZSTD_isError(n)) throw std::runtime_error("ZSTD_compress");
  out.resize(n);
  return out;
}

}  // namespace

std::string compress(Compression c, std::string_view data) {
  switch (c) {
    case Compression::gzip: return gzip(data);
    case Compression::xz: return xz(data);
    case Compression::zstd: return zstd(data);
    case Compression::none: break;
  }
  return std::string(data);
}

std::string suffix(Compression c) {
  switch (c) {
    case Compression::gzip: return ".gz";
    case Compression::xz: return ".xz";
    case Compression::zstd: return ".zst";
    case Compression::none: break;
  }
  return "";
}

}  // namespace hpng::test
