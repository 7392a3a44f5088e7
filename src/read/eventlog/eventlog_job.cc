// See eventlog_job.h.
#include "read/eventlog/eventlog_job.h"

namespace hpng {

std::string rts_job(const std::vector<std::string>& args, bool profiled_rts) {
  if (args.empty()) return "(unknown program)";
  std::string prog = args[0].substr(args[0].rfind('/') == std::string::npos ? 0 : args[0].rfind('/') + 1);
  if (!profiled_rts) return prog;
  // +RTS starts RTS options, -RTS ends them, --RTS makes the rest program
  // arguments.
  std::string job = prog, rts;
  bool in_rts = false, literal = false;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (!literal && a == "--RTS") {
      literal = true;
    } else if (!literal && a == "+RTS") {
      in_rts = true;
    } else if (!literal && a == "-RTS") {
      in_rts = false;
    } else {
      (in_rts ? rts : job) += " " + a;
    }
  }
  return job + " +RTS" + rts;
}

std::string rts_date(time_t unix_seconds) {
  struct tm tm;
  char buf[64];
  if (!gmtime_r(&unix_seconds, &tm) || !std::strftime(buf, sizeof buf, "%a %b %e %H:%M %Y", &tm)) return "(no date)";
  return buf;
}

}  // namespace hpng
