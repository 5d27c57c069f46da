#include "passes/fresh_outputs.h"

#include <absl/container/flat_hash_set.h>
#include <torch/csrc/jit/ir/constants.h>

#include <vector>

#include "ir/mutation.h"

namespace graph_lower {
namespace {

using torch::jit::Block;
using torch::jit::Graph;
using torch::jit::Node;
using torch::jit::Value;

bool IsTensor(const Value* v) { return v->type()->cast<c10::TensorType>() != nullptr; }

// Whether `node`'s output `index` is a tensor of its own: its schema gives that result no alias
// annotation (not a view, not a returned argument). Nodes without a schema (prim::TupleIndex,
// prim::unchecked_cast, ...) pass on what they were given.
bool MakesItsOwnTensor(const Node& node, size_t index) {
  const c10::FunctionSchema* schema = node.maybeSchema();
  return schema != nullptr && index < schema->returns().size() &&
         schema->returns()[index].alias_info() == nullptr;
}

class Freshener {
 public:
  explicit Freshener(Graph& graph) : graph_(graph) {}

  int64_t Run() {
    for (Value* in : graph_.inputs()) {
      if (IsTensor(in)) {
        anchor_input_ = in;
        break;
      }
    }
    if (anchor_input_ == nullptr) return 0;
    escaping_ = ValuesThatMayAliasOutputs(graph_);
    CollectRoots(*graph_.block());
    if (roots_.empty()) return 0;
    Value* condition = MakeCondition();
    for (Value* root : roots_) Anchor(root, condition);
    return static_cast<int64_t>(roots_.size());
  }

 private:
  // In graph order: the values TorchScript's constant propagation can fold (constants, and the
  // outputs of nodes without blocks, side effects or nondeterminism whose inputs all are such
  // values; torch/csrc/jit/passes/constant_propagation.cpp), nested blocks included, as the
  // executor folds inside branches and loop bodies too; of them, the tensors a node makes itself
  // that may be (or share memory with) an output are the roots.
  void CollectRoots(Block& block) {
    for (Node* node : block.nodes()) {
      if (node->kind() == c10::prim::Constant) {
        foldable_.insert(node->output());
        continue;
      }
      for (Block* sub : node->blocks()) CollectRoots(*sub);
      if (!node->blocks().empty() || node->outputs().empty()) continue;
      bool all = true;
      for (const Value* in : node->inputs()) {
        if (!foldable_.contains(in)) {
          all = false;
          break;
        }
      }
      if (!all || node->isNondeterministic() || node->hasSideEffects()) continue;
      for (Value* out : node->outputs()) {
        foldable_.insert(out);
        if (IsTensor(out) && escaping_.contains(out) && MakesItsOwnTensor(*node, out->offset())) {
          roots_.push_back(out);
        }
      }
    }
  }

  // any(as_strided(x, [0], [1]), 0): a 0-dim false that the executor cannot fold, reading no
  // element of x (a 0-element view is in bounds of any storage).
  Value* MakeCondition() {
    torch::jit::WithInsertPoint guard(graph_.block()->nodes().front());
    Value* size = graph_.insertConstant(std::vector<int64_t>{0});
    Value* stride = graph_.insertConstant(std::vector<int64_t>{1});
    Value* none = graph_.insertConstant(c10::IValue());
    Node* view = graph_.insertNode(
        graph_.create(c10::aten::as_strided, {anchor_input_, size, stride, none}));
    Value* zero = graph_.insertConstant(int64_t{0});
    Value* keepdim = graph_.insertConstant(false);
    Node* any = graph_.insertNode(graph_.create(c10::aten::any, {view->output(), zero, keepdim}));
    const auto x = anchor_input_->type()->expect<c10::TensorType>();
    if (x->scalarType() && x->device()) {
      view->output()->setType(x->withSizesStrides({0}, {1}));
      any->output()->setType(c10::TensorType::createContiguous(c10::kBool, *x->device(), {}));
    } else {
      view->output()->setType(c10::TensorType::get());
      any->output()->setType(c10::TensorType::get());
    }
    return any->output();
  }

  void Anchor(Value* root, Value* condition) {
    std::vector<torch::jit::Use> uses = root->uses();
    Node* where = graph_.create(c10::aten::where, {condition, root, root});
    where->insertAfter(root->node());
    where->output()->setType(root->type());
    for (const torch::jit::Use& use : uses) use.user->replaceInput(use.offset, where->output());
  }

  Graph& graph_;
  Value* anchor_input_ = nullptr;
  absl::flat_hash_set<const Value*> escaping_;
  absl::flat_hash_set<const Value*> foldable_;
  std::vector<Value*> roots_;
};

}  // namespace

int64_t KeepOutputsFresh(Graph& graph) { return Freshener(graph).Run(); }

}  // namespace graph_lower
