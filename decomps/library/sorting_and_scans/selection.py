"""Selection and uniqueness: kthvalue, median, mode, unique, isin, masked_select, nonzero_static.
Sources and conventions: common.py of this folder.
"""


def count_nonzero_dim_IntList(self: Tensor, dim: List[int]) -> Tensor:
    return torch.sum(torch.ne(self, 0), dim, False, dtype=torch.int64)


# count_nonzero(x, dim) = sum(x != 0) over dim (all dims if None), int64 (torch/_refs).
def count_nonzero(self: Tensor, dim: Optional[int] = None) -> Tensor:
    dims: List[int] = []
    if dim is not None:
        dims = [dim]
    return torch.sum(torch.ne(self, 0), dims, False, dtype=torch.int64)


# isin: any(elements[..., None] == test_elements.flatten()) (the broadcast branch of torch/_refs
# isin), inverted on request.
def isin(elements: Tensor, test_elements: Tensor, assume_unique: bool = False,
         invert: bool = False) -> Tensor:
    t = torch.reshape(test_elements, [-1])
    out = torch.any(torch.eq(torch.unsqueeze(elements, -1), t), -1, False)
    if invert:
        out = torch.logical_not(out)
    return out


# masked_select: broadcast self and mask, then a boolean index (value-dependent length; index.Tensor
# with a bool index is core).
def masked_select(self: Tensor, mask: Tensor) -> Tensor:
    ts = torch.broadcast_tensors([self, mask])
    # Flattened first: row-major order is masked_select's, and 0-d operands index as 1-D.
    indices: List[Optional[Tensor]] = [torch.reshape(ts[1], [-1])]
    return torch.index(torch.reshape(ts[0], [-1]), indices)


# nonzero_static: nonzero padded with `size` rows of fill_value, then cut to `size` rows (correct
# for any count of non-zeros).
def nonzero_static(self: Tensor, size: int, fill_value: int = -1) -> Tensor:
    nz = torch.nonzero(self)
    pad = torch.full([size, self.dim()], fill_value, dtype=torch.int64, device=self.device)
    return torch.slice(torch.cat([nz, pad], 0), 0, 0, size)


# Runs of equal neighbours from neq (whether each element differs from the one before it): the
# mask of run starts (the first element starts one) and their positions. select, not squeeze:
# squeeze's rank depends on sizes, which are of the data here, so what follows lost its type.
def _run_starts(neq: Tensor) -> Tuple[Tensor, Tensor]:
    mask = torch.cat([torch.full([1], True, dtype=torch.bool, device=neq.device), neq], 0)
    return mask, torch.select(torch.nonzero(mask), 1, 0)


# The lengths of the runs starting at `starts` among n elements.
def _run_lengths(starts: Tensor, n: int) -> Tensor:
    ends = torch.cat([torch.slice(starts, 0, 1, n + 1),
                      torch.full([1], n, dtype=torch.int64, device=starts.device)], 0)
    return torch.sub(ends, starts)


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
    r = torch.sub(pos, torch.sum(less, [d], True, dtype=torch.int64))
    occ = torch.cumsum(same, d, dtype=torch.int64)
    hit = torch.logical_and(same, torch.eq(occ, torch.add(r, 1)))
    idx = torch.argmax(torch._to_copy(hit, dtype=torch.int64), d, True)
    return (v, idx)


# kthvalue(x, k, dim): the element at position k-1 of x sorted along dim; its index is the one a
# stable sort gives (eager's quickselect may return another index among ties).
# median.dim: the lower median ((n-1)//2 of the sorted values) or, when the row has a NaN, the first
# NaN; the index is the median's in the stable order, as in ATen's median_with_indices_impl
# (native/Sorting.cpp: nth_element with an (value, index) order). nanmedian.dim: the same over the m
# non-NaN values (position (m-1)//2, 0 if all NaN).
def _select_dim(self: Tensor, dim: int, keepdim: bool, what: int,
                k: int) -> Tuple[Tensor, Tensor]:
    # what: 0 kthvalue (position k - 1), 1 median, 2 nanmedian.
    if self.dim() == 0:
        return _scalar_pair(self)
    d = _wrap_dim(dim, self)
    n = self.size(d)
    if what == 0:
        shape: List[int] = []
        for i in range(self.dim()):
            if i == d:
                shape.append(1)
            else:
                shape.append(self.size(i))
        pos = torch.full(shape, k - 1, dtype=torch.int64, device=self.device)
    elif what == 1:
        cnt = torch.sum(torch.isnan(self), [d], True, dtype=torch.int64)
        mid = torch.full_like(cnt, (n - 1) // 2)
        pos = torch.where(torch.gt(cnt, 0), torch.sub(torch.full_like(cnt, n), cnt), mid)
    else:
        m = torch.sub(torch.full_like(torch.sum(torch.isnan(self), [d], True, dtype=torch.int64),
                                      n),
                      torch.sum(torch.isnan(self), [d], True, dtype=torch.int64))
        pos = torch.clamp(torch.div(torch.sub(m, 1), 2, rounding_mode="floor"), 0)
    r = _select_sorted(self, d, pos)
    v = r[0]
    i = r[1]
    if not keepdim:
        v = torch.squeeze(v, d)
        i = torch.squeeze(i, d)
    return (v, i)


def kthvalue(self: Tensor, k: int, dim: int = -1, keepdim: bool = False) -> Tuple[Tensor, Tensor]:
    return _select_dim(self, dim, keepdim, 0, k)


def median_dim(self: Tensor, dim: int, keepdim: bool = False) -> Tuple[Tensor, Tensor]:
    return _select_dim(self, dim, keepdim, 1, 0)


def nanmedian_dim(self: Tensor, dim: int, keepdim: bool = False) -> Tuple[Tensor, Tensor]:
    return _select_dim(self, dim, keepdim, 2, 0)


# median(x) / nanmedian(x): the same over the flattened tensor, value only.
def median(self: Tensor) -> Tensor:
    flat = torch.reshape(self, [-1])
    n = flat.size(0)
    s = torch.sort(flat, 0, False)[0]
    last = torch.select(s, 0, n - 1)
    return torch.where(torch.isnan(last), last, torch.select(s, 0, (n - 1) // 2))


def nanmedian(self: Tensor) -> Tensor:
    flat = torch.reshape(self, [-1])
    n = flat.size(0)
    s = torch.sort(flat, 0, False)[0]
    m = torch.sub(torch.full([1], n, dtype=torch.int64, device=self.device),
                  torch.sum(torch.isnan(flat), [0], True, dtype=torch.int64))
    pos = torch.clamp(torch.div(torch.sub(m, 1), 2, rounding_mode="floor"), 0)
    return torch.squeeze(torch.gather(s, 0, pos), 0)


# mode(x, dim): the most frequent value along dim, the smallest one among equally frequent values,
# and the largest index holding it: ATen's mode kernel (native/cpu/SortingKernel / TensorCompare
# mode) sorts (value, index) pairs and keeps the last element of the first longest run, which is the
# last occurrence for the stable small-size std::sort. Frequencies come from an n x n equality
# matrix along dim.
def mode(self: Tensor, dim: int = -1, keepdim: bool = False) -> Tuple[Tensor, Tensor]:
    if self.dim() == 0:
        return _scalar_pair(self)
    d = _wrap_dim(dim, self)
    n = self.size(d)
    s = torch.sort(self, d, False)[0]
    cnt = torch.sum(torch.eq(torch.unsqueeze(s, d + 1), torch.unsqueeze(s, d)), [d], False,
                    dtype=torch.int64)
    best = torch.amax(cnt, [d], True)
    first = torch.argmax(torch._to_copy(torch.eq(cnt, best), dtype=torch.int64), d, True)
    v = torch.gather(s, d, first)
    ar = torch.arange(0, n, 1, dtype=torch.int64, device=self.device)
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


# _unique2 (torch.unique): sort the flattened values, mark the first of each run of equal values
# (NaNs are all distinct, as in eager), take them with nonzero (value-dependent length); inverse =
# run number scattered back through the sort permutation, counts = differences of run starts. Eager
# on CPU sorts even for sorted=False.
def _unique2(self: Tensor, sorted: bool = True, return_inverse: bool = False,
             return_counts: bool = False) -> Tuple[Tensor, Tensor, Tensor]:
    flat = torch.reshape(self, [-1])
    n = flat.size(0)
    empty = torch.full([0], 0, dtype=torch.int64, device=self.device)
    if n == 0:
        inv0 = empty
        if return_inverse:
            inv0 = torch.full(self.size(), 0, dtype=torch.int64, device=self.device)
        return (torch.clone(flat), inv0, empty)
    sp = torch.sort(flat, 0, False)
    s = sp[0]
    perm = sp[1]
    neq = torch.ne(torch.slice(s, 0, 1, n), torch.slice(s, 0, 0, n - 1))
    mask, starts = _run_starts(neq)
    idx: List[Optional[Tensor]] = [starts]
    vals = torch.index(s, idx)
    inv = empty
    if return_inverse:
        g = torch.sub(torch.cumsum(mask, 0, dtype=torch.int64), 1)
        inv = torch.scatter(torch.full_like(perm, 0), 0, perm, g)
        inv = torch.reshape(inv, self.size())
    counts = empty
    if return_counts:
        counts = _run_lengths(starts, n)
    return (vals, inv, counts)


# unique_consecutive: as _unique2 without the sort; with dim, slices along dim are compared whole
# (any difference over the other dims).
def unique_consecutive(self: Tensor, return_inverse: bool = False, return_counts: bool = False,
                       dim: Optional[int] = None) -> Tuple[Tensor, Tensor, Tensor]:
    empty = torch.full([0], 0, dtype=torch.int64, device=self.device)
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
    mask, starts = _run_starts(neq)
    vals = torch.index_select(x, d, starts)
    inv = empty
    if return_inverse:
        inv = torch.sub(torch.cumsum(mask, 0, dtype=torch.int64), 1)
        if dim is None:
            inv = torch.reshape(inv, self.size())
    counts = empty
    if return_counts:
        counts = _run_lengths(starts, n)
    return (vals, inv, counts)


# unique_dim: the slices along dim compared whole. With A the slices flattened to rows, less[i, j] =
# A_i < A_j lexicographically (some k with A_ik < A_jk and no difference before k), equal[i, j] = no
# difference; the first slice of each class is kept, its rank among the classes (the inverse) counts
# the smaller kept slices, and the kept slices are written at their rank (sorted output, as eager's
# CPU unique_dim returns, with inverse and counts always filled). n x n x m comparisons: meant for
# moderate sizes.
def unique_dim(self: Tensor, dim: int, sorted: bool = True, return_inverse: bool = False,
               return_counts: bool = False) -> Tuple[Tensor, Tensor, Tensor]:
    d = dim
    if d < 0:
        d = d + self.dim()
    n = self.size(d)
    empty = torch.full([0], 0, dtype=torch.int64, device=self.device)
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
    nei = torch._to_copy(ne, dtype=torch.int64)
    before = torch.eq(torch.sub(torch.cumsum(nei, 2), nei), 0)
    less = torch.any(torch.logical_and(torch.lt(ai, aj), before), 2, False)
    equal = torch.logical_not(torch.any(ne, 2, False))
    ar = torch.arange(0, n, 1, dtype=torch.int64, device=self.device)
    earlier = torch.lt(torch.unsqueeze(ar, 0), torch.unsqueeze(ar, 1))
    first = torch.logical_not(torch.any(torch.logical_and(equal, earlier), 1, False))
    inv = torch.sum(torch.logical_and(less, torch.unsqueeze(first, 1)), [0], False,
                    dtype=torch.int64)
    reps = torch.select(torch.nonzero(first), 1, 0)
    rank = torch.index_select(inv, 0, reps)
    cnt = torch.sum(torch.index_select(equal, 0, reps), [1], False, dtype=torch.int64)
    order = torch.scatter(torch.full_like(reps, 0), 0, rank, reps)
    counts = torch.scatter(torch.full_like(reps, 0), 0, rank, cnt)
    return (torch.index_select(self, d, order), inv, counts)


# argwhere(x) = nonzero(x); nonzero_numpy(x) = the columns of nonzero(x), a 0-d x taken as 1-d
# (aten/src/ATen/native/TensorAdvancedIndexing.cpp). Their length depends on the values.
def argwhere(self: Tensor) -> Tensor:
    return torch.nonzero(self)


def nonzero_numpy(self: Tensor) -> List[Tensor]:
    x = self
    if self.dim() == 0:
        x = torch.unsqueeze(self, 0)
    return torch.unbind(torch.nonzero(x), 1)


DECOMPOSITIONS = {
    "aten::argwhere": argwhere,
    "aten::nonzero_numpy": nonzero_numpy,
    "aten::count_nonzero.dim_IntList": count_nonzero_dim_IntList,
    "aten::count_nonzero": count_nonzero,
    "aten::isin.Tensor_Tensor": isin,
    "aten::masked_select": masked_select,
    "aten::nonzero_static": nonzero_static,
    "aten::kthvalue": kthvalue,
    "aten::median.dim": median_dim,
    "aten::nanmedian.dim": nanmedian_dim,
    "aten::median": median,
    "aten::nanmedian": nanmedian,
    "aten::mode": mode,
    "aten::_unique2": _unique2,
    "aten::unique_consecutive": unique_consecutive,
    "aten::unique_dim": unique_dim,
}
