#include "testing/run_testing.h"

#include <gtest/gtest.h>

#include "absl/status/statusor.h"
#include "ir/graph_io.h"
#include "reference/backend.h"

namespace graph_lower::test_util {

std::vector<c10::IValue> Run(const std::shared_ptr<torch::jit::Graph>& graph,
                             const std::vector<c10::IValue>& inputs) {
  absl::StatusOr<std::vector<c10::IValue>> out = RunGraph(graph, inputs);
  if (!out.ok()) {
    ADD_FAILURE() << out.status() << "\n" << GraphToText(*graph);
    return {};
  }
  return *std::move(out);
}

at::Tensor RunOne(const std::shared_ptr<torch::jit::Graph>& graph,
                  const std::vector<c10::IValue>& inputs) {
  std::vector<c10::IValue> out = Run(graph, inputs);
  if (out.size() != 1 || !out[0].isTensor()) {
    ADD_FAILURE() << "expected one tensor output\n" << GraphToText(*graph);
    return at::Tensor();
  }
  return out[0].toTensor();
}

void ExpectSameResults(const std::shared_ptr<torch::jit::Graph>& original,
                       const std::shared_ptr<torch::jit::Graph>& rewritten,
                       const std::vector<c10::IValue>& inputs) {
  absl::StatusOr<std::vector<c10::IValue>> a = RunGraph(original, inputs);
  absl::StatusOr<std::vector<c10::IValue>> b = RunGraph(rewritten, inputs);
  ASSERT_TRUE(a.ok()) << "original: " << a.status();
  ASSERT_TRUE(b.ok()) << "rewritten: " << b.status() << "\n" << GraphToText(*rewritten);
  Comparison c = CompareOutputs(*a, *b);
  EXPECT_TRUE(c.equal) << c.mismatch << "\n" << GraphToText(*rewritten);
}

}  // namespace graph_lower::test_util
