// Helpers the archive load and save sources share. Not for use outside ir/.
#ifndef GRAPH_LOWER_IR_GRAPH_IO_INTERNAL_H_
#define GRAPH_LOWER_IR_GRAPH_IO_INTERNAL_H_

#include <torch/csrc/jit/ir/ir.h>

#include <memory>
#include <string>

#include "absl/status/status.h"

namespace graph_lower {

// "layers.0.weight" -> "layers_0_weight": an attribute name for the saved module.
std::string AttributeName(const std::string& path);

// A graph with one call per distinct call form of `graph`, at any depth: each non-prim node whose
// overload and printed arguments (constants and list, tuple and cast literals copied; any other
// argument a graph input of its type without shapes) no earlier node has. It returns every
// call's results as one tuple.
std::shared_ptr<torch::jit::Graph> CallFormProbe(const torch::jit::Graph& graph);

// Saves CallFormProbe(graph) as an archive in memory and loads it back as torch.jit.load would
// (torch/csrc/jit/frontend/schema_matching.cpp resolves each printed call to the first overload
// that matches). Internal error, naming `path`, if a tensor op would come back as another
// overload (the message lists the counts that changed) or the probe does not load.
absl::Status CheckCallsLoadBack(const torch::jit::Graph& graph, const std::string& path);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_IR_GRAPH_IO_INTERNAL_H_
