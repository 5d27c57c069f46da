#!/usr/bin/env bash
# `make fuzz`: builds the libFuzzer targets of fuzz/ with clang (.bazelrc --config=fuzz: ASan and
# UBSan on, in an output base of its own), makes the seeds (fuzz/make_seeds.py), and runs the
# three targets (text IR, TorchScript archive, .pt2) at once for FUZZ_SECONDS each (default
# 300). The growing corpora live in out/fuzz/corpus/<target>; findings (crash-*, timeout-*, oom-* inputs) go to
# out/fuzz/findings/<target>/ (a previous run's to out/fuzz/findings.previous): copy each into fuzz/regressions/<target>/ once fixed, where
# //fuzz:regression_test replays it. FUZZ_RUNS, when set, also stops each target after that many
# executions (libFuzzer -runs), whichever comes first; set FUZZ_SECONDS high to run to a count.
# FUZZ_MAX_LEN (default 65536) caps text_ir's input sizes: its grown corpus holds graphs of 30 KB
# that run at about 30/s on a shared core; at 4096 it runs faster on smaller graphs. The archive
# target always takes 65536: its seeds are zips of 2-13 KB, and a lower cap truncates every one, so
# that its executions then stop in the zip checks (coverage 2.6k edges against 10k, measured).
# Prints "fuzz <target>: N executions, N findings" per target.
# Exit status 1 when anything was found.
set -uo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-300}
runs=()
[ -n "${FUZZ_RUNS:-}" ] && runs=(-runs="$FUZZ_RUNS")
base="$HOME/.cache/bazel/graph_lower_fuzz_$(pwd | sha256sum | cut -c1-8)"
python3 fuzz/make_seeds.py --archives out/fuzz/seeds/archive --pt2 out/fuzz/seeds/pt2 || exit 1
bazel --output_base="$base" build --config=fuzz //fuzz:text_ir_fuzzer //fuzz:archive_fuzzer \
  //fuzz:pt2_fuzzer ||
  exit 1
bin=$(bazel --output_base="$base" info --config=fuzz bazel-bin 2>/dev/null)

# Huge allocations throw (as they do without ASan) instead of aborting; libtorch keeps caches for
# the process's life, which per-input leak checking would report; user poisoning and container
# annotations: see .bazelrc's asan section.
# Stack traces are symbolised with binutils' addr2line (clang's llvm-symbolizer is not installed).
symbolizer=external_symbolizer_path=/usr/bin/addr2line
export ASAN_OPTIONS=allocator_may_return_null=1:allow_user_poisoning=0:detect_container_overflow=0:detect_leaks=0:$symbolizer
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:$symbolizer

# This run's findings only (an earlier run's are moved aside, not lost).
if [ -d out/fuzz/findings ] && [ -n "$(find out/fuzz/findings -type f)" ]; then
  rm -rf out/fuzz/findings.previous && mv out/fuzz/findings out/fuzz/findings.previous
fi

run() {  # target, seed dir, max length, extra flags...
  local target=$1 seeds=$2 max_len=$3
  shift 3
  mkdir -p "out/fuzz/corpus/$target" "out/fuzz/findings/$target"
  "$bin/fuzz/${target}_fuzzer" "out/fuzz/corpus/$target" "$seeds" \
    -max_total_time="$seconds" -timeout=30 -rss_limit_mb=6144 -malloc_limit_mb=2048 \
    -max_len="$max_len" -print_final_stats=1 -artifact_prefix="out/fuzz/findings/$target/" "${runs[@]}" "$@" \
    >"out/fuzz/$target.log" 2>&1
}
t0=$SECONDS
run text_ir fuzz/corpus/text_ir "${FUZZ_MAX_LEN:-65536}" -dict=fuzz/text_ir.dict &
run archive out/fuzz/seeds/archive 65536 &
run pt2 out/fuzz/seeds/pt2 65536 &
wait
status=0
for target in text_ir archive pt2; do
  execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "out/fuzz/$target.log" | awk '{print $2}')
  findings=$(find "out/fuzz/findings/$target" -type f | wc -l)
  echo "fuzz $target: ${execs:-0} executions, $findings findings (log out/fuzz/$target.log)"
  [ "$findings" -eq 0 ] && [ -n "$execs" ] || status=1
done
echo "fuzz: $((SECONDS - t0)) s"
exit $status
