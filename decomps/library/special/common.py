"""Decompositions of special functions (gamma family, Bessel, error functions, zeta, orthogonal
polynomials) into core ATen. Algorithms and coefficients follow PyTorch's CPU kernels in
aten/src/ATen/native/Math.h (mostly from the Cephes Math Library, 3-clause BSD, Steven Moshier),
evaluated in float64 and cast back to the result dtype.

This file holds the helpers the files of this folder share.
"""


# The Cephes i0 (i1 when one) form of |x| = ax (float64): whether ax <= 8, the Chebyshev series
# at ax / 2 - 2 and at 32 / ax - 2 (each where its branch applies; coefficients of
# aten/src/ATen/native/Math.h), and ax where it is > 8 (else 32); with f32, I1 in float32
# arithmetic with the kernel's float32 coefficients.
def _i_parts(ax: Tensor, one: bool, f32: bool) -> Tuple[Tensor, Tensor, Tensor, Tensor]:
    small = torch.le(ax, 8.0)
    xs = torch.sub(torch.div(torch.where(small, ax, torch.full_like(ax, 8.0)), 2.0), 2.0)
    xl = torch.where(small, torch.full_like(ax, 32.0), ax)
    if f32:
        a = _chbevl(xs, [
        9.381537324770761e-09, -4.445059076374491e-08, 2.0032948100379144e-07,
        -8.568720204493729e-07, 3.4702513858064776e-06, -1.3273163858684711e-05,
        4.781565075973049e-05, -0.0001617608213564381, 0.0005122859729453921, -0.001513572409749031,
        0.0041564228013157845, -0.010564085096120834, 0.024726448580622673, -0.05294598266482353,
        0.10264366120100021, -0.1764165163040161, 0.2525871992111206
        ], True)
        b = _chbevl(torch.sub(_r32(torch.div(32.0, xl)), 2.0), [
        -3.8353804576729544e-09, -2.631468909441992e-08, -2.5122361080320843e-07,
        -3.882564669765998e-06, -0.00011058893869630992, -0.009761097840964794, 0.7785762548446655
        ], True)
    elif one:
        a = _chbevl(xs, [
        2.7779141127610464e-18, -2.111421214358166e-17, 1.5536319577362005e-16,
        -1.1055969477353862e-15, 7.600684294735408e-15, -5.042185504727912e-14,
        3.223793365945575e-13, -1.9839743977649436e-12, 1.1736186298890901e-11,
        -6.663489723502027e-11, 3.625590281552117e-10, -1.8872497517228294e-09,
        9.381537386495773e-09, -4.445059128796328e-08, 2.0032947535521353e-07,
        -8.568720264695455e-07, 3.4702513081376785e-06, -1.3273163656039436e-05,
        4.781565107550054e-05, -0.00016176081582589674, 0.0005122859561685758,
        -0.0015135724506312532, 0.004156422944312888, -0.010564084894626197, 0.024726449030626516,
        -0.05294598120809499, 0.1026436586898471, -0.17641651835783406, 0.25258718644363365
        ], False)
        b = _chbevl(torch.sub(torch.div(32.0, xl), 2.0), [
        7.517296310842105e-18, 4.414348323071708e-18, -4.6503053684893586e-17,
        -3.209525921993424e-17, 2.96262899764595e-16, 3.3082023109209285e-16,
        -1.8803547755107825e-15, -3.8144030724370075e-15, 1.0420276984128802e-14,
        4.272440016711951e-14, -2.1015418427726643e-14, -4.0835511110921974e-13,
        -7.198551776245908e-13, 2.0356285441470896e-12, 1.4125807436613782e-11,
        3.2526035830154884e-11, -1.8974958123505413e-11, -5.589743462196584e-10,
        -3.835380385964237e-09, -2.6314688468895196e-08, -2.512236237870209e-07,
        -3.882564808877691e-06, -0.00011058893876262371, -0.009761097491361469, 0.7785762350182801
        ], False)
    else:
        a = _chbevl(xs, [
        -4.4153416464793395e-18, 3.3307945188222384e-17, -2.431279846547955e-16,
        1.715391285555133e-15, -1.1685332877993451e-14, 7.676185498604936e-14,
        -4.856446783111929e-13, 2.95505266312964e-12, -1.726826291441556e-11, 9.675809035373237e-11,
        -5.189795601635263e-10, 2.6598237246823866e-09, -1.300025009986248e-08,
        6.046995022541919e-08, -2.670793853940612e-07, 1.1173875391201037e-06,
        -4.4167383584587505e-06, 1.6448448070728896e-05, -5.754195010082104e-05,
        0.00018850288509584165, -0.0005763755745385824, 0.0016394756169413357,
        -0.004324309995050576, 0.010546460394594998, -0.02373741480589947, 0.04930528423967071,
        -0.09490109704804764, 0.17162090152220877, -0.3046826723431984, 0.6767952744094761
        ], False)
        b = _chbevl(torch.sub(torch.div(32.0, xl), 2.0), [
        -7.233180487874754e-18, -4.830504485944182e-18, 4.46562142029676e-17, 3.461222867697461e-17,
        -2.8276239805165836e-16, -3.425485619677219e-16, 1.7725601330565263e-15,
        3.8116806693526224e-15, -9.554846698828307e-15, -4.150569347287222e-14,
        1.54008621752141e-14, 3.8527783827421426e-13, 7.180124451383666e-13,
        -1.7941785315068062e-12, -1.3215811840447713e-11, -3.1499165279632416e-11,
        1.1889147107846439e-11, 4.94060238822497e-10, 3.3962320257083865e-09, 2.266668990498178e-08,
        2.0489185894690638e-07, 2.8913705208347567e-06, 6.889758346916825e-05,
        0.0033691164782556943, 0.8044904110141088
        ], False)
    return small, a, b, xl


def _mi0(x: Tensor) -> Tensor:
    ax = torch.abs(x)
    small, a, b, xl = _i_parts(ax, False, False)
    ex = torch.exp(ax)
    return torch.where(small, torch.mul(ex, a), torch.div(torch.mul(ex, b), torch.sqrt(xl)))


def _mi1(x: Tensor) -> Tensor:
    ax = torch.abs(x)
    small, a, b, xl = _i_parts(ax, True, False)
    ex = torch.exp(ax)
    # (a |x|) e^|x| as modified_bessel_i1_forward multiplies; i1 (bessel_i.py) rounds differently,
    # (e^|x| |x|) a, so the two stay apart.
    r = torch.where(small, torch.mul(torch.mul(a, ax), ex),
                    torch.div(torch.mul(ex, b), torch.sqrt(xl)))
    return torch.where(torch.lt(x, 0), torch.neg(r), r)


def _c(x: Tensor, v: float) -> Tensor:
    return torch.full_like(x, v)


def _even(nn: Tensor) -> Tensor:
    return torch.eq(torch.remainder(nn, 2.0), 0.0)


def _nmax(nn: Tensor) -> int:
    cnt = 1
    dims: List[int] = []
    for d in range(nn.dim()):
        cnt = cnt * nn.size(d)
        dims.append(d)
    if cnt == 0:
        return 0
    return int(torch.amax(nn, dims).item())


# A polynomial op's arguments (x, n): the result dtype, then x and trunc(n) in float64, broadcast.
def _poly_args(x_or_scalar: Union[Tensor, number],
               n_or_scalar: Union[Tensor, number]) -> Tuple[int, Tensor, Tensor]:
    x, n = _tensors_of(x_or_scalar, n_or_scalar)
    d = _float_result_dtype(x, n)
    bx, bn = torch.broadcast_tensors([torch._to_copy(x, dtype=torch.float64),
                                      torch.trunc(torch._to_copy(n, dtype=torch.float64))])
    return d, bx, bn


# P_n(y) by the three-term recurrence from P_0 = 1 and P_1 = q, run to the largest n present,
# masked per element (1 where n = 0). kind: 0 Chebyshev P_j = 2y P_(j-1) - P_(j-2); 1 Hermite H,
# 2y P_(j-1) - 2(j-1) P_(j-2); 2 Hermite He, y P_(j-1) - (j-1) P_(j-2); 3 He in float32
# arithmetic; 4 Laguerre, ((2j-1-y) P_(j-1) - (j-1) P_(j-2)) / j; 5 Legendre,
# ((2j-1) y P_(j-1) - (j-1) P_(j-2)) / j.
def _recurrence(y: Tensor, nn: Tensor, q: Tensor, kind: int) -> Tensor:
    nmax = _nmax(torch.where(torch.isnan(nn), _c(nn, 0.0), torch.clamp(nn, -1.0, 1.0e6)))
    p = _c(y, 1.0)
    for jj in range(2, nmax + 1):
        j = float(jj)
        if kind == 0:
            r = torch.sub(torch.mul(torch.add(y, y), q), p)
        elif kind == 1:
            r = torch.sub(torch.mul(torch.add(y, y), q), torch.mul(p, 2.0 * (j - 1.0)))
        elif kind == 2:
            r = torch.sub(torch.mul(y, q), torch.mul(p, j - 1.0))
        elif kind == 3:
            r = _r32(torch.sub(torch.mul(y, q), _r32(torch.mul(p, j - 1.0))))
        elif kind == 4:
            r = torch.div(torch.sub(torch.mul(torch.add(torch.neg(y), 2.0 * j - 1.0), q),
                                    torch.mul(p, j - 1.0)), j)
        else:
            r = torch.div(torch.sub(torch.mul(torch.mul(y, 2.0 * j - 1.0), q),
                                    torch.mul(p, j - 1.0)), j)
        m = torch.ge(nn, j)
        p = torch.where(m, q, p)
        q = torch.where(m, r, q)
    return torch.where(torch.eq(nn, 0.0), _c(y, 1.0), q)
