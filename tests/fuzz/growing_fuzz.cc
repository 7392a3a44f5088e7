// Fuzz target: any bytes, read as a profile that grows (--watch) in pieces
// whose size the input's size chooses, then read once whole: the growing read
// must end with the matrix a one-shot read gives (or the one-shot read must
// fail), keeping every sample; with a store of 16 samples, with what every
// sample decides (the count, the first and last time, the x axis, the
// bands drawn). Between pieces it must only ever gain samples. Bytes that
// start as an eventlog does are read as one (with --heap-lines), others as
// a .hp. Some inputs are read through a time window or a band filter, as
// a watch with --from/--to or --exclude reads them.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include <sys/mman.h>
#include <unistd.h>

#include "hpng/matrix/growing_profile.h"
#include "hpng/read/hp_reader.h"
#include "hpng/read/read.h"
#include "hpng/transform/band_filter.h"
#include "hpng/transform/window.h"

namespace {

const hpng::EventlogOptions kLog{0, true};

std::optional<hpng::BandMatrix> one_shot(const std::string& bytes, hpng::InputFormat format,
                                         const hpng::StreamSteps& steps, const hpng::SelectOptions& select) {
  hpng::Input in{"fuzz", bytes};
  hpng::Warnings w;
  auto read = [&](hpng::SampleSink& s, hpng::Warnings& ww) {
    return format == hpng::InputFormat::eventlog ? hpng::read_eventlog(in, kLog, s, ww) : hpng::read_hp(in, s, ww);
  };
  try {
    return hpng::profile_matrix(hpng::through(read, steps), select, 0, w);
  } catch (const hpng::Error&) {
    return std::nullopt;
  }
}

bool same(const hpng::BandMatrix& a, const hpng::BandMatrix& b, bool every_sample) {
  if (a.samples != b.samples || a.x_range != b.x_range || a.bands.size() != b.bands.size()) return false;
  if (a.times.empty() != b.times.empty()) return false;
  if (!a.times.empty() && (a.times.front() != b.times.front() || a.times.back() != b.times.back())) return false;
  for (size_t r = 0; r < a.bands.size(); ++r) {
    if (a.bands[r].name != b.bands[r].name) return false;
  }
  if (!every_sample) return true;
  if (a.times != b.times || a.y_range != b.y_range || a.total != b.total) return false;
  for (size_t r = 0; r < a.bands.size(); ++r) {
    if (a.bands[r].values != b.bands[r].values) return false;
  }
  return true;
}

// The file as --watch sees it: appended to, and opened again at each update
// (a copy of the whole file per piece would fill ASan's quarantine, and the
// process's memory, in a minute of fuzzing).
class GrowingFile {
 public:
  GrowingFile() : fd_(memfd_create("fuzz", 0)), path_("/proc/self/fd/" + std::to_string(fd_)) {}
  ~GrowingFile() { close(fd_); }
  void append(std::string_view bytes) {
    if (fd_ < 0 || write(fd_, bytes.data(), bytes.size()) != static_cast<ssize_t>(bytes.size())) std::abort();
  }
  hpng::Input input() const { return hpng::load_input(path_); }

 private:
  int fd_;
  std::string path_;
};

// Reads the profile in pieces of `step` bytes; false if a piece had an
// error (the one-shot read then has it too: hp_reader_fuzz checks the
// reader's errors).
bool grow(hpng::GrowingProfile& g, const std::string& whole, size_t step) {
  GrowingFile file;
  size_t before = 0;
  for (size_t done = 0; done < whole.size(); done += step) {
    file.append(std::string_view(whole).substr(done, step));
    hpng::Warnings w;
    try {
      g.update(file.input(), w);
    } catch (const hpng::Error&) {
      return false;
    }
    if (g.samples() < before) std::abort();
    before = g.samples();
  }
  return true;
}

void check(const std::string& whole, hpng::InputFormat format, const hpng::StreamSteps& steps, size_t step,
           size_t keep) {
  hpng::GrowingProfile g(hpng::growing_reader(format, kLog), steps, keep);
  if (!grow(g, whole, step) || g.samples() == 0) return;
  hpng::SelectOptions select;
  select.band_limit = 4;
  std::optional<hpng::BandMatrix> want = one_shot(whole, format, steps, select);
  if (!want) return;
  hpng::Warnings w;
  std::optional<hpng::BandMatrix> got;
  try {
    got = g.matrix(select, 0, w);
  } catch (const hpng::Error&) {
    std::abort();  // the one-shot read of the same samples had no error
  }
  if (!same(*got, *want, keep > whole.size())) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > (1u << 16)) return -1;
  std::string whole(reinterpret_cast<const char*>(data), size);
  bool log = whole.starts_with("hdrb");
  // A .hp's last line ends with a newline; a growing file waits for it.
  if (!log) whole += "\n";
  hpng::InputFormat format = log ? hpng::InputFormat::eventlog : hpng::InputFormat::hp;
  // Pieces of every size from 1 to 97 bytes, but at most about 1,000 of them:
  // each update opens the file again and reads what it gained.
  size_t step = std::max<size_t>(1 + size % 97, size / 1024);
  hpng::StreamSteps steps;
  if (size % 3 == 0) steps.push_back(hpng::window_step({1.0, 5.0}));
  if (size % 5 == 0) steps.push_back(hpng::filter_step(hpng::compile_band_filter({}, {"a"}, {"b=c"})));
  check(whole, format, steps, step, size_t{1} << 20);
  check(whole, format, steps, step, 16);
  return 0;
}
