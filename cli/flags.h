// graph-lower's flags (defined in flags.cc), its usage text and exit codes, and the values the
// flags give: the opset and the example inputs.
#ifndef GRAPH_LOWER_CLI_FLAGS_H_
#define GRAPH_LOWER_CLI_FLAGS_H_

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/flags/declare.h"
#include "absl/status/statusor.h"
#include "ir/graph_io.h"
#include "opset/opset.h"

ABSL_DECLARE_FLAG(int, v);
ABSL_DECLARE_FLAG(bool, check);
ABSL_DECLARE_FLAG(std::string, report);
ABSL_DECLARE_FLAG(std::string, keep_ops);
ABSL_DECLARE_FLAG(std::string, output);
ABSL_DECLARE_FLAG(std::string, example_inputs);
ABSL_DECLARE_FLAG(bool, strict);
ABSL_DECLARE_FLAG(bool, strict_glue);
ABSL_DECLARE_FLAG(bool, verify);
ABSL_DECLARE_FLAG(bool, unroll_loops);
ABSL_DECLARE_FLAG(bool, keep_input_mutation);
ABSL_DECLARE_FLAG(bool, lift_parameters);
ABSL_DECLARE_FLAG(bool, optimize_numerics);
ABSL_DECLARE_FLAG(bool, print_ir);
ABSL_DECLARE_FLAG(bool, timing);
ABSL_DECLARE_FLAG(std::string, dump_dir);
ABSL_DECLARE_FLAG(bool, stats);
ABSL_DECLARE_FLAG(bool, progress);
ABSL_DECLARE_FLAG(std::string, dot);
ABSL_DECLARE_FLAG(std::string, html);
ABSL_DECLARE_FLAG(std::string, opset);
ABSL_DECLARE_FLAG(std::string, dynamic_dims);
ABSL_DECLARE_FLAG(std::vector<std::string>, load_library);

namespace graph_lower {

inline constexpr int kExitLegal = 0;
inline constexpr int kExitNotLegal = 1;
inline constexpr int kExitBadInput = 2;

inline constexpr char kUsage[] = R"(lowers TorchScript and torch.export programs to core ATen.

Usage:
  graph-lower INPUT [-o OUTPUT.pt|OUTPUT.pt2] [--example-inputs SPEC|FILE.pt] [--verify] [--strict]
              [--strict-glue]
              [--report FILE.json] [--print-ir] [--keep-ops OPS] [--opset FILE]
              [--unroll-loops] [--keep-input-mutation] [--lift-parameters]
              [--nooptimize-numerics] [--timing]
              [--stats] [--dump-dir DIR] [--dot FILE.dot] [--html FILE.html] [--progress]
              [--load-library LIB.so,...]
  graph-lower INPUT --check [--report FILE.json] [--keep-ops OPS] [--opset FILE] [--timing]

INPUT is a TorchScript archive (torch.jit.save), a torch.export archive (.pt2, as torch.export.save
of torch 2.6 or 2.14 writes it) or a text IR file. A TorchScript module is frozen (parameters
become constants; --lift-parameters makes them graph inputs instead); a .pt2 program keeps its
weights as inputs and takes its shapes and sample inputs from the archive. The forward graph is
lowered (or, with --check, only checked). -o NAME.pt2 (for a .pt2 INPUT) writes a torch.export
archive in the running torch's layout; any other name a TorchScript archive.
Seeing what lowering did: --timing (time per step and per decomposition source), --stats
(rewrites per overload), --dump-dir DIR (text IR after every step), --dot and --html (what each
decomposed overload became), --progress (a status line on long runs).
Exit codes: 0 legal (and verified), 1 some tensor ops outside the opset (or a verification
mismatch), 2 bad input or usage.)";

// Abseil flag names cannot hold '-'; accept the dashed spellings (--keep-ops) too.
std::vector<std::string> NormalizeArgs(int argc, char** argv);

// An error naming the flag when a file or directory flag (-o, --report, --example-inputs, ...)
// is given an empty value in `args` (NormalizeArgs' spelling), which would otherwise mean "not
// given" and silently write or read nothing.
absl::Status RefuseEmptyPathFlags(const std::vector<std::string>& args);

// The opset of --opset (core ATen by default) and --keep-ops.
absl::StatusOr<Opset> BuildOpset();

// Example inputs for the program's graph from --example-inputs (ir/graph_io.h).
absl::StatusOr<std::optional<std::vector<c10::IValue>>> ExampleInputs(const Program& program);

// --dynamic-dims: the example inputs at other sizes of the dims it names
// (LoweringOptions::example_inputs_at_other_sizes), two sets (each named dim n + 1 and 2n + 1
// long); empty when the flag is not given.
// Spec: comma-separated entries I.D (user input I, 0-based; dim D, negative from the end), each
// its own symbolic size, or I.D=NAME, entries of one NAME being one size (a batch shared by two
// inputs). The tensor grows along each dim by repeating itself and its last slice (so indices
// and masks stay valid), or by zeros from an empty dim. NAME: letters, digits and '_'.
// Errors (InvalidArgument, prefixed "--dynamic-dims: " and naming the entry): a malformed
// entry, an input that does not exist or is not a tensor, a dim beyond the input's rank, the
// same dim twice, dims of one NAME of different sizes, or the flag without --example-inputs.
// symbolic_dims, when not null, receives each named dim's symbol by input: the graph input's
// name, without TorchScript's ".N" suffix -> dim (non-negative, as text) -> NAME or "I.D".
absl::StatusOr<std::vector<std::vector<c10::IValue>>> ExampleInputsAtOtherSizes(
    const Program& program, const std::optional<std::vector<c10::IValue>>& examples,
    std::map<std::string, std::map<std::string, std::string>>* symbolic_dims = nullptr);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_CLI_FLAGS_H_
