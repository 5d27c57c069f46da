// OpKey: the identity of one operator overload, e.g. aten::add.Tensor, as a hashable value.
#ifndef GRAPH_LOWER_IR_OP_KEY_H_
#define GRAPH_LOWER_IR_OP_KEY_H_

#include <torch/csrc/jit/ir/ir.h>

#include <string>
#include <utility>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace graph_lower {

// An operator overload: qualified name (`aten::add`) plus overload name (`Tensor`; empty for the
// default overload, which Python spells `aten.t.default`). Printed as `aten::add.Tensor` or
// `aten::t`, the form PyTorch's FunctionSchema uses (c10/core/operator_name.h).
struct OpKey {
  std::string name;      // qualified, "namespace::op"
  std::string overload;  // "" for the default overload

  // The key of `node`'s kind and, if it has a registered schema, that schema's overload name.
  // Nodes without a schema (prim::Constant, prim::If, ...) get an empty overload.
  static OpKey Of(const torch::jit::Node& node);

  // Parses "ns::op", "ns::op.overload" or "ns::op.default" (Python's name for ""). Returns
  // InvalidArgument when the text is not of that form. Does not check that the operator exists;
  // see FindOperatorSchema for that.
  static absl::StatusOr<OpKey> Parse(absl::string_view text);

  std::string ToString() const;
  torch::jit::Symbol Kind() const { return torch::jit::Symbol::fromQualString(name); }
  absl::string_view Namespace() const;

  friend bool operator==(const OpKey& a, const OpKey& b) {
    return a.name == b.name && a.overload == b.overload;
  }
  friend bool operator!=(const OpKey& a, const OpKey& b) { return !(a == b); }
  friend bool operator<(const OpKey& a, const OpKey& b) {
    return std::tie(a.name, a.overload) < std::tie(b.name, b.overload);
  }
  template <typename H>
  friend H AbslHashValue(H h, const OpKey& k) {
    return H::combine(std::move(h), k.name, k.overload);
  }
};

// The schema registered for `key` in the JIT operator registry, or NotFound naming the key (and,
// when the name exists with other overloads, listing them).
absl::StatusOr<c10::FunctionSchema> FindOperatorSchema(const OpKey& key);

// Whether the dispatcher has a CompositeImplicitAutograd kernel for the overload `key` (false
// for an overload it does not know). Such an op returns whatever its composite does, which may
// be an input even without an alias annotation (type_as, dropout(train=False), atleast_2d).
bool HasCompositeImplicitAutogradKernel(const OpKey& key);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_IR_OP_KEY_H_
