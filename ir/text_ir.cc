// Text IR in and out: ParseGraphText (with the checks that keep malformed graphs out) and
// GraphToText.
#include <torch/csrc/jit/ir/irparser.h>
#include <torch/csrc/jit/runtime/operator.h>

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "ir/errors.h"
#include "ir/graph_io.h"
#include "ir/malformed_graph.h"

namespace graph_lower {

std::string ParameterName(std::string name) {
  int64_t suffix;
  if (const size_t dot = name.rfind('.');
      dot != std::string::npos && dot > 0 && absl::SimpleAtoi(name.substr(dot + 1), &suffix)) {
    name.resize(dot);
  }
  return name;
}
namespace {

// The parser's message names the token but shows the place only as a multi-line source highlight
// ("...here:\n<lines>\n  ~~~~ <--- HERE"); turn that into "line N: `<source line>`".
std::string ParseErrorMessage(absl::string_view message, absl::string_view text) {
  std::vector<absl::string_view> lines = absl::StrSplit(message, '\n');
  const std::string first_line = FirstLine(message);
  absl::string_view first = first_line;
  absl::ConsumeSuffix(&first, " here:");
  for (size_t i = 1; i < lines.size(); ++i) {
    if (!absl::StrContains(lines[i], "<--- HERE")) continue;
    const absl::string_view source_line = absl::StripAsciiWhitespace(lines[i - 1]);
    int line_no = 1;
    for (absl::string_view line : absl::StrSplit(text, '\n')) {
      if (absl::StripAsciiWhitespace(line) == source_line) {
        return absl::StrCat(first, " at line ", line_no, ": `", source_line, "`");
      }
      ++line_no;
    }
  }
  return std::string(first);
}

// Whether the text holds a prim::PythonOp node. libtorch's parser crashes on one (it makes a plain
// Node of a kind that the rest of libtorch takes for a PythonOp subclass, and segfaults), so the
// text is refused before it is parsed. The op name is matched where the parser would read it:
// followed, after any blanks, by '(' or '['.
bool HoldsPythonOp(absl::string_view text) {
  static constexpr absl::string_view kName = "prim::PythonOp";
  for (size_t at = text.find(kName); at != absl::string_view::npos; at = text.find(kName, at + 1)) {
    const size_t next = text.find_first_not_of(" \t", at + kName.size());
    if (next != absl::string_view::npos && (text[next] == '(' || text[next] == '[')) return true;
  }
  return false;
}

// The JIT's printer writes a node without outputs (a prim::If that only raises,
// prim::RaiseException) as its indent, an empty output list and " = ": "   = prim::If(%4)"
// (torch/csrc/jit/ir/ir.cpp, Node::print). Its own parser refuses that (irparser.cpp,
// parseOperatorOutputs takes '=' only after outputs, and the extra space reads as an indent) and
// parses the node written without the " = ". `text` with every such line rewritten so; the
// lines stay where they were.
std::string WithoutEmptyOutputLists(absl::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool first_line = true;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    if (!first_line) out += '\n';
    first_line = false;
    const size_t indent = line.find_first_not_of(" \t");
    if (indent != absl::string_view::npos && indent > 0 &&
        absl::StartsWith(line.substr(indent), "= ")) {
      absl::StrAppend(&out, line.substr(0, indent - 1), line.substr(indent + 2));
    } else {
      absl::StrAppend(&out, line);
    }
  }
  return out;
}

}  // namespace

absl::StatusOr<std::shared_ptr<torch::jit::Graph>> ParseGraphText(const std::string& text,
                                                                  absl::string_view source_name) {
  if (absl::StripAsciiWhitespace(text).empty()) {
    return absl::InvalidArgumentError(absl::StrCat(source_name, ": empty text IR"));
  }
  if (!absl::StartsWith(absl::StripLeadingAsciiWhitespace(text), "graph(")) {
    return absl::InvalidArgumentError(absl::StrCat(
        source_name, ": neither a TorchScript archive nor text IR (text IR starts with 'graph(')"));
  }
  // `print(fn.graph)` prints a node without outputs as `   = prim::If(%4)`, which libtorch's
  // parser refuses (WithoutEmptyOutputLists); line numbers, which parse errors report, stay.
  const std::string parsed_text = WithoutEmptyOutputLists(text);
  if (HoldsPythonOp(parsed_text)) {
    return absl::InvalidArgumentError(
        absl::StrCat(source_name,
                     ": invalid text IR: prim::PythonOp (a call into Python) cannot be read from "
                     "text IR; script the function without it, or save the program as an archive"));
  }
  auto graph = std::make_shared<torch::jit::Graph>();
  try {
    torch::jit::parseIR(parsed_text, graph.get(), /*parse_tensor_constants=*/true);
  } catch (const std::exception& e) {
    const auto* c10_error = dynamic_cast<const c10::Error*>(&e);
    // A graph that calls another TorchScript function prints the callee as
    // `%f : Function = prim::Constant[name="silu"]()`, a type the parser does not know.
    const absl::string_view calls_function =
        absl::StrContains(parsed_text, " : Function = prim::Constant")
            ? "; the graph calls another TorchScript function, which text IR cannot spell: "
              "inline the calls first (torch._C._jit_pass_inline(graph), then "
              "torch._C._jit_pass_dce(graph))"
            : "";
    return absl::InvalidArgumentError(absl::StrCat(
        source_name, ": invalid text IR: ",
        ParseErrorMessage(c10_error ? c10_error->what_without_backtrace() : e.what(), parsed_text),
        calls_function));
  }
  // The parser reads a type name it does not know ("%2 : iFnt") as a type variable, which no
  // program value can have; passes would throw on it later.
  if (const torch::jit::Value* v = FirstValueWithFreeTypeVariable(*graph->block())) {
    return absl::InvalidArgumentError(absl::StrCat(source_name, ": invalid text IR: %",
                                                   v->debugName(), " has an unknown type '",
                                                   v->type()->repr_str(), "'"));
  }
  // Before Graph::lint, which asserts on some of these (prim::Param in a body).
  if (std::string why;
      const torch::jit::Node* n = FirstMalformed(*graph->block(), MalformedPrimNode, why)) {
    return absl::InvalidArgumentError(absl::StrCat(source_name,
                                                   ": invalid text IR: ", n->kind().toQualString(),
                                                   " (outputs ", OutputNames(*n), "): ", why));
  }
  try {
    graph->lint();
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(
        absl::StrCat(source_name, ": invalid graph: ", ExceptionMessage(e)));
  }
  if (std::string why;
      const torch::jit::Node* n = FirstMalformed(*graph->block(), MalformedControlFlow, why)) {
    return absl::InvalidArgumentError(absl::StrCat(source_name,
                                                   ": invalid text IR: ", n->kind().toQualString(),
                                                   " (outputs ", OutputNames(*n), "): ", why));
  }
  if (std::string why;
      const torch::jit::Node* n = FirstMalformed(*graph->block(), IllTypedListConstruct, why)) {
    return absl::InvalidArgumentError(absl::StrCat(
        source_name, ": invalid text IR: %", n->output()->debugName(), " : ",
        n->output()->type()->str(), " = prim::ListConstruct(", InputTypes(*n), ") ", why));
  }
  // A call of an operator that is not registered, or whose arguments fit none of its overloads
  // (a default argument left out: text IR spells every argument), would fail only when the op
  // is run, folded or decomposed.
  if (const torch::jit::Node* n = FirstCallWithoutOperator(*graph->block())) {
    if (torch::jit::getAllOperatorsFor(n->kind()).empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat(source_name, ": invalid text IR: ", n->kind().toQualString(),
                       n->kind().is_prim()
                           ? " is not a prim op libtorch knows"
                           : " is not a registered operator (load the library that defines it)"));
    }
    return absl::InvalidArgumentError(absl::StrCat(
        source_name, ": invalid text IR: ", n->kind().toQualString(), " with ", n->inputs().size(),
        " arguments (", InputTypes(*n),
        ") matches none of its overloads; text IR gives every argument, defaults included"));
  }
  // A constant dtype that names no ScalarType: libtorch's kernels segfault on it (aten::softmax
  // with dtype -1), in the interpreter as in specialisation.
  if (std::string why;
      const torch::jit::Node* n = FirstMalformed(*graph->block(), BadScalarTypeConstant, why)) {
    return absl::InvalidArgumentError(absl::StrCat(source_name,
                                                   ": invalid text IR: ", n->kind().toQualString(),
                                                   " (outputs ", OutputNames(*n), "): ", why));
  }
  return graph;
}

std::string GraphToText(const torch::jit::Graph& graph) {
  return WithoutEmptyOutputLists(graph.toString(/*print_source_locations=*/false));
}

}  // namespace graph_lower
