"""PyTorch's Python decomposition table as one more source for the C++ registry.

`lower(..., decomposition_table=TABLE)` puts TABLE (a dict from `torch._ops.OpOverload` to a
Python function with the overload's signature, as `torch._decomp.core_aten_decompositions()`
returns; `"pytorch"` means that table, 1,004 entries in torch 2.6) right after the user's
decompositions and before graph-lower's library and CompositeImplicitAutograd kernels. For a
node whose overload has an entry, the entry is traced with `make_fx` on fake tensors shaped as
the node's inputs (shapes must be specialised: give example inputs), with the node's constant
arguments, and the FX graph is imported by overload (graph_lower.fx); the engine then inlines it
and lowers what it called, like any other decomposition. Reports name this source `python`.

An entry may call back into the op it decomposes: directly, through the op's CIA kernel (536 of
the 2.6 table's entries are closures over `_op_dk`, which trace to the kernel's ops, not to the
op), or through another entry. A direct or mutual call traces to a graph holding the op again;
the engine's decomposing set stops it there, reports the cycle (`report["cycles"]`), and tries
the next source for that node.

Errors: an entry that raises while tracing is a fault of the source for that node (reported with
the exception's text in `undecomposable` if no other source decomposes the node); the lowering
goes on.
"""

import torch
from torch.fx.experimental.proxy_tensor import make_fx

from . import fx as _fx

__all__ = ["make_callback", "pytorch_table"]


def pytorch_table():
    """torch._decomp.core_aten_decompositions() (what torch.export's run_decompositions uses)."""
    from torch._decomp import core_aten_decompositions

    return dict(core_aten_decompositions())


def _key(op):
    s = op._schema
    return s.name + (f".{s.overload_name}" if s.overload_name else "")


def _python_arg(value, real_type):
    # The JIT passes ScalarType, Layout and MemoryFormat as ints; Python functions expect the
    # torch objects.
    if isinstance(value, int) and not isinstance(value, bool):
        return _fx._python_value(value, real_type)
    return value


def make_callback(table):
    """The callable the C++ PythonSource calls: (overload, inputs) -> None or (graph, positions).

    table: dict OpOverload -> function. Raises ValueError when it is not such a dict.
    """
    if not isinstance(table, dict):
        raise ValueError(f"decomposition_table: a dict from torch.ops overloads to functions, "
                         f"got {type(table).__name__}")
    by_name = {}
    for op, fn in table.items():
        if not callable(fn):
            raise ValueError(f"decomposition_table: the entry for {op!r} is not callable")
        if isinstance(op, torch._ops.OpOverloadPacket):
            for overload in op.overloads():
                o = getattr(op, overload)
                by_name.setdefault(_key(o), (o, fn))
            continue
        if not isinstance(op, torch._ops.OpOverload):
            raise ValueError(f"decomposition_table: keys are torch.ops overloads "
                             f"(torch.ops.aten.gelu.default), got {op!r}")
        by_name[_key(op)] = (op, fn)

    def callback(name, inputs):
        entry = by_name.get(name)
        if entry is None:
            return None
        op, fn = entry
        arguments = op._schema.arguments
        if len(arguments) != len(inputs):
            raise ValueError(f"{name}: the node has {len(inputs)} inputs, the schema "
                             f"{len(arguments)} arguments")
        positions = [i for i, x in enumerate(inputs) if isinstance(x, torch.Tensor)]
        values = [_python_arg(x, a.real_type) for x, a in zip(inputs, arguments)]

        def call(*tensors):
            full = list(values)
            for p, t in zip(positions, tensors):
                full[p] = t
            args, kwargs = [], {}
            for a, v in zip(arguments, full):
                if a.kwarg_only:
                    kwargs[a.name] = v
                else:
                    args.append(v)
            return fn(*args, **kwargs)

        examples = [inputs[p] for p in positions]
        gm = make_fx(call, tracing_mode="fake")(*examples)
        imported = _fx.import_fx(gm, examples)
        graph = imported.graph
        returns = op._schema.returns
        n_leaves = len(list(graph.outputs()))
        if len(returns) == 1 and isinstance(returns[0].type, torch._C.ListType):
            # A Tensor[] result (split, unbind): the leaves go back into one list.
            outs = list(graph.outputs())
            node = graph.create("prim::ListConstruct", outs, 1)
            graph.appendNode(node)
            node.output().setType(returns[0].type)
            for _ in range(n_leaves):
                graph.eraseOutput(0)
            graph.registerOutput(node.output())
        elif n_leaves != len(returns):
            raise ValueError(f"{name}: the entry returns {n_leaves} values, the schema "
                             f"{len(returns)}")
        return graph, positions

    return callback

