"""The benchmark's models, each as a TorchScript archive plus its example inputs.

Families (see docs/benchmarks.md):
  blocks-N       N repeated transformer-style blocks (LayerNorm, Linear, attention through
                 F.scaled_dot_product_attention, Linear, GELU, residual add), width 16, traced.
                 The synthetic family the issue asks for, to show how cost grows with node count.
  encoder-L      nn.TransformerEncoder with L layers (d_model 64, 4 heads, feed-forward 128),
                 eval mode, scripted (PyTorch's own module, fast path off so the graph is ATen).
  tv-NAME        a torchvision model with random weights, scripted (examples/make_model.py).
  mlp-N          N repeated (Linear(16, 16), LayerNorm, GELU) blocks, input (4, 16), traced: the
                 stack issue 38 measured the Python doors on.
  gpt-N          N GPT-style blocks: pre-LayerNorm, one fused qkv Linear, causal
                 F.scaled_dot_product_attention, output Linear, tanh-GELU MLP (4x); d 256, 8
                 heads, input (2, 64, 256), traced.
"""

import os
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import make_model  # noqa: E402

WIDTH = 16
SEQ = 8


class Block(nn.Module):
    """Pre-norm block: x + gelu(fc(attention(qkv(layer_norm(x))))), shapes (B, SEQ, WIDTH)."""

    def __init__(self, d):
        super().__init__()
        self.ln = nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.fc = nn.Linear(d, d)

    def forward(self, x):
        q, k, v = self.qkv(self.ln(x)).chunk(3, dim=-1)
        a = F.scaled_dot_product_attention(q, k, v)
        return x + F.gelu(self.fc(a))


class Blocks(nn.Module):
    def __init__(self, n, d=WIDTH):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(d) for _ in range(n)])

    def forward(self, x):
        return self.blocks(x)


class GPTBlock(nn.Module):
    """x + proj(causal_attention(qkv(ln1(x)))), then + mlp(ln2(x)); shapes (B, T, d)."""

    def __init__(self, d=256, heads=8):
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.ln2 = nn.LayerNorm(d)
        self.fc = nn.Linear(d, 4 * d)
        self.out = nn.Linear(4 * d, d)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(d, dim=-1)
        q, k, v = (z.view(b, t, self.heads, d // self.heads).transpose(1, 2) for z in (q, k, v))
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.proj(a.transpose(1, 2).reshape(b, t, d))
        return x + self.out(F.gelu(self.fc(self.ln2(x)), approximate="tanh"))


def build(name, batch=1):
    """(eager module, example inputs tuple, capture kind) for a model name."""
    torch.manual_seed(0)
    if name.startswith("blocks-"):
        n = int(name.split("-", 1)[1])
        return Blocks(n).eval(), (torch.randn(batch, SEQ, WIDTH),), "trace"
    if name.startswith("mlp-"):
        n = int(name.split("-", 1)[1])
        blocks = [nn.Sequential(nn.Linear(16, 16), nn.LayerNorm(16), nn.GELU()) for _ in range(n)]
        return nn.Sequential(*blocks).eval(), (torch.randn(4, 16),), "trace"
    if name.startswith("gpt-"):
        n = int(name.split("-", 1)[1])
        return (nn.Sequential(*[GPTBlock() for _ in range(n)]).eval(),
                (torch.randn(2, 64, 256),), "trace")
    if name.startswith("encoder-"):
        layers = int(name.split("-", 1)[1])
        layer = nn.TransformerEncoderLayer(64, 4, 128, dropout=0.0, batch_first=True)
        m = nn.TransformerEncoder(layer, layers, enable_nested_tensor=False).eval()
        return m, (torch.randn(batch, 16, 64),), "script"
    if name.startswith("tv-"):
        tv = name[3:]
        shape = list(make_model.input_shape(tv))
        shape[0] = batch
        return make_model.build(tv), (torch.randn(shape),), "script"
    raise ValueError(f"unknown benchmark model {name!r}")


def capture(module, inputs, kind):
    with torch.no_grad():
        if kind == "trace":
            return torch.jit.trace(module, inputs, check_trace=False)
        return torch.jit.script(module)


def write(name, directory):
    """Writes DIR/NAME.pt and DIR/NAME.inputs.pt; returns the archive path."""
    module, inputs, kind = build(name)
    path = os.path.join(directory, name + ".pt")
    if not os.path.exists(path):
        capture(module, inputs, kind).save(path + ".tmp")
        os.replace(path + ".tmp", path)
        torch.save(list(inputs), os.path.join(directory, name + ".inputs.pt"))
    return path


if __name__ == "__main__":
    for n in sys.argv[2:]:
        print(write(n, sys.argv[1]))
