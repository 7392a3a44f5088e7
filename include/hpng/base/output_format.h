// The output formats and their names: one table, used for --format, for
// the format an output's extension asks for, and in messages.
#pragma once
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace hpng {

enum class OutputFormat { ps, eps, pdf, svg, png, json, csv, text, html, markdown };

// Every format with its names: the first is also its file extension (text
// is also called "text").
const std::vector<std::pair<std::string_view, OutputFormat>>& output_formats();

// The format named `name` ("ps", "svg", ...; lower case), if any.
std::optional<OutputFormat> known_format(std::string_view name);

const char* format_extension(OutputFormat f);  // "ps", "svg", ...
const char* format_name(OutputFormat f);       // "PostScript", "SVG", ...
// What the format is for, in a few words (--help, the completions).
const char* format_meaning(OutputFormat f);

// JSON, CSV and the reports (text, Markdown): figures, not a picture (no
// .aux, no fonts).
bool is_data_format(OutputFormat f);

}  // namespace hpng
