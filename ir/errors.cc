// One-line error messages.
#include "ir/errors.h"

#include <c10/util/Exception.h>

#include "absl/strings/match.h"
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

std::string CauseLine(absl::string_view message) {
  // The JIT interpreter wraps the failing op's error as
  //   "The following operation failed in the TorchScript interpreter.\n
  //    Traceback of TorchScript ...\n  File ...\n<source>\nRuntimeError: <cause>\n"
  // (torch/csrc/jit/runtime/interpreter.cpp); the cause is the last "...Error: " line.
  constexpr absl::string_view kInterpreterPrefix = "The following operation failed in the";
  const std::string first = FirstLine(message);
  if (!absl::StartsWith(first, kInterpreterPrefix)) return first;
  std::string cause;
  for (absl::string_view line : absl::StrSplit(message, '\n')) {
    line = absl::StripAsciiWhitespace(line);
    const size_t colon = line.find("Error: ");
    if (colon != absl::string_view::npos && colon > 0 &&
        line.substr(0, colon).find(' ') == absl::string_view::npos) {
      cause = std::string(line.substr(colon + 7));
    }
  }
  return cause.empty() ? first : cause;
}

std::string ExceptionMessage(const std::exception& e) {
  if (const auto* c10_error = dynamic_cast<const c10::Error*>(&e)) {
    return CauseLine(c10_error->what_without_backtrace());
  }
  return CauseLine(e.what());
}

}  // namespace graph_lower
