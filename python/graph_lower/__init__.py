"""graph_lower: lowers PyTorch programs to core ATen from Python.

Entry points:

- `lower(obj, example_inputs=None, keep_ops=(), opset=None, strict=False, verify=False)` lowers a
  `torch.jit.ScriptModule`, a `torch._C.Graph` or an ATen-level FX `GraphModule` and returns a
  `LoweringResult` (the lowered program and its report).
- `run_decompositions(exported_program)`: `ExportedProgram.run_decompositions()` through
  graph-lower (graph_lower.export).
- `torch.compile(model, backend="graph_lower")` (graph_lower.backend; registered on import and
  through the `torch_dynamo_backends` entry point).
- `decompose(func, *args, **kwargs)`, `decomposition_table(keep_ops=(), opset=None)`: one op
  to core ATen, for Python backends inside `__torch_dispatch__` (graph_lower.dispatch).
- `lower_graph(graph, example_inputs)`, `to_function(graph)`: the lower-level graph interface.
- `graph_lower.fx.import_fx` / `export_fx`: FX graphs in and out of TorchScript IR.

Core ATen is the set of overloads tagged `core` in PyTorch's
aten/src/ATen/native/native_functions.yaml (186 in torch 2.6); the report's keys are those of the
CLI's `--report` JSON (README, "The CLI").

Errors: ValueError for bad input (an object of another type, example inputs that do not fit the
program, an unknown operator in keep_ops or opset); `NotCoreAtenError` (a RuntimeError) when
`strict` and a non-core op is left; `VerificationError` (a RuntimeError) when `verify` and the
lowered program's outputs differ from the original's; RuntimeError for anything else a pass
reported. Messages are the C++ pipeline's.
"""

import dataclasses
import json
import os
from typing import Any, Dict

import torch  # libtorch must be loaded before the extension
import torch.fx

from . import _C
from . import fx as _fx

__all__ = ["lower", "lower_graph", "to_function", "LoweringResult", "NotCoreAtenError",
           "VerificationError", "run_decompositions", "decompose", "decomposition_table"]


class NotCoreAtenError(RuntimeError):
    """`strict=True` and ops outside the opset are left; `.report` holds the report."""

    def __init__(self, message, report):
        super().__init__(message)
        self.report = report


class VerificationError(RuntimeError):
    """`verify=True` and the lowered program's outputs differ; `.report` holds the report."""

    def __init__(self, message, report):
        super().__init__(message)
        self.report = report


@dataclasses.dataclass
class LoweringResult:
    """What `lower` returns.

    module: the lowered program as the kind of object given: a `torch.jit.ScriptModule` for a
        ScriptModule (frozen: weights are its buffers `constant_N`; forward keeps its
        parameters; only forward is kept), a `torch.fx.GraphModule` of `torch.ops.aten`
        overloads for a GraphModule, a `torch.jit.ScriptFunction` for a `torch._C.Graph`.
        A ScriptModule or graph whose forward writes its inputs no longer does: it returns
        (outputs..., new values) instead, as report["mutated_inputs"] lists (docs/semantics.md);
        a GraphModule writes them back with aten.copy_. Shapes are specialised to the example
        inputs (docs/semantics.md): call the result with inputs of the same shapes.
    graph: the lowered `torch._C.Graph` (for a ScriptModule, its forward's graph).
    report: the lowering report (dict; the CLI's --report JSON: `non_core_ops`, `decompositions`
        by overload and source, `legal`, `verified`, `pass_ms`, ...).
    Calling the result calls `module`.
    """

    module: Any
    graph: torch._C.Graph
    report: Dict[str, Any]

    def __call__(self, *args, **kwargs):
        return self.module(*args, **kwargs)


def _keep_ops_text(keep_ops):
    if isinstance(keep_ops, str):
        return keep_ops
    try:
        items = list(keep_ops)
    except TypeError:
        raise ValueError(f"keep_ops: a sequence of overload names, got {type(keep_ops).__name__}")
    for i, item in enumerate(items):
        if isinstance(item, torch._ops.OpOverload):  # torch.ops.aten.gelu.default
            overload = item._schema.overload_name
            items[i] = item = item._schema.name + (f".{overload}" if overload else "")
        elif isinstance(item, torch._ops.OpOverloadPacket):  # torch.ops.aten.gelu
            items[i] = item = item._qualified_op_name
        if not isinstance(item, str):
            raise ValueError(f"keep_ops: overload names are strings or torch.ops overloads, got "
                             f"{item!r}")
        if not item.strip():
            raise ValueError("keep_ops: an empty overload name")
        if "," in item:
            raise ValueError(f"keep_ops: '{item}' holds a comma; give one overload per entry")
    return ",".join(items)


def _opset_args(opset):
    """(entries, file) for the extension from lower's `opset` argument."""
    if opset is None:
        return None, None
    if isinstance(opset, (str, os.PathLike)):
        path = os.fspath(opset)
        if not os.path.isfile(path):
            raise ValueError(f"opset: {path}: no such opset file")
        return None, path
    try:
        entries = list(opset)
    except TypeError:
        raise ValueError(f"opset: a file path or a sequence of overload names, got "
                         f"{type(opset).__name__}")
    if not all(isinstance(e, str) for e in entries):
        raise ValueError("opset: overload names are strings")
    return entries, None


def _decompositions(decompositions):
    try:
        items = [tuple(d) for d in decompositions]
    except TypeError:
        raise ValueError("decompositions: a sequence of (overload, function name, TorchScript "
                         f"source) triples, got {type(decompositions).__name__}")
    for d in items:
        if len(d) != 3 or not all(isinstance(x, str) for x in d):
            raise ValueError("decompositions: each entry is an (overload, function name, "
                             f"TorchScript source) triple of strings, got {d!r}")
    return items


def _flag(name, value):
    if not isinstance(value, bool):
        raise ValueError(f"{name}: True or False, got {value!r}")
    return value


def _examples(example_inputs):
    if example_inputs is None:
        return None
    if not isinstance(example_inputs, (list, tuple)):
        raise ValueError("example_inputs: a list or tuple of the program's input values, got "
                         f"{type(example_inputs).__name__}")
    return list(example_inputs)


def _check(report, strict, verify, what, strict_glue=False):
    if verify and not report.get("verified", False):
        raise VerificationError(f"{what}: the lowered program's outputs differ from the "
                                f"original's: {report.get('verify_message', '')}", report)
    if strict and report.get("non_core_ops"):
        raise NotCoreAtenError(f"{what}: ops outside the opset are left: "
                               f"{', '.join(report['non_core_ops'])}", report)
    if strict_glue:
        # Glue nothing explains (no scalar input, no data read, no symbolic size): the CLI's
        # --strict-glue; opset/verify.h kGlueShouldHaveFolded.
        unfolded = [g for g in report.get("glue_left", ())
                    if g.get("why") == "nothing: it should have folded"]
        if unfolded:
            raise NotCoreAtenError(
                f"{what}: strict_glue: {len(unfolded)} glue node(s) left that should have "
                f"folded: " + "; ".join(f"{g['op']} ({g['node']})" for g in unfolded[:10]) +
                ("; ..." if len(unfolded) > 10 else ""), report)


def _table_callback(decomposition_table):
    if decomposition_table is None:
        return None
    from . import decomp_table

    if isinstance(decomposition_table, str):
        if decomposition_table != "pytorch":
            raise ValueError(f"decomposition_table: 'pytorch' or a dict, not "
                             f"{decomposition_table!r}")
        decomposition_table = decomp_table.pytorch_table()
    return decomp_table.make_callback(decomposition_table)


def lower_graph(graph, example_inputs=None, keep_ops="", verify=False, unroll_loops=False,
                decompositions=(), opset=None, decomposition_table=None,
                inputs_at_other_sizes=()):
    """Lowers a copy of `graph` (torch._C.Graph) to core ATen; returns (graph, report dict).

    `graph`: the graph of a function (`torch.jit.trace(fn, inputs).graph`,
    `torch.jit.script(fn).graph`) or of a frozen module (`torch.jit.freeze(m.eval()).graph`,
    whose weights are constants; an unfrozen module's graph reads them from `self`). The input
    graph is not changed. `example_inputs`: one value per graph input (tensors, scalars, lists,
    None); they specialise shapes and let CompositeImplicitAutograd kernels be traced; without
    them only shape-generic decompositions apply. `decompositions`: (overload, function name,
    TorchScript source) triples, e.g. ("aten::silu", "silu", "def silu(x: Tensor) -> Tensor:
    ..."), tried before the library and CIA kernels (decomps/registry.h); the function's
    parameters are the overload's schema arguments in order. `opset`, `decomposition_table`: see
    `lower`. `inputs_at_other_sizes`: dynamic dims; sets of inputs like `example_inputs` with
    the dynamic dims at other sizes (lowering/pipeline.h, LoweringOptions::
    example_inputs_at_other_sizes): a dim whose size differs between the sets stays symbolic,
    and the lowered graph computes what depends on it when it runs.
    Raises ValueError for bad input and RuntimeError when a pass fails.
    """
    if not isinstance(graph, torch._C.Graph):
        raise ValueError(f"lower_graph: expected a torch._C.Graph, got {type(graph).__name__}")
    entries, path = _opset_args(opset)
    others = [_examples(s) for s in inputs_at_other_sizes]
    lowered, report = _C.lower_graph(graph, _examples(example_inputs), _keep_ops_text(keep_ops),
                                     _flag("verify", verify), _flag("unroll_loops", unroll_loops),
                                     _decompositions(decompositions), entries, path,
                                     _table_callback(decomposition_table),
                                     inputs_at_other_sizes=others)
    return lowered, json.loads(report)


def to_function(graph, name="forward"):
    """A callable torch.jit ScriptFunction running `graph` in the JIT interpreter.

    A graph with no output or several returns them as one tuple (a function has one result)."""
    if not isinstance(graph, torch._C.Graph):
        raise ValueError(f"to_function: expected a torch._C.Graph, got {type(graph).__name__}")
    outputs = list(graph.outputs())
    if len(outputs) != 1:
        graph = graph.copy()
        outputs = list(graph.outputs())
        pack = graph.create("prim::TupleConstruct", outputs, 1)
        graph.appendNode(pack)
        pack.output().setType(torch._C.TupleType([o.type() for o in outputs]))
        for _ in outputs:
            graph.eraseOutput(0)
        graph.registerOutput(pack.output())
    return torch._C._create_function_from_graph(name, graph)


def _fx_examples(gm, imported):
    """Example inputs from the placeholders' meta["val"] (FakeTensors of torch.export and
    make_fx): floating tensors random normal (seeded), others zeros; None without metadata."""
    gen = torch.Generator().manual_seed(0)
    values = []
    for node in gm.graph.nodes:
        if node.op == "placeholder":
            value = _fx.example_value(node, gen, "example_inputs")
            if value is None:
                return None
            values.append(value)
    return values


def lower(obj, example_inputs=None, keep_ops=(), opset=None, strict=False, verify=False,
          unroll_loops=False, decompositions=(), decomposition_table=None,
          optimize_numerics=True, strict_glue=False, _fx_mutations="copy_") -> LoweringResult:
    """Lowers a program to core ATen (or to `opset`) and returns a LoweringResult.

    obj: a `torch.jit.ScriptModule` (scripted or traced; frozen on a copy in eval mode, the
        caller's module is not changed; as torch.jit.freeze's default optimize_numerics,
        freezing folds a batch norm after a conv2d/conv3d into the convolution, so outputs
        differ from the module's by float rounding; see `optimize_numerics`), a `torch._C.Graph` (see `lower_graph`), or an
        ATen-level `torch.fx.GraphModule` (make_fx, `ExportedProgram.graph_module`; imported by
        overload, graph_lower.fx). A GraphModule that writes its inputs comes back functional,
        with `aten.copy_` of each written input's new value at the end (report
        ["mutated_inputs"]), as AOTAutograd's epilogue; its nodes keep the stack_trace and
        nn_module_stack of the node they came from (graph_lower.fx.export_fx's origins).
    example_inputs: values of forward's arguments (without `self`; trailing arguments with
        defaults may be left out), or of the graph's inputs. Dense CPU tensors of any shape and
        dtype (a meta tensor stands for a CPU one of its metadata; not with `verify`), scalars,
        lists, None. For a GraphModule they default to tensors shaped as the
        placeholders' meta["val"] (floating point random normal with seed 0, other dtypes zeros).
    keep_ops: overloads the backend keeps besides the opset ("aten::linear",
        "aten::scaled_dot_product_attention", "aten::add.*"), a sequence or a comma-separated
        string.
    opset: None for core ATen; a path to an opset file (the CLI's --opset format); or a
        sequence of overload names, "core_aten" adding all of core ATen.
    strict: raise NotCoreAtenError when a non-core op is left (else they are kept and listed
        in report["non_core_ops"]).
    strict_glue: raise NotCoreAtenError when scalar, list or shape glue is left that nothing
        explains (no scalar or list input it depends on, no data read, no symbolic size):
        report["glue_left"] entries whose "why" is "nothing: it should have folded" (the CLI's
        --strict-glue).
    verify: run original and lowered programs on the example inputs in the JIT interpreter and
        raise VerificationError when an output differs (needs example inputs).
    unroll_loops: also without example inputs, unroll loops whose trip count is a constant,
        under 64 trips and 4,096 nodes unrolled (with example inputs they always are;
        lowering/pipeline.h LoweringOptions::unroll_loops).
    decomposition_table: None, "pytorch" (torch._decomp.core_aten_decompositions()), or a dict
        from torch.ops overloads to Python decompositions: one more source, tried after
        `decompositions` and before graph-lower's library and CIA kernels (graph_lower.
        decomp_table; needs example inputs, as entries are traced at the node's shapes).
    optimize_numerics: for a ScriptModule, whether freezing folds batch norms into the
        convolutions before them (True, torch.jit.freeze's default; ir/graph_io.h LoadOptions);
        False keeps each batch norm, to be decomposed (the CLI's --nooptimize-numerics). Other
        inputs are not frozen, so it does not apply to them.
    Raises ValueError for bad arguments (the message names the argument and the problem).
    """
    examples = _examples(example_inputs)
    if verify and examples is None and not isinstance(obj, torch.fx.GraphModule):
        raise ValueError("verify=True needs example_inputs")
    entries, path = _opset_args(opset)
    keep = _keep_ops_text(keep_ops)
    decomps = _decompositions(decompositions)
    _flag("verify", verify)
    _flag("unroll_loops", unroll_loops)
    _flag("strict", strict)
    _flag("strict_glue", strict_glue)
    _flag("optimize_numerics", optimize_numerics)
    if isinstance(obj, torch.jit.ScriptModule):
        cpp, text = _C.lower_module(obj._c, examples, keep, verify, unroll_loops, decomps,
                                    entries, path, _table_callback(decomposition_table),
                                    optimize_numerics)
        module = torch.jit._recursive.wrap_cpp_module(cpp)
        report = json.loads(text)
        _check(report, strict, verify, type(obj).__name__, strict_glue)
        return LoweringResult(module, module.forward.graph, report)
    if isinstance(obj, torch._C.Graph):
        graph, report = lower_graph(obj, examples, keep, verify, unroll_loops, decomps, opset,
                                    decomposition_table)
        _check(report, strict, verify, "graph", strict_glue)
        return LoweringResult(to_function(graph), graph, report)
    if isinstance(obj, torch.fx.GraphModule):
        imported = _fx.import_fx(obj)
        if examples is None:
            examples = _fx_examples(obj, imported)
            if verify and examples is None:
                raise ValueError("verify=True needs example_inputs (the GraphModule's "
                                 "placeholders carry no meta['val'])")
        graph, report = lower_graph(imported.graph, examples, keep, verify, unroll_loops,
                                    decomps, opset, decomposition_table)
        _check(report, strict, verify, "GraphModule", strict_glue)
        gm = _fx.export_fx(graph, imported.out_spec, imported.input_names,
                           report.get("mutated_inputs", ()), _fx_mutations,
                           origins=imported.origins)
        return LoweringResult(gm, graph, report)
    if isinstance(obj, torch.nn.Module):
        raise ValueError(f"lower: {type(obj).__name__} is an eager nn.Module; pass "
                         "torch.jit.script(m) or torch.jit.trace(m, inputs), an FX graph from "
                         "torch.export, or use torch.compile(m, backend='graph_lower')")
    if isinstance(obj, torch.jit.ScriptFunction):
        raise ValueError("lower: a torch.jit.ScriptFunction is lowered as its graph: pass "
                         "fn.graph (the result is then a ScriptFunction)")
    raise ValueError(f"lower: expected a torch.jit.ScriptModule, torch._C.Graph or "
                     f"torch.fx.GraphModule, got {type(obj).__name__}")


def run_decompositions(exported_program, keep_ops=(), opset=None, strict=False):
    """ExportedProgram.run_decompositions() through graph-lower; see graph_lower.export."""
    from . import export as _export

    return _export.run_decompositions(exported_program, keep_ops=keep_ops, opset=opset,
                                      strict=strict)


def _register_backend():
    try:
        from . import backend  # noqa: F401  (registers "graph_lower" with torch._dynamo)
    except ImportError:  # pragma: no cover - a torch without dynamo
        pass


_register_backend()

from .dispatch import decompose, decomposition_table  # noqa: E402  (needs the helpers above)
