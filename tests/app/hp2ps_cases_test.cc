// Every crafted case of docs/hp2ps-cases (copied to tests/data), run through
// the hp2ps-ng executable exactly as the case ran hp2ps: each either does
// what its .expected.txt recorded (exit status, message and line, files
// written, bands in the key bottom to top, title total) or is listed in
// kDepartures below with what we do instead and why. The same table is in
// README.md ("Differences from hp2ps").
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <sstream>

#include "base/text.h"
#include "hpng/layout/layout.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

struct Expected {
  std::string command;  // after "$ ", note removed
  int exit = -1;
  std::string err;      // hp2ps's stderr line, if any
  bool has_title = false;
  std::string total;    // title total text
  bool key_none = false;
  std::vector<std::string> key;  // names bottom to top
  int drawn = -1;       // bands drawn, when no key
  std::vector<std::string> files;  // non-empty files written
};

struct Departure {
  const char* case_name;
  const char* command_part;  // matches when the command contains this
  int our_exit;              // what hp2ps-ng exits with
  bool same_bands;           // bands and total still equal hp2ps's
  bool same_line;            // error line number still equal hp2ps's
  const char* why;
  bool writes_files = false;  // a failed run still writes the files hp2ps writes
};

const Departure kDepartures[] = {
    {"incomplete-last-sample", "incomplete-last-sample.hp", 0, false, true,
     "an incomplete final sample is dropped with a warning; hp2ps aborts with 'bucket out of range'"},
    {"incomplete-last-sample-trace-only", "-t0", 0, false, true,
     "an incomplete final sample is dropped with a warning; hp2ps aborts with 'bucket out of range'"},
    {"data-after-last-sample", "data-after", 0, false, true,
     "data after the last END_SAMPLE is dropped with a warning; hp2ps aborts with 'bucket out of range'"},
    {"ident-starting-with-digit", "-p", 0, true, true,
     "names starting with a digit are read back from the .aux; hp2ps wrote them but could not read them"},
    {"all-zero-values", "", 0, false, true,
     "an all-zero profile keeps its bands (drawn flat, listed in the key); hp2ps's 0/0 share removed every band"},
    {"many-bands-25", "-m-3", 2, false, true, "a negative -m is a usage error; hp2ps drew an empty graph"},
    {"many-bands-25", "-m many", 2, false, true,
     "-m without a number is a usage error (-m0 means no limit); hp2ps took it as -m0, so `-m $UNSET` drew every band"},
    {"many-bands-25", "-mabc", 2, false, true, "-m with a value that is not a number is a usage error; hp2ps took it as -m0"},
    {"manpage-example", "-x ", 2, false, true, "a wrong option exits 2 with the message on stderr; hp2ps printed usage to stdout and exited 0"},
    {"manpage-example", "-t6", 2, false, true, "out-of-range -t exits 2 (hp2ps: usage, exit 0)"},
    {"manpage-example", "-t-1", 2, false, true, "out-of-range -t exits 2 (hp2ps: usage, exit 0)"},
    {"manpage-example", "-pt6", 2, false, true, "out-of-range -t exits 2 (hp2ps: usage, exit 0)"},
    {"manpage-example", "-e2in", 2, false, true, "-e of 2in or less exits 2 (hp2ps: usage, exit 0)"},
    {"manpage-example", "-e manpage", 2, false, true, "-e without a width exits 2 (hp2ps: usage, exit 0)"},
    {"manpage-example", "manpage-example.hp -c", 0, true, true,
     "options after the file name are honoured (-c draws in colour); hp2ps ignored them"},
    {"manpage-example", "other.hp", 1, false, true,
     "every file named is drawn as its own run would draw it (hp2ps drew the first and ignored the rest): the first's "
     "files as hp2ps writes them, other.hp, missing, an error (exit 1)", true},
    {"number-over-32-chars", "", 0, false, true, "numbers have no 32-character limit; hp2ps split them and failed"},
    {"very-long-ident", "", 0, false, true, "names have no 4999-byte limit; hp2ps split them and failed"},
    {"multiline-string-linenum", "", 1, false, false,
     "line numbers count newlines inside strings too, so they name the real line; hp2ps's were too small"},
    {"unterminated-string", "", 1, false, false,
     "line numbers count newlines inside strings too, so they name the real line; hp2ps's were too small"},
    {"ident-named-OTHER", "", 0, true, true,
     "an input band named OTHER and the OTHER band get different fills; hp2ps gave both the same"},
    {"trace-threshold", "-t6", 2, false, true, "out-of-range -t exits 2 (hp2ps: usage, exit 0)"},
    {"strings-special-chars", "", 0, false, true,
     "DATE, VALUE_UNIT and SAMPLE_UNIT are drawn as written; hp2ps put them raw into PostScript, so '\\v' showed as 'v'"},
    {"colours-30", "-p", 0, true, true, "colours survive -p (the .aux keeps 8 decimals); hp2ps's aux lost them"},
};

const Departure* departure_for(const std::string& name, const std::string& command) {
  for (const Departure& d : kDepartures) {
    if (name == d.case_name && command.find(d.command_part) != std::string::npos) return &d;
  }
  return nullptr;
}

// A PostScript string literal starting at s[i] == '(': returns its text.
std::string ps_literal(const std::string& s, size_t& i) {
  std::string out;
  int depth = 0;
  for (++i; i < s.size(); ++i) {
    char c = s[i];
    if (c == '\\' && i + 1 < s.size()) {
      out += s[++i];
    } else if (c == '(') {
      ++depth, out += c;
    } else if (c == ')') {
      if (depth-- == 0) {
        ++i;
        return out;
      }
      out += c;
    } else {
      out += c;
    }
  }
  return out;
}

std::vector<Expected> parse_expected(const std::string& text) {
  std::vector<Expected> blocks;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("$ ", 0) == 0) {
      Expected e;
      e.command = line.substr(2, line.find("   (") == std::string::npos ? std::string::npos : line.find("   (") - 2);
      blocks.push_back(e);
      continue;
    }
    if (blocks.empty()) continue;
    Expected& e = blocks.back();
    std::smatch m;
    static const std::regex exit_code("^  exit code: (\\d+)");
    static const std::regex drawn("^  bands drawn bottom->top(?::| \\()(\\d+)");
    static const std::regex file_re("([^ ,]+) \\((\\d+) bytes\\)");
    if (line.rfind("  exit code: ", 0) == 0 && std::regex_search(line, m, exit_code)) {
      e.exit = std::stoi(m[1]);
    } else if (line.rfind("  stderr: '", 0) == 0) {
      e.err = line.substr(11, line.size() - 12);
    } else if (line.find("(job | total | date): ") != std::string::npos) {
      // "(JOB) | (TOTAL) | (DATE)": the total is the literal between the
      // first two " | " (JOB's dump is not always a balanced literal).
      size_t a = line.find(" | (", line.find("(job | total | date): ") + 22);
      size_t i = a + 3;
      e.total = ps_literal(line, i);
      e.has_title = true;
    } else if (line.rfind("  key entries", 0) == 0) {
      size_t i = line.find("[fill]: ") + 8;
      if (line.compare(i, 6, "(none)") == 0) {
        e.key_none = true;
        continue;
      }
      while (i < line.size() && line[i] == '(') {
        e.key.push_back(ps_literal(line, i));
        i = line.find(", (", i);
        if (i == std::string::npos) break;
        i += 2;
      }
    } else if (line.rfind("  bands drawn", 0) == 0 && std::regex_search(line, m, drawn)) {
      e.drawn = std::stoi(m[1]);
    } else if (line.rfind("  files written in working directory: ", 0) == 0) {
      std::string list = line.substr(line.find(": ") + 2);
      for (std::sregex_iterator it(list.begin(), list.end(), file_re), end; it != end; ++it) {
        if ((*it)[2] != "0") e.files.push_back((*it)[1]);
      }
    }
  }
  return blocks;
}

// Band names, total and units from our JSON (our own, known layout).
struct Ours {
  std::vector<std::string> names;
  std::string total_text;
};

std::string json_string(const std::string& s, size_t& i) {
  std::string out;
  for (++i; i < s.size() && s[i] != '"'; ++i) {
    if (s[i] == '\\') {
      char c = s[++i];
      if (c == 'u') {
        out += static_cast<char>(std::stoi(s.substr(i + 1, 4), nullptr, 16));
        i += 4;
      } else {
        out += c == 'n' ? '\n' : c == 't' ? '\t' : c == 'r' ? '\r' : c;
      }
    } else {
      out += s[i];
    }
  }
  ++i;
  return out;
}

Ours parse_ours(const std::string& json) {
  Ours o;
  auto field = [&](const std::string& key) {
    size_t i = json.find("\"" + key + "\": \"");
    if (i == std::string::npos) return std::string();
    i += key.size() + 4;
    return json_string(json, i);
  };
  for (size_t i = json.find("{\"name\": "); i != std::string::npos; i = json.find("{\"name\": ", i)) {
    i += 9;
    o.names.push_back(json_string(json, i));
  }
  size_t t = json.find("\"total\": ");
  double total = t == std::string::npos ? 0 : std::stod(json.substr(t + 9));
  o.total_text = group_digits(total) + " " + field("value_unit") + " x " + field("sample_unit");
  return o;
}

// Re-encodes text the expected files show as Latin-1-decoded UTF-8.
std::string latin1_bytes(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == 0xC2 || c == 0xC3) {
      out += static_cast<char>(((c & 0x1F) << 6) | (static_cast<unsigned char>(s[++i]) & 0x3F));
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

std::string setup_case_dir(const std::string& name, const std::string& command) {
  std::string dir = scratch_dir();
  std::string hp = read_file(std::string(HPNG_CASES) + "/" + name + ".hp");
  std::string aux_path = std::string(HPNG_CASES) + "/" + name + ".aux";
  if (command.find("sub/") != std::string::npos) {
    run_in(dir, "mkdir sub");
    write_file(dir + "/sub/" + name + ".hp", hp);
  } else {
    write_file(dir + "/" + name + ".hp", hp);
  }
  if (file_exists(aux_path)) write_file(dir + "/" + name + ".aux", read_file(aux_path));
  return dir;
}

// "hp2ps ARGS" -> our executable; `extra` options go right after the name
// in the last command only.
std::string ours(const std::string& command, const std::string& extra = "") {
  size_t last = command.rfind("hp2ps");
  std::string head = std::regex_replace(command.substr(0, last), std::regex("(^|; )hp2ps"), "$1" + exe());
  return head + exe() + extra + command.substr(last + 5);
}

void check_block(const std::string& name, const Expected& e, const std::string& json_extra) {
  SCOPED_TRACE("case " + name + ": $ " + e.command);
  std::string dir = setup_case_dir(name, e.command);
  std::set<std::string> before;
  for (const std::string& f : list_dir(dir)) before.insert(f);
  if (e.command.find("hp2ps manpage-example.hp") != std::string::npos && name == "manpage-example" &&
      e.err.find("cannot open manpage-example.ps") != std::string::npos) {
    run_in(dir, "mkdir manpage-example.ps");  // "a directory in the way"
    before.insert("manpage-example.ps");
  }
  CommandResult r = run_in(dir, ours(e.command));
  const Departure* dep = departure_for(name, e.command);
  int want_exit = dep ? dep->our_exit : e.exit;
  ASSERT_EQ(r.status, want_exit) << "stderr: " << r.err << (dep ? std::string("\ndeparture: ") + dep->why : "");
  std::vector<std::string> written;
  for (const std::string& f : list_dir(dir)) {
    if (!before.count(f) && f != "sub") written.push_back(f);
  }
  if (r.status != 0) {
    if (dep && dep->writes_files) EXPECT_EQ(written, e.files);
    else EXPECT_TRUE(written.empty()) << "a failed run must not leave files";
    EXPECT_NE(r.err.find("hp2ps-ng: error: "), std::string::npos) << r.err;
    std::smatch m;
    if (e.exit == 1 && std::regex_search(e.err, m, std::regex("^hp2ps: ([^,:]+)(?:, line (\\d+))?[,:] (.*)$"))) {
      std::string file = m[1], line = m[2], phrase = m[3];
      if (phrase.find("Disaster") == std::string::npos) {
        EXPECT_NE(r.err.find(phrase.substr(0, phrase.find('"'))), std::string::npos) << r.err;
      }
      std::string where = file + (line.empty() || (dep && !dep->same_line) ? std::string(":") : ":" + line + ":");
      EXPECT_NE(r.err.find(where), std::string::npos) << "want " << where << " in " << r.err;
    }
    return;
  }
  if (dep && !e.has_title) {  // hp2ps failed where we draw: .ps and .aux are written
    EXPECT_EQ(written, (std::vector<std::string>{name + ".aux", name + ".ps"}));
    return;
  }
  if (!e.has_title) {  // usage or help: nothing may be written
    EXPECT_TRUE(written.empty());
    return;
  }
  if (!dep) {  // the same file names (files that existed before may be rewritten)
    for (const std::string& f : e.files) {
      EXPECT_TRUE(std::find(written.begin(), written.end(), f) != written.end() || before.count(f)) << f;
    }
    for (const std::string& f : written) {
      EXPECT_TRUE(std::find(e.files.begin(), e.files.end(), f) != e.files.end()) << "unexpected file " << f;
    }
  }
  if (dep && !dep->same_bands) return;
  CommandResult j = run_in(dir, ours(e.command, json_extra));
  ASSERT_EQ(j.status, 0) << j.err;
  Ours o = parse_ours(j.out);
  EXPECT_EQ(o.total_text, e.total);
  if (!e.key.empty() || e.key_none) {
    std::vector<std::string> want = e.key;
    for (std::string& n : want) n = latin1_bytes(n);
    if (name == "utf8-ident") {  // the expected file dropped C1 bytes of one name
      EXPECT_EQ(o.names.size(), want.size());
    } else if (!e.key_none) {
      EXPECT_EQ(o.names, want);
    }
  }
  if (e.key_none && e.drawn >= 0) {
    EXPECT_EQ(static_cast<int>(o.names.size()), e.drawn);
  }
}

struct Block {
  std::string name;  // the case
  Expected expected;
  size_t index;      // among the case's blocks
};

std::vector<Block> all_blocks() {
  std::vector<Block> blocks;
  for (const std::string& f : list_dir(HPNG_CASES)) {
    if (!f.ends_with(".expected.txt")) continue;
    std::string name = f.substr(0, f.size() - 13);
    std::vector<Expected> es = parse_expected(read_file(std::string(HPNG_CASES) + "/" + f));
    for (size_t i = 0; i < es.size(); ++i) blocks.push_back({name, es[i], i});
  }
  return blocks;
}

void PrintTo(const Block& b, std::ostream* os) { *os << b.name << " $ " << b.expected.command; }

class Hp2psCase : public testing::TestWithParam<Block> {};

TEST_P(Hp2psCase, MatchesOrIsAListedDeparture) { check_block(GetParam().name, GetParam().expected, " --format json -o -"); }

INSTANTIATE_TEST_SUITE_P(Blocks, Hp2psCase, testing::ValuesIn(all_blocks()), [](const testing::TestParamInfo<Block>& i) {
  return identifier(i.param.name) + "_" + std::to_string(i.param.index);
});

TEST(Hp2psCases, AllBlocksAreThere) { EXPECT_GT(all_blocks().size(), 100u); }

TEST(Hp2psCases, EveryDepartureIsUsed) {
  for (const Departure& d : kDepartures) {
    std::string text = read_file(std::string(HPNG_CASES) + "/" + d.case_name + ".expected.txt");
    bool used = false;
    for (const Expected& e : parse_expected(text)) used = used || departure_for(d.case_name, e.command) == &d;
    EXPECT_TRUE(used) << d.case_name << " / " << d.command_part;
  }
}

}  // namespace
}  // namespace hpng
