// Where a run reads and writes. hp2ps's naming: `prof` and `prof.hp` read
// prof.hp and write ./prof.ps and ./prof.aux in the current directory; no
// file name means standard input to standard output. Beyond hp2ps:
//  * an eventlog keeps its whole name as the base (prog.eventlog writes
//    ./prog.eventlog.ps), so it never overwrites the outputs of the .hp of
//    the same run;
//  * -o chooses the output, whose extension (any case) gives the format
//    unless --format does; an extension hp2ps-ng does not write is an error;
//  * the .aux sits beside the output: its name without the extension, plus
//    .aux (./prof.ps -> ./prof.aux, as hp2ps; -o out/x.svg -> out/x.aux).
//    None is written for JSON and CSV, for an output that is not a file
//    (standard output, a pipe, a device) or in filter mode; -p then reads
//    ./<base>.aux. --aux FILE puts it (to read and to write) where asked,
//    --no-aux leaves it out;
//  * a CSV file's -hi bands' IPE records go beside it, in <output minus the
//    extension>.ipe.csv (out/x.csv -> out/x.ipe.csv), when a band has one;
//    none beside standard output (JSON carries the records there).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "hpng/base/diag.h"
#include "hpng/input/input.h"
#include "hpng/base/output_format.h"

namespace hpng {

struct FileOptions {
  std::optional<std::string> input;    // none: standard input (filter mode)
  std::string output;                  // -o; empty: derived
  std::optional<OutputFormat> format;  // --format
  bool reuse_aux = false;              // -p
  std::optional<std::string> aux;      // --aux FILE
  bool no_aux = false;                 // --no-aux
  bool csv_raw = false;                // --csv-raw: CSV text fields as read, never neutralised
};

// The path to open: hp2ps's rule (strip a final ".hp", open path + ".hp"),
// or the name as given when that file exists and path.hp does not.
std::string input_path(const FileOptions& f);

struct FilePlan {
  std::string input;   // path opened, "-" for standard input
  std::string output;  // "-": standard output
  OutputFormat format;
  std::string read_aux;   // -p reads this; empty: nothing to read
  std::string write_aux;  // the .aux written; empty: none
  std::string write_records;  // a CSV's records (export.h records_csv); empty: none
  bool aux_optional = false;  // failing to write it is only a warning
  bool csv_raw = false;       // --csv-raw (export.h)
};

// `eps`: -e was given (EPS, named .ps as hp2ps names it). Throws Error
// (unknown_extension) for an output extension hp2ps-ng does not write; a
// --format that disagrees with the extension is a warning.
FilePlan plan_files(const FileOptions& f, InputFormat input_format, bool eps, Warnings& warnings);

// An input as the outputs are checked against it.
struct InputRef {
  std::string name;         // for messages
  std::optional<FileId> id;  // none: nothing of the user's to overwrite (a pipe's copy)
};

// Before anything is written: throws Error (output_is_input) when the
// output, the .aux or the records is one of `inputs`, whatever path names it (./x,
// ../d/x, an absolute path, a link to it, /dev/stdout redirected to it), or
// when the .aux is the output.
void check_outputs(const FilePlan& plan, const std::vector<InputRef>& inputs);

// Before anything is written: throws Error (bad_option) when two files the
// plans write (each one's output, .aux and records) are one file, however
// named (a link, standard output twice, -o r.csv beside -o r.ipe.csv).
void check_distinct_files(const std::vector<FilePlan>& plans);

// Where writing `path` lands: a link (even one to no file yet) followed to
// the name it points to, as outputs are written through links.
std::string landing(std::string path);

}  // namespace hpng
