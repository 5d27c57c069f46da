// The pruning copy (see prune_copy.h).
#include "passes/prune_copy.h"

#include <torch/csrc/jit/ir/constants.h>

#include <algorithm>
#include <optional>

#include "absl/container/flat_hash_set.h"
#include "ir/graph_predicates.h"
#include "ir/mutation.h"

namespace graph_lower {

namespace {

using torch::jit::Block;
using torch::jit::Node;
using torch::jit::Value;

// Whether `list`, made by prim::ListConstruct, is reached by no value but itself: every use is an
// aten::append in the list's own block whose result is unused, or only reads it.
bool OnlyAppendedAndRead(const Value* list) {
  const auto& uses = list->uses();
  return std::all_of(uses.begin(), uses.end(), [](const torch::jit::Use& use) {
    return AppendInListsBlock(use) || UseOnlyReads(use);
  });
}

// Whether some use of `v` may write it (it may be, and not every use only reads it).
bool UseMayWrite(const Value* v) { return MayBeWritten(*v->type()) && !OnlyRead(v); }

class StaticAnalysis {
 public:
  StaticAnalysis(const ExampleRun& run, bool inference) : run_(run), inference_(inference) {}

  void Inputs(const torch::jit::Graph& graph, const std::vector<c10::IValue>& examples) {
    for (size_t i = 0; i < graph.inputs().size() && i < examples.size(); ++i) {
      const Value* in = graph.inputs()[i];
      c10::TypePtr type = SpecializedOptionalType(in->type(), examples[i]);
      if (!type) continue;
      given_types_[in] = type;
      if (type->kind() == c10::TypeKind::NoneType) static_.insert(in);
    }
  }

  void Run(const Block& block) {
    for (const Node* node : block.nodes()) Visit(*node);
  }

  absl::flat_hash_map<const Node*, size_t> TakeDecided() { return std::move(decided_); }

 private:
  const c10::IValue* ValueOf(const Value* v) const {
    auto it = run_.values.find(const_cast<Value*>(v));
    return it == run_.values.end() ? nullptr : &it->second;
  }

  c10::TypePtr TypeOf(const Value* v) const {
    if (auto it = given_types_.find(v); it != given_types_.end()) return it->second;
    if (auto it = run_.types.find(const_cast<Value*>(v)); it != run_.types.end()) {
      return it->second;
    }
    return v->type();
  }

  bool Static(const Value* v) const { return static_.contains(v); }

  void Visit(const Node& node) {
    const c10::Symbol kind = node.kind();
    if (kind == c10::prim::Constant) {
      // A tensor or list constant may be written by the program (it is shared between runs).
      if (!UseMayWrite(node.output())) static_.insert(node.output());
      return;
    }
    if (kind == c10::prim::If) return VisitIf(node);
    if (!node.blocks().empty()) return;  // prim::Loop and the rest: nothing inside is static
    if (kind == c10::aten::append && node.inputs().size() == 2 && Static(node.input(0)) &&
        !Static(node.input(1))) {
      static_.erase(node.input(0));  // the list now holds a value that is not static
      return;
    }
    if (node.outputs().size() == 1) {
      if (std::optional<c10::IValue> q =
              MetadataQueryValue(node, inference_, [this](const Value* v) { return TypeOf(v); })) {
        const c10::IValue* computed = ValueOf(node.output());
        if (computed && *computed == *q && (!q->isList() || OnlyRead(node.output()))) {
          static_.insert(node.output());
        }
        return;
      }
    }
    if (!FoldableOp(node) || !std::all_of(node.inputs().begin(), node.inputs().end(),
                                          [this](const Value* v) { return Static(v); })) {
      return;
    }
    if (const c10::FunctionSchema* schema = node.maybeSchema(); schema && schema->is_mutable()) {
      return;
    }
    if (kind == c10::prim::ListConstruct) {
      if (ValueOf(node.output()) && OnlyAppendedAndRead(node.output())) {
        static_.insert(node.output());
      }
      return;
    }
    for (const Value* out : node.outputs()) {
      if (!MayBeWritten(*out->type()) && ValueOf(out)) static_.insert(out);
    }
  }

  void VisitIf(const Node& node) {
    const c10::IValue* condition = ValueOf(node.input());
    if (!Static(node.input()) || !condition || !condition->isBool()) {
      // Only the branch the run took holds values; a static If may be nested in it.
      for (const Block* b : node.blocks()) Run(*b);
      return;
    }
    const size_t index = condition->toBool() ? 0 : 1;
    decided_[&node] = index;
    const Block& taken = *node.blocks()[index];
    Run(taken);
    for (size_t i = 0; i < node.outputs().size(); ++i) {
      if (Static(taken.outputs()[i]) && ValueOf(node.output(i))) static_.insert(node.output(i));
    }
  }

  const ExampleRun& run_;
  const bool inference_;
  absl::flat_hash_set<const Value*> static_;
  // Types of the Optional inputs as the pipeline specialises them (None, or the element type).
  absl::flat_hash_map<const Value*, c10::TypePtr> given_types_;
  absl::flat_hash_map<const Node*, size_t> decided_;
};

class PruningCopier {
 public:
  PruningCopier(torch::jit::Graph& to, const absl::flat_hash_map<const Node*, size_t>& taken)
      : to_(to), taken_(taken) {}

  // Copies the nodes of `from` to the end of `to`.
  void CopyNodes(Block& from, Block& to) {
    auto map = [this](Value* v) { return env_.at(v); };
    for (Node* node : from.nodes()) {
      if (auto it = taken_.find(node); it != taken_.end()) {
        Block& branch = *node->blocks()[it->second];
        CopyNodes(branch, to);
        for (size_t i = 0; i < node->outputs().size(); ++i) {
          env_[node->output(i)] = env_.at(branch.outputs()[i]);
        }
        continue;
      }
      Node* copy = to.appendNode(to_.createClone(node, map, /*copy_blocks=*/false));
      for (size_t i = 0; i < node->outputs().size(); ++i) env_[node->output(i)] = copy->output(i);
      for (Block* sub : node->blocks()) {
        Block* block = copy->addBlock();
        for (Value* in : sub->inputs()) env_[in] = block->addInput()->copyMetadata(in);
        CopyNodes(*sub, *block);
        for (Value* out : sub->outputs()) block->registerOutput(env_.at(out));
      }
    }
  }

  absl::flat_hash_map<const Value*, Value*>& env() { return env_; }

 private:
  torch::jit::Graph& to_;
  const absl::flat_hash_map<const Node*, size_t>& taken_;
  absl::flat_hash_map<const Value*, Value*> env_;  // value of the original -> its copy
};

int64_t UnshareConstantsIn(Block& block) {
  int64_t copied = 0;
  for (auto it = block.nodes().begin(); it != block.nodes().end();) {
    Node* node = *it;
    ++it;  // the node may be destroyed
    for (Block* sub : node->blocks()) copied += UnshareConstantsIn(*sub);
    if (node->kind() != c10::prim::Constant || !UseMayWrite(node->output())) continue;
    std::optional<c10::IValue> value = torch::jit::toIValue(node->output());
    if (!value || !(value->isList() || value->isGenericDict() || value->isTensor())) continue;
    torch::jit::WithInsertPoint guard(node);
    std::optional<Value*> copy =
        torch::jit::tryInsertConstant(*block.owningGraph(), value->deepcopy());
    if (!copy) continue;
    (*copy)->setType(node->output()->type());
    node->output()->replaceAllUsesWith(*copy);
    node->destroy();
    ++copied;
  }
  return copied;
}

}  // namespace

int64_t UnshareWrittenConstants(torch::jit::Graph& graph) {
  return UnshareConstantsIn(*graph.block());
}

absl::flat_hash_map<const Node*, size_t> StaticBranches(
    const torch::jit::Graph& graph, const ExampleRun& run,
    const std::vector<c10::IValue>& example_inputs, bool inference) {
  StaticAnalysis analysis(run, inference);
  analysis.Inputs(graph, example_inputs);
  analysis.Run(*graph.block());
  return analysis.TakeDecided();
}

std::shared_ptr<torch::jit::Graph> CopyTakingBranches(
    const torch::jit::Graph& graph, const absl::flat_hash_map<const Node*, size_t>& taken,
    const absl::flat_hash_map<Value*, c10::TensorTypePtr>& types) {
  // Node::allocNewInstance and Value::copyMetadata take the original by non-const pointer; nothing
  // of it is changed.
  torch::jit::Graph& from = const_cast<torch::jit::Graph&>(graph);
  auto copy = std::make_shared<torch::jit::Graph>();
  PruningCopier copier(*copy, taken);
  auto& env = copier.env();
  for (Value* in : from.inputs()) env[in] = copy->addInput()->copyMetadata(in);
  copier.CopyNodes(*from.block(), *copy->block());
  for (Value* out : from.outputs()) copy->registerOutput(env.at(out));
  for (const auto& [v, type] : types) {
    if (auto it = env.find(v); it != env.end()) it->second->setType(type);
  }
  return copy;
}

}  // namespace graph_lower
