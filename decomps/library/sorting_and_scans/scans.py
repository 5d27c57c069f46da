"""Cumulative scans: cumprod, cummax, cummin, logcumsumexp. Sources and conventions: common.py of
this folder.
"""


def _cpu_scan_acc_dtype(dt: int) -> int:
    if dt == torch.float32:
        return torch.float64
    if dt == torch.float16 or dt == torch.bfloat16:
        return torch.float32
    if dt == torch.complex64:
        return torch.complex128
    if dt == torch.complex32:
        return torch.complex64
    return dt


# cumprod: the sequential running product along dim (same multiplication order as ATen's cpu cumprod
# kernel), the prefixes concatenated along dim; integer and bool inputs accumulate in int64
# (torch/_refs cumprod promotion). Like that kernel (aten/src/ATen/native/cpu/ReduceOpsKernel.cpp,
# cumprod_cpu_kernel), the running product is kept in at::acc_type<scalar_t, /*is_cuda=*/false>
# (ATen/AccumulateType.h): float64 for float32, float32 for float16 and bfloat16, complex128 for
# complex64, each prefix rounded to the result dtype; so the numbers are eager's, also where a
# float32 running product would overflow (found by the try-to-break-it pass: [-1e38, 3.5, -2.5,
# ...]).
def cumprod(self: Tensor, dim: int, dtype: Optional[int] = None) -> Tensor:
    x = self
    if dtype is not None:
        x = torch._to_copy(x, dtype=dtype)
    elif not torch.is_floating_point(x) and not torch.is_complex(x):
        x = torch._to_copy(x, dtype=torch.int64)
    return _acc_scan(x, dim, False)


# logcumsumexp: sequential log-add-exp scan, max(a,b) + log1p(exp(min - max)) (the stable form of
# ATen's _log_add_exp_helper, ReduceOps.cpp), equal infinities kept. The running value is kept in
# the cpu kernel's accumulate type, as for cumprod above (logcumsumexp_cpu_kernel,
# aten/src/ATen/native/cpu/ReduceOpsKernel.cpp).
def logcumsumexp(self: Tensor, dim: int) -> Tensor:
    return _acc_scan(self, dim, True)


# The running product (log-add-exp when logadd) of x along dim, in the cpu kernel's accumulate type.
def _acc_scan(x: Tensor, dim: int, logadd: bool) -> Tensor:
    if x.dim() == 0 or x.size(_wrap_dim(dim, x)) == 0:
        return torch.clone(x)
    d = _wrap_dim(dim, x)
    n = x.size(d)
    dt = x.dtype
    acc_dt = _cpu_scan_acc_dtype(dt)
    if acc_dt != dt:
        x = torch._to_copy(x, dtype=acc_dt)
    acc = torch.select(x, d, 0)
    parts: List[Tensor] = [torch.unsqueeze(acc, d)]
    for i in range(1, n):
        b = torch.select(x, d, i)
        if logadd:
            mx = torch.maximum(acc, b)
            mn = torch.minimum(acc, b)
            r = torch.add(mx, torch.log1p(torch.exp(torch.sub(mn, mx))))
            acc = torch.where(torch.logical_and(torch.isinf(mx), torch.eq(mn, mx)), mx, r)
        else:
            acc = torch.mul(acc, b)
        parts.append(torch.unsqueeze(acc, d))
    out = torch.cat(parts, d)
    if acc_dt != dt:
        out = torch._to_copy(out, dtype=dt)
    return out


# cummax/cummin: sequential scan like ATen's cummax_cummin_helper (ReduceOps.cpp): the running value
# is replaced when x is NaN or (running value is not NaN and x >= it (cummax) / x <= it (cummin)),
# and the index follows the replacement.
def _cum_extreme(self: Tensor, dim: int, is_max: bool) -> Tuple[Tensor, Tensor]:
    if self.dim() == 0 or self.size(_wrap_dim(dim, self)) == 0:
        return _scalar_pair(self)
    d = _wrap_dim(dim, self)
    n = self.size(d)
    acc = torch.select(self, d, 0)
    accI = torch.full_like(acc, 0, dtype=torch.int64)
    vals: List[Tensor] = [torch.unsqueeze(acc, d)]
    idxs: List[Tensor] = [torch.unsqueeze(accI, d)]
    for i in range(1, n):
        b = torch.select(self, d, i)
        if is_max:
            better = torch.ge(b, acc)
        else:
            better = torch.le(b, acc)
        take = torch.logical_or(torch.isnan(b), torch.logical_and(
            torch.logical_not(torch.isnan(acc)), better))
        acc = torch.where(take, b, acc)
        accI = torch.where(take, torch.full_like(accI, i), accI)
        vals.append(torch.unsqueeze(acc, d))
        idxs.append(torch.unsqueeze(accI, d))
    return (torch.cat(vals, d), torch.cat(idxs, d))


def cummax(self: Tensor, dim: int) -> Tuple[Tensor, Tensor]:
    return _cum_extreme(self, dim, True)


def cummin(self: Tensor, dim: int) -> Tuple[Tensor, Tensor]:
    return _cum_extreme(self, dim, False)


DECOMPOSITIONS = {
    "aten::cumprod": cumprod,
    "aten::logcumsumexp": logcumsumexp,
    "aten::cummax": cummax,
    "aten::cummin": cummin,
}
