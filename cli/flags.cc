// graph-lower's flags, and the opset and example inputs they give.
#include "cli/flags.h"

#include <ATen/ATen.h>

#include <algorithm>

#include "absl/container/flat_hash_map.h"
#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
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
ABSL_FLAG(std::string, output, "",
          "Write the lowered program here (-o): a torch.export archive when the name ends in "
          "'.pt2', else a TorchScript archive.");
ABSL_FLAG(std::string, example_inputs, "",
          "Example inputs: a spec like '1x3x224x224:float32;2x5:int64' (seeded random tensors) or "
          "a torch.save file of a list of tensors. Enables shape specialisation and CIA "
          "decompositions.");
ABSL_FLAG(std::vector<std::string>, load_library, {},
          "Comma-separated shared libraries that register operators from C++ (as "
          "torch.ops.load_library does), loaded before INPUT: e.g. torchvision's _C.so for "
          "torchvision::nms and roi_align.");
ABSL_FLAG(std::string, dynamic_dims, "",
          "Dims of the example inputs that stay symbolic: comma-separated INPUT.DIM entries "
          "(0-based user input, dim), INPUT.DIM=NAME to make entries one size, e.g. "
          "'0.0=batch,0.1,1.0=batch'. The lowered graph computes what depends on them when it "
          "runs. Needs --example-inputs.");
ABSL_FLAG(bool, strict, false,
          "Fail (exit 1, no output archive; the --report is still written) when a non-core op "
          "is left.");
ABSL_FLAG(bool, strict_glue, false,
          "Fail as --strict does when glue is left that should have folded: a scalar, list or "
          "shape computation depending on no scalar input, tensor data, symbolic size, loop or "
          "branch (the report's glue_left entries whose why is \"nothing: it should have "
          "folded\").");
ABSL_FLAG(bool, verify, false,
          "Run original and lowered graphs on the example inputs in the JIT interpreter and "
          "compare every output (exit 1 on mismatch).");
ABSL_FLAG(bool, unroll_loops, false,
          "Unroll small loops (under 64 trips, 4096 nodes unrolled) whose trip count is a "
          "constant, also without --example-inputs (with them, they are always unrolled).");
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
      "output", "report", "example_inputs", "dump_dir", "dot", "html", "opset", "load_library"};
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
  if (spec.empty() && program.sample_inputs) {
    // A torch.export archive's own example inputs, then its lifted weights.
    std::vector<c10::IValue> all = *program.sample_inputs;
    for (const LiftedTensor& t : program.lifted) all.emplace_back(t.value);
    return std::move(all);
  }
  if (spec.empty()) return std::nullopt;
  ASSIGN_OR_RETURN(std::vector<c10::IValue> all, ProgramExampleInputs(program, spec));
  if (program.sample_inputs) {
    // A torch.export program is specialised to the shapes it was exported with: other inputs
    // would verify nothing about them.
    const std::vector<c10::IValue>& recorded = *program.sample_inputs;
    for (size_t i = 0; i < recorded.size() && i < all.size(); ++i) {
      if (!recorded[i].isTensor()) continue;
      const at::Tensor& want = recorded[i].toTensor();
      const bool same = all[i].isTensor() && all[i].toTensor().sizes() == want.sizes() &&
                        all[i].toTensor().scalar_type() == want.scalar_type();
      if (!same) {
        const std::string name = ParameterName(program.graph->inputs()[i]->debugName());
        return absl::InvalidArgumentError(absl::StrCat(
            "--example-inputs: input ", name, " must be ", c10::toString(want.scalar_type()), "[",
            absl::StrJoin(want.sizes(), ", "), "], the shape and dtype ", program.source,
            " was exported with (its shapes are static)"));
      }
    }
  }
  return std::move(all);
}

absl::StatusOr<std::vector<std::vector<c10::IValue>>> ExampleInputsAtOtherSizes(
    const Program& program, const std::optional<std::vector<c10::IValue>>& examples,
    std::map<std::string, std::map<std::string, std::string>>* symbolic_dims) {
  std::string spec = absl::GetFlag(FLAGS_dynamic_dims);
  if (spec.empty()) spec = program.symbolic_dims;  // a .pt2 exported with dynamic shapes
  if (spec.empty()) return std::vector<std::vector<c10::IValue>>{};
  auto bad = [](absl::string_view entry, absl::string_view why) {
    return absl::InvalidArgumentError(absl::StrCat("--dynamic-dims: '", entry, "': ", why));
  };
  if (!examples) {
    return absl::InvalidArgumentError("--dynamic-dims needs --example-inputs");
  }
  // User inputs follow `self` (a module or None) and precede the lifted tensors.
  const auto& in = program.graph->inputs();
  const size_t first = !in.empty() && in[0]->type()->kind() == c10::TypeKind::ClassType ? 1 : 0;
  const size_t users = examples->size() - first - program.lifted.size();
  struct Dim {
    size_t input;
    int64_t dim;
  };
  std::vector<std::pair<std::string, std::vector<Dim>>> groups;  // symbol -> its dims
  absl::flat_hash_map<std::string, size_t> by_name;
  absl::flat_hash_map<std::string, std::string> seen;  // "I.D" -> entry
  for (absl::string_view entry : absl::StrSplit(spec, ',')) {
    entry = absl::StripAsciiWhitespace(entry);
    std::pair<absl::string_view, absl::string_view> at_name = absl::StrSplit(entry, '=');
    std::pair<absl::string_view, absl::string_view> input_dim = absl::StrSplit(at_name.first, '.');
    size_t input = 0;
    int64_t dim = 0;
    // (The pairs keep the first two pieces: "0.0.0" and "0.0=a=b" are refused by the counts.)
    if (!absl::SimpleAtoi(input_dim.first, &input) || !absl::SimpleAtoi(input_dim.second, &dim) ||
        absl::StrContains(entry, '=') && at_name.second.empty() ||
        std::count(at_name.first.begin(), at_name.first.end(), '.') != 1 ||
        std::count(entry.begin(), entry.end(), '=') > 1) {
      return bad(entry, "expected INPUT.DIM or INPUT.DIM=NAME (e.g. 0.1=seq)");
    }
    if (input >= users) {
      return bad(entry, absl::StrCat("input ", input, " does not exist; the program takes ", users,
                                     " input", users == 1 ? "" : "s"));
    }
    const c10::IValue& value = (*examples)[first + input];
    if (!value.isTensor()) {
      return bad(entry, absl::StrCat("input ", input, " is a ", value.tagKind(), ", not a tensor"));
    }
    const int64_t rank = value.toTensor().dim();
    if (dim < -rank || dim >= rank) {
      return bad(entry, absl::StrCat("dim ", dim, " is beyond input ", input, "'s rank ", rank));
    }
    if (dim < 0) dim += rank;
    const std::string key = absl::StrCat(input, ".", dim);
    if (auto [it, fresh] = seen.emplace(key, std::string(entry)); !fresh) {
      return bad(entry, absl::StrCat("input ", input, " dim ", dim, " is named twice"));
    }
    if (!at_name.second.empty() &&
        (!absl::ascii_isalpha(at_name.second[0]) && at_name.second[0] != '_' ||
         !std::all_of(at_name.second.begin(), at_name.second.end(),
                      [](char c) { return absl::ascii_isalnum(c) || c == '_'; }))) {
      return bad(entry, "a NAME is letters, digits and '_' (entries are separated by ',')");
    }
    const std::string name = at_name.second.empty() ? key : std::string(at_name.second);
    auto [it, fresh] = by_name.emplace(name, groups.size());
    if (fresh) groups.push_back({name, {}});
    std::vector<Dim>& dims = groups[it->second].second;
    if (!dims.empty()) {
      const int64_t want = (*examples)[first + dims[0].input].toTensor().size(dims[0].dim);
      if (value.toTensor().size(dim) != want) {
        return bad(entry, absl::StrCat(name, ": input ", input, " dim ", dim, " has size ",
                                       value.toTensor().size(dim), ", input ", dims[0].input,
                                       " dim ", dims[0].dim, " has size ", want));
      }
    }
    dims.push_back({input, dim});
    if (symbolic_dims != nullptr) {
      const std::string input_name = in[first + input]->debugName();
      (*symbolic_dims)[input_name.substr(0, input_name.find('.'))][absl::StrCat(dim)] = name;
    }
  }
  // Two sets: each dim one larger (its parity changes), and twice as large plus one (a size
  // rounded from a fraction of it, ceil(h / 2), changes too).
  auto grown = [&](bool twice) {
    std::vector<c10::IValue> other = *examples;
    for (const auto& [name, dims] : groups) {
      for (const Dim& d : dims) {
        at::Tensor t = other[first + d.input].toTensor();
        at::Tensor extra = t.size(d.dim) > 0 ? t.narrow(d.dim, t.size(d.dim) - 1, 1) : [&] {
          std::vector<int64_t> sizes = t.sizes().vec();
          sizes[d.dim] = 1;
          return at::zeros(sizes, t.options());
        }();
        other[first + d.input] = twice ? at::cat({t, t, extra}, d.dim) : at::cat({t, extra}, d.dim);
      }
    }
    return other;
  };
  return std::vector<std::vector<c10::IValue>>{grown(false), grown(true)};
}

}  // namespace graph_lower
