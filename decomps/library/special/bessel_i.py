"""Modified Bessel functions of the first kind: i0, i0e, i1, i1e, modified_bessel_i0 and _i1.
Sources and conventions: common.py of this folder.
"""


# i0e(x) = exp(-|x|) I0(x); Chebyshev expansions of Cephes i0e over [0, 8] and [8, inf),
# coefficients of aten/src/ATen/native/Math.h (from Cephes), evaluated in float64.
def i0e(self: Tensor) -> Tensor:
    x = torch.abs(torch._to_copy(self, dtype=torch.float64))
    small, a, b, xl = _i_parts(x, False, False)
    return torch._to_copy(torch.where(small, a, torch.div(b, torch.sqrt(xl))),
                          dtype=_float_dtype(self))


# I1(x), or exp(-|x|) I1(x) when scaled; Chebyshev expansions of Cephes i1 (i1e) over [0, 8] and
# [8, inf), coefficients of aten/src/ATen/native/Math.h (from Cephes), evaluated in float64, or for
# a float32 input in float32 arithmetic with the kernel's float32 coefficients.
def _i1(self: Tensor, scaled: bool) -> Tensor:
    x = torch.abs(torch._to_copy(self, dtype=torch.float64))
    if _float_dtype(self) == torch.float32:
        small, a, b, xl = _i_parts(x, True, True)
        if scaled:
            a = _r32(torch.mul(a, x))
            b = _r32(torch.div(b, _r32(torch.sqrt(xl))))
        else:
            ex = _r32(torch.exp(x))
            a = _r32(torch.mul(_r32(torch.mul(ex, x)), a))
            b = _r32(torch.div(_r32(torch.mul(ex, b)), _r32(torch.sqrt(xl))))
    else:
        small, a, b, xl = _i_parts(x, True, False)
        if scaled:
            a = torch.mul(a, x)
            b = torch.div(b, torch.sqrt(xl))
        else:
            ex = torch.exp(x)
            a = torch.mul(torch.mul(ex, x), a)
            b = torch.div(torch.mul(ex, b), torch.sqrt(xl))
    r = torch.where(small, a, b)
    r = torch.where(torch.lt(self, 0), torch.neg(r), r)
    return torch._to_copy(r, dtype=_float_dtype(self))


def i1(self: Tensor) -> Tensor:
    return _i1(self, False)


def i1e(self: Tensor) -> Tensor:
    return _i1(self, True)


# Modified Bessel I0 (i0 and special_modified_bessel_i0); Chebyshev expansions of Cephes i0.c over
# [0, 8] and [8, inf) with the coefficients of aten/src/ATen/native/Math.h
# (modified_bessel_i0_forward), evaluated in float64.
def modified_bessel_i0(self: Tensor) -> Tensor:
    x = torch._to_copy(self, dtype=torch.float64)
    return torch._to_copy(_mi0(x), dtype=_float_dtype(self))


# Modified Bessel I1; Chebyshev expansions of Cephes i1.c with the coefficients of
# aten/src/ATen/native/Math.h (modified_bessel_i1_forward), evaluated in float64.
def modified_bessel_i1(self: Tensor) -> Tensor:
    x = torch._to_copy(self, dtype=torch.float64)
    return torch._to_copy(_mi1(x), dtype=_float_dtype(self))


DECOMPOSITIONS = {
    "aten::i0": modified_bessel_i0,
    "aten::special_i0e": i0e,
    "aten::special_i1": i1,
    "aten::special_i1e": i1e,
    "aten::special_modified_bessel_i0": modified_bessel_i0,
    "aten::special_modified_bessel_i1": modified_bessel_i1,
}
