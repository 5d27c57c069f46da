// Reading and writing TorchScript programs: archives (torch::jit::load/save) and text IR.
#ifndef GRAPH_LOWER_IR_GRAPH_IO_H_
#define GRAPH_LOWER_IR_GRAPH_IO_H_

#include <torch/csrc/jit/api/module.h>
#include <torch/csrc/jit/ir/ir.h>

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace graph_lower {

// A program to lower: the `forward` graph of a TorchScript module.
//
// Archives are loaded on the CPU, put in eval mode and frozen with torch::jit::freeze_module
// (torch/csrc/jit/passes/freeze_module.h): parameters, buffers and attributes become graph
// constants and method calls into submodules are inlined, so `graph` is self-contained. Its input 0
// is the module (`self`), unused after freezing; inputs 1.. are forward's arguments.
// Lifting parameters to graph inputs instead is not offered yet (issue 4).
// Text IR has no module: `graph` is exactly what was parsed and `module` is empty.
struct Program {
  std::shared_ptr<torch::jit::Graph> graph;
  std::optional<torch::jit::Module> module;  // the frozen module, for archives
  std::string source;                        // the path or name it came from, for messages
};

// Loads a TorchScript archive (a zip written by torch.jit.save / torch::jit::save).
// Errors (absl::InvalidArgumentError; the message names `path` and the problem, on one line):
// missing or unreadable file, empty file, not a zip archive, truncated or corrupt archive, an
// archive without a `forward` method, a module whose forward still reads attributes after freezing.
absl::StatusOr<Program> LoadArchive(const std::string& path);

// Parses TorchScript text IR, as printed by Graph::toString / torch._C.Graph.__str__
// (torch/csrc/jit/ir/irparser.h), tensor constants included. Errors name `source_name` and carry
// the parser's line and column.
absl::StatusOr<std::shared_ptr<torch::jit::Graph>> ParseGraphText(const std::string& text,
                                                                  absl::string_view source_name);

// Loads `path` as an archive when it starts with the zip signature, as text IR otherwise.
absl::StatusOr<Program> LoadProgram(const std::string& path);

// The graph as text IR; ParseGraphText(GraphToText(g)) gives an equivalent graph.
std::string GraphToText(const torch::jit::Graph& graph);

// Saves `graph` as the `forward` method of a new, attribute-free TorchScript module at `path`,
// loadable with torch.jit.load. If input 0 of `graph` is a module (`self`), it must be unused; if
// the graph has no module input one is added. The file is written to a temporary file in the same
// directory and renamed into place, so a failure never leaves a partial file at `path`.
// Errors: InvalidArgument (self still used), PermissionDenied/NotFound-style Internal errors for an
// unwritable path, naming it.
// With `signature` (the original forward's schema, `self` first), the saved forward keeps its
// parameter names and default values (e.g. `mask: Optional[Tensor] = None`); it is ignored when
// its arity differs from the graph's.
// Before writing, the archive is read back as torch.jit.load would: if any tensor op would load
// as another overload (a printed call can match several; None arguments are pinned to their
// parameter's type to prevent it), nothing is written and an Internal error names the ops.
absl::Status SaveArchive(const torch::jit::Graph& graph, const std::string& path,
                         const c10::FunctionSchema* signature = nullptr);

// Writes `contents` to `path` atomically (temporary file in the same directory, then rename).
absl::Status WriteFileAtomically(const std::string& path, absl::string_view contents);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_IR_GRAPH_IO_H_
