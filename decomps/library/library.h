// The project's own decompositions, written in TorchScript, one file per op family.
#ifndef GRAPH_LOWER_DECOMPS_LIBRARY_LIBRARY_H_
#define GRAPH_LOWER_DECOMPS_LIBRARY_LIBRARY_H_

#include <vector>

#include "decomps/torchscript_source.h"

namespace graph_lower {

// Each family lists decompositions for ops that are not core ATen and have no
// CompositeImplicitAutograd kernel to trace (t, transpose.int, split.Tensor, silu, ...), or whose
// kernel is not traceable in shape-generic form. Formulas follow torch/_refs and torch/_decomp
// (PyTorch 2.6); each file cites what it follows. Only core ATen ops, or ops that themselves
// decompose, are called.
std::vector<TorchScriptDecomposition> ViewAndShapeDecompositions();    // views_and_shapes.cc
std::vector<TorchScriptDecomposition> PointwiseDecompositions();       // pointwise.cc
std::vector<TorchScriptDecomposition> AttentionDecompositions();       // attention.cc
std::vector<TorchScriptDecomposition> NnDecompositions();              // nn.cc
std::vector<TorchScriptDecomposition> ReductionDecompositions();       // reductions.cc
std::vector<TorchScriptDecomposition> IndexingDecompositions();        // indexing.cc
std::vector<TorchScriptDecomposition> RandomDecompositions();          // random.cc
std::vector<TorchScriptDecomposition> RecurrentDecompositions();       // rnn.cc
std::vector<TorchScriptDecomposition> SpecialDecompositions();         // special.cc
std::vector<TorchScriptDecomposition> LinalgDecompositions();          // linalg.cc
std::vector<TorchScriptDecomposition> FftDecompositions();             // fft.cc
std::vector<TorchScriptDecomposition> NnFunctionalDecompositions();    // nn_functional.cc
std::vector<TorchScriptDecomposition> SortingAndScanDecompositions();  // sorting_and_scans.cc
std::vector<TorchScriptDecomposition> BlasAndFactoryDecompositions();  // blas_and_factories.cc

// C++ forms of library entries for nodes of known shapes (see StaticShapeDecomposition),
// defined in views_and_shapes.cc: reshape, t, transpose.int, flatten.using_ints.
absl::StatusOr<DecompositionGraph> ReshapeOnStaticShapes(const torch::jit::Node& node);
absl::StatusOr<DecompositionGraph> TOnStaticShapes(const torch::jit::Node& node);
absl::StatusOr<DecompositionGraph> TransposeOnStaticShapes(const torch::jit::Node& node);
absl::StatusOr<DecompositionGraph> FlattenOnStaticShapes(const torch::jit::Node& node);

// All of the above, less the entries for overloads the running libtorch no longer registers
// (ir/torch_version.h).
std::vector<TorchScriptDecomposition> LibraryDecompositions();

}  // namespace graph_lower

#endif  // GRAPH_LOWER_DECOMPS_LIBRARY_LIBRARY_H_
