// LoweringReport: its JSON form and its summary for people.
#include "opset/report.h"

#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "ir/graph_io.h"
#include "lowering/pipeline.h"

namespace graph_lower {

void LoweringReport::AddPassTime(absl::string_view pass, double ms) {
  for (auto& [name, total] : pass_ms) {
    if (name == pass) {
      total += ms;
      return;
    }
  }
  pass_ms.emplace_back(std::string(pass), ms);
}

nlohmann::json LoweringReport::ToJson() const {
  nlohmann::json j = CheckReport(ops_after, violations, nodes_after);
  nlohmann::json before = nlohmann::json::object();
  for (const auto& [op, count] : ops_before) before[op.ToString()] = count.count;
  j["ops_before"] = before;
  j["ops_after"] = j["ops"];
  j.erase("ops");
  j["nodes_before"] = nodes_before;
  j["nodes_after"] = nodes_after;
  j.erase("nodes");
  nlohmann::json d = nlohmann::json::object();
  for (const auto& [op, source] : decompositions) d[op.ToString()] = source;
  j["decompositions"] = d;
  nlohmann::json cycles_json = nlohmann::json::array();
  for (const auto& cycle : cycles) {
    nlohmann::json path = nlohmann::json::array();
    for (const OpKey& op : cycle) path.push_back(op.ToString());
    cycles_json.push_back(path);
  }
  j["cycles"] = cycles_json;
  nlohmann::json u = nlohmann::json::object();
  for (const auto& [op, reasons] : undecomposable) u[op.ToString()] = reasons;
  j["undecomposable"] = u;
  j["mutated_inputs"] = mutated_inputs;
  j["inputs_written_in_place"] = inputs_written_in_place;
  j["none_inputs"] = none_inputs;
  j["present_inputs"] = present_inputs;
  j["unspecialized_loops"] = unspecialized_loops;
  nlohmann::json glue_json = nlohmann::json::array();
  for (const GlueLeft& g : glue_left) {
    glue_json.push_back({{"op", g.op.ToString()}, {"node", g.node}, {"why", g.why}});
  }
  j["glue_left"] = glue_json;
  j["rewrites"] = rewrites;
  nlohmann::json by_op = nlohmann::json::object();
  for (const auto& [op, stats] : rewrites_by_op) {
    by_op[op.ToString()] = {
        {"rewrites", stats.rewrites}, {"nodes", stats.nodes}, {"source", stats.source}};
  }
  j["rewrites_by_op"] = by_op;
  nlohmann::json irs = nlohmann::json::object();
  for (const auto& [op, sub] : decomposition_graphs) irs[op.ToString()] = GraphToText(*sub);
  j["decomposition_ir"] = irs;
  j["memo_hits"] = memo_hits;
  j["memo_entries"] = memo_entries;
  j["restrided_outputs"] = restrided_outputs;
  j["fresh_outputs"] = fresh_outputs;
  j["iterations"] = iterations;
  j["changed"] = changed;
  j["converged"] = converged;
  j["specialized"] = specialized;
  j["time_ms"] = time_ms;
  nlohmann::json passes = nlohmann::json::object();
  for (const auto& [pass, ms] : pass_ms) passes[pass] = ms;
  j["pass_ms"] = passes;
  j["source_ms"] = source_ms;
  j["verified"] = verified;
  j["max_abs_error"] = max_abs_error ? nlohmann::json(*max_abs_error) : nlohmann::json(nullptr);
  j["max_rel_error"] = max_rel_error ? nlohmann::json(*max_rel_error) : nlohmann::json(nullptr);
  if (!verify_message.empty()) j["verify_message"] = verify_message;
  if (!verify_random_ops.empty()) j["verify_random_ops"] = verify_random_ops;
  return j;
}

std::string LoweringReport::Summary() const {
  std::map<std::string, int> by_source;
  for (const auto& [op, source] : decompositions) by_source[source]++;
  std::vector<std::string> sources;
  for (const auto& [source, n] : by_source) sources.push_back(absl::StrCat(source, " ", n));
  std::vector<std::string> left;
  std::vector<std::string> glue;
  for (const auto& [op, count] : ops_after) {
    if (count.op_class == OpClass::kNonCore)
      left.push_back(absl::StrCat(op.ToString(), " x", count.count));
    if (count.op_class == OpClass::kGlue) glue.push_back(op.ToString());
  }
  std::string out = absl::StrFormat(
      "lowered in %.0f ms: %d -> %d nodes, %d overloads decomposed%s, %d rewrites, %d memo "
      "hits\n",
      time_ms, nodes_before, nodes_after, decompositions.size(),
      sources.empty() ? "" : absl::StrCat(" (", absl::StrJoin(sources, ", "), ")"), rewrites,
      memo_hits);
  if (!none_inputs.empty()) {
    absl::StrAppend(&out, "specialised to None (as in the example inputs): ",
                    absl::StrJoin(none_inputs, ", "), "\n");
  }
  if (!present_inputs.empty()) {
    absl::StrAppend(&out, "specialised to present (given a value in the example inputs): ",
                    absl::StrJoin(present_inputs, ", "), "\n");
  }
  for (const std::string& loop : unspecialized_loops) {
    absl::StrAppend(&out, "not specialised: ", loop, "\n");
  }
  if (left.empty()) {
    absl::StrAppend(&out, "legal: every tensor op is in the opset\n");
  } else {
    absl::StrAppend(&out, "not legal: left outside the opset: ", absl::StrJoin(left, ", "), "\n");
    for (const auto& [op, reasons] : undecomposable) {
      absl::StrAppend(&out, "  ", op.ToString(), ": ", absl::StrJoin(reasons, "; "), "\n");
    }
  }
  if (!glue.empty()) {
    absl::StrAppend(&out, "glue left (scalar/list computation, not core ATen): ",
                    absl::StrJoin(glue, ", "), "\n");
    // What kept it, with the overloads it kept (the report's glue_left has every node).
    std::map<std::string, std::set<std::string>> by_why;
    for (const GlueLeft& g : glue_left) by_why[g.why].insert(g.op.ToString());
    for (const auto& [why, ops] : by_why) {
      absl::StrAppend(&out, "  because of ", why, ": ", absl::StrJoin(ops, ", "), "\n");
    }
  }
  for (const auto& cycle : cycles) {
    std::vector<std::string> names;
    for (const OpKey& op : cycle) names.push_back(op.ToString());
    absl::StrAppend(&out, "cycle stopped: ", absl::StrJoin(names, " -> "), "\n");
  }
  if (max_abs_error) {
    absl::StrAppendFormat(&out, "verify: %s (max abs error %.3g, max rel error %.3g)%s\n",
                          verified ? "outputs match" : "MISMATCH", *max_abs_error,
                          max_rel_error.value_or(0),
                          verify_message.empty() ? "" : absl::StrCat(": ", verify_message));
  } else if (!verify_message.empty()) {
    absl::StrAppend(&out, "verify: FAILED: ", verify_message, "\n");
  }
  return out;
}

}  // namespace graph_lower
