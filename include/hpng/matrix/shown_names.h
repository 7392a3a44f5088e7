// A band's name as the text report, the Markdown and a chart's own key show
// it (the drop-in's key keeps the RTS's, as hp2ps prints it): a -hr set
// "(84)main,readings" spelled as its members, "{main, readings}", since its
// id means nothing beyond one census (kept where two would read alike); a name read from the program's symbol
// table marked " *" (it has no source location; the report's legend says so).
#pragma once
#include <string>
#include <vector>

#include "hpng/matrix/band_matrix.h"

namespace hpng {

// One per band, in the matrix's order. Sets that would read alike (one
// retainer's set in different censuses) are told apart by their ids:
// "{serve} #99".
std::vector<std::string> shown_names(const BandMatrix& m);

// "{main, readings}" for "(84)main,readings"; any other name unchanged.
std::string retainer_members(const std::string& name);

// Whether the band's name came from the program's symbols (--symbols).
bool named_from_symbols(const BandMatrix& m, const std::string& band);

// What a shown name can lose first where it does not fit: a -hi name's
// table ("main Chain.hs:17:31 (Cons_Main_4_con_info)" keeps its label and
// place), a closure's package ("containers-0.6.7:Data.Map.Internal.Bin");
// the symbol mark stays.
std::string without_detail(const std::string& name);

}  // namespace hpng
