# Writes OUTPUT, a C++ header holding the HTML page's style sheet (STYLE)
# and script (SCRIPT) as string constants, so that the binary needs no
# file beside it. Run by CMake at build time (cmake -P).
file(READ "${STYLE}" style)
file(READ "${SCRIPT}" script)
foreach(text style script)
  string(FIND "${${text}}" ")hpng_asset\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${text} contains the raw string's delimiter")
  endif()
endforeach()
file(WRITE "${OUTPUT}.tmp"
  "// Made by src/output/html/embed.cmake from page.css and page.js: edit those.\n"
  "#pragma once\n#include <string_view>\nnamespace hpng {\n"
  "constexpr std::string_view kPageStyle = R\"hpng_asset(${style})hpng_asset\";\n"
  "constexpr std::string_view kPageScript = R\"hpng_asset(${script})hpng_asset\";\n"
  "}  // namespace hpng\n")
configure_file("${OUTPUT}.tmp" "${OUTPUT}" COPYONLY)  # rewritten only when it changes
