// See parallel_hp.h.
#include "read/hp/parallel_hp.h"

#include <exception>
#include <memory>
#include <optional>
#include <thread>
#include <unordered_map>

#include "hpng/read/hp_reader.h"
#include "read/hp/hp_parser.h"
#include "stream/stream_cache.h"
#include "stream/stream_record.h"

namespace hpng {

namespace {

// One half of the file, read by a reader of its own into a record.
struct Half {
  Half(bool continuing, size_t budget) : reader(continuing), record(budget) {}
  HpParser reader;
  StreamRecord record;
  Warnings warnings;
  std::exception_ptr error;
  size_t done = 0;

  void read(const Input& in, size_t from, size_t to) {
    try {
      RecordingSink sink(nullptr, record);
      read_windows(in, [&](std::string_view bytes, size_t base, bool) {
        return done = reader.feed(in, bytes, base, false, sink, warnings);
      }, from, to);
    } catch (...) {
      error = std::current_exception();
    }
  }
};

// The first "\nBEGIN_SAMPLE" after the middle of the file: the offset of its
// keyword, or 0 when there is none within a few windows.
size_t split_point(const Input& in) {
  size_t found = 0;
  read_windows(in, [&](std::string_view bytes, size_t base, bool) {
    size_t at = bytes.find("\nBEGIN_SAMPLE ");
    if (at != std::string_view::npos) found = base + at + 1;
    return found ? in.size() : base + bytes.size() - std::min<size_t>(bytes.size(), 16);
  }, in.size() / 2, in.size() / 2 + (size_t{16} << 20));
  return found;
}

// The two halves' records as one stream, with what a single reader would
// report: the first half's header and warnings, then the second's.
struct Joined {
  std::unique_ptr<Half> first, second;
  std::vector<uint32_t> global;  // the second half's bands in the first's numbering
  uint32_t announced = 0;        // bands the first half announced
  ProfileInfo info;
  Warnings warnings;

  void replay(SampleSink& sink) const {
    first->record.replay(sink);
    second->record.replay(sink, global, announced);
  }
};

void number_bands(Joined& j) {
  std::unordered_map<std::string, uint32_t> id;
  for (const std::string& n : j.first->record.band_names()) id.emplace(n, static_cast<uint32_t>(id.size()));
  j.announced = static_cast<uint32_t>(id.size());
  for (const std::string& n : j.second->record.band_names()) j.global.push_back(id.emplace(n, static_cast<uint32_t>(id.size())).first->second);
}

// The rest of the second half, to the end of the file, once the first
// half's sample count is known for its messages.
void finish_second(const Input& in, Joined& j, size_t samples_before) {
  Half& h = *j.second;
  h.reader.set_samples_before(samples_before);
  RecordingSink sink(nullptr, h.record);
  read_windows(in, [&](std::string_view bytes, size_t base, bool at_end) {
    return h.reader.feed(in, bytes, base, at_end, sink, h.warnings);
  }, h.done);
}

std::optional<Joined> read_in_halves(const Input& in, size_t budget) {
  size_t split = split_point(in);
  if (split == 0) return std::nullopt;
  Joined j;
  j.first = std::make_unique<Half>(false, budget / 2);
  j.second = std::make_unique<Half>(true, budget / 2);
  std::thread second([&] { j.second->read(in, split, in.size()); });
  j.first->read(in, 0, split);
  second.join();
  Half &a = *j.first, &b = *j.second;
  if (a.error) std::rethrow_exception(a.error);  // the first error in the file
  // The first half ends with the newline before the split (the last byte
  // it has no use for yet).
  bool clean = a.done + 1 >= split && a.reader.between_samples() && a.reader.header_complete() &&
               a.reader.samples() > 0 && !b.reader.saw_header() && !a.record.over() && !b.record.over();
  // The second half's first BEGIN_SAMPLE counts even when its sample is cut
  // by an error: one reader would first report it out of sequence.
  if (!clean || b.reader.first_begin() < a.reader.last_begin()) return std::nullopt;
  if (b.error) std::rethrow_exception(b.error);
  finish_second(in, j, a.reader.samples());
  // A header statement further on (a JOB inside a last, cut sample) is one
  // the single reader would take: only it can say what the file means.
  if (b.record.over() || b.reader.saw_header()) return std::nullopt;
  number_bands(j);
  j.info = a.reader.info();
  ProfileInfo rest = b.reader.info();
  for (const Mark& m : rest.marks) j.info.marks.push_back(m);
  j.info.finished = rest.finished;
  j.warnings = a.warnings;
  for (const Diagnostic& d : b.warnings) j.warnings.add(d);
  return j;
}

}  // namespace

// Below kParallelFrom a second thread costs more than it saves.
SampleSource recorded_hp_source(const Input& in, size_t budget, size_t parallel_from) {
  SampleSource one_reader = cached([&in](SampleSink& sink, Warnings& w) { return read_hp(in, sink, w); }, budget);
  if (in.size() < parallel_from || std::thread::hardware_concurrency() < 2) return one_reader;
  auto joined = std::make_shared<std::optional<Joined>>();
  auto tried = std::make_shared<bool>(false);
  return [&in, budget, one_reader, joined, tried](SampleSink& sink, Warnings& warnings) {
    if (!*tried) {
      *tried = true;
      *joined = read_in_halves(in, budget);
    }
    if (!*joined) return one_reader(sink, warnings);
    for (const Diagnostic& d : (*joined)->warnings) warnings.add(d);
    (*joined)->replay(sink);
    return (*joined)->info;
  };
}

}  // namespace hpng
