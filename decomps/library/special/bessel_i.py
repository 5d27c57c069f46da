"""Modified Bessel functions of the first kind: i0, i0e, i1, i1e, modified_bessel_i0 and _i1.
Sources and conventions: common.py of this folder.
"""


def _i0e_body(self: Tensor) -> Tensor:
    x = torch.abs(torch._to_copy(self, dtype=torch.float64))
    small = torch.le(x, 8.0)
    xs = torch.where(small, x, torch.full_like(x, 8.0))
    xl = torch.where(small, torch.full_like(x, 32.0), x)
    a = _chbevl(torch.sub(torch.div(xs, 2.0), 2.0), [
        -4.4153416464793395e-18, 3.3307945188222384e-17, -2.431279846547955e-16,
        1.715391285555133e-15, -1.1685332877993451e-14, 7.676185498604936e-14,
        -4.856446783111929e-13, 2.95505266312964e-12, -1.726826291441556e-11, 9.675809035373237e-11,
        -5.189795601635263e-10, 2.6598237246823866e-09, -1.300025009986248e-08,
        6.046995022541919e-08, -2.670793853940612e-07, 1.1173875391201037e-06,
        -4.4167383584587505e-06, 1.6448448070728896e-05, -5.754195010082104e-05,
        0.00018850288509584165, -0.0005763755745385824, 0.0016394756169413357,
        -0.004324309995050576, 0.010546460394594998, -0.02373741480589947, 0.04930528423967071,
        -0.09490109704804764, 0.17162090152220877, -0.3046826723431984, 0.6767952744094761
    ])
    b = _chbevl(torch.sub(torch.div(32.0, xl), 2.0), [
        -7.233180487874754e-18, -4.830504485944182e-18, 4.46562142029676e-17, 3.461222867697461e-17,
        -2.8276239805165836e-16, -3.425485619677219e-16, 1.7725601330565263e-15,
        3.8116806693526224e-15, -9.554846698828307e-15, -4.150569347287222e-14,
        1.54008621752141e-14, 3.8527783827421426e-13, 7.180124451383666e-13,
        -1.7941785315068062e-12, -1.3215811840447713e-11, -3.1499165279632416e-11,
        1.1889147107846439e-11, 4.94060238822497e-10, 3.3962320257083865e-09, 2.266668990498178e-08,
        2.0489185894690638e-07, 2.8913705208347567e-06, 6.889758346916825e-05,
        0.0033691164782556943, 0.8044904110141088
    ])
    b = torch.div(b, torch.sqrt(xl))
    r = torch.where(small, a, b)
    return r


# i0e(x) = exp(-|x|) I0(x); Chebyshev expansions of Cephes i0e over [0, 8] and [8, inf),
# coefficients of aten/src/ATen/native/Math.h (from Cephes), evaluated in float64.
def i0e(self: Tensor) -> Tensor:
    return torch._to_copy(_i0e_body(self), dtype=_float_dtype(self))


def _body32(self: Tensor) -> Tensor:
    x = torch.abs(torch._to_copy(self, dtype=torch.float64))
    small = torch.le(x, 8.0)
    xs = torch.where(small, x, torch.full_like(x, 8.0))
    xl = torch.where(small, torch.full_like(x, 32.0), x)
    a = _chbevl_f32(torch.sub(torch.div(xs, 2.0), 2.0), [
        9.381537324770761e-09, -4.445059076374491e-08, 2.0032948100379144e-07,
        -8.568720204493729e-07, 3.4702513858064776e-06, -1.3273163858684711e-05,
        4.781565075973049e-05, -0.0001617608213564381, 0.0005122859729453921, -0.001513572409749031,
        0.0041564228013157845, -0.010564085096120834, 0.024726448580622673, -0.05294598266482353,
        0.10264366120100021, -0.1764165163040161, 0.2525871992111206
    ])
    b = _chbevl_f32(torch.sub(_r32(torch.div(32.0, xl)), 2.0), [
        -3.8353804576729544e-09, -2.631468909441992e-08, -2.5122361080320843e-07,
        -3.882564669765998e-06, -0.00011058893869630992, -0.009761097840964794, 0.7785762548446655
    ])
    ex = _r32(torch.exp(x))
    a = _r32(torch.mul(_r32(torch.mul(ex, x)), a))
    b = _r32(torch.mul(ex, b))
    b = _r32(torch.div(b, _r32(torch.sqrt(xl))))
    r = torch.where(small, a, b)
    r = torch.where(torch.lt(self, 0), torch.neg(r), r)
    return torch._to_copy(r, dtype=torch.float32)


def _body64(self: Tensor) -> Tensor:
    x = torch.abs(torch._to_copy(self, dtype=torch.float64))
    small = torch.le(x, 8.0)
    xs = torch.where(small, x, torch.full_like(x, 8.0))
    xl = torch.where(small, torch.full_like(x, 32.0), x)
    a = _chbevl(torch.sub(torch.div(xs, 2.0), 2.0), [
        2.7779141127610464e-18, -2.111421214358166e-17, 1.5536319577362005e-16,
        -1.1055969477353862e-15, 7.600684294735408e-15, -5.042185504727912e-14,
        3.223793365945575e-13, -1.9839743977649436e-12, 1.1736186298890901e-11,
        -6.663489723502027e-11, 3.625590281552117e-10, -1.8872497517228294e-09,
        9.381537386495773e-09, -4.445059128796328e-08, 2.0032947535521353e-07,
        -8.568720264695455e-07, 3.4702513081376785e-06, -1.3273163656039436e-05,
        4.781565107550054e-05, -0.00016176081582589674, 0.0005122859561685758,
        -0.0015135724506312532, 0.004156422944312888, -0.010564084894626197, 0.024726449030626516,
        -0.05294598120809499, 0.1026436586898471, -0.17641651835783406, 0.25258718644363365
    ])
    b = _chbevl(torch.sub(torch.div(32.0, xl), 2.0), [
        7.517296310842105e-18, 4.414348323071708e-18, -4.6503053684893586e-17,
        -3.209525921993424e-17, 2.96262899764595e-16, 3.3082023109209285e-16,
        -1.8803547755107825e-15, -3.8144030724370075e-15, 1.0420276984128802e-14,
        4.272440016711951e-14, -2.1015418427726643e-14, -4.0835511110921974e-13,
        -7.198551776245908e-13, 2.0356285441470896e-12, 1.4125807436613782e-11,
        3.2526035830154884e-11, -1.8974958123505413e-11, -5.589743462196584e-10,
        -3.835380385964237e-09, -2.6314688468895196e-08, -2.512236237870209e-07,
        -3.882564808877691e-06, -0.00011058893876262371, -0.009761097491361469, 0.7785762350182801
    ])
    ex = torch.exp(x)
    a = torch.mul(torch.mul(ex, x), a)
    b = torch.mul(ex, b)
    b = torch.div(b, torch.sqrt(xl))
    r = torch.where(small, a, b)
    r = torch.where(torch.lt(self, 0), torch.neg(r), r)
    return r


# I1(x); Chebyshev expansions of Cephes i1 over [0, 8] and [8, inf), coefficients of
# aten/src/ATen/native/Math.h (from Cephes), evaluated in float64.
def i1(self: Tensor) -> Tensor:
    if _float_dtype(self) == torch.float32:
        return _body32(self)
    return torch._to_copy(_body64(self), dtype=_float_dtype(self))


def _i1e_body32(self: Tensor) -> Tensor:
    x = torch.abs(torch._to_copy(self, dtype=torch.float64))
    small = torch.le(x, 8.0)
    xs = torch.where(small, x, torch.full_like(x, 8.0))
    xl = torch.where(small, torch.full_like(x, 32.0), x)
    a = _chbevl_f32(torch.sub(torch.div(xs, 2.0), 2.0), [
        9.381537324770761e-09, -4.445059076374491e-08, 2.0032948100379144e-07,
        -8.568720204493729e-07, 3.4702513858064776e-06, -1.3273163858684711e-05,
        4.781565075973049e-05, -0.0001617608213564381, 0.0005122859729453921, -0.001513572409749031,
        0.0041564228013157845, -0.010564085096120834, 0.024726448580622673, -0.05294598266482353,
        0.10264366120100021, -0.1764165163040161, 0.2525871992111206
    ])
    b = _chbevl_f32(torch.sub(_r32(torch.div(32.0, xl)), 2.0), [
        -3.8353804576729544e-09, -2.631468909441992e-08, -2.5122361080320843e-07,
        -3.882564669765998e-06, -0.00011058893869630992, -0.009761097840964794, 0.7785762548446655
    ])
    ex = _r32(torch.exp(x))
    a = _r32(torch.mul(a, x))
    b = _r32(torch.div(b, _r32(torch.sqrt(xl))))
    r = torch.where(small, a, b)
    r = torch.where(torch.lt(self, 0), torch.neg(r), r)
    return torch._to_copy(r, dtype=torch.float32)


def _i1e_body64(self: Tensor) -> Tensor:
    x = torch.abs(torch._to_copy(self, dtype=torch.float64))
    small = torch.le(x, 8.0)
    xs = torch.where(small, x, torch.full_like(x, 8.0))
    xl = torch.where(small, torch.full_like(x, 32.0), x)
    a = _chbevl(torch.sub(torch.div(xs, 2.0), 2.0), [
        2.7779141127610464e-18, -2.111421214358166e-17, 1.5536319577362005e-16,
        -1.1055969477353862e-15, 7.600684294735408e-15, -5.042185504727912e-14,
        3.223793365945575e-13, -1.9839743977649436e-12, 1.1736186298890901e-11,
        -6.663489723502027e-11, 3.625590281552117e-10, -1.8872497517228294e-09,
        9.381537386495773e-09, -4.445059128796328e-08, 2.0032947535521353e-07,
        -8.568720264695455e-07, 3.4702513081376785e-06, -1.3273163656039436e-05,
        4.781565107550054e-05, -0.00016176081582589674, 0.0005122859561685758,
        -0.0015135724506312532, 0.004156422944312888, -0.010564084894626197, 0.024726449030626516,
        -0.05294598120809499, 0.1026436586898471, -0.17641651835783406, 0.25258718644363365
    ])
    b = _chbevl(torch.sub(torch.div(32.0, xl), 2.0), [
        7.517296310842105e-18, 4.414348323071708e-18, -4.6503053684893586e-17,
        -3.209525921993424e-17, 2.96262899764595e-16, 3.3082023109209285e-16,
        -1.8803547755107825e-15, -3.8144030724370075e-15, 1.0420276984128802e-14,
        4.272440016711951e-14, -2.1015418427726643e-14, -4.0835511110921974e-13,
        -7.198551776245908e-13, 2.0356285441470896e-12, 1.4125807436613782e-11,
        3.2526035830154884e-11, -1.8974958123505413e-11, -5.589743462196584e-10,
        -3.835380385964237e-09, -2.6314688468895196e-08, -2.512236237870209e-07,
        -3.882564808877691e-06, -0.00011058893876262371, -0.009761097491361469, 0.7785762350182801
    ])
    a = torch.mul(a, x)
    b = torch.div(b, torch.sqrt(xl))
    r = torch.where(small, a, b)
    r = torch.where(torch.lt(self, 0), torch.neg(r), r)
    return r


# i1e(x) = exp(-|x|) I1(x); Chebyshev expansions of Cephes i1e over [0, 8] and [8, inf),
# coefficients of aten/src/ATen/native/Math.h (from Cephes), evaluated in float64.
def i1e(self: Tensor) -> Tensor:
    if _float_dtype(self) == torch.float32:
        return _i1e_body32(self)
    return torch._to_copy(_i1e_body64(self), dtype=_float_dtype(self))


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
