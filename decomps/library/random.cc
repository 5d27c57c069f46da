// Decompositions of random ops into the core ATen random ops (rand, randn, native_dropout).
// randint_like draws from rand too.
// Follow torch/_refs (rand_like, randn_like, bernoulli) and torch/_decomp/decompositions.py
// (uniform). The results have the same distribution as the kernels', not the same numbers: the
// draws are made by other ops, in another order, from the default generator (an explicit
// torch.Generator argument is not threaded through). See docs/semantics.md.
#include <string>

#include "absl/strings/str_cat.h"
#include "decomps/library/library.h"

namespace graph_lower {

namespace {

// `name(self, dtype, layout, device, pin_memory, memory_format)` as `torch.factory(self.size(),
// ...)` with self's dtype and device by default (rand_like -> rand, randn_like -> randn).
std::string LikeFactory(const std::string& name, const std::string& factory) {
  return absl::StrCat("\ndef ", name, R"TS((self: Tensor, dtype: Optional[int] = None,
        layout: Optional[int] = None, device: Optional[Device] = None,
        pin_memory: Optional[bool] = None, memory_format: Optional[int] = None) -> Tensor:
    if dtype is None:
        dtype = self.dtype
    if device is None:
        device = self.device
    return torch.)TS",
                      factory, R"TS((self.size(), dtype=dtype, layout=layout, device=device,
                         pin_memory=pin_memory)
)TS");
}

}  // namespace

std::vector<TorchScriptDecomposition> RandomDecompositions() {
  return {
      {"aten::rand_like", "rand_like", LikeFactory("rand_like", "rand")},
      {"aten::randn_like", "randn_like", LikeFactory("randn_like", "randn")},
      // randint_like(x, low, high): floor of a double uniform draw scaled to [low, high), in x's
      // dtype unless dtype is given (exact for ranges below 2**53).
      {"aten::randint_like.low_dtype", "randint_like", R"TS(
def randint_like(self: Tensor, low: int, high: int, dtype: Optional[int] = None,
                 layout: Optional[int] = None, device: Optional[Device] = None,
                 pin_memory: Optional[bool] = None, memory_format: Optional[int] = None) -> Tensor:
    if dtype is None:
        dtype = self.dtype
    if device is None:
        device = self.device
    u = torch.rand(self.size(), dtype=7, device=device)
    return torch._to_copy(torch.floor(u * float(high - low) + float(low)), dtype=dtype)
)TS"},
      {"aten::randint_like", "randint_like", R"TS(
def randint_like(self: Tensor, high: int, dtype: Optional[int] = None,
                 layout: Optional[int] = None, device: Optional[Device] = None,
                 pin_memory: Optional[bool] = None, memory_format: Optional[int] = None) -> Tensor:
    if dtype is None:
        dtype = self.dtype
    if device is None:
        device = self.device
    u = torch.rand(self.size(), dtype=7, device=device)
    return torch._to_copy(torch.floor(u * float(high)), dtype=dtype)
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
