// Shell completions made from the option table CLI11 holds, the one --help
// is made from, so that an option added there completes without a second
// list: its long and short names, whether it takes a value, and what the
// value may be (a file, or one of a few words).
#include <CLI/CLI.hpp>

#include "app/cli.h"
#include "hpng/base/output_format.h"
#include "hpng/shade/shade.h"

namespace hpng {

namespace {

// hp2ps's letters, which are read before CLI11 sees the line.
const char* const kLetters[] = {"-b", "-s", "-c", "-d", "-i", "-g", "-l", "-M", "-p", "-y", "-m", "-t", "-e"};

struct Option {
  std::vector<std::string> names;  // "--format", "-o"
  bool value = false;
  std::vector<std::string> words;  // the values it takes, when they are few
  bool file = false;               // its value is a file
  std::string about;               // the first sentence of its help
};

std::vector<std::string> value_words(const std::string& name) {
  std::vector<std::string> out;
  if (name == "--format") {
    for (const auto& [word, format] : output_formats()) out.emplace_back(word);
  }
  if (name == "--palette") out = palette_names();
  if (name == "--input-format") out = {"auto", "hp", "eventlog"};
  if (name == "--breakdown") out = {"T", "c", "y", "d", "m", "r", "b", "i", "e"};
  if (name == "--sort-name") out = {"asc", "desc"};
  return out;
}

// What zsh's _arguments may hold in a description: no brackets, colons,
// quotes or backslashes.
std::string about(const std::string& help) {
  std::string s = help.substr(0, std::min(help.find(". "), help.find(": ")));
  if (s.size() > 70) s = s.substr(0, s.rfind(' ', 66)) + " ...";
  std::string out;
  for (char c : s) {
    if (std::string_view("[]:'\\\"`$").find(c) == std::string_view::npos) out += c;
  }
  return out;
}

std::vector<Option> options(const CLI::App& app) {
  std::vector<Option> out;
  for (const CLI::Option* o : app.get_options()) {
    Option opt;
    for (const std::string& n : o->get_lnames()) opt.names.push_back("--" + n);
    if (opt.names.empty() || opt.names[0] == "--completions") continue;  // the positional file; this one
    for (const std::string& n : o->get_snames()) opt.names.push_back("-" + n);
    opt.value = o->get_expected_min() > 0 && opt.names[0] != "--watch";  // its interval only ever attached: --watch=5
    opt.words = value_words(opt.names[0]);
    opt.file = opt.value && opt.words.empty() &&
               (opt.names[0] == "--output" || opt.names[0] == "--aux" || opt.names[0] == "--ipe" || opt.names[0] == "--baseline");
    opt.about = about(o->get_description());
    out.push_back(opt);
  }
  return out;
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

// A value's case in _hp2ps_ng: its words, files, or nothing (a number).
std::string bash_case(const Option& o) {
  std::string names;
  for (const std::string& n : o.names) names += (names.empty() ? "" : "|") + n;
  if (!o.words.empty()) return "    " + names + ") COMPREPLY=($(compgen -W '" + joined(o.words) + "' -- \"$cur\")); return ;;\n";
  if (o.file) return "    " + names + ") COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n";
  return "    " + names + ") return ;;\n";
}

std::string bash(const std::vector<Option>& opts) {
  std::string all = joined(std::vector<std::string>(std::begin(kLetters), std::end(kLetters))), cases;
  for (const Option& o : opts) {
    all += " " + joined(o.names);
    if (o.value) cases += bash_case(o);
  }
  return "# bash completion for hp2ps-ng (made by hp2ps-ng --completions bash)\n"
         "_hp2ps_ng() {\n"
         "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} i\n"
         "  for ((i = 1; i < COMP_CWORD; i++)); do  # --record -- PROG ARGS: the program's own\n"
         "    if [[ ${COMP_WORDS[i]} == -- ]]; then COMPREPLY=($(compgen -c -f -- \"$cur\")); return; fi\n"
         "  done\n"
         "  case $prev in\n" + cases + "  esac\n"
         "  if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W '" + all + "' -- \"$cur\")); return; fi\n"
         "  COMPREPLY=($(compgen -f -- \"$cur\"))\n"
         "}\n"
         "complete -o filenames -F _hp2ps_ng hp2ps-ng\n";
}

std::string zsh_spec(const Option& o, const std::string& name) {
  std::string spec = "'" + name + "[" + o.about + "]";
  if (!o.value) return spec + "'";
  if (!o.words.empty()) return spec + ":value:(" + joined(o.words) + ")'";
  return spec + (o.file ? ":file:_files'" : ":value: '");
}

std::string zsh(const std::vector<Option>& opts) {
  std::string specs;
  for (const char* letter : kLetters) specs += "  '" + std::string(letter) + "[hp2ps option]' \\\n";
  for (const Option& o : opts) {
    for (const std::string& n : o.names) specs += "  " + zsh_spec(o, n) + " \\\n";
  }
  return "#compdef hp2ps-ng\n# zsh completion for hp2ps-ng (made by hp2ps-ng --completions zsh)\n"
         "_arguments -s \\\n" + specs + "  '*:profile:_files'\n";
}

}  // namespace

std::string completion_script(const CLI::App& app, const std::string& shell) {
  return shell == "zsh" ? zsh(options(app)) : bash(options(app));
}

}  // namespace hpng
