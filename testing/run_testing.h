// Test helpers that run graphs in the JIT interpreter (reference/backend.h) and compare them.
#ifndef GRAPH_LOWER_TESTING_RUN_TESTING_H_
#define GRAPH_LOWER_TESTING_RUN_TESTING_H_

#include <ATen/core/ivalue.h>
#include <torch/csrc/jit/ir/ir.h>

#include <memory>
#include <vector>

namespace graph_lower::test_util {

// The outputs of `graph` on `inputs`. An error fails the calling test and gives no outputs.
std::vector<c10::IValue> Run(const std::shared_ptr<torch::jit::Graph>& graph,
                             const std::vector<c10::IValue>& inputs);

// The single tensor output of `graph` on `inputs` (an undefined tensor, and a test failure,
// when it fails or returns something else).
at::Tensor RunOne(const std::shared_ptr<torch::jit::Graph>& graph,
                  const std::vector<c10::IValue>& inputs);

// Fails the calling test unless `rewritten` gives what `original` gives on `inputs`, within the
// tolerances of reference/backend.h CompareOutputs.
void ExpectSameResults(const std::shared_ptr<torch::jit::Graph>& original,
                       const std::shared_ptr<torch::jit::Graph>& rewritten,
                       const std::vector<c10::IValue>& inputs);

}  // namespace graph_lower::test_util

#endif  // GRAPH_LOWER_TESTING_RUN_TESTING_H_
