// The band/time matrix as data, for pipelines and dashboards.
#pragma once
#include <string>
#include <vector>

#include "hpng/matrix/band_matrix.h"
#include "hpng/verdict/verdict.h"
#include "hpng/output/output_file.h"

namespace hpng {

// Each export is handed to `put` in pieces of about 1 MiB as it is made
// (write_output writes them as they come); the string forms collect them.
// A CSV text field that starts with =, +, -, @, tab or return (a formula
// to a spreadsheet) starts with ' instead, unless `raw` (--csv-raw).
// `verdict`: the profile's, on m's bands; none for a --diff's differences
// or --percent's shares (verdict.h's has_verdict).
void matrix_json(const BandMatrix& m, const Verdict* verdict, const Put& put);
void matrix_csv(const BandMatrix& m, const Put& put, bool raw = false);
std::string matrix_json(const BandMatrix& m, const Verdict* verdict);
std::string matrix_csv(const BandMatrix& m, bool raw = false);

// --compare: one matrix per input (named by `inputs`), on one band list;
// `verdicts` one per input, or none. `explain`: a JSON object, the
// document's first member "explain" (--explain's answer); "" for none.
void matrices_json(const std::vector<BandMatrix>& ms, const std::vector<Verdict>& verdicts,
                   const std::vector<std::string>& inputs, const Put& put, const std::string& explain = "");
void matrices_csv(const std::vector<BandMatrix>& ms, const std::vector<std::string>& inputs, const Put& put,
                  bool raw = false);
std::string matrices_json(const std::vector<BandMatrix>& ms, const std::vector<Verdict>& verdicts,
                          const std::vector<std::string>& inputs);
std::string matrices_csv(const std::vector<BandMatrix>& ms, const std::vector<std::string>& inputs, bool raw = false);

// The IPE records of the -hi bands drawn, the CSV's companion (its one
// header row stays the bands' names, for CSV readers): a row per input and
// band with a record, "input,band,address,table_name,closure_type,type,
// label,module,src_loc"; empty when no band drawn has a record.
std::string records_csv(const std::vector<const BandMatrix*>& ms, const std::vector<std::string>& inputs,
                        bool raw = false);

}  // namespace hpng
