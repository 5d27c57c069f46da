// Decompositions of FFTs as products with DFT matrices, and complex-number helpers into core ATen.
#include "decomps/library/library.h"

namespace graph_lower {

std::vector<TorchScriptDecomposition> FftDecompositions() { return {}; }

}  // namespace graph_lower
