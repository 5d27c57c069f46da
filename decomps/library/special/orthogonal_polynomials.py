"""Hermite (H and He), Laguerre and Legendre polynomials. Sources and conventions: common.py of
this folder.
"""

# Hermite H (kind 1), Hermite He (2), Laguerre L (4) and Legendre P (5) polynomials by their
# recurrences (common.py _recurrence), as hermite_polynomial_h_forward,
# hermite_polynomial_he_forward,
# laguerre_polynomial_l_forward and legendre_polynomial_p_forward of aten/src/ATen/native/Math.h,
# run
# to the largest n present, masked per element, in float64 (He of a float32 input in float32
# arithmetic, as the kernel computes it); L_n(0) = 1 and P_n(+-1) = (+-1)^n exactly.
def _orth(x_or_scalar: Union[Tensor, number], n_or_scalar: Union[Tensor, number],
          kind: int) -> Tensor:
    d, x, nn = _poly_args(x_or_scalar, n_or_scalar)
    q = x
    if kind == 1:
        q = torch.add(x, x)
    elif kind == 2 and d == torch.float32:
        kind = 3
        x = _r32(x)
        q = x
    elif kind == 4:
        q = torch.add(torch.neg(x), 1.0)
    res = _recurrence(x, nn, q, kind)
    if kind == 4:
        res = torch.where(torch.eq(x, 0.0), _c(x, 1.0), res)
    elif kind == 5:
        res = torch.where(torch.eq(torch.abs(x), 1.0), torch.where(
            torch.logical_or(torch.gt(x, 0.0), _even(nn)), _c(x, 1.0), _c(x, -1.0)), res)
    return torch._to_copy(torch.where(torch.lt(nn, 0.0), _c(x, 0.0), res), dtype=d)

# H_n(x).
def hermite_polynomial_h(x: Union[Tensor, number], n: Union[Tensor, number]) -> Tensor:
    return _orth(x, n, 1)

# He_n(x).
def hermite_polynomial_he(x: Union[Tensor, number], n: Union[Tensor, number]) -> Tensor:
    return _orth(x, n, 2)

# L_n(x).
def laguerre_polynomial_l(x: Union[Tensor, number], n: Union[Tensor, number]) -> Tensor:
    return _orth(x, n, 4)

# P_n(x).
def legendre_polynomial_p(x: Union[Tensor, number], n: Union[Tensor, number]) -> Tensor:
    return _orth(x, n, 5)

DECOMPOSITIONS = {
    "aten::special_hermite_polynomial_h": hermite_polynomial_h,
    "aten::special_hermite_polynomial_h.x_scalar": hermite_polynomial_h,
    "aten::special_hermite_polynomial_h.n_scalar": hermite_polynomial_h,
    "aten::special_hermite_polynomial_he": hermite_polynomial_he,
    "aten::special_hermite_polynomial_he.x_scalar": hermite_polynomial_he,
    "aten::special_hermite_polynomial_he.n_scalar": hermite_polynomial_he,
    "aten::special_laguerre_polynomial_l": laguerre_polynomial_l,
    "aten::special_laguerre_polynomial_l.x_scalar": laguerre_polynomial_l,
    "aten::special_laguerre_polynomial_l.n_scalar": laguerre_polynomial_l,
    "aten::special_legendre_polynomial_p": legendre_polynomial_p,
    "aten::special_legendre_polynomial_p.x_scalar": legendre_polynomial_p,
    "aten::special_legendre_polynomial_p.n_scalar": legendre_polynomial_p,
}
