// Reports of a graph against an opset: the JSON the CLI writes and the table it prints.
#ifndef GRAPH_LOWER_OPSET_REPORT_H_
#define GRAPH_LOWER_OPSET_REPORT_H_

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "opset/verify.h"

namespace graph_lower {

// The opset check of one graph, as JSON:
//   "ops":           {overload: count}, every node kind (prim ops included)
//   "non_core_ops":  [overload], sorted: tensor ops outside the opset
//   "glue_ops":      [overload], sorted: scalar/list/string glue (not core ATen; see opset.h)
//   "structural_ops", "core_ops", "kept_ops": [overload], sorted
//   "violations":    [{"op", "schema", "location", "node"}], every offending node in graph order
//   "legal":         true when "non_core_ops" is empty
//   "nodes":         total node count, nested blocks included
nlohmann::json CheckReport(const OpCensus& census, const std::vector<Violation>& violations,
                           int64_t nodes);

// A human-readable table of ops by count (descending), with each op's class, and a summary line
// that names glue separately from non-core tensor ops.
std::string CheckTable(const OpCensus& census, const std::vector<Violation>& violations);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_OPSET_REPORT_H_
