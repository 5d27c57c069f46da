"""Modified Bessel functions of the second kind: modified_bessel_k0, _k1 and their scaled forms.
Sources and conventions: common.py of this folder.
"""


# K0 (K1 when one) of x (float64), times exp(x) when scaled: Chebyshev expansions of Cephes k0.c
# (k1.c) over [0, 2] and [2, inf), inf at 0, nan below.
def _k(x: Tensor, one: bool, scaled: bool) -> Tensor:
    small = torch.le(x, 2.0)
    xs = torch.where(small, x, torch.full_like(x, 2.0))
    xl = torch.where(small, torch.full_like(x, 4.0), x)
    if one:
        a = _chbevl(torch.sub(torch.mul(xs, xs), 2.0), [
            -7.023863479386288e-18, -2.427449850519366e-15, -6.666901694199329e-13,
            -1.4114883926335278e-10, -2.213387630734726e-08, -2.4334061415659684e-06,
            -0.0001730288957513052, -0.006975723859639864, -0.12261118082265715,
            -0.3531559607765449, 1.5253002273389478
        ], False)
        b = _chbevl(torch.sub(torch.div(8.0, xl), 2.0), [
            -5.756744483665017e-18, 1.7940508731475592e-17, -5.689462558442859e-17,
            1.838093544366639e-16, -6.057047248373319e-16, 2.038703165624334e-15,
            -7.019837090418314e-15, 2.4771544244813043e-14, -8.976705182324994e-14,
            3.3484196660784293e-13, -1.2891739609510289e-12, 5.13963967348173e-12,
            -2.1299678384275683e-11, 9.218315187605006e-11, -4.1903547593418965e-10,
            2.015049755197033e-09, -1.0345762465678097e-08, 5.7410841254500495e-08,
            -3.5019606030878126e-07, 2.406484947837217e-06, -1.936197974166083e-05,
            0.00019521551847135162, -0.002857816859622779, 0.10392373657681724, 2.7206261904844427
        ], False)
        a = torch.add(torch.mul(torch.log(torch.mul(xs, 0.5)), _mi1(xs)), torch.div(a, xs))
    else:
        a = _chbevl(torch.sub(torch.mul(xs, xs), 2.0), [
            1.374465435613523e-16, 4.25981614279661e-14, 1.0349695257633842e-11,
            1.904516377220209e-09, 2.5347910790261494e-07, 2.286212103119452e-05,
            0.001264615411446926, 0.0359799365153615, 0.3442898999246285, -0.5353273932339028
        ], False)
        b = _chbevl(torch.sub(torch.div(8.0, xl), 2.0), [
            5.300433772686263e-18, -1.6475804301524212e-17, 5.2103915050390274e-17,
            -1.678231096805412e-16, 5.512055978524319e-16, -1.848593377343779e-15,
            6.3400764774050706e-15, -2.2275133269916698e-14, 8.032890775363575e-14,
            -2.9800969231727303e-13, 1.140340588208475e-12, -4.514597883373944e-12,
            1.8559491149547177e-11, -7.957489244477107e-11, 3.577397281400301e-10,
            -1.69753450938906e-09, 8.574034017414225e-09, -4.660489897687948e-08,
            2.766813639445015e-07, -1.8317555227191195e-06, 1.39498137188765e-05,
            -0.00012849549581627802, 0.0015698838857300533, -0.0314481013119645, 2.4403030820659555
        ], False)
        a = torch.sub(a, torch.mul(torch.log(torch.mul(xs, 0.5)), _mi0(xs)))
    b = torch.div(b, torch.sqrt(xl))
    if scaled:
        a = torch.mul(a, torch.exp(xs))
    else:
        b = torch.mul(torch.exp(torch.neg(xl)), b)
    r = torch.where(small, a, b)
    r = torch.where(torch.eq(x, 0), torch.full_like(x, float("inf")), r)
    r = torch.where(torch.lt(x, 0), torch.full_like(x, float("nan")), r)
    return r


def _k_op(self: Tensor, one: bool, scaled: bool) -> Tensor:
    x = torch._to_copy(self, dtype=torch.float64)
    return torch._to_copy(_k(x, one, scaled), dtype=_float_dtype(self))


# Modified Bessel K0; Chebyshev expansions of Cephes k0.c with the coefficients of
# aten/src/ATen/native/Math.h (modified_bessel_k0_forward), evaluated in float64.
def modified_bessel_k0(self: Tensor) -> Tensor:
    return _k_op(self, False, False)


# Modified Bessel K1; Chebyshev expansions of Cephes k1.c with the coefficients of
# aten/src/ATen/native/Math.h (modified_bessel_k1_forward), evaluated in float64.
def modified_bessel_k1(self: Tensor) -> Tensor:
    return _k_op(self, True, False)


# exp(x) K0(x); Chebyshev expansions of Cephes k0.c with the coefficients of
# aten/src/ATen/native/Math.h (scaled_modified_bessel_k0_forward), evaluated in float64.
def scaled_modified_bessel_k0(self: Tensor) -> Tensor:
    return _k_op(self, False, True)


# exp(x) K1(x); Chebyshev expansions of Cephes k1.c with the coefficients of
# aten/src/ATen/native/Math.h (scaled_modified_bessel_k1_forward), evaluated in float64.
def scaled_modified_bessel_k1(self: Tensor) -> Tensor:
    return _k_op(self, True, True)


DECOMPOSITIONS = {
    "aten::special_modified_bessel_k0": modified_bessel_k0,
    "aten::special_modified_bessel_k1": modified_bessel_k1,
    "aten::special_scaled_modified_bessel_k0": scaled_modified_bessel_k0,
    "aten::special_scaled_modified_bessel_k1": scaled_modified_bessel_k1,
}
