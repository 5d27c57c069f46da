// graph-lower's output paths: the checks made before anything is written, and --dump-dir.
#ifndef GRAPH_LOWER_CLI_OUTPUT_PATHS_H_
#define GRAPH_LOWER_CLI_OUTPUT_PATHS_H_

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"

namespace graph_lower {

// Whether a file can be created in `dir` (ir/files.h CheckCanCreateFileIn). Used for
// --dump-dir and before any output is written.
absl::Status CheckCanWriteIn(const std::filesystem::path& dir);

// Whether `a` and `b` name the same file: the same file when both exist, else the same
// normalised absolute path (outputs may not exist yet). False when either cannot be resolved.
bool SamePath(const std::filesystem::path& a, const std::filesystem::path& b);

// Whether `filename` is named as --dump-dir names its files (NN-<step>.ir).
bool IsDumpName(const std::string& filename);

// --dump-dir: creates the directory, checks that a file can be written there, and removes the
// dumps of an earlier run (files named as this one names them, NN-<step>.ir; nothing else), so
// that consecutive files are consecutive steps of this run. A file the run reads (`read`: the
// input, a dump lowered again; the --example-inputs or --opset file) that is one of those dumps is
// refused rather than removed or overwritten.
absl::Status PrepareDumpDir(const std::string& dir,
                            const std::vector<std::pair<std::string, std::string>>& read);

// Never overwrite a file this run reads, and never write two outputs to one file: the outputs of
// --report, -o, --dot and --html are checked against `read` (each file the run reads, with what it
// is, for messages), against each other, and for a directory they can be written in.
absl::Status CheckOutputPaths(const std::vector<std::pair<std::string, std::string>>& read);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_CLI_OUTPUT_PATHS_H_
