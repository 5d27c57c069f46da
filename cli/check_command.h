// graph-lower INPUT --check: the program's ops by count and class, checked against the opset.
#ifndef GRAPH_LOWER_CLI_CHECK_COMMAND_H_
#define GRAPH_LOWER_CLI_CHECK_COMMAND_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "ir/graph_io.h"
#include "opset/opset.h"

namespace graph_lower {

// InvalidArgument naming the flags given that only a lowering takes, which --check would ignore.
absl::Status RefuseLoweringFlags();

// Checks `program` (loaded from `input` in `load_ms`) against `opset`: the table on stdout, one
// line per overload outside the opset on stderr, --report and --timing. Returns the exit code
// (kExitLegal, kExitNotLegal); errors are bad input or usage.
absl::StatusOr<int> Check(const std::string& input, const Program& program, const Opset& opset,
                          double load_ms);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_CLI_CHECK_COMMAND_H_
