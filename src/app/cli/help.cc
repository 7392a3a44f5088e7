// --help and -h, made from the option table and the letter table: each
// option under its group, its value named for what it is (SIZE, SECONDS,
// FILE, REGEX), lines within 100 columns.
#include <algorithm>

#include "app/cli/cli.h"

namespace hpng {

namespace {

constexpr size_t kColumns = 100, kNames = 30;

// `text` wrapped at kColumns, later lines indented to `indent`.
std::string wrapped(const std::string& text, size_t indent, size_t first_used) {
  std::string out;
  size_t used = first_used;
  for (size_t at = 0; at < text.size();) {
    size_t end = std::min(text.find(' ', at), text.size());
    std::string word = text.substr(at, end - at);
    if (used > indent && used + 1 + word.size() > kColumns) out += "\n" + std::string(indent, ' '), used = indent;
    else if (used > indent) out += ' ', ++used;
    out += word, used += word.size();
    at = end + 1;
  }
  return out + "\n";
}

// "  -o, --output FILE", padded to the help's column (or alone on its line).
std::string entry(const OptionDef& d) {
  std::string names;
  for (char c : d.names) names += c == ',' ? std::string(", ") : std::string(1, c);
  std::string left = "  " + std::string(names.starts_with("--") ? "    " : "") + names + (d.value.empty() ? "" : " " + d.value);
  std::string help = d.help;
  if (!d.choices.empty()) {
    std::string words;
    for (const Choice& c : d.choices) words += (words.empty() ? "" : ", ") + c.word;
    help += ". " + d.value + ": " + words;
  }
  if (left.size() + 2 > kNames) return left + "\n" + std::string(kNames, ' ') + wrapped(help, kNames, kNames);
  return left + std::string(kNames - left.size(), ' ') + wrapped(help, kNames, kNames);
}

const char* kUsage =
    "Usage: hp2ps-ng [OPTIONS] [PROFILE...]            draw GHC heap profiles (.hp files, eventlogs)\n"
    "       hp2ps-ng --record [OPTIONS] -- PROG [ARGS...]  run a GHC program and find its leak\n"
    "\n"
    "A drop-in for hp2ps, whose letters work as in hp2ps (-c -m10 -e6in -t0.5 -i- -pc); also PDF, SVG,\n"
    "PNG, a page to explore a profile, JSON and CSV exports, and a report of the bands that leak.\n"
    "A PROFILE is a .hp or an eventlog (gzip, xz, zstd too); `prof` reads prof.hp; none: stdin to stdout.\n"
    "Several PROFILEs are each drawn as one run would draw them (--compare, --diff: together).\n";

std::string letters_part(const std::vector<Letter>& letters) {
  std::string out = "\nhp2ps's letters, one per argument with its value attached (-m10, not -m 10; -p may be followed\n"
                    "by another letter: -pc):\n";
  for (const Letter& l : letters) {
    std::string left = "  " + l.shown;
    out += left + std::string(kNames - std::min(kNames - 1, left.size()), ' ') + l.option + "\n";
  }
  return out;
}

const char* kFooter =
    "\nFiles: `hp2ps-ng prof` reads prof.hp and writes ./prof.ps and ./prof.aux; an eventlog prog.eventlog\n"
    "writes ./prog.eventlog.ps; the .aux goes beside the output, as do a CSV's -hi records (out.ipe.csv).\n"
    "Exit status: 0 success; 1 bad input or a failed write; 2 usage error; 3 a limit exceeded\n"
    "(--max-peak, --max-growth, --fail-on-leak: the outputs are written); 4 --record's program failed,\n"
    "or its RTS refuses what --record asks (what the program wrote is drawn).\n"
    "More: man hp2ps-ng.\n";

}  // namespace

std::string help_text(const OptionTable& table, const std::vector<Letter>& letters, bool full) {
  std::string out = kUsage;
  for (Group g : {Group::input, Group::output, Group::hp2ps, Group::selection, Group::several, Group::recording, Group::gates}) {
    std::string part;
    for (const OptionDef& d : table) {
      if (d.group == g && (full || d.common)) part += entry(d);
    }
    if (!part.empty()) out += std::string("\n") + group_title(g) + ":\n" + part;
  }
  if (!full) {
    return out + "\nFind a leak in one command: hp2ps-ng --record -- ./prog ARGS (prog linked with -rtsopts).\n"
                 "Every option: hp2ps-ng --help; the manual: man hp2ps-ng.\n";
  }
  out += "\nHelp:\n  -h                          the common options\n  --help                      every option\n"
         "  --version                   hp2ps-ng's version\n";
  return out + letters_part(letters) + kFooter;
}

}  // namespace hpng
