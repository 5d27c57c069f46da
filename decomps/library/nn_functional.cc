// Decompositions of torch.nn.functional ops: pooling, unpooling, upsampling, padding, shuffles,
// losses, normalisation variants into core ATen.
#include "decomps/library/library.h"

namespace graph_lower {

std::vector<TorchScriptDecomposition> NnFunctionalDecompositions() {
  return {
      // ---------------------------------------------------------------- activations
      // x > 0 ? scale * x : scale * alpha * (exp(input_scale * x) - 1), following
      // torch/_refs/nn/functional/__init__.py elu and ATen's elu kernel (Activation.cpp).
      {"aten::elu", "elu", R"TS(
def elu(self: Tensor, alpha: number = 1, scale: number = 1, input_scale: number = 1) -> Tensor:
    neg = torch.mul(torch.expm1(torch.mul(self, input_scale)), torch.mul(alpha, scale))
    return torch.where(torch.gt(self, 0), torch.mul(self, scale), neg)
)TS"},
      // celu(x, a) = elu(x, a, 1, 1/a), as ATen's celu (Activation.cpp) computes it.
      {"aten::celu", "celu", R"TS(
def celu(self: Tensor, alpha: number = 1.0) -> Tensor:
    inv = 1.0 / float(alpha)
    neg = torch.mul(torch.expm1(torch.mul(self, inv)), alpha)
    return torch.where(torch.gt(self, 0), self, neg)
)TS"},
      // x * tanh(softplus(x)) = x * tanh(log1p(exp(x))), as ATen's mish kernel (Activation.cpp)
      // and torch/_refs/nn/functional/__init__.py mish.
      {"aten::mish", "mish", R"TS(
def mish(self: Tensor) -> Tensor:
    return torch.mul(self, torch.tanh(torch.log1p(torch.exp(self))))
)TS"},
      // (x >= -l && x <= l) ? 0 : x, following torch/_refs/nn/functional/__init__.py hardshrink.
      {"aten::hardshrink", "hardshrink", R"TS(
def hardshrink(self: Tensor, lambd: number = 0.5) -> Tensor:
    inside = torch.logical_and(torch.ge(self, torch.neg(lambd)), torch.le(self, lambd))
    return torch.where(inside, torch.zeros_like(self), self)
)TS"},
      // x > l ? x - l : (x < -l ? x + l : 0), following torch/_refs/nn/functional/__init__.py
      // softshrink (NaN passes through, as in the ATen kernel).
      {"aten::softshrink", "softshrink", R"TS(
def softshrink(self: Tensor, lambd: number = 0.5) -> Tensor:
    zero = torch.zeros_like(self)
    r = torch.where(torch.gt(self, lambd), torch.sub(self, lambd), zero)
    r = torch.where(torch.lt(self, torch.neg(lambd)), torch.add(self, lambd), r)
    return torch.where(torch.isnan(self), self, r)
)TS"},
      // x <= threshold ? value : x, following torch/_refs/nn/functional/__init__.py threshold.
      {"aten::threshold", "threshold", R"TS(
def threshold(self: Tensor, threshold: number, value: number) -> Tensor:
    return torch.where(torch.le(self, threshold), torch.full_like(self, value), self)
)TS"},
      // output = min(0, x) - log1p(exp(-|x|)), buffer = exp(-|x|) (the CPU kernel's buffer),
      // following torch/_decomp/decompositions.py log_sigmoid_forward.
      {"aten::log_sigmoid_forward", "log_sigmoid_forward", R"TS(
def log_sigmoid_forward(self: Tensor) -> Tuple[Tensor, Tensor]:
    mn = torch.minimum(torch.zeros_like(self), self)
    z = torch.exp(torch.neg(torch.abs(self)))
    return torch.sub(mn, torch.log1p(z)), z
)TS"},
      // a * sigmoid(b) for the two halves of dim, following torch/_refs/nn/functional glu.
      {"aten::glu", "glu", R"TS(
def glu(self: Tensor, dim: int = -1) -> Tensor:
    h = self.size(dim) // 2
    a = torch.slice(self, dim, 0, h)
    b = torch.slice(self, dim, h, 2 * h)
    return torch.mul(a, torch.sigmoid(b))
)TS"},
      // where(x > 0, x, w * x), following torch/_decomp/decompositions.py _prelu_kernel.
      {"aten::_prelu_kernel", "_prelu_kernel", R"TS(
def _prelu_kernel(self: Tensor, weight: Tensor) -> Tensor:
    return torch.where(torch.gt(self, 0), self, torch.mul(weight, self))
)TS"},
      // Eval: leaky_relu with slope (lower + upper) / 2; training: x * U(lower, upper) where
      // x <= 0 (ATen's rrelu_with_noise, Activation.cpp / RreluWithNoise.cpp; the noise
      // tensor the kernel also writes is not updated here).
      {"aten::rrelu_with_noise", "rrelu_with_noise", R"TS(
def rrelu_with_noise(self: Tensor, noise: Tensor, lower: number = 0.125,
                     upper: number = 0.3333333333333333, training: bool = False,
                     generator: Optional[Generator] = None) -> Tensor:
    if not training:
        return torch.leaky_relu(self, (float(lower) + float(upper)) / 2.0)
    r = torch.add(torch.mul(torch.rand_like(self), float(upper) - float(lower)), float(lower))
    return torch.where(torch.le(self, 0), torch.mul(self, r), self)
)TS"},
      // softmax, with rows that are all -inf giving 0, following
      // torch/_decomp/decompositions.py safe_softmax.
      {"aten::_safe_softmax", "_safe_softmax", R"TS(
def _safe_softmax(self: Tensor, dim: int, dtype: Optional[int] = None) -> Tensor:
    x = self
    if dtype is not None:
        x = torch._to_copy(self, dtype=dtype)
    out = torch._softmax(x, dim, False)
    not_masked = torch.ne(self, float("-inf"))
    masked_rows = torch.logical_not(torch.any(not_masked, dim, True))
    return torch.where(masked_rows, torch.zeros_like(out), out)
)TS"},
      // g * y - y * sum(g * y, dim), cast to input_dtype, following
      // torch/_decomp/decompositions.py _softmax_backward_data.
      {"aten::_softmax_backward_data", "_softmax_backward_data", R"TS(
def _softmax_backward_data(grad_output: Tensor, output: Tensor, dim: int,
                           input_dtype: int) -> Tensor:
    gy = torch.mul(grad_output, output)
    r = torch.sub(gy, torch.mul(output, torch.sum(gy, [dim], True)))
    if r.dtype != input_dtype:
        r = torch._to_copy(r, dtype=input_dtype)
    return r
)TS"},
      // g * (mask * scale), following torch/_decomp/decompositions.py native_dropout_backward.
      {"aten::native_dropout_backward", "native_dropout_backward", R"TS(
def native_dropout_backward(grad_output: Tensor, mask: Tensor, scale: float) -> Tensor:
    m = torch._to_copy(mask, dtype=grad_output.dtype)
    return torch.mul(grad_output, torch.mul(m, scale))
)TS"},
      // ---------------------------------------------------------------- losses
      // Reduction 0 none, 1 mean, 2 sum (torch/_decomp/decompositions.py apply_loss_reduction).
      // (x - t)^2, following torch/_decomp/decompositions.py mse_loss.
      {"aten::mse_loss", "mse_loss", R"TS(
def mse_loss(self: Tensor, target: Tensor, reduction: int = 1) -> Tensor:
    d = torch.sub(self, target)
    loss = torch.mul(d, d)
    if reduction == 1:
        return torch.mean(loss)
    if reduction == 2:
        return torch.sum(loss)
    return loss
)TS"},
      // |d| < delta ? d^2 / 2 : delta * (|d| - delta / 2), following
      // torch/_refs/nn/functional/__init__.py huber_loss and ATen's huber kernel.
      {"aten::huber_loss", "huber_loss", R"TS(
def huber_loss(self: Tensor, target: Tensor, reduction: int = 1, delta: float = 1.0) -> Tensor:
    z = torch.abs(torch.sub(self, target))
    loss = torch.where(torch.lt(z, delta), torch.mul(torch.mul(z, z), 0.5),
                       torch.mul(torch.sub(z, 0.5 * delta), delta))
    if reduction == 1:
        return torch.mean(loss)
    if reduction == 2:
        return torch.sum(loss)
    return loss
)TS"},
      // |d| < beta ? d^2 / (2 beta) : |d| - beta / 2 (beta 0: |d|), following
      // torch/_decomp/decompositions.py smooth_l1_loss.
      {"aten::smooth_l1_loss", "smooth_l1_loss", R"TS(
def smooth_l1_loss(self: Tensor, target: Tensor, reduction: int = 1, beta: float = 1.0) -> Tensor:
    z = torch.abs(torch.sub(self, target))
    loss = z
    if beta != 0.0:
        loss = torch.where(torch.lt(z, beta), torch.div(torch.mul(torch.mul(z, z), 0.5), beta),
                           torch.sub(z, 0.5 * beta))
    if reduction == 1:
        return torch.mean(loss)
    if reduction == 2:
        return torch.sum(loss)
    return loss
)TS"},
      // log1p(exp(-x * t)), following torch/_decomp/decompositions.py soft_margin_loss.
      {"aten::soft_margin_loss", "soft_margin_loss", R"TS(
def soft_margin_loss(self: Tensor, target: Tensor, reduction: int = 1) -> Tensor:
    loss = torch.log1p(torch.exp(torch.mul(torch.neg(self), target)))
    if reduction == 1:
        return torch.mean(loss)
    if reduction == 2:
        return torch.sum(loss)
    return loss
)TS"},
      // (t - 1) * max(log1p(-x), -100) - t * max(log(x), -100), times weight, following
      // torch/_decomp/decompositions.py binary_cross_entropy.
      {"aten::binary_cross_entropy", "binary_cross_entropy", R"TS(
def binary_cross_entropy(self: Tensor, target: Tensor, weight: Optional[Tensor] = None,
                         reduction: int = 1) -> Tensor:
    lo = torch.full([], -100.0, dtype=self.dtype, device=self.device)
    loss = torch.sub(torch.mul(torch.sub(target, 1), torch.maximum(torch.log1p(torch.neg(self)), lo)),
                     torch.mul(target, torch.maximum(torch.log(self), lo)))
    if weight is not None:
        loss = torch.mul(loss, weight)
    if reduction == 1:
        return torch.mean(loss)
    if reduction == 2:
        return torch.sum(loss)
    return loss
)TS"},
      // (1 - t) * x - ((pos_weight - 1) * t + 1) * logsigmoid(x), times weight, following
      // torch/_decomp/decompositions.py binary_cross_entropy_with_logits; logsigmoid(x) =
      // min(0, x) - log1p(exp(-|x|)) as in log_sigmoid_forward.
      {"aten::binary_cross_entropy_with_logits", "binary_cross_entropy_with_logits", R"TS(
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
    if reduction == 1:
        return torch.mean(loss)
    if reduction == 2:
        return torch.sum(loss)
    return loss
)TS"},
      // sum over i != y of max(0, margin - x[y] + x[i])^p * w[y] / dim, following
      // torch/_decomp/decompositions.py multi_margin_loss (output shape as ATen's kernel:
      // per-sample for reduction none unless the target is 0-d).
      {"aten::multi_margin_loss", "multi_margin_loss", R"TS(
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
        z = torch.mul(z, torch.index_select(torch.reshape(weight, [-1]), 0, torch.reshape(t, [-1])).unsqueeze(1))
    idx = torch.arange(0, dim, 1, dtype=4, device=x.device)
    z = torch.where(torch.ne(idx, t), z, torch.zeros_like(z))
    if reduction == 1:
        return torch.mean(z)
    if reduction == 2:
        return torch.div(torch.sum(z), dim)
    r = torch.mean(z, [1])
    if target.dim() == 0:
        r = torch.reshape(r, [])
    return r
)TS"},
      // sum over valid targets j (before the first -1) and non-targets i of
      // max(0, 1 - x[y_j] + x[i]) / dim, following torch/_decomp/decompositions.py
      // multilabel_margin_loss_forward (also masking the j after the end; scalar output for a
      // 1-D input as ATen's kernel).
      {"aten::multilabel_margin_loss_forward", "multilabel_margin_loss_forward", R"TS(
def multilabel_margin_loss_forward(self: Tensor, target: Tensor,
                                   reduction: int) -> Tuple[Tensor, Tensor]:
    x = self
    t = target
    if x.dim() < 2:
        x = torch.reshape(x, [1, -1])
        t = torch.reshape(t, [1, -1])
    dim = x.size(1)
    idx = torch.arange(0, dim, 1, dtype=4, device=x.device)
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
    if reduction == 1:
        r = torch.mean(torch.sum(z, [0, -1]))
    elif reduction == 2:
        r = torch.sum(z)
    else:
        r = torch.sum(z, [0, -1])
        if self.dim() < 2:
            r = torch.reshape(r, [])
    return r, torch.reshape(torch._to_copy(is_target, dtype=self.dtype), target.size())
)TS"},
      // ---------------------------------------------------------------- shuffles, padding, unfold
      // [*, C r r, H, W] -> [*, C, r, r, H, W] -> [*, C, H, r, W, r] -> [*, C, H r, W r], following
      // torch/_refs/nn/functional/__init__.py pixel_shuffle.
      {"aten::pixel_shuffle", "pixel_shuffle", R"TS(
def pixel_shuffle(self: Tensor, upscale_factor: int) -> Tensor:
    n = self.dim() - 3
    r = upscale_factor
    shape: List[int] = []
    perm: List[int] = []
    out: List[int] = []
    for i in range(n):
        shape.append(self.size(i))
        perm.append(i)
        out.append(self.size(i))
    c = self.size(-3) // (r * r)
    h = self.size(-2)
    w = self.size(-1)
    shape.append(c)
    shape.append(r)
    shape.append(r)
    shape.append(h)
    shape.append(w)
    perm.append(n)
    perm.append(n + 3)
    perm.append(n + 1)
    perm.append(n + 4)
    perm.append(n + 2)
    out.append(c)
    out.append(h * r)
    out.append(w * r)
    return torch.reshape(torch.permute(torch.view(self, shape), perm), out)
)TS"},
      // [*, C, H r, W r] -> [*, C, H, r, W, r] -> [*, C, r, r, H, W] -> [*, C r r, H, W], following
      // torch/_refs/nn/functional/__init__.py pixel_unshuffle.
      {"aten::pixel_unshuffle", "pixel_unshuffle", R"TS(
def pixel_unshuffle(self: Tensor, downscale_factor: int) -> Tensor:
    n = self.dim() - 3
    r = downscale_factor
    shape: List[int] = []
    perm: List[int] = []
    out: List[int] = []
    for i in range(n):
        shape.append(self.size(i))
        perm.append(i)
        out.append(self.size(i))
    c = self.size(-3)
    h = self.size(-2) // r
    w = self.size(-1) // r
    shape.append(c)
    shape.append(h)
    shape.append(r)
    shape.append(w)
    shape.append(r)
    perm.append(n)
    perm.append(n + 2)
    perm.append(n + 4)
    perm.append(n + 1)
    perm.append(n + 3)
    out.append(c * r * r)
    out.append(h)
    out.append(w)
    return torch.reshape(torch.permute(torch.view(self, shape), perm), out)
)TS"},
      // [N, C, *] -> [N, g, C/g, *] -> [N, C/g, g, *] -> [N, C, *], following
      // torch/_refs/nn/functional/__init__.py channel_shuffle.
      {"aten::channel_shuffle", "channel_shuffle", R"TS(
def channel_shuffle(self: Tensor, groups: int) -> Tensor:
    shape: List[int] = [self.size(0), groups, self.size(1) // groups]
    perm: List[int] = [0, 2, 1]
    for i in range(2, self.dim()):
        shape.append(self.size(i))
        perm.append(i + 1)
    return torch.reshape(torch.permute(torch.view(self, shape), perm), self.size())
)TS"},
      // The 1-D case of core replication_pad2d on a unit height.
      {"aten::replication_pad1d", "replication_pad1d", R"TS(
def replication_pad1d(self: Tensor, padding: List[int]) -> Tensor:
    y = torch.replication_pad2d(torch.unsqueeze(self, -2), [padding[0], padding[1], 0, 0])
    return torch.squeeze(y, -2)
)TS"},
      // Gathers the sliding blocks of the zero-padded input with advanced indexing, following
      // torch/_decomp/decompositions.py im2col.
      {"aten::im2col", "im2col", R"TS(
def im2col(self: Tensor, kernel_size: List[int], dilation: List[int], padding: List[int],
           stride: List[int]) -> Tensor:
    x = self
    if self.dim() == 3:
        x = torch.unsqueeze(self, 0)
    n = x.size(0)
    c = x.size(1)
    blocks_h = x.size(2) + 2 * padding[0] - dilation[0] * (kernel_size[0] - 1)
    blocks_w = x.size(3) + 2 * padding[1] - dilation[1] * (kernel_size[1] - 1)
    rows = torch.add(torch.unsqueeze(torch.arange(0, blocks_h, stride[0], dtype=4, device=x.device), 0),
                     torch.unsqueeze(torch.arange(0, kernel_size[0] * dilation[0], dilation[0], dtype=4,
                                                  device=x.device), -1))
    cols = torch.add(torch.unsqueeze(torch.arange(0, blocks_w, stride[1], dtype=4, device=x.device), 0),
                     torch.unsqueeze(torch.arange(0, kernel_size[1] * dilation[1], dilation[1], dtype=4,
                                                  device=x.device), -1))
    padded = torch.constant_pad_nd(x, [padding[1], padding[1], padding[0], padding[0]], 0)
    rows4 = torch.unsqueeze(torch.unsqueeze(rows, -1), -1)
    idx: List[Optional[Tensor]] = [None, None, rows4, cols]
    out = torch.permute(torch.index(padded, idx), [0, 1, 2, 4, 3, 5])
    nbr = rows.size(1)
    nbc = cols.size(1)
    out = torch.reshape(out, [n, c * kernel_size[0] * kernel_size[1], nbr * nbc])
    if self.dim() == 3:
        out = torch.squeeze(out, 0)
    return out
)TS"},
      // ---------------------------------------------------------------- unpooling
      // Scatters each value to its flat index in its (n, c) plane, following
      // torch/_decomp/decompositions.py _max_unpoolnd.
      {"aten::max_unpool2d", "max_unpool2d", R"TS(
def max_unpool2d(self: Tensor, indices: Tensor, output_size: List[int]) -> Tensor:
    nc = 1
    shape: List[int] = []
    nc_shape: List[int] = []
    for i in range(self.dim() - 2):
        nc = nc * self.size(i)
        shape.append(self.size(i))
        nc_shape.append(self.size(i))
    nc_shape.append(1)
    nc_shape.append(1)
    hw = output_size[0] * output_size[1]
    shape.append(output_size[0])
    shape.append(output_size[1])
    base = torch.mul(torch.view(torch.arange(0, nc, 1, dtype=4, device=self.device), nc_shape), hw)
    flat = torch.reshape(torch.add(indices, base), [-1])
    out = torch.zeros([nc * hw], dtype=self.dtype, device=self.device)
    idx: List[Optional[Tensor]] = [flat]
    out = torch.index_put(out, idx, torch.reshape(self, [-1]), False)
    return torch.view(out, shape)
)TS"},
      // As max_unpool2d over three spatial dims (stride and padding only enter ATen's checks),
      // following torch/_decomp/decompositions.py max_unpool3d.
      {"aten::max_unpool3d", "max_unpool3d", R"TS(
def max_unpool3d(self: Tensor, indices: Tensor, output_size: List[int], stride: List[int],
                 padding: List[int]) -> Tensor:
    nc = 1
    shape: List[int] = []
    nc_shape: List[int] = []
    for i in range(self.dim() - 3):
        nc = nc * self.size(i)
        shape.append(self.size(i))
        nc_shape.append(self.size(i))
    nc_shape.append(1)
    nc_shape.append(1)
    nc_shape.append(1)
    hw = output_size[0] * output_size[1] * output_size[2]
    shape.append(output_size[0])
    shape.append(output_size[1])
    shape.append(output_size[2])
    base = torch.mul(torch.view(torch.arange(0, nc, 1, dtype=4, device=self.device), nc_shape), hw)
    flat = torch.reshape(torch.add(indices, base), [-1])
    out = torch.zeros([nc * hw], dtype=self.dtype, device=self.device)
    idx: List[Optional[Tensor]] = [flat]
    out = torch.index_put(out, idx, torch.reshape(self, [-1]), False)
    return torch.view(out, shape)
)TS"},
      // ---------------------------------------------------------------- normalisation
      // The core _native_batch_norm_legit overloads (which update the running statistics in
      // place in training, as native_batch_norm does), following torch/_decomp/decompositions.py
      // native_batch_norm / _native_batch_norm_legit*.
      {"aten::native_batch_norm", "native_batch_norm", R"TS(
def native_batch_norm(input: Tensor, weight: Optional[Tensor], bias: Optional[Tensor],
                      running_mean: Optional[Tensor], running_var: Optional[Tensor],
                      training: bool, momentum: float, eps: float) -> Tuple[Tensor, Tensor, Tensor]:
    if running_mean is not None:
        if running_var is not None:
            if training:
                return torch._native_batch_norm_legit(input, weight, bias, running_mean,
                                                      running_var, training, momentum, eps)
            return torch._native_batch_norm_legit_no_training(input, weight, bias, running_mean,
                                                              running_var, momentum, eps)
    return torch._native_batch_norm_legit(input, weight, bias, training, momentum, eps)
)TS"},
      // Training batch norm updating the running statistics (core _native_batch_norm_legit
      // writes them in place) plus the empty reserve tensor of the CPU backend, following
      // torch/_decomp/decompositions.py _batch_norm_with_update.
      {"aten::_batch_norm_with_update", "_batch_norm_with_update", R"TS(
def _batch_norm_with_update(input: Tensor, weight: Optional[Tensor], bias: Optional[Tensor],
                            running_mean: Tensor, running_var: Tensor, momentum: float,
                            eps: float) -> Tuple[Tensor, Tensor, Tensor, Tensor]:
    out, mean, rstd = torch._native_batch_norm_legit(input, weight, bias, running_mean,
                                                     running_var, True, momentum, eps)
    reserve = torch.empty([0], dtype=0, device=input.device)
    return out, mean, rstd, reserve
)TS"},
      // The functional twins of the two above (functionalization rewrites a write of the
      // running statistics into them, passes/functionalize.h): the new statistics are returned,
      // computed as the CPU kernel updates them (Normalization.cpp: momentum-weighted batch mean
      // and unbiased batch variance), following torch/_decomp/decompositions.py
      // native_batch_norm_helper.
      {"aten::_native_batch_norm_legit_functional", "_native_batch_norm_legit_functional", R"TS(
def _native_batch_norm_legit_functional(input: Tensor, weight: Optional[Tensor],
                                        bias: Optional[Tensor], running_mean: Tensor,
                                        running_var: Tensor, training: bool, momentum: float,
                                        eps: float) -> Tuple[Tensor, Tensor, Tensor, Tensor, Tensor]:
    if training:
        out, mean, rstd = torch._native_batch_norm_legit(input, weight, bias, training, momentum, eps)
        dims: List[int] = [0]
        for i in range(2, input.dim()):
            dims.append(i)
        # In the statistics' dtype, as the CPU kernel accumulates (float32 for a bfloat16 or
        # float16 input; in the input's dtype the running variance lost precision, found by the
        # try-to-break-it pass).
        var = torch.var(input.to(running_var.dtype), dims, correction=1)
        new_mean = running_mean * (1.0 - momentum) + mean * momentum
        new_var = running_var * (1.0 - momentum) + var * momentum
        return out, mean, rstd, new_mean.to(running_mean.dtype), new_var.to(running_var.dtype)
    out, mean, rstd = torch._native_batch_norm_legit_no_training(input, weight, bias, running_mean,
                                                                 running_var, momentum, eps)
    return out, mean, rstd, running_mean, running_var
)TS"},
      {"aten::_batch_norm_with_update_functional", "_batch_norm_with_update_functional", R"TS(
def _batch_norm_with_update_functional(input: Tensor, weight: Optional[Tensor],
                                       bias: Optional[Tensor], running_mean: Tensor,
                                       running_var: Tensor, momentum: float, eps: float
                                       ) -> Tuple[Tensor, Tensor, Tensor, Tensor, Tensor, Tensor]:
    out, mean, rstd, new_mean, new_var = torch._native_batch_norm_legit_functional(
        input, weight, bias, running_mean, running_var, True, momentum, eps)
    reserve = torch.empty([0], dtype=0, device=input.device)
    return out, mean, rstd, reserve, new_mean, new_var
)TS"},
      // ---------------------------------------------------------------- others
      // The forward-only variant computes what core _embedding_bag computes (EmbeddingBag.cpp).
      {"aten::_embedding_bag_forward_only", "_embedding_bag_forward_only", R"TS(
def _embedding_bag_forward_only(weight: Tensor, indices: Tensor, offsets: Tensor,
                                scale_grad_by_freq: bool = False, mode: int = 0,
                                sparse: bool = False, per_sample_weights: Optional[Tensor] = None,
                                include_last_offset: bool = False,
                                padding_idx: int = -1) -> Tuple[Tensor, Tensor, Tensor, Tensor]:
    return torch._embedding_bag(weight, indices, offsets, scale_grad_by_freq, mode, sparse,
                                per_sample_weights, include_last_offset, padding_idx)
)TS"},
      // Unsqueezes each input at its expand dims (ascending, as ATen's _trilinear in Linear.cpp),
      // multiplies the three and sums over sumdim.
      {"aten::_trilinear", "_trilinear", R"TS(
def _trilinear(i1: Tensor, i2: Tensor, i3: Tensor, expand1: List[int], expand2: List[int],
               expand3: List[int], sumdim: List[int], unroll_dim: int = 1) -> Tensor:
    total = i1.dim() + len(expand1)
    a = i1
    b = i2
    c = i3
    for i in range(total):
        if i in expand1:
            a = torch.unsqueeze(a, i)
        if i in expand2:
            b = torch.unsqueeze(b, i)
        if i in expand3:
            c = torch.unsqueeze(c, i)
    r = torch.mul(torch.mul(a, b), c)
    if len(sumdim) > 0:
        r = torch.sum(r, sumdim)
    return r
)TS"},
      // ---------------------------------------------------------------- upsampling
      // The size-and-scales overloads that F.interpolate's core .vec overloads call (make_fx and
      // torch.export graphs hold them): back to .vec, with the scales when they give the output
      // size (floor(in * scale), as upsample's compute_output_size), so that the source indices
      // are computed from the same scales (area_pixel_compute_scale, UpSample.h).
      {"aten::upsample_bilinear2d", "upsample_bilinear2d", R"TS(
def upsample_bilinear2d(self: Tensor, output_size: List[int], align_corners: bool,
                        scales_h: Optional[float] = None, scales_w: Optional[float] = None) -> Tensor:
    if scales_h is not None and scales_w is not None:
        if int(float(self.size(-2)) * scales_h) == output_size[0] and int(float(self.size(-1)) * scales_w) == output_size[1]:
            return torch.upsample_bilinear2d(self, None, align_corners, scale_factors=[scales_h, scales_w])
    assert scales_h is None and scales_w is None, "upsample_bilinear2d: scales that do not give output_size"
    return torch.upsample_bilinear2d(self, output_size, align_corners, scale_factors=None)
)TS"},
      {"aten::upsample_nearest2d", "upsample_nearest2d", R"TS(
def upsample_nearest2d(self: Tensor, output_size: List[int], scales_h: Optional[float] = None,
                       scales_w: Optional[float] = None) -> Tensor:
    if scales_h is not None and scales_w is not None:
        if int(float(self.size(-2)) * scales_h) == output_size[0] and int(float(self.size(-1)) * scales_w) == output_size[1]:
            return torch.upsample_nearest2d(self, None, scale_factors=[scales_h, scales_w])
    assert scales_h is None and scales_w is None, "upsample_nearest2d: scales that do not give output_size"
    return torch.upsample_nearest2d(self, output_size, scale_factors=None)
)TS"},
      // input index min(floor(i * s), in - 1) with s = 1/scales or in/out in float32 (out == in:
      // i; out == 2 in: i / 2), as ATen's nearest_idx (UpSample.h); cf.
      // torch/_decomp/decompositions.py _compute_upsample_nearest_indices.
      {"aten::upsample_nearest1d", "upsample_nearest1d", R"TS(
def upsample_nearest1d(self: Tensor, output_size: List[int], scales: Optional[float] = None) -> Tensor:
    in_size = self.size(-1)
    out_size = output_size[0]
    if out_size == in_size:
        return torch.clone(self)
    i = torch.arange(0, out_size, 1, dtype=4, device=self.device)
    if out_size == 2 * in_size:
        idx = torch.div(i, 2, rounding_mode="floor")
    else:
        if scales is not None and scales > 0.0:
            ratio = 1.0 / scales
        else:
            ratio = float(in_size) / float(out_size)
        fi = torch.arange(0, out_size, 1, dtype=6, device=self.device)
        idx = torch._to_copy(torch.floor(torch.mul(fi, ratio)), dtype=4)
        idx = torch.clamp(idx, None, in_size - 1)
    return torch.index_select(self, self.dim() - 1, idx)
)TS"},
      // input index min(floor((i + 0.5) * s), in - 1) in float32, as ATen's nearest_exact_idx
      // (UpSample.h); cf. torch/_decomp/decompositions.py _compute_upsample_nearest_indices.
      {"aten::_upsample_nearest_exact1d", "_upsample_nearest_exact1d", R"TS(
def _upsample_nearest_exact1d(self: Tensor, output_size: List[int],
                              scales: Optional[float] = None) -> Tensor:
    in_size = self.size(-1)
    out_size = output_size[0]
    if scales is not None and scales > 0.0:
        ratio = 1.0 / scales
    else:
        ratio = float(in_size) / float(out_size)
    fi = torch.arange(0, out_size, 1, dtype=6, device=self.device)
    idx = torch._to_copy(torch.floor(torch.mul(torch.add(fi, 0.5), ratio)), dtype=4)
    idx = torch.clamp(idx, None, in_size - 1)
    return torch.index_select(self, self.dim() - 1, idx)
)TS"},
      // Linear interpolation along each spatial dim (innermost first, the nesting of ATen's CPU
      // kernel), source index and lambda as ATen's compute_source_index_and_lambda and
      // area_pixel_compute_scale (UpSample.h); cf. torch/_decomp/decompositions.py
      // _upsample_linear.
      {"aten::upsample_linear1d", "upsample_linear1d", R"TS(
def _lin_dim(x: Tensor, dim: int, out_size: int, align_corners: bool, scale: Optional[float],
             cdt: int) -> Tensor:
    in_size = x.size(dim)
    if in_size == out_size:
        return torch.clone(x)
    if align_corners:
        ratio = 0.0
        if out_size > 1:
            ratio = float(in_size - 1) / float(out_size - 1)
    elif scale is not None and scale > 0.0:
        ratio = 1.0 / scale
    else:
        ratio = float(in_size) / float(out_size)
    i = torch.arange(0, out_size, 1, dtype=cdt, device=x.device)
    if align_corners:
        real = torch.mul(i, ratio)
    else:
        real = torch.clamp(torch.sub(torch.mul(torch.add(i, 0.5), ratio), 0.5), 0.0)
    i0 = torch.clamp(torch._to_copy(torch.floor(real), dtype=4), None, in_size - 1)
    lam = torch.clamp(torch.sub(real, i0), 0.0, 1.0)
    i1 = torch.clamp(torch.add(i0, 1), None, in_size - 1)
    shape: List[int] = [out_size]
    for k in range(x.dim() - 1 - dim):
        shape.append(1)
    lam1 = torch.view(lam, shape)
    lam0 = torch.rsub(lam1, 1.0)
    return torch.add(torch.mul(torch.index_select(x, dim, i0), lam0),
                     torch.mul(torch.index_select(x, dim, i1), lam1))

def upsample_linear1d(self: Tensor, output_size: List[int], align_corners: bool,
                      scales: Optional[float] = None) -> Tensor:
    cdt = 6
    if self.dtype == 7:
        cdt = 7
    return _lin_dim(self, self.dim() - 1, output_size[0], align_corners, scales, cdt)
)TS"},
      // As upsample_linear1d over (d, h, w).
      {"aten::upsample_trilinear3d", "upsample_trilinear3d", R"TS(
def _lin_dim(x: Tensor, dim: int, out_size: int, align_corners: bool, scale: Optional[float],
             cdt: int) -> Tensor:
    in_size = x.size(dim)
    if in_size == out_size:
        return torch.clone(x)
    if align_corners:
        ratio = 0.0
        if out_size > 1:
            ratio = float(in_size - 1) / float(out_size - 1)
    elif scale is not None and scale > 0.0:
        ratio = 1.0 / scale
    else:
        ratio = float(in_size) / float(out_size)
    i = torch.arange(0, out_size, 1, dtype=cdt, device=x.device)
    if align_corners:
        real = torch.mul(i, ratio)
    else:
        real = torch.clamp(torch.sub(torch.mul(torch.add(i, 0.5), ratio), 0.5), 0.0)
    i0 = torch.clamp(torch._to_copy(torch.floor(real), dtype=4), None, in_size - 1)
    lam = torch.clamp(torch.sub(real, i0), 0.0, 1.0)
    i1 = torch.clamp(torch.add(i0, 1), None, in_size - 1)
    shape: List[int] = [out_size]
    for k in range(x.dim() - 1 - dim):
        shape.append(1)
    lam1 = torch.view(lam, shape)
    lam0 = torch.rsub(lam1, 1.0)
    return torch.add(torch.mul(torch.index_select(x, dim, i0), lam0),
                     torch.mul(torch.index_select(x, dim, i1), lam1))

def upsample_trilinear3d(self: Tensor, output_size: List[int], align_corners: bool,
                         scales_d: Optional[float] = None, scales_h: Optional[float] = None,
                         scales_w: Optional[float] = None) -> Tensor:
    cdt = 6
    if self.dtype == 7:
        cdt = 7
    n = self.dim()
    y = _lin_dim(self, n - 1, output_size[2], align_corners, scales_w, cdt)
    y = _lin_dim(y, n - 2, output_size[1], align_corners, scales_h, cdt)
    y = _lin_dim(y, n - 3, output_size[0], align_corners, scales_d, cdt)
    return y
)TS"},
      // Keys' cubic convolution with A = -0.75 over 4 clamped taps along w, then h, as ATen's
      // upsample_bicubic2d CPU kernel (UpSample.h get_cubic_upsample_coefficients,
      // guard_index_and_lambda); cf. torch/_decomp/decompositions.py upsample_bicubic2d_default.
      {"aten::upsample_bicubic2d", "upsample_bicubic2d", R"TS(
def _cubic_dim(x: Tensor, dim: int, out_size: int, align_corners: bool, scale: Optional[float],
               cdt: int) -> Tensor:
    in_size = x.size(dim)
    if align_corners:
        ratio = 0.0
        if out_size > 1:
            ratio = float(in_size - 1) / float(out_size - 1)
    elif scale is not None and scale > 0.0:
        ratio = 1.0 / scale
    else:
        ratio = float(in_size) / float(out_size)
    i = torch.arange(0, out_size, 1, dtype=cdt, device=x.device)
    if align_corners:
        real = torch.mul(i, ratio)
    else:
        real = torch.sub(torch.mul(torch.add(i, 0.5), ratio), 0.5)
    i0 = torch.clamp(torch._to_copy(torch.floor(real), dtype=4), None, in_size - 1)
    t = torch.clamp(torch.sub(real, i0), 0.0, 1.0)
    A = -0.75
    # cubic_convolution2(t + 1), cubic_convolution1(t), cubic_convolution1(1 - t),
    # cubic_convolution2(2 - t) (UpSample.h get_cubic_upsample_coefficients).
    x0 = torch.add(t, 1.0)
    c0 = torch.sub(torch.mul(torch.add(torch.mul(torch.sub(torch.mul(x0, A), 5.0 * A), x0), 8.0 * A), x0), 4.0 * A)
    c1 = torch.add(torch.mul(torch.mul(torch.sub(torch.mul(t, A + 2.0), A + 3.0), t), t), 1.0)
    x2 = torch.rsub(t, 1.0)
    c2 = torch.add(torch.mul(torch.mul(torch.sub(torch.mul(x2, A + 2.0), A + 3.0), x2), x2), 1.0)
    x3 = torch.add(x2, 1.0)
    c3 = torch.sub(torch.mul(torch.add(torch.mul(torch.sub(torch.mul(x3, A), 5.0 * A), x3), 8.0 * A), x3), 4.0 * A)
    coeffs = [c0, c1, c2, c3]
    shape: List[int] = [out_size]
    for k in range(x.dim() - 1 - dim):
        shape.append(1)
    acc = torch.zeros([1], dtype=x.dtype, device=x.device)
    for j in range(4):
        idx = torch.clamp(torch.add(i0, j - 1), 0, in_size - 1)
        term = torch.mul(torch.index_select(x, dim, idx), torch.view(coeffs[j], shape))
        if j == 0:
            acc = term
        else:
            acc = torch.add(acc, term)
    return acc

def upsample_bicubic2d(self: Tensor, output_size: List[int], align_corners: bool,
                       scales_h: Optional[float] = None,
                       scales_w: Optional[float] = None) -> Tensor:
    cdt = 6
    if self.dtype == 7:
        cdt = 7
    n = self.dim()
    y = _cubic_dim(self, n - 1, output_size[1], align_corners, scales_w, cdt)
    return _cubic_dim(y, n - 2, output_size[0], align_corners, scales_h, cdt)
)TS"},
      // ---------------------------------------------------------------- pooling
      // Gathers every window (padded by repeating its last element) and takes max.dim over it;
      // index = flat position in the input plane, the first maximum as in ATen's CPU kernel
      // (AdaptiveMaxPoolKernel.cpp, windows from AdaptivePooling.h).
      {"aten::adaptive_max_pool2d", "adaptive_max_pool2d", R"TS(
def _adaptive_windows(in_size: int, out_size: int, device: Device) -> Tuple[Tensor, int]:
    # Window o covers [floor(o * in / out), ceil((o + 1) * in / out)) (AdaptivePooling.h
    # start_index / end_index); positions past a short window's end repeat its last element,
    # which changes neither the maximum nor its first index.
    k = 1
    for o in range(out_size):
        start = (o * in_size) // out_size
        end = ((o + 1) * in_size + out_size - 1) // out_size
        if end - start > k:
            k = end - start
    o = torch.unsqueeze(torch.arange(0, out_size, 1, dtype=4, device=device), 1)
    start_t = torch.div(torch.mul(o, in_size), out_size, rounding_mode="floor")
    end_t = torch.div(torch.add(torch.mul(torch.add(o, 1), in_size), out_size - 1), out_size,
                      rounding_mode="floor")
    kk = torch.unsqueeze(torch.arange(0, k, 1, dtype=4, device=device), 0)
    idx = torch.minimum(torch.add(start_t, kk), torch.sub(end_t, 1))
    return idx, k

def adaptive_max_pool2d(self: Tensor, output_size: List[int]) -> Tuple[Tensor, Tensor]:
    n = self.dim()
    ih = self.size(n - 2)
    iw = self.size(n - 1)
    oh = output_size[0]
    ow = output_size[1]
    rh, kh = _adaptive_windows(ih, oh, self.device)
    rw, kw = _adaptive_windows(iw, ow, self.device)
    a = torch.view(rh, [oh, kh, 1, 1])
    b = torch.view(rw, [1, 1, ow, kw])
    idx: List[Optional[Tensor]] = []
    lead: List[int] = []
    perm: List[int] = []
    for i in range(n - 2):
        idx.append(None)
        lead.append(self.size(i))
        perm.append(i)
    idx.append(a)
    idx.append(b)
    m = n - 2
    perm.append(m)
    perm.append(m + 2)
    perm.append(m + 1)
    perm.append(m + 3)
    shape = lead
    shape.append(oh)
    shape.append(ow)
    shape.append(kh * kw)
    win = torch.reshape(torch.permute(torch.index(self, idx), perm), shape)
    flat = torch.reshape(torch.permute(torch.add(torch.mul(a, iw), b), [0, 2, 1, 3]), [oh, ow, kh * kw])
    vals, arg = torch.max(win, -1, False)
    ind = torch.squeeze(torch.gather(torch.expand(flat, shape), -1, torch.unsqueeze(arg, -1)), -1)
    return vals, ind
)TS"},
      // As adaptive_max_pool2d over (d, h, w).
      {"aten::adaptive_max_pool3d", "adaptive_max_pool3d", R"TS(
def _adaptive_windows(in_size: int, out_size: int, device: Device) -> Tuple[Tensor, int]:
    # Window o covers [floor(o * in / out), ceil((o + 1) * in / out)) (AdaptivePooling.h
    # start_index / end_index); positions past a short window's end repeat its last element,
    # which changes neither the maximum nor its first index.
    k = 1
    for o in range(out_size):
        start = (o * in_size) // out_size
        end = ((o + 1) * in_size + out_size - 1) // out_size
        if end - start > k:
            k = end - start
    o = torch.unsqueeze(torch.arange(0, out_size, 1, dtype=4, device=device), 1)
    start_t = torch.div(torch.mul(o, in_size), out_size, rounding_mode="floor")
    end_t = torch.div(torch.add(torch.mul(torch.add(o, 1), in_size), out_size - 1), out_size,
                      rounding_mode="floor")
    kk = torch.unsqueeze(torch.arange(0, k, 1, dtype=4, device=device), 0)
    idx = torch.minimum(torch.add(start_t, kk), torch.sub(end_t, 1))
    return idx, k

def adaptive_max_pool3d(self: Tensor, output_size: List[int]) -> Tuple[Tensor, Tensor]:
    n = self.dim()
    id = self.size(n - 3)
    ih = self.size(n - 2)
    iw = self.size(n - 1)
    od = output_size[0]
    oh = output_size[1]
    ow = output_size[2]
    rd, kd = _adaptive_windows(id, od, self.device)
    rh, kh = _adaptive_windows(ih, oh, self.device)
    rw, kw = _adaptive_windows(iw, ow, self.device)
    a = torch.view(rd, [od, kd, 1, 1, 1, 1])
    b = torch.view(rh, [1, 1, oh, kh, 1, 1])
    c = torch.view(rw, [1, 1, 1, 1, ow, kw])
    idx: List[Optional[Tensor]] = []
    lead: List[int] = []
    perm: List[int] = []
    for i in range(n - 3):
        idx.append(None)
        lead.append(self.size(i))
        perm.append(i)
    idx.append(a)
    idx.append(b)
    idx.append(c)
    m = n - 3
    perm.append(m)
    perm.append(m + 2)
    perm.append(m + 4)
    perm.append(m + 1)
    perm.append(m + 3)
    perm.append(m + 5)
    k = kd * kh * kw
    shape = lead
    shape.append(od)
    shape.append(oh)
    shape.append(ow)
    shape.append(k)
    win = torch.reshape(torch.permute(torch.index(self, idx), perm), shape)
    f = torch.add(torch.add(torch.mul(a, ih * iw), torch.mul(b, iw)), c)
    flat = torch.reshape(torch.permute(f, [0, 2, 4, 1, 3, 5]), [od, oh, ow, k])
    vals, arg = torch.max(win, -1, False)
    ind = torch.squeeze(torch.gather(torch.expand(flat, shape), -1, torch.unsqueeze(arg, -1)), -1)
    return vals, ind
)TS"},
      // Windows of kernel_size at the starts of ATen's generate_intervals (samples[..., 0] for w,
      // [..., 1] for h, as FractionalMaxPool2d.cpp), gathered and reduced with max.dim (first
      // maximum in h-major order, as the CPU kernel's strict >); index = h * W + w.
      {"aten::fractional_max_pool2d", "fractional_max_pool2d", R"TS(
def _fractional_starts(sample: Tensor, in_size: int, out_size: int, pool: int) -> Tensor:
    # ATen's generate_intervals (FractionalMaxPooling.h): start i = int((i + u) * alpha) -
    # int(u * alpha), alpha = (in - pool) / (out - 1), the last start in - pool; in u's dtype.
    last = torch.full([sample.size(0), sample.size(1), 1], in_size - pool, dtype=4,
                      device=sample.device)
    if out_size <= 1:
        return last
    alpha = float(in_size - pool) / float(out_size - 1)
    u = torch.unsqueeze(sample, -1)
    i = torch.arange(0, out_size - 1, 1, dtype=sample.dtype, device=sample.device)
    a = torch._to_copy(torch.mul(torch.add(i, u), alpha), dtype=4)
    b = torch._to_copy(torch.mul(u, alpha), dtype=4)
    return torch.cat([torch.sub(a, b), last], -1)

def fractional_max_pool2d(self: Tensor, kernel_size: List[int], output_size: List[int],
                          random_samples: Tensor) -> Tuple[Tensor, Tensor]:
    x = self
    if self.dim() == 3:
        x = torch.unsqueeze(self, 0)
    n = x.size(0)
    c = x.size(1)
    ih = x.size(2)
    iw = x.size(3)
    oh = output_size[0]
    ow = output_size[1]
    kh = kernel_size[0]
    kw = kernel_size[1]
    sw = _fractional_starts(torch.select(random_samples, -1, 0), iw, ow, kw)
    sh = _fractional_starts(torch.select(random_samples, -1, 1), ih, oh, kh)
    dh = torch.view(torch.arange(0, kh, 1, dtype=4, device=x.device), [1, 1, 1, 1, kh, 1])
    dw = torch.view(torch.arange(0, kw, 1, dtype=4, device=x.device), [1, 1, 1, 1, 1, kw])
    rows = torch.add(torch.view(sh, [n, c, oh, 1, 1, 1]), dh)
    cols = torch.add(torch.view(sw, [n, c, 1, ow, 1, 1]), dw)
    ind = torch.reshape(torch.add(torch.mul(rows, iw), cols), [n, c, oh * ow * kh * kw])
    win = torch.gather(torch.reshape(x, [n, c, ih * iw]), 2, ind)
    vals, arg = torch.max(torch.view(win, [n, c, oh, ow, kh * kw]), -1, False)
    idx = torch.squeeze(torch.gather(torch.view(ind, [n, c, oh, ow, kh * kw]), -1,
                                     torch.unsqueeze(arg, -1)), -1)
    if self.dim() == 3:
        vals = torch.squeeze(vals, 0)
        idx = torch.squeeze(idx, 0)
    return vals, idx
)TS"},
      // As fractional_max_pool2d over (t, h, w) with samples[..., 0] for t, 1 for h, 2 for w
      // (FractionalMaxPool3d.cpp); index = (t * H + h) * W + w.
      {"aten::fractional_max_pool3d", "fractional_max_pool3d", R"TS(
def _fractional_starts(sample: Tensor, in_size: int, out_size: int, pool: int) -> Tensor:
    # ATen's generate_intervals (FractionalMaxPooling.h): start i = int((i + u) * alpha) -
    # int(u * alpha), alpha = (in - pool) / (out - 1), the last start in - pool; in u's dtype.
    last = torch.full([sample.size(0), sample.size(1), 1], in_size - pool, dtype=4,
                      device=sample.device)
    if out_size <= 1:
        return last
    alpha = float(in_size - pool) / float(out_size - 1)
    u = torch.unsqueeze(sample, -1)
    i = torch.arange(0, out_size - 1, 1, dtype=sample.dtype, device=sample.device)
    a = torch._to_copy(torch.mul(torch.add(i, u), alpha), dtype=4)
    b = torch._to_copy(torch.mul(u, alpha), dtype=4)
    return torch.cat([torch.sub(a, b), last], -1)

def fractional_max_pool3d(self: Tensor, kernel_size: List[int], output_size: List[int],
                          random_samples: Tensor) -> Tuple[Tensor, Tensor]:
    x = self
    if self.dim() == 4:
        x = torch.unsqueeze(self, 0)
    n = x.size(0)
    c = x.size(1)
    it = x.size(2)
    ih = x.size(3)
    iw = x.size(4)
    ot = output_size[0]
    oh = output_size[1]
    ow = output_size[2]
    kt = kernel_size[0]
    kh = kernel_size[1]
    kw = kernel_size[2]
    st = _fractional_starts(torch.select(random_samples, -1, 0), it, ot, kt)
    sh = _fractional_starts(torch.select(random_samples, -1, 1), ih, oh, kh)
    sw = _fractional_starts(torch.select(random_samples, -1, 2), iw, ow, kw)
    dt = torch.view(torch.arange(0, kt, 1, dtype=4, device=x.device), [1, 1, 1, 1, 1, kt, 1, 1])
    dh = torch.view(torch.arange(0, kh, 1, dtype=4, device=x.device), [1, 1, 1, 1, 1, 1, kh, 1])
    dw = torch.view(torch.arange(0, kw, 1, dtype=4, device=x.device), [1, 1, 1, 1, 1, 1, 1, kw])
    ts = torch.add(torch.view(st, [n, c, ot, 1, 1, 1, 1, 1]), dt)
    rows = torch.add(torch.view(sh, [n, c, 1, oh, 1, 1, 1, 1]), dh)
    cols = torch.add(torch.view(sw, [n, c, 1, 1, ow, 1, 1, 1]), dw)
    k = kt * kh * kw
    ind = torch.add(torch.mul(torch.add(torch.mul(ts, ih), rows), iw), cols)
    ind = torch.reshape(ind, [n, c, ot * oh * ow * k])
    win = torch.gather(torch.reshape(x, [n, c, it * ih * iw]), 2, ind)
    vals, arg = torch.max(torch.view(win, [n, c, ot, oh, ow, k]), -1, False)
    idx = torch.squeeze(torch.gather(torch.view(ind, [n, c, ot, oh, ow, k]), -1,
                                     torch.unsqueeze(arg, -1)), -1)
    if self.dim() == 4:
        vals = torch.squeeze(vals, 0)
        idx = torch.squeeze(idx, 0)
    return vals, idx
)TS"},
      // upsample_nearest1d / _upsample_nearest_exact1d per spatial dim (ATen's nearest_idx and
      // nearest_exact_idx, UpSample.h).
      {"aten::upsample_nearest3d", "upsample_nearest3d", R"TS(
def _nearest_dim(x: Tensor, dim: int, out_size: int, scale: Optional[float], exact: bool) -> Tensor:
    in_size = x.size(dim)
    if not exact and out_size == in_size:
        return torch.clone(x)
    i = torch.arange(0, out_size, 1, dtype=4, device=x.device)
    if not exact and out_size == 2 * in_size:
        return torch.index_select(x, dim, torch.div(i, 2, rounding_mode="floor"))
    if scale is not None and scale > 0.0:
        ratio = 1.0 / scale
    else:
        ratio = float(in_size) / float(out_size)
    fi = torch.arange(0, out_size, 1, dtype=6, device=x.device)
    if exact:
        fi = torch.add(fi, 0.5)
    idx = torch.clamp(torch._to_copy(torch.floor(torch.mul(fi, ratio)), dtype=4), None, in_size - 1)
    return torch.index_select(x, dim, idx)

def upsample_nearest3d(self: Tensor, output_size: List[int], scales_d: Optional[float] = None,
                       scales_h: Optional[float] = None,
                       scales_w: Optional[float] = None) -> Tensor:
    n = self.dim()
    y = _nearest_dim(self, n - 1, output_size[2], scales_w, False)
    y = _nearest_dim(y, n - 2, output_size[1], scales_h, False)
    return _nearest_dim(y, n - 3, output_size[0], scales_d, False)
)TS"},
      {"aten::_upsample_nearest_exact2d", "_upsample_nearest_exact2d", R"TS(
def _nearest_dim(x: Tensor, dim: int, out_size: int, scale: Optional[float], exact: bool) -> Tensor:
    in_size = x.size(dim)
    if not exact and out_size == in_size:
        return torch.clone(x)
    i = torch.arange(0, out_size, 1, dtype=4, device=x.device)
    if not exact and out_size == 2 * in_size:
        return torch.index_select(x, dim, torch.div(i, 2, rounding_mode="floor"))
    if scale is not None and scale > 0.0:
        ratio = 1.0 / scale
    else:
        ratio = float(in_size) / float(out_size)
    fi = torch.arange(0, out_size, 1, dtype=6, device=x.device)
    if exact:
        fi = torch.add(fi, 0.5)
    idx = torch.clamp(torch._to_copy(torch.floor(torch.mul(fi, ratio)), dtype=4), None, in_size - 1)
    return torch.index_select(x, dim, idx)

def _upsample_nearest_exact2d(self: Tensor, output_size: List[int],
                              scales_h: Optional[float] = None,
                              scales_w: Optional[float] = None) -> Tensor:
    n = self.dim()
    y = _nearest_dim(self, n - 1, output_size[1], scales_w, True)
    return _nearest_dim(y, n - 2, output_size[0], scales_h, True)
)TS"},
      {"aten::_upsample_nearest_exact3d", "_upsample_nearest_exact3d", R"TS(
def _nearest_dim(x: Tensor, dim: int, out_size: int, scale: Optional[float], exact: bool) -> Tensor:
    in_size = x.size(dim)
    if not exact and out_size == in_size:
        return torch.clone(x)
    i = torch.arange(0, out_size, 1, dtype=4, device=x.device)
    if not exact and out_size == 2 * in_size:
        return torch.index_select(x, dim, torch.div(i, 2, rounding_mode="floor"))
    if scale is not None and scale > 0.0:
        ratio = 1.0 / scale
    else:
        ratio = float(in_size) / float(out_size)
    fi = torch.arange(0, out_size, 1, dtype=6, device=x.device)
    if exact:
        fi = torch.add(fi, 0.5)
    idx = torch.clamp(torch._to_copy(torch.floor(torch.mul(fi, ratio)), dtype=4), None, in_size - 1)
    return torch.index_select(x, dim, idx)

def _upsample_nearest_exact3d(self: Tensor, output_size: List[int],
                              scales_d: Optional[float] = None, scales_h: Optional[float] = None,
                              scales_w: Optional[float] = None) -> Tensor:
    n = self.dim()
    y = _nearest_dim(self, n - 1, output_size[2], scales_w, True)
    y = _nearest_dim(y, n - 2, output_size[1], scales_h, True)
    return _nearest_dim(y, n - 3, output_size[0], scales_d, True)
)TS"},
      // Antialiased (triangle filter widened by the downscale factor) separable resampling, w then
      // h, as ATen's CPU kernel (UpSampleKernel.cpp _compute_indices_min_size_weights_aa with
      // interp_size 2: center = scale (i + 0.5), support = scale >= 1 ? scale : 1, weights
      // normalised to sum 1; the PIL algorithm). Window geometry in float64.
      {"aten::_upsample_bilinear2d_aa", "_upsample_bilinear2d_aa", R"TS(
def _aa_dim(x: Tensor, dim: int, out_size: int, align_corners: bool, scale: Optional[float]) -> Tensor:
    # The window geometry in the kernel's scalar type (float for float32), promoting to double
    # exactly where the C++ does, so the weights match to the last bit.
    in_size = x.size(dim)
    if in_size == out_size:
        return torch.clone(x)
    cdt = 6
    if x.dtype == 7:
        cdt = 7
    if align_corners:
        ratio = 0.0
        if out_size > 1:
            ratio = float(in_size - 1) / float(out_size - 1)
    elif scale is not None and scale > 0.0:
        ratio = 1.0 / scale
    else:
        ratio = float(in_size) / float(out_size)
    sc = torch._to_copy(torch.full([1], ratio, dtype=cdt, device=x.device), dtype=7)
    support = torch.full([1], 1.0, dtype=7, device=x.device)
    invscale = torch.full([1], 1.0, dtype=7, device=x.device)
    c = 1
    if ratio >= 1.0:
        support = sc
        invscale = torch._to_copy(torch._to_copy(torch.reciprocal(sc), dtype=cdt), dtype=7)
        c = int(ratio)
        if float(c) < ratio:
            c = c + 1
    k = c * 2 + 1
    i = torch.unsqueeze(torch.arange(0, out_size, 1, dtype=7, device=x.device), 1)
    center = torch._to_copy(torch.mul(torch.add(i, 0.5), sc), dtype=cdt)
    lo = torch._to_copy(torch.sub(center, torch._to_copy(support, dtype=cdt)), dtype=7)
    hi = torch._to_copy(torch.add(center, torch._to_copy(support, dtype=cdt)), dtype=7)
    xmin = torch.clamp(torch._to_copy(torch.add(lo, 0.5), dtype=4), 0)
    xmax = torch.clamp(torch._to_copy(torch.add(hi, 0.5), dtype=4), None, in_size)
    xsize = torch.clamp(torch.sub(xmax, xmin), 0, k)
    j = torch.unsqueeze(torch.arange(0, k, 1, dtype=4, device=x.device), 0)
    d = torch.sub(torch._to_copy(torch.add(j, xmin), dtype=cdt), center)
    arg = torch._to_copy(torch.mul(torch.add(torch._to_copy(d, dtype=7), 0.5), invscale), dtype=cdt)
    w = torch.clamp(torch.rsub(torch.abs(arg), 1.0), 0.0)
    w = torch.where(torch.lt(j, xsize), w, torch.zeros_like(w))
    total = torch.sum(w, [1], True)
    w = torch.where(torch.ne(total, 0.0), torch.div(w, total), w)
    idx = torch.clamp(torch.add(j, xmin), None, in_size - 1)
    g = torch.index_select(x, dim, torch.reshape(idx, [-1]))
    shape: List[int] = []
    wshape: List[int] = []
    for dd in range(x.dim()):
        if dd == dim:
            shape.append(out_size)
            shape.append(k)
            wshape.append(out_size)
            wshape.append(k)
        else:
            shape.append(x.size(dd))
            if dd > dim:
                wshape.append(1)
    wt = torch.view(torch._to_copy(w, dtype=x.dtype), wshape)
    return torch.sum(torch.mul(torch.view(g, shape), wt), [dim + 1])

def _upsample_bilinear2d_aa(self: Tensor, output_size: List[int], align_corners: bool,
                            scales_h: Optional[float] = None,
                            scales_w: Optional[float] = None) -> Tensor:
    n = self.dim()
    y = _aa_dim(self, n - 1, output_size[1], align_corners, scales_w)
    return _aa_dim(y, n - 2, output_size[0], align_corners, scales_h)
)TS"},
      // CTC forward (alpha) recursion of Graves et al. 2006 in log space, vectorised over the
      // batch and the extended target (blank, l1, blank, l2, ..., blank), as ATen's
      // ctc_loss_cpu_template (LossCTC.cpp): alpha_t(s) = logsumexp(alpha_{t-1}(s),
      // alpha_{t-1}(s-1), alpha_{t-1}(s-2) if l'(s) != l'(s-2)) + log y_t(l'(s)); -inf where
      // t >= input_length; nll = -logsumexp(alpha_{T-1}(2L), alpha_{T-1}(2L-1)).
      // ctc_loss with list lengths: _ctc_loss, infinite losses zeroed when zero_infinity, then
      // the reduction of aten/src/ATen/native/LossCTC.cpp ctc_loss_impl: mean divides each loss
      // by its target length (at least 1) before averaging. Its CIA trace lost that division
      // (the lengths become a tensor outside the dispatcher).
      {"aten::ctc_loss.IntList", "ctc_loss", R"TS(
def ctc_loss(log_probs: Tensor, targets: Tensor, input_lengths: List[int],
             target_lengths: List[int], blank: int = 0, reduction: int = 1,
             zero_infinity: bool = False) -> Tensor:
    res, alpha = torch._ctc_loss(log_probs, targets, input_lengths, target_lengths, blank,
                                 zero_infinity)
    if zero_infinity:
        res = torch.where(torch.eq(res, float("inf")), torch.zeros_like(res), res)
    if reduction == 1:
        parts: List[Tensor] = []
        for n in target_lengths:
            parts.append(torch.full([1], float(max(n, 1)), dtype=res.dtype, device=res.device))
        lengths = torch.cat(parts, 0)
        if log_probs.dim() == 2:
            lengths = torch.squeeze(lengths, 0)
        return torch.mean(torch.div(res, lengths))
    if reduction == 2:
        return torch.sum(res)
    return res
)TS"},
      {"aten::_ctc_loss", "_ctc_loss", R"TS(
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
    tg = torch.clamp(torch._to_copy(tg, dtype=4), 0, C - 1)
    blanks = torch.full([N, max_tl], blank, dtype=4, device=dev)
    tp = torch.reshape(torch.stack([blanks, tg], 2), [N, 2 * max_tl])
    tp = torch.cat([tp, torch.full([N, 1], blank, dtype=4, device=dev)], 1)
    il_parts: List[Tensor] = []
    tl_parts: List[Tensor] = []
    for b in range(N):
        il_parts.append(torch.full([1], input_lengths[b], dtype=4, device=dev))
        tl_parts.append(torch.full([1], target_lengths[b], dtype=4, device=dev))
    il = torch.unsqueeze(torch.cat(il_parts, 0), 1)
    tlt = torch.unsqueeze(torch.cat(tl_parts, 0), 1)
    s = torch.unsqueeze(torch.arange(0, S, 1, dtype=4, device=dev), 0)
    E = torch.gather(lp, 2, torch.expand(torch.unsqueeze(tp, 0), [T, N, S]))
    neginf = torch.full([1], float("-inf"), dtype=lp.dtype, device=dev)
    ninf_col = torch.full([N, 1], float("-inf"), dtype=lp.dtype, device=dev)
    ninf_col2 = torch.full([N, 2], float("-inf"), dtype=lp.dtype, device=dev)
    prev2 = torch.cat([torch.full([N, 2], -1, dtype=4, device=dev), torch.slice(tp, 1, 0, S - 2)], 1)
    allow3 = torch.logical_and(torch.ge(s, 2), torch.ne(tp, prev2))
    m0 = torch.logical_or(torch.eq(s, 0), torch.logical_and(torch.eq(s, 1), torch.gt(tlt, 0)))
    alpha = torch.where(m0, torch.select(E, 0, 0), neginf)
    alphas: List[Tensor] = [alpha]
    for t in range(1, T):
        la1 = alpha
        la2 = torch.cat([ninf_col, torch.slice(alpha, 1, 0, S - 1)], 1)
        la3 = torch.where(allow3, torch.cat([ninf_col2, torch.slice(alpha, 1, 0, S - 2)], 1), neginf)
        m = torch.maximum(torch.maximum(la1, la2), la3)
        m = torch.where(torch.eq(m, float("-inf")), torch.zeros_like(m), m)
        lse = torch.log(torch.add(torch.add(torch.exp(torch.sub(la1, m)), torch.exp(torch.sub(la2, m))),
                                  torch.exp(torch.sub(la3, m))))
        alpha = torch.add(torch.add(lse, m), torch.select(E, 0, t))
        alphas.append(alpha)
    LA = torch.stack(alphas, 1)
    tt = torch.view(torch.arange(0, T, 1, dtype=4, device=dev), [1, T, 1])
    LA = torch.where(torch.ge(tt, torch.unsqueeze(il, 2)), neginf, LA)
    last = torch.squeeze(torch.gather(LA, 1, torch.expand(torch.unsqueeze(torch.sub(il, 1), 2), [N, 1, S])), 1)
    l1 = torch.gather(last, 1, torch.mul(tlt, 2))
    l2 = torch.gather(last, 1, torch.clamp(torch.sub(torch.mul(tlt, 2), 1), 0))
    l2 = torch.where(torch.gt(tlt, 0), l2, neginf)
    m = torch.maximum(l1, l2)
    m = torch.where(torch.eq(m, float("-inf")), torch.zeros_like(m), m)
    ll = torch.add(torch.log(torch.add(torch.exp(torch.sub(l1, m)), torch.exp(torch.sub(l2, m)))), m)
    nll = torch.neg(torch.squeeze(ll, 1))
    if zero_infinity:
        nll = torch.where(torch.eq(nll, float("inf")), torch.zeros_like(nll), nll)
    if not batched:
        nll = torch.squeeze(nll, 0)
        LA = torch.squeeze(LA, 0)
    return nll, LA
)TS"},
  };
}

}  // namespace graph_lower
