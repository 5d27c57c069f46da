// graph-lower's output paths (see output_paths.h).
#include "cli/output_paths.h"

#include <regex>
#include <system_error>

#include "absl/flags/flag.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "cli/flags.h"
#include "ir/files.h"
#include "ir/status_macros.h"

namespace graph_lower {

absl::Status CheckCanWriteIn(const std::filesystem::path& dir) {
  return CheckCanCreateFileIn(dir.string());
}

bool SamePath(const std::filesystem::path& a, const std::filesystem::path& b) {
  std::error_code ec;
  if (std::filesystem::equivalent(a, b, ec)) return true;
  const std::filesystem::path ca =
      std::filesystem::weakly_canonical(std::filesystem::absolute(a, ec), ec);
  if (ec) return false;
  const std::filesystem::path cb =
      std::filesystem::weakly_canonical(std::filesystem::absolute(b, ec), ec);
  return !ec && ca == cb;
}

bool IsDumpName(const std::string& filename) {
  static const std::regex* kDumpName = new std::regex(
      "[0-9]{2,}-(input|prune|prepare|fresh_outputs|final|"
      "r[0-9]+-(specialize|decompose|functionalize|cleanup))\\.ir");
  return std::regex_match(filename, *kDumpName);
}

absl::Status PrepareDumpDir(const std::string& dir,
                            const std::vector<std::pair<std::string, std::string>>& read) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    return absl::InvalidArgumentError(
        absl::StrCat("--dump-dir ", dir, ": cannot create the directory: ", ec.message()));
  }
  if (!std::filesystem::is_directory(dir, ec)) {
    return absl::InvalidArgumentError(absl::StrCat("--dump-dir ", dir, ": not a directory"));
  }
  if (absl::Status s = CheckCanWriteIn(dir); !s.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("--dump-dir ", s.message()));
  }
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (entry.is_regular_file(ec) && IsDumpName(entry.path().filename().string())) {
      for (const auto& [path, what] : read) {
        if (std::filesystem::equivalent(entry.path(), path, ec)) {
          return absl::InvalidArgumentError(absl::StrCat(
              path, ": ", what, " is named as a dump in --dump-dir ", dir,
              ", which this run would overwrite; copy it elsewhere or dump to another directory"));
        }
      }
      std::filesystem::remove(entry.path(), ec);
    }
  }
  return absl::OkStatus();
}

absl::Status CheckOutputPaths(const std::vector<std::pair<std::string, std::string>>& read) {
  const std::string report_path = absl::GetFlag(FLAGS_report);
  const std::string output_path = absl::GetFlag(FLAGS_output);
  const std::vector<std::pair<std::string, std::string>> outputs = {
      {"--report", report_path},
      {"-o", output_path},
      {"--dot", absl::GetFlag(FLAGS_dot)},
      {"--html", absl::GetFlag(FLAGS_html)}};
  // -o writes a program; a name of a text format is most likely meant for another flag.
  for (const auto& [ext, flag] : {std::pair<const char*, const char*>{".json", "--report"},
                                  {".dot", "--dot"},
                                  {".html", "--html"}}) {
    if (absl::EndsWithIgnoreCase(output_path, ext)) {
      return absl::InvalidArgumentError(
          absl::StrCat("-o ", output_path,
                       ": -o writes the lowered program (a .pt2 archive, or "
                       "a TorchScript archive for any other name); ",
                       flag, " writes ", ext, " files"));
    }
  }
  for (const auto& [flag, out] : outputs) {
    if (out.empty()) continue;
    if (out == "-") {
      return absl::InvalidArgumentError(
          absl::StrCat(flag, " -: standard output is not an output here; give a file name"));
    }
    for (const auto& [in, what] : read) {
      std::error_code ec;
      if (std::filesystem::equivalent(out, in, ec)) {
        return absl::InvalidArgumentError(
            absl::StrCat(out, ": is ", what, "; refusing to overwrite it"));
      }
    }
    // Fail before a long lowering, and before writing the other output, when this one cannot
    // be written: its directory must exist and it must not be a directory.
    std::error_code ec;
    const std::filesystem::path p(out);
    const std::filesystem::path dir = p.has_parent_path() ? p.parent_path() : ".";
    if (!std::filesystem::is_directory(dir, ec)) {
      return absl::InvalidArgumentError(absl::StrCat(out, ": no such directory"));
    }
    // A dump of this run would replace it (or remove it, as an earlier run's dump).
    if (const std::string dump_dir = absl::GetFlag(FLAGS_dump_dir);
        !dump_dir.empty() && IsDumpName(p.filename().string()) && SamePath(dir, dump_dir)) {
      return absl::InvalidArgumentError(
          absl::StrCat(out, ": is named as a dump in --dump-dir ", dump_dir,
                       ", which this run writes or removes; give it another name or directory"));
    }
    // Refused by WriteFileAtomically too; refused now, before another output is written.
    RETURN_IF_ERROR(CheckReplaceableOutput(out));
    // So that no output is written when a later one would fail.
    if (!CheckCanWriteIn(dir).ok()) {
      return absl::InvalidArgumentError(absl::StrCat(out, ": cannot write in its directory"));
    }
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    for (size_t j = i + 1; j < outputs.size(); ++j) {
      const std::string& a = outputs[i].second;
      const std::string& b = outputs[j].second;
      if (a.empty() || b.empty()) continue;
      if (a == b || SamePath(a, b)) {
        return absl::InvalidArgumentError(
            absl::StrCat(b, ": given as both ", outputs[j].first, " and ", outputs[i].first));
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace graph_lower
