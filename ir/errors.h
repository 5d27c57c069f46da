// One-line error messages from libtorch exceptions, whose text carries backtraces and highlights.
#ifndef GRAPH_LOWER_IR_ERRORS_H_
#define GRAPH_LOWER_IR_ERRORS_H_

#include <exception>
#include <string>

#include "absl/strings/string_view.h"

namespace torch::jit {
struct Node;
}  // namespace torch::jit

namespace graph_lower {

// `text` with every byte that is not part of well-formed UTF-8, and every control character but
// tab, written as \xNN: libtorch quotes the bytes of a damaged archive or text IR in its errors,
// which would otherwise reach a terminal or a UTF-8 decoder (Python's subprocess) raw.
std::string PrintableText(absl::string_view text);

// The first non-empty line of `message`, trimmed and made printable (PrintableText); "unknown
// error" when there is none.
std::string FirstLine(absl::string_view message);

// The line of `message` that says what went wrong: its first line, except for the JIT
// interpreter's "The following operation failed in the TorchScript interpreter." wrapper, where it
// is the text of the last "<Name>Error: " line of the TorchScript traceback (the op's own error).
std::string CauseLine(absl::string_view message);

// CauseLine of the exception's message (without the C++ backtrace for c10::Error).
std::string ExceptionMessage(const std::exception& e);

// "%a, %b": a node's outputs, to name the node in a message ("none" when it has none).
std::string OutputNames(const torch::jit::Node& node);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_IR_ERRORS_H_
