// Decompositions written as TorchScript functions, compiled lazily (once per op) by libtorch's
// TorchScript frontend: the project's own library, and decompositions users give at run time.
#ifndef GRAPH_LOWER_DECOMPS_TORCHSCRIPT_SOURCE_H_
#define GRAPH_LOWER_DECOMPS_TORCHSCRIPT_SOURCE_H_

#include <torch/csrc/jit/api/compilation_unit.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "decomps/source.h"

namespace graph_lower {

// The same decomposition built in C++ for one node whose input types and constant arguments it
// can read (complete tensor types, constant lists): what the TorchScript would fold to under
// shape specialisation, without compiling, specialising and unrolling its loops, which cost a
// large part of a lowering (docs/benchmarks.md). FailedPrecondition when the node lacks what it
// needs: the TorchScript is used.
using StaticShapeDecomposition =
    std::function<absl::StatusOr<DecompositionGraph>(const torch::jit::Node&)>;

// One decomposition in TorchScript: `source` defines a function `function` whose parameters are
// the operator's schema arguments, in order (names free), and which returns its result (a tuple
// for several outputs). Helper functions may be defined in the same source; calls are inlined.
struct TorchScriptDecomposition {
  std::string op;        // the overload, e.g. "aten::t" or "aten::transpose.int"
  std::string function;  // the function to use
  std::string source;    // TorchScript source text
  // Optional: tried first; its graph must compute what the TorchScript computes on that node.
  StaticShapeDecomposition on_static_shapes = nullptr;
};

// Decompositions by overload, from TorchScript source. Shape-generic: graphs are compiled from
// source, not traced, so one graph serves every shape and dtype.
class TorchScriptSource : public DecompositionSource {
 public:
  explicit TorchScriptSource(std::string name) : name_(std::move(name)) {}

  // Adds a decomposition; InvalidArgument when `op` is malformed or names no registered operator
  // overload, or when the op already has one here. Compilation happens on first use.
  absl::Status Add(TorchScriptDecomposition decomposition);

  bool Has(const OpKey& op) const { return entries_.contains(op); }
  std::vector<OpKey> ops() const;

  absl::string_view name() const override { return name_; }
  absl::StatusOr<DecompositionGraph> Decompose(const torch::jit::Node& node) override;
  bool specialized() const override { return false; }

  // Compiles the decomposition of `op` now (tests and the library's self-check use it): the
  // function's graph with calls inlined and tuple results flattened into separate outputs.
  absl::StatusOr<DecompositionGraph> Compile(const OpKey& op);

 private:
  struct Entry {
    TorchScriptDecomposition decomposition;
    DecompositionGraph graph;  // compiled on first use
    std::string error;         // compilation error, kept so it is reported, not retried
  };
  std::string name_;
  absl::flat_hash_map<OpKey, Entry> entries_;
};

}  // namespace graph_lower

#endif  // GRAPH_LOWER_DECOMPS_TORCHSCRIPT_SOURCE_H_
