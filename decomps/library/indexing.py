"""Decompositions of indexing ops into core ATen (index_put, where, reshape). Follow torch/_refs
(put: index the flattened tensor, negative indices wrap).
"""


# The unchecked variants torch._decomp emits (upsample_nearest's decomposition, which make_fx and
# torch.export graphs hold): the same indexing, with bounds checks (in-range indices, which the
# emitter guarantees, give the same values).
def _unsafe_index(self: Tensor, indices: List[Optional[Tensor]]) -> Tensor:
    return torch.index(self, indices)


def _unsafe_index_put(self: Tensor, indices: List[Optional[Tensor]], values: Tensor,
                      accumulate: bool = False) -> Tensor:
    return torch.index_put(self, indices, values, accumulate)


# put: self viewed as 1-D (row-major order), index_put at `index` (negative counts from the end)
# with the flattened source; accumulate adds, repeated indices included.
def put(self: Tensor, index: Tensor, source: Tensor, accumulate: bool = False) -> Tensor:
    flat = torch.reshape(self, [-1])
    idx = torch.reshape(index, [-1])
    n = flat.size(0)
    idx = torch.where(torch.lt(idx, 0), torch.add(idx, n), idx)
    indices: List[Optional[Tensor]] = [idx]
    out = torch.index_put(flat, indices, torch.reshape(source, [-1]), accumulate)
    return torch.reshape(out, self.size())


# index_fill(x, dim, index, value): value at the positions `index` selects along dim. A bool mask
# over dim (index_put of True at index; negative indices wrap) is broadcast against x and chosen
# with where (torch/_refs index_fill builds the same mask).
def index_fill(self: Tensor, dim: int, index: Tensor, value: Union[Tensor, number]) -> Tensor:
    return torch.where(_index_mask(self, dim, index), _filled_like(self, value), self)


def _index_mask(self: Tensor, dim: int, index: Tensor) -> Tensor:
    nd = self.dim()
    d = dim
    if d < 0:
        d = d + max(nd, 1)
    # A 0-d tensor is indexed as a 1-element one (index 0 or -1), as the kernel does.
    n = 1
    if nd > 0:
        n = self.size(d)
    idx = torch.reshape(index, [-1])
    idx = torch.where(torch.lt(idx, 0), torch.add(idx, n), idx)
    mask = torch.zeros([n], dtype=torch.bool, device=self.device)
    indices: List[Optional[Tensor]] = [idx]
    mask = torch.index_put(mask, indices, torch.ones([1], dtype=torch.bool, device=self.device))
    shape: List[int] = []
    for i in range(nd):
        if i == d:
            shape.append(n)
        else:
            shape.append(1)
    return torch.reshape(mask, shape)  # [] for a 0-d tensor: reshape of one element


# TorchScript-only overloads taking Tensor[] where index / index_put take Tensor?[] (a list of
# tensors written without None; native_functions.yaml calls them hacked twins): the same ops on
# the list as Tensor?[].
def _optional_list(indices: List[Tensor]) -> List[Optional[Tensor]]:
    out: List[Optional[Tensor]] = []
    for t in indices:
        out.append(t)
    return out


def index_hacked_twin(self: Tensor, indices: List[Tensor]) -> Tensor:
    return torch.index(self, _optional_list(indices))


def index_put_hacked_twin(self: Tensor, indices: List[Tensor], values: Tensor,
                          accumulate: bool = False) -> Tensor:
    return torch.index_put(self, _optional_list(indices), values, accumulate)


# _index_put_impl (functionalization's twin of _index_put_impl_, which index_put_ calls): index_put;
# unsafe only skips the kernel's bounds checks.
def _index_put_impl(self: Tensor, indices: List[Optional[Tensor]], values: Tensor,
                    accumulate: bool = False, unsafe: bool = False) -> Tensor:
    return torch.index_put(self, indices, values, accumulate)


# _unsafe_masked_index(x, mask, indices, fill) = where(mask, x[indices], fill), and its backward
# _unsafe_masked_index_put_accumulate(x, mask, indices, values) = index_put(x, indices,
# where(mask, values, 0), accumulate=True), as Inductor emits them (the eager kernels of
# aten/src/ATen/native/TensorAdvancedIndexing.cpp): indices are clamped to [-size, size - 1], since
# they may be out of range where the mask is False. An empty x gives `fill` in the shape the kernel
# computes (indexed dims of size 0 taken as 1, dims past the indices as 0).
def _clamped_indices(self: Tensor, indices: List[Optional[Tensor]]) -> List[Optional[Tensor]]:
    sizes = self.size()
    out: List[Optional[Tensor]] = []
    for i in range(len(indices)):
        index = indices[i]
        if index is None:
            out.append(None)
        else:
            out.append(torch.clamp(index, -sizes[i], sizes[i] - 1))
    return out


def _unsafe_masked_index(self: Tensor, mask: Tensor, indices: List[Optional[Tensor]],
                         fill: number) -> Tensor:
    clamped = _clamped_indices(self, indices)
    if self.numel() == 0:
        sizes = self.size()
        shape: List[int] = []
        for i in range(len(sizes)):
            n = 0
            if i < len(indices):
                n = sizes[i]
                if indices[i] is not None and n == 0:
                    n = 1
            shape.append(n)
        return torch.index(torch.full(shape, fill, dtype=self.dtype, device=self.device), clamped)
    r = torch.index(self, clamped)
    return torch.where(mask, r, _filled_like(r, fill))


def _unsafe_masked_index_put_accumulate(self: Tensor, mask: Tensor,
                                        indices: List[Optional[Tensor]], values: Tensor) -> Tensor:
    if self.numel() == 0:
        return torch.clone(self)
    masked = torch.where(mask, values, torch.zeros_like(values))
    return torch.index_put(self, _clamped_indices(self, indices), masked, True)


DECOMPOSITIONS = {
    "aten::_unsafe_masked_index": _unsafe_masked_index,
    "aten::_unsafe_masked_index_put_accumulate": _unsafe_masked_index_put_accumulate,
    "aten::_unsafe_index.Tensor": _unsafe_index,
    "aten::_unsafe_index_put": _unsafe_index_put,
    "aten::put": put,
    "aten::index_fill.int_Scalar": index_fill,
    "aten::index_fill.int_Tensor": index_fill,
    "aten::index.Tensor_hacked_twin": index_hacked_twin,
    "aten::_unsafe_index.Tensor_hacked_twin": index_hacked_twin,
    "aten::index_put.hacked_twin": index_put_hacked_twin,
    "aten::_unsafe_index_put.hacked_twin": index_put_hacked_twin,
    "aten::_index_put_impl": _index_put_impl,
}
