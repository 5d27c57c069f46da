#include "fuzz/fuzz_targets.h"

#include <ATen/Parallel.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "decomps/registry.h"
#include "ir/example_values.h"
#include "ir/exported_program.h"
#include "ir/graph_io.h"
#include "lowering/pipeline.h"

namespace graph_lower::fuzz {
namespace {

constexpr char kExampleInputsMarker[] = "\n#example-inputs: ";
constexpr size_t kExampleInputsMarkerSize = sizeof(kExampleInputsMarker) - 1;

// One registry for the whole run: its library decompositions are compiled once, as in a CLI run
// that lowers many nodes of the same op.
// Also sets one intra-op thread for the process: LowerToCoreAten switches to one thread and back
// on every call, which re-sizes the thread pool and took a large share of a small graph's run
// (docs/benchmarks.md).
DecompositionRegistry& Registry() {
  static DecompositionRegistry* registry = [] {
    at::set_num_threads(1);
    return DecompositionRegistry::CreateDefault().release();
  }();
  return *registry;
}

[[noreturn]] void Finding(absl::string_view what, absl::string_view detail) {
  std::fprintf(stderr, "graph-lower fuzz finding: %.*s\n%.*s\n", static_cast<int>(what.size()),
               what.data(), static_cast<int>(detail.size()), detail.data());
  std::abort();
}

bool HasLoop(const torch::jit::Block& block) {
  for (const torch::jit::Node* node : block.nodes()) {
    if (node->kind() == torch::jit::prim::Loop) return true;
    for (const torch::jit::Block* b : node->blocks()) {
      if (HasLoop(*b)) return true;
    }
  }
  return false;
}

// Whether GraphToText(graph) is meant to parse again: not when a tensor constant has more than
// one element (the JIT prints its values, which its parser does not read), a string constant
// holds a byte outside printable ASCII (printed as a malformed octal escape such as "\0,/" for
// 0xdf, which the parser rejects), a float constant is not finite, or a value has a class type
// (an archive's `self`).
bool Reparseable(const torch::jit::Block& block) {
  for (const torch::jit::Value* v : block.inputs()) {
    if (v->type()->cast<c10::ClassType>()) return false;
  }
  for (const torch::jit::Node* node : block.nodes()) {
    // String attributes of any node (the printer escapes them the same way).
    for (const c10::Symbol name : node->attributeNames()) {
      if (node->kindOf(name) != torch::jit::AttributeKind::s) continue;
      for (const char c : node->s(name)) {
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) {
          return false;
        }
      }
    }
    if (node->kind() == torch::jit::prim::Constant && node->hasAttribute(torch::jit::attr::value)) {
      const torch::jit::AttributeKind kind = node->kindOf(torch::jit::attr::value);
      if (kind == torch::jit::AttributeKind::t && node->t(torch::jit::attr::value).numel() > 1) {
        return false;
      }
      // -inf and nan print as such; the parser reads neither.
      if (kind == torch::jit::AttributeKind::f &&
          !std::isfinite(node->f(torch::jit::attr::value))) {
        return false;
      }
      if (kind == torch::jit::AttributeKind::s) {
        for (const char c : node->s(torch::jit::attr::value)) {
          if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) {
            return false;
          }
        }
      }
    }
    for (const torch::jit::Value* v : node->outputs()) {
      if (v->type()->cast<c10::ClassType>()) return false;
    }
    for (const torch::jit::Block* b : node->blocks()) {
      if (!Reparseable(*b)) return false;
    }
  }
  return true;
}

// Lowers `graph`; when that succeeds, the result must lint and, when it is meant to, survive a
// text IR round trip.
void LowerAndCheck(std::shared_ptr<torch::jit::Graph> graph,
                   std::optional<std::vector<c10::IValue>> example_inputs) {
  LoweringOptions options;
  options.registry = &Registry();
  options.check_invariants = true;
  options.example_inputs = std::move(example_inputs);
  absl::StatusOr<LoweringReport> report = LowerToCoreAten(graph, options);
  if (!report.ok()) return;
  try {
    graph->lint();
  } catch (const std::exception& e) {
    Finding("the lowered graph fails lint", e.what());
  }
  if (!Reparseable(*graph->block())) return;
  const std::string text = GraphToText(*graph);
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> reparsed = ParseGraphText(text, "lowered");
  if (!reparsed.ok()) {
    Finding("the lowered graph does not re-parse",
            absl::StrCat(reparsed.status().message(), "\n", text));
  }
}

}  // namespace

void FuzzTextIr(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  std::string text = input;
  std::optional<std::string> spec;
  if (size_t at = input.find(kExampleInputsMarker); at != std::string::npos) {
    text = input.substr(0, at + 1);
    spec = input.substr(at + kExampleInputsMarkerSize);
    if (size_t nl = spec->find('\n'); nl != std::string::npos) spec->resize(nl);
  }
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> graph = ParseGraphText(text, "fuzz.ir");
  if (!graph.ok()) return;
  std::optional<std::vector<c10::IValue>> example_inputs;
  if (spec) {
    // A spec naming a file would read the disk; only shape specs are fuzzed.
    if (spec->find('/') != std::string::npos || HasLoop(*(*graph)->block())) return;
    absl::StatusOr<std::vector<c10::IValue>> values = ParseExampleInputs(*spec);
    if (!values.ok()) return;
    for (const c10::IValue& v : *values) {
      if (v.isTensor() && v.toTensor().numel() > kMaxExampleElements) return;
    }
    example_inputs = *std::move(values);
  }
  LowerAndCheck(*std::move(graph), std::move(example_inputs));
}

// The bytes as an anonymous in-memory file, for loaders that read a path (through /proc).
static int MemoryFile(const uint8_t* data, size_t size) {
  const int fd = memfd_create("graph-lower-fuzz", MFD_CLOEXEC);
  if (fd < 0) Finding("memfd_create failed", "");
  size_t written = 0;
  while (written < size) {
    const ssize_t n = write(fd, data + written, size - written);
    if (n <= 0) Finding("writing the memfd failed", "");
    written += static_cast<size_t>(n);
  }
  return fd;
}

void FuzzArchive(const uint8_t* data, size_t size) {
  const int fd = MemoryFile(data, size);
  absl::StatusOr<Program> program = LoadArchive(absl::StrCat("/proc/self/fd/", fd));
  close(fd);
  // The CLI refuses a forward that changes module state before lowering (cli/lower_command.cc).
  if (!program.ok() || !program->module_state.empty()) return;
  LowerAndCheck(program->graph, std::nullopt);
}

void FuzzExportedProgram(const uint8_t* data, size_t size) {
  const int fd = MemoryFile(data, size);
  absl::StatusOr<Program> program = LoadExportedProgram(absl::StrCat("/proc/self/fd/", fd));
  close(fd);
  if (!program.ok()) return;
  LowerAndCheck(program->graph, std::nullopt);
}

}  // namespace graph_lower::fuzz
