// OpKey parsing, printing and schema lookup.
#include "ir/op_key.h"

#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/csrc/jit/runtime/operator.h>

#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace graph_lower {

OpKey OpKey::Of(const torch::jit::Node& node) {
  OpKey key{node.kind().toQualString(), ""};
  if (const c10::FunctionSchema* schema = node.maybeSchema()) {
    key.overload = schema->overload_name();
  }
  return key;
}

absl::StatusOr<OpKey> OpKey::Parse(absl::string_view text) {
  text = absl::StripAsciiWhitespace(text);
  const size_t sep = text.find("::");
  if (sep == absl::string_view::npos || sep == 0 || sep + 2 >= text.size()) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", text, "' is not an operator name of the form ns::op[.overload]"));
  }
  absl::string_view rest = text.substr(sep + 2);
  const size_t dot = rest.find('.');
  OpKey key;
  key.name = std::string(text.substr(0, sep + 2 + std::min(dot, rest.size())));
  if (dot != absl::string_view::npos) {
    key.overload = std::string(rest.substr(dot + 1));
    if (key.overload.empty()) {
      return absl::InvalidArgumentError(absl::StrCat("'", text, "' has an empty overload name"));
    }
    if (key.overload == "default") key.overload.clear();
  }
  for (char c : key.name + key.overload) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == ':')) {
      return absl::InvalidArgumentError(
          absl::StrCat("'", text, "' has an invalid character '", std::string(1, c), "'"));
    }
  }
  return key;
}

std::string OpKey::ToString() const {
  return overload.empty() ? name : absl::StrCat(name, ".", overload);
}

absl::string_view OpKey::Namespace() const {
  absl::string_view n = name;
  return n.substr(0, n.find("::"));
}

absl::StatusOr<c10::FunctionSchema> FindOperatorSchema(const OpKey& key) {
  const auto ops = torch::jit::getAllOperatorsFor(key.Kind());
  std::vector<std::string> overloads;
  for (const auto& op : ops) {
    const c10::FunctionSchema& schema = op->schema();
    if (schema.overload_name() == key.overload) return schema;
    overloads.push_back(schema.overload_name().empty() ? "default" : schema.overload_name());
  }
  if (overloads.empty()) {
    return absl::NotFoundError(absl::StrCat("no operator named '", key.name, "' is registered"));
  }
  return absl::NotFoundError(absl::StrCat("operator '", key.name, "' has no overload '",
                                          key.overload.empty() ? "default" : key.overload,
                                          "'; it has: ", absl::StrJoin(overloads, ", ")));
}

bool HasCompositeImplicitAutogradKernel(const OpKey& key) {
  auto handle = c10::Dispatcher::singleton().findOp({key.name, key.overload});
  return handle && handle->hasKernelForDispatchKey(c10::DispatchKey::CompositeImplicitAutograd);
}

}  // namespace graph_lower
