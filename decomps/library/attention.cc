// Decompositions of attention kernels into their math form (matmul, softmax, logsumexp), following
// torch/_decomp/decompositions.py (scaled_dot_product_flash_attention_for_cpu) and
// aten/src/ATen/native/transformers/attention.cpp (_scaled_dot_product_attention_math).
#include "decomps/library/library.h"

namespace graph_lower {

std::vector<TorchScriptDecomposition> AttentionDecompositions() {
  return {
      // Inference form: dropout_p must be 0 (what eval-mode models pass); otherwise the node is
      // kept and reported. Causal masks are top-left aligned, as PyTorch's.
      {"aten::_scaled_dot_product_flash_attention_for_cpu", "sdpa_flash_cpu", R"TS(
def sdpa_flash_cpu(query: Tensor, key: Tensor, value: Tensor, dropout_p: float = 0.0,
                   is_causal: bool = False, attn_mask: Optional[Tensor] = None,
                   scale: Optional[float] = None) -> Tuple[Tensor, Tensor]:
    if dropout_p != 0.0:
        raise RuntimeError("graph-lower: attention dropout is not decomposed (inference only)")
    if scale is None:
        s = 1.0 / math.sqrt(float(query.size(-1)))
    else:
        s = scale
    scores = torch.matmul(query, torch.transpose(key, -2, -1)) * s
    L = query.size(-2)
    S = key.size(-2)
    if is_causal:
        rows = torch.unsqueeze(torch.arange(0, L, 1, device=query.device), 1)
        cols = torch.unsqueeze(torch.arange(0, S, 1, device=query.device), 0)
        scores = torch.where(cols <= rows, scores, torch.full_like(scores, -math.inf))
    if attn_mask is not None:
        if attn_mask.dtype == torch.bool:
            scores = torch.where(attn_mask, scores, torch.full_like(scores, -math.inf))
        else:
            scores = scores + attn_mask
    lse = torch.logsumexp(scores, [-1])
    attn = torch.softmax(scores, -1)
    return torch.matmul(attn, value), lse
)TS"},
  };
}

}  // namespace graph_lower
