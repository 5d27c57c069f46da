// One-line error messages.
#include "ir/errors.h"

#include <c10/util/Exception.h>
#include <torch/csrc/jit/ir/ir.h>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace graph_lower {
namespace {

// The length of the well-formed UTF-8 sequence at the start of `s` (RFC 3629: no overlong forms,
// no surrogates, at most U+10FFFF), or 0.
size_t Utf8SequenceLength(absl::string_view s) {
  const auto byte = [&s](size_t i) { return static_cast<unsigned char>(s[i]); };
  const auto continuation = [&](size_t i) { return i < s.size() && (byte(i) & 0xC0) == 0x80; };
  const unsigned char b = byte(0);
  if (b < 0x80) return 1;
  if (b >= 0xC2 && b <= 0xDF) return continuation(1) ? 2 : 0;
  if (b >= 0xE0 && b <= 0xEF) {
    if (!continuation(1) || !continuation(2)) return 0;
    if (b == 0xE0 && byte(1) < 0xA0) return 0;   // overlong
    if (b == 0xED && byte(1) >= 0xA0) return 0;  // surrogate
    return 3;
  }
  if (b >= 0xF0 && b <= 0xF4) {
    if (!continuation(1) || !continuation(2) || !continuation(3)) return 0;
    if (b == 0xF0 && byte(1) < 0x90) return 0;   // overlong
    if (b == 0xF4 && byte(1) >= 0x90) return 0;  // above U+10FFFF
    return 4;
  }
  return 0;
}

}  // namespace

std::string PrintableText(absl::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const unsigned char b = static_cast<unsigned char>(text[i]);
    const size_t n = Utf8SequenceLength(text.substr(i));
    if (n == 0 || (n == 1 && (b < 0x20 || b == 0x7F) && b != '\t')) {
      absl::StrAppendFormat(&out, "\\x%02x", b);
      ++i;
    } else {
      out.append(text.data() + i, n);
      i += n;
    }
  }
  return out;
}

std::string FirstLine(absl::string_view message) {
  for (absl::string_view line : absl::StrSplit(message, '\n')) {
    line = absl::StripAsciiWhitespace(line);
    if (!line.empty()) return PrintableText(line);
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
  return cause.empty() ? first : PrintableText(cause);
}

std::string ExceptionMessage(const std::exception& e) {
  if (const auto* c10_error = dynamic_cast<const c10::Error*>(&e)) {
    return CauseLine(c10_error->what_without_backtrace());
  }
  return CauseLine(e.what());
}

std::string OutputNames(const torch::jit::Node& node) {
  if (node.outputs().empty()) return "none";
  std::string out;
  for (const torch::jit::Value* v : node.outputs()) {
    absl::StrAppend(&out, out.empty() ? "%" : ", %", v->debugName());
  }
  return out;
}

}  // namespace graph_lower
