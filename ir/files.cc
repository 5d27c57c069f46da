// File checks and atomic writes: the input and output files of the graph_io functions and the CLI.
#include "ir/files.h"

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "ir/status_macros.h"

namespace graph_lower {
namespace {

namespace fs = std::filesystem;

}  // namespace

absl::StatusOr<uintmax_t> CheckInputFile(const std::string& path) {
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (ec || !fs::exists(status)) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": no such file"));
  }
  if (!fs::is_regular_file(status)) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": not a regular file"));
  }
  const uintmax_t size = fs::file_size(path, ec);
  if (ec) return absl::InvalidArgumentError(absl::StrCat(path, ": cannot read: ", ec.message()));
  if (size == 0) return absl::InvalidArgumentError(absl::StrCat(path, ": empty file"));
  if (access(path.c_str(), R_OK) != 0) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": not readable"));
  }
  return size;
}

namespace {

// The temporary file being written, for RemoveTemporaryFileInFlight (a signal handler may only
// read plain memory and make async-signal-safe calls). `tmp_claimed` is held by the one
// TemporaryFile that tracks its file; `tmp_in_flight` says the buffer holds a complete path.
char tmp_in_flight_path[4096];
std::atomic<bool> tmp_claimed{false};
std::atomic<bool> tmp_in_flight{false};

// A name for a temporary file in `dir`, tracked for RemoveTemporaryFileInFlight while this lives
// (when no other is). The name is short and of its own (.graph-lower.PID.N.tmp): the output's
// name plus a suffix could pass the file system's name limit.
class TemporaryFile {
 public:
  explicit TemporaryFile(const fs::path& dir) {
    static std::atomic<int> counter{0};
    path_ = fs::path(dir)
                .append(absl::StrCat(".graph-lower.", getpid(), ".", counter++, ".tmp"))
                .string();
    if (path_.size() < sizeof(tmp_in_flight_path) && !tmp_claimed.exchange(true)) {
      std::memcpy(tmp_in_flight_path, path_.c_str(), path_.size() + 1);
      tmp_in_flight.store(true);
      tracked_ = true;
    }
  }
  ~TemporaryFile() {
    if (!tracked_) return;
    tmp_in_flight.store(false);
    tmp_claimed.store(false);
  }
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  bool tracked_ = false;
};

fs::path DirectoryOf(const std::string& path) {
  const fs::path target(path);
  return target.has_parent_path() ? target.parent_path() : fs::path(".");
}

}  // namespace

void RemoveTemporaryFileInFlight() {
  if (tmp_in_flight.load()) unlink(tmp_in_flight_path);
}

absl::Status CheckReplaceableOutput(const std::string& path) {
  std::error_code ec;
  const fs::file_status status = fs::symlink_status(path, ec);
  if (ec || !fs::exists(status) || fs::is_regular_file(status)) return absl::OkStatus();
  if (fs::is_directory(status))
    return absl::InvalidArgumentError(absl::StrCat(path, ": is a directory"));
  return absl::InvalidArgumentError(absl::StrCat(
      path, ": cannot write: not a regular file (a symlink, device or FIFO is not replaced)"));
}

absl::Status WriteFileAtomically(const std::string& path, absl::string_view contents) {
  RETURN_IF_ERROR(CheckReplaceableOutput(path));
  // The temporary file sits beside the output: a rename within one file system.
  const TemporaryFile tmp_file(DirectoryOf(path));
  const std::string& tmp = tmp_file.path();
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) {
      return absl::InvalidArgumentError(absl::StrCat(
          path, ": cannot write: ", std::error_code(errno, std::generic_category()).message()));
    }
    out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    out.flush();
    if (!out) {
      std::remove(tmp.c_str());
      return absl::InternalError(absl::StrCat(path, ": write failed"));
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string reason = std::error_code(errno, std::generic_category()).message();
    std::remove(tmp.c_str());
    return absl::InvalidArgumentError(absl::StrCat(path, ": cannot write: ", reason));
  }
  return absl::OkStatus();
}

absl::Status CheckCanCreateFileIn(const std::string& dir) {
  const TemporaryFile probe(dir);
  std::ofstream out(probe.path(), std::ios::binary | std::ios::trunc);
  if (!out) {
    return absl::InvalidArgumentError(absl::StrCat(
        dir, ": cannot write: ", std::error_code(errno, std::generic_category()).message()));
  }
  out.close();
  std::remove(probe.path().c_str());
  return absl::OkStatus();
}

}  // namespace graph_lower
