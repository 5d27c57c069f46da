// A custom TorchScript pipeline around graph-lower's C++ API: parse a graph, run libtorch's own
// cleanup passes, lower to core ATen with LowerToCoreAten, verify and print the result.
//
// Usage: custom_pipeline GRAPH.ir "2x3:float32;3x4:float32"   (text IR and example input shapes)
#include <torch/csrc/jit/passes/dead_code_elimination.h>
#include <torch/csrc/jit/passes/peephole.h>

#include <iostream>

#include "ir/example_values.h"
#include "ir/graph_io.h"
#include "lowering/pipeline.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: custom_pipeline GRAPH.ir INPUT_SHAPES\n";
    return 2;
  }
  absl::StatusOr<graph_lower::Program> program = graph_lower::LoadProgram(argv[1]);
  if (!program.ok()) {
    std::cerr << program.status().message() << "\n";
    return 2;
  }
  std::shared_ptr<torch::jit::Graph> graph = program->graph;

  // Any passes of the pipeline's own come first...
  torch::jit::PeepholeOptimize(graph);
  torch::jit::EliminateDeadCode(graph);

  // ...then graph-lower brings the graph to the backend contract: core ATen only.
  graph_lower::LoweringOptions options;
  absl::StatusOr<std::vector<c10::IValue>> inputs = graph_lower::ParseExampleInputs(argv[2]);
  if (!inputs.ok()) {
    std::cerr << inputs.status().message() << "\n";
    return 2;
  }
  options.example_inputs = *inputs;
  options.verify = true;
  absl::StatusOr<graph_lower::LoweringReport> report = graph_lower::LowerToCoreAten(graph, options);
  if (!report.ok()) {
    std::cerr << report.status().message() << "\n";
    return 1;
  }
  std::cerr << report->Summary();
  std::cout << graph_lower::GraphToText(*graph);
  return report->violations.empty() && report->verified ? 0 : 1;
}
