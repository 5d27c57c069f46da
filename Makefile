# graph-lower: every target runs inside the toolchain through tools/dev (which provisions it once).
DEV := tools/dev

.PHONY: all build demo test models check-sanitizers fuzz coverage coverage-checkpoint bench bench-quick bench-dispatch bench-dynamic bench-backend bench-user format index clean

all: build

build:
	$(DEV) bazel build //...

# Scripts a random-weight ResNet-18 and runs graph-lower on it.
demo:
	$(DEV) bash tools/demo.sh

# All C++ (Bazel) and Python (pytest) tests; prints "N passed, N failed" per runner.
test:
	$(DEV) bash tools/run_tests.sh

# Every torchvision model (quantized ones excepted) through the CLI with --verify, checked by
# tests/models/zoo.py independently of graph-lower's census; writes docs/models.md and
# docs/models.json (docs/torch-2.14/ under GRAPH_LOWER_TORCH=2.14). Results are kept per model in
# out/models/results, so an interrupted sweep resumes; MODELS_ARGS=--fresh starts over, and
# MODELS_ARGS="--models 'REGEX'" (quoted for the shell) runs some models without writing the page.
# About 2 hours on 2 cores; tests/models/test_zoo_subset.py runs a CI-sized subset in `make test`.
MODELS_ARGS ?=
MODELS_DIR := docs$(if $(filter-out 2.6,$(or $(GRAPH_LOWER_TORCH),2.6)),/torch-$(GRAPH_LOWER_TORCH))
models:
	$(DEV) bazel build //cli:graph-lower
	mkdir -p $(MODELS_DIR)
	$(DEV) python3 $(CURDIR)/tests/models/zoo.py --out $(CURDIR)/out/models$(if $(filter-out 2.6,$(or $(GRAPH_LOWER_TORCH),2.6)),-$(GRAPH_LOWER_TORCH)) \
		--markdown $(CURDIR)/$(MODELS_DIR)/models.md --json $(CURDIR)/$(MODELS_DIR)/models.json $(MODELS_ARGS)

# The C++ tests under AddressSanitizer (+LeakSanitizer) and UndefinedBehaviorSanitizer (gcc's;
# .bazelrc --config=asan / --config=ubsan), each in an output base of its own; prints
# "cpp-asan: N passed, N failed" and "cpp-ubsan: ...". The first run builds twice: 1,313 s (asan)
# and 858 s (ubsan) were measured on this 2-core machine.
check-sanitizers:
	$(DEV) bash tools/check_sanitizers.sh

# libFuzzer (clang 19) over the text IR reader + lowering and the archive loader + lowering, both
# targets at once for FUZZ_SECONDS each (default 300); findings in out/fuzz/findings (tools/fuzz.sh).
# FUZZ_RUNS=N also stops each target after N executions; FUZZ_MAX_LEN caps text_ir's inputs.
FUZZ_SECONDS ?= 300
FUZZ_RUNS ?=
FUZZ_MAX_LEN ?= 65536
fuzz:
	$(DEV) env FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_RUNS=$(FUZZ_RUNS) FUZZ_MAX_LEN=$(FUZZ_MAX_LEN) bash tools/fuzz.sh

# PyTorch's OpInfo samples through graph-lower and through torch.export + run_decompositions
# (tests/opinfo/sweep.py), in float32, int64, bool, float64, float16 and bfloat16; writes
# docs/coverage.md and docs/coverage.json (page names below). COVERAGE_SAMPLES samples per OpInfo and dtype (0: all
# of them, many hours; 2 is what the issue measured the anchor at). Results are journaled in
# out/coverage-*.jsonl, so a stopped sweep resumes when run again; COVERAGE_ARGS=--fresh starts
# over. docs/coverage.* is the torch 2.6 page; GRAPH_LOWER_TORCH=2.14 writes docs/coverage-2.14.*.
#
# A full sweep outlasts one sitting on a 2-core machine, and out/ does not travel between machines:
# `make coverage-checkpoint` saves the journal, compressed, as docs/coverage-journal-*.jsonl.gz
# (commit it), and `make coverage` on a fresh clone resumes from that file when out/ has no
# journal. Each OpInfo's entry records the commit that ran it; the page lists them.
COVERAGE_SAMPLES ?= 2
COVERAGE_ARGS ?=
COVERAGE_SUFFIX := $(if $(filter-out 2.6,$(or $(GRAPH_LOWER_TORCH),2.6)),-$(GRAPH_LOWER_TORCH))
# The page: docs/coverage.md at 2 samples (the figure README quotes), docs/coverage-full.md at
# every sample (0), docs/coverage-samples-N.md otherwise.
COVERAGE_DEPTH := $(if $(filter 0,$(COVERAGE_SAMPLES)),-full,$(if $(filter-out 2,$(COVERAGE_SAMPLES)),-samples-$(COVERAGE_SAMPLES)))
COVERAGE_PAGE := docs/coverage$(COVERAGE_DEPTH)$(COVERAGE_SUFFIX)
COVERAGE_JOURNAL := out/coverage$(COVERAGE_SUFFIX)-samples-$(COVERAGE_SAMPLES).jsonl
COVERAGE_CHECKPOINT := docs/coverage-journal$(COVERAGE_SUFFIX)-samples-$(COVERAGE_SAMPLES).jsonl.gz
coverage:
	$(DEV) bazel build //python:package
	mkdir -p out
	if [ ! -s $(COVERAGE_JOURNAL) ] && [ -f $(COVERAGE_CHECKPOINT) ]; then \
		gzip -dc $(COVERAGE_CHECKPOINT) > $(COVERAGE_JOURNAL).tmp && \
		mv $(COVERAGE_JOURNAL).tmp $(COVERAGE_JOURNAL); fi
	$(DEV) env GRAPH_LOWER_COMMIT=$$(git rev-parse --short HEAD)$$(git status --porcelain -uno \
		| grep -q . && echo +dirty) python3 $(CURDIR)/tests/opinfo/sweep.py \
		--samples $(COVERAGE_SAMPLES) --journal $(CURDIR)/$(COVERAGE_JOURNAL) \
		--json $(CURDIR)/$(COVERAGE_PAGE).json --markdown $(CURDIR)/$(COVERAGE_PAGE).md \
		$(COVERAGE_ARGS)

coverage-checkpoint:
	test -s $(COVERAGE_JOURNAL) || { echo "$(COVERAGE_JOURNAL): no journal to save" >&2; exit 1; }
	gzip -9c $(COVERAGE_JOURNAL) > $(COVERAGE_CHECKPOINT).tmp
	mv $(COVERAGE_CHECKPOINT).tmp $(COVERAGE_CHECKPOINT)

# Lowering speed and memory against torch.export's run_decompositions() and TorchScript's
# _jit_pass_run_decompositions, and the run time of the lowered programs (benchmarks/run.py);
# writes docs/benchmarks.{md,json,png}; then bench-user, bench-dispatch, bench-dynamic and
# bench-backend below. Several hours the first time (tracing the 16,384-block model and
# run_decompositions on it dominate; archives are cached in out/bench).
# BENCH_ARGS passes options through, e.g. BENCH_ARGS='--models blocks --repeats 3'.
# Under GRAPH_LOWER_TORCH=2.14 the results go to docs/torch-2.14/ (docs/ keeps the 2.6 figures).
BENCH_ARGS ?=
BENCH_DIR := docs$(if $(filter-out 2.6,$(or $(GRAPH_LOWER_TORCH),2.6)),/torch-$(GRAPH_LOWER_TORCH))
bench:
	$(DEV) bazel build //benchmarks:lower_bench //cli:graph-lower //python:package
	mkdir -p $(BENCH_DIR)
	$(DEV) python3 $(CURDIR)/benchmarks/run.py --out $(CURDIR)/$(BENCH_DIR) $(BENCH_ARGS)
	$(DEV) python3 $(CURDIR)/benchmarks/user.py --out $(CURDIR)/$(BENCH_DIR)
	$(DEV) python3 $(CURDIR)/benchmarks/dispatch.py --out $(CURDIR)/$(BENCH_DIR)
	$(DEV) python3 $(CURDIR)/benchmarks/dynamic.py --out $(CURDIR)/$(BENCH_DIR)
	$(DEV) python3 $(CURDIR)/benchmarks/backend.py --out $(CURDIR)/$(BENCH_DIR)

# graph-lower where users meet it (benchmarks/user.py), each side by side in one process:
# graph_lower.run_decompositions(ep) against ep.run_decompositions() and against its floor (the C++
# pass plus FX holding the result); the CLI end to end against export + run_decompositions() +
# torch.export.save; the CLI from a .pt2 to a .pt2 against torch.export.load +
# run_decompositions() + torch.export.save; torch.compile first call and steady state against eager, aot_eager and
# inductor. Writes $(BENCH_DIR)/user-bench.md (part of `make bench`; about 40 minutes, most of it
# PyTorch's run_decompositions on the 4,096-block stack and vit_b_16 under four backends).
bench-user:
	$(DEV) bazel build //python:package //cli:graph-lower
	mkdir -p $(BENCH_DIR)
	$(DEV) python3 $(CURDIR)/benchmarks/user.py --out $(CURDIR)/$(BENCH_DIR)

# graph_lower.decompose against PyTorch's table inside a dispatch mode (benchmarks/dispatch.py):
# programs, per-call cost on a model's op mix, OpInfo coverage; writes $(BENCH_DIR)/dispatch-bench.md
# (part of `make bench`; about half an hour on 2 cores).
bench-dispatch:
	$(DEV) bazel build //python:package
	mkdir -p $(BENCH_DIR)
	$(DEV) python3 $(CURDIR)/benchmarks/dispatch.py --out $(CURDIR)/$(BENCH_DIR)

# One toy compiler behind graph_lower.backend.make_backend and behind aot_autograd with
# PyTorch's core_aten_decompositions() (benchmarks/backend.py): ops it receives outside core ATen,
# compile time and steady-state time, inference and training; writes $(BENCH_DIR)/backend-bench.md
# (part of `make bench`; about 15 minutes).
bench-backend:
	$(DEV) bazel build //python:package
	mkdir -p $(BENCH_DIR)
	$(DEV) python3 $(CURDIR)/benchmarks/backend.py --out $(CURDIR)/$(BENCH_DIR)

# Dynamic shapes (benchmarks/dynamic.py): one lowering of a decoder LM with symbolic batch and
# length against lowerings specialised to one size and PyTorch's run_decompositions(), and run
# time at three sizes; writes $(BENCH_DIR)/dynamic-bench.md (part of `make bench`; minutes).
bench-dynamic:
	$(DEV) bazel build //python:package
	mkdir -p $(BENCH_DIR)
	$(DEV) python3 $(CURDIR)/benchmarks/dynamic.py --out $(CURDIR)/$(BENCH_DIR)

# A few minutes: resnet18, a 2-layer TransformerEncoder and two small block stacks, results to
# out/bench-quick (docs/ untouched).
bench-quick:
	$(DEV) bazel build //benchmarks:lower_bench //cli:graph-lower //python:package
	mkdir -p out/bench-quick
	$(DEV) python3 $(CURDIR)/benchmarks/run.py --quick --repeats 3 --out $(CURDIR)/out/bench-quick

# Rewrites every C++ file with clang-format (Google style, see .clang-format).
format:
	$(DEV) bash -c 'git ls-files "*.h" "*.cc" | xargs clang-format -i'

# docs/decompositions.md: the source (library file and function, CIA kernel or none) of every
# non-core overload of the running torch (tools/decomposition_index.py).
index:
	$(DEV) python3 $(CURDIR)/tools/decomposition_index.py

clean:
	$(DEV) bazel clean
	rm -rf out
