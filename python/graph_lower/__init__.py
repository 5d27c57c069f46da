"""graph_lower: lowers TorchScript graphs to core ATen from Python.

`lower_graph(graph, example_inputs=None, keep_ops="", verify=False, unroll_loops=False,
decompositions=())` takes a `torch._C.Graph` of a function (`torch.jit.trace(fn, inputs).graph`,
`torch.jit.script(fn).graph`) or of a frozen module (`torch.jit.freeze(scripted.eval()).graph`,
whose weights are constants; an unfrozen module's graph reads them from `self`, which is not
lowered through) and returns `(lowered, report)`: a
lowered copy of the graph and the lowering report as a dict (the CLI's `--report` JSON; see
README "The CLI"). The input graph is not changed. `example_inputs` are the values of the
graph's inputs (tensors, scalars, lists, None), used to specialise shapes and trace
CompositeImplicitAutograd kernels. Raises ValueError for bad input (an example input that does
not fit its graph input, an unknown op in keep_ops) and RuntimeError when a pass fails.
"""

import json
import os

# The extension is built by Bazel (`bazel build //python:graph_lower/_C.so`); from a source
# checkout it is found in bazel-bin next to this package's path.
_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
__path__.append(os.path.join(_REPO, "bazel-bin", "python", "graph_lower"))  # noqa: F821

import torch  # noqa: E402  (libtorch must be loaded before the extension)

from . import _C  # noqa: E402


def lower_graph(graph, example_inputs=None, keep_ops="", verify=False, unroll_loops=False,
                decompositions=()):
    """Lowers a copy of `graph` (torch._C.Graph) to core ATen; returns (graph, report dict).

    `decompositions`: (overload, function name, TorchScript source) triples, e.g.
    ("aten::silu", "silu", "def silu(x: Tensor) -> Tensor: ..."), tried before the library and
    CompositeImplicitAutograd kernels (decomps/registry.h); the function's parameters are the
    overload's schema arguments in order.
    """
    if example_inputs is not None and not isinstance(example_inputs, (list, tuple)):
        raise ValueError("example_inputs: a list or tuple of the graph's input values, got "
                         f"{type(example_inputs).__name__}")
    lowered, report = _C.lower_graph(
        graph,
        None if example_inputs is None else list(example_inputs),
        keep_ops,
        verify,
        unroll_loops,
        list(decompositions),
    )
    return lowered, json.loads(report)


def to_function(graph, name="forward"):
    """A callable torch.jit ScriptFunction running `graph` in the JIT interpreter."""
    return torch._C._create_function_from_graph(name, graph)
