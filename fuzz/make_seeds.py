"""Writes graph-lower's fuzz seeds: text IR of small scripted functions (fuzz/corpus/text_ir,
committed: they are the regression test's inputs too) and tiny TorchScript archives (an output
directory, by default out/fuzz/seeds/archive; tools/fuzz.sh makes them before each run), and the
same modules as torch.export archives (.pt2, by default out/fuzz/seeds/pt2).

Usage: python3 fuzz/make_seeds.py [--text-ir DIR] [--archives DIR] [--pt2 DIR]
Each text IR seed is the graph printed without source locations, followed by a line
"#example-inputs: SPEC" when the function takes only tensors (fuzz/fuzz_targets.h).
"""

import argparse
import os
import re
from typing import List, Optional

import torch
import torch.nn.functional as F


def f_linear_gelu(x, w, b):
    return F.gelu(F.linear(x, w, b), approximate="tanh")


def f_softmax_ln(x):
    return F.layer_norm(torch.softmax(x, -1), [x.size(-1)])


def f_inplace(x):
    y = x.clone()
    y.add_(1.0)
    y[0] = 3.0
    return y.relu_()


def f_view_chain(x):
    return x.view(-1).unsqueeze(0).transpose(0, 1).contiguous().flatten()


def f_if(x, flag: bool):
    if flag:
        return x.sin()
    return x.cos() * 2


def f_loop(x, n: int):
    for _ in range(n):
        x = x + 1
    return x


def f_conv_bn(x, w, rm, rv):
    return F.batch_norm(F.conv2d(x, w, padding=1), rm, rv, training=False)


def f_attention(q, k, v):
    return F.scaled_dot_product_attention(q, k, v)


def f_optional(x, mask: Optional[torch.Tensor]):
    if mask is None:
        return x
    return x.masked_fill(mask, 0.0)


def f_list(xs: List[torch.Tensor]):
    return torch.cat(xs, 0).sum(0)


def f_reduce(x):
    return x.mean(dim=1, keepdim=True).var(), x.amax(0), x.argmax()


def f_index(x, i):
    return x[i], x.index_select(0, i), torch.gather(x, 0, i.unsqueeze(1).expand(-1, x.size(1)))


def f_where(x):
    return torch.where(x > 0, x, torch.zeros_like(x)).clamp(-1, 1)


def f_dtype(x):
    return x.to(torch.float64).round().to(torch.int64) // 3


def f_pool(x):
    return F.adaptive_avg_pool2d(F.max_pool2d(x, 2), 1)


def f_split(x):
    a, b = x.chunk(2, 1)
    return a * torch.sigmoid(b)


def f_embedding(i, w):
    return F.embedding(i, w)


def f_matmul(a, b):
    return torch.addmm(a.sum(1), a, b).t() @ a


def f_norms(x):
    return F.group_norm(x, 2), F.instance_norm(x), F.normalize(x, dim=1)


def f_losses(x, y):
    return F.mse_loss(x, y) + F.smooth_l1_loss(x, y) + F.binary_cross_entropy_with_logits(x, y)


def f_scalar_math(x, s: float):
    return x * s + int(s) - x.size(0)


def f_interpolate(x):
    return F.interpolate(x, scale_factor=2.0, mode="bilinear", align_corners=False)


def f_pad(x):
    return F.pad(x, [1, 1, 2, 0], value=0.5)


def f_cumsum(x):
    return torch.cumsum(x, 0).flip(0).roll(1, 0)


# (function, example-input spec or None)
TEXT_IR = [
    (f_linear_gelu, "2x4:float32;3x4:float32;3:float32"),
    (f_softmax_ln, "2x5:float32"),
    (f_inplace, "3x2:float32"),
    (f_view_chain, "2x3:float32"),
    (f_if, None),
    (f_loop, None),
    (f_conv_bn, "1x2x4x4:float32;3x2x3x3:float32;3:float32;3:float32"),
    (f_attention, "1x2x4x8:float32;1x2x4x8:float32;1x2x4x8:float32"),
    (f_optional, None),
    (f_list, None),
    (f_reduce, "3x4:float32"),
    (f_index, "4x3:float32;2:int64"),
    (f_where, "3x3:float32"),
    (f_dtype, "5:float32"),
    (f_pool, "1x2x6x6:float32"),
    (f_split, "2x4:float32"),
    (f_embedding, "3:int64;10x4:float32"),
    (f_matmul, "3x3:float32;3x3:float32"),
    (f_norms, "2x4x3x3:float32"),
    (f_losses, "4:float32;4:float32"),
    (f_scalar_math, None),
    (f_interpolate, "1x1x3x3:float32"),
    (f_pad, "1x2x3:float32"),
    (f_cumsum, "4x2:float32"),
]


class TinyModel(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(2, 3, 3)
        self.bn = torch.nn.BatchNorm2d(3)
        self.fc = torch.nn.Linear(3, 2)

    def forward(self, x):
        return self.fc(self.bn(self.conv(x)).relu().mean([2, 3]))


class TinyAttention(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.ln = torch.nn.LayerNorm(8)
        self.qkv = torch.nn.Linear(8, 24)

    def forward(self, x):
        q, k, v = self.qkv(self.ln(x)).chunk(3, -1)
        return F.scaled_dot_product_attention(q, k, v)


class Stateful(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("count", torch.zeros(1))

    def forward(self, x):
        self.count.add_(1)
        return x + self.count


# Example inputs of each archive seed's module, for torch.export.
PT2_INPUTS = {
    "tiny_model": lambda: (torch.randn(1, 2, 5, 5),),
    "tiny_attention": lambda: (torch.randn(1, 4, 8),),
    "stateful": lambda: (torch.randn(3),),
}


def graph_text(fn) -> str:
    graph = torch.jit.script(fn).graph
    torch._C._jit_pass_inline(graph)  # calls into torch.nn.functional, as a captured graph has
    torch._C._jit_pass_dce(graph)  # the inlined functions' own constants
    text = str(graph)
    # Drop the printed source locations (" # file.py:12:4"); the parser would skip them anyway.
    text = re.sub(r" # [^\n]*", "", text)
    # A node without outputs prints as its indent and " = prim::If(...)", which the parser rejects
    # (graph-lower's GraphToText writes it without the " = ", ir/text_ir.cc).
    return re.sub(r"(?m)^( *) = ", r"\1", text)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--text-ir", default=os.path.join(here, "corpus", "text_ir"))
    parser.add_argument("--archives",
                        default=os.path.join(os.path.dirname(here), "out", "fuzz", "seeds",
                                             "archive"))
    parser.add_argument("--pt2",
                        default=os.path.join(os.path.dirname(here), "out", "fuzz", "seeds", "pt2"))
    args = parser.parse_args()
    os.makedirs(args.pt2, exist_ok=True)
    os.makedirs(args.text_ir, exist_ok=True)
    os.makedirs(args.archives, exist_ok=True)
    for fn, spec in TEXT_IR:
        text = graph_text(fn)
        if spec:
            text += f"#example-inputs: {spec}\n"
        with open(os.path.join(args.text_ir, fn.__name__[2:] + ".ir"), "w") as f:
            f.write(text)
    torch.manual_seed(0)
    for name, module in [("tiny_model", TinyModel()), ("tiny_attention", TinyAttention()),
                         ("stateful", Stateful())]:
        torch.jit.save(torch.jit.script(module.eval()), os.path.join(args.archives, name + ".pt"))
        ep = torch.export.export(module.eval(), PT2_INPUTS[name]())
        torch.export.save(ep, os.path.join(args.pt2, name + ".pt2"))
    print(f"{len(TEXT_IR)} text IR seeds in {args.text_ir}, 3 archives in {args.archives} and "
          f"{args.pt2}")


if __name__ == "__main__":
    main()
