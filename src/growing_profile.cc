// See growing_profile.h.
#include "hpng/growing_profile.h"

#include <algorithm>

#include "hpng/time_buckets.h"

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

// What the reader delivers goes to the statistics, the store and the area.
class GrowingProfile::Sink : public SampleSink {
 public:
  explicit Sink(GrowingProfile& p) : p_(p), stats_(p.stats_) {}
  void band(uint32_t id, std::string_view name) override { stats_.band(id, name); }
  void sample(const Sample& s) override {
    double total = 0;
    for (const DataPoint& point : s.points) total += point.value;
    if (p_.stats_.samples > 0) p_.area_ += (s.time - p_.stats_.last_time) * (p_.last_total_ + total) / 2;
    p_.last_total_ = total;
    stats_.sample(s);
    p_.store_->add(s, total);
  }

 private:
  GrowingProfile& p_;
  StatsSink stats_;
};

GrowingProfile::GrowingProfile(size_t keep) : store_(std::make_unique<Store>(keep)) {}

GrowingProfile::~GrowingProfile() = default;

// Only complete statements and samples are read: what the bytes cut is read
// again, with what follows, at the next update.
void GrowingProfile::update(const Input& in, Warnings& warnings) {
  name_ = in.name;
  if (done_ >= in.size()) return;
  Sink sink(*this);
  read_windows(in, [&](std::string_view bytes, size_t base, bool) {
    return done_ = reader_.feed(in, bytes, base, false, sink, warnings);
  }, done_);
}

SampleSource GrowingProfile::kept_source() const {
  return [this, info = reader_.info()](SampleSink& sink, Warnings&) {
    for (size_t b = 0; b < stats_.names.size(); ++b) sink.band(static_cast<uint32_t>(b), stats_.names[b]);
    store_->replay(sink);
    return info;
  };
}

BandMatrix GrowingProfile::matrix(const SelectOptions& select, size_t time_buckets, Warnings& warnings,
                                  const std::function<void()>& read) const {
  if (stats_.samples == 0) throw input_error(name_, "", "no complete sample yet");
  SampleSource kept = kept_source();
  if (store_->every_sample()) return profile_matrix(kept, select, time_buckets, warnings, read);
  if (read) read();
  // The selection is every sample's; -d's deviations and the drawing are
  // the kept samples' (the first and the last among them, so the x axis is
  // every sample's).
  BandStats every = stats_;
  every.info = reader_.info();
  Warnings again;  // the reads before reported them
  BandStats of_kept = collect_stats(kept, again);
  std::vector<double> sd = select.by_deviation ? band_deviations(kept, of_kept) : std::vector<double>();
  Selection selection = select_bands(every, select, sd);
  BandMatrix m = build_matrix(kept, of_kept, selection, {time_buckets, select.aux});
  m.samples = every.samples;
  if (selection.drawn.size() + selection.other.size() == every.names.size()) m.total = area_;
  return m;
}

}  // namespace hpng
