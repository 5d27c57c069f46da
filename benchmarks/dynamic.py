"""Dynamic shapes, side by side in one run: one lowering of a program with symbolic dims against
lowerings specialised to each size (issue 39).

    python3 benchmarks/dynamic.py [--out DIR] [--quick]

The program is a decoder-only language model (token embedding, pre-norm blocks of causal
grouped-query attention and a GELU MLP, a final norm and head; d=256, 8 query heads and 2
key/value heads, 4 blocks, vocabulary 1,000), exported by torch.export with dynamic batch and
length dims (batch in [1, 32], length in [2, 512]) and, once per size, with static shapes.
Reported, on one thread:

- lowering: wall time of `graph_lower.run_decompositions` on the dynamic program, on the same
  program exported at one size (specialised), and of PyTorch's `ep.run_decompositions()` on the
  dynamic program (median of the repeats);
- run time at three sizes (batch x length): the dynamic lowered program (`.module()`) against the
  program specialised to that size, both lowered by graph-lower, and eager (median of the
  repeats, under no_grad), with the largest difference from eager.

Writes DIR/dynamic-bench.json and DIR/dynamic-bench.md.
"""

import argparse
import json
import os
import platform
import statistics
import sys
import time

import torch
from torch.export import Dim, export

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "bazel-bin", "python", "site"))  # //python:package

import graph_lower  # noqa: E402
from decoder_lm import DecoderLM  # noqa: E402


def median_ms(fn, repeats):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=os.path.join(REPO, "out", "bench"))
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    args = parser.parse_args()
    torch.set_num_threads(1)
    torch.manual_seed(0)
    lower_repeats, run_repeats = (1, 3) if args.quick else (3, 5)
    model = DecoderLM().eval()
    tokens = torch.randint(0, 1000, (2, 16))
    dims = {"idx": {0: Dim("batch", min=1, max=32), 1: Dim("length", min=2, max=512)}}
    dynamic_ep = export(model, (tokens,), dynamic_shapes=dims)
    static_ep = export(model, (tokens,))
    lowering = {
        "graph_lower_dynamic": median_ms(lambda: graph_lower.run_decompositions(dynamic_ep),
                                         lower_repeats),
        "graph_lower_specialised": median_ms(lambda: graph_lower.run_decompositions(static_ep),
                                             lower_repeats),
        "pytorch_dynamic": median_ms(lambda: dynamic_ep.run_decompositions(), lower_repeats),
    }
    dynamic = graph_lower.run_decompositions(dynamic_ep)
    report = dynamic.graph_lower_report
    dynamic_module = dynamic.module()
    runs = []
    for batch, length in ((1, 16), (4, 128), (8, 256)):
        x = torch.randint(0, 1000, (batch, length))
        specialised = graph_lower.run_decompositions(export(model, (x,))).module()
        with torch.no_grad():
            want = model(x)
            row = {"batch": batch, "length": length}
            for name, fn in (("eager", model), ("dynamic", dynamic_module),
                             ("specialised", specialised)):
                fn(x)  # warm-up
                row[f"{name}_ms"] = median_ms(lambda: fn(x), run_repeats)
                if name != "eager":
                    row[f"{name}_max_abs_error"] = (fn(x) - want).abs().max().item()
        runs.append(row)
    result = {
        "torch": torch.__version__, "machine": platform.processor() or platform.machine(),
        "threads": 1, "lower_repeats": lower_repeats, "run_repeats": run_repeats,
        "lowering_ms": lowering, "runs": runs,
        "symbolic_dims": report["symbolic_dims"], "runtime_asserts": report["runtime_asserts"],
        "non_core_ops": report["non_core_ops"],
        "range_constraints": {str(k): str(v) for k, v in dynamic.range_constraints.items()},
    }
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "dynamic-bench.json"), "w") as f:
        json.dump(result, f, indent=1)
    lines = [
        "# Dynamic shapes: one lowering for every size",
        "",
        f"torch {result['torch']}, 1 thread; `benchmarks/dynamic.py` (its docstring says what is "
        "measured). Decoder LM, 4 blocks, d=256, GQA 8/2 heads; batch in [1, 32], length in "
        "[2, 512].",
        "",
        f"Symbolic dims kept: {result['symbolic_dims']}; ranges {result['range_constraints']}; "
        f"run-time asserts: {len(result['runtime_asserts'])}; non-core ops: "
        f"{len(result['non_core_ops'])}.",
        "",
        "| lowering (median of %d) | ms |" % lower_repeats,
        "|---|---|",
        f"| graph-lower, dynamic program | {lowering['graph_lower_dynamic']:.0f} |",
        f"| graph-lower, specialised to (2, 16) | {lowering['graph_lower_specialised']:.0f} |",
        f"| PyTorch `ep.run_decompositions()`, dynamic program | "
        f"{lowering['pytorch_dynamic']:.0f} |",
        "",
        "| batch x length | eager ms | dynamic ms | specialised ms | dynamic / specialised | "
        "max abs error (dynamic) |",
        "|---|---|---|---|---|---|",
    ]
    for r in runs:
        lines.append(f"| {r['batch']} x {r['length']} | {r['eager_ms']:.2f} | "
                     f"{r['dynamic_ms']:.2f} | {r['specialised_ms']:.2f} | "
                     f"{r['dynamic_ms'] / r['specialised_ms']:.2f}x | "
                     f"{r['dynamic_max_abs_error']:.1e} |")
    with open(os.path.join(args.out, "dynamic-bench.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
