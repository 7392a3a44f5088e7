// Fuzz target: any bytes through the .hp reader and band selection must end
// in a matrix or an Error, never a crash, hang or sanitizer report; every
// read of the bytes must give the same stream. Also feeds the bytes in two
// pieces, as --watch does, and checks the pieces give the whole read.
#include <cstdint>
#include <string>

#include "hpng/matrix/band_matrix.h"
#include "hpng/read/hp_reader.h"
#include "hpng/read/read.h"
#include "same_profile.h"

namespace {

// The bytes fed as a file growing in two steps give what one read gives.
void check_pieces(const std::string& bytes, size_t cut) {
  RecordingSink whole, pieces;
  hpng::Warnings w;
  hpng::Input all{"fuzz.hp", bytes};
  hpng::ProfileInfo a;
  try {
    a = hpng::read_hp(all, whole, w);
  } catch (const hpng::Error&) {
    return;
  }
  hpng::HpReader r;
  try {  // what reads whole reads in pieces
    size_t done = r.feed(all, std::string_view(bytes).substr(0, cut), 0, false, pieces, w);
    r.feed(all, std::string_view(bytes).substr(done), done, true, pieces, w);
  } catch (const hpng::Error&) {
    std::abort();
  }
  if (whole.times != pieces.times || whole.names != pieces.names || whole.points.size() != pieces.points.size() ||
      a.marks != r.info().marks) {
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > (1u << 16)) return -1;
  std::string bytes(reinterpret_cast<const char*>(data), size);
  hpng::Input in{"fuzz.hp", bytes};
  try {
    hpng::SampleSource read = hpng::profile_source(in, hpng::InputFormat::hp);
    check_same_profile(read);
    hpng::SelectOptions o;
    o.by_deviation = size % 2;
    o.band_limit = static_cast<int>(size % 23);
    hpng::Warnings warnings;
    (void)hpng::profile_matrix(read, o, size % 5, warnings);
    check_pieces(bytes, size == 0 ? 0 : data[0] % size);
  } catch (const hpng::Error&) {
  }
  return 0;
}
