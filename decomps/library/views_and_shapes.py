"""Decompositions of view and shape ops into core ATen (permute, view, slice, cat,
split_with_sizes, full, clone). Follows torch/_refs/__init__.py (t, transpose, roll, split).
"""


# tensor_split with a tensor of indices (1-D) or of the number of sections (0-d), read at run time:
# the slices the kernel takes (aten/src/ATen/native/TensorShape.cpp tensor_split); n sections give n
# % sections parts of size n / sections + 1 first.
def tensor_split(self: Tensor, tensor_indices_or_sections: Tensor, dim: int = 0) -> List[Tensor]:
    d = dim
    if d < 0:
        d = d + self.dim()
    n = self.size(d)
    out: List[Tensor] = []
    if tensor_indices_or_sections.dim() == 0:
        sections = int(tensor_indices_or_sections)
        # As the kernel; also keeps n % 0 (a SIGFPE in the interpreter) from running when the
        # graph is specialised on example values (zeros).
        assert sections > 0, "number of sections must be larger than 0"
        base = n // sections
        extra = n % sections
        start = 0
        for i in range(sections):
            size = base
            if i < extra:
                size = base + 1
            out.append(torch.slice(self, d, start, start + size, 1))
            start = start + size
        return out
    start = 0
    for i in range(tensor_indices_or_sections.size(0)):
        end = int(torch.select(tensor_indices_or_sections, 0, i))
        out.append(torch.slice(self, d, start, end, 1))
        start = end
    out.append(torch.slice(self, d, start, n, 1))
    return out


# arange(end) and arange(start, end) are arange.start_step with step 1 (core); the same Scalars go
# through, so the result dtype is inferred the same way (int64 when all are integers, else the
# default float dtype: torch/_refs arange).
def arange(end: number, dtype: Optional[int] = None, layout: Optional[int] = None,
           device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    return torch.arange(0, end, 1, dtype=dtype, layout=layout, device=device,
                        pin_memory=pin_memory)


def arange_start(start: number, end: number, dtype: Optional[int] = None,
                 layout: Optional[int] = None, device: Optional[Device] = None,
                 pin_memory: Optional[bool] = None) -> Tensor:
    return torch.arange(start, end, 1, dtype=dtype, layout=layout, device=device,
                        pin_memory=pin_memory)


# narrow(x, dim, start, length) with a tensor start: the slice [start, start + length), start read
# at run time (aten/src/ATen/native/TensorShape.cpp narrow_tensor_symint; a negative start counts
# from the end).
def narrow(self: Tensor, dim: int, start: Tensor, length: int) -> Tensor:
    s = int(start)
    if s < 0:
        s = s + self.size(dim)
    return torch.slice(self, dim, s, s + length, 1)


def t(self: Tensor) -> Tensor:
    if self.dim() < 2:
        return torch.alias(self)
    return torch.permute(self, [1, 0])


def transpose(self: Tensor, dim0: int, dim1: int) -> Tensor:
    n = self.dim()
    if n == 0:
        return torch.alias(self)
    if dim0 < 0:
        dim0 = dim0 + n
    if dim1 < 0:
        dim1 = dim1 + n
    perm: List[int] = []
    for i in range(n):
        if i == dim0:
            perm.append(dim1)
        elif i == dim1:
            perm.append(dim0)
        else:
            perm.append(i)
    return torch.permute(self, perm)


# _unsafe_view is view without the aliasing guarantee; matmul and reshape emit it on fresh
# (contiguous) tensors, where view is exact.
def unsafe_view(self: Tensor, size: List[int]) -> Tensor:
    return torch.view(self.contiguous(), size)


def min(self: Tensor) -> Tensor:
    return torch.amin(self, [], False)


def split(self: Tensor, split_size: int, dim: int = 0) -> List[Tensor]:
    n = self.size(dim)
    sizes: List[int] = []
    if split_size == 0:
        sizes.append(n)
        return torch.split_with_sizes(self, sizes, dim)
    # A for loop over the chunk count (not a while loop): its trip count is a constant once the
    # shape is known, so it unrolls and the list folds.
    chunks = (n + split_size - 1) // split_size
    for i in range(chunks):
        sizes.append(min(split_size, n - i * split_size))
    if chunks == 0:
        sizes.append(0)
    return torch.split_with_sizes(self, sizes, dim)


# torch/_refs roll: rotate each dim by slicing and concatenating; no dims = flattened roll.
def roll(self: Tensor, shifts: List[int], dims: List[int]) -> Tensor:
    if self.numel() == 0:
        return torch.clone(self)
    if len(dims) == 0:
        flat = torch.view(self.contiguous(), [-1])
        n = flat.size(0)
        s = shifts[0] % n
        rolled = torch.cat([torch.slice(flat, 0, n - s, n, 1),
                            torch.slice(flat, 0, 0, n - s, 1)], 0)
        return torch.view(rolled, self.size())
    out = self
    rolled = False
    for i in range(len(dims)):
        dim = dims[i]
        n = out.size(dim)
        s = shifts[i] % n
        if s != 0:
            out = torch.cat([torch.slice(out, dim, n - s, n, 1),
                             torch.slice(out, dim, 0, n - s, 1)], dim)
            rolled = True
    if not rolled:
        out = torch.clone(self)
    return out


# diagonal_scatter(x, src, offset, d1, d2): src written on the diagonal x.diagonal(offset, d1, d2)
# shows. With d1, d2 moved to the front, the diagonal is the points (r0 + k, c0 + k), which
# index_put writes (torch/_decomp writes it through a copy_ instead).
def diagonal_scatter(self: Tensor, src: Tensor, offset: int = 0, dim1: int = 0,
                     dim2: int = 1) -> Tensor:
    nd = self.dim()
    d1 = dim1
    if d1 < 0:
        d1 = d1 + nd
    d2 = dim2
    if d2 < 0:
        d2 = d2 + nd
    x = torch.movedim(self, [d1, d2], [0, 1])
    n = src.size(-1)
    r0 = 0
    c0 = 0
    if offset < 0:
        r0 = -offset
    else:
        c0 = offset
    rows = torch.arange(r0, r0 + n, dtype=torch.int64, device=self.device)
    cols = torch.arange(c0, c0 + n, dtype=torch.int64, device=self.device)
    idx: List[Optional[Tensor]] = [rows, cols]
    out = torch.index_put(x, idx, torch.movedim(src, -1, 0))
    return torch.movedim(out, [0, 1], [d1, d2])


# unflatten(x, dim, sizes): dim split into sizes, one of which may be -1, as a view
# (aten/src/ATen/native/TensorShape.cpp unflatten_impl, infer_size_dv). Written out rather than
# traced from the CIA kernel because it needs no shapes: F.multi_head_attention_forward unflattens
# in a branch (query is key) that example inputs need not take, and an untaken branch has no shapes
# to trace with.
def unflatten(self: Tensor, dim: int, sizes: List[int]) -> Tensor:
    n = self.dim()
    assert n > 0, "unflatten: cannot be applied to a 0-dim tensor"
    assert len(sizes) > 0, "unflatten: sizes must be non-empty"
    d = dim
    if d < 0:
        d = d + n
    assert d >= 0 and d < n, "unflatten: dimension out of range"
    length = self.size(d)
    known = 1
    infer = -1
    for i in range(len(sizes)):
        if sizes[i] == -1:
            assert infer < 0, "unflatten: only one dimension can be inferred"
            infer = i
        else:
            known = known * sizes[i]
    shape: List[int] = []
    for i in range(d):
        shape.append(self.size(i))
    for i in range(len(sizes)):
        if i == infer:
            assert known != 0 and length % known == 0, (
                "unflatten: provided sizes don't multiply up to the size of dim")
            shape.append(length // known)
        else:
            shape.append(sizes[i])
    assert infer >= 0 or known == length, (
        "unflatten: provided sizes don't multiply up to the size of dim")
    for i in range(d + 1, n):
        shape.append(self.size(i))
    return torch.view(self, shape)


def unbind(self: Tensor, dim: int = 0) -> List[Tensor]:
    out: List[Tensor] = []
    for i in range(self.size(dim)):
        out.append(torch.select(self, dim, i))
    return out


# Values are undefined either way; the layout follows memory_format (0 contiguous, 1 preserve, 2
# channels_last, 3 channels_last_3d; c10/core/MemoryFormat.h). Preserve keeps the input's strides
# when they have no zero (not expanded), contiguous otherwise.
def empty_like(self: Tensor, dtype: Optional[int] = None, layout: Optional[int] = None,
               device: Optional[Device] = None, pin_memory: Optional[bool] = None,
               memory_format: Optional[int] = None) -> Tensor:
    dtype, device = _dtype_device(self, dtype, device)
    if memory_format is None or memory_format == torch.preserve_format:
        if not self.is_contiguous() and min(self.stride() + [1]) > 0:
            return torch.empty_strided(self.size(), self.stride(), dtype=dtype, layout=layout,
                                       device=device, pin_memory=pin_memory)
        return torch.empty(self.size(), dtype=dtype, layout=layout, device=device,
                           pin_memory=pin_memory)
    return torch.empty(self.size(), dtype=dtype, layout=layout, device=device,
                       pin_memory=pin_memory, memory_format=memory_format)


# In-place zero_/fill_ reach the library as their functional twins (passes/functionalize.h).
def zero(self: Tensor) -> Tensor:
    return torch.full_like(self, 0)


def fill(self: Tensor, value: Tensor) -> Tensor:
    return torch.expand(torch._to_copy(value, dtype=self.dtype), self.size())


# TorchScript's x.to(device[, dtype]) (aten::to.prim_Device): x itself when nothing changes and no
# copy is asked, as the kernel; otherwise _to_copy.
def to_prim_device(self: Tensor, device: Optional[Device], dtype: Optional[int] = None,
                   non_blocking: bool = False, copy: bool = False) -> Tensor:
    d = self.dtype if dtype is None else dtype
    dev = self.device if device is None else device
    if not copy and d == self.dtype and dev == self.device:
        return self
    return torch._to_copy(self, dtype=d, device=dev, non_blocking=non_blocking)


# x.to(dtype) / x.float() (aten::to.dtype) and x.to(other): x itself when the dtype (and device)
# already match and no copy is asked, as the kernel; otherwise _to_copy.
def to_dtype(self: Tensor, dtype: int, non_blocking: bool = False, copy: bool = False,
             memory_format: Optional[int] = None) -> Tensor:
    if not copy and dtype == self.dtype:
        return self
    return torch._to_copy(self, dtype=dtype, non_blocking=non_blocking,
                          memory_format=memory_format)


def to_other(self: Tensor, other: Tensor, non_blocking: bool = False, copy: bool = False,
             memory_format: Optional[int] = None) -> Tensor:
    if not copy and other.dtype == self.dtype and other.device == self.device:
        return self
    return torch._to_copy(self, dtype=other.dtype, device=other.device,
                          non_blocking=non_blocking, memory_format=memory_format)


def zeros_like(self: Tensor, dtype: Optional[int] = None, layout: Optional[int] = None,
               device: Optional[Device] = None, pin_memory: Optional[bool] = None,
               memory_format: Optional[int] = None) -> Tensor:
    return torch.full_like(self, 0, dtype=dtype, layout=layout, device=device,
                           pin_memory=pin_memory, memory_format=memory_format)


# new_zeros / new_ones / new_empty(x, size): x's dtype and device unless given (full /
# empty.memory_format; new_empty is uninitialised).
def new_zeros(self: Tensor, size: List[int], dtype: Optional[int] = None,
        layout: Optional[int] = None, device: Optional[Device] = None,
        pin_memory: Optional[bool] = None) -> Tensor:
    return new_full(self, size, 0, dtype, layout, device, pin_memory)


def new_ones(self: Tensor, size: List[int], dtype: Optional[int] = None,
        layout: Optional[int] = None, device: Optional[Device] = None,
        pin_memory: Optional[bool] = None) -> Tensor:
    return new_full(self, size, 1, dtype, layout, device, pin_memory)


# The input itself when it is already laid out so, else a copy in the requested layout
# (aten/src/ATen/native/TensorProperties.cpp): a write through the result reaches the input exactly
# when it does in eager. `is_contiguous` folds under shape specialisation.
def contiguous(self: Tensor, memory_format: int = torch.contiguous_format) -> Tensor:
    if self.is_contiguous(memory_format=memory_format):
        return self
    return torch.clone(self, memory_format=memory_format)


# reshape = a view when the input's strides allow one, else a contiguous copy viewed
# (aten/src/ATen/native/TensorShape.cpp reshape_symint). Whether they allow one is
# at::detail::computeStride's walk over the chunks of contiguous dims
# (aten/src/ATen/TensorUtils.cpp), written with loops of constant trip counts so that under shape
# specialisation it unrolls and folds to a constant. Its CIA kernel goes through _reshape_alias,
# which traces into in-place as_strided_; this form stays in core ATen. Without complete types both
# paths are kept, each legal.
def reshape(self: Tensor, shape: List[int]) -> Tensor:
    # A contiguous input always views (computeStride has one chunk); this test folds under shape
    # specialisation before the loops below are unrolled (unrolling them for every reshape was
    # a fifth of the decomposition time of a ResNet-18 lowering, perf).
    if self.is_contiguous():
        return torch.view(self, shape)
    old = self.size()
    stride = self.stride()
    numel = 1
    for d in range(len(old)):
        numel = numel * old[d]
    # The -1 entry inferred as view does (at::infer_size).
    known = 1
    for d in range(len(shape)):
        if shape[d] != -1:
            known = known * shape[d]
    new: List[int] = []
    for d in range(len(shape)):
        if shape[d] == -1 and known != 0:
            new.append(numel // known)
        else:
            new.append(shape[d])
    viewable = True
    if len(old) > 0 and numel != 0:
        view_d = len(new) - 1
        chunk_base_stride = stride[len(old) - 1]
        tensor_numel = 1
        view_numel = 1
        for i in range(len(old)):
            tensor_d = len(old) - 1 - i
            tensor_numel = tensor_numel * old[tensor_d]
            chunk_ends = tensor_d == 0
            if not chunk_ends:
                chunk_ends = (old[tensor_d - 1] != 1
                              and stride[tensor_d - 1] != tensor_numel * chunk_base_stride)
            if chunk_ends:
                for j in range(len(new)):
                    if view_d >= 0:
                        if view_numel < tensor_numel or new[view_d] == 1:
                            view_numel = view_numel * new[view_d]
                            view_d = view_d - 1
                if view_numel != tensor_numel:
                    viewable = False
                if tensor_d > 0:
                    chunk_base_stride = stride[tensor_d - 1]
                    tensor_numel = 1
                    view_numel = 1
        if view_d != -1:
            viewable = False
    if viewable:
        return torch.view(self, shape)
    return torch.view(torch.clone(self, memory_format=torch.contiguous_format), shape)


def reshape_alias(self: Tensor, size: List[int], stride: List[int]) -> Tensor:
    return torch.as_strided(self, size, stride)


# torch.tensor(n) in scripted code: a 0-d tensor; int64 unless a dtype is given.
def tensor_int(t: int, dtype: Optional[int] = None, device: Optional[Device] = None,
               requires_grad: bool = False) -> Tensor:
    sizes: List[int] = []
    if dtype is None:
        return torch.full(sizes, t, dtype=torch.int64, device=device)
    return torch.full(sizes, t, dtype=dtype, device=device)


def tensor_float(t: float, dtype: Optional[int] = None, device: Optional[Device] = None,
                 requires_grad: bool = False) -> Tensor:
    sizes: List[int] = []
    if dtype is None:
        return torch.full(sizes, t, dtype=torch.float32, device=device)
    return torch.full(sizes, t, dtype=dtype, device=device)


def lift_fresh_copy(self: Tensor) -> Tensor:
    return torch.clone(self)


# torch.tensor(data) calls lift_fresh on the new tensor, which only lets a tensor subclass or
# mode see it (torch/_subclasses/functional_tensor.py); it returns its argument.
def lift_fresh(self: Tensor) -> Tensor:
    return torch.alias(self)


def new_empty(self: Tensor, size: List[int], dtype: Optional[int] = None,
        layout: Optional[int] = None, device: Optional[Device] = None,
        pin_memory: Optional[bool] = None) -> Tensor:
    dtype, device = _dtype_device(self, dtype, device)
    return torch.empty(size, dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)


DECOMPOSITIONS = {
    "aten::tensor_split.tensor_indices_or_sections": tensor_split,
    "aten::arange": arange,
    "aten::arange.start": arange_start,
    "aten::narrow.Tensor": narrow,
    "aten::t": t,
    "aten::transpose.int": transpose,
    "aten::_unsafe_view": unsafe_view,
    "aten::split.Tensor": split,
    "aten::roll": roll,
    "aten::diagonal_scatter": diagonal_scatter,
    "aten::unflatten.int": unflatten,
    "aten::unbind.int": unbind,
    "aten::empty_like": empty_like,
    "aten::zero": zero,
    "aten::fill.Tensor": fill,
    "aten::to.prim_Device": to_prim_device,
    "aten::to.dtype": to_dtype,
    "aten::to.other": to_other,
    "aten::zeros_like": zeros_like,
    "aten::new_zeros": new_zeros,
    "aten::new_ones": new_ones,
    "aten::contiguous": contiguous,
    "aten::reshape": reshape,
    "aten::_reshape_alias": reshape_alias,
    "aten::tensor.int": tensor_int,
    "aten::tensor.float": tensor_float,
    "aten::lift_fresh_copy": lift_fresh_copy,
    "aten::lift_fresh": lift_fresh,
    "aten::new_empty": new_empty,
}
