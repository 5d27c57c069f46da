// JSON and text renderings of an opset check.
#include "opset/report.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace graph_lower {

nlohmann::json CheckReport(const OpCensus& census, const std::vector<Violation>& violations,
                           int64_t nodes) {
  nlohmann::json report;
  nlohmann::json ops = nlohmann::json::object();
  nlohmann::json by_class = nlohmann::json::object();
  for (OpClass c :
       {OpClass::kCore, OpClass::kKept, OpClass::kStructural, OpClass::kGlue, OpClass::kNonCore}) {
    by_class[std::string(OpClassName(c))] = nlohmann::json::array();
  }
  for (const auto& [op, count] : census) {  // std::map: sorted by overload
    ops[op.ToString()] = count.count;
    by_class[std::string(OpClassName(count.op_class))].push_back(op.ToString());
  }
  report["ops"] = ops;
  report["non_core_ops"] = by_class["non-core"];
  report["glue_ops"] = by_class["glue"];
  report["structural_ops"] = by_class["structural"];
  report["core_ops"] = by_class["core"];
  report["kept_ops"] = by_class["kept"];
  nlohmann::json v = nlohmann::json::array();
  for (const Violation& violation : violations) {
    v.push_back({{"op", violation.op.ToString()},
                 {"schema", violation.schema},
                 {"location", violation.location},
                 {"node", violation.node}});
  }
  report["violations"] = v;
  report["legal"] = violations.empty();
  report["nodes"] = nodes;
  return report;
}

std::string CheckTable(const OpCensus& census, const std::vector<Violation>& violations) {
  std::vector<std::pair<OpKey, OpCount>> rows(census.begin(), census.end());
  std::stable_sort(rows.begin(), rows.end(),
                   [](const auto& a, const auto& b) { return a.second.count > b.second.count; });
  size_t width = 8;
  for (const auto& [op, count] : rows) width = std::max(width, op.ToString().size());
  std::string out = absl::StrFormat("%-*s %7s  %s\n", width, "operator", "count", "class");
  int64_t per_class[5] = {0, 0, 0, 0, 0};
  for (const auto& [op, count] : rows) {
    absl::StrAppendFormat(&out, "%-*s %7d  %s\n", width, op.ToString(), count.count,
                          OpClassName(count.op_class));
    per_class[static_cast<int>(count.op_class)]++;
  }
  absl::StrAppendFormat(&out,
                        "\n%d overloads: %d core, %d kept, %d structural, %d glue "
                        "(scalar/list computation, not core ATen), %d non-core\n",
                        rows.size(), per_class[0], per_class[1], per_class[2], per_class[3],
                        per_class[4]);
  if (violations.empty()) {
    absl::StrAppend(&out, "legal: every tensor op is in the opset\n");
  } else {
    absl::StrAppendFormat(&out, "not legal: %d nodes outside the opset\n", violations.size());
  }
  return out;
}

}  // namespace graph_lower
