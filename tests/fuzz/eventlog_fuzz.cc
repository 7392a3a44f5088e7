// Fuzz target: any bytes through the eventlog reader and band selection
// must end in a matrix or an Error, never a crash or sanitizer report;
// every read of the bytes must give the same stream, also when the bytes
// come in two pieces, as --watch reads them.
#include <cstdint>
#include <string>

#include "hpng/matrix/band_matrix.h"
#include "hpng/read/eventlog_reader.h"
#include "hpng/read/read.h"
#include "same_profile.h"

namespace {

void check_pieces(const std::string& bytes, size_t cut, const hpng::EventlogOptions& opts) {
  RecordingSink whole, pieces;
  hpng::Warnings w;
  hpng::Input all{"fuzz.eventlog", bytes};
  try {  // a reader fed the whole file, as --watch's is (no IPE records looked for ahead)
    hpng::EventlogReader once(opts);
    once.feed(all, bytes, 0, true, whole, w);
  } catch (const hpng::Error&) {
    return;
  }
  hpng::EventlogReader r(opts);
  try {  // what reads whole reads in pieces
    size_t done = r.feed(all, std::string_view(bytes).substr(0, cut), 0, false, pieces, w);
    r.feed(all, std::string_view(bytes).substr(done), done, true, pieces, w);
  } catch (const hpng::Error&) {
    std::abort();
  }
  if (whole.times != pieces.times || whole.names != pieces.names || whole.points.size() != pieces.points.size()) {
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > (1u << 18)) return -1;
  std::string bytes(reinterpret_cast<const char*>(data), size);
  hpng::Input in{"fuzz.eventlog", bytes};
  int cut = static_cast<int>(size % 3 == 0 ? 25 : 0);
  try {
    hpng::SampleSource read = hpng::profile_source(in, hpng::InputFormat::eventlog, {cut, size % 2 == 1});
    check_same_profile(read);
    hpng::Warnings warnings;
    (void)hpng::profile_matrix(read, {}, 0, warnings);
    check_pieces(bytes, size == 0 ? 0 : (size * 7919) % size, {cut});
  } catch (const hpng::Error&) {
  }
  return 0;
}
