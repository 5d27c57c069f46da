// Decompositions of BLAS-like products, triangular/diagonal matrices, norms, factories and *_copy
// view copies into core ATen.
#include "decomps/library/library.h"

namespace graph_lower {

std::vector<TorchScriptDecomposition> BlasAndFactoryDecompositions() { return {}; }

}  // namespace graph_lower
