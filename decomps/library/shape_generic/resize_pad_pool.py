"""Shape-generic forms of the resizing, padding, pooling and normalisation front ends (the
CompositeImplicitAutograd overloads F.interpolate, F.pad, F.instance_norm, F.rms_norm and the
pooling modules call), for nodes whose shapes are not all known: see nn.py of this folder. Each
computes its sizes at run time and calls the overload the kernel calls, which the library or
core ATen covers. Sources: aten/src/ATen/native/UpSample.cpp (compute_output_size,
get_scale_value), PadNd.cpp (_pad_enum, _pad_circular_symint), AdaptiveAveragePooling3d.cpp,
AdaptiveMaxPooling2d.cpp / Pooling.cpp (adaptive_max_pool1d, max_pool3d), Normalization.cpp
(instance_norm), layer_norm.cpp (rms_norm_symint), TensorShape.cpp (chunk, expand_as),
Repeat.cpp (repeat_interleave_symint), ReduceOps.cpp (std/var .dim overloads), Convolution.cpp
(conv_transpose*), LinearAlgebra.cpp (frobenius_norm), GridSampler.cpp (grid_sampler).
"""


# compute_output_size (UpSample.cpp): output_size as given, else each spatial size (dims 2..)
# times its scale factor, truncated as the kernel's static_cast<int64_t> of the double product.
def _resize_size(input: Tensor, output_size: Optional[List[int]],
                 scale_factors: Optional[List[float]], n: int) -> List[int]:
    if output_size is not None:
        assert scale_factors is None, "Must specify exactly one of output_size and scale_factors"
        return output_size
    assert scale_factors is not None, "Must specify exactly one of output_size and scale_factors"
    out: List[int] = []
    for i in range(n):
        out.append(int(float(input.size(i + 2)) * scale_factors[i]))
    return out


# get_scale_value (UpSample.h): the i-th scale factor, or None when the size was given.
def _scale(scale_factors: Optional[List[float]], i: int) -> Optional[float]:
    if scale_factors is None:
        return None
    return scale_factors[i]


def upsample_nearest1d_vec(input: Tensor, output_size: Optional[List[int]],
                           scale_factors: Optional[List[float]]) -> Tensor:
    return torch.upsample_nearest1d(input, _resize_size(input, output_size, scale_factors, 1),
                                    _scale(scale_factors, 0))


def upsample_nearest3d_vec(input: Tensor, output_size: Optional[List[int]],
                           scale_factors: Optional[List[float]]) -> Tensor:
    return torch.upsample_nearest3d(input, _resize_size(input, output_size, scale_factors, 3),
                                    _scale(scale_factors, 0), _scale(scale_factors, 1),
                                    _scale(scale_factors, 2))


def upsample_nearest_exact1d_vec(input: Tensor, output_size: Optional[List[int]],
                                 scale_factors: Optional[List[float]]) -> Tensor:
    return torch._upsample_nearest_exact1d(
        input, _resize_size(input, output_size, scale_factors, 1), _scale(scale_factors, 0))


def upsample_nearest_exact2d_vec(input: Tensor, output_size: Optional[List[int]],
                                 scale_factors: Optional[List[float]]) -> Tensor:
    return torch._upsample_nearest_exact2d(
        input, _resize_size(input, output_size, scale_factors, 2), _scale(scale_factors, 0),
        _scale(scale_factors, 1))


def upsample_nearest_exact3d_vec(input: Tensor, output_size: Optional[List[int]],
                                 scale_factors: Optional[List[float]]) -> Tensor:
    return torch._upsample_nearest_exact3d(
        input, _resize_size(input, output_size, scale_factors, 3), _scale(scale_factors, 0),
        _scale(scale_factors, 1), _scale(scale_factors, 2))


def upsample_linear1d_vec(input: Tensor, output_size: Optional[List[int]], align_corners: bool,
                          scale_factors: Optional[List[float]]) -> Tensor:
    return torch.upsample_linear1d(input, _resize_size(input, output_size, scale_factors, 1),
                                   align_corners, _scale(scale_factors, 0))


def upsample_bicubic2d_vec(input: Tensor, output_size: Optional[List[int]], align_corners: bool,
                           scale_factors: Optional[List[float]]) -> Tensor:
    return torch.upsample_bicubic2d(input, _resize_size(input, output_size, scale_factors, 2),
                                    align_corners, _scale(scale_factors, 0),
                                    _scale(scale_factors, 1))


def upsample_bilinear2d_aa_vec(input: Tensor, output_size: Optional[List[int]],
                               align_corners: bool,
                               scale_factors: Optional[List[float]]) -> Tensor:
    return torch._upsample_bilinear2d_aa(
        input, _resize_size(input, output_size, scale_factors, 2), align_corners,
        _scale(scale_factors, 0), _scale(scale_factors, 1))


def upsample_trilinear3d_vec(input: Tensor, output_size: Optional[List[int]],
                             align_corners: bool,
                             scale_factors: Optional[List[float]]) -> Tensor:
    return torch.upsample_trilinear3d(input, _resize_size(input, output_size, scale_factors, 3),
                                      align_corners, _scale(scale_factors, 0),
                                      _scale(scale_factors, 1), _scale(scale_factors, 2))


# The kernel takes the mean over the last three dims for an output of one element per channel.
def adaptive_avg_pool3d(self: Tensor, output_size: List[int]) -> Tensor:
    if output_size[0] == 1 and output_size[1] == 1 and output_size[2] == 1:
        return torch.mean(self, [-1, -2, -3], True)
    return torch._adaptive_avg_pool3d(self, output_size)


def adaptive_max_pool1d(self: Tensor, output_size: List[int]) -> Tuple[Tensor, Tensor]:
    assert len(output_size) == 1, "adaptive_max_pool1d: output_size must be a single int"
    out, indices = torch.adaptive_max_pool2d(torch.unsqueeze(self, -2), [1, output_size[0]])
    return torch.squeeze(out, -2), torch.squeeze(indices, -2)


def max_pool3d(self: Tensor, kernel_size: List[int], stride: List[int] = [],
               padding: List[int] = [0, 0, 0], dilation: List[int] = [1, 1, 1],
               ceil_mode: bool = False) -> Tensor:
    return torch.max_pool3d_with_indices(self, kernel_size, stride, padding, dilation,
                                         ceil_mode)[0]


# _pad_circular_symint for non-negative pads: per padded dim, from the last, the input's last
# `left` and first `right` slices wrapped around it.
def _pad_circular(self: Tensor, pad: List[int]) -> Tensor:
    out = self
    n = out.dim()
    for i in range(len(pad) // 2):
        dim = n - 1 - i
        left = pad[2 * i]
        right = pad[2 * i + 1]
        assert left >= 0 and right >= 0, "circular padding: negative pads are not supported here"
        size = out.size(dim)
        assert left <= size and right <= size, \
            "Padding value causes wrapping around more than once."
        out = torch.cat([torch.narrow(out, dim, size - left, left), out,
                         torch.narrow(out, dim, 0, right)], dim)
    return out


# _pad_enum: constant padding with its value (0 by default); the other modes by the number of
# padded dims, for inputs with or without a batch dim.
def pad(self: Tensor, pad: List[int], mode: str = "constant",
        value: Optional[float] = None) -> Tensor:
    if mode == "constant":
        v = 0.0
        if value is not None:
            v = value
        return torch.constant_pad_nd(self, pad, v)
    assert value is None or value == 0.0, \
        "Padding mode \"" + mode + "\" doesn't take in value argument"
    n = self.dim()
    k = len(pad)
    if k == 2 and (n == 2 or n == 3):
        if mode == "reflect":
            return torch.reflection_pad1d(self, pad)
        if mode == "replicate":
            return torch.replication_pad1d(self, pad)
    elif k == 4 and (n == 3 or n == 4):
        if mode == "reflect":
            return torch.reflection_pad2d(self, pad)
        if mode == "replicate":
            return torch.replication_pad2d(self, pad)
    elif k == 6 and (n == 4 or n == 5):
        if mode == "reflect":
            return torch.reflection_pad3d(self, pad)
        if mode == "replicate":
            return torch.replication_pad3d(self, pad)
    else:
        assert False, "Only 2D, 3D, 4D, 5D padding with non-constant padding are supported for now"
    assert mode == "circular", "Unrecognised padding mode " + mode
    return _pad_circular(self, pad)


# instance_norm (Normalization.cpp): batch_norm over [1, N * C, *] with the affine parameters
# and running statistics repeated N times; with input statistics, the running statistics are
# written back as the mean over N of the updated copies.
def instance_norm(input: Tensor, weight: Optional[Tensor], bias: Optional[Tensor],
                  running_mean: Optional[Tensor], running_var: Optional[Tensor],
                  use_input_stats: bool, momentum: float, eps: float,
                  cudnn_enabled: bool) -> Tensor:
    assert use_input_stats or (running_mean is not None and running_var is not None), \
        "Expected running_mean and running_var to be defined when use_input_stats is false"
    sizes = input.size()
    b = sizes[0]
    c = sizes[1]
    shape = [1, b * c]
    for d in range(2, len(sizes)):
        shape.append(sizes[d])
    w: Optional[Tensor] = None
    if weight is not None:
        w = torch.repeat(weight, [b])
    bi: Optional[Tensor] = None
    if bias is not None:
        bi = torch.repeat(bias, [b])
    rm: Optional[Tensor] = None
    if running_mean is not None:
        rm = torch.repeat(running_mean, [b])
    rv: Optional[Tensor] = None
    if running_var is not None:
        rv = torch.repeat(running_var, [b])
    out = torch.batch_norm(torch.view(torch.contiguous(input), shape), w, bi, rm, rv,
                           use_input_stats, momentum, eps, cudnn_enabled)
    # (The kernel writes them back also without input statistics, when they are unchanged.)
    if use_input_stats and running_mean is not None and rm is not None:
        running_mean.copy_(torch.mean(torch.view(rm, [b, c]), [0], False))
    if use_input_stats and running_var is not None and rv is not None:
        running_var.copy_(torch.mean(torch.view(rv, [b, c]), [0], False))
    return torch.view(out, sizes)


# The default epsilon: std::numeric_limits<opmath_t>::epsilon(), opmath_t being float for the
# half types (layer_norm.cpp rms_norm_symint).
def _opmath_eps(dtype: int) -> float:
    if dtype == torch.float64:
        return 2.220446049250313e-16
    return 1.1920928955078125e-07


# rms_norm_symint: x * rsqrt(mean(x^2 over the normalised dims) + eps) in the op-math type (float
# for half types), cast back, then times the weight.
def rms_norm(input: Tensor, normalized_shape: List[int], weight: Optional[Tensor] = None,
             eps: Optional[float] = None) -> Tensor:
    dims: List[int] = []
    for i in range(len(normalized_shape)):
        dims.append(-1 - i)
    e = _opmath_eps(input.dtype)
    if eps is not None:
        e = eps
    x = input
    if input.dtype == torch.float16 or input.dtype == torch.bfloat16:
        x = torch._to_copy(input, dtype=torch.float32)
    r = torch.rsqrt(torch.add(torch.mean(torch.pow(x, 2), dims, True), e))
    out = torch.mul(x, r)
    if out.dtype != input.dtype:
        out = torch._to_copy(out, dtype=input.dtype)
    if weight is not None:
        out = torch.mul(out, weight)
    return out


# chunk: split into pieces of ceil(size / chunks); an empty dim into `chunks` empty pieces.
def chunk(self: Tensor, chunks: int, dim: int = 0) -> List[Tensor]:
    assert self.dim() > 0, "chunk expects at least a 1-dimensional tensor"
    assert chunks > 0, "chunk expects `chunks` to be greater than 0"
    size = self.size(dim)
    split_size = (size + chunks - 1) // chunks
    if split_size == 0 and size == 0:
        sizes: List[int] = []
        for _ in range(chunks):
            sizes.append(0)
        return torch.split_with_sizes(self, sizes, dim)
    return torch.split(self, split_size, dim)


def expand_as(self: Tensor, other: Tensor) -> Tensor:
    return torch.expand(self, other.size())


# repeat_interleave by one count: each slice repeated, as a broadcast and a merge of two dims
# (the flattened input without a dim).
def repeat_interleave_self_int(self: Tensor, repeats: int, dim: Optional[int] = None,
                               output_size: Optional[int] = None) -> Tensor:
    x = self
    d = 0
    if dim is None:
        x = torch.reshape(self, [-1])
    else:
        d = dim
        if d < 0:
            d = d + self.dim()
    sizes = x.size()
    expanded = sizes[:d + 1]
    expanded.append(repeats)
    merged = sizes[:d]
    merged.append(sizes[d] * repeats)
    for i in range(d + 1, len(sizes)):
        expanded.append(sizes[i])
        merged.append(sizes[i])
    y = torch.expand(torch.unsqueeze(x, d + 1), expanded)
    return torch.reshape(torch.clone(y, memory_format=torch.contiguous_format), merged)


# The unbiased flag is correction 1 (0 when false).
def _correction(unbiased: bool) -> int:
    if unbiased:
        return 1
    return 0


def var_dim(self: Tensor, dim: Optional[List[int]], unbiased: bool = True,
            keepdim: bool = False) -> Tensor:
    return torch.var(self, dim, correction=_correction(unbiased), keepdim=keepdim)


def std_dim(self: Tensor, dim: Optional[List[int]], unbiased: bool = True,
            keepdim: bool = False) -> Tensor:
    return torch.std(self, dim, correction=_correction(unbiased), keepdim=keepdim)


def var_mean_dim(self: Tensor, dim: Optional[List[int]], unbiased: bool = True,
                 keepdim: bool = False) -> Tuple[Tensor, Tensor]:
    return torch.var_mean(self, dim, correction=_correction(unbiased), keepdim=keepdim)


def std_mean_dim(self: Tensor, dim: Optional[List[int]], unbiased: bool = True,
                 keepdim: bool = False) -> Tuple[Tensor, Tensor]:
    return torch.std_mean(self, dim, correction=_correction(unbiased), keepdim=keepdim)


# narrow (TensorShape.cpp): a negative start counts from the end; the slice must lie inside.
def narrow_int(self: Tensor, dim: int, start: int, length: int) -> Tensor:
    size = self.size(dim)
    s = start
    if s < 0:
        s = s + size
    assert s >= 0 and length >= 0 and s <= size - length, \
        "narrow: start and length exceed the dimension's size"
    return torch.slice(self, dim, s, s + length, 1)


# conv_transpose{1,2,3}d (Convolution.cpp): convolution transposed, an unbatched input given a
# batch dim of one.
def _conv_transpose(input: Tensor, weight: Tensor, bias: Optional[Tensor], stride: List[int],
                    padding: List[int], output_padding: List[int], groups: int,
                    dilation: List[int], spatial: int) -> Tensor:
    if input.dim() == spatial + 1:
        return torch.squeeze(torch.convolution(torch.unsqueeze(input, 0), weight, bias, stride,
                                               padding, dilation, True, output_padding, groups),
                             0)
    return torch.convolution(input, weight, bias, stride, padding, dilation, True, output_padding,
                             groups)


def conv_transpose1d(input: Tensor, weight: Tensor, bias: Optional[Tensor] = None,
                     stride: List[int] = [1], padding: List[int] = [0],
                     output_padding: List[int] = [0], groups: int = 1,
                     dilation: List[int] = [1]) -> Tensor:
    return _conv_transpose(input, weight, bias, stride, padding, output_padding, groups,
                           dilation, 1)


def conv_transpose2d(input: Tensor, weight: Tensor, bias: Optional[Tensor] = None,
                     stride: List[int] = [1, 1], padding: List[int] = [0, 0],
                     output_padding: List[int] = [0, 0], groups: int = 1,
                     dilation: List[int] = [1, 1]) -> Tensor:
    return _conv_transpose(input, weight, bias, stride, padding, output_padding, groups,
                           dilation, 2)


def conv_transpose3d(input: Tensor, weight: Tensor, bias: Optional[Tensor] = None,
                     stride: List[int] = [1, 1, 1], padding: List[int] = [0, 0, 0],
                     output_padding: List[int] = [0, 0, 0], groups: int = 1,
                     dilation: List[int] = [1, 1, 1]) -> Tensor:
    return _conv_transpose(input, weight, bias, stride, padding, output_padding, groups,
                           dilation, 3)


# frobenius_norm.dim (LinearAlgebra.cpp): the 2-norm over `dim`.
def frobenius_norm_dim(self: Tensor, dim: List[int], keepdim: bool = False) -> Tensor:
    return torch.linalg_vector_norm(self, 2, dim, keepdim)


# grid_sampler (GridSampler.cpp): the 2-d or the 3-d kernel by the input's rank (cuDNN's only on
# CUDA).
def grid_sampler(input: Tensor, grid: Tensor, interpolation_mode: int, padding_mode: int,
                 align_corners: bool) -> Tensor:
    if input.dim() == 4:
        return torch.grid_sampler_2d(input, grid, interpolation_mode, padding_mode, align_corners)
    return torch.grid_sampler_3d(input, grid, interpolation_mode, padding_mode, align_corners)


DECOMPOSITIONS = {
    "aten::upsample_nearest1d.vec": upsample_nearest1d_vec,
    "aten::upsample_nearest3d.vec": upsample_nearest3d_vec,
    "aten::_upsample_nearest_exact1d.vec": upsample_nearest_exact1d_vec,
    "aten::_upsample_nearest_exact2d.vec": upsample_nearest_exact2d_vec,
    "aten::_upsample_nearest_exact3d.vec": upsample_nearest_exact3d_vec,
    "aten::upsample_linear1d.vec": upsample_linear1d_vec,
    "aten::upsample_bicubic2d.vec": upsample_bicubic2d_vec,
    "aten::_upsample_bilinear2d_aa.vec": upsample_bilinear2d_aa_vec,
    "aten::upsample_trilinear3d.vec": upsample_trilinear3d_vec,
    "aten::adaptive_avg_pool3d": adaptive_avg_pool3d,
    "aten::adaptive_max_pool1d": adaptive_max_pool1d,
    "aten::max_pool3d": max_pool3d,
    "aten::_pad_circular": _pad_circular,
    "aten::pad": pad,
    "aten::instance_norm": instance_norm,
    "aten::rms_norm": rms_norm,
    "aten::chunk": chunk,
    "aten::expand_as": expand_as,
    "aten::repeat_interleave.self_int": repeat_interleave_self_int,
    "aten::var.dim": var_dim,
    "aten::std.dim": std_dim,
    "aten::var_mean.dim": var_mean_dim,
    "aten::std_mean.dim": std_mean_dim,
    "aten::narrow": narrow_int,
    "aten::conv_transpose1d": conv_transpose1d,
    "aten::conv_transpose2d.input": conv_transpose2d,
    "aten::conv_transpose3d.input": conv_transpose3d,
    "aten::frobenius_norm.dim": frobenius_norm_dim,
    "aten::grid_sampler": grid_sampler,
}
