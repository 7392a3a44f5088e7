// --format html: one self-contained page to explore a profile (or runs
// compared, or their difference): the chart as SVG, a legend and a table of
// every band's figures to select bands by, the run's facts, the warnings
// of the read and the command that made it. Everything is inline (style,
// script, data): the page works offline from a file and fetches nothing.
// Its size is bounded whatever the input: the chart is the bounded SVG,
// and the data behind hover, zoom and the table is at most 30,000
// values (every band at evenly spaced samples; every sample when they fit).
#pragma once
#include <string>
#include <vector>

#include "hpng/base/diag.h"
#include "hpng/output/page_chart.h"

namespace hpng {

struct HtmlPage {
  std::string title;
  std::string mode;               // "profile", "compare" or "diff"
  std::string svg;                // render_chart's SVG of `layout`
  const ChartLayout* layout = nullptr;
  std::vector<PageChart> charts;  // in the order of the layout's graphs
  std::vector<Diagnostic> warnings;
  std::string command;            // how the page was made
  bool heap_lines = false;        // --heap-lines: the lines drawn, for the hover
  double reload_seconds = 0;      // above 0 (--watch): the page reloads itself this often
  std::string answer;             // above the charts, as text (--explain's); "" for none
  std::string run;                // --record: the program and how it ended, the first finding; "" for none
};

std::string html_page(const HtmlPage& page);

}  // namespace hpng
