// Text helpers shared by the writers: names come from input files and may be
// any bytes, while JSON, SVG and Pango need valid UTF-8.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hpng {

// Invalid UTF-8 sequences become U+FFFD; valid text is unchanged.
std::string to_valid_utf8(std::string_view s);

// The longest prefix of at most max_bytes that does not split a UTF-8
// character.
std::string_view utf8_prefix(std::string_view s, size_t max_bytes);

// `s` as valid UTF-8 in at most about max_bytes: its longest prefix that
// does not split a character, and "…" where it is cut.
std::string cut_at(std::string_view s, size_t max_bytes);

// The longest suffix of at most max_bytes that starts a UTF-8 character.
std::string_view utf8_suffix(std::string_view s, size_t max_bytes);

// A name shortened in its middle until `fits` accepts it, as the key shows
// names: a cost-centre stack (innermost first) keeps its first name whole
// and as many of its outermost as fit ("go/…/main/Main.CAF", else "go/…");
// other names keep two fifths of what fits before the ellipsis, the rest
// after. Valid UTF-8 out; only the first and last KiB of a longer name are
// ever looked at, so a 2 MB name costs no more than a long one.
std::string shorten_middle(const std::string& name, const std::function<bool(const std::string&)>& fits);

// ASCII letters in lower case, the rest as it is.
std::string lower_ascii(std::string_view s);

// `v` through a printf format that takes one double ("%.1f").
std::string printed(const char* format, double v);

// "98.1 MB", "512 B": powers of 1000 with one decimal, for a reader; a
// unit other than bytes keeps its name ("1.2 M words"). `sign`: "+" too.
std::string si_amount(double v, const std::string& unit, bool sign = false);

// Text for XML and HTML, in content or a quoted attribute: valid UTF-8,
// & < > " escaped, and the control characters XML 1.0 forbids as spaces.
std::string markup_escape(std::string_view s);

// The length of the start all of `names` share (0 for none): where they
// first differ.
size_t shared_start(const std::vector<std::string_view>& names);

// "a b c": words joined by single spaces.
std::string join_words(const std::vector<std::string>& words);

// A word as a POSIX shell reads it back: as it is when it holds nothing the
// shell treats specially, else in single quotes ('' for the empty word).
std::string shell_word(const std::string& w);

// Text from outside (a profile, a path) for a terminal: valid UTF-8, and
// every control character that could move the cursor, set a title, write
// the clipboard or make a link (C0 with ESC, DEL, C1), or turn the text
// that follows around (the bidirectional controls U+202A-U+202E and
// U+2066-U+2069), shown as its code, "\x1b", "\u009b", "\u202e": stderr,
// the text report and the status line print nothing else.
std::string terminal_safe(std::string_view raw);

// The columns valid UTF-8 takes on a terminal: two for East Asian wide and
// full-width characters and emoji, none for combining marks and zero-width
// characters, one for the rest.
size_t screen_width(std::string_view utf8);
// The longest start of valid UTF-8 `s` that takes at most `columns`.
std::string_view screen_prefix(std::string_view s, size_t columns);
// The longest end of valid UTF-8 `s` that takes at most `columns`.
std::string_view screen_suffix(std::string_view s, size_t columns);

// "programs/MapCache.hs:17:31-39" -> "MapCache.hs:17:31", a span over lines
// "X.hs:(20,38)-(23,58)" -> "X.hs:20:38": where a -hi band's source starts,
// short enough that a report's column keeps it.
std::string short_source_location(const std::string& src_loc);

// "1,234,567": hp2ps's digit grouping of a truncated integer.
std::string group_digits(double v);

// The length of the decimal number that starts `s` (digits, or digits and a
// point and maybe more digits, or a point and digits), or 0.
size_t decimal_length(std::string_view s);

// A decimal number ("5", "-2.5", "5e7") and nothing else, or none.
std::optional<double> decimal_number(const std::string& text);

// A size: a whole number of bytes, or a number with k, M, G (1000s) or Ki,
// Mi, Gi (1024s), and an optional B: 500M, 2GiB, 1.5G. None when it is not one.
std::optional<double> size_in_bytes(const std::string& text);

}  // namespace hpng
