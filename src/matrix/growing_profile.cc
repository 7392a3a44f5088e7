// See growing_profile.h.
#include "hpng/matrix/growing_profile.h"

#include <algorithm>

#include "matrix/time_buckets.h"

namespace hpng {

namespace {

// Points kept, whatever the samples: with many bands a sample, the store is
// halved before the samples would fill it (16 bytes a point: 16 MB at most,
// so that a watch holds about what a one-shot run holds).
constexpr size_t kMostPoints = size_t{1} << 20;

}  // namespace

// Samples with all their points, in order.
class GrowingProfile::Store {
 public:
  explicit Store(size_t keep) : keep_(std::max<size_t>(keep, 16)) {}
  bool every_sample() const { return !halved_; }
  size_t size() const { return times_.size(); }
  double first_time() const { return times_.front(); }
  double last_time() const { return times_.back(); }

  void add(const Sample& s, double total) {
    times_.push_back(s.time);
    totals_.push_back(total);
    starts_.push_back(points_.size());
    make_room(s.points.size());
    points_.insert(points_.end(), s.points.begin(), s.points.end());
    if (size() > keep_ || (points_.size() > kMostPoints && size() > 4)) halve();
  }

  void replay(SampleSink& sink) const {
    for (size_t k = 0; k < size(); ++k) {
      size_t end = k + 1 < size() ? starts_[k + 1] : points_.size();
      sink.sample({times_[k], std::span<const DataPoint>(points_.data() + starts_[k], end - starts_[k])});
    }
  }

 private:
  // Doubling, but not past what the store holds before it is halved: freely
  // doubled, the room would be twice that. (Reserved whole at the start, it
  // cost every small watch, and every fuzz run, 16 MB.)
  void make_room(size_t more) {
    size_t need = points_.size() + more;
    if (need > points_.capacity()) points_.reserve(std::max(need, std::min(2 * points_.capacity(), kMostPoints)));
  }
  void halve();

  size_t keep_;
  bool halved_ = false;
  std::vector<double> times_, totals_;
  std::vector<size_t> starts_;  // per sample, its first point
  std::vector<DataPoint> points_;
};

// Keeps the first and the last sample and, per slice of the time so far,
// those with the lowest and the highest total (a one-shot read's reduction,
// time_buckets.h, over the store): at most half of it. In place: what is
// kept only moves towards the front.
void GrowingProfile::Store::halve() {
  size_t n = size(), slices = std::max<size_t>(1, (std::min(keep_, n) / 2 - 2) / 2);
  TimeBuckets buckets(n, first_time(), last_time(), slices, 0);
  for (size_t k = 0; k < n; ++k) buckets.offer(static_cast<uint32_t>(k), times_[k], {}, totals_[k]);
  size_t to = 0, point = 0;
  for (uint32_t k : buckets.kept_samples()) {
    auto begin = points_.begin() + static_cast<std::ptrdiff_t>(starts_[k]);
    auto end = k + 1 < size() ? points_.begin() + static_cast<std::ptrdiff_t>(starts_[k + 1]) : points_.end();
    times_[to] = times_[k];
    totals_[to] = totals_[k];
    auto dest = points_.begin() + static_cast<std::ptrdiff_t>(point);
    starts_[to++] = point;
    point = static_cast<size_t>((dest == begin ? end : std::copy(begin, end, dest)) - points_.begin());
  }
  times_.resize(to);
  totals_.resize(to);
  starts_.resize(to);
  points_.resize(point);
  halved_ = true;
}

// The samples a one-shot read adds after those fed, with the bands they
// announce (ids after the fed samples' bands). Mostly one empty sample, so
// not a StreamRecord, which takes its whole budget up front.
struct GrowingProfile::Tail final : SampleSink {
  void band(uint32_t id, std::string_view name) override { bands.emplace_back(id, name); }
  void sample(const Sample& s) override {
    times.push_back(s.time);
    points.emplace_back(s.points.begin(), s.points.end());
  }
  void replay(SampleSink& sink) const {
    for (size_t k = 0; k < times.size(); ++k) sink.sample({times[k], points[k]});
  }
  std::vector<std::pair<uint32_t, std::string>> bands;
  std::vector<double> times;
  std::vector<std::vector<DataPoint>> points;
};

// Samples go to the figures and, if there is one, the store.
class GrowingProfile::Sink : public SampleSink {
 public:
  Sink(Figures& f, Store* store) : f_(f), stats_(f.stats), store_(store) {}
  void band(uint32_t id, std::string_view name) override { stats_.band(id, name); }
  void sample(const Sample& s) override {
    double total = 0;
    for (const DataPoint& point : s.points) total += point.value;
    if (f_.stats.samples > 0) f_.area += (s.time - f_.stats.last_time) * (f_.last_total + total) / 2;
    f_.last_total = total;
    f_.peak_total = std::max(f_.peak_total, total);
    stats_.sample(s);
    if (store_) store_->add(s, total);
  }

 private:
  Figures& f_;
  StatsSink stats_;
  Store* store_;
};

size_t samples_to_keep(size_t time_buckets) {
  return time_buckets ? TimeBuckets::capacity(SIZE_MAX, time_buckets) : size_t{1} << 15;
}

GrowingProfile::GrowingProfile(std::unique_ptr<ProfileReader> reader, const StreamSteps& steps, size_t keep)
    : reader_(std::move(reader)),
      store_(std::make_unique<Store>(keep)),
      sink_(std::make_unique<Sink>(fed_, store_.get())),
      steps_(steps, *sink_),
      tail_(std::make_unique<Tail>()) {}

GrowingProfile::~GrowingProfile() = default;

size_t GrowingProfile::samples() const { return fed_.stats.samples + tail_->times.size(); }

// Only complete statements, events and samples are read: what the bytes cut
// is read again, with what follows, at the next update.
void GrowingProfile::update(const Input& in, Warnings& warnings) {
  if (done_ >= in.size()) return;
  steps_.warn_to(warnings);
  read_windows(in, [&](std::string_view bytes, size_t base, bool at_end) {
    done_ = reader_->feed(in, bytes, base, false, steps_.head(), warnings);
    if (at_end || done_ >= in.size()) {
      *tail_ = Tail();
      tail_steps_ = std::make_unique<StepChain>(steps_.copy_to(*tail_));
      reader_->end_here(in, bytes, base, tail_steps_->head(), warnings);
    }
    return done_;
  }, done_);
}

// The reader's figures, finished by the steps that read its last samples.
ProfileInfo GrowingProfile::finished_info(Warnings& warnings) const {
  ProfileInfo info = reader_->info();
  (tail_steps_ ? *tail_steps_ : steps_).finish(info, warnings);
  return info;
}

SampleSource GrowingProfile::kept_source() const {
  return [this](SampleSink& sink, Warnings& warnings) {
    ProfileInfo info = finished_info(warnings);
    for (size_t b = 0; b < fed_.stats.names.size(); ++b) sink.band(static_cast<uint32_t>(b), fed_.stats.names[b]);
    for (const auto& [id, name] : tail_->bands) sink.band(id, name);
    store_->replay(sink);
    tail_->replay(sink);
    return info;
  };
}

GrowingProfile::Figures GrowingProfile::every_sample(Warnings& warnings) const {
  Figures every = fed_;
  Sink sink(every, nullptr);
  for (const auto& [id, name] : tail_->bands) sink.band(id, name);
  tail_->replay(sink);
  every.stats.info = finished_info(warnings);
  return every;
}

BandMatrix GrowingProfile::matrix(const SelectOptions& select, size_t time_buckets, Warnings& warnings) const {
  SampleSource kept = kept_source();
  if (store_->every_sample()) return profile_matrix(kept, select, time_buckets, warnings);
  // The selection is every sample's; -d's deviations, the slopes and the
  // drawing are the kept samples' (the first and the last among them, so
  // the x axis is every sample's).
  Figures every = every_sample(warnings);
  BandStats of_kept = collect_stats(kept, warnings);
  OrderFigures keys = order_figures(kept, of_kept, select.by_deviation, select.by_growth);
  Selection selection = select_bands(every.stats, select, keys);
  BandMatrix m = build_matrix(kept, of_kept, selection, {time_buckets, select.aux}, warnings);
  m.samples = every.stats.samples;
  if (selection.drawn.size() + selection.other.size() == every.stats.names.size()) m.total = every.area;
  return m;
}

}  // namespace hpng
