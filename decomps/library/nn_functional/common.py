"""Decompositions of torch.nn.functional ops: pooling, unpooling, upsampling, padding, shuffles,
losses, normalisation variants into core ATen.

This file holds the helpers the files of this folder share.
"""


# A loss reduced as `reduction` asks: Reduction.NONE, MEAN or SUM (torch/_decomp/decompositions.py
# apply_loss_reduction).
def _reduce(loss: Tensor, reduction: int) -> Tensor:
    if reduction == Reduction.MEAN:
        return torch.mean(loss)
    if reduction == Reduction.SUM:
        return torch.sum(loss)
    return loss
