// C++ forms of the library's reshape, t, transpose.int and flatten.using_ints for nodes whose
// input layouts and constant arguments are known (StaticShapeDecomposition): the graph their
// TorchScript (views_and_shapes.py) folds to under shape specialisation, built directly.
#include <ATen/InferSize.h>
#include <ATen/TensorUtils.h>
#include <c10/util/accumulate.h>
#include <torch/csrc/jit/ir/constants.h>

#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "decomps/library/library.h"

namespace graph_lower {

namespace {

using torch::jit::Graph;
using torch::jit::Node;
using torch::jit::Value;

// Input `i`'s sizes and strides when its type has them all, else nullopt.
struct Layout {
  std::vector<int64_t> sizes, strides;
};
std::optional<Layout> StaticLayout(const Node& node, size_t i) {
  auto t = node.input(i)->type()->cast<c10::TensorType>();
  if (!t) return std::nullopt;
  std::optional<std::vector<int64_t>> sizes = t->sizes().concrete_sizes();
  std::optional<std::vector<int64_t>> strides = t->strides().concrete_sizes();
  if (!sizes || !strides || sizes->size() != strides->size()) return std::nullopt;
  return Layout{*std::move(sizes), *std::move(strides)};
}

std::optional<int64_t> StaticRank(const Node& node, size_t i) {
  auto t = node.input(i)->type()->cast<c10::TensorType>();
  if (!t || !t->dim()) return std::nullopt;
  return static_cast<int64_t>(*t->dim());
}

std::optional<int64_t> ConstantInt(const Node& node, size_t i) {
  std::optional<c10::IValue> v = torch::jit::toIValue(node.input(i));
  if (!v || !v->isInt()) return std::nullopt;
  return v->toInt();
}

std::optional<std::vector<int64_t>> ConstantInts(const Node& node, size_t i) {
  std::optional<c10::IValue> v = torch::jit::toIValue(node.input(i));
  if (!v || !v->isIntList()) return std::nullopt;
  return v->toIntVector();
}

// A graph with the node's inputs, of the node's input types.
std::shared_ptr<Graph> GraphWithInputsOf(const Node& node) {
  auto graph = std::make_shared<Graph>();
  for (const Value* v : node.inputs()) graph->addInput()->setType(v->type());
  return graph;
}

absl::Status NotStatic(absl::string_view what) {
  return absl::FailedPreconditionError(absl::StrCat("needs ", what, " known"));
}

// aten::permute(self, perm) with perm a constant, or aten::alias(self) for no perm.
DecompositionGraph PermuteGraph(const Node& node, const std::vector<int64_t>& perm) {
  std::shared_ptr<Graph> graph = GraphWithInputsOf(node);
  Value* self = graph->inputs()[0];
  Value* out = perm.empty()
                   ? graph->insert(c10::aten::alias, {self})
                   : graph->insert(c10::aten::permute, {self, graph->insertConstant(perm)});
  graph->registerOutput(out);
  return graph;
}

}  // namespace

// reshape(self, shape) for an input of known sizes and strides and a constant shape: the view
// when at::detail::computeStride finds strides for the inferred shape (aten/src/ATen/
// TensorUtils.cpp), else a contiguous clone viewed, as reshape_symint (aten/src/ATen/native/
// TensorShape.cpp) and the TorchScript form in views_and_shapes.py decide. A shape that does not
// fit the input's size is left to the TorchScript form (whose view then fails as eager's reshape
// does).
absl::StatusOr<DecompositionGraph> ReshapeOnStaticShapes(const Node& node) {
  std::optional<Layout> layout = StaticLayout(node, 0);
  std::optional<std::vector<int64_t>> shape = ConstantInts(node, 1);
  if (!layout || !shape) return NotStatic("the input's sizes and strides and a constant shape");
  std::vector<int64_t> inferred;
  try {
    inferred = at::infer_size(*shape, c10::multiply_integers(layout->sizes));
  } catch (const c10::Error&) {
    return absl::FailedPreconditionError("the shape does not fit the input's number of elements");
  }
  const bool views =
      at::detail::computeStride(layout->sizes, layout->strides, inferred).has_value();
  std::shared_ptr<Graph> graph = GraphWithInputsOf(node);
  Value* self = graph->inputs()[0];
  if (!views) {
    self = graph->insert(c10::aten::clone, {self},
                         {torch::jit::NamedValue("memory_format", static_cast<int64_t>(0))});
  }
  graph->registerOutput(graph->insert(c10::aten::view, {self, graph->inputs()[1]}));
  return graph;
}

// t(self) for an input of known rank: as the TorchScript form in views_and_shapes.py.
absl::StatusOr<DecompositionGraph> TOnStaticShapes(const Node& node) {
  std::optional<int64_t> n = StaticRank(node, 0);
  if (!n) return NotStatic("the input's rank");
  return PermuteGraph(node, *n < 2 ? std::vector<int64_t>{} : std::vector<int64_t>{1, 0});
}

// transpose(self, dim0, dim1) for an input of known rank and constant dims: the permutation the
// TorchScript form in views_and_shapes.py builds (dims out of range are left to permute's check, as
// there).
absl::StatusOr<DecompositionGraph> TransposeOnStaticShapes(const Node& node) {
  std::optional<int64_t> n = StaticRank(node, 0);
  std::optional<int64_t> dim0 = ConstantInt(node, 1);
  std::optional<int64_t> dim1 = ConstantInt(node, 2);
  if (!n || !dim0 || !dim1) return NotStatic("the input's rank and constant dims");
  std::vector<int64_t> perm;
  if (*n > 0) {
    if (*dim0 < 0) *dim0 += *n;
    if (*dim1 < 0) *dim1 += *n;
    for (int64_t i = 0; i < *n; ++i) perm.push_back(i == *dim0 ? *dim1 : i == *dim1 ? *dim0 : i);
  }
  return PermuteGraph(node, perm);
}

// flatten.using_ints(self, start_dim, end_dim) for an input of known sizes and constant dims in
// range: the input itself, or a reshape to the merged shape (-1 for the merged dims when there
// are elements), as the TorchScript form in blas_and_factories/factories.py. Dims out of range are
// left to that form.
absl::StatusOr<DecompositionGraph> FlattenOnStaticShapes(const Node& node) {
  auto t = node.input(0)->type()->cast<c10::TensorType>();
  std::optional<std::vector<int64_t>> sizes =
      t ? t->sizes().concrete_sizes() : std::optional<std::vector<int64_t>>();
  std::optional<int64_t> start = ConstantInt(node, 1);
  std::optional<int64_t> end = ConstantInt(node, 2);
  if (!sizes || !start || !end) return NotStatic("the input's sizes and constant dims");
  const int64_t n = static_cast<int64_t>(sizes->size());
  std::vector<int64_t> shape;
  if (n == 0) {
    shape = {1};
  } else {
    if (*start < 0) *start += n;
    if (*end < 0) *end += n;
    if (*start < 0 || *start > *end || *end >= n) {
      return absl::FailedPreconditionError("flatten's dims are out of range or out of order");
    }
    if (*start == *end) {
      std::shared_ptr<Graph> graph = GraphWithInputsOf(node);
      graph->registerOutput(graph->inputs()[0]);
      return graph;
    }
    const bool empty = c10::multiply_integers(*sizes) == 0;
    int64_t merged = 1;
    for (int64_t d = 0; d < n; ++d) {
      if (d < *start || d > *end) {
        shape.push_back((*sizes)[d]);
      } else {
        merged *= (*sizes)[d];
        if (d == *end) shape.push_back(empty ? merged : -1);
      }
    }
  }
  std::shared_ptr<Graph> graph = GraphWithInputsOf(node);
  graph->registerOutput(
      graph->insert(c10::aten::reshape, {graph->inputs()[0], graph->insertConstant(shape)}));
  return graph;
}

}  // namespace graph_lower
