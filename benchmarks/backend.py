"""One toy compiler behind two decomposition stages, side by side in one process (issue 42).

    python3 benchmarks/backend.py [--out DIR] [--models M,...] [--train-models M,...]
                                  [--calls N] [--quick]

The toy compiler is what a backend author writes against AOTAutograd's fw_compiler contract: it
receives each graph as a torch.fx.GraphModule, counts the calls it receives that are not core
ATen, and returns the GraphModule's forward to run it. "Core ATen" is judged independently of
graph-lower: an OpOverload whose tags hold torch.Tag.core (native_functions.yaml's `core` tag,
the list at https://pytorch.org/docs/main/torch.compiler_ir.html); `operator.getitem` and the
SymInt arithmetic of dynamic graphs are structure, not ops. It sits behind:

- graph-lower: `graph_lower.backend.make_backend(toy)`;
- PyTorch: `torch._dynamo.backends.common.aot_autograd(fw_compiler=toy, bw_compiler=toy,
  decompositions=torch._decomp.core_aten_decompositions())`, what PyTorch's docs offer a backend
  that wants core ATen.

For each model, inference (under torch.no_grad) and training (a step: forward, sum of the output,
backward), per side:

- the ops received outside core ATen, over every graph the compiler received (forward and
  backward in training), with their call counts;
- compile time: the first call (dynamo, decomposition, the compiler, one run; in training one
  whole step, so the backward graph too) after torch._dynamo.reset(), the median of --first-calls
  rounds, the sides taking turns;
- steady-state time of a call (a step in training): the median of up to --calls rounds after two
  calls, the sides taking turns in each round;
- the largest difference from eager (outputs; in training, the parameters' gradients too).

Writes DIR/backend-bench.json and DIR/backend-bench.md.
"""

import argparse
import collections
import json
import operator
import os
import platform
import statistics
import sys
import time
import warnings

import torch
from torch._decomp import core_aten_decompositions
from torch._dynamo.backends.common import aot_autograd

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "bazel-bin", "python", "site"))  # //python:package
sys.path.insert(0, os.path.join(REPO, "benchmarks"))

from graph_lower.backend import make_backend  # noqa: E402
import models  # noqa: E402

INFERENCE_MODELS = ["tv-resnet18", "tv-mobilenet_v3_large", "tv-swin_t", "encoder-6", "gpt-4"]
TRAIN_MODELS = ["tv-resnet18", "encoder-6", "gpt-4"]
QUICK_INFERENCE = ["gpt-1", "encoder-2"]
QUICK_TRAIN = ["gpt-1"]
SIDES = ["graph_lower", "pytorch"]


def now():
    return time.perf_counter()


def is_core(target):
    """Whether a call_function target is a core-ATen op or structure (torch.Tag.core)."""
    if isinstance(target, torch._ops.OpOverload):
        return torch.Tag.core in target.tags
    # getitem on multi-output ops; SymInt arithmetic (operator.mul, sym_size) in dynamic graphs.
    return target is operator.getitem or getattr(target, "__module__", "") in (
        "_operator", "torch.fx.experimental.sym_node")


class ToyCompiler:
    """Counts the calls each graph holds outside core ATen; runs the GraphModule as it is."""

    def __init__(self):
        self.graphs = 0
        self.calls = 0
        self.non_core = collections.Counter()

    def __call__(self, gm, example_inputs):
        self.graphs += 1
        for node in gm.graph.nodes:
            if node.op == "call_function":
                self.calls += 1
                if not is_core(node.target):
                    self.non_core[str(node.target)] += 1
        return gm.forward


def backend_of(side, toy):
    if side == "graph_lower":
        return make_backend(toy)
    return aot_autograd(fw_compiler=toy, bw_compiler=toy,
                        decompositions=core_aten_decompositions())


def step(compiled, inputs, train):
    """One call (inference, under no_grad) or one training step; returns the outputs."""
    if not train:
        with torch.no_grad():
            return compiled(*inputs)
    out = compiled(*inputs)
    out.float().sum().backward()
    return out


def largest_error(module, inputs, compiled, train):
    """Largest absolute difference from eager: outputs, and in training every gradient."""
    params = list(module.parameters())
    for p in params:
        p.grad = None
    want = step(module, inputs, train).detach()
    want_grads = [None if p.grad is None else p.grad.clone() for p in params]
    for p in params:
        p.grad = None
    got = step(compiled, inputs, train).detach()
    err = float((want.double() - got.double()).abs().max())
    for p, g in zip(params, want_grads):
        if g is not None:
            err = max(err, float((g.double() - p.grad.double()).abs().max()))
    for p in params:
        p.grad = None
    return err


def row(name, train, calls, first_calls):
    module, inputs, _ = models.build(name)
    module.train(train)
    if train and name.startswith("encoder-"):
        module.train(False)  # dropout is 0; eval keeps the fast path off, as in inference
    result = {"model": name, "mode": "training" if train else "inference", "sides": {}}
    firsts = {s: [] for s in SIDES}
    for r in range(first_calls):
        for i in range(len(SIDES)):
            side = SIDES[(r + i) % len(SIDES)]
            if "error" in result["sides"].get(side, {}):
                continue
            toy = ToyCompiler()
            torch._dynamo.reset()
            compiled = torch.compile(module, backend=backend_of(side, toy))
            try:
                t = now()
                step(compiled, inputs, train)
                firsts[side].append((now() - t) * 1e3)
                if r == 0:
                    result["sides"][side] = {
                        "graphs": toy.graphs, "calls": toy.calls,
                        "non_core": dict(toy.non_core.most_common()),
                        "max_abs_error": largest_error(module, inputs, compiled, train)}
            except Exception as err:  # noqa: BLE001 - reported in the table
                result["sides"][side] = {"error": f"{type(err).__name__}: {err}"[:300]}
    working = [s for s in SIDES if "error" not in result["sides"][s]]
    for s in working:
        result["sides"][s]["first_ms"] = statistics.median(firsts[s])
    # Steady state: both compiled, then their calls interleaved round by round.
    torch._dynamo.reset()
    compiled = {s: torch.compile(module, backend=backend_of(s, ToyCompiler())) for s in working}
    for c in compiled.values():
        step(c, inputs, train)
        step(c, inputs, train)
    t = now()
    step(module, inputs, train)
    rounds = max(3, min(calls, int(60e3 / max((now() - t) * 1e3 * len(working), 1e-3))))
    times = {s: [] for s in working}
    for r in range(rounds):
        for i in range(len(working)):
            s = working[(r + i) % len(working)]
            t = now()
            step(compiled[s], inputs, train)
            times[s].append((now() - t) * 1e3)
    for s in working:
        result["sides"][s]["steady_ms"] = statistics.median(times[s])
    result["steady_rounds"] = rounds
    if train:
        for p in module.parameters():
            p.grad = None
    return result


def non_core_cell(side):
    if "error" in side:
        return "error: " + side["error"].replace("|", "\\|")[:120]
    if not side["non_core"]:
        return "none"
    return ", ".join(f"`{op}` x{n}" for op, n in side["non_core"].items())


def write_markdown(path, results):
    lines = [
        "# One compiler behind graph-lower and behind AOTAutograd's core-ATen table", "",
        f"`{' '.join(results['command'])}`: torch {results['environment']['torch']}, "
        f"{results['environment']['threads']} intra-op thread(s), one process "
        "(benchmarks/backend.py).", "",
        "The same toy compiler (it counts the calls it receives outside core ATen, judged by "
        "`torch.Tag.core`, and runs the GraphModule as it is) behind "
        "`graph_lower.backend.make_backend(toy)` and behind "
        "`aot_autograd(fw_compiler=toy, bw_compiler=toy, "
        "decompositions=core_aten_decompositions())`. Training is one step: forward, sum of "
        "the output, backward. First call: dynamo, decomposition, the compiler and one call "
        "(or step) after `torch._dynamo.reset()`, median of "
        f"{results['first_calls']} rounds, the sides taking turns. Steady state: median of a "
        "call (or step) over the rounds column, the sides taking turns. Max abs error: against "
        "eager, outputs and (training) gradients. ms.", "",
        "| model | mode | graph-lower first | PyTorch first | graph-lower steady | "
        "PyTorch steady | rounds | calls received (graph-lower / PyTorch) | "
        "max abs error (graph-lower / PyTorch) |",
        "|---|---|---|---|---|---|---|---|---|"]
    fmt = "{:.0f}".format
    for r in results["rows"]:
        ours, theirs = (r["sides"].get(s, {"error": "not run"}) for s in SIDES)

        def cell(side, key, f=fmt):
            return f(side[key]) if key in side else "-"
        lines.append(
            f"| {r['model']} | {r['mode']} | {cell(ours, 'first_ms')} | "
            f"{cell(theirs, 'first_ms')} | {cell(ours, 'steady_ms', '{:.1f}'.format)} | "
            f"{cell(theirs, 'steady_ms', '{:.1f}'.format)} | {r.get('steady_rounds', '-')} | "
            f"{cell(ours, 'calls')} / {cell(theirs, 'calls')} | "
            f"{cell(ours, 'max_abs_error', '{:.1e}'.format)} / "
            f"{cell(theirs, 'max_abs_error', '{:.1e}'.format)} |")
    wrong = [f"{r['model']} {r['mode']} ({'graph-lower' if s == 'graph_lower' else 'PyTorch'})"
             for r in results["rows"] for s in SIDES
             if r["sides"].get(s, {}).get("max_abs_error", 0) > 1e-2]
    if wrong:
        lines += ["", "Results that differ from eager by more than 1e-2: " + ", ".join(wrong) +
                  "."]
    lines += ["", "## Ops received outside core ATen", "",
              "| model | mode | graph-lower | PyTorch |", "|---|---|---|---|"]
    for r in results["rows"]:
        ours, theirs = (r["sides"].get(s, {"error": "not run"}) for s in SIDES)
        lines.append(f"| {r['model']} | {r['mode']} | {non_core_cell(ours)} | "
                     f"{non_core_cell(theirs)} |")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(REPO, "docs"))
    ap.add_argument("--models", default=None, help="comma-separated inference models")
    ap.add_argument("--train-models", default=None, help="comma-separated training models")
    ap.add_argument("--calls", type=int, default=10, help="steady-state rounds per row")
    ap.add_argument("--first-calls", type=int, default=3, help="first-call rounds per row")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args(argv)
    warnings.filterwarnings("ignore")
    torch.set_num_threads(args.threads)
    inference = (args.models.split(",") if args.models is not None else
                 QUICK_INFERENCE if args.quick else INFERENCE_MODELS)
    train = (args.train_models.split(",") if args.train_models is not None else
             QUICK_TRAIN if args.quick else TRAIN_MODELS)
    results = {"command": ["benchmarks/backend.py"] + (argv if argv is not None else sys.argv[1:]),
               "environment": {"torch": torch.__version__, "threads": args.threads,
                               "machine": platform.processor() or platform.machine()},
               "first_calls": args.first_calls, "rows": []}
    # Warm-up: imports, dynamo, graph-lower's library, outside every timing.
    module, inputs, _ = models.build("mlp-2")
    for side in SIDES:
        torch._dynamo.reset()
        step(torch.compile(module, backend=backend_of(side, ToyCompiler())), inputs, True)
    for names, is_train in ((inference, False), (train, True)):
        for name in filter(None, names):
            print(f"{name} {'training' if is_train else 'inference'}", flush=True)
            r = row(name, is_train, args.calls, args.first_calls)
            print("  " + json.dumps(r), flush=True)
            results["rows"].append(r)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "backend-bench.json"), "w") as f:
        json.dump(results, f, indent=1)
    write_markdown(os.path.join(args.out, "backend-bench.md"), results)
    print(f"wrote {os.path.join(args.out, 'backend-bench.md')}")


if __name__ == "__main__":
    main()
