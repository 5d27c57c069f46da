// Decompositions of torch.nn.functional ops: pooling, unpooling, upsampling, padding, shuffles,
// losses, normalisation variants into core ATen.
#include "decomps/library/library.h"

namespace graph_lower {

std::vector<TorchScriptDecomposition> NnFunctionalDecompositions() { return {}; }

}  // namespace graph_lower
