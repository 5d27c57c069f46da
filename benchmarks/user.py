"""graph-lower where users meet it, side by side with PyTorch in one process per part.

    python3 benchmarks/user.py [--out DIR] [--parts drop_in,cli,pt2,compile] [--models M,...]
                               [--cli-models M,...] [--pt2-models M,...]
                               [--compile-models M,...] [--calls N]
                               [--repeats N] [--quick] [--merge OLD.json]

Parts (docs/user-bench.md):

- drop_in: `graph_lower.run_decompositions(ep)` against `ep.run_decompositions()` on the same
  ExportedProgram, and against the floor: the C++ pass (the report's time_ms) plus what FX
  itself costs to hold the result, measured on it: copying its nodes into a new fx.Graph,
  building a GraphModule of them, and constructing an ExportedProgram (its verifier included).
  Also checked, not timed: every node has a `val`; the signature's input and output kinds and
  targets are PyTorch's; how many call_function nodes keep a stack_trace and nn_module_stack
  (against PyTorch's result); the largest difference from eager.
- cli: the `graph-lower` CLI end to end on a TorchScript archive (`ARCHIVE --example-inputs
  INPUTS -o OUT --timing`, a subprocess, wall time and its own load / freeze / lower / save
  split) against what a PyTorch user runs for the same result: `torch.export.export` of the
  eager module, `ep.run_decompositions()` and `torch.export.save`, in this process. PyTorch's
  side is skipped from CLI_PYTORCH_LIMIT blocks on (run_decompositions alone took more than
  397 s on blocks-4096, docs/benchmarks.md).
- pt2: the CLI from a torch.export archive to one (`M.pt2 -o M.core.pt2 --timing`, a
  subprocess) against `torch.export.load`, `ep.run_decompositions()` and `torch.export.save` of
  the same archive, in this process. The archive is exported once by the running torch (under
  torch.no_grad) and not timed. Also checked, not timed: graph-lower's result loads with
  torch.export.load and calls only core ATen.
- compile: `torch.compile(model, backend=B)` for B in eager, aot_eager, inductor and
  graph_lower, under torch.no_grad: the first call (dynamo, the backend's compilation and one
  run; after torch._dynamo.reset() and a warm-up of every backend on a small model; inductor
  with an empty on-disk cache of its own) and the
  steady-state time of a call (median of up to --calls rounds after two calls, the backends
  interleaved in each round; fewer rounds for slow models), with the largest
  difference from eager and, for graph_lower, the runner its report names.
"""

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import tempfile
import sys
import time
import warnings

import torch
import torch.fx

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "bazel-bin", "python", "site"))  # //python:package
sys.path.insert(0, os.path.join(REPO, "benchmarks"))

import graph_lower  # noqa: E402
import models  # noqa: E402

DROP_IN_MODELS = ["mlp-64", "mlp-256", "mlp-1024", "mlp-4096", "encoder-6", "tv-vit_b_16",
                  "gpt-4", "tv-resnet50", "tv-swin_t"]
QUICK_DROP_IN = ["mlp-64", "mlp-256", "encoder-6"]
CLI_MODELS = ["blocks-256", "blocks-1024", "blocks-4096", "encoder-6", "tv-resnet50"]
QUICK_CLI = ["blocks-64", "encoder-6"]
CLI_PYTORCH_LIMIT = 4096  # blocks
PT2_MODELS = ["blocks-256", "blocks-1024", "encoder-6", "tv-resnet50", "tv-vit_b_16"]
QUICK_PT2 = ["blocks-64", "encoder-6"]
COMPILE_MODELS = ["tv-resnet18", "tv-vit_b_16", "gpt-4", "encoder-6", "tv-mobilenet_v3_large"]
QUICK_COMPILE = ["gpt-1", "encoder-2"]
COMPILE_BACKENDS = ["eager", "aot_eager", "inductor", "graph_lower"]


def now():
    return time.perf_counter()


def floor_ms(ep):
    """(copy, graph module, exported program) milliseconds of holding `ep`'s graph in FX."""
    t0 = now()
    g = torch.fx.Graph()
    out = g.graph_copy(ep.graph, {})
    g.output(out)
    # FX renames a placeholder named as a builtin (`input`); the signature keeps the name.
    for copied, original in zip(g.nodes, ep.graph.nodes):
        if original.op == "placeholder":
            copied.name = original.name
    t1 = now()
    gm = torch.fx.GraphModule(ep.graph_module, g)
    t2 = now()
    torch.export.ExportedProgram(
        root=gm, graph=g, graph_signature=ep.graph_signature, state_dict=ep.state_dict,
        range_constraints=ep.range_constraints, module_call_graph=ep.module_call_graph,
        example_inputs=ep.example_inputs, constants=ep.constants)
    t3 = now()
    return (t1 - t0) * 1e3, (t2 - t1) * 1e3, (t3 - t2) * 1e3


def kinds(ep):
    sig = ep.graph_signature
    return ([(s.kind.name, s.target) for s in sig.input_specs],
            [(s.kind.name, s.target) for s in sig.output_specs])


def metadata(ep):
    calls = [n for n in ep.graph.nodes if n.op == "call_function"]
    return {"nodes": len(ep.graph.nodes),
            "without_val": sum("val" not in n.meta for n in ep.graph.nodes if n.op != "output"),
            "stack_trace": sum(bool(n.meta.get("stack_trace")) for n in calls),
            "nn_module_stack": sum(bool(n.meta.get("nn_module_stack")) for n in calls),
            "calls": len(calls)}


def output_error(want, got):
    """The largest absolute difference between two outputs (tensors or tuples of them)."""
    want = want if isinstance(want, (tuple, list)) else [want]
    got = got if isinstance(got, (tuple, list)) else [got]
    return max(float((a.double() - b.double()).abs().max()) for a, b in zip(want, got))


def max_error(ep, module, inputs):
    with torch.no_grad():
        return output_error(module(*inputs), ep.module()(*inputs))


def drop_in(name, repeats):
    module, inputs, _ = models.build(name)
    with torch.no_grad():
        ep = torch.export.export(module, inputs)
    row = {"model": name, "nodes_in": len(ep.graph.nodes)}
    times = []
    for _ in range(repeats):
        t = now()
        ours = graph_lower.run_decompositions(ep)
        times.append((now() - t) * 1e3)
    row["graph_lower_ms"] = {"first": times[0], "median": statistics.median(times),
                             "min": min(times)}
    row["pass_ms"] = ours.graph_lower_report["time_ms"]
    copies = [floor_ms(ours) for _ in range(repeats)]
    copy_ms, gm_ms, ep_ms = (min(c[i] for c in copies) for i in range(3))
    row["floor_ms"] = {"pass": row["pass_ms"], "copy_nodes": copy_ms, "graph_module": gm_ms,
                       "exported_program": ep_ms,
                       "total": row["pass_ms"] + copy_ms + gm_ms + ep_ms}
    # PyTorch's once for large programs (minutes), else as many times as ours.
    pt_times = []
    for _ in range(repeats if row["nodes_in"] < 3000 else 1):
        t = now()
        theirs = ep.run_decompositions()
        pt_times.append((now() - t) * 1e3)
    row["pytorch_ms"] = {"first": pt_times[0], "median": statistics.median(pt_times),
                         "min": min(pt_times)}
    row["ours"] = metadata(ours)
    row["pytorch"] = metadata(theirs)
    row["signature_kinds_equal"] = kinds(ours) == kinds(theirs)
    row["legal"] = ours.graph_lower_report["legal"]
    row["max_abs_error"] = max_error(ours, module, inputs)
    row["speedup"] = row["pytorch_ms"]["median"] / row["graph_lower_ms"]["median"]
    row["vs_floor"] = row["graph_lower_ms"]["median"] / row["floor_ms"]["total"]
    row["us_per_node"] = row["graph_lower_ms"]["median"] * 1e3 / row["ours"]["nodes"]
    return row


def warm_up():
    """Both sides' one-time costs (imports, tables, the library) outside the timings."""
    module, inputs, _ = models.build("mlp-2")
    ep = torch.export.export(module, inputs)
    graph_lower.run_decompositions(ep)
    ep.run_decompositions()


def graph_lower_cli():
    """The built CLI (//cli:graph-lower), or the one on PATH."""
    built = os.path.join(REPO, "bazel-bin", "cli", "graph-lower")
    return built if os.path.exists(built) else shutil.which("graph-lower")


def time_cli(args, repeats):
    """(median wall ms, the fastest run's --timing split) of `graph-lower ARGS --timing`, run
    `repeats` times as a subprocess (process start included)."""
    walls, splits = [], []
    for _ in range(repeats):
        t = now()
        done = subprocess.run([graph_lower_cli(), *args, "--timing"], capture_output=True,
                              text=True)
        walls.append((now() - t) * 1e3)
        if done.returncode != 0:
            raise RuntimeError(f"graph-lower exited {done.returncode}: {done.stderr[-300:]}")
        # --timing prints "timing: load 123.4 ms, ... (total 456.7 ms)" (cli/console.cc).
        line = next((x for x in done.stderr.splitlines() if x.startswith("timing: ")), "")
        splits.append({k: float(v) for k, v in re.findall(r"(\w+) ([0-9.]+) ms", line)})
    return statistics.median(walls), splits[min(range(repeats), key=lambda i: walls[i])]


def cli(name, repeats, cache):
    """One `cli` row: graph-lower's CLI end to end against export + run_decompositions + save."""
    os.makedirs(cache, exist_ok=True)
    archive = models.write(name, cache)
    inputs_path = os.path.join(cache, name + ".inputs.pt")
    out = os.path.join(cache, name + ".core_aten.pt")
    row = {"model": name}
    row["graph_lower_ms"], row["graph_lower_split_ms"] = time_cli(
        [archive, "--example-inputs", inputs_path, "-o", out], repeats)
    blocks = int(name.split("-")[1]) if name.startswith("blocks-") else 0
    if blocks >= CLI_PYTORCH_LIMIT:
        row["pytorch_ms"] = None
        return row
    module, inputs, _ = models.build(name)
    pt2 = os.path.join(cache, name + ".core_aten.pt2")
    times, parts = [], []
    for _ in range(repeats if blocks < 1024 else 1):
        t0 = now()
        with torch.no_grad():
            ep = torch.export.export(module, inputs)
        t1 = now()
        core = ep.run_decompositions()
        t2 = now()
        torch.export.save(core, pt2)
        t3 = now()
        times.append((t3 - t0) * 1e3)
        parts.append({"export": (t1 - t0) * 1e3, "run_decompositions": (t2 - t1) * 1e3,
                      "save": (t3 - t2) * 1e3})
    row["pytorch_ms"] = statistics.median(times)
    row["pytorch_split_ms"] = parts[min(range(len(times)), key=lambda i: times[i])]
    row["speedup"] = row["pytorch_ms"] / row["graph_lower_ms"]
    return row


def cli_warm_up(cache):
    """PyTorch's one-time costs (dynamo, export, serde imports) outside the timings."""
    module, inputs, _ = models.build("mlp-2")
    os.makedirs(cache, exist_ok=True)
    with torch.no_grad():
        ep = torch.export.export(module, inputs)
    torch.export.save(ep.run_decompositions(), os.path.join(cache, "warm-up.pt2"))


def pt2(name, repeats, cache):
    """One `pt2` row: the CLI from a .pt2 to a .pt2 against load + run_decompositions + save."""
    import operator
    os.makedirs(cache, exist_ok=True)
    version = torch.__version__.split("+")[0]
    src = os.path.join(cache, f"{name}.torch-{version}.pt2")
    if not os.path.exists(src):
        module, inputs, _ = models.build(name)
        with torch.no_grad():
            torch.export.save(torch.export.export(module, inputs), src + ".tmp")
        os.replace(src + ".tmp", src)
    out = os.path.join(cache, f"{name}.torch-{version}.core.pt2")
    row = {"model": name}
    row["graph_lower_ms"], row["graph_lower_split_ms"] = time_cli([src, "-o", out], repeats)
    calls = [n.target for n in torch.export.load(out).graph.nodes if n.op == "call_function"]
    row["core_aten_only"] = all(t is operator.getitem or torch.Tag.core in getattr(t, "tags", ())
                                for t in calls)
    theirs = os.path.join(cache, f"{name}.torch-{version}.pytorch.pt2")
    blocks = int(name.split("-")[1]) if name.startswith("blocks-") else 0
    times, parts = [], []
    for _ in range(repeats if blocks < 1024 else 1):
        t0 = now()
        ep = torch.export.load(src)
        t1 = now()
        core = ep.run_decompositions()
        t2 = now()
        torch.export.save(core, theirs)
        t3 = now()
        times.append((t3 - t0) * 1e3)
        parts.append({"load": (t1 - t0) * 1e3, "run_decompositions": (t2 - t1) * 1e3,
                      "save": (t3 - t2) * 1e3})
    row["pytorch_ms"] = statistics.median(times)
    row["pytorch_split_ms"] = parts[min(range(len(times)), key=lambda i: times[i])]
    row["speedup"] = row["pytorch_ms"] / row["graph_lower_ms"]
    return row


def first_call(module, inputs, backend):
    """(ms, output) of the first call of torch.compile(module, backend) after a dynamo reset."""
    torch._dynamo.reset()
    compiled = torch.compile(module, backend=backend)
    with torch.no_grad():
        t = now()
        out = compiled(*inputs)
    return (now() - t) * 1e3, out


def steady_state(module, inputs, backends, calls):
    """({backend: median ms of a call}, rounds): the backends' calls interleaved round by round
    (so that drift of the machine's speed falls on all alike), after two calls of each. Up to
    `calls` rounds, fewer (at least 3) where they would take more than 60 s: eager vit_b_16
    takes 10 s a call on one thread of the 2-core machine (docs/user-bench.md)."""
    # Dynamo guards each compiled entry on its backend, so these recompile once each and then
    # coexist in the cache (4 entries; torch._dynamo.config.cache_size_limit is 8).
    compiled = {b: torch.compile(module, backend=b) for b in backends}
    times = {b: [] for b in backends}
    with torch.no_grad():
        for c in compiled.values():
            c(*inputs)
            c(*inputs)
        t = now()
        module(*inputs)
        rounds = max(3, min(calls, int(60e3 / max((now() - t) * 1e3 * len(backends), 1e-3))))
        for r in range(rounds):
            for i in range(len(backends)):
                b = backends[(r + i) % len(backends)]
                t = now()
                compiled[b](*inputs)
                times[b].append((now() - t) * 1e3)
    return {b: statistics.median(ts) for b, ts in times.items()}, rounds


def compile_warm_up():
    """Each backend's one-time costs (imports, dynamo, inductor's toolchain check) outside."""
    module, inputs, _ = models.build("mlp-2")
    for backend in COMPILE_BACKENDS:
        first_call(module, inputs, backend)


def compile_row(name, calls, first_calls):
    """First calls: the median of `first_calls` rounds, the backends taking turns, except
    inductor's, measured once: each first call after the first would find its cache filled."""
    module, inputs, _ = models.build(name)
    with torch.no_grad():
        want = module(*inputs)
    row = {"model": name, "backends": {}}
    firsts = {b: [] for b in COMPILE_BACKENDS}
    for r in range(first_calls):
        for i in range(len(COMPILE_BACKENDS)):
            backend = COMPILE_BACKENDS[(r + i) % len(COMPILE_BACKENDS)]
            if (r > 0 and backend == "inductor") or "error" in row["backends"].get(backend, {}):
                continue
            print(f"  {backend}", flush=True)
            try:
                if backend == "graph_lower":
                    graph_lower.backend.clear_reports()
                first, out = first_call(module, inputs, backend)
                firsts[backend].append(first)
                entry = {"max_abs_error": output_error(want, out)}
                if backend == "graph_lower":
                    reports = graph_lower.backend.reports()
                    entry["runners"] = sorted({rep.get("runner", "?") for rep in reports})
                    entry["non_core_ops"] = sorted({op for rep in reports
                                                    for op in rep["non_core_ops"]})
            except Exception as err:  # noqa: BLE001 - reported in the table
                entry = {"error": f"{type(err).__name__}: {err}"[:300]}
            if r == 0 or "error" in entry:
                row["backends"][backend] = entry
    working = [b for b in COMPILE_BACKENDS if "error" not in row["backends"][b]]
    for b in working:
        row["backends"][b]["first_ms"] = statistics.median(firsts[b])
        row["backends"][b]["first_runs"] = len(firsts[b])
    print("  steady state", flush=True)
    steady, row["steady_rounds"] = steady_state(module, inputs, working, calls)
    for backend, ms in steady.items():
        row["backends"][backend]["steady_ms"] = ms
    return row


def write_markdown(path, results):
    lines = ["# graph-lower where users meet it", "",
             f"`{' '.join(results['command'])}`: torch {results['environment']['torch']}, "
             f"{results['environment']['threads']} intra-op thread(s), one process per part "
             "(benchmarks/user.py).", ""]
    for part, command in results.get("kept", {}).items():
        lines += [f"The {part} part is kept from an earlier run: `{command}`.", ""]
    rows = results.get("drop_in")
    if rows:
        lines += ["## `graph_lower.run_decompositions(ep)` against `ep.run_decompositions()`", "",
                  "Median of the runs (PyTorch once from 3,000 nodes on). The floor is the C++ "
                  "pass plus copying the result's nodes into a new `fx.Graph`, a `GraphModule` "
                  "of them and an `ExportedProgram` (verifier included), measured on the result.",
                  "",
                  "| model | nodes out | PyTorch ms | graph-lower ms | speed-up | floor ms | "
                  "vs floor | us/node | val missing | stack_trace ours/PyTorch | "
                  "signature kinds | max abs error |",
                  "|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for r in rows:
            if "error" in r:
                lines.append(f"| {r['model']} | error: {r['error'][:200]} |")
                continue
            lines.append(
                f"| {r['model']} | {r['ours']['nodes']} | {r['pytorch_ms']['median']:.0f} | "
                f"{r['graph_lower_ms']['median']:.0f} | {r['speedup']:.1f}x | "
                f"{r['floor_ms']['total']:.0f} | {r['vs_floor']:.2f}x | {r['us_per_node']:.0f} | "
                f"{r['ours']['without_val']} | {r['ours']['stack_trace']}/{r['ours']['calls']} vs "
                f"{r['pytorch']['stack_trace']}/{r['pytorch']['calls']} | "
                f"{'same' if r['signature_kinds_equal'] else 'differ'} | "
                f"{r['max_abs_error']:.1e} |")
        lines.append("")
    rows = results.get("cli")
    if rows:
        lines += ["## The CLI end to end against export + `run_decompositions()` + save", "",
                  "graph-lower: `graph-lower ARCHIVE --example-inputs INPUTS -o OUT --timing` in a "
                  "subprocess (wall time, process start and libtorch's load included), with its "
                  "own split. PyTorch: `torch.export.export`, `ep.run_decompositions()`, "
                  "`torch.export.save` of the same eager module, in-process, after a warm-up "
                  "export. Load includes freezing; lowering is every step between load and save "
                  "(`--timing`'s census to fresh_outputs). Medians.", "",
                  "| model | graph-lower ms | load | lowering | save | PyTorch ms | export | "
                  "run_decompositions | save | speed-up |",
                  "|---|---|---|---|---|---|---|---|---|---|"]
        for r in rows:
            if "error" in r:
                lines.append(f"| {r['model']} | error: {r['error'][:200]} |")
                continue
            s = r["graph_lower_split_ms"]
            lowering = s["total"] - s["load"] - s["save"]
            ours = (f"| {r['model']} | {r['graph_lower_ms']:.0f} | {s['load']:.0f} | "
                    f"{lowering:.0f} | {s['save']:.0f}")
            if r["pytorch_ms"] is None:
                lines.append(ours + " | not run (minutes) | | | | |")
                continue
            p = r["pytorch_split_ms"]
            lines.append(ours + f" | {r['pytorch_ms']:.0f} | {p['export']:.0f} | "
                         f"{p['run_decompositions']:.0f} | {p['save']:.0f} | "
                         f"{r['speedup']:.1f}x |")
        lines.append("")
    rows = results.get("pt2")
    if rows:
        lines += ["## The CLI from a `.pt2` to a `.pt2` against load + `run_decompositions()` + "
                  "save", "",
                  "graph-lower: `graph-lower M.pt2 -o M.core.pt2 --timing` in a subprocess (wall "
                  "time, process start included), with its own split; lowering is every step "
                  "between load and save. PyTorch: `torch.export.load` of the same archive, "
                  "`ep.run_decompositions()`, `torch.export.save`, in-process (no process start) "
                  "after a warm-up. The archive was exported by the running torch under "
                  "`torch.no_grad()`. Medians; \"core only\": graph-lower's result, loaded with "
                  "`torch.export.load`, calls only core ATen.", "",
                  "| model | graph-lower ms | load | lowering | save | PyTorch ms | load | "
                  "run_decompositions | save | speed-up | core only |",
                  "|---|---|---|---|---|---|---|---|---|---|---|"]
        for r in rows:
            if "error" in r:
                lines.append(f"| {r['model']} | error: {r['error'][:200]} |")
                continue
            s, p = r["graph_lower_split_ms"], r["pytorch_split_ms"]
            lowering = s["total"] - s["load"] - s["save"]
            lines.append(f"| {r['model']} | {r['graph_lower_ms']:.0f} | {s['load']:.0f} | "
                         f"{lowering:.0f} | {s['save']:.0f} | {r['pytorch_ms']:.0f} | "
                         f"{p['load']:.0f} | {p['run_decompositions']:.0f} | {p['save']:.0f} | "
                         f"{r['speedup']:.1f}x | {'yes' if r['core_aten_only'] else 'no'} |")
        lines.append("")
    rows = results.get("compile")
    if rows:
        lines += ["## `torch.compile` under `torch.no_grad()`", "",
                  "First call: dynamo, the backend's compilation and one run, after "
                  "`torch._dynamo.reset()` (each backend warmed up on a small model first)"
                  + (f"; the median of {results['compile_first_calls']} rounds, the backends "
                     "taking turns, except inductor's, measured once. "
                     if results.get("compile_first_calls", 1) > 1 else ". ")
                  + ("Inductor's on-disk cache held none of these models. Steady state: median "
                     "of up to 10 calls after two, each backend's calls in a row (3 where they "
                     "would take more than 20 s). ms."
                     if results.get("compile_method") == "sequential" else
                     "Inductor starts from an empty on-disk cache. Steady state: median of a "
                     f"call over up to {results.get('compile_calls', 10)} rounds after two "
                     "calls, the backends taking turns in each round (at least 3 rounds, fewer "
                     "than the most where they would take more than 60 s; the rounds column). "
                     "ms."), "",
                  "| model | " + " | ".join(f"{b} first | {b} steady" for b in COMPILE_BACKENDS)
                  + " | rounds | graph_lower runner | graph_lower max abs error |",
                  "|---|" + "---|---|" * len(COMPILE_BACKENDS) + "---|---|---|"]
        for r in rows:
            cells = []
            for b in COMPILE_BACKENDS:
                e = r["backends"].get(b, {})
                if "error" in e or "first_ms" not in e:
                    cells += [f"error: {e.get('error', 'not run')[:80]}", ""]
                else:
                    cells += [f"{e['first_ms']:.0f}", f"{e['steady_ms']:.1f}"]
            gl = r["backends"].get("graph_lower", {})
            lines.append(f"| {r['model']} | " + " | ".join(cells) +
                         f" | {r.get('steady_rounds', '')} | {', '.join(gl.get('runners', []))} | "
                         f"{gl.get('max_abs_error', float('nan')):.1e} |")
        lines.append("")
    with open(path, "w") as f:
        f.write("\n".join(lines))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(REPO, "docs"))
    ap.add_argument("--parts", default="drop_in,cli,pt2,compile")
    ap.add_argument("--models", default=None, help="comma-separated drop_in models")
    ap.add_argument("--cli-models", default=None, help="comma-separated cli models")
    ap.add_argument("--pt2-models", default=None, help="comma-separated pt2 models")
    ap.add_argument("--compile-models", default=None, help="comma-separated compile models")
    ap.add_argument("--calls", type=int, default=10, help="steady-state rounds per compile row")
    ap.add_argument("--first-calls", type=int, default=3,
                    help="first-call rounds per compile row (inductor: one)")
    ap.add_argument("--cache", default=os.path.join(REPO, "out", "bench-user"),
                    help="where the cli part keeps its archives")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--merge", default=None, help="a user-bench.json whose parts not run now "
                    "are kept")
    args = ap.parse_args(argv)
    warnings.filterwarnings("ignore")
    torch.set_num_threads(args.threads)
    parts = set(args.parts.split(","))
    results = {"command": ["benchmarks/user.py"] + (argv if argv is not None else sys.argv[1:]),
               "environment": {"torch": torch.__version__, "threads": args.threads,
                               "machine": platform.processor() or platform.machine()}}
    if args.merge:
        with open(args.merge) as f:
            kept = json.load(f)
        for part in ("drop_in", "cli", "pt2", "compile"):
            if part not in parts and part in kept:
                results[part] = kept[part]
                for key in (f"{part}_method", f"{part}_calls", f"{part}_first_calls"):
                    if key in kept:
                        results[key] = kept[key]
                # Which command measured it, through earlier merges too.
                results.setdefault("kept", {})[part] = kept.get("kept", {}).get(
                    part, " ".join(kept["command"]))
    if "drop_in" in parts:
        names = (args.models.split(",") if args.models else
                 QUICK_DROP_IN if args.quick else DROP_IN_MODELS)
        warm_up()
        results["drop_in"] = []
        for name in names:
            print(f"drop_in {name}", flush=True)
            try:
                row = drop_in(name, args.repeats)
            except Exception as err:  # noqa: BLE001 - reported in the table
                row = {"model": name, "error": f"{type(err).__name__}: {err}"}
            print("  " + json.dumps({k: v for k, v in row.items()
                                     if k in ("speedup", "vs_floor", "us_per_node", "error")}),
                  flush=True)
            results["drop_in"].append(row)
    for part, row_of, chosen, quick, full in (
            ("cli", cli, args.cli_models, QUICK_CLI, CLI_MODELS),
            ("pt2", pt2, args.pt2_models, QUICK_PT2, PT2_MODELS)):
        if part not in parts:
            continue
        names = chosen.split(",") if chosen else quick if args.quick else full
        cli_warm_up(args.cache)
        results[part] = []
        for name in names:
            print(f"{part} {name}", flush=True)
            try:
                row = row_of(name, args.repeats, args.cache)
            except Exception as err:  # noqa: BLE001 - reported in the table
                row = {"model": name, "error": f"{type(err).__name__}: {err}"}
            print("  " + json.dumps(row), flush=True)
            results[part].append(row)
    if "compile" in parts:
        names = (args.compile_models.split(",") if args.compile_models else
                 QUICK_COMPILE if args.quick else COMPILE_MODELS)
        # Inductor keeps compiled graphs and kernels on disk across processes: a cache of its
        # own for this run keeps its first calls cold, as every other backend's are.
        inductor_cache = tempfile.mkdtemp(prefix="user-bench-inductor-")
        os.environ["TORCHINDUCTOR_CACHE_DIR"] = inductor_cache
        try:
            compile_warm_up()
            results["compile"] = []
            results["compile_calls"] = args.calls
            results["compile_first_calls"] = args.first_calls
            for name in names:
                print(f"compile {name}", flush=True)
                row = compile_row(name, args.calls, args.first_calls)
                print("  " + json.dumps(row), flush=True)
                results["compile"].append(row)
        finally:
            shutil.rmtree(inductor_cache, ignore_errors=True)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "user-bench.json"), "w") as f:
        json.dump(results, f, indent=1)
    write_markdown(os.path.join(args.out, "user-bench.md"), results)
    print(f"wrote {args.out}/user-bench.md and user-bench.json")


if __name__ == "__main__":
    main()
