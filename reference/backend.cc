// JIT-interpreter execution and output comparison.
#include "reference/backend.h"

#include <ATen/ATen.h>
#include <torch/csrc/autograd/grad_mode.h>
#include <torch/csrc/jit/ir/constants.h>
#include <torch/csrc/jit/runtime/custom_operator.h>
#include <torch/csrc/jit/runtime/interpreter.h>

#include <sstream>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "ir/errors.h"
#include "ir/example_values.h"

namespace graph_lower {
namespace {

constexpr char kCheckDtype[] = "graph_lower::check_dtype";

// Registers graph_lower::check_dtype(int? dtype, str op) -> (), which throws when `dtype` is an
// int naming no ScalarType. Conservative alias analysis: an op of its own namespace with side
// effects, which no pass removes.
void RegisterCheckDtype() {
  static const torch::jit::RegisterOperators registered({torch::jit::Operator(
      absl::StrCat(kCheckDtype, "(int? dtype, str op) -> ()"),
      [](torch::jit::Stack& stack) {
        const c10::IValue op = torch::jit::pop(stack);
        const c10::IValue dtype = torch::jit::pop(stack);
        if (IsBadScalarType(dtype)) {
          throw std::runtime_error(absl::StrCat(op.toStringRef(), " is given dtype ", dtype.toInt(),
                                                ", an int that names no ScalarType"));
        }
      },
      c10::AliasAnalysisKind::CONSERVATIVE)});
}

constexpr char kCheckType[] = "graph_lower::check_type";

// Registers graph_lower::check_type(Tensor? t, int dtype, int rank, int[]? sizes, str value) -> ():
// `value` names the value, its node and its recorded type; throws when the tensor's dtype (-1:
// any), rank (-1: any) or sizes (None: any) are not the recorded type's.
void RegisterCheckType() {
  static const torch::jit::RegisterOperators registered({torch::jit::Operator(
      absl::StrCat(kCheckType, "(Tensor? t, int dtype, int rank, int[]? sizes, str value) -> ()"),
      [](torch::jit::Stack& stack) {
        const std::string value = torch::jit::pop(stack).toStringRef();
        const c10::IValue sizes = torch::jit::pop(stack);
        const int64_t rank = torch::jit::pop(stack).toInt();
        const int64_t dtype = torch::jit::pop(stack).toInt();
        const c10::IValue t = torch::jit::pop(stack);
        if (!t.isTensor() || !t.toTensor().defined()) return;
        const at::Tensor& tensor = t.toTensor();
        const bool dtype_ok = dtype < 0 || static_cast<int64_t>(tensor.scalar_type()) == dtype;
        const bool sizes_ok = sizes.isNone() || tensor.sizes().vec() == sizes.toIntVector();
        const bool rank_ok = rank < 0 || tensor.dim() == rank;
        if (!dtype_ok || !sizes_ok || !rank_ok) {
          throw std::runtime_error(
              absl::StrCat("the recorded type of ", value, " does not hold: the tensor is ",
                           c10::toString(tensor.scalar_type()), c10::str(tensor.sizes())));
        }
      },
      c10::AliasAnalysisKind::CONSERVATIVE)});
}

// Puts a graph_lower::check_type node before `at` for `value` when its recorded type gives a
// dtype, a rank or complete sizes; returns the node or null.
torch::jit::Node* InsertTypeCheck(torch::jit::Value* value, torch::jit::Node* at,
                                  const std::string& made_by) {
  static const c10::Symbol kCheck = c10::Symbol::fromQualString(kCheckType);
  auto type = value->type()->cast<c10::TensorType>();
  if (!type) return nullptr;
  std::optional<std::vector<int64_t>> sizes = type->sizes().concrete_sizes();
  std::optional<c10::ScalarType> dtype = type->scalarType();
  std::optional<size_t> rank = type->dim();
  if (!sizes && !dtype && !rank) return nullptr;
  torch::jit::Graph& g = *at->owningGraph();
  torch::jit::WithInsertPoint guard(at);
  std::ostringstream what;
  what << "%" << value->debugName() << " (" << made_by << ") : " << *type;
  torch::jit::Value* sizes_value =
      sizes ? g.insertConstant(*sizes) : g.insertConstant(c10::IValue());
  torch::jit::Value* dtype_value =
      g.insertConstant(dtype ? static_cast<int64_t>(*dtype) : int64_t{-1});
  torch::jit::Value* rank_value =
      g.insertConstant(rank ? static_cast<int64_t>(*rank) : int64_t{-1});
  torch::jit::Value* name = g.insertConstant(what.str());
  return g.insertNode(g.create(kCheck, {value, dtype_value, rank_value, sizes_value, name}, 0));
}

// Checks (InsertTypeCheck) each tensor of `block` (at any depth) whose recorded type gives a
// dtype, a rank or complete sizes: the block's inputs (a loop's carried values) where the block
// starts, each node's outputs after the node.
void InsertTypeChecks(torch::jit::Block* block) {
  static const c10::Symbol kCheck = c10::Symbol::fromQualString(kCheckType);
  torch::jit::Node* first = block->nodes().front();
  for (torch::jit::Value* in : block->inputs()) {
    InsertTypeCheck(in, first, "block input");
  }
  for (auto it = block->nodes().begin(); it != block->nodes().end(); ++it) {
    torch::jit::Node* node = *it;
    if (node->kind() == kCheck) continue;
    for (torch::jit::Block* b : node->blocks()) InsertTypeChecks(b);
    for (torch::jit::Value* out : node->outputs()) {
      torch::jit::Node* check = InsertTypeCheck(out, node->next(), node->kind().toQualString());
      if (check) it = torch::jit::graph_node_list_iterator(check, torch::jit::kNextDirection);
    }
  }
}

// Puts a graph_lower::check_dtype node before each node of `block` (at any depth) given a dtype
// argument that is not a constant.
void InsertDtypeChecks(torch::jit::Block* block) {
  static const c10::Symbol kCheck = c10::Symbol::fromQualString(kCheckDtype);
  for (torch::jit::Node* node : block->nodes()) {
    for (torch::jit::Block* b : node->blocks()) InsertDtypeChecks(b);
    const c10::FunctionSchema* schema = node->maybeSchema();
    if (!schema) continue;
    for (size_t i = 0; i < schema->arguments().size() && i < node->inputs().size(); ++i) {
      if (!IsScalarTypeArgument(schema->arguments()[i]) || torch::jit::toIValue(node->input(i))) {
        continue;
      }
      torch::jit::Graph& g = *node->owningGraph();
      torch::jit::WithInsertPoint guard(node);
      torch::jit::Value* name = g.insertConstant(std::string(node->kind().toQualString()));
      g.insertNode(g.create(kCheck, {node->input(i), name}, 0));
    }
  }
}

void Compare(const c10::IValue& e, const c10::IValue& a, const std::string& where, Comparison& c) {
  auto fail = [&](const std::string& why) {
    if (c.equal) c.mismatch = absl::StrCat(where, ": ", why);
    c.equal = false;
  };
  if (e.isTensor() != a.isTensor()) return fail("tensor vs non-tensor");
  if (e.isTensor()) {
    const at::Tensor& te = e.toTensor();
    const at::Tensor& ta = a.toTensor();
    if (te.scalar_type() != ta.scalar_type()) {
      return fail(absl::StrCat("dtype ", c10::toString(ta.scalar_type()), ", expected ",
                               c10::toString(te.scalar_type())));
    }
    if (te.sizes() != ta.sizes()) {
      return fail(
          absl::StrCat("shape ", c10::str(ta.sizes()), ", expected ", c10::str(te.sizes())));
    }
    if (te.numel() == 0) return;
    const Tolerance tol = DefaultTolerance(te.scalar_type());
    at::Tensor de = te.to(at::kDouble), da = ta.to(at::kDouble);
    if (te.is_complex()) {
      de = at::view_as_real(te.to(at::kComplexDouble));
      da = at::view_as_real(ta.to(at::kComplexDouble));
    }
    at::Tensor diff = (da - de).abs();
    // NaN in the same places counts as equal (torch.testing.assert_close's equal_nan=True).
    // Equal values (infinities of the same sign included) differ by 0, not inf - inf = NaN.
    at::Tensor both_nan = at::logical_and(de.isnan(), da.isnan());
    diff = at::where(at::logical_or(both_nan, da == de), at::zeros_like(diff), diff);
    const double max_abs = diff.nan_to_num(INFINITY).max().item<double>();
    c.max_abs_error = std::max(c.max_abs_error, max_abs);
    at::Tensor big = de.abs() > tol.atol;
    if (big.any().item<bool>()) {
      const double max_rel =
          (diff.masked_select(big) / de.abs().masked_select(big)).max().item<double>();
      c.max_rel_error = std::max(c.max_rel_error, max_rel);
    }
    at::Tensor bad = diff > (tol.atol + tol.rtol * de.abs());
    bad = at::logical_or(bad, at::logical_xor(de.isnan(), da.isnan()));
    // An infinite expected value allows no tolerance (the bound above would be inf).
    bad = at::logical_or(bad, at::logical_and(de.isinf(), da != de));
    if (bad.any().item<bool>()) {
      fail(absl::StrCat("max abs error ", max_abs, " beyond rtol ", tol.rtol, ", atol ", tol.atol));
    }
    return;
  }
  if (e.isTuple() || e.isList()) {
    std::vector<c10::IValue> ev =
        e.isTuple() ? e.toTupleRef().elements().vec() : e.toListRef().vec();
    if (!(a.isTuple() || a.isList())) return fail("container vs non-container");
    std::vector<c10::IValue> av =
        a.isTuple() ? a.toTupleRef().elements().vec() : a.toListRef().vec();
    if (ev.size() != av.size()) return fail("containers of different lengths");
    for (size_t i = 0; i < ev.size(); ++i)
      Compare(ev[i], av[i], absl::StrCat(where, "[", i, "]"), c);
    return;
  }
  if (e.isGenericDict()) {
    if (!a.isGenericDict()) return fail("dict vs non-dict");
    const c10::impl::GenericDict ed = e.toGenericDict(), ad = a.toGenericDict();
    if (ed.size() != ad.size()) return fail("dicts of different sizes");
    for (const auto& entry : ed) {
      auto it = ad.find(entry.key());
      if (it == ad.end()) return fail("a key is missing");
      std::ostringstream key;
      key << entry.key();
      Compare(entry.value(), it->value(), absl::StrCat(where, "[", key.str(), "]"), c);
    }
    return;
  }
  if (e.isDouble() && a.isDouble()) {
    const double d = std::abs(e.toDouble() - a.toDouble());
    c.max_abs_error = std::max(c.max_abs_error, d);
    if (d > 1e-6 + 1e-6 * std::abs(e.toDouble())) fail("scalar differs");
    return;
  }
  try {
    if (!(e == a)) fail("value differs");
  } catch (const std::exception&) {
    fail(absl::StrCat("cannot compare values of type ", e.tagKind()));
  }
}

}  // namespace

Tolerance DefaultTolerance(c10::ScalarType dtype) {
  switch (dtype) {
    case at::kDouble:
    case at::kComplexDouble:
      return {1e-7, 1e-7};
    case at::kFloat:
    case at::kComplexFloat:
      return {1e-4, 1e-4};
    case at::kHalf:
    case at::kBFloat16:
    case at::kComplexHalf:
      return {1e-2, 1e-2};
    default:
      return {0, 0};
  }
}

absl::StatusOr<std::vector<c10::IValue>> RunGraph(const std::shared_ptr<torch::jit::Graph>& graph,
                                                  const std::vector<c10::IValue>& inputs,
                                                  std::vector<c10::IValue>* inputs_after,
                                                  bool check_types) {
  if (inputs.size() != graph->inputs().size()) {
    return absl::InvalidArgumentError(absl::StrCat("the graph takes ", graph->inputs().size(),
                                                   " inputs; ", inputs.size(), " were given"));
  }
  try {
    at::NoGradGuard no_grad;
    RegisterCheckDtype();
    std::shared_ptr<torch::jit::Graph> checked = graph->copy();
    InsertDtypeChecks(checked->block());
    if (check_types) {
      RegisterCheckType();
      InsertTypeChecks(checked->block());
    }
    torch::jit::Code code(checked, "graph_lower");
    torch::jit::Stack stack;
    // Each run starts from copies (ir/example_values.h): the program is specialised to its
    // example inputs' strides, which clone() would not keep, and it may write a list it is given.
    for (const c10::IValue& v : inputs) stack.push_back(CopyInputValue(v));
    if (inputs_after) *inputs_after = stack;  // the clones, which the program may write
    torch::jit::InterpreterState(code).run(stack);
    return std::vector<c10::IValue>(stack.begin(), stack.end());
  } catch (const std::exception& e) {
    return absl::InternalError(absl::StrCat("running the graph failed: ", ExceptionMessage(e)));
  }
}

Comparison CompareOutputs(const std::vector<c10::IValue>& expected,
                          const std::vector<c10::IValue>& actual) {
  Comparison c;
  if (expected.size() != actual.size()) {
    c.equal = false;
    c.mismatch = absl::StrCat(actual.size(), " outputs, expected ", expected.size());
    return c;
  }
  for (size_t i = 0; i < expected.size(); ++i) {
    Compare(expected[i], actual[i], absl::StrCat("output ", i), c);
  }
  return c;
}

}  // namespace graph_lower
