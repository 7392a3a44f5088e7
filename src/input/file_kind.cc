// See file_kind.h. Each kind is recognised by the bytes it starts with or,
// for text, by lines only it has.
#include "hpng/input/file_kind.h"

#include "hpng/base/diag.h"

#include <algorithm>
#include <re2/re2.h>

namespace hpng {

namespace {

struct Magic {
  std::string_view start;
  const char* what;
};

constexpr Magic kMagic[] = {
    {"%PDF-", "a PDF document"},
    {"%!PS", "PostScript (hp2ps's output?)"},
    {"\x89PNG", "a PNG image"},
    // (gzip, xz and zstd are decompressed as they are read: input.cc)
    {"BZh", "bzip2-compressed (decompress it first: bunzip2; gzip, xz and zstd are read as they are)"},
    {"PK\x03\x04", "a zip archive"},
    {"\x7f" "ELF", "a program (run it with +RTS -hT, or -hc on a profiled build, to get its profile)"},
    {"X_RANGE", "an hp2ps .aux file"},
    {"<?xml", "an XML or SVG file"},
    {"<svg", "an SVG picture"},
    {"<!DOCTYPE html", "an HTML page"},
    {"<!doctype html", "an HTML page"},
    {"<html", "an HTML page"},
};

std::string text_kind(std::string_view bytes) {
  re2::StringPiece head(bytes.data(), std::min<size_t>(bytes.size(), 4096));
  static const re2::RE2 time_profile("Time and Allocation Profiling Report"), json_profile("\"cost_centres\"|\"profile\"\\s*:"),
      haskell("(?m)^(module [A-Z]|import [A-Z]|[a-z][A-Za-z0-9_']* ::|\\{-# |main = )");
  if (re2::RE2::PartialMatch(head, time_profile)) return "a GHC time profile (.prof, from +RTS -p)";
  if (re2::RE2::PartialMatch(head, json_profile)) return "a GHC JSON time profile (+RTS -pj)";
  if (re2::RE2::PartialMatch(head, haskell)) return "Haskell source code";
  return "";
}

// Text in which no line begins as a .hp's do (JOB, as GHC writes first,
// or another header word: a .hp with a stray first line is a damaged
// profile, said where); a file being written may hold part of a line.
bool foreign_text(std::string_view bytes) {
  static constexpr std::string_view kWords[] = {"JOB", "DATE", "SAMPLE_UNIT", "VALUE_UNIT", "MARK", "BEGIN_SAMPLE"};
  for (size_t at = 0; at < bytes.size();) {
    size_t eol = bytes.find('\n', at);
    std::string_view line = bytes.substr(at, eol == std::string_view::npos ? std::string_view::npos : eol - at);
    size_t start = line.find_first_not_of(" \t\r");
    std::string_view word = start == std::string_view::npos ? "" : line.substr(start, line.find_first_of(" \t\r", start) - start);
    bool whole = eol != std::string_view::npos || word.size() < line.size() - start;
    if (!word.empty() && std::any_of(std::begin(kWords), std::end(kWords), [&](std::string_view k) {
          return whole ? word == k : k.starts_with(word);
        })) {
      return false;
    }
    if (eol == std::string_view::npos) break;
    at = eol + 1;
  }
  return bytes.find_first_not_of(" \t\r\n") != std::string_view::npos;
}

bool binary(std::string_view bytes) {
  std::string_view head = bytes.substr(0, 64);
  return std::any_of(head.begin(), head.end(), [](char c) {
    return c != '\t' && c != '\n' && c != '\r' && static_cast<unsigned char>(c) < 0x20;
  });
}

}  // namespace

std::string not_a_profile(std::string_view bytes, bool as_hp) {
  if (as_hp && bytes.starts_with("hdrb")) return "this is a GHC eventlog, not a .hp file (leave out --input-format hp)";
  if (!as_hp && bytes.starts_with("JOB")) {
    return "this is a .hp heap profile, not an eventlog (leave out --input-format eventlog)";
  }
  std::string what;
  for (const Magic& m : kMagic) {
    if (bytes.starts_with(m.start)) what = m.what;
  }
  if (what.empty()) what = text_kind(bytes);
  if (what.empty() && binary(bytes)) what = "binary data";
  if (what.empty() && as_hp && foreign_text(bytes)) {
    return "this is a text file, not a heap profile: a .hp starts with a JOB \"program\" line (then DATE, "
           "SAMPLE_UNIT, VALUE_UNIT and BEGIN_SAMPLE blocks), a GHC eventlog with the bytes hdrb";
  }
  if (what.empty()) return "";
  return "this is " + what + ", not a heap profile: hp2ps-ng reads .hp heap profiles (+RTS -hT, -hc, -hy, ...) "
         "and GHC eventlogs (+RTS -l)";
}

void refuse_plainly_not_a_profile(std::string_view first, const std::string& name) {
  std::string_view head = first.substr(0, 4096);
  if (head.empty() || head.starts_with("hdrb")) return;
  std::string other = not_a_profile(head, true);
  if (!other.empty()) throw file_error(Code::not_a_profile, name, other);
}

}  // namespace hpng
