# graph-lower: every target runs inside the toolchain through tools/dev (which provisions it once).
DEV := tools/dev

.PHONY: all build demo test coverage format clean

all: build

build:
	$(DEV) bazel build //...

# Scripts a random-weight ResNet-18 and runs graph-lower on it.
demo:
	$(DEV) bash tools/demo.sh

# All C++ (Bazel) and Python (pytest) tests; prints "N passed, N failed" per runner.
test:
	$(DEV) bash tools/run_tests.sh

# PyTorch's OpInfo samples through graph-lower and through torch.export + run_decompositions
# (tests/opinfo/sweep.py); writes docs/coverage.md and docs/coverage.json. COVERAGE_SAMPLES
# samples per OpInfo and dtype (0: all of them, several hours; 2 is what the issue measured the anchor at).
COVERAGE_SAMPLES ?= 2
coverage:
	$(DEV) bazel build //python:graph_lower/_C.so
	$(DEV) python3 $(CURDIR)/tests/opinfo/sweep.py --samples $(COVERAGE_SAMPLES) \
		--json $(CURDIR)/docs/coverage.json --markdown $(CURDIR)/docs/coverage.md

# Rewrites every C++ file with clang-format (Google style, see .clang-format).
format:
	$(DEV) bash -c 'git ls-files "*.h" "*.cc" | xargs clang-format -i'

clean:
	$(DEV) bazel clean
	rm -rf out
