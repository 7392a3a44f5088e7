// See band_matrix.h.
#include "hpng/matrix/band_matrix.h"

#include <algorithm>

#include "base/text.h"
#include "matrix/spilled_rows.h"
#include "matrix/time_buckets.h"

namespace hpng {

namespace {

constexpr uint32_t kNotDrawn = UINT32_MAX;

// The most band x sample cells a drawing holds (1 GiB of values): larger
// selections are refused with a clear message instead of exhausting memory.
constexpr size_t kMaxMatrixCells = size_t{1} << 27;

// Rows bottom to top: OTHER (when there is one), then the drawn bands.
std::vector<uint32_t> row_of_band(const Selection& sel, size_t bands) {
  std::vector<uint32_t> row(bands, kNotDrawn);
  for (uint32_t b : sel.other) row[b] = 0;
  uint32_t first = sel.other.empty() ? 0 : 1;
  for (size_t i = 0; i < sel.drawn.size(); ++i) row[sel.drawn[i]] = first + static_cast<uint32_t>(i);
  return row;
}

// Adds each point into its row, hands each sample to the reduction, and
// keeps, as it goes, the highest stacked total and the trapezoid area under
// it (hp2ps's title figure), and each row's peak and area, so that nothing
// grows with the samples.
class RowsSink : public SampleSink {
 public:
  RowsSink(std::vector<uint32_t> row_of_band, TimeBuckets& kept, SpilledRows* spilled, size_t rows,
           const std::string& source)
      : figures(rows), row_of_band_(std::move(row_of_band)), kept_(kept), spilled_(spilled), current_(rows, 0),
        last_(rows, 0), source_(source) {}
  void band(uint32_t id, std::string_view) override {
    if (id >= row_of_band_.size()) throw profile_changed(source_);
  }
  void sample(const Sample& s) override {
    for (const DataPoint& p : s.points) {
      if (uint32_t r = row_of_band_[p.band]; r != kNotDrawn) current_[r] += p.value;
    }
    double h = 0;
    for (double v : current_) h += v;
    if (spilled_) {
      spilled_->add(s.time, current_);
    } else {
      kept_.offer(static_cast<uint32_t>(samples), s.time, current_, h);
    }
    ++samples;
    for (size_t r = 0; r < current_.size(); ++r) add_row(figures[r], s.time, last_[r], current_[r]);
    if (samples > 1) area += (s.time - last_time_) * (last_height_ + h) / 2;
    highest = std::max(highest, h);
    last_time_ = s.time;
    last_height_ = h;
    std::swap(last_, current_);
    std::fill(current_.begin(), current_.end(), 0);
  }
  size_t samples = 0;
  double highest = 0, area = 0;
  std::vector<Band> figures;  // per row: peak, peak_time and area only

 private:
  void add_row(Band& row, double time, double before, double now) const {
    if (samples > 1) row.area += (time - last_time_) * (before + now) / 2;
    if (samples == 1 || now > row.peak) row.peak = now, row.peak_time = time;
  }
  std::vector<uint32_t> row_of_band_;
  TimeBuckets& kept_;
  SpilledRows* spilled_;  // or none: the rows go to kept_
  std::vector<double> current_, last_;
  double last_time_ = 0, last_height_ = 0;
  const std::string& source_;
};

void set_ranges_and_total(BandMatrix& m, const BandStats& stats, const RowsSink& rows, const AuxFile* aux) {
  double x = stats.samples ? stats.last_time - stats.first_time : 0;
  double y = rows.highest;
  if (aux && aux->x_range) x = std::max(x, *aux->x_range);
  if (aux && aux->y_range) y = std::max(y, *aux->y_range);
  m.x_range = x == 0 ? 1 : x;
  m.y_range = y == 0 ? 1 : y;
  m.total = rows.area;
}

}  // namespace

void warn_over_budget(const Selection& sel, const BandStats& stats, Warnings& warnings) {
  if (sel.past_budget > 0) {
    warnings.add({Code::bands_in_other, stats.info.header.source, {}, 0, 0, "",
                  "every one of the " + group_digits(static_cast<double>(sel.drawn.size())) +
                      " bands is drawn, as hp2ps draws them, each in fewer columns: the file is larger than 1 MB "
                      "(SVG and PDF put the bands past the first " +
                      group_digits(static_cast<double>(sel.drawn.size() - sel.past_budget)) + " in OTHER)"});
    return;
  }
  size_t bands = sel.drawn.size() + sel.other.size();
  warnings.add({Code::bands_in_other, stats.info.header.source, {}, 0, 0, "",
                "a vector picture draws " + group_digits(static_cast<double>(sel.drawn.size())) + " of " +
                    group_digits(static_cast<double>(bands)) + " bands on their own; " +
                    group_digits(static_cast<double>(sel.other.size())) + " more are in OTHER so that the file stays "
                    "under 1 MB (PNG, JSON and CSV have every band)"});
}

BandMatrix build_matrix(const SampleSource& source, const BandStats& stats, const Selection& sel,
                        const MatrixOptions& opts, Warnings& warnings) {
  size_t rows = sel.rows(), capacity = TimeBuckets::capacity(stats.samples, opts.time_buckets);
  if (rows > 0 && capacity > kMaxMatrixCells / rows) {
    throw file_error(Code::too_large, stats.info.header.source,
                     "too large: " + std::to_string(rows) + " bands x " + std::to_string(capacity) +
                          " samples is more than hp2ps-ng holds (" + std::to_string(kMaxMatrixCells) +
                          " values; lower -m)");
  }
  if (sel.over_budget > 0 || sel.past_budget > 0) warn_over_budget(sel, stats, warnings);
  std::shared_ptr<SpilledRows> spilled;
  if (opts.held_cells > 0 && opts.time_buckets == 0 && rows * capacity > opts.held_cells) {
    spilled = std::make_shared<SpilledRows>(rows, stats.samples, opts.held_cells, stats.info.header.source);
  }
  // Spilled, the rows and times go there; the reduction keeps nothing.
  TimeBuckets kept(spilled ? 0 : stats.samples, stats.first_time, stats.last_time, opts.time_buckets, rows);
  RowsSink sink(row_of_band(sel, stats.names.size()), kept, spilled.get(), rows, stats.info.header.source);
  source(sink, warnings);
  if (spilled) spilled->finish();
  TimeBuckets::Kept k = kept.take();
  BandMatrix m;
  m.info = stats.info;
  m.times = std::move(k.times);  // none when spilled
  m.spilled = std::move(spilled);
  m.samples = stats.samples;
  size_t first = sel.other.empty() ? 0 : 1;
  for (size_t r = 0; r < rows; ++r) {
    Band& b = m.bands.emplace_back(std::move(sink.figures[r]));
    b.name = r < first ? "OTHER" : stats.names[sel.drawn[r - first]];
    if (!m.spilled) b.values = std::move(k.rows[r]);
  }
  set_ranges_and_total(m, stats, sink, opts.aux);
  m.peak = stats.peak;
  return m;
}

BandMatrix matrix_from_stats(const SampleSource& source, const BandStats& stats, const SelectOptions& select,
                             size_t time_buckets, Warnings& warnings, size_t held_cells) {
  if (stats.names.empty()) {
    // GHC writes every census of a restriction that matches nothing, empty.
    std::vector<std::string> words = restrictions_of(stats.info);
    std::string why = words.empty() ? "was the program killed before its first census?"
                                    : "the restrictions " + join_words(words) + " selected nothing: is each name spelled as "
                                      "an unrestricted profile of the same breakdown names it?";
    warnings.add({Code::no_data, stats.info.header.source, {}, 0, 0, "",
                  "no sample has data (" + std::to_string(stats.samples) + " empty samples: " + why + "); the chart is empty"});
  }
  Selection selection =
      select_bands(stats, select, order_figures(source, stats, select.by_deviation, select.by_growth));
  return build_matrix(source, stats, selection, {time_buckets, select.aux, held_cells}, warnings);
}

BandMatrix profile_matrix(const SampleSource& source, const SelectOptions& select, size_t time_buckets,
                          Warnings& warnings, size_t held_cells) {
  return matrix_from_stats(source, collect_stats(source, warnings), select, time_buckets, warnings, held_cells);
}

}  // namespace hpng
