// Whether a graph may write (see mutation.h).
#include "ir/mutation.h"

#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/csrc/jit/passes/dead_code_elimination.h>
#include <torch/csrc/jit/runtime/operator.h>

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "ir/op_key.h"

namespace graph_lower {

bool SomeOverloadSatisfies(const torch::jit::Node& node, bool (*test)(const c10::FunctionSchema&)) {
  using Key = std::tuple<uintptr_t, c10::Symbol, size_t>;
  thread_local absl::flat_hash_map<Key, bool> cache;
  const size_t inputs = node.inputs().size();
  auto [it, inserted] =
      cache.try_emplace(Key(reinterpret_cast<uintptr_t>(test), node.kind(), inputs), false);
  if (inserted) {
    for (const std::shared_ptr<torch::jit::Operator>& op :
         torch::jit::getAllOperatorsFor(node.kind())) {
      const c10::FunctionSchema& schema = op->schema();
      const size_t formals = schema.arguments().size();
      const bool could_match = formals == inputs || (schema.is_vararg() && formals < inputs);
      if (could_match && test(schema)) {
        it->second = true;
        break;
      }
    }
  }
  return it->second;
}

const c10::FunctionSchema* SchemaIfSomeOverloadSatisfies(const torch::jit::Node& node,
                                                         bool (*test)(const c10::FunctionSchema&)) {
  return SomeOverloadSatisfies(node, test) ? node.maybeSchema() : nullptr;
}

namespace {

bool IsMutable(const c10::FunctionSchema& schema) { return schema.is_mutable(); }

bool HasOutArgument(const c10::FunctionSchema& schema) {
  return std::any_of(schema.arguments().begin(), schema.arguments().end(),
                     [](const c10::Argument& arg) { return arg.is_out(); });
}

}  // namespace

bool NodeWrites(const torch::jit::Node& node) {
  if (node.kind() == c10::prim::SetAttr) return true;
  // A node no overload of which is mutable cannot write; its schema is not looked up.
  if (const c10::FunctionSchema* schema = SchemaIfSomeOverloadSatisfies(node, IsMutable);
      schema && schema->is_mutable()) {
    return true;
  }
  for (const torch::jit::Block* sub : node.blocks()) {
    if (AnyNodeWrites(*sub)) return true;
  }
  return false;
}

bool AnyNodeWrites(const torch::jit::Block& block) {
  for (const torch::jit::Node* node : block.nodes()) {
    if (NodeWrites(*node)) return true;
  }
  return false;
}

bool StoresIntoContainer(const torch::jit::Use& use) {
  const c10::FunctionSchema* schema = use.user->maybeSchema();
  if (!schema) return false;
  if (use.offset >= schema->arguments().size()) return true;  // a vararg
  const c10::AliasInfo* alias = schema->arguments()[use.offset].alias_info();
  return alias && alias->afterSets().count(c10::AliasInfo::wildcardSet()) > 0;
}

namespace {

// Whether every result of `node` is a view of an input (schema `Tensor(a)` returns, not written):
// select, slice, view, transpose, ...
bool IsViewNode(const torch::jit::Node* node) {
  const c10::FunctionSchema* schema = node->maybeSchema();
  if (!schema || schema->returns().empty() || node->inputs().empty()) return false;
  for (const c10::Argument& ret : schema->returns()) {
    if (!ret.alias_info() || ret.alias_info()->isWrite()) return false;
  }
  return true;
}

}  // namespace

bool ContainedBefore(const torch::jit::Value* value, const torch::jit::Node* write) {
  // The write reaches the base `value` is a view of, and every view of that base.
  const torch::jit::Value* base = value;
  while (IsViewNode(base->node())) base = base->node()->input(0);
  std::vector<const torch::jit::Value*> work{base};
  absl::flat_hash_set<const torch::jit::Value*> seen{base};
  while (!work.empty()) {
    const torch::jit::Value* v = work.back();
    work.pop_back();
    for (const torch::jit::Use& use : v->uses()) {
      if (use.user == write || use.user->isAfter(write)) continue;
      const bool literal = !use.user->maybeSchema() && use.user->kind() != c10::prim::ListUnpack;
      if (literal || StoresIntoContainer(use)) return true;
      if (use.offset != 0 || !IsViewNode(use.user)) continue;
      for (const torch::jit::Value* view : use.user->outputs()) {
        if (seen.insert(view).second) work.push_back(view);
      }
    }
  }
  return false;
}

namespace {

// Appends to `keep` a prim::Print of the result of each write in `block` (and the blocks within)
// to a value a container holds: a side effect that keeps the write alive.
void KeepContainedWrites(torch::jit::Block* block, std::vector<torch::jit::Node*>& keep) {
  for (torch::jit::Node* node : block->nodes()) {
    for (torch::jit::Block* sub : node->blocks()) KeepContainedWrites(sub, keep);
    if (node->outputs().empty() || node->kind() == c10::prim::SetAttr) continue;
    const c10::FunctionSchema* schema = SchemaIfSomeOverloadSatisfies(*node, IsMutable);
    if (!schema || !schema->is_mutable()) continue;
    for (size_t i = 0; i < node->inputs().size() && i < schema->arguments().size(); ++i) {
      if (!schema->is_mutable({c10::SchemaArgType::input, i}) ||
          !ContainedBefore(node->input(i), node)) {
        continue;
      }
      torch::jit::Node* print =
          block->owningGraph()->create(c10::prim::Print, {node->output(0)}, 0);
      print->insertAfter(node);
      keep.push_back(print);
      break;
    }
  }
}

}  // namespace

void EliminateDeadCodeKeepingContainedWrites(std::shared_ptr<torch::jit::Graph>& graph) {
  std::vector<torch::jit::Node*> keep;
  KeepContainedWrites(graph->block(), keep);
  torch::jit::EliminateDeadCode(graph);
  for (torch::jit::Node* print : keep) print->destroy();
}

bool AnyNodeChangesMetadataInPlace(const torch::jit::Block& block) {
  static const absl::flat_hash_set<c10::Symbol>* kMetadataWrites =
      new absl::flat_hash_set<c10::Symbol>{
          c10::aten::t_,
          c10::aten::transpose_,
          c10::aten::unsqueeze_,
          c10::aten::squeeze_,
          c10::aten::swapdims_,
          c10::aten::swapaxes_,
          c10::aten::as_strided_,
          c10::aten::resize_,
          c10::aten::resize_as_,
          c10::aten::set_,
          c10::aten::detach_,
          c10::aten::requires_grad_,
          c10::Symbol::fromQualString("aten::set_data"),
          c10::Symbol::fromQualString("aten::_resize_output_"),
          c10::Symbol::fromQualString("aten::resize_as_sparse_"),
          c10::Symbol::fromQualString("aten::sparse_resize_"),
          c10::Symbol::fromQualString("aten::sparse_resize_and_clear_"),
          c10::Symbol::fromQualString("aten::_mkldnn_transpose_")};
  for (const torch::jit::Node* node : block.nodes()) {
    if (kMetadataWrites->contains(node->kind())) return true;
    // An out= overload resizes its out argument to the result (`torch.add(x, y, out=c)` on an
    // empty c).
    if (const c10::FunctionSchema* schema = SchemaIfSomeOverloadSatisfies(*node, HasOutArgument);
        schema && HasOutArgument(*schema)) {
      return true;
    }
    for (const torch::jit::Block* sub : node->blocks()) {
      if (AnyNodeChangesMetadataInPlace(*sub)) return true;
    }
  }
  return false;
}

bool MayBeWritten(const c10::Type& type) {
  switch (type.kind()) {
    case c10::TypeKind::TupleType:
    case c10::TypeKind::OptionalType:
    case c10::TypeKind::UnionType:
      for (const c10::TypePtr& t : type.containedTypes()) {
        if (MayBeWritten(*t)) return true;
      }
      return false;
    case c10::TypeKind::IntType:
    case c10::TypeKind::FloatType:
    case c10::TypeKind::ComplexType:
    case c10::TypeKind::BoolType:
    case c10::TypeKind::StringType:
    case c10::TypeKind::NoneType:
    case c10::TypeKind::NumberType:
    case c10::TypeKind::DeviceObjType:
    case c10::TypeKind::ScalarTypeType:
    case c10::TypeKind::LayoutType:
    case c10::TypeKind::MemoryFormatType:
    case c10::TypeKind::SymIntType:
    case c10::TypeKind::SymFloatType:
    case c10::TypeKind::SymBoolType:
      return false;
    default:
      return true;
  }
}

namespace {

// Whether a value of this type is or holds a tensor.
bool HoldsTensor(const c10::Type& type) {
  if (type.kind() == c10::TypeKind::TensorType) return true;
  for (const c10::TypePtr& t : type.containedTypes()) {
    if (HoldsTensor(*t)) return true;
  }
  return false;
}

}  // namespace

absl::flat_hash_set<const torch::jit::Value*> ValuesThatMayAliasOutputs(
    const torch::jit::Graph& graph) {
  absl::flat_hash_set<const torch::jit::Value*> escaping;
  absl::flat_hash_map<const c10::FunctionSchema*, bool> composite;  // has a CIA kernel
  std::vector<const torch::jit::Value*> work(graph.outputs().begin(), graph.outputs().end());
  while (!work.empty()) {
    const torch::jit::Value* v = work.back();
    work.pop_back();
    if (!MayBeWritten(*v->type()) || !escaping.insert(v).second) continue;
    if (v->type()->kind() != c10::TypeKind::TensorType) {
      // What is put into a container that may be returned (aten::append, aten::insert,
      // aten::_set_item: the container's argument is written) is returned with it.
      for (const torch::jit::Use& use : v->uses()) {
        const c10::FunctionSchema* writer = use.user->maybeSchema();
        if (writer == nullptr || use.offset >= writer->arguments().size()) continue;
        const c10::AliasInfo* alias = writer->arguments()[use.offset].alias_info();
        if (alias == nullptr || !alias->isWrite()) continue;
        for (const torch::jit::Value* in : use.user->inputs()) {
          if (in != v) work.push_back(in);
        }
      }
    }
    const torch::jit::Node* node = v->node();
    if (node->kind() == c10::prim::Constant || node->kind() == c10::prim::Param) continue;
    const c10::FunctionSchema* schema = node->maybeSchema();
    if (schema && v->offset() < schema->returns().size()) {
      if (schema->returns()[v->offset()].alias_info()) {
        // A view or a returned argument: it aliases the arguments with an alias annotation
        // (`Tensor(a) self`), not the others (movedim's `int[] source`).
        const auto& args = schema->arguments();
        for (size_t i = 0; i < node->inputs().size(); ++i) {
          if (i >= args.size() || args[i].alias_info()) work.push_back(node->inputs()[i]);
        }
        continue;
      }
      // Without an annotation the result is fresh when the op has kernels of its own; a
      // CompositeImplicitAutograd op is whatever its composite returns, which may be an input
      // (type_as, dropout(train=False), atleast_2d, einsum("ij->ji")).
      auto [known, added] = composite.try_emplace(schema, false);
      if (added) {
        known->second =
            HasCompositeImplicitAutogradKernel({schema->name(), schema->overload_name()});
      }
      if (!known->second) continue;
    }
    // A composite's result holding tensors may alias any input holding a tensor (not
    // histogramdd's `int[] bins`); containers, control flow and other results any input that may
    // be written.
    const bool tensor = schema && HoldsTensor(*v->type());
    for (const torch::jit::Value* in : node->inputs()) {
      if (tensor ? HoldsTensor(*in->type()) : MayBeWritten(*in->type())) work.push_back(in);
    }
    // If and Loop: any value their blocks return.
    for (const torch::jit::Block* b : node->blocks()) {
      for (const torch::jit::Value* out : b->outputs()) work.push_back(out);
    }
  }
  return escaping;
}

}  // namespace graph_lower
