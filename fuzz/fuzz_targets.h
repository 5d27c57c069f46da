// The bodies of graph-lower's fuzz targets (fuzz/*_fuzzer.cc), shared with the replay tool and the
// regression test so that a crash input found by libFuzzer reproduces in the normal (gcc) build.
//
// Each returns normally for every input: a rejected input is an error status, which is the
// expected outcome. A crash, a sanitizer report, an abort or a hang is a finding. The targets
// abort (a finding) when a lowering that succeeded hands back a graph that fails
// torch::jit::Graph::lint, or that does not print and re-parse as text IR where it should
// (ir/graph_io.h GraphToText says where it cannot).
#ifndef GRAPH_LOWER_FUZZ_FUZZ_TARGETS_H_
#define GRAPH_LOWER_FUZZ_FUZZ_TARGETS_H_

#include <cstddef>
#include <cstdint>

namespace graph_lower::fuzz {

// Text IR reader plus lowering. `data` is text IR (as printed by torch::jit::Graph), optionally
// followed by a line "#example-inputs: SPEC" (ParseExampleInputs's spec syntax). Without that
// line the graph is lowered without example inputs (shape-generic decompositions only). With it,
// and when every example tensor has at most kMaxExampleElements elements and the graph has no
// prim::Loop (the interpreter would run a fuzzed trip count), shapes are specialised by running
// the graph, as `graph-lower --example-inputs` does.
void FuzzTextIr(const uint8_t* data, size_t size);

// Archive loader plus lowering: `data` is the bytes of a TorchScript archive (a zip), loaded with
// LoadArchive (ir/graph_io.h) and, when it loads, lowered without example inputs.
void FuzzArchive(const uint8_t* data, size_t size);

// torch.export archive reader plus lowering: `data` is the bytes of a .pt2 (a zip), read with
// LoadExportedProgram (ir/exported_program.h) and, when it reads, lowered without example inputs.
void FuzzExportedProgram(const uint8_t* data, size_t size);

inline constexpr int64_t kMaxExampleElements = 4096;

}  // namespace graph_lower::fuzz

#endif  // GRAPH_LOWER_FUZZ_FUZZ_TARGETS_H_
