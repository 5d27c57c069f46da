// graph-lower: the command-line front end (checks a TorchScript program against an opset).
#include <cstdio>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "ir/graph_io.h"
#include "lowering/opset.h"
#include "lowering/report.h"
#include "lowering/verify.h"

ABSL_FLAG(bool, check, false,
          "Verify INPUT against the opset: print a table of ops by count with their class and exit "
          "0 when every tensor op is in the opset, 1 when some are not.");
ABSL_FLAG(std::string, report, "", "Also write the result as JSON to this file.");
ABSL_FLAG(std::string, keep_ops, "",
          "Comma-separated overloads the backend keeps besides core ATen, e.g. "
          "aten::scaled_dot_product_attention,aten::linear (ns::op.* for every overload).");
ABSL_FLAG(std::string, opset, "",
          "A file with the backend's opset, one overload per line ('include core_aten' adds core "
          "ATen); replaces the default core ATen opset.");

namespace graph_lower {
namespace {

constexpr int kExitLegal = 0;
constexpr int kExitNotLegal = 1;
constexpr int kExitBadInput = 2;

constexpr char kUsage[] = R"(lowers TorchScript programs to core ATen.

Usage: graph-lower INPUT --check [--report FILE.json] [--keep-ops OPS] [--opset FILE]

INPUT is a TorchScript archive (torch.jit.save) or a text IR file. The archive's module is frozen
(parameters become constants) and its forward graph is checked.
Exit codes: 0 legal, 1 some tensor ops outside the opset, 2 bad input or usage.)";

// Abseil flag names cannot hold '-'; accept the dashed spellings (--keep-ops) too.
std::vector<std::string> NormalizeArgs(int argc, char** argv) {
  std::vector<std::string> args;
  for (int i = 0; i < argc; ++i) {
    std::string a = argv[i];
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

absl::StatusOr<int> RealMain(const std::vector<std::string>& inputs) {
  if (inputs.size() != 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("expected exactly one INPUT, got ", inputs.size(), "; see --help"));
  }
  if (!absl::GetFlag(FLAGS_check)) {
    return absl::InvalidArgumentError("nothing to do: pass --check; see --help");
  }
  absl::StatusOr<Opset> opset = BuildOpset();
  if (!opset.ok()) return opset.status();
  absl::StatusOr<Program> program = LoadProgram(inputs[0]);
  if (!program.ok()) return program.status();

  const torch::jit::Graph& graph = *program->graph;
  const OpCensus census = TakeCensus(graph, *opset);
  const std::vector<Violation> violations = VerifyOpset(graph, *opset);
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
  if (const std::string path = absl::GetFlag(FLAGS_report); !path.empty()) {
    nlohmann::json report = CheckReport(census, violations, CountNodes(graph));
    report["input"] = inputs[0];
    if (absl::Status s = WriteFileAtomically(path, report.dump(2) + "\n"); !s.ok()) return s;
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
  absl::StatusOr<int> code = RealMain(inputs);
  if (!code.ok()) {
    std::cerr << "graph-lower: error: " << code.status().message() << "\n";
    return kExitBadInput;
  }
  return *code;
}
