"""Scatter and index reductions, all, count_nonzero, take, unfold and other reductions over
positions. Sources and conventions: common.py of this folder.
"""


# all(x) = not any(not x) (torch/_refs all); uint8 inputs give uint8 like eager.
def all(self: Tensor) -> Tensor:
    out = torch.logical_not(torch.any(torch.logical_not(self)))
    if self.dtype == torch.uint8:
        out = torch._to_copy(out, dtype=torch.uint8)
    return out


def all_dim(self: Tensor, dim: int, keepdim: bool = False) -> Tensor:
    out = torch.logical_not(torch.any(torch.logical_not(self), dim, keepdim))
    if self.dtype == torch.uint8:
        out = torch._to_copy(out, dtype=torch.uint8)
    return out


def all_dims(self: Tensor, dim: Optional[List[int]] = None, keepdim: bool = False) -> Tensor:
    out = torch.logical_not(torch.any(torch.logical_not(self), dim, keepdim))
    if self.dtype == torch.uint8:
        out = torch._to_copy(out, dtype=torch.uint8)
    return out


def scatter_value_reduce(self: Tensor, dim: int, index: Tensor, value: number,
                         reduce: str) -> Tensor:
    r = "sum"
    if reduce == "multiply":
        r = "prod"
    src = torch.full_like(index, value, dtype=self.dtype)
    return torch.scatter_reduce(self, dim, index, src, r, include_self=True)


# nansum: sum with NaNs replaced by 0 (torch/_refs nansum); integer inputs sum to int64.
def nansum(self: Tensor, dim: Optional[List[int]] = None, keepdim: bool = False,
           dtype: Optional[int] = None) -> Tensor:
    x = torch.where(torch.isnan(self), torch.full_like(self, 0), self)
    dims: List[int] = []
    if dim is not None:
        dims = dim
    return torch.sum(x, dims, keepdim, dtype=dtype)


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


# index_reduce / index_add / index_copy along dim with a 1-D index: the index is viewed along dim
# and expanded to source's shape, then scatter_reduce.two / scatter_add / scatter.src
# (torch/_decomp/decompositions.py index_add/index_copy do the same with index_put on a transposed
# view).
def index_reduce(self: Tensor, dim: int, index: Tensor, source: Tensor, reduce: str,
                 include_self: bool = True) -> Tensor:
    return torch.scatter_reduce(self, dim, _expand_index(index, dim, source), source, reduce,
                                include_self=include_self)


def index_add(self: Tensor, dim: int, index: Tensor, source: Tensor, alpha: number = 1) -> Tensor:
    src = source
    if alpha != 1:
        src = torch.mul(source, alpha)
    return torch.scatter_add(self, dim, _expand_index(index, dim, src), src)


def index_copy(self: Tensor, dim: int, index: Tensor, source: Tensor) -> Tensor:
    return torch.scatter(self, dim, _expand_index(index, dim, source), source)


# take: index the row-major flattening of self (torch/_refs take).
def take(self: Tensor, index: Tensor) -> Tensor:
    indices: List[Optional[Tensor]] = [index]
    return torch.index(torch.reshape(self, [-1]), indices)


# scatter(reduce='add'|'multiply') = scatter_reduce.two with sum/prod, self included.
def scatter_reduce(self: Tensor, dim: int, index: Tensor, src: Tensor, reduce: str) -> Tensor:
    r = "sum"
    if reduce == "multiply":
        r = "prod"
    return torch.scatter_reduce(self, dim, index, src, r, include_self=True)


# unfold(x, d, size, step): a view of x's storage, dim d of size (n - size) // step + 1 with stride
# step * stride(d), and a last dim of the window, size `size`, stride stride(d)
# (torch/_refs/__init__.py unfold, _get_unfold_shape_stride).
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


# segment_reduce(data, reduce, lengths | offsets, axis, initial): ATen's
# _segment_reduce_lengths_cpu_kernel (native/SegmentReduce.cpp): every segment starts at `initial`
# (default 0 for sum/mean, 1 for prod, -inf max, +inf min) and reduces its elements; mean divides by
# the length, an empty segment keeping `initial` (NaN without it). Element p along axis belongs to
# segment #{ends <= p} (ends = cumsum(lengths) or offsets[..., 1:]); scatter_reduce over an output
# filled with the initial value, with one extra segment taking the elements past the last end
# (ignored by eager), sliced off.
def segment_reduce(data: Tensor, reduce: str, lengths: Optional[Tensor] = None,
                   indices: Optional[Tensor] = None, offsets: Optional[Tensor] = None,
                   axis: int = 0, unsafe: bool = False,
                   initial: Optional[number] = None) -> Tensor:
    ax = axis
    if ax < 0:
        ax = ax + data.dim()
    if lengths is not None:
        lens = lengths
        ends = torch.cumsum(lengths, -1, dtype=torch.int64)
    else:
        assert offsets is not None
        m = offsets.size(-1)
        ends = torch._to_copy(torch.slice(offsets, -1, 1, m), dtype=torch.int64)
        lens = torch.sub(ends, torch.slice(offsets, -1, 0, m - 1))
    nseg = ends.size(-1)
    n = data.size(ax)
    p = torch.arange(0, n, 1, dtype=torch.int64, device=data.device)
    seg = torch.sum(torch.le(torch.unsqueeze(ends, -2), torch.unsqueeze(p, -1)), [-1], False,
                    dtype=torch.int64)
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


# _chunk_cat: each tensor padded with zeros along dim to a multiple of num_chunks, viewed as [..dim,
# num_chunks, -1] and concatenated at dim + 1 (torch/_decomp/decompositions.py _chunk_cat).
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


# unsafe_split: the pieces of split.Tensor (torch/_refs split): slices of split_size along dim, the
# last one shorter; one empty piece for an empty dim.
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


# frexp: x = mantissa * 2^exponent, |mantissa| in [0.5, 1); exponent = floor(log2|x|) + 1 in
# float64, corrected by one step when log2 rounds across a power of two; 0, inf and NaN give (x, 0)
# as C's frexp (glibc) does. Exponent is int32 as in eager.
def frexp(self: Tensor) -> Tuple[Tensor, Tensor]:
    x = torch._to_copy(self, dtype=torch.float64)
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
    return (torch._to_copy(m, dtype=self.dtype), torch._to_copy(e, dtype=torch.int32))


# combinations(x, r): ATen's combinations (native/Itertools.cpp): an r-dim index grid masked to i1 <
# i2 < ... (<= with replacement), each grid masked and stacked at dim 1.
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
            torch.arange(0, n, 1, dtype=torch.int64, device=self.device), shape), full))
    mask = torch.full(full, True, dtype=torch.bool, device=self.device)
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


# as_strided_scatter: src written into the view as_strided(size, stride, offset) of a contiguous
# copy of self (ATen: clone, as_strided, copy_): the element positions are an as_strided view of
# arange(numel), written with index_put.
def as_strided_scatter(self: Tensor, src: Tensor, size: List[int], stride: List[int],
                       storage_offset: Optional[int] = None) -> Tensor:
    off = 0
    if storage_offset is not None:
        off = storage_offset
    flat = torch.reshape(self, [-1])
    pos = torch.as_strided(torch.arange(0, flat.size(0), 1, dtype=torch.int64, device=self.device),
                           size, stride, off)
    idx: List[Optional[Tensor]] = [torch.reshape(pos, [-1])]
    out = torch.index_put(flat, idx, torch.reshape(torch.expand(src, size), [-1]), False)
    return torch.reshape(out, self.size())


DECOMPOSITIONS = {
    "aten::all": all,
    "aten::all.dim": all_dim,
    "aten::all.dims": all_dims,
    "aten::scatter.value_reduce": scatter_value_reduce,
    "aten::nansum": nansum,
    "aten::index_reduce": index_reduce,
    "aten::index_add": index_add,
    "aten::index_copy": index_copy,
    "aten::take": take,
    "aten::scatter.reduce": scatter_reduce,
    "aten::unfold": unfold,
    "aten::segment_reduce": segment_reduce,
    "aten::_chunk_cat": _chunk_cat,
    "aten::unsafe_split.Tensor": unsafe_split,
    "aten::frexp.Tensor": frexp,
    "aten::combinations": combinations,
    "aten::as_strided_scatter": as_strided_scatter,
}
