#include "testing/graph_testing.h"

#include <gtest/gtest.h>
#include <torch/csrc/jit/ir/irparser.h>
#include <torch/csrc/jit/testing/file_check.h>

#include "absl/status/statusor.h"
#include "ir/graph_io.h"

namespace graph_lower::test_util {

std::shared_ptr<torch::jit::Graph> ParseIr(absl::string_view ir) {
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(std::string(ir), "test");
  if (!g.ok()) {
    ADD_FAILURE() << g.status();
    return std::make_shared<torch::jit::Graph>();
  }
  return *g;
}

std::shared_ptr<torch::jit::Graph> ParseIrUnchecked(absl::string_view ir) {
  auto g = std::make_shared<torch::jit::Graph>();
  torch::jit::parseIR(std::string(ir), g.get());
  return g;
}

int CountKind(const torch::jit::Block& block, absl::string_view kind) {
  int n = 0;
  for (const torch::jit::Node* node : block.nodes()) {
    n += node->kind().toQualString() == kind;
    for (const torch::jit::Block* sub : node->blocks()) n += CountKind(*sub, kind);
  }
  return n;
}

int CountKind(const torch::jit::Graph& graph, absl::string_view kind) {
  return CountKind(*graph.block(), kind);
}

int CountWrites(const torch::jit::Block& block) {
  int n = 0;
  for (const torch::jit::Node* node : block.nodes()) {
    for (const torch::jit::Block* sub : node->blocks()) n += CountWrites(*sub);
    const c10::FunctionSchema* schema = node->maybeSchema();
    n += schema && schema->is_mutable();
  }
  return n;
}

std::vector<std::string> KindsOf(const torch::jit::Graph& graph) {
  std::vector<std::string> kinds;
  for (const torch::jit::Node* node : graph.nodes()) kinds.push_back(node->kind().toQualString());
  return kinds;
}

::testing::AssertionResult PassesFileCheck(absl::string_view checks,
                                           const torch::jit::Graph& graph) {
  try {
    torch::jit::testing::FileCheck().run(std::string(checks), graph);
  } catch (const std::exception& e) {
    return ::testing::AssertionFailure() << e.what();
  }
  return ::testing::AssertionSuccess();
}

}  // namespace graph_lower::test_util
