// The project's own decompositions, written in TorchScript, one file per op family.
#ifndef GRAPH_LOWER_DECOMPS_LIBRARY_LIBRARY_H_
#define GRAPH_LOWER_DECOMPS_LIBRARY_LIBRARY_H_

#include <vector>

#include "decomps/torchscript_source.h"

namespace graph_lower {

// One decomposition of the library as the build embeds it: decomps/library/**/*.py are
// TorchScript files, each family's ending in a table DECOMPOSITIONS = {overload: function};
// tools/embed_library.py (a genrule in decomps/BUILD) writes, per overload, its function and
// every function it calls (the helpers of decomps/library/prelude/ among them). The ops are
// not core ATen and have no CompositeImplicitAutograd kernel to trace (t, transpose.int,
// split.Tensor, silu, ...), or one that is not traceable in shape-generic form. Formulas follow
// torch/_refs and torch/_decomp (PyTorch 2.6); each file cites what it follows. Only core ATen
// ops, or ops that themselves decompose, are called. The index of overloads is
// docs/decompositions.md.
struct EmbeddedDecomposition {
  const char* op;        // the overload, e.g. "aten::xlogy.Tensor"
  const char* function;  // the function of `source` that decomposes it
  const char* file;      // the library file defining it, e.g. "decomps/library/special/gamma.py"
  const char* source;    // TorchScript; enum names not yet resolved (LibraryDecompositions)
};

// Generated: every entry of the library files, sorted by overload.
std::vector<EmbeddedDecomposition> EmbeddedLibrary();

// C++ forms of library entries for nodes of known shapes (see StaticShapeDecomposition),
// defined in static_shapes.cc: reshape, t, transpose.int, flatten.using_ints.
absl::StatusOr<DecompositionGraph> ReshapeOnStaticShapes(const torch::jit::Node& node);
absl::StatusOr<DecompositionGraph> TOnStaticShapes(const torch::jit::Node& node);
absl::StatusOr<DecompositionGraph> TransposeOnStaticShapes(const torch::jit::Node& node);
absl::StatusOr<DecompositionGraph> FlattenOnStaticShapes(const torch::jit::Node& node);

// The embedded library with the C++ forms attached and the names of dtypes (torch.float32),
// memory formats, layouts and reductions (Reduction.MEAN) resolved to the running libtorch's
// values (library.cc), less the entries for overloads the running
// libtorch no longer registers (ir/torch_version.h), and less the shape-generic family below.
std::vector<TorchScriptDecomposition> LibraryDecompositions();

// The files of decomps/library/shape_generic/, loaded as LibraryDecompositions: shape-generic
// forms of CompositeImplicitAutograd ops (linear, matmul, softmax, layer_norm,
// scaled_dot_product_attention, ...) for nodes whose shapes are not all known (dynamic dims,
// data-dependent sizes, no example inputs), where the CIA kernel cannot be traced. The registry
// tries them after the CIA kernels (source "generic"), so lowerings with known shapes keep the
// traced kernels.
std::vector<TorchScriptDecomposition> ShapeGenericDecompositions();

}  // namespace graph_lower

#endif  // GRAPH_LOWER_DECOMPS_LIBRARY_LIBRARY_H_
