"""Decompositions of FFTs as products with DFT matrices, and complex-number helpers into core ATen.
Complex values stay complex tensors: Re z = _to_copy(z, real dtype) (drops the imaginary part),
Im z = Re(-i z), and re + i im = complex(re) + complex(im) * i, where i = sqrt(-1 + 0i) is
computed at run time (the engine keeps no complex constants). DFT matrices are built from arange
in float64 (n k reduced mod N) and the result cast to eager's dtype.
"""


def _from_last(x: Tensor, d: int) -> Tensor:
    nd = x.dim()
    perm: List[int] = []
    for j in range(nd):
        if j < d:
            perm.append(j)
        elif j == d:
            perm.append(nd - 1)
        else:
            perm.append(j - 1)
    return torch.permute(x, perm)


def _to_last(x: Tensor, d: int) -> Tensor:
    perm: List[int] = []
    for i in range(x.dim()):
        if i != d:
            perm.append(i)
    perm.append(d)
    return torch.permute(x, perm)


def _mm_dim(x: Tensor, d: int, m: Tensor) -> Tensor:
    # y = x @ m along dim d: dim d moved last, made contiguous and flattened to 2-D for one mm
    # (no matmul: its folding depends on strides).
    a = torch.clone(_to_last(x, d), memory_format=torch.contiguous_format)
    nd = a.dim()
    rows = 1
    shape: List[int] = []
    for i in range(nd - 1):
        rows = rows * a.size(i)
        shape.append(a.size(i))
    shape.append(m.size(1))
    y = torch.mm(torch.view(a, [rows, a.size(nd - 1)]), m)
    return _from_last(torch.view(y, shape), d)


def _twiddle(rows: int, cols: int, n: int, sign: float) -> Tuple[Tensor, Tensor]:
    r = torch.arange(0, rows, 1, dtype=torch.int64)
    c = torch.arange(0, cols, 1, dtype=torch.int64)
    rc = torch.remainder(torch.mul(torch.unsqueeze(r, 1), torch.unsqueeze(c, 0)), n)
    ang = torch.mul(torch._to_copy(rc, dtype=torch.float64), 6.283185307179586 / n)
    return torch.cos(ang), torch.mul(torch.sin(ang), sign)


def _c2c_dim(re: Tensor, im: Tensor, d: int, sign: float) -> Tuple[Tensor, Tensor]:
    n = re.size(d)
    cs, sn = _twiddle(n, n, n, sign)
    ore = torch.sub(_mm_dim(re, d, cs), _mm_dim(im, d, sn))
    oim = torch.add(_mm_dim(re, d, sn), _mm_dim(im, d, cs))
    return ore, oim


def _complex_dtype(real_dtype: int) -> int:
    if real_dtype == torch.float16:
        return torch.complex32
    if real_dtype == torch.float64:
        return torch.complex128
    return torch.complex64


def _unit_i(cdtype: int) -> Tensor:
    # i = sqrt(-1 + 0i) (principal branch, exact); built at run time, no complex constant.
    return torch.sqrt(torch.scalar_tensor(-1.0, dtype=cdtype))


def _make_complex(re: Tensor, im: Tensor, cdtype: int) -> Tensor:
    i_im = torch.mul(torch._to_copy(im, dtype=cdtype), _unit_i(cdtype))
    return torch.add(torch._to_copy(re, dtype=cdtype), i_im)


def _norm_scale(normalization: int, sizes: List[int], dims: List[int]) -> float:
    if normalization == 0:
        return 1.0
    n = 1
    for d in dims:
        n = n * sizes[d]
    if normalization == 1:
        return 1.0 / (float(n) ** 0.5)
    return 1.0 / float(n)


def _wrap_dims(dim: List[int], nd: int) -> List[int]:
    out: List[int] = []
    for d in dim:
        if d < 0:
            out.append(d + nd)
        else:
            out.append(d)
    return out


# r2c FFT (aten/src/ATen/native/SpectralOps.cpp, mkl/SpectralOps.cpp): X_k = sum_n x_n e^{-2 pi i n
# k/N} over every dim of `dim`, as products with float64 cos/sin DFT matrices; the last dim keeps
# N/2+1 outputs when onesided; scaled by 1, 1/sqrt(n) or 1/n (fft_norm_mode none/by_root_n/by_n).
def fft_r2c(self: Tensor, dim: List[int], normalization: int, onesided: bool) -> Tensor:
    cdtype = _complex_dtype(self.dtype)
    dims = _wrap_dims(dim, self.dim())
    x = torch._to_copy(self, dtype=torch.float64)
    last = dims[len(dims) - 1]
    n = x.size(last)
    m = n
    if onesided:
        m = n // 2 + 1
    cs, sn = _twiddle(n, m, n, -1.0)
    re = _mm_dim(x, last, cs)
    im = _mm_dim(x, last, sn)
    for i in range(len(dims) - 1):
        re, im = _c2c_dim(re, im, dims[i], -1.0)
    scale = _norm_scale(normalization, self.size(), dims)
    if scale != 1.0:
        re = torch.mul(re, scale)
        im = torch.mul(im, scale)
    return _make_complex(re, im, cdtype)


def _imag_part(z: Tensor, dtype: int) -> Tensor:
    return torch._to_copy(torch.mul(z, torch.neg(_unit_i(z.dtype))), dtype=dtype)


def _real_part(z: Tensor, dtype: int) -> Tensor:
    return torch._to_copy(z, dtype=dtype)


# c2c FFT (aten/src/ATen/native/SpectralOps.cpp): X_k = sum_n x_n e^{-+2 pi i n k/N} (sign - when
# forward) over every dim of `dim`, as float64 cos/sin DFT matrix products on real and imaginary
# parts.
def fft_c2c(self: Tensor, dim: List[int], normalization: int, forward: bool) -> Tensor:
    cdtype = self.dtype
    dims = _wrap_dims(dim, self.dim())
    re = _real_part(self, 7)
    im = _imag_part(self, 7)
    sign = 1.0
    if forward:
        sign = -1.0
    for d in dims:
        re, im = _c2c_dim(re, im, d, sign)
    scale = _norm_scale(normalization, self.size(), dims)
    if scale != 1.0:
        re = torch.mul(re, scale)
        im = torch.mul(im, scale)
    return _make_complex(re, im, cdtype)


def _real_dtype(dtype: int) -> int:
    if dtype == torch.complex32:
        return torch.float16
    if dtype == torch.complex128:
        return torch.float64
    return torch.float32


# c2r inverse FFT (aten/src/ATen/native/SpectralOps.cpp, pocketfft c2r): inverse c2c over dim[:-1],
# then x_n = sum_k w_k (Re X_k cos(2 pi k n/N) - Im X_k sin(2 pi k n/N)) over the last dim with N =
# last_dim_size, w_0 = w_{N/2} = 1 and 2 otherwise (Hermitian symmetry; the imaginary parts of X_0
# and X_{N/2} are ignored as pocketfft does); scaled by the output signal size.
def fft_c2r(self: Tensor, dim: List[int], normalization: int, last_dim_size: int) -> Tensor:
    rdtype = _real_dtype(self.dtype)
    dims = _wrap_dims(dim, self.dim())
    re = _real_part(self, 7)
    im = _imag_part(self, 7)
    for i in range(len(dims) - 1):
        re, im = _c2c_dim(re, im, dims[i], 1.0)
    last = dims[len(dims) - 1]
    n = last_dim_size
    k = n // 2 + 1
    if re.size(last) > k:
        re = torch.slice(re, last, 0, k)
        im = torch.slice(im, last, 0, k)
    k = re.size(last)
    cs, sn = _twiddle(k, n, n, 1.0)
    kk = torch.arange(0, k, 1, dtype=torch.int64)
    edge = torch.logical_or(torch.eq(kk, 0), torch.eq(torch.mul(kk, 2), n))
    w = torch.unsqueeze(torch.where(edge, 1.0, 2.0), 1)
    cs = torch.mul(cs, w)
    sn = torch.where(torch.unsqueeze(edge, 1), 0.0, torch.mul(sn, w))
    out = torch.sub(_mm_dim(re, last, cs), _mm_dim(im, last, sn))
    sizes: List[int] = []
    for s in self.size():
        sizes.append(s)
    sizes[last] = n
    scale = _norm_scale(normalization, sizes, dims)
    if scale != 1.0:
        out = torch.mul(out, scale)
    return torch._to_copy(out, dtype=rdtype)


# conj(z) = Re z - i Im z for complex z, z itself for real z (torch/_refs conj_physical).
def conj(self: Tensor) -> Tensor:
    dt = self.dtype
    if dt != torch.complex32 and dt != torch.complex64 and dt != torch.complex128:
        return torch.clone(self)
    rd = _real_dtype(dt)
    return _make_complex(_real_part(self, rd), torch.neg(_imag_part(self, rd)), dt)


# Same as _conj, materialized (torch/_refs conj_physical).
def conj_physical(self: Tensor) -> Tensor:
    dt = self.dtype
    if dt != torch.complex32 and dt != torch.complex64 and dt != torch.complex128:
        return torch.clone(self)
    rd = _real_dtype(dt)
    return _make_complex(_real_part(self, rd), torch.neg(_imag_part(self, rd)), dt)


# angle(z) = atan2(Im z, Re z) for complex z; for real x, pi where x < 0, 0 elsewhere and NaN kept
# (aten/src/ATen/native/cpu/UnaryOpsKernel.cpp angle_impl); integers/bool give the default float32.
def angle(self: Tensor) -> Tensor:
    dt = self.dtype
    if dt == torch.complex32 or dt == torch.complex64 or dt == torch.complex128:
        rd = _real_dtype(dt)
        return torch.atan2(_imag_part(self, rd), _real_part(self, rd))
    x = self
    if dt != torch.float16 and dt != torch.float32 and dt != torch.float64 and dt != torch.bfloat16:
        x = torch._to_copy(self, dtype=torch.float32)
    neg = torch.mul(torch._to_copy(torch.lt(x, 0), dtype=x.dtype), 3.141592653589793)
    return torch.where(torch.isnan(x), x, neg)


# sgn(z) = z / |z| (0 where z == 0) for complex z, sign(x) for real x (torch/_refs sgn).
def sgn(self: Tensor) -> Tensor:
    dt = self.dtype
    if dt != torch.complex32 and dt != torch.complex64 and dt != torch.complex128:
        return torch.sign(self)
    rd = _real_dtype(dt)
    r = torch.abs(self)
    zero = torch.eq(r, 0)
    safe = torch.where(zero, torch.full_like(r, 1.0), r)
    re = torch.where(zero, torch.full_like(r, 0.0), torch.div(_real_part(self, rd), safe))
    im = torch.where(zero, torch.full_like(r, 0.0), torch.div(_imag_part(self, rd), safe))
    return _make_complex(re, im, dt)


# complex(re, im) = re + i im (aten/src/ATen/native/TensorFactories.cpp complex; torch/_refs
# complex).
def complex(real: Tensor, imag: Tensor) -> Tensor:
    return _make_complex(real, imag, _complex_dtype(real.dtype))


# polar(r, theta) = r cos(theta) + i r sin(theta) (aten/src/ATen/native/TensorFactories.cpp
# polar_out).
def polar(abs: Tensor, angle: Tensor) -> Tensor:
    re = torch.mul(abs, torch.cos(angle))
    im = torch.mul(abs, torch.sin(angle))
    return _make_complex(re, im, _complex_dtype(abs.dtype))


# view_as_real(z): a trailing dim of size 2 holding (Re z, Im z) (as a copy, not a view).
def view_as_real(self: Tensor) -> Tensor:
    rd = _real_dtype(self.dtype)
    re = torch.unsqueeze(_real_part(self, rd), -1)
    im = torch.unsqueeze(_imag_part(self, rd), -1)
    return torch.cat([re, im], -1)


# view_as_complex(x) = x[..., 0] + i x[..., 1] (as a copy, not a view).
def view_as_complex(self: Tensor) -> Tensor:
    re = torch.select(self, -1, 0)
    im = torch.select(self, -1, 1)
    return _make_complex(re, im, _complex_dtype(self.dtype))


DECOMPOSITIONS = {
    "aten::_fft_r2c": fft_r2c,
    "aten::_fft_c2c": fft_c2c,
    "aten::_fft_c2r": fft_c2r,
    "aten::_conj": conj,
    "aten::_conj_physical": conj_physical,
    "aten::angle": angle,
    "aten::sgn": sgn,
    "aten::complex": complex,
    "aten::polar": polar,
    "aten::view_as_real": view_as_real,
    "aten::view_as_complex": view_as_complex,
}
