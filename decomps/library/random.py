"""Decompositions of random ops into the core ATen random ops (rand, randn, native_dropout).
randint_like draws from rand too. Follow torch/_refs (rand_like, randn_like, bernoulli) and
torch/_decomp/decompositions.py (uniform). The results have the same distribution as the
kernels', not the same numbers: the draws are made by other ops, in another order, from the
default generator (an explicit torch.Generator argument is not threaded through). See
docs/semantics.md.
"""


def rand_like(self: Tensor, dtype: Optional[int] = None,
        layout: Optional[int] = None, device: Optional[Device] = None,
        pin_memory: Optional[bool] = None, memory_format: Optional[int] = None) -> Tensor:
    return _draw_like(self, False, dtype, layout, device, pin_memory)


def randn_like(self: Tensor, dtype: Optional[int] = None,
        layout: Optional[int] = None, device: Optional[Device] = None,
        pin_memory: Optional[bool] = None, memory_format: Optional[int] = None) -> Tensor:
    return _draw_like(self, True, dtype, layout, device, pin_memory)


# rand (randn when normal) of x's size, in x's dtype and on its device unless given.
def _draw_like(self: Tensor, normal: bool, dtype: Optional[int], layout: Optional[int],
               device: Optional[Device], pin_memory: Optional[bool]) -> Tensor:
    dtype, device = _dtype_device(self, dtype, device)
    if normal:
        return torch.randn(self.size(), dtype=dtype, layout=layout, device=device,
                           pin_memory=pin_memory)
    return torch.rand(self.size(), dtype=dtype, layout=layout, device=device,
                      pin_memory=pin_memory)


# randint_like(x, low, high): floor of a double uniform draw scaled to [low, high), in x's dtype
# unless dtype is given (exact for ranges below 2**53); low is 0 without it.
def randint_like_low_dtype(self: Tensor, low: int, high: int, dtype: Optional[int] = None,
                 layout: Optional[int] = None, device: Optional[Device] = None,
                 pin_memory: Optional[bool] = None, memory_format: Optional[int] = None) -> Tensor:
    dtype, device = _dtype_device(self, dtype, device)
    u = torch.rand(self.size(), dtype=torch.float64, device=device)
    return torch._to_copy(torch.floor(u * float(high - low) + float(low)), dtype=dtype)


def randint_like(self: Tensor, high: int, dtype: Optional[int] = None,
                 layout: Optional[int] = None, device: Optional[Device] = None,
                 pin_memory: Optional[bool] = None, memory_format: Optional[int] = None) -> Tensor:
    return randint_like_low_dtype(self, 0, high, dtype, layout, device, pin_memory,
                                  memory_format)


# bernoulli(p): 1 where a uniform draw in [0, 1) is below p, in p's dtype.
def bernoulli(self: Tensor, generator: Optional[Generator] = None) -> Tensor:
    u = torch.rand(self.size(), dtype=self.dtype, device=self.device)
    return torch._to_copy(torch.lt(u, self), dtype=self.dtype)


def bernoulli_p(self: Tensor, p: float = 0.5, generator: Optional[Generator] = None) -> Tensor:
    u = torch.rand(self.size(), dtype=self.dtype, device=self.device)
    return torch._to_copy(torch.lt(u, p), dtype=self.dtype)


# uniform(x, a, b): the functional twin of x.uniform_(a, b); a + (b - a) * U[0, 1).
def uniform(self: Tensor, from_: float = 0.0, to: float = 1.0,
            generator: Optional[Generator] = None) -> Tensor:
    u = torch.rand(self.size(), dtype=self.dtype, device=self.device)
    return u * (to - from_) + from_


# normal(mean, std): mean + std * N(0, 1) draws (torch/_refs normal).
def normal(mean: float, std: float, size: List[int], generator: Optional[Generator] = None,
           dtype: Optional[int] = None, layout: Optional[int] = None,
           device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    return torch.add(torch.mul(torch.randn(size, dtype=dtype, layout=layout, device=device,
                                           pin_memory=pin_memory), std), mean)


def normal_Tensor_float(mean: Tensor, std: float = 1.0,
                        generator: Optional[Generator] = None) -> Tensor:
    return torch.add(torch.mul(torch.randn(mean.size(), dtype=mean.dtype, device=mean.device),
                               std), mean)


def normal_float_Tensor(mean: float, std: Tensor, generator: Optional[Generator] = None) -> Tensor:
    return torch.add(torch.mul(torch.randn(std.size(), dtype=std.dtype, device=std.device), std),
                     mean)


def normal_Tensor_Tensor(mean: Tensor, std: Tensor,
                         generator: Optional[Generator] = None) -> Tensor:
    shape = torch.add(mean, std)
    return torch.add(torch.mul(torch.randn(shape.size(), dtype=shape.dtype, device=shape.device),
                               std), mean)


# normal_functional: the functional twin of x.normal_(mean, std).
def normal_functional(self: Tensor, mean: float = 0.0, std: float = 1.0,
                      generator: Optional[Generator] = None) -> Tensor:
    return torch.add(torch.mul(torch.randn(self.size(), dtype=self.dtype, device=self.device),
                               std), mean)


# cauchy(x, median, sigma): median + sigma * tan(pi * (U - 0.5)) of a uniform U in [0, 1) in x's
# dtype (aten/src/ATen/core/TransformationHelper.h `cauchy`, inverse CDF).
def cauchy(self: Tensor, median: float = 0.0, sigma: float = 1.0,
           generator: Optional[Generator] = None) -> Tensor:
    u = torch.rand(self.size(), dtype=self.dtype, device=self.device)
    return torch.add(torch.mul(torch.tan(torch.mul(torch.sub(u, 0.5), 3.141592653589793)), sigma),
                     median)


# exponential(x, lambd): -1/lambd * log(1 - U) (TransformationHelper.h `exponential`, CPU branch),
# i.e. mean 1/lambd; log(1 - U) as log1p(-U).
def exponential(self: Tensor, lambd: float = 1.0, generator: Optional[Generator] = None) -> Tensor:
    u = torch.rand(self.size(), dtype=self.dtype, device=self.device)
    return torch.mul(torch.log1p(torch.neg(u)), -1.0 / lambd)


# geometric(x, p): ceil(log(V) / log(1 - p)) of a uniform V in (0, 1] (taken as 1 - U), values 1, 2,
# ... with mean 1/p (TransformationHelper.h `geometric`); drawn in float64 and cast to x's dtype
# (integer dtypes too); the 2**-53-likely V = 1 is clamped to 1.
def geometric(self: Tensor, p: float, generator: Optional[Generator] = None) -> Tensor:
    u = torch.rand(self.size(), dtype=torch.float64, device=self.device)
    k = torch.ceil(torch.div(torch.log1p(torch.neg(u)),
                             torch.log1p(torch.neg(torch.scalar_tensor(p, dtype=torch.float64)))))
    return torch._to_copy(torch.clamp(k, 1.0), dtype=self.dtype)


# log_normal(x, mean, std): exp(mean + std * N(0, 1)) (TransformationHelper.h `log_normal` applied
# to the `normal` transform), in x's dtype.
def log_normal(self: Tensor, mean: float = 1.0, std: float = 2.0,
               generator: Optional[Generator] = None) -> Tensor:
    z = torch.randn(self.size(), dtype=self.dtype, device=self.device)
    return torch.exp(torch.add(torch.mul(z, std), mean))


# multinomial(p, n, replacement) -> int64 indices along p's last dim, as the CPU kernel
# (aten/src/ATen/native/Distributions.cpp multinomial): without replacement (or n == 1), the
# exponential race / Gumbel-top-k: the n largest p / q with q ~ Exp(1) (q = -log(1 - U)); with
# replacement, inverse CDF (cpu/MultinomialKernel.cpp): the CDF is cumsum(p) / sum(p) (float64), and
# a draw U in [0, 1) picks the number of CDF entries <= U, so categories of zero probability are
# never picked.
def multinomial(self: Tensor, num_samples: int, replacement: bool = False,
                generator: Optional[Generator] = None) -> Tensor:
    n_cat = self.size(-1)
    if (not replacement) or num_samples == 1:
        u = torch.rand(self.size(), dtype=torch.float64, device=self.device)
        q = torch.neg(torch.log1p(torch.neg(u)))
        keys = torch.div(torch._to_copy(self, dtype=torch.float64), q)
        vals, idx = torch.topk(keys, num_samples, -1)
        return idx
    p = torch._to_copy(self, dtype=torch.float64)
    cdf = torch.cumsum(p, -1)
    total = torch.slice(cdf, -1, n_cat - 1, n_cat)
    cdf = torch.div(cdf, total)
    shape: List[int] = []
    for i in range(self.dim() - 1):
        shape.append(self.size(i))
    shape.append(num_samples)
    u = torch.rand(shape, dtype=torch.float64, device=self.device)
    hits = torch.le(torch.unsqueeze(cdf, -2), torch.unsqueeze(u, -1))
    idx = torch.sum(hits, [-1], False, dtype=torch.int64)
    return torch.clamp(idx, 0, n_cat - 1)


# randint(high, size) / randint(low, high, size): floor(low + (high - low) * U) of a float64 uniform
# U in [0, 1), exact for ranges below 2**53 (the kernel, uniform_int_from_to in
# TransformationHelper.h, takes a 64-bit draw modulo the range: the same uniform law); int64 unless
# dtype is given.
def randint(high: int, size: List[int], dtype: Optional[int] = torch.int64,
            layout: Optional[int] = None, device: Optional[Device] = None,
            pin_memory: Optional[bool] = None) -> Tensor:
    if dtype is None:
        dtype = torch.int64
    u = torch.rand(size, dtype=torch.float64, layout=layout, device=device, pin_memory=pin_memory)
    return torch._to_copy(torch.floor(torch.mul(u, float(high))), dtype=dtype)


def randint_low(low: int, high: int, size: List[int], dtype: Optional[int] = torch.int64,
            layout: Optional[int] = None, device: Optional[Device] = None,
            pin_memory: Optional[bool] = None) -> Tensor:
    if dtype is None:
        dtype = torch.int64
    u = torch.rand(size, dtype=torch.float64, layout=layout, device=device, pin_memory=pin_memory)
    return torch._to_copy(torch.add(torch.floor(torch.mul(u, float(high - low))), float(low)),
                          dtype=dtype)


def randint_generator(high: int, size: List[int], generator: Optional[Generator],
                      dtype: Optional[int] = torch.int64, layout: Optional[int] = None,
                      device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    if dtype is None:
        dtype = torch.int64
    u = torch.rand(size, dtype=torch.float64, layout=layout, device=device, pin_memory=pin_memory)
    return torch._to_copy(torch.floor(torch.mul(u, float(high))), dtype=dtype)


def randint_low_generator(low: int, high: int, size: List[int], generator: Optional[Generator],
            dtype: Optional[int] = torch.int64, layout: Optional[int] = None,
            device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    if dtype is None:
        dtype = torch.int64
    u = torch.rand(size, dtype=torch.float64, layout=layout, device=device, pin_memory=pin_memory)
    return torch._to_copy(torch.add(torch.floor(torch.mul(u, float(high - low))), float(low)),
                          dtype=dtype)


DECOMPOSITIONS = {
    "aten::rand_like": rand_like,
    "aten::randn_like": randn_like,
    "aten::randint_like.low_dtype": randint_like_low_dtype,
    "aten::randint_like": randint_like,
    "aten::bernoulli": bernoulli,
    "aten::bernoulli.p": bernoulli_p,
    "aten::uniform": uniform,
    "aten::normal.float_float": normal,
    "aten::normal.Tensor_float": normal_Tensor_float,
    "aten::normal.float_Tensor": normal_float_Tensor,
    "aten::normal.Tensor_Tensor": normal_Tensor_Tensor,
    "aten::normal_functional": normal_functional,
    "aten::cauchy": cauchy,
    "aten::exponential": exponential,
    "aten::geometric": geometric,
    "aten::log_normal": log_normal,
    "aten::multinomial": multinomial,
    "aten::randint": randint,
    "aten::randint.low": randint_low,
    "aten::randint.generator": randint_generator,
    "aten::randint.low_generator": randint_low_generator,
}
