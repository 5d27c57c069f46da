"""Decompositions of attention kernels into their math form (matmul, softmax, logsumexp), following
torch/_decomp/decompositions.py (scaled_dot_product_flash_attention_for_cpu) and
aten/src/ATen/native/transformers/attention.cpp (_scaled_dot_product_attention_math).
"""


def _rank(st: List[int], d: int) -> int:
    # Position of dim d when the 4 dims are ordered by decreasing stride (ties: lower dim first).
    r = 0
    for e in range(4):
        if st[e] > st[d] or (st[e] == st[d] and e < d):
            r += 1
    return r


def _at_rank(st: List[int], k: int) -> int:
    p = 0
    for d in range(4):
        if _rank(st, d) == k:
            p = d
    return p


# The CPU flash kernel's output has the query's strides (measured in torch 2.6: a query viewed
# from a (L, B*H, E) projection gives an output of the same layout), and graphs traced over it
# (make_fx, torch.export) view it accordingly: a 4-D `out` is laid out in the query's dim order.
def _in_query_layout(out: Tensor, query: Tensor) -> Tensor:
    if query.dim() != 4:
        return out
    st = query.stride()
    order = [_at_rank(st, 0), _at_rank(st, 1), _at_rank(st, 2), _at_rank(st, 3)]
    if order == [0, 1, 2, 3]:
        return out
    inverse = [_rank(st, 0), _rank(st, 1), _rank(st, 2), _rank(st, 3)]
    return torch.permute(torch.contiguous(torch.permute(out, order)), inverse)


# The attention scores Q K^T * scale with the causal mask and attn_mask applied, and the scale.
def _masked_scores(query: Tensor, key: Tensor, is_causal: bool, attn_mask: Optional[Tensor],
                   scale: Optional[float]) -> Tuple[Tensor, float]:
    if scale is None:
        s = 1.0 / (float(query.size(-1)) ** 0.5)
    else:
        s = scale
    scores = torch.matmul(query, torch.transpose(key, -2, -1)) * s
    L = query.size(-2)
    S = key.size(-2)
    if is_causal:
        rows = torch.unsqueeze(torch.arange(0, L, 1, device=query.device), 1)
        cols = torch.unsqueeze(torch.arange(0, S, 1, device=query.device), 0)
        scores = torch.where(cols <= rows, scores, torch.full_like(scores, float("-inf")))
    if attn_mask is not None:
        if attn_mask.dtype == torch.bool:
            scores = torch.where(attn_mask, scores, torch.full_like(scores, float("-inf")))
        else:
            scores = scores + attn_mask
    return scores, s


# Causal masks are top-left aligned, as PyTorch's. Dropout (training only) is drawn with
# native_dropout: the same distribution, not the same random numbers as the kernel.
def sdpa_flash_cpu(query: Tensor, key: Tensor, value: Tensor, dropout_p: float = 0.0,
                   is_causal: bool = False, attn_mask: Optional[Tensor] = None,
                   scale: Optional[float] = None) -> Tuple[Tensor, Tensor]:
    scores, s = _masked_scores(query, key, is_causal, attn_mask, scale)
    lse = torch.logsumexp(scores, [-1])
    attn = torch.softmax(scores, -1)
    if dropout_p > 0.0:
        attn = torch.native_dropout(attn, dropout_p, True)[0]
    return _in_query_layout(torch.matmul(attn, value), query), lse


# The gradients of sdpa_flash_cpu, from the probabilities its logsumexp gives back
# (P = exp(S - lse)): dV = P^T dO, dS = P * (dO V^T - rowsum(dO * O)), dQ = dS K * scale,
# dK = dS^T Q * scale (FlashAttention-2, Dao 2023, Algorithm 2). Dropout's mask cannot be drawn
# again, so only dropout_p == 0 is decomposed.
def sdpa_flash_cpu_backward(grad_out: Tensor, query: Tensor, key: Tensor, value: Tensor,
                            out: Tensor, logsumexp: Tensor, dropout_p: float, is_causal: bool,
                            attn_mask: Optional[Tensor] = None,
                            scale: Optional[float] = None) -> Tuple[Tensor, Tensor, Tensor]:
    assert dropout_p == 0.0, "the dropout mask of the forward cannot be drawn again"
    scores, s = _masked_scores(query, key, is_causal, attn_mask, scale)
    probs = torch.exp(scores - torch.unsqueeze(logsumexp, -1))
    grad_value = torch.matmul(torch.transpose(probs, -2, -1), grad_out)
    grad_probs = torch.matmul(grad_out, torch.transpose(value, -2, -1))
    row = torch.sum(grad_out * out, [-1], True)
    grad_scores = probs * (grad_probs - row)
    grad_query = torch.matmul(grad_scores, key) * s
    grad_key = torch.matmul(torch.transpose(grad_scores, -2, -1), query) * s
    return grad_query, grad_key, grad_value


def _bmm_4d(a: Tensor, b: Tensor) -> Tensor:
    B = a.size(0)
    H = a.size(1)
    out = torch.bmm(torch.reshape(a, [B * H, a.size(2), a.size(3)]),
                    torch.reshape(b, [B * H, b.size(2), b.size(3)]))
    return out.view([B, H, a.size(2), b.size(3)])


def _linear_3d(x: Tensor, w: Tensor, b: Tensor) -> Tensor:
    B = x.size(0)
    T = x.size(1)
    out = torch.addmm(b, torch.reshape(x, [B * T, x.size(2)]), torch.permute(w, [1, 0]))
    return out.view([B, T, w.size(0)])


# nn.MultiheadAttention's inference fast path (aten/src/ATen/native/transformers/ attention.cpp,
# native_multi_head_attention_cpu) in math form: batch-first (B, T, D) inputs, packed in-projection,
# q scaled by 1/sqrt(head_dim) before q @ k^T, boolean masks (True = masked out; float masks are
# made bool, nonzero = masked; mask_type 1 = key padding mask (B, S)), softmax (NaN for fully masked
# rows, as _masked_softmax), out-projection. The second output is the attention weights, averaged
# over heads if asked; without need_weights the kernel returns an undefined tensor, which
# TorchScript cannot build: an empty tensor stands in for it.
def native_mha(query: Tensor, key: Tensor, value: Tensor, embed_dim: int, num_head: int,
               qkv_weight: Tensor, qkv_bias: Tensor, proj_weight: Tensor, proj_bias: Tensor,
               mask: Optional[Tensor] = None, need_weights: bool = True,
               average_attn_weights: bool = True,
               mask_type: Optional[int] = None) -> Tuple[Tensor, Tensor]:
    B = query.size(0)
    T = query.size(1)
    S = key.size(1)
    D = embed_dim
    dh = D // num_head
    w_q, w_k, w_v = torch.split_with_sizes(qkv_weight, [D, D, D], 0)
    b_q, b_k, b_v = torch.split_with_sizes(qkv_bias, [D, D, D], 0)
    q = _linear_3d(query, w_q, b_q)
    k = _linear_3d(key, w_k, b_k)
    v = _linear_3d(value, w_v, b_v)
    q = torch.transpose(torch.reshape(q, [B, T, num_head, dh]), 1, 2)
    k = torch.transpose(torch.reshape(k, [B, S, num_head, dh]), 1, 2)
    v = torch.transpose(torch.reshape(v, [B, S, num_head, dh]), 1, 2)
    q = q / (float(dh) ** 0.5)
    scores = _bmm_4d(q, torch.transpose(k, 2, 3))
    if mask is not None:
        m = mask
        # a float mask (-inf where masked) is made bool, as the kernel does
        if m.dtype != torch.bool:
            m = torch.ne(m, 0.0)
        if mask_type is not None and mask_type == 1 and m.dim() == 2:
            m = torch.reshape(m, [B, 1, 1, S])
        scores = torch.where(m, torch.full_like(scores, float("-inf")), scores)
    attn = torch._softmax(scores, -1, False)
    out = _bmm_4d(attn, v)
    out = torch.reshape(torch.transpose(out, 1, 2), [B, T, D])
    out = _linear_3d(out, proj_weight, proj_bias)
    if not need_weights:
        return out, torch.empty([0], dtype=query.dtype, device=query.device)
    if average_attn_weights:
        return out, torch.sum(attn, [1]) / float(num_head)
    return out, attn


def _layer_norm(x: Tensor, n: int, w: Tensor, b: Tensor, eps: float) -> Tensor:
    return torch.native_layer_norm(x, [n], w, b, eps)[0]


# nn.TransformerEncoderLayer's inference fast path (aten/src/ATen/native/transformers/
# transformer.cpp, transformer_encoder_layer_forward) in math form: self-attention through
# _native_multi_head_attention, residual adds, layer norms before (norm_first) or after each block,
# and the feed-forward block linear -> gelu (exact, as _addmm_activation on CPU) or relu -> linear.
# Dense (not nested) batch-first (B, T, D) inputs.
def transformer_encoder_layer(src: Tensor, embed_dim: int, num_heads: int, qkv_weight: Tensor,
                              qkv_bias: Tensor, proj_weight: Tensor, proj_bias: Tensor,
                              use_gelu: bool, norm_first: bool, eps: float,
                              norm_weight_1: Tensor, norm_bias_1: Tensor,
                              norm_weight_2: Tensor, norm_bias_2: Tensor,
                              ffn_weight_1: Tensor, ffn_bias_1: Tensor,
                              ffn_weight_2: Tensor, ffn_bias_2: Tensor,
                              mask: Optional[Tensor] = None,
                              mask_type: Optional[int] = None) -> Tensor:
    if src.numel() == 0:
        return torch.clone(src)
    x = src
    if norm_first:
        x = _layer_norm(x, embed_dim, norm_weight_1, norm_bias_1, eps)
    x = torch._native_multi_head_attention(x, x, x, embed_dim, num_heads, qkv_weight, qkv_bias,
                                           proj_weight, proj_bias, mask, False, True,
                                           mask_type)[0]
    x = x + src
    if not norm_first:
        x = _layer_norm(x, embed_dim, norm_weight_1, norm_bias_1, eps)
    residual = x
    if norm_first:
        x = _layer_norm(x, embed_dim, norm_weight_2, norm_bias_2, eps)
    h = _linear_3d(x, ffn_weight_1, ffn_bias_1)
    if use_gelu:
        h = torch.gelu(h)
    else:
        h = torch.relu(h)
    x = _linear_3d(h, ffn_weight_2, ffn_bias_2) + residual
    if not norm_first:
        x = _layer_norm(x, embed_dim, norm_weight_2, norm_bias_2, eps)
    return x


DECOMPOSITIONS = {
    "aten::_scaled_dot_product_flash_attention_for_cpu": sdpa_flash_cpu,
    "aten::_scaled_dot_product_flash_attention_for_cpu_backward": sdpa_flash_cpu_backward,
    "aten::_native_multi_head_attention": native_mha,
    "aten::_transformer_encoder_layer_fwd": transformer_encoder_layer,
}
