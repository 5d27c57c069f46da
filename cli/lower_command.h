// graph-lower INPUT: lowers the program, then writes the lowered archive, report, pictures and
// console output the flags ask for.
#ifndef GRAPH_LOWER_CLI_LOWER_COMMAND_H_
#define GRAPH_LOWER_CLI_LOWER_COMMAND_H_

#include <string>

#include "absl/status/statusor.h"
#include "ir/graph_io.h"
#include "opset/opset.h"

namespace graph_lower {

// Lowers `program` (loaded from `input` in `load_ms`) to `opset` as the flags say and writes its
// outputs. Returns the exit code (kExitLegal, kExitNotLegal); errors are bad input or usage.
absl::StatusOr<int> Lower(const std::string& input, Program& program, Opset opset, double load_ms);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_CLI_LOWER_COMMAND_H_
