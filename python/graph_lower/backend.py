"""The `torch.compile` backend "graph_lower".

`torch.compile(model, backend="graph_lower")`: each FX graph dynamo hands over (one per graph
break) is compiled lazily, on its first call, for the concrete inputs of that call:

1. traced to ATen level with `make_fx` on those inputs (CompositeImplicitAutograd ops decompose
   during tracing, as in AOTAutograd);
2. imported into TorchScript IR by overload (graph_lower.fx.import_fx);
3. lowered to core ATen by the C++ pass, with those inputs as example inputs;
4. run as a torch.fx.GraphModule of ATen overload calls (graph_lower.fx.export_fx), as aot_eager
   runs its graphs; a lowered graph that keeps control flow (prim::If or prim::Loop, which have
   no FX form) runs in libtorch's JIT interpreter instead (`torch._C._create_function_from_graph`).
   The report's `runner` says which: "fx" or "torchscript" (with `runner_reason`).

A compiled graph is cached per input signature (shapes, strides, dtypes, devices, requires_grad,
and the values of non-tensor inputs), so new shapes a static graph is called with are lowered
again for the sizes seen (an inference graph with static shapes and only tensor inputs, which
dynamo's guards keep to one signature, skips the lookup). A graph that reads a 0-d tensor
input's value (dynamo passes a float argument so once its value changed) where tracing must know
it (x.pow(a) asks a == 1.0) is lowered per value too; its report lists those inputs as
`specialized_inputs`. An inference graph with symbolic sizes
(`dynamic=True`, or dynamo's automatic dynamic shapes after a size changed) is lowered once, when
compiled, with those dims symbolic, and serves every size (_DynamicGraph; its report has
`symbolic_dims`); so are the forward and backward graphs of a training graph with symbolic
sizes (their *_backward ops decomposed by PyTorch's table as AOTAutograd traces). Writes the
graph makes to its inputs (BatchNorm's running statistics in training mode) are returned by the
lowered graph and copied back into the caller's tensors.

Inference and training both work. With grad mode on and an input that requires grad
(dynamo passes parameters as inputs), the graph goes through AOTAutograd
(torch._dynamo.backends.common.aot_autograd), which splits it into a forward and a backward graph
at ATen level, honouring `detach` and `no_grad` regions, and runs them in an autograd.Function;
both are lowered as above (reports carry `phase`: "inference", "forward" or "backward").
Backward graphs also use PyTorch's decomposition table (torch._decomp.core_aten_decompositions)
as a source, for the `*_backward` ops graph-lower's library does not decompose.

`make_backend(compiler, keep_ops=(), opset=None)` builds the same backend around someone else's
compiler: each lowered graph is handed to `compiler(gm, example_inputs)` as a GraphModule of
core-ATen OpOverload calls (or ops in keep_ops / opset), each node with meta["val"], and the
callable it returns runs the graph (the contract of AOTAutograd's fw_compiler; see its doc).

`reports()` returns the lowering report (dict, as graph_lower.lower's) of every graph lowered in
this process, in order, each with `graph_id` (which dynamo graph) and `input_signature` added.
Ops left outside core ATen are kept and run (listed in the report's `non_core_ops`); set
`graph_lower.backend.strict = True` to raise graph_lower.NotCoreAtenError instead.
"""

import itertools
import logging
import threading
from typing import Any, Dict, List

import torch
import torch.utils._pytree as pytree
from torch.fx.experimental.proxy_tensor import make_fx

from . import fx as _fx

__all__ = ["graph_lower_backend", "make_backend", "reports", "clear_reports", "strict"]

strict = False
_REPORTS: List[Dict[str, Any]] = []
_LOCK = threading.Lock()
_LOWER_LOCK = threading.Lock()
_IDS = itertools.count()


def reports() -> List[Dict[str, Any]]:
    """The report of every graph the backend lowered in this process, oldest first."""
    with _LOCK:
        return list(_REPORTS)


def clear_reports() -> None:
    """Forgets the reports collected so far."""
    with _LOCK:
        _REPORTS.clear()


_TABLE = None


def _pytorch_table():
    global _TABLE
    if _TABLE is None:
        from . import decomp_table

        _TABLE = decomp_table.pytorch_table()
    return _TABLE


def _backward_table():
    """The entries of PyTorch's decomposition table for *_backward overloads."""
    return {op: fn for op, fn in _pytorch_table().items()
            if op._schema.name.endswith("_backward")}


def _signature(args):
    sig = []
    for a in args:
        if isinstance(a, torch.Tensor):
            sig.append(("T", tuple(a.shape), tuple(a.stride()), a.dtype, a.device.type,
                        a.requires_grad))
        else:
            sig.append(("V", type(a).__name__, a))
    return tuple(sig)


def _record(report, graph_id):
    """Keeps a lowering's report for reports(); under `strict`, raises NotCoreAtenError when
    ops outside core ATen are left."""
    from . import NotCoreAtenError

    with _LOCK:
        _REPORTS.append(report)
    if strict and report["non_core_ops"]:
        raise NotCoreAtenError(
            f"graph_lower backend: graph {graph_id}: ops outside core ATen are left: "
            f"{', '.join(report['non_core_ops'])}", report)


class _Lowered:
    """One lowered specialisation: the function that runs it (an FX GraphModule or a JIT
    function) and how to map its outputs back."""

    def __init__(self, function, out_spec, n_outputs, mutated):
        self.function = function
        self.out_spec = out_spec
        self.n_outputs = n_outputs
        self.mutated = mutated  # input positions whose new values follow the outputs

    def __call__(self, args):
        # The inputs the graph writes go in as copies: autograd may save them for the backward
        # pass (batch norm saves its running statistics), and writing the caller's tensor
        # afterwards must not change what was saved.
        run_args = list(args)
        for index in self.mutated:
            run_args[index] = args[index].clone()
        result = self.function(*run_args)
        flat = list(result) if isinstance(result, (tuple, list)) else [result]
        outputs, new_values = flat[:self.n_outputs], flat[self.n_outputs:]
        for index, value in zip(self.mutated, new_values):
            with torch.no_grad():
                args[index].copy_(value)
        return pytree.tree_unflatten(outputs, self.out_spec)


class _Options:
    """make_backend's arguments: the user's compiler and the opset it takes."""

    def __init__(self, compiler=None, keep_ops=(), opset=None):
        self.compiler = compiler
        self.keep_ops = keep_ops
        self.opset = opset

    def compile(self, function, example_inputs, report):
        """The callable that runs lowered FX graph `function`: the user's compiler's result, or
        `function` itself."""
        if self.compiler is None:
            return function
        name = getattr(self.compiler, "__name__", type(self.compiler).__name__)
        # AOTAutograd's graphs return a tuple, one output too (the contract's flat tuple).
        output = next(n for n in reversed(function.graph.nodes) if n.op == "output")
        if not isinstance(output.args[0], (tuple, list)):
            output.args = ((output.args[0],),)
            function.recompile()
        compiled = self.compiler(function, list(example_inputs))
        if not callable(compiled):
            raise TypeError(f"make_backend: {name}(gm, example_inputs) returned a value of "
                            f"type {type(compiled).__name__}, which is not callable")
        report["compiler"] = name
        if getattr(compiled, "_boxed_call", False):
            # functorch.compile.make_boxed_func's convention: the inputs come as one list.
            boxed = compiled
            return lambda *args: boxed(list(args))
        return compiled


_DEFAULT_OPTIONS = _Options()


class _CompiledGraph:
    """The callable handed back to dynamo for one FX graph."""

    def __init__(self, gm: torch.fx.GraphModule, phase: str, static: bool = False,
                 options: _Options = _DEFAULT_OPTIONS):
        self.gm = gm
        self.options = options
        self.phase = phase  # "inference", or "forward" / "backward" of a training graph
        self.graph_id = next(_IDS)
        self.cache: Dict[Any, _Lowered] = {}
        # A graph dynamo traced with static shapes and only tensor inputs is called only with
        # inputs its guards matched: the sizes, strides, dtypes, devices and requires_grad it
        # was traced with (torch/_dynamo/guards.py, TENSOR_MATCH). Its one lowering is then
        # used without computing the signature (about 1 us per input, 73 inputs for a 6-layer
        # encoder whose call takes 2.5 ms).
        self.static = static
        self.only = None
        self.fallback = None  # why a graph with symbolic sizes is lowered per signature
        # Inputs whose values are part of the signature: 0-d tensors the graph reads with
        # .item() (dynamo passes a float argument so once its value changed), when tracing with
        # the value symbolic needed a guard on it (x.pow(a) asks a == 1.0) or left a Python call
        # on it (round(a, 2)).
        self.read_inputs = []

    def _key(self, args):
        signature = _signature(args)
        if self.read_inputs:
            signature += tuple(("value", args[i].item()) for i in self.read_inputs)
        return signature

    def _trace(self, args):
        """make_fx's ATen graph of self.gm on fake copies of `args`; the values read from 0-d
        inputs become constants when a symbolic value would need a guard."""
        from torch.fx.experimental.symbolic_shapes import GuardOnDataDependentSymNode

        # Traced on fake tensors: nothing is computed and nothing the graph writes is written.
        # Grad mode off: make_fx records the forward ops; autograd is recorded when the lowered
        # graph runs.
        with torch.no_grad():
            if not self.read_inputs:
                reads = _value_reads(self.gm)
                if not reads:
                    return make_fx(self.gm, tracing_mode="fake")(*args)
                # The shape environment and FakeTensorMode log the failed guard as errors
                # before raising it.
                loggers = [logging.getLogger(name) for name in (
                    "torch._subclasses.fake_tensor", "torch.fx.experimental.symbolic_shapes",
                    "torch.fx.experimental.recording")]
                levels = [logger.level for logger in loggers]
                for logger in loggers:
                    logger.setLevel(logging.CRITICAL)
                try:
                    return make_fx(self.gm, tracing_mode="fake")(*args)
                except GuardOnDataDependentSymNode:
                    self.read_inputs = reads
                    self.static = False
                finally:
                    for logger, level in zip(loggers, levels):
                        logger.setLevel(level)
            return make_fx(_with_values(self.gm, self.read_inputs, args),
                           tracing_mode="fake")(*args)

    def lower(self, args, signature):
        from . import lower_graph

        aten = self._trace(args)
        try:
            imported = _fx.import_fx(aten, args)
        except ValueError:
            # A Python call on a value read from an input (round(a, 2) on a symbolic float)
            # has no TorchScript form: the value becomes a constant, as above.
            reads = [] if self.read_inputs else _value_reads(self.gm)
            if not reads:
                raise
            self.read_inputs = reads
            self.static = False
            aten = self._trace(args)
            imported = _fx.import_fx(aten, args)
        # Lowering runs the graph on its example inputs: on copies, so that a graph that writes
        # its inputs (BatchNorm's running statistics) does not write the caller's tensors.
        examples = [a.detach().clone() if isinstance(a, torch.Tensor) else a for a in args]
        # Backward graphs hold *_backward ops (native_batch_norm_backward, threshold_backward,
        # gelu_backward) that graph-lower's library does not cover; PyTorch's decomposition table
        # does (graph_lower.decomp_table). Measured on resnet18's parameter gradients: the same
        # largest error against float64 as eager float32 (5.6e-2 of each tensor's largest
        # gradient, both).
        table = _pytorch_table() if self.phase == "backward" else None
        with torch.no_grad():
            graph, report = lower_graph(imported.graph, examples, keep_ops=self.options.keep_ops,
                                        opset=self.options.opset, decomposition_table=table)
        report["graph_id"] = self.graph_id
        report["phase"] = self.phase
        if self.read_inputs:
            report["specialized_inputs"] = list(self.read_inputs)
        if self.fallback is not None:
            report["dynamic_fallback"] = self.fallback
        report["input_signature"] = [repr(s) for s in signature]
        _record(report, self.graph_id)
        names = [i.debugName() for i in imported.graph.inputs()]
        mutated = [names.index(n) for n in report.get("mutated_inputs", [])]
        # The lowered graph returns the imported graph's outputs, then the new values of the
        # inputs it wrote (docs/semantics.md), packed in one tuple when there was one output.
        n_outputs = len(list(imported.graph.outputs()))
        try:
            # Plain calls of ATen overloads, as aot_eager runs them: no TorchScript interpreter.
            # A user's compiler gets each node's meta["val"] (FakeTensors of a mode of its own).
            fake_mode = None
            if self.options.compiler is not None:
                from torch._subclasses.fake_tensor import FakeTensorMode
                from torch.fx.experimental.symbolic_shapes import ShapeEnv

                # A shape environment gives data-dependent sizes (nonzero, a boolean mask's
                # index) unbacked symbols, as AOTAutograd's vals have them.
                fake_mode = FakeTensorMode(shape_env=ShapeEnv())
            function = _fx.export_fx(graph, fake_mode=fake_mode)
            report["runner"] = "fx"
            if fake_mode is not None:
                # Inputs whose TorchScript type gives no val (a size dynamo passes as an int
                # argument): the value lowered for.
                placeholders = [n for n in function.graph.nodes if n.op == "placeholder"]
                for ph, a in zip(placeholders, examples):
                    if "val" not in ph.meta:
                        ph.meta["val"] = (fake_mode.from_tensor(a, static_shapes=True)
                                          if isinstance(a, torch.Tensor) else a)
        except ValueError as e:
            # Control flow (prim::If, prim::Loop) has no FX form: the JIT interpreter runs it,
            # and a user's compiler is not called (the report says so).
            from . import to_function

            function = to_function(graph, f"graph_lower_{self.graph_id}")
            report["runner"] = "torchscript"
            report["runner_reason"] = str(e)
            return _Lowered(function, imported.out_spec, n_outputs, mutated)
        function = self.options.compile(function, examples, report)
        return _Lowered(function, imported.out_spec, n_outputs, mutated)

    def __call__(self, *args):
        if self.only is not None:
            return self.only(list(args))
        signature = self._key(args)
        lowered = self.cache.get(signature)
        if lowered is None:
            # One lowering at a time in the process: make_fx's fake mode and tracing state
            # are global, and graphs first called from several threads at once crashed it.
            with _LOWER_LOCK:
                lowered = self.cache.get(self._key(args))
                if lowered is None:
                    lowered = self.lower(args, signature)
                    # Keyed after lowering, which may have made input values part of the key.
                    self.cache[self._key(args)] = lowered
                    if self.static:
                        self.only = lowered
        return lowered(list(args))


def _value_reads(gm):
    """The positions of gm's 0-d tensor inputs it reads a value from (Tensor.item,
    aten._local_scalar_dense)."""
    reads = []
    for i, p in enumerate(n for n in gm.graph.nodes if n.op == "placeholder"):
        val = p.meta.get("example_value", p.meta.get("val"))
        if val is not None and getattr(val, "ndim", None) != 0:
            continue
        if any(_is_value_read(u) for u in p.users):
            reads.append(i)
    return reads


def _is_value_read(node):
    return (node.op == "call_method" and node.target == "item") or (
        node.op == "call_function" and node.target in (
            torch.ops.aten._local_scalar_dense.default, torch.ops.aten.item.default))


def _with_values(gm, positions, args):
    """A copy of gm in which the values read from the inputs at `positions` are constants: the
    values those inputs have in `args`."""
    import copy

    graph = copy.deepcopy(gm.graph)
    placeholders = [n for n in graph.nodes if n.op == "placeholder"]
    for i in positions:
        value = args[i].item()
        for read in [u for u in placeholders[i].users if _is_value_read(u)]:
            for user in list(read.users):
                user.args = torch.fx.node.map_arg(user.args, lambda a: value if a is read else a)
                user.kwargs = torch.fx.node.map_arg(user.kwargs,
                                                    lambda a: value if a is read else a)
            graph.erase_node(read)
    return torch.fx.GraphModule(gm, graph)


class _DynamicGraph:
    """A graph with symbolic sizes (torch.compile(dynamic=True), or the graph dynamo
    traces again with dynamic dims after a size changed), lowered once, when compiled, for every
    size: AOTAutograd's ATen graph of it (parameters lifted to inputs, each value's `val` with
    the symbols) is lowered with the dims symbolic, as run_decompositions does for a dynamic
    program (docs/semantics.md, "Dynamic dims"), and run as an FX GraphModule that reads the
    sizes when it runs (aten.sym_size.int, ...). The report's `symbolic_dims` names the symbolic
    dims of each input, `runtime_asserts` the branches on sizes it asserts."""

    def __init__(self, g: torch.fx.GraphModule, phase: str = "inference",
                 options: _Options = _DEFAULT_OPTIONS):
        self.graph_id = next(_IDS)
        self.phase = phase
        self.options = options
        self.pending = None  # (gm, example values, report) for the user's compiler
        from torch._subclasses.fake_tensor import unset_fake_temporarily

        # AOTAutograd compiles under its fake mode: example values and the FakeTensors of the
        # export are made outside it (the export enters the graph's own mode where it runs ops).
        with _LOWER_LOCK, unset_fake_temporarily():
            self.run = self.lower(g)

    def lower(self, g):
        from torch._guards import detect_fake_mode

        from . import lower_graph

        placeholders = [n for n in g.graph.nodes if n.op == "placeholder"]
        symbolic = _fx.symbolic_inputs(placeholders)
        env = next(iter(symbolic.values()))[0][1].node.shape_env
        sets = []
        for at in [None] + _fx.other_sizes(symbolic, env.var_to_range.get):
            gen = torch.Generator().manual_seed(0)
            sets.append([_fx.example_value(n, gen, "graph_lower backend", at)
                         for n in placeholders])
        imported = _fx.import_fx(g, sets[0])
        with torch.no_grad():
            graph, report = lower_graph(imported.graph, sets[0], unroll_loops=True,
                                        inputs_at_other_sizes=sets[1:],
                                        keep_ops=self.options.keep_ops, opset=self.options.opset)
        names = [i.debugName() for i in imported.graph.inputs()]
        mutated = [names.index(n) for n in report.get("mutated_inputs", [])]
        n_outputs = len(list(imported.graph.outputs()))
        mode = detect_fake_mode([n.meta.get("val") for n in placeholders])
        exporter = _fx._Exporter(graph, imported.input_names, imported.origins, mode,
                                 [dict(n.meta) for n in placeholders])
        exporter.output(exporter.run(), [], "copy_", None)
        exporter.fxg.eliminate_dead_code()
        function = torch.fx.GraphModule(exporter.root, exporter.fxg)
        report.update(graph_id=self.graph_id, phase=self.phase, runner="fx",
                      input_signature=["dynamic"],
                      symbolic_dims=_fx.symbolic_dims_report(symbolic),
                      runtime_asserts=list(exporter.asserts))
        _record(report, self.graph_id)
        if self.options.compiler is not None:
            # The user's compiler is called on the first call, as for graphs of static shapes,
            # so that what it raises reaches the caller as it is in both cases (dynamo would
            # wrap it in BackendCompilerFailed now).
            self.pending = (function, [n.meta.get("val") for n in function.graph.nodes
                                       if n.op == "placeholder"], report)
        return _Lowered(function, imported.out_spec, n_outputs, mutated)

    def __call__(self, *args):
        if self.pending is not None:
            with _LOWER_LOCK:
                if self.pending is not None:
                    self.run.function = self.options.compile(*self.pending)
                    self.pending = None
        return self.run(list(args))


def _dynamic_or_per_signature(g, phase, options=_DEFAULT_OPTIONS):
    """_DynamicGraph(g, phase), or, when the lowering with symbolic dims fails (a decomposition
    lays a tensor out otherwise than eager and the graph views it: the lowering restrides
    results only where sizes are known), the graph lowered per input signature as static
    graphs are; its reports give the reason as `dynamic_fallback`."""
    try:
        return _DynamicGraph(g, phase, options)
    except Exception as e:  # noqa: BLE001 - any failure of the symbolic lowering
        compiled = _CompiledGraph(g, phase, options=options)
        compiled.fallback = f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
        return compiled


def _symbolic(example_inputs):
    return any(isinstance(e, torch.SymInt) or (isinstance(e, torch.Tensor) and any(
        isinstance(d, torch.SymInt) for d in (*e.shape, *e.stride()))) for e in example_inputs)


def graph_lower_backend(gm: torch.fx.GraphModule, example_inputs, **kwargs):
    """The dynamo backend: returns a callable that lowers `gm` on its first call (module doc)."""
    return _backend(gm, example_inputs, _DEFAULT_OPTIONS, **kwargs)


def make_backend(compiler, *, keep_ops=(), opset=None):
    """A dynamo backend that lowers each graph to core ATen and hands it to `compiler`.

    compiler: called as `compiler(gm, example_inputs)` once per lowered graph, as AOTAutograd
        calls its fw_compiler / bw_compiler (torch/_functorch/aot_autograd.py), so a backend
        written for `aot_autograd(fw_compiler=...)` switches with one line. `gm` is a
        torch.fx.GraphModule whose call_function nodes are core-ATen `torch._ops.OpOverload`s
        (or overloads in `keep_ops` / `opset`) and `operator.getitem`, each node with
        meta["val"] (a FakeTensor, or a tuple of them); its placeholders are the graph's flat
        inputs (in training, AOTAutograd's forward and backward graphs: parameters and
        activations included) and it returns a flat tuple: the graph's outputs, then the new
        values of the inputs it writes (which the backend copies back into the caller's
        tensors, as for backend="graph_lower"). Graphs with symbolic sizes also hold the size
        queries and int arithmetic the sizes need (aten.sym_size.int, operator.mul, ...), as
        AOTAutograd's do; graphs with data-dependent sizes (dynamo's
        capture_dynamic_output_shape_ops, capture_scalar_outputs) hold the reads
        (aten._local_scalar_dense) and the checks on them AOTAutograd's graphs hold
        (operator.ge / operator.le on SymInts, then aten._assert_scalar, which returns nothing
        and is the one node without meta["val"]). `example_inputs`: the tensors and numbers it is lowered for (copies of
        the real inputs for graphs of static shapes, FakeTensors with symbolic sizes for dynamic
        ones). Whatever callable it returns is called with the graph's inputs as positional
        arguments, or as one list when it is boxed (functorch.compile.make_boxed_func), and may
        return a tuple or a list. An exception the compiler raises reaches the caller as it is.
        `compiler` is called on a graph's first call: per input signature for static shapes,
        once for symbolic sizes (lowered when dynamo compiles them), so that a TypeError or
        anything else it raises reaches the caller unwrapped. A lowered graph that
        keeps control flow (prim::If, prim::Loop: no FX form) runs in TorchScript's interpreter
        and `compiler` is not called for it; its report's runner is "torchscript".
    keep_ops, opset: the opset `compiler` takes, as for `graph_lower.lower`. A
        CompositeImplicitAutograd overload (aten::linear) cannot be kept: AOTAutograd's tracing
        (make_fx) decomposes it before graph-lower sees the graph, as with aot_autograd.

    Returns the backend: `torch.compile(model, backend=make_backend(my_compiler))`.
    Raises TypeError when `compiler` is not callable (and, when a graph is compiled, when what
    it returns is not callable); ValueError when keep_ops or opset names no operator or is not a
    sequence of names (as `lower` raises).
    """
    if not callable(compiler):
        raise TypeError(f"make_backend: compiler must be callable, got a "
                        f"{type(compiler).__name__}")
    from .dispatch import decomposition_table

    decomposition_table(keep_ops, opset)  # ValueError for an unknown operator, now
    options = _Options(compiler, keep_ops, opset)

    def backend(gm: torch.fx.GraphModule, example_inputs, **kwargs):
        return _backend(gm, example_inputs, options, **kwargs)

    backend.__name__ = f"graph_lower_{getattr(compiler, '__name__', 'compiler')}"
    return backend


def _backend(gm, example_inputs, options, **kwargs):
    if kwargs.get("options"):
        raise ValueError(f"graph_lower backend: unknown options {sorted(kwargs['options'])}")
    needs_grad = torch.is_grad_enabled() and any(
        isinstance(e, torch.Tensor) and e.requires_grad for e in example_inputs)
    from functorch.compile import make_boxed_func
    from torch._dynamo.backends.common import aot_autograd

    if not needs_grad and _symbolic(example_inputs):
        # Symbolic sizes: lowered once for every size, on AOTAutograd's ATen graph.
        def dynamic(g, _):
            return make_boxed_func(_dynamic_or_per_signature(g, "inference", options))

        return aot_autograd(fw_compiler=dynamic, inference_compiler=dynamic,
                            keep_inference_input_mutations=True)(gm, example_inputs)
    if not needs_grad:
        static = all(isinstance(e, torch.Tensor) for e in example_inputs)
        return _CompiledGraph(gm, "inference", static, options)
    if _symbolic(example_inputs):
        # Training with symbolic sizes: the forward and backward graphs are each lowered once,
        # as inference graphs are. The *_backward ops are decomposed by PyTorch's table while
        # AOTAutograd traces (on the symbols): the engine's Python-table source needs concrete
        # shapes.
        def dynamic_phase(phase):
            return lambda g, _: make_boxed_func(_dynamic_or_per_signature(g, phase, options))

        return aot_autograd(fw_compiler=dynamic_phase("forward"),
                            bw_compiler=dynamic_phase("backward"),
                            inference_compiler=dynamic_phase("inference"),
                            decompositions=_backward_table(),
                            keep_inference_input_mutations=True)(gm, example_inputs)
    # Training: AOTAutograd splits the graph into a forward and a backward graph at ATen level
    # (honouring detach and no_grad regions inside the graph) and runs them inside an
    # autograd.Function; both are lowered.

    def compiler(phase):
        return lambda g, _: make_boxed_func(_CompiledGraph(g, phase, options=options))

    return aot_autograd(fw_compiler=compiler("forward"), bw_compiler=compiler("backward"),
                        inference_compiler=compiler("inference"), partition_fn=_partition,
                        keep_inference_input_mutations=True)(gm, example_inputs)


def _partition(joint, joint_inputs, **kwargs):
    """AOTAutograd's default partition (the forward saves what the backward reads), or, where
    it cannot save a value (a float read from a tensor, `.item()` of a float argument dynamo
    wrapped: an assertion in torch/_functorch/partitioners.py), the min-cut partition aot_eager
    and inductor use."""
    from torch._functorch.partitioners import (default_partition,
                                               min_cut_rematerialization_partition)

    try:
        return default_partition(joint, joint_inputs, **kwargs)
    except AssertionError:
        return min_cut_rematerialization_partition(joint, joint_inputs, **kwargs)


def _register():
    from torch._dynamo.backends.registry import _BACKENDS, register_backend

    if "graph_lower" not in _BACKENDS:
        register_backend(compiler_fn=graph_lower_backend, name="graph_lower")


_register()
