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
      // cauchy(x, median, sigma): median + sigma * tan(pi * (U - 0.5)) of a uniform U in [0, 1)
      // in x's dtype (aten/src/ATen/core/TransformationHelper.h `cauchy`, inverse CDF).
      {"aten::cauchy", "cauchy", R"TS(
def cauchy(self: Tensor, median: float = 0.0, sigma: float = 1.0,
           generator: Optional[Generator] = None) -> Tensor:
    u = torch.rand(self.size(), dtype=self.dtype, device=self.device)
    return torch.add(torch.mul(torch.tan(torch.mul(torch.sub(u, 0.5), 3.141592653589793)), sigma),
                     median)
)TS"},
      // exponential(x, lambd): -1/lambd * log(1 - U) (TransformationHelper.h `exponential`, CPU
      // branch), i.e. mean 1/lambd; log(1 - U) as log1p(-U).
      {"aten::exponential", "exponential", R"TS(
def exponential(self: Tensor, lambd: float = 1.0, generator: Optional[Generator] = None) -> Tensor:
    u = torch.rand(self.size(), dtype=self.dtype, device=self.device)
    return torch.mul(torch.log1p(torch.neg(u)), -1.0 / lambd)
)TS"},
      // geometric(x, p): ceil(log(V) / log(1 - p)) of a uniform V in (0, 1] (taken as 1 - U),
      // values 1, 2, ... with mean 1/p (TransformationHelper.h `geometric`); drawn in float64 and
      // cast to x's dtype (integer dtypes too); the 2**-53-likely V = 1 is clamped to 1.
      {"aten::geometric", "geometric", R"TS(
def geometric(self: Tensor, p: float, generator: Optional[Generator] = None) -> Tensor:
    u = torch.rand(self.size(), dtype=7, device=self.device)
    k = torch.ceil(torch.div(torch.log1p(torch.neg(u)), torch.log1p(torch.neg(torch.scalar_tensor(p, dtype=7)))))
    return torch._to_copy(torch.clamp(k, 1.0), dtype=self.dtype)
)TS"},
      // log_normal(x, mean, std): exp(mean + std * N(0, 1)) (TransformationHelper.h `log_normal`
      // applied to the `normal` transform), in x's dtype.
      {"aten::log_normal", "log_normal", R"TS(
def log_normal(self: Tensor, mean: float = 1.0, std: float = 2.0,
               generator: Optional[Generator] = None) -> Tensor:
    z = torch.randn(self.size(), dtype=self.dtype, device=self.device)
    return torch.exp(torch.add(torch.mul(z, std), mean))
)TS"},
      // multinomial(p, n, replacement) -> int64 indices along p's last dim, as the CPU kernel
      // (aten/src/ATen/native/Distributions.cpp multinomial): without replacement (or n == 1), the
      // exponential race / Gumbel-top-k: the n largest p / q with q ~ Exp(1) (q = -log(1 - U));
      // with replacement, inverse CDF (cpu/MultinomialKernel.cpp): the CDF is cumsum(p) / sum(p)
      // (float64), and a draw U in [0, 1) picks the number of CDF entries <= U, so categories of
      // zero probability are never picked.
      {"aten::multinomial", "multinomial", R"TS(
def multinomial(self: Tensor, num_samples: int, replacement: bool = False,
                generator: Optional[Generator] = None) -> Tensor:
    n_cat = self.size(-1)
    if (not replacement) or num_samples == 1:
        u = torch.rand(self.size(), dtype=7, device=self.device)
        q = torch.neg(torch.log1p(torch.neg(u)))
        keys = torch.div(torch._to_copy(self, dtype=7), q)
        vals, idx = torch.topk(keys, num_samples, -1)
        return idx
    p = torch._to_copy(self, dtype=7)
    cdf = torch.cumsum(p, -1)
    total = torch.slice(cdf, -1, n_cat - 1, n_cat)
    cdf = torch.div(cdf, total)
    shape: List[int] = []
    for i in range(self.dim() - 1):
        shape.append(self.size(i))
    shape.append(num_samples)
    u = torch.rand(shape, dtype=7, device=self.device)
    hits = torch.le(torch.unsqueeze(cdf, -2), torch.unsqueeze(u, -1))
    idx = torch.sum(hits, [-1], False, dtype=4)
    return torch.clamp(idx, 0, n_cat - 1)
)TS"},
      // randint(high, size) / randint(low, high, size): floor(low + (high - low) * U) of a float64
      // uniform U in [0, 1), exact for ranges below 2**53 (the kernel, uniform_int_from_to in
      // TransformationHelper.h, takes a 64-bit draw modulo the range: the same uniform law);
      // int64 unless dtype is given.
      {"aten::randint", "randint", R"TS(
def randint(high: int, size: List[int], dtype: Optional[int] = 4, layout: Optional[int] = None,
            device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    if dtype is None:
        dtype = 4
    u = torch.rand(size, dtype=7, layout=layout, device=device, pin_memory=pin_memory)
    return torch._to_copy(torch.floor(torch.mul(u, float(high))), dtype=dtype)
)TS"},
      {"aten::randint.low", "randint", R"TS(
def randint(low: int, high: int, size: List[int], dtype: Optional[int] = 4,
            layout: Optional[int] = None, device: Optional[Device] = None,
            pin_memory: Optional[bool] = None) -> Tensor:
    if dtype is None:
        dtype = 4
    u = torch.rand(size, dtype=7, layout=layout, device=device, pin_memory=pin_memory)
    return torch._to_copy(torch.add(torch.floor(torch.mul(u, float(high - low))), float(low)),
                          dtype=dtype)
)TS"},
      {"aten::randint.generator", "randint", R"TS(
def randint(high: int, size: List[int], generator: Optional[Generator], dtype: Optional[int] = 4,
            layout: Optional[int] = None, device: Optional[Device] = None,
            pin_memory: Optional[bool] = None) -> Tensor:
    if dtype is None:
        dtype = 4
    u = torch.rand(size, dtype=7, layout=layout, device=device, pin_memory=pin_memory)
    return torch._to_copy(torch.floor(torch.mul(u, float(high))), dtype=dtype)
)TS"},
      {"aten::randint.low_generator", "randint", R"TS(
def randint(low: int, high: int, size: List[int], generator: Optional[Generator],
            dtype: Optional[int] = 4, layout: Optional[int] = None,
            device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    if dtype is None:
        dtype = 4
    u = torch.rand(size, dtype=7, layout=layout, device=device, pin_memory=pin_memory)
    return torch._to_copy(torch.add(torch.floor(torch.mul(u, float(high - low))), float(low)),
                          dtype=dtype)
)TS"},
  };
}

}  // namespace graph_lower
