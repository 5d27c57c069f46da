// Shape specialisation by running the graph on example values.
#include "passes/specialize_shapes.h"

#include <ATen/ATen.h>
#include <torch/csrc/autograd/grad_mode.h>
#include <torch/csrc/jit/ir/constants.h>
#include <torch/csrc/jit/runtime/operator.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "ir/errors.h"
#include "ir/mutation.h"

namespace graph_lower {
namespace {

using torch::jit::Block;
using torch::jit::Node;
using torch::jit::Value;

bool HasTag(const Node& node, at::Tag tag) {
  const torch::jit::Operator* op = node.maybeOperator();
  if (!op) return false;
  for (at::Tag t : op->getTags()) {
    if (t == tag) return true;
  }
  return false;
}

bool IntDivisionByZero(const Node& node, const std::vector<c10::IValue>& in) {
  static const auto* kinds = new absl::flat_hash_set<c10::Symbol>{
      c10::aten::remainder, c10::aten::floordiv,
      c10::aten::fmod,      c10::aten::__round_to_zero_floordiv,
      c10::aten::divmod,    c10::aten::floor_divide};
  return kinds->contains(node.kind()) && in.size() == 2 && in[0].isInt() && in[1].isInt() &&
         in[1].toInt() == 0;
}

class Specializer {
 public:
  Specializer(SpecializeStats& stats, bool writes) : stats_(stats), writes_(writes) {}

  void RunBlock(Block& block) {
    for (Node* node : block.nodes()) RunNode(*node);
  }

  void Bind(Value* v, c10::IValue value) { values_[v] = std::move(value); }
  void MarkDataDependent(Value* v) { data_dependent_.insert(v); }

  // Records the types seen, merging those of values observed more than once (loops).
  void Finish() {
    for (auto& [v, type] : observed_) {
      if (data_dependent_.contains(v)) continue;
      if (type->isComplete()) ++stats_.refined;
      if (*v->type() != *type) {
        v->setType(type);
        stats_.changed = true;
      }
    }
  }

 private:
  std::optional<std::vector<c10::IValue>> InputsOf(Node& node) {
    std::vector<c10::IValue> in;
    in.reserve(node.inputs().size());
    for (Value* v : node.inputs()) {
      auto it = values_.find(v);
      if (it == values_.end()) return std::nullopt;
      in.push_back(it->second);
    }
    return in;
  }

  // By value: callers pass elements of values_ itself, which the insertion may move.
  void Observe(Value* v, c10::IValue value) {
    values_.insert_or_assign(v, value);
    if (!value.isTensor() || !value.toTensor().defined() || !v->type()->cast<c10::TensorType>()) {
      return;
    }
    c10::TensorTypePtr t = c10::TensorType::create(value.toTensor());
    auto [it, inserted] = observed_.try_emplace(v, t);
    if (!inserted && *it->second != *t) it->second = it->second->merge(*t);
  }

  void Unknown(Node& node) {
    for (Value* out : node.outputs()) {
      values_.erase(out);
      if (out->type()->cast<c10::TensorType>()) ++stats_.unknown;
    }
  }

  // aten::index is tagged dynamic_output_shape for its boolean masks; with integer indices (or
  // None) its shape follows from the shapes alone (the indices broadcast), as for the constant
  // index lists of library decompositions (im2col, adaptive pooling windows).
  bool IndexedByIntegers(const Node& node) const {
    if (node.kind() != c10::aten::index || node.inputs().size() != 2) return false;
    auto it = values_.find(node.input(1));
    if (it == values_.end() || !it->second.isList()) return false;
    for (const c10::IValue& index : it->second.toListRef()) {
      if (index.isNone()) continue;
      if (!index.isTensor()) return false;
      const c10::ScalarType t = index.toTensor().scalar_type();
      if (t == c10::kBool || t == c10::kByte || !c10::isIntegralType(t, false)) return false;
    }
    return true;
  }

  void RunNode(Node& node) {
    bool data_dependent = HasTag(node, at::Tag::dynamic_output_shape) && !IndexedByIntegers(node);
    for (Value* in : node.inputs()) data_dependent |= data_dependent_.contains(in);
    if (data_dependent) {
      for (Value* out : node.outputs()) data_dependent_.insert(out);
    }
    if (node.kind() == c10::prim::Constant) {
      // A copy when the graph writes: running it must not mutate the graph's own constants.
      // Scalars need none (and IValue::deepcopy rejects complex numbers in torch 2.6).
      if (std::optional<c10::IValue> c = torch::jit::toIValue(node.output())) {
        values_[node.output()] = !writes_ || c->isComplexDouble() ? *c : c->deepcopy();
      }
      return;
    }
    // After a prim::RaiseException has run the program would have stopped: nothing after it
    // is run (it would run on values the program never reaches, e.g. n % 0 after an assert).
    if (raised_) return Unknown(node);
    std::optional<std::vector<c10::IValue>> in = InputsOf(node);
    if (!in) return Unknown(node);
    // Integer division or remainder by zero is undefined behaviour in the interpreter's scalar
    // ops (SIGFPE); example values (zeros for integer tensors, ir/example_values.h) can make a
    // divisor zero that the program's own values never do.
    if (IntDivisionByZero(node, *in)) return Unknown(node);
    if (node.kind() == c10::prim::If) return RunIf(node, *in);
    if (node.kind() == c10::prim::Loop) return RunLoop(node, *in);
    if (!node.blocks().empty()) return Unknown(node);
    torch::jit::Stack stack(in->begin(), in->end());
    // Container ops are run by the interpreter itself, not registered as operators.
    const c10::Symbol kind = node.kind();
    const torch::jit::Operator* op = nullptr;
    if (kind != c10::prim::ListConstruct && kind != c10::prim::TupleConstruct &&
        kind != c10::prim::ListUnpack && kind != c10::prim::TupleUnpack) {
      op = node.maybeOperator();
      if (!op) return Unknown(node);
    }
    try {
      if (kind == c10::prim::ListConstruct) {
        c10::impl::GenericList list(
            node.output()->type()->expectRef<c10::ListType>().getElementType());
        for (const c10::IValue& v : *in) list.push_back(v);
        stack = {c10::IValue(list)};
      } else if (kind == c10::prim::TupleConstruct) {
        stack = {c10::IValue(c10::ivalue::Tuple::create(*in))};
      } else if (kind == c10::prim::ListUnpack || kind == c10::prim::TupleUnpack) {
        const c10::IValue& v = (*in)[0];
        if (!(v.isList() || v.isTuple())) return Unknown(node);
        stack = v.isList() ? v.toListRef().vec() : v.toTupleRef().elements().vec();
      } else {
        op->getOperation (&node)(stack);
      }
    } catch (const std::exception& e) {
      if (node.kind() == c10::prim::RaiseException) raised_ = true;
      const std::string what = ExceptionMessage(e);
      if (std::getenv("GRAPH_LOWER_DEBUG")) {
        std::cerr << "specialize: " << node.kind().toQualString() << " threw: " << what << "\n";
      }
      // Ops without a tensor result (aten::format, aten::warn: implemented inside the
      // interpreter, not runnable alone) cannot make the program fail on shapes here.
      const bool tensor_op = std::any_of(
          node.outputs().begin(), node.outputs().end(),
          [](const Value* v) { return v->type()->kind() == c10::TypeKind::TensorType; });
      if (tensor_op && stats_.first_failure.empty()) {
        stats_.first_failure = absl::StrCat(node.kind().toQualString(), ": ", what);
      }
      return Unknown(node);
    }
    if (stack.size() != node.outputs().size()) return Unknown(node);
    for (size_t i = 0; i < stack.size(); ++i) Observe(node.output(i), stack[i]);
  }

  void RunIf(Node& node, const std::vector<c10::IValue>& in) {
    if (!in[0].isBool()) return Unknown(node);
    Block* taken = node.blocks()[in[0].toBool() ? 0 : 1];
    RunBlock(*taken);
    for (size_t i = 0; i < node.outputs().size(); ++i) {
      auto it = values_.find(taken->outputs()[i]);
      if (it == values_.end()) {
        values_.erase(node.output(i));
        continue;
      }
      Observe(node.output(i), it->second);
    }
  }

  // prim::Loop(max_trip_count, initial_condition, carried...): body block(i, carried...) ->
  // (condition, carried...).
  void RunLoop(Node& node, const std::vector<c10::IValue>& in) {
    if (!in[0].isInt() || !in[1].isBool()) return Unknown(node);
    Block* body = node.blocks()[0];
    const int64_t max_trips = in[0].toInt();
    bool cond = in[1].toBool();
    std::vector<c10::IValue> carried(in.begin() + 2, in.end());
    for (int64_t i = 0; i < max_trips && cond; ++i) {
      values_[body->inputs()[0]] = c10::IValue(i);
      for (size_t k = 0; k < carried.size(); ++k) Observe(body->inputs()[k + 1], carried[k]);
      RunBlock(*body);
      auto c = values_.find(body->outputs()[0]);
      if (c == values_.end() || !c->second.isBool()) return Unknown(node);
      cond = c->second.toBool();
      for (size_t k = 0; k < carried.size(); ++k) {
        auto it = values_.find(body->outputs()[k + 1]);
        if (it == values_.end()) return Unknown(node);
        carried[k] = it->second;
      }
    }
    for (size_t k = 0; k < carried.size(); ++k) Observe(node.output(k), carried[k]);
  }

  SpecializeStats& stats_;
  absl::flat_hash_map<Value*, c10::IValue> values_;
  absl::flat_hash_map<Value*, c10::TensorTypePtr> observed_;
  absl::flat_hash_set<Value*> data_dependent_;
  bool raised_ = false;  // a prim::RaiseException ran
  const bool writes_;    // some node of the graph may write (AnyNodeWrites)
};

// A copy with the same strides. clone() makes overlapping tensors (expanded: stride 0)
// contiguous, and their contiguity is what a decomposition may ask (reshape: view or copy).
at::Tensor CopyTensor(const at::Tensor& t) {
  if (!t.defined() || t.is_non_overlapping_and_dense()) return t.defined() ? t.clone() : t;
  int64_t extent = 1;
  for (int64_t d = 0; d < t.dim(); ++d) {
    if (t.size(d) == 0) return t.clone();
    extent += (t.size(d) - 1) * t.stride(d);
  }
  return t.as_strided({extent}, {1}).clone().as_strided(t.sizes(), t.strides(), 0);
}

c10::IValue CopyInput(const c10::IValue& v) {
  if (v.isTensor()) return CopyTensor(v.toTensor());
  if (v.isTensorList()) {
    c10::List<at::Tensor> out;
    for (const at::Tensor& t : v.toTensorList().vec()) out.push_back(CopyTensor(t));
    return out;
  }
  return v;
}

}  // namespace

absl::StatusOr<SpecializeStats> SpecializeShapes(torch::jit::Graph& graph,
                                                 const std::vector<c10::IValue>& inputs) {
  if (inputs.size() != graph.inputs().size()) {
    return absl::InvalidArgumentError(absl::StrCat("the graph takes ", graph.inputs().size(),
                                                   " inputs; ", inputs.size(), " were given"));
  }
  SpecializeStats stats;
  at::NoGradGuard no_grad;
  Specializer s(stats, AnyNodeWrites(*graph.block()));
  for (size_t i = 0; i < inputs.size(); ++i) {
    Value* in = graph.inputs()[i];
    c10::IValue copy = CopyInput(inputs[i]);
    s.Bind(in, copy);
    if (copy.isTensor() && copy.toTensor().defined() && in->type()->cast<c10::TensorType>()) {
      c10::TensorTypePtr t = c10::TensorType::create(copy.toTensor());
      if (*in->type() != *t) {
        in->setType(t);
        stats.changed = true;
      }
      ++stats.refined;
    }
  }
  s.RunBlock(*graph.block());
  s.Finish();
  return stats;
}

}  // namespace graph_lower
