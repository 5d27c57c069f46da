"""Matrix products (addmm-like, outer, dot and friends). Sources and conventions: common.py of this
folder.
"""


# ---- BLAS-like products, following torch/_refs (dot, vdot, mv, addmv, addr) and
# torch/_decomp/decompositions.py (baddbmm; addbmm is baddbmm summed over the batch).
def dot(self: Tensor, tensor: Tensor) -> Tensor:
    r = torch.mm(torch.unsqueeze(self, 0), torch.unsqueeze(tensor, 1))
    return torch.squeeze(r, [0, 1])


# vdot conjugates its first argument (a no-op for real tensors).
def vdot(self: Tensor, other: Tensor) -> Tensor:
    if self.is_complex():
        self = torch.conj(self)
    r = torch.mm(torch.unsqueeze(self, 0), torch.unsqueeze(other, 1))
    return torch.squeeze(r, [0, 1])


def mv(self: Tensor, vec: Tensor) -> Tensor:
    return torch.squeeze(torch.mm(self, torch.unsqueeze(vec, 1)), 1)


# beta * self + alpha * out (out + self unless self_first), the scalings skipped when 1, self
# dropped
# when beta == 0 (NaNs included), scalars truncated to int for integral self (torch/_refs).
def _beta_alpha(self: Tensor, out: Tensor, beta: number, alpha: number,
                self_first: bool) -> Tensor:
    if not self.is_floating_point() and not self.is_complex():
        beta = int(beta)
        alpha = int(alpha)
    if alpha != 1:
        out = torch.mul(out, alpha)
    if beta == 0:
        return out
    if beta != 1:
        self = torch.mul(self, beta)
    if self_first:
        return torch.add(self, out)
    return torch.add(out, self)


# torch/_refs addmv: beta == 0 drops self (NaNs included), as the kernel does.
def addmv(self: Tensor, mat: Tensor, vec: Tensor, beta: number = 1, alpha: number = 1) -> Tensor:
    out = torch.squeeze(torch.mm(mat, torch.unsqueeze(vec, 1)), 1)
    return _beta_alpha(self, out, beta, alpha, False)


# torch/_refs addr: outer product; booleans combine with or/and; beta == 0 drops self.
def addr(self: Tensor, vec1: Tensor, vec2: Tensor, beta: number = 1, alpha: number = 1) -> Tensor:
    outer = torch.mul(torch.unsqueeze(vec1, 1), torch.unsqueeze(vec2, 0))
    s = torch.expand(self, [vec1.size(0), vec2.size(0)])
    if self.dtype == torch.bool:
        if not bool(alpha):
            outer = torch.full_like(outer, False)
        if not bool(beta):
            return torch.logical_or(outer, torch.full_like(outer, False))
        return torch.logical_or(s, outer)
    if self.is_floating_point():
        # The CPU kernel's order and rounding (aten/src/ATen/native/cpu/LinearAlgebraKernel.cpp
        # addr_kernel): alpha * vec1 * vec2 and beta * self, each product in the dtype.
        a = torch.full([1], alpha, dtype=self.dtype, device=self.device)
        prod = torch.mul(torch.mul(torch.unsqueeze(vec1, 1), a), torch.unsqueeze(vec2, 0))
        if beta == 0:
            return prod
        b = torch.full([1], beta, dtype=self.dtype, device=self.device)
        return torch.add(torch.mul(s, b), prod)
    if not self.is_complex():
        beta = int(beta)
        alpha = int(alpha)
    out = torch.mul(outer, alpha)
    if beta == 0:
        return out
    return torch.add(torch.mul(s, beta), out)


# In _opmath for float16/bfloat16, rounded once, as the CPU kernels accumulate.
def baddbmm(self: Tensor, batch1: Tensor, batch2: Tensor, beta: number = 1,
            alpha: number = 1) -> Tensor:
    if _all_low(self, batch1, batch2):
        r = _beta_alpha(_opmath(self), torch.bmm(_opmath(batch1), _opmath(batch2)), beta, alpha,
                        True)
        return torch._to_copy(r, dtype=self.dtype)
    return _beta_alpha(self, torch.bmm(batch1, batch2), beta, alpha, True)


def addbmm(self: Tensor, batch1: Tensor, batch2: Tensor, beta: number = 1,
           alpha: number = 1) -> Tensor:
    if _all_low(self, batch1, batch2):
        r = _beta_alpha(_opmath(self), torch.sum(torch.bmm(_opmath(batch1), _opmath(batch2)), [0]),
                        beta, alpha, True)
        return torch._to_copy(r, dtype=self.dtype)
    return _beta_alpha(self, torch.sum(torch.bmm(batch1, batch2), [0]), beta, alpha, True)


# _euclidean_dist(x1, x2): cdist's matrix-product path (aten/src/ATen/native/Distance.cpp):
# [-2 x1, |x1|^2, 1] (x2 ; 1 ; |x2|^2)^T, clamped at 0, square-rooted.
def _euclidean_dist(x1: Tensor, x2: Tensor) -> Tensor:
    x1_norm = torch.sum(torch.pow(x1, 2), [-1], True)
    x2_norm = torch.sum(torch.pow(x2, 2), [-1], True)
    a = torch.cat([torch.mul(x1, -2), x1_norm, torch.ones_like(x1_norm)], -1)
    b = torch.cat([x2, torch.ones_like(x2_norm), x2_norm], -1)
    return torch.sqrt(torch.clamp_min(torch.matmul(a, torch.transpose(b, -2, -1)), 0))


DECOMPOSITIONS = {
    "aten::_euclidean_dist": _euclidean_dist,
    "aten::dot": dot,
    "aten::vdot": vdot,
    "aten::mv": mv,
    "aten::addmv": addmv,
    "aten::addr": addr,
    "aten::baddbmm": baddbmm,
    "aten::addbmm": addbmm,
}
