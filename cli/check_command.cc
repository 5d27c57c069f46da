// graph-lower INPUT --check: the check command (see check_command.h).
#include "cli/check_command.h"

#include <chrono>
#include <iostream>
#include <map>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "cli/console.h"
#include "cli/flags.h"
#include "ir/files.h"
#include "opset/report.h"
#include "opset/verify.h"

namespace graph_lower {

absl::Status RefuseLoweringFlags() {
  // Each would be ignored by --check: --verify and --example-inputs would be taken without a
  // word, and nothing verified.
  std::vector<std::string> lowering_only;
  if (!absl::GetFlag(FLAGS_output).empty()) lowering_only.push_back("-o");
  if (!absl::GetFlag(FLAGS_example_inputs).empty()) lowering_only.push_back("--example-inputs");
  if (!absl::GetFlag(FLAGS_dynamic_dims).empty()) lowering_only.push_back("--dynamic-dims");
  if (absl::GetFlag(FLAGS_verify)) lowering_only.push_back("--verify");
  if (absl::GetFlag(FLAGS_strict)) lowering_only.push_back("--strict");
  if (absl::GetFlag(FLAGS_strict_glue)) lowering_only.push_back("--strict-glue");
  if (absl::GetFlag(FLAGS_unroll_loops)) lowering_only.push_back("--unroll-loops");
  if (absl::GetFlag(FLAGS_keep_input_mutation)) lowering_only.push_back("--keep-input-mutation");
  if (!absl::GetFlag(FLAGS_optimize_numerics)) lowering_only.push_back("--nooptimize-numerics");
  if (absl::GetFlag(FLAGS_print_ir)) lowering_only.push_back("--print-ir");
  if (!absl::GetFlag(FLAGS_dump_dir).empty()) lowering_only.push_back("--dump-dir");
  if (absl::GetFlag(FLAGS_stats)) lowering_only.push_back("--stats");
  if (!absl::GetFlag(FLAGS_dot).empty()) lowering_only.push_back("--dot");
  if (!absl::GetFlag(FLAGS_html).empty()) lowering_only.push_back("--html");
  if (!lowering_only.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(absl::StrJoin(lowering_only, ", "),
                                                   ": options of a lowering, not of --check"));
  }
  return absl::OkStatus();
}

absl::StatusOr<int> Check(const std::string& input, const Program& program, const Opset& opset,
                          double load_ms) {
  const torch::jit::Graph& graph = *program.graph;
  const auto census_start = std::chrono::steady_clock::now();
  const OpCensus census = TakeCensus(graph, opset);
  const std::vector<Violation> violations = VerifyOpset(graph, opset);
  const double census_ms = MillisecondsSince(census_start);
  if (const std::string path = absl::GetFlag(FLAGS_report); !path.empty()) {
    nlohmann::json report = CheckReport(census, violations, CountNodes(graph));
    report["input"] = input;
    if (absl::Status s = WriteFileAtomically(
            path, report.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
        !s.ok())
      return s;
  }
  std::cout << CheckTable(census, violations);
  if (absl::GetFlag(FLAGS_timing)) {
    std::cerr << TimingLine({{"load", load_ms}, {"census", census_ms}});
  }
  // One line per overload on stderr; every node is in the JSON report's "violations".
  std::map<OpKey, std::pair<int, std::string>> first;  // op -> (count, first location)
  for (const Violation& v : violations) {
    auto [it, inserted] = first.try_emplace(v.op, 0, v.location);
    ++it->second.first;
  }
  for (const auto& [op, seen] : first) {
    std::cerr << "graph-lower: " << input << ": not in the opset: " << op.ToString() << " ("
              << seen.first << (seen.first == 1 ? " node" : " nodes")
              << (seen.second.empty() ? "" : absl::StrCat("; first at ", seen.second)) << ")\n";
  }
  return violations.empty() ? kExitLegal : kExitNotLegal;
}

}  // namespace graph_lower
