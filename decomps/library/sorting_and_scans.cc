// Decompositions of sorting, selection, scans, searching, histograms, scatter/gather reductions and
// data-dependent shapes into core ATen.
#include "absl/strings/str_cat.h"
#include "decomps/library/library.h"

namespace graph_lower {

namespace {

// at::acc_type<scalar_t, /*is_cuda=*/false> (ATen/AccumulateType.h) for the dtypes whose cpu
// scan kernels widen the running value: float32 (6) -> float64 (7), float16 (5) and bfloat16
// (15) -> float32, complex32 (8) -> complex64 (9), complex64 (9) -> complex128 (10); any other
// dtype accumulates in itself. Prepended to the sources that call it; each source compiles as
// its own compilation unit and the call is inlined (decomps/torchscript_source.cc).
constexpr char kCpuScanAccDtype[] = R"TS(
def _cpu_scan_acc_dtype(dt: int) -> int:
    if dt == 6:
        return 7
    if dt == 5 or dt == 15:
        return 6
    if dt == 9:
        return 10
    if dt == 8:
        return 9
    return dt
)TS";

}  // namespace

std::vector<TorchScriptDecomposition> SortingAndScanDecompositions() {
  return {
      // all(x) = not any(not x) (torch/_refs all); uint8 inputs give uint8 like eager.
      {"aten::all", "all", R"TS(
def all(self: Tensor) -> Tensor:
    out = torch.logical_not(torch.any(torch.logical_not(self)))
    if self.dtype == 0:
        out = torch._to_copy(out, dtype=0)
    return out
)TS"},
      {"aten::all.dim", "all_dim", R"TS(
def all_dim(self: Tensor, dim: int, keepdim: bool = False) -> Tensor:
    out = torch.logical_not(torch.any(torch.logical_not(self), dim, keepdim))
    if self.dtype == 0:
        out = torch._to_copy(out, dtype=0)
    return out
)TS"},
      {"aten::all.dims", "all_dims", R"TS(
def all_dims(self: Tensor, dim: Optional[List[int]] = None, keepdim: bool = False) -> Tensor:
    out = torch.logical_not(torch.any(torch.logical_not(self), dim, keepdim))
    if self.dtype == 0:
        out = torch._to_copy(out, dtype=0)
    return out
)TS"},
      {"aten::count_nonzero.dim_IntList", "count_nonzero", R"TS(
def count_nonzero(self: Tensor, dim: List[int]) -> Tensor:
    return torch.sum(torch.ne(self, 0), dim, False, dtype=4)
)TS"},
      {"aten::scatter.value_reduce", "scatter_value_reduce", R"TS(
def scatter_value_reduce(self: Tensor, dim: int, index: Tensor, value: number,
                         reduce: str) -> Tensor:
    r = "sum"
    if reduce == "multiply":
        r = "prod"
    src = torch.full_like(index, value, dtype=self.dtype)
    return torch.scatter_reduce(self, dim, index, src, r, include_self=True)
)TS"},
      // count_nonzero(x, dim) = sum(x != 0) over dim (all dims if None), int64 (torch/_refs).
      {"aten::count_nonzero", "count_nonzero", R"TS(
def count_nonzero(self: Tensor, dim: Optional[int] = None) -> Tensor:
    dims: List[int] = []
    if dim is not None:
        dims = [dim]
    return torch.sum(torch.ne(self, 0), dims, False, dtype=4)
)TS"},
      // nansum: sum with NaNs replaced by 0 (torch/_refs nansum); integer inputs sum to int64.
      {"aten::nansum", "nansum", R"TS(
def nansum(self: Tensor, dim: Optional[List[int]] = None, keepdim: bool = False,
           dtype: Optional[int] = None) -> Tensor:
    x = torch.where(torch.isnan(self), torch.full_like(self, 0), self)
    dims: List[int] = []
    if dim is not None:
        dims = dim
    return torch.sum(x, dims, keepdim, dtype=dtype)
)TS"},
      // cumprod: the sequential running product along dim (same multiplication order as
      // ATen's cpu cumprod kernel), the prefixes concatenated along dim; integer and bool inputs
      // accumulate in int64 (torch/_refs cumprod promotion). Like that kernel
      // (aten/src/ATen/native/cpu/ReduceOpsKernel.cpp, cumprod_cpu_kernel), the running product
      // is kept in at::acc_type<scalar_t, /*is_cuda=*/false> (ATen/AccumulateType.h): float64
      // for float32, float32 for float16 and bfloat16, complex128 for complex64, each prefix
      // rounded to the result dtype; so the numbers are eager's, also where a float32 running
      // product would overflow (found by the try-to-break-it pass: [-1e38, 3.5, -2.5, ...]).
      {"aten::cumprod", "cumprod", absl::StrCat(kCpuScanAccDtype, R"TS(
def cumprod(self: Tensor, dim: int, dtype: Optional[int] = None) -> Tensor:
    x = self
    if dtype is not None:
        x = torch._to_copy(x, dtype=dtype)
    elif not torch.is_floating_point(x) and not torch.is_complex(x):
        x = torch._to_copy(x, dtype=4)
    if x.dim() == 0:
        return torch.clone(x)
    d = dim
    if d < 0:
        d = d + x.dim()
    n = x.size(d)
    if n == 0:
        return torch.clone(x)
    dt = x.dtype
    acc_dt = _cpu_scan_acc_dtype(dt)
    if acc_dt != dt:
        x = torch._to_copy(x, dtype=acc_dt)
    acc = torch.select(x, d, 0)
    parts: List[Tensor] = [torch.unsqueeze(acc, d)]
    for i in range(1, n):
        acc = torch.mul(acc, torch.select(x, d, i))
        parts.append(torch.unsqueeze(acc, d))
    out = torch.cat(parts, d)
    if acc_dt != dt:
        out = torch._to_copy(out, dtype=dt)
    return out
)TS")},
      // logcumsumexp: sequential log-add-exp scan, max(a,b) + log1p(exp(min - max)) (the
      // stable form of ATen's _log_add_exp_helper, ReduceOps.cpp), equal infinities kept. The
      // running value is kept in the cpu kernel's accumulate type, as for cumprod above
      // (logcumsumexp_cpu_kernel, aten/src/ATen/native/cpu/ReduceOpsKernel.cpp).
      {"aten::logcumsumexp", "logcumsumexp", absl::StrCat(kCpuScanAccDtype, R"TS(
def logcumsumexp(self: Tensor, dim: int) -> Tensor:
    if self.dim() == 0:
        return torch.clone(self)
    d = dim
    if d < 0:
        d = d + self.dim()
    n = self.size(d)
    if n == 0:
        return torch.clone(self)
    x = self
    dt = x.dtype
    acc_dt = _cpu_scan_acc_dtype(dt)
    if acc_dt != dt:
        x = torch._to_copy(x, dtype=acc_dt)
    acc = torch.select(x, d, 0)
    parts: List[Tensor] = [torch.unsqueeze(acc, d)]
    for i in range(1, n):
        b = torch.select(x, d, i)
        mx = torch.maximum(acc, b)
        mn = torch.minimum(acc, b)
        r = torch.add(mx, torch.log1p(torch.exp(torch.sub(mn, mx))))
        acc = torch.where(torch.logical_and(torch.isinf(mx), torch.eq(mn, mx)), mx, r)
        parts.append(torch.unsqueeze(acc, d))
    out = torch.cat(parts, d)
    if acc_dt != dt:
        out = torch._to_copy(out, dtype=dt)
    return out
)TS")},
      // cummax/cummin: sequential scan like ATen's cummax_cummin_helper (ReduceOps.cpp): the
      // running value is replaced when x is NaN or (running value is not NaN and x >= it
      // (cummax) / x <= it (cummin)), and the index follows the replacement.
      {"aten::cummax", "cummax", R"TS(
def cummax(self: Tensor, dim: int) -> Tuple[Tensor, Tensor]:
    if self.dim() == 0:
        return (torch.clone(self), torch.full_like(self, 0, dtype=4))
    d = dim
    if d < 0:
        d = d + self.dim()
    n = self.size(d)
    if n == 0:
        return (torch.clone(self), torch.full_like(self, 0, dtype=4))
    acc = torch.select(self, d, 0)
    accI = torch.full_like(acc, 0, dtype=4)
    vals: List[Tensor] = [torch.unsqueeze(acc, d)]
    idxs: List[Tensor] = [torch.unsqueeze(accI, d)]
    for i in range(1, n):
        b = torch.select(self, d, i)
        take = torch.logical_or(torch.isnan(b), torch.logical_and(
            torch.logical_not(torch.isnan(acc)), torch.ge(b, acc)))
        acc = torch.where(take, b, acc)
        accI = torch.where(take, torch.full_like(accI, i), accI)
        vals.append(torch.unsqueeze(acc, d))
        idxs.append(torch.unsqueeze(accI, d))
    return (torch.cat(vals, d), torch.cat(idxs, d))
)TS"},
      {"aten::cummin", "cummin", R"TS(
def cummin(self: Tensor, dim: int) -> Tuple[Tensor, Tensor]:
    if self.dim() == 0:
        return (torch.clone(self), torch.full_like(self, 0, dtype=4))
    d = dim
    if d < 0:
        d = d + self.dim()
    n = self.size(d)
    if n == 0:
        return (torch.clone(self), torch.full_like(self, 0, dtype=4))
    acc = torch.select(self, d, 0)
    accI = torch.full_like(acc, 0, dtype=4)
    vals: List[Tensor] = [torch.unsqueeze(acc, d)]
    idxs: List[Tensor] = [torch.unsqueeze(accI, d)]
    for i in range(1, n):
        b = torch.select(self, d, i)
        take = torch.logical_or(torch.isnan(b), torch.logical_and(
            torch.logical_not(torch.isnan(acc)), torch.le(b, acc)))
        acc = torch.where(take, b, acc)
        accI = torch.where(take, torch.full_like(accI, i), accI)
        vals.append(torch.unsqueeze(acc, d))
        idxs.append(torch.unsqueeze(accI, d))
    return (torch.cat(vals, d), torch.cat(idxs, d))
)TS"},
      // index_reduce / index_add / index_copy along dim with a 1-D index: the index is viewed
      // along dim and expanded to source's shape, then scatter_reduce.two / scatter_add /
      // scatter.src (torch/_decomp/decompositions.py index_add/index_copy do the same with
      // index_put on a transposed view).
      {"aten::index_reduce", "index_reduce", R"TS(
def _expand_index(index: Tensor, dim: int, source: Tensor) -> Tensor:
    n = source.dim()
    if n == 0:
        return torch.reshape(index, [])
    d = dim
    if d < 0:
        d = d + n
    shape: List[int] = []
    for i in range(n):
        if i == d:
            shape.append(-1)
        else:
            shape.append(1)
    return torch.expand(torch.reshape(index, shape), source.size())

def index_reduce(self: Tensor, dim: int, index: Tensor, source: Tensor, reduce: str,
                 include_self: bool = True) -> Tensor:
    return torch.scatter_reduce(self, dim, _expand_index(index, dim, source), source, reduce,
                                include_self=include_self)
)TS"},
      {"aten::index_add", "index_add", R"TS(
def _expand_index(index: Tensor, dim: int, source: Tensor) -> Tensor:
    n = source.dim()
    if n == 0:
        return torch.reshape(index, [])
    d = dim
    if d < 0:
        d = d + n
    shape: List[int] = []
    for i in range(n):
        if i == d:
            shape.append(-1)
        else:
            shape.append(1)
    return torch.expand(torch.reshape(index, shape), source.size())

def index_add(self: Tensor, dim: int, index: Tensor, source: Tensor, alpha: number = 1) -> Tensor:
    src = source
    if alpha != 1:
        src = torch.mul(source, alpha)
    return torch.scatter_add(self, dim, _expand_index(index, dim, src), src)
)TS"},
      {"aten::index_copy", "index_copy", R"TS(
def _expand_index(index: Tensor, dim: int, source: Tensor) -> Tensor:
    n = source.dim()
    if n == 0:
        return torch.reshape(index, [])
    d = dim
    if d < 0:
        d = d + n
    shape: List[int] = []
    for i in range(n):
        if i == d:
            shape.append(-1)
        else:
            shape.append(1)
    return torch.expand(torch.reshape(index, shape), source.size())

def index_copy(self: Tensor, dim: int, index: Tensor, source: Tensor) -> Tensor:
    return torch.scatter(self, dim, _expand_index(index, dim, source), source)
)TS"},
      // take: index the row-major flattening of self (torch/_refs take).
      {"aten::take", "take", R"TS(
def take(self: Tensor, index: Tensor) -> Tensor:
    indices: List[Optional[Tensor]] = [index]
    return torch.index(torch.reshape(self, [-1]), indices)
)TS"},
      // scatter(reduce='add'|'multiply') = scatter_reduce.two with sum/prod, self included.
      {"aten::scatter.reduce", "scatter_reduce", R"TS(
def scatter_reduce(self: Tensor, dim: int, index: Tensor, src: Tensor, reduce: str) -> Tensor:
    r = "sum"
    if reduce == "multiply":
        r = "prod"
    return torch.scatter_reduce(self, dim, index, src, r, include_self=True)
)TS"},
      // searchsorted: the insertion point is the count of boundaries b with !(b >= v) (left) or
      // !(b > v) (right), the predicates of ATen's cus_lower_bound / cus_upper_bound
      // (native/Bucketization.cpp), NaNs sorted last included; a broadcast compare then sum.
      {"aten::searchsorted.Tensor", "searchsorted", R"TS(
def searchsorted(sorted_sequence: Tensor, self: Tensor, out_int32: bool = False,
                 right: bool = False, side: Optional[str] = None,
                 sorter: Optional[Tensor] = None) -> Tensor:
    seq = sorted_sequence
    if sorter is not None:
        seq = torch.gather(seq, -1, sorter)
    r = right
    if side is not None:
        r = side == "right"
    v = torch.unsqueeze(self, -1)
    if seq.dim() > 1:
        seq = torch.unsqueeze(seq, -2)
    if r:
        c = torch.logical_not(torch.gt(seq, v))
    else:
        c = torch.logical_not(torch.ge(seq, v))
    out = torch.sum(c, [-1], False, dtype=4)
    if out_int32:
        out = torch._to_copy(out, dtype=3)
    return out
)TS"},
      {"aten::bucketize.Tensor", "bucketize", R"TS(
def bucketize(self: Tensor, boundaries: Tensor, out_int32: bool = False,
              right: bool = False) -> Tensor:
    v = torch.unsqueeze(self, -1)
    if right:
        c = torch.logical_not(torch.gt(boundaries, v))
    else:
        c = torch.logical_not(torch.ge(boundaries, v))
    out = torch.sum(c, [-1], False, dtype=4)
    if out_int32:
        out = torch._to_copy(out, dtype=3)
    return out
)TS"},
      // isin: any(elements[..., None] == test_elements.flatten()) (the broadcast branch of
      // torch/_refs isin), inverted on request.
      {"aten::isin.Tensor_Tensor", "isin", R"TS(
def isin(elements: Tensor, test_elements: Tensor, assume_unique: bool = False,
         invert: bool = False) -> Tensor:
    t = torch.reshape(test_elements, [-1])
    out = torch.any(torch.eq(torch.unsqueeze(elements, -1), t), -1, False)
    if invert:
        out = torch.logical_not(out)
    return out
)TS"},
      // masked_select: broadcast self and mask, then a boolean index (value-dependent length;
      // index.Tensor with a bool index is core).
      {"aten::masked_select", "masked_select", R"TS(
def masked_select(self: Tensor, mask: Tensor) -> Tensor:
    ts = torch.broadcast_tensors([self, mask])
    # Flattened first: row-major order is masked_select's, and 0-d operands index as 1-D.
    indices: List[Optional[Tensor]] = [torch.reshape(ts[1], [-1])]
    return torch.index(torch.reshape(ts[0], [-1]), indices)
)TS"},
      // nonzero_static: nonzero padded with `size` rows of fill_value, then cut to `size` rows
      // (correct for any count of non-zeros).
      {"aten::nonzero_static", "nonzero_static", R"TS(
def nonzero_static(self: Tensor, size: int, fill_value: int = -1) -> Tensor:
    nz = torch.nonzero(self)
    pad = torch.full([size, self.dim()], fill_value, dtype=4, device=self.device)
    return torch.slice(torch.cat([nz, pad], 0), 0, 0, size)
)TS"},
      // unfold(x, d, size, step): a view of x's storage, dim d of size (n - size) // step + 1
      // with stride step * stride(d), and a last dim of the window, size `size`, stride
      // stride(d) (torch/_refs/__init__.py unfold, _get_unfold_shape_stride).
      {"aten::unfold", "unfold", R"TS(
def unfold(self: Tensor, dimension: int, size: int, step: int) -> Tensor:
    n = self.dim()
    if n == 0:
        return torch.as_strided(self, [size], [1])
    d = dimension
    if d < 0:
        d = d + n
    shape: List[int] = []
    strides: List[int] = []
    for i in range(n):
        if i == d:
            shape.append((self.size(i) - size) // step + 1)
            strides.append(self.stride(i) * step)
        else:
            shape.append(self.size(i))
            strides.append(self.stride(i))
    shape.append(size)
    strides.append(self.stride(d))
    return torch.as_strided(self, shape, strides)
)TS"},
      // kthvalue(x, k, dim): the element at position k-1 of x sorted along dim; its index is the
      // one a stable sort gives (eager's quickselect may return another index among ties).
      {"aten::kthvalue", "kthvalue", R"TS(
def _select_sorted(x: Tensor, d: int, pos: Tensor) -> Tuple[Tensor, Tensor]:
    # The element at sorted position `pos` (keepdim shape) along d, and its index as a stable
    # sort (NaN last) would give it: the r-th occurrence of the value in x, where r = pos -
    # count(x < value). Values come from torch.sort, which need not be stable.
    s = torch.sort(x, d, False)[0]
    v = torch.gather(s, d, pos)
    xn = torch.isnan(x)
    vn = torch.isnan(v)
    same = torch.logical_or(torch.eq(x, v), torch.logical_and(xn, vn))
    less = torch.logical_or(torch.lt(x, v), torch.logical_and(torch.logical_not(xn), vn))
    r = torch.sub(pos, torch.sum(less, [d], True, dtype=4))
    occ = torch.cumsum(same, d, dtype=4)
    hit = torch.logical_and(same, torch.eq(occ, torch.add(r, 1)))
    idx = torch.argmax(torch._to_copy(hit, dtype=4), d, True)
    return (v, idx)

def kthvalue(self: Tensor, k: int, dim: int = -1, keepdim: bool = False) -> Tuple[Tensor, Tensor]:
    if self.dim() == 0:
        return (torch.clone(self), torch.full_like(self, 0, dtype=4))
    d = dim
    if d < 0:
        d = d + self.dim()
    shape: List[int] = []
    for i in range(self.dim()):
        if i == d:
            shape.append(1)
        else:
            shape.append(self.size(i))
    pos = torch.full(shape, k - 1, dtype=4, device=self.device)
    r = _select_sorted(self, d, pos)
    v = r[0]
    i = r[1]
    if not keepdim:
        v = torch.squeeze(v, d)
        i = torch.squeeze(i, d)
    return (v, i)
)TS"},
      // median.dim: the lower median ((n-1)//2 of the sorted values) or, when the row has a NaN,
      // the first NaN; the index is the median's in the stable order, as in ATen's
      // median_with_indices_impl (native/Sorting.cpp: nth_element with an (value, index) order).
      // nanmedian.dim: the same over the m non-NaN values (position (m-1)//2, 0 if all NaN).
      {"aten::median.dim", "median_dim", R"TS(
def _select_sorted(x: Tensor, d: int, pos: Tensor) -> Tuple[Tensor, Tensor]:
    # The element at sorted position `pos` (keepdim shape) along d, and its index as a stable
    # sort (NaN last) would give it: the r-th occurrence of the value in x, where r = pos -
    # count(x < value). Values come from torch.sort, which need not be stable.
    s = torch.sort(x, d, False)[0]
    v = torch.gather(s, d, pos)
    xn = torch.isnan(x)
    vn = torch.isnan(v)
    same = torch.logical_or(torch.eq(x, v), torch.logical_and(xn, vn))
    less = torch.logical_or(torch.lt(x, v), torch.logical_and(torch.logical_not(xn), vn))
    r = torch.sub(pos, torch.sum(less, [d], True, dtype=4))
    occ = torch.cumsum(same, d, dtype=4)
    hit = torch.logical_and(same, torch.eq(occ, torch.add(r, 1)))
    idx = torch.argmax(torch._to_copy(hit, dtype=4), d, True)
    return (v, idx)

def median_dim(self: Tensor, dim: int, keepdim: bool = False) -> Tuple[Tensor, Tensor]:
    if self.dim() == 0:
        return (torch.clone(self), torch.full_like(self, 0, dtype=4))
    d = dim
    if d < 0:
        d = d + self.dim()
    n = self.size(d)
    cnt = torch.sum(torch.isnan(self), [d], True, dtype=4)
    mid = torch.full_like(cnt, (n - 1) // 2)
    pos = torch.where(torch.gt(cnt, 0), torch.sub(torch.full_like(cnt, n), cnt), mid)
    r = _select_sorted(self, d, pos)
    v = r[0]
    i = r[1]
    if not keepdim:
        v = torch.squeeze(v, d)
        i = torch.squeeze(i, d)
    return (v, i)
)TS"},
      {"aten::nanmedian.dim", "nanmedian_dim", R"TS(
def _select_sorted(x: Tensor, d: int, pos: Tensor) -> Tuple[Tensor, Tensor]:
    # The element at sorted position `pos` (keepdim shape) along d, and its index as a stable
    # sort (NaN last) would give it: the r-th occurrence of the value in x, where r = pos -
    # count(x < value). Values come from torch.sort, which need not be stable.
    s = torch.sort(x, d, False)[0]
    v = torch.gather(s, d, pos)
    xn = torch.isnan(x)
    vn = torch.isnan(v)
    same = torch.logical_or(torch.eq(x, v), torch.logical_and(xn, vn))
    less = torch.logical_or(torch.lt(x, v), torch.logical_and(torch.logical_not(xn), vn))
    r = torch.sub(pos, torch.sum(less, [d], True, dtype=4))
    occ = torch.cumsum(same, d, dtype=4)
    hit = torch.logical_and(same, torch.eq(occ, torch.add(r, 1)))
    idx = torch.argmax(torch._to_copy(hit, dtype=4), d, True)
    return (v, idx)

def nanmedian_dim(self: Tensor, dim: int, keepdim: bool = False) -> Tuple[Tensor, Tensor]:
    if self.dim() == 0:
        return (torch.clone(self), torch.full_like(self, 0, dtype=4))
    d = dim
    if d < 0:
        d = d + self.dim()
    n = self.size(d)
    m = torch.sub(torch.full_like(torch.sum(torch.isnan(self), [d], True, dtype=4), n),
                  torch.sum(torch.isnan(self), [d], True, dtype=4))
    pos = torch.clamp(torch.div(torch.sub(m, 1), 2, rounding_mode="floor"), 0)
    r = _select_sorted(self, d, pos)
    v = r[0]
    i = r[1]
    if not keepdim:
        v = torch.squeeze(v, d)
        i = torch.squeeze(i, d)
    return (v, i)
)TS"},
      // median(x) / nanmedian(x): the same over the flattened tensor, value only.
      {"aten::median", "median", R"TS(
def median(self: Tensor) -> Tensor:
    flat = torch.reshape(self, [-1])
    n = flat.size(0)
    s = torch.sort(flat, 0, False)[0]
    last = torch.select(s, 0, n - 1)
    return torch.where(torch.isnan(last), last, torch.select(s, 0, (n - 1) // 2))
)TS"},
      {"aten::nanmedian", "nanmedian", R"TS(
def nanmedian(self: Tensor) -> Tensor:
    flat = torch.reshape(self, [-1])
    n = flat.size(0)
    s = torch.sort(flat, 0, False)[0]
    m = torch.sub(torch.full([1], n, dtype=4, device=self.device),
                  torch.sum(torch.isnan(flat), [0], True, dtype=4))
    pos = torch.clamp(torch.div(torch.sub(m, 1), 2, rounding_mode="floor"), 0)
    return torch.squeeze(torch.gather(s, 0, pos), 0)
)TS"},
      // mode(x, dim): the most frequent value along dim, the smallest one among equally frequent
      // values, and the largest index holding it: ATen's mode kernel (native/cpu/SortingKernel
      // / TensorCompare mode) sorts (value, index) pairs and keeps the last element of the first
      // longest run, which is the last occurrence for the stable small-size std::sort.
      // Frequencies come from an n x n equality matrix along dim.
      {"aten::mode", "mode", R"TS(
def mode(self: Tensor, dim: int = -1, keepdim: bool = False) -> Tuple[Tensor, Tensor]:
    if self.dim() == 0:
        return (torch.clone(self), torch.full_like(self, 0, dtype=4))
    d = dim
    if d < 0:
        d = d + self.dim()
    n = self.size(d)
    s = torch.sort(self, d, False)[0]
    cnt = torch.sum(torch.eq(torch.unsqueeze(s, d + 1), torch.unsqueeze(s, d)), [d], False,
                    dtype=4)
    best = torch.amax(cnt, [d], True)
    first = torch.argmax(torch._to_copy(torch.eq(cnt, best), dtype=4), d, True)
    v = torch.gather(s, d, first)
    ar = torch.arange(0, n, 1, dtype=4, device=self.device)
    shape: List[int] = []
    for i in range(self.dim()):
        if i == d:
            shape.append(n)
        else:
            shape.append(1)
    ar = torch.reshape(ar, shape)
    idx = torch.amax(torch.where(torch.eq(self, v), ar, torch.full_like(ar, -1)), [d], True)
    if not keepdim:
        v = torch.squeeze(v, d)
        idx = torch.squeeze(idx, d)
    return (v, idx)
)TS"},
      // _unique2 (torch.unique): sort the flattened values, mark the first of each run of equal
      // values (NaNs are all distinct, as in eager), take them with nonzero (value-dependent
      // length); inverse = run number scattered back through the sort permutation, counts =
      // differences of run starts. Eager on CPU sorts even for sorted=False.
      {"aten::_unique2", "_unique2", R"TS(
def _unique2(self: Tensor, sorted: bool = True, return_inverse: bool = False,
             return_counts: bool = False) -> Tuple[Tensor, Tensor, Tensor]:
    flat = torch.reshape(self, [-1])
    n = flat.size(0)
    empty = torch.full([0], 0, dtype=4, device=self.device)
    if n == 0:
        inv0 = empty
        if return_inverse:
            inv0 = torch.full(self.size(), 0, dtype=4, device=self.device)
        return (torch.clone(flat), inv0, empty)
    sp = torch.sort(flat, 0, False)
    s = sp[0]
    perm = sp[1]
    neq = torch.ne(torch.slice(s, 0, 1, n), torch.slice(s, 0, 0, n - 1))
    mask = torch.cat([torch.full([1], True, dtype=11, device=self.device), neq], 0)
    starts = torch.squeeze(torch.nonzero(mask), 1)
    idx: List[Optional[Tensor]] = [starts]
    vals = torch.index(s, idx)
    inv = empty
    if return_inverse:
        g = torch.sub(torch.cumsum(mask, 0, dtype=4), 1)
        inv = torch.scatter(torch.full_like(perm, 0), 0, perm, g)
        inv = torch.reshape(inv, self.size())
    counts = empty
    if return_counts:
        ends = torch.cat([torch.slice(starts, 0, 1, n + 1),
                          torch.full([1], n, dtype=4, device=self.device)], 0)
        counts = torch.sub(ends, starts)
    return (vals, inv, counts)
)TS"},
      // unique_consecutive: as _unique2 without the sort; with dim, slices along dim are
      // compared whole (any difference over the other dims).
      {"aten::unique_consecutive", "unique_consecutive", R"TS(
def unique_consecutive(self: Tensor, return_inverse: bool = False, return_counts: bool = False,
                       dim: Optional[int] = None) -> Tuple[Tensor, Tensor, Tensor]:
    empty = torch.full([0], 0, dtype=4, device=self.device)
    if dim is None:
        x = torch.reshape(self, [-1])
        d = 0
    else:
        x = self
        d = dim
        if d < 0:
            d = d + self.dim()
    n = x.size(d)
    if n == 0:
        return (torch.clone(x), empty, empty)
    neq = torch.ne(torch.slice(x, d, 1, n), torch.slice(x, d, 0, n - 1))
    if x.dim() > 1:
        others: List[int] = []
        for i in range(x.dim()):
            if i != d:
                others.append(i)
        neq = torch.any(neq, others, False)
    mask = torch.cat([torch.full([1], True, dtype=11, device=self.device), neq], 0)
    starts = torch.squeeze(torch.nonzero(mask), 1)
    vals = torch.index_select(x, d, starts)
    inv = empty
    if return_inverse:
        inv = torch.sub(torch.cumsum(mask, 0, dtype=4), 1)
        if dim is None:
            inv = torch.reshape(inv, self.size())
    counts = empty
    if return_counts:
        ends = torch.cat([torch.slice(starts, 0, 1, n + 1),
                          torch.full([1], n, dtype=4, device=self.device)], 0)
        counts = torch.sub(ends, starts)
    return (vals, inv, counts)
)TS"},
      // unique_dim: the slices along dim compared whole. With A the slices flattened to rows,
      // less[i, j] = A_i < A_j lexicographically (some k with A_ik < A_jk and no difference
      // before k), equal[i, j] = no difference; the first slice of each class is kept, its
      // rank among the classes (the inverse) counts the smaller kept slices, and the kept
      // slices are written at their rank (sorted output, as eager's CPU unique_dim returns, with
      // inverse and counts always filled). n x n x m comparisons: meant for moderate sizes.
      {"aten::unique_dim", "unique_dim", R"TS(
def unique_dim(self: Tensor, dim: int, sorted: bool = True, return_inverse: bool = False,
               return_counts: bool = False) -> Tuple[Tensor, Tensor, Tensor]:
    d = dim
    if d < 0:
        d = d + self.dim()
    n = self.size(d)
    empty = torch.full([0], 0, dtype=4, device=self.device)
    if n == 0:
        return (torch.clone(self), empty, empty)
    perm: List[int] = [d]
    for i in range(self.dim()):
        if i != d:
            perm.append(i)
    a = torch.reshape(torch.permute(self, perm), [n, -1])
    ai = torch.unsqueeze(a, 1)
    aj = torch.unsqueeze(a, 0)
    ne = torch.ne(ai, aj)
    nei = torch._to_copy(ne, dtype=4)
    before = torch.eq(torch.sub(torch.cumsum(nei, 2), nei), 0)
    less = torch.any(torch.logical_and(torch.lt(ai, aj), before), 2, False)
    equal = torch.logical_not(torch.any(ne, 2, False))
    ar = torch.arange(0, n, 1, dtype=4, device=self.device)
    earlier = torch.lt(torch.unsqueeze(ar, 0), torch.unsqueeze(ar, 1))
    first = torch.logical_not(torch.any(torch.logical_and(equal, earlier), 1, False))
    inv = torch.sum(torch.logical_and(less, torch.unsqueeze(first, 1)), [0], False, dtype=4)
    reps = torch.squeeze(torch.nonzero(first), 1)
    rank = torch.index_select(inv, 0, reps)
    cnt = torch.sum(torch.index_select(equal, 0, reps), [1], False, dtype=4)
    order = torch.scatter(torch.full_like(reps, 0), 0, rank, reps)
    counts = torch.scatter(torch.full_like(reps, 0), 0, rank, cnt)
    return (torch.index_select(self, d, order), inv, counts)
)TS"},
      // searchsorted with a scalar value: the count of boundaries with !(b >= v) / !(b > v).
      {"aten::searchsorted.Scalar", "searchsorted_scalar", R"TS(
def searchsorted_scalar(sorted_sequence: Tensor, self: number, out_int32: bool = False,
                        right: bool = False, side: Optional[str] = None,
                        sorter: Optional[Tensor] = None) -> Tensor:
    seq = sorted_sequence
    if sorter is not None:
        seq = torch.gather(seq, -1, sorter)
    r = right
    if side is not None:
        r = side == "right"
    if r:
        c = torch.logical_not(torch.gt(seq, self))
    else:
        c = torch.logical_not(torch.ge(seq, self))
    out = torch.sum(c, [-1], False, dtype=4)
    if out_int32:
        out = torch._to_copy(out, dtype=3)
    return out
)TS"},
      // histc(x, bins, min, max): ATen's histogram_histc_out (native/Histogram.cpp): the range is
      // [min, max], the data's [amin, amax] when min == max, widened by 1 on both sides when
      // still empty; edges linspace(lo, hi, bins + 1) in x's dtype; an element in [lo, hi] goes to
      // bin trunc((e - lo) * bins / (hi - lo)) (the LINEAR_INTERPOLATION path of
      // native/cpu/HistogramKernel.cpp, same float operations), e == hi to the last bin.
      {"aten::histc", "histc", R"TS(
def _linspace_edges(lo: Tensor, hi: Tensor, steps: int) -> Tensor:
    # ATen's cpu linspace kernel (native/cpu/RangeFactoriesKernel.cpp): step = (end - start) /
    # (steps - 1); start + step * i below steps // 2, end - step * (steps - 1 - i) above.
    step = torch.div(torch.sub(hi, lo), steps - 1)
    i = torch.arange(0, steps, 1, dtype=lo.dtype, device=lo.device)
    up = torch.add(lo, torch.mul(step, i))
    down = torch.sub(hi, torch.mul(step, torch.sub(torch.full_like(i, steps - 1), i)))
    return torch.where(torch.lt(i, steps // 2), up, down)

def _hist_from_edges(x: Tensor, edges: Tensor, w: Optional[Tensor], density: bool) -> Tensor:
    # histogramdd_cpu_contiguous (native/cpu/HistogramKernel.cpp), 1-D, binary search: an
    # element e in [edges[0], edges[-1]] (NaN excluded) goes to upper_bound(edges, e) - 1, the
    # last edge counting in the last bin; hist in x's dtype, weights added; density divides by
    # the total and the bin widths.
    nb = edges.size(0) - 1
    lo = torch.select(edges, 0, 0)
    hi = torch.select(edges, 0, nb)
    valid = torch.logical_and(torch.ge(x, lo), torch.le(x, hi))
    pos = torch.sub(torch.sum(torch.le(torch.unsqueeze(edges, 0), torch.unsqueeze(x, 1)), [1],
                              False, dtype=4), 1)
    pos = torch.clamp(pos, 0, nb - 1)
    if w is None:
        ones = torch.full_like(x, 1)
    else:
        ones = torch._to_copy(torch.reshape(w, [-1]), dtype=x.dtype)
    ones = torch.where(valid, ones, torch.full_like(ones, 0))
    hist = torch.scatter_add(torch.full([nb], 0, dtype=x.dtype, device=x.device), 0, pos, ones)
    if density:
        widths = torch.sub(torch.slice(edges, 0, 1, nb + 1), torch.slice(edges, 0, 0, nb))
        hist = torch.div(torch.div(hist, torch.sum(hist, [], False)), widths)
    return hist

def histc(self: Tensor, bins: int = 100, min: number = 0, max: number = 0) -> Tensor:
    x = torch.reshape(self, [-1])
    if float(min) == float(max) and x.size(0) > 0:
        lo = torch.amin(x, [], False)
        hi = torch.amax(x, [], False)
    else:
        lo = torch.full([], min, dtype=x.dtype, device=x.device)
        hi = torch.full([], max, dtype=x.dtype, device=x.device)
    same = torch.eq(lo, hi)
    lo = torch.where(same, torch.sub(lo, 1), lo)
    hi = torch.where(same, torch.add(hi, 1), hi)
    edges = _linspace_edges(lo, hi, bins + 1)
    lo = torch.select(edges, 0, 0)
    hi = torch.select(edges, 0, bins)
    valid = torch.logical_and(torch.ge(x, lo), torch.le(x, hi))
    pos = torch.div(torch.mul(torch.sub(x, lo), bins), torch.sub(hi, lo))
    pos = torch.clamp(torch._to_copy(torch.where(valid, pos, torch.full_like(pos, 0)), dtype=4),
                      0, bins - 1)
    ones = torch.where(valid, torch.full_like(x, 1), torch.full_like(x, 0))
    return torch.scatter_add(torch.full([bins], 0, dtype=x.dtype, device=x.device), 0, pos, ones)
)TS"},
      // histogram(x, bins: int, range, weight, density) -> (hist, bin_edges): ATen's histogram_out
      // (native/Histogram.cpp): range or the data's [amin, amax] ([0, 1] if empty), widened by
      // 0.5 on both sides when empty (numpy's rule), edges linspace(lo, hi, bins + 1); binning
      // by upper_bound on the edges (LINEAR_INTERPOLATION_WITH_LOCAL_SEARCH ends in that same
      // upper_bound).
      {"aten::histogram.bin_ct", "histogram_bin_ct", R"TS(
def _linspace_edges(lo: Tensor, hi: Tensor, steps: int) -> Tensor:
    # ATen's cpu linspace kernel (native/cpu/RangeFactoriesKernel.cpp): step = (end - start) /
    # (steps - 1); start + step * i below steps // 2, end - step * (steps - 1 - i) above.
    step = torch.div(torch.sub(hi, lo), steps - 1)
    i = torch.arange(0, steps, 1, dtype=lo.dtype, device=lo.device)
    up = torch.add(lo, torch.mul(step, i))
    down = torch.sub(hi, torch.mul(step, torch.sub(torch.full_like(i, steps - 1), i)))
    return torch.where(torch.lt(i, steps // 2), up, down)

def _hist_from_edges(x: Tensor, edges: Tensor, w: Optional[Tensor], density: bool) -> Tensor:
    # histogramdd_cpu_contiguous (native/cpu/HistogramKernel.cpp), 1-D, binary search: an
    # element e in [edges[0], edges[-1]] (NaN excluded) goes to upper_bound(edges, e) - 1, the
    # last edge counting in the last bin; hist in x's dtype, weights added; density divides by
    # the total and the bin widths.
    nb = edges.size(0) - 1
    lo = torch.select(edges, 0, 0)
    hi = torch.select(edges, 0, nb)
    valid = torch.logical_and(torch.ge(x, lo), torch.le(x, hi))
    pos = torch.sub(torch.sum(torch.le(torch.unsqueeze(edges, 0), torch.unsqueeze(x, 1)), [1],
                              False, dtype=4), 1)
    pos = torch.clamp(pos, 0, nb - 1)
    if w is None:
        ones = torch.full_like(x, 1)
    else:
        ones = torch._to_copy(torch.reshape(w, [-1]), dtype=x.dtype)
    ones = torch.where(valid, ones, torch.full_like(ones, 0))
    hist = torch.scatter_add(torch.full([nb], 0, dtype=x.dtype, device=x.device), 0, pos, ones)
    if density:
        widths = torch.sub(torch.slice(edges, 0, 1, nb + 1), torch.slice(edges, 0, 0, nb))
        hist = torch.div(torch.div(hist, torch.sum(hist, [], False)), widths)
    return hist

def histogram_bin_ct(self: Tensor, bins: int = 100, range: Optional[List[float]] = None,
                     weight: Optional[Tensor] = None,
                     density: bool = False) -> Tuple[Tensor, Tensor]:
    x = torch.reshape(self, [-1])
    if range is not None:
        lo = torch.full([], range[0], dtype=7, device=x.device)
        hi = torch.full([], range[1], dtype=7, device=x.device)
    elif x.size(0) == 0:
        lo = torch.full([], 0.0, dtype=7, device=x.device)
        hi = torch.full([], 1.0, dtype=7, device=x.device)
    else:
        lo = torch._to_copy(torch.amin(x, [], False), dtype=7)
        hi = torch._to_copy(torch.amax(x, [], False), dtype=7)
    same = torch.eq(lo, hi)
    lo = torch._to_copy(torch.where(same, torch.sub(lo, 0.5), lo), dtype=x.dtype)
    hi = torch._to_copy(torch.where(same, torch.add(hi, 0.5), hi), dtype=x.dtype)
    edges = _linspace_edges(lo, hi, bins + 1)
    return (_hist_from_edges(x, edges, weight, density), edges)
)TS"},
      {"aten::histogram.bins_tensor", "histogram_bins_tensor", R"TS(
def _linspace_edges(lo: Tensor, hi: Tensor, steps: int) -> Tensor:
    # ATen's cpu linspace kernel (native/cpu/RangeFactoriesKernel.cpp): step = (end - start) /
    # (steps - 1); start + step * i below steps // 2, end - step * (steps - 1 - i) above.
    step = torch.div(torch.sub(hi, lo), steps - 1)
    i = torch.arange(0, steps, 1, dtype=lo.dtype, device=lo.device)
    up = torch.add(lo, torch.mul(step, i))
    down = torch.sub(hi, torch.mul(step, torch.sub(torch.full_like(i, steps - 1), i)))
    return torch.where(torch.lt(i, steps // 2), up, down)

def _hist_from_edges(x: Tensor, edges: Tensor, w: Optional[Tensor], density: bool) -> Tensor:
    # histogramdd_cpu_contiguous (native/cpu/HistogramKernel.cpp), 1-D, binary search: an
    # element e in [edges[0], edges[-1]] (NaN excluded) goes to upper_bound(edges, e) - 1, the
    # last edge counting in the last bin; hist in x's dtype, weights added; density divides by
    # the total and the bin widths.
    nb = edges.size(0) - 1
    lo = torch.select(edges, 0, 0)
    hi = torch.select(edges, 0, nb)
    valid = torch.logical_and(torch.ge(x, lo), torch.le(x, hi))
    pos = torch.sub(torch.sum(torch.le(torch.unsqueeze(edges, 0), torch.unsqueeze(x, 1)), [1],
                              False, dtype=4), 1)
    pos = torch.clamp(pos, 0, nb - 1)
    if w is None:
        ones = torch.full_like(x, 1)
    else:
        ones = torch._to_copy(torch.reshape(w, [-1]), dtype=x.dtype)
    ones = torch.where(valid, ones, torch.full_like(ones, 0))
    hist = torch.scatter_add(torch.full([nb], 0, dtype=x.dtype, device=x.device), 0, pos, ones)
    if density:
        widths = torch.sub(torch.slice(edges, 0, 1, nb + 1), torch.slice(edges, 0, 0, nb))
        hist = torch.div(torch.div(hist, torch.sum(hist, [], False)), widths)
    return hist

def histogram_bins_tensor(self: Tensor, bins: Tensor, weight: Optional[Tensor] = None,
                          density: bool = False) -> Tuple[Tensor, Tensor]:
    x = torch.reshape(self, [-1])
    return (_hist_from_edges(x, bins, weight, density), torch.clone(bins))
)TS"},
      // segment_reduce(data, reduce, lengths | offsets, axis, initial): ATen's
      // _segment_reduce_lengths_cpu_kernel (native/SegmentReduce.cpp): every segment starts at
      // `initial` (default 0 for sum/mean, 1 for prod, -inf max, +inf min) and reduces its
      // elements; mean divides by the length, an empty segment keeping `initial` (NaN without
      // it). Element p along axis belongs to segment #{ends <= p} (ends = cumsum(lengths) or
      // offsets[..., 1:]); scatter_reduce over an output filled with the initial value, with one
      // extra segment taking the elements past the last end (ignored by eager), sliced off.
      {"aten::segment_reduce", "segment_reduce", R"TS(
def segment_reduce(data: Tensor, reduce: str, lengths: Optional[Tensor] = None,
                   indices: Optional[Tensor] = None, offsets: Optional[Tensor] = None,
                   axis: int = 0, unsafe: bool = False,
                   initial: Optional[number] = None) -> Tensor:
    ax = axis
    if ax < 0:
        ax = ax + data.dim()
    if lengths is not None:
        lens = lengths
        ends = torch.cumsum(lengths, -1, dtype=4)
    else:
        assert offsets is not None
        m = offsets.size(-1)
        ends = torch._to_copy(torch.slice(offsets, -1, 1, m), dtype=4)
        lens = torch.sub(ends, torch.slice(offsets, -1, 0, m - 1))
    nseg = ends.size(-1)
    n = data.size(ax)
    p = torch.arange(0, n, 1, dtype=4, device=data.device)
    seg = torch.sum(torch.le(torch.unsqueeze(ends, -2), torch.unsqueeze(p, -1)), [-1], False,
                    dtype=4)
    shape: List[int] = []
    oshape: List[int] = []
    lshape: List[int] = []
    for i in range(data.dim()):
        if i < ax:
            shape.append(data.size(i))
            oshape.append(data.size(i))
            lshape.append(data.size(i))
        elif i == ax:
            shape.append(n)
            oshape.append(nseg + 1)
            lshape.append(nseg)
        else:
            shape.append(1)
            oshape.append(data.size(i))
            lshape.append(1)
    idx = torch.expand(torch.reshape(torch.expand(seg, shape[0:ax + 1]), shape), data.size())
    red = reduce
    init = 0.0
    if reduce == "sum" or reduce == "mean":
        red = "sum"
    elif reduce == "prod":
        init = 1.0
    elif reduce == "max":
        red = "amax"
        init = float("-inf")
    elif reduce == "min":
        red = "amin"
        init = float("inf")
    if initial is not None:
        init = float(initial)
    base = torch.full(oshape, init, dtype=data.dtype, device=data.device)
    out = torch.scatter_reduce(base, ax, idx, data, red, include_self=True)
    out = torch.slice(out, ax, 0, nseg)
    if reduce == "mean":
        lb = torch.reshape(lens, lshape)
        empty_val = float("nan")
        if initial is not None:
            empty_val = float(initial)
        out = torch.where(torch.eq(lb, 0), torch.full_like(out, empty_val), torch.div(out, lb))
    return out
)TS"},
      // _chunk_cat: each tensor padded with zeros along dim to a multiple of num_chunks, viewed
      // as [..dim, num_chunks, -1] and concatenated at dim + 1 (torch/_decomp/decompositions.py
      // _chunk_cat).
      {"aten::_chunk_cat", "_chunk_cat", R"TS(
def _chunk_cat(tensors: List[Tensor], dim: int, num_chunks: int) -> Tensor:
    d = dim
    if d < 0:
        d = d + tensors[0].dim()
    parts: List[Tensor] = []
    for t in tensors:
        size = t.size(d)
        padded = (size + num_chunks - 1) // num_chunks * num_chunks
        if padded != size:
            pad: List[int] = []
            for i in range(t.dim() - d - 1):
                pad.append(0)
                pad.append(0)
            pad.append(0)
            pad.append(padded - size)
            t = torch.constant_pad_nd(t, pad, 0)
        shape: List[int] = []
        for i in range(d):
            shape.append(t.size(i))
        shape.append(num_chunks)
        shape.append(-1)
        parts.append(torch.reshape(t, shape))
    return torch.cat(parts, d + 1)
)TS"},
      // unsafe_split: the pieces of split.Tensor (torch/_refs split): slices of split_size along
      // dim, the last one shorter; one empty piece for an empty dim.
      {"aten::unsafe_split.Tensor", "unsafe_split", R"TS(
def unsafe_split(self: Tensor, split_size: int, dim: int = 0) -> List[Tensor]:
    d = dim
    if d < 0:
        d = d + self.dim()
    n = self.size(d)
    num = 1
    if split_size > 0 and n > 0:
        num = (n + split_size - 1) // split_size
    out: List[Tensor] = []
    for i in range(num):
        out.append(torch.clone(torch.slice(self, d, i * split_size, (i + 1) * split_size)))
    return out
)TS"},
      // frexp: x = mantissa * 2^exponent, |mantissa| in [0.5, 1); exponent = floor(log2|x|) + 1
      // in float64, corrected by one step when log2 rounds across a power of two; 0, inf and
      // NaN give (x, 0) as C's frexp (glibc) does. Exponent is int32 as in eager.
      {"aten::frexp.Tensor", "frexp", R"TS(
def frexp(self: Tensor) -> Tuple[Tensor, Tensor]:
    x = torch._to_copy(self, dtype=7)
    a = torch.abs(x)
    special = torch.logical_or(torch.eq(a, 0), torch.logical_or(torch.isinf(a), torch.isnan(a)))
    safe = torch.where(special, torch.full_like(a, 1), a)
    e = torch.add(torch.floor(torch.log2(safe)), 1)
    m = torch.div(safe, torch.pow(2.0, e))
    big = torch.ge(m, 1)
    e = torch.where(big, torch.add(e, 1), e)
    m = torch.where(big, torch.mul(m, 0.5), m)
    small = torch.lt(m, 0.5)
    e = torch.where(small, torch.sub(e, 1), e)
    m = torch.where(small, torch.mul(m, 2), m)
    m = torch.where(special, x, torch.where(torch.lt(x, 0), torch.neg(m), m))
    e = torch.where(special, torch.full_like(e, 0), e)
    return (torch._to_copy(m, dtype=self.dtype), torch._to_copy(e, dtype=3))
)TS"},
      // combinations(x, r): ATen's combinations (native/Itertools.cpp): an r-dim index grid
      // masked to i1 < i2 < ... (<= with replacement), each grid masked and stacked at dim 1.
      {"aten::combinations", "combinations", R"TS(
def combinations(self: Tensor, r: int = 2, with_replacement: bool = False) -> Tensor:
    if r == 0:
        return torch.full([0], 0, dtype=self.dtype, device=self.device)
    n = self.size(0)
    full: List[int] = []
    for k in range(r):
        full.append(n)
    grids: List[Tensor] = []
    for k in range(r):
        shape: List[int] = []
        for j in range(r):
            if j == k:
                shape.append(n)
            else:
                shape.append(1)
        grids.append(torch.expand(torch.reshape(
            torch.arange(0, n, 1, dtype=4, device=self.device), shape), full))
    mask = torch.full(full, True, dtype=11, device=self.device)
    for k in range(r - 1):
        if with_replacement:
            mask = torch.logical_and(mask, torch.le(grids[k], grids[k + 1]))
        else:
            mask = torch.logical_and(mask, torch.lt(grids[k], grids[k + 1]))
    cols: List[Tensor] = []
    for k in range(r):
        m: List[Optional[Tensor]] = [mask]
        sel = torch.index(grids[k], m)
        cols.append(torch.unsqueeze(torch.index_select(self, 0, sel), 1))
    return torch.cat(cols, 1)
)TS"},
      // as_strided_scatter: src written into the view as_strided(size, stride, offset) of a
      // contiguous copy of self (ATen: clone, as_strided, copy_): the element positions are an
      // as_strided view of arange(numel), written with index_put.
      {"aten::as_strided_scatter", "as_strided_scatter", R"TS(
def as_strided_scatter(self: Tensor, src: Tensor, size: List[int], stride: List[int],
                       storage_offset: Optional[int] = None) -> Tensor:
    off = 0
    if storage_offset is not None:
        off = storage_offset
    flat = torch.reshape(self, [-1])
    pos = torch.as_strided(torch.arange(0, flat.size(0), 1, dtype=4, device=self.device),
                           size, stride, off)
    idx: List[Optional[Tensor]] = [torch.reshape(pos, [-1])]
    out = torch.index_put(flat, idx, torch.reshape(torch.expand(src, size), [-1]), False)
    return torch.reshape(out, self.size())
)TS"},
      // histogramdd (the three ops torch.histogramdd is made of): x viewed as [N, D] rows.
      {"aten::_histogramdd_bin_edges", "_histogramdd_bin_edges", R"TS(
def _linspace_edges(lo: Tensor, hi: Tensor, steps: int) -> Tensor:
    # ATen's cpu linspace kernel (native/cpu/RangeFactoriesKernel.cpp): step = (end - start) /
    # (steps - 1); start + step * i below steps // 2, end - step * (steps - 1 - i) above.
    step = torch.div(torch.sub(hi, lo), steps - 1)
    i = torch.arange(0, steps, 1, dtype=lo.dtype, device=lo.device)
    up = torch.add(lo, torch.mul(step, i))
    down = torch.sub(hi, torch.mul(step, torch.sub(torch.full_like(i, steps - 1), i)))
    return torch.where(torch.lt(i, steps // 2), up, down)

def _dd_edges(x: Tensor, bins: List[int], rng: Optional[List[float]]) -> List[Tensor]:
    # histogramdd_select_outer_bin_edges (native/Histogram.cpp): range pairs, or each column's
    # [min, max] ([0, 1] if empty), widened by 0.5 when empty; linspace per dim.
    out: List[Tensor] = []
    for k in range(len(bins)):
        col = torch.select(x, 1, k)
        if rng is not None:
            lo = torch.full([], rng[2 * k], dtype=7, device=x.device)
            hi = torch.full([], rng[2 * k + 1], dtype=7, device=x.device)
        elif x.size(0) == 0:
            lo = torch.full([], 0.0, dtype=7, device=x.device)
            hi = torch.full([], 1.0, dtype=7, device=x.device)
        else:
            lo = torch._to_copy(torch.amin(col, [], False), dtype=7)
            hi = torch._to_copy(torch.amax(col, [], False), dtype=7)
        same = torch.eq(lo, hi)
        lo = torch._to_copy(torch.where(same, torch.sub(lo, 0.5), lo), dtype=x.dtype)
        hi = torch._to_copy(torch.where(same, torch.add(hi, 0.5), hi), dtype=x.dtype)
        out.append(_linspace_edges(lo, hi, bins[k] + 1))
    return out

def _histogramdd_bin_edges(self: Tensor, bins: List[int], rng: Optional[List[float]] = None,
                           weight: Optional[Tensor] = None,
                           density: bool = False) -> List[Tensor]:
    x = torch.reshape(self, [-1, self.size(-1)])
    return _dd_edges(x, bins, rng)
)TS"},
      {"aten::_histogramdd_from_bin_cts", "_histogramdd_from_bin_cts", R"TS(
def _linspace_edges(lo: Tensor, hi: Tensor, steps: int) -> Tensor:
    # ATen's cpu linspace kernel (native/cpu/RangeFactoriesKernel.cpp): step = (end - start) /
    # (steps - 1); start + step * i below steps // 2, end - step * (steps - 1 - i) above.
    step = torch.div(torch.sub(hi, lo), steps - 1)
    i = torch.arange(0, steps, 1, dtype=lo.dtype, device=lo.device)
    up = torch.add(lo, torch.mul(step, i))
    down = torch.sub(hi, torch.mul(step, torch.sub(torch.full_like(i, steps - 1), i)))
    return torch.where(torch.lt(i, steps // 2), up, down)

def _dd_edges(x: Tensor, bins: List[int], rng: Optional[List[float]]) -> List[Tensor]:
    # histogramdd_select_outer_bin_edges (native/Histogram.cpp): range pairs, or each column's
    # [min, max] ([0, 1] if empty), widened by 0.5 when empty; linspace per dim.
    out: List[Tensor] = []
    for k in range(len(bins)):
        col = torch.select(x, 1, k)
        if rng is not None:
            lo = torch.full([], rng[2 * k], dtype=7, device=x.device)
            hi = torch.full([], rng[2 * k + 1], dtype=7, device=x.device)
        elif x.size(0) == 0:
            lo = torch.full([], 0.0, dtype=7, device=x.device)
            hi = torch.full([], 1.0, dtype=7, device=x.device)
        else:
            lo = torch._to_copy(torch.amin(col, [], False), dtype=7)
            hi = torch._to_copy(torch.amax(col, [], False), dtype=7)
        same = torch.eq(lo, hi)
        lo = torch._to_copy(torch.where(same, torch.sub(lo, 0.5), lo), dtype=x.dtype)
        hi = torch._to_copy(torch.where(same, torch.add(hi, 0.5), hi), dtype=x.dtype)
        out.append(_linspace_edges(lo, hi, bins[k] + 1))
    return out

def _dd_hist(x: Tensor, edges: List[Tensor], w: Optional[Tensor], density: bool) -> Tensor:
    # histogramdd_cpu_contiguous (native/cpu/HistogramKernel.cpp): a row counts when every
    # coordinate is in [edges[0], edges[-1]]; its bin per dim is upper_bound(edges, e) - 1, the
    # last edge in the last bin; hist in x's dtype with weights; density divides by the total
    # and by the bin widths of every dim.
    valid = torch.full([x.size(0)], True, dtype=11, device=x.device)
    flat = torch.full([x.size(0)], 0, dtype=4, device=x.device)
    shape: List[int] = []
    total = 1
    for k in range(len(edges)):
        e = edges[k]
        nb = e.size(0) - 1
        shape.append(nb)
        total = total * nb
        col = torch.select(x, 1, k)
        valid = torch.logical_and(valid, torch.logical_and(
            torch.ge(col, torch.select(e, 0, 0)), torch.le(col, torch.select(e, 0, nb))))
        pos = torch.sub(torch.sum(torch.le(torch.unsqueeze(e, 0), torch.unsqueeze(col, 1)), [1],
                                  False, dtype=4), 1)
        pos = torch.clamp(pos, 0, nb - 1)
        flat = torch.add(torch.mul(flat, nb), pos)
    if w is None:
        ones = torch.full([x.size(0)], 1, dtype=x.dtype, device=x.device)
    else:
        ones = torch._to_copy(torch.reshape(w, [-1]), dtype=x.dtype)
    ones = torch.where(valid, ones, torch.full_like(ones, 0))
    flat = torch.where(valid, flat, torch.full_like(flat, 0))
    hist = torch.scatter_add(torch.full([total], 0, dtype=x.dtype, device=x.device), 0, flat, ones)
    hist = torch.reshape(hist, shape)
    if density:
        hist = torch.div(hist, torch.sum(hist, [], False))
        for k in range(len(edges)):
            e = edges[k]
            nb = e.size(0) - 1
            wshape: List[int] = []
            for j in range(len(edges)):
                if j == k:
                    wshape.append(nb)
                else:
                    wshape.append(1)
            widths = torch.sub(torch.slice(e, 0, 1, nb + 1), torch.slice(e, 0, 0, nb))
            hist = torch.div(hist, torch.reshape(widths, wshape))
    return hist

def _histogramdd_from_bin_cts(self: Tensor, bins: List[int], rng: Optional[List[float]] = None,
                              weight: Optional[Tensor] = None, density: bool = False) -> Tensor:
    x = torch.reshape(self, [-1, self.size(-1)])
    return _dd_hist(x, _dd_edges(x, bins, rng), weight, density)
)TS"},
      {"aten::_histogramdd_from_bin_tensors", "_histogramdd_from_bin_tensors", R"TS(
def _dd_hist(x: Tensor, edges: List[Tensor], w: Optional[Tensor], density: bool) -> Tensor:
    # histogramdd_cpu_contiguous (native/cpu/HistogramKernel.cpp): a row counts when every
    # coordinate is in [edges[0], edges[-1]]; its bin per dim is upper_bound(edges, e) - 1, the
    # last edge in the last bin; hist in x's dtype with weights; density divides by the total
    # and by the bin widths of every dim.
    valid = torch.full([x.size(0)], True, dtype=11, device=x.device)
    flat = torch.full([x.size(0)], 0, dtype=4, device=x.device)
    shape: List[int] = []
    total = 1
    for k in range(len(edges)):
        e = edges[k]
        nb = e.size(0) - 1
        shape.append(nb)
        total = total * nb
        col = torch.select(x, 1, k)
        valid = torch.logical_and(valid, torch.logical_and(
            torch.ge(col, torch.select(e, 0, 0)), torch.le(col, torch.select(e, 0, nb))))
        pos = torch.sub(torch.sum(torch.le(torch.unsqueeze(e, 0), torch.unsqueeze(col, 1)), [1],
                                  False, dtype=4), 1)
        pos = torch.clamp(pos, 0, nb - 1)
        flat = torch.add(torch.mul(flat, nb), pos)
    if w is None:
        ones = torch.full([x.size(0)], 1, dtype=x.dtype, device=x.device)
    else:
        ones = torch._to_copy(torch.reshape(w, [-1]), dtype=x.dtype)
    ones = torch.where(valid, ones, torch.full_like(ones, 0))
    flat = torch.where(valid, flat, torch.full_like(flat, 0))
    hist = torch.scatter_add(torch.full([total], 0, dtype=x.dtype, device=x.device), 0, flat, ones)
    hist = torch.reshape(hist, shape)
    if density:
        hist = torch.div(hist, torch.sum(hist, [], False))
        for k in range(len(edges)):
            e = edges[k]
            nb = e.size(0) - 1
            wshape: List[int] = []
            for j in range(len(edges)):
                if j == k:
                    wshape.append(nb)
                else:
                    wshape.append(1)
            widths = torch.sub(torch.slice(e, 0, 1, nb + 1), torch.slice(e, 0, 0, nb))
            hist = torch.div(hist, torch.reshape(widths, wshape))
    return hist

def _histogramdd_from_bin_tensors(self: Tensor, bins: List[Tensor], weight: Optional[Tensor] = None,
                                  density: bool = False) -> Tensor:
    x = torch.reshape(self, [-1, self.size(-1)])
    return _dd_hist(x, bins, weight, density)
)TS"},
  };
}

}  // namespace graph_lower
