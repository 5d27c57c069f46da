# graph-lower: every target runs inside the toolchain through tools/dev (which provisions it once).
DEV := tools/dev

.PHONY: all build demo test format clean

all: build

build:
	$(DEV) bazel build //...

# Scripts a random-weight ResNet-18 and runs graph-lower on it.
demo:
	$(DEV) bash tools/demo.sh

# All C++ (Bazel) and Python (pytest) tests; prints "N passed, N failed" per runner.
test:
	$(DEV) bash tools/run_tests.sh

# Rewrites every C++ file with clang-format (Google style, see .clang-format).
format:
	$(DEV) bash -c 'git ls-files "*.h" "*.cc" | xargs clang-format -i'

clean:
	$(DEV) bazel clean
	rm -rf out
