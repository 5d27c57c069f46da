// DecompositionSource: one place decompositions come from (user, the project's library, CIA).
#ifndef GRAPH_LOWER_DECOMPS_SOURCE_H_
#define GRAPH_LOWER_DECOMPS_SOURCE_H_

#include <torch/csrc/jit/ir/ir.h>

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/op_key.h"

namespace graph_lower {

// A decomposition of one node: a graph with exactly the node's inputs (same order, same types or
// more general ones) and exactly its outputs. Inside, any ops; the driver lowers them further.
using DecompositionGraph = std::shared_ptr<torch::jit::Graph>;

class DecompositionSource {
 public:
  virtual ~DecompositionSource() = default;

  // "user", "library", "cia": the name reports use.
  virtual absl::string_view name() const = 0;

  // The decomposition of `node`. A source that cannot decompose this node returns NotFound (it
  // has nothing for the op) or FailedPrecondition (it needs something the node lacks, e.g. input
  // shapes); the message is the reason, kept in the report, and the next source is tried. Any
  // other error is a fault of the source (e.g. its TorchScript does not compile) and is reported
  // too. Never throws.
  virtual absl::StatusOr<DecompositionGraph> Decompose(const torch::jit::Node& node) = 0;

  // True when results are specialised to the node's input shapes and dtypes (CIA tracing).
  virtual bool specialized() const = 0;
};

// Checks that `graph` fits `node` (input and output counts); InvalidArgument naming `source` and
// the op otherwise. Every source's result passes through this.
absl::Status CheckDecompositionFits(const torch::jit::Node& node, const torch::jit::Graph& graph,
                                    absl::string_view source);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_DECOMPS_SOURCE_H_
