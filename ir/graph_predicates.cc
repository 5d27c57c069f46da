// Graph predicates shared by the passes (see graph_predicates.h).
#include "ir/graph_predicates.h"

#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/csrc/jit/ir/constants.h>

#include <algorithm>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "ir/op_key.h"

namespace graph_lower {

// Whether this use only reads the value: ListUnpack and aten::__getitem__; aten::format (`"{} of
// {}".format(...)`, a vararg op), which only prints its arguments; or an argument of the user's
// schema that it neither writes nor takes with an alias annotation (which could keep or return
// it). Other vararg ops take more inputs than their schema lists: assumed to write.
bool UseOnlyReads(const torch::jit::Use& use) {
  static const c10::Symbol kGetItem = c10::Symbol::fromQualString("aten::__getitem__");
  const c10::Symbol kind = use.user->kind();
  if (kind == c10::prim::ListUnpack || kind == kGetItem || kind == c10::aten::format) return true;
  const c10::FunctionSchema* schema = use.user->maybeSchema();
  return schema && use.offset < schema->arguments().size() &&
         !schema->is_mutable({c10::SchemaArgType::input, use.offset}) &&
         !schema->arguments()[use.offset].alias_info();
}

bool AppendInListsBlock(const torch::jit::Use& use) {
  const torch::jit::Node* user = use.user;
  return user->kind() == c10::aten::append && use.offset == 0 && user->inputs().size() == 2 &&
         user->owningBlock() == user->input(0)->node()->owningBlock() && !user->output()->hasUses();
}

// A list result may only become a constant when nothing writes to it: TorchScript constants are
// shared between runs, while aten::size returns a fresh list each time.
bool HasTag(const torch::jit::Node& node, at::Tag tag) {
  const torch::jit::Operator* op = node.maybeOperator();
  if (!op) return false;
  for (at::Tag t : op->getTags()) {
    if (t == tag) return true;
  }
  return false;
}

bool OnlyRead(const torch::jit::Value* v) {
  const auto& uses = v->uses();
  return std::all_of(uses.begin(), uses.end(), UseOnlyReads);
}

namespace {

using torch::jit::Node;

// values[dim] for a constant int `dim` (negative counts from the end), as aten::size.int and
// aten::stride.int; nullopt when dim is not a constant or out of range (the runtime error stays).
std::optional<c10::IValue> AtConstantDim(const std::vector<int64_t>& values,
                                         const torch::jit::Value* dim_value) {
  std::optional<c10::IValue> dim = torch::jit::toIValue(dim_value);
  if (!dim || !dim->isInt()) return std::nullopt;
  int64_t d = dim->toInt();
  const int64_t rank = static_cast<int64_t>(values.size());
  if (d < 0) d += rank;
  if (d < 0 || d >= rank) return std::nullopt;
  return c10::IValue(values[d]);
}

}  // namespace

bool IsMetadataQuery(const torch::jit::Node& node) {
  static const auto* kinds = [] {
    auto* set = new absl::flat_hash_set<c10::Symbol>();
    for (const char* name : {"aten::size",
                             "aten::sym_size",
                             "aten::stride",
                             "aten::sym_stride",
                             "aten::dim",
                             "aten::numel",
                             "aten::sym_numel",
                             "aten::len",
                             "aten::storage_offset",
                             "aten::sym_storage_offset",
                             "aten::is_contiguous",
                             "aten::is_floating_point",
                             "aten::is_complex",
                             "aten::is_signed",
                             "aten::is_conj",
                             "aten::is_neg",
                             "aten::is_inference",
                             "aten::is_leaf",
                             "aten::is_pinned",
                             "aten::is_same_size",
                             "aten::is_quantized",
                             "aten::get_device",
                             "aten::output_nr",
                             "aten::_version",
                             "aten::result_type",
                             "aten::element_size"}) {
      set->insert(c10::Symbol::fromQualString(name));
    }
    return set;
  }();
  if (!node.kind().is_prim() && !kinds->contains(node.kind())) return false;
  if (node.kind() == c10::prim::CallFunction || node.kind() == c10::prim::CallMethod) return false;
  bool takes_tensor = false;
  for (const torch::jit::Value* in : node.inputs()) {
    takes_tensor |= in->type()->kind() == c10::TypeKind::TensorType;
  }
  // Scalars out (no tensor, tuple or list of them: prim::TupleConstruct, prim::Print are not).
  for (const torch::jit::Value* out : node.outputs()) {
    const c10::TypeKind k = out->type()->kind();
    if (k == c10::TypeKind::TensorType || k == c10::TypeKind::TupleType ||
        k == c10::TypeKind::ListType || k == c10::TypeKind::NoneType) {
      // aten::size and aten::stride give int[].
      if (k != c10::TypeKind::ListType || !out->type()->isSubtypeOf(*c10::ListType::ofInts())) {
        return false;
      }
    }
  }
  return takes_tensor && node.outputs().size() > 0 && node.blocks().empty();
}

namespace {

// Whether `v` is a tensor object no other value of the program can be: the return of an ATen op
// without an alias annotation and with kernels of its own (memory the op allocates;
// torch/csrc/jit/ir/alias_analysis.h), or of
// a view op that always makes a new TensorImpl, even when the view is the whole input (checked
// with `op(x, ...) is x` on torch 2.6 and 2.14; unlike flatten, contiguous, to and type_as,
// which may return their input itself).
bool FreshTensor(const torch::jit::Value& v,
                 absl::FunctionRef<c10::TypePtr(const torch::jit::Value*)> type_of) {
  static const auto* kNewViews = [] {
    auto* set = new absl::flat_hash_set<c10::Symbol>;
    for (const char* name :
         {"aten::permute", "aten::transpose", "aten::view",       "aten::unsqueeze",
          "aten::select",  "aten::slice",     "aten::expand",     "aten::squeeze",
          "aten::t",       "aten::narrow",    "aten::as_strided", "aten::alias",
          "aten::view_as", "aten::expand_as", "aten::unflatten",  "aten::detach",
          "aten::movedim", "aten::diagonal",  "aten::unfold",     "aten::reshape"}) {
      set->insert(c10::Symbol::fromQualString(name));
    }
    return set;
  }();
  if (type_of(&v)->kind() != c10::TypeKind::TensorType) return false;
  const Node* producer = v.node();
  if (!producer->kind().is_aten() || !producer->blocks().empty()) return false;
  const c10::FunctionSchema* schema = producer->maybeSchema();
  if (!schema || schema->is_vararg() || v.offset() >= schema->returns().size()) return false;
  const c10::Argument& ret = schema->returns()[v.offset()];
  if (ret.type()->kind() != c10::TypeKind::TensorType) return false;
  if (kNewViews->contains(producer->kind()))
    return !ret.alias_info() || !ret.alias_info()->isWrite();
  if (ret.alias_info()) return false;
  // Without an annotation the result is fresh when the op has kernels of its own (op_key.h).
  const OpKey op{schema->name(), schema->overload_name()};
  return c10::Dispatcher::singleton().findOp({op.name, op.overload}) &&
         !HasCompositeImplicitAutogradKernel(op);
}

bool IsGraphInput(const torch::jit::Value& v) {
  return v.node()->kind() == c10::prim::Param && v.node() == v.owningGraph()->param_node();
}

}  // namespace

std::optional<c10::IValue> MetadataQueryValue(
    const Node& node, bool inference,
    absl::FunctionRef<c10::TypePtr(const torch::jit::Value*)> type_of) {
  c10::Symbol kind = node.kind();
  static const c10::Symbol kGradEnabled = c10::Symbol::fromQualString("aten::is_grad_enabled");
  static const c10::Symbol kAutocast = c10::Symbol::fromQualString("aten::is_autocast_enabled");
  if (inference && node.inputs().empty() &&
      (node.kind() == kGradEnabled || node.kind() == kAutocast)) {
    return c10::IValue(false);
  }
  if (node.inputs().empty()) return std::nullopt;
  // Identity of one SSA value with itself (nn.MultiheadAttention's `query is key`).
  if ((kind == c10::aten::__is__ || kind == c10::aten::__isnot__) && node.inputs().size() == 2 &&
      node.input(0) == node.input(1)) {
    return c10::IValue(kind == c10::aten::__is__);
  }
  // Two tensors that cannot be one object: two distinct values each a fresh tensor object
  // (FreshTensor), or one fresh and the other a graph input (nn.MultiheadAttention's `query is
  // key` on nn.TransformerDecoder's permuted memory and layer output). Two graph inputs may be one
  // object (m(x, x)), and a value taken out of a container may be anything.
  if ((kind == c10::aten::__is__ || kind == c10::aten::__isnot__) && node.inputs().size() == 2) {
    auto distinct = [&type_of](const torch::jit::Value& made, const torch::jit::Value& other) {
      return FreshTensor(made, type_of) && (FreshTensor(other, type_of) || IsGraphInput(other));
    };
    if (distinct(*node.input(0), *node.input(1)) || distinct(*node.input(1), *node.input(0))) {
      return c10::IValue(kind == c10::aten::__isnot__);
    }
  }
  // A value whose type cannot hold None compared with None (a Tensor passed where a decomposition
  // takes Optional[Tensor]).
  if ((kind == c10::aten::__is__ || kind == c10::aten::__isnot__) && node.inputs().size() == 2) {
    auto never_none = [&type_of](const torch::jit::Value* v) {
      const c10::TypeKind k = type_of(v)->kind();
      return k != c10::TypeKind::NoneType && k != c10::TypeKind::OptionalType &&
             k != c10::TypeKind::AnyType && k != c10::TypeKind::UnionType;
    };
    const torch::jit::Value* a = node.input(0);
    const torch::jit::Value* b = node.input(1);
    auto must_be_none = [&type_of](const torch::jit::Value* v) {
      return type_of(v)->kind() == c10::TypeKind::NoneType || v->node()->mustBeNone();
    };
    if ((must_be_none(a) && never_none(b)) || (must_be_none(b) && never_none(a))) {
      return c10::IValue(kind == c10::aten::__isnot__);
    }
  }
  // isinstance(x, T) where x's static type decides it: x's type is a subtype of a candidate
  // (true), or is neither a subtype nor a supertype of any (false). A decomposition that serves
  // a Scalar and a Tensor overload takes Union[Tensor, number] and branches on it.
  if (kind == c10::prim::isinstance && node.inputs().size() == 1 &&
      node.hasAttribute(c10::attr::types)) {
    const c10::TypePtr type = type_of(node.input(0));
    bool undecided = false;
    for (const c10::TypePtr& candidate : node.tys(c10::attr::types)) {
      if (type->isSubtypeOf(*candidate)) return c10::IValue(true);
      undecided |= candidate->isSubtypeOf(*type);
    }
    if (undecided) return std::nullopt;
    return c10::IValue(false);
  }
  // aten::result_type (every overload): torch's type promotion, decided by the tensors' dtypes and
  // whether each is 0-dim (c10/core/ScalarType.h promoteTypes, ATen's ResultTypeState).
  if (kind == c10::Symbol::fromQualString("aten::result_type")) {
    std::vector<c10::IValue> args;
    for (const torch::jit::Value* in : node.inputs()) {
      if (auto t = type_of(in)->cast<c10::TensorType>()) {
        if (!t->scalarType() || !t->sizes().size()) return std::nullopt;
        args.emplace_back(at::empty(std::vector<int64_t>(*t->sizes().size(), 1),
                                    at::TensorOptions().device(at::kMeta).dtype(*t->scalarType())));
      } else if (std::optional<c10::IValue> c = torch::jit::toIValue(in); c && c->isScalar()) {
        args.push_back(*c);
      } else {
        return std::nullopt;
      }
    }
    if (args.size() != 2) return std::nullopt;
    try {
      c10::ScalarType r;
      if (args[0].isTensor() && args[1].isTensor()) {
        r = at::result_type(args[0].toTensor(), args[1].toTensor());
      } else if (args[0].isTensor()) {
        r = at::result_type(args[0].toTensor(), args[1].toScalar());
      } else if (args[1].isTensor()) {
        r = at::result_type(args[0].toScalar(), args[1].toTensor());
      } else {
        r = at::result_type(args[0].toScalar(), args[1].toScalar());
      }
      return c10::IValue(static_cast<int64_t>(r));
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }
  auto tt = type_of(node.input(0))->cast<c10::TensorType>();
  if (!tt) return std::nullopt;
  auto sizes = tt->sizes().concrete_sizes();
  if (node.inputs().size() == 1 && tt->scalarType()) {
    const c10::ScalarType dtype = *tt->scalarType();
    if (kind == c10::Symbol::fromQualString("aten::is_complex")) {
      return c10::IValue(at::isComplexType(dtype));
    }
    if (kind == c10::Symbol::fromQualString("aten::is_signed")) {
      return c10::IValue(at::isSignedType(dtype));
    }
    if (kind == c10::Symbol::fromQualString("aten::element_size")) {
      return c10::IValue(static_cast<int64_t>(c10::elementSize(dtype)));
    }
  }
  // Core ATen's sym_size / sym_stride / sym_numel (what the backend contract rewrites the
  // queries left after lowering to) answer as aten::size / stride / numel.
  static const c10::Symbol kSymSize = c10::Symbol::fromQualString("aten::sym_size");
  static const c10::Symbol kSymStride = c10::Symbol::fromQualString("aten::sym_stride");
  static const c10::Symbol kSymNumel = c10::Symbol::fromQualString("aten::sym_numel");
  if (kind == kSymSize) kind = c10::aten::size;
  if (kind == kSymStride) kind = c10::Symbol::fromQualString("aten::stride");
  if (kind == kSymNumel) kind = c10::Symbol::fromQualString("aten::numel");
  static const c10::Symbol kNumel = c10::Symbol::fromQualString("aten::numel");
  if (kind == c10::aten::dim && tt->sizes().size()) {
    return c10::IValue(static_cast<int64_t>(*tt->sizes().size()));
  }
  if (kind == c10::prim::dtype && tt->scalarType()) {
    return c10::IValue(static_cast<int64_t>(*tt->scalarType()));
  }
  if (kind == c10::prim::device && tt->device()) return c10::IValue(*tt->device());
  // A complete strided type is never a nested tensor's, and says whether grad is required.
  static const c10::Symbol kIsNested = c10::Symbol::fromQualString("prim::is_nested");
  if (kind == kIsNested && tt->isComplete()) return c10::IValue(false);
  // Only strided tensors have strides in their types (TensorType::create leaves a sparse or
  // mkldnn tensor's unset), so a complete type is a strided tensor's.
  if (kind == c10::prim::layout && tt->isComplete()) {
    return c10::IValue(static_cast<int64_t>(c10::kStrided));
  }
  if (kind == c10::prim::requires_grad && tt->requiresGrad()) {
    return c10::IValue(*tt->requiresGrad());
  }
  static const c10::Symbol kIsContiguous = c10::Symbol::fromQualString("aten::is_contiguous");
  if (kind == kIsContiguous && node.inputs().size() == 1 && tt->isComplete()) {
    return c10::IValue(c10::TensorType::contiguousStridesOf(*tt->sizes().concrete_sizes()) ==
                           *tt->strides().concrete_sizes() ||
                       tt->numel().value_or(0) <= 1);
  }
  // is_contiguous(memory_format): libtorch's own answer for a meta tensor of those sizes and
  // strides (channels_last has its own rules for dims of size 1).
  if (kind == kIsContiguous && node.inputs().size() == 2 && tt->isComplete() && tt->scalarType()) {
    std::optional<c10::IValue> format = torch::jit::toIValue(node.input(1));
    if (!format || !format->isInt()) return std::nullopt;
    try {
      const at::Tensor t =
          at::empty_strided(*tt->sizes().concrete_sizes(), *tt->strides().concrete_sizes(),
                            at::TensorOptions().device(at::kMeta).dtype(*tt->scalarType()));
      return c10::IValue(t.is_contiguous(static_cast<c10::MemoryFormat>(format->toInt())));
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }
  if (kind == c10::aten::is_floating_point && tt->scalarType()) {
    return c10::IValue(at::isFloatingType(*tt->scalarType()));
  }
  static const c10::Symbol kStride = c10::Symbol::fromQualString("aten::stride");
  if (kind == kStride && tt->isComplete()) {
    const std::vector<int64_t> strides = *tt->strides().concrete_sizes();
    if (node.inputs().size() == 1) return c10::IValue(strides);
    if (node.inputs().size() != 2) return std::nullopt;
    return AtConstantDim(strides, node.input(1));
  }
  // One dim of a type whose other dims are symbolic (lowering with dynamic dims).
  if (!sizes && kind == c10::aten::size && node.inputs().size() == 2 && tt->sizes().size()) {
    std::optional<c10::IValue> dim = torch::jit::toIValue(node.input(1));
    if (!dim || !dim->isInt()) return std::nullopt;
    const int64_t rank = static_cast<int64_t>(*tt->sizes().size());
    const int64_t d = dim->toInt() < 0 ? dim->toInt() + rank : dim->toInt();
    if (d < 0 || d >= rank || !tt->sizes()[d]) return std::nullopt;
    return c10::IValue(*tt->sizes()[d]);
  }
  if (!sizes) return std::nullopt;
  if (kind == c10::aten::size && node.inputs().size() == 1) return c10::IValue(*sizes);
  if (kind == c10::aten::size && node.inputs().size() == 2) {
    return AtConstantDim(*sizes, node.input(1));
  }
  if (kind == kNumel || (kind == c10::aten::len && node.inputs().size() == 1)) {
    if (kind == c10::aten::len) {
      if (sizes->empty()) return std::nullopt;  // len() of a 0-d tensor is an error
      return c10::IValue((*sizes)[0]);
    }
    int64_t n = 1;
    for (int64_t s : *sizes) n *= s;
    return c10::IValue(n);
  }
  return std::nullopt;
}

bool FoldableOp(const Node& node) {
  static const auto* kSkip = new absl::flat_hash_set<c10::Symbol>{
      c10::prim::Closure,        c10::prim::Constant,
      c10::prim::AutogradZero,   c10::prim::Uninitialized,
      c10::prim::Guard,          c10::prim::profile,
      c10::prim::profile_ivalue, c10::prim::unchecked_unwrap_optional,
      c10::aten::dequantize};
  return !kSkip->contains(node.kind()) && !node.kind().is_onnx() && node.blocks().empty() &&
         !node.isNondeterministic() && !node.hasSideEffects();
}

namespace {

void CountNodesIn(const torch::jit::Block& block,
                  absl::FunctionRef<bool(const torch::jit::Node&)> test, int64_t limit,
                  int64_t& n) {
  for (const torch::jit::Node* node : block.nodes()) {
    if (n >= limit) return;
    if (test(*node)) ++n;
    for (const torch::jit::Block* sub : node->blocks()) CountNodesIn(*sub, test, limit, n);
  }
}

}  // namespace

int64_t CountNodes(const torch::jit::Block& block,
                   absl::FunctionRef<bool(const torch::jit::Node&)> test, int64_t limit) {
  int64_t n = 0;
  CountNodesIn(block, test, limit, n);
  return std::min(n, limit);
}

}  // namespace graph_lower
