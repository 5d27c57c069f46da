// graph-lower: the command-line front end: lowers a TorchScript program to core ATen, or checks it.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "ir/example_values.h"
#include "ir/graph_io.h"
#include "lowering/opset.h"
#include "lowering/pipeline.h"
#include "lowering/report.h"
#include "lowering/verify.h"

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
ABSL_FLAG(bool, print_ir, false, "Print the lowered graph's text IR to stdout.");
ABSL_FLAG(bool, timing, false,
          "Print the wall time of each step (load, each lowering pass summed over rounds, save) "
          "to stderr; the report's pass_ms holds the same figures.");
ABSL_FLAG(std::string, opset, "",
          "A file with the backend's opset, one overload per line ('include core_aten' adds core "
          "ATen); replaces the default core ATen opset.");

namespace graph_lower {
namespace {

constexpr int kExitLegal = 0;
constexpr int kExitNotLegal = 1;
constexpr int kExitBadInput = 2;

constexpr char kUsage[] = R"(lowers TorchScript programs to core ATen.

Usage:
  graph-lower INPUT [-o OUTPUT.pt] [--example-inputs SPEC|FILE.pt] [--verify] [--strict]
              [--report FILE.json] [--print-ir] [--keep-ops OPS] [--opset FILE]
              [--unroll-loops] [--keep-input-mutation] [--lift-parameters] [--timing]
  graph-lower INPUT --check [--report FILE.json] [--keep-ops OPS] [--opset FILE]

INPUT is a TorchScript archive (torch.jit.save) or a text IR file. The archive's module is frozen
(parameters become constants; --lift-parameters makes them graph inputs instead) and its forward
graph is lowered (or, with --check, only checked).
Exit codes: 0 legal (and verified), 1 some tensor ops outside the opset (or a verification
mismatch), 2 bad input or usage.)";

// Abseil flag names cannot hold '-'; accept the dashed spellings (--keep-ops) too.
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

absl::StatusOr<Opset> BuildOpset() {
  Opset opset = Opset::CoreAten();
  if (const std::string file = absl::GetFlag(FLAGS_opset); !file.empty()) {
    opset = Opset::Empty();
    if (absl::Status s = opset.LoadFile(file); !s.ok()) return s;
  }
  if (absl::Status s = opset.KeepList(absl::GetFlag(FLAGS_keep_ops)); !s.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("--keep-ops: ", s.message()));
  }
  return opset;
}

// Example inputs for the program's graph from --example-inputs (ir/graph_io.h).
absl::StatusOr<std::optional<std::vector<c10::IValue>>> ExampleInputs(const Program& program) {
  const std::string spec = absl::GetFlag(FLAGS_example_inputs);
  if (spec.empty()) return std::nullopt;
  absl::StatusOr<std::vector<c10::IValue>> all = ProgramExampleInputs(program, spec);
  if (!all.ok()) return all.status();
  return *std::move(all);
}

// [{name, attribute, kind, shape, dtype}] for each lifted tensor, in graph input order.
nlohmann::json LiftedJson(const Program& program) {
  nlohmann::json list = nlohmann::json::array();
  for (const LiftedTensor& t : program.lifted) {
    list.push_back({{"name", t.name},
                    {"attribute", t.attribute},
                    {"kind", t.is_parameter ? "parameter" : "buffer"},
                    {"shape", t.value.sizes().vec()},
                    {"dtype", std::string(c10::toString(t.value.scalar_type()))}});
  }
  return list;
}

double MillisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

// "load 812 ms, census 3 ms, ..., save 95 ms": each step's wall time.
std::string TimingLine(const std::vector<std::pair<std::string, double>>& steps) {
  std::vector<std::string> parts;
  double total = 0;
  for (const auto& [step, ms] : steps) {
    parts.push_back(absl::StrFormat("%s %.1f ms", step, ms));
    total += ms;
  }
  return absl::StrFormat("timing: %s (total %.1f ms)\n", absl::StrJoin(parts, ", "), total);
}

absl::StatusOr<int> Lower(const std::string& input, Program& program, Opset opset, double load_ms) {
  if (!program.module_state.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        input, ": forward changes module state (", absl::StrJoin(program.module_state, ", "),
        "), which freezing cannot make constant; --lift-parameters makes tensor buffers graph "
        "inputs whose new values are returned"));
  }
  const std::string output = absl::GetFlag(FLAGS_output);
  LoweringOptions options;
  options.opset = std::move(opset);
  // --strict is applied here rather than by LowerToCoreAten, so that the report is still written.
  const bool strict = absl::GetFlag(FLAGS_strict);
  options.strict = false;
  options.verify = absl::GetFlag(FLAGS_verify);
  options.unroll_loops = absl::GetFlag(FLAGS_unroll_loops);
  options.return_mutated_inputs = !absl::GetFlag(FLAGS_keep_input_mutation);
  absl::StatusOr<std::optional<std::vector<c10::IValue>>> examples = ExampleInputs(program);
  if (!examples.ok()) return examples.status();
  options.example_inputs = *std::move(examples);
  if (options.verify && !options.example_inputs) {
    return absl::InvalidArgumentError("--verify needs --example-inputs");
  }
  absl::StatusOr<LoweringReport> report = LowerToCoreAten(program.graph, options);
  if (!report.ok()) {
    if (report.status().code() == absl::StatusCode::kFailedPrecondition) {
      std::cerr << "graph-lower: " << input << ": " << report.status().message() << "\n";
      return kExitNotLegal;
    }
    return absl::Status(report.status().code(),
                        absl::StrCat(input, ": ", report.status().message()));
  }
  const bool verify_failed = options.verify && !report->verified;
  const bool strict_failed = strict && !report->violations.empty();
  std::vector<std::pair<std::string, double>> steps = {{"load", load_ms}};
  steps.insert(steps.end(), report->pass_ms.begin(), report->pass_ms.end());
  if (!output.empty() && !verify_failed && !strict_failed) {
    const auto save_start = std::chrono::steady_clock::now();
    std::optional<c10::FunctionSchema> signature;
    if (program.module) signature = program.module->get_method("forward").function().getSchema();
    SaveOptions save;
    save.signature = signature ? &*signature : nullptr;
    save.lifted = &program.lifted;
    if (absl::Status s = SaveArchive(*program.graph, output, save); !s.ok()) {
      return s;
    }
    steps.emplace_back("save", MillisecondsSince(save_start));
  }
  if (const std::string path = absl::GetFlag(FLAGS_report); !path.empty()) {
    nlohmann::json j = report->ToJson();
    j["input"] = input;
    if (!output.empty() && !verify_failed && !strict_failed) j["output"] = output;
    j["lifted_inputs"] = LiftedJson(program);
    j["load_ms"] = load_ms;
    if (absl::Status s = WriteFileAtomically(
            path, j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
        !s.ok())
      return s;
  }
  std::cerr << "graph-lower: " << input << ": " << report->Summary();
  if (absl::GetFlag(FLAGS_timing)) std::cerr << TimingLine(steps);
  if (options.example_inputs &&
      (!report->mutated_inputs.empty() || !report->inputs_written_in_place.empty())) {
    // Functionalization assumes inputs do not alias each other (docs/semantics.md).
    const std::vector<c10::IValue>& ex = *options.example_inputs;
    auto name = [&](size_t i) {
      const std::string n = i < program.graph->inputs().size()
                                ? program.graph->inputs()[i]->debugName()
                                : absl::StrCat(i);
      return n.substr(0, n.find('.'));
    };
    for (size_t i = 0; i < ex.size(); ++i) {
      for (size_t j = i + 1; j < ex.size(); ++j) {
        if (ex[i].isTensor() && ex[j].isTensor() && ex[i].toTensor().defined() &&
            ex[j].toTensor().defined() &&
            ex[i].toTensor().storage().is_alias_of(ex[j].toTensor().storage())) {
          std::cerr << "warning: example inputs " << name(i) << " and " << name(j)
                    << " share storage, but the lowered program assumes its inputs do not alias "
                       "(it writes an input)\n";
        }
      }
    }
  }
  if (!program.lifted.empty()) {
    std::cerr << "lifted to graph inputs: " << program.lifted.size()
              << (program.lifted.size() == 1 ? " tensor" : " tensors")
              << " (parameters and buffers; see the report's lifted_inputs)\n";
  }
  if (absl::GetFlag(FLAGS_print_ir)) std::cout << GraphToText(*program.graph);
  if (strict_failed && !output.empty()) {
    std::cerr << "graph-lower: --strict: " << output << " not written\n";
  }
  if (verify_failed) return kExitNotLegal;
  return report->violations.empty() ? kExitLegal : kExitNotLegal;
}

absl::StatusOr<int> RealMain(const std::vector<std::string>& inputs) {
  if (inputs.size() != 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("expected exactly one INPUT, got ", inputs.size(), "; see --help"));
  }
  // Never overwrite a file this run reads, and never write both outputs to one file.
  const std::string report_path = absl::GetFlag(FLAGS_report);
  const std::string output_path = absl::GetFlag(FLAGS_output);
  std::vector<std::pair<std::string, std::string>> read = {{inputs[0], "the input file"}};
  if (const std::string f = absl::GetFlag(FLAGS_example_inputs); !f.empty()) {
    read.emplace_back(f, "the --example-inputs file");
  }
  if (const std::string f = absl::GetFlag(FLAGS_opset); !f.empty()) {
    read.emplace_back(f, "the --opset file");
  }
  for (const std::string& out : {report_path, output_path}) {
    if (out.empty()) continue;
    for (const auto& [in, what] : read) {
      std::error_code ec;
      if (std::filesystem::equivalent(out, in, ec)) {
        return absl::InvalidArgumentError(
            absl::StrCat(out, ": is ", what, "; refusing to overwrite it"));
      }
    }
    // Fail before a long lowering, and before writing the other output, when this one cannot
    // be written: its directory must exist and it must not be a directory.
    std::error_code ec;
    const std::filesystem::path p(out);
    const std::filesystem::path dir = p.has_parent_path() ? p.parent_path() : ".";
    if (!std::filesystem::is_directory(dir, ec)) {
      return absl::InvalidArgumentError(absl::StrCat(out, ": no such directory"));
    }
    if (std::filesystem::is_directory(p, ec)) {
      return absl::InvalidArgumentError(absl::StrCat(out, ": is a directory"));
    }
  }
  if (!report_path.empty() && !output_path.empty()) {
    std::error_code ec;
    if (report_path == output_path || std::filesystem::equivalent(report_path, output_path, ec)) {
      return absl::InvalidArgumentError(
          absl::StrCat(output_path, ": given as both -o and --report"));
    }
  }
  absl::StatusOr<Opset> opset = BuildOpset();
  if (!opset.ok()) return opset.status();
  LoadOptions load;
  load.lift_parameters = absl::GetFlag(FLAGS_lift_parameters);
  const auto load_start = std::chrono::steady_clock::now();
  absl::StatusOr<Program> program = LoadProgram(inputs[0], load);
  if (!program.ok()) return program.status();
  if (!absl::GetFlag(FLAGS_check)) {
    return Lower(inputs[0], *program, *std::move(opset), MillisecondsSince(load_start));
  }

  const torch::jit::Graph& graph = *program->graph;
  const OpCensus census = TakeCensus(graph, *opset);
  const std::vector<Violation> violations = VerifyOpset(graph, *opset);
  if (const std::string path = absl::GetFlag(FLAGS_report); !path.empty()) {
    nlohmann::json report = CheckReport(census, violations, CountNodes(graph));
    report["input"] = inputs[0];
    if (absl::Status s = WriteFileAtomically(
            path, report.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
        !s.ok())
      return s;
  }
  std::cout << CheckTable(census, violations);
  // One line per overload on stderr; every node is in the JSON report's "violations".
  std::map<OpKey, std::pair<int, std::string>> first;  // op -> (count, first location)
  for (const Violation& v : violations) {
    auto [it, inserted] = first.try_emplace(v.op, 0, v.location);
    ++it->second.first;
  }
  for (const auto& [op, seen] : first) {
    std::cerr << "graph-lower: " << inputs[0] << ": not in the opset: " << op.ToString() << " ("
              << seen.first << (seen.first == 1 ? " node" : " nodes")
              << (seen.second.empty() ? "" : absl::StrCat("; first at ", seen.second)) << ")\n";
  }
  return violations.empty() ? kExitLegal : kExitNotLegal;
}

}  // namespace
}  // namespace graph_lower

int main(int argc, char** argv) {
  using namespace graph_lower;
  absl::SetProgramUsageMessage(kUsage);
  std::vector<std::string> args = NormalizeArgs(argc, argv);
  std::vector<char*> arg_ptrs;
  for (std::string& a : args) arg_ptrs.push_back(a.data());
  std::vector<char*> positional;
  std::vector<absl::UnrecognizedFlag> unrecognized;
  absl::ParseAbseilFlagsOnly(static_cast<int>(arg_ptrs.size()), arg_ptrs.data(), positional,
                             unrecognized);
  if (!unrecognized.empty()) {
    absl::ReportUnrecognizedFlags(unrecognized);
    return kExitBadInput;
  }
  std::vector<std::string> inputs(positional.begin() + 1, positional.end());
  absl::StatusOr<int> code;
  try {
    code = RealMain(inputs);
  } catch (const std::exception& e) {
    std::string what = e.what();
    code = absl::InternalError(what.substr(0, what.find('\n')));
  }
  if (!code.ok()) {
    std::cerr << "graph-lower: error: " << code.status().message() << "\n";
    return kExitBadInput;
  }
  return *code;
}
