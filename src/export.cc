// JSON and CSV of the band/time matrix after processing: what would be
// drawn, in drawing order, unscaled.
#include "hpng/export.h"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "hpng/text.h"

namespace hpng {

namespace {

// Whole numbers as integers (4000000000, not 4e+09); others shortest.
void append_number(std::string& out, double v) {
  char buf[64];
  std::to_chars_result r;
  if (v == std::trunc(v) && std::fabs(v) < 1e17) {
    r = std::to_chars(buf, buf + sizeof buf, static_cast<long long>(v));
  } else {
    r = std::to_chars(buf, buf + sizeof buf, v);
  }
  out.append(buf, r.ptr);
}

void append_json_string(std::string& out, const std::string& raw) {
  std::string s = to_valid_utf8(raw);
  out += '"';
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

void append_array(std::string& out, const std::vector<double>& v) {
  out += '[';
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) out += ", ";
    append_number(out, v[i]);
  }
  out += ']';
}

void append_csv_field(std::string& out, const std::string& raw) {
  std::string s = to_valid_utf8(raw);
  if (s.find_first_of(",\"\r\n") == std::string::npos) {
    out += s;
    return;
  }
  out += '"';
  for (char c : s) {
    out += c;
    if (c == '"') out += '"';
  }
  out += '"';
}

}  // namespace

std::string matrix_json(const BandMatrix& m) {
  std::string out = "{\"job\": ";
  append_json_string(out, m.header.job);
  out += ", \"date\": ";
  append_json_string(out, m.header.date);
  out += ", \"sample_unit\": ";
  append_json_string(out, m.header.sample_unit);
  out += ", \"value_unit\": ";
  append_json_string(out, m.header.value_unit);
  out += ", \"input_format\": ";
  append_json_string(out, m.header.input_format);
  if (m.percent) out += ", \"percent\": true";
  out += ",\n \"times\": ";
  append_array(out, m.times);
  out += ",\n \"bands\": [";
  for (size_t i = 0; i < m.bands.size(); ++i) {
    out += i ? ",\n   {\"name\": " : "\n   {\"name\": ";
    append_json_string(out, m.bands[i].name);
    out += ", \"values\": ";
    append_array(out, m.bands[i].values);
    out += '}';
  }
  out += "],\n \"total\": ";
  append_number(out, std::trunc(m.total));
  out += ",\n \"marks\": ";
  append_array(out, m.marks);
  out += "}\n";
  return out;
}

std::string matrix_csv(const BandMatrix& m) {
  std::string out = "time";
  for (const Band& b : m.bands) {
    out += ',';
    append_csv_field(out, b.name);
  }
  out += '\n';
  for (size_t k = 0; k < m.times.size(); ++k) {
    append_number(out, m.times[k]);
    for (const Band& b : m.bands) {
      out += ',';
      append_number(out, b.values[k]);
    }
    out += '\n';
  }
  return out;
}

}  // namespace hpng
