// One-line error messages from libtorch exceptions, whose text carries backtraces and highlights.
#ifndef GRAPH_LOWER_IR_ERRORS_H_
#define GRAPH_LOWER_IR_ERRORS_H_

#include <exception>
#include <string>

#include "absl/strings/string_view.h"

namespace graph_lower {

// The first non-empty line of `message`, trimmed; "unknown error" when there is none.
std::string FirstLine(absl::string_view message);

// FirstLine of the exception's message (without the C++ backtrace for c10::Error).
std::string ExceptionMessage(const std::exception& e);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_IR_ERRORS_H_
