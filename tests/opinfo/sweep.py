"""The OpInfo coverage sweep: every OpInfo of PyTorch's op_db through graph-lower and through
torch.export's run_decompositions, side by side (tests/opinfo/cases.py says what one case is).

    python3 tests/opinfo/sweep.py [--samples N] [--dtypes float32,int64,...] [--ops REGEX]
                                  [--no-anchor] [--jobs 2] [--timeout S] [--extra-library F.py]
                                  [--journal FILE [--fresh | --rerun REGEX]] [--json FILE]
                                  [--markdown FILE]

`make coverage` runs the sweep and writes docs/coverage.md and docs/coverage.json; the
CI-sized subset (tests/opinfo/test_opinfo_subset.py) runs the first sample of every op.
Cases run in worker processes (fork), `--jobs` at a time, each worker replaced after
`--ops-per-worker` OpInfos so that what a case leaks does not pile up; a case that kills its
worker is a `crash`, one that runs longer than `--timeout` seconds a `hang`, and the sweep goes
on. With `--journal`, every result is appended to FILE as it comes (JSON lines): a sweep that is
stopped or killed resumes where it was when run again with the same settings, and the time
reported is the sum of the runs.
Exit status: 0 when every failure of graph-lower's column is listed in tests/opinfo/xfail.py and
every listed case still fails; 1 otherwise (an unexpected failure or an unexpected pass).
"""

import argparse
import json
import multiprocessing
import os
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "bazel-bin", "python", "site"))  # //python:package
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(REPO, "tools"))

FAIL_CLASSES = ["no decomposition", "cycle", "shape", "dtype", "numerics", "crash", "hang"]


def op_key(op):
    return op.name + ("." + op.variant_test_name if op.variant_test_name else "")


def load_ops(pattern):
    from torch.testing._internal.common_methods_invocations import op_db

    rx = re.compile(pattern) if pattern else None
    return [op for op in op_db if rx is None or rx.search(op_key(op))]


def op_dtypes(op, wanted):
    import cases

    supported = op.supported_dtypes("cpu")
    return [name for name in wanted if cases.DTYPES[name] in supported]


def samples_of(op, dtype_name, limit):
    """The first `limit` samples (all when limit is 0), generated with a fixed seed."""
    import itertools

    import torch

    import cases

    torch.manual_seed(0)
    gen = op.sample_inputs("cpu", cases.DTYPES[dtype_name], requires_grad=False)
    return list(itertools.islice(gen, limit)) if limit else list(gen)


# ---------------------------------------------------------------------------------------------
# Workers


def worker_main(conn, ops, args):
    """Runs the cases of the ops it is sent; reports ("start", key) before and ("done", key,
    result) after each case, ("op-done", index) after each op."""
    import signal

    import torch

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle

    import cases

    if args.extra_library:
        import library_entries

        for path in args.extra_library.split(","):
            cases.EXTRA_DECOMPOSITIONS += library_entries.parse(path)
    torch.set_num_threads(1)
    torch._C._jit_set_texpr_fuser_enabled(False)
    import logging
    import warnings

    warnings.filterwarnings("ignore")
    logging.getLogger("torch").setLevel(logging.CRITICAL)  # export logs its own failures
    while True:
        msg = conn.recv()
        if msg is None:
            return
        index, skip = msg
        op = ops[index]
        for dtype_name in op_dtypes(op, args.dtypes):
            try:
                samples = samples_of(op, dtype_name, args.samples)
            except Exception as err:  # noqa: BLE001
                key = (op_key(op), "", dtype_name, -1)
                conn.send(("done", key, {"ours": ["capture", f"sample_inputs: {err}"[:300]],
                                         "anchor": ["capture", f"sample_inputs: {err}"[:300]]}))
                continue
            for variant, _ in cases.variants(op):
                for i, sample in enumerate(samples):
                    key = (op_key(op), variant, dtype_name, i)
                    if key in skip:
                        continue
                    conn.send(("start", key))
                    result = cases.run_case(op, variant, dtype_name, sample, anchor=args.anchor)
                    conn.send(("done", key, result))
        conn.send(("op-done", index))


class Worker:
    def __init__(self, ctx, ops, args):
        self.parent, child = ctx.Pipe()
        self.proc = ctx.Process(target=worker_main, args=(child, ops, args), daemon=True)
        self.proc.start()
        child.close()
        self.op = None  # index being run
        self.case = None  # key of the case started, if any
        self.since = time.monotonic()
        self.done_keys = set()
        self.ops_run = 0

    def send(self, index, skip=()):
        self.op, self.case, self.since = index, None, time.monotonic()
        self.done_keys = set(skip)
        self.parent.send((index, set(skip)))

    def kill(self):
        self.proc.kill()
        self.proc.join()


def format_eta(seconds):
    seconds = int(seconds)
    return f"{seconds // 60}m{seconds % 60:02d}s"


class Journal:
    """The results of a sweep as JSON lines, appended and flushed as they come; a later run with
    the same settings reads them back and skips what is done. Lines: the settings first, then
    {"case": [op, variant, dtype, sample], "result": {...}}, {"op_done": name, "run": n,
    "elapsed": s, "commit": c} (c: the graph-lower commit that ran it) and {"rerun": regex} (what a --rerun asked for: earlier results of the OpInfos
    it matches do not count, even when that run was stopped). A last line cut short by a kill is
    ignored; any other line that is not an entry is an error (ValueError)."""

    def __init__(self, path, settings, fresh, rerun=None):
        self.path, self.results, self.done_ops = path, {}, set()
        self.elapsed = {}  # run number -> the latest elapsed seconds it recorded
        self.commits = {}  # op -> the commit that ran it (journals resumed across machines)
        self.commit = source_commit()
        if fresh or not os.path.exists(path) or os.path.getsize(path) == 0:
            with open(path, "w") as f:
                f.write(json.dumps({"settings": settings}) + "\n")
        else:
            with open(path) as f:
                lines = f.read().splitlines()
            try:
                head = json.loads(lines[0])
            except ValueError:
                head = None
            if not isinstance(head, dict) or not isinstance(head.get("settings"), dict):
                raise ValueError(f"{path}: line 1 is not the settings line of a sweep journal")
            if _comparable(head["settings"]) != _comparable(settings):
                raise ValueError(
                    f"{path} holds a sweep with other settings ({head['settings']}); "
                    "pass --fresh to start over, or another --journal")
            for number, line in enumerate(lines[1:], start=2):
                try:
                    self._read(json.loads(line))
                except (ValueError, TypeError, KeyError) as err:
                    if number == len(lines) and not line.endswith("}"):
                        continue  # the last line of a killed run
                    raise ValueError(f"{path}: line {number} is not a journal entry ({err})")
        self.run = max(self.elapsed, default=-1) + 1
        self.file = open(path, "a")
        if rerun is not None:
            self._read({"rerun": rerun.pattern})
            self.file.write(json.dumps({"rerun": rerun.pattern}) + "\n")
            self.file.flush()

    def _read(self, entry):
        if not isinstance(entry, dict):
            raise ValueError("not an object")
        if "case" in entry:
            key, result = entry["case"], entry["result"]
            if (not isinstance(key, list) or len(key) != 4 or
                    not all(isinstance(k, str) for k in key[:3]) or not isinstance(key[3], int)
                    or not isinstance(result, dict) or not isinstance(result.get("ours"), list)):
                raise ValueError("a case needs [op, variant, dtype, sample] and a result")
            self.results[tuple(key)] = result
        elif "op_done" in entry:
            name, run, elapsed = entry["op_done"], entry.get("run", 0), entry.get("elapsed", 0)
            if not isinstance(name, str) or not isinstance(run, int) or \
                    not isinstance(elapsed, (int, float)):
                raise ValueError("op_done needs a name, a run number and the elapsed seconds")
            self.done_ops.add(name)
            self.commits[name] = str(entry.get("commit", "unknown"))
            self.elapsed[run] = max(self.elapsed.get(run, 0.0), elapsed)
        elif "rerun" in entry:
            rx = re.compile(entry["rerun"])
            self.results = {k: v for k, v in self.results.items() if not rx.search(k[0])}
            self.done_ops = {op for op in self.done_ops if not rx.search(op)}
            self.commits = {op: c for op, c in self.commits.items() if not rx.search(op)}
        else:
            raise ValueError("no case, op_done or rerun")

    def seconds_before(self):
        return sum(self.elapsed.values())

    def add_case(self, key, result):
        self.file.write(json.dumps({"case": list(key), "result": result}) + "\n")
        self.file.flush()

    def add_op_done(self, name, elapsed):
        self.file.write(json.dumps({"op_done": name, "run": self.run, "elapsed": elapsed,
                                    "commit": self.commit}) + "\n")
        self.file.flush()
        self.commits[name] = self.commit


def source_commit():
    """The graph-lower commit being swept: $GRAPH_LOWER_COMMIT (the Makefile sets it from git,
    which the toolchain root may not have), else git here, else "unknown"; "+dirty" when the
    work tree has uncommitted changes."""
    if os.environ.get("GRAPH_LOWER_COMMIT"):
        return os.environ["GRAPH_LOWER_COMMIT"]
    import subprocess

    try:
        head = subprocess.run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", REPO, "status", "--porcelain", "-uno"],
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+dirty" if dirty else "")


def _comparable(settings):
    """Settings as compared between runs: the dtypes in any order."""
    out = dict(settings)
    if isinstance(out.get("dtypes"), list):
        out["dtypes"] = sorted(map(str, out["dtypes"]))
    return out


def run_sweep(args, journal=None):
    ops = load_ops(args.ops)
    ctx = multiprocessing.get_context("fork")
    results = dict(journal.results) if journal else {}
    done = journal.done_ops if journal else set()
    pending = [i for i in range(len(ops)) if op_key(ops[i]) not in done]
    # The cases of a partly run op are skipped when it runs again.
    started = {}
    for key in results:
        started.setdefault(key[0], set()).add(key)
    workers = [Worker(ctx, ops, args) for _ in range(min(args.jobs, len(pending)) or 1)]
    finished_ops, t0, last_print = len(ops) - len(pending), time.monotonic(), 0.0
    seconds_before = journal.seconds_before() if journal else 0.0
    if finished_ops:
        print(f"resuming {args.journal}: {finished_ops} of {len(ops)} ops and {len(results)} "
              f"cases done in {seconds_before:.0f} s", file=sys.stderr)
    first_pending = len(pending)
    tty = sys.stderr.isatty()

    def next_op(i):
        """Sends worker i the next pending op, replacing it first when it has run its share."""
        if not pending:
            return
        if workers[i].ops_run >= args.ops_per_worker:
            workers[i].parent.send(None)
            workers[i].proc.join(5)
            if workers[i].proc.is_alive():
                workers[i].kill()
            workers[i] = Worker(ctx, ops, args)
        index = pending.pop(0)
        workers[i].send(index, started.get(op_key(ops[index]), ()))

    def progress(force=False):
        nonlocal last_print
        now = time.monotonic()
        if not force and now - last_print < (0.5 if tty else 15):
            return
        last_print = now
        elapsed = now - t0
        run_here = finished_ops - (len(ops) - first_pending)
        eta = elapsed / run_here * (len(ops) - finished_ops) if run_here else 0
        width = 30
        filled = int(width * finished_ops / max(len(ops), 1))
        line = (f"[{'#' * filled}{'.' * (width - filled)}] {finished_ops}/{len(ops)} ops, "
                f"{len(results)} cases, {format_eta(elapsed)} elapsed, ETA {format_eta(eta)}")
        sys.stderr.write(("\r" + line) if tty else (line + "\n"))
        sys.stderr.flush()

    for i in range(len(workers)):
        next_op(i)
    while any(w.op is not None for w in workers):
        for i, w in enumerate(workers):
            if w.op is None:
                continue
            died = False
            if w.parent.poll(0.05):
                try:
                    msg = w.parent.recv()
                except (EOFError, OSError):
                    died = True
                else:
                    w.since = time.monotonic()
                    if msg[0] == "start":
                        w.case = msg[1]
                    elif msg[0] == "done":
                        results[msg[1]] = msg[2]
                        if journal:
                            journal.add_case(msg[1], msg[2])
                        w.done_keys.add(msg[1])
                        w.case = None
                    elif msg[0] == "op-done":
                        finished_ops += 1
                        if journal:
                            journal.add_op_done(op_key(ops[w.op]), time.monotonic() - t0)
                        w.op = None
                        w.ops_run += 1
                        next_op(i)
            elif not w.proc.is_alive():
                died = True
            timed_out = time.monotonic() - w.since > args.timeout
            if died or timed_out:
                status = "hang" if timed_out and not died else "crash"
                detail = (f"no result after {args.timeout} s" if status == "hang" else
                          f"the worker process died (exit code {w.proc.exitcode})")
                index, skip = w.op, set(w.done_keys)
                if w.case is not None:
                    results[w.case] = {"ours": [status, detail], "anchor": [status, detail]}
                    if journal:
                        journal.add_case(w.case, results[w.case])
                    skip.add(w.case)
                w.kill()
                workers[i] = Worker(ctx, ops, args)
                if w.case is None:  # died outside a case: give up on this op
                    finished_ops += 1
                    if journal:
                        journal.add_op_done(op_key(ops[index]), time.monotonic() - t0)
                    next_op(i)
                else:
                    workers[i].send(index, skip)
        progress()
    for w in workers:
        try:
            w.parent.send(None)
        except (BrokenPipeError, OSError):
            pass
        w.proc.join(5)
        if w.proc.is_alive():
            w.kill()
    progress(force=True)
    sys.stderr.write("\n")
    return ops, results, seconds_before + time.monotonic() - t0


# ---------------------------------------------------------------------------------------------
# Expected failures and reports


def check_xfail(results, columns="ours"):
    """(unexpected failures, unexpected passes) of graph-lower's column against xfail.py."""
    import xfail

    unexpected_fail, unexpected_pass = [], []
    for key, res in sorted(results.items()):
        status = res["ours"][0]
        if status == "capture":
            continue
        reason = xfail.expected(*key)
        # A crash is never an expected failure: an entry for a missing decomposition must not
        # hide a worker killed by a heap corruption.
        if status == "crash" or (status != "pass" and reason is None):
            unexpected_fail.append((key, res["ours"]))
        elif status == "pass" and reason is not None:
            unexpected_pass.append((key, reason))
    return unexpected_fail, unexpected_pass


def summarize(ops, results, args):
    """Per-op rows and totals as a JSON-able dict."""
    rows = {}
    for (name, variant, dtype, idx), res in results.items():
        row = rows.setdefault(name, {})
        for column in ("ours", "anchor"):
            if column not in res:
                continue
            d = row.setdefault(dtype, {}).setdefault(column, {
                "cases": 0, "captured": 0, "core": 0, "equal": 0, "failures": {}})
            status = res[column][0]
            d["cases"] += 1
            if status == "capture":
                continue
            d["captured"] += 1
            if status not in ("no decomposition", "cycle", "crash", "hang"):
                d["core"] += 1
            if status == "pass":
                d["equal"] += 1
            else:
                d["failures"][status] = d["failures"].get(status, 0) + 1
    totals = {}
    for dtype in args.dtypes:
        for column in ("ours", "anchor"):
            t = {"cases": 0, "captured": 0, "core": 0, "equal": 0, "failures": {}}
            for row in rows.values():
                d = row.get(dtype, {}).get(column)
                if not d:
                    continue
                for k in ("cases", "captured", "core", "equal"):
                    t[k] += d[k]
                for k, v in d["failures"].items():
                    t["failures"][k] = t["failures"].get(k, 0) + v
            totals.setdefault(dtype, {})[column] = t
        # Pairs captured by both columns: the like-for-like comparison.
        both = {"pairs": 0, "ours": 0, "anchor": 0}
        for key, res in results.items():
            if key[2] != dtype or "anchor" not in res:
                continue
            if res["ours"][0] == "capture" or res["anchor"][0] == "capture":
                continue
            both["pairs"] += 1
            both["ours"] += res["ours"][0] == "pass"
            both["anchor"] += res["anchor"][0] == "pass"
        totals[dtype]["both_captured"] = both
    return {"rows": rows, "totals": totals}


def pct(a, b):
    return f"{100.0 * a / b:.1f}%" if b else "-"


def write_markdown(path, summary, results, args, seconds, commits=None):
    import torch

    by_commit = {}
    for commit in (commits or {}).values():
        by_commit[commit] = by_commit.get(commit, 0) + 1

    lines = [
        "# Coverage: PyTorch's OpInfo samples through graph-lower and through "
        "`torch.export` + `run_decompositions()`",
        "",
        "Generated by `make coverage` (tests/opinfo/sweep.py); do not edit by hand. "
        f"torch {torch.__version__}, CPU, dtypes {', '.join(args.dtypes)}, "
        f"{'all samples' if not args.samples else f'the first {args.samples} samples'} of each "
        f"OpInfo and variant (function, in-place, out=), {len(summary['rows'])} OpInfos; "
        + (f"sweep time {seconds:.0f} s on {args.jobs} worker processes." if seconds else
           "sweep time not recorded.") +
        (" OpInfos per graph-lower commit that ran them (a journal resumed across machines): " +
         ", ".join(f"{c} {n}" for c, n in sorted(by_commit.items())) + "." if by_commit else ""),
        "",
        "A case passes when every op of the result is core ATen (`torch.Tag.core`) and its outputs "
        "equal eager PyTorch's on the same inputs (`torch.testing.assert_close`, the OpInfo's "
        "tolerance overrides where it has them; random ops: shape, dtype, mean). *Captured*: "
        "`torch.jit.trace` (ours) or `torch.export.export` (anchor) of the call succeeded; "
        "capture failures are not counted against either column. Status classes and rules: "
        "tests/opinfo/cases.py. Expected failures, with reasons: tests/opinfo/xfail.py.",
        "",
        "## Totals",
        "",
        "| dtype | column | cases | captured | core ATen only | core + equal to eager | "
        "failures |",
        "|---|---|---|---|---|---|---|",
    ]
    for dtype, cols in summary["totals"].items():
        for column in ("ours", "anchor"):
            t = cols.get(column)
            if not t or not t["cases"]:
                continue
            fails = ", ".join(f"{k} {v}" for k, v in sorted(t["failures"].items()))
            name = "graph-lower" if column == "ours" else "run_decompositions"
            lines.append(
                f"| {dtype} | {name} | {t['cases']} | {t['captured']} | {t['core']} "
                f"({pct(t['core'], t['captured'])}) | {t['equal']} "
                f"({pct(t['equal'], t['captured'])}) | {fails} |")
        both = cols["both_captured"]
        if both["pairs"]:
            lines.append(
                f"| {dtype} | both captured | {both['pairs']} pairs | | | graph-lower "
                f"{both['ours']} ({pct(both['ours'], both['pairs'])}), run_decompositions "
                f"{both['anchor']} ({pct(both['anchor'], both['pairs'])}) | |")
    lines += [
        "",
        "## Per OpInfo",
        "",
        "Each cell: captured / core ATen only / core + equal, then the failure classes. "
        "`-`: dtype not supported by the OpInfo.",
        "",
    ]
    header = "| OpInfo | " + " | ".join(
        f"{d} graph-lower | {d} run_decompositions" for d in args.dtypes) + " |"
    lines += [header, "|---" * (1 + 2 * len(args.dtypes)) + "|"]
    for name in sorted(summary["rows"]):
        row = summary["rows"][name]
        cells = []
        for dtype in args.dtypes:
            for column in ("ours", "anchor"):
                d = row.get(dtype, {}).get(column)
                if not d:
                    cells.append("-")
                    continue
                fails = ", ".join(f"{k} {v}" for k, v in sorted(d["failures"].items()))
                cells.append(f"{d['captured']} / {d['core']} / {d['equal']}" +
                             (f" ({fails})" if fails else ""))
        lines.append(f"| `{name}` | " + " | ".join(cells) + " |")
    import xfail

    lines += ["", "## graph-lower's failures", "",
              "Every case of graph-lower's column that did not pass, with what it printed; "
              "*expected* when tests/opinfo/xfail.py lists it.", "",
              "| case (OpInfo, variant, dtype, sample) | status | detail | expected |",
              "|---|---|---|---|"]
    for key, res in sorted(results.items()):
        status, detail = res["ours"]
        if status in ("pass", "capture"):
            continue
        detail = " ".join(detail.replace("|", "\\|").split())[:240]
        listed = "yes" if xfail.expected(*key) else "**no**"
        lines.append(f"| {key[0]} {key[1] or 'fn'} {key[2]} #{key[3]} | {status} | {detail} | "
                     f"{listed} |")
    with open(path + ".tmp", "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(path + ".tmp", path)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--samples", type=int, default=0, help="samples per OpInfo and dtype (0: all)")
    p.add_argument("--dtypes", default="float32,int64,bool,float64,float16,bfloat16")
    p.add_argument("--ops", default="", help="regex over OpInfo names (name.variant)")
    p.add_argument("--no-anchor", dest="anchor", action="store_false",
                   help="skip the torch.export column")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--timeout", type=float, default=180.0, help="seconds per case")
    p.add_argument("--ops-per-worker", type=int, default=40,
                   help="OpInfos a worker process runs before it is replaced")
    p.add_argument("--journal", default="",
                   help="append each result to this file (JSON lines) and resume from it")
    p.add_argument("--fresh", action="store_true",
                   help="with --journal: start over instead of resuming")
    p.add_argument("--rerun", default="",
                   help="with --journal: run the OpInfos this regex matches again (after a fix); "
                   "their new results replace the journaled ones")
    p.add_argument("--json", default="", help="write results (cases and summary) here")
    p.add_argument("--markdown", default="", help="write the report here")
    p.add_argument("--extra-library", default="",
                   help="comma-separated decomps/library-style .py files whose TorchScript "
                   "entries are tried first (to try decompositions before building them)")
    p.add_argument("--from-json", default="",
                   help="do not run: read the results of an earlier --json run, and write the "
                   "report and check xfail.py from them")
    p.add_argument("--no-xfail", dest="xfail", action="store_false",
                   help="report only; do not check against tests/opinfo/xfail.py")
    args = p.parse_args(argv)
    args.dtypes = [d for d in args.dtypes.split(",") if d]
    import cases

    for d in args.dtypes:
        if d not in cases.DTYPES:
            p.error(f"--dtypes: unknown dtype {d!r} (known: {', '.join(cases.DTYPES)})")
    if not args.dtypes:
        p.error("--dtypes: no dtype given")
    if args.samples < 0:
        p.error(f"--samples: {args.samples} is negative (0 means all samples)")
    if args.timeout <= 0:
        p.error(f"--timeout: {args.timeout} s is not a positive time")
    if args.jobs < 1:
        p.error(f"--jobs: {args.jobs} is not a positive number of worker processes")
    if args.ops_per_worker < 1:
        p.error(f"--ops-per-worker: {args.ops_per_worker} is not a positive number")
    if args.fresh and not args.journal:
        p.error("--fresh: there is no --journal to start over")
    if args.rerun and not args.journal:
        p.error("--rerun: there is no --journal to run again from")
    if args.rerun and args.fresh:
        p.error("--rerun: --fresh runs everything again already")
    for flag, value in (("--ops", args.ops), ("--rerun", args.rerun)):
        try:
            re.compile(value)
        except re.error as err:
            p.error(f"{flag}: {value!r} is not a regular expression: {err}")
    for path in [x for x in args.extra_library.split(",") if x]:
        if not os.path.isfile(path):
            p.error(f"--extra-library: {path}: no such file")
    for flag, path in (("--json", args.json), ("--markdown", args.markdown),
                       ("--journal", args.journal)):
        if path and not os.path.isdir(os.path.dirname(os.path.abspath(path))):
            p.error(f"{flag}: the directory of {path} does not exist")
    if args.from_json:
        try:
            with open(args.from_json) as f:
                saved = json.load(f)
            results = {(c["op"], c["variant"], c["dtype"], c["sample"]):
                       {k: c[k] for k in ("ours", "anchor", "random") if k in c}
                       for c in saved["cases"]}
        except (OSError, ValueError, KeyError) as err:
            p.error(f"--from-json: {args.from_json}: {err}")
        ops, seconds = None, saved.get("seconds", 0.0)
        commits = saved.get("commits", {})
        args.dtypes = [d for d in args.dtypes if any(k[2] == d for k in results)]
        args.samples = saved.get("samples", args.samples)
    else:
        if not load_ops(args.ops):
            p.error(f"--ops: {args.ops!r} matches no OpInfo")
        journal = None
        if args.journal:
            import torch

            settings = {"torch": torch.__version__, "samples": args.samples,
                        "dtypes": args.dtypes, "ops": args.ops, "anchor": args.anchor,
                        "extra_library": args.extra_library}
            try:
                journal = Journal(args.journal, settings, args.fresh,
                                  re.compile(args.rerun) if args.rerun else None)
            except (OSError, ValueError) as err:
                p.error(f"--journal: {err}")
        try:
            ops, results, seconds = run_sweep(args, journal)
            commits = dict(journal.commits) if journal else {}
        except KeyboardInterrupt:
            print("interrupted: no report written" +
                  (f"; run again to resume from {args.journal}" if journal else ""),
                  file=sys.stderr)
            return 130
    summary = summarize(ops, results, args)
    for dtype, cols in summary["totals"].items():
        for column, t in cols.items():
            if column == "both_captured":
                print(f"{dtype} both captured: {t['pairs']} pairs, graph-lower {t['ours']} "
                      f"({pct(t['ours'], t['pairs'])}), run_decompositions {t['anchor']} "
                      f"({pct(t['anchor'], t['pairs'])})")
            elif t["cases"]:
                print(f"{dtype} {column}: {t['captured']} captured of {t['cases']}, "
                      f"{t['core']} core ({pct(t['core'], t['captured'])}), {t['equal']} core+equal "
                      f"({pct(t['equal'], t['captured'])}); failures {t['failures']}")
    if args.json:
        with open(args.json + ".tmp", "w") as f:
            json.dump({"summary": summary, "seconds": seconds, "samples": args.samples,
                       "commits": commits,
                       "cases": [{"op": k[0], "variant": k[1], "dtype": k[2], "sample": k[3],
                                  **v} for k, v in sorted(results.items())]},
                      f, indent=1, sort_keys=True)
        os.replace(args.json + ".tmp", args.json)
    if args.markdown:
        write_markdown(args.markdown, summary, results, args, seconds, commits)
    if not args.xfail:
        return 0
    unexpected_fail, unexpected_pass = check_xfail(results)
    for key, (status, detail) in unexpected_fail:
        print(f"UNEXPECTED FAILURE {key}: {status}: {detail[:300]}")
    for key, reason in unexpected_pass:
        print(f"UNEXPECTED PASS {key} (listed in xfail.py: {reason})")
    print(f"{len(unexpected_fail)} unexpected failures, {len(unexpected_pass)} unexpected passes")
    return 1 if unexpected_fail or unexpected_pass else 0


if __name__ == "__main__":
    sys.exit(main())
