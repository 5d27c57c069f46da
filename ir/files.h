// File utilities: checks on input and output files, atomic writes, and the removal of a killed
// write's temporary file.
#ifndef GRAPH_LOWER_IR_FILES_H_
#define GRAPH_LOWER_IR_FILES_H_

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace graph_lower {

// Checks that `path` names an existing, readable, non-empty regular file and returns its size in
// bytes. Errors (absl::InvalidArgumentError, "<path>: <problem>"): no such file; not a regular file
// (a directory, FIFO or device); cannot read; empty file; not readable.
absl::StatusOr<uintmax_t> CheckInputFile(const std::string& path);

// Whether an output may be written at `path`: OK when nothing is there or a regular file is
// (it is replaced). InvalidArgument naming `path` when it is a directory, or a symlink, device or
// FIFO (never replaced: renaming over a symlink would replace the link, not write its target).
absl::Status CheckReplaceableOutput(const std::string& path);

// Writes `contents` to `path` atomically (temporary file in the same directory, then rename).
// Errors: CheckReplaceableOutput's; InvalidArgument when the directory cannot be written.
absl::Status WriteFileAtomically(const std::string& path, absl::string_view contents);

// Whether a file can be created in directory `dir`, tried by creating and removing a temporary
// file (permissions alone do not tell: /proc, read-only mounts, root). InvalidArgument naming
// `dir` and the reason otherwise.
absl::Status CheckCanCreateFileIn(const std::string& dir);

// Removes the temporary file a WriteFileAtomically or CheckCanCreateFileIn call is writing, if any
// (one call at a time is tracked; paths over 4095 bytes are not). Async-signal-safe (unlink(2) of a
// fixed buffer): for a program's SIGTERM/SIGINT handler, so a killed save leaves neither a
// half-written output nor its temporary file. The library installs no handler itself; the CLI does
// (cli/graph_lower_main.cc).
void RemoveTemporaryFileInFlight();

}  // namespace graph_lower

#endif  // GRAPH_LOWER_IR_FILES_H_
