// The source tree keeps the shape the design gives it: one folder per stage,
// folders that form layers (no folder includes, directly or around a loop,
// a folder that includes it), modules (a .cc with its header, public or
// not) without include loops, no folder over 15 sources, only main.cc loose
// in src/, CLI11 only in the app, Cairo and Pango only in layout and render.
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using Graph = std::map<std::string, std::set<std::string>>;

const fs::path kTop = HPNG_SOURCE_DIR;

std::string in_tree(const fs::path& p) { return fs::relative(p, kTop).generic_string(); }

std::vector<fs::path> sources() {
  std::vector<fs::path> out;
  for (const char* root : {"src", "include"}) {
    for (const auto& e : fs::recursive_directory_iterator(kTop / root)) {
      std::string ext = e.path().extension().string();
      if (e.is_regular_file() && (ext == ".cc" || ext == ".h")) out.push_back(e.path());
    }
  }
  return out;
}

std::vector<std::string> includes(const fs::path& file, const std::string& pattern) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  std::string s = text.str();
  std::vector<std::string> out;
  std::regex re(pattern);
  for (auto it = std::sregex_iterator(s.begin(), s.end(), re); it != std::sregex_iterator(); ++it) out.push_back((*it)[1]);
  return out;
}

// A quoted include, found as the build finds it: include/, src/, or beside.
fs::path resolve(const std::string& inc, const fs::path& from) {
  for (const fs::path& dir : {kTop / "include", kTop / "src", from.parent_path()}) {
    if (fs::exists(dir / inc)) return fs::weakly_canonical(dir / inc);
  }
  return {};
}

// A module: a .cc and the headers of its name, public (include/hpng/...)
// or beside it.
std::string module_of(const fs::path& p, const std::map<std::string, std::string>& cc_by_stem) {
  auto it = cc_by_stem.find(p.stem().string());
  return it != cc_by_stem.end() ? it->second : in_tree(p.parent_path() / p.stem());
}

// A stage's folder: a file's own in src/; a public header's is its
// module's, or for a header of types alone src/ with its stage's name.
std::string folder_of(const fs::path& p, const std::map<std::string, std::string>& cc_by_stem) {
  std::string where = in_tree(p);
  if (!where.starts_with("include/hpng/")) return in_tree(p.parent_path());
  auto it = cc_by_stem.find(p.stem().string());
  if (it != cc_by_stem.end()) return fs::path(it->second).parent_path().generic_string();
  return "src/" + fs::path(where.substr(13)).parent_path().generic_string();
}

struct Tree {
  Graph folders, modules;
  std::map<std::string, int> sources_per_folder;
};

Tree read_tree() {
  Tree t;
  std::map<std::string, std::string> cc_by_stem;
  for (const fs::path& p : sources()) {
    if (p.extension() == ".cc") cc_by_stem[p.stem().string()] = in_tree(p.parent_path() / p.stem());
  }
  for (const fs::path& p : sources()) {
    ++t.sources_per_folder[in_tree(p.parent_path())];
    for (const std::string& inc : includes(p, "#include \"([^\"]+)\"")) {
      fs::path target = resolve(inc, p);
      if (target.empty()) continue;
      std::string from = folder_of(p, cc_by_stem), to = folder_of(target, cc_by_stem);
      if (from != to) t.folders[from].insert(to);
      std::string a = module_of(p, cc_by_stem), b = module_of(target, cc_by_stem);
      if (a != b) t.modules[a].insert(b);
    }
  }
  return t;
}

// A path that leads from a node back to itself, or empty.
std::vector<std::string> find_loop(const Graph& g) {
  std::map<std::string, int> state;  // 1: on the path, 2: done
  std::vector<std::string> path;
  std::function<bool(const std::string&)> visit = [&](const std::string& v) {
    state[v] = 1;
    path.push_back(v);
    auto it = g.find(v);
    for (const std::string& w : it == g.end() ? std::set<std::string>{} : it->second) {
      if (state[w] == 1) return path.push_back(w), true;
      if (state[w] == 0 && visit(w)) return true;
    }
    path.pop_back();
    state[v] = 2;
    return false;
  };
  for (const auto& [v, _] : g) {
    if (state[v] == 0 && visit(v)) return path;
  }
  return {};
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += (s.empty() ? "" : " -> ") + x;
  return s;
}

TEST(Layers, NoFolderIncludesAFolderThatIncludesIt) {
  std::vector<std::string> loop = find_loop(read_tree().folders);
  EXPECT_TRUE(loop.empty()) << joined(loop);
}

TEST(Layers, NoModuleIncludesAModuleThatIncludesIt) {
  std::vector<std::string> loop = find_loop(read_tree().modules);
  EXPECT_TRUE(loop.empty()) << joined(loop);
}

// The floors of the folder graph: a folder that includes none is on floor
// 1, any other one floor above the highest it includes. Ten, main's
// included (base and process; input; stream and read/aux; the readers,
// transform and bands; read and matrix; shade; layout; output and render;
// app; main): a new arrow that adds a floor is a choice to make, not an
// accident.
int floor_of(const std::string& f, const Graph& g, std::map<std::string, int>& memo) {
  if (auto it = memo.find(f); it != memo.end()) return it->second;
  int highest = 0;
  if (auto it = g.find(f); it != g.end()) {
    for (const std::string& below : it->second) highest = std::max(highest, floor_of(below, g, memo));
  }
  return memo[f] = highest + 1;
}

TEST(Layers, TheFolderGraphHasTenFloorsAtMost) {
  Graph g = read_tree().folders;
  ASSERT_TRUE(find_loop(g).empty());
  std::map<std::string, int> memo;
  int floors = 0;
  for (const auto& [f, _] : g) floors = std::max(floors, floor_of(f, g, memo));
  EXPECT_LE(floors, 10);
  EXPECT_EQ(memo["src/base"], 1) << "base includes no other folder";
}

TEST(Layers, FoldersHoldAtMost15SourcesAndOnlyMainIsLoose) {
  for (const auto& [folder, n] : read_tree().sources_per_folder) {
    EXPECT_LE(n, 15) << folder;
  }
  for (const auto& e : fs::directory_iterator(kTop / "src")) {
    if (e.is_regular_file()) {
      EXPECT_EQ(e.path().filename(), "main.cc");
    }
  }
}

// Only the app parses the command line; only layout and render draw.
TEST(Layers, LibrariesStayInTheirStages) {
  for (const fs::path& p : sources()) {
    std::string where = in_tree(p);
    bool app = where.starts_with("src/app/") || where == "src/main.cc";
    bool drawing = where.starts_with("src/layout/") || where.starts_with("src/render/");
    for (const std::string& inc : includes(p, "#include <([^>]+)>")) {
      if (inc.starts_with("CLI/")) {
        EXPECT_TRUE(app) << where << " includes " << inc;
      }
      if (inc.starts_with("cairo") || inc.starts_with("pango")) {
        EXPECT_TRUE(drawing) << where << " includes " << inc;
      }
    }
  }
}

// tests/unit/ tests stages through their interfaces, in the test process;
// whatever runs the executable is an end-to-end test, in tests/app/.
TEST(Layers, UnitTestsDoNotRunTheExecutable) {
  for (const auto& e : fs::recursive_directory_iterator(kTop / "tests/unit")) {
    if (e.path().extension() != ".cc") continue;
    EXPECT_TRUE(includes(e.path(), "(exe\\(\\)|HPNG_EXE)").empty()) << in_tree(e.path()) << " runs hp2ps-ng";
  }
}

}  // namespace
