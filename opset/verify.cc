// Opset verification and op census over all blocks of a graph.
#include "opset/verify.h"

#include <optional>
#include <sstream>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/strip.h"

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
