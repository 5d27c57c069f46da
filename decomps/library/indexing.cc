// Decompositions of indexing ops into core ATen (index_put, where, reshape). Follow torch/_refs
// (put: index the flattened tensor, negative indices wrap).
#include "decomps/library/library.h"

namespace graph_lower {

std::vector<TorchScriptDecomposition> IndexingDecompositions() {
  return {
      // put: self viewed as 1-D (row-major order), index_put at `index` (negative counts from the
      // end) with the flattened source; accumulate adds, repeated indices included.
      {"aten::put", "put", R"TS(
def put(self: Tensor, index: Tensor, source: Tensor, accumulate: bool = False) -> Tensor:
    flat = torch.reshape(self, [-1])
    idx = torch.reshape(index, [-1])
    n = flat.size(0)
    idx = torch.where(torch.lt(idx, 0), torch.add(idx, n), idx)
    indices: List[Optional[Tensor]] = [idx]
    out = torch.index_put(flat, indices, torch.reshape(source, [-1]), accumulate)
    return torch.reshape(out, self.size())
)TS"},
  };
}

}  // namespace graph_lower
