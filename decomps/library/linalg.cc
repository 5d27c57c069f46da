// Decompositions of linear algebra: factorisations, solves, inverses, determinants, eigen/singular
// value decompositions into core ATen.
#include "decomps/library/library.h"

namespace graph_lower {

std::vector<TorchScriptDecomposition> LinalgDecompositions() { return {}; }

}  // namespace graph_lower
