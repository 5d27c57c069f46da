"""A torch.compile backend of someone else's making, fed core-ATen graphs by graph-lower.

    python3 examples/my_backend.py

`my_compiler` is what a backend author writes: it receives each graph as a torch.fx.GraphModule
of core-ATen OpOverload calls (each node with meta["val"]), prints the op histogram, and returns
the callable that runs it (here the GraphModule itself). graph_lower.backend.make_backend turns it
into a torch.compile backend.
"""

import collections

import torch

from graph_lower.backend import make_backend


def my_compiler(gm: torch.fx.GraphModule, example_inputs):
    ops = collections.Counter(
        str(n.target) if isinstance(n.target, torch._ops.OpOverload) else n.target.__name__
        for n in gm.graph.nodes if n.op == "call_function")
    print(f"my_compiler: {sum(ops.values())} calls, {len(ops)} ops")
    for op, count in ops.most_common():
        print(f"  {count:5d}  {op}")
    return gm.forward


my_backend = make_backend(my_compiler)

if __name__ == "__main__":
    model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.LayerNorm(16), torch.nn.GELU())
    x = torch.randn(4, 8)
    compiled = torch.compile(model, backend=my_backend)
    torch.testing.assert_close(compiled(x), model(x))
    print("matches eager")
