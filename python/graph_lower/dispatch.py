"""Core ATen decompositions for Python backends that run inside `__torch_dispatch__`.

A backend built on a tensor subclass or a `TorchDispatchMode` implements core ATen and, for any
other overload `func` that reaches it, calls

    out = graph_lower.decompose(func, *args, **kwargs)   # under `with mode:` when it is a mode

which computes `func`'s result by calling core ATen overloads only. Each of them goes through the
dispatcher as a plain `torch.ops.aten` call, so under the caller's mode (or on its subclass) each
comes back to the backend, and none of them is `func` or another non-core op: the recursion that
PyTorch's own table can fall into (pytorch#141446; its CompositeImplicitAutograd entries call the
op's C++ kernel, `_special_op_to_decompose_cia` in torch/_export/utils.py) cannot happen.
`decomposition_table()` is the same as a `Mapping` usable in place of
`torch._decomp.core_aten_decompositions()`. The pattern, and figures against PyTorch's table:
docs/dispatch.md.

How. A call is lowered once per (overload, metadata of each tensor argument: dtype, sizes,
strides, storage offset, device, layout; the values and types of the other arguments) and the
result cached for the process (thread-safe; at most MAX_CACHE_ENTRIES entries, then the cache
starts again). Lowering builds a one-node TorchScript graph of the call on meta tensors (no
tensor's data is read; for an op with no Meta kernel, values are made up, at most 256 MiB a
tensor) and runs graph-lower's pipeline on it (lowering/pipeline.h: the
library, CompositeImplicitAutograd kernels traced on the metadata and, last, PyTorch's own
Python decompositions, traced and lowered in turn: the `*_backward` ops the library lacks), then
turns the lowered graph into Python code calling `torch.ops` overloads (graph_lower.fx). A cache
hit runs that code and nothing else. Lowerings run on a thread of their own, where no mode or
torch-function handler of the caller is active, so no op of the lowering itself reaches the
backend.

Contract for writes and views (docs/dispatch.md):
- An in-place or `out=` overload computes its functional core form, then writes each written
  argument with `aten.copy_.default(arg, value)` and returns the argument objects themselves, as
  the schema's `Tensor(a!)` returns say. `copy_` is the one non-core op a backend must implement
  for this (PyTorch's own in-place decompositions do the same). An `out=` tensor must already have
  the result's sizes (resizing it is left to the backend: NotImplemented otherwise).
- A view overload (`Tensor(a)` return: transpose, expand_as, split, unflatten...) comes back as
  core view ops of the argument (permute, view, expand, slice, as_strided, ...), so the result
  aliases the argument as the original's does; a lowering that would copy is refused
  (NotImplemented), except for CompositeImplicitAutograd overloads, whose kernel, traced, views
  or copies as eager does for those strides (reshape, contiguous).
- `aten.copy_` itself, core ATen overloads (and `keep_ops`), and overloads with no decomposition
  here give NotImplemented. So do overloads with no tensor result that read a tensor's data
  (`aten.is_nonzero`, `aten.equal`): graph-lower's census counts them as scalar glue, not as
  ops to decompose (issue 40), and a backend implements them; `aten.item` is computed with core
  ATen's `_local_scalar_dense`. So do overloads with no result that write nothing (asserts),
  and writes the lowering does not return (the elements of a `Tensor[]`: `_foreach_add_`);
  an overload with no result that writes returns None.

Devices. The lowering is done for CPU tensors (meta tensors stand for them). For tensors on
another device (`meta` included), the devices the lowered code passes to factories are that
device, and tensor constants of the lowering are moved there. An explicit device argument other
than the tensors' device gives NotImplemented.

Limits: symbolic sizes (SymInt; dynamic shapes) give NotImplemented until graph-lower keeps them
(docs/semantics.md); so do sparse, quantized and nested tensors, and arguments TorchScript cannot
hold (a torch.Generator). `logging.getLogger("graph_lower.dispatch")` says at DEBUG level why an
overload was not decomposed.

Errors: `TypeError` naming what was given when `func` is not a `torch._ops.OpOverload`;
`ValueError` quoting the schema when the arguments do not match it; `RuntimeError` with
libtorch's message when the op itself rejects the arguments (shapes that do not broadcast), as
calling `func` would.
"""

import collections.abc
import json
import logging
import operator
import os
import re
import threading
import time
import types
from typing import Any, Callable, Dict, Iterator, List, Optional

import torch
import torch.fx

from . import _C
from . import fx as _fx

__all__ = ["decompose", "decomposition_table", "DecompositionTable", "MAX_CACHE_ENTRIES",
           "aten_overloads"]

_log = logging.getLogger(__name__)

# The most cached lowerings per table; past it the cache is emptied and filled again. A model's
# op mix needs tens to hundreds (a resnet18 SGD step: 73).
MAX_CACHE_ENTRIES = 16384

_MISSING = object()
_CPU = torch.device("cpu")
_COPY_ = torch.ops.aten.copy_.default


def _overload_name(func) -> str:
    s = func._schema
    return s.name + (f".{s.overload_name}" if s.overload_name else "")


def _value_key(x, tensors: List[torch.Tensor]):
    """A hashable key of one argument; tensors are appended to `tensors` in order.

    Raises TypeError or RuntimeError for what cannot be keyed (symbolic sizes are not hashable,
    sparse tensors have no strides)."""
    if isinstance(x, torch.Tensor):
        tensors.append(x)
        # torch.Size is a hashable tuple; a sparse COO tensor's stride() is (0, 0): the layout
        # tells it from an expanded dense one.
        return (x.dtype, x.shape, x.stride(), x.storage_offset(), x.device, x.layout)
    t = type(x)
    if t is list or t is tuple:
        return (t, tuple([_value_key(e, tensors) for e in x]))
    if t is float and (x != x or x == 0.0):
        return (t, repr(x))  # nan is not equal to itself; -0.0 equals 0.0 but is another value
    return (t, x)


# --- Checking the arguments against the schema (only when a call is first lowered) ---

def _fits(value, real_type) -> bool:
    kind = real_type.kind()
    if kind == "OptionalType":
        return value is None or _fits(value, real_type.getElementType())
    if kind == "TensorType":
        return isinstance(value, (torch.Tensor, int, float, bool, complex))
    if kind == "ListType":
        elem = real_type.getElementType()
        if isinstance(value, (list, tuple)):
            return all(_fits(v, elem) for v in value)
        # int[2] stride=1 and the like: an int broadcast to the list.
        return elem.kind() in ("IntType", "SymIntType") and isinstance(value, int)
    if kind in ("IntType", "SymIntType"):
        if isinstance(value, int):
            return -(1 << 63) <= value < (1 << 63) or isinstance(value, bool)  # int64
        return str(real_type) == "int" and isinstance(value, torch.SymInt)
    if kind == "FloatType":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind == "BoolType":
        return isinstance(value, bool)
    if kind == "NumberType":
        if isinstance(value, int) and not isinstance(value, bool):
            return -(1 << 63) <= value < (1 << 64)  # int64, or uint64 for an unsigned tensor
        return isinstance(value, (float, bool, complex))
    if kind == "StringType":
        return isinstance(value, str)
    if kind == "DeviceObjType":
        return isinstance(value, (torch.device, str, int))
    text = str(real_type)
    if text == "ScalarType":
        return isinstance(value, torch.dtype)
    if text == "Layout":
        return isinstance(value, torch.layout)
    if text == "MemoryFormat":
        return isinstance(value, torch.memory_format)
    return True  # a type TorchScript checks when the call is imported


def _check_arguments(func, args, kwargs) -> None:
    """ValueError quoting the schema when `args`/`kwargs` do not fit it."""
    schema = func._schema
    params = schema.arguments
    positional = [a for a in params if not a.kwarg_only]

    def bad(problem):
        return ValueError(f"{func}: {problem}; the schema is {schema}")

    if len(args) > len(positional):
        raise bad(f"{len(args)} positional arguments given, it takes {len(positional)}")
    names = {a.name for a in params}
    extra = [k for k in kwargs if k not in names]
    if extra:
        raise bad(f"no argument named {', '.join(repr(k) for k in extra)}")
    for i, a in enumerate(params):
        if not a.kwarg_only and i < len(args):
            if a.name in kwargs:
                raise bad(f"argument '{a.name}' given twice")
            value = args[i]
        elif a.name in kwargs:
            value = kwargs[a.name]
        elif a.has_default_value():
            continue
        else:
            raise bad(f"no value for argument '{a.name}'")
        if not _fits(value, a.real_type):
            raise bad(f"argument '{a.name}' must be {a.real_type}, got {type(value).__name__}")


def _given(func, args, kwargs):
    """[(schema argument, value)] for the arguments given (checked by _check_arguments)."""
    bound = []
    for i, a in enumerate(func._schema.arguments):
        if not a.kwarg_only and i < len(args):
            bound.append((a, args[i]))
        elif a.name in kwargs:
            bound.append((a, kwargs[a.name]))
    return bound


# --- Lowering one call ---

class _NotDecomposed(Exception):
    """Why a call is not decomposed (NotImplemented, cached)."""


class _Rejected(Exception):
    """The op itself rejects the arguments (RuntimeError for the caller, cached)."""


class _ReturnWritten:
    """The entry of an overload with `Tensor(a!)` returns: `run(*tensors)` runs `forward` and
    returns, for each such return, the argument object written (`returned_args[i]`, its index
    among the tensors), and forward's own value for the others."""

    __slots__ = ("forward", "returned_args", "single")

    def __init__(self, forward, returned_args, single):
        self.forward = forward
        self.returned_args = returned_args
        self.single = single

    def run(self, *tensors):
        out = self.forward(*tensors)
        if self.returned_args is None:  # no return (in-place foreach ops): None, as eager
            return None
        if self.single:
            return tensors[self.returned_args[0]]
        return tuple(out[i] if j is None else tensors[j] for i, j in enumerate(self.returned_args))


# A cached decomposition is a bound method taking the call's tensors: a GraphModule's forward,
# or _ReturnWritten.run.
_ENTRY = type(_ReturnWritten(None, None, None).run)


def aten_overloads() -> Iterator[torch._ops.OpOverload]:
    """Every overload registered in the `aten` namespace of the running torch."""
    for packet_name in dir(torch.ops.aten):
        try:
            packet = getattr(torch.ops.aten, packet_name)
        except (AttributeError, RuntimeError):
            continue
        if not isinstance(packet, torch._ops.OpOverloadPacket):
            continue
        for overload in packet.overloads():
            try:
                yield getattr(packet, overload)
            except (AttributeError, RuntimeError):
                continue


def _is_device_argument(a) -> bool:
    return str(a.real_type) in ("Device", "Optional[Device]")


def _device_of(value) -> Optional[torch.device]:
    if isinstance(value, torch.device):
        return value
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        return torch.device(value)
    return None


def _one_call_module(func, args, kwargs):
    """(FX GraphModule calling `func(*args, **kwargs)` once, each tensor a placeholder holding a
    meta tensor, in the order decompose's cache key meets them; those meta stand-ins; the
    placeholder index of each tensor argument by id)."""
    g = torch.fx.Graph()
    stand_ins = []
    index_of = {}

    def lift(x):
        if isinstance(x, torch.Tensor):
            p = g.placeholder(f"t{len(stand_ins)}")
            meta = torch.empty_strided(tuple(x.shape), x.stride(), dtype=x.dtype, device="meta")
            p.meta["val"] = meta
            index_of.setdefault(id(x), len(stand_ins))
            stand_ins.append(meta)
            return p
        if isinstance(x, (list, tuple)):
            return [lift(e) for e in x]
        return x

    lifted_args = tuple(lift(a) for a in args)
    lifted_kwargs = {k: lift(v) for k, v in kwargs.items()}
    node = g.call_function(func, lifted_args, lifted_kwargs)
    returns = func._schema.returns
    if len(returns) == 1:
        g.output(node)
    else:
        g.output(tuple(g.call_function(operator.getitem, (node, i)) for i in range(len(returns))))
    return torch.fx.GraphModule(torch.nn.Module(), g), stand_ins, index_of


def _is_view_of(value, placeholders) -> bool:
    """Whether FX value `value` is computed from a placeholder by view ops only (each a core op
    whose first return aliases its input without writing)."""
    if isinstance(value, (list, tuple)):
        return all(_is_view_of(v, placeholders) for v in value)
    if not isinstance(value, torch.fx.Node):
        return False
    while True:
        if value.op == "placeholder":
            return value in placeholders
        target = value.target
        if target is operator.getitem:
            value = value.args[0]
            continue
        if not isinstance(target, torch._ops.OpOverload):
            return False
        ret = target._schema.returns
        info = ret[0].alias_info if ret else None
        if info is None or info.is_write or not value.args:
            return False
        value = value.args[0]


_PYTORCH_ENTRIES = None


def _pytorch_entries() -> Dict:
    """torch._decomp.core_aten_decompositions() as a dict, built once per process."""
    global _PYTORCH_ENTRIES
    if _PYTORCH_ENTRIES is None:
        from . import decomp_table

        _PYTORCH_ENTRIES = decomp_table.pytorch_table()
    return _PYTORCH_ENTRIES


class DecompositionTable(collections.abc.Mapping):
    """A `Mapping[OpOverload, Callable]` of graph-lower's decompositions to an opset (core ATen
    by default), a drop-in for `torch._decomp.core_aten_decompositions()` inside a dispatch mode:
    `func in table` says whether graph-lower has a decomposition of the overload (a library
    entry, a CompositeImplicitAutograd kernel, or an entry of PyTorch's table, and the overload
    is outside the opset and is not `copy_`), `table[func](*args, **kwargs)` is
    `table.decompose(func, *args, **kwargs)`. Iterating lists those overloads (every registered
    `aten` overload is considered; other namespaces are decomposed on request but not listed).
    Build it with `decomposition_table()`.
    """

    def __init__(self, keep_ops=(), opset=None):
        from . import _keep_ops_text, _opset_args

        self._keep = _keep_ops_text(keep_ops)
        self._opset_entries, self._opset_file = _opset_args(opset)
        names = _C.opset_overloads(self._keep, self._opset_entries, self._opset_file)
        self._opset = frozenset(names)
        self._cache: Dict[Any, Any] = {}
        self._lock = threading.Lock()
        self._lowerings = 0
        self._lowering_s = 0.0
        self._sources: Optional[frozenset] = None
        self._pytorch_callback = None
        self._overloads: Optional[List] = None
        self.decompose = self._make_decompose()

    # --- Mapping ---

    def _has_source(self, func) -> bool:
        if self._sources is None:
            names = set(_C.library_overloads())
            names.update(_overload_name(op) for op in _pytorch_entries()
                         if isinstance(op, torch._ops.OpOverload))
            self._sources = frozenset(names)
        if not any("Tensor" in str(r.type) for r in func._schema.returns):
            return False  # scalar glue (module docstring)
        if _overload_name(func) in self._sources:
            return True
        try:
            return torch._C._dispatch_has_kernel_for_dispatch_key(func.name(),
                                                                   "CompositeImplicitAutograd")
        except RuntimeError:  # an overload only TorchScript registers (aten::__and__.bool)
            return False

    def __contains__(self, func) -> bool:
        if not isinstance(func, torch._ops.OpOverload) or func is _COPY_:
            return False
        return _overload_name(func) not in self._opset and self._has_source(func)

    def __getitem__(self, func) -> Callable:
        if func not in self:
            raise KeyError(func)

        def decomposition(*args, **kwargs):
            return self.decompose(func, *args, **kwargs)

        decomposition.__name__ = f"graph_lower_{_overload_name(func)}"
        return decomposition

    def _all_overloads(self) -> List:
        if self._overloads is None:
            self._overloads = [op for op in aten_overloads() if op in self]
        return self._overloads

    def __iter__(self) -> Iterator:
        return iter(self._all_overloads())

    def __len__(self) -> int:
        return len(self._all_overloads())

    # --- Decomposing ---

    def cache_info(self) -> Dict[str, Any]:
        """{"entries": cached calls, "decomposed": of which decomposed, "lowerings": lowerings
        run (cache misses), "lowering_s": seconds spent lowering}."""
        entries = list(self._cache.values())
        return {"entries": len(entries),
                "decomposed": sum(e.__class__ is _ENTRY for e in entries),
                "lowerings": self._lowerings, "lowering_s": self._lowering_s}

    def clear_cache(self) -> None:
        with self._lock:
            self._cache.clear()

    def _make_decompose(self):
        cache = self._cache
        value_key = _value_key
        tensor = torch.Tensor
        entry_class = _ENTRY
        missing = _MISSING
        fill = self._fill

        def decompose(func, *args, **kwargs):
            # The cache key: the overload, then each argument (_value_key, with the tensor case
            # inlined: building it is most of the cost of a cache hit).
            tensors = []
            try:
                key = [func]
                for a in args:
                    if isinstance(a, tensor):
                        tensors.append(a)
                        key.append((a.dtype, a.shape, a.stride(), a.storage_offset(), a.device,
                                    a.layout))
                    else:
                        key.append(value_key(a, tensors))
                if kwargs:
                    key.extend([(k, value_key(v, tensors)) for k, v in kwargs.items()])
                key = tuple(key)
                entry = cache.get(key, missing)
            except (TypeError, RuntimeError) as err:  # symbolic sizes, sparse tensors, ...
                return self._not_keyed(func, args, kwargs, err)
            if entry.__class__ is entry_class:  # a cache hit
                return entry(*tensors)
            if entry is missing:
                entry = fill(key, func, args, kwargs, tensors)
                if entry.__class__ is entry_class:
                    return entry(*tensors)
            if entry is None:
                return NotImplemented
            raise RuntimeError(str(entry))  # _Rejected

        decompose.__doc__ = """`func(*args, **kwargs)` computed with the opset's ops only, or
        NotImplemented; see graph_lower.dispatch.decompose."""
        return decompose

    def _not_keyed(self, func, args, kwargs, err):
        self._check_func(func)
        _check_arguments(func, args, kwargs)
        _log.debug("%s: not decomposed: %s", func, err)
        return NotImplemented

    @staticmethod
    def _check_func(func):
        if not isinstance(func, torch._ops.OpOverload):
            what = (f"the OpOverloadPacket {func}; pick an overload ({func}.default)"
                    if isinstance(func, torch._ops.OpOverloadPacket)
                    else f"{type(func).__name__} {func!r}")
            raise TypeError(f"decompose: func must be a torch._ops.OpOverload, got {what}")

    def _fill(self, key, func, args, kwargs, tensors):
        self._check_func(func)
        _check_arguments(func, args, kwargs)
        bound = _given(func, args, kwargs)
        start = time.perf_counter()
        self._pytorch_table()  # imported here: the caller may hold an import lock it needs
        try:
            entry = _lowering_thread().submit(self._lower_once, key, func, args, kwargs, bound,
                                              tensors).result()
        except _NotDecomposed as why:
            _log.debug("%s: not decomposed: %s", func, why)
            entry = None
        except _Rejected as err:
            entry = err
        except Exception:  # noqa: BLE001 - a fault of graph-lower: not decomposed, and said
            _log.warning("%s: lowering failed; not decomposed", func, exc_info=True)
            entry = None
        with self._lock:
            self._lowering_s += time.perf_counter() - start
            if len(self._cache) >= MAX_CACHE_ENTRIES:
                self._cache.clear()
            entry = self._cache.setdefault(key, entry)
        return entry

    def _pytorch_table(self):
        if self._pytorch_callback is None:
            from . import decomp_table

            self._pytorch_callback = decomp_table.make_callback(_pytorch_entries())
        return self._pytorch_callback

    def _lower_once(self, key, func, args, kwargs, bound, tensors):
        # Another thread's call may have lowered this key while this one waited.
        entry = self._cache.get(key, _MISSING)
        if entry is None:
            raise _NotDecomposed("(cached)")
        if entry is not _MISSING:
            if entry.__class__ is _Rejected:
                raise entry
            return entry
        self._lowerings += 1
        return self._lower(func, args, kwargs, bound, tensors)

    def _lower(self, func, args, kwargs, bound, tensors):
        name = _overload_name(func)
        if func is _COPY_:
            raise _NotDecomposed("copy_ is the write every decomposition ends with")
        if name in self._opset:
            raise _NotDecomposed("it is in the opset")
        if any(t.layout is not torch.strided or t.is_quantized or t.is_nested for t in tensors):
            raise _NotDecomposed("a sparse, quantized or nested tensor argument")
        schema = func._schema
        if not schema.returns and not schema.is_mutable:
            raise _NotDecomposed("no result and no write: a side effect (an assert) lowering "
                                 "would drop")
        device = self._target_device(bound, tensors)
        params = func._schema.arguments
        by_name = {a.name: a for a in params}
        # Devices given as strings or ordinals ("cpu", "cuda:0", 0) as torch.device, which
        # TorchScript takes.
        args = [_device_of(v) if _is_device_argument(a) and v is not None else v
                for a, v in zip(params, args)] + list(args[len(params):])
        kwargs = {k: _device_of(v) if k in by_name and _is_device_argument(by_name[k])
                  and v is not None else v for k, v in kwargs.items()}
        if device != _CPU:
            # Lowered for the CPU; explicit devices equal to the tensors' are given as the CPU.
            args = [_CPU if _is_device_argument(a) and _device_of(v) == device else v
                    for a, v in zip(params, args)]
            kwargs = {k: _CPU if _is_device_argument(by_name[k]) and _device_of(v) == device
                      else v for k, v in kwargs.items()}
        gm, stand_ins, index_of = _one_call_module(func, args, kwargs)
        try:
            imported = _fx.import_fx(gm)
        except Exception as err:  # noqa: BLE001 - ValueError, or TypeError from insertConstant
            raise _NotDecomposed(f"its call has no TorchScript form: {err}")
        try:
            graph, text = _C.lower_graph(imported.graph, stand_ins, self._keep, False, True, [],
                                         self._opset_entries, self._opset_file,
                                         self._pytorch_table(), True)
        except ValueError as err:
            message = str(err)
            if message.startswith("the program fails on the example inputs: "):
                raise _Rejected(f"{func}: {message.split(': ', 1)[1]}")
            raise _NotDecomposed(message)
        report = json.loads(text)
        if report.get("non_core_ops"):
            reasons = report.get("undecomposable") or {}
            raise _NotDecomposed("left outside the opset: " + ", ".join(report["non_core_ops"]) +
                                 (f" ({json.dumps(reasons)})" if reasons else ""))
        mutated = report.get("mutated_inputs", ())
        written = {f"t{index_of[id(t)]}" for a, v in bound
                   if a.alias_info is not None and a.alias_info.is_write
                   for t in (v if isinstance(v, (list, tuple)) else [v])
                   if isinstance(t, torch.Tensor)}
        if not written <= set(mutated):
            # The pipeline lost a write (to the elements of a Tensor[] argument: _foreach_add_).
            raise _NotDecomposed(f"its writes to {sorted(written - set(mutated))} are not "
                                 "returned by the lowering")
        try:
            out = _fx.export_fx(graph, imported.out_spec, imported.input_names, mutated, "copy_")
        except ValueError as err:
            raise _NotDecomposed(str(err))
        self._check_calls(func, out)
        if any(t.storage_offset() for t in tensors) and any(
                n.op == "call_function" and "as_strided" in str(n.target) for n in out.graph.nodes):
            # as_strided addresses the storage from its start; the lowering saw offset 0.
            raise _NotDecomposed("its lowering calls as_strided, and an argument has a storage "
                                 "offset")
        _new_output_objects(func, out)
        self._check_views(func, out)
        self._check_out_sizes(func, bound, graph, mutated, imported.input_names, stand_ins)
        if device != _CPU:
            _move_to(out, device)
        returned = self._returned_args(func, bound, index_of)
        forward = _bound_forward(out)
        if not func._schema.returns:
            return _ReturnWritten(forward, None, False).run
        if returned is None:
            return forward
        return _ReturnWritten(forward, returned, len(func._schema.returns) == 1).run

    @staticmethod
    def _target_device(bound, tensors):
        devices = {t.device for t in tensors}
        if len(devices) > 1:
            # 0-dim CPU tensors mix with tensors of any device, as in eager.
            devices = {t.device for t in tensors if t.device != _CPU or t.dim() > 0}
            if len(devices) > 1:
                raise _NotDecomposed(f"tensors on several devices: {sorted(map(str, devices))}")
        device = next(iter(devices)) if devices else None
        for a, v in bound:
            if _is_device_argument(a) and v is not None:
                d = _device_of(v)
                if device is None:
                    device = d
                elif d != device:
                    raise _NotDecomposed(f"argument '{a.name}' is {d}, the tensors are on {device}")
        return device or _CPU

    def _check_calls(self, func, gm):
        for node in gm.graph.nodes:
            if node.op != "call_function" or node.target is operator.getitem:
                continue
            t = node.target
            if t is func:
                raise _NotDecomposed("its lowering calls it")
            if t is _COPY_:
                continue
            if not isinstance(t, torch._ops.OpOverload) or _overload_name(t) not in self._opset:
                raise _NotDecomposed(f"its lowering calls {t}, outside the opset")

    @staticmethod
    def _check_views(func, gm):
        returns = func._schema.returns
        if not any(r.alias_info is not None and not r.alias_info.is_write for r in returns):
            return
        if torch._C._dispatch_has_kernel_for_dispatch_key(func.name(), "CompositeImplicitAutograd"):
            # Traced from eager's own kernel, which views or copies as eager does (reshape,
            # contiguous, to).
            return
        nodes = list(gm.graph.nodes)
        placeholders = {n for n in nodes if n.op == "placeholder"}
        output = nodes[-1].args[0]
        outs = [output] if len(returns) == 1 else list(output)
        for r, value in zip(returns, outs):
            if r.alias_info is not None and not r.alias_info.is_write:
                if not _is_view_of(value, placeholders):
                    raise _NotDecomposed("its lowering does not return a view of its input")

    @staticmethod
    def _check_out_sizes(func, bound, graph, mutated, input_names, stand_ins):
        if not mutated:
            return
        outs = list(graph.outputs())
        if len(outs) == 1 and isinstance(outs[0].type(), torch._C.TupleType):
            outs = list(outs[0].node().inputs())
        new_values = outs[len(outs) - len(mutated):]
        for name, value in zip(mutated, new_values):
            if name not in input_names:
                continue
            sizes = value.type().sizes() if isinstance(value.type(), torch._C.TensorType) else None
            want = list(stand_ins[input_names.index(name)].shape)
            if sizes is not None and list(sizes) != want:
                if any(a.kwarg_only and a.alias_info is not None and a.alias_info.is_write
                       for a in func._schema.arguments):
                    raise _NotDecomposed(f"the out= argument has sizes {want}, the result "
                                         f"{list(sizes)}: resize it first")
                raise _NotDecomposed("it changes its argument's sizes in place (a view op "
                                     "written in place), which copy_ cannot do")

    @staticmethod
    def _returned_args(func, bound, index_of):
        returns = func._schema.returns
        result = []
        any_write = False
        for r in returns:
            j = None
            if r.alias_info is not None and r.alias_info.is_write:
                for a, value in bound:
                    if (a.alias_info is not None and a.alias_info.is_write
                            and a.alias_info.before_set == r.alias_info.before_set
                            and isinstance(value, torch.Tensor)):
                        j = index_of[id(value)]
                        break
                any_write = any_write or j is not None
            result.append(j)
        return result if any_write else None


def _new_output_objects(func, gm: torch.fx.GraphModule) -> None:
    """An output that is an input or a constant as it is becomes `aten.alias` of it for a view
    return (`Tensor(a)`, as eager's detach gives a new tensor object) and `aten.clone` otherwise
    (eager's dropout(train=False) returns its input; under a mode, a non-aliasing op must return
    a new tensor, and a cached constant must not be handed out to be written)."""
    returns = func._schema.returns
    output = next(n for n in reversed(gm.graph.nodes) if n.op == "output")
    result = output.args[0]
    items = [result] if len(returns) == 1 else list(result)

    def fresh(value, view):
        if isinstance(value, list):
            return [fresh(v, view) for v in value]
        if isinstance(value, torch.fx.Node) and value.op in ("placeholder", "get_attr"):
            with gm.graph.inserting_before(output):
                op = torch.ops.aten.alias.default if view else torch.ops.aten.clone.default
                return gm.graph.call_function(op, (value,))
        return value

    changed = []
    for r, value in zip(returns, items):
        if r.alias_info is not None and r.alias_info.is_write:
            changed.append(value)  # the written argument object is returned instead
        else:
            changed.append(fresh(value, r.alias_info is not None))
    output.args = (changed[0] if len(returns) == 1 else tuple(changed),)
    gm.recompile()


_OP_PATH = re.compile(r"torch\.ops\.\w+\.\w+\.\w+")


def _bound_forward(gm: torch.fx.GraphModule):
    """gm.forward compiled again with each torch.ops overload bound to a global name: FX's code
    looks `torch.ops.aten.alias.default` up attribute by attribute at every call, about 0.1 us
    an op, on the path of every cache hit."""
    namespace = dict(gm.forward.__globals__)
    names: Dict[str, str] = {}

    def bind(match):
        path = match.group(0)
        if path not in names:
            obj = torch
            for part in path.split(".")[1:]:
                obj = getattr(obj, part)
            names[path] = f"_op{len(names)}"
            namespace[names[path]] = obj
        return names[path]

    source = _OP_PATH.sub(bind, gm.code)
    exec(compile(source, f"<graph_lower decomposition {id(gm):x}>", "exec"), namespace)
    return types.MethodType(namespace["forward"], gm)


def _move_to(gm: torch.fx.GraphModule, device: torch.device) -> None:
    """Points the devices `gm` passes to factories at `device` (the lowering was for the CPU)
    and moves its tensor constants there (on meta they keep only their metadata, as the
    computation does)."""

    def retarget(x):
        return device if isinstance(x, torch.device) and x == _CPU else x

    for node in gm.graph.nodes:
        if node.op == "call_function":
            node.args = torch.fx.node.map_aggregate(node.args, retarget)
            node.kwargs = torch.fx.node.map_aggregate(node.kwargs, retarget)
    for name, buf in list(gm.named_buffers()):
        setattr(gm, name, buf.to(device))
    gm.recompile()


_EXECUTOR = None


def _lowering_thread():
    """The thread lowerings run on. Its thread-local state is PyTorch's default: no dispatch or
    torch-function mode, no dispatch keys excluded (inside a mode's __torch_dispatch__ the
    dispatcher excludes the keys above Python, Tracer among them, which CompositeImplicitAutograd
    tracing needs), grad mode on, no inference mode or autocast. One thread also serialises
    lowerings."""
    global _EXECUTOR
    if _EXECUTOR is None:
        with _TABLES_LOCK:
            if _EXECUTOR is None:
                import concurrent.futures

                _EXECUTOR = concurrent.futures.ThreadPoolExecutor(
                    max_workers=1, thread_name_prefix="graph_lower.dispatch")
    return _EXECUTOR


def _forget_lowering_thread():
    global _EXECUTOR
    _EXECUTOR = None


# A forked child has no copy of the thread: it starts its own when it first lowers.
os.register_at_fork(after_in_child=_forget_lowering_thread)

_TABLES: Dict[Any, DecompositionTable] = {}
_TABLES_LOCK = threading.Lock()


def decomposition_table(keep_ops=(), opset=None) -> DecompositionTable:
    """The DecompositionTable to core ATen (or `opset`, with `keep_ops` added), as `lower` takes
    them (a sequence of overload names or a comma-separated string; an opset file path or a
    sequence of names, "core_aten" adding core ATen). One table, and so one cache, per distinct
    option in the process. Raises ValueError for an unknown operator, as `lower` does."""
    from . import _keep_ops_text, _opset_args

    entries, path = _opset_args(opset)
    key = (_keep_ops_text(keep_ops), tuple(entries) if entries is not None else None, path)
    with _TABLES_LOCK:
        table = _TABLES.get(key)
        if table is None:
            table = _TABLES[key] = DecompositionTable(keep_ops, opset)
        return table


_DEFAULT = decomposition_table()


def _documented(fn, name, doc):
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = doc
    return fn


decompose = _documented(_DEFAULT.decompose, "decompose", """`func(*args, **kwargs)` computed with
    core ATen overloads only (plus `aten.copy_` for the arguments an in-place or out= overload
    writes), called through the dispatcher; or NotImplemented when graph-lower cannot decompose
    this call (as `OpOverload.decompose`). The process-wide table of decomposition_table().

    func: a `torch._ops.OpOverload` (`torch.ops.aten.linear.default`), never called itself.
    args, kwargs: what the mode's `__torch_dispatch__` received; tensors of any subclass, of
        which only the metadata (dtype, sizes, strides, device) is read for lowering.
    Returns what `func` returns (a tensor, a tuple, a list; for `Tensor(a!)` returns, the
    argument object written). Errors: see the module docstring.
    """)
