// One-line error messages.
#include "ir/errors.h"

#include <c10/util/Exception.h>

#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace graph_lower {

std::string FirstLine(absl::string_view message) {
  for (absl::string_view line : absl::StrSplit(message, '\n')) {
    line = absl::StripAsciiWhitespace(line);
    if (!line.empty()) return std::string(line);
  }
  return "unknown error";
}

std::string ExceptionMessage(const std::exception& e) {
  if (const auto* c10_error = dynamic_cast<const c10::Error*>(&e)) {
    return FirstLine(c10_error->what_without_backtrace());
  }
  return FirstLine(e.what());
}

}  // namespace graph_lower
