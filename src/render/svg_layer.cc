// See svg_layer.h.
#include "render/svg_layer.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>

#include "base/text.h"

namespace hpng {

namespace {

// The bundled font first; the layer is invisible, so a stand-in only
// changes how a selection is highlighted.
constexpr const char* kFontFamily = "Nimbus Sans, Helvetica, Arial, sans-serif";

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

// Each drawn shape, in drawing order (render.h draws every shape with
// points, page by page), with its page.
std::vector<std::pair<size_t, const Polyline*>> drawn_shapes(const ChartLayout& layout) {
  std::vector<std::pair<size_t, const Polyline*>> shapes;
  for (size_t k = 0; k < layout.pages.size(); ++k) {
    for (const Polyline& s : layout.pages[k].shapes) {
      if (!s.points.empty()) shapes.push_back({k, &s});
    }
  }
  return shapes;
}

// What a script or a style sheet finds a shape by: the band it fills, and
// for a shape placed by time in a graph, that graph's page.
std::string shape_attributes(size_t page, const Polyline& shape) {
  std::string a;
  if (!shape.band.empty()) a += " data-band=\"" + markup_escape(shape.band) + "\"";
  if (!shape.part.empty()) a += " data-part=\"" + shape.part + "\" data-graph=\"" + std::to_string(page) + "\"";
  return a;
}

// Whether the <path> at `p` starts where `shape` does: Cairo writes a path
// in the frame's coordinates (through its fixed point, so nearly exactly),
// as "d="M x y ...".
bool path_starts_at(const std::string& svg, size_t p, const Polyline& shape) {
  size_t d = svg.find(" d=\"M ", p);
  size_t end = svg.find("/>", p);
  if (d == std::string::npos || d > end) return false;
  const char* at = svg.c_str() + d + 6;
  char* next = nullptr;
  double x = std::strtod(at, &next);
  double y = std::strtod(next, nullptr);
  return std::abs(x - shape.points[0].x) < 0.05 && std::abs(y - shape.points[0].y) < 0.05;
}

// Cairo writes each shape as one self-closing <path> after the glyph
// definitions, in drawing order, except a shape it finds nothing of on the
// page; a title goes inside it. Text comes after every shape, and may add
// paths of its own (the box drawn for a character the font lacks).
bool title_paths(std::string& svg, const ChartLayout& layout, bool page_attributes) {
  size_t body = svg.find("<g id=\"surface");
  if (body == std::string::npos) return false;
  // Cairo numbers its surfaces through the process (surface1, surface6,
  // ...); the same picture must be the same bytes however many came before.
  size_t id_end = svg.find('"', body + 7);
  if (id_end == std::string::npos) return false;
  svg.replace(body + 7, id_end - body - 7, "chart");
  std::string out = svg.substr(0, body);
  size_t at = body;
  for (const auto& [page, shape] : drawn_shapes(layout)) {
    size_t p = svg.find("<path ", at);
    if (p == std::string::npos) break;
    if (!path_starts_at(svg, p, *shape)) continue;  // not drawn: off the page
    size_t end = svg.find("/>", p);
    out.append(svg, at, end - at);
    if (page_attributes) out += shape_attributes(page, *shape);
    out += shape->title.empty() ? "/>" : "><title>" + markup_escape(shape->title) + "</title></path>";
    at = end + 2;
  }
  out.append(svg, at, std::string::npos);
  svg = std::move(out);
  return true;
}

std::string text_element(const TextItem& t, double scale, double top) {
  double x = t.x * scale, y = top - t.y * scale;
  std::string e = "<text x=\"" + number(x) + "\" y=\"" + number(y) + "\" font-size=\"" + number(t.size * scale) +
                  "\" textLength=\"" + number(t.width * scale) + "\" lengthAdjust=\"spacingAndGlyphs\"";
  if (t.angle != 0) e += " transform=\"rotate(" + number(-t.angle) + " " + number(x) + " " + number(y) + ")\"";
  e += ">" + markup_escape(t.search.empty() ? t.text : t.search);
  if (!t.title.empty()) e += "<title>" + markup_escape(t.title) + "</title>";
  return e + "</text>\n";
}

std::string text_layer(const ChartLayout& layout, double scale) {
  std::string g = "<g id=\"text\" fill=\"black\" fill-opacity=\"0\" font-family=\"" + std::string(kFontFamily) + "\">\n";
  for (size_t i = 0; i < layout.pages.size(); ++i) {
    double top = static_cast<double>(i + 1) * layout.frame_height * scale;  // the page's bottom edge
    for (const TextItem& t : layout.pages[i].texts) {
      if (!t.text.empty()) g += text_element(t, scale, top);
    }
  }
  return g + "</g>\n";
}

}  // namespace

bool add_svg_layer(std::string& svg, const ChartLayout& layout, double scale, const std::string& document_title,
                   bool page_attributes) {
  if (!title_paths(svg, layout, page_attributes)) return false;
  size_t end = svg.rfind("</svg>");
  size_t root = svg.find("<svg");
  if (end == std::string::npos || root == std::string::npos) return false;
  svg.insert(end, text_layer(layout, scale));
  size_t after_root = svg.find('>', root) + 1;
  svg.insert(after_root, "\n<title>" + markup_escape(document_title) + "</title>");
  return true;
}

}  // namespace hpng
