#!/usr/bin/env bash
# The main job on the default input: a torchvision ResNet-18 with random weights, scripted to a
# TorchScript archive, then checked by graph-lower against core ATen. `make demo` runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
bazel build //cli:graph-lower
python3 examples/make_model.py resnet18 out/resnet18.pt
set +e
graph-lower out/resnet18.pt --check --report out/resnet18.check.json
code=$?
set -e
# 1 means "some ops are not core ATen", which is what a scripted model looks like before lowering.
[ $code -le 1 ] || exit $code
echo "report: out/resnet18.check.json"
