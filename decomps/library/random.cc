// Decompositions of random ops into the core ATen random ops (rand, randn, native_dropout).
// randint_like draws from rand too.
// Follow torch/_refs (rand_like, randn_like, bernoulli) and torch/_decomp/decompositions.py
// (uniform). The results have the same distribution as the kernels', not the same numbers: the
// draws are made by other ops, in another order, from the default generator (an explicit
// torch.Generator argument is not threaded through). See docs/semantics.md.
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
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

// randint_like(self, PARAMS, ...) drawing in [LOW, high).
std::string RandintLike(const std::string& params, const std::string& low) {
  return absl::StrReplaceAll(R"TS(
def randint_like(self: Tensor, PARAMS, dtype: Optional[int] = None,
                 layout: Optional[int] = None, device: Optional[Device] = None,
                 pin_memory: Optional[bool] = None, memory_format: Optional[int] = None) -> Tensor:
    if dtype is None:
        dtype = self.dtype
    if device is None:
        device = self.device
    u = torch.rand(self.size(), dtype=7, device=device)
    return torch._to_copy(torch.floor(u * float(high - LOW) + float(LOW)), dtype=dtype)
)TS",
                             {{"PARAMS", params}, {"LOW", low}});
}

}  // namespace

std::vector<TorchScriptDecomposition> RandomDecompositions() {
  return {
      {"aten::rand_like", "rand_like", LikeFactory("rand_like", "rand")},
      {"aten::randn_like", "randn_like", LikeFactory("randn_like", "randn")},
      // randint_like(x, low, high): floor of a double uniform draw scaled to [low, high), in x's
      // dtype unless dtype is given (exact for ranges below 2**53); low is 0 without it.
      {"aten::randint_like.low_dtype", "randint_like", RandintLike("low: int, high: int", "low")},
      {"aten::randint_like", "randint_like", RandintLike("high: int", "0")},
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
      // normal(mean, std): mean + std * N(0, 1) draws (torch/_refs normal).
      {"aten::normal.float_float", "normal", R"TS(
def normal(mean: float, std: float, size: List[int], generator: Optional[Generator] = None,
           dtype: Optional[int] = None, layout: Optional[int] = None,
           device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    return torch.add(torch.mul(torch.randn(size, dtype=dtype, layout=layout, device=device,
                                           pin_memory=pin_memory), std), mean)
)TS"},
      {"aten::normal.Tensor_float", "normal", R"TS(
def normal(mean: Tensor, std: float = 1.0, generator: Optional[Generator] = None) -> Tensor:
    return torch.add(torch.mul(torch.randn(mean.size(), dtype=mean.dtype, device=mean.device),
                               std), mean)
)TS"},
      {"aten::normal.float_Tensor", "normal", R"TS(
def normal(mean: float, std: Tensor, generator: Optional[Generator] = None) -> Tensor:
    return torch.add(torch.mul(torch.randn(std.size(), dtype=std.dtype, device=std.device), std),
                     mean)
)TS"},
      {"aten::normal.Tensor_Tensor", "normal", R"TS(
def normal(mean: Tensor, std: Tensor, generator: Optional[Generator] = None) -> Tensor:
    shape = torch.add(mean, std)
    return torch.add(torch.mul(torch.randn(shape.size(), dtype=shape.dtype, device=shape.device),
                               std), mean)
)TS"},
      // normal_functional: the functional twin of x.normal_(mean, std).
      {"aten::normal_functional", "normal_functional", R"TS(
def normal_functional(self: Tensor, mean: float = 0.0, std: float = 1.0,
                      generator: Optional[Generator] = None) -> Tensor:
    return torch.add(torch.mul(torch.randn(self.size(), dtype=self.dtype, device=self.device),
                               std), mean)
)TS"},
  };
}

}  // namespace graph_lower
