// Collects the library's op families.
#include "decomps/library/library.h"

#include "ir/torch_version.h"

namespace graph_lower {

std::vector<TorchScriptDecomposition> LibraryDecompositions() {
  std::vector<TorchScriptDecomposition> all;
  for (auto family :
       {ViewAndShapeDecompositions, PointwiseDecompositions, AttentionDecompositions,
        NnDecompositions, ReductionDecompositions, IndexingDecompositions, RandomDecompositions,
        RecurrentDecompositions, SpecialDecompositions, LinalgDecompositions, FftDecompositions,
        NnFunctionalDecompositions, SortingAndScanDecompositions, BlasAndFactoryDecompositions}) {
    for (TorchScriptDecomposition& d : family()) {
      if (!IsOverloadRemovedFromRunningTorch(d.op)) all.push_back(std::move(d));
    }
  }
  return all;
}

}  // namespace graph_lower
