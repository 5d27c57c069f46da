// Decompositions of BLAS-like products, triangular/diagonal matrices, norms, factories and *_copy
// view copies into core ATen.
#include "decomps/library/library.h"

namespace graph_lower {

std::vector<TorchScriptDecomposition> BlasAndFactoryDecompositions() {
  return {
      // ---- clamps: torch/_refs clamp_min/clamp_max are clamp with one bound.
      {"aten::clamp_min", "clamp_min", R"TS(
def clamp_min(self: Tensor, min: number) -> Tensor:
    bound = float(min)
    if bound != bound:
        # A NaN bound makes every element NaN (the kernel's max with NaN propagates).
        return torch.add(torch.mul(torch.clamp(self, min, None), 0.0), bound)
    return torch.clamp(self, min, None)
)TS"},
      {"aten::clamp_min.Tensor", "clamp_min_tensor", R"TS(
def clamp_min_tensor(self: Tensor, min: Tensor) -> Tensor:
    return torch.clamp(self, min, None)
)TS"},
      {"aten::clamp_max", "clamp_max", R"TS(
def clamp_max(self: Tensor, max: number) -> Tensor:
    bound = float(max)
    if bound != bound:
        # A NaN bound makes every element NaN (the kernel's min with NaN propagates).
        return torch.add(torch.mul(torch.clamp(self, None, max), 0.0), bound)
    return torch.clamp(self, None, max)
)TS"},
      {"aten::clamp_max.Tensor", "clamp_max_tensor", R"TS(
def clamp_max_tensor(self: Tensor, max: Tensor) -> Tensor:
    return torch.clamp(self, None, max)
)TS"},
      // ---- BLAS-like products, following torch/_refs (dot, vdot, mv, addmv, addr) and
      // torch/_decomp/decompositions.py (baddbmm; addbmm is baddbmm summed over the batch).
      {"aten::dot", "dot", R"TS(
def dot(self: Tensor, tensor: Tensor) -> Tensor:
    r = torch.mm(torch.unsqueeze(self, 0), torch.unsqueeze(tensor, 1))
    return torch.squeeze(r, [0, 1])
)TS"},
      // vdot conjugates its first argument (a no-op for real tensors).
      {"aten::vdot", "vdot", R"TS(
def vdot(self: Tensor, other: Tensor) -> Tensor:
    if self.is_complex():
        self = torch.conj(self)
    r = torch.mm(torch.unsqueeze(self, 0), torch.unsqueeze(other, 1))
    return torch.squeeze(r, [0, 1])
)TS"},
      {"aten::mv", "mv", R"TS(
def mv(self: Tensor, vec: Tensor) -> Tensor:
    return torch.squeeze(torch.mm(self, torch.unsqueeze(vec, 1)), 1)
)TS"},
      // torch/_refs addmv: beta == 0 drops self (NaNs included), as the kernel does.
      {"aten::addmv", "addmv", R"TS(
def addmv(self: Tensor, mat: Tensor, vec: Tensor, beta: number = 1, alpha: number = 1) -> Tensor:
    if not self.is_floating_point() and not self.is_complex():
        beta = int(beta)
        alpha = int(alpha)
    out = torch.squeeze(torch.mm(mat, torch.unsqueeze(vec, 1)), 1)
    if alpha != 1:
        out = torch.mul(out, alpha)
    if beta == 0:
        return out
    if beta != 1:
        self = torch.mul(self, beta)
    return torch.add(out, self)
)TS"},
      // torch/_refs addr: outer product; booleans combine with or/and; beta == 0 drops self.
      {"aten::addr", "addr", R"TS(
def addr(self: Tensor, vec1: Tensor, vec2: Tensor, beta: number = 1, alpha: number = 1) -> Tensor:
    outer = torch.mul(torch.unsqueeze(vec1, 1), torch.unsqueeze(vec2, 0))
    s = torch.expand(self, [vec1.size(0), vec2.size(0)])
    if self.dtype == 11:
        if not bool(alpha):
            outer = torch.full_like(outer, False)
        if not bool(beta):
            return torch.logical_or(outer, torch.full_like(outer, False))
        return torch.logical_or(s, outer)
    if not self.is_floating_point() and not self.is_complex():
        beta = int(beta)
        alpha = int(alpha)
    out = torch.mul(outer, alpha)
    if beta == 0:
        return out
    return torch.add(torch.mul(s, beta), out)
)TS"},
      {"aten::baddbmm", "baddbmm", R"TS(
def baddbmm(self: Tensor, batch1: Tensor, batch2: Tensor, beta: number = 1, alpha: number = 1) -> Tensor:
    if not self.is_floating_point() and not self.is_complex():
        beta = int(beta)
        alpha = int(alpha)
    result = torch.bmm(batch1, batch2)
    if alpha != 1:
        result = torch.mul(result, alpha)
    if beta == 0:
        return result
    if beta != 1:
        self = torch.mul(self, beta)
    return torch.add(self, result)
)TS"},
      {"aten::addbmm", "addbmm", R"TS(
def addbmm(self: Tensor, batch1: Tensor, batch2: Tensor, beta: number = 1, alpha: number = 1) -> Tensor:
    if not self.is_floating_point() and not self.is_complex():
        beta = int(beta)
        alpha = int(alpha)
    result = torch.sum(torch.bmm(batch1, batch2), [0])
    if alpha != 1:
        result = torch.mul(result, alpha)
    if beta == 0:
        return result
    if beta != 1:
        self = torch.mul(self, beta)
    return torch.add(self, result)
)TS"},
      // torch/_refs linalg_cross: a[i+1] * b[i+2] - a[i+2] * b[i+1] along dim, after broadcasting.
      {"aten::linalg_cross", "linalg_cross", R"TS(
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
)TS"},
      // ---- triangular / diagonal matrices.
      // torch/_refs trace: sum of the main diagonal (integers accumulate in int64, as sum does).
      {"aten::trace", "trace", R"TS(
def trace(self: Tensor) -> Tensor:
    return torch.sum(torch.diagonal(self, 0, 0, 1))
)TS"},
      // torch/_refs tril/triu: a mask from column - row index differences.
      {"aten::tril", "tril", R"TS(
def tril(self: Tensor, diagonal: int = 0) -> Tensor:
    rows = torch.arange(0, self.size(-2), 1, dtype=4, device=self.device)
    cols = torch.arange(0, self.size(-1), 1, dtype=4, device=self.device)
    mask = torch.le(torch.sub(torch.unsqueeze(cols, 0), torch.unsqueeze(rows, 1)), diagonal)
    return torch.where(mask, self, torch.scalar_tensor(0, dtype=self.dtype, device=self.device))
)TS"},
      {"aten::triu", "triu", R"TS(
def triu(self: Tensor, diagonal: int = 0) -> Tensor:
    rows = torch.arange(0, self.size(-2), 1, dtype=4, device=self.device)
    cols = torch.arange(0, self.size(-1), 1, dtype=4, device=self.device)
    mask = torch.ge(torch.sub(torch.unsqueeze(cols, 0), torch.unsqueeze(rows, 1)), diagonal)
    return torch.where(mask, self, torch.scalar_tensor(0, dtype=self.dtype, device=self.device))
)TS"},
      // torch/_refs diag_embed: pad the last dim by |offset|, move it to dim2, unsqueeze dim1, and
      // keep the entries where (dim2 index) == (dim1 index) + offset.
      {"aten::diag_embed", "diag_embed", R"TS(
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
    a_range = torch.arange(0, last_dim, 1, dtype=4, device=self.device)
    b_range = torch.arange(offset, last_dim + offset, 1, dtype=4, device=self.device)
    cond = torch.eq(torch.unsqueeze(a_range, 0), torch.unsqueeze(b_range, 1))
    cond_shape: List[int] = []
    for i in range(rank):
        if i == dim1 or i == dim2:
            cond_shape.append(last_dim)
        else:
            cond_shape.append(1)
    cond = torch.reshape(cond, cond_shape)
    return torch.where(cond, t, torch.scalar_tensor(0, dtype=self.dtype, device=self.device))
)TS"},
      // torch/_refs block_diag: each block (0-d as 1x1, 1-d as a row) padded left/right with
      // zeros to the total width, then concatenated; the result dtype is the promoted dtype.
      {"aten::block_diag", "block_diag", R"TS(
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
)TS"},
      // torch/_refs rot90: flips and a transpose per quarter turn.
      {"aten::rot90", "rot90", R"TS(
def rot90(self: Tensor, k: int = 1, dims: List[int] = [0, 1]) -> Tensor:
    k = ((k % 4) + 4) % 4
    if k == 1:
        return torch.transpose(torch.flip(self, [dims[1]]), dims[0], dims[1])
    elif k == 2:
        return torch.flip(self, dims)
    elif k == 3:
        return torch.transpose(torch.flip(self, [dims[0]]), dims[0], dims[1])
    return torch.clone(self)
)TS"},
      // ---- norms. torch/_refs renorm: rescale slices whose p-norm exceeds maxnorm by
      // maxnorm / (norm + 1e-7).
      {"aten::renorm", "renorm", R"TS(
def renorm(self: Tensor, p: number, dim: int, maxnorm: number) -> Tensor:
    n = self.dim()
    if dim < 0:
        dim = dim + n
    reduce_dims: List[int] = []
    for i in range(n):
        if i != dim:
            reduce_dims.append(i)
    norm = torch.linalg_vector_norm(self, p, reduce_dims, True)
    factor = torch.where(torch.gt(norm, maxnorm),
                         torch.div(torch.full_like(norm, maxnorm), torch.add(norm, 1e-7)),
                         torch.full_like(norm, 1.0))
    return torch.mul(self, factor)
)TS"},
      // norm overloads are linalg_vector_norm (torch/functional.py norm; p None means 2).
      {"aten::norm.Scalar", "norm_scalar", R"TS(
def norm_scalar(self: Tensor, p: number = 2) -> Tensor:
    return torch.linalg_vector_norm(self, p)
)TS"},
      {"aten::norm.ScalarOpt_dim", "norm_dim", R"TS(
def norm_dim(self: Tensor, p: Optional[number], dim: List[int], keepdim: bool = False) -> Tensor:
    q: number = 2
    if p is not None:
        q = p
    return torch.linalg_vector_norm(self, q, dim, keepdim)
)TS"},
      {"aten::norm.ScalarOpt_dim_dtype", "norm_dim_dtype", R"TS(
def norm_dim_dtype(self: Tensor, p: Optional[number], dim: List[int], keepdim: bool,
                   dtype: int) -> Tensor:
    q: number = 2
    if p is not None:
        q = p
    return torch.linalg_vector_norm(self, q, dim, keepdim, dtype=dtype)
)TS"},
      {"aten::norm.ScalarOpt_dtype", "norm_dtype", R"TS(
def norm_dtype(self: Tensor, p: Optional[number], dtype: int) -> Tensor:
    q: number = 2
    if p is not None:
        q = p
    return torch.linalg_vector_norm(self, q, None, False, dtype=dtype)
)TS"},
      // torch/_refs dist: the p-norm of the (broadcast) difference.
      {"aten::dist", "dist", R"TS(
def dist(self: Tensor, other: Tensor, p: number = 2) -> Tensor:
    return torch.linalg_vector_norm(torch.sub(self, other), p)
)TS"},
      // ---- factories: core full / full_like / empty / empty_strided; a float fill lets a None
      // dtype take the default dtype, as in torch/_refs zeros/ones.
      {"aten::zeros", "zeros", R"TS(
def zeros(size: List[int], dtype: Optional[int] = None, layout: Optional[int] = None,
          device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    return torch.full(size, 0.0, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)
)TS"},
      {"aten::ones", "ones", R"TS(
def ones(size: List[int], dtype: Optional[int] = None, layout: Optional[int] = None,
         device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    return torch.full(size, 1.0, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)
)TS"},
      {"aten::ones_like", "ones_like", R"TS(
def ones_like(self: Tensor, dtype: Optional[int] = None, layout: Optional[int] = None,
              device: Optional[Device] = None, pin_memory: Optional[bool] = None,
              memory_format: Optional[int] = None) -> Tensor:
    return torch.full_like(self, 1, dtype=dtype, layout=layout, device=device,
                           pin_memory=pin_memory, memory_format=memory_format)
)TS"},
      {"aten::new_full", "new_full", R"TS(
def new_full(self: Tensor, size: List[int], fill_value: number, dtype: Optional[int] = None,
             layout: Optional[int] = None, device: Optional[Device] = None,
             pin_memory: Optional[bool] = None) -> Tensor:
    if dtype is None:
        dtype = self.dtype
    if device is None:
        device = self.device
    return torch.full(size, fill_value, dtype=dtype, layout=layout, device=device,
                      pin_memory=pin_memory)
)TS"},
      // ---- linspace / logspace, following the CPU kernels (aten/src/ATen/native/cpu/
      // RangeFactoriesKernel.cpp linspace_kernel, RangeFactories.cpp logspace_out) and torch/_refs
      // linspace: start/end converted to the output type first, step = (end - start) / (steps - 1)
      // in double for integral outputs (else the output type), start + step * i below steps // 2
      // and end - step * (steps - 1 - i) above; logspace is base ** that in double. The tensor
      // overloads use start.item() / end.item() (RangeFactories.cpp), the scalar ones delegate.
      {"aten::linspace.Tensor_Tensor", "linspace_tt", R"TS(
def linspace_tt(start: Tensor, end: Tensor, steps: int, dtype: Optional[int] = None,
                layout: Optional[int] = None, device: Optional[Device] = None,
                pin_memory: Optional[bool] = None) -> Tensor:
    if dtype is None:
        dtype = torch.full([0], 0.0, device=device).dtype
    is_int = dtype == 0 or dtype == 1 or dtype == 2 or dtype == 3 or dtype == 4 or dtype == 11
    # The kernel's step type: double for integral outputs, the output type otherwise.
    ct = dtype
    if is_int:
        ct = 7
    s = torch._to_copy(start, dtype=7)
    e = torch._to_copy(end, dtype=7)
    if is_int:
        s = torch.trunc(s)
        e = torch.trunc(e)
    s = torch._to_copy(s, dtype=ct)
    e = torch._to_copy(e, dtype=ct)
    if steps <= 1:
        r = torch.slice(torch.reshape(s, [1]), 0, 0, steps)
        return torch._to_copy(r, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)
    rg = torch.arange(0, steps, 1, dtype=ct, device=device)
    step = torch.div(torch.sub(e, s), steps - 1)
    lo = torch.add(s, torch.mul(step, rg))
    hi = torch.sub(e, torch.mul(step, torch.sub(torch.full_like(rg, steps - 1), rg)))
    x = torch.where(torch.lt(rg, steps // 2), lo, hi)
    return torch._to_copy(x, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)
)TS"},
      {"aten::linspace.Tensor_Scalar", "linspace_ts", R"TS(
def linspace_ts(start: Tensor, end: number, steps: int, dtype: Optional[int] = None, layout: Optional[int] = None,
        device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    return torch.linspace(start, torch.scalar_tensor(end, dtype=7, device=device), steps, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)
)TS"},
      {"aten::linspace.Scalar_Tensor", "linspace_st", R"TS(
def linspace_st(start: number, end: Tensor, steps: int, dtype: Optional[int] = None, layout: Optional[int] = None,
        device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    return torch.linspace(torch.scalar_tensor(start, dtype=7, device=device), end, steps, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)
)TS"},
      {"aten::linspace", "linspace", R"TS(
def linspace(start: number, end: number, steps: int, dtype: Optional[int] = None, layout: Optional[int] = None,
        device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    return torch.linspace(torch.scalar_tensor(start, dtype=7, device=device), torch.scalar_tensor(end, dtype=7, device=device), steps, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)
)TS"},
      {"aten::logspace.Tensor_Tensor", "logspace_tt", R"TS(
def logspace_tt(start: Tensor, end: Tensor, steps: int, base: float = 10.,
                dtype: Optional[int] = None, layout: Optional[int] = None,
                device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    if dtype is None:
        dtype = torch.full([0], 0.0, device=device).dtype
    is_int = dtype == 0 or dtype == 1 or dtype == 2 or dtype == 3 or dtype == 4 or dtype == 11
    # The kernel's step type: double for integral outputs, the output type otherwise.
    ct = dtype
    if is_int:
        ct = 7
    s = torch._to_copy(start, dtype=7)
    e = torch._to_copy(end, dtype=7)
    if is_int:
        s = torch.trunc(s)
        e = torch.trunc(e)
    s = torch._to_copy(s, dtype=ct)
    e = torch._to_copy(e, dtype=ct)
    if steps <= 1:
        r = torch.pow(base, torch._to_copy(torch.slice(torch.reshape(s, [1]), 0, 0, steps), dtype=7))
        return torch._to_copy(r, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)
    rg = torch.arange(0, steps, 1, dtype=ct, device=device)
    step = torch.div(torch.sub(e, s), steps - 1)
    lo = torch.add(s, torch.mul(step, rg))
    hi = torch.sub(e, torch.mul(step, torch.sub(torch.full_like(rg, steps - 1), rg)))
    x = torch.where(torch.lt(rg, steps // 2), lo, hi)
    x = torch.pow(base, torch._to_copy(x, dtype=7))
    return torch._to_copy(x, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)
)TS"},
      {"aten::logspace.Tensor_Scalar", "logspace_ts", R"TS(
def logspace_ts(start: Tensor, end: number, steps: int, base: float = 10., dtype: Optional[int] = None, layout: Optional[int] = None,
        device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    return torch.logspace(start, torch.scalar_tensor(end, dtype=7, device=device), steps, base, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)
)TS"},
      {"aten::logspace.Scalar_Tensor", "logspace_st", R"TS(
def logspace_st(start: number, end: Tensor, steps: int, base: float = 10., dtype: Optional[int] = None, layout: Optional[int] = None,
        device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    return torch.logspace(torch.scalar_tensor(start, dtype=7, device=device), end, steps, base, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)
)TS"},
      {"aten::logspace", "logspace", R"TS(
def logspace(start: number, end: number, steps: int, base: float = 10., dtype: Optional[int] = None, layout: Optional[int] = None,
        device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    return torch.logspace(torch.scalar_tensor(start, dtype=7, device=device), torch.scalar_tensor(end, dtype=7, device=device), steps, base, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)
)TS"},
      // torch/_refs eye: row index == column index.
      {"aten::eye", "eye", R"TS(
def eye(n: int, dtype: Optional[int] = None, layout: Optional[int] = None,
        device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    r = torch.arange(0, n, 1, dtype=4, device=device)
    cond = torch.eq(torch.unsqueeze(r, 1), torch.unsqueeze(r, 0))
    one = torch.full([1], 1.0, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)
    zero = torch.full([1], 0.0, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)
    return torch.where(cond, one, zero)
)TS"},
      {"aten::eye.m", "eye_m", R"TS(
def eye_m(n: int, m: int, dtype: Optional[int] = None, layout: Optional[int] = None,
          device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    rn = torch.arange(0, n, 1, dtype=4, device=device)
    rm = torch.arange(0, m, 1, dtype=4, device=device)
    cond = torch.eq(torch.unsqueeze(rn, 1), torch.unsqueeze(rm, 0))
    one = torch.full([1], 1.0, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)
    zero = torch.full([1], 0.0, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)
    return torch.where(cond, one, zero)
)TS"},
      // torch/_refs empty_permuted: an empty tensor of the physical shape, permuted back.
      {"aten::empty_permuted", "empty_permuted", R"TS(
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
)TS"},
      {"aten::new_empty_strided", "new_empty_strided", R"TS(
def new_empty_strided(self: Tensor, size: List[int], stride: List[int],
                      dtype: Optional[int] = None, layout: Optional[int] = None,
                      device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    if dtype is None:
        dtype = self.dtype
    if device is None:
        device = self.device
    return torch.empty_strided(size, stride, dtype=dtype, layout=layout, device=device,
                               pin_memory=pin_memory)
)TS"},
      // ---- *_copy ops: the view op followed by clone (torch/_refs/__init__.py defines each
      // X_copy as _make_copy_from_view(X)).
      {"aten::alias_copy", "alias_copy", R"TS(
def alias_copy(self: Tensor) -> Tensor:
    return torch.clone(self)
)TS"},
      {"aten::as_strided_copy", "as_strided_copy", R"TS(
def as_strided_copy(self: Tensor, size: List[int], stride: List[int],
                    storage_offset: Optional[int] = None) -> Tensor:
    return torch.clone(torch.as_strided(self, size, stride, storage_offset))
)TS"},
      {"aten::expand_copy", "expand_copy", R"TS(
def expand_copy(self: Tensor, size: List[int], implicit: bool = False) -> Tensor:
    return torch.clone(torch.expand(self, size))
)TS"},
      {"aten::permute_copy", "permute_copy", R"TS(
def permute_copy(self: Tensor, dims: List[int]) -> Tensor:
    return torch.clone(torch.permute(self, dims))
)TS"},
      {"aten::squeeze_copy", "squeeze_copy", R"TS(
def squeeze_copy(self: Tensor) -> Tensor:
    dims: List[int] = []
    for i in range(self.dim()):
        if self.size(i) == 1:
            dims.append(i)
    return torch.clone(torch.squeeze(self, dims))
)TS"},
      {"aten::squeeze_copy.dim", "squeeze_copy_dim", R"TS(
def squeeze_copy_dim(self: Tensor, dim: int) -> Tensor:
    return torch.clone(torch.squeeze(self, dim))
)TS"},
      {"aten::squeeze_copy.dims", "squeeze_copy_dims", R"TS(
def squeeze_copy_dims(self: Tensor, dim: List[int]) -> Tensor:
    return torch.clone(torch.squeeze(self, dim))
)TS"},
      {"aten::t_copy", "t_copy", R"TS(
def t_copy(self: Tensor) -> Tensor:
    if self.dim() < 2:
        return torch.clone(self)
    return torch.clone(torch.permute(self, [1, 0]))
)TS"},
      // torch 2.6 decomposed unbind_copy through its CompositeImplicitAutograd kernel; 2.14 gives
      // it a kernel of its own.
      {"aten::unbind_copy.int", "unbind_copy", R"TS(
def unbind_copy(self: Tensor, dim: int = 0) -> List[Tensor]:
    out: List[Tensor] = []
    for i in range(self.size(dim)):
        out.append(torch.clone(torch.select(self, dim, i)))
    return out
)TS"},
      {"aten::transpose_copy.int", "transpose_copy", R"TS(
def transpose_copy(self: Tensor, dim0: int, dim1: int) -> Tensor:
    return torch.clone(torch.transpose(self, dim0, dim1))
)TS"},
      // unfold as an index_select of the window positions (torch/_refs unfold_copy is unfold +
      // clone): windows start at multiples of step, the window dim goes last.
      {"aten::unfold_copy", "unfold_copy", R"TS(
def unfold_copy(self: Tensor, dimension: int, size: int, step: int) -> Tensor:
    n = self.dim()
    if n == 0:
        return torch.clone(torch.slice(torch.reshape(self, [1]), 0, 0, size))
    d = dimension
    if d < 0:
        d = d + n
    windows = (self.size(d) - size) // step + 1
    starts = torch.mul(torch.arange(0, windows, 1, dtype=4, device=self.device), step)
    offs = torch.arange(0, size, 1, dtype=4, device=self.device)
    idx = torch.reshape(torch.add(torch.unsqueeze(starts, 1), torch.unsqueeze(offs, 0)), [-1])
    x = torch.index_select(self, d, idx)
    shape: List[int] = []
    for i in range(n):
        if i == d:
            shape.append(windows)
            shape.append(size)
        else:
            shape.append(self.size(i))
    x = torch.reshape(x, shape)
    perm: List[int] = []
    for i in range(n + 1):
        if i != d + 1:
            perm.append(i)
    perm.append(d + 1)
    return torch.clone(torch.permute(x, perm))
)TS"},
      {"aten::unsqueeze_copy", "unsqueeze_copy", R"TS(
def unsqueeze_copy(self: Tensor, dim: int) -> Tensor:
    return torch.clone(torch.unsqueeze(self, dim))
)TS"},
      {"aten::view_copy", "view_copy", R"TS(
def view_copy(self: Tensor, size: List[int]) -> Tensor:
    return torch.clone(torch.reshape(self, size))
)TS"},
      {"aten::diagonal_copy", "diagonal_copy", R"TS(
def diagonal_copy(self: Tensor, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Tensor:
    return torch.clone(torch.diagonal(self, offset, dim1, dim2))
)TS"},
      {"aten::narrow_copy", "narrow_copy", R"TS(
def narrow_copy(self: Tensor, dim: int, start: int, length: int) -> Tensor:
    if dim < 0:
        dim = dim + self.dim()
    if start < 0:
        start = start + self.size(dim)
    return torch.clone(torch.slice(self, dim, start, start + length))
)TS"},
      {"aten::split_with_sizes_copy", "split_with_sizes_copy", R"TS(
def split_with_sizes_copy(self: Tensor, split_sizes: List[int], dim: int = 0) -> List[Tensor]:
    if dim < 0:
        dim = dim + self.dim()
    out: List[Tensor] = []
    start = 0
    for i in range(len(split_sizes)):
        out.append(torch.clone(torch.slice(self, dim, start, start + split_sizes[i])))
        start = start + split_sizes[i]
    return out
)TS"},
      // detach only drops autograd history: an alias.
      {"aten::detach", "detach", R"TS(
def detach(self: Tensor) -> Tensor:
    return torch.alias(self)
)TS"},
      // squeeze without dims squeezes every size-1 dim (squeeze.dims is core).
      {"aten::squeeze", "squeeze", R"TS(
def squeeze(self: Tensor) -> Tensor:
    dims: List[int] = []
    for i in range(self.dim()):
        if self.size(i) == 1:
            dims.append(i)
    return torch.squeeze(self, dims)
)TS"},
      // flatten.using_ints: the input itself when no dims merge, else a reshape (as ATen's
      // flatten, aten/src/ATen/native/TensorShape.cpp), which views when the strides allow it
      // and copies otherwise (expanded inputs, as from meshgrid in cartesian_prod). Out-of-range
      // dims are left to reshape's and size()'s checks, as before.
      {"aten::flatten.using_ints", "flatten", R"TS(
def flatten(self: Tensor, start_dim: int = 0, end_dim: int = -1) -> Tensor:
    n = self.dim()
    if n == 0:
        return torch.reshape(self, [1])
    if start_dim < 0:
        start_dim = start_dim + n
    if end_dim < 0:
        end_dim = end_dim + n
    if start_dim == end_dim:
        return self
    if self.numel() > 0:
        # The merged dim as -1, which reshape infers: no loop over the dims to unroll (unrolling
        # flatten's loops was about a third of a ResNet-18 lowering's decomposition time, perf).
        # With no elements -1 would be ambiguous: the sizes are multiplied out below.
        return torch.reshape(self, self.size()[:start_dim] + [-1] + self.size()[end_dim + 1:])
    shape: List[int] = []
    for i in range(start_dim):
        shape.append(self.size(i))
    m = 1
    for i in range(start_dim, end_dim + 1):
        m = m * self.size(i)
    shape.append(m)
    for i in range(end_dim + 1, n):
        shape.append(self.size(i))
    return torch.reshape(self, shape)
)TS",
       FlattenOnStaticShapes},
  };
}

}  // namespace graph_lower
