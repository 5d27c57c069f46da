"""`run_decompositions(ep)`: `torch.export.ExportedProgram.run_decompositions()` through graph-lower.

The exported program's ATen graph (`ep.graph_module`, parameters and buffers lifted to
placeholders) is imported by overload (graph_lower.fx), lowered to core ATen by the C++ pass and
exported back to FX; the result is a new ExportedProgram with

- kept: the graph signature (every placeholder keeps its name and role: parameter, buffer,
  lifted constant, user input; outputs keep their roles: user output, buffer mutation, user
  input mutation), the state dict, constants, range constraints, the module call graph and the
  example inputs;
- not kept: node metadata other than `val` (stack traces, `nn_module_stack`, `source_fn_stack`
  are dropped; `val` is recomputed with FakeTensorProp), symbolic shapes (programs exported with
  dynamic shapes are refused: the pass specialises shapes), and higher-order ops (`cond`,
  `while_loop`, `wrap_with_*`), which raise ValueError.

Shapes are specialised on example values: the program's own parameters, buffers and constants,
and user inputs made from the placeholders' `val` (floating point random normal with seed 0,
other dtypes zeros).

Raises ValueError for programs it cannot take (above), NotCoreAtenError under `strict` when an
op is left outside the opset.
"""

import copy

import torch
import torch.fx
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.export.graph_signature import InputKind, InputSpec, OutputKind, OutputSpec, TensorArgument
from torch.fx.passes.fake_tensor_prop import FakeTensorProp

from . import fx as _fx

__all__ = ["run_decompositions"]


def _example_values(ep):
    sig = ep.graph_signature
    named = {}
    named.update({k: v for k, v in ep.state_dict.items()})
    named.update({k: v for k, v in ep.constants.items() if isinstance(v, torch.Tensor)})
    sources = {}
    sources.update(sig.inputs_to_parameters)
    sources.update(sig.inputs_to_buffers)
    sources.update(sig.inputs_to_lifted_tensor_constants)
    gen = torch.Generator().manual_seed(0)
    values = []
    for node in ep.graph_module.graph.nodes:
        if node.op != "placeholder":
            continue
        if node.name in sources:
            values.append(named[sources[node.name]].detach())
            continue
        value = _fx.example_value(node, gen, "run_decompositions")
        if value is None:
            raise ValueError(f"run_decompositions: input {node.name} has no meta['val']")
        values.append(value)
    return values


def _lift_constants(gm, sig, constants, examples):
    """Makes the tensor constants lowering added (get_attr) lifted constants, as torch.export
    wants them: placeholders before the user inputs, CONSTANT_TENSOR input specs, values in
    `constants`. Returns the example values with theirs inserted."""
    reads = [n for n in gm.graph.nodes if n.op == "get_attr"]
    if not reads:
        return examples
    placeholders = [n for n in gm.graph.nodes if n.op == "placeholder"]
    user = [i for i, spec in enumerate(sig.input_specs) if spec.kind == InputKind.USER_INPUT]
    at = user[0] if user else len(placeholders)
    examples = list(examples)
    for k, read in enumerate(reads):
        value = getattr(gm, read.target)
        target = f"graph_lower_constant_{k}"
        while target in constants:
            target += "_"
        anchor = placeholders[at] if at < len(placeholders) else None
        if anchor is not None:
            with gm.graph.inserting_before(anchor):
                ph = gm.graph.placeholder(f"c_{target}")
        else:
            with gm.graph.inserting_after(placeholders[-1] if placeholders else None):
                ph = gm.graph.placeholder(f"c_{target}")
        read.replace_all_uses_with(ph)
        gm.graph.erase_node(read)
        delattr(gm, read.target)
        constants[target] = value
        sig.input_specs.insert(at, InputSpec(kind=InputKind.CONSTANT_TENSOR,
                                             arg=TensorArgument(name=ph.name), target=target,
                                             persistent=None))
        examples.insert(at, value)
        placeholders.insert(at, ph)
        at += 1
    gm.recompile()
    return examples


def run_decompositions(ep, keep_ops=(), opset=None, strict=False):
    """A new ExportedProgram whose graph holds only core ATen ops (and `keep_ops`).

    ep: a torch.export.ExportedProgram (static shapes). keep_ops, opset, strict: as
    graph_lower.lower. The lowering report is attached as the result's `graph_lower_report`.
    """
    from . import lower

    if not isinstance(ep, torch.export.ExportedProgram):
        raise ValueError(f"run_decompositions: expected a torch.export.ExportedProgram, got "
                         f"{type(ep).__name__}")
    examples = _example_values(ep)
    result = lower(ep.graph_module, example_inputs=examples, keep_ops=keep_ops, opset=opset,
                   strict=strict, _fx_mutations="return")
    gm = result.module
    sig = copy.deepcopy(ep.graph_signature)
    constants = dict(ep.constants)
    examples = _lift_constants(gm, sig, constants, examples)
    # Every node's `val`, as torch.export's verifier and later passes expect.
    with FakeTensorMode(allow_non_fake_inputs=True) as mode:
        fakes = [mode.from_tensor(x) if isinstance(x, torch.Tensor) else x for x in examples]
        FakeTensorProp(gm, mode).propagate_dont_convert_inputs(*fakes)
    # FakeTensorProp gives tensors a val; ints, floats and bools inputs keep their value, as
    # torch.export records them.
    for node, value in zip([n for n in gm.graph.nodes if n.op == "placeholder"], examples):
        if "val" not in node.meta:
            node.meta["val"] = value
    outputs = [n for n in gm.graph.nodes if n.op == "output"][0].args[0]
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    # FX may rename a placeholder (`input` -> `input_1`); the signature follows the graph.
    placeholders = [n for n in gm.graph.nodes if n.op == "placeholder"]
    for spec, ph in zip(sig.input_specs, placeholders):
        if isinstance(spec.arg, TensorArgument):
            spec.arg = TensorArgument(name=ph.name)
    # Writes the graph made in place (the training IR torch.export gives in 2.6 updates
    # BatchNorm's buffers with add_ and batch_norm) are now outputs, first, as run_decompositions
    # makes them: BUFFER_MUTATION for buffers, USER_INPUT_MUTATION for user inputs.
    mutated = result.report.get("mutated_inputs", [])
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
    new = torch.export.ExportedProgram(
        root=gm,
        graph=gm.graph,
        graph_signature=sig,
        state_dict=ep.state_dict,
        range_constraints=ep.range_constraints,
        module_call_graph=copy.deepcopy(ep.module_call_graph),
        example_inputs=ep.example_inputs,
        constants=constants,
    )
    new.graph_lower_report = result.report
    return new
