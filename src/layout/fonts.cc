// Bundled fonts through a private fontconfig configuration, so output never
// depends on the machine's fonts. Looked for in HP2PS_NG_FONT_DIR, then
// beside the executable (<prefix>/bin/../share/hp2ps-ng/fonts, so an install
// works wherever it is put), then the configured install folder, then the
// source tree's fonts/ for an uninstalled binary.
#include <dirent.h>
#include <fontconfig/fontconfig.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <map>
#include <string>
#include <thread>

#include "hpng/layout/fonts.h"

#include "hpng/base/diag.h"
#include "layout/text_metrics.h"

namespace hpng {

namespace {

bool is_dir(const std::string& p) {
  struct stat st;
  return ::stat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::string font_dir() {
  if (const char* env = std::getenv("HP2PS_NG_FONT_DIR"); env && *env) return env;
  char exe[4096];
  ssize_t n = ::readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 0) {
    std::string path(exe, static_cast<size_t>(n));
    std::string beside = path.substr(0, path.rfind('/')) + "/../share/hp2ps-ng/fonts";
    if (is_dir(beside)) return beside;
  }
  if (is_dir(HPNG_INSTALL_FONT_DIR)) return HPNG_INSTALL_FONT_DIR;
  return HPNG_BUILD_FONT_DIR;
}

// Each font file is added by name: adding the folder would make fontconfig
// write a cache for it, and complain on every run where it cannot.
bool add_font_files(FcConfig* cfg, const std::string& dir) {
  int added = 0;
  if (DIR* d = ::opendir(dir.c_str())) {
    while (dirent* e = ::readdir(d)) {
      std::string name = e->d_name;
      if (!name.ends_with(".otf") && !name.ends_with(".ttf")) continue;
      std::string path = dir + "/" + name;
      added += FcConfigAppFontAddFile(cfg, reinterpret_cast<const FcChar8*>(path.c_str())) ? 1 : 0;
    }
    ::closedir(d);
  }
  return added > 0;
}

PangoFontMap* make_font_map() {
  std::string dir = font_dir();
  FcConfig* cfg = FcConfigCreate();
  std::string conf = dir + "/fonts.conf";
  if (!FcConfigParseAndLoad(cfg, reinterpret_cast<const FcChar8*>(conf.c_str()), FcTrue) || !add_font_files(cfg, dir)) {
    throw file_error(Code::no_fonts, conf, "cannot load the bundled fonts (set HP2PS_NG_FONT_DIR to hp2ps-ng's fonts folder)");
  }
  FcConfigSetCurrent(cfg);
  FcConfigDestroy(cfg);  // the current-config reference keeps it alive
  return pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
}

// Made once, by whichever thread asks first (a local static's start is
// thread-safe, and one that throws is tried again by the next caller).
PangoContext* shared_context() {
  static PangoContext* ctx = [] {
    PangoFontMap* map = make_font_map();
    PangoContext* c = pango_font_map_create_context(map);
    cairo_font_options_t* fo = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
    pango_cairo_context_set_font_options(c, fo);
    cairo_font_options_destroy(fo);
    pango_cairo_context_set_resolution(c, 72);
    pango_context_set_round_glyph_positions(c, FALSE);
    return c;
  }();
  return ctx;
}

// The thread of preload_fonts(), joined before anyone else uses Pango (which
// is not safe to use from two threads at once) or, unused, at exit.
struct Preload {
  std::thread thread;
  bool started = false;
  void wait() {
    if (thread.joinable()) thread.join();
  }
  ~Preload() { wait(); }
};

Preload& preload() {
  static Preload p;
  return p;
}

double measure(PangoContext* ctx, const std::string& text, double size) {
  PangoLayout* layout = make_text_layout(ctx, text, size);
  PangoRectangle logical;
  pango_layout_get_extents(layout, nullptr, &logical);
  g_object_unref(layout);
  return static_cast<double>(logical.width) / PANGO_SCALE;
}

}  // namespace

// Loading the font and shaping the first text cost a few milliseconds that
// otherwise wait until the layout. Once per process (a --watch run renders
// many times); a failure is left for the layout to meet and report.
void preload_fonts() {
  Preload& p = preload();
  if (p.started || std::thread::hardware_concurrency() < 2) return;
  p.started = true;
  p.thread = std::thread([] {
    try {
      measure(shared_context(), "0123456789 OTHER", 10);
    } catch (...) {
    }
  });
}

// Only the main thread measures and draws text.
PangoContext* text_context() {
  preload().wait();
  return shared_context();
}

PangoLayout* make_text_layout(PangoContext* ctx, const std::string& text, double size) {
  PangoLayout* layout = pango_layout_new(ctx);
  PangoFontDescription* fd = pango_font_description_from_string("Nimbus Sans");
  pango_font_description_set_absolute_size(fd, size * PANGO_SCALE);
  pango_layout_set_font_description(layout, fd);
  pango_font_description_free(fd);
  pango_layout_set_text(layout, text.c_str(), static_cast<int>(text.size()));
  // hp2ps's PostScript `show` neither kerns nor forms ligatures; neither do
  // we, so that text advances exactly as in hp2ps's pictures.
  PangoAttrList* attrs = pango_attr_list_new();
  pango_attr_list_insert(attrs, pango_attr_font_features_new("kern 0, liga 0, clig 0"));
  pango_layout_set_attributes(layout, attrs);
  pango_attr_list_unref(attrs);
  return layout;
}

// A chart measures the same strings again and again (tick labels, the date
// while fitting, names while shortening): half the measurements of a small
// profile repeat one. Bounded, for a --watch that runs for days.
double text_width(const std::string& text, double size) {
  static std::map<std::pair<double, std::string>, double> widths;
  auto key = std::make_pair(size, text);
  if (auto it = widths.find(key); it != widths.end()) return it->second;
  if (widths.size() >= 4096) widths.clear();
  double w = measure(text_context(), text, size);
  widths.emplace(std::move(key), w);
  return w;
}

}  // namespace hpng
