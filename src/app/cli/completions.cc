// Shell completions made from the option table --help is made from, so
// that an option added there completes without a second list: its names,
// whether it takes a value, and what the value may be (a file, or one of a
// few words, each with what it means where the shell can show it: zsh).
// Both complete hp2ps-ng and hp2ps, the name the package also installs.
#include "app/cli/cli.h"

namespace hpng {

namespace {

// What zsh's _arguments may hold in a description: no quotes, brackets,
// colons, backslashes or dollars.
std::string plain(const std::string& text, size_t most = 70) {
  std::string s = text.substr(0, std::min(text.find(". "), text.find(": ")));
  if (s.size() > most) s = s.substr(0, s.rfind(' ', most - 4)) + " ...";
  std::string out;
  for (char c : s) {
    if (std::string_view("[]:'\\\"`$()").find(c) == std::string_view::npos) out += c;
  }
  return out;
}

std::vector<std::string> names_of(const OptionDef& d) {
  std::vector<std::string> out;
  for (size_t at = 0; at <= d.names.size();) {
    size_t end = std::min(d.names.find(',', at), d.names.size());
    out.push_back(d.names.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

std::string joined(const std::vector<std::string>& words, const char* between = " ") {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : between) + w;
  return out;
}

// A value's case in _hp2ps_ng: its words, files, or nothing (a number).
// Files come from a glob of the word typed, quoted so that a '*' in it is
// no pattern: a name with a space, a '*' or a newline stays one name,
// quoted when it is put in (-o filenames; bash quotes a newline in '...').
std::string bash_case(const OptionDef& d) {
  std::string names = joined(names_of(d), "|");
  std::vector<std::string> words;
  for (const Choice& c : d.choices) words.push_back(c.word);
  if (!words.empty()) return "    " + names + ") mapfile -t COMPREPLY < <(compgen -W '" + joined(words) + "' -- \"$cur\"); return ;;\n";
  if (d.file) return "    " + names + ") _hp2ps_ng_files; return ;;\n";
  return "    " + names + ") return ;;\n";
}

std::string bash(const OptionTable& table, const std::vector<Letter>& letters) {
  std::string all = "-h --help --version", cases;
  for (const Letter& l : letters) all += " -" + std::string(1, l.letter);
  for (const OptionDef& d : table) {
    all += " " + joined(names_of(d));
    if (!d.value.empty()) cases += bash_case(d);
  }
  return "# bash completion for hp2ps-ng and hp2ps (made by hp2ps-ng --completions bash)\n"
         "_hp2ps_ng_files() {  # each name whole (compgen prints one a line); ~ as compgen expands it\n"
         "  local f\n"
         "  COMPREPLY=()\n"
         "  if [[ $cur == \\~* ]]; then mapfile -t COMPREPLY < <(compgen -f -- \"$cur\"); return; fi\n"
         "  for f in \"$cur\"*; do [[ -e $f || -L $f ]] && COMPREPLY+=(\"$f\"); done\n"
         "}\n"
         "_hp2ps_ng_profiles() {  # a profile by its name's end (compressed too), or a folder to go into\n"
         "  local f all\n"
         "  _hp2ps_ng_files; all=(\"${COMPREPLY[@]}\"); COMPREPLY=()\n"
         "  for f in \"${all[@]}\"; do\n"
         "    case $f in\n"
         "      *.hp|*.eventlog|*.hp.gz|*.hp.xz|*.hp.zst|*.eventlog.gz|*.eventlog.xz|*.eventlog.zst) COMPREPLY+=(\"$f\") ;;\n"
         "      *) [[ -d $f ]] && COMPREPLY+=(\"$f\") ;;\n"
         "    esac\n"
         "  done\n"
         "}\n"
         "_hp2ps_ng_program() {  # after --: a command on PATH, or an executable (a folder to go into), each once\n"
         "  local f all\n"
         "  if [[ $cur != */* && $cur != .* && $cur != \\~* ]]; then mapfile -t COMPREPLY < <(compgen -c -- \"$cur\" | sort -u); return; fi\n"
         "  _hp2ps_ng_files; all=(\"${COMPREPLY[@]}\"); COMPREPLY=()\n"
         "  for f in \"${all[@]}\"; do [[ -d $f || ( -f $f && -x $f ) ]] && COMPREPLY+=(\"$f\"); done\n"
         "}\n"
         "_hp2ps_ng() {\n"
         "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} i\n"
         "  for ((i = 1; i < COMP_CWORD; i++)); do  # --record -- PROG ARGS: the program, then its own words\n"
         "    if [[ ${COMP_WORDS[i]} == -- ]]; then\n"
         "      if ((i == COMP_CWORD - 1)); then _hp2ps_ng_program; else _hp2ps_ng_files; fi\n"
         "      return\n"
         "    fi\n"
         "  done\n"
         "  case $prev in\n" + cases + "  esac\n"
         "  if [[ $cur == -* ]]; then mapfile -t COMPREPLY < <(compgen -W '" + all + "' -- \"$cur\"); return; fi\n"
         "  _hp2ps_ng_profiles\n"
         "}\n"
         "complete -o filenames -F _hp2ps_ng hp2ps-ng hp2ps\n";
}

// "'--format[What to write]:FORMAT:((ps\:"PostScript" ...))'"
std::string zsh_spec(const OptionDef& d, const std::string& name) {
  std::string spec = "'" + name + "[" + plain(d.help) + "]";
  if (d.value.empty()) return spec + "'";
  if (!d.choices.empty()) {
    std::string words;
    for (const Choice& c : d.choices) words += (words.empty() ? "" : " ") + c.word + "\\:\"" + plain(c.meaning, 50) + "\"";
    return spec + ":" + d.value + ":((" + words + "))'";
  }
  return spec + ":" + d.value + (d.file ? ":_files'" : ": '");
}

std::string zsh(const OptionTable& table, const std::vector<Letter>& letters) {
  std::string specs;
  for (const Letter& l : letters) specs += "  '-" + std::string(1, l.letter) + "[hp2ps " + plain(l.shown) + ", that is " + plain(l.option) + "]' \\\n";
  for (const OptionDef& d : table) {
    for (const std::string& n : names_of(d)) specs += "  " + zsh_spec(d, n) + " \\\n";
  }
  return "#compdef hp2ps-ng hp2ps\n# zsh completion for hp2ps-ng and hp2ps (made by hp2ps-ng --completions zsh)\n"
         "_arguments -s \\\n  '--help[every option]' \\\n  '--version[the version]' \\\n" + specs + "  '*:profile:_files'\n";
}

}  // namespace

std::string completion_script(const OptionTable& table, const std::vector<Letter>& letters, const std::string& shell) {
  return shell == "zsh" ? zsh(table, letters) : bash(table, letters);
}

}  // namespace hpng
