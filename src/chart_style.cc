// See chart_style.h.
#include "chart_style.h"

#include <cmath>
#include <cstdio>

namespace hpng {

namespace {

constexpr double kLeastWidth = 216, kLeastHeight = 144, kMostSide = 14400;  // points: 3 in, 2 in, 200 in
constexpr double kAspect = 432.0 / 648;  // hp2ps's frame, when only one side is given

bool is_picture(OutputFormat f) { return f == OutputFormat::png || f == OutputFormat::svg; }

// A pixel is a device pixel in PNG, a CSS pixel (3/4 of a point) in SVG and PDF.
double to_points(const Length& l, OutputFormat f, double dpi) {
  if (l.points) return l.value;
  return f == OutputFormat::png ? l.value * 72 / dpi : l.value * 0.75;
}

double checked_side(const char* option, const Length& l, double points, double least) {
  if (points >= least && points <= kMostSide) return points;
  char buf[200];
  std::snprintf(buf, sizeof buf, "%s %g%s is %.4g pt; the picture must be from %g to %g pt", option, l.value,
                l.points ? "pt" : "px", points, least, kMostSide);
  throw usage_error(buf);
}

void set_size(ChartStyle& style, const Options& o, OutputFormat f) {
  if (!o.width && !o.height) return;
  if (!is_picture(f) && f != OutputFormat::pdf) {
    throw usage_error("--width and --height size PNG, SVG and PDF pictures; PostScript keeps hp2ps's page (-e scales EPS)");
  }
  std::optional<double> w, h;
  if (o.width) w = checked_side("--width", *o.width, to_points(*o.width, f, o.dpi), kLeastWidth);
  if (o.height) h = checked_side("--height", *o.height, to_points(*o.height, f, o.dpi), kLeastHeight);
  style.width = w ? *w : *h / kAspect;
  style.height = h ? *h : *w * kAspect;
}

}  // namespace

PictureStyle picture_style(const Options& o, OutputFormat out, InputFormat in, Warnings& warnings) {
  PictureStyle p{o.style, o.palette ? *find_palette(*o.palette) : default_palette(o.style.colour)};
  ChartStyle& s = p.chart;
  s.colour = p.palette.colour;
  s.title = o.title;
  set_size(s, o, out);
  // A picture has no pages: -M and -m above 20 put the key below the graph.
  s.key_below = s.key_pages && is_picture(out);
  // An eventlog's names are whole stacks, not cut at 25 bytes as in a .hp:
  // its key may take at most two fifths of the width.
  if (in == InputFormat::eventlog) s.max_key_width = std::min(s.max_key_width, 0.4 * s.width);
  // How finely to draw: 144 columns an inch for vector outputs (a column
  // every 0.5 pt keeps every visible peak; 96 visibly lost some), one a
  // pixel for PNG.
  s.columns_per_inch = o.exact ? 0 : out == OutputFormat::png ? o.dpi : 144;
  // PostScript writes each vertex twice (to fill, then to stroke), in about
  // 35 bytes in all: 22,000 vertices keep it well under 1 MB with the text.
  s.max_vertices = out == OutputFormat::png || o.exact ? 0 : 22000;
  if (o.transparent && !is_picture(out)) {
    warnings.push_back({"", "", "--transparent applies to SVG and PNG; " + std::string(format_name(out)) + " is drawn as it is"});
  }
  return p;
}

}  // namespace hpng
