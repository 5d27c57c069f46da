// Opset verification and op census over all blocks of a graph.
#include "opset/verify.h"

#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/strip.h"
#include "ir/graph_io.h"
#include "ir/graph_predicates.h"

namespace graph_lower {
namespace {

template <typename F>
void ForEachNode(const torch::jit::Block& block, const F& f) {
  for (const torch::jit::Node* node : block.nodes()) {
    f(*node);
    for (const torch::jit::Block* sub : node->blocks()) ForEachNode(*sub, f);
  }
}

std::string Location(const torch::jit::Node& node) {
  if (auto flc = node.sourceRange().file_line_col()) {
    const auto& [file, line, col] = *flc;
    return absl::StrCat(file, ":", line, ":", col);
  }
  return "";
}

std::string NodeText(const torch::jit::Node& node) {
  std::ostringstream os;
  // Node::print with no groups omits nested blocks; the node's own line is what matters here.
  std::vector<const torch::jit::Node*> groups;
  node.print(os, 0, &groups, /*print_source_locations=*/false, /*print_attributes=*/true,
             /*print_scopes=*/false, /*print_body=*/false);
  std::string text = os.str();
  return std::string(absl::StripAsciiWhitespace(absl::StrReplaceAll(text, {{"\n", " "}})));
}

// Appends `node` to `violations` when `classifier` finds it outside the opset.
void AddIfViolation(const torch::jit::Node& node, OpsetClassifier& classifier,
                    std::vector<Violation>& violations) {
  if (classifier.Classify(node) != OpClass::kNonCore) return;
  const c10::FunctionSchema* schema = node.maybeSchema();
  std::ostringstream schema_text;
  if (schema) {
    schema_text << *schema;
  } else {
    schema_text << "(no schema)";
  }
  violations.push_back({OpKey::Of(node), schema_text.str(), Location(node), NodeText(node)});
}

}  // namespace

std::vector<Violation> VerifyOpset(const torch::jit::Graph& graph, const Opset& opset) {
  std::vector<Violation> violations;
  OpsetClassifier classifier(opset);
  ForEachNode(*graph.block(),
              [&](const torch::jit::Node& node) { AddIfViolation(node, classifier, violations); });
  return violations;
}

OpCensus TakeCensus(const torch::jit::Graph& graph, const Opset& opset,
                    std::vector<Violation>* violations) {
  // The nodes are counted by kind and schema first, in the order met; OpKey::Of (two strings) and
  // Classify then run once per group, not once per node. Each overload's class is still its
  // first node's: the first group of an overload holds its first node.
  struct Group {
    const torch::jit::Node* first;
    int64_t count;
  };
  absl::flat_hash_map<std::pair<uint32_t, const c10::FunctionSchema*>, size_t> index;
  std::vector<Group> groups;
  std::optional<OpsetClassifier> classifier;
  if (violations) {
    violations->clear();
    classifier.emplace(opset);
  }
  ForEachNode(*graph.block(), [&](const torch::jit::Node& node) {
    if (violations) AddIfViolation(node, *classifier, *violations);
    auto [it, inserted] = index.try_emplace(
        std::make_pair(static_cast<uint32_t>(node.kind()), node.maybeSchema()), groups.size());
    if (inserted) groups.push_back({&node, 0});
    ++groups[it->second].count;
  });
  OpCensus census;
  for (const Group& group : groups) {
    OpCount& c = census[OpKey::Of(*group.first)];
    if (c.count == 0) c.op_class = opset.Classify(*group.first);
    c.count += group.count;
  }
  return census;
}

namespace {

// The causes ExplainGlue names, as bits; the scalar inputs by name beside them.
enum GlueCause : uint32_t {
  kScalarInput = 1,
  kTensorData = 2,
  kSymbolicSize = 4,
  kLoopCarried = 8,
  kBranchResult = 16,
  kTensorMetadata = 32,
};

struct Causes {
  uint32_t bits = 0;
  std::set<std::string> inputs;
};

class GlueExplainer {
 public:
  explicit GlueExplainer(const Opset& opset) : classifier_(opset) {}

  const Causes& Of(const torch::jit::Value* v) {
    if (auto it = memo_.find(v); it != memo_.end()) return it->second;
    Causes c;
    const torch::jit::Node* n = v->node();
    const c10::Symbol k = n->kind();
    static const auto* kSizes =
        new absl::flat_hash_set<c10::Symbol>{c10::Symbol::fromQualString("aten::sym_size"),
                                             c10::Symbol::fromQualString("aten::sym_stride"),
                                             c10::Symbol::fromQualString("aten::sym_numel"),
                                             c10::aten::size,
                                             c10::aten::stride,
                                             c10::Symbol::fromQualString("aten::numel"),
                                             c10::aten::dim};
    if (k == c10::prim::Param) {
      const torch::jit::Node* owner = n->owningBlock()->owningNode();
      if (!owner) {
        if (!v->type()->cast<c10::TensorType>()) {
          c.bits |= kScalarInput;
          c.inputs.insert(ParameterName(v->debugName()));
        }
      } else if (owner->kind() == c10::prim::Loop) {
        c.bits |= kLoopCarried;
      }
    } else if (k == c10::prim::Loop) {
      c.bits |= kLoopCarried;
    } else if (k == c10::prim::If) {
      c.bits |= kBranchResult;
    } else if (kSizes->contains(k)) {
      c.bits |= kSymbolicSize;
    } else if (IsMetadataQuery(*n)) {
      // A query of a tensor whose dtype, device, sizes or strides are not all known (prim::dtype
      // of an input lowered without example inputs).
      c.bits |= kTensorMetadata;
    } else if (k == c10::aten::_local_scalar_dense ||
               (classifier_.Classify(*n) == OpClass::kNonCore &&
                !v->type()->cast<c10::TensorType>())) {
      c.bits |= kTensorData;
    }
    // A tensor's own value is not followed: glue reads tensors only through the nodes above.
    if (!v->type()->cast<c10::TensorType>() && k != c10::prim::Param) {
      for (const torch::jit::Value* in : n->inputs()) Merge(c, Of(in));
    }
    // A list or dict also depends on what the nodes writing it depend on (`t[i] = 10` with a
    // scalar input i, an assignment in a branch decided by tensor data), loops and branches
    // around them included.
    const c10::TypeKind type = v->type()->kind();
    if (type == c10::TypeKind::ListType || type == c10::TypeKind::DictType) {
      memo_[v] = c;  // a write may read the container itself
      for (const torch::jit::Use& use : v->uses()) {
        const c10::FunctionSchema* s = use.user->maybeSchema();
        if (!s || use.offset >= s->arguments().size() ||
            !s->is_mutable({c10::SchemaArgType::input, use.offset})) {
          continue;
        }
        for (const torch::jit::Value* in : use.user->inputs()) {
          if (in != v) Merge(c, Of(in));
        }
        MergeControl(c, *use.user);
      }
    }
    memo_[v] = std::move(c);
    return memo_.find(v)->second;
  }

  static void Merge(Causes& into, const Causes& from) {
    into.bits |= from.bits;
    into.inputs.insert(from.inputs.begin(), from.inputs.end());
  }

  // The causes of the trip counts and conditions of the loops and branches around `node`: it
  // runs as often as they say.
  void MergeControl(Causes& into, const torch::jit::Node& node) {
    for (const torch::jit::Node* owner = node.owningBlock()->owningNode(); owner;
         owner = owner->owningBlock()->owningNode()) {
      if (owner->kind() == c10::prim::Loop) {
        Merge(into, Of(owner->input(0)));
        Merge(into, Of(owner->input(1)));
        Merge(into, Of(owner->blocks()[0]->outputs()[0]));
      } else if (owner->kind() == c10::prim::If) {
        Merge(into, Of(owner->input(0)));
      }
    }
  }

  std::string Why(const torch::jit::Node& node) {
    Causes all;
    for (const torch::jit::Value* in : node.inputs()) Merge(all, Of(in));
    MergeControl(all, node);
    std::vector<std::string> parts;
    for (const std::string& name : all.inputs) parts.push_back("scalar input " + name);
    if (all.bits & kTensorData) parts.push_back("tensor data");
    if (all.bits & kSymbolicSize) parts.push_back("symbolic size");
    if (all.bits & kTensorMetadata) parts.push_back("tensor metadata");
    if (all.bits & kLoopCarried) parts.push_back("loop-carried value");
    if (all.bits & kBranchResult) parts.push_back("branch result");
    if (parts.empty()) return kGlueShouldHaveFolded;
    return absl::StrJoin(parts, "; ");
  }

  OpsetClassifier& classifier() { return classifier_; }

 private:
  OpsetClassifier classifier_;
  absl::flat_hash_map<const torch::jit::Value*, Causes> memo_;
};

}  // namespace

std::vector<GlueLeft> ExplainGlue(const torch::jit::Graph& graph, const Opset& opset) {
  std::vector<GlueLeft> out;
  GlueExplainer explainer(opset);
  ForEachNode(*graph.block(), [&](const torch::jit::Node& node) {
    if (explainer.classifier().Classify(node) != OpClass::kGlue) return;
    out.push_back({OpKey::Of(node), NodeText(node), explainer.Why(node)});
  });
  return out;
}

int64_t CountNodes(const OpCensus& census) {
  int64_t n = 0;
  for (const auto& [op, count] : census) n += count.count;
  return n;
}

int64_t CountNodes(const torch::jit::Graph& graph) {
  int64_t n = 0;
  ForEachNode(*graph.block(), [&](const torch::jit::Node&) { ++n; });
  return n;
}

}  // namespace graph_lower
