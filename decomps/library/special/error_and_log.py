"""xlogy, xlog1py, entr, sinc, logit and the error-function family (erfc, erfinv, erfcx, ndtri,
log_ndtr). Sources and conventions: common.py of this folder.
"""


# x * log(y) (x * log1p(y) when one_p), 0 where x == 0, nan where y is nan (torch/_refs xlogy,
# torch/_refs/special xlog1py).
def _xlog(self: Tensor, other: Tensor, one_p: bool) -> Tensor:
    d = _float_result_dtype(self, other)
    a = torch._to_copy(self, dtype=d)
    b = torch._to_copy(other, dtype=d)
    if one_p:
        lb = torch.log1p(b)
    else:
        lb = torch.log(b)
    r = torch.where(torch.eq(a, 0), torch.full_like(a, 0.0), torch.mul(a, lb))
    return torch.where(torch.isnan(b), torch.full_like(a, float("nan")), r)


def xlogy(self: Tensor, other: Tensor) -> Tensor:
    return _xlog(self, other, False)


def xlog1py(self: Tensor, other: Tensor) -> Tensor:
    return _xlog(self, other, True)


def xlog1py_other_scalar(self: Tensor, other: number) -> Tensor:
    return xlog1py(self, torch.scalar_tensor(other, dtype=_float_dtype(self)))


def xlog1py_self_scalar(self: number, other: Tensor) -> Tensor:
    return xlog1py(torch.scalar_tensor(self, dtype=_float_dtype(other)), other)


# entr(x) = -x log x for x > 0, 0 at 0, -inf for x < 0, nan for nan (torch/_refs/special entr).
def entr(self: Tensor) -> Tensor:
    x = torch._to_copy(self, dtype=_float_dtype(self))
    r = torch.neg(torch.mul(x, torch.log(x)))
    r = torch.where(torch.eq(x, 0), torch.full_like(x, 0.0), r)
    r = torch.where(torch.lt(x, 0), torch.full_like(x, float("-inf")), r)
    return torch.where(torch.isnan(x), x, r)


# sinc(x) = sin(pi x) / (pi x), 1 at 0, in the input float dtype like the CPU kernel
# (aten/src/ATen/native/cpu/UnaryOpsKernel.cpp), computed in _opmath.
def sinc(self: Tensor) -> Tensor:
    d = _float_dtype(self)
    x = _opmath(torch._to_copy(self, dtype=d))
    p = torch.mul(x, 3.141592653589793)
    r = torch.where(torch.eq(x, 0), torch.full_like(x, 1.0), torch.div(torch.sin(p), p))
    return _cast_to(r, d)


# logit(x) = log(x / (1 - x)), x clamped to [eps, 1 - eps] when eps is given (torch/_refs logit).
def logit(self: Tensor, eps: Optional[float] = None) -> Tensor:
    x = torch._to_copy(self, dtype=_float_dtype(self))
    if eps is not None:
        lo = float(eps)
        hi = 1.0 - lo
        x = torch.where(torch.lt(x, lo), torch.full_like(x, lo),
                        torch.where(torch.gt(x, hi), torch.full_like(x, hi), x))
    return torch.log(torch.div(x, torch.sub(1.0, x)))


# erfc(x) = 1 - erf(x), evaluated in float64 (absolute error ~1e-16).
def erfc(self: Tensor) -> Tensor:
    x = torch._to_copy(self, dtype=torch.float64)
    return torch._to_copy(torch.rsub(torch.erf(x), 1.0), dtype=_float_dtype(self))


def _ndtri(y0: Tensor) -> Tensor:
    one_m = torch.gt(y0, 1.0 - 0.13533528323661269189)
    y = torch.where(one_m, torch.rsub(y0, 1.0), y0)
    mid = torch.gt(y, 0.13533528323661269189)
    ym = torch.sub(y, 0.5)
    y2 = torch.mul(ym, ym)
    p0 = _polevl(y2, [
        -59.96335010141079, 98.00107541859997, -56.67628574690703, 13.931260938727968,
        -1.2391658386738125
    ])
    q0 = _polevl(y2, [
        1.0, 1.9544885833814176, 4.676279128988815, 86.36024213908905, -225.46268785411937,
        200.26021238006066, -82.03722561683334, 15.90562251262117, -1.1833162112133
    ])
    xm = torch.mul(torch.add(ym, torch.mul(ym, torch.div(torch.mul(y2, p0), q0))),
                   2.50662827463100050242E0)
    yt = torch.where(mid, torch.full_like(y, 0.5), y)
    xt = torch.sqrt(torch.mul(torch.log(yt), -2.0))
    x0 = torch.sub(xt, torch.div(torch.log(xt), xt))
    z = torch.reciprocal(xt)
    p1 = _polevl(z, [
        4.0554489230596245, 31.525109459989388, 57.16281922464213, 44.08050738932008,
        14.684956192885803, 2.1866330685079025, -0.1402560791713545, -0.03504246268278482,
        -0.0008574567851546854
    ])
    q1 = _polevl(z, [
        1.0, 15.779988325646675, 45.39076351288792, 41.3172038254672, 15.04253856929075,
        2.504649462083094, -0.14218292285478779, -0.03808064076915783, -0.0009332594808954574
    ])
    p2 = _polevl(z, [
        3.2377489177694603, 6.915228890689842, 3.9388102529247444, 1.3330346081580755,
        0.20148538954917908, 0.012371663481782003, 0.00030158155350823543, 2.6580697468673755e-06,
        6.239745391849833e-09
    ])
    q2 = _polevl(z, [
        1.0, 6.02427039364742, 3.6798356385616087, 1.3770209948908132, 0.21623699359449663,
        0.013420400608854318, 0.00032801446468212774, 2.8924786474538068e-06, 6.790194080099813e-09
    ])
    x1 = torch.where(torch.lt(xt, 8.0), torch.div(torch.mul(z, p1), q1),
                     torch.div(torch.mul(z, p2), q2))
    xt = torch.sub(x0, x1)
    xt = torch.where(one_m, xt, torch.neg(xt))
    r = torch.where(mid, xm, xt)
    r = torch.where(torch.eq(y0, 0.0), torch.full_like(y0, float("-inf")), r)
    r = torch.where(torch.eq(y0, 1.0), torch.full_like(y0, float("inf")), r)
    r = torch.where(torch.logical_or(torch.lt(y0, 0.0), torch.gt(y0, 1.0)),
                    torch.full_like(y0, float("nan")), r)
    return r


# Inverse of the standard normal CDF: Cephes ndtri.c with the coefficients of
# aten/src/ATen/native/Math.h (calc_ndtri), in float64.
def ndtri(self: Tensor) -> Tensor:
    x = torch._to_copy(self, dtype=torch.float64)
    return torch._to_copy(_ndtri(x), dtype=_float_dtype(self))


# Inverse error function: rational initial guess and two Newton steps, as calc_erfinv of
# aten/src/ATen/native/Math.h (Pavlis, from the MATLAB erfinv), in float64.
def erfinv(self: Tensor) -> Tensor:
    y = torch._to_copy(self, dtype=torch.float64)
    ya = torch.abs(y)
    z = torch.mul(y, y)
    # Horner's rule, innermost first
    num = torch.add(torch.mul(z, -0.140543331), 0.914624893)
    num = torch.add(torch.mul(num, z), -1.645349621)
    num = torch.add(torch.mul(num, z), 0.886226899)
    dem = torch.add(torch.mul(z, 0.012229801), -0.329097515)
    dem = torch.add(torch.mul(dem, z), 1.442710462)
    dem = torch.add(torch.mul(dem, z), -2.118377725)
    dem = torch.add(torch.mul(dem, z), 1.0)
    xc = torch.div(torch.mul(y, num), dem)
    yo = torch.where(torch.le(ya, 0.7), torch.full_like(y, 0.9), ya)
    zo = torch.sqrt(torch.neg(torch.log(torch.div(torch.rsub(yo, 1.0), 2.0))))
    num2 = torch.add(torch.mul(zo, 1.641345311), 3.429567803)
    num2 = torch.add(torch.mul(num2, zo), -1.624906493)
    num2 = torch.add(torch.mul(num2, zo), -1.970840454)
    dem2 = torch.add(torch.mul(torch.add(torch.mul(zo, 1.637067800), 3.543889200), zo), 1.0)
    xo = torch.div(torch.where(torch.lt(y, 0), torch.neg(torch.abs(num2)), torch.abs(num2)), dem2)
    x = torch.where(torch.le(ya, 0.7), xc, xo)
    c = 1.1283791670955126
    x = torch.sub(x,
                  torch.div(torch.sub(torch.erf(x), y),
                            torch.mul(torch.exp(torch.neg(torch.mul(x, x))), c)))
    x = torch.sub(x,
                  torch.div(torch.sub(torch.erf(x), y),
                            torch.mul(torch.exp(torch.neg(torch.mul(x, x))), c)))
    x = torch.where(torch.eq(ya, 1.0),
                    torch.where(torch.lt(y, 0), torch.full_like(y, float("-inf")),
                                torch.full_like(y, float("inf"))),
                    x)
    x = torch.where(torch.gt(ya, 1.0), torch.full_like(y, float("nan")), x)
    return torch._to_copy(x, dtype=_float_dtype(self))


def _erfcx_pos(x: Tensor) -> Tensor:
    lo = torch.lt(x, 2.0)
    xl = torch.where(lo, x, torch.full_like(x, 0.0))
    direct = torch.mul(torch.exp(torch.mul(xl, xl)), torch.rsub(torch.erf(xl), 1.0))
    xh = torch.clamp(x, 2.0, 50.0)  # read by each step below: kept small for the fuser
    f = xh
    for k in range(120, 0, -1):
        f = torch.add(xh, torch.div(torch.full_like(xh, k * 0.5), f))
    cf = torch.div(0.56418958354775628694807945156, f)
    x2 = torch.mul(x, x)
    far = torch.div(torch.mul(torch.add(torch.mul(x2, torch.add(x2, 4.5)), 2.0),
                              0.56418958354775628694807945156),
                    torch.mul(x, torch.add(torch.mul(x2, torch.add(x2, 5.0)), 3.75)))
    far = torch.where(torch.gt(x, 5e7), torch.div(0.56418958354775628694807945156, x), far)
    return torch.where(lo, direct, torch.where(torch.gt(x, 50.0), far, cf))


def _erfcx(x: Tensor) -> Tensor:
    ax = torch.abs(x)
    pos = _erfcx_pos(ax)
    xn = torch.maximum(x, torch.full_like(x, -26.7))
    e2 = torch.mul(torch.exp(torch.mul(xn, xn)), 2.0)
    neg = torch.where(torch.lt(x, -6.1), e2, torch.sub(e2, pos))
    neg = torch.where(torch.lt(x, -26.7), torch.full_like(x, float("inf")), neg)
    r = torch.where(torch.ge(x, 0), pos, neg)
    return torch.where(torch.isnan(x), x, r)


# erfcx(x) = exp(x^2) erfc(x): float64 exp(x^2) (1 - erf(x)) for |x| < 2, the continued fraction of
# Abramowitz & Stegun 7.1.14 (120 terms) up to 50, and the 5-term expansion and reflection 2
# exp(x^2) - erfcx(-x) of calc_erfcx in aten/src/ATen/native/Math.h.
def erfcx(self: Tensor) -> Tensor:
    x = torch._to_copy(self, dtype=torch.float64)
    return torch._to_copy(_erfcx(x), dtype=_float_dtype(self))


def _log_ndtr(x: Tensor) -> Tensor:
    t = torch.mul(x, 0.70710678118654752440)
    lo = torch.lt(x, -1.0)
    tl = torch.where(lo, t, torch.full_like(t, -1.0))
    a = torch.sub(torch.log(torch.div(_erfcx(torch.neg(tl)), 2.0)), torch.mul(tl, tl))
    b = torch.log1p(torch.div(torch.sub(torch.erf(t), 1.0), 2.0))
    return torch.where(lo, a, b)


# log_ndtr(x) = log(Phi(x)): log(erfcx(-t)/2) - t^2 for x < -1, else log1p(-erfc(t)/2), t =
# x/sqrt(2) (calc_log_ndtr in aten/src/ATen/native/Math.h, after SciPy), in float64.
def log_ndtr(self: Tensor) -> Tensor:
    x = torch._to_copy(self, dtype=torch.float64)
    return torch._to_copy(_log_ndtr(x), dtype=_float_dtype(self))


DECOMPOSITIONS = {
    "aten::xlogy.Tensor": xlogy,
    "aten::special_xlog1py": xlog1py,
    "aten::special_xlog1py.other_scalar": xlog1py_other_scalar,
    "aten::special_xlog1py.self_scalar": xlog1py_self_scalar,
    "aten::special_entr": entr,
    "aten::sinc": sinc,
    "aten::logit": logit,
    "aten::erfc": erfc,
    "aten::special_ndtri": ndtri,
    "aten::erfinv": erfinv,
    "aten::special_erfcx": erfcx,
    "aten::special_log_ndtr": log_ndtr,
}
