// Decompositions of random ops into the core ATen random ops (rand, randn, native_dropout).
// Follow torch/_refs (rand_like, randn_like, bernoulli) and torch/_decomp/decompositions.py
// (uniform). The results have the same distribution as the kernels', not the same numbers: the
// draws are made by other ops, in another order, from the default generator (an explicit
// torch.Generator argument is not threaded through). See docs/semantics.md.
#include "decomps/library/library.h"

namespace graph_lower {

std::vector<TorchScriptDecomposition> RandomDecompositions() {
  return {
      {"aten::rand_like", "rand_like", R"TS(
def rand_like(self: Tensor, dtype: Optional[int] = None, layout: Optional[int] = None,
              device: Optional[Device] = None, pin_memory: Optional[bool] = None,
              memory_format: Optional[int] = None) -> Tensor:
    if dtype is None:
        dtype = self.dtype
    if device is None:
        device = self.device
    return torch.rand(self.size(), dtype=dtype, layout=layout, device=device,
                      pin_memory=pin_memory)
)TS"},
      {"aten::randn_like", "randn_like", R"TS(
def randn_like(self: Tensor, dtype: Optional[int] = None, layout: Optional[int] = None,
               device: Optional[Device] = None, pin_memory: Optional[bool] = None,
               memory_format: Optional[int] = None) -> Tensor:
    if dtype is None:
        dtype = self.dtype
    if device is None:
        device = self.device
    return torch.randn(self.size(), dtype=dtype, layout=layout, device=device,
                       pin_memory=pin_memory)
)TS"},
      // bernoulli(p): 1 where a uniform draw in [0, 1) is below p, in p's dtype.
      {"aten::bernoulli", "bernoulli", R"TS(
def bernoulli(self: Tensor, generator: Optional[Generator] = None) -> Tensor:
    u = torch.rand(self.size(), dtype=self.dtype, device=self.device)
    return torch._to_copy(torch.lt(u, self), dtype=self.dtype)
)TS"},
      {"aten::bernoulli.p", "bernoulli_p", R"TS(
def bernoulli_p(self: Tensor, p: float = 0.5, generator: Optional[Generator] = None) -> Tensor:
    u = torch.rand(self.size(), dtype=self.dtype, device=self.device)
    return torch._to_copy(torch.lt(u, p), dtype=self.dtype)
)TS"},
      // uniform(x, a, b): the functional twin of x.uniform_(a, b); a + (b - a) * U[0, 1).
      {"aten::uniform", "uniform", R"TS(
def uniform(self: Tensor, from_: float = 0.0, to: float = 1.0,
            generator: Optional[Generator] = None) -> Tensor:
    u = torch.rand(self.size(), dtype=self.dtype, device=self.device)
    return u * (to - from_) + from_
)TS"},
  };
}

}  // namespace graph_lower
