// See decompress.h. Each decoder pulls compressed bytes in fixed buffers and
// says where it stopped when it fails: the offset it has consumed up to.
#include "input/decompress.h"

#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <vector>

#include "hpng/base/diag.h"

namespace hpng {

namespace {

constexpr size_t kChunk = size_t{64} << 10;

// The compressed side: a buffer of what `raw` gave, how much of it the
// decoder has taken, and the offset of its start in the file.
class RawBytes {
 public:
  RawBytes(Pull raw, std::string name, Compression c) : raw_(std::move(raw)), name_(std::move(name)), kind_(c) {}
  // Refills the buffer when the decoder has taken all of it; false at the end.
  bool fill(const unsigned char*& next, size_t& avail) {
    if (avail > 0) return true;
    base_ += buf_.size();
    buf_.resize(kChunk);
    buf_.resize(raw_(reinterpret_cast<char*>(buf_.data()), kChunk));
    next = buf_.data(), avail = buf_.size();
    return avail > 0;
  }
  // The file's offset of the next byte the decoder would take.
  size_t offset(size_t avail) const { return base_ + buf_.size() - avail; }
  [[noreturn]] void fail(size_t avail, const std::string& what) const {
    throw Error({Code::bad_compression, name_, offset(avail), 0, 0, "",
                 std::string(compression_name(kind_)) + " data " + what + " (at this byte of the compressed file)"});
  }

 private:
  Pull raw_;
  std::string name_;
  Compression kind_;
  std::vector<unsigned char> buf_;
  size_t base_ = 0;
};

// gzip, with members one after another (as `cat a.gz b.gz` makes) read as
// one stream, as gzip -d reads them.
class GzipDecoder {
 public:
  GzipDecoder(Pull raw, const std::string& name) : raw_(std::move(raw), name, Compression::gzip) {
    if (inflateInit2(&z_, 16 + MAX_WBITS) != Z_OK) raw_.fail(0, "cannot be decoded: zlib would not start");
  }
  ~GzipDecoder() { inflateEnd(&z_); }
  GzipDecoder(const GzipDecoder&) = delete;
  GzipDecoder& operator=(const GzipDecoder&) = delete;

  size_t pull(char* to, size_t n) {
    z_.next_out = reinterpret_cast<Bytef*>(to);
    z_.avail_out = static_cast<uInt>(std::min(n, kChunk));
    while (z_.avail_out == std::min(n, kChunk) && !done_) step();
    return std::min(n, kChunk) - z_.avail_out;
  }

 private:
  // At the end of the file the decoder is still called: it may hold output
  // that did not fit before. No output then means the data was cut short.
  void step() {
    size_t avail = z_.avail_in;
    const unsigned char* next = z_.next_in;
    bool more = raw_.fill(next, avail);
    z_.next_in = const_cast<Bytef*>(next), z_.avail_in = static_cast<uInt>(avail);
    if (!more && between_members_) {
      done_ = true;
      return;
    }
    if (more && between_members_ && !member_next()) return;
    between_members_ = false;
    uInt room = z_.avail_out;
    int r = inflate(&z_, Z_NO_FLUSH);
    if (r == Z_STREAM_END) {
      between_members_ = true;
      inflateReset(&z_);
    } else if (r != Z_OK && r != Z_BUF_ERROR) {
      raw_.fail(z_.avail_in, std::string("is corrupt: ") + (z_.msg ? z_.msg : "zlib error"));
    } else if (!more && z_.avail_out == room) {
      raw_.fail(0, "ends before its end: the file is cut short");
    }
  }

  // After a member: another member, or zeros to the end (tar and other
  // tools pad a gzip file so; gzip -d reads it). False while the bytes at
  // hand are all zeros.
  bool member_next() {
    while (z_.avail_in > 0 && z_.next_in[0] == 0) ++z_.next_in, --z_.avail_in, padded_ = true;
    if (z_.avail_in == 0) return false;
    if (padded_ || z_.next_in[0] != 0x1f) raw_.fail(z_.avail_in, "is followed by bytes that are not gzip data");
    return true;
  }

  RawBytes raw_;
  z_stream z_{};
  bool between_members_ = false, done_ = false, padded_ = false;
};

// xz (and its concatenated streams), the decoder's memory bounded.
class XzDecoder {
 public:
  XzDecoder(Pull raw, const std::string& name) : raw_(std::move(raw), name, Compression::xz) {
    if (lzma_stream_decoder(&s_, kDecoderMemory, LZMA_CONCATENATED) != LZMA_OK) {
      raw_.fail(0, "cannot be decoded: liblzma would not start");
    }
  }
  ~XzDecoder() { lzma_end(&s_); }
  XzDecoder(const XzDecoder&) = delete;
  XzDecoder& operator=(const XzDecoder&) = delete;

  size_t pull(char* to, size_t n) {
    s_.next_out = reinterpret_cast<uint8_t*>(to);
    s_.avail_out = std::min(n, kChunk);
    while (s_.avail_out == std::min(n, kChunk) && !done_) step();
    return std::min(n, kChunk) - s_.avail_out;
  }

 private:
  void step() {
    bool more = raw_.fill(s_.next_in, s_.avail_in);
    lzma_ret r = lzma_code(&s_, more ? LZMA_RUN : LZMA_FINISH);
    if (r == LZMA_STREAM_END) done_ = true;
    else if (r == LZMA_MEMLIMIT_ERROR) raw_.fail(s_.avail_in, "needs more memory to decode than hp2ps-ng allows (256 MiB)");
    else if (r == LZMA_BUF_ERROR) raw_.fail(s_.avail_in, "ends before its end: the file is cut short");
    else if (r != LZMA_OK) raw_.fail(s_.avail_in, r == LZMA_FORMAT_ERROR || r == LZMA_OPTIONS_ERROR ? "is not in a form liblzma decodes" : "is corrupt");
  }

  RawBytes raw_;
  lzma_stream s_ = LZMA_STREAM_INIT;
  bool done_ = false;
};

// zstd, frames one after another read as one stream.
class ZstdDecoder {
 public:
  ZstdDecoder(Pull raw, const std::string& name) : raw_(std::move(raw), name, Compression::zstd), d_(ZSTD_createDStream()) {
    if (!d_) raw_.fail(0, "cannot be decoded: libzstd would not start");
  }
  ~ZstdDecoder() { ZSTD_freeDStream(d_); }
  ZstdDecoder(const ZstdDecoder&) = delete;
  ZstdDecoder& operator=(const ZstdDecoder&) = delete;

  size_t pull(char* to, size_t n) {
    ZSTD_outBuffer out{to, std::min(n, kChunk), 0};
    while (out.pos == 0 && !done_) step(out);
    return out.pos;
  }

 private:
  // As for gzip: at the end of the file the decoder may still hold output.
  void step(ZSTD_outBuffer& out) {
    size_t avail = in_.size - in_.pos;
    const unsigned char* next = static_cast<const unsigned char*>(in_.src) + in_.pos;
    bool more = raw_.fill(next, avail);
    if (!more && !frame_open_) {
      done_ = true;
      return;
    }
    in_ = {next, avail, 0};
    size_t before = out.pos;
    size_t r = ZSTD_decompressStream(d_, &out, &in_);
    if (ZSTD_isError(r)) raw_.fail(in_.size - in_.pos, std::string("is corrupt: ") + ZSTD_getErrorName(r));
    frame_open_ = r != 0;
    if (!more && frame_open_ && out.pos == before) raw_.fail(0, "ends before its end: the file is cut short");
    in_ = {static_cast<const unsigned char*>(in_.src) + in_.pos, in_.size - in_.pos, 0};
  }

  RawBytes raw_;
  ZSTD_DStream* d_;
  ZSTD_inBuffer in_{nullptr, 0, 0};
  bool frame_open_ = false, done_ = false;
};

template <class Decoder>
Pull pull_from(Pull raw, const std::string& name) {
  auto d = std::make_shared<Decoder>(std::move(raw), name);
  return [d](char* to, size_t n) { return d->pull(to, n); };
}

}  // namespace

Compression compression_of(std::string_view head) {
  if (head.starts_with("\x1f\x8b")) return Compression::gzip;
  if (head.starts_with(std::string_view("\xfd" "7zXZ\0", 6))) return Compression::xz;
  if (head.starts_with("\x28\xb5\x2f\xfd")) return Compression::zstd;
  // A zstd skippable frame (magic 0x184D2A50 to 0x184D2A5F, little-endian),
  // which pzstd writes first.
  if (head.size() >= 4 && (static_cast<unsigned char>(head[0]) & 0xF0) == 0x50 && head.substr(1, 3) == "\x2a\x4d\x18") {
    return Compression::zstd;
  }
  return Compression::none;
}

const char* compression_name(Compression c) {
  switch (c) {
    case Compression::gzip: return "gzip";
    case Compression::xz: return "xz";
    case Compression::zstd: return "zstd";
    case Compression::none: break;
  }
  return "uncompressed";
}

Pull decompressing(Compression c, Pull raw, const std::string& name) {
  switch (c) {
    case Compression::gzip: return pull_from<GzipDecoder>(std::move(raw), name);
    case Compression::xz: return pull_from<XzDecoder>(std::move(raw), name);
    case Compression::zstd: return pull_from<ZstdDecoder>(std::move(raw), name);
    case Compression::none: break;
  }
  return raw;
}

}  // namespace hpng
