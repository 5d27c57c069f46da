"""The decoder-only language model that the dynamic-shapes benchmark (dynamic.py) and tests
(tests/python/test_dynamic_shapes.py) lower with symbolic batch and length dims: a token
embedding, pre-norm blocks of causal attention (grouped-query when kv_heads < heads) and a GELU
MLP (4x), a final LayerNorm and a head without bias. Input: int64 token ids [batch, length];
output: float32 logits (or log-probabilities) [batch, length, vocab].
"""

import torch
import torch.nn as nn
import torch.nn.functional as F


class DecoderBlock(nn.Module):
    def __init__(self, d, heads, kv_heads):
        super().__init__()
        self.heads, self.kv_heads = heads, kv_heads
        self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.q = nn.Linear(d, d)
        self.kv = nn.Linear(d, 2 * d * kv_heads // heads)
        self.out = nn.Linear(d, d)
        self.ff = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))

    def forward(self, x):
        B, T, C = x.shape
        hd = C // self.heads
        h = self.ln1(x)
        q = self.q(h).view(B, T, self.heads, hd).transpose(1, 2)
        k, v = self.kv(h).split(self.kv_heads * hd, dim=-1)
        k = k.reshape(B, T, self.kv_heads, hd).transpose(1, 2)
        v = v.reshape(B, T, self.kv_heads, hd).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True,
                                           enable_gqa=self.kv_heads != self.heads)
        x = x + self.out(y.transpose(1, 2).reshape(B, T, C))
        return x + self.ff(self.ln2(x))


class DecoderLM(nn.Module):
    def __init__(self, vocab=1000, d=256, layers=4, heads=8, kv_heads=2, log_probs=False):
        super().__init__()
        self.log_probs = log_probs
        self.emb = nn.Embedding(vocab, d)
        self.blocks = nn.ModuleList([DecoderBlock(d, heads, kv_heads) for _ in range(layers)])
        self.ln = nn.LayerNorm(d)
        self.head = nn.Linear(d, vocab, bias=False)

    def forward(self, idx):
        x = self.emb(idx)
        for b in self.blocks:
            x = b(x)
        logits = self.head(self.ln(x))
        if self.log_probs:
            return torch.log_softmax(logits, -1)
        return logits
