#!/usr/bin/env bash
# Runs the C++ tests under AddressSanitizer (with LeakSanitizer) and UndefinedBehaviorSanitizer
# (.bazelrc --config=asan / --config=ubsan) and prints "cpp-<config>: N passed, N failed" for each,
# then runs the CLI built with that sanitizer through tests/python/test_bad_input.py and
# test_check_cli.py ("cli-<config>: N passed ...");
# `make check-sanitizers` calls it through tools/dev. Each configuration builds in an output base
# of its own (under ~/.cache/bazel, per checkout), so the main optimised build is kept.
# Usage: tools/check_sanitizers.sh [asan] [ubsan]     (default: both). Exit status 1 on a failure.
set -uo pipefail
cd "$(dirname "$0")/.."

configs=("$@")
[ ${#configs[@]} -gt 0 ] || configs=(asan ubsan)
status=0
# One output base per configuration and checkout (a Bazel output base belongs to one workspace).
workspace=$(pwd | sha256sum | cut -c1-8)
for config in "${configs[@]}"; do
  case "$config" in asan | ubsan) ;; *) echo "unknown sanitizer config: $config" >&2; exit 2 ;; esac
  base="$HOME/.cache/bazel/graph_lower_${config}_$workspace"
  t0=$SECONDS
  bazel --output_base="$base" test --config="$config" --keep_going //...
  test_status=$?
  logs=$(bazel --output_base="$base" info --config="$config" bazel-testlogs 2>/dev/null)
  python3 tools/test_summary.py "$logs" | sed "s/^cpp:/cpp-$config:/"
  summary_status=${PIPESTATUS[0]}
  # The CLI built with the sanitizer, through the bad-input and check tests (tests/python).
  bin=$(bazel --output_base="$base" info --config="$config" bazel-bin 2>/dev/null)
  GRAPH_LOWER_BIN="$bin/cli/graph-lower" \
    ASAN_OPTIONS=allow_user_poisoning=0:detect_container_overflow=0 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    python3 -m pytest -q -p no:cacheprovider tests/python/test_bad_input.py \
    tests/python/test_check_cli.py 2>&1 | tail -n 25 | sed "\$s/^/cli-$config: /"
  cli_status=${PIPESTATUS[0]}
  echo "$config: $((SECONDS - t0)) s"
  [ $test_status -eq 0 ] && [ $summary_status -eq 0 ] && [ $cli_status -eq 0 ] || status=1
done
exit $status
