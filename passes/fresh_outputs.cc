#include "passes/fresh_outputs.h"

#include <absl/container/flat_hash_set.h>
#include <c10/core/Contiguity.h>
#include <torch/csrc/jit/ir/constants.h>

#include <optional>
#include <vector>

#include "ir/graph_predicates.h"
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
    escaping_ = ValuesThatMayAliasOutputs(graph_);
    CollectRoots(*graph_.block());
    if (roots_.empty()) return 0;
    Value* condition = MakeCondition();
    for (Value* root : roots_) Anchor(root, condition);
    return static_cast<int64_t>(roots_.size());
  }

 private:
  // In graph order: the values TorchScript's constant propagation can fold (constants, and the
  // outputs of nodes it may run (FoldableOp) whose inputs all are such values;
  // torch/csrc/jit/passes/constant_propagation.cpp), nested blocks included, as the
  // executor folds inside branches and loop bodies too; of them, the tensors a node makes itself
  // that may be (or share memory with) an output are the roots.
  void CollectRoots(Block& block) {
    for (Node* node : block.nodes()) {
      if (node->kind() == c10::prim::Constant) {
        foldable_.insert(node->output());
        continue;
      }
      if (node->kind() == c10::prim::Loop) {
        CollectLoop(*node);
        continue;
      }
      for (Block* sub : node->blocks()) CollectRoots(*sub);
      if (node->outputs().empty() || !FoldableOp(*node) || !AllFoldable(node->inputs())) continue;
      for (Value* out : node->outputs()) {
        foldable_.insert(out);
        if (IsTensor(out) && escaping_.contains(out) && MakesItsOwnTensor(*node, out->offset()) &&
            KeepsItsLayoutThroughWhere(*out->type()->expect<c10::TensorType>())) {
          roots_.push_back(out);
        }
      }
    }
  }

  // The executor unrolls a loop of constant trip count (torch/csrc/jit/passes/loop_unrolling.cpp)
  // before it folds, so its counter, and each value it carries from a foldable start, count as
  // foldable in the body; an output is foldable when its start and the body's result are.
  void CollectLoop(Node& loop) {
    Block& body = *loop.blocks()[0];
    if (!foldable_.contains(loop.inputs()[0]) || !foldable_.contains(loop.inputs()[1])) {
      CollectRoots(body);  // not unrolled: nothing it carries is foldable
      return;
    }
    foldable_.insert(body.inputs()[0]);
    for (size_t i = 0; i < loop.outputs().size(); ++i) {
      if (foldable_.contains(loop.inputs()[i + 2])) foldable_.insert(body.inputs()[i + 1]);
    }
    CollectRoots(body);
    for (size_t i = 0; i < loop.outputs().size(); ++i) {
      if (foldable_.contains(loop.inputs()[i + 2]) && foldable_.contains(body.outputs()[i + 1])) {
        foldable_.insert(loop.outputs()[i]);
      }
    }
  }

  bool AllFoldable(c10::ArrayRef<Value*> values) const {
    for (const Value* v : values) {
      if (!foldable_.contains(v)) return false;
    }
    return true;
  }

  // Whether where(c, t, t) gives t's strides: when t is dense and non-overlapping (libtorch's own
  // c10::_compute_non_overlapping_and_dense; TensorIterator then lays the result out as t), or
  // its layout is not known. Not on the meta device, whose
  // tensors hold no elements to share and where libtorch's C++ build has no meta kernel for where.
  static bool KeepsItsLayoutThroughWhere(const c10::TensorType& type) {
    if (type.device() && type.device()->is_meta()) return false;
    const std::optional<std::vector<int64_t>> sizes = type.sizes().concrete_sizes();
    const std::optional<std::vector<int64_t>> strides = type.strides().concrete_sizes();
    if (!sizes || !strides || sizes->size() != strides->size()) return true;
    return c10::_compute_non_overlapping_and_dense<int64_t>(*sizes, *strides);
  }

  // any(rand([0]), 0): a 0-dim false that the executor cannot fold, as it never folds a
  // nondeterministic op (Node::isNondeterministic). A CPU rand of no elements draws no number,
  // so the program's random stream is the same as without it.
  Value* MakeCondition() {
    torch::jit::WithInsertPoint guard(graph_.block()->nodes().front());
    Value* size = graph_.insertConstant(std::vector<int64_t>{0});
    Value* dtype = graph_.insertConstant(static_cast<int64_t>(c10::ScalarType::Float));
    Value* none = graph_.insertConstant(c10::IValue());
    Value* cpu = graph_.insertConstant(c10::Device(c10::kCPU));
    Node* rand = graph_.insertNode(graph_.create(c10::aten::rand, {size, dtype, none, cpu, none}));
    rand->output()->setType(
        c10::TensorType::createContiguous(c10::kFloat, c10::Device(c10::kCPU), {0}));
    Value* zero = graph_.insertConstant(int64_t{0});
    Value* keepdim = graph_.insertConstant(false);
    Node* any = graph_.insertNode(graph_.create(c10::aten::any, {rand->output(), zero, keepdim}));
    any->output()->setType(
        c10::TensorType::createContiguous(c10::kBool, c10::Device(c10::kCPU), {}));
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
  absl::flat_hash_set<const Value*> escaping_;
  absl::flat_hash_set<const Value*> foldable_;
  std::vector<Value*> roots_;
};

}  // namespace

int64_t KeepOutputsFresh(Graph& graph) { return Freshener(graph).Run(); }

}  // namespace graph_lower
