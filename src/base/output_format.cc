// See output_format.h.
#include "hpng/base/output_format.h"

namespace hpng {

const std::vector<std::pair<std::string_view, OutputFormat>>& output_formats() {
  static const std::vector<std::pair<std::string_view, OutputFormat>> table = {
      {"ps", OutputFormat::ps},   {"eps", OutputFormat::eps},   {"pdf", OutputFormat::pdf}, {"svg", OutputFormat::svg},
      {"png", OutputFormat::png}, {"json", OutputFormat::json}, {"csv", OutputFormat::csv},
      {"txt", OutputFormat::text}, {"text", OutputFormat::text}, {"html", OutputFormat::html},
      {"md", OutputFormat::markdown}, {"markdown", OutputFormat::markdown}};
  return table;
}

std::optional<OutputFormat> known_format(std::string_view name) {
  for (const auto& [n, f] : output_formats()) {
    if (n == name) return f;
  }
  return std::nullopt;
}

const char* format_extension(OutputFormat f) {
  for (const auto& [n, g] : output_formats()) {
    if (g == f) return n.data();
  }
  return "ps";
}

const char* format_name(OutputFormat f) {
  switch (f) {
    case OutputFormat::ps: return "PostScript";
    case OutputFormat::eps: return "EPS";
    case OutputFormat::pdf: return "PDF";
    case OutputFormat::svg: return "SVG";
    case OutputFormat::png: return "PNG";
    case OutputFormat::json: return "JSON";
    case OutputFormat::csv: return "CSV";
    case OutputFormat::text: return "text";
    case OutputFormat::html: return "HTML";
    case OutputFormat::markdown: return "Markdown";
  }
  return "PostScript";
}

const char* format_meaning(OutputFormat f) {
  switch (f) {
    case OutputFormat::ps: return "PostScript, as hp2ps writes it";
    case OutputFormat::eps: return "encapsulated PostScript";
    case OutputFormat::pdf: return "a PDF picture";
    case OutputFormat::svg: return "an SVG picture";
    case OutputFormat::png: return "a PNG picture";
    case OutputFormat::json: return "the band/time matrix as JSON";
    case OutputFormat::csv: return "the band/time matrix as CSV";
    case OutputFormat::text: return "a report of the bands that leak";
    case OutputFormat::html: return "a page to explore the profile in a browser";
    case OutputFormat::markdown: return "the report as Markdown, for a CI summary";
  }
  return "";
}

bool is_data_format(OutputFormat f) {
  return f == OutputFormat::json || f == OutputFormat::csv || f == OutputFormat::text || f == OutputFormat::markdown;
}

}  // namespace hpng
