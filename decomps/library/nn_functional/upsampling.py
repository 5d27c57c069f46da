"""Upsampling (nearest, linear, bilinear, bicubic, trilinear, anti-aliased). Sources and
conventions: common.py of this folder.
"""


# ---------------------------------------------------------------- upsampling The size-and-scales
# overloads that F.interpolate's core .vec overloads call (make_fx and torch.export graphs hold
# them): back to .vec, with the scales when they give the output size (floor(in * scale), as
# upsample's compute_output_size), so that the source indices are computed from the same scales
# (area_pixel_compute_scale, UpSample.h). Scales that give another size (eager accepts them: the
# output has output_size points placed by the scales) are resampled by index.
def upsample_bilinear2d(self: Tensor, output_size: List[int], align_corners: bool,
                        scales_h: Optional[float] = None,
                        scales_w: Optional[float] = None) -> Tensor:
    return _size_and_scales_2d(self, output_size, align_corners, scales_h, scales_w, True)


def upsample_nearest2d(self: Tensor, output_size: List[int], scales_h: Optional[float] = None,
                       scales_w: Optional[float] = None) -> Tensor:
    return _size_and_scales_2d(self, output_size, False, scales_h, scales_w, False)


def _size_and_scales_2d(self: Tensor, output_size: List[int], align_corners: bool,
                        scales_h: Optional[float], scales_w: Optional[float],
                        bilinear: bool) -> Tensor:
    if scales_h is not None and scales_w is not None:
        if (int(float(self.size(-2)) * scales_h) == output_size[0]
                and int(float(self.size(-1)) * scales_w) == output_size[1]):
            if bilinear:
                return torch.upsample_bilinear2d(self, None, align_corners,
                                                 scale_factors=[scales_h, scales_w])
            return torch.upsample_nearest2d(self, None, scale_factors=[scales_h, scales_w])
    if scales_h is not None or scales_w is not None:
        # Scales that do not give output_size: the kernel computes output_size points, placed by
        # the scales; core .vec takes one or the other, so resample by index (as ATen's kernel).
        mode = 2
        if bilinear:
            mode = 0
        return _resample(self, output_size, align_corners, [scales_h, scales_w], mode)
    if bilinear:
        return torch.upsample_bilinear2d(self, output_size, align_corners, scale_factors=None)
    return torch.upsample_nearest2d(self, output_size, scale_factors=None)


# input index min(floor(i * s), in - 1) with s = 1/scales or in/out in float32 (out == in: i; out ==
# 2 in: i / 2), as ATen's nearest_idx (UpSample.h); cf. torch/_decomp/decompositions.py
# _compute_upsample_nearest_indices.
def upsample_nearest1d(self: Tensor, output_size: List[int],
                       scales: Optional[float] = None) -> Tensor:
    return _nearest_dim(self, self.dim() - 1, output_size[0], scales, False)


# input index min(floor((i + 0.5) * s), in - 1) in float32, as ATen's nearest_exact_idx
# (UpSample.h); cf. torch/_decomp/decompositions.py _compute_upsample_nearest_indices.
def _upsample_nearest_exact1d(self: Tensor, output_size: List[int],
                              scales: Optional[float] = None) -> Tensor:
    return _nearest_dim(self, self.dim() - 1, output_size[0], scales, True)


# area_pixel_compute_scale (UpSample.h): in / out from the sizes or 1 / scale, (in - 1) / (out - 1)
# when align_corners.
def _ratio(in_size: int, out_size: int, align_corners: bool, scale: Optional[float]) -> float:
    if align_corners:
        ratio = 0.0
        if out_size > 1:
            ratio = float(in_size - 1) / float(out_size - 1)
    elif scale is not None and scale > 0.0:
        ratio = 1.0 / scale
    else:
        ratio = float(in_size) / float(out_size)
    return ratio


# The source position of each output index along dim (area_pixel_compute_source_index, UpSample.h;
# clamped at 0 except for cubic) in the compute dtype cdt, and its floor clamped to in - 1.
def _source_index(x: Tensor, dim: int, out_size: int, align_corners: bool, scale: Optional[float],
                  cdt: int, cubic: bool) -> Tuple[Tensor, Tensor]:
    in_size = x.size(dim)
    ratio = _ratio(in_size, out_size, align_corners, scale)
    i = torch.arange(0, out_size, 1, dtype=cdt, device=x.device)
    if align_corners:
        real = torch.mul(i, ratio)
    elif cubic:
        real = torch.sub(torch.mul(torch.add(i, 0.5), ratio), 0.5)
    else:
        real = torch.clamp(torch.sub(torch.mul(torch.add(i, 0.5), ratio), 0.5), 0.0)
    i0 = torch.clamp(torch._to_copy(torch.floor(real), dtype=torch.int64), None, in_size - 1)
    return real, i0


# The resampling of the last len(output_size) dims of self, innermost first (the nesting of ATen's
# CPU kernels), with scales[k] for output_size[k]; mode 0 linear, 1 cubic, 2 nearest, 3 nearest
# exact, 4 antialiased linear. Linear and cubic compute in float32 (float64 for a float64 input),
# across all dims, and round to the input's dtype once at the end (float16, bfloat16), as ATen's
# CPU kernels accumulate in opmath_t.
def _resample(self: Tensor, output_size: List[int], align_corners: bool,
              scales: List[Optional[float]], mode: int) -> Tensor:
    cdt = torch.float32
    if self.dtype == torch.float64:
        cdt = torch.float64
    n = self.dim()
    y = self
    for k in range(len(output_size)):
        j = len(output_size) - 1 - k
        if mode == 0:
            y = _lin_dim(y, n - 1 - k, output_size[j], align_corners, scales[j], cdt)
        elif mode == 1:
            y = _cubic_dim(y, n - 1 - k, output_size[j], align_corners, scales[j], cdt)
        elif mode == 4:
            y = _aa_dim(y, n - 1 - k, output_size[j], align_corners, scales[j])
        else:
            y = _nearest_dim(y, n - 1 - k, output_size[j], scales[j], mode == 3)
    if y.dtype != self.dtype:
        y = torch._to_copy(y, dtype=self.dtype)
    return y


def _lin_dim(x: Tensor, dim: int, out_size: int, align_corners: bool, scale: Optional[float],
             cdt: int) -> Tensor:
    if x.size(dim) == out_size:
        return torch.clone(x)
    real, i0 = _source_index(x, dim, out_size, align_corners, scale, cdt, False)
    in_size = x.size(dim)
    lam = torch.clamp(torch.sub(real, i0), 0.0, 1.0)
    i1 = torch.clamp(torch.add(i0, 1), None, in_size - 1)
    shape: List[int] = [out_size]
    for k in range(x.dim() - 1 - dim):
        shape.append(1)
    lam1 = torch.view(lam, shape)
    lam0 = torch.rsub(lam1, 1.0)
    return torch.add(torch.mul(torch.index_select(x, dim, i0), lam0),
                     torch.mul(torch.index_select(x, dim, i1), lam1))


# Linear interpolation along each spatial dim (innermost first, the nesting of ATen's CPU kernel),
# source index and lambda as ATen's compute_source_index_and_lambda and area_pixel_compute_scale
# (UpSample.h); cf. torch/_decomp/decompositions.py _upsample_linear.
def upsample_linear1d(self: Tensor, output_size: List[int], align_corners: bool,
                      scales: Optional[float] = None) -> Tensor:
    return _resample(self, output_size, align_corners, [scales], 0)


# As upsample_linear1d over (d, h, w).
def upsample_trilinear3d(self: Tensor, output_size: List[int], align_corners: bool,
                         scales_d: Optional[float] = None, scales_h: Optional[float] = None,
                         scales_w: Optional[float] = None) -> Tensor:
    return _resample(self, output_size, align_corners, [scales_d, scales_h, scales_w], 0)


def _cubic_dim(x: Tensor, dim: int, out_size: int, align_corners: bool, scale: Optional[float],
               cdt: int) -> Tensor:
    in_size = x.size(dim)
    real, i0 = _source_index(x, dim, out_size, align_corners, scale, cdt, True)
    t = torch.clamp(torch.sub(real, i0), 0.0, 1.0)
    A = -0.75
    # cubic_convolution2(t + 1), cubic_convolution1(t), cubic_convolution1(1 - t),
    # cubic_convolution2(2 - t) (UpSample.h get_cubic_upsample_coefficients).
    x0 = torch.add(t, 1.0)
    c0 = torch.sub(torch.mul(x0, A), 5.0 * A)
    c0 = torch.sub(torch.mul(torch.add(torch.mul(c0, x0), 8.0 * A), x0), 4.0 * A)
    c1 = torch.add(torch.mul(torch.mul(torch.sub(torch.mul(t, A + 2.0), A + 3.0), t), t), 1.0)
    x2 = torch.rsub(t, 1.0)
    c2 = torch.add(torch.mul(torch.mul(torch.sub(torch.mul(x2, A + 2.0), A + 3.0), x2), x2), 1.0)
    x3 = torch.add(x2, 1.0)
    c3 = torch.sub(torch.mul(x3, A), 5.0 * A)
    c3 = torch.sub(torch.mul(torch.add(torch.mul(c3, x3), 8.0 * A), x3), 4.0 * A)
    coeffs = [c0, c1, c2, c3]
    shape: List[int] = [out_size]
    for k in range(x.dim() - 1 - dim):
        shape.append(1)
    acc = torch.zeros([1], dtype=x.dtype, device=x.device)
    for j in range(4):
        idx = torch.clamp(torch.add(i0, j - 1), 0, in_size - 1)
        term = torch.mul(torch.index_select(x, dim, idx), torch.view(coeffs[j], shape))
        if j == 0:
            acc = term
        else:
            acc = torch.add(acc, term)
    return acc


# Keys' cubic convolution with A = -0.75 over 4 clamped taps along w, then h, as ATen's
# upsample_bicubic2d CPU kernel (UpSample.h get_cubic_upsample_coefficients,
# guard_index_and_lambda); cf. torch/_decomp/decompositions.py upsample_bicubic2d_default.
def upsample_bicubic2d(self: Tensor, output_size: List[int], align_corners: bool,
                       scales_h: Optional[float] = None,
                       scales_w: Optional[float] = None) -> Tensor:
    return _resample(self, output_size, align_corners, [scales_h, scales_w], 1)


def _nearest_dim(x: Tensor, dim: int, out_size: int, scale: Optional[float], exact: bool) -> Tensor:
    in_size = x.size(dim)
    # Shortcuts for the sizes alone; a scale given places the points even then (the CPU kernel's
    # compute_indices_weights_nearest uses it whatever the sizes).
    if not exact and scale is None and out_size == in_size:
        return torch.clone(x)
    i = torch.arange(0, out_size, 1, dtype=torch.int64, device=x.device)
    if not exact and scale is None and out_size == 2 * in_size:
        return torch.index_select(x, dim, torch.div(i, 2, rounding_mode="floor"))
    ratio = _ratio(in_size, out_size, False, scale)
    fi = torch.arange(0, out_size, 1, dtype=torch.float32, device=x.device)
    if exact:
        fi = torch.add(fi, 0.5)
    idx = torch.clamp(torch._to_copy(torch.floor(torch.mul(fi, ratio)), dtype=torch.int64), None,
                      in_size - 1)
    return torch.index_select(x, dim, idx)


# upsample_nearest1d / _upsample_nearest_exact1d per spatial dim (ATen's nearest_idx and
# nearest_exact_idx, UpSample.h).
def upsample_nearest3d(self: Tensor, output_size: List[int], scales_d: Optional[float] = None,
                       scales_h: Optional[float] = None,
                       scales_w: Optional[float] = None) -> Tensor:
    return _resample(self, output_size, False, [scales_d, scales_h, scales_w], 2)


def _upsample_nearest_exact2d(self: Tensor, output_size: List[int],
                              scales_h: Optional[float] = None,
                              scales_w: Optional[float] = None) -> Tensor:
    return _resample(self, output_size, False, [scales_h, scales_w], 3)


def _upsample_nearest_exact3d(self: Tensor, output_size: List[int],
                              scales_d: Optional[float] = None, scales_h: Optional[float] = None,
                              scales_w: Optional[float] = None) -> Tensor:
    return _resample(self, output_size, False, [scales_d, scales_h, scales_w], 3)


def _aa_dim(x: Tensor, dim: int, out_size: int, align_corners: bool,
            scale: Optional[float]) -> Tensor:
    # The window geometry in the kernel's scalar type (float for float32), promoting to double
    # exactly where the C++ does, so the weights match to the last bit.
    in_size = x.size(dim)
    if in_size == out_size:
        return torch.clone(x)
    cdt = torch.float32
    if x.dtype == torch.float64:
        cdt = torch.float64
    ratio = _ratio(in_size, out_size, align_corners, scale)
    sc = torch._to_copy(torch.full([1], ratio, dtype=cdt, device=x.device), dtype=torch.float64)
    support = torch.full([1], 1.0, dtype=torch.float64, device=x.device)
    invscale = torch.full([1], 1.0, dtype=torch.float64, device=x.device)
    c = 1
    if ratio >= 1.0:
        support = sc
        invscale = torch._to_copy(torch._to_copy(torch.reciprocal(sc), dtype=cdt),
                                  dtype=torch.float64)
        c = int(ratio)
        if float(c) < ratio:
            c = c + 1
    k = c * 2 + 1
    i = torch.unsqueeze(torch.arange(0, out_size, 1, dtype=torch.float64, device=x.device), 1)
    center = torch._to_copy(torch.mul(torch.add(i, 0.5), sc), dtype=cdt)
    lo = torch._to_copy(torch.sub(center, torch._to_copy(support, dtype=cdt)), dtype=torch.float64)
    hi = torch._to_copy(torch.add(center, torch._to_copy(support, dtype=cdt)), dtype=torch.float64)
    xmin = torch.clamp(torch._to_copy(torch.add(lo, 0.5), dtype=torch.int64), 0)
    xmax = torch.clamp(torch._to_copy(torch.add(hi, 0.5), dtype=torch.int64), None, in_size)
    xsize = torch.clamp(torch.sub(xmax, xmin), 0, k)
    j = torch.unsqueeze(torch.arange(0, k, 1, dtype=torch.int64, device=x.device), 0)
    d = torch.sub(torch._to_copy(torch.add(j, xmin), dtype=cdt), center)
    arg = torch._to_copy(torch.mul(torch.add(torch._to_copy(d, dtype=torch.float64), 0.5),
                                   invscale),
                         dtype=cdt)
    w = torch.clamp(torch.rsub(torch.abs(arg), 1.0), 0.0)
    w = torch.where(torch.lt(j, xsize), w, torch.zeros_like(w))
    total = torch.sum(w, [1], True)
    w = torch.where(torch.ne(total, 0.0), torch.div(w, total), w)
    idx = torch.clamp(torch.add(j, xmin), None, in_size - 1)
    g = torch.index_select(x, dim, torch.reshape(idx, [-1]))
    shape: List[int] = []
    wshape: List[int] = []
    for dd in range(x.dim()):
        if dd == dim:
            shape.append(out_size)
            shape.append(k)
            wshape.append(out_size)
            wshape.append(k)
        else:
            shape.append(x.size(dd))
            if dd > dim:
                wshape.append(1)
    wt = torch.view(torch._to_copy(w, dtype=x.dtype), wshape)
    return torch.sum(torch.mul(torch.view(g, shape), wt), [dim + 1])


# Antialiased (triangle filter widened by the downscale factor) separable resampling, w then h, as
# ATen's CPU kernel (UpSampleKernel.cpp _compute_indices_min_size_weights_aa with interp_size 2:
# center = scale (i + 0.5), support = scale >= 1 ? scale : 1, weights normalised to sum 1; the PIL
# algorithm). Window geometry in float64.
def _upsample_bilinear2d_aa(self: Tensor, output_size: List[int], align_corners: bool,
                            scales_h: Optional[float] = None,
                            scales_w: Optional[float] = None) -> Tensor:
    return _resample(self, output_size, align_corners, [scales_h, scales_w], 4)


DECOMPOSITIONS = {
    "aten::upsample_bilinear2d": upsample_bilinear2d,
    "aten::upsample_nearest2d": upsample_nearest2d,
    "aten::upsample_nearest1d": upsample_nearest1d,
    "aten::_upsample_nearest_exact1d": _upsample_nearest_exact1d,
    "aten::upsample_linear1d": upsample_linear1d,
    "aten::upsample_trilinear3d": upsample_trilinear3d,
    "aten::upsample_bicubic2d": upsample_bicubic2d,
    "aten::upsample_nearest3d": upsample_nearest3d,
    "aten::_upsample_nearest_exact2d": _upsample_nearest_exact2d,
    "aten::_upsample_nearest_exact3d": _upsample_nearest_exact3d,
    "aten::_upsample_bilinear2d_aa": _upsample_bilinear2d_aa,
}
