"""Decompositions of neural-network layers whose CompositeImplicitAutograd kernels end in non-core
or untraceable ops: _convolution (what conv2d's kernel calls) and batch_norm (its kernel returns
an int the tracer cannot record). Follow torch/_decomp/decompositions.py.
"""


# _convolution's extra flags (benchmark, deterministic, cudnn_enabled, allow_tf32) only pick backend
# algorithms; the values are those of aten::convolution.
def convolution(input: Tensor, weight: Tensor, bias: Optional[Tensor], stride: List[int],
                padding: List[int], dilation: List[int], transposed: bool,
                output_padding: List[int], groups: int, benchmark: bool, deterministic: bool,
                cudnn_enabled: bool, allow_tf32: bool) -> Tensor:
    return torch.convolution(input, weight, bias, stride, padding, dilation, transposed,
                             output_padding, groups)


# conv1d/conv2d/conv3d with int padding: what their CompositeImplicitAutograd kernels compute
# (aten/src/ATen/native/Convolution.cpp: an unbatched input gets a batch dim of one), written here
# so that lowering a network does not trace one kernel per layer shape.
def conv1d(input: Tensor, weight: Tensor, bias: Optional[Tensor], stride: List[int],
           padding: List[int], dilation: List[int], groups: int) -> Tensor:
    if input.dim() == 2:
        return torch.squeeze(torch.convolution(torch.unsqueeze(input, 0), weight, bias, stride,
                                               padding, dilation, False, [0], groups), 0)
    return torch.convolution(input, weight, bias, stride, padding, dilation, False, [0], groups)


def conv2d(input: Tensor, weight: Tensor, bias: Optional[Tensor], stride: List[int],
           padding: List[int], dilation: List[int], groups: int) -> Tensor:
    if input.dim() == 3:
        return torch.squeeze(torch.convolution(torch.unsqueeze(input, 0), weight, bias, stride,
                                               padding, dilation, False, [0, 0], groups), 0)
    return torch.convolution(input, weight, bias, stride, padding, dilation, False, [0, 0],
                             groups)


def conv3d(input: Tensor, weight: Tensor, bias: Optional[Tensor], stride: List[int],
           padding: List[int], dilation: List[int], groups: int) -> Tensor:
    if input.dim() == 4:
        return torch.squeeze(torch.convolution(torch.unsqueeze(input, 0), weight, bias, stride,
                                               padding, dilation, False, [0, 0, 0], groups), 0)
    return torch.convolution(input, weight, bias, stride, padding, dilation, False, [0, 0, 0],
                             groups)


# Inference with running statistics -> _native_batch_norm_legit_no_training; training ->
# _native_batch_norm_legit, which updates the running statistics as batch_norm does.
def batch_norm(input: Tensor, weight: Optional[Tensor], bias: Optional[Tensor],
               running_mean: Optional[Tensor], running_var: Optional[Tensor], training: bool,
               momentum: float, eps: float, cudnn_enabled: bool) -> Tensor:
    if input.numel() == 0:
        # As at::batch_norm (Normalization.cpp): an empty input gives a copy, scaled by weight[0]
        # and shifted by bias[0] when they are given; no statistics are updated (the kernels
        # reject an empty input; found by the try-to-break-it pass).
        out = torch.clone(input)
        if weight is not None:
            out = out * torch.select(weight, 0, 0)
        if bias is not None:
            out = out + torch.select(bias, 0, 0)
        return out
    if running_mean is None or running_var is None:
        return torch._native_batch_norm_legit(input, weight, bias, training, momentum, eps)[0]
    if training:
        return torch._native_batch_norm_legit(input, weight, bias, running_mean, running_var,
                                              training, momentum, eps)[0]
    return torch._native_batch_norm_legit_no_training(input, weight, bias, running_mean,
                                                      running_var, momentum, eps)[0]


# Global pooling is a mean; other sizes are core's _adaptive_avg_pool2d. (The CIA kernel restrides a
# channels-last result in place with as_strided_; values are the same.)
def adaptive_avg_pool2d(self: Tensor, output_size: List[int]) -> Tensor:
    if output_size[0] == 1 and output_size[1] == 1:
        return torch.mean(self, [-1, -2], True)
    return torch._adaptive_avg_pool2d(self, output_size)


# Inference (train=False) is the identity, as dropout's kernel; training draws the mask with
# native_dropout, which is core ATen.
def dropout(input: Tensor, p: float, train: bool) -> Tensor:
    if not train or p == 0.0:
        return input
    return torch.native_dropout(input, p, train)[0]


# Negative log likelihood (torch/_decomp/decompositions.py, _nll_loss_forward): gather the target
# class along the channel dim (1, or 0 for unbatched input), weight it, zero the ignored targets;
# reduction 0 none, 1 mean (divided by the total weight), 2 sum. nll_loss2d_forward (N, C, H, W) is
# the same computation with the channel dim 1. max_pool1d as a 2-D pool over a unit height
# (torch/_decomp has no entry; the CIA kernel in aten/src/ATen/native/MaxPooling.cpp fills its
# result through the data pointer, so it cannot be traced). An empty stride means stride =
# kernel_size.
def max_pool1d(self: Tensor, kernel_size: List[int], stride: List[int], padding: List[int],
               dilation: List[int], ceil_mode: bool) -> Tensor:
    k = kernel_size[0]
    s = k
    if len(stride) > 0:
        s = stride[0]
    out, idx = torch.max_pool2d_with_indices(torch.unsqueeze(self, -2), [1, k], [1, s],
                                             [0, padding[0]], [1, dilation[0]], ceil_mode)
    return torch.squeeze(out, -2)


def nll_loss_forward(self: Tensor, target: Tensor, weight: Optional[Tensor], reduction: int,
                     ignore_index: int) -> Tuple[Tensor, Tensor]:
    channel_dim = 1
    if self.dim() < 2:
        channel_dim = 0
    x = self
    w = torch.full([1], 1.0, dtype=self.dtype, device=self.device)
    if weight is not None:
        shape: List[int] = []
        for i in range(self.dim()):
            if i == channel_dim:
                shape.append(weight.size(0))
            else:
                shape.append(1)
        w = torch.view(weight, shape)
        x = x * w
    valid = torch.ne(target, ignore_index)
    safe_target = torch.where(valid, target, torch.full_like(target, 0))
    picked = torch.squeeze(torch.gather(x, channel_dim, torch.unsqueeze(safe_target, channel_dim)),
                           channel_dim)
    result = torch.where(valid, torch.neg(picked), torch.full_like(picked, 0.0))
    if reduction == Reduction.NONE and self.dim() > 1:
        return result, torch.full([], 0.0, dtype=self.dtype, device=self.device)
    if weight is not None:
        wx = torch.expand(w, self.size())
        wsum = torch.squeeze(
            torch.gather(wx, channel_dim, torch.unsqueeze(safe_target, channel_dim)), channel_dim)
        total_weight = torch.sum(torch.where(valid, wsum, torch.full_like(wsum, 0.0)), [])
    else:
        total_weight = torch.sum(torch._to_copy(valid, dtype=self.dtype), [])
    if reduction == Reduction.SUM:
        result = torch.sum(result, [])
    elif reduction == Reduction.MEAN:
        result = torch.sum(result, []) / total_weight
    return result, total_weight


DECOMPOSITIONS = {
    "aten::_convolution": convolution,
    "aten::conv1d": conv1d,
    "aten::conv2d": conv2d,
    "aten::conv3d": conv3d,
    "aten::batch_norm": batch_norm,
    "aten::adaptive_avg_pool2d": adaptive_avg_pool2d,
    "aten::dropout": dropout,
    "aten::max_pool1d": max_pool1d,
    "aten::nll_loss_forward": nll_loss_forward,
    "aten::nll_loss2d_forward": nll_loss_forward,
}
