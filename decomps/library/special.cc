// Decompositions of special functions (gamma family, Bessel, error functions, zeta, orthogonal
// polynomials) into core ATen.
#include "decomps/library/library.h"

namespace graph_lower {

std::vector<TorchScriptDecomposition> SpecialDecompositions() { return {}; }

}  // namespace graph_lower
