"""Renders benchmarks/run.py's results: docs/benchmarks.json, .md and .png (time against node
count, log-log). Every figure in the page comes from the results file; nothing is typed in."""

import datetime
import json
import os
import platform
import re


def machine():
    """CPU model, core count, memory, torch version: what the figures were measured on."""
    import torch

    cpu = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
        with open("/proc/meminfo") as f:
            mem_kb = int(f.readline().split()[1])
    except OSError:
        mem_kb = 0
    return {"cpu": cpu, "cores": os.cpu_count(), "mem_gib": round(mem_kb / 2**20, 1),
            "torch": torch.__version__, "threads": torch.get_num_threads(),
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")}


def _ms(s):
    if not s or "median" not in s:
        return None
    return s["median"]


def _fmt_ms(s):
    if not s:
        return "–"
    if "timeout_s" in s:
        return f"> {s['timeout_s']:.0f} s (stopped at the timeout)"
    if "error" in s:
        return "failed"
    med = s["median"]
    text = f"{med / 1000:.2f} s" if med >= 1000 else f"{med:.1f} ms"
    if s["n"] > 1:
        text += f" ({s['min']:.0f}–{s['max']:.0f})"
    return text


def speedup(row):
    """run_decompositions time / graph-lower pass time; (value, is_lower_bound)."""
    ours = _ms(row.get("lower"))
    rd = row.get("run_decompositions") or {}
    if not ours:
        return None, False
    if "timeout_s" in rd:
        return rd["timeout_s"] * 1000 / ours, True
    if "median" in rd:
        return rd["median"] / ours, False
    return None, False


def error_line(error):
    """The last non-empty line of a failure's text: the exception a child process died of."""
    lines = [line.strip() for line in error.splitlines() if line.strip()]
    return lines[-1][-200:] if lines else "(no message)"


def one_line(row):
    if "error" in row:
        return f"error: {error_line(row['error'])}"
    s, bound = speedup(row)
    sp = f"{'>' if bound else ''}{s:.0f}x" if s else "–"
    return (f"{row['nodes_before']} -> {row['nodes_after']} nodes; graph-lower "
            f"{_fmt_ms(row['lower'])}; CLI {_fmt_ms(row['cli'])}; run_decompositions "
            f"{_fmt_ms(row.get('run_decompositions'))}; speed-up {sp}")


def _family(name):
    return name.split("-", 1)[0]


def _repeats(results):
    """The repetitions of the C++ pass per row: one figure, or the range when --merge joined runs
    of different --repeats (each summary's n in the JSON)."""
    ns = sorted({r["lower"]["n"] for r in results["rows"] if "lower" in r})
    if not ns:
        return str(results["repeats"])
    return str(ns[0]) if len(ns) == 1 else f"{ns[0]}-{ns[-1]} (per row: `lower.n` in the JSON)"


def _per_node_us(row):
    return row["lower"]["median"] * 1000 / row["nodes_before"]


def _atomic_write(path, data, mode="w"):
    tmp = path + ".tmp"
    with open(tmp, mode) as f:
        f.write(data)
    os.replace(tmp, path)


def plot(rows, path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 5.5))
    series = [("graph-lower: C++ pass", lambda r: _ms(r.get("lower")), "o-", "tab:blue"),
              ("graph-lower: CLI (load, lower, save)", lambda r: _ms(r.get("cli")), "s--",
               "tab:cyan"),
              ("torch.export run_decompositions()", lambda r: _ms(r.get("run_decompositions")),
               "^-", "tab:red")]
    for family, marker_fill in (("blocks", True), ("encoder", False), ("tv", False)):
        fam = sorted((r for r in rows if "error" not in r and _family(r["model"]) == family),
                     key=lambda r: r["nodes_before"])
        for label, get, style, color in series:
            pts = [(r["nodes_before"], get(r)) for r in fam if get(r)]
            if not pts:
                continue
            xs, ys = zip(*pts)
            if family == "blocks":
                ax.plot(xs, [y / 1000 for y in ys], style, color=color,
                        label=f"{label}, blocks-N")
            else:
                ax.plot(xs, [y / 1000 for y in ys], style[0], color=color, alpha=0.5,
                        fillstyle="none", linestyle="none",
                        label=f"{label}, {'torchvision' if family == 'tv' else 'TransformerEncoder'}")
        # run_decompositions stopped at the timeout: a lower bound
        stopped = [(r["nodes_before"], r["run_decompositions"]["timeout_s"]) for r in fam
                   if "timeout_s" in (r.get("run_decompositions") or {})]
        if stopped:
            xs, ys = zip(*stopped)
            ax.plot(xs, ys, "^", color="tab:red", fillstyle="none", markersize=10,
                    label="run_decompositions stopped at the timeout (lower bound)")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("nodes in the input TorchScript graph")
    ax.set_ylabel("wall time, seconds (median)")
    ax.set_title("Lowering to core ATen: time against graph size")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7, loc="upper left")
    fig.tight_layout()
    tmp = path + ".tmp.png"
    fig.savefig(tmp, dpi=110)
    os.replace(tmp, path)


def markdown(results):
    rows = [r for r in results["rows"] if "error" not in r]
    failed = [r for r in results["rows"] if "error" in r]
    m = results["machine"]
    out = ["# Benchmarks (generated by `make bench`; do not edit)", "",
           f"Measured {m['date']} on {m['cpu']}, {m['cores']} cores, {m['mem_gib']} GiB, torch "
           f"{m['torch']} ({m['threads']} intra-op threads); {_repeats(results)} repetitions "
           "per measurement, except 1 for the CLI on graphs of 20k+ nodes and for the anchors on graphs of 5k+ nodes. "
           "Times are wall-clock medians with (min–max). `benchmarks/run.py` says what each "
           "column measures; the page is rendered from `docs/benchmarks.json`."
           + (f" Some rows were measured earlier ({results['merged_from']}) and kept by "
              "`--merge`; rows measured since carry their date (`measured`) in the JSON." if results.get("merged_from")
              else ""), ""]
    # --merge keeps rows of earlier runs, which may be of another machine (rows before the CPU
    # was recorded per row count as unknown).
    other = [r["model"] for r in results["rows"] if r.get("cpu") != m["cpu"]]
    if other:
        out += [f"**Not measured on this CPU** (kept by `--merge` from an earlier run, whose "
                f"figures do not compare with the rest): {', '.join(other)}.", ""]
    # Goals
    out += ["## Against the goals of issue 6", ""]
    sps = [(r["model"], *speedup(r)) for r in rows]
    sps = [s for s in sps if s[1]]
    if sps:
        worst = min(sps, key=lambda s: s[1])
        below = [s for s in sps if s[1] < 100 and not s[2]]
        out.append(f"- **Speed-up over `run_decompositions()`** (its time / our C++ pass's "
                   f"time): smallest {worst[1]:.0f}x ({worst[0]}); "
                   + (f"below 100x on {len(below)} model(s): "
                      + ", ".join(f"{n} {s:.0f}x" for n, s, _ in below) if below
                      else "at least 100x on every model measured") + ".")
    blocks = sorted((r for r in rows if _family(r["model"]) == "blocks"),
                    key=lambda r: r["nodes_before"])
    if len(blocks) >= 2:
        # The goal compares 100k nodes with 1k; the largest stack, when larger, is reported too.
        small = min(blocks, key=lambda r: abs(r["nodes_before"] - 1000))
        big = min(blocks, key=lambda r: abs(r["nodes_before"] - 100000))
        ratio = _per_node_us(big) / _per_node_us(small)
        line = (f"- **Per-node cost**: {_per_node_us(small):.1f} µs/node at "
                f"{small['nodes_before']} nodes ({small['model']}), {_per_node_us(big):.1f} "
                f"µs/node at {big['nodes_before']} nodes ({big['model']}): {ratio:.1f}x "
                f"(goal: within 2x at 100k nodes)")
        largest = blocks[-1]
        if largest is not big:
            line += (f"; {_per_node_us(largest):.1f} µs/node at {largest['nodes_before']} nodes "
                     f"({largest['model']}, {_per_node_us(largest) / _per_node_us(small):.1f}x)")
        out.append(line + ".")
        hundred = [r for r in blocks if r["nodes_before"] >= 100000]
        if hundred:
            r = hundred[0]
            out.append(f"- **A 100k+-node graph**: {r['model']} ({r['nodes_before']} nodes) "
                       f"lowered in {_fmt_ms(r['lower'])} by the C++ pass, "
                       f"{_fmt_ms(r['cli'])} by the CLI end to end (goal: under 2 s).")
    ratios = [(r["model"], r["peak_ratio"]) for r in rows if r.get("peak_ratio")]
    if ratios:
        worst = max(ratios, key=lambda x: x[1])
        out.append(f"- **Peak memory while lowering** over the memory of the loaded program "
                   f"(anonymous memory): at most {worst[1]:.2f}x ({worst[0]}) (goal: under 3x)"
                   + (f"; counting code pages too (VmRSS), at most "
                      f"{max(r['peak_ratio_rss'] for r in rows if r.get('peak_ratio_rss')):.2f}x"
                      if any(r.get("peak_ratio_rss") for r in rows) else "") + ".")
    rt = [(r["model"], r["runtime"]) for r in rows if r.get("runtime") and r["model"].startswith("tv-")]
    if rt:
        parts = []
        for name, t in rt:
            for b in ("batch1", "batch8"):
                if b in t:
                    ratio = t[b]["jit_lowered"]["median"] / t[b]["jit_original"]["median"]
                    parts.append((name, b, ratio))
        slow = [p for p in parts if p[2] > 1.10]
        je = [(n, b, t[b]["jemalloc"]["jit_lowered"]["median"]
               / t[b]["jemalloc"]["jit_original"]["median"])
              for n, t in rt for b in ("batch1", "batch8") if "jemalloc" in t.get(b, {})]
        out.append("- **Run time of the lowered program in the JIT interpreter** (torchvision, "
                   "lowered / original, median): "
                   + ", ".join(f"{n[3:]} {b[5:]}: {x:.2f}" for n, b, x in parts) + ". "
                   + (f"More than 10% slower: {', '.join(f'{n} {b}' for n, b, _ in slow)}."
                      if slow else "None is more than 10% slower.")
                   + (" With jemalloc preloaded: " + ", ".join(
                       f"{n[3:]} {b[5:]}: {x:.2f}" for n, b, x in je) + "." if je else ""))
    if failed:
        out.append(f"- **Failed to measure**: " + "; ".join(
            f"{r['model']}: {error_line(r['error'])}" for r in failed))
    out += ["", "![time against node count](benchmarks.png)", ""]
    # Lowering table
    out += ["## Lowering time", "",
            "| model | nodes before → after | graph-lower C++ pass | first in process | µs/node | graph-lower CLI "
            "| torch.export | run_decompositions() | speed-up | non-core left by run_decompositions "
            "| _jit_pass_run_decompositions (non-core left) | memo hits / rewrites | peak memory |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        s, bound = speedup(r)
        jd = r.get("jit_decomp") or {}
        left = r.get("jit_decomp_non_core_left")
        peak = (f"{r['peak_ratio']:.2f}x of {r['input_kb'] / 1024:.0f} MiB"
                if r.get("peak_ratio") else "–")
        if r.get("peak_ratio_rss"):
            peak += f" (VmRSS {r['peak_ratio_rss']:.2f}x)"
        first = r["lower"].get("first")
        first = _fmt_ms({"median": first, "n": 1}) if first is not None else "–"
        out.append(
            f"| {r['model']} | {r['nodes_before']} → {r['nodes_after']} | {_fmt_ms(r['lower'])} "
            f"| {first} "
            f"| {_per_node_us(r):.1f} | {_fmt_ms(r['cli'])} | {_fmt_ms(r.get('export'))} "
            f"| {_fmt_ms(r.get('run_decompositions'))} "
            f"| {('≥' if bound else '') + f'{s:.0f}x' if s else '–'} "
            f"| {len(r['export_non_core_left']) if 'export_non_core_left' in r else '–'} "
            f"| {_fmt_ms(jd)} ({len(left) if left is not None else '–'} of "
            f"{len(r.get('jit_decomp_non_core_before') or [])}) "
            f"| {r['memo_hits']} / {r['rewrites']} "
            f"| {peak} |")
    out += ["", "First in process: the first lowering's time, which also compiles the library "
            "decompositions the model uses (compiled decompositions are kept for the process, "
            "so the later repetitions reuse them; a warm-up lowering of a 2-op graph comes "
            "before). Peak memory: the process's peak anonymous resident memory (heap and "
            "tensors: resident minus file-backed pages, sampled every millisecond) during the "
            "first lowering above its level before the program was loaded, over what the loaded "
            "program (module, weights, graph, example inputs) added. In parentheses the same "
            "ratio for VmRSS/VmHWM, which also counts libtorch's code pages that the kernels "
            "run for the first time while lowering bring in (15 MB for blocks-64). Non-core "
            "left: distinct overloads outside core ATen (`torch.Tag.core`) in the result.", ""]
    # Pass breakdown
    out += ["## Where the C++ pass spends its time (median over the repetitions, ms)", ""]
    passes = []
    for r in rows:
        for p in r["lower"]["pass_ms"]:
            if p not in passes:
                passes.append(p)
    out += ["| model | " + " | ".join(passes) + " |", "|---|" + "---|" * len(passes)]
    for r in rows:
        out.append(f"| {r['model']} | " + " | ".join(
            f"{r['lower']['pass_ms'].get(p, 0):.0f}" for p in passes) + " |")
    # Runtime
    rrows = [r for r in rows if r.get("runtime")]
    if rrows:
        out += ["", "## Run time of a forward (median ms)", "",
                "JIT, original: the saved program; frozen: after torch.jit.freeze, whose default "
                "optimize_numerics folds batch norms into convolutions as lowering does. "
                "jemalloc: the same programs timed again in a process with jemalloc preloaded "
                "(LD_PRELOAD) instead of glibc's malloc.", "",
                "| model | batch | eager | JIT, original | JIT, frozen | JIT, lowered "
                "| lowered / original | lowered / frozen | max abs diff vs eager "
                "| jemalloc: JIT, original | frozen | lowered | lowered / original "
                "| lowered / frozen |",
                "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for r in rrows:
            for b, t in r["runtime"].items():
                ratio = t["jit_lowered"]["median"] / t["jit_original"]["median"]
                frozen = t.get("jit_frozen")
                out.append(f"| {r['model']} | {b[5:]} | {t['eager']['median']:.2f} "
                           f"| {t['jit_original']['median']:.2f} "
                           + (f"| {frozen['median']:.2f} " if frozen else "| - ")
                           + f"| {t['jit_lowered']['median']:.2f} | {ratio:.2f} "
                           + (f"| {t['jit_lowered']['median'] / frozen['median']:.2f} "
                              if frozen else "| - ")
                           + f"| {t['max_abs_diff']:.2g} "
                           + _jemalloc_cells(t.get("jemalloc")) + "|")
    return "\n".join(out) + "\n"


def _jemalloc_cells(t):
    """The runtime table's jemalloc columns for one model and batch (t: None if not measured)."""
    if not t:
        return "| - | - | - | - | - "
    low, orig, frozen = (t[k]["median"] for k in ("jit_lowered", "jit_original", "jit_frozen"))
    return (f"| {orig:.2f} | {frozen:.2f} | {low:.2f} | {low / orig:.2f} "
            f"| {low / frozen:.2f} ")


def _design_figures():
    """benchmarks/design_figures.md: the hand-written measurements the code's comments cite."""
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "design_figures.md")) as f:
        return f.read()


def write(results, outdir, text=None):
    """Writes benchmarks.{json,md,png} to outdir; `text` is the markdown if already rendered
    (it is rendered before anything is written, so a failure leaves the old files)."""
    text = markdown(results) if text is None else text
    text += "\n" + _design_figures()
    _atomic_write(os.path.join(outdir, "benchmarks.json"), json.dumps(results, indent=1) + "\n")
    _atomic_write(os.path.join(outdir, "benchmarks.md"), text)
    rows = [r for r in results["rows"] if "error" not in r]
    if rows:
        plot(rows, os.path.join(outdir, "benchmarks.png"))
