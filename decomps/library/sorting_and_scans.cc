// Decompositions of sorting, selection, scans, searching, histograms, scatter/gather reductions and
// data-dependent shapes into core ATen.
#include "decomps/library/library.h"

namespace graph_lower {

std::vector<TorchScriptDecomposition> SortingAndScanDecompositions() { return {}; }

}  // namespace graph_lower
