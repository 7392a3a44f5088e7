// Compressed inputs: gzip, xz and zstd, told by their magic bytes whatever
// the file is called, decompressed as a stream through zlib, liblzma and
// libzstd in fixed buffers (the decoders' own state bounded: xz's to
// kDecoderMemory, zstd's window to 2^27 bytes, its default).
#pragma once
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace hpng {

enum class Compression { none, gzip, xz, zstd };

// What the first bytes of an input (at least 6 of them, or all there are) say.
Compression compression_of(std::string_view head);
const char* compression_name(Compression c);

// The most memory a decoder may take (xz's -9 needs 65 MiB; a file that
// asks for more is refused rather than allowed to take the machine).
constexpr size_t kDecoderMemory = size_t{256} << 20;

// Fills `to` with up to `n` bytes and returns how many; 0 only at the end.
using Pull = std::function<size_t(char* to, size_t n)>;

// The decompressed bytes of the compressed stream `raw` pulls. Errors
// (Error, Code::bad_compression) name `name` and the byte offset in the
// compressed file where the decoder stopped: corrupt data, a stream cut
// short, bytes after its end that are not another stream, a decoder that
// would need more than kDecoderMemory.
Pull decompressing(Compression c, Pull raw, const std::string& name);

}  // namespace hpng
