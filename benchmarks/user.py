"""graph-lower where users meet it, side by side with PyTorch in one process per part.

    python3 benchmarks/user.py [--out DIR] [--parts drop_in,cli,compile] [--models M,...]
                               [--repeats N] [--quick] [--merge OLD.json]

Parts (docs/user-bench.md):

- drop_in: `graph_lower.run_decompositions(ep)` against `ep.run_decompositions()` on the same
  ExportedProgram, and against the floor: the C++ pass (the report's time_ms) plus what FX
  itself costs to hold the result, measured on it: copying its nodes into a new fx.Graph,
  building a GraphModule of them, and constructing an ExportedProgram (its verifier included).
  Also checked, not timed: every node has a `val`; the signature's input and output kinds and
  targets are PyTorch's; how many call_function nodes keep a stack_trace and nn_module_stack
  (against PyTorch's result); the largest difference from eager.
"""

import argparse
import json
import os
import platform
import statistics
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


def max_error(ep, module, inputs):
    with torch.no_grad():
        want = module(*inputs)
        got = ep.module()(*inputs)
    want = want if isinstance(want, (tuple, list)) else [want]
    got = got if isinstance(got, (tuple, list)) else [got]
    return max(float((a.double() - b.double()).abs().max()) for a, b in zip(want, got))


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


def write_markdown(path, results):
    lines = ["# graph-lower where users meet it", "",
             f"`{' '.join(results['command'])}`: torch {results['environment']['torch']}, "
             f"{results['environment']['threads']} intra-op thread(s), one process per part "
             "(benchmarks/user.py).", ""]
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
    with open(path, "w") as f:
        f.write("\n".join(lines))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(REPO, "docs"))
    ap.add_argument("--parts", default="drop_in")
    ap.add_argument("--models", default=None, help="comma-separated drop_in models")
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
        for part in ("drop_in", "cli", "compile"):
            if part not in parts and part in kept:
                results[part] = kept[part]
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
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "user-bench.json"), "w") as f:
        json.dump(results, f, indent=1)
    write_markdown(os.path.join(args.out, "user-bench.md"), results)
    print(f"wrote {args.out}/user-bench.md and user-bench.json")


if __name__ == "__main__":
    main()
