"""The *_copy forms of views (functionalization's outputs), detach, squeeze and flatten. Sources
and conventions: common.py of this folder.
"""


# ---- *_copy ops: the view op followed by clone (torch/_refs/__init__.py defines each X_copy as
# _make_copy_from_view(X)).
def alias_copy(self: Tensor) -> Tensor:
    return torch.clone(self)


def as_strided_copy(self: Tensor, size: List[int], stride: List[int],
                    storage_offset: Optional[int] = None) -> Tensor:
    return torch.clone(torch.as_strided(self, size, stride, storage_offset))


def expand_copy(self: Tensor, size: List[int], implicit: bool = False) -> Tensor:
    return torch.clone(torch.expand(self, size))


def permute_copy(self: Tensor, dims: List[int]) -> Tensor:
    return torch.clone(torch.permute(self, dims))


def squeeze_copy(self: Tensor) -> Tensor:
    dims: List[int] = []
    for i in range(self.dim()):
        if self.size(i) == 1:
            dims.append(i)
    return torch.clone(torch.squeeze(self, dims))


def squeeze_copy_dim(self: Tensor, dim: int) -> Tensor:
    return torch.clone(torch.squeeze(self, dim))


def squeeze_copy_dims(self: Tensor, dim: List[int]) -> Tensor:
    return torch.clone(torch.squeeze(self, dim))


def t_copy(self: Tensor) -> Tensor:
    if self.dim() < 2:
        return torch.clone(self)
    return torch.clone(torch.permute(self, [1, 0]))


# torch 2.6 decomposed unbind_copy through its CompositeImplicitAutograd kernel; 2.14 gives it a
# kernel of its own.
def unbind_copy(self: Tensor, dim: int = 0) -> List[Tensor]:
    out: List[Tensor] = []
    for i in range(self.size(dim)):
        out.append(torch.clone(torch.select(self, dim, i)))
    return out


def transpose_copy(self: Tensor, dim0: int, dim1: int) -> Tensor:
    return torch.clone(torch.transpose(self, dim0, dim1))


# unfold as an index_select of the window positions (torch/_refs unfold_copy is unfold + clone):
# windows start at multiples of step, the window dim goes last.
def unfold_copy(self: Tensor, dimension: int, size: int, step: int) -> Tensor:
    n = self.dim()
    if n == 0:
        return torch.clone(torch.slice(torch.reshape(self, [1]), 0, 0, size))
    d = dimension
    if d < 0:
        d = d + n
    windows = (self.size(d) - size) // step + 1
    starts = torch.mul(torch.arange(0, windows, 1, dtype=torch.int64, device=self.device), step)
    offs = torch.arange(0, size, 1, dtype=torch.int64, device=self.device)
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


def unsqueeze_copy(self: Tensor, dim: int) -> Tensor:
    return torch.clone(torch.unsqueeze(self, dim))


def view_copy(self: Tensor, size: List[int]) -> Tensor:
    return torch.clone(torch.reshape(self, size))


def diagonal_copy(self: Tensor, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Tensor:
    return torch.clone(torch.diagonal(self, offset, dim1, dim2))


def narrow_copy(self: Tensor, dim: int, start: int, length: int) -> Tensor:
    if dim < 0:
        dim = dim + self.dim()
    if start < 0:
        start = start + self.size(dim)
    return torch.clone(torch.slice(self, dim, start, start + length))


def split_with_sizes_copy(self: Tensor, split_sizes: List[int], dim: int = 0) -> List[Tensor]:
    if dim < 0:
        dim = dim + self.dim()
    out: List[Tensor] = []
    start = 0
    for i in range(len(split_sizes)):
        out.append(torch.clone(torch.slice(self, dim, start, start + split_sizes[i])))
        start = start + split_sizes[i]
    return out


# detach only drops autograd history: an alias.
def detach(self: Tensor) -> Tensor:
    return torch.alias(self)


# squeeze without dims squeezes every size-1 dim (squeeze.dims is core).
def squeeze(self: Tensor) -> Tensor:
    dims: List[int] = []
    for i in range(self.dim()):
        if self.size(i) == 1:
            dims.append(i)
    return torch.squeeze(self, dims)


# flatten.using_ints: the input itself when no dims merge, else a reshape (as ATen's flatten,
# aten/src/ATen/native/TensorShape.cpp), which views when the strides allow it and copies otherwise
# (expanded inputs, as from meshgrid in cartesian_prod). Out-of-range dims are left to reshape's and
# size()'s checks, as before.
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


# ---- backward ops of views, called directly: grad written into zeros of the input's size
# (torch/_decomp/decompositions.py select_backward, slice_backward, diagonal_backward).
def select_backward(grad_output: Tensor, input_sizes: List[int], dim: int, index: int) -> Tensor:
    z = torch.full(input_sizes, 0, dtype=grad_output.dtype, device=grad_output.device)
    return torch.select_scatter(z, grad_output, dim, index)


def slice_backward(grad_output: Tensor, input_sizes: List[int], dim: int, start: int, end: int,
                   step: int) -> Tensor:
    z = torch.full(input_sizes, 0, dtype=grad_output.dtype, device=grad_output.device)
    return torch.slice_scatter(z, grad_output, dim, start, end, step)


def diagonal_backward(grad_output: Tensor, input_sizes: List[int], offset: int, dim1: int,
                      dim2: int) -> Tensor:
    z = torch.full(input_sizes, 0, dtype=grad_output.dtype, device=grad_output.device)
    return torch.diagonal_scatter(z, grad_output, offset, dim1, dim2)


# unfold's gradient: each window's values added back at their positions along dim (windows start
# at multiples of step; torch/_decomp/decompositions.py unfold_backward, an accumulating
# index_put of the window indices).
def unfold_backward(grad_in: Tensor, input_sizes: List[int], dim: int, size: int,
                    step: int) -> Tensor:
    n = len(input_sizes)
    if n == 0:
        return torch.reshape(grad_in, input_sizes)
    d = dim
    if d < 0:
        d = d + n
    windows = grad_in.size(d)
    starts = torch.mul(torch.arange(0, windows, 1, dtype=torch.int64, device=grad_in.device),
                       step)
    offs = torch.arange(0, size, 1, dtype=torch.int64, device=grad_in.device)
    idx = torch.reshape(torch.add(torch.unsqueeze(starts, 1), torch.unsqueeze(offs, 0)), [-1])
    # [.., windows, .., size] -> [.., windows * size, ..]: the window dim moved next to dim.
    g = torch.movedim(grad_in, -1, d + 1)
    shape: List[int] = []
    for i in range(n):
        if i == d:
            shape.append(windows * size)
        else:
            shape.append(input_sizes[i])
    g = torch.reshape(g, shape)
    z = torch.full(input_sizes, 0, dtype=grad_in.dtype, device=grad_in.device)
    indices: List[Optional[Tensor]] = []
    for i in range(d):
        indices.append(None)
    indices.append(idx)
    return torch.index_put(z, indices, g, True)


DECOMPOSITIONS = {
    "aten::alias_copy": alias_copy,
    "aten::as_strided_copy": as_strided_copy,
    "aten::expand_copy": expand_copy,
    "aten::permute_copy": permute_copy,
    "aten::squeeze_copy": squeeze_copy,
    "aten::squeeze_copy.dim": squeeze_copy_dim,
    "aten::squeeze_copy.dims": squeeze_copy_dims,
    "aten::t_copy": t_copy,
    "aten::unbind_copy.int": unbind_copy,
    "aten::transpose_copy.int": transpose_copy,
    "aten::unfold_copy": unfold_copy,
    "aten::unsqueeze_copy": unsqueeze_copy,
    "aten::view_copy": view_copy,
    "aten::diagonal_copy": diagonal_copy,
    "aten::narrow_copy": narrow_copy,
    "aten::split_with_sizes_copy": split_with_sizes_copy,
    "aten::detach": detach,
    "aten::squeeze": squeeze,
    "aten::flatten.using_ints": flatten,
    "aten::select_backward": select_backward,
    "aten::slice_backward": slice_backward,
    "aten::diagonal_backward": diagonal_backward,
    "aten::unfold_backward": unfold_backward,
}
