"""Decompositions of reductions and norms into core ATen (amax, sum, exp, log, var, mean). Follow
torch/_refs (logsumexp: subtract the max for stability, guarding infinite maxima;
linalg.vector_norm) and torch/_decomp/decompositions.py (var_mean).
"""


# sort(x, stable=, dim, descending): the core overload sort.default, whose CPU kernel sorts stably
# whatever `stable` says (aten/src/ATen/native/cpu/SortingKernel.cpp sorts with std::stable_sort
# semantics), so equal values keep their order as stable=True asks.
def sort_stable(self: Tensor, stable: Optional[bool], dim: int = -1,
                descending: bool = False) -> Tuple[Tensor, Tensor]:
    return torch.sort(self, dim, descending)


def logsumexp(self: Tensor, dim: List[int], keepdim: bool = False) -> Tensor:
    if not torch.is_floating_point(self):
        # Integer and bool inputs give the default float dtype (ReduceOps.cpp logsumexp).
        self = torch._to_copy(self, dtype=torch.float32)
    if self.numel() == 0:
        # amax refuses a zero-size dim; logsumexp_out_impl (ReduceOps.cpp) then sums exp
        # instead, giving log(0) = -inf (try-to-break-it pass: the lowered graph failed).
        return torch.log(torch.sum(torch.exp(self), dim, keepdim))
    m = torch.amax(self, dim, True)
    m = torch.where(torch.isinf(m), torch.full_like(m, 0.0), m)
    out = torch.log(torch.sum(torch.exp(self - m), dim, True)) + m
    if not keepdim:
        out = torch.squeeze(out, dim)
    return out


# sum(x) = sum over every dim (sum.dim_IntList with an empty dim list reduces all dims).
def sum(self: Tensor, dtype: Optional[int] = None) -> Tensor:
    return torch.sum(self, [], False, dtype=dtype)


# max(x) and min(x) reduce every dim: amax/amin over an empty dim list (torch/_refs).
def max(self: Tensor) -> Tensor:
    return torch.amax(self, [], False)


# aminmax(x, dim, keepdim) = (amin, amax) over dim, or over every dim when dim is None (torch/_refs
# aminmax).
def aminmax(self: Tensor, dim: Optional[int] = None,
            keepdim: bool = False) -> Tuple[Tensor, Tensor]:
    dims: List[int] = []
    if dim is not None:
        dims = [dim]
    return (torch.amin(self, dims, keepdim), torch.amax(self, dims, keepdim))


def var_mean(self: Tensor, dim: Optional[List[int]] = None, correction: Optional[number] = None,
             keepdim: bool = False) -> Tuple[Tensor, Tensor]:
    return (torch.var(self, dim, correction=correction, keepdim=keepdim),
            torch.mean(self, dim, keepdim))


# torch/_refs/linalg vector_norm: inf -> amax |x|, -inf -> amin |x|, 0 -> count of non-zeros, 1 ->
# sum |x|, 2 -> sqrt(sum |x|^2), p -> (sum |x|^p)^(1/p); no dim = all dims.
def linalg_vector_norm(self: Tensor, ord: number = 2, dim: Optional[List[int]] = None,
                       keepdim: bool = False, dtype: Optional[int] = None) -> Tensor:
    x = self
    if dtype is not None:
        x = torch._to_copy(x, dtype=dtype)
    dims: List[int] = []
    if dim is not None:
        dims = dim
    p = float(ord)
    a = torch.abs(x)
    if p == float("inf"):
        return torch.amax(a, dims, keepdim)
    if p == float("-inf"):
        return torch.amin(a, dims, keepdim)
    # Sums in _opmath, as torch/_refs (reduction_dtypes) and the kernel's accumulation.
    d = a.dtype
    a = _opmath(a)
    if p == 0.0:
        return _cast_to(torch.sum(torch._to_copy(torch.ne(x, 0), dtype=a.dtype), dims, keepdim), d)
    if p == 1.0:
        return _cast_to(torch.sum(a, dims, keepdim), d)
    if p == 2.0:
        return _cast_to(torch.sqrt(torch.sum(a * a, dims, keepdim)), d)
    return _cast_to(torch.pow(torch.sum(torch.pow(a, p), dims, keepdim), 1.0 / p), d)


# std = sqrt(var) with the same correction (torch/_refs std, std_mean).
def std(self: Tensor, dim: Optional[List[int]] = None, correction: Optional[number] = None,
        keepdim: bool = False) -> Tensor:
    return torch.sqrt(torch.var(self, dim, correction=correction, keepdim=keepdim))


def std_mean(self: Tensor, dim: Optional[List[int]] = None, correction: Optional[number] = None,
             keepdim: bool = False) -> Tuple[Tensor, Tensor]:
    return (torch.sqrt(torch.var(self, dim, correction=correction, keepdim=keepdim)),
            torch.mean(self, dim, keepdim))


# cov(x, correction, fweights, aweights): aten/src/ATen/native/Correlation.cpp. x is (variables,
# observations), a 1-D x one variable; w = fweights * aweights; avg = sum(x w) / sum(w); the
# normalisation sum(w) - correction (sum(w) - correction sum(w aweights) / sum(w) with aweights),
# 0 when it is not positive (eager warns); cov = (x - avg) (x w - avg w)^T / norm, squeezed. The
# kernel's checks of the weights' values (negative, zero sum) are not made: they would be branches
# on the data.
def cov(self: Tensor, correction: int = 1, fweights: Optional[Tensor] = None,
        aweights: Optional[Tensor] = None) -> Tensor:
    x = self
    if self.dim() < 2:
        x = torch.reshape(self, [1, -1])
    n = x.size(1)
    weighted = fweights is not None or aweights is not None
    w = torch.full([n], 1, dtype=torch.int64, device=self.device)
    if fweights is not None:
        w = fweights
    if aweights is not None:
        if fweights is not None:
            w = torch.mul(w, aweights)
        else:
            w = aweights
    if weighted:
        w_sum = torch.sum(w)
        avg = torch.div(torch.sum(torch.mul(x, w), [1]), w_sum)
    else:
        w_sum = torch.scalar_tensor(n, dtype=torch.int64, device=self.device)
        avg = torch.div(torch.sum(x, [1]), w_sum)
    if weighted and aweights is not None and correction != 0:
        norm = torch.sub(w_sum, torch.div(torch.mul(torch.sum(torch.mul(w, aweights)),
                                                    correction), w_sum))
    else:
        norm = torch.sub(w_sum, correction)
    norm = torch.where(torch.le(norm, 0), torch.zeros_like(norm), norm)
    centered = torch.sub(x, torch.unsqueeze(avg, 1))
    right = centered
    if weighted:
        right = torch.mul(centered, w)
    c = torch.mm(centered, torch.t(right))
    return torch.squeeze(torch.div(c, norm))


DECOMPOSITIONS = {
    "aten::cov": cov,
    "aten::sort.stable": sort_stable,
    "aten::logsumexp": logsumexp,
    "aten::sum": sum,
    "aten::max": max,
    "aten::min": min,
    "aten::aminmax": aminmax,
    "aten::var_mean.correction": var_mean,
    "aten::linalg_vector_norm": linalg_vector_norm,
    "aten::std.correction": std,
    "aten::std_mean.correction": std_mean,
}
