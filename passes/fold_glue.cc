// Folding of shape-dependent glue after specialisation.
#include "passes/fold_glue.h"

#include <ATen/ATen.h>
#include <torch/csrc/autograd/grad_mode.h>
#include <torch/csrc/jit/ir/constants.h>
#include <torch/csrc/jit/passes/constant_propagation.h>
#include <torch/csrc/jit/passes/dead_code_elimination.h>
#include <torch/csrc/jit/passes/loop_unrolling.h>
#include <torch/csrc/jit/passes/lower_tuples.h>

#include <algorithm>
#include <functional>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "ir/errors.h"
#include "ir/example_values.h"
#include "ir/graph_predicates.h"
#include "ir/mutation.h"

namespace graph_lower {
namespace {

using torch::jit::Node;

// `list(l)` on lists nothing writes is `l`. `list[i]` with a constant i on a list nothing writes:
// the element itself when the list is built
// by prim::ListConstruct; for the Tensor[] of aten::split_with_sizes with constant sizes, every
// `list[i]` becomes an output of one prim::ListUnpack (structural, not glue).
bool FoldListIndexing(torch::jit::Block* block) {
  bool changed = false;
  static const c10::Symbol kGetItem = c10::Symbol::fromQualString("aten::__getitem__");
  for (auto it = block->nodes().begin(); it != block->nodes().end();) {
    Node* node = *it;
    ++it;
    for (torch::jit::Block* sub : node->blocks()) changed |= FoldListIndexing(sub);
    // list(l), a copy, is l itself when neither is ever written.
    if (node->kind() == c10::aten::list && node->inputs().size() == 1 &&
        node->input(0)->type()->cast<c10::ListType>() && OnlyRead(node->input(0)) &&
        OnlyRead(node->output())) {
      node->output()->replaceAllUsesWith(node->input(0));
      node->destroy();
      changed = true;
      continue;
    }
    // len(l) and prim::ListUnpack(l) of an unwritten prim::ListConstruct: its length, its elements.
    if ((node->kind() == c10::aten::len || node->kind() == c10::prim::ListUnpack) &&
        node->inputs().size() == 1 && node->input(0)->node()->kind() == c10::prim::ListConstruct &&
        OnlyRead(node->input(0))) {
      Node* construct = node->input(0)->node();
      if (node->kind() == c10::aten::len) {
        torch::jit::WithInsertPoint guard(node);
        node->output()->replaceAllUsesWith(
            node->owningGraph()->insertConstant(static_cast<int64_t>(construct->inputs().size())));
      } else if (node->outputs().size() == construct->inputs().size()) {
        for (size_t i = 0; i < node->outputs().size(); ++i) {
          node->output(i)->replaceAllUsesWith(construct->input(i));
        }
      } else {
        continue;  // a length mismatch is the program's runtime error; leave it
      }
      node->destroy();
      changed = true;
      continue;
    }
    if (node->kind() != kGetItem || node->inputs().size() != 2) continue;
    torch::jit::Value* list = node->input(0);
    std::optional<c10::IValue> index = torch::jit::toIValue(node->input(1));
    if (!index || !index->isInt() || !list->type()->cast<c10::ListType>() || !OnlyRead(list)) {
      continue;
    }
    Node* producer = list->node();
    int64_t length = -1;
    if (producer->kind() == c10::prim::ListConstruct) {
      length = static_cast<int64_t>(producer->inputs().size());
    } else if (producer->kind() == c10::aten::split_with_sizes && producer->inputs().size() == 3) {
      std::optional<c10::IValue> sizes = torch::jit::toIValue(producer->input(1));
      if (sizes && sizes->isIntList()) length = static_cast<int64_t>(sizes->toIntList().size());
    }
    int64_t i = index->toInt();
    if (i < 0) i += length;
    if (length < 0 || i < 0 || i >= length) continue;  // out of range: leave the runtime error
    if (producer->kind() == c10::prim::ListConstruct) {
      node->output()->replaceAllUsesWith(producer->input(i));
    } else {
      Node* unpack = nullptr;
      for (const torch::jit::Use& use : list->uses()) {
        if (use.user->kind() == c10::prim::ListUnpack && use.user->isBefore(node) &&
            static_cast<int64_t>(use.user->outputs().size()) == length) {
          unpack = use.user;
        }
      }
      if (!unpack) {
        unpack = node->owningGraph()->createListUnpack(list, length);
        unpack->insertAfter(producer);
      }
      node->output()->replaceAllUsesWith(unpack->output(i));
    }
    node->destroy();
    changed = true;
  }
  return changed;
}

// aten::size(x) of a tensor of known rank with some dims known and some symbolic becomes the
// list [size or aten::size(x, d), ...] (a fresh list, as aten::size's), so that glue reading a
// known dim folds. Returns whether it did; destroys `node` then.
bool SplitPartlyKnownSizes(Node* node) {
  if (node->kind() != c10::aten::size || node->inputs().size() != 1) return false;
  auto tt = node->input(0)->type()->cast<c10::TensorType>();
  if (!tt || !tt->sizes().size() || tt->sizes().concrete_sizes()) return false;
  const size_t rank = *tt->sizes().size();
  bool any_known = false;
  for (size_t d = 0; d < rank; ++d) any_known |= tt->sizes()[d].has_value();
  if (!any_known) return false;
  torch::jit::Graph& g = *node->owningGraph();
  torch::jit::WithInsertPoint guard(node);
  std::vector<torch::jit::Value*> dims;
  for (size_t d = 0; d < rank; ++d) {
    if (tt->sizes()[d]) {
      dims.push_back(g.insertConstant(*tt->sizes()[d]));
    } else {
      dims.push_back(g.insert(c10::aten::size, {node->input(0), static_cast<int64_t>(d)}));
    }
  }
  torch::jit::Node* list = g.insertNode(g.createList(c10::IntType::get(), dims));
  node->output()->replaceAllUsesWith(list->output());
  node->destroy();
  return true;
}

bool FoldQueries(torch::jit::Block* block, bool inference) {
  bool changed = false;
  for (auto it = block->nodes().begin(); it != block->nodes().end();) {
    Node* node = *it;
    ++it;  // advance before the node may be destroyed
    for (torch::jit::Block* sub : node->blocks()) changed |= FoldQueries(sub, inference);
    if (node->outputs().size() != 1) continue;
    std::optional<c10::IValue> value =
        MetadataQueryValue(*node, inference, [](const torch::jit::Value* v) { return v->type(); });
    if (!value) {
      changed |= SplitPartlyKnownSizes(node);
      continue;
    }
    if (value->isList() && !OnlyRead(node->output())) continue;
    torch::jit::WithInsertPoint guard(node);
    torch::jit::Value* c = node->owningGraph()->insertConstant(*value);
    c->setType(node->output()->type());
    node->output()->replaceAllUsesWith(c);
    node->destroy();
    changed = true;
  }
  return changed;
}

// Folding runs an op on constants and stores its result in the graph: an op that would make a
// tensor this large is left in the graph (run when the program runs, not when it is lowered), so
// a graph such as `aten::zeros([100000, 100000])` is not a 40 GB allocation at lowering time.
constexpr int64_t kMaxFoldedBytes = int64_t{16} << 20;

// Whether running `node` (whose inputs are constants) would make tensors of more than
// kMaxFoldedBytes in all, judged by running it on meta tensors (shapes only, nothing allocated);
// an op that cannot run there (no Meta kernel in libtorch's C++) counts as too large when its
// constant tensor inputs already are, or when it takes a size list (a factory).
bool FoldTooLarge(const Node& node) {
  // A constant dtype that names no ScalarType: running the op (here on meta tensors, or to fold
  // it) would segfault in libtorch (softmax's dtype folded from `2 - 3`); such a node is never run.
  if (GivenBadDtypeConstant(node)) return true;
  const bool tensor_out =
      std::any_of(node.outputs().begin(), node.outputs().end(), [](const torch::jit::Value* v) {
        return v->type()->kind() == c10::TypeKind::TensorType ||
               v->type()->isSubtypeOf(*c10::ListType::ofTensors());
      });
  const torch::jit::Operator* op = node.maybeOperator();
  const c10::FunctionSchema* schema = node.maybeSchema();
  if (!tensor_out || !op || !schema) return false;
  torch::jit::Stack stack;
  int64_t input_bytes = 0;
  bool size_list = false;
  const auto& args = schema->arguments();
  for (size_t i = 0; i < node.inputs().size(); ++i) {
    std::optional<c10::IValue> c = torch::jit::toIValue(node.inputs()[i]);
    if (!c) return false;
    const std::string& name = i < args.size() ? args[i].name() : "";
    size_list |= c->isIntList() && (name == "size" || name == "sizes" || name == "shape");
    if (c->isTensor() && c->toTensor().defined()) {
      const at::Tensor& t = c->toTensor();
      input_bytes += static_cast<int64_t>(t.nbytes());
      if (t.layout() != at::kStrided) return input_bytes > kMaxFoldedBytes;
      *c = at::empty_strided(t.sizes(), t.strides(), t.options().device(at::kMeta));
    } else if (c->isDevice() || (c->isNone() && name == "device")) {
      *c = at::Device(at::kMeta);
    }
    stack.push_back(*std::move(c));
  }
  try {
    at::NoGradGuard no_grad;
    op->getOperation (&node)(stack);
  } catch (const std::exception&) {
    return size_list || input_bytes > kMaxFoldedBytes;
  }
  int64_t bytes = 0;
  for (const c10::IValue& v : stack) {
    if (v.isTensor() && v.toTensor().defined()) {
      bytes += static_cast<int64_t>(v.toTensor().numel() * v.toTensor().element_size());
    } else if (v.isTensorList()) {
      for (const at::Tensor& t : v.toTensorVector()) {
        bytes += static_cast<int64_t>(t.numel() * t.element_size());
      }
    }
  }
  return bytes > kMaxFoldedBytes;
}

// Replaces the prim::If `node` by the nodes of its block `taken`, moved before it, and its
// outputs by that block's outputs; destroys the If.
void ReplaceIfByBranch(Node* node, torch::jit::Block* taken) {
  for (auto it = taken->nodes().begin(); it != taken->nodes().end();) {
    Node* inner = *it;
    ++it;
    inner->moveBefore(node);
  }
  for (size_t i = 0; i < node->outputs().size(); ++i) {
    node->outputs()[i]->replaceAllUsesWith(taken->outputs()[i]);
  }
  node->destroy();
}

// Runs `node`, whose inputs are constants, as runNodeIfInputsAreConstant does, also when its
// schema is vararg (`aten::format(str self, ...) -> str`), which that function refuses: such an
// operation reads its input count from the top of the stack, where the interpreter pushes it
// (torch/csrc/jit/runtime/interpreter.cpp, the OPN instruction). Nothing when the op throws.
std::optional<torch::jit::Stack> RunOnConstants(Node* node) {
  const c10::FunctionSchema* schema = node->maybeSchema();
  if (schema == nullptr || !schema->is_vararg()) {
    return torch::jit::runNodeIfInputsAreConstant(node);
  }
  torch::jit::Stack stack;
  for (torch::jit::Value* v : node->inputs()) stack.push_back(*torch::jit::toIValue(v));
  stack.emplace_back(static_cast<int64_t>(node->inputs().size()));
  try {
    node->getOperation()(stack);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  return stack;
}

// Constant propagation for graphs in which no node writes, in time linear in the graph's size.
//
// It folds what torch::jit::ConstantPropagation (torch/csrc/jit/passes/constant_propagation.cpp)
// folds, the same way (runNodeIfInputsAreConstant, its skip list, prim::If with a constant
// condition inlined, loops that never run removed), but answers its one alias question ("may
// this node's inputs or outputs be written?") without building an AliasDb: with no writing node
// in the graph, only the caller can write, through a value the graph returns. So a node whose
// mutable inputs or outputs may alias a returned value (ValuesThatMayAliasOutputs) is not
// folded, which is what FoldGlue's guard writes on the outputs make ConstantPropagation decide.
// AliasDb's construction is super-linear when many tensors sit in lists (MemoryDAG::setWildcards),
// and dominated ConstantPropagation on a lowered graph of many blocks (docs/benchmarks.md).
//
// With `scalars_only` the graph may write: then only nodes whose outputs cannot be written (ints,
// floats, bools, strings, devices, dtypes: MayBeWritten is false) and whose inputs that could be
// are only read (OnlyRead: a constant list given to aten::__contains__) are folded, which no write
// anywhere can make wrong, and no alias analysis is needed either.
class LinearConstantPropagation {
 public:
  explicit LinearConstantPropagation(torch::jit::Graph& graph, bool scalars_only = false)
      : scalars_only_(scalars_only) {
    if (!scalars_only) escaping_ = ValuesThatMayAliasOutputs(graph);
  }

  bool Run(torch::jit::Block* block) {
    for (auto it = block->nodes().begin(); it != block->nodes().end();) {
      Node* node = *it;
      ++it;  // the node may be destroyed
      Visit(node);
    }
    return changed_;
  }

 private:
  void Visit(Node* node) {
    const bool constant_inputs =
        std::all_of(node->inputs().begin(), node->inputs().end(),
                    [](torch::jit::Value* v) { return v->node()->kind() == c10::prim::Constant; });
    if (node->kind() == c10::prim::If) {
      if (!constant_inputs) {
        for (torch::jit::Block* b : node->blocks()) Run(b);
        return;
      }
      torch::jit::Block* taken =
          node->blocks()[torch::jit::constant_as<bool>(node->input()).value() ? 0 : 1];
      Run(taken);
      ReplaceIfByBranch(node, taken);
      changed_ = true;
      return;
    }
    if (node->kind() == c10::prim::Loop) {
      const int64_t trips = torch::jit::constant_as<int64_t>(node->inputs()[0]).value_or(1);
      const bool cond = torch::jit::constant_as<bool>(node->inputs()[1]).value_or(true);
      if (cond && trips > 0) {
        for (torch::jit::Block* b : node->blocks()) Run(b);
        return;
      }
      for (size_t i = 0; i < node->outputs().size(); ++i) {
        node->outputs()[i]->replaceAllUsesWith(node->inputs()[i + 2]);
      }
      node->destroy();
      changed_ = true;
      return;
    }
    if (!constant_inputs || !Supported(*node) || FoldTooLarge(*node)) {
      for (torch::jit::Block* b : node->blocks()) Run(b);
      return;
    }
    std::optional<torch::jit::Stack> outputs = RunOnConstants(node);
    // A node given fewer outputs than its op pushes (text IR: `prim::unchecked_cast(%l)` with no
    // output, which reads out of bounds under UBSan) is left as it is.
    if (!outputs || outputs->size() != node->outputs().size()) return;
    torch::jit::WithInsertPoint guard(node);
    for (size_t i = 0; i < outputs->size(); ++i) {
      std::optional<torch::jit::Value*> c =
          torch::jit::tryInsertConstant(*node->owningGraph(), (*outputs)[i]);
      if (!c) continue;  // not representable as a constant: the node stays for that output
      if ((*outputs)[i].isNone()) (*c)->setType(node->outputs()[i]->type());
      node->outputs()[i]->replaceAllUsesWith(*c);
      changed_ = true;
    }
    // Without the caller's dead code elimination a folded node would be folded again each time.
    if (scalars_only_ && !node->hasUses()) node->destroy();
  }

  bool Supported(const Node& node) const {
    if (!FoldableOp(node)) return false;
    if (scalars_only_) {
      // A list or tuple of constants that is only read may become a constant itself (the list
      // a comprehension built, once FoldAppendedLists made it one prim::ListConstruct).
      const bool construct =
          node.kind() == c10::prim::ListConstruct || node.kind() == c10::prim::TupleConstruct;
      for (const torch::jit::Value* v : node.outputs()) {
        if (MayBeWritten(*v->type()) && !(construct && OnlyRead(v))) return false;
      }
      for (const torch::jit::Value* v : node.inputs()) {
        if (MayBeWritten(*v->type()) && !OnlyRead(v)) return false;
      }
      return true;
    }
    for (const torch::jit::Value* v : node.inputs()) {
      if (escaping_.contains(v)) return false;
    }
    for (const torch::jit::Value* v : node.outputs()) {
      if (escaping_.contains(v)) return false;
    }
    return true;
  }

  const bool scalars_only_;
  absl::flat_hash_set<const torch::jit::Value*> escaping_;
  bool changed_ = false;
};

// Dead code elimination of a block in which no node writes (AnyNodeWrites is false) and no node
// holds blocks: a node is removed when no output has a use and it has no side effects
// (Node::hasSideEffects: prints, raises, conservative ops), walking from the end so that the
// producers of a removed node's inputs are seen without those uses. This is what libtorch's
// EliminateDeadCode(Block*) removes from such a block (its mark phase keeps the same nodes: the
// return's producers, side effects, and what they use). That pass marks through hash sets of nodes
// and values, an allocation or more per node, a notable share of a lowering of many blocks (two
// calls per round; docs/benchmarks.md); this walk allocates nothing. Returns false, removing
// nothing, when the block holds a node with blocks or a prim::fork (libtorch's pass then runs);
// with `known_flat`, the caller has found none and the block is not walked for them first.
// Whether `node` stops EliminateDeadCodeInFlatBlock: it holds blocks or is a prim::fork.
bool BreaksFlatBlock(const Node& node) {
  return !node.blocks().empty() || node.kind() == c10::prim::fork;
}

bool EliminateDeadCodeInFlatBlock(torch::jit::Block* block, bool known_flat = false) {
  if (!known_flat && std::any_of(block->nodes().begin(), block->nodes().end(),
                                 [](const Node* node) { return BreaksFlatBlock(*node); })) {
    return false;
  }
  auto nodes = block->nodes().reverse();
  for (auto it = nodes.begin(); it != nodes.end(); ++it) {
    if (!it->hasUses() && !it->hasSideEffects()) it.destroyCurrent();
  }
  return true;
}

// Replaces each prim::If whose condition is a constant by the nodes of the branch it takes, in
// `block` and the blocks within; returns whether any was replaced. This is what
// ConstantPropagation does to such an If whatever the aliasing (constant_propagation.cpp,
// inlineIfBody). Done before FoldGlue asks whether anything writes: a write in a branch that is
// never taken (batch_norm's training path, `_native_batch_norm_legit` with running statistics,
// once `running_mean is None` has folded) no longer sends the graph through alias analysis.
bool InlineConstantIfs(torch::jit::Block* block) {
  bool changed = false;
  for (auto it = block->nodes().begin(); it != block->nodes().end();) {
    Node* node = *it;
    ++it;  // the node may be destroyed
    for (torch::jit::Block* sub : node->blocks()) changed |= InlineConstantIfs(sub);
    if (node->kind() != c10::prim::If || node->input()->node()->kind() != c10::prim::Constant) {
      continue;
    }
    const std::optional<bool> condition = torch::jit::constant_as<bool>(node->input());
    if (!condition) continue;
    ReplaceIfByBranch(node, node->blocks()[*condition ? 0 : 1]);
    changed = true;
  }
  return changed;
}

// Puts a write (as above) after each tensor output of a node in `block` whose inputs are all
// constants and whose fold would be too large, so that ConstantPropagation leaves it.
void GuardTooLarge(torch::jit::Block* block, std::vector<Node*>& guards) {
  for (Node* node : block->nodes()) {
    for (torch::jit::Block* b : node->blocks()) GuardTooLarge(b, guards);
    const bool constant_inputs =
        std::all_of(node->inputs().begin(), node->inputs().end(),
                    [](torch::jit::Value* v) { return v->node()->kind() == c10::prim::Constant; });
    if (!constant_inputs || node->kind() == c10::prim::Constant || !FoldTooLarge(*node)) continue;
    for (torch::jit::Value* out : node->outputs()) {
      if (!out->type()->cast<c10::TensorType>()) continue;
      Node* guard = block->owningGraph()->create(c10::aten::relu_, {out}, 1);
      guard->output()->setType(out->type());
      guard->insertAfter(node);
      guards.push_back(guard);
    }
  }
}

}  // namespace

void EliminateDeadCodeOf(std::shared_ptr<torch::jit::Graph>& graph) {
  if (AnyNodeWrites(*graph->block())) {
    EliminateDeadCodeKeepingContainedWrites(graph);
  } else if (!EliminateDeadCodeInFlatBlock(graph->block())) {
    torch::jit::EliminateDeadCode(graph->block());
  }
}

namespace {

// The node of `block` that holds `node` (node itself when it is in `block`), or nullptr.
Node* AncestorIn(Node* node, const torch::jit::Block* block) {
  while (node && node->owningBlock() != block) node = node->owningBlock()->owningNode();
  return node;
}

// The nodes of `block` and the blocks within for which `wanted` holds, inner blocks first.
void CollectNodes(torch::jit::Block* block, const std::function<bool(const Node&)>& wanted,
                  std::vector<Node*>& out) {
  for (Node* node : block->nodes()) {
    for (torch::jit::Block* sub : node->blocks()) CollectNodes(sub, wanted, out);
    if (wanted(*node)) out.push_back(node);
  }
}

// Replaces each list built by appends, `l = []; l.append(a); l.append(b); ... any(l)` (what a
// TorchScript list comprehension over a fixed tuple becomes), by prim::ListConstructs, in `block`
// and the blocks within: when every append is in the list's own block and its result unused, and
// every other use only reads the list (UseOnlyReads). Each read gets a list of the elements
// appended before it (one prim::ListConstruct per such snapshot), so a list read between appends
// (DenseNet's `features.append(layer(torch.cat(features, 1)))`) folds too. This is the part of
// libtorch's RemoveListMutation (passes/remove_mutation.cpp) that needs no alias analysis: such a
// list is reached by no other value. Returns whether any list was replaced.
bool FoldAppendedLists(torch::jit::Block* top) {
  std::vector<Node*> lists;
  CollectNodes(top, [](const Node& n) { return n.kind() == c10::prim::ListConstruct; }, lists);
  bool changed = false;
  for (Node* node : lists) {  // only appends and the list itself are destroyed below
    torch::jit::Block* block = node->owningBlock();
    torch::jit::Value* list = node->output();
    std::vector<Node*> appends;
    std::vector<std::pair<Node*, size_t>> reads;  // user, input offset
    bool foldable = true;
    for (const torch::jit::Use& use : list->uses()) {
      Node* user = use.user;
      if (AppendInListsBlock(use)) {
        appends.push_back(user);
        continue;
      }
      if (!UseOnlyReads(use) || !AncestorIn(user, block)) {
        foldable = false;
        break;
      }
      reads.emplace_back(user, use.offset);
    }
    if (!foldable || appends.empty()) continue;
    std::sort(appends.begin(), appends.end(), [](Node* a, Node* b) { return b->isAfter(a); });
    const c10::TypePtr element = list->type()->expectRef<c10::ListType>().getElementType();
    std::vector<torch::jit::Value*> elements(node->inputs().begin(), node->inputs().end());
    // snapshots[k]: the list after k appends, made before its first reader.
    std::vector<Node*> snapshots(appends.size() + 1, nullptr);
    for (auto& [user, offset] : reads) {
      Node* at = AncestorIn(user, block);
      const size_t k =
          std::count_if(appends.begin(), appends.end(), [&](Node* a) { return at->isAfter(a); });
      if (!snapshots[k]) {
        std::vector<torch::jit::Value*> values = elements;
        for (size_t i = 0; i < k; ++i) values.push_back(appends[i]->inputs()[1]);
        snapshots[k] = block->owningGraph()->createList(element, values);
        snapshots[k]->output()->copyMetadata(list);
        snapshots[k]->insertBefore(at);
      } else if (snapshots[k]->isAfter(at)) {
        snapshots[k]->moveBefore(at);
      }
      user->replaceInput(offset, snapshots[k]->output());
    }
    for (Node* a : appends) a->destroy();
    node->destroy();
    changed = true;
  }
  return changed;
}

// Replaces each list whose items are assigned, `s = self.shift_size.copy(); s[0] = 0; if
// sum(s) > 0: ...` (torchvision's Swin blocks), by prim::ListConstructs, as FoldAssignedDicts does
// dicts: the list is a prim::ListConstruct or a copy (aten::copy.t, aten::list.t) of a constant
// list; its assignments (aten::_set_item, the result unused) are in the list's own block with a
// constant index within the list; every other use only reads the list (UseOnlyReads). Each read
// gets the list as assigned before it. When another write follows (an assignment in a branch,
// at an unknown index, an append: the barrier), only the reads before it are replaced, which may
// decide that branch for the next round (Swin3d's `for i in range(3): if size[i] <= window[i]:
// window[i] = size[i]`, unrolled). Returns whether any read was replaced.
bool FoldAssignedLists(torch::jit::Block* top) {
  static const c10::Symbol kSetItem = c10::Symbol::fromQualString("aten::_set_item");
  auto is_source = [](const Node& n) {
    if (n.outputs().size() != 1 || !n.output()->type()->cast<c10::ListType>()) return false;
    if (n.kind() == c10::prim::ListConstruct) return true;
    return (n.kind() == c10::aten::copy || n.kind() == c10::aten::list) && n.inputs().size() == 1 &&
           n.input(0)->node()->kind() == c10::prim::Constant &&
           torch::jit::toIValue(n.input(0))->isList();
  };
  std::vector<Node*> lists;
  CollectNodes(top, is_source, lists);
  bool changed = false;
  for (Node* node : lists) {
    torch::jit::Block* block = node->owningBlock();
    torch::jit::Value* list = node->output();
    std::vector<Node*> sets;
    std::vector<std::pair<Node*, size_t>> reads;  // user, input offset
    const int64_t size =
        node->kind() == c10::prim::ListConstruct
            ? static_cast<int64_t>(node->inputs().size())
            : static_cast<int64_t>(torch::jit::toIValue(node->input(0))->toListRef().size());
    bool foldable = true;
    Node* barrier = nullptr;  // the first other write (in a branch, at an unknown index, ...)
    for (const torch::jit::Use& use : list->uses()) {
      Node* user = use.user;
      if (user->kind() == kSetItem && use.offset == 0 && user->owningBlock() == block &&
          user->inputs().size() == 3 && (user->outputs().empty() || !user->output()->hasUses())) {
        const std::optional<c10::IValue> index = torch::jit::toIValue(user->input(1));
        if (index && index->isInt() && index->toInt() < size && index->toInt() >= -size) {
          sets.push_back(user);
          continue;
        }
      }
      Node* at = AncestorIn(user, block);
      const c10::FunctionSchema* schema = user->maybeSchema();
      if (at && schema && use.offset < schema->arguments().size() &&
          schema->is_mutable({c10::SchemaArgType::input, use.offset})) {
        if (!barrier || at->isBefore(barrier)) barrier = at;
        continue;
      }
      if (!UseOnlyReads(use) || !at) {
        foldable = false;
        break;
      }
      reads.emplace_back(user, use.offset);
    }
    if (!foldable || (sets.empty() && !barrier)) continue;
    // Reads at or after the barrier keep the list, and the assignments before it stay for them.
    if (barrier) {
      sets.erase(std::remove_if(sets.begin(), sets.end(),
                                [&](Node* set) { return !set->isBefore(barrier); }),
                 sets.end());
      reads.erase(std::remove_if(reads.begin(), reads.end(),
                                 [&](const std::pair<Node*, size_t>& read) {
                                   return !AncestorIn(read.first, block)->isBefore(barrier);
                                 }),
                  reads.end());
      if (reads.empty()) continue;
    }
    std::sort(sets.begin(), sets.end(), [](Node* a, Node* b) { return b->isAfter(a); });
    torch::jit::Graph& graph = *block->owningGraph();
    std::vector<torch::jit::Value*> elements(node->inputs().begin(), node->inputs().end());
    if (node->kind() != c10::prim::ListConstruct) {
      torch::jit::WithInsertPoint guard(node);
      elements.clear();
      for (const c10::IValue& item : torch::jit::toIValue(node->input(0))->toListRef()) {
        elements.push_back(graph.insertConstant(item));
      }
    }
    const c10::TypePtr element = list->type()->expectRef<c10::ListType>().getElementType();
    std::vector<Node*> snapshots(sets.size() + 1, nullptr);
    for (auto& [user, offset] : reads) {
      Node* at = AncestorIn(user, block);
      const size_t n =
          std::count_if(sets.begin(), sets.end(), [&](Node* s) { return at->isAfter(s); });
      if (!snapshots[n]) {
        std::vector<torch::jit::Value*> values = elements;
        for (size_t i = 0; i < n; ++i) {
          const int64_t index = torch::jit::toIValue(sets[i]->input(1))->toInt();
          values[index < 0 ? index + size : index] = sets[i]->input(2);
        }
        snapshots[n] = graph.createList(element, values);
        snapshots[n]->output()->copyMetadata(list);
        snapshots[n]->insertBefore(at);
      } else if (snapshots[n]->isAfter(at)) {
        snapshots[n]->moveBefore(at);
      }
      user->replaceInput(offset, snapshots[n]->output());
    }
    changed = true;
    if (barrier) continue;
    for (Node* s : sets) s->destroy();
    node->destroy();
  }
  return changed;
}

// The contents of a list whose every element is a constant int, float or bool (a
// prim::ListConstruct of constants, or aten::list / aten::copy of a constant list): a new list
// object, or nullopt.
std::optional<c10::IValue> ConstantListContents(const Node& n) {
  if (n.outputs().size() != 1) return std::nullopt;
  const auto type = n.output()->type()->cast<c10::ListType>();
  if (!type) return std::nullopt;
  const c10::TypeKind element = type->getElementType()->kind();
  if (element != c10::TypeKind::IntType && element != c10::TypeKind::FloatType &&
      element != c10::TypeKind::BoolType) {
    return std::nullopt;
  }
  c10::impl::GenericList list(type->getElementType());
  if (n.kind() == c10::prim::ListConstruct) {
    for (const torch::jit::Value* in : n.inputs()) {
      std::optional<c10::IValue> item = torch::jit::toIValue(in);
      if (!item) return std::nullopt;
      list.push_back(*std::move(item));
    }
  } else if ((n.kind() == c10::aten::copy || n.kind() == c10::aten::list) &&
             n.inputs().size() == 1) {
    std::optional<c10::IValue> source = torch::jit::toIValue(n.input(0));
    if (!source || !source->isList()) return std::nullopt;
    for (const c10::IValue& item : source->toListRef()) list.push_back(item);
  } else {
    return std::nullopt;
  }
  return c10::IValue(std::move(list));
}

// The value of an argument of a list write: a constant, or a list of constants nothing writes.
std::optional<c10::IValue> ConstantArgument(const torch::jit::Value* v) {
  if (std::optional<c10::IValue> c = torch::jit::toIValue(v)) return c;
  if (!OnlyRead(v)) return std::nullopt;
  return ConstantListContents(*v->node());
}

// Runs, on lists of constants, the writes a program makes to them in their own block (`s =
// list(x.shape); s.pop(); s.insert(1, 1); del s[0]; s.reverse(); s += [2]`: any op whose schema
// writes the list, aten::append, pop, insert, Delete, reverse, add_, extend, sort, _set_item, ...,
// with constant other arguments), with the interpreter's own kernels, in program order. Each read
// of the list between them (UseOnlyReads, or a copy) gets a constant of the list as written before
// it; a write's other results (pop's item) become constants. At the first other use (a write in a
// branch or with a non-constant argument, a write that raises, the list returned or put into a
// container: where it may be reached another way) the list is made afresh (aten::list of a constant
// of its contents) for the uses from there on. Only done where a write runs; returns whether any
// did.
bool FoldConstantListWrites(torch::jit::Block* top) {
  std::vector<Node*> lists;
  CollectNodes(top, [](const Node& n) { return ConstantListContents(n).has_value(); }, lists);
  bool changed = false;
  for (Node* node : lists) {
    torch::jit::Block* block = node->owningBlock();
    torch::jit::Graph& graph = *block->owningGraph();
    torch::jit::Value* list = node->output();
    // A list write's list result is the list itself (`s += [2]` is `s = aten::add_(s, [2])`,
    // whose schema does not say so; append and _set_item return it too): read as the list.
    for (const torch::jit::Use& use : std::vector<torch::jit::Use>(list->uses())) {
      const c10::FunctionSchema* schema = use.user->maybeSchema();
      if (use.offset != 0 || !schema || !schema->is_mutable({c10::SchemaArgType::input, 0})) {
        continue;
      }
      for (torch::jit::Value* out : use.user->outputs()) {
        if (out->type()->cast<c10::ListType>()) out->replaceAllUsesWith(list);
      }
    }
    std::vector<torch::jit::Use> uses(list->uses().begin(), list->uses().end());
    if (std::any_of(uses.begin(), uses.end(),
                    [&](const torch::jit::Use& u) { return !AncestorIn(u.user, block); })) {
      continue;
    }
    // Program order of the nodes of the list's block holding the uses.
    std::stable_sort(uses.begin(), uses.end(),
                     [&](const torch::jit::Use& a, const torch::jit::Use& b) {
                       return AncestorIn(a.user, block)->isBefore(AncestorIn(b.user, block));
                     });
    auto is_write = [&](const torch::jit::Use& u) {
      const c10::FunctionSchema* schema = u.user->maybeSchema();
      if (u.offset != 0 || u.user->owningBlock() != block || !schema ||
          !schema->is_mutable({c10::SchemaArgType::input, 0})) {
        return false;
      }
      for (size_t i = 1; i < u.user->inputs().size(); ++i) {
        if (!ConstantArgument(u.user->input(i))) return false;
      }
      // (Its list results, the list itself, were replaced by the list above.)
      return true;
    };
    // A copy (aten::copy.t, aten::list.t: annotated as aliasing their argument) makes a new list
    // of the same items, which are ints, floats or bools here: a read.
    auto is_read = [](const torch::jit::Use& u) {
      return UseOnlyReads(u) || (u.offset == 0 && (u.user->kind() == c10::aten::copy ||
                                                   u.user->kind() == c10::aten::list));
    };
    // The run: states[k] is the list after k writes; results[k] the k-th write's results.
    std::vector<c10::impl::GenericList> states{ConstantListContents(*node)->toList()};
    std::vector<torch::jit::Stack> results;
    size_t end = 0;
    for (; end < uses.size(); ++end) {
      const torch::jit::Use& use = uses[end];
      if (!is_write(use)) {
        if (!is_read(use)) break;
        continue;
      }
      c10::impl::GenericList next = states.back().copy();
      torch::jit::Stack stack{c10::IValue(next)};
      for (size_t k = 1; k < use.user->inputs().size(); ++k) {
        stack.push_back(*ConstantArgument(use.user->input(k)));
      }
      try {
        use.user->getOperation()(stack);
      } catch (const std::exception&) {
        break;  // it raises when the program runs (a pop of an empty list): kept
      }
      if (stack.size() != use.user->outputs().size()) break;
      states.push_back(std::move(next));
      results.push_back(std::move(stack));
    }
    // The uses inside the node holding the first other use (a loop reading and writing the list)
    // see the list as it is there: they go with it.
    if (end < uses.size()) {
      Node* at = AncestorIn(uses[end].user, block);
      while (end > 0 && AncestorIn(uses[end - 1].user, block) == at) --end;
      const size_t kept = std::count_if(uses.begin(), uses.begin() + end, is_write);
      results.erase(results.begin() + kept, results.end());
      states.erase(states.begin() + kept + 1, states.end());
    }
    if (results.empty()) continue;
    auto constant = [&](const c10::impl::GenericList& l, Node* before) {
      torch::jit::WithInsertPoint guard(before);
      torch::jit::Value* c = graph.insertConstant(c10::IValue(l.copy()));
      c->setType(list->type());
      return c;
    };
    std::vector<Node*> writes;
    for (size_t i = 0; i < end; ++i) {
      const torch::jit::Use& use = uses[i];
      if (!is_write(use)) {
        use.user->replaceInput(use.offset,
                               constant(states[writes.size()], AncestorIn(use.user, block)));
        continue;
      }
      const torch::jit::Stack& outs = results[writes.size()];
      torch::jit::WithInsertPoint guard(use.user);
      for (size_t k = 0; k < outs.size(); ++k) {
        torch::jit::Value* out = use.user->output(k);
        if (out->hasUses()) out->replaceAllUsesWith(graph.insertConstant(outs[k]));
      }
      writes.push_back(use.user);
    }
    if (end < uses.size()) {
      Node* at = AncestorIn(uses[end].user, block);
      torch::jit::WithInsertPoint guard(at);
      torch::jit::Value* fresh = graph.insert(c10::aten::list, {constant(states.back(), at)});
      fresh->setType(list->type());
      for (size_t i = end; i < uses.size(); ++i) {
        uses[i].user->replaceInput(uses[i].offset, fresh);
      }
    }
    for (Node* w : writes) w->destroy();
    if (!list->hasUses()) node->destroy();
    changed = true;
  }
  return changed;
}

// Replaces each list op whose arguments are all constants and whose result is a new list of
// ints, floats or bools (`list(c)`, `c + [1]`, `sorted(c)`, `c * 2`, `aten::list` of a constant
// that FoldConstantListWrites made for a list returned after its writes) by a
// prim::ListConstruct of its elements, computed now with the interpreter's kernel. A returned or
// written list must be a new object on every run, so constant propagation leaves such ops; a
// prim::ListConstruct is one, and structural. Lists longer than kMaxElements stay.
bool MakeListsOfConstants(torch::jit::Block* top) {
  constexpr size_t kMaxElements = 1024;
  std::vector<Node*> ops;
  CollectNodes(
      top,
      [](const Node& n) {
        if (n.kind() == c10::prim::ListConstruct || n.kind() == c10::prim::Constant ||
            !n.blocks().empty() || n.outputs().size() != 1 || n.inputs().empty()) {
          return false;
        }
        const auto type = n.output()->type()->cast<c10::ListType>();
        if (!type) return false;
        const c10::TypeKind element = type->getElementType()->kind();
        if (element != c10::TypeKind::IntType && element != c10::TypeKind::FloatType &&
            element != c10::TypeKind::BoolType) {
          return false;
        }
        const c10::FunctionSchema* schema = n.maybeSchema();
        if (!schema || schema->is_mutable() || schema->returns().size() != 1) return false;
        // aten::list and aten::copy are annotated as aliasing their argument, yet copy it.
        const bool copies = n.kind() == c10::aten::list || n.kind() == c10::aten::copy;
        if (schema->returns()[0].alias_info() && !copies) return false;
        return std::all_of(n.inputs().begin(), n.inputs().end(), [](const torch::jit::Value* v) {
          return v->node()->kind() == c10::prim::Constant;
        });
      },
      ops);
  bool changed = false;
  for (Node* node : ops) {
    const torch::jit::Operator* op = node->maybeOperator();
    if (!op) continue;
    torch::jit::Stack stack;
    for (const torch::jit::Value* in : node->inputs()) {
      std::optional<c10::IValue> c = torch::jit::toIValue(in);
      if (!c) break;
      stack.push_back(c->isList() ? c->deepcopy() : *c);  // the kernel must not touch a constant
    }
    if (stack.size() != node->inputs().size()) continue;
    try {
      op->getOperation(node)(stack);
    } catch (const std::exception&) {
      continue;  // the program's own runtime error: left to happen when it runs
    }
    if (stack.size() != 1 || !stack[0].isList() || stack[0].toListRef().size() > kMaxElements) {
      continue;
    }
    torch::jit::Graph& graph = *node->owningGraph();
    torch::jit::WithInsertPoint guard(node);
    std::vector<torch::jit::Value*> elements;
    for (const c10::IValue& e : stack[0].toListRef()) elements.push_back(graph.insertConstant(e));
    Node* list = graph.createList(
        node->output()->type()->expectRef<c10::ListType>().getElementType(), elements);
    list->insertBefore(node);
    list->output()->copyMetadata(node->output());
    node->output()->replaceAllUsesWith(list->output());
    node->destroy();
    changed = true;
  }
  return changed;
}

// Replaces each dict built by item assignments, `d = {}; d["out"] = x; d["aux"] = y; return d`
// (torchvision's segmentation models; an OrderedDict in eager), by prim::DictConstructs, as
// FoldAppendedLists does lists: when every write (an assignment, `d.pop(key[, default])` or
// `del d[key]`) is in the dict's own block with a constant key, and every other use reads the dict
// (UseOnlyReads), returns it or packs it into a tuple, list or dict after its last write. Each
// read gets the dict as assigned before it (keys in the order of their first assignment, each with
// its last value, as Python's dict); a read `d[key]` of a key assigned before it becomes that
// value. Returns whether any dict was replaced.
bool FoldAssignedDicts(torch::jit::Block* top) {
  static const c10::Symbol kSetItem = c10::Symbol::fromQualString("aten::_set_item");
  static const c10::Symbol kGetItem = c10::Symbol::fromQualString("aten::__getitem__");
  static const c10::Symbol kPop = c10::Symbol::fromQualString("aten::pop");
  static const c10::Symbol kDelete = c10::Symbol::fromQualString("aten::Delete");
  std::vector<Node*> dicts;
  // aten::dict(): an empty dict literal; prim::DictConstruct: a literal (`{}` annotated with its
  // type, `{"a": x}`), with constant keys.
  CollectNodes(
      top,
      [](const Node& n) {
        const bool literal = n.kind() == c10::prim::DictConstruct;
        if ((n.kind() != c10::aten::dict || !n.inputs().empty()) && !literal) return false;
        if (n.outputs().size() != 1 || !n.output()->type()->cast<c10::DictType>()) return false;
        for (size_t i = 0; i < n.inputs().size(); i += 2) {
          if (n.input(i)->node()->kind() != c10::prim::Constant) return false;
        }
        return true;
      },
      dicts);
  bool changed = false;
  for (Node* node : dicts) {
    torch::jit::Block* block = node->owningBlock();
    torch::jit::Value* dict = node->output();
    std::vector<Node*> writes;  // the writes: assignments, pops (with or without a default), dels
    std::vector<std::pair<Node*, size_t>> reads;  // user, input offset
    bool foldable = true;
    for (const torch::jit::Use& use : dict->uses()) {
      Node* user = use.user;
      const c10::Symbol k = user->kind();
      const size_t n = user->inputs().size();
      const bool write = (k == kSetItem && n == 3) || (k == kDelete && n == 2) ||
                         (k == kPop && (n == 2 || n == 3));
      if (write && use.offset == 0 && user->owningBlock() == block &&
          user->input(1)->node()->kind() == c10::prim::Constant) {
        writes.push_back(user);
        continue;
      }
      if ((!UseOnlyReads(use) && k != c10::prim::Return && k != c10::prim::TupleConstruct &&
           k != c10::prim::ListConstruct && k != c10::prim::DictConstruct) ||
          !AncestorIn(user, block)) {
        foldable = false;
        break;
      }
      reads.emplace_back(user, use.offset);
    }
    if (!foldable || (writes.empty() && node->kind() == c10::prim::DictConstruct)) continue;
    // A container packing the dict (or the return) holds the dict itself, and so sees the
    // assignments after it too: it must come after the last one.
    if (std::any_of(reads.begin(), reads.end(), [&](const std::pair<Node*, size_t>& read) {
          const c10::Symbol k = read.first->kind();
          if (k != c10::prim::TupleConstruct && k != c10::prim::ListConstruct &&
              k != c10::prim::DictConstruct) {
            return false;
          }
          Node* at = AncestorIn(read.first, block);
          return std::any_of(writes.begin(), writes.end(), [&](Node* s) { return s->isAfter(at); });
        })) {
      continue;
    }
    std::sort(writes.begin(), writes.end(), [](Node* a, Node* b) { return b->isAfter(a); });
    const auto& type = dict->type()->expectRef<c10::DictType>();
    // The dict after the first n assignments: its keys (and their constants) and values.
    struct Items {
      std::vector<c10::IValue> keys;
      std::vector<torch::jit::Value*> key_values, values;
    };
    auto items_after = [&](size_t n) {
      Items items;
      auto assign = [&items](torch::jit::Value* key_value, torch::jit::Value* value) {
        const c10::IValue key = *torch::jit::toIValue(key_value);
        auto it = std::find(items.keys.begin(), items.keys.end(), key);
        if (it != items.keys.end()) {
          items.values[it - items.keys.begin()] = value;
        } else {
          items.keys.push_back(key);
          items.key_values.push_back(key_value);
          items.values.push_back(value);
        }
      };
      for (size_t i = 0; i + 1 < node->inputs().size(); i += 2) {
        assign(node->input(i), node->input(i + 1));
      }
      for (size_t i = 0; i < n; ++i) {
        if (writes[i]->kind() == kSetItem) {
          assign(writes[i]->input(1), writes[i]->input(2));
          continue;
        }
        auto it = std::find(items.keys.begin(), items.keys.end(),
                            *torch::jit::toIValue(writes[i]->input(1)));
        if (it == items.keys.end()) continue;
        const auto at = it - items.keys.begin();
        items.keys.erase(it);
        items.key_values.erase(items.key_values.begin() + at);
        items.values.erase(items.values.begin() + at);
      }
      return items;
    };
    // What each pop returns: the key's value then, else its default; a pop or del of a key the
    // dict does not hold raises (KeyError), and the dict is left as it is.
    std::vector<torch::jit::Value*> popped(writes.size(), nullptr);
    for (size_t i = 0; i < writes.size() && foldable; ++i) {
      if (writes[i]->kind() == kSetItem) continue;
      Items items = items_after(i);
      auto it = std::find(items.keys.begin(), items.keys.end(),
                          *torch::jit::toIValue(writes[i]->input(1)));
      if (it != items.keys.end()) {
        popped[i] = items.values[it - items.keys.begin()];
      } else if (writes[i]->inputs().size() == 3) {
        popped[i] = writes[i]->input(2);
      } else {
        foldable = false;
      }
    }
    if (!foldable) continue;
    std::vector<Node*> snapshots(writes.size() + 1, nullptr);
    for (auto& [user, offset] : reads) {
      Node* at = AncestorIn(user, block);
      const size_t n =
          std::count_if(writes.begin(), writes.end(), [&](Node* s) { return at->isAfter(s); });
      Items items = items_after(n);
      if (user->kind() == kGetItem && user->inputs().size() == 2) {
        std::optional<c10::IValue> key = torch::jit::toIValue(user->input(1));
        auto it = key ? std::find(items.keys.begin(), items.keys.end(), *key) : items.keys.end();
        if (it != items.keys.end()) {
          user->output()->replaceAllUsesWith(items.values[it - items.keys.begin()]);
        }
      }
      if (!snapshots[n]) {
        snapshots[n] = block->owningGraph()->createDict(type.getKeyType(), type.getValueType(),
                                                        items.key_values, items.values);
        snapshots[n]->insertBefore(at);
      } else if (snapshots[n]->isAfter(at)) {
        snapshots[n]->moveBefore(at);
      }
      user->replaceInput(offset, snapshots[n]->output());
    }
    for (size_t i = 0; i < writes.size(); ++i) {
      if (writes[i]->kind() == kPop) writes[i]->output()->replaceAllUsesWith(popped[i]);
      writes[i]->destroy();
    }
    node->destroy();
    changed = true;
  }
  return changed;
}

// libtorch's LowerSimpleTuples: a tuple built and taken apart again (prim::TupleUnpack,
// TupleIndex or TupleSlice of a prim::TupleConstruct, as an inlined helper returning
// `(x, x.dim())` leaves) reads the elements directly, so what depends on them can fold. Returns
// whether a node went.
int64_t CountNodes(const torch::jit::Block& block) {
  int64_t n = 0;
  for (const Node* node : block.nodes()) {
    ++n;
    for (const torch::jit::Block* sub : node->blocks()) n += CountNodes(*sub);
  }
  return n;
}

bool FoldTupleUnpacks(torch::jit::Block* block) {
  const int64_t before = CountNodes(*block);
  torch::jit::LowerSimpleTuples(block);
  return CountNodes(*block) < before;
}

bool IsTrueConstant(const torch::jit::Value* v) {
  std::optional<bool> b = torch::jit::constant_as<bool>(v);
  return b && *b;
}

// The nodes `block` comes to once the loops UnrollSmallConstantLoops unrolls are unrolled; each
// constant loop it leaves whole goes to `whole`.
int64_t PlanUnrolling(torch::jit::Block* block, int64_t max_nodes, std::vector<Node*>& whole) {
  int64_t n = 0;
  for (Node* node : block->nodes()) {
    ++n;
    int64_t inner = 0;
    for (torch::jit::Block* b : node->blocks()) inner += PlanUnrolling(b, max_nodes, whole);
    std::optional<int64_t> trips;
    if (node->kind() == c10::prim::Loop && node->input(0)->node()->kind() == c10::prim::Constant) {
      trips = torch::jit::constant_as<int64_t>(node->input(0));
    }
    if (!trips) {
      n += inner;
      continue;
    }
    const bool for_loop =
        IsTrueConstant(node->input(1)) && IsTrueConstant(node->blocks()[0]->outputs()[0]);
    constexpr int64_t kMaxBodyRepeats = 64;
    if (for_loop && *trips >= 0 && *trips < kMaxBodyRepeats && *trips * inner <= max_nodes) {
      n += *trips * inner;
    } else {
      whole.push_back(node);
      n += inner;
    }
  }
  return n;
}

}  // namespace

bool UnrollSmallConstantLoops(std::shared_ptr<torch::jit::Graph>& graph,
                              int64_t max_unrolled_nodes) {
  std::vector<Node*> whole;
  PlanUnrolling(graph->block(), max_unrolled_nodes, whole);
  // libtorch unrolls every loop whose trip count is a prim::Constant; the loops left whole get a
  // placeholder trip count meanwhile (defined at the top, so that copies of them made by unrolling
  // an outer loop read it too), and their constant back afterwards.
  std::vector<std::pair<Node*, int64_t>> placeholders;
  for (Node* loop : whole) {
    Node* p = graph->create(c10::prim::Uninitialized, 1);
    p->output()->setType(c10::IntType::get());
    graph->prependNode(p);
    placeholders.emplace_back(p, *torch::jit::constant_as<int64_t>(loop->input(0)));
    loop->replaceInput(0, p->output());
  }
  const bool changed = torch::jit::UnrollConstantLoops(graph);
  for (auto& [p, trips] : placeholders) {
    torch::jit::WithInsertPoint guard(p);
    p->output()->replaceAllUsesWith(graph->insertConstant(trips));
    p->destroy();
  }
  return changed;
}

absl::StatusOr<bool> PruneBranches(torch::jit::Graph& graph, bool inference) {
  try {
    bool changed = false;
    for (;;) {
      bool round = FoldQueries(graph.block(), inference);
      round |= FoldListIndexing(graph.block());
      round |= FoldAppendedLists(graph.block());
      round |= FoldAssignedDicts(graph.block());
      round |= FoldAssignedLists(graph.block());
      round |= FoldConstantListWrites(graph.block());
      round |= MakeListsOfConstants(graph.block());
      round |= FoldTupleUnpacks(graph.block());
      round |= LinearConstantPropagation(graph, /*scalars_only=*/true).Run(graph.block());
      if (!round) return changed;
      changed = true;
    }
  } catch (const std::exception& e) {
    return absl::InternalError(std::string("pruning branches failed: ") + ExceptionMessage(e));
  }
}

absl::StatusOr<bool> FoldGlue(std::shared_ptr<torch::jit::Graph>& graph, bool inference) {
  try {
    bool changed = false;
    // A folded query may decide an If, whose taken branch holds more queries (batch_norm's
    // `running_mean is None or running_var is None`): another round only when an If was
    // replaced (anything else is left to the caller's next call, as before), at most four.
    for (int round = 0; round < 4; ++round) {
      changed |= FoldQueries(graph->block(), inference);
      changed |= FoldListIndexing(graph->block());
      // Lists a decomposition builds by appends in branches on None arguments (`Tensor?[]`
      // indices) are flat once those branches are inlined.
      changed |= FoldAppendedLists(graph->block());
      changed |= FoldConstantListWrites(graph->block());
      changed |= MakeListsOfConstants(graph->block());
      const bool inlined = InlineConstantIfs(graph->block());
      changed |= inlined;
      if (!inlined) break;
    }
    // Whether any node writes, and whether the top block is flat (EliminateDeadCodeInFlatBlock),
    // in one walk over the graph. Constant propagation only removes blocks.
    bool writes = false, flat = true;
    for (const Node* node : graph->block()->nodes()) {
      if (BreaksFlatBlock(*node)) flat = false;
      if (NodeWrites(*node)) {
        writes = true;
        break;
      }
    }
    if (!writes) {
      changed |= LinearConstantPropagation(*graph).Run(graph->block());
      // Without alias analysis, dead code elimination keeps every op with a mutable schema;
      // there is none here.
      if (!EliminateDeadCodeInFlatBlock(graph->block(), /*known_flat=*/flat)) {
        torch::jit::EliminateDeadCode(graph->block());
      }
      return changed;
    }
    // ConstantPropagation folds a tensor op with constant inputs when nothing in the graph writes
    // its output. A tensor the graph returns may still be written by the caller (the host graph a
    // decomposition is inlined into: feature_dropout's new_empty(...).bernoulli_(p); or the user
    // of the lowered program), and a constant is shared between runs: guard each returned tensor
    // with a write while folding, so it is never replaced by a constant.
    std::vector<Node*> guards;
    for (torch::jit::Value* out : graph->outputs()) {
      if (!out->type()->cast<c10::TensorType>()) continue;
      Node* guard = graph->create(c10::aten::relu_, {out}, 1);
      guard->output()->setType(out->type());
      guard->insertBefore(graph->return_node());
      guards.push_back(guard);
    }
    // The same guard keeps ops that would make too large a constant (FoldTooLarge).
    GuardTooLarge(graph->block(), guards);
    changed |= torch::jit::ConstantPropagation(graph);
    for (Node* guard : guards) guard->destroy();
    EliminateDeadCodeKeepingContainedWrites(graph);
    return changed;
  } catch (const std::exception& e) {
    return absl::InternalError(std::string("folding glue failed: ") + ExceptionMessage(e));
  }
}

}  // namespace graph_lower
