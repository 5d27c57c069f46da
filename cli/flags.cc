// graph-lower's flags, and the opset and example inputs they give.
#include "cli/flags.h"

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/strip.h"
#include "ir/status_macros.h"

ABSL_FLAG(int, v, 0,
          "Verbose log level (Abseil VLOG) to stderr: 1 names each lowering round, each overload "
          "decomposed and each op whose run on the example inputs throws; 2 also each step.");
ABSL_FLAG(bool, check, false,
          "Verify INPUT against the opset: print a table of ops by count with their class and exit "
          "0 when every tensor op is in the opset, 1 when some are not.");
ABSL_FLAG(std::string, report, "", "Also write the result as JSON to this file.");
ABSL_FLAG(std::string, keep_ops, "",
          "Comma-separated overloads the backend keeps besides core ATen, e.g. "
          "aten::scaled_dot_product_attention,aten::linear (ns::op.* for every overload).");
ABSL_FLAG(std::string, output, "", "Write the lowered program here (TorchScript archive; -o).");
ABSL_FLAG(std::string, example_inputs, "",
          "Example inputs: a spec like '1x3x224x224:float32;2x5:int64' (seeded random tensors) or "
          "a torch.save file of a list of tensors. Enables shape specialisation and CIA "
          "decompositions.");
ABSL_FLAG(bool, strict, false,
          "Fail (exit 1, no output archive; the --report is still written) when a non-core op "
          "is left.");
ABSL_FLAG(bool, verify, false,
          "Run original and lowered graphs on the example inputs in the JIT interpreter and "
          "compare every output (exit 1 on mismatch).");
ABSL_FLAG(bool, unroll_loops, false,
          "Unroll loops whose trip count is a constant (after shape specialisation).");
ABSL_FLAG(bool, keep_input_mutation, false,
          "Leave writes to forward's inputs in place (not core ATen) instead of returning the "
          "inputs' new values after the outputs.");
ABSL_FLAG(bool, lift_parameters, false,
          "Make the module's parameters and buffers graph inputs (after forward's arguments) "
          "instead of freezing them into constants; the saved archive holds them as attributes "
          "and its forward keeps the original signature.");
ABSL_FLAG(bool, optimize_numerics, true,
          "As torch.jit.freeze(optimize_numerics=True): fold a batch norm after a conv2d or "
          "conv3d into its frozen weights; the folded weights round differently (float32: ~1e-6 "
          "relative). --nooptimize-numerics keeps the ops as they are.");
ABSL_FLAG(bool, print_ir, false, "Print the lowered graph's text IR to stdout.");
ABSL_FLAG(bool, timing, false,
          "Print the wall time of each step (load, each lowering pass summed over rounds, save) "
          "and of each decomposition source (its lookups, builds and traces plus inlining its "
          "graphs) to stderr; the report's pass_ms and source_ms hold the same figures. With "
          "--check: load and census.");
ABSL_FLAG(std::string, dump_dir, "",
          "Write the graph's text IR after each lowering step to this directory (created if "
          "needed), numbered in order: 00-input.ir, [prune,] prepare, r1-specialize, "
          "r1-decompose, ..., fresh_outputs, final (NN-step.ir), to diff them. Dumps of an earlier "
          "run there (files named so) are removed first.");
ABSL_FLAG(bool, stats, false,
          "Print to stderr a table of the decomposed overloads (rewrites, source, nodes "
          "inserted) with memo hits and entries, cycles and rounds; the report's rewrites_by_op "
          "holds the same.");
ABSL_FLAG(bool, progress, false,
          "Show a status line on stderr (round, nodes done of the graph, worklist left, "
          "rewrites), rewritten every 0.5 s once lowering has run for a second. The default is "
          "on when stderr is a terminal; --noprogress turns it off.");
ABSL_FLAG(std::string, dot, "",
          "Write a Graphviz dot file of what changed: one cluster per decomposed overload with "
          "the subgraph its first node became.");
ABSL_FLAG(std::string, html, "",
          "Write a self-contained HTML report: the op histogram before and after, the decomposed "
          "overloads with their sources, and the subgraph each became as SVG (drawn by Graphviz's "
          "`dot` when installed, else its dot source).");
ABSL_FLAG(std::string, opset, "",
          "A file with the backend's opset, one overload per line ('include core_aten' adds core "
          "ATen); replaces the default core ATen opset.");

namespace graph_lower {

std::vector<std::string> NormalizeArgs(int argc, char** argv) {
  std::vector<std::string> args;
  for (int i = 0; i < argc; ++i) {
    std::string a = argv[i];
    if (i > 0 && a == "-o") a = "--output";
    if (i > 0 && absl::StartsWith(a, "-o=")) a = "--output=" + a.substr(3);
    if (i > 0 && absl::StartsWith(a, "--") && a.size() > 2) {
      const size_t eq = a.find('=');
      std::string name = a.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
      a = absl::StrCat("--", absl::StrReplaceAll(name, {{"-", "_"}}),
                       eq == std::string::npos ? "" : a.substr(eq));
    }
    args.push_back(std::move(a));
  }
  return args;
}

absl::Status RefuseEmptyPathFlags(const std::vector<std::string>& args) {
  static constexpr absl::string_view kPathFlags[] = {
      "output", "report", "example_inputs", "dump_dir", "dot", "html", "opset"};
  for (size_t i = 1; i < args.size() && args[i] != "--"; ++i) {
    // Abseil takes -name as --name.
    absl::string_view a = args[i];
    if (!absl::ConsumePrefix(&a, "--")) absl::ConsumePrefix(&a, "-");
    for (absl::string_view name : kPathFlags) {
      if (a == absl::StrCat(name, "=") ||
          (a == name && i + 1 < args.size() && args[i + 1].empty())) {
        return absl::InvalidArgumentError(absl::StrCat(
            name == "output" ? "-o" : absl::StrCat("--", absl::StrReplaceAll(name, {{"_", "-"}})),
            ": empty file name"));
      }
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<Opset> BuildOpset() {
  Opset opset = Opset::CoreAten();
  if (const std::string file = absl::GetFlag(FLAGS_opset); !file.empty()) {
    opset = Opset::Empty();
    RETURN_IF_ERROR(opset.LoadFile(file));
  }
  if (absl::Status s = opset.KeepList(absl::GetFlag(FLAGS_keep_ops)); !s.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("--keep-ops: ", s.message()));
  }
  return opset;
}

absl::StatusOr<std::optional<std::vector<c10::IValue>>> ExampleInputs(const Program& program) {
  const std::string spec = absl::GetFlag(FLAGS_example_inputs);
  if (spec.empty()) return std::nullopt;
  ASSIGN_OR_RETURN(std::vector<c10::IValue> all, ProgramExampleInputs(program, spec));
  return std::move(all);
}

}  // namespace graph_lower
