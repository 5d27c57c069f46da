// Test helpers over TorchScript graphs: parse text IR, count nodes, check structure with
// torch::jit::testing::FileCheck (the `# CHECK:` directives of PyTorch's test/cpp/jit).
#ifndef GRAPH_LOWER_TESTING_GRAPH_TESTING_H_
#define GRAPH_LOWER_TESTING_GRAPH_TESTING_H_

#include <gtest/gtest.h>
#include <torch/csrc/jit/ir/ir.h>

#include <memory>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace graph_lower::test_util {

// The graph of text IR (ir/graph_io.h ParseGraphText). A parse error fails the calling test and
// gives an empty graph.
std::shared_ptr<torch::jit::Graph> ParseIr(absl::string_view ir);

// The graph of text IR as libtorch's parser gives it (torch::jit::parseIR), without the checks of
// ParseGraphText: for graphs those would refuse, such as a Tensor constant written as a list.
// Throws what parseIR throws.
std::shared_ptr<torch::jit::Graph> ParseIrUnchecked(absl::string_view ir);

// Nodes of `kind` ("aten::add", "prim::If"), nested blocks included.
int CountKind(const torch::jit::Block& block, absl::string_view kind);
int CountKind(const torch::jit::Graph& graph, absl::string_view kind);

// Nodes, nested blocks included, whose schema writes an argument.
int CountWrites(const torch::jit::Block& block);

// The kinds of the top block's nodes, in order ("aten::add", ...).
std::vector<std::string> KindsOf(const torch::jit::Graph& graph);

// Whether the graph's text passes FileCheck's directives in `checks` (lines `# CHECK: ...`,
// `# CHECK-NOT:`, `# CHECK-COUNT-N:`, `# CHECK-NEXT:`, `# CHECK-SAME:`, `# CHECK-DAG:`;
// torch/csrc/jit/testing/file_check.h), for EXPECT_TRUE; the failure message quotes the graph.
// `checks` may be the input IR itself, its directives written after it, as PyTorch's
// test/cpp/jit tests do (the IR parser skips `#` comments).
::testing::AssertionResult PassesFileCheck(absl::string_view checks,
                                           const torch::jit::Graph& graph);

}  // namespace graph_lower::test_util

#endif  // GRAPH_LOWER_TESTING_GRAPH_TESTING_H_
