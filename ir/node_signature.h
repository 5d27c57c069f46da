// NodeSignature: a node's overload plus what is known of its inputs, as a hashable key.
#ifndef GRAPH_LOWER_IR_NODE_SIGNATURE_H_
#define GRAPH_LOWER_IR_NODE_SIGNATURE_H_

#include <torch/csrc/jit/ir/ir.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ir/op_key.h"

namespace graph_lower {

// What is known of one input value of a node.
//  - Tensors: dtype, sizes (each dim's size, or nullopt when unknown; the whole vector is nullopt
//    when even the rank is unknown) and device, all as recorded on the value's TensorType
//    (complete after shape propagation, partial or absent otherwise).
//  - Constants (inputs produced by prim::Constant): the constant itself, printed; tensor constants
//    are described by dtype/sizes/device only, not by their data.
//  - Other values: their type, printed, and for lists built by prim::ListConstruct in the graph
//    the metadata of each element (so Tensor[] arguments key on their tensors' shapes).
struct InputMeta {
  enum class Kind : uint8_t { kTensor, kConstant, kOther };
  Kind kind = Kind::kOther;
  std::optional<c10::ScalarType> dtype;
  std::optional<std::vector<std::optional<int64_t>>> sizes;
  std::optional<c10::Device> device;
  std::string text;  // the constant (kConstant) or the type (kOther)

  static InputMeta Of(const torch::jit::Value& value);
  std::string ToString() const;

  friend bool operator==(const InputMeta& a, const InputMeta& b) {
    return a.kind == b.kind && a.dtype == b.dtype && a.sizes == b.sizes && a.device == b.device &&
           a.text == b.text;
  }
  template <typename H>
  friend H AbslHashValue(H h, const InputMeta& m) {
    h = H::combine(std::move(h), m.kind, m.dtype.has_value(),
                   m.dtype ? static_cast<int>(*m.dtype) : -1, m.text);
    if (m.sizes) {
      for (const auto& d : *m.sizes) h = H::combine(std::move(h), d.has_value(), d.value_or(-1));
    }
    if (m.device) h = H::combine(std::move(h), m.device->str());
    return h;
  }
};

// A node's overload and input metadata; equal signatures decompose to the same subgraph.
struct NodeSignature {
  OpKey op;
  std::vector<InputMeta> inputs;

  static NodeSignature Of(const torch::jit::Node& node);
  // e.g. "aten::add.Tensor(Float(1, 3, *, cpu), Float(1, 3, *, cpu), const 1)".
  std::string ToString() const;

  friend bool operator==(const NodeSignature& a, const NodeSignature& b) {
    return a.op == b.op && a.inputs == b.inputs;
  }
  template <typename H>
  friend H AbslHashValue(H h, const NodeSignature& s) {
    return H::combine(std::move(h), s.op, s.inputs);
  }
};

}  // namespace graph_lower

#endif  // GRAPH_LOWER_IR_NODE_SIGNATURE_H_
