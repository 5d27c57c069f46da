"""Factorizations: LU, Cholesky, QR, Householder products. Sources and conventions: common.py of
this folder.
"""


# LU with partial pivoting (LAPACK dgetrf): packed L\U, 1-based int32 pivots, info.
def linalg_lu_factor_ex(A: Tensor, pivot: bool = True,
                        check_errors: bool = False) -> Tuple[Tensor, Tensor, Tensor]:
    s = A.size()
    batch = s[:-2]
    k = min(s[len(s) - 2], s[len(s) - 1])
    lu, piv = _lu(_flat(A))
    info = torch.reshape(_luinfo(lu), batch)
    piv_out = torch.reshape(torch._to_copy(torch.add(piv, 1), dtype=torch.int32), batch + [k])
    return torch.reshape(torch._to_copy(lu, dtype=A.dtype), s), piv_out, info


# Solves A X = B (A^T X = B when adjoint; X A = B when not left) from getrf's LU and pivots (LAPACK
# dgetrs).
def linalg_lu_solve(LU: Tensor, pivots: Tensor, B: Tensor, left: bool = True,
                    adjoint: bool = False) -> Tensor:
    s = LU.size()
    ps = pivots.size()
    lu = _flat(LU)
    piv = torch.reshape(torch.sub(torch._to_copy(pivots, dtype=torch.int64), 1),
                        [lu.size(0), ps[len(ps) - 1]])
    if left:
        x = _lusolve_b(lu, piv, s[:-2], B, adjoint)
    else:
        x = _tr(_lusolve_b(lu, piv, s[:-2], _tr(B), not adjoint))
    return torch._to_copy(x, dtype=B.dtype)


# torch.lu_solve(b, LU, pivots) = linalg_lu_solve(LU, pivots, b) (LAPACK dgetrs).
def lu_solve(b: Tensor, LU_data: Tensor, LU_pivots: Tensor) -> Tensor:
    s = LU_data.size()
    ps = LU_pivots.size()
    lu = _flat(LU_data)
    piv = torch.reshape(torch.sub(torch._to_copy(LU_pivots, dtype=torch.int64), 1),
                        [lu.size(0), ps[len(ps) - 1]])
    return torch._to_copy(_lusolve_b(lu, piv, s[:-2], b, False), dtype=b.dtype)


# A = P L U with partial pivoting (LAPACK dgetrf), unpacked as torch.linalg.lu returns it.
def linalg_lu(A: Tensor, pivot: bool = True) -> Tuple[Tensor, Tensor, Tensor]:
    s = A.size()
    batch, m, n = _mat_dims(s)
    k = min(m, n)
    lu, piv = _lu(_flat(A))
    b = lu.size(0)
    p = _tr(_swaps(_eye(b, m, m), piv, False))
    l = torch.add(_trimask(torch.slice(lu, 2, 0, k), True, 1), _eye(b, m, k))
    u = _trimask(torch.slice(lu, 1, 0, k), False, 0)
    return (torch.reshape(torch._to_copy(p, dtype=A.dtype), batch + [m, m]),
            torch.reshape(torch._to_copy(l, dtype=A.dtype), batch + [m, k]),
            torch.reshape(torch._to_copy(u, dtype=A.dtype), batch + [k, n]))


# lu_unpack(LU, pivots) -> (P, L, U): the factors of linalg_lu (A = P L U) from getrf's packed L\U
# and 1-based pivots; a part whose flag is False is an empty tensor (aten/src/ATen/native/
# BatchLinearAlgebra.cpp linalg_lu_unpack).
def lu_unpack(LU_data: Tensor, LU_pivots: Tensor, unpack_data: bool = True,
              unpack_pivots: bool = True) -> Tuple[Tensor, Tensor, Tensor]:
    s = LU_data.size()
    batch, m, n = _mat_dims(s)
    k = min(m, n)
    lu = _flat(LU_data)
    b = lu.size(0)
    empty = torch.full([0], 0.0, dtype=LU_data.dtype, device=LU_data.device)
    p = empty
    l = empty
    u = empty
    if unpack_data:
        l = torch.add(_trimask(torch.slice(lu, 2, 0, k), True, 1), _eye(b, m, k))
        l = torch.reshape(torch._to_copy(l, dtype=LU_data.dtype), batch + [m, k])
        u = _trimask(torch.slice(lu, 1, 0, k), False, 0)
        u = torch.reshape(torch._to_copy(u, dtype=LU_data.dtype), batch + [k, n])
    if unpack_pivots:
        ps = LU_pivots.size()
        piv = torch.reshape(torch.sub(torch._to_copy(LU_pivots, dtype=torch.int64), 1),
                            [b, ps[len(ps) - 1]])
        p = _tr(_swaps(_eye(b, m, m), piv, False))
        p = torch.reshape(torch._to_copy(p, dtype=LU_data.dtype), batch + [m, m])
    return p, l, u


# Householder QR in LAPACK's packed form (dgeqr2/dlarfg).
def geqrf(self: Tensor) -> Tuple[Tensor, Tensor]:
    s = self.size()
    batch = s[:-2]
    k = min(s[len(s) - 2], s[len(s) - 1])
    a, tau = _geqrf(_flat(self))
    return (torch.reshape(torch._to_copy(a, dtype=self.dtype), s),
            torch.reshape(torch._to_copy(tau, dtype=self.dtype), batch + [k]))


# QR by Householder reflections with LAPACK's sign conventions (dgeqrf, then dorgqr for Q).
def linalg_qr(A: Tensor, mode: str = "reduced") -> Tuple[Tensor, Tensor]:
    s = A.size()
    batch, m, n = _mat_dims(s)
    k = min(m, n)
    a, tau = _geqrf(_flat(A))
    rows = k
    if mode == "complete":
        rows = m
    r = _trimask(torch.slice(a, 1, 0, rows), False, 0)
    R = torch.reshape(torch._to_copy(r, dtype=A.dtype), batch + [rows, n])
    if mode == "r":
        return torch.full([0], 0.0, dtype=A.dtype), R
    q = _orgqr(a, tau, rows)
    return torch.reshape(torch._to_copy(q, dtype=A.dtype), batch + [m, rows]), R


# Q = H_1 ... H_k from Householder vectors and tau (LAPACK dorgqr).
def linalg_householder_product(input: Tensor, tau: Tensor) -> Tensor:
    s = input.size()
    n = s[len(s) - 1]
    a = _flat(input)
    ts = tau.size()
    t = torch.reshape(torch._to_copy(tau, dtype=torch.float64), [a.size(0), ts[len(ts) - 1]])
    return torch.reshape(torch._to_copy(_orgqr(a, t, n), dtype=input.dtype), s)


# Multiplies by Q = H_1 ... H_k (or Q^T) from the left or right (LAPACK dormqr), with Q formed
# explicitly (dorgqr).
def ormqr(self: Tensor, input2: Tensor, input3: Tensor, left: bool = True,
          transpose: bool = False) -> Tensor:
    s = self.size()
    cs = input3.size()
    a = _flat(self)
    ts = input2.size()
    t = torch.reshape(torch._to_copy(input2, dtype=torch.float64), [a.size(0), ts[len(ts) - 1]])
    m = a.size(1)
    q = _orgqr(a, t, m)
    if transpose:
        q = _tr(q)
    c = _flat(input3)
    if left:
        out = torch.bmm(q, c)
    else:
        out = torch.bmm(c, q)
    return torch.reshape(torch._to_copy(out, dtype=input3.dtype), cs)


def _chol(a: Tensor) -> Tuple[Tensor, Tensor]:
    # Cholesky factor by columns (Golub & Van Loan Alg. 4.2.2, gaxpy Cholesky; LAPACK dpotf2),
    # reading only the lower triangle of a (b, n, n) float64. Returns L and potrf's info (b,)
    # int32: the 1-based order of the first non-positive leading minor, else 0.
    b = a.size(0)
    n = a.size(1)
    l = torch.full([b, n, n], 0.0, dtype=torch.float64)
    r = torch.unsqueeze(torch.unsqueeze(torch.arange(0, n, 1), 0), 2)
    info = torch.full([b], 0, dtype=torch.int64)
    for j in range(n):
        lj = torch.slice(l, 1, j, j + 1)
        v = torch.sub(torch.slice(a, 2, j, j + 1), torch.bmm(l, _tr(lj)))
        d = torch.slice(v, 1, j, j + 1)
        bad = torch.logical_and(torch.eq(info, 0), torch.reshape(torch.le(d, 0.0), [b]))
        info = torch.where(bad, torch.full_like(info, j + 1), info)
        sd = torch.sqrt(d)
        col = torch.where(torch.gt(r, j), torch.div(v, sd), torch.full_like(v, 0.0))
        col = torch.slice_scatter(col, sd, 1, j, j + 1)
        l = torch.slice_scatter(l, col, 2, j, j + 1)
    return l, torch._to_copy(info, dtype=torch.int32)


# Cholesky factorisation (Golub & Van Loan Alg. 4.2.2; LAPACK dpotrf) of the UPLO triangle.
def linalg_cholesky_ex(A: Tensor, upper: bool = False,
                       check_errors: bool = False) -> Tuple[Tensor, Tensor]:
    s = A.size()
    a = _flat(A)
    if upper:
        a = _tr(a)
    l, info = _chol(a)
    if upper:
        l = _tr(l)
    return torch.reshape(torch._to_copy(l, dtype=A.dtype), s), torch.reshape(info, s[:-2])


# Cholesky factorisation (Golub & Van Loan Alg. 4.2.2; LAPACK dpotrf).
def linalg_cholesky(A: Tensor, upper: bool = False) -> Tensor:
    return linalg_cholesky_ex(A, upper)[0]


def cholesky(A: Tensor, upper: bool = False) -> Tensor:
    return linalg_cholesky_ex(A, upper)[0]


# x with (L L^T) x = rhs, L the lower triangle of l (U^T U, U the upper one, when upper): two
# triangular solves (LAPACK dpotrs), batch dims broadcast; float64.
def _chol_solve(l: Tensor, rhs: Tensor, upper: bool) -> Tensor:
    if upper:
        y = _trsolve_b(l, rhs, False, False, True)
        return _trsolve_b(l, y, False, False, False)
    y = _trsolve_b(l, rhs, True, False, False)
    return _trsolve_b(l, y, True, False, True)


# Solves (L L^T) X = B (U^T U when upper) by two triangular solves (LAPACK dpotrs).
def cholesky_solve(self: Tensor, input2: Tensor, upper: bool = False) -> Tensor:
    x = _chol_solve(input2, self, upper)
    return torch._to_copy(x, dtype=torch.result_type(self, input2))


# (L L^T)^-1 (U^T U when upper) by two triangular solves on the identity (LAPACK dpotri).
def cholesky_inverse(self: Tensor, upper: bool = False) -> Tensor:
    s = self.size()
    n = s[len(s) - 1]
    f = _flat(self)
    e = _eye(f.size(0), n, n)
    x = _chol_solve(f, e, upper)
    return torch.reshape(torch._to_copy(x, dtype=self.dtype), s)


def _ldl_swap(x: Tensor, i: int, j: Tensor) -> Tensor:
    # Rows i (an int) and j (b,) of x (b, n, r) interchanged, each matrix of the batch its own j;
    # j is clamped to a row (the step a pivot does not ask for reads the others).
    b = x.size(0)
    n = x.size(1)
    rows = torch.unsqueeze(torch.arange(0, n, 1, device=x.device), 0).expand([b, n])
    jj = torch.unsqueeze(torch.clamp(j, 0, n - 1), 1).expand([b, n])
    ii = torch.full_like(rows, i)
    idx = torch.where(torch.eq(rows, i), jj, torch.where(torch.eq(rows, jj), ii, rows))
    return torch.gather(x, 1, torch.unsqueeze(idx, 2).expand(x.size()))


def _ldl_col(ld: Tensor, k: int, below: int) -> Tensor:
    # Column k of ld (b, n, n) with the rows <= below zeroed, as (b, n, 1).
    n = ld.size(1)
    rows = torch.unsqueeze(torch.arange(0, n, 1, device=ld.device), 0)
    col = torch.select(ld, 2, k)
    return torch.unsqueeze(torch.where(torch.gt(rows, below), col, torch.full_like(col, 0.0)), 2)


def _ldl_row(x: Tensor, k: int) -> Tensor:
    return torch.slice(x, 1, k, k + 1)


def _ldl_put(x: Tensor, k: int, row: Tensor) -> Tensor:
    return torch.slice_scatter(x, row, 1, k, k + 1)


def _ldl_entry(ld: Tensor, i: int, j: int) -> Tensor:
    # ld[:, i, j] as (b, 1, 1).
    return torch.slice(torch.slice(ld, 1, i, i + 1), 2, j, j + 1)


# Solves A X = B from the Bunch-Kaufman factorization A = P L D L^T P^T of linalg_ldl_factor
# (LAPACK ?sytrs, lower: L unit lower triangular in LD, D block diagonal with 1x1 and 2x2
# blocks; pivots 1-based, k > 0 a 1x1 block whose row was interchanged with row k, -k on both
# rows of a 2x2 block whose second row was interchanged with row k). The block structure is
# read from the pivots of each matrix: every column takes both the 1x1 and the 2x2 step and
# keeps the one its pivot asks for. Real dtypes: hermitian and symmetric are the same.
# LD (*, n, n), pivots (*, n) int32, B (*, n, k); the batch dimensions broadcast.
def linalg_ldl_solve(LD: Tensor, pivots: Tensor, B: Tensor, hermitian: bool = False) -> Tensor:
    if LD.is_complex():
        return torch.linalg_ldl_solve(LD, pivots, B, hermitian=hermitian)
    s = LD.size()
    n = s[len(s) - 1]
    bs = B.size()
    r = bs[len(bs) - 1]
    batch = _bcast(s[:-2], bs[:-2])
    bb = _bsize(batch)
    ld = torch.reshape(torch._to_copy(LD, dtype=torch.float64).expand(batch + [n, n]), [bb, n, n])
    piv = torch.reshape(torch._to_copy(pivots, dtype=torch.int64).expand(batch + [n]), [bb, n])
    x = torch.reshape(torch._to_copy(B, dtype=torch.float64).expand(batch + [n, r]), [bb, n, r])
    # L D y = P^T b, forward over the blocks.
    second = torch.full([bb, 1, 1], False, dtype=torch.bool, device=x.device)
    for k in range(n):
        p = torch.unsqueeze(torch.unsqueeze(torch.select(piv, 1, k), 1), 2)
        one = torch.logical_and(torch.gt(p, 0), torch.logical_not(second))
        x1 = _ldl_swap(x, k, torch.sub(torch.reshape(p, [bb]), 1))
        x1 = torch.sub(x1, torch.mul(_ldl_col(ld, k, k), _ldl_row(x1, k)))
        x1 = _ldl_put(x1, k, torch.div(_ldl_row(x1, k), _ldl_entry(ld, k, k)))
        x = torch.where(one, x1, x)
        if k + 1 < n:
            two = torch.logical_and(torch.lt(p, 0), torch.logical_not(second))
            x2 = _ldl_swap(x, k + 1, torch.sub(torch.neg(torch.reshape(p, [bb])), 1))
            upd = torch.add(torch.mul(_ldl_col(ld, k, k + 1), _ldl_row(x2, k)),
                            torch.mul(_ldl_col(ld, k + 1, k + 1), _ldl_row(x2, k + 1)))
            x2 = torch.sub(x2, upd)
            akm1k = _ldl_entry(ld, k + 1, k)
            akm1 = torch.div(_ldl_entry(ld, k, k), akm1k)
            ak = torch.div(_ldl_entry(ld, k + 1, k + 1), akm1k)
            denom = torch.sub(torch.mul(akm1, ak), 1.0)
            bkm1 = torch.div(_ldl_row(x2, k), akm1k)
            bk = torch.div(_ldl_row(x2, k + 1), akm1k)
            x2 = _ldl_put(x2, k, torch.div(torch.sub(torch.mul(ak, bkm1), bk), denom))
            x2 = _ldl_put(x2, k + 1, torch.div(torch.sub(torch.mul(akm1, bk), bkm1), denom))
            x = torch.where(two, x2, x)
            second = two
    # L^T P^T x = y, backward over the blocks.
    second = torch.full([bb, 1, 1], False, dtype=torch.bool, device=x.device)
    for kk in range(n):
        k = n - 1 - kk
        p = torch.unsqueeze(torch.unsqueeze(torch.select(piv, 1, k), 1), 2)
        one = torch.logical_and(torch.gt(p, 0), torch.logical_not(second))
        rk = torch.sub(_ldl_row(x, k), torch.sum(torch.mul(_ldl_col(ld, k, k), x), [1], True))
        x1 = _ldl_swap(_ldl_put(x, k, rk), k, torch.sub(torch.reshape(p, [bb]), 1))
        xn = torch.where(one, x1, x)
        if k > 0:
            two = torch.logical_and(torch.lt(p, 0), torch.logical_not(second))
            rk1 = torch.sub(_ldl_row(x, k - 1),
                            torch.sum(torch.mul(_ldl_col(ld, k - 1, k), x), [1], True))
            x2 = _ldl_put(_ldl_put(x, k, rk), k - 1, rk1)
            x2 = _ldl_swap(x2, k, torch.sub(torch.neg(torch.reshape(p, [bb])), 1))
            xn = torch.where(two, x2, xn)
            second = two
        x = xn
    return torch._to_copy(torch.reshape(x, batch + [n, r]), dtype=torch.result_type(LD, B))


def _ldl_sym_lower(u: Tensor) -> Tensor:
    # The symmetric matrix whose lower triangle is u's (b, n, n).
    n = u.size(1)
    r = torch.unsqueeze(torch.arange(0, n, 1, device=u.device), 1)
    c = torch.unsqueeze(torch.arange(0, n, 1, device=u.device), 0)
    low = torch.where(torch.ge(r, c), u, torch.full_like(u, 0.0))
    strict = torch.where(torch.gt(r, c), u, torch.full_like(u, 0.0))
    return torch.add(low, torch.transpose(strict, 1, 2))


# Bunch-Kaufman LDL^T of a symmetric matrix read from its lower triangle (LAPACK ?sytf2, lower,
# which ?sytrf calls for n <= its block size 64; alpha = (1 + sqrt(17)) / 8): at column k a 1x1
# pivot, the same after interchanging k with the row imax of the largest subdiagonal entry, or a
# 2x2 pivot of rows k and imax, chosen per matrix by the kernel's tests; the interchanges apply to
# the trailing block only (L in LAPACK's product form). Each column takes every choice and keeps
# the one its matrix asks for; the column after a 2x2 pivot is skipped. A zero (or NaN) column
# gives info = its 1-based index and no update, as in LAPACK. self (*, n, n) real; returns LD
# (*, n, n) with the strict upper triangle zero, pivots (*, n) int32 as LAPACK's ipiv, info (*)
# int32.
def linalg_ldl_factor_ex(self: Tensor, hermitian: bool = False,
                         check_errors: bool = False) -> Tuple[Tensor, Tensor, Tensor]:
    if self.is_complex():
        return torch.linalg_ldl_factor_ex(self, hermitian=hermitian, check_errors=check_errors)
    s = self.size()
    n = s[len(s) - 1]
    batch = s[:-2]
    a = _ldl_sym_lower(_flat(self))
    b = a.size(0)
    alpha = (1.0 + 4.123105625617661) / 8.0
    idx = torch.arange(0, n, 1, device=a.device)
    r2 = torch.unsqueeze(torch.unsqueeze(idx, 0), 2)  # (1, n, 1) row index
    c2 = torch.unsqueeze(torch.unsqueeze(idx, 0), 1)  # (1, 1, n) column index
    piv = torch.full([b, n], 0, dtype=torch.int64, device=a.device)
    info = torch.full([b], 0, dtype=torch.int64, device=a.device)
    second = torch.full([b], False, dtype=torch.bool, device=a.device)
    for k in range(n):
        akk = torch.select(torch.select(a, 1, k), 1, k)
        absakk = torch.abs(akk)
        col = torch.abs(torch.select(a, 2, k))  # (b, n)
        col = torch.where(torch.gt(torch.unsqueeze(idx, 0), k), col, torch.full_like(col, -1.0))
        imax = torch.argmax(col, 1)
        colmax = torch.clamp_min(torch.amax(col, [1]), 0.0)
        rowi = torch.abs(torch.squeeze(torch.gather(
            a, 1, torch.unsqueeze(torch.unsqueeze(imax, 1), 2).expand([b, 1, n])), 1))
        keep = torch.logical_and(torch.ge(torch.unsqueeze(idx, 0), k),
                                 torch.ne(torch.unsqueeze(idx, 0), torch.unsqueeze(imax, 1)))
        rowmax = torch.amax(torch.where(keep, rowi, torch.full_like(rowi, 0.0)), [1])
        aii = torch.abs(torch.squeeze(torch.gather(rowi, 1, torch.unsqueeze(imax, 1)), 1))
        zero = torch.logical_or(torch.eq(torch.maximum(absakk, colmax), 0.0), torch.isnan(absakk))
        at_k = torch.logical_or(torch.ge(absakk, torch.mul(colmax, alpha)),
                                torch.ge(absakk, torch.mul(torch.mul(colmax, alpha),
                                                           torch.div(colmax, rowmax))))
        at_k = torch.logical_or(zero, at_k)
        one_i = torch.logical_and(torch.logical_not(at_k), torch.ge(aii, torch.mul(rowmax, alpha)))
        two = torch.logical_and(torch.logical_not(at_k), torch.logical_not(one_i))
        if k + 1 >= n:
            two = torch.full_like(two, False)
        kp = torch.where(at_k, torch.full_like(imax, k), imax)
        kk = torch.where(two, torch.full_like(imax, k + 1), torch.full_like(imax, k))
        # The trailing block permuted symmetrically: rows and columns kk and kp interchanged.
        perm = torch.unsqueeze(idx, 0).expand([b, n])
        kk2 = torch.unsqueeze(kk, 1).expand([b, n])
        kp2 = torch.unsqueeze(kp, 1).expand([b, n])
        perm = torch.where(torch.eq(perm, kk2), kp2, torch.where(torch.eq(perm, kp2), kk2, perm))
        pa = torch.gather(a, 1, torch.unsqueeze(perm, 2).expand([b, n, n]))
        pa = torch.gather(pa, 2, torch.unsqueeze(perm, 1).expand([b, n, n]))
        trailing = torch.logical_and(torch.ge(r2, k), torch.ge(c2, k))
        p = torch.where(trailing, pa, a)
        # 1x1 pivot: A22 -= x (x / d) ^ T as dsyr computes it (x_i * (-d11 * x_j) for i >= j),
        # then the column scaled by 1 / d.
        d11 = torch.reciprocal(torch.select(torch.select(p, 1, k), 1, k))
        x = torch.where(torch.gt(r2, k), torch.slice(p, 2, k, k + 1), torch.full_like(r2, 0.0))
        xt = torch.transpose(x, 1, 2)
        upd = torch.mul(x, torch.mul(xt, torch.unsqueeze(torch.unsqueeze(torch.neg(d11), 1), 2)))
        p1 = torch.add(p, _ldl_sym_lower(upd))
        scaled = torch.mul(p1, torch.unsqueeze(torch.unsqueeze(d11, 1), 2))
        p1 = torch.where(torch.logical_and(torch.gt(r2, k), torch.eq(c2, k)), scaled, p1)
        step = torch.where(torch.unsqueeze(torch.unsqueeze(two, 1), 2), a, p1)
        if k + 1 < n:
            # 2x2 pivot of rows k, k+1 (dsytf2's d11, d22, d21 and wk, wkp1 for rows j > k+1).
            e21 = torch.select(torch.select(p, 1, k + 1), 1, k)
            e11 = torch.div(torch.select(torch.select(p, 1, k + 1), 1, k + 1), e21)
            e22 = torch.div(torch.select(torch.select(p, 1, k), 1, k), e21)
            t = torch.reciprocal(torch.sub(torch.mul(e11, e22), 1.0))
            f21 = torch.unsqueeze(torch.unsqueeze(torch.div(t, e21), 1), 2)
            ck = torch.slice(p, 2, k, k + 1)
            ck1 = torch.slice(p, 2, k + 1, k + 2)
            e11b = torch.unsqueeze(torch.unsqueeze(e11, 1), 2)
            e22b = torch.unsqueeze(torch.unsqueeze(e22, 1), 2)
            wk = torch.mul(f21, torch.sub(torch.mul(e11b, ck), ck1))
            wkp1 = torch.mul(f21, torch.sub(torch.mul(e22b, ck1), ck))
            below = torch.gt(r2, k + 1)
            wk = torch.where(below, wk, torch.full_like(wk, 0.0))
            wkp1 = torch.where(below, wkp1, torch.full_like(wkp1, 0.0))
            ckm = torch.where(below, ck, torch.full_like(ck, 0.0))
            ck1m = torch.where(below, ck1, torch.full_like(ck1, 0.0))
            # A(i, j) - A(i, k) wk_j - A(i, k+1) wkp1_j for i >= j > k+1, mirrored.
            p2 = torch.sub(torch.sub(p, torch.mul(ckm, torch.transpose(wk, 1, 2))),
                           torch.mul(ck1m, torch.transpose(wkp1, 1, 2)))
            p2 = torch.where(torch.logical_and(below, torch.gt(c2, k + 1)), _ldl_sym_lower(p2), p)
            p2 = torch.where(torch.logical_and(below, torch.eq(c2, k)), wk, p2)
            p2 = torch.where(torch.logical_and(below, torch.eq(c2, k + 1)), wkp1, p2)
            step = torch.where(torch.unsqueeze(torch.unsqueeze(two, 1), 2), p2, step)
        step = torch.where(torch.unsqueeze(torch.unsqueeze(zero, 1), 2), a, step)
        act = torch.logical_not(second)
        a = torch.where(torch.unsqueeze(torch.unsqueeze(act, 1), 2), step, a)
        code = torch.where(two, torch.neg(torch.add(kp, 1)), torch.add(kp, 1))
        setk = torch.logical_and(torch.eq(torch.unsqueeze(idx, 0), k), torch.unsqueeze(act, 1))
        setk1 = torch.logical_and(torch.eq(torch.unsqueeze(idx, 0), k + 1),
                                  torch.unsqueeze(torch.logical_and(act, two), 1))
        code2 = torch.unsqueeze(code, 1).expand([b, n])
        piv = torch.where(torch.logical_or(setk, setk1), code2, piv)
        info = torch.where(torch.logical_and(torch.logical_and(act, zero), torch.eq(info, 0)),
                           torch.full_like(info, k + 1), info)
        second = torch.logical_and(act, two)
    rr = torch.unsqueeze(torch.unsqueeze(idx, 1), 0)
    ld = torch.where(torch.ge(rr, c2), a, torch.full_like(a, 0.0))
    return (torch.reshape(torch._to_copy(ld, dtype=self.dtype), s),
            torch.reshape(torch._to_copy(piv, dtype=torch.int32), batch + [n]),
            torch.reshape(torch._to_copy(info, dtype=torch.int32), batch))


DECOMPOSITIONS = {
    "aten::linalg_ldl_factor_ex": linalg_ldl_factor_ex,
    "aten::linalg_ldl_solve": linalg_ldl_solve,
    "aten::lu_unpack": lu_unpack,
    "aten::linalg_lu_factor_ex": linalg_lu_factor_ex,
    "aten::linalg_lu_solve": linalg_lu_solve,
    "aten::lu_solve": lu_solve,
    "aten::linalg_lu": linalg_lu,
    "aten::geqrf": geqrf,
    "aten::linalg_qr": linalg_qr,
    "aten::linalg_householder_product": linalg_householder_product,
    "aten::ormqr": ormqr,
    "aten::linalg_cholesky_ex": linalg_cholesky_ex,
    "aten::linalg_cholesky": linalg_cholesky,
    "aten::cholesky": cholesky,
    "aten::cholesky_solve": cholesky_solve,
    "aten::cholesky_inverse": cholesky_inverse,
}
