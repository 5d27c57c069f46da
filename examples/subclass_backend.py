"""A Python backend that implements core ATen only, on a tensor subclass and a dispatch mode.

`CoreTensor` wraps a plain tensor (`.elem`); `CoreAtenMode` is the backend: every op that reaches
its `__torch_dispatch__` is either core ATen (or `aten.copy_`, the write in-place decompositions
end with), which it runs on the wrapped tensors, or it is handed to `graph_lower.decompose` under
`with self:`, so the core ops of the decomposition come back here. Anything else raises
NotImplementedError. `CoreAtenMode.seen` counts the overloads that reached the backend, and
`CoreAtenMode.from_decompositions` those that graph_lower.decompose called.

    with CoreAtenMode() as backend:
        out = model(CoreTensor(x))
    out.elem                       # the plain result
    backend.seen                   # Counter of overloads
    backend.non_core()             # overloads outside core ATen (and copy_) that decompositions
                                   # sent back to it: empty

Run as a script, it runs a torchvision ResNet-18 and prints the histogram of the ops received.
"""

import collections

import torch
import torch.utils._pytree as pytree
from torch.utils._python_dispatch import TorchDispatchMode

import graph_lower

_COPY_ = torch.ops.aten.copy_.default


def is_core(func) -> bool:
    """Core ATen: the overloads tagged `core` (aten/src/ATen/native/native_functions.yaml)."""
    return torch.Tag.core in func.tags


class CoreTensor(torch.Tensor):
    """A tensor whose data is `elem`, a plain tensor; its ops go to CoreAtenMode."""

    elem: torch.Tensor
    __slots__ = ["elem"]

    @staticmethod
    def __new__(cls, elem: torch.Tensor):
        if isinstance(elem, CoreTensor):
            return elem
        if torch.is_inference_mode_enabled() and not elem.is_inference():
            # A view of a normal tensor is a normal tensor, also in inference mode; a wrapper
            # made here would be an inference tensor, and autograd could not track the view.
            with torch.inference_mode(False):
                return CoreTensor(elem)
        t = torch.Tensor._make_wrapper_subclass(
            cls, elem.shape, strides=elem.stride(), storage_offset=elem.storage_offset(),
            dtype=elem.dtype, device=elem.device, requires_grad=elem.requires_grad)
        t.elem = elem
        return t

    def __repr__(self):
        return f"CoreTensor({self.elem!r})"

    __torch_function__ = torch._C._disabled_torch_function_impl

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        # Outside a CoreAtenMode: run under a fresh one.
        with CoreAtenMode():
            return func(*args, **(kwargs or {}))


def _unwrap(x):
    return x.elem if isinstance(x, CoreTensor) else x


def _wrap(x):
    return CoreTensor(x) if isinstance(x, torch.Tensor) and not isinstance(x, CoreTensor) else x


class CoreAtenMode(TorchDispatchMode):
    """The backend: core ATen runs on the wrapped tensors, the rest is decomposed."""

    def __init__(self):
        super().__init__()
        self.seen = collections.Counter()
        self.from_decompositions = collections.Counter()
        self._depth = 0  # decompositions running (on this mode's thread)

    def non_core(self):
        return {op: n for op, n in self.from_decompositions.items()
                if not is_core(op) and op is not _COPY_}

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        self.seen[func] += 1
        if self._depth:
            self.from_decompositions[func] += 1
        if func.namespace == "profiler":  # record_function markers (optimizers emit them)
            return func(*args, **kwargs)
        if is_core(func) or func is _COPY_:
            out = func(*pytree.tree_map(_unwrap, args), **pytree.tree_map(_unwrap, kwargs))
            if func is _COPY_:
                return args[0]  # Tensor(a!) self: the caller's object
            return pytree.tree_map(_wrap, out)
        self._depth += 1
        try:
            with self:
                out = graph_lower.decompose(func, *args, **kwargs)
        finally:
            self._depth -= 1
        if out is NotImplemented:
            raise NotImplementedError(f"{func} is not core ATen and graph-lower cannot decompose "
                                      "it")
        return out


def main():
    import torchvision

    model = torchvision.models.resnet18().eval()
    x = torch.randn(1, 3, 224, 224)
    with torch.inference_mode(), CoreAtenMode() as backend:
        out = model(CoreTensor(x))
    with torch.inference_mode():
        expected = model(x)
    print("max abs difference from eager:", (out.elem - expected).abs().max().item())
    print("ops the backend received (the non-core ones were handed to graph_lower.decompose):")
    for op, n in sorted(backend.seen.items(), key=lambda kv: -kv[1]):
        print(f"{n:6d}  {op}{'' if is_core(op) or op is _COPY_ else '  (NOT CORE, decomposed)'}")
    print("non-core ops decompositions sent back:", backend.non_core() or "none")


if __name__ == "__main__":
    main()
