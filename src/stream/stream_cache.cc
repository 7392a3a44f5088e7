// See stream_cache.h.
#include "stream/stream_cache.h"

#include <algorithm>
#include <memory>

#include "stream/stream_record.h"

namespace hpng {

namespace {

constexpr size_t kBytesPerLine = 5;  // a point: band and value as varints

struct Cache {
  std::unique_ptr<StreamRecord> record;
  bool complete = false;
  ProfileInfo info;
  Warnings warnings;
};

}  // namespace

size_t cache_reservation(const Input& in, InputFormat format, size_t budget) {
  if (format != InputFormat::hp) return 0;
  size_t seen = 0, lines = 0;
  read_windows(in, [&](std::string_view bytes, size_t, bool) {
    seen = bytes.size();
    lines = static_cast<size_t>(std::count(bytes.begin(), bytes.end(), '\n'));
    return in.size();  // the first window is enough
  });
  if (seen == 0) return 0;
  double estimate = static_cast<double>(lines) / static_cast<double>(seen) * static_cast<double>(in.size()) * kBytesPerLine;
  if (estimate > static_cast<double>(budget)) return 0;
  // Twice the estimate and a little: a record that outgrows it stops, and
  // the file is read again instead, as for one over the budget.
  return std::min(budget, 2 * static_cast<size_t>(estimate) + (size_t{64} << 10));
}

// Later reads get the first read's warnings again, as from the source.
SampleSource cached(SampleSource source, size_t budget) {
  auto cache = std::make_shared<Cache>();
  return [source = std::move(source), cache, budget](SampleSink& sink, Warnings& warnings) {
    if (cache->complete) {
      for (const Diagnostic& d : cache->warnings) warnings.add(d);
      cache->record->replay(sink);
      return cache->info;
    }
    if (cache->record) return source(sink, warnings);  // it outgrew its budget: read again
    cache->record = std::make_unique<StreamRecord>(budget);
    RecordingSink recording(&sink, *cache->record);
    cache->info = source(recording, cache->warnings);
    cache->complete = !cache->record->over();
    for (const Diagnostic& d : cache->warnings) warnings.add(d);
    return cache->info;
  };
}

}  // namespace hpng
