// How a chart is drawn: the options the layout and the drawing follow,
// settled for one output (resolve_job, job.h).
#pragma once
#include <cstddef>
#include <optional>
#include <string>

namespace hpng {

// --width, --height as asked: pixels (a bare number, or "px") or points
// ("pt"); the style's frame is in points.
struct Length {
  double value;
  bool points;
};

constexpr double kDefaultDpi = 96;  // PNG's resolution unless --dpi says (render.h)

struct ChartStyle {
  bool colour = false;          // -c or a colour --palette: how shades read
  bool big_title = false;       // -b
  bool small_title = false;     // -s
  bool key_pages = false;       // -M (also implied by a limit above 20)
  bool key_below = false;       // with key_pages: the key in columns below the graph, one picture
  bool no_key = false;          // -m0 / -l: no key at all
  bool key_room_only = false;   // --compare's later charts: room kept for the key, which the first chart draws
  bool marks = true;            // not -y
  bool portrait = false;        // -g: PostScript page unrotated (else landscape)
  double eps_width = 0;         // -e width in points (0: not given)
  bool heap_lines = false;      // --heap-lines (heap_lines.h)
  // PostScript from a .hp, drawn exactly as hp2ps draws it. Otherwise the
  // time axis says its clock ("seconds (mutator)" for a .hp, "seconds
  // (elapsed)" for an eventlog) and the two-line title cuts a job too wide
  // for its box.
  bool as_hp2ps = true;
  // --stable-colours: a band whose fill an earlier band of the chart has is
  // outlined dashed (layout_parts.h: same_fill_outline).
  bool mark_same_fills = false;
  std::optional<std::string> title;  // --title: replaces the job in the title box
  double width = 648;                // the frame, in points (--width)
  std::optional<double> height;      // --height; else 432 plus what a key below needs
  // The side key's widest, in points: names wider are shortened in the
  // middle. hp2ps's own key is never wider on real profiles (353 pt).
  double max_key_width = 353;
  // Curves are simplified to this many columns per inch of the frame when
  // there are more samples than columns (0: --exact, every sample drawn).
  double columns_per_inch = 144;
  // Vector outputs: at most about this many vertices for all bands (each
  // band has two a column, or, drawn exactly, two a sample), so that a file
  // stays small whatever the input. 0: no limit.
  size_t max_vertices = 0;
};

// A simplified band is drawn in at least this many columns however many
// bands share the vertex budget (each column keeps up to two samples, of
// two vertices each): the picture's band budget counts it. Small, so that
// a vector picture of a hundred bands or more (hp2ps -m0) keeps every band
// in under 1 MB: such bands are thin, and a column every few points of
// the graph's width still shows each one's course.
constexpr size_t kLeastColumns = 50;

}  // namespace hpng
