// Shape specialisation by running the graph on example values: the specializer (its meta shape
// rules are in meta_shape_rules.cc, its memo of runs without a Meta kernel in example_run_memo.cc).
#include "passes/specialize_shapes.h"

#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/csrc/autograd/grad_mode.h>
#include <torch/csrc/jit/ir/constants.h>
#include <torch/csrc/jit/runtime/operator.h>

#include <algorithm>
#include <functional>
#include <sstream>

#include "absl/cleanup/cleanup.h"
#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/log/log.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "ir/errors.h"
#include "ir/example_values.h"
#include "ir/graph_predicates.h"
#include "ir/mutation.h"
#include "ir/status_macros.h"
#include "passes/example_run_memo.h"
#include "passes/meta_shape_rules.h"

namespace graph_lower {
namespace {

using torch::jit::Block;
using torch::jit::Node;
using torch::jit::Value;

bool IntDivisionByZero(const Node& node, const std::vector<c10::IValue>& in) {
  static const auto* kinds = new absl::flat_hash_set<c10::Symbol>{
      c10::aten::remainder, c10::aten::floordiv,
      c10::aten::fmod,      c10::aten::__round_to_zero_floordiv,
      c10::aten::divmod,    c10::aten::floor_divide};
  return kinds->contains(node.kind()) && in.size() == 2 && in[0].isInt() && in[1].isInt() &&
         in[1].toInt() == 0;
}

// Ops that read a tensor's values into a scalar (RewriteQueriesToCore, passes/core_queries.h,
// turns the first ones into aten::_local_scalar_dense): what they return is of the data, and other
// values give other numbers.
bool ReadsTensorData(const Node& node) {
  static const auto* kinds =
      new absl::flat_hash_set<c10::Symbol>{c10::aten::Int,
                                           c10::aten::Float,
                                           c10::aten::Bool,
                                           c10::aten::IntImplicit,
                                           c10::aten::FloatImplicit,
                                           c10::aten::ScalarImplicit,
                                           c10::Symbol::fromQualString("aten::ComplexImplicit"),
                                           c10::aten::item,
                                           c10::aten::_local_scalar_dense,
                                           c10::aten::is_nonzero,
                                           c10::aten::equal,
                                           c10::aten::allclose,
                                           c10::prim::tolist};
  if (!kinds->contains(node.kind())) return false;
  return std::any_of(node.inputs().begin(), node.inputs().end(),
                     [](const Value* v) { return v->type()->cast<c10::TensorType>() != nullptr; });
}

// Whether input `k` of `node`, a scalar or list, is a dim argument (`dim`, `start_dim`,
// `keepdim`, `dim0`, ...): one that can decide the rank of what the op returns (flatten(n),
// sum(x, 0, keepdim=b)).
bool DecidesRank(const Node& node, size_t k) {
  if (TypeHoldsTensor(node.input(k)->type())) return false;
  const c10::FunctionSchema* schema = node.maybeSchema();
  return schema && k < schema->arguments().size() &&
         schema->arguments()[k].name().find("dim") != std::string::npos;
}

// Whether a scalar or list of type `t` passed to an op can decide the shape of what it returns:
// sizes, dims, counts and flags (int, SymInt, bool, float and their lists and optionals;
// upsampling's scale factors are floats). A Scalar (a fill value, an `alpha`) cannot, except for
// the factories whose length it gives (`shape_scalars`).
bool CanDecideShape(const c10::TypePtr& t, bool shape_scalars) {
  if (auto o = t->cast<c10::OptionalType>())
    return CanDecideShape(o->getElementType(), shape_scalars);
  if (auto l = t->cast<c10::ListType>()) return CanDecideShape(l->getElementType(), shape_scalars);
  switch (t->kind()) {
    case c10::TypeKind::IntType:
    case c10::TypeKind::SymIntType:
    case c10::TypeKind::BoolType:
    case c10::TypeKind::FloatType:
      return true;
    case c10::TypeKind::NumberType:
      return shape_scalars;
    default:
      return false;
  }
}

// Whether the data-dependent input `k` of `node` makes its outputs data-dependent: a tensor's
// shape may be of the data (x[mask], also in a list: torch.where(mask)); a scalar or list read from
// the data decides a shape only through an argument that can (torch.zeros(int(x.sum())), not x *
// float(x.sum())). Scalar ops, control flow, containers and ops without a schema pass it on
// whatever it is.
bool TaintsOutputs(const Node& node, size_t k) {
  // A tensor holding the scalar (traced graphs): read back, it is the scalar's value.
  if (TypeHoldsTensor(node.input(k)->type()) || node.kind() == c10::prim::NumToTensor) return true;
  if (std::none_of(node.outputs().begin(), node.outputs().end(),
                   [](const Value* v) { return TypeHoldsTensor(v->type()); })) {
    return true;
  }
  const c10::FunctionSchema* schema = node.blocks().empty() ? node.maybeSchema() : nullptr;
  if (!schema || k >= schema->arguments().size()) return true;
  static const auto* kLengthFromScalars =
      new absl::flat_hash_set<c10::Symbol>{c10::aten::arange, c10::aten::range};
  return CanDecideShape(schema->arguments()[k].type(), kLengthFromScalars->contains(node.kind()));
}

// The types one run observed: value -> complete type (merged over loop iterations).
using ObservedTypes = absl::flat_hash_map<Value*, c10::TensorTypePtr>;

class Specializer {
 public:
  // meta: run on meta tensors standing for CPU ones (see SpecializeShapes).
  Specializer(SpecializeStats& stats, bool writes, bool meta, int64_t max_loop_steps)
      : stats_(stats), loop_steps_left_(max_loop_steps), writes_(writes), meta_(meta) {}

  void RunBlock(Block& block) {
    for (Node* node : block.nodes()) {
      // Nothing runs once the loop budget is spent (SpendLoopBudget): those values get no type.
      if (!meta_failure_.empty() || loop_budget_spent_) return;
      RunNode(*node);
    }
  }

  void Bind(Value* v, c10::IValue value) { values_[v] = std::move(value); }

  // `v` (a scalar input of the program) may take other values when the program runs.
  void MarkDataDependent(Value* v) { data_dependent_.insert(v); }

  // Why a meta run cannot stand for a run on the example values (empty when it can).
  const std::string& meta_failure() const { return meta_failure_; }

  // The values computed, as at the end of the run (RunOnExamples' ExampleRun::values).
  absl::flat_hash_map<Value*, c10::IValue> TakeValues() { return std::move(values_); }

  // The types seen, merged over values observed more than once (loops); values computed from
  // data-dependent ones keep only their rank, dtype and device (an op's output rank follows from
  // its inputs' ranks and its non-tensor arguments, never from tensor values), unless their rank
  // is of the data too (rank_of_data_: squeeze, a branch or loop on the data): those are left out.
  ObservedTypes Observed() && {
    ObservedTypes out = std::move(observed_);
    for (Value* v : data_dependent_) {
      auto it = out.find(v);
      if (it == out.end()) continue;
      if (rank_of_data_.contains(v) || !it->second->sizes().size()) {
        out.erase(it);
      } else if (v->node()->kind() == c10::aten::nonzero && it->second->sizes().size() == 2 &&
                 it->second->sizes()[1]) {
        // nonzero(x) is [count, x.dim()]: only the count depends on the values (the columns of
        // torch.nonzero(x, as_tuple=True) are then a known number of tensors).
        const int64_t rank = *it->second->sizes()[1];
        it->second = it->second->dimensionedOnly()->withSymbolicShapes(
            c10::SymbolicShape(std::vector<std::optional<int64_t>>{std::nullopt, rank}));
      } else {
        it->second = it->second->dimensionedOnly();
      }
    }
    for (Value* v : past_loop_budget_) out.erase(v);
    return out;
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
    c10::TensorTypePtr t = TensorTypeOf(value.toTensor());
    auto [it, inserted] = observed_.try_emplace(v, t);
    if (!inserted && *it->second != *t) it->second = it->second->merge(*t);
  }

  void Unknown(Node& node) {
    for (Value* out : node.outputs()) {
      values_.erase(out);
      if (out->type()->cast<c10::TensorType>()) ++stats_.unknown;
    }
    // Its outputs may hold or alias a list or dict among its inputs, which a write through them
    // (`d = {"a": s}; d["a"].append(1)`) would change unseen: those are no longer known.
    const c10::FunctionSchema* schema = node.maybeSchema();
    for (size_t k = 0; k < node.inputs().size(); ++k) {
      const c10::TypeKind kind = node.input(k)->type()->kind();
      if (kind != c10::TypeKind::ListType && kind != c10::TypeKind::DictType) continue;
      const bool may_alias = !schema || k >= schema->arguments().size() ||
                             schema->arguments()[k].alias_info() != nullptr;
      if (may_alias) values_.erase(node.input(k));
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

  // CompositeImplicitAutograd ops whose kernels call nonzero, without the dynamic_output_shape
  // tag of nonzero itself (native_functions.yaml): torch.where(condition), argwhere,
  // nonzero_numpy.
  static bool UntaggedDynamicOutputShape(const Node& node) {
    static const c10::Symbol kArgwhere = c10::Symbol::fromQualString("aten::argwhere");
    static const c10::Symbol kNonzeroNumpy = c10::Symbol::fromQualString("aten::nonzero_numpy");
    return (node.kind() == c10::aten::where && node.inputs().size() == 1) ||
           node.kind() == kArgwhere || node.kind() == kNonzeroNumpy;
  }

  void RunNode(Node& node) {
    if (!loops_.empty() && --loop_steps_left_ < 0) return SpendLoopBudget();
    NoteSizeValued(node);
    // Ops whose results depend on tensor values (none on meta tensors). A read of a tensor holding
    // a size (a traced graph's prim::NumToTensor) is data-dependent only as that size is.
    const bool reads_values =
        (HasTag(node, at::Tag::dynamic_output_shape) && !IndexedByIntegers(node)) ||
        UntaggedDynamicOutputShape(node) ||
        (ReadsTensorData(node) && !AllTensorInputsSizeValued(node));
    bool data_dependent = reads_values;
    // A data-dependent value's rank is of the data too when an input's is, or when the op's
    // output rank follows from sizes (squeeze drops the dims of size 1). A scalar read from
    // the values changes no rank by itself; a list's length comes from how it was built (a branch
    // or loop on the data makes it rank_of_data_ there).
    bool rank_of_data = node.kind() == c10::aten::squeeze;
    for (size_t k = 0; k < node.inputs().size(); ++k) {
      if (!data_dependent_.contains(node.input(k)) || !TaintsOutputs(node, k)) continue;
      data_dependent = true;
      rank_of_data |= rank_of_data_.contains(node.input(k)) || DecidesRank(node, k);
    }
    // A container written with a value of the data holds data from there on (`s.append(n)`,
    // `s[i] = n`, `s.insert(n, 1)`).
    if (data_dependent && node.blocks().empty()) MarkWrittenContainers(node, /*length=*/false);
    if (data_dependent) {
      // Shapes that depend on values: a meta run has none.
      if (meta_ && reads_values)
        return MetaFails(node, "its output shape depends on tensor values");
      for (Value* out : node.outputs()) {
        // An If on data: RunIf types its outputs from both branches where it can.
        if (node.kind() == c10::prim::If) continue;
        data_dependent_.insert(out);
        if (rank_of_data || !node.blocks().empty()) rank_of_data_.insert(out);
      }
    }
    if (node.kind() == c10::prim::Constant) {
      // A copy when the graph writes: running it must not mutate the graph's own constants (on
      // meta tensors too: ToMeta keeps a list of scalars itself). Scalars need none (and
      // IValue::deepcopy rejects complex numbers in torch 2.6).
      if (std::optional<c10::IValue> c = torch::jit::toIValue(node.output())) {
        c10::IValue value = !writes_ || c->isComplexDouble() ? *c : c->deepcopy();
        if (meta_) {
          std::optional<c10::IValue> m = ToMeta(value);
          if (!m) return MetaFails(node, "a constant is not a dense CPU tensor");
          value = *std::move(m);
        }
        values_[node.output()] = std::move(value);
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
    // libtorch's CPU flash attention divides by zero (SIGFPE) on an empty key or query; such a
    // node is left as it is.
    if (CrashesLibtorch(node, *in)) {
      return meta_ ? MetaFails(node, "attention on an empty tensor") : Unknown(node);
    }
    if (node.kind() == c10::prim::If) return RunIf(node, *in);
    if (node.kind() == c10::prim::Loop) return RunLoop(node, *in);
    if (!node.blocks().empty()) return Unknown(node);
    if (meta_ && !MetaCanRun(node, *in)) return;
    torch::jit::Stack stack(in->begin(), in->end());
    // Container ops are run by the interpreter itself, not registered as operators.
    const c10::Symbol kind = node.kind();
    const torch::jit::Operator* op = nullptr;
    if (kind != c10::prim::ListConstruct && kind != c10::prim::TupleConstruct &&
        kind != c10::prim::ListUnpack && kind != c10::prim::TupleUnpack &&
        kind != c10::prim::DictConstruct) {
      op = node.maybeOperator();
      if (!op) return Unknown(node);
    }
    try {
      if (kind == c10::prim::ListConstruct) {
        c10::impl::GenericList list(
            node.output()->type()->expectRef<c10::ListType>().getElementType());
        for (const c10::IValue& v : *in) list.push_back(v);
        stack = {c10::IValue(list)};
      } else if (kind == c10::prim::DictConstruct) {
        const auto& type = node.output()->type()->expectRef<c10::DictType>();
        c10::impl::GenericDict dict(type.getKeyType(), type.getValueType());
        for (size_t i = 0; i + 1 < in->size(); i += 2) {
          dict.insert_or_assign((*in)[i], (*in)[i + 1]);
        }
        stack = {c10::IValue(dict)};
      } else if (kind == c10::prim::TupleConstruct) {
        stack = {c10::IValue(c10::ivalue::Tuple::create(*in))};
      } else if (kind == c10::prim::ListUnpack || kind == c10::prim::TupleUnpack) {
        const c10::IValue& v = (*in)[0];
        if (!(v.isList() || v.isTuple())) return Unknown(node);
        stack = v.isList() ? v.toListRef().vec() : v.toTupleRef().elements().vec();
      } else if (meta_ && (MetaKernelDisagrees(kind) || KnownWithoutMetaKernel(op) ||
                           (!IsView(node) && !MetaLayoutAgreesOnStrided(kind) &&
                            MakesTensors(node) && AnyNonContiguousTensor(*in)))) {
        std::optional<torch::jit::Stack> outs = RunWithoutMetaKernel(node, *op, *in);
        if (!outs) return MetaFails(node, "no Meta kernel, and its shapes cannot be had otherwise");
        stack = *std::move(outs);
      } else if (meta_) {
        stack = RunOnMeta(node, *op, std::move(stack));
      } else {
        op->getOperation (&node)(stack);
      }
    } catch (const std::exception& e) {
      // Ops without a tensor result (aten::format, aten::warn: implemented inside the
      // interpreter, not runnable alone) cannot make the program fail on shapes here.
      const bool tensor_op = std::any_of(node.outputs().begin(), node.outputs().end(),
                                         [](const Value* v) { return TypeHoldsTensor(v->type()); });
      if (meta_ && tensor_op) {
        // An op without a Meta kernel in libtorch's C++ (many have theirs in Python only,
        // torch/_meta_registrations.py): its output shapes come another way, or the run on
        // the example values decides (which also decides whether the program fails here).
        std::optional<torch::jit::Stack> outs = RunWithoutMetaKernel(node, *op, *in);
        if (!outs) return MetaFails(node, ExceptionMessage(e));
        // Its kernel is missing, not its arguments wrong: the next call skips the throw, which
        // costs more than the op on a meta tensor (blocks of LayerNorm; docs/benchmarks.md).
        if (op) RememberWithoutMetaKernel(op);
        stack = *std::move(outs);
      } else {
        if (node.kind() == c10::prim::RaiseException) raised_ = true;
        const std::string what = ExceptionMessage(e);
        VLOG(1) << "specialize: " << node.kind().toQualString() << " threw: " << what;
        if (tensor_op && stats_.first_failure.empty()) {
          stats_.first_failure = absl::StrCat(node.kind().toQualString(), ": ", what);
        }
        return Unknown(node);
      }
    }
    if (stack.size() != node.outputs().size()) return Unknown(node);
    const c10::FunctionSchema* schema = node.maybeSchema();
    for (size_t i = 0; i < stack.size(); ++i) {
      // A list that aliases an input list (aten::append's) holds meta values already;
      // converting it would copy it, once per call: quadratic in the list's length, which a long
      // loop of appends makes prohibitive (docs/benchmarks.md). A tensor is still
      // converted (a view run on a CPU stand-in by RunWithoutMetaKernel is a CPU tensor).
      const bool aliased_list = stack[i].isList() && schema && i < schema->returns().size() &&
                                schema->returns()[i].alias_info();
      if (meta_ && !aliased_list) {
        // Factories without a device argument, prim::GetAttr, ... make CPU tensors.
        std::optional<c10::IValue> m = ToMeta(stack[i]);
        if (!m) return MetaFails(node, "an output is not a dense CPU tensor");
        stack[i] = *std::move(m);
      }
      Observe(node.output(i), stack[i]);
    }
    // An op that writes an argument may change its sizes or strides (unsqueeze_, t_, resize_).
    // A value has one type, so the argument's becomes the merge of its types before and after.
    // Functionalization replaces such ops outside control flow, not inside an If or a Loop on a
    // value from outside it: there its type would stay the one it was made with, and aten::dim
    // fold to the old rank (`y.unsqueeze_(0)` in an If would give x * 2 where eager gives x * 3).
    if (schema && schema->is_mutable()) {
      for (size_t i = 0; i < schema->arguments().size() && i < node.inputs().size(); ++i) {
        const c10::AliasInfo* alias = schema->arguments()[i].alias_info();
        if (!alias || !alias->isWrite()) continue;
        if (auto it = values_.find(node.input(i)); it != values_.end()) {
          Observe(node.input(i), it->second);
        }
      }
    }
  }

  // `op` run on meta tensors, memoised (DescribeForMemo) for dispatcher ops whose schema has no
  // alias annotation (no view, no write: the outputs are fresh whatever the inputs). Repeated
  // blocks run the same op on the same shapes once per block, and several Meta kernels are Python
  // (native_layer_norm and gelu in torch/_meta_registrations.py and torch/_refs, about 0.3 ms a
  // call): they were most of the pass on a stack of LayerNorm blocks (docs/benchmarks.md).
  // Throws what the op throws; a throw is not memoised.
  torch::jit::Stack RunOnMeta(const Node& node, const torch::jit::Operator& op,
                              torch::jit::Stack stack) {
    std::optional<std::string> key;
    if (op.isC10Op() && !HasAliasAnnotations(op.schema())) key = MemoKey(op, stack);
    if (key) {
      if (auto it = meta_memo_.find(*key); it != meta_memo_.end()) {
        ++stats_.memoised_meta_runs;
        return StackOf(it->second);
      }
    }
    op.getOperation (&node)(stack);
    if (key) {
      if (std::optional<std::vector<MemoOutput>> entry = MemoOutputsOf(stack)) {
        meta_memo_.emplace(*std::move(key), *std::move(entry));
      }
    }
    return stack;
  }

  static bool HasAliasAnnotations(const c10::FunctionSchema& schema) {
    for (const c10::Argument& a : schema.arguments()) {
      if (a.alias_info()) return true;
    }
    for (const c10::Argument& r : schema.returns()) {
      if (r.alias_info()) return true;
    }
    return false;
  }

  // The memo key of `op` on `in` (DescribeForMemo), or nullopt when an input is not described.
  static std::optional<std::string> MemoKey(const torch::jit::Operator& op,
                                            const std::vector<c10::IValue>& in) {
    std::string key = absl::StrCat(reinterpret_cast<uintptr_t>(&op), ":");
    for (const c10::IValue& v : in) {
      if (!DescribeForMemo(v, key)) return std::nullopt;
    }
    return key;
  }

  // The outputs of an op that threw on meta tensors, as meta tensors: aten::convolution by its
  // output-size rule; otherwise the op run on zero-filled CPU tensors of the inputs' sizes,
  // strides and dtypes, when that cannot change its output shapes. Shapes read from values are
  // tagged dynamic_output_shape on ops with a kernel of their own (FakeTensor relies on the same
  // tag), so zeros are safe for them and for floating-point inputs; a CompositeImplicitAutograd
  // op with integer or bool tensor inputs may read them (tensor_split's indices): nullopt.
  // Memoised by the operator and the inputs' shapes (DescribeForMemo) for operators of the
  // dispatcher (c10 ops), whose Operation does not read the node; a failure (nullopt) too.
  std::optional<torch::jit::Stack> RunWithoutMetaKernel(const Node& node,
                                                        const torch::jit::Operator& op,
                                                        const std::vector<c10::IValue>& in) {
    std::optional<std::string> key;
    if (op.isC10Op()) key = MemoKey(op, in);
    if (key) {
      if (auto it = without_meta_memo_.find(*key); it != without_meta_memo_.end()) {
        ++stats_.memoised_runs_on_zeros;
        if (!it->second) return std::nullopt;
        return StackOf(*it->second);
      }
    }
    std::optional<torch::jit::Stack> outs = RunOnZeros(node, op, in);
    if (key) {
      if (!outs) {
        without_meta_memo_.emplace(*std::move(key), std::nullopt);
      } else if (std::optional<std::vector<MemoOutput>> entry = MemoOutputsOf(*outs)) {
        without_meta_memo_.emplace(*std::move(key), *std::move(entry));
      }
    }
    return outs;
  }

  std::optional<torch::jit::Stack> RunOnZeros(const Node& node, const torch::jit::Operator& op,
                                              const std::vector<c10::IValue>& in) {
    std::optional<torch::jit::Stack> by_rule = ConvolutionOnMeta(node, in);
    if (!by_rule) by_rule = MultiHeadAttentionOnMeta(node, in);
    if (!by_rule) by_rule = TransformerEncoderLayerOnMeta(node, in);
    if (!by_rule) by_rule = BatchNormOnMeta(node, in);
    if (!by_rule) by_rule = ActivationOnMeta(node, in);
    if (!by_rule) by_rule = AttentionOnMeta(node, in);
    if (by_rule) {
      ++stats_.shape_rule_runs;
      return by_rule;
    }
    bool value_read = false;
    const c10::FunctionSchema* schema = node.maybeSchema();
    if (!schema) return std::nullopt;
    // An op that writes its arguments (out= overloads, in-place ops) is not run on stand-ins:
    // the run on zero-filled copies of _native_batch_norm_legit.out's arguments left its
    // outputs pointing at freed tensors (an ASan heap-use-after-free when they were read; found
    // by the OpInfo sweep; where libtorch frees them was not pinned down). The run on the
    // example values decides instead.
    if (schema->is_mutable()) return std::nullopt;
    auto handle = c10::Dispatcher::singleton().findOp(schema->operator_name());
    const bool composite =
        handle && handle->hasKernelForDispatchKey(c10::DispatchKey::CompositeImplicitAutograd);
    std::function<std::optional<c10::IValue>(const c10::IValue&)> zeros =
        [&](const c10::IValue& v) -> std::optional<c10::IValue> {
      if (v.isTensor()) {
        const at::Tensor& t = v.toTensor();
        if (!t.defined() || !t.is_meta()) return v;
        // Integer tensors hold indices, pivots, offsets or counts that the op reads: zeros are
        // not safe stand-ins (a CIA kernel branches on them, bool masks included;
        // linalg_ldl_solve's LAPACK call writes out of bounds with zero pivots, a heap
        // corruption in libtorch 2.6). The run on the example values decides instead.
        value_read |= !t.is_floating_point() && !t.is_complex() &&
                      (composite || t.scalar_type() != at::kBool);
        at::Tensor z = CpuZerosLike(t);
        if (t.unsafeGetTensorImpl()->is_wrapped_number()) {
          z.unsafeGetTensorImpl()->set_wrapped_number(true);
        }
        return z;
      }
      if (v.isList()) {
        c10::impl::GenericList out(v.toList().elementType());
        for (const c10::IValue& e : v.toListRef()) {
          std::optional<c10::IValue> z = zeros(e);
          if (!z) return std::nullopt;
          out.push_back(*std::move(z));
        }
        return out;
      }
      if (v.isDevice() && v.toDevice().is_meta()) return at::Device(at::kCPU);
      return v;
    };
    torch::jit::Stack stack;
    for (const c10::IValue& v : in) {
      std::optional<c10::IValue> z = zeros(v);
      if (!z) return std::nullopt;
      stack.push_back(*std::move(z));
    }
    if (value_read) return std::nullopt;
    try {
      op.getOperation (&node)(stack);
    } catch (const std::exception&) {
      return std::nullopt;
    }
    return stack;
  }

  void MetaFails(const Node& node, const std::string& why) {
    if (meta_failure_.empty()) meta_failure_ = absl::StrCat(node.kind().toQualString(), ": ", why);
  }

  // In a meta run: whether `node` may run on meta tensors, and if so its device arguments are
  // made meta (`in` is then its inputs). A node answered here (device queries) is recorded and
  // false returned.
  bool MetaCanRun(Node& node, std::vector<c10::IValue>& in) {
    const c10::Symbol kind = node.kind();

    if (AsksDevice(kind)) {
      // Answered for the CPU tensor the meta one stands for: run on an empty CPU tensor.
      if (in.size() != 1 || !in[0].isTensor() || node.outputs().size() != 1) {
        MetaFails(node, "a device query of an unexpected form");
        return false;
      }
      const torch::jit::Operator* op = node.maybeOperator();
      if (!op) {
        MetaFails(node, "a device query without an operator");
        return false;
      }
      torch::jit::Stack stack = {at::empty({0}, in[0].toTensor().options().device(at::kCPU))};
      try {
        op->getOperation (&node)(stack);
      } catch (const std::exception& e) {
        MetaFails(node, ExceptionMessage(e));
        return false;
      }
      values_.insert_or_assign(node.output(), stack.at(0));
      return false;
    }
    // A value other than a tensor computed from a tensor may have read its values. A value whose
    // type cannot hold one is not scanned: scanning a List[int] at each of its appends is
    // quadratic, prohibitive for a long loop of appends (docs/benchmarks.md).
    bool tensor_in = false;
    for (size_t i = 0; i < in.size() && !tensor_in; ++i) {
      tensor_in = !CannotHoldTensor(node.inputs()[i]->type()) && HoldsTensor(in[i]);
    }
    if (tensor_in && !ReadsMetadataOnly(kind)) {
      for (const Value* out : node.outputs()) {
        if (!TypeHoldsTensor(out->type()) && out->type()->kind() != c10::TypeKind::NoneType) {
          MetaFails(node, "it computes a value other than a tensor from a tensor");
          return false;
        }
      }
    }
    // Tensors made on a device (factories, aten::to) are made on the meta device instead.
    const bool makes_tensors =
        std::any_of(node.outputs().begin(), node.outputs().end(),
                    [](const Value* v) { return TypeHoldsTensor(v->type()); });
    if (const c10::FunctionSchema* schema = makes_tensors ? node.maybeSchema() : nullptr) {
      const auto& args = schema->arguments();
      for (size_t i = 0; i < in.size() && i < args.size(); ++i) {
        if (in[i].isDevice()) {
          if (!in[i].toDevice().is_cpu()) {
            MetaFails(node, "a tensor is made on a device other than the CPU");
            return false;
          }
          in[i] = at::Device(at::kMeta);
        } else if (in[i].isNone() && args[i].name() == "device") {
          in[i] = at::Device(at::kMeta);
        }
      }
    }
    return true;
  }

  void RunIf(Node& node, const std::vector<c10::IValue>& in) {
    if (!in[0].isBool()) return Unknown(node);
    Block* taken = node.blocks()[in[0].toBool() ? 0 : 1];
    RunBlock(*taken);
    // A condition of the data may go the other way on other values: the outputs' types must
    // hold for both branches. The other one is run too, for its types, where that is safe.
    const bool of_data = data_dependent_.contains(node.input(0));
    if (of_data) MarkWritesIn(node);
    Block* other = node.blocks()[in[0].toBool() ? 1 : 0];
    const bool other_ran = of_data && RunForTypesOnly(*other);
    for (size_t i = 0; i < node.outputs().size(); ++i) {
      Value* out = node.output(i);
      auto it = values_.find(taken->outputs()[i]);
      if (it == values_.end()) {
        values_.erase(out);
        continue;
      }
      // A copy: Observe inserts into values_, which may rehash it (and `it` with it).
      const c10::IValue taken_value = it->second;
      Observe(out, taken_value);
      CarryDataDependence(taken->outputs()[i], out);
      if (!of_data) continue;
      // A tensor both sides give with one type keeps it; anything else is of the data (a rank
      // that differs between the sides, or a scalar or list, too).
      auto o = values_.find(other->outputs()[i]);
      if (other_ran && o != values_.end() && taken_value.isTensor() && o->second.isTensor() &&
          taken_value.toTensor().defined() && o->second.toTensor().defined()) {
        const c10::TensorTypePtr a = TensorTypeOf(taken_value.toTensor());
        const c10::TensorTypePtr b = TensorTypeOf(o->second.toTensor());
        Observe(out, o->second);
        values_.insert_or_assign(out, taken_value);
        CarryDataDependence(other->outputs()[i], out);
        if (*a == *b) continue;
        data_dependent_.insert(out);
        if (a->sizes().size() != b->sizes().size()) rank_of_data_.insert(out);
      } else {
        data_dependent_.insert(out);
        rank_of_data_.insert(out);
      }
    }
  }

  // Runs a branch the example does not take, for the types of its values only: when it has no
  // blocks and writes nothing. A failure there is no failure of the program. Returns whether it
  // ran.
  bool RunForTypesOnly(Block& block) {
    for (const Node* n : block.nodes()) {
      if (!n->blocks().empty() || NodeWrites(*n) || n->kind() == c10::prim::RaiseException) {
        return false;
      }
    }
    const std::string first_failure = stats_.first_failure;
    const int64_t unknown = stats_.unknown;
    RunBlock(block);
    stats_.first_failure = first_failure;
    stats_.unknown = unknown;
    return true;
  }

  // Tensors whose values are computed from scalars and constants alone, not from the program's
  // tensors (size_valued_): torch.jit.trace records `x.view(x.size(0) // 2, -1)` as
  // prim::NumToTensor of the size, tensor arithmetic on it, and aten::Int back.
  void NoteSizeValued(const Node& node) {
    if (node.outputs().size() != 1 || !node.output()->type()->cast<c10::TensorType>()) return;
    if (node.kind() == c10::prim::NumToTensor || node.kind() == c10::prim::Constant) {
      size_valued_.insert(node.output());
      return;
    }
    if (!node.blocks().empty() || node.isNondeterministic()) return;
    if (AllTensorInputsSizeValued(node)) size_valued_.insert(node.output());
  }

  // Whether `node` takes tensors, and each is size_valued_.
  bool AllTensorInputsSizeValued(const Node& node) const {
    bool any_tensor = false;
    for (const Value* in : node.inputs()) {
      if (!TypeHoldsTensor(in->type())) continue;
      if (!size_valued_.contains(in)) return false;
      any_tensor = true;
    }
    return any_tensor;
  }

  // The containers (lists, dicts) `node` writes hold data from there on; with `length`, their
  // length too (written in a branch or loop decided by the data).
  void MarkWrittenContainers(const Node& node, bool length) {
    const c10::FunctionSchema* schema = node.maybeSchema();
    if (!schema) return;
    for (size_t k = 0; k < node.inputs().size() && k < schema->arguments().size(); ++k) {
      Value* v = node.input(k);
      if (v->type()->cast<c10::TensorType>() ||
          !schema->is_mutable({c10::SchemaArgType::input, k})) {
        continue;
      }
      data_dependent_.insert(v);
      if (length) rank_of_data_.insert(v);
    }
  }

  // Every write in the blocks of `node` (an If or Loop decided by the data: the writes of the
  // branch not taken, or of iterations not run, happen for other values).
  void MarkWritesIn(const Node& node) {
    for (const Block* b : node.blocks()) {
      for (const Node* n : b->nodes()) {
        if (!n->blocks().empty()) {
          MarkWritesIn(*n);
        } else if (NodeWrites(*n)) {
          MarkWrittenContainers(*n, /*length=*/true);
        }
      }
    }
  }

  // A block's output (or a loop's carried input) passes its data dependence on to `to`.
  void CarryDataDependence(Value* from, Value* to) {
    if (data_dependent_.contains(from)) data_dependent_.insert(to);
    if (rank_of_data_.contains(from)) rank_of_data_.insert(to);
  }

  // prim::Loop(max_trip_count, initial_condition, carried...): body block(i, carried...) ->
  // (condition, carried...).
  // Loop work is bounded (SpecializeOptions::max_loop_steps): each iteration, and each node run
  // inside a loop, is a step; SpendLoopBudget stops the run when they are spent.
  void RunLoop(Node& node, const std::vector<c10::IValue>& in) {
    if (!in[0].isInt() || !in[1].isBool()) return Unknown(node);
    Block* body = node.blocks()[0];
    const int64_t max_trips = in[0].toInt();
    bool cond = in[1].toBool();
    std::vector<c10::IValue> carried(in.begin() + 2, in.end());
    loops_.push_back(&node);
    absl::Cleanup pop_loop = [this] { loops_.pop_back(); };
    // A trip count or condition of the data: other values run it more or fewer times.
    bool of_data =
        data_dependent_.contains(node.input(0)) || data_dependent_.contains(node.input(1));
    absl::Cleanup mark_writes = [&] {
      if (of_data) MarkWritesIn(node);
    };
    // Each output's type is the merge of the carried value's before the loop and after every
    // iteration: the trip count or condition may come from values (an int argument, a tensor's
    // sum), and other values may run it more or fewer times. A shape that changes from one
    // iteration to the next is not specialised (`for i in range(n): x = torch.cat([x, x])` lowered
    // with n = 2 would fold x.size(0) to 32 for every n).
    for (size_t k = 0; k < carried.size(); ++k) {
      Observe(node.output(k), carried[k]);
      CarryDataDependence(node.input(k + 2), node.output(k));
      CarryDataDependence(node.input(k + 2), body->inputs()[k + 1]);
    }
    for (int64_t i = 0; i < max_trips && cond; ++i) {
      if (--loop_steps_left_ < 0) SpendLoopBudget();
      if (loop_budget_spent_) break;
      values_[body->inputs()[0]] = c10::IValue(i);
      for (size_t k = 0; k < carried.size(); ++k) Observe(body->inputs()[k + 1], carried[k]);
      RunBlock(*body);
      if (loop_budget_spent_) break;
      of_data |= data_dependent_.contains(body->outputs()[0]);
      auto c = values_.find(body->outputs()[0]);
      if (c == values_.end() || !c->second.isBool()) return UnknownLoop(node);
      cond = c->second.toBool();
      for (size_t k = 0; k < carried.size(); ++k) {
        auto it = values_.find(body->outputs()[k + 1]);
        if (it == values_.end()) return UnknownLoop(node);
        carried[k] = it->second;
        Observe(node.output(k), carried[k]);
        CarryDataDependence(body->outputs()[k + 1], node.output(k));
        CarryDataDependence(body->outputs()[k + 1], body->inputs()[k + 1]);
      }
    }
  }

  // A loop that could not be run to its end: its outputs get neither a value nor a type.
  void UnknownLoop(Node& node) {
    Unknown(node);
    for (Value* out : node.outputs()) observed_.erase(out);
  }

  // The loop budget is spent: the run stops. The outermost loop running, with every value inside
  // it, and everything after it get no type from this run: a value after the loop may depend on
  // iterations not run (a list appended to inside it: specialising its partial length would fold
  // `len` to a wrong number). Named in SpecializeStats::loops_left.
  void SpendLoopBudget() {
    if (loop_budget_spent_) return;
    loop_budget_spent_ = true;
    Node& outer = *loops_.front();
    std::string where;
    if (auto flc = outer.sourceRange().file_line_col()) {
      where = absl::StrCat(" at ", std::get<0>(*flc), ":", std::get<1>(*flc));
    }
    stats_.loops_left.push_back(
        absl::StrCat("prim::Loop (outputs ", OutputNames(outer), ")", where,
                     " and everything after it: the loop work of shape specialisation (",
                     "SpecializeOptions::max_loop_steps) is spent"));
    LeaveUnspecialised(outer);
  }

  // `node`'s outputs, and every value of its blocks, get no type from this run.
  void LeaveUnspecialised(Node& node) {
    Unknown(node);
    for (Value* out : node.outputs()) past_loop_budget_.insert(out);
    for (Block* block : node.blocks()) {
      for (Value* v : block->inputs()) past_loop_budget_.insert(v);
      for (Node* inner : block->nodes()) LeaveUnspecialised(*inner);
    }
  }

  SpecializeStats& stats_;
  absl::flat_hash_map<Value*, c10::IValue> values_;
  absl::flat_hash_map<Value*, c10::TensorTypePtr> observed_;
  absl::flat_hash_set<Value*> data_dependent_;
  // Data-dependent values whose rank may be of the data too (see Observed).
  absl::flat_hash_set<Value*> rank_of_data_;
  // See NoteSizeValued.
  absl::flat_hash_set<const Value*> size_valued_;
  absl::flat_hash_set<Value*> past_loop_budget_;  // LeaveUnspecialised
  int64_t loop_steps_left_;                       // SpecializeOptions::max_loop_steps
  bool loop_budget_spent_ = false;                // SpendLoopBudget
  std::vector<Node*> loops_;                      // the loops running, outermost first
  bool raised_ = false;                           // a prim::RaiseException ran
  const bool writes_;  // some node of the graph may write (AnyNodeWrites)
  const bool meta_;    // values are meta tensors standing for CPU ones
  std::string meta_failure_;
  // RunWithoutMetaKernel's memo: DescribeForMemo's key -> outputs, or nullopt for a failure.
  absl::flat_hash_map<std::string, std::optional<std::vector<MemoOutput>>> without_meta_memo_;
  // RunOnMeta's memo: DescribeForMemo's key -> outputs.
  absl::flat_hash_map<std::string, std::vector<MemoOutput>> meta_memo_;
};

}  // namespace

namespace {

std::string TypeText(const c10::TensorTypePtr& t) {
  if (!t) return "(none)";
  std::ostringstream out;
  out << *t;
  return out.str();
}

// The first value whose observed types differ, as "%v (aten::op): A vs B"; empty when they agree.
std::string Disagreement(const ObservedTypes& meta, const ObservedTypes& example) {
  auto describe = [](Value* v, const c10::TensorTypePtr& a, const c10::TensorTypePtr& b) {
    return absl::StrCat("%", v->debugName(), " (", v->node()->kind().toQualString(),
                        "): ", TypeText(a), " on meta tensors, ", TypeText(b),
                        " on the example values");
  };
  for (const auto& [v, t] : example) {
    auto it = meta.find(v);
    if (it == meta.end()) return describe(v, nullptr, t);
    if (!SameTensorLayout(*it->second, *t)) return describe(v, it->second, t);
  }
  // Values only the meta run typed are those after an op that threw on the example values
  // (an integer division by the zeros of synthesised integer inputs): no shape is wrong there.
  return "";
}

}  // namespace

c10::TypePtr SpecializedOptionalType(const c10::TypePtr& declared, const c10::IValue& example) {
  auto opt = declared->cast<c10::OptionalType>();
  if (!opt) return nullptr;
  if (example.isNone()) return c10::NoneType::get();
  if (example.type()->isSubtypeOf(*opt->getElementType())) return opt->getElementType();
  return nullptr;
}

absl::StatusOr<ExampleRun> RunOnExamples(torch::jit::Graph& graph,
                                         const std::vector<c10::IValue>& inputs,
                                         const SpecializeOptions& options) {
  if (inputs.size() != graph.inputs().size()) {
    return absl::InvalidArgumentError(absl::StrCat("the graph takes ", graph.inputs().size(),
                                                   " inputs; ", inputs.size(), " were given"));
  }
  ExampleRun result;
  SpecializeStats& stats = result.stats;
  at::NoGradGuard no_grad;
  const bool writes = AnyNodeWrites(*graph.block());
  // The values a run on example values runs on: `inputs`, or what options.make_example_values
  // makes when that run is needed.
  const std::vector<c10::IValue>* values = &inputs;
  std::vector<c10::IValue> made;
  auto make_values = [&]() -> absl::Status {
    if (!options.make_example_values || values == &made) return absl::OkStatus();
    ASSIGN_OR_RETURN(std::vector<c10::IValue> v, options.make_example_values());
    if (v.size() != inputs.size()) {
      return absl::InternalError(absl::StrCat("make_example_values gave ", v.size(), " values for ",
                                              inputs.size(), " inputs"));
    }
    made = std::move(v);
    values = &made;
    return absl::OkStatus();
  };

  // One run; the input types it gives are recorded with the values' types.
  // values_out: where the run's values go (the run whose types are kept).
  auto run =
      [&](bool meta, SpecializeStats& run_stats, std::string& meta_failure,
          absl::flat_hash_map<Value*, c10::IValue>* values_out) -> std::optional<ObservedTypes> {
    Specializer s(run_stats, writes, meta, options.max_loop_steps);
    ObservedTypes input_types;
    for (size_t i = 0; i < inputs.size(); ++i) {
      Value* in = graph.inputs()[i];
      c10::IValue value;
      if (meta) {
        // ToMeta keeps a list of scalars itself: copied first when the program writes.
        std::optional<c10::IValue> m = ToMeta(writes ? CopyInputValue(inputs[i]) : inputs[i]);
        if (!m) {
          meta_failure = absl::StrCat("input ", i, " is not a dense CPU tensor");
          return std::nullopt;
        }
        value = *std::move(m);
      } else {
        value = CopyInputValue((*values)[i]);  // the run must not write the caller's tensors
      }
      if (value.isTensor() && value.toTensor().defined() && in->type()->cast<c10::TensorType>()) {
        input_types[in] = TensorTypeOf(value.toTensor());
      }
      // A scalar input (an int, float, bool or string, or a list of them) may be another value
      // when the program runs: what it decides is of the data (its glue stays, as it must);
      // SpecializeOptions::sizes_among_scalar_inputs are left to the merge of the caller's runs.
      if (!TypeHoldsTensor(in->type()) && !value.isNone() && !value.isObject() &&
          !options.sizes_among_scalar_inputs.contains(i)) {
        s.MarkDataDependent(in);
      }
      s.Bind(in, std::move(value));
    }
    s.RunBlock(*graph.block());
    if (meta && !s.meta_failure().empty()) {
      meta_failure = s.meta_failure();
      return std::nullopt;
    }
    if (values_out) *values_out = s.TakeValues();
    ObservedTypes observed = std::move(s).Observed();
    for (auto& [v, t] : input_types) observed[v] = std::move(t);
    return observed;
  };

  std::optional<ObservedTypes> observed;
  if (options.meta) {
    observed = run(/*meta=*/true, stats, stats.meta_failure, &result.values);
    stats.on_meta = observed.has_value();
    if (observed && options.compare_with_example_run) {
      RETURN_IF_ERROR(make_values());
      SpecializeStats example_stats;
      std::string unused;
      std::optional<ObservedTypes> example =
          run(/*meta=*/false, example_stats, unused, /*values_out=*/nullptr);
      if (std::string d = Disagreement(*observed, *example); !d.empty()) {
        return absl::InternalError(
            absl::StrCat("shape specialisation on meta tensors disagrees with the run on the "
                         "example values at ",
                         d));
      }
    }
  }
  if (!observed) {
    if (options.meta) {
      VLOG(1) << "specialize: on the example values, not meta tensors: " << stats.meta_failure;
    }
    RETURN_IF_ERROR(make_values());
    std::string why = std::move(stats.meta_failure);
    stats = SpecializeStats();
    stats.meta_failure = std::move(why);
    observed = run(/*meta=*/false, stats, stats.meta_failure, &result.values);
  }
  for (auto& [v, type] : *observed) {
    if (type->isComplete()) ++stats.refined;
  }
  result.types = *std::move(observed);
  return result;
}

absl::StatusOr<SpecializeStats> SpecializeShapes(torch::jit::Graph& graph,
                                                 const std::vector<c10::IValue>& inputs,
                                                 const SpecializeOptions& options) {
  ASSIGN_OR_RETURN(ExampleRun run, RunOnExamples(graph, inputs, options));
  for (auto& [v, type] : run.types) {
    if (*v->type() != *type) {
      v->setType(type);
      run.stats.changed = true;
    }
  }
  return std::move(run.stats);
}

}  // namespace graph_lower
