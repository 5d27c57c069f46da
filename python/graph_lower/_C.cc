// graph_lower._C: the lowering pipeline (lowering/pipeline.h) for Python. Graphs are the
// torch._C.Graph objects of torch.jit.script/trace; example inputs are converted with libtorch's
// own toIValue against each graph input's type.
#include <ATen/core/dispatch/Dispatcher.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <torch/csrc/jit/api/compilation_unit.h>
#include <torch/csrc/jit/python/pybind_utils.h>
#include <torch/jit.h>

#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "decomps/registry.h"
#include "ir/op_key.h"
#include "lowering/opset.h"
#include "lowering/pipeline.h"
#include "lowering/report.h"

namespace py = pybind11;

namespace graph_lower {
namespace {

// lower_graph(graph, example_inputs=None, keep_ops="", verify=False, unroll_loops=False,
//             decompositions=[(overload, function, TorchScript source), ...])
//   -> (lowered copy of graph, report as a JSON string)
// Raises ValueError for bad input (InvalidArgument, FailedPrecondition) and RuntimeError for
// anything else a pass reported.
std::pair<std::shared_ptr<torch::jit::Graph>, std::string> LowerGraph(
    const std::shared_ptr<torch::jit::Graph>& graph, const std::optional<py::list>& example_inputs,
    const std::string& keep_ops, bool verify, bool unroll_loops,
    const std::vector<std::tuple<std::string, std::string, std::string>>& decompositions) {
  LoweringOptions options;
  // User decompositions (TorchScript source) come first, before the library and CIA kernels.
  std::unique_ptr<DecompositionRegistry> registry = DecompositionRegistry::CreateDefault();
  for (const auto& [op, function, source] : decompositions) {
    // Checked now, so that a decomposition that cannot be used is an error, not a silent fall
    // back to the library: it must compile, define `function`, and take the overload's
    // arguments. A source without a final newline is accepted.
    const std::string text = source.empty() || source.back() != '\n' ? source + "\n" : source;
    try {
      std::shared_ptr<torch::jit::CompilationUnit> cu = torch::jit::compile(text);
      torch::jit::Function* fn = cu->find_function(function);
      if (!fn) throw std::runtime_error("the source defines no function '" + function + "'");
      const size_t params = fn->getSchema().arguments().size();
      absl::StatusOr<OpKey> key = OpKey::Parse(op);
      auto handle =
          key.ok() ? c10::Dispatcher::singleton().findOp({key->name, key->overload}) : std::nullopt;
      if (handle && handle->schema().arguments().size() != params) {
        throw std::runtime_error(
            function + " takes " + std::to_string(params) + " parameters; " + op + " has " +
            std::to_string(handle->schema().arguments().size()) + " schema arguments");
      }
    } catch (const std::exception& e) {
      throw py::value_error("decompositions: " + op + ": " + e.what());
    }
    if (absl::Status s = registry->RegisterTorchScript(op, function, text); !s.ok()) {
      throw py::value_error("decompositions: " + op + ": " + std::string(s.message()));
    }
  }
  options.registry = registry.get();
  if (absl::Status s = options.opset.KeepList(keep_ops); !s.ok()) {
    throw py::value_error("keep_ops: " + std::string(s.message()));
  }
  if (example_inputs) {
    const auto inputs = graph->inputs();
    if (example_inputs->size() != inputs.size()) {
      throw py::value_error("example_inputs: the graph has " + std::to_string(inputs.size()) +
                            " inputs, " + std::to_string(example_inputs->size()) + " were given");
    }
    std::vector<c10::IValue> values;
    for (size_t i = 0; i < inputs.size(); ++i) {
      try {
        values.push_back(torch::jit::toIValue((*example_inputs)[i], inputs[i]->type()));
      } catch (const std::exception& e) {
        throw py::value_error("example_inputs[" + std::to_string(i) + "] does not fit input '" +
                              inputs[i]->debugName() + "' of type " + inputs[i]->type()->str() +
                              ": " + e.what());
      }
    }
    options.example_inputs = std::move(values);
  }
  options.verify = verify;
  options.unroll_loops = unroll_loops;
  std::shared_ptr<torch::jit::Graph> copy = graph->copy();
  absl::StatusOr<LoweringReport> report;
  {
    py::gil_scoped_release release;
    report = LowerToCoreAten(copy, options);
  }
  if (!report.ok()) {
    const std::string message(report.status().message());
    if (absl::IsInvalidArgument(report.status()) || absl::IsFailedPrecondition(report.status())) {
      throw py::value_error(message);
    }
    throw std::runtime_error(message);
  }
  return {copy, report->ToJson().dump()};
}

}  // namespace
}  // namespace graph_lower

PYBIND11_MODULE(_C, m) {
  m.doc() = "graph-lower's C++ lowering pipeline (lowering/pipeline.h).";
  m.def(
      "lower_graph", &graph_lower::LowerGraph, py::arg("graph"),
      py::arg("example_inputs") = py::none(), py::arg("keep_ops") = "", py::arg("verify") = false,
      py::arg("unroll_loops") = false,
      py::arg("decompositions") = std::vector<std::tuple<std::string, std::string, std::string>>{},
      "Lowers a copy of a torch._C.Graph to core ATen; returns (graph, report JSON).");
}
