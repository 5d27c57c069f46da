"""Factories (zeros, ones, linspace, logspace, eye, ...), clamps, norms and triangular and diagonal
ops. Sources and conventions: common.py of this folder.
"""


# ---- clamps: torch/_refs clamp_min/clamp_max are clamp with one bound.
def clamp_min(self: Tensor, min: number) -> Tensor:
    bound = float(min)
    if bound != bound:
        # A NaN bound makes every element NaN (the kernel's max with NaN propagates).
        return torch.add(torch.mul(torch.clamp(self, min, None), 0.0), bound)
    return torch.clamp(self, min, None)


def clamp_min_tensor(self: Tensor, min: Tensor) -> Tensor:
    return torch.clamp(self, min, None)


def clamp_max(self: Tensor, max: number) -> Tensor:
    bound = float(max)
    if bound != bound:
        # A NaN bound makes every element NaN (the kernel's min with NaN propagates).
        return torch.add(torch.mul(torch.clamp(self, None, max), 0.0), bound)
    return torch.clamp(self, None, max)


def clamp_max_tensor(self: Tensor, max: Tensor) -> Tensor:
    return torch.clamp(self, None, max)


# torch/_refs linalg_cross: a[i+1] * b[i+2] - a[i+2] * b[i+1] along dim, after broadcasting.
def linalg_cross(self: Tensor, other: Tensor, dim: int = -1) -> Tensor:
    n = max(self.dim(), other.dim())
    shape: List[int] = []
    for i in range(n):
        da = i - (n - self.dim())
        db = i - (n - other.dim())
        sa = 1
        sb = 1
        if da >= 0:
            sa = self.size(da)
        if db >= 0:
            sb = other.size(db)
        shape.append(max(sa, sb))
    a = torch.expand(self, shape)
    b = torch.expand(other, shape)
    if dim < 0:
        dim = dim + n
    a0 = torch.slice(a, dim, 0, 1)
    a1 = torch.slice(a, dim, 1, 2)
    a2 = torch.slice(a, dim, 2, 3)
    b0 = torch.slice(b, dim, 0, 1)
    b1 = torch.slice(b, dim, 1, 2)
    b2 = torch.slice(b, dim, 2, 3)
    c0 = torch.sub(torch.mul(a1, b2), torch.mul(a2, b1))
    c1 = torch.sub(torch.mul(a2, b0), torch.mul(a0, b2))
    c2 = torch.sub(torch.mul(a0, b1), torch.mul(a1, b0))
    return torch.cat([c0, c1, c2], dim)


# ---- triangular / diagonal matrices. torch/_refs trace: sum of the main diagonal (integers
# accumulate in int64, as sum does).
def trace(self: Tensor) -> Tensor:
    return torch.sum(torch.diagonal(self, 0, 0, 1))


# torch/_refs tril/triu: a mask from column - row index differences.
def tril(self: Tensor, diagonal: int = 0) -> Tensor:
    rows = torch.arange(0, self.size(-2), 1, dtype=torch.int64, device=self.device)
    cols = torch.arange(0, self.size(-1), 1, dtype=torch.int64, device=self.device)
    mask = torch.le(torch.sub(torch.unsqueeze(cols, 0), torch.unsqueeze(rows, 1)), diagonal)
    return torch.where(mask, self, torch.scalar_tensor(0, dtype=self.dtype, device=self.device))


def triu(self: Tensor, diagonal: int = 0) -> Tensor:
    rows = torch.arange(0, self.size(-2), 1, dtype=torch.int64, device=self.device)
    cols = torch.arange(0, self.size(-1), 1, dtype=torch.int64, device=self.device)
    mask = torch.ge(torch.sub(torch.unsqueeze(cols, 0), torch.unsqueeze(rows, 1)), diagonal)
    return torch.where(mask, self, torch.scalar_tensor(0, dtype=self.dtype, device=self.device))


# torch/_refs diag_embed: pad the last dim by |offset|, move it to dim2, unsqueeze dim1, and keep
# the entries where (dim2 index) == (dim1 index) + offset.
def diag_embed(self: Tensor, offset: int = 0, dim1: int = -2, dim2: int = -1) -> Tensor:
    rank = self.dim() + 1
    if dim1 < 0:
        dim1 = dim1 + rank
    if dim2 < 0:
        dim2 = dim2 + rank
    if dim1 > dim2:
        tmp = dim1
        dim1 = dim2
        dim2 = tmp
        offset = -offset
    t = self
    last_dim = self.size(-1)
    if offset != 0:
        zshape: List[int] = []
        for i in range(self.dim()):
            zshape.append(self.size(i))
        zshape[self.dim() - 1] = abs(offset)
        z = torch.full(zshape, 0, dtype=self.dtype, device=self.device)
        if offset > 0:
            t = torch.cat([z, t], -1)
        else:
            t = torch.cat([t, z], -1)
        last_dim = last_dim + abs(offset)
    # movedim(-1, dim2) on the rank - 1 dims, then unsqueeze(dim1).
    perm: List[int] = []
    for i in range(rank - 2):
        perm.append(i)
    perm.insert(dim2 - 1, rank - 2)
    t = torch.unsqueeze(torch.permute(t, perm), dim1)
    a_range = torch.arange(0, last_dim, 1, dtype=torch.int64, device=self.device)
    b_range = torch.arange(offset, last_dim + offset, 1, dtype=torch.int64, device=self.device)
    cond = torch.eq(torch.unsqueeze(a_range, 0), torch.unsqueeze(b_range, 1))
    cond_shape: List[int] = []
    for i in range(rank):
        if i == dim1 or i == dim2:
            cond_shape.append(last_dim)
        else:
            cond_shape.append(1)
    cond = torch.reshape(cond, cond_shape)
    return torch.where(cond, t, torch.scalar_tensor(0, dtype=self.dtype, device=self.device))


# torch/_refs block_diag: each block (0-d as 1x1, 1-d as a row) padded left/right with zeros to the
# total width, then concatenated; the result dtype is the promoted dtype.
def block_diag(tensors: List[Tensor]) -> Tensor:
    blocks: List[Tensor] = []
    empties: List[Tensor] = []
    width = 0
    for t in tensors:
        if t.dim() == 0:
            b = torch.reshape(t, [1, 1])
        elif t.dim() == 1:
            b = torch.unsqueeze(t, 0)
        else:
            b = t
        blocks.append(b)
        empties.append(torch.slice(torch.reshape(t, [-1]), 0, 0, 0))
        width = width + b.size(1)
    if len(tensors) == 0:
        return torch.full([1, 0], 0.0)
    dtype = torch.cat(empties).dtype
    rows: List[Tensor] = []
    left = 0
    for b in blocks:
        c = b.size(1)
        p = torch.constant_pad_nd(torch._to_copy(b, dtype=dtype), [left, width - left - c], 0)
        rows.append(p)
        left = left + c
    return torch.cat(rows, 0)


# torch/_refs rot90: flips and a transpose per quarter turn.
def rot90(self: Tensor, k: int = 1, dims: List[int] = [0, 1]) -> Tensor:
    k = ((k % 4) + 4) % 4
    if k == 1:
        return torch.transpose(torch.flip(self, [dims[1]]), dims[0], dims[1])
    elif k == 2:
        return torch.flip(self, dims)
    elif k == 3:
        return torch.transpose(torch.flip(self, [dims[0]]), dims[0], dims[1])
    return torch.clone(self)


# ---- norms. torch/_refs renorm: rescale slices whose p-norm exceeds maxnorm by maxnorm / (norm +
# 1e-7).
def renorm(self: Tensor, p: number, dim: int, maxnorm: number) -> Tensor:
    n = self.dim()
    if dim < 0:
        dim = dim + n
    reduce_dims: List[int] = []
    for i in range(n):
        if i != dim:
            reduce_dims.append(i)
    # Norm, factor and product in _opmath, rounded once (renorm_out in ATen: the norm and the
    # factor in the accumulate type).
    x = _opmath(self)
    norm = torch.linalg_vector_norm(x, p, reduce_dims, True)
    factor = torch.where(torch.gt(norm, maxnorm),
                         torch.div(torch.full_like(norm, maxnorm), torch.add(norm, 1e-7)),
                         torch.full_like(norm, 1.0))
    return _cast_to(torch.mul(x, factor), self.dtype)


# norm overloads are linalg_vector_norm (torch/functional.py norm; p None means 2).
def norm_scalar(self: Tensor, p: number = 2) -> Tensor:
    return torch.linalg_vector_norm(self, p)


def norm_dim(self: Tensor, p: Optional[number], dim: List[int], keepdim: bool = False) -> Tensor:
    q: number = 2
    if p is not None:
        q = p
    return torch.linalg_vector_norm(self, q, dim, keepdim)


def norm_dim_dtype(self: Tensor, p: Optional[number], dim: List[int], keepdim: bool,
                   dtype: int) -> Tensor:
    q: number = 2
    if p is not None:
        q = p
    return torch.linalg_vector_norm(self, q, dim, keepdim, dtype=dtype)


def norm_dtype(self: Tensor, p: Optional[number], dtype: int) -> Tensor:
    q: number = 2
    if p is not None:
        q = p
    return torch.linalg_vector_norm(self, q, None, False, dtype=dtype)


# torch/_refs dist: the p-norm of the (broadcast) difference.
def dist(self: Tensor, other: Tensor, p: number = 2) -> Tensor:
    return torch.linalg_vector_norm(torch.sub(self, other), p)


# ---- factories: core full / full_like / empty / empty_strided; a float fill lets a None dtype take
# the default dtype, as in torch/_refs zeros/ones.
def zeros(size: List[int], dtype: Optional[int] = None, layout: Optional[int] = None,
          device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    return torch.full(size, 0.0, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)


def ones(size: List[int], dtype: Optional[int] = None, layout: Optional[int] = None,
         device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    return torch.full(size, 1.0, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)


def ones_like(self: Tensor, dtype: Optional[int] = None, layout: Optional[int] = None,
              device: Optional[Device] = None, pin_memory: Optional[bool] = None,
              memory_format: Optional[int] = None) -> Tensor:
    return torch.full_like(self, 1, dtype=dtype, layout=layout, device=device,
                           pin_memory=pin_memory, memory_format=memory_format)


def new_full(self: Tensor, size: List[int], fill_value: number, dtype: Optional[int] = None,
             layout: Optional[int] = None, device: Optional[Device] = None,
             pin_memory: Optional[bool] = None) -> Tensor:
    dtype, device = _dtype_device(self, dtype, device)
    return torch.full(size, fill_value, dtype=dtype, layout=layout, device=device,
                      pin_memory=pin_memory)


# ---- linspace / logspace, following the CPU kernels (aten/src/ATen/native/cpu/
# RangeFactoriesKernel.cpp linspace_kernel, RangeFactories.cpp logspace_out) and torch/_refs
# linspace: start/end converted to the output type first, step = (end - start) / (steps - 1) in
# double for integral outputs (else the output type), start + step * i below steps // 2 and end -
# step * (steps - 1 - i) above; logspace is base ** that in double. The tensor overloads use
# start.item() / end.item() (RangeFactories.cpp), the scalar ones delegate.
def linspace_tt(start: Tensor, end: Tensor, steps: int, dtype: Optional[int] = None,
                layout: Optional[int] = None, device: Optional[Device] = None,
                pin_memory: Optional[bool] = None) -> Tensor:
    return _space(start, end, steps, False, 10.0, dtype, layout, device, pin_memory)


# linspace, or logspace (base ** linspace, in double) when log.
def _space(start: Tensor, end: Tensor, steps: int, log: bool, base: float, dtype: Optional[int],
           layout: Optional[int], device: Optional[Device], pin_memory: Optional[bool]) -> Tensor:
    if dtype is None:
        dtype = torch.full([0], 0.0, device=device).dtype
    is_int = (dtype == torch.uint8 or dtype == torch.int8 or dtype == torch.int16
              or dtype == torch.int32 or dtype == torch.int64 or dtype == torch.bool)
    # The kernel's step type: double for integral outputs, the output type otherwise.
    ct = dtype
    if is_int:
        ct = torch.float64
    s = torch._to_copy(start, dtype=torch.float64)
    e = torch._to_copy(end, dtype=torch.float64)
    if is_int:
        s = torch.trunc(s)
        e = torch.trunc(e)
    s = torch._to_copy(s, dtype=ct)
    e = torch._to_copy(e, dtype=ct)
    if steps <= 1:
        x = torch.slice(torch.reshape(s, [1]), 0, 0, steps)
    else:
        rg = torch.arange(0, steps, 1, dtype=ct, device=device)
        step = torch.div(torch.sub(e, s), steps - 1)
        lo = torch.add(s, torch.mul(step, rg))
        hi = torch.sub(e, torch.mul(step, torch.sub(torch.full_like(rg, steps - 1), rg)))
        x = torch.where(torch.lt(rg, steps // 2), lo, hi)
    if log:
        x = torch.pow(base, torch._to_copy(x, dtype=torch.float64))
    return torch._to_copy(x, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)


def linspace_ts(start: Tensor, end: number, steps: int, dtype: Optional[int] = None,
                layout: Optional[int] = None, device: Optional[Device] = None,
                pin_memory: Optional[bool] = None) -> Tensor:
    return torch.linspace(start, torch.scalar_tensor(end, dtype=torch.float64, device=device),
                          steps, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)


def linspace_st(start: number, end: Tensor, steps: int, dtype: Optional[int] = None,
                layout: Optional[int] = None, device: Optional[Device] = None,
                pin_memory: Optional[bool] = None) -> Tensor:
    return torch.linspace(torch.scalar_tensor(start, dtype=torch.float64, device=device), end,
                          steps, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)


def linspace(start: number, end: number, steps: int, dtype: Optional[int] = None,
             layout: Optional[int] = None, device: Optional[Device] = None,
             pin_memory: Optional[bool] = None) -> Tensor:
    return torch.linspace(torch.scalar_tensor(start, dtype=torch.float64, device=device),
                          torch.scalar_tensor(end, dtype=torch.float64, device=device), steps,
                          dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)


def logspace_tt(start: Tensor, end: Tensor, steps: int, base: float = 10.,
                dtype: Optional[int] = None, layout: Optional[int] = None,
                device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    return _space(start, end, steps, True, base, dtype, layout, device, pin_memory)


def logspace_ts(start: Tensor, end: number, steps: int, base: float = 10.,
                dtype: Optional[int] = None, layout: Optional[int] = None,
                device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    return torch.logspace(start, torch.scalar_tensor(end, dtype=torch.float64, device=device),
                          steps, base, dtype=dtype, layout=layout, device=device,
                          pin_memory=pin_memory)


def logspace_st(start: number, end: Tensor, steps: int, base: float = 10.,
                dtype: Optional[int] = None, layout: Optional[int] = None,
                device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    return torch.logspace(torch.scalar_tensor(start, dtype=torch.float64, device=device), end,
                          steps, base, dtype=dtype, layout=layout, device=device,
                          pin_memory=pin_memory)


def logspace(start: number, end: number, steps: int, base: float = 10., dtype: Optional[int] = None,
             layout: Optional[int] = None, device: Optional[Device] = None,
             pin_memory: Optional[bool] = None) -> Tensor:
    return torch.logspace(torch.scalar_tensor(start, dtype=torch.float64, device=device),
                          torch.scalar_tensor(end, dtype=torch.float64, device=device), steps, base,
                          dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)


# torch/_refs eye: row index == column index.
def eye(n: int, dtype: Optional[int] = None, layout: Optional[int] = None,
        device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    r = torch.arange(0, n, 1, dtype=torch.int64, device=device)
    cond = torch.eq(torch.unsqueeze(r, 1), torch.unsqueeze(r, 0))
    one = torch.full([1], 1.0, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)
    zero = torch.full([1], 0.0, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)
    return torch.where(cond, one, zero)


def eye_m(n: int, m: int, dtype: Optional[int] = None, layout: Optional[int] = None,
          device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    rn = torch.arange(0, n, 1, dtype=torch.int64, device=device)
    rm = torch.arange(0, m, 1, dtype=torch.int64, device=device)
    cond = torch.eq(torch.unsqueeze(rn, 1), torch.unsqueeze(rm, 0))
    one = torch.full([1], 1.0, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)
    zero = torch.full([1], 0.0, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)
    return torch.where(cond, one, zero)


# torch/_refs empty_permuted: an empty tensor of the physical shape, permuted back.
def empty_permuted(size: List[int], physical_layout: List[int], dtype: Optional[int] = None,
                   layout: Optional[int] = None, device: Optional[Device] = None,
                   pin_memory: Optional[bool] = None) -> Tensor:
    perm: List[int] = []
    physical: List[int] = []
    for i in range(len(size)):
        perm.append(0)
    for p in range(len(physical_layout)):
        perm[physical_layout[p]] = p
        physical.append(size[physical_layout[p]])
    e = torch.empty(physical, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)
    return torch.permute(e, perm)


def new_empty_strided(self: Tensor, size: List[int], stride: List[int],
                      dtype: Optional[int] = None, layout: Optional[int] = None,
                      device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    dtype, device = _dtype_device(self, dtype, device)
    return torch.empty_strided(size, stride, dtype=dtype, layout=layout, device=device,
                               pin_memory=pin_memory)


# tril_indices(row, col, offset) / triu_indices: the coordinates of the lower (upper) triangle of a
# row x col matrix, row-major, as a 2 x N tensor of `dtype` (torch/_refs tril_indices and
# triu_indices; aten/src/ATen/native/TensorFactories.h get_tril_size). The triangle is a trapezoid
# of rows growing by one element each, whose k-th element has closed-form coordinates (the root of
# a triangular-number equation, in float64), and a rectangle of full rows.
def _tril_sizes(row: int, col: int, offset: int) -> Tuple[int, int, int]:
    # (elements of the trapezoid, of the rectangle, length of the trapezoid's first row)
    if row == 0 or col == 0:
        return 0, 0, 0
    first = 0
    if offset > 0:
        first = min(col, 1 + offset)
    elif row + offset > 0:
        first = 1
    last = max(0, min(col, row + offset))
    rows_all = max(0, min(row, row + offset))
    rows_trapezoid = last - first + 1
    trapezoid = (first + last) * rows_trapezoid // 2
    return trapezoid, max(0, (rows_all - rows_trapezoid) * col), first


def _indices_dtype(dtype: Optional[int]) -> int:
    if dtype is None:
        return torch.int64
    return dtype


def _stack_rows(rows: Tensor, cols: Tensor) -> Tensor:
    return torch.cat([torch.unsqueeze(rows, 0), torch.unsqueeze(cols, 0)], 0)


def tril_indices(row: int, col: int, offset: int = 0, dtype: Optional[int] = 4,
                 layout: Optional[int] = None, device: Optional[Device] = None,
                 pin_memory: Optional[bool] = None) -> Tensor:
    dt = _indices_dtype(dtype)
    trapezoid, rectangle, first = _tril_sizes(row, col, offset)
    row_offset = max(0, -offset)
    # Trapezoid: rows of first, first + 1, ... elements.
    k = torch.arange(0, trapezoid, 1, dtype=torch.float64, device=device)
    b = first - 0.5
    r1 = torch.floor(torch.sub(torch.sqrt(torch.add(torch.mul(k, 2.0), b * b)), b))
    # Rows before row r hold r * first + r (r - 1) / 2 = (r + 2 b) r / 2 elements.
    c1 = torch.floor(torch.sub(k, torch.mul(torch.mul(torch.add(r1, 2.0 * b), r1), 0.5)))
    r1 = torch._to_copy(torch.add(r1, float(row_offset)), dtype=dt)
    c1 = torch._to_copy(c1, dtype=dt)
    # Rectangle: full rows below it.
    k2 = torch.arange(0, rectangle, 1, dtype=dt, device=device)
    r2 = torch.add(torch.div(k2, col, rounding_mode="floor"), col - first + 1 + row_offset)
    c2 = torch.remainder(k2, col)
    return _stack_rows(torch.cat([r1, r2], 0), torch.cat([c1, c2], 0))


def triu_indices(row: int, col: int, offset: int = 0, dtype: Optional[int] = 4,
                 layout: Optional[int] = None, device: Optional[Device] = None,
                 pin_memory: Optional[bool] = None) -> Tensor:
    dt = _indices_dtype(dtype)
    # The upper triangle is what the lower one at offset - 1 leaves out: a rectangle of full rows
    # on top, then a trapezoid of rows shrinking by one element each.
    trapezoid = 0
    rectangle = 0
    first = 0
    if row != 0 and col != 0:
        first = col
        if offset > 0:
            first = max(0, col - offset)
        rectangle = max(0, min(row, -offset) * col)
        tril_trapezoid, tril_rectangle, _ = _tril_sizes(row, col, offset - 1)
        trapezoid = row * col - (tril_trapezoid + tril_rectangle) - rectangle
    k2 = torch.arange(0, rectangle, 1, dtype=dt, device=device)
    r2 = torch.div(k2, col, rounding_mode="floor")
    c2 = torch.remainder(k2, col)
    k = torch.arange(0, trapezoid, 1, dtype=torch.float64, device=device)
    b = -0.5 - first
    r1 = torch.floor(torch.neg(torch.add(torch.sqrt(torch.add(torch.mul(k, -2.0), b * b)), b)))
    c1 = torch.floor(torch.sub(k, torch.mul(torch.mul(torch.sub(2.0 * first - 1.0, r1), r1), 0.5)))
    r1 = torch._to_copy(r1, dtype=dt)
    c1 = torch._to_copy(c1, dtype=dt)
    if col != 0:
        r1 = torch.add(r1, rectangle // col)
    c1 = torch.add(c1, max(0, offset))
    return _stack_rows(torch.cat([r2, r1], 0), torch.cat([c2, c1], 0))


DECOMPOSITIONS = {
    "aten::tril_indices": tril_indices,
    "aten::triu_indices": triu_indices,
    "aten::clamp_min": clamp_min,
    "aten::clamp_min.Tensor": clamp_min_tensor,
    "aten::clamp_max": clamp_max,
    "aten::clamp_max.Tensor": clamp_max_tensor,
    "aten::linalg_cross": linalg_cross,
    "aten::trace": trace,
    "aten::tril": tril,
    "aten::triu": triu,
    "aten::diag_embed": diag_embed,
    "aten::block_diag": block_diag,
    "aten::rot90": rot90,
    "aten::renorm": renorm,
    "aten::norm.Scalar": norm_scalar,
    "aten::norm.ScalarOpt_dim": norm_dim,
    "aten::norm.ScalarOpt_dim_dtype": norm_dim_dtype,
    "aten::norm.ScalarOpt_dtype": norm_dtype,
    "aten::dist": dist,
    "aten::zeros": zeros,
    "aten::ones": ones,
    "aten::ones_like": ones_like,
    "aten::new_full": new_full,
    "aten::linspace.Tensor_Tensor": linspace_tt,
    "aten::linspace.Tensor_Scalar": linspace_ts,
    "aten::linspace.Scalar_Tensor": linspace_st,
    "aten::linspace": linspace,
    "aten::logspace.Tensor_Tensor": logspace_tt,
    "aten::logspace.Tensor_Scalar": logspace_ts,
    "aten::logspace.Scalar_Tensor": logspace_st,
    "aten::logspace": logspace,
    "aten::eye": eye,
    "aten::eye.m": eye_m,
    "aten::empty_permuted": empty_permuted,
    "aten::new_empty_strided": new_empty_strided,
}
