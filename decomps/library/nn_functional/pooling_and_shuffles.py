"""Pooling, unpooling, padding, im2col, embedding bags and pixel and channel shuffles. Sources and
conventions: common.py of this folder.
"""


# ---------------------------------------------------------------- shuffles, padding, unfold [*, C r
# r, H, W] -> [*, C, r, r, H, W] -> [*, C, H, r, W, r] -> [*, C, H r, W r], following
# torch/_refs/nn/functional/__init__.py pixel_shuffle.
def pixel_shuffle(self: Tensor, upscale_factor: int) -> Tensor:
    r = upscale_factor
    c = self.size(-3) // (r * r)
    h = self.size(-2)
    w = self.size(-1)
    return _shuffle(self, [c, r, r, h, w], [0, 3, 1, 4, 2], [c, h * r, w * r])


# [*, C, H r, W r] -> [*, C, H, r, W, r] -> [*, C, r, r, H, W] -> [*, C r r, H, W], following
# torch/_refs/nn/functional/__init__.py pixel_unshuffle.
def pixel_unshuffle(self: Tensor, downscale_factor: int) -> Tensor:
    r = downscale_factor
    c = self.size(-3)
    h = self.size(-2) // r
    w = self.size(-1) // r
    return _shuffle(self, [c, h, r, w, r], [0, 2, 4, 1, 3], [c * r * r, h, w])


# self's last three dims viewed as `shape`, permuted by `perm` (over those dims) and reshaped to
# `out`, the leading dims kept.
def _shuffle(self: Tensor, shape: List[int], perm: List[int], out: List[int]) -> Tensor:
    n = self.dim() - 3
    lead: List[int] = []
    order: List[int] = []
    for i in range(n):
        lead.append(self.size(i))
        order.append(i)
    for p in perm:
        order.append(n + p)
    return torch.reshape(torch.permute(torch.view(self, lead + shape), order), lead + out)


# [N, C, *] -> [N, g, C/g, *] -> [N, C/g, g, *] -> [N, C, *], following
# torch/_refs/nn/functional/__init__.py channel_shuffle.
def channel_shuffle(self: Tensor, groups: int) -> Tensor:
    shape: List[int] = [self.size(0), groups, self.size(1) // groups]
    perm: List[int] = [0, 2, 1]
    for i in range(2, self.dim()):
        shape.append(self.size(i))
        perm.append(i + 1)
    return torch.reshape(torch.permute(torch.view(self, shape), perm), self.size())


# The 1-D case of core replication_pad2d on a unit height.
def replication_pad1d(self: Tensor, padding: List[int]) -> Tensor:
    y = torch.replication_pad2d(torch.unsqueeze(self, -2), [padding[0], padding[1], 0, 0])
    return torch.squeeze(y, -2)


# im2col's input positions along one dim: block start (0, stride, .., below blocks) plus kernel
# offset (0, dilation, .., k * dilation), [k, blocks].
def _block_index(blocks: int, stride: int, k: int, dilation: int, device: Device) -> Tensor:
    starts = torch.arange(0, blocks, stride, dtype=torch.int64, device=device)
    offsets = torch.arange(0, k * dilation, dilation, dtype=torch.int64, device=device)
    return torch.add(torch.unsqueeze(starts, 0), torch.unsqueeze(offsets, -1))


# Gathers the sliding blocks of the zero-padded input with advanced indexing, following
# torch/_decomp/decompositions.py im2col.
def im2col(self: Tensor, kernel_size: List[int], dilation: List[int], padding: List[int],
           stride: List[int]) -> Tensor:
    x = self
    if self.dim() == 3:
        x = torch.unsqueeze(self, 0)
    n = x.size(0)
    c = x.size(1)
    blocks_h = x.size(2) + 2 * padding[0] - dilation[0] * (kernel_size[0] - 1)
    blocks_w = x.size(3) + 2 * padding[1] - dilation[1] * (kernel_size[1] - 1)
    rows = _block_index(blocks_h, stride[0], kernel_size[0], dilation[0], x.device)
    cols = _block_index(blocks_w, stride[1], kernel_size[1], dilation[1], x.device)
    padded = torch.constant_pad_nd(x, [padding[1], padding[1], padding[0], padding[0]], 0)
    rows4 = torch.unsqueeze(torch.unsqueeze(rows, -1), -1)
    idx: List[Optional[Tensor]] = [None, None, rows4, cols]
    out = torch.permute(torch.index(padded, idx), [0, 1, 2, 4, 3, 5])
    nbr = rows.size(1)
    nbc = cols.size(1)
    out = torch.reshape(out, [n, c * kernel_size[0] * kernel_size[1], nbr * nbc])
    if self.dim() == 3:
        out = torch.squeeze(out, 0)
    return out


# ---------------------------------------------------------------- unpooling Scatters each value to
# its flat index in its (n, c) plane over the nd spatial dims (stride and padding only enter ATen's
# checks), following torch/_decomp/decompositions.py _max_unpoolnd.
def _max_unpool(self: Tensor, indices: Tensor, output_size: List[int], nd: int) -> Tensor:
    nc = 1
    shape: List[int] = []
    nc_shape: List[int] = []
    for i in range(self.dim() - nd):
        nc = nc * self.size(i)
        shape.append(self.size(i))
        nc_shape.append(self.size(i))
    hw = 1
    for i in range(nd):
        nc_shape.append(1)
        hw = hw * output_size[i]
        shape.append(output_size[i])
    base = torch.mul(torch.view(torch.arange(0, nc, 1, dtype=torch.int64, device=self.device),
                                nc_shape), hw)
    flat = torch.reshape(torch.add(indices, base), [-1])
    out = torch.zeros([nc * hw], dtype=self.dtype, device=self.device)
    idx: List[Optional[Tensor]] = [flat]
    out = torch.index_put(out, idx, torch.reshape(self, [-1]), False)
    return torch.view(out, shape)


def max_unpool2d(self: Tensor, indices: Tensor, output_size: List[int]) -> Tensor:
    return _max_unpool(self, indices, output_size, 2)


def max_unpool3d(self: Tensor, indices: Tensor, output_size: List[int], stride: List[int],
                 padding: List[int]) -> Tensor:
    return _max_unpool(self, indices, output_size, 3)


# ---------------------------------------------------------------- others The forward-only variant
# computes what core _embedding_bag computes (EmbeddingBag.cpp).
def _embedding_bag_forward_only(weight: Tensor, indices: Tensor, offsets: Tensor,
                                scale_grad_by_freq: bool = False, mode: int = 0,
                                sparse: bool = False, per_sample_weights: Optional[Tensor] = None,
                                include_last_offset: bool = False,
                                padding_idx: int = -1) -> Tuple[Tensor, Tensor, Tensor, Tensor]:
    return torch._embedding_bag(weight, indices, offsets, scale_grad_by_freq, mode, sparse,
                                per_sample_weights, include_last_offset, padding_idx)


def _adaptive_windows(in_size: int, out_size: int, device: Device) -> Tuple[Tensor, int]:
    # Window o covers [floor(o * in / out), ceil((o + 1) * in / out)) (AdaptivePooling.h
    # start_index / end_index); positions past a short window's end repeat its last element,
    # which changes neither the maximum nor its first index.
    k = 1
    for o in range(out_size):
        start = (o * in_size) // out_size
        end = ((o + 1) * in_size + out_size - 1) // out_size
        if end - start > k:
            k = end - start
    o = torch.unsqueeze(torch.arange(0, out_size, 1, dtype=torch.int64, device=device), 1)
    start_t = torch.div(torch.mul(o, in_size), out_size, rounding_mode="floor")
    end_t = torch.div(torch.add(torch.mul(torch.add(o, 1), in_size), out_size - 1), out_size,
                      rounding_mode="floor")
    kk = torch.unsqueeze(torch.arange(0, k, 1, dtype=torch.int64, device=device), 0)
    idx = torch.minimum(torch.add(start_t, kk), torch.sub(end_t, 1))
    return idx, k


# ---------------------------------------------------------------- pooling Gathers every window
# (padded by repeating its last element) over the nd spatial dims and takes max.dim over it; index =
# flat position in the input plane, the first maximum as in ATen's CPU kernel
# (AdaptiveMaxPoolKernel.cpp, windows from AdaptivePooling.h).
def _adaptive_max_pool(self: Tensor, output_size: List[int], nd: int) -> Tuple[Tensor, Tensor]:
    n = self.dim()
    m = n - nd
    idx: List[Optional[Tensor]] = []
    shape: List[int] = []
    perm: List[int] = []
    for i in range(m):
        idx.append(None)
        shape.append(self.size(i))
        perm.append(i)
    outs: List[int] = []
    fperm: List[int] = []
    # flat = sum_i w_i * stride_i (the innermost stride, 1, not multiplied). Lists are built by
    # appends, never written by index: a written list is not folded away.
    f = torch.zeros([1], dtype=torch.int64, device=self.device)
    k = 1
    for i in range(nd):
        r, ki = _adaptive_windows(self.size(m + i), output_size[i], self.device)
        vs: List[int] = []
        for j in range(nd):
            vs.append(output_size[i] if j == i else 1)
            vs.append(ki if j == i else 1)
        w = torch.view(r, vs)
        idx.append(w)
        t = w
        if i < nd - 1:
            stride = 1
            for j in range(i + 1, nd):
                stride = stride * self.size(m + j)
            t = torch.mul(w, stride)
        if i == 0:
            f = t
        else:
            f = torch.add(f, t)
        perm.append(m + 2 * i)
        fperm.append(2 * i)
        outs.append(output_size[i])
        k = k * ki
    for i in range(nd):
        perm.append(m + 2 * i + 1)
        fperm.append(2 * i + 1)
    shape = shape + outs + [k]
    win = torch.reshape(torch.permute(torch.index(self, idx), perm), shape)
    flat = torch.reshape(torch.permute(f, fperm), outs + [k])
    vals, arg = torch.max(win, -1, False)
    ind = torch.squeeze(torch.gather(torch.expand(flat, shape), -1, torch.unsqueeze(arg, -1)), -1)
    return vals, ind


def adaptive_max_pool2d(self: Tensor, output_size: List[int]) -> Tuple[Tensor, Tensor]:
    return _adaptive_max_pool(self, output_size, 2)


def adaptive_max_pool3d(self: Tensor, output_size: List[int]) -> Tuple[Tensor, Tensor]:
    return _adaptive_max_pool(self, output_size, 3)


def _fractional_starts(sample: Tensor, in_size: int, out_size: int, pool: int) -> Tensor:
    # ATen's generate_intervals (FractionalMaxPooling.h): start i = int((i + u) * alpha) -
    # int(u * alpha), alpha = (in - pool) / (out - 1), the last start in - pool; in u's dtype.
    last = torch.full([sample.size(0), sample.size(1), 1], in_size - pool, dtype=torch.int64,
                      device=sample.device)
    if out_size <= 1:
        return last
    alpha = float(in_size - pool) / float(out_size - 1)
    u = torch.unsqueeze(sample, -1)
    i = torch.arange(0, out_size - 1, 1, dtype=sample.dtype, device=sample.device)
    a = torch._to_copy(torch.mul(torch.add(i, u), alpha), dtype=torch.int64)
    b = torch._to_copy(torch.mul(u, alpha), dtype=torch.int64)
    return torch.cat([torch.sub(a, b), last], -1)


# Dim i's window positions [n, c, 1.., o_i, 1.., 1.., k_i, 1..] over nd spatial dims: the starts
# of ATen's generate_intervals from random_samples[..., j] plus 0 .. k_i - 1.
def _fractional_pos(x: Tensor, random_samples: Tensor, kernel_size: List[int],
                    output_size: List[int], nd: int, i: int, j: int) -> Tensor:
    s = _fractional_starts(torch.select(random_samples, -1, j), x.size(2 + i), output_size[i],
                           kernel_size[i])
    vs = [x.size(0), x.size(1)]
    ks = [1, 1]
    for p in range(2 * nd):
        vs.append(output_size[i] if p == i else 1)
        ks.append(kernel_size[i] if p == nd + i else 1)
    d = torch.arange(0, kernel_size[i], 1, dtype=torch.int64, device=x.device)
    return torch.add(torch.view(s, vs), torch.view(d, ks))


# Windows of kernel_size at the starts of ATen's generate_intervals (samples[..., 0] for w, 1 for h
# in 2-d, as FractionalMaxPool2d.cpp; 0 for t, 1 for h, 2 for w in 3-d, FractionalMaxPool3d.cpp),
# gathered and reduced with max.dim (first maximum in row-major order, as the CPU kernel's strict
# >); index = h * W + w, (t * H + h) * W + w.
def _fractional_max_pool(self: Tensor, kernel_size: List[int], output_size: List[int],
                         random_samples: Tensor, nd: int) -> Tuple[Tensor, Tensor]:
    x = self
    if self.dim() == nd + 1:
        x = torch.unsqueeze(self, 0)
    n = x.size(0)
    c = x.size(1)
    # the sample of spatial dim i: reversed in 2-d, in order in 3-d
    samples = [1, 0]
    if nd == 3:
        samples = [0, 1, 2]
    ind = _fractional_pos(x, random_samples, kernel_size, output_size, nd, 0, samples[0])
    shape = [n, c]
    o = output_size[0]
    k = kernel_size[0]
    size = x.size(2)
    for i in range(1, nd):
        pos = _fractional_pos(x, random_samples, kernel_size, output_size, nd, i, samples[i])
        ind = torch.add(torch.mul(ind, x.size(2 + i)), pos)
        o = o * output_size[i]
        k = k * kernel_size[i]
        size = size * x.size(2 + i)
    ind = torch.reshape(ind, [n, c, o * k])
    win = torch.gather(torch.reshape(x, [n, c, size]), 2, ind)
    shape = shape + output_size + [k]
    vals, arg = torch.max(torch.view(win, shape), -1, False)
    idx = torch.squeeze(torch.gather(torch.view(ind, shape), -1, torch.unsqueeze(arg, -1)), -1)
    if self.dim() == nd + 1:
        vals = torch.squeeze(vals, 0)
        idx = torch.squeeze(idx, 0)
    return vals, idx


def fractional_max_pool2d(self: Tensor, kernel_size: List[int], output_size: List[int],
                          random_samples: Tensor) -> Tuple[Tensor, Tensor]:
    return _fractional_max_pool(self, kernel_size, output_size, random_samples, 2)


def fractional_max_pool3d(self: Tensor, kernel_size: List[int], output_size: List[int],
                          random_samples: Tensor) -> Tuple[Tensor, Tensor]:
    return _fractional_max_pool(self, kernel_size, output_size, random_samples, 3)


DECOMPOSITIONS = {
    "aten::pixel_shuffle": pixel_shuffle,
    "aten::pixel_unshuffle": pixel_unshuffle,
    "aten::channel_shuffle": channel_shuffle,
    "aten::replication_pad1d": replication_pad1d,
    "aten::im2col": im2col,
    "aten::max_unpool2d": max_unpool2d,
    "aten::max_unpool3d": max_unpool3d,
    "aten::_embedding_bag_forward_only": _embedding_bag_forward_only,
    "aten::adaptive_max_pool2d": adaptive_max_pool2d,
    "aten::adaptive_max_pool3d": adaptive_max_pool3d,
    "aten::fractional_max_pool2d": fractional_max_pool2d,
    "aten::fractional_max_pool3d": fractional_max_pool3d,
}
