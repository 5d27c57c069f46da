"""graph_lower.decompose against PyTorch's table inside a dispatch mode, side by side in one run.

    python3 benchmarks/dispatch.py [--out DIR] [--quick] [--coverage-samples N] [--jobs N]
                                   [--parts coverage,programs,op_mix] [--merge OLD.json]

The same backend runs both ways: a `TorchDispatchMode` that runs core ATen (and `aten.copy_`)
natively and hands every other overload either to `graph_lower.decompose` or to
`torch._decomp.core_aten_decompositions()` used recursively (`with self: table[func](...)`), the
pattern of pytorch#141446. Where a strategy cannot go on, the backend counts it and runs the op
natively so that the program finishes: an op that re-enters itself while it is being decomposed
(a loop), and an op with no decomposition. It reports, per program and strategy:

- programs: non-core ops a decomposition sent back to the backend, loops, ops with no
  decomposition, the largest difference from eager, and wall time (the first call, which lowers
  or traces, and the median of the next ones);
- op mix: every non-core call the backend received while running a model, replayed one by one
  under each strategy (cache hits for graph-lower), with the time per call (minimum of the
  repeats) against eager's;
- coverage: the non-core overloads PyTorch's OpInfo samples (float32, the first N per OpInfo,
  under inference_mode so that CompositeImplicitAutograd ops reach the mode) send to a backend;
  an overload counts for a strategy when every sample of it ends in core ops only (non-core ops
  a decomposition sends back being decomposed again, recursively), with no loop and no op left
  without a decomposition, and matches eager (torch.testing.assert_close, NaNs equal; random
  ops, and empty_like and the like, on shape and dtype only).

Writes DIR/dispatch-bench.json and DIR/dispatch-bench.md; docs/dispatch.md quotes them.
"""

import argparse
import collections
import json
import multiprocessing
import os
import platform
import statistics
import sys
import time

import torch
import torch.utils._pytree as pytree
from torch.utils._python_dispatch import TorchDispatchMode

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "bazel-bin", "python", "site"))  # //python:package

import graph_lower  # noqa: E402
from graph_lower import decomp_table  # noqa: E402

COPY_ = torch.ops.aten.copy_.default
STRATEGIES = ("graph_lower", "pytorch")
_PYTORCH_TABLE = None


def pytorch_table():
    global _PYTORCH_TABLE
    if _PYTORCH_TABLE is None:
        _PYTORCH_TABLE = decomp_table.pytorch_table()
    return _PYTORCH_TABLE


def is_core(func):
    return torch.Tag.core in func.tags


class Backend(TorchDispatchMode):
    """Core ATen natively; other ops to `strategy`; counts what happened."""

    def __init__(self, strategy):
        super().__init__()
        self.strategy = strategy
        self.stack = []
        self.sent_back = collections.Counter()   # non-core ops a decomposition called
        self.loops = collections.Counter()       # ops that re-entered their own decomposition
        self.undecomposed = collections.Counter()  # ops no decomposition handled
        self.decomposed = collections.Counter()

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func.namespace == "profiler":
            return func(*args, **kwargs)
        core = is_core(func) or func is COPY_
        if self.stack and not core:
            self.sent_back[func] += 1
        if core:
            return func(*args, **kwargs)
        if func in self.stack or len(self.stack) > 40:
            self.loops[func] += 1  # would recurse forever: run it natively instead
            return func(*args, **kwargs)
        self.stack.append(func)
        try:
            with self:
                if self.strategy == "graph_lower":
                    out = graph_lower.decompose(func, *args, **kwargs)
                else:
                    table = pytorch_table()
                    out = table[func](*args, **kwargs) if func in table else NotImplemented
        finally:
            self.stack.pop()
        if out is NotImplemented:
            self.undecomposed[func] += 1
            return func(*args, **kwargs)
        self.decomposed[func] += 1
        return out

    def summary(self):
        return {"sent_back": sum(self.sent_back.values()),
                "sent_back_ops": sorted(map(str, self.sent_back)),
                "loops": sum(self.loops.values()), "loop_ops": sorted(map(str, self.loops)),
                "undecomposed": sum(self.undecomposed.values()),
                "undecomposed_ops": sorted(map(str, self.undecomposed)),
                "decomposed_calls": sum(self.decomposed.values())}


# --- Programs ---

def _encoder(d, layers):
    layer = torch.nn.TransformerEncoderLayer(d, 4, 2 * d, dropout=0.0, batch_first=True)
    return torch.nn.TransformerEncoder(layer, layers, enable_nested_tensor=False)


def _train(model, x, target):
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9, foreach=False)
    loss = torch.nn.functional.cross_entropy(model(x), target)
    loss.backward()
    opt.step()
    opt.zero_grad()
    return loss


def programs(quick):
    """name -> (make: () -> (fn, inputs), grad context name)."""
    import torchvision

    def infer(make_model, shape):
        def make():
            torch.manual_seed(0)
            m = make_model().eval()
            return m, (torch.randn(shape),)
        return make

    def train(make_model, shape, target):
        def make():
            torch.manual_seed(0)
            m = make_model().train()
            return (lambda x, t: _train(m, x, t)), (torch.randn(shape), target())
        return make

    out = {
        "resnet18 inference": (infer(torchvision.models.resnet18, (1, 3, 224, 224)),
                               "inference_mode"),
        "TransformerEncoder (4x256) inference": (infer(lambda: _encoder(256, 4), (2, 64, 256)),
                                                 "inference_mode"),
        "resnet18 SGD step": (train(lambda: torchvision.models.resnet18(num_classes=10),
                                    (2, 3, 64, 64), lambda: torch.tensor([1, 3])), "enable_grad"),
        "TransformerEncoder (2x64) SGD step": (
            train(lambda: _encoder(64, 2), (2, 16, 64),
                  lambda: torch.randn(2, 16, 64).softmax(-1)), "enable_grad"),
    }
    if not quick:
        out["mobilenet_v3_small inference"] = (
            infer(torchvision.models.mobilenet_v3_small, (1, 3, 224, 224)), "inference_mode")
        out["vit_b_16 inference"] = (infer(torchvision.models.vit_b_16, (1, 3, 224, 224)),
                                     "inference_mode")
    return out


def _max_diff(a, b):
    la, lb = pytree.tree_leaves(a), pytree.tree_leaves(b)
    return max((float((x - y).abs().max()) for x, y in zip(la, lb)
                if isinstance(x, torch.Tensor) and x.numel()), default=0.0)


def run_programs(quick, repeats):
    rows = []
    for name, (make, ctx_name) in programs(quick).items():
        ctx = getattr(torch, ctx_name)
        row = {"program": name}
        fn, inputs = make()
        with ctx():
            fn(*inputs)
            t = time.perf_counter()
            expected = fn(*inputs) if ctx_name != "enable_grad" else None
            row["eager_ms"] = (time.perf_counter() - t) * 1e3
        for strategy in STRATEGIES:
            fn, inputs = make()  # same weights and inputs (seeded), fresh state
            if ctx_name == "enable_grad":
                ref_fn, ref_inputs = make()
                with ctx():
                    expected = ref_fn(*ref_inputs)
            times = []
            backend = Backend(strategy)
            for i in range(1 + repeats):
                with ctx(), backend:
                    t = time.perf_counter()
                    got = fn(*inputs)
                    times.append((time.perf_counter() - t) * 1e3)
                if i == 0:
                    first = backend.summary()
                    diff = _max_diff(got, expected)
            row[strategy] = dict(first, first_ms=times[0],
                                 steady_ms=statistics.median(times[1:]), max_abs_diff=diff)
            print(f"  {name} [{strategy}]: first {times[0]:.0f} ms, steady "
                  f"{row[strategy]['steady_ms']:.1f} ms, sent back {first['sent_back']}, loops "
                  f"{first['loops']}, undecomposed {first['undecomposed']}, diff {diff:.1e}",
                  flush=True)
        rows.append(row)
    return rows


# --- Op mix: per-call cost ---

class Recorder(TorchDispatchMode):
    def __init__(self):
        super().__init__()
        self.calls = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func.namespace != "profiler" and not is_core(func) and func is not COPY_:
            clone = lambda x: x.detach().clone() if isinstance(x, torch.Tensor) else x  # noqa
            self.calls.append((func, pytree.tree_map(clone, args), pytree.tree_map(clone, kwargs)))
        return func(*args, **kwargs)


def run_op_mix(quick, repeats):
    rows = []
    for name, (make, ctx_name) in programs(quick).items():
        ctx = getattr(torch, ctx_name)
        fn, inputs = make()
        rec = Recorder()
        with ctx(), rec:
            fn(*inputs)
        table = pytorch_table()
        totals = {"eager": 0.0, "graph_lower": 0.0, "pytorch": 0.0}
        ratios = []
        skipped = 0
        for func, args, kwargs in rec.calls:
            per = {}
            for how in ("eager", "graph_lower", "pytorch"):
                if how == "pytorch" and func not in table:
                    break
                best = float("inf")
                for _ in range(repeats + 1):  # the first run warms the cache
                    a = pytree.tree_map(lambda x: x.clone() if isinstance(x, torch.Tensor) else x,
                                        (args, kwargs))
                    backend = Backend(how) if how != "eager" else None
                    with ctx():
                        t = time.perf_counter()
                        if backend is None:
                            func(*a[0], **a[1])
                        else:
                            with backend:
                                func(*a[0], **a[1])
                        best = min(best, time.perf_counter() - t)
                    if backend is not None and (backend.loops or backend.undecomposed):
                        best = None
                        break
                if best is None:
                    break
                per[how] = best
            if len(per) < 3:
                skipped += 1
                continue
            for how in per:
                totals[how] += per[how]
            ratios.append(per["graph_lower"] / per["pytorch"])
        row = {"program": name, "calls": len(rec.calls), "compared": len(ratios),
               "skipped": skipped, "total_us": {k: v * 1e6 for k, v in totals.items()},
               "median_ratio": statistics.median(ratios) if ratios else None}
        print(f"  {name}: {len(ratios)} calls; eager {row['total_us']['eager']:.0f} us, "
              f"graph_lower {row['total_us']['graph_lower']:.0f} us, pytorch "
              f"{row['total_us']['pytorch']:.0f} us; median ratio gl/pt "
              f"{row['median_ratio'] or 0:.2f}", flush=True)
        rows.append(row)
    return rows


# --- Coverage on OpInfo samples ---

def _coverage_worker(args):
    index, samples_per_op = args
    import warnings

    from torch.testing._internal.common_methods_invocations import op_db

    warnings.filterwarnings("ignore")
    torch.set_num_threads(1)
    op = op_db[index]
    results = collections.defaultdict(lambda: {s: True for s in STRATEGIES})
    if torch.float32 not in op.supported_dtypes("cpu"):
        return {}
    try:
        torch.manual_seed(0)
        samples = []
        for s in op.sample_inputs("cpu", torch.float32, requires_grad=False):
            samples.append(s)
            if len(samples) >= samples_per_op:
                break
    except Exception:  # noqa: BLE001 - the OpInfo cannot make samples here
        return {}
    for sample in samples:
        rec = Recorder()
        try:
            with torch.inference_mode(), rec:
                op(sample.input, *sample.args, **sample.kwargs)
        except Exception:  # noqa: BLE001 - eager itself rejects the sample
            continue
        for func, args, kwargs in rec.calls[:8]:
            # Random ops, and ops whose result holds uninitialised memory, compare on metadata.
            random = (torch.Tag.nondeterministic_seeded in func.tags
                      or func.__name__.split(".")[0] in ("empty_like", "new_empty",
                                                         "new_empty_strided", "empty_permuted"))
            fresh = lambda: pytree.tree_map(  # noqa: E731
                lambda x: x.clone() if isinstance(x, torch.Tensor) else x, (args, kwargs))
            try:
                a = fresh()
                with torch.inference_mode():
                    expected = func(*a[0], **a[1])
            except Exception:  # noqa: BLE001
                continue
            key = str(func)
            for strategy in STRATEGIES:
                if not results[key][strategy]:
                    continue
                backend = Backend(strategy)
                ok = False
                try:
                    a = fresh()
                    with torch.inference_mode(), backend:
                        got = func(*a[0], **a[1])
                    s = backend.summary()
                    # Non-core ops a decomposition sends back are decomposed again, as PyTorch's
                    # table is meant to be used: the call counts when that ends in core ATen.
                    ok = (s["decomposed_calls"] > 0 and not s["loops"]
                          and not s["undecomposed"])
                    if ok:
                        for g, e in zip(pytree.tree_leaves(got), pytree.tree_leaves(expected)):
                            if isinstance(e, torch.Tensor):
                                if random:
                                    ok = ok and g.shape == e.shape and g.dtype == e.dtype
                                else:
                                    torch.testing.assert_close(g, e, equal_nan=True,
                                                               check_stride=False)
                            else:
                                ok = ok and (g == e or (g != g and e != e))
                except Exception:  # noqa: BLE001 - a mismatch, or the strategy raised
                    ok = False
                results[key][strategy] = ok
    return dict(results)


def run_coverage(samples_per_op, jobs, quick):
    from torch.testing._internal.common_methods_invocations import op_db

    indices = list(range(len(op_db)))
    if quick:
        indices = indices[::8]
    merged = {}
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(jobs, maxtasksperchild=20) as pool:
        pending = [(i, pool.apply_async(_coverage_worker, ((i, samples_per_op),)))
                   for i in indices]
        for n, (i, res) in enumerate(pending):
            try:
                got = res.get(timeout=300)
            except Exception as err:  # noqa: BLE001 - a crash or hang of one OpInfo
                print(f"  coverage: OpInfo {op_db[i].name} failed: {type(err).__name__}")
                continue
            for key, r in got.items():
                prev = merged.setdefault(key, {s: True for s in STRATEGIES})
                for s in STRATEGIES:
                    prev[s] = prev[s] and r[s]
            if n % 100 == 0:
                print(f"  coverage: {n}/{len(indices)} OpInfos", flush=True)
    table = graph_lower.decomposition_table()
    pt = pytorch_table()
    noncore_aten = sum(1 for op in graph_lower.dispatch.aten_overloads() if not is_core(op))
    return {
        "overloads_seen": len(merged),
        "graph_lower": sum(r["graph_lower"] for r in merged.values()),
        "pytorch": sum(r["pytorch"] for r in merged.values()),
        "only_graph_lower": sorted(k for k, r in merged.items() if r["graph_lower"]
                                   and not r["pytorch"]),
        "only_pytorch": sorted(k for k, r in merged.items() if r["pytorch"]
                               and not r["graph_lower"]),
        "neither": sorted(k for k, r in merged.items() if not r["pytorch"]
                          and not r["graph_lower"]),
        "table_sizes": {"graph_lower": len(table),
                        "pytorch_noncore": sum(1 for op in pt if isinstance(
                            op, torch._ops.OpOverload) and not is_core(op)),
                        "aten_noncore": noncore_aten},
    }


# --- Output ---

def write_markdown(path, results):
    env = results["environment"]
    lines = [f"# graph_lower.decompose against PyTorch's table in a dispatch mode",
             "",
             f"`{' '.join(results['command'])}`, torch {env['torch']}, {env['machine']}, "
             f"{env['threads']} threads. benchmarks/dispatch.py says how each figure is taken.",
             "", "## Programs", "",
             "| program | strategy | non-core ops sent back | loops | no decomposition | "
             "max abs diff | first call ms | steady ms | eager ms |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for row in results.get("programs", ()):
        for s in STRATEGIES:
            r = row[s]
            lines.append(f"| {row['program']} | {s} | {r['sent_back']} | {r['loops']} | "
                         f"{r['undecomposed']} | {r['max_abs_diff']:.1e} | {r['first_ms']:.0f} | "
                         f"{r['steady_ms']:.1f} | {row['eager_ms']:.1f} |")
    lines += ["", "Ops sent back, looping or without a decomposition:", ""]
    for row in results.get("programs", ()):
        for s in STRATEGIES:
            r = row[s]
            for what in ("sent_back_ops", "loop_ops", "undecomposed_ops"):
                if r[what]:
                    lines.append(f"- {row['program']}, {s}, {what.replace('_', ' ')}: "
                                 f"{', '.join(r[what])}")
    lines += ["", "## Op mix: time per non-core call, cache warm", "",
              "| program | calls | compared | eager us | graph_lower us | pytorch us | "
              "median graph_lower / pytorch |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for row in results.get("op_mix", ()):
        t = row["total_us"]
        lines.append(f"| {row['program']} | {row['calls']} | {row['compared']} | "
                     f"{t['eager']:.0f} | {t['graph_lower']:.0f} | {t['pytorch']:.0f} | "
                     f"{row['median_ratio'] or 0:.2f} |")
    c = results.get("coverage")
    if c:
        ts = c["table_sizes"]
        lines += ["", "## Coverage on OpInfo samples", "",
                  f"Non-core overloads the samples sent to the backend: {c['overloads_seen']}. "
                  f"Decomposed to core ATen on every sample, matching eager: graph-lower "
                  f"{c['graph_lower']}, PyTorch's table {c['pytorch']}.", "",
                  f"Table sizes: `decomposition_table()` {ts['graph_lower']} overloads; "
                  f"`core_aten_decompositions()` {ts['pytorch_noncore']} non-core overloads; "
                  f"non-core aten overloads registered: {ts['aten_noncore']}.", "",
                  f"Only graph-lower ({len(c['only_graph_lower'])}): "
                  f"{', '.join(c['only_graph_lower']) or 'none'}", "",
                  f"Only PyTorch ({len(c['only_pytorch'])}): "
                  f"{', '.join(c['only_pytorch']) or 'none'}", "",
                  f"Neither ({len(c['neither'])}): {', '.join(c['neither']) or 'none'}"]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(REPO, "docs"))
    ap.add_argument("--quick", action="store_true", help="fewer programs, 1/8 of the OpInfos")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--coverage-samples", type=int, default=2)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--threads", type=int, default=1, help="intra-op threads for the timings")
    ap.add_argument("--parts", default="coverage,programs,op_mix",
                    help="which parts to run (comma-separated)")
    ap.add_argument("--merge", default=None,
                    help="a dispatch-bench.json whose parts not run now are kept")
    args = ap.parse_args(argv)
    parts = set(args.parts.split(","))
    import warnings

    warnings.filterwarnings("ignore")
    results = {"command": ["benchmarks/dispatch.py"] + (argv or sys.argv[1:]),
               "environment": {"torch": torch.__version__, "machine": platform.processor()
                               or platform.machine(), "threads": torch.get_num_threads()}}
    if args.merge:
        with open(args.merge) as f:
            kept = json.load(f)
        for part in ("coverage", "programs", "op_mix"):
            if part not in parts and part in kept:
                results[part] = kept[part]
    if "coverage" in parts:
        print("coverage on OpInfo samples", flush=True)
        results["coverage"] = run_coverage(args.coverage_samples, args.jobs, args.quick)
        c = results["coverage"]
        print(f"  {c['overloads_seen']} overloads: graph_lower {c['graph_lower']}, pytorch "
              f"{c['pytorch']}", flush=True)
    if parts & {"programs", "op_mix"}:
        # One intra-op thread: on this 2-core VM, two OpenMP threads made the same program's
        # time vary 10x between runs (lowering/steps.h says why lowering itself uses one).
        torch.set_num_threads(args.threads)
        results["environment"]["threads"] = args.threads
    if "programs" in parts:
        print("programs", flush=True)
        results["programs"] = run_programs(args.quick, args.repeats)
    if "op_mix" in parts:
        print("op mix", flush=True)
        results["op_mix"] = run_op_mix(args.quick, args.repeats)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "dispatch-bench.json"), "w") as f:
        json.dump(results, f, indent=1)
    write_markdown(os.path.join(args.out, "dispatch-bench.md"), results)
    print(f"wrote {args.out}/dispatch-bench.md and dispatch-bench.json")


if __name__ == "__main__":
    main()
