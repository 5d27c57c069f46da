// Decompositions of reductions into core ATen (amax, sum, exp, log). Follow torch/_refs
// (logsumexp: subtract the max for stability, guarding infinite maxima).
#include "decomps/library/library.h"

namespace graph_lower {

std::vector<TorchScriptDecomposition> ReductionDecompositions() {
  return {
      {"aten::logsumexp", "logsumexp", R"TS(
def logsumexp(self: Tensor, dim: List[int], keepdim: bool = False) -> Tensor:
    m = torch.amax(self, dim, True)
    m = torch.where(torch.isinf(m), torch.full_like(m, 0.0), m)
    out = torch.log(torch.sum(torch.exp(self - m), dim, True)) + m
    if not keepdim:
        out = torch.squeeze(out, dim)
    return out
)TS"},
  };
}

}  // namespace graph_lower
