#!/usr/bin/env bash
# Runs every test (C++ under Bazel, then Python under pytest) inside the toolchain and prints each
# runner's summary line; `make test` calls it through tools/dev. Exit status 1 if anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."

t0=$SECONDS
bazel build //... || { echo "cpp: 0 passed, 1 failed"; echo "build failed"; exit 1; }
echo "build: $((SECONDS - t0)) s"
rm -rf bazel-testlogs/
bazel test --keep_going //...
cpp_status=$?
python3 tools/test_summary.py bazel-testlogs
summary_status=$?
echo "cpp tests: $((SECONDS - t0)) s since start"

python3 -m pytest -q -p no:cacheprovider tests
py_status=$?
# pytest exits 5 when it collected no test: that is a failure of the suite, not a pass.
echo "all tests: $((SECONDS - t0)) s"
[ $cpp_status -eq 0 ] && [ $summary_status -eq 0 ] && [ $py_status -eq 0 ]
