// copy_ through slice/select views, rewritten as scatters into the base.
#include "passes/functionalize_copies.h"

#include <torch/csrc/jit/passes/dead_code_elimination.h>

#include "absl/status/status.h"
#include "ir/errors.h"

namespace graph_lower {
namespace {

using torch::jit::Node;
using torch::jit::Value;

bool IsViewStep(const Node* n) {
  return (n->kind() == c10::aten::slice && n->inputs().size() == 5 &&
          n->input(0)->type()->cast<c10::TensorType>()) ||
         (n->kind() == c10::aten::select && n->inputs().size() == 3 &&
          n->input(0)->type()->cast<c10::TensorType>() &&
          n->input(2)->type()->kind() == c10::TypeKind::IntType);
}

// True when `user`'s output may alias its input (a view) and is read after `after`.
bool ViewReadAfter(const Node* user, const Node* after) {
  const c10::FunctionSchema* schema = user->maybeSchema();
  bool aliases = !schema;  // unknown ops: assume the worst
  if (schema) {
    for (const c10::Argument& ret : schema->returns()) aliases |= ret.alias_info() != nullptr;
  }
  if (!aliases) return false;
  for (const Value* out : user->outputs()) {
    for (const torch::jit::Use& use : out->uses()) {
      if (use.user->isAfter(after)) return true;
    }
  }
  return false;
}

bool Rewrite(Node* copy) {
  if (copy->inputs().size() != 3 || copy->output()->hasUses()) return false;
  Value* dst = copy->input(0);
  Value* src = copy->input(1);
  std::vector<Node*> chain;  // from dst towards base
  Value* base = dst;
  const Node* next = copy;  // the one use in the chain
  while (true) {
    // Other uses of a view in the chain must come before the write and not alias it past the
    // write (metadata reads such as prim::dtype of the view are fine). Uses of the base after the
    // write will read base'.
    const bool is_base = !IsViewStep(base->node());
    for (const torch::jit::Use& use : base->uses()) {
      if (use.user == next) continue;
      if (use.user->isAfter(copy)) {
        if (is_base) continue;
        return false;
      }
      if (ViewReadAfter(use.user, copy)) return false;
    }
    if (is_base) break;
    chain.push_back(base->node());
    next = base->node();
    base = base->node()->input(0);
  }
  const c10::Symbol producer = base->node()->kind();
  if (producer == c10::prim::Param || producer == c10::prim::Constant) return false;
  if (base->node()->owningBlock() != copy->owningBlock()) return false;

  torch::jit::Graph& g = *copy->owningGraph();
  torch::jit::WithInsertPoint guard(copy);
  Value* dtype = g.insert(c10::prim::dtype, {dst});
  Value* value = g.insert(c10::aten::_to_copy, {src}, {torch::jit::NamedValue("dtype", dtype)});
  value = g.insert(c10::aten::expand, {value, g.insert(c10::aten::size, {dst})});
  for (Node* view : chain) {
    if (view->kind() == c10::aten::slice) {
      value = g.insert(c10::aten::slice_scatter, {view->input(0), value, view->input(1),
                                                  view->input(2), view->input(3), view->input(4)});
    } else {
      value = g.insert(c10::aten::select_scatter,
                       {view->input(0), value, view->input(1), view->input(2)});
    }
  }
  value->setType(base->type());
  base->replaceAllUsesAfterNodeWith(copy, value);
  copy->destroy();
  return true;
}

bool RewriteBlock(torch::jit::Block* block) {
  bool changed = false;
  for (auto it = block->nodes().begin(); it != block->nodes().end();) {
    Node* node = *it;
    ++it;  // advance before the node may be destroyed
    for (torch::jit::Block* sub : node->blocks()) changed |= RewriteBlock(sub);
    if (node->kind() == c10::aten::copy_ && node->owningBlock() == block) changed |= Rewrite(node);
  }
  return changed;
}

}  // namespace

absl::StatusOr<bool> FunctionalizeCopies(std::shared_ptr<torch::jit::Graph>& graph) {
  try {
    const bool changed = RewriteBlock(graph->block());
    if (changed) torch::jit::EliminateDeadCode(graph);
    return changed;
  } catch (const std::exception& e) {
    return absl::InternalError(std::string("functionalizing copy_ failed: ") + ExceptionMessage(e));
  }
}

}  // namespace graph_lower
