"""`run_decompositions(ep)`: `torch.export.ExportedProgram.run_decompositions()` through graph-lower.

The exported program's ATen graph (`ep.graph_module`, parameters and buffers lifted to
placeholders) is imported by overload (graph_lower.fx), lowered to core ATen by the C++ pass and
exported back to FX; the result is a new ExportedProgram with

- kept: the graph signature (every placeholder keeps its name and role: parameter, buffer,
  lifted constant, user input; outputs keep their roles: user output, buffer mutation, user
  input mutation), the state dict, constants, range constraints, the module call graph and the
  example inputs;
- node metadata: every node has a `val` (a FakeTensor in the fake mode of the program's
  placeholders, made from the sizes, strides, dtype and device the C++ pass recorded, or by
  running the op on fake tensors where it recorded none); a node that is, or comes from the
  decomposition of, one node of the original keeps its `stack_trace`, `nn_module_stack`,
  `source_fn_stack` and `torch_fn` (graph_lower.fx); placeholders keep all of theirs;
- dynamic dims: the placeholders keep their symbolic `val`s and `range_constraints` are kept
  as they are. Shapes are computed at run time from `aten.sym_size.int` / `sym_stride.int` and
  SymInt arithmetic (`operator.mul`, ...), as torch.export's own graphs do; a branch of a
  decomposition on sizes that the symbols' ranges do not decide is taken as at the exported
  sizes and asserted (`aten._assert_scalar`). The report gains `symbolic_dims` (per user input,
  dim -> symbol) and `runtime_asserts`. docs/semantics.md, "Dynamic dims".
- not kept: higher-order ops (`cond`, `while_loop`, `wrap_with_*`), which raise ValueError.

Shapes are specialised on example values: the program's own parameters, buffers and constants,
and user inputs made from the placeholders' `val` (floating point random normal with seed 0,
other dtypes zeros) at the exported sizes; with dynamic dims, also at other sizes of them (each
symbol's hint plus one, minus one at the top of its range, and twice the hint plus one), and what
the runs agree on is specialised.

Raises ValueError for programs it cannot take (above), NotCoreAtenError under `strict` when an
op is left outside the opset.
"""

import copy

import torch
import torch.fx
from torch._guards import detect_fake_mode
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.export.graph_signature import (ExportGraphSignature, InputKind, InputSpec, OutputKind,
                                          OutputSpec, TensorArgument)

from . import fx as _fx

__all__ = ["run_decompositions"]


def _example_values(ep, sizes=None):
    """One value per placeholder: parameters, buffers and constants themselves; user inputs made
    from their `val`, symbolic sizes at their hints or, with `sizes` ({symbol: int}), at those."""
    sig = ep.graph_signature
    named = {}
    named.update({k: v for k, v in ep.state_dict.items()})
    named.update({k: v for k, v in ep.constants.items() if isinstance(v, torch.Tensor)})
    sources = {}
    sources.update(sig.inputs_to_parameters)
    sources.update(sig.inputs_to_buffers)
    sources.update(sig.inputs_to_lifted_tensor_constants)
    gen = torch.Generator().manual_seed(0)
    # The program's own example inputs (torch.export keeps them), for user inputs of their shape:
    # random or zero data may fail the program's checks on data (torch._check(n.item() >= 1)).
    given = {}
    examples = getattr(ep, "example_inputs", None)
    if examples is not None:
        leaves = [x for x in torch.utils._pytree.tree_leaves(examples)]
        users = [s.arg.name for s in sig.input_specs if s.kind == InputKind.USER_INPUT
                 and isinstance(s.arg, TensorArgument)]
        tensors = [x for x in leaves if isinstance(x, torch.Tensor)]
        if len(tensors) == len(users):
            given = dict(zip(users, tensors))
    values = []
    for node in ep.graph_module.graph.nodes:
        if node.op != "placeholder":
            continue
        if node.name in sources:
            values.append(named[sources[node.name]].detach())
            continue
        value = _fx.example_value(node, gen, "run_decompositions", sizes)
        example = given.get(node.name)
        if (isinstance(value, torch.Tensor) and isinstance(example, torch.Tensor)
                and example.shape == value.shape and example.dtype == value.dtype):
            value = example.detach().clone()
        if value is None:
            raise ValueError(f"run_decompositions: input {node.name} has no meta['val']")
        values.append(value)
    return values


class _ConstantLifter:
    """Makes each tensor constant the lowering added a lifted constant, as torch.export wants
    them: a placeholder `c_<target>` before the user inputs, a CONSTANT_TENSOR input spec, the
    value in `constants` (the _Exporter's `constant` callback)."""

    def __init__(self, sig, constants):
        self.sig = sig
        self.constants = constants
        self.exporter = None
        self.count = 0

    def __call__(self, tensor):
        fxg = self.exporter.fxg
        target = f"graph_lower_constant_{self.count}"
        self.count += 1
        while target in self.constants:
            target += "_"
        specs = self.sig.input_specs
        at = next((i for i, s in enumerate(specs) if s.kind == InputKind.USER_INPUT), len(specs))
        placeholders = [n for n in fxg.nodes if n.op == "placeholder"]
        if at < len(placeholders):
            with fxg.inserting_before(placeholders[at]):
                ph = fxg.placeholder(f"c_{target}")
        else:
            with fxg.inserting_after(placeholders[-1] if placeholders else None):
                ph = fxg.placeholder(f"c_{target}")
        self.constants[target] = tensor
        specs.insert(at, InputSpec(kind=InputKind.CONSTANT_TENSOR,
                                   arg=TensorArgument(name=ph.name), target=target,
                                   persistent=None))
        return ph


# CompositeImplicitAutograd overloads that choose between a view and a copy by the sizes.
_RESHAPES = {"aten::reshape", "aten::flatten.using_ints", "aten::reshape_as",
             "aten::contiguous"}


def _symbolic_cia_fallback(gm, mode, lowered, first):
    """CompositeImplicitAutograd ops left outside the opset with symbolic sizes (the library has
    no shape-generic form of them, and their kernels cannot be traced on concrete shapes) are
    replaced by their kernels traced on the symbols (graph_lower.fx.decompose_symbolic_cia), and
    the program is lowered again. The report names their source "cia-symbolic"; an op whose
    kernel would guard or specialise a symbol is left, with the reason in `undecomposable`."""
    report = first[2]
    new, failed = _fx.decompose_symbolic_cia(gm, set(report["non_core_ops"]), mode)
    if new is not None:
        try:
            again = lowered(new)
        except ValueError as e:  # a form import_fx does not take: the first lowering stands
            failed.update({name: f"ValueError: {e}" for name in new.decomposed})
        else:
            first, report = again, again[2]
            for name in new.decomposed:
                report["decompositions"][name] = "cia-symbolic"
    for name, reason in failed.items():
        report["undecomposable"].setdefault(name, []).append(
            f"cia-symbolic: its kernel on symbolic sizes: {reason}")
    return first


def run_decompositions(ep, keep_ops=(), opset=None, strict=False):
    """A new ExportedProgram whose graph holds only core ATen ops (and `keep_ops`).

    ep: a torch.export.ExportedProgram (static or dynamic shapes). keep_ops, opset, strict: as
    graph_lower.lower. The lowering report is attached as the result's `graph_lower_report`.
    """
    if not isinstance(ep, torch.export.ExportedProgram):
        raise ValueError(f"run_decompositions: expected a torch.export.ExportedProgram, got "
                         f"{type(ep).__name__}")
    with _fx.gc_paused():
        return _run_decompositions(ep, keep_ops, opset, strict)


def _run_decompositions(ep, keep_ops, opset, strict):
    from . import _check, lower_graph

    placeholders = [n for n in ep.graph_module.graph.nodes if n.op == "placeholder"]
    symbolic = _fx.symbolic_inputs(placeholders)
    examples = _example_values(ep)
    others = []
    if symbolic:
        others = [_example_values(ep, sizes)
                  for sizes in _fx.other_sizes(symbolic, ep.range_constraints.get)]
    originals = [n for n in ep.graph_module.graph.nodes if n.op == "placeholder"]
    mode = detect_fake_mode([n.meta.get("val") for n in originals])
    if mode is None:
        mode = FakeTensorMode(allow_non_fake_inputs=True)

    def lowered(gm):
        imported = _fx.import_fx(gm, examples)
        # With dynamic dims, loops over ranks (constant trip counts) are unrolled: FX has no
        # loops.
        return (imported, *lower_graph(imported.graph, examples, keep_ops, opset=opset,
                                       unroll_loops=bool(symbolic), inputs_at_other_sizes=others))

    gm, first = ep.graph_module, set()
    if symbolic:
        # Reshapes decided as torch.export decides them on symbolic sizes (a view where the
        # strides allow one for every size, else a copy): the library's stride walk compares
        # sizes, and a comparison the ranges do not decide would become a run-time assert
        # refusing sizes in range (s1 < 4, s0 != s1 on an attention block's reshapes).
        new, _ = _fx.decompose_symbolic_cia(gm, _RESHAPES, mode)
        if new is not None:
            gm, first = new, new.decomposed
    imported, graph, report = lowered(gm)
    if symbolic and report.get("non_core_ops"):
        imported, graph, report = _symbolic_cia_fallback(gm, mode, lowered,
                                                         (imported, graph, report))
    for name in first:
        report["decompositions"][name] = "cia-symbolic"
    _check(report, strict, False, "run_decompositions")
    # A copy of the signature whose specs this function may change (their arguments are
    # replaced, never changed in place); a deep copy took a fifth of a call on 4,096 parameters.
    sig = ExportGraphSignature(input_specs=[copy.copy(s) for s in ep.graph_signature.input_specs],
                               output_specs=[copy.copy(s) for s in
                                             ep.graph_signature.output_specs])
    constants = dict(ep.constants)
    lifter = _ConstantLifter(sig, constants)
    exporter = _fx._Exporter(graph, imported.input_names, imported.origins, mode,
                             [dict(n.meta) for n in originals], lifter)
    lifter.exporter = exporter
    results = exporter.run()
    # Writes the graph made in place (the training IR torch.export gives in 2.6 updates
    # BatchNorm's buffers with add_ and batch_norm) are now outputs, first, as run_decompositions
    # makes them: BUFFER_MUTATION for buffers, USER_INPUT_MUTATION for user inputs.
    mutated = report.get("mutated_inputs", [])
    exporter.output(results, mutated, "return", imported.out_spec)
    gm_graph = exporter.fxg
    if symbolic:
        # Shape glue the export decided (branch conditions) is left unused.
        gm_graph.eliminate_dead_code()
    # FX renames a placeholder named as a Python builtin (`input` -> `input_1`); torch.export
    # keeps such names (the generated forward's argument shadows the builtin), and so do we.
    for ph, original in zip(exporter.env, originals):
        if ph.name != original.name:
            ph.name = original.name
    placeholders = [n for n in gm_graph.nodes if n.op == "placeholder"]
    for spec, ph in zip(sig.input_specs, placeholders):
        if isinstance(spec.arg, TensorArgument):
            spec.arg = TensorArgument(name=ph.name)
    outputs = gm_graph.output_node().args[0]
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    kinds = {s.arg.name: s for s in sig.input_specs if isinstance(s.arg, TensorArgument)}
    new_specs = []
    for name in mutated:
        spec = kinds.get(name)
        if spec is None or spec.kind not in (InputKind.BUFFER, InputKind.USER_INPUT):
            raise ValueError(f"run_decompositions: the program writes input {name}, which is "
                             "not a buffer or user input")
        kind = (OutputKind.BUFFER_MUTATION if spec.kind == InputKind.BUFFER
                else OutputKind.USER_INPUT_MUTATION)
        new_specs.append(OutputSpec(kind=kind, arg=TensorArgument(name=name),
                                    target=spec.target if spec.kind == InputKind.BUFFER
                                    else name))
    sig.output_specs[:0] = new_specs
    if len(outputs) != len(sig.output_specs):
        raise RuntimeError(f"run_decompositions: the lowered graph has {len(outputs)} outputs, "
                           f"the signature {len(sig.output_specs)}")
    for spec, out in zip(sig.output_specs, outputs):
        if isinstance(spec.arg, TensorArgument):
            if not isinstance(out, torch.fx.Node):
                raise RuntimeError(f"run_decompositions: output {spec.arg.name} became a "
                                   f"constant ({out!r})")
            spec.arg = TensorArgument(name=out.name)
    # The graph is handed over as it is: ExportedProgram makes the one GraphModule (and code)
    # of it; lifted constants leave it no attribute to read.
    new = torch.export.ExportedProgram(
        root=exporter.root,
        graph=gm_graph,
        graph_signature=sig,
        state_dict=ep.state_dict,
        range_constraints=ep.range_constraints,
        module_call_graph=copy.deepcopy(ep.module_call_graph),
        example_inputs=ep.example_inputs,
        constants=constants,
    )
    new.graph_module.meta.update(ep.graph_module.meta)
    report["symbolic_dims"] = _fx.symbolic_dims_report(symbolic)
    report["runtime_asserts"] = list(exporter.asserts)
    new.graph_lower_report = report
    return new
