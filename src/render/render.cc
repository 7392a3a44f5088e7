// Drawing: one function paints a ChartLayout on any Cairo surface; the
// format only chooses the surface and how the frame maps onto the page.
// PostScript is placed as hp2ps places it (landscape on an A4 sheet, -g
// portrait, -e scaled EPS); PDF, SVG and PNG get the frame itself, scaled to
// the -e width if given. SVG and PNG get a white page unless asked to be
// transparent (a transparent picture's black text vanishes on a dark page).
// Output is deterministic: no dates, and Cairo's creation-date comments are
// replaced by fixed text.
#include "hpng/render/render.h"

#include <cairo-pdf.h>
#include <cairo-ps.h>
#include <cairo-svg.h>
#include <cairo.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>

#include "hpng/base/diag.h"
#include "base/text.h"
#include "render/svg_layer.h"
#include "layout/text_metrics.h"

namespace hpng {

namespace {

constexpr double kA4W = 595, kA4H = 842;
constexpr int kMostPixels = 32767;  // a side of the largest image Cairo makes
// A PNG is drawn whole in memory, 4 bytes a pixel: 100 megapixels (400 MB)
// is far more than any report shows, and bounds what a run may take.
constexpr double kMostArea = 100e6;

cairo_status_t append_bytes(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

// The current transformation turns, flips or moves, but does not scale.
bool unscaled(cairo_t* cr) {
  cairo_matrix_t m;
  cairo_get_matrix(cr, &m);
  auto unit = [](double a, double b) { return (a == 0 && std::fabs(b) == 1) || (b == 0 && std::fabs(a) == 1); };
  return unit(m.xx, m.xy) && unit(m.yx, m.yy);
}

void draw_text(cairo_t* cr, const TextItem& t) {
  cairo_save(cr);
  cairo_translate(cr, t.x, t.y);
  cairo_rotate(cr, t.angle * M_PI / 180);
  cairo_scale(cr, 1, -1);  // the frame is y-up; text is drawn y-down
  PangoLayout* layout = make_text_layout(text_context(), t.text, t.size);
  // Text turned or flipped but not scaled (hp2ps's landscape page, a
  // picture at its own size) has the metrics it was measured with (hinting
  // is off): Pango's fonts for another matrix would load every glyph again.
  if (!unscaled(cr)) {
    pango_cairo_update_context(cr, text_context());
    pango_layout_context_changed(layout);
  }
  double baseline = static_cast<double>(pango_layout_get_baseline(layout)) / PANGO_SCALE;
  cairo_move_to(cr, 0, -baseline);
  cairo_set_source_rgb(cr, 0, 0, 0);
  pango_cairo_show_layout(cr, layout);
  g_object_unref(layout);
  cairo_restore(cr);
}

void draw_shapes(cairo_t* cr, const PageLayout& page) {
  for (const Polyline& s : page.shapes) {
    if (s.points.empty()) continue;
    cairo_new_path(cr);
    cairo_move_to(cr, s.points[0].x, s.points[0].y);
    for (size_t i = 1; i < s.points.size(); ++i) cairo_line_to(cr, s.points[i].x, s.points[i].y);
    if (s.closed) cairo_close_path(cr);
    if (s.filled) {
      cairo_set_source_rgb(cr, s.fill.r, s.fill.g, s.fill.b);
      cairo_fill_preserve(cr);
    }
    cairo_set_source_rgb(cr, s.stroke.r, s.stroke.g, s.stroke.b);
    cairo_set_line_width(cr, s.width);
    cairo_set_dash(cr, s.dash.data(), static_cast<int>(s.dash.size()), 0);
    cairo_stroke(cr);
  }
}

// Maps frame coordinates (y up) to the surface (y down) for one page: on an
// A4 PostScript sheet as hp2ps places the frame, else the scaled frame is
// the page.
cairo_matrix_t frame_matrix(bool a4_sheet, bool portrait, double scale, double page_h) {
  cairo_matrix_t m;
  if (a4_sheet && !portrait) {
    // hp2ps: frame (u, v) lands at PostScript (v + 72, 756 - u).
    cairo_matrix_init(&m, 0, 1, 1, 0, 72, kA4H - 756);
  } else if (a4_sheet) {
    cairo_matrix_init(&m, 1, 0, 0, -1, 72, kA4H - 108);  // -g: (u + 72, v + 108)
  } else {
    cairo_matrix_init(&m, scale, 0, 0, -scale, 0, page_h);
  }
  return m;
}

// Cairo writes the time of the run into PostScript; replace it with fixed
// text so that the same input gives the same bytes. For EPS, the bounding
// box is hp2ps's: the scaled frame.
void fix_ps_header(std::string& ps, bool eps, double w, double h) {
  auto replace_line = [&](const std::string& key, const std::string& value) {
    size_t at = ps.find("\n" + key);
    if (at == std::string::npos) return;
    size_t eol = ps.find('\n', at + 1);
    ps.replace(at + 1, eol - at - 1, key + value);
  };
  replace_line("%%CreationDate:", " (none)");
  if (eps) {
    char buf[96];
    std::snprintf(buf, sizeof buf, " 0 0 %d %d", static_cast<int>(std::floor(w + 0.5)),
                  static_cast<int>(std::floor(h + 0.5)));
    replace_line("%%BoundingBox:", buf);
    std::snprintf(buf, sizeof buf, " 0 0 %.6f %.6f", w, h);
    replace_line("%%HiResBoundingBox:", buf);
  }
}

// No wall-clock time in the output: SOURCE_DATE_EPOCH if it is set,
// otherwise the epoch itself, so that runs are reproducible.
std::string pdf_date() {
  time_t t = 0;
  if (const char* e = std::getenv("SOURCE_DATE_EPOCH")) t = static_cast<time_t>(std::strtoll(e, nullptr, 10));
  struct tm tm;
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

// A DSC comment line holds at most 255 bytes (Cairo refuses more); a PDF's
// title is for a viewer's window: a JOB of any length (a program run with
// many arguments) and any bytes must fit both.
constexpr size_t kDscLine = 255, kMetadataTitle = 1024;

// The title as one line of valid UTF-8 (control characters as spaces), cut
// at a character's end to at most `max` bytes, an ellipsis marking a cut.
std::string document_title(const std::string& title, size_t max) {
  std::string s = to_valid_utf8(title);
  for (char& c : s) c = static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? ' ' : c;
  if (s.size() <= max) return s;
  return std::string(utf8_prefix(s, max - 3)) + "...";
}

void check(cairo_surface_t* s, const RenderOptions& opts) {
  cairo_status_t st = cairo_surface_status(s);
  if (st != CAIRO_STATUS_SUCCESS) {
    throw file_error(Code::cannot_render, opts.target, std::string("cannot render: ") + cairo_status_to_string(st));
  }
}

// The picture's size on its surface: the frame, scaled to the -e width;
// PNG in pixels at the resolution asked for.
struct Size {
  double scale;  // surface units per frame point
  double w, h;   // one page
};

Size picture_size(const ChartLayout& layout, const ChartStyle& style, const RenderOptions& opts) {
  double scale = style.eps_width > 0 ? style.eps_width / layout.frame_width : 1;
  if (opts.format == OutputFormat::png) scale *= opts.dpi / 72;
  Size s{scale, layout.frame_width * scale, layout.frame_height * scale};
  double tall = s.h * static_cast<double>(layout.pages.size());
  double w = std::ceil(s.w), h = std::ceil(tall);
  if (opts.format == OutputFormat::png && (w > kMostPixels || h > kMostPixels || w * h > kMostArea)) {
    char buf[200];
    std::snprintf(buf, sizeof buf, "a PNG of %.0f x %.0f pixels is larger than hp2ps-ng draws (%d a side, %.0f megapixels "
                  "in all): lower --dpi or the size", w, h, kMostPixels, kMostArea / 1e6);
    throw file_error(Code::bad_size, opts.target, buf);
  }
  return s;
}

cairo_surface_t* make_surface(std::string& out, const Size& size, size_t pages, const RenderOptions& opts) {
  cairo_surface_t* surface = nullptr;
  switch (opts.format) {
    case OutputFormat::ps:
      return cairo_ps_surface_create_for_stream(append_bytes, &out, kA4W, kA4H);
    case OutputFormat::eps:
      surface = cairo_ps_surface_create_for_stream(append_bytes, &out, size.w, size.h);
      cairo_ps_surface_set_eps(surface, 1);
      return surface;
    case OutputFormat::pdf:
      surface = cairo_pdf_surface_create_for_stream(append_bytes, &out, size.w, size.h);
      cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, document_title(opts.title, kMetadataTitle).c_str());
      cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "hp2ps-ng");
      cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, pdf_date().c_str());
      return surface;
    case OutputFormat::svg:  // one picture: any further pages are stacked below
      return cairo_svg_surface_create_for_stream(append_bytes, &out, size.w, size.h * static_cast<double>(pages));
    case OutputFormat::png:
      return cairo_image_surface_create(opts.transparent ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24,
                                        static_cast<int>(std::ceil(size.w)),
                                        static_cast<int>(std::ceil(size.h * static_cast<double>(pages))));
    default:
      throw file_error(Code::cannot_render, opts.target, std::string("cannot draw a chart as ") + format_name(opts.format));
  }
}

void draw_pages(cairo_t* cr, const ChartLayout& layout, const ChartStyle& style, const Size& size,
                const RenderOptions& opts) {
  OutputFormat f = opts.format;
  bool picture = f == OutputFormat::svg || f == OutputFormat::png;
  if (picture && !opts.transparent) {
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
  }
  auto page_matrix = [&](size_t i) {
    cairo_matrix_t m = frame_matrix(f == OutputFormat::ps, style.portrait, size.scale, size.h);
    if (picture) m.y0 += size.h * static_cast<double>(i);
    cairo_set_matrix(cr, &m);
  };
  for (size_t i = 0; i < layout.pages.size(); ++i) {
    page_matrix(i);
    draw_shapes(cr, layout.pages[i]);
    if (picture) continue;  // one picture: all shapes, then all text (svg_layer.h)
    for (const TextItem& t : layout.pages[i].texts) draw_text(cr, t);
    cairo_show_page(cr);
  }
  for (size_t i = 0; picture && i < layout.pages.size(); ++i) {
    page_matrix(i);
    for (const TextItem& t : layout.pages[i].texts) draw_text(cr, t);
  }
}

std::string finish_png(cairo_surface_t* surface, std::string& out, const RenderOptions& opts) {
  cairo_surface_flush(surface);
  cairo_status_t ws = cairo_surface_write_to_png_stream(surface, append_bytes, &out);
  cairo_surface_destroy(surface);
  if (ws != CAIRO_STATUS_SUCCESS) {
    throw file_error(Code::cannot_render, opts.target, std::string("cannot encode PNG: ") + cairo_status_to_string(ws));
  }
  return out;
}

}  // namespace

std::string render_chart(const ChartLayout& layout, const ChartStyle& style, const RenderOptions& opts) {
  std::string out;
  OutputFormat f = opts.format;
  Size size = picture_size(layout, style, opts);
  cairo_surface_t* surface = make_surface(out, size, layout.pages.size(), opts);
  check(surface, opts);
  if (f == OutputFormat::ps || f == OutputFormat::eps) {
    std::string title = "%%Title: " + document_title(opts.title, kDscLine - 9);
    cairo_ps_surface_dsc_comment(surface, title.c_str());
  }
  cairo_t* cr = cairo_create(surface);
  draw_pages(cr, layout, style, size, opts);
  cairo_status_t st = cairo_status(cr);
  cairo_destroy(cr);
  if (st != CAIRO_STATUS_SUCCESS) {
    cairo_surface_destroy(surface);
    throw file_error(Code::cannot_render, opts.target, std::string("cannot draw: ") + cairo_status_to_string(st));
  }
  if (f == OutputFormat::png) return finish_png(surface, out, opts);
  cairo_surface_finish(surface);
  check(surface, opts);
  cairo_surface_destroy(surface);
  if (f == OutputFormat::ps || f == OutputFormat::eps) fix_ps_header(out, f == OutputFormat::eps, size.w, size.h);
  if (f == OutputFormat::svg && !add_svg_layer(out, layout, size.scale, opts.title, opts.page_attributes)) {
    throw file_error(Code::cannot_render, opts.target, "cannot add titles and text to the SVG: Cairo wrote its shapes in a way hp2ps-ng "
                                    "does not know (a different Cairo version?)");
  }
  return out;
}

}  // namespace hpng
