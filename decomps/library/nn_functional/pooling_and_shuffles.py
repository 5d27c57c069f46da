"""Pooling, unpooling, padding, im2col, embedding bags and pixel and channel shuffles. Sources and
conventions: common.py of this folder.
"""


# ---------------------------------------------------------------- shuffles, padding, unfold [*, C r
# r, H, W] -> [*, C, r, r, H, W] -> [*, C, H, r, W, r] -> [*, C, H r, W r], following
# torch/_refs/nn/functional/__init__.py pixel_shuffle.
def pixel_shuffle(self: Tensor, upscale_factor: int) -> Tensor:
    n = self.dim() - 3
    r = upscale_factor
    shape: List[int] = []
    perm: List[int] = []
    out: List[int] = []
    for i in range(n):
        shape.append(self.size(i))
        perm.append(i)
        out.append(self.size(i))
    c = self.size(-3) // (r * r)
    h = self.size(-2)
    w = self.size(-1)
    shape.append(c)
    shape.append(r)
    shape.append(r)
    shape.append(h)
    shape.append(w)
    perm.append(n)
    perm.append(n + 3)
    perm.append(n + 1)
    perm.append(n + 4)
    perm.append(n + 2)
    out.append(c)
    out.append(h * r)
    out.append(w * r)
    return torch.reshape(torch.permute(torch.view(self, shape), perm), out)


# [*, C, H r, W r] -> [*, C, H, r, W, r] -> [*, C, r, r, H, W] -> [*, C r r, H, W], following
# torch/_refs/nn/functional/__init__.py pixel_unshuffle.
def pixel_unshuffle(self: Tensor, downscale_factor: int) -> Tensor:
    n = self.dim() - 3
    r = downscale_factor
    shape: List[int] = []
    perm: List[int] = []
    out: List[int] = []
    for i in range(n):
        shape.append(self.size(i))
        perm.append(i)
        out.append(self.size(i))
    c = self.size(-3)
    h = self.size(-2) // r
    w = self.size(-1) // r
    shape.append(c)
    shape.append(h)
    shape.append(r)
    shape.append(w)
    shape.append(r)
    perm.append(n)
    perm.append(n + 2)
    perm.append(n + 4)
    perm.append(n + 1)
    perm.append(n + 3)
    out.append(c * r * r)
    out.append(h)
    out.append(w)
    return torch.reshape(torch.permute(torch.view(self, shape), perm), out)


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
    rows = torch.add(torch.unsqueeze(torch.arange(0, blocks_h, stride[0], dtype=torch.int64, device=x.device), 0),
                     torch.unsqueeze(torch.arange(0, kernel_size[0] * dilation[0], dilation[0], dtype=torch.int64,
                                                  device=x.device), -1))
    cols = torch.add(torch.unsqueeze(torch.arange(0, blocks_w, stride[1], dtype=torch.int64, device=x.device), 0),
                     torch.unsqueeze(torch.arange(0, kernel_size[1] * dilation[1], dilation[1], dtype=torch.int64,
                                                  device=x.device), -1))
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
# its flat index in its (n, c) plane, following torch/_decomp/decompositions.py _max_unpoolnd.
def max_unpool2d(self: Tensor, indices: Tensor, output_size: List[int]) -> Tensor:
    nc = 1
    shape: List[int] = []
    nc_shape: List[int] = []
    for i in range(self.dim() - 2):
        nc = nc * self.size(i)
        shape.append(self.size(i))
        nc_shape.append(self.size(i))
    nc_shape.append(1)
    nc_shape.append(1)
    hw = output_size[0] * output_size[1]
    shape.append(output_size[0])
    shape.append(output_size[1])
    base = torch.mul(torch.view(torch.arange(0, nc, 1, dtype=torch.int64, device=self.device), nc_shape), hw)
    flat = torch.reshape(torch.add(indices, base), [-1])
    out = torch.zeros([nc * hw], dtype=self.dtype, device=self.device)
    idx: List[Optional[Tensor]] = [flat]
    out = torch.index_put(out, idx, torch.reshape(self, [-1]), False)
    return torch.view(out, shape)


# As max_unpool2d over three spatial dims (stride and padding only enter ATen's checks), following
# torch/_decomp/decompositions.py max_unpool3d.
def max_unpool3d(self: Tensor, indices: Tensor, output_size: List[int], stride: List[int],
                 padding: List[int]) -> Tensor:
    nc = 1
    shape: List[int] = []
    nc_shape: List[int] = []
    for i in range(self.dim() - 3):
        nc = nc * self.size(i)
        shape.append(self.size(i))
        nc_shape.append(self.size(i))
    nc_shape.append(1)
    nc_shape.append(1)
    nc_shape.append(1)
    hw = output_size[0] * output_size[1] * output_size[2]
    shape.append(output_size[0])
    shape.append(output_size[1])
    shape.append(output_size[2])
    base = torch.mul(torch.view(torch.arange(0, nc, 1, dtype=torch.int64, device=self.device), nc_shape), hw)
    flat = torch.reshape(torch.add(indices, base), [-1])
    out = torch.zeros([nc * hw], dtype=self.dtype, device=self.device)
    idx: List[Optional[Tensor]] = [flat]
    out = torch.index_put(out, idx, torch.reshape(self, [-1]), False)
    return torch.view(out, shape)


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
# (padded by repeating its last element) and takes max.dim over it; index = flat position in the
# input plane, the first maximum as in ATen's CPU kernel (AdaptiveMaxPoolKernel.cpp, windows from
# AdaptivePooling.h).
def adaptive_max_pool2d(self: Tensor, output_size: List[int]) -> Tuple[Tensor, Tensor]:
    n = self.dim()
    ih = self.size(n - 2)
    iw = self.size(n - 1)
    oh = output_size[0]
    ow = output_size[1]
    rh, kh = _adaptive_windows(ih, oh, self.device)
    rw, kw = _adaptive_windows(iw, ow, self.device)
    a = torch.view(rh, [oh, kh, 1, 1])
    b = torch.view(rw, [1, 1, ow, kw])
    idx: List[Optional[Tensor]] = []
    lead: List[int] = []
    perm: List[int] = []
    for i in range(n - 2):
        idx.append(None)
        lead.append(self.size(i))
        perm.append(i)
    idx.append(a)
    idx.append(b)
    m = n - 2
    perm.append(m)
    perm.append(m + 2)
    perm.append(m + 1)
    perm.append(m + 3)
    shape = lead
    shape.append(oh)
    shape.append(ow)
    shape.append(kh * kw)
    win = torch.reshape(torch.permute(torch.index(self, idx), perm), shape)
    flat = torch.reshape(torch.permute(torch.add(torch.mul(a, iw), b), [0, 2, 1, 3]), [oh, ow, kh * kw])
    vals, arg = torch.max(win, -1, False)
    ind = torch.squeeze(torch.gather(torch.expand(flat, shape), -1, torch.unsqueeze(arg, -1)), -1)
    return vals, ind


# As adaptive_max_pool2d over (d, h, w).
def adaptive_max_pool3d(self: Tensor, output_size: List[int]) -> Tuple[Tensor, Tensor]:
    n = self.dim()
    id = self.size(n - 3)
    ih = self.size(n - 2)
    iw = self.size(n - 1)
    od = output_size[0]
    oh = output_size[1]
    ow = output_size[2]
    rd, kd = _adaptive_windows(id, od, self.device)
    rh, kh = _adaptive_windows(ih, oh, self.device)
    rw, kw = _adaptive_windows(iw, ow, self.device)
    a = torch.view(rd, [od, kd, 1, 1, 1, 1])
    b = torch.view(rh, [1, 1, oh, kh, 1, 1])
    c = torch.view(rw, [1, 1, 1, 1, ow, kw])
    idx: List[Optional[Tensor]] = []
    lead: List[int] = []
    perm: List[int] = []
    for i in range(n - 3):
        idx.append(None)
        lead.append(self.size(i))
        perm.append(i)
    idx.append(a)
    idx.append(b)
    idx.append(c)
    m = n - 3
    perm.append(m)
    perm.append(m + 2)
    perm.append(m + 4)
    perm.append(m + 1)
    perm.append(m + 3)
    perm.append(m + 5)
    k = kd * kh * kw
    shape = lead
    shape.append(od)
    shape.append(oh)
    shape.append(ow)
    shape.append(k)
    win = torch.reshape(torch.permute(torch.index(self, idx), perm), shape)
    f = torch.add(torch.add(torch.mul(a, ih * iw), torch.mul(b, iw)), c)
    flat = torch.reshape(torch.permute(f, [0, 2, 4, 1, 3, 5]), [od, oh, ow, k])
    vals, arg = torch.max(win, -1, False)
    ind = torch.squeeze(torch.gather(torch.expand(flat, shape), -1, torch.unsqueeze(arg, -1)), -1)
    return vals, ind


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


# Windows of kernel_size at the starts of ATen's generate_intervals (samples[..., 0] for w, [..., 1]
# for h, as FractionalMaxPool2d.cpp), gathered and reduced with max.dim (first maximum in h-major
# order, as the CPU kernel's strict >); index = h * W + w.
def fractional_max_pool2d(self: Tensor, kernel_size: List[int], output_size: List[int],
                          random_samples: Tensor) -> Tuple[Tensor, Tensor]:
    x = self
    if self.dim() == 3:
        x = torch.unsqueeze(self, 0)
    n = x.size(0)
    c = x.size(1)
    ih = x.size(2)
    iw = x.size(3)
    oh = output_size[0]
    ow = output_size[1]
    kh = kernel_size[0]
    kw = kernel_size[1]
    sw = _fractional_starts(torch.select(random_samples, -1, 0), iw, ow, kw)
    sh = _fractional_starts(torch.select(random_samples, -1, 1), ih, oh, kh)
    dh = torch.view(torch.arange(0, kh, 1, dtype=torch.int64, device=x.device), [1, 1, 1, 1, kh, 1])
    dw = torch.view(torch.arange(0, kw, 1, dtype=torch.int64, device=x.device), [1, 1, 1, 1, 1, kw])
    rows = torch.add(torch.view(sh, [n, c, oh, 1, 1, 1]), dh)
    cols = torch.add(torch.view(sw, [n, c, 1, ow, 1, 1]), dw)
    ind = torch.reshape(torch.add(torch.mul(rows, iw), cols), [n, c, oh * ow * kh * kw])
    win = torch.gather(torch.reshape(x, [n, c, ih * iw]), 2, ind)
    vals, arg = torch.max(torch.view(win, [n, c, oh, ow, kh * kw]), -1, False)
    idx = torch.squeeze(torch.gather(torch.view(ind, [n, c, oh, ow, kh * kw]), -1,
                                     torch.unsqueeze(arg, -1)), -1)
    if self.dim() == 3:
        vals = torch.squeeze(vals, 0)
        idx = torch.squeeze(idx, 0)
    return vals, idx


# As fractional_max_pool2d over (t, h, w) with samples[..., 0] for t, 1 for h, 2 for w
# (FractionalMaxPool3d.cpp); index = (t * H + h) * W + w.
def fractional_max_pool3d(self: Tensor, kernel_size: List[int], output_size: List[int],
                          random_samples: Tensor) -> Tuple[Tensor, Tensor]:
    x = self
    if self.dim() == 4:
        x = torch.unsqueeze(self, 0)
    n = x.size(0)
    c = x.size(1)
    it = x.size(2)
    ih = x.size(3)
    iw = x.size(4)
    ot = output_size[0]
    oh = output_size[1]
    ow = output_size[2]
    kt = kernel_size[0]
    kh = kernel_size[1]
    kw = kernel_size[2]
    st = _fractional_starts(torch.select(random_samples, -1, 0), it, ot, kt)
    sh = _fractional_starts(torch.select(random_samples, -1, 1), ih, oh, kh)
    sw = _fractional_starts(torch.select(random_samples, -1, 2), iw, ow, kw)
    dt = torch.view(torch.arange(0, kt, 1, dtype=torch.int64, device=x.device), [1, 1, 1, 1, 1, kt, 1, 1])
    dh = torch.view(torch.arange(0, kh, 1, dtype=torch.int64, device=x.device), [1, 1, 1, 1, 1, 1, kh, 1])
    dw = torch.view(torch.arange(0, kw, 1, dtype=torch.int64, device=x.device), [1, 1, 1, 1, 1, 1, 1, kw])
    ts = torch.add(torch.view(st, [n, c, ot, 1, 1, 1, 1, 1]), dt)
    rows = torch.add(torch.view(sh, [n, c, 1, oh, 1, 1, 1, 1]), dh)
    cols = torch.add(torch.view(sw, [n, c, 1, 1, ow, 1, 1, 1]), dw)
    k = kt * kh * kw
    ind = torch.add(torch.mul(torch.add(torch.mul(ts, ih), rows), iw), cols)
    ind = torch.reshape(ind, [n, c, ot * oh * ow * k])
    win = torch.gather(torch.reshape(x, [n, c, it * ih * iw]), 2, ind)
    vals, arg = torch.max(torch.view(win, [n, c, ot, oh, ow, k]), -1, False)
    idx = torch.squeeze(torch.gather(torch.view(ind, [n, c, ot, oh, ow, k]), -1,
                                     torch.unsqueeze(arg, -1)), -1)
    if self.dim() == 4:
        vals = torch.squeeze(vals, 0)
        idx = torch.squeeze(idx, 0)
    return vals, idx


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
