"""Batch normalization variants. Sources and conventions: common.py of this folder.
"""


# ---------------------------------------------------------------- normalisation The core
# _native_batch_norm_legit overloads (which update the running statistics in place in training, as
# native_batch_norm does), following torch/_decomp/decompositions.py native_batch_norm /
# _native_batch_norm_legit*.
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


# Training batch norm updating the running statistics (core _native_batch_norm_legit writes them in
# place) plus the empty reserve tensor of the CPU backend, following torch/_decomp/decompositions.py
# _batch_norm_with_update.
def _batch_norm_with_update(input: Tensor, weight: Optional[Tensor], bias: Optional[Tensor],
                            running_mean: Tensor, running_var: Tensor, momentum: float,
                            eps: float) -> Tuple[Tensor, Tensor, Tensor, Tensor]:
    out, mean, rstd = torch._native_batch_norm_legit(input, weight, bias, running_mean,
                                                     running_var, True, momentum, eps)
    reserve = torch.empty([0], dtype=torch.uint8, device=input.device)
    return out, mean, rstd, reserve


# The functional twins of the two above (functionalization rewrites a write of the running
# statistics into them, passes/functionalize.h): the new statistics are returned, computed as the
# CPU kernel updates them (Normalization.cpp: momentum-weighted batch mean and unbiased batch
# variance), following torch/_decomp/decompositions.py native_batch_norm_helper.
def _native_batch_norm_legit_functional(input: Tensor, weight: Optional[Tensor],
                                        bias: Optional[Tensor], running_mean: Tensor,
                                        running_var: Tensor, training: bool, momentum: float,
                                        eps: float
                                        ) -> Tuple[Tensor, Tensor, Tensor, Tensor, Tensor]:
    if training:
        out, mean, rstd = torch._native_batch_norm_legit(input, weight, bias, training, momentum,
                                                         eps)
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


def _batch_norm_with_update_functional(input: Tensor, weight: Optional[Tensor],
                                       bias: Optional[Tensor], running_mean: Tensor,
                                       running_var: Tensor, momentum: float, eps: float
                                       ) -> Tuple[Tensor, Tensor, Tensor, Tensor, Tensor, Tensor]:
    out, mean, rstd, new_mean, new_var = torch._native_batch_norm_legit_functional(
        input, weight, bias, running_mean, running_var, True, momentum, eps)
    reserve = torch.empty([0], dtype=torch.uint8, device=input.device)
    return out, mean, rstd, reserve, new_mean, new_var


DECOMPOSITIONS = {
    "aten::native_batch_norm": native_batch_norm,
    "aten::_batch_norm_with_update": _batch_norm_with_update,
    "aten::_native_batch_norm_legit_functional": _native_batch_norm_legit_functional,
    "aten::_batch_norm_with_update_functional": _batch_norm_with_update_functional,
}
