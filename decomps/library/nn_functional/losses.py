"""Loss functions and softmax variants. Sources and conventions: common.py of this folder.
"""


# output = min(0, x) - log1p(exp(-|x|)), buffer = exp(-|x|) (the CPU kernel's buffer), following
# torch/_decomp/decompositions.py log_sigmoid_forward.
def log_sigmoid_forward(self: Tensor) -> Tuple[Tensor, Tensor]:
    mn = torch.minimum(torch.zeros_like(self), self)
    z = torch.exp(torch.neg(torch.abs(self)))
    return torch.sub(mn, torch.log1p(z)), z


# softmax, with rows that are all -inf giving 0, following torch/_decomp/decompositions.py
# safe_softmax.
def _safe_softmax(self: Tensor, dim: int, dtype: Optional[int] = None) -> Tensor:
    x = self
    if dtype is not None:
        x = torch._to_copy(self, dtype=dtype)
    out = torch._softmax(x, dim, False)
    not_masked = torch.ne(self, float("-inf"))
    masked_rows = torch.logical_not(torch.any(not_masked, dim, True))
    return torch.where(masked_rows, torch.zeros_like(out), out)


# g * y - y * sum(g * y, dim), cast to input_dtype, following torch/_decomp/decompositions.py
# _softmax_backward_data.
def _softmax_backward_data(grad_output: Tensor, output: Tensor, dim: int,
                           input_dtype: int) -> Tensor:
    y = _opmath(output)
    gy = torch.mul(_opmath(grad_output), y)
    r = torch.sub(gy, torch.mul(y, torch.sum(gy, [dim], True)))
    if r.dtype != input_dtype:
        r = torch._to_copy(r, dtype=input_dtype)
    return r


# ---------------------------------------------------------------- losses Reduction 0 none, 1 mean,
# 2 sum (torch/_decomp/decompositions.py apply_loss_reduction). (x - t)^2, following
# torch/_decomp/decompositions.py mse_loss.
def mse_loss(self: Tensor, target: Tensor, reduction: int = 1) -> Tensor:
    d = torch.sub(self, target)
    loss = torch.mul(d, d)
    return _reduce(loss, reduction)


# |d| < delta ? d^2 / 2 : delta * (|d| - delta / 2), following torch/_refs/nn/functional/__init__.py
# huber_loss and ATen's huber kernel.
def huber_loss(self: Tensor, target: Tensor, reduction: int = 1, delta: float = 1.0) -> Tensor:
    z = torch.abs(torch.sub(self, target))
    loss = torch.where(torch.lt(z, delta), torch.mul(torch.mul(z, z), 0.5),
                       torch.mul(torch.sub(z, 0.5 * delta), delta))
    return _reduce(loss, reduction)


# |d| < beta ? d^2 / (2 beta) : |d| - beta / 2 (beta 0: |d|), following
# torch/_decomp/decompositions.py smooth_l1_loss.
def smooth_l1_loss(self: Tensor, target: Tensor, reduction: int = 1, beta: float = 1.0) -> Tensor:
    z = torch.abs(torch.sub(self, target))
    loss = z
    if beta != 0.0:
        loss = torch.where(torch.lt(z, beta), torch.div(torch.mul(torch.mul(z, z), 0.5), beta),
                           torch.sub(z, 0.5 * beta))
    return _reduce(loss, reduction)


# log1p(exp(-x * t)), following torch/_decomp/decompositions.py soft_margin_loss.
def soft_margin_loss(self: Tensor, target: Tensor, reduction: int = 1) -> Tensor:
    loss = torch.log1p(torch.exp(torch.mul(torch.neg(self), target)))
    return _reduce(loss, reduction)


# (t - 1) * max(log1p(-x), -100) - t * max(log(x), -100), times weight, following
# torch/_decomp/decompositions.py binary_cross_entropy.
def binary_cross_entropy(self: Tensor, target: Tensor, weight: Optional[Tensor] = None,
                         reduction: int = 1) -> Tensor:
    lo = torch.full([], -100.0, dtype=self.dtype, device=self.device)
    loss = torch.sub(torch.mul(torch.sub(target, 1),
                               torch.maximum(torch.log1p(torch.neg(self)), lo)),
                     torch.mul(target, torch.maximum(torch.log(self), lo)))
    if weight is not None:
        loss = torch.mul(loss, weight)
    return _reduce(loss, reduction)


# (1 - t) * x - ((pos_weight - 1) * t + 1) * logsigmoid(x), times weight, following
# torch/_decomp/decompositions.py binary_cross_entropy_with_logits; logsigmoid(x) = min(0, x) -
# log1p(exp(-|x|)) as in log_sigmoid_forward.
def binary_cross_entropy_with_logits(self: Tensor, target: Tensor, weight: Optional[Tensor] = None,
                                     pos_weight: Optional[Tensor] = None,
                                     reduction: int = 1) -> Tensor:
    ls = torch.sub(torch.minimum(torch.zeros_like(self), self),
                   torch.log1p(torch.exp(torch.neg(torch.abs(self)))))
    if pos_weight is not None:
        log_weight = torch.add(torch.mul(torch.sub(pos_weight, 1), target), 1)
        loss = torch.sub(torch.mul(torch.rsub(target, 1), self), torch.mul(log_weight, ls))
    else:
        loss = torch.sub(torch.mul(torch.rsub(target, 1), self), ls)
    if weight is not None:
        loss = torch.mul(loss, weight)
    return _reduce(loss, reduction)


# sum over i != y of max(0, margin - x[y] + x[i])^p * w[y] / dim, following
# torch/_decomp/decompositions.py multi_margin_loss (output shape as ATen's kernel: per-sample for
# reduction none unless the target is 0-d).
def multi_margin_loss(self: Tensor, target: Tensor, p: number = 1, margin: number = 1,
                      weight: Optional[Tensor] = None, reduction: int = 1) -> Tensor:
    x = self
    if x.dim() < 2:
        x = torch.reshape(x, [1, -1])
    t = torch.reshape(target, [-1, 1])
    dim = x.size(1)
    u = torch.gather(x, 1, t)
    z = torch.clamp(torch.add(torch.sub(x, u), margin), 0)
    if int(p) == 2:
        z = torch.mul(z, z)
    if weight is not None:
        z = torch.mul(z,
                      torch.index_select(torch.reshape(weight, [-1]), 0,
                                         torch.reshape(t, [-1])).unsqueeze(1))
    idx = torch.arange(0, dim, 1, dtype=torch.int64, device=x.device)
    z = torch.where(torch.ne(idx, t), z, torch.zeros_like(z))
    if reduction == Reduction.MEAN:
        return torch.mean(z)
    if reduction == Reduction.SUM:
        return torch.div(torch.sum(z), dim)
    r = torch.mean(z, [1])
    if target.dim() == 0:
        r = torch.reshape(r, [])
    return r


# sum over valid targets j (before the first -1) and non-targets i of max(0, 1 - x[y_j] + x[i]) /
# dim, following torch/_decomp/decompositions.py multilabel_margin_loss_forward (also masking the j
# after the end; scalar output for a 1-D input as ATen's kernel).
def multilabel_margin_loss_forward(self: Tensor, target: Tensor,
                                   reduction: int) -> Tuple[Tensor, Tensor]:
    x = self
    t = target
    if x.dim() < 2:
        x = torch.reshape(x, [1, -1])
        t = torch.reshape(t, [1, -1])
    dim = x.size(1)
    idx = torch.arange(0, dim, 1, dtype=torch.int64, device=x.device)
    is_end = torch.eq(t, -1)
    end_idx = torch.amin(torch.where(is_end, idx, torch.full_like(t, dim)), [-1], True)
    target_mask = torch.lt(idx, end_idx)
    tidx0 = torch.where(target_mask, t, torch.zeros_like(t))
    u = torch.gather(x, 1, tidx0)
    tidx1 = torch.where(target_mask, t, torch.full_like(t, -1))
    is_target = torch.any(torch.eq(idx, torch.unsqueeze(tidx1, -1)), 1)
    z = torch.add(torch.rsub(torch.unsqueeze(torch.permute(u, [1, 0]), -1), 1.0), x)
    z = torch.div(torch.clamp(z, 0), dim)
    z = torch.where(is_target, torch.zeros_like(z), z)
    valid = torch.unsqueeze(torch.permute(target_mask, [1, 0]), -1)
    z = torch.where(valid, z, torch.zeros_like(z))
    if reduction == Reduction.MEAN:
        r = torch.mean(torch.sum(z, [0, -1]))
    elif reduction == Reduction.SUM:
        r = torch.sum(z)
    else:
        r = torch.sum(z, [0, -1])
        if self.dim() < 2:
            r = torch.reshape(r, [])
    return r, torch.reshape(torch._to_copy(is_target, dtype=self.dtype), target.size())


# CTC forward (alpha) recursion of Graves et al. 2006 in log space, vectorised over the batch and
# the extended target (blank, l1, blank, l2, ..., blank), as ATen's ctc_loss_cpu_template
# (LossCTC.cpp): alpha_t(s) = logsumexp(alpha_{t-1}(s), alpha_{t-1}(s-1), alpha_{t-1}(s-2) if l'(s)
# != l'(s-2)) + log y_t(l'(s)); -inf where t >= input_length; nll = -logsumexp(alpha_{T-1}(2L),
# alpha_{T-1}(2L-1)). ctc_loss with list lengths: _ctc_loss, infinite losses zeroed when
# zero_infinity, then the reduction of aten/src/ATen/native/LossCTC.cpp ctc_loss_impl: mean divides
# each loss by its target length (at least 1) before averaging. Its CIA trace lost that division
# (the lengths become a tensor outside the dispatcher).
def ctc_loss(log_probs: Tensor, targets: Tensor, input_lengths: List[int],
             target_lengths: List[int], blank: int = 0, reduction: int = 1,
             zero_infinity: bool = False) -> Tensor:
    res, alpha = torch._ctc_loss(log_probs, targets, input_lengths, target_lengths, blank,
                                 zero_infinity)
    if zero_infinity:
        res = torch.where(torch.eq(res, float("inf")), torch.zeros_like(res), res)
    if reduction == Reduction.MEAN:
        parts: List[Tensor] = []
        for n in target_lengths:
            parts.append(torch.full([1], float(max(n, 1)), dtype=res.dtype, device=res.device))
        lengths = torch.cat(parts, 0)
        if log_probs.dim() == 2:
            lengths = torch.squeeze(lengths, 0)
        return torch.mean(torch.div(res, lengths))
    if reduction == Reduction.SUM:
        return torch.sum(res)
    return res


def _ctc_loss(log_probs: Tensor, targets: Tensor, input_lengths: List[int],
              target_lengths: List[int], blank: int = 0,
              zero_infinity: bool = False) -> Tuple[Tensor, Tensor]:
    lp = log_probs
    batched = lp.dim() == 3
    if not batched:
        lp = torch.unsqueeze(lp, 1)
    T = lp.size(0)
    N = lp.size(1)
    C = lp.size(2)
    max_tl = 0
    for v in target_lengths:
        if v > max_tl:
            max_tl = v
    S = 2 * max_tl + 1
    dev = lp.device
    # targets as [N, max_tl]
    if targets.dim() == 1 and batched:
        rows: List[Tensor] = []
        off = 0
        for b in range(N):
            tl = target_lengths[b]
            r = torch.slice(targets, 0, off, off + tl)
            rows.append(torch.constant_pad_nd(r, [0, max_tl - tl], blank))
            off = off + tl
        tg = torch.stack(rows, 0)
    else:
        tg = torch.reshape(targets, [N, -1])
        tg = torch.slice(tg, 1, 0, max_tl)
    tg = torch.clamp(torch._to_copy(tg, dtype=torch.int64), 0, C - 1)
    blanks = torch.full([N, max_tl], blank, dtype=torch.int64, device=dev)
    tp = torch.reshape(torch.stack([blanks, tg], 2), [N, 2 * max_tl])
    tp = torch.cat([tp, torch.full([N, 1], blank, dtype=torch.int64, device=dev)], 1)
    il_parts: List[Tensor] = []
    tl_parts: List[Tensor] = []
    for b in range(N):
        il_parts.append(torch.full([1], input_lengths[b], dtype=torch.int64, device=dev))
        tl_parts.append(torch.full([1], target_lengths[b], dtype=torch.int64, device=dev))
    il = torch.unsqueeze(torch.cat(il_parts, 0), 1)
    tlt = torch.unsqueeze(torch.cat(tl_parts, 0), 1)
    s = torch.unsqueeze(torch.arange(0, S, 1, dtype=torch.int64, device=dev), 0)
    E = torch.gather(lp, 2, torch.expand(torch.unsqueeze(tp, 0), [T, N, S]))
    neginf = torch.full([1], float("-inf"), dtype=lp.dtype, device=dev)
    ninf_col = torch.full([N, 1], float("-inf"), dtype=lp.dtype, device=dev)
    ninf_col2 = torch.full([N, 2], float("-inf"), dtype=lp.dtype, device=dev)
    prev2 = torch.cat([torch.full([N, 2], -1, dtype=torch.int64, device=dev),
                       torch.slice(tp, 1, 0, S - 2)],
                      1)
    allow3 = torch.logical_and(torch.ge(s, 2), torch.ne(tp, prev2))
    m0 = torch.logical_or(torch.eq(s, 0), torch.logical_and(torch.eq(s, 1), torch.gt(tlt, 0)))
    alpha = torch.where(m0, torch.select(E, 0, 0), neginf)
    alphas: List[Tensor] = [alpha]
    for t in range(1, T):
        la1 = alpha
        la2 = torch.cat([ninf_col, torch.slice(alpha, 1, 0, S - 1)], 1)
        la3 = torch.where(allow3, torch.cat([ninf_col2, torch.slice(alpha, 1, 0, S - 2)], 1),
                          neginf)
        m = torch.maximum(torch.maximum(la1, la2), la3)
        m = torch.where(torch.eq(m, float("-inf")), torch.zeros_like(m), m)
        lse = torch.log(torch.add(torch.add(torch.exp(torch.sub(la1, m)),
                                            torch.exp(torch.sub(la2, m))),
                                  torch.exp(torch.sub(la3, m))))
        alpha = torch.add(torch.add(lse, m), torch.select(E, 0, t))
        alphas.append(alpha)
    LA = torch.stack(alphas, 1)
    tt = torch.view(torch.arange(0, T, 1, dtype=torch.int64, device=dev), [1, T, 1])
    LA = torch.where(torch.ge(tt, torch.unsqueeze(il, 2)), neginf, LA)
    last = torch.squeeze(torch.gather(LA, 1,
                                      torch.expand(torch.unsqueeze(torch.sub(il, 1), 2),
                                                   [N, 1, S])),
                         1)
    l1 = torch.gather(last, 1, torch.mul(tlt, 2))
    l2 = torch.gather(last, 1, torch.clamp(torch.sub(torch.mul(tlt, 2), 1), 0))
    l2 = torch.where(torch.gt(tlt, 0), l2, neginf)
    m = torch.maximum(l1, l2)
    m = torch.where(torch.eq(m, float("-inf")), torch.zeros_like(m), m)
    ll = torch.add(torch.log(torch.add(torch.exp(torch.sub(l1, m)), torch.exp(torch.sub(l2, m)))),
                   m)
    nll = torch.neg(torch.squeeze(ll, 1))
    if zero_infinity:
        nll = torch.where(torch.eq(nll, float("inf")), torch.zeros_like(nll), nll)
    if not batched:
        nll = torch.squeeze(nll, 0)
        LA = torch.squeeze(LA, 0)
    return nll, LA


# ---------------------------------------------------------------- backward ops called directly:
# the CPU kernels of native/Loss.cpp, native/cpu/PointwiseOpsKernel.cpp, LossNLL.cpp and
# SoftMax.cpp, as torch/_decomp/decompositions.py writes them. norm is 1 / numel for a mean.
def _loss_norm(self: Tensor, reduction: int, scale: float) -> float:
    if reduction == Reduction.MEAN:
        return scale / float(self.numel())
    return scale


# g - exp(y) * sum(g, dim), cast to input_dtype.
def _log_softmax_backward_data(grad_output: Tensor, output: Tensor, dim: int,
                               input_dtype: int) -> Tensor:
    r = torch.sub(grad_output,
                  torch.mul(torch.exp(output), torch.sum(grad_output, [dim], True)))
    if r.dtype != input_dtype:
        r = torch._to_copy(r, dtype=input_dtype)
    return r


# norm * (x - t) * g, norm = 2 (2 / numel for a mean).
def mse_loss_backward(grad_output: Tensor, self: Tensor, target: Tensor,
                      reduction: int) -> Tensor:
    norm = _loss_norm(self, reduction, 2.0)
    return torch.mul(torch.mul(torch.sub(self, target), norm), grad_output)


# d = x - t: d <= -delta ? -norm * g * delta : (d >= delta ? norm * g * delta : norm * d * g).
def huber_loss_backward(grad_output: Tensor, self: Tensor, target: Tensor, reduction: int,
                        delta: float) -> Tensor:
    norm = _loss_norm(self, reduction, 1.0)
    d = torch.sub(self, target)
    edge = torch.mul(grad_output, norm * delta)
    r = torch.where(torch.ge(d, delta), edge, torch.mul(torch.mul(d, norm), grad_output))
    return torch.where(torch.le(d, -delta), torch.neg(edge), r)


# d <= -beta ? -norm * g : (d >= beta ? norm * g : norm * d * g / beta), tested in that order as
# the kernel does: with beta 0, d = 0 gives -norm * g (torch/_decomp's sign(d) gives 0).
def smooth_l1_loss_backward(grad_output: Tensor, self: Tensor, target: Tensor, reduction: int,
                            beta: float) -> Tensor:
    ng = torch.mul(grad_output, _loss_norm(self, reduction, 1.0))
    d = torch.sub(self, target)
    r = torch.where(torch.ge(d, beta), ng, torch.div(torch.mul(d, ng), beta))
    return torch.where(torch.le(d, -beta), torch.neg(ng), r)


# -norm * t * z / (1 + z) * g, z = exp(-t * x).
def soft_margin_loss_backward(grad_output: Tensor, self: Tensor, target: Tensor,
                              reduction: int) -> Tensor:
    z = torch.exp(torch.mul(torch.neg(target), self))
    r = torch.mul(torch.mul(target, -_loss_norm(self, reduction, 1.0)), z)
    return torch.mul(torch.div(r, torch.add(z, 1.0)), grad_output)


# g * (x - t) / max((1 - x) * x, 1e-12), times weight, / numel for a mean.
def binary_cross_entropy_backward(grad_output: Tensor, self: Tensor, target: Tensor,
                                  weight: Optional[Tensor] = None,
                                  reduction: int = 1) -> Tensor:
    den = torch.clamp(torch.mul(torch.rsub(self, 1.0), self), 1e-12)
    r = torch.div(torch.mul(grad_output, torch.sub(self, target)), den)
    if weight is not None:
        r = torch.mul(r, weight)
    if reduction == Reduction.MEAN:
        r = torch.div(r, float(self.numel()))
    return r


# -g (times weight[t], / total_weight for a mean) at the target class of each sample along the
# class dim (0 for a 1-D input, else 1), 0 elsewhere and where t == ignore_index (nll_loss2d's
# input is [N, C, H, W], so the same rule serves it).
def nll_loss_backward(grad_output: Tensor, self: Tensor, target: Tensor, weight: Optional[Tensor],
                      reduction: int, ignore_index: int, total_weight: Tensor) -> Tensor:
    cd = 1
    if self.dim() < 2:
        cd = 0
    g = grad_output
    if reduction == Reduction.MEAN:
        g = torch.div(g, total_weight)
    t = torch.unsqueeze(target, cd)
    keep = torch.ne(t, ignore_index)
    safe = torch.where(keep, t, torch.zeros_like(t))
    gi = torch.scatter(torch.zeros_like(self), cd, safe, -1.0)
    if gi.dim() > g.dim() and g.dim() > 0:
        g = torch.unsqueeze(g, cd)
    if weight is not None:
        shape: List[int] = []
        for i in range(self.dim()):
            if i == cd:
                shape.append(weight.size(0))
            else:
                shape.append(1)
        g = torch.mul(g, torch.reshape(weight, shape))
    g = torch.where(keep, g, torch.zeros_like(g))
    # Selected, not multiplied: a NaN in another row's gradient or another class's weight stays
    # out of the zeros, as in ATen's kernel, which writes the target entries only.
    return torch.where(torch.ne(gi, 0), torch.mul(gi, g), torch.zeros_like(gi))


DECOMPOSITIONS = {
    "aten::log_sigmoid_forward": log_sigmoid_forward,
    "aten::_safe_softmax": _safe_softmax,
    "aten::_softmax_backward_data": _softmax_backward_data,
    "aten::mse_loss": mse_loss,
    "aten::huber_loss": huber_loss,
    "aten::smooth_l1_loss": smooth_l1_loss,
    "aten::soft_margin_loss": soft_margin_loss,
    "aten::binary_cross_entropy": binary_cross_entropy,
    "aten::binary_cross_entropy_with_logits": binary_cross_entropy_with_logits,
    "aten::multi_margin_loss": multi_margin_loss,
    "aten::multilabel_margin_loss_forward": multilabel_margin_loss_forward,
    "aten::ctc_loss.IntList": ctc_loss,
    "aten::_ctc_loss": _ctc_loss,
    "aten::_log_softmax_backward_data": _log_softmax_backward_data,
    "aten::mse_loss_backward": mse_loss_backward,
    "aten::huber_loss_backward": huber_loss_backward,
    "aten::smooth_l1_loss_backward": smooth_l1_loss_backward,
    "aten::soft_margin_loss_backward": soft_margin_loss_backward,
    "aten::binary_cross_entropy_backward": binary_cross_entropy_backward,
    "aten::nll_loss_backward": nll_loss_backward,
    "aten::nll_loss2d_backward": nll_loss_backward,
}
