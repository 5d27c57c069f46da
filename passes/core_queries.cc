// RewriteQueriesToCore (passes/core_queries.h).
#include "passes/core_queries.h"

#include <torch/csrc/jit/ir/constants.h>

#include <optional>
#include <vector>

#include "absl/container/flat_hash_map.h"

namespace graph_lower {
namespace {

using torch::jit::Node;
using torch::jit::Value;

c10::Symbol Sym(const char* name) { return c10::Symbol::fromQualString(name); }

// The rank of `v`'s tensor type, when known.
std::optional<int64_t> RankOf(const Value* v) {
  const auto tt = v->type()->cast<c10::TensorType>();
  if (!tt || !tt->sizes().size()) return std::nullopt;
  return static_cast<int64_t>(*tt->sizes().size());
}

// Inserts `kind`(inputs) before the insertion point; its one output typed `type`.
Value* Insert(torch::jit::Graph& graph, c10::Symbol kind, std::vector<Value*> inputs,
              const c10::TypePtr& type) {
  Value* out =
      graph.insert(kind, std::vector<torch::jit::NamedValue>(inputs.begin(), inputs.end()));
  out->setType(type);
  return out;
}

// x as an int64 tensor (aten::_to_copy, whose dtype is keyword-only).
Value* ToLong(torch::jit::Graph& graph, Value* x) {
  Value* out = graph.insert(
      c10::Symbol::fromQualString("aten::_to_copy"), {x},
      {torch::jit::NamedValue("dtype",
                              graph.insertConstant(static_cast<int64_t>(c10::ScalarType::Long)))});
  out->setType(c10::TensorType::get());
  return out;
}

// The rewritten value of `node`'s one output, or nullptr to leave it.
Value* Rewrite(Node* node) {
  torch::jit::Graph& graph = *node->owningGraph();
  const c10::Symbol kind = node->kind();
  if (node->outputs().size() != 1 || node->inputs().empty()) return nullptr;
  Value* t = node->input(0);
  if (!t->type()->cast<c10::TensorType>()) return nullptr;
  const size_t n = node->inputs().size();
  torch::jit::WithInsertPoint guard(node);
  // The nodes standing for the query keep its scope (export_fx reads the FX node it came from).
  torch::jit::WithCurrentScope scope(graph, node->scope());
  const c10::TypePtr int_type = c10::IntType::get();
  auto dims = [&](const char* per_dim) -> Value* {
    std::optional<int64_t> rank = RankOf(t);
    if (!rank) return nullptr;
    std::vector<Value*> items;
    for (int64_t d = 0; d < *rank; ++d) {
      items.push_back(Insert(graph, Sym(per_dim), {t, graph.insertConstant(d)}, int_type));
    }
    return graph.insertNode(graph.createList(int_type, items))->output();
  };
  const auto tt = t->type()->cast<c10::TensorType>();
  const std::optional<c10::ScalarType> dtype = tt->scalarType();
  // The tensor's one value as a Scalar; a bool tensor's as an int (aten::Int.Scalar and
  // Float.Scalar take an int or a float Scalar, not a bool one).
  auto scalar = [&]() {
    Value* x = t;
    if (dtype == c10::ScalarType::Bool) {
      x = ToLong(graph, t);
    }
    return Insert(graph, Sym("aten::_local_scalar_dense"), {x}, c10::NumberType::get());
  };
  const bool int_dim = n == 2 && node->input(1)->type()->kind() == c10::TypeKind::IntType;
  if (kind == c10::aten::size && int_dim) {
    return Insert(graph, Sym("aten::sym_size"), {t, node->input(1)}, int_type);
  }
  if (kind == c10::aten::size && n == 1) return dims("aten::sym_size");
  if (kind == Sym("aten::stride") && int_dim) {
    return Insert(graph, Sym("aten::sym_stride"), {t, node->input(1)}, int_type);
  }
  if (kind == Sym("aten::stride") && n == 1) return dims("aten::sym_stride");
  if (kind == Sym("aten::numel") && n == 1) {
    return Insert(graph, Sym("aten::sym_numel"), {t}, int_type);
  }
  if (kind == c10::aten::len && n == 1) {
    std::optional<int64_t> rank = RankOf(t);
    if (!rank || *rank < 1) return nullptr;
    return Insert(graph, Sym("aten::sym_size"), {t, graph.insertConstant(0)}, int_type);
  }
  // is_contiguous (contiguous format): c10's compute_contiguous (TensorImpl): no elements, or
  // from the last dim, every dim of size other than 1 has the stride of the dims after it.
  const bool contiguous_format =
      n == 1 || (n == 2 && torch::jit::toIValue(node->input(1)) &&
                 torch::jit::toIValue(node->input(1))->isInt() &&
                 torch::jit::toIValue(node->input(1))->toInt() ==
                     static_cast<int64_t>(c10::MemoryFormat::Contiguous));
  if (kind == Sym("aten::is_contiguous") && contiguous_format) {
    std::optional<int64_t> rank = RankOf(t);
    if (!rank) return nullptr;
    const c10::TypePtr bool_type = c10::BoolType::get();
    Value* numel = Insert(graph, Sym("aten::sym_numel"), {t}, int_type);
    Value* result = Insert(graph, c10::aten::eq, {numel, graph.insertConstant(0)}, bool_type);
    Value* all = graph.insertConstant(true);
    Value* expected = graph.insertConstant(1);
    for (int64_t d = *rank - 1; d >= 0; --d) {
      Value* size = Insert(graph, Sym("aten::sym_size"), {t, graph.insertConstant(d)}, int_type);
      Value* stride =
          Insert(graph, Sym("aten::sym_stride"), {t, graph.insertConstant(d)}, int_type);
      Value* one = Insert(graph, c10::aten::eq, {size, graph.insertConstant(1)}, bool_type);
      Value* fits = Insert(graph, c10::aten::eq, {stride, expected}, bool_type);
      Value* ok = Insert(graph, Sym("aten::__or__"), {one, fits}, bool_type);
      all = Insert(graph, Sym("aten::__and__"), {all, ok}, bool_type);
      expected = Insert(graph, c10::aten::mul, {expected, size}, int_type);
    }
    return Insert(graph, Sym("aten::__or__"), {result, all}, bool_type);
  }
  if (n != 1) return nullptr;
  if (kind == Sym("aten::item") || kind == Sym("aten::ScalarImplicit")) {
    return Insert(graph, Sym("aten::_local_scalar_dense"), {t}, c10::NumberType::get());
  }
  // The conversions need the dtype (a complex tensor's value has no int or float).
  if (!dtype || at::isComplexType(*dtype)) return nullptr;
  if (kind == c10::aten::Int || kind == Sym("aten::IntImplicit")) {
    return Insert(graph, c10::aten::Int, {scalar()}, int_type);
  }
  if (kind == c10::aten::Float || kind == Sym("aten::FloatImplicit")) {
    return Insert(graph, c10::aten::Float, {scalar()}, c10::FloatType::get());
  }
  if (kind == c10::aten::Bool) {
    // bool(t): t != 0 (NaN included), read as an int.
    Value* nonzero =
        Insert(graph, c10::aten::ne, {t, graph.insertConstant(0)}, c10::TensorType::get());
    Value* as_long = ToLong(graph, nonzero);
    Value* read =
        Insert(graph, Sym("aten::_local_scalar_dense"), {as_long}, c10::NumberType::get());
    Value* as_int = Insert(graph, c10::aten::Int, {read}, int_type);
    return Insert(graph, c10::aten::Bool, {as_int}, c10::BoolType::get());
  }
  return nullptr;
}

bool RewriteBlock(torch::jit::Block* block) {
  bool changed = false;
  for (auto it = block->nodes().begin(); it != block->nodes().end();) {
    Node* node = *it;
    ++it;  // the node may be destroyed
    for (torch::jit::Block* sub : node->blocks()) changed |= RewriteBlock(sub);
    if (Value* v = Rewrite(node)) {
      v->copyMetadata(node->output());
      node->output()->replaceAllUsesWith(v);
      node->destroy();
      changed = true;
    }
  }
  return changed;
}

}  // namespace

bool RewriteQueriesToCore(torch::jit::Graph& graph) { return RewriteBlock(graph.block()); }

}  // namespace graph_lower
