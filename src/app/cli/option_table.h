// The option table: every option once, with its names, what its value is
// (a placeholder, its words and what each means, whether it names a
// file), its place in --help, its default, and the field of Options it
// fills, converted (50M to bytes, 6in to points). CLI11's parser, --help
// and -h, the shells' completions, hp2ps's letters (which options take the
// next word) and the suggestions for a mistyped option all read it.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "app/cli/options.h"

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace hpng {

// Where --help lists an option.
enum class Group { input, output, hp2ps, selection, several, recording, gates, help };
const char* group_title(Group g);

struct Choice {
  std::string word, meaning;
};

struct OptionDef {
  std::string names;             // "-o,--output": a short name first, if any
  std::string value;             // what --help calls the value: "FILE", "SIZE", ...; "" for a flag
  Group group;
  std::string help;              // one sentence, then more; the first shows in -h and in zsh
  std::vector<Choice> choices;   // the words the value may be, when they are few
  bool file = false;             // the value names a file (completed as one)
  bool common = false;           // also in -h
  // Adds the option, bound to its field of `o`, to `app` under `names`.
  std::function<CLI::Option*(CLI::App& app, const std::string& names, Options& o)> bind;
};

using OptionTable = std::vector<OptionDef>;
const OptionTable& option_table();

// Every option of `table` into `app`, bound to `o`: CLI11 checks and
// converts each value as the table says; an empty value is refused.
void define_options(CLI::App& app, const OptionTable& table, Options& o);

// The entry whose names hold `name` ("--format", "-o"), or none.
const OptionDef* find_option(const OptionTable& table, const std::string& name);

// The long names of the table ("--output"), in its order.
std::vector<std::string> long_names(const OptionTable& table);

// The word of `words` nearest `typed` (one edit in four letters at most),
// or "".
std::string nearest(const std::string& typed, const std::vector<std::string>& words);

}  // namespace hpng
