"""Every torchvision model through the graph-lower CLI, checked independently of its census.

Usage (inside tools/dev; `make models` runs it over the whole zoo):
  python3 tests/models/zoo.py [--models REGEX] [--out DIR] [--markdown docs/models.md]
                              [--json docs/models.json] [--timeout S] [--fresh]

For each model of `torchvision.models.list_models()` (quantized models excepted, see QUANTIZED):
random weights (seeded), eval mode, its usual input size (INPUTS), scripted with torch.jit.script
or, where scripting fails, traced (the page says which). Detection models take a list of images,
which the CLI's --example-inputs cannot give, so a scripted wrapper passes its one image tensor as
`[image]` and returns the detections (a list of dicts). Each program is lowered by the CLI with
`--verify` in a process of its own; its result is kept in DIR/results/NAME.json, so a crashed or
interrupted sweep resumes where it stopped (--fresh starts over).

The lowered archive is then checked here, not by graph-lower's census (`check_graph`): every node
must be a core ATen op (`torch.Tag.core` of the running PyTorch), or a structural prim op; a shape
query or scalar/list glue is allowed only where it depends on data (a tensor read into a scalar,
or a shape that depends on values, as after nonzero or nms) or on a scalar input.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import time
import warnings

import torch

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from models_xfail import XFAIL  # noqa: E402

# torchvision's quantized models run quantized::* kernels (fbgemm / qnnpack) on packed weights
# (custom classes such as __torch__.torch.classes.quantized.Conv2dPackedParamsBase) after
# calibration; none of that is ATen, and core ATen has no quantized ops. Lowering a quantized
# program is the job of PT2E quantization (quantized_decomposed::*), not of this sweep.
QUANTIZED = "quantized_"

DETECTION = ("fasterrcnn", "fcos", "keypointrcnn", "maskrcnn", "retinanet", "ssd")
VIDEO = ("r3d_18", "mc3_18", "r2plus1d_18", "s3d", "mvit_v1_b", "mvit_v2_s", "swin3d_t",
         "swin3d_s", "swin3d_b")
SEGMENTATION = ("fcn_", "deeplabv3_", "lraspp_")
OPTICAL_FLOW = ("raft_",)


def family(name):
    if name.startswith(DETECTION):
        return "detection"
    if name in VIDEO:
        return "video"
    if name.startswith(SEGMENTATION):
        return "segmentation"
    if name.startswith(OPTICAL_FLOW):
        return "optical flow"
    return "classification"


def input_shapes(name):
    """The example input shapes: the sizes torchvision's model docs and references use."""
    fam = family(name)
    if fam == "classification":
        # inception_v3 is trained at 299 (torchvision's weights transforms: resize 342, crop 299).
        return [(1, 3, 299, 299)] if name == "inception_v3" else [(1, 3, 224, 224)]
    if fam == "segmentation":
        return [(1, 3, 520, 520)]  # torchvision's references/segmentation crop size
    if fam == "detection":
        # One 3xHxW image; the model's own transform resizes it (min_size 800 for the R-CNNs).
        return [(3, 320, 320)] if "320" in name else [(3, 480, 640)]
    if fam == "video":
        # Clips of 16 frames: 112x112 for the R(2+1)D family, 224x224 for S3D, MViT and Swin3D.
        side = 112 if name in ("r3d_18", "mc3_18", "r2plus1d_18") else 224
        return [(1, 3, 16, side, side)]
    # RAFT: two frames; 368x496 is the FlyingChairs crop of the RAFT paper (Teed and Deng, 2020).
    return [(1, 3, 368, 496), (1, 3, 368, 496)]


def build(name):
    """The eval-mode model with seeded random weights (no download)."""
    import torchvision

    torch.manual_seed(0)
    kwargs = {"weights": None}
    if name in ("inception_v3", "googlenet"):
        kwargs.update(aux_logits=False, init_weights=False)
    if family(name) in ("detection", "segmentation"):
        kwargs["weights_backbone"] = None  # else torchvision downloads ImageNet weights
    return torchvision.models.get_model(name, **kwargs).eval()


class Detector(torch.nn.Module):
    """One image tensor in, the model's detections (List[Dict[str, Tensor]]) out."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, image: torch.Tensor):
        if torch.jit.is_scripting():
            # Scripted detection models return (losses, detections) in eval mode.
            return self.model([image])[1]
        return self.model([image])


def kept_ops(name):
    """Operators the lowering keeps for `name`: torchvision's own detection kernels.

    torchvision::nms (greedy suppression: a data-dependent loop) and torchvision::roi_align are
    operators of torchvision's C++ library, not ATen; a backend running detection implements them
    (as ExecuTorch and TensorRT do) or falls back for them. The CLI loads the library with
    --load-library and keeps them with --keep-ops; the check allows exactly these.
    """
    return ["torchvision::nms", "torchvision::roi_align"] if family(name) == "detection" else []


def prepare(name, directory):
    """Writes NAME.pt (scripted, else traced) and NAME.inputs.pt; returns how it was captured."""
    model = build(name)
    if family(name) == "detection":
        model = Detector(model)
    torch.manual_seed(1)
    inputs = [torch.randn(s) for s in input_shapes(name)]
    archive = os.path.join(directory, name + ".pt")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            program, how = torch.jit.script(model), "scripted"
        except Exception as e:  # noqa: BLE001 - any scripting failure falls back to tracing
            why = str(e).strip().splitlines()[0][:200]
            with torch.no_grad():
                program, how = torch.jit.trace(model, tuple(inputs), check_trace=False), (
                    f"traced (scripting fails: {why})")
    program.save(archive)
    torch.save(inputs, os.path.join(directory, name + ".inputs.pt"))
    return archive, how


# Prim ops that only give the graph its structure (values in and out, blocks), never compute.
STRUCTURAL = {
    "prim::Constant", "prim::ListConstruct", "prim::ListUnpack", "prim::TupleConstruct",
    "prim::TupleUnpack", "prim::TupleIndex", "prim::DictConstruct", "prim::If", "prim::Loop",
    "prim::RaiseException", "prim::Uninitialized", "prim::unchecked_cast", "prim::Return",
    "prim::Param", "prim::CreateObject", "prim::SetAttr", "prim::GetAttr", "prim::Enter",
    "prim::Exit",
    # A Python warning: a message, no computation (torch.export drops it; a backend may too).
    "aten::warn",
}
# Tensor data read into a scalar, and ops whose output shape depends on tensor values.
DATA_READS = {"aten::_local_scalar_dense", "aten::item", "aten::Int", "aten::Float",
              "aten::Bool", "aten::ScalarImplicit", "aten::IntImplicit", "aten::FloatImplicit",
              "aten::tolist", "prim::tolist"}
DATA_SHAPED = {"aten::nonzero", "aten::masked_select", "aten::unique", "aten::_unique2",
               "aten::unique_consecutive", "aten::unique_dim", "aten::nonzero_static",
               "torchvision::nms", "aten::repeat_interleave"}
SHAPE_QUERIES = {"aten::size", "aten::sym_size", "aten::stride", "aten::sym_stride",
                 "aten::is_contiguous", "aten::dim", "aten::len", "aten::numel", "aten::sym_numel",
                 "prim::device", "prim::dtype", "prim::layout", "prim::shape", "aten::__is__",
                 "aten::__isnot__", "prim::is_cuda"}


def _has_tensor(t):
    if isinstance(t, torch._C.TensorType):
        return True
    return any(_has_tensor(c) for c in t.containedTypes())


def _is_core(node):
    """Whether node's overload is marked core ATen by the running PyTorch."""
    kind = node.kind()
    if not kind.startswith("aten::"):
        return False
    try:
        schema = node.schema()
    except RuntimeError:
        return False
    if schema == "(no schema)":
        return False
    parsed = torch._C.parse_schema(schema)
    packet = getattr(torch.ops.aten, parsed.name.split("::", 1)[1], None)
    overload = getattr(packet, parsed.overload_name or "default", None) if packet else None
    return overload is not None and torch.Tag.core in overload.tags


def _overload_name(node):
    """aten::add.Tensor for a node with a schema, else its kind."""
    try:
        schema = node.schema()
    except RuntimeError:
        return node.kind()
    if schema == "(no schema)":
        return node.kind()
    parsed = torch._C.parse_schema(schema)
    return parsed.name + ("." + parsed.overload_name if parsed.overload_name else "")


def _nodes(block):
    for node in block.nodes():
        yield node
        for sub in node.blocks():
            yield from _nodes(sub)


def check_graph(graph, keep=()):
    """Every node of `graph` that a backend would have to run and core ATen does not give.

    Returns {"non_core": {op: n}, "shape_queries": {op: n}, "glue": {op: n}}: tensor ops outside
    core ATen; shape queries and scalar/list ops whose inputs depend on no tensor data, no
    value-dependent shape and no scalar input (so they could have been folded); and, under
    "data_glue", glue that depends on data (allowed; counted for the page).
    """
    data = set()  # values that depend on tensor data or on a scalar input
    for v in graph.inputs():
        if not isinstance(v.type(), torch._C.TensorType) and v.debugName() != "self":
            if not v.type().str().startswith("__torch__"):
                data.add(v)
    out = {"non_core": {}, "shape_queries": {}, "glue": {}, "data_glue": {}}

    def count(kind, op):
        out[kind][op] = out[kind].get(op, 0) + 1

    def visit(block):
        for node in block.nodes():
            kind = node.kind()
            ins = list(node.inputs())
            depends = any(v in data for v in ins)
            for sub in node.blocks():
                # A loop's carried values and an If's outputs depend on what their blocks read.
                visit(sub)
                depends = depends or any(v in data for v in sub.outputs())
            if kind in DATA_READS or kind in DATA_SHAPED or depends:
                data.update(node.outputs())
                if kind == "prim::Loop":
                    for sub in node.blocks():
                        data.update(sub.inputs())
            if kind in STRUCTURAL:
                continue
            tensor_in = any(_has_tensor(v.type()) for v in ins)
            tensor_out = any(_has_tensor(v.type()) for v in node.outputs())
            if kind in SHAPE_QUERIES:
                count("data_glue" if depends else "shape_queries", kind)
            elif _is_core(node) or kind in keep:
                continue
            elif tensor_in or tensor_out:
                count("non_core", _overload_name(node))
            else:
                count("data_glue" if depends else "glue", kind)

    visit(graph)
    return out


def lower(binary, name, directory, timeout):
    """Runs the CLI on the model; returns the result record."""
    archive = os.path.join(directory, name + ".pt")
    lowered = os.path.join(directory, name + ".core.pt")
    report_path = os.path.join(directory, name + ".report.json")
    args = [binary, archive, "-o", lowered, "--example-inputs",
            os.path.join(directory, name + ".inputs.pt"), "--verify", "--report", report_path]
    keep = kept_ops(name)
    if keep:
        import torchvision

        args += ["--load-library", torchvision.extension._get_extension_path("_C"),
                 "--keep-ops", ",".join(keep)]
    start = time.monotonic()
    try:
        proc = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"result": "timeout", "reason": f"no result after {timeout} s"}
    seconds = time.monotonic() - start
    record = {"exit": proc.returncode, "seconds": round(seconds, 1)}
    if os.path.exists(report_path):
        with open(report_path) as f:
            report = json.load(f)
        record["census_non_core"] = report.get("non_core_ops", [])
        record["verified"] = report.get("verified")
        record["nodes_before"] = report.get("nodes_before")
        record["nodes_after"] = report.get("nodes_after")
    if proc.returncode != 0 or not os.path.exists(lowered):
        lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
        record.update(result="fail", reason=(lines[-1] if lines else f"exit {proc.returncode}")[:300])
        return record
    graph = torch.jit.load(lowered).forward.graph
    found = check_graph(graph, keep)
    record["check"] = found
    bad = {k: v for k, v in found.items() if k != "data_glue" and v}
    if bad:
        parts = [f"{k}: " + ", ".join(f"{op} x{n}" for op, n in sorted(v.items())) for k, v in
                 bad.items()]
        record.update(result="fail", reason="; ".join(parts)[:400])
    else:
        record["result"] = "pass"
    for path in (lowered,):
        os.remove(path)
    return record


def run_one(name, directory, binary, timeout):
    """prepare + lower in this process; writes DIR/results/NAME.json."""
    import torchvision  # noqa: F401 - registers torchvision::* ops for torch.jit.load

    torch.set_num_threads(max(1, os.cpu_count() or 1))
    record = {"model": name, "family": family(name),
              "input": " + ".join("x".join(map(str, s)) for s in input_shapes(name))}
    start = time.monotonic()
    try:
        _, how = prepare(name, directory)
        record["captured"] = how
        record["capture_seconds"] = round(time.monotonic() - start, 1)
        record.update(lower(binary, name, directory, timeout))
    except Exception as e:  # noqa: BLE001 - the page records any failure with its reason
        record.update(result="fail", reason=f"{type(e).__name__}: {str(e).splitlines()[0][:300]}")
    finally:
        for suffix in (".pt", ".inputs.pt", ".report.json"):
            path = os.path.join(directory, name + suffix)
            if os.path.exists(path) and not os.environ.get("ZOO_KEEP"):
                os.remove(path)
    return record


def models(pattern=None):
    import torchvision

    names = [n for n in torchvision.models.list_models() if not n.startswith(QUANTIZED)]
    if pattern:
        names = [n for n in names if re.search(pattern, n)]
    return names


def expected(name):
    """The xfail reason for model `name` on the running torch, or None."""
    entry = XFAIL.get(name)
    if entry is None:
        return None
    versions, reason = entry
    major_minor = ".".join(torch.__version__.split(".")[:2])
    return reason if versions == "*" or major_minor in versions else None


def write_markdown(path, records, seconds):
    passed = sum(r["result"] == "pass" for r in records)
    lines = [
        "# torchvision zoo through graph-lower",
        "",
        f"Generated by `make models` (tests/models/zoo.py) with torch {torch.__version__}. "
        "Every model of `torchvision.models.list_models()` but the quantized ones, with random "
        "weights, lowered by the CLI with `--verify` at its usual input size, then checked "
        "independently of graph-lower's census: core ATen (`torch.Tag.core`) and structural "
        "prim ops only, and no shape query or scalar/list glue that does not depend on data.",
        "",
        f"**{passed} of {len(records)} pass**; "
        f"{sum(r['result'] == 'xfail' for r in records)} are expected failures, with their "
        "reasons in tests/models/models_xfail.py. Capture and lowering took "
        f"{sum(r.get('seconds', 0) + r.get('capture_seconds', 0) for r in records) / 60:.0f} "
        f"min in all on {os.cpu_count()} cores (results are kept per model; this page was "
        f"written in {seconds / 60:.0f} min from them).",
        "",
        "| model | family | input | captured | nodes before | nodes after | lower s | result | "
        "reason |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in records:
        captured = "scripted" if r.get("captured") == "scripted" else (
            "traced" if r.get("captured") else "")
        reason = r.get("reason", "") or ""
        if r["result"] == "pass" and r.get("check", {}).get("data_glue"):
            n = sum(r["check"]["data_glue"].values())
            reason = f"{n} glue nodes on data-dependent values (kept, as they must be)"
        reason = reason.replace("|", "\\|")
        lines.append(f"| {r['model']} | {r['family']} | {r.get('input', '')} | {captured} | "
                     f"{r.get('nodes_before', '')} | {r.get('nodes_after', '')} | "
                     f"{r.get('seconds', '')} | {r['result']} | {reason} |")
    traced = [r for r in records if r.get("captured", "").startswith("traced")]
    if traced:
        lines += ["", "## Traced, not scripted", ""]
        lines += [f"- {r['model']}: {r['captured']}" for r in traced]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--models", help="regex of model names (default: the whole zoo)")
    p.add_argument("--out", default=os.path.join(REPO, "out", "models"))
    p.add_argument("--binary", default=os.environ.get("GRAPH_LOWER_BIN") or os.path.join(
        REPO, "bazel-bin", "cli", "graph-lower"))
    p.add_argument("--markdown")
    p.add_argument("--json")
    p.add_argument("--timeout", type=int, default=1800, help="seconds per model for the CLI")
    p.add_argument("--fresh", action="store_true", help="forget earlier results in --out")
    p.add_argument("--one", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    results_dir = os.path.join(args.out, "results")
    os.makedirs(results_dir, exist_ok=True)
    if args.one:
        record = run_one(args.one, args.out, args.binary, args.timeout)
        with open(os.path.join(results_dir, args.one + ".json.tmp"), "w") as f:
            json.dump(record, f, indent=1)
        os.replace(os.path.join(results_dir, args.one + ".json.tmp"),
                   os.path.join(results_dir, args.one + ".json"))
        return 0
    start = time.monotonic()
    records = []
    names = models(args.models)
    for i, name in enumerate(names):
        path = os.path.join(results_dir, name + ".json")
        if args.fresh and os.path.exists(path):
            os.remove(path)
        if not os.path.exists(path):
            print(f"[{i + 1}/{len(names)}] {name} ...", flush=True)
            proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--one", name,
                                   "--out", args.out, "--binary", args.binary, "--timeout",
                                   str(args.timeout)], capture_output=True, text=True)
            if not os.path.exists(path):  # the worker itself crashed
                tail = [ln for ln in proc.stderr.splitlines() if ln.strip()][-1:] or [""]
                with open(path, "w") as f:
                    json.dump({"model": name, "family": family(name), "result": "fail",
                               "reason": f"worker died (exit {proc.returncode}): {tail[0]}"}, f)
        with open(path) as f:
            record = json.load(f)
        why = expected(name)
        if why and record["result"] != "pass":
            record["result"], record["reason"] = "xfail", f"{why} ({record.get('reason', '')})"
        elif why:
            record["result"] = "xpass"
        records.append(record)
        print(f"  {name}: {record['result']} {record.get('seconds', '')} "
              f"{record.get('reason', '')}", flush=True)
    seconds = time.monotonic() - start
    if args.models and (args.markdown or args.json):
        # The page is the whole zoo's: a subset does not replace it.
        print("--models given: not writing --markdown / --json", file=sys.stderr)
        args.markdown = args.json = None
    if args.markdown:
        write_markdown(args.markdown, records, seconds)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(records, f, indent=1)
    bad = [r for r in records if r["result"] in ("fail", "timeout", "xpass")]
    passed = sum(r["result"] == "pass" for r in records)
    print(f"{passed} passed, {len(records) - passed - len(bad)} xfailed, {len(bad)} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
