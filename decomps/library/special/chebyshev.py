"""Chebyshev polynomials T, U, V and W, and their shifted forms. Sources and conventions: common.py
of this folder.
"""


def _poly(x: Tensor, nn: Tensor) -> Tensor:
    y = x
    nmax = _nmax(torch.where(torch.isnan(nn), _c(nn, 0.0), torch.clamp(nn, -1.0, 1.0e6)))
    p = _c(x, 1.0)
    q = y
    for jj in range(2, nmax + 1):
        j = float(jj)
        r = torch.sub(torch.mul(torch.add(y, y), q), p)
        m = torch.ge(nn, j)
        p = torch.where(m, q, p)
        q = torch.where(m, r, q)
    res = q
    res = torch.where(torch.eq(nn, 0.0), _c(x, 1.0), res)
    ac = torch.acos(torch.clamp(y, -1.0, 1.0))
    tr = torch.logical_and(torch.gt(nn, 6.0), torch.lt(torch.abs(y), 1.0))
    res = torch.where(tr, torch.cos(torch.mul(nn, ac)), res)
    res = torch.where(torch.eq(torch.abs(x), 1.0), torch.where(torch.logical_or(torch.gt(x, 0.0), _even(nn)), _c(x, 1.0), _c(x, -1.0)), res)
    return torch.where(torch.lt(nn, 0.0), _c(x, 0.0), res)


# Chebyshev polynomial T_n(x): recurrence P_j = 2x P_(j-1) - P_(j-2), trigonometric form for |x| < 1
# and large n, special values at |x| = 1, as chebyshev_polynomial_t_forward of
# aten/src/ATen/native/Math.h; the recurrence runs to the largest n present, masked per element, in
# float64.
def chebyshev_polynomial_t(x: Tensor, n: Tensor) -> Tensor:
    d = _float_result_dtype(x, n)
    bx, bn = torch.broadcast_tensors([torch._to_copy(x, dtype=torch.float64), torch.trunc(torch._to_copy(n, dtype=torch.float64))])
    return torch._to_copy(_poly(bx, bn), dtype=d)


def chebyshev_polynomial_t_x_scalar(x: number, n: Tensor) -> Tensor:
    return chebyshev_polynomial_t(torch.scalar_tensor(x, dtype=_float_dtype(n)), n)


def chebyshev_polynomial_t_n_scalar(x: Tensor, n: number) -> Tensor:
    return chebyshev_polynomial_t(x, torch.scalar_tensor(n, dtype=_float_dtype(x)))


def _shifted_chebyshev_polynomial_t_poly(x: Tensor, nn: Tensor) -> Tensor:
    y = torch.sub(torch.add(x, x), 1.0)
    nmax = _nmax(torch.where(torch.isnan(nn), _c(nn, 0.0), torch.clamp(nn, -1.0, 1.0e6)))
    p = _c(x, 1.0)
    q = y
    for jj in range(2, nmax + 1):
        j = float(jj)
        r = torch.sub(torch.mul(torch.add(y, y), q), p)
        m = torch.ge(nn, j)
        p = torch.where(m, q, p)
        q = torch.where(m, r, q)
    res = q
    res = torch.where(torch.eq(nn, 0.0), _c(x, 1.0), res)
    ac = torch.acos(torch.clamp(y, -1.0, 1.0))
    tr = torch.logical_and(torch.gt(nn, 6.0), torch.lt(torch.abs(y), 1.0))
    res = torch.where(tr, torch.cos(torch.mul(nn, ac)), res)
    res = torch.where(torch.eq(x, 0.0), torch.where(_even(nn), _c(x, 1.0), _c(x, -1.0)), res)
    res = torch.where(torch.eq(x, 1.0), _c(x, 1.0), res)
    return torch.where(torch.lt(nn, 0.0), _c(x, 0.0), res)


# Shifted Chebyshev polynomial T*_n(x) = T_n(2x - 1), as shifted_chebyshev_polynomial_t_forward of
# aten/src/ATen/native/Math.h (recurrence, trigonometric form, special values at x = 0 and 1); the
# recurrence runs to the largest n present, masked per element, in float64.
def shifted_chebyshev_polynomial_t(x: Tensor, n: Tensor) -> Tensor:
    d = _float_result_dtype(x, n)
    bx, bn = torch.broadcast_tensors([torch._to_copy(x, dtype=torch.float64), torch.trunc(torch._to_copy(n, dtype=torch.float64))])
    return torch._to_copy(_shifted_chebyshev_polynomial_t_poly(bx, bn), dtype=d)


def shifted_chebyshev_polynomial_t_x_scalar(x: number, n: Tensor) -> Tensor:
    return shifted_chebyshev_polynomial_t(torch.scalar_tensor(x, dtype=_float_dtype(n)), n)


def shifted_chebyshev_polynomial_t_n_scalar(x: Tensor, n: number) -> Tensor:
    return shifted_chebyshev_polynomial_t(x, torch.scalar_tensor(n, dtype=_float_dtype(x)))


def _chebyshev_polynomial_u_poly(x: Tensor, nn: Tensor) -> Tensor:
    y = x
    nmax = _nmax(torch.where(torch.isnan(nn), _c(nn, 0.0), torch.clamp(nn, -1.0, 1.0e6)))
    p = _c(x, 1.0)
    q = torch.add(y, y)
    for jj in range(2, nmax + 1):
        j = float(jj)
        r = torch.sub(torch.mul(torch.add(y, y), q), p)
        m = torch.ge(nn, j)
        p = torch.where(m, q, p)
        q = torch.where(m, r, q)
    res = q
    res = torch.where(torch.eq(nn, 0.0), _c(x, 1.0), res)
    ac = torch.acos(torch.clamp(y, -1.0, 1.0))
    tr = torch.logical_and(torch.gt(nn, 8.0), torch.lt(torch.abs(y), 1.0))
    sa = torch.sin(ac)
    n1 = torch.add(nn, 1.0)
    tv = torch.where(torch.ne(sa, 0.0), torch.div(torch.sin(torch.mul(n1, ac)), sa), torch.div(torch.mul(n1, torch.cos(torch.mul(n1, ac))), y))
    res = torch.where(tr, tv, res)
    res = torch.where(torch.eq(torch.abs(x), 1.0), torch.where(torch.logical_or(torch.gt(x, 0.0), _even(nn)), torch.add(nn, 1.0), torch.neg(torch.add(nn, 1.0))), res)
    return torch.where(torch.lt(nn, 0.0), _c(x, 0.0), res)


# Chebyshev polynomial U_n(x): recurrence P_j = 2x P_(j-1) - P_(j-2), trigonometric form for |x| < 1
# and large n, special values at |x| = 1, as chebyshev_polynomial_u_forward of
# aten/src/ATen/native/Math.h; the recurrence runs to the largest n present, masked per element, in
# float64.
def chebyshev_polynomial_u(x: Tensor, n: Tensor) -> Tensor:
    d = _float_result_dtype(x, n)
    bx, bn = torch.broadcast_tensors([torch._to_copy(x, dtype=torch.float64), torch.trunc(torch._to_copy(n, dtype=torch.float64))])
    return torch._to_copy(_chebyshev_polynomial_u_poly(bx, bn), dtype=d)


def chebyshev_polynomial_u_x_scalar(x: number, n: Tensor) -> Tensor:
    return chebyshev_polynomial_u(torch.scalar_tensor(x, dtype=_float_dtype(n)), n)


def chebyshev_polynomial_u_n_scalar(x: Tensor, n: number) -> Tensor:
    return chebyshev_polynomial_u(x, torch.scalar_tensor(n, dtype=_float_dtype(x)))


def _shifted_chebyshev_polynomial_u_poly(x: Tensor, nn: Tensor) -> Tensor:
    y = torch.sub(torch.add(x, x), 1.0)
    nmax = _nmax(torch.where(torch.isnan(nn), _c(nn, 0.0), torch.clamp(nn, -1.0, 1.0e6)))
    p = _c(x, 1.0)
    q = torch.add(y, y)
    for jj in range(2, nmax + 1):
        j = float(jj)
        r = torch.sub(torch.mul(torch.add(y, y), q), p)
        m = torch.ge(nn, j)
        p = torch.where(m, q, p)
        q = torch.where(m, r, q)
    res = q
    res = torch.where(torch.eq(nn, 0.0), _c(x, 1.0), res)
    ac = torch.acos(torch.clamp(y, -1.0, 1.0))
    tr = torch.logical_and(torch.gt(nn, 6.0), torch.lt(torch.abs(y), 1.0))
    sa = torch.sin(ac)
    n1 = torch.add(nn, 1.0)
    tv = torch.where(torch.ne(sa, 0.0), torch.div(torch.sin(torch.mul(n1, ac)), sa), torch.div(torch.mul(n1, torch.cos(torch.mul(n1, ac))), y))
    res = torch.where(tr, tv, res)
    res = torch.where(torch.eq(x, 0.0), torch.where(_even(nn), torch.add(nn, 1.0), torch.neg(torch.add(nn, 1.0))), res)
    res = torch.where(torch.eq(x, 1.0), torch.add(nn, 1.0), res)
    return torch.where(torch.lt(nn, 0.0), _c(x, 0.0), res)


# Shifted Chebyshev polynomial U*_n(x) = U_n(2x - 1), as shifted_chebyshev_polynomial_u_forward of
# aten/src/ATen/native/Math.h (recurrence, trigonometric form, special values at x = 0 and 1); the
# recurrence runs to the largest n present, masked per element, in float64.
def shifted_chebyshev_polynomial_u(x: Tensor, n: Tensor) -> Tensor:
    d = _float_result_dtype(x, n)
    bx, bn = torch.broadcast_tensors([torch._to_copy(x, dtype=torch.float64), torch.trunc(torch._to_copy(n, dtype=torch.float64))])
    return torch._to_copy(_shifted_chebyshev_polynomial_u_poly(bx, bn), dtype=d)


def shifted_chebyshev_polynomial_u_x_scalar(x: number, n: Tensor) -> Tensor:
    return shifted_chebyshev_polynomial_u(torch.scalar_tensor(x, dtype=_float_dtype(n)), n)


def shifted_chebyshev_polynomial_u_n_scalar(x: Tensor, n: number) -> Tensor:
    return shifted_chebyshev_polynomial_u(x, torch.scalar_tensor(n, dtype=_float_dtype(x)))


def _chebyshev_polynomial_v_poly(x: Tensor, nn: Tensor) -> Tensor:
    y = x
    nmax = _nmax(torch.where(torch.isnan(nn), _c(nn, 0.0), torch.clamp(nn, -1.0, 1.0e6)))
    p = _c(x, 1.0)
    q = torch.sub(torch.add(y, y), 1.0)
    for jj in range(2, nmax + 1):
        j = float(jj)
        r = torch.sub(torch.mul(torch.add(y, y), q), p)
        m = torch.ge(nn, j)
        p = torch.where(m, q, p)
        q = torch.where(m, r, q)
    res = q
    res = torch.where(torch.eq(nn, 0.0), _c(x, 1.0), res)
    ac = torch.acos(torch.clamp(y, -1.0, 1.0))
    tr = torch.logical_and(torch.gt(nn, 8.0), torch.lt(torch.abs(y), 1.0))
    odd2 = torch.where(_even(nn), torch.add(torch.add(nn, nn), 1.0), torch.neg(torch.add(torch.add(nn, nn), 1.0)))
    tv = torch.where(torch.ne(torch.sin(torch.div(ac, 2.0)), 1.0), torch.div(torch.cos(torch.mul(torch.add(nn, 0.5), ac)), torch.cos(torch.div(ac, 2.0))), odd2)
    res = torch.where(tr, tv, res)
    res = torch.where(torch.eq(torch.abs(x), 1.0), torch.where(torch.gt(x, 0.0), _c(x, 1.0), torch.where(_even(nn), torch.add(torch.add(nn, nn), 1.0), torch.neg(torch.add(torch.add(nn, nn), 1.0)))), res)
    return torch.where(torch.lt(nn, 0.0), _c(x, 0.0), res)


# Chebyshev polynomial V_n(x): recurrence P_j = 2x P_(j-1) - P_(j-2), trigonometric form for |x| < 1
# and large n, special values at |x| = 1, as chebyshev_polynomial_v_forward of
# aten/src/ATen/native/Math.h; the recurrence runs to the largest n present, masked per element, in
# float64.
def chebyshev_polynomial_v(x: Tensor, n: Tensor) -> Tensor:
    d = _float_result_dtype(x, n)
    bx, bn = torch.broadcast_tensors([torch._to_copy(x, dtype=torch.float64), torch.trunc(torch._to_copy(n, dtype=torch.float64))])
    return torch._to_copy(_chebyshev_polynomial_v_poly(bx, bn), dtype=d)


def chebyshev_polynomial_v_x_scalar(x: number, n: Tensor) -> Tensor:
    return chebyshev_polynomial_v(torch.scalar_tensor(x, dtype=_float_dtype(n)), n)


def chebyshev_polynomial_v_n_scalar(x: Tensor, n: number) -> Tensor:
    return chebyshev_polynomial_v(x, torch.scalar_tensor(n, dtype=_float_dtype(x)))


def _shifted_chebyshev_polynomial_v_poly(x: Tensor, nn: Tensor) -> Tensor:
    y = torch.sub(torch.add(x, x), 1.0)
    nmax = _nmax(torch.where(torch.isnan(nn), _c(nn, 0.0), torch.clamp(nn, -1.0, 1.0e6)))
    p = _c(x, 1.0)
    q = torch.sub(torch.add(y, y), 1.0)
    for jj in range(2, nmax + 1):
        j = float(jj)
        r = torch.sub(torch.mul(torch.add(y, y), q), p)
        m = torch.ge(nn, j)
        p = torch.where(m, q, p)
        q = torch.where(m, r, q)
    res = q
    res = torch.where(torch.eq(nn, 0.0), _c(x, 1.0), res)
    ac = torch.acos(torch.clamp(y, -1.0, 1.0))
    tr = torch.logical_and(torch.gt(nn, 6.0), torch.lt(torch.abs(y), 1.0))
    odd2 = torch.where(_even(nn), torch.add(torch.add(nn, nn), 1.0), torch.neg(torch.add(torch.add(nn, nn), 1.0)))
    tv = torch.where(torch.ne(torch.sin(torch.div(ac, 2.0)), 1.0), torch.div(torch.cos(torch.mul(torch.add(nn, 0.5), ac)), torch.cos(torch.div(ac, 2.0))), odd2)
    res = torch.where(tr, tv, res)
    res = torch.where(torch.eq(x, 0.0), torch.where(_even(nn), torch.add(torch.add(nn, nn), 1.0), torch.neg(torch.add(torch.add(nn, nn), 1.0))), res)
    res = torch.where(torch.eq(x, 1.0), _c(x, 1.0), res)
    return torch.where(torch.lt(nn, 0.0), _c(x, 0.0), res)


# Shifted Chebyshev polynomial V*_n(x) = V_n(2x - 1), as shifted_chebyshev_polynomial_v_forward of
# aten/src/ATen/native/Math.h (recurrence, trigonometric form, special values at x = 0 and 1); the
# recurrence runs to the largest n present, masked per element, in float64.
def shifted_chebyshev_polynomial_v(x: Tensor, n: Tensor) -> Tensor:
    d = _float_result_dtype(x, n)
    bx, bn = torch.broadcast_tensors([torch._to_copy(x, dtype=torch.float64), torch.trunc(torch._to_copy(n, dtype=torch.float64))])
    return torch._to_copy(_shifted_chebyshev_polynomial_v_poly(bx, bn), dtype=d)


def shifted_chebyshev_polynomial_v_x_scalar(x: number, n: Tensor) -> Tensor:
    return shifted_chebyshev_polynomial_v(torch.scalar_tensor(x, dtype=_float_dtype(n)), n)


def shifted_chebyshev_polynomial_v_n_scalar(x: Tensor, n: number) -> Tensor:
    return shifted_chebyshev_polynomial_v(x, torch.scalar_tensor(n, dtype=_float_dtype(x)))


def _chebyshev_polynomial_w_poly(x: Tensor, nn: Tensor) -> Tensor:
    y = x
    nmax = _nmax(torch.where(torch.isnan(nn), _c(nn, 0.0), torch.clamp(nn, -1.0, 1.0e6)))
    p = _c(x, 1.0)
    q = torch.add(torch.add(y, y), 1.0)
    for jj in range(2, nmax + 1):
        j = float(jj)
        r = torch.sub(torch.mul(torch.add(y, y), q), p)
        m = torch.ge(nn, j)
        p = torch.where(m, q, p)
        q = torch.where(m, r, q)
    res = q
    res = torch.where(torch.eq(nn, 0.0), _c(x, 1.0), res)
    ac = torch.acos(torch.clamp(y, -1.0, 1.0))
    tr = torch.logical_and(torch.gt(nn, 8.0), torch.lt(torch.abs(y), 1.0))
    pm = torch.where(_even(nn), _c(x, 1.0), _c(x, -1.0))
    alt = torch.where(torch.gt(y, 0.0), torch.add(torch.add(nn, nn), 1.0), pm)
    tv = torch.where(torch.ne(torch.cos(torch.div(ac, 2.0)), 1.0), torch.div(torch.sin(torch.mul(torch.add(nn, 0.5), ac)), torch.sin(torch.div(ac, 2.0))), alt)
    res = torch.where(tr, tv, res)
    res = torch.where(torch.eq(torch.abs(x), 1.0), torch.where(torch.gt(x, 0.0), torch.add(torch.add(nn, nn), 1.0), torch.where(_even(nn), _c(x, 1.0), _c(x, -1.0))), res)
    return torch.where(torch.lt(nn, 0.0), _c(x, 0.0), res)


# Chebyshev polynomial W_n(x): recurrence P_j = 2x P_(j-1) - P_(j-2), trigonometric form for |x| < 1
# and large n, special values at |x| = 1, as chebyshev_polynomial_w_forward of
# aten/src/ATen/native/Math.h; the recurrence runs to the largest n present, masked per element, in
# float64.
def chebyshev_polynomial_w(x: Tensor, n: Tensor) -> Tensor:
    d = _float_result_dtype(x, n)
    bx, bn = torch.broadcast_tensors([torch._to_copy(x, dtype=torch.float64), torch.trunc(torch._to_copy(n, dtype=torch.float64))])
    return torch._to_copy(_chebyshev_polynomial_w_poly(bx, bn), dtype=d)


def chebyshev_polynomial_w_x_scalar(x: number, n: Tensor) -> Tensor:
    return chebyshev_polynomial_w(torch.scalar_tensor(x, dtype=_float_dtype(n)), n)


def chebyshev_polynomial_w_n_scalar(x: Tensor, n: number) -> Tensor:
    return chebyshev_polynomial_w(x, torch.scalar_tensor(n, dtype=_float_dtype(x)))


def _shifted_chebyshev_polynomial_w_poly(x: Tensor, nn: Tensor) -> Tensor:
    y = torch.sub(torch.add(x, x), 1.0)
    nmax = _nmax(torch.where(torch.isnan(nn), _c(nn, 0.0), torch.clamp(nn, -1.0, 1.0e6)))
    p = _c(x, 1.0)
    q = torch.add(torch.add(y, y), 1.0)
    for jj in range(2, nmax + 1):
        j = float(jj)
        r = torch.sub(torch.mul(torch.add(y, y), q), p)
        m = torch.ge(nn, j)
        p = torch.where(m, q, p)
        q = torch.where(m, r, q)
    res = q
    res = torch.where(torch.eq(nn, 0.0), _c(x, 1.0), res)
    ac = torch.acos(torch.clamp(y, -1.0, 1.0))
    tr = torch.logical_and(torch.gt(nn, 4.0), torch.lt(torch.abs(y), 1.0))
    pm = torch.where(_even(nn), _c(x, 1.0), _c(x, -1.0))
    alt = pm
    tv = torch.where(torch.ne(torch.cos(torch.div(ac, 2.0)), 1.0), torch.div(torch.sin(torch.mul(torch.add(nn, 0.5), ac)), torch.sin(torch.div(ac, 2.0))), alt)
    res = torch.where(tr, tv, res)
    res = torch.where(torch.eq(x, 0.0), torch.where(_even(nn), _c(x, 1.0), _c(x, -1.0)), res)
    res = torch.where(torch.eq(x, 1.0), torch.add(torch.add(nn, nn), 1.0), res)
    return torch.where(torch.lt(nn, 0.0), _c(x, 0.0), res)


# Shifted Chebyshev polynomial W*_n(x) = W_n(2x - 1), as shifted_chebyshev_polynomial_w_forward of
# aten/src/ATen/native/Math.h (recurrence, trigonometric form, special values at x = 0 and 1); the
# recurrence runs to the largest n present, masked per element, in float64.
def shifted_chebyshev_polynomial_w(x: Tensor, n: Tensor) -> Tensor:
    d = _float_result_dtype(x, n)
    bx, bn = torch.broadcast_tensors([torch._to_copy(x, dtype=torch.float64), torch.trunc(torch._to_copy(n, dtype=torch.float64))])
    return torch._to_copy(_shifted_chebyshev_polynomial_w_poly(bx, bn), dtype=d)


def shifted_chebyshev_polynomial_w_x_scalar(x: number, n: Tensor) -> Tensor:
    return shifted_chebyshev_polynomial_w(torch.scalar_tensor(x, dtype=_float_dtype(n)), n)


def shifted_chebyshev_polynomial_w_n_scalar(x: Tensor, n: number) -> Tensor:
    return shifted_chebyshev_polynomial_w(x, torch.scalar_tensor(n, dtype=_float_dtype(x)))


DECOMPOSITIONS = {
    "aten::special_chebyshev_polynomial_t": chebyshev_polynomial_t,
    "aten::special_chebyshev_polynomial_t.x_scalar": chebyshev_polynomial_t_x_scalar,
    "aten::special_chebyshev_polynomial_t.n_scalar": chebyshev_polynomial_t_n_scalar,
    "aten::special_shifted_chebyshev_polynomial_t": shifted_chebyshev_polynomial_t,
    "aten::special_shifted_chebyshev_polynomial_t.x_scalar": shifted_chebyshev_polynomial_t_x_scalar,
    "aten::special_shifted_chebyshev_polynomial_t.n_scalar": shifted_chebyshev_polynomial_t_n_scalar,
    "aten::special_chebyshev_polynomial_u": chebyshev_polynomial_u,
    "aten::special_chebyshev_polynomial_u.x_scalar": chebyshev_polynomial_u_x_scalar,
    "aten::special_chebyshev_polynomial_u.n_scalar": chebyshev_polynomial_u_n_scalar,
    "aten::special_shifted_chebyshev_polynomial_u": shifted_chebyshev_polynomial_u,
    "aten::special_shifted_chebyshev_polynomial_u.x_scalar": shifted_chebyshev_polynomial_u_x_scalar,
    "aten::special_shifted_chebyshev_polynomial_u.n_scalar": shifted_chebyshev_polynomial_u_n_scalar,
    "aten::special_chebyshev_polynomial_v": chebyshev_polynomial_v,
    "aten::special_chebyshev_polynomial_v.x_scalar": chebyshev_polynomial_v_x_scalar,
    "aten::special_chebyshev_polynomial_v.n_scalar": chebyshev_polynomial_v_n_scalar,
    "aten::special_shifted_chebyshev_polynomial_v": shifted_chebyshev_polynomial_v,
    "aten::special_shifted_chebyshev_polynomial_v.x_scalar": shifted_chebyshev_polynomial_v_x_scalar,
    "aten::special_shifted_chebyshev_polynomial_v.n_scalar": shifted_chebyshev_polynomial_v_n_scalar,
    "aten::special_chebyshev_polynomial_w": chebyshev_polynomial_w,
    "aten::special_chebyshev_polynomial_w.x_scalar": chebyshev_polynomial_w_x_scalar,
    "aten::special_chebyshev_polynomial_w.n_scalar": chebyshev_polynomial_w_n_scalar,
    "aten::special_shifted_chebyshev_polynomial_w": shifted_chebyshev_polynomial_w,
    "aten::special_shifted_chebyshev_polynomial_w.x_scalar": shifted_chebyshev_polynomial_w_x_scalar,
    "aten::special_shifted_chebyshev_polynomial_w.n_scalar": shifted_chebyshev_polynomial_w_n_scalar,
}
