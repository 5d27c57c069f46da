// Whether a graph may write (see mutation.h).
#include "ir/mutation.h"

namespace graph_lower {

bool AnyNodeWrites(const torch::jit::Block& block) {
  for (const torch::jit::Node* node : block.nodes()) {
    if (node->kind() == c10::prim::SetAttr) return true;
    if (const c10::FunctionSchema* schema = node->maybeSchema(); schema && schema->is_mutable()) {
      return true;
    }
    for (const torch::jit::Block* sub : node->blocks()) {
      if (AnyNodeWrites(*sub)) return true;
    }
  }
  return false;
}

}  // namespace graph_lower
