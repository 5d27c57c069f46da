// DecompositionRegistry: the one table from operator overload to decomposition, consulted in a
// fixed priority: user-registered, the project's library, CIA kernels, shape-generic forms.
#ifndef GRAPH_LOWER_DECOMPS_REGISTRY_H_
#define GRAPH_LOWER_DECOMPS_REGISTRY_H_

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "decomps/source.h"
#include "decomps/torchscript_source.h"

namespace graph_lower {

// A C++ decomposition: builds the graph for one node (see DecompositionSource::Decompose).
using DecompositionFn = std::function<absl::StatusOr<DecompositionGraph>(const torch::jit::Node&)>;

class DecompositionRegistry {
 public:
  // Priority 1 "user" (empty until Register*), 2 "library" (decomps/library), 3 "cia",
  // 4 "generic" (decomps/library/shape_generic: for nodes whose shapes are not all known).
  static std::unique_ptr<DecompositionRegistry> CreateDefault();
  // Only the user source; tests add fake sources with AddSource.
  static std::unique_ptr<DecompositionRegistry> CreateEmpty();

  // User decompositions take priority over everything else. InvalidArgument when `op` names no
  // registered overload or already has a user decomposition.
  absl::Status Register(absl::string_view op, DecompositionFn fn);
  absl::Status RegisterTorchScript(absl::string_view op, std::string function, std::string source);

  // Appends a source at the lowest priority.
  void AddSource(std::unique_ptr<DecompositionSource> source);
  // Adds a source right after the user source, before the library and CIA kernels (the Python
  // API's decomposition table).
  void AddSourceAfterUser(std::unique_ptr<DecompositionSource> source);

  struct Lookup {
    DecompositionGraph graph;          // null when no source could decompose the node
    std::string source;                // the source that did
    bool specialized = false;          // whether the graph is specialised to the node's metadata
    std::vector<std::string> reasons;  // "<source>: <why not>", for every source tried before
    bool fault = false;                // some source failed with a real error (not "cannot")
    // Wall time in each source tried (its lookup, build or trace), in priority order.
    std::vector<std::pair<std::string, double>> source_ms;
  };
  // Tries every source in priority order.
  Lookup Find(const torch::jit::Node& node);

  std::vector<std::string> source_names() const;

 private:
  class UserSource;
  DecompositionRegistry();
  UserSource* user_;  // owned by sources_[0]
  std::vector<std::unique_ptr<DecompositionSource>> sources_;
};

}  // namespace graph_lower

#endif  // GRAPH_LOWER_DECOMPS_REGISTRY_H_
