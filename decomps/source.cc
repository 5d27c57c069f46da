// Checks shared by every decomposition source.
#include "decomps/source.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace graph_lower {

absl::Status CheckDecompositionFits(const torch::jit::Node& node, const torch::jit::Graph& graph,
                                    absl::string_view source) {
  const std::string op = OpKey::Of(node).ToString();
  if (graph.inputs().size() != node.inputs().size()) {
    return absl::InvalidArgumentError(absl::StrCat(source, " decomposition of ", op, " takes ",
                                                   graph.inputs().size(), " inputs; the node has ",
                                                   node.inputs().size()));
  }
  if (graph.outputs().size() != node.outputs().size()) {
    return absl::InvalidArgumentError(absl::StrCat(source, " decomposition of ", op, " returns ",
                                                   graph.outputs().size(), " values; the node has ",
                                                   node.outputs().size()));
  }
  return absl::OkStatus();
}

}  // namespace graph_lower
