#!/usr/bin/env bash
# The main job on the default input: a torchvision ResNet-18 with random weights, scripted to a
# TorchScript archive, checked against core ATen, then lowered to core ATen with its outputs
# verified against the original program. `make demo` runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
bazel build //cli:graph-lower
python3 examples/make_model.py resnet18 out/resnet18.pt
set +e
graph-lower out/resnet18.pt --check --report out/resnet18.check.json >/dev/null 2>&1
code=$?
set -e
# 1 means "some ops are not core ATen", which is what a scripted model looks like before lowering.
[ $code -le 1 ] || { echo "check failed with exit code $code" >&2; exit $code; }
echo "before: $(python3 -c 'import json; r = json.load(open("out/resnet18.check.json")); print(len(r["non_core_ops"]), "non-core overloads:", ", ".join(r["non_core_ops"]))')"
graph-lower out/resnet18.pt -o out/resnet18.core_aten.pt --example-inputs out/resnet18.inputs.pt \
  --verify --report out/resnet18.lower.json
echo "wrote out/resnet18.core_aten.pt (loads with torch.jit.load) and out/resnet18.lower.json"
