"""`make bench`: graph-lower's lowering speed and memory against torch.export's
run_decompositions() and TorchScript's _jit_pass_run_decompositions, and the run time of the
lowered programs, on the same models in one run. Writes docs/benchmarks.{json,md,png}.

Usage (inside the toolchain, tools/dev; `make bench` builds the binaries first):
  python3 benchmarks/run.py [--models REGEX] [--repeats N] [--quick]
                            [--anchor-timeout S] [--out DIR] [--work DIR]

Per model (benchmarks/models.py), each measurement in its own process:
  lower      bazel-bin/benchmarks/lower_bench: LowerToCoreAten alone on the loaded program,
             --repeats runs (median and min..max; the first, which also compiles the library
             decompositions the model uses, on its own too), pass breakdown, memo hits, peak
             memory (anonymous memory, sampled every ms; and VmHWM, which counts code pages too)
  cli        the graph-lower CLI end to end (load, freeze, lower, save), wall time, --repeats runs
  export     torch.export.export(module, inputs) and then .run_decompositions() (the default
             table, torch 2.6), timed separately; non-core overloads left in the result
  jit_decomp torch._C._jit_pass_run_decompositions on a copy of the TorchScript graph; time and
             non-core overloads left
  runtime    median time of a forward in eager PyTorch, in the JIT interpreter for the original
             TorchScript program (as saved, and frozen by torch.jit.freeze) and for the lowered
             one, at batch 1 and 8 (the lowered program is
             lowered for each batch size: lowering specialises shapes); the three are timed
             interleaved, one forward each per round, at least 10 and at most 50 rounds, under
             torch.no_grad() (the lowered program is for inference, its weights are constants; with
             grad on, the original's forwards would also record autograd); then all of it again
             in a process with jemalloc preloaded (LD_PRELOAD), when the machine has it
The CLI runs once on graphs of 20k+ nodes and the anchors on graphs of 5k+ nodes (they take minutes
there), and an anchor that runs
past --anchor-timeout seconds is stopped and reported as "> timeout" (a lower bound).
All times are wall-clock milliseconds on this machine; nothing here is a pass/fail test.
"""

import argparse
import ctypes.util
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(REPO, "tests", "opinfo"))

TORCHVISION = ["resnet18", "resnet50", "mobilenet_v3_small", "efficientnet_b0", "vit_b_16"]
ENCODERS = [2, 6]
BLOCKS = [64, 256, 1024, 4096, 16384]  # about 1.6k to 245k nodes, x4 apart
QUICK = ["tv-resnet18", "encoder-2", "blocks-128", "blocks-512"]
RUNTIME_MAX_NODES = 5000  # run-time comparison on graphs up to this size (the JIT takes minutes)


def default_models():
    return ([f"tv-{m}" for m in TORCHVISION] + [f"encoder-{n}" for n in ENCODERS] +
            [f"blocks-{n}" for n in BLOCKS])


def bazel_bin(target):
    path = os.path.join(REPO, "bazel-bin", *target.split("/"))
    if not os.path.exists(path):
        sys.exit(f"run.py: {path} not found; build it first (make bench builds it)")
    return path


def summary(values):
    """{median, min, max, n} of a list of milliseconds."""
    return {"median": statistics.median(values), "min": min(values), "max": max(values),
            "n": len(values)}


def run_json(cmd, timeout=None, env=None):
    """Runs cmd, returns the JSON object its stdout ends with; raises on failure."""
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd[:3])}...: exit {out.returncode}: {out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def worker(argv):
    """Measurements that run in a child process: `run.py --worker KIND MODEL ...`."""
    import torch

    import models
    from cases import non_core_ops_fx, non_core_ops_ts

    kind, name = argv[0], argv[1]
    repeats = int(argv[2])
    torch.set_grad_enabled(False)
    if kind == "export":
        module, inputs, _ = models.build(name)
        export_ms, decomp_ms, left = [], [], None
        progress = argv[3]  # export times so far, for a run stopped at the timeout
        for _ in range(repeats):
            # Each export from scratch: dynamo keeps compiled frames across calls, and past its
            # cache_size_limit (8) a further export of nn.TransformerEncoder raises
            # RecompileLimitExceeded (found at --repeats 15).
            torch._dynamo.reset()
            t0 = time.perf_counter()
            ep = torch.export.export(module, inputs)
            t1 = time.perf_counter()
            with open(progress, "a") as f:
                f.write(f"{(t1 - t0) * 1e3}\n")
            ep = ep.run_decompositions()
            t2 = time.perf_counter()
            export_ms.append((t1 - t0) * 1e3)
            decomp_ms.append((t2 - t1) * 1e3)
            left = sorted(non_core_ops_fx(ep.graph_module))
            nodes = len(ep.graph_module.graph.nodes)
        print(json.dumps({"export_ms": export_ms, "decomp_ms": decomp_ms, "non_core_left": left,
                          "fx_nodes": nodes}))
    elif kind == "jit_decomp":
        archive = argv[3]
        # Inlined, not frozen: torch.jit.freeze compares tensor constants pairwise (hours on the
        # largest models); the decomposition pass does not need constants.
        module = torch.jit.load(archive).eval()  # kept alive: the graph's calls refer into it
        base = module.graph.copy()
        torch._C._jit_pass_inline(base)
        times, left = [], None
        for _ in range(repeats):
            graph = base.copy()
            t0 = time.perf_counter()
            torch._C._jit_pass_run_decompositions(graph)
            times.append((time.perf_counter() - t0) * 1e3)
            left = sorted(non_core_ops_ts(graph))
        before = sorted(non_core_ops_ts(base))
        print(json.dumps({"ms": times, "non_core_before": before, "non_core_left": left}))
    elif kind == "runtime":
        # argv: kind name repeats batch original.pt lowered.pt
        batch, original, lowered = int(argv[3]), argv[4], argv[5]
        module, inputs, _ = models.build(name, batch=batch)
        torch.manual_seed(1)
        inputs = tuple(torch.randn_like(x) for x in inputs)
        # jit_frozen: the original as torch.jit.freeze leaves it (its default optimize_numerics
        # folds batch norms into convolutions, as graph-lower's lowering does), to tell what
        # lowering itself costs or saves from what folding saves.
        programs = {"eager": module, "jit_original": torch.jit.load(original).eval(),
                    "jit_frozen": torch.jit.freeze(torch.jit.load(original).eval()),
                    "jit_lowered": torch.jit.load(lowered).eval()}
        torch.set_grad_enabled(False)
        for fn in programs.values():
            for _ in range(5):  # the profiling executor optimises after its first runs
                fn(*inputs)
        # Interleaved: one forward of each program per round, in an order rotated every round, so
        # that a slow spell of this shared 2-core machine falls on all three alike instead of on
        # whichever program was being timed then.
        result = {label: [] for label in programs}
        labels = list(programs)
        deadline = time.perf_counter() + 6.0
        rounds = 0
        while rounds < repeats or (time.perf_counter() < deadline and rounds < 50):
            order = labels[rounds % len(labels):] + labels[:rounds % len(labels)]
            for label in order:
                t0 = time.perf_counter()
                programs[label](*inputs)
                result[label].append((time.perf_counter() - t0) * 1e3)
            rounds += 1
        expected = module(*inputs)
        got = programs["jit_lowered"](*inputs)
        result["max_abs_diff"] = float((expected - got).abs().max())
        print(json.dumps(result))
    else:
        raise SystemExit(f"unknown worker {kind}")


def measure(name, args, work):
    import models
    import report

    archive = models.write(name, work)
    inputs = os.path.join(work, name + ".inputs.pt")
    row = {"model": name, "measured": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
           "cpu": report.machine()["cpu"]}
    nodes_hint = None
    # graph-lower, C++ pass alone
    r = run_json([bazel_bin("benchmarks/lower_bench"), archive, inputs, "--repeats",
                  str(args.repeats)])
    # The first repetition also compiles the library decompositions the model uses (kept for
    # the process, decomps/torchscript_source.cc): its time is reported on its own too.
    row["lower"] = {**summary(r["runs_ms"]), "first": r["runs_ms"][0], "pass_ms": r["pass_ms"]}
    for k in ("nodes_before", "nodes_after", "rewrites", "memo_hits", "memo_entries", "legal",
              "rss_baseline_kb", "rss_loaded_kb", "peak_lowering_kb", "anon_baseline_kb",
              "anon_loaded_kb", "anon_peak_lowering_kb"):
        row[k] = r[k]
    nodes_hint = r["nodes_before"]
    # Peak memory: anonymous memory (heap, tensors) over what loading the program added; the
    # VmRSS figure, which also counts libtorch's code pages first touched while lowering, too.
    base = r["anon_baseline_kb"]
    loaded = r["anon_loaded_kb"] - base
    row["input_kb"] = loaded
    row["peak_ratio"] = (r["anon_peak_lowering_kb"] - base) / loaded if loaded > 0 else None
    rss_loaded = r["rss_loaded_kb"] - r["rss_baseline_kb"]
    row["peak_ratio_rss"] = ((r["peak_lowering_kb"] - r["rss_baseline_kb"]) / rss_loaded
                             if rss_loaded > 0 else None)
    # The CLI end to end
    cli = bazel_bin("cli/graph-lower")
    out_pt = os.path.join(work, name + ".lowered.pt")
    cli_ms = []
    big = nodes_hint >= 20000  # one run of the slow measurements on big graphs
    for _ in range(1 if big else args.repeats):
        t0 = time.perf_counter()
        p = subprocess.run([cli, archive, "-o", out_pt, "--example-inputs", inputs,
                            "--report", os.path.join(work, name + ".report.json")],
                           capture_output=True, text=True)
        cli_ms.append((time.perf_counter() - t0) * 1e3)
        if p.returncode not in (0, 1):
            raise RuntimeError(f"graph-lower {name}: {p.stderr[-2000:]}")
    with open(os.path.join(work, name + ".report.json")) as f:
        rep = json.load(f)
    row["cli"] = {**summary(cli_ms), "load_ms": rep.get("load_ms"), "lower_ms": rep["time_ms"]}
    # Anchors: fewer repetitions on big graphs
    # run_decompositions takes minutes from a few thousand nodes on: one run there
    anchor_repeats = 1 if nodes_hint >= 5000 else args.repeats
    me = [sys.executable, os.path.abspath(__file__), "--worker"]
    progress = os.path.join(work, name + ".export_progress")
    if os.path.exists(progress):
        os.remove(progress)
    started = time.perf_counter()
    try:
        e = run_json(me + ["export", name, str(anchor_repeats), progress],
                     timeout=args.anchor_timeout)
        row["export"] = summary(e["export_ms"])
        row["run_decompositions"] = summary(e["decomp_ms"])
        row["export_non_core_left"] = e["non_core_left"]
        row["fx_nodes"] = e["fx_nodes"]
    except subprocess.TimeoutExpired:
        # Stopped: run_decompositions took at least the time left after export (a lower bound);
        # if export itself did not finish, nothing is known about run_decompositions.
        waited = time.perf_counter() - started
        exported = []
        if os.path.exists(progress):
            with open(progress) as f:
                exported = [float(x) for x in f.read().split()]
        if exported:
            row["export"] = summary(exported[:1])
            row["run_decompositions"] = {"timeout_s": max(0.0, waited - exported[0] / 1e3)}
        else:
            row["run_decompositions"] = {"error": f"export did not finish in {waited:.0f} s"}
    except RuntimeError as err:
        row["run_decompositions"] = {"error": str(err)[-500:]}
    try:
        j = run_json(me + ["jit_decomp", name, str(anchor_repeats), archive],
                     timeout=args.anchor_timeout)
        row["jit_decomp"] = summary(j["ms"])
        row["jit_decomp_non_core_before"] = j["non_core_before"]
        row["jit_decomp_non_core_left"] = j["non_core_left"]
    except (subprocess.TimeoutExpired, RuntimeError) as err:
        row["jit_decomp"] = {"error": str(err)[-500:]}
    # Run time of the lowered program
    if nodes_hint <= RUNTIME_MAX_NODES and not args.no_runtime:
        row["runtime"] = {}
        for batch in (1, 8):
            original, binputs = archive, inputs
            if batch != 1:
                binputs = os.path.join(work, f"{name}.b{batch}.inputs.pt")
                make = ("import sys, torch; sys.path.insert(0, %r); import models; "
                        "m, x, _ = models.build(%r, batch=%d); torch.save(list(x), %r)"
                        % (HERE, name, batch, binputs))
                subprocess.run([sys.executable, "-c", make], check=True)
            lowered = os.path.join(work, f"{name}.b{batch}.lowered.pt")
            subprocess.run([cli, archive, "-o", lowered, "--example-inputs", binputs],
                           check=True, capture_output=True)
            cmd = me + ["runtime", name, "10", str(batch), original, lowered]
            rt = run_json(cmd)
            timing = {k: summary(v) if isinstance(v, list) else v for k, v in rt.items()}
            # The same comparison with jemalloc preloaded (as torch.backends.xeon.run_cpu sets up
            # CPU inference): a functional graph allocates where the original writes in place,
            # and glibc's malloc returns large freed buffers to the system and page-faults them
            # in again, so this tells the allocator's share of the difference from the graph's.
            jemalloc = ctypes.util.find_library("jemalloc")
            if jemalloc:
                env = dict(os.environ, LD_PRELOAD=jemalloc)
                je = run_json(cmd, env=env)
                timing["jemalloc"] = {k: summary(v) for k, v in je.items() if isinstance(v, list)}
            row["runtime"][f"batch{batch}"] = timing
    return row


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        return worker(sys.argv[2:])
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--models", default=None, help="regex over model names (default: all)")
    ap.add_argument("--repeats", type=int, default=5, help="repetitions per measurement (>= 1)")
    ap.add_argument("--quick", action="store_true", help=f"only {', '.join(QUICK)}")
    ap.add_argument("--no-runtime", action="store_true", help="skip the run-time comparison")
    ap.add_argument("--anchor-timeout", type=float, default=1200,
                    help="seconds before an anchor measurement is stopped (default 1200)")
    ap.add_argument("--out", default=os.path.join(REPO, "docs"),
                    help="where benchmarks.{json,md,png} go (default docs/)")
    ap.add_argument("--work", default=os.path.join(REPO, "out", "bench"),
                    help="model archives and lowered programs (default out/bench)")
    ap.add_argument("--from-json", default=None, help="re-render a results file, run nothing")
    ap.add_argument("--merge", action="store_true",
                    help="keep the other models' rows of OUT/benchmarks.json, replacing only the "
                         "models measured now (e.g. after a change that affects some of them)")
    args = ap.parse_args()
    if args.repeats < 1 or args.anchor_timeout <= 0:
        ap.error("--repeats must be >= 1 and --anchor-timeout > 0")
    import report

    if not os.path.isdir(args.out):
        ap.error(f"--out {args.out}: no such directory")
    if args.from_json:
        try:
            with open(args.from_json) as f:
                results = json.load(f)
            text = report.markdown(results)  # rendered before anything is written
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
            ap.error(f"--from-json {args.from_json}: not a results file of run.py ({e!r})")
        report.write(results, args.out, text)
        return 0
    names = QUICK if args.quick else default_models()
    if args.models:
        try:
            pattern = re.compile(args.models)
        except re.error as e:
            ap.error(f"--models: bad regex: {e}")
        names = [n for n in names if pattern.search(n)]
        if not names:
            ap.error(f"--models {args.models!r} matches none of: {', '.join(default_models())}")
    os.makedirs(args.work, exist_ok=True)
    results = {"machine": report.machine(), "repeats": args.repeats, "rows": []}
    kept = []
    if args.merge:
        previous = os.path.join(args.out, "benchmarks.json")
        try:
            with open(previous) as f:
                old = json.load(f)
            kept = [r for r in old["rows"] if r["model"] not in names]
        except (OSError, ValueError, KeyError, TypeError) as e:
            ap.error(f"--merge: cannot read {previous}: {e}")
        results["merged_from"] = old.get("machine", {}).get("date")
    for i, name in enumerate(names):
        t0 = time.perf_counter()
        print(f"[{i + 1}/{len(names)}] {name} ...", file=sys.stderr, flush=True)
        try:
            row = measure(name, args, args.work)
        except Exception as e:  # one model failing does not lose the others
            row = {"model": name, "error": str(e)[-1000:]}
        results["rows"].append(row)
        order = {n: k for k, n in enumerate(default_models())}
        rows = kept + results["rows"]
        rows.sort(key=lambda r: order.get(r["model"], len(order)))
        print(f"    {report.one_line(row)} ({time.perf_counter() - t0:.0f} s)", file=sys.stderr,
              flush=True)
        # Written after every model, atomically, so an interrupted run keeps what it measured.
        report.write({**results, "rows": rows}, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
