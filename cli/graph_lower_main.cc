// graph-lower: the command-line front end: lowers a TorchScript program to core ATen, or checks it.
#include <dlfcn.h>

#include <csignal>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/flags/usage_config.h"
#include "absl/log/globals.h"
#include "absl/log/initialize.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "cli/check_command.h"
#include "cli/console.h"
#include "cli/flags.h"
#include "cli/lower_command.h"
#include "cli/output_paths.h"
#include "ir/errors.h"
#include "ir/files.h"
#include "ir/graph_io.h"
#include "ir/status_macros.h"
#include "lowering/visualize.h"

namespace graph_lower {
namespace {

// Loads each --load-library file, whose static initializers register its operators with the
// dispatcher (what torch.ops.load_library does in Python).
absl::Status LoadOperatorLibraries() {
  for (const std::string& path : absl::GetFlag(FLAGS_load_library)) {
    if (path.empty()) return absl::InvalidArgumentError("--load-library: empty file name");
    RETURN_IF_ERROR(CheckInputFile(path).status());
    // RTLD_GLOBAL: a library's operators may call into another loaded after it.
    // By its path (dlopen searches the library path for a bare name).
    const std::string absolute = std::filesystem::absolute(path).string();
    if (dlopen(absolute.c_str(), RTLD_NOW | RTLD_GLOBAL) == nullptr) {
      const char* why = dlerror();
      return absl::InvalidArgumentError(absl::StrCat(
          path, ": cannot load the --load-library file: ", why ? why : "unknown error"));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<int> RealMain(const std::vector<std::string>& inputs) {
  if (inputs.size() != 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("expected exactly one INPUT, got ", inputs.size(), "; see --help"));
  }
  const bool check = absl::GetFlag(FLAGS_check);
  if (check) {
    RETURN_IF_ERROR(RefuseLoweringFlags());
  }
  std::vector<std::pair<std::string, std::string>> read = {{inputs[0], "the input file"}};
  if (const std::string f = absl::GetFlag(FLAGS_example_inputs); !f.empty()) {
    read.emplace_back(f, "the --example-inputs file");
  }
  if (const std::string f = absl::GetFlag(FLAGS_opset); !f.empty()) {
    read.emplace_back(f, "the --opset file");
  }
  for (const std::string& f : absl::GetFlag(FLAGS_load_library)) {
    if (!f.empty()) read.emplace_back(f, "a --load-library file");
  }
  RETURN_IF_ERROR(CheckOutputPaths(read));
  RETURN_IF_ERROR(LoadOperatorLibraries());
  ASSIGN_OR_RETURN(Opset opset, BuildOpset());
  LoadOptions load;
  load.lift_parameters = absl::GetFlag(FLAGS_lift_parameters);
  // --check reports the program as the module has it.
  load.optimize_numerics = !check && absl::GetFlag(FLAGS_optimize_numerics);
  const auto load_start = std::chrono::steady_clock::now();
  ASSIGN_OR_RETURN(Program program, LoadProgram(inputs[0], load));
  const double load_ms = MillisecondsSince(load_start);
  // After loading: bad input creates no directory, and an input named like a dump in DIR (a
  // dump being lowered again) is read before the old dumps are removed.
  if (const std::string dir = absl::GetFlag(FLAGS_dump_dir); !dir.empty()) {
    RETURN_IF_ERROR(PrepareDumpDir(dir, read));
  }
  if (!check) return Lower(inputs[0], program, std::move(opset), load_ms);
  return Check(inputs[0], program, opset, load_ms);
}

}  // namespace
}  // namespace graph_lower

extern "C" void RemoveTemporaryOutputAndDie(int signal_number) {
  graph_lower::RemoveTemporaryFileInFlight();
  graph_lower::KillRenderInFlight();
  std::signal(signal_number, SIG_DFL);
  std::raise(signal_number);
}

int main(int argc, char** argv) {
  using namespace graph_lower;
  // A save killed by one of these leaves no temporary file beside the output (the output itself
  // is only ever renamed into place whole), and no Graphviz process rendering --html. A signal
  // the caller ignores (nohup; SIGINT in a background job) stays ignored.
  for (int signal_number : {SIGTERM, SIGINT, SIGHUP}) {
    if (std::signal(signal_number, RemoveTemporaryOutputAndDie) == SIG_IGN) {
      std::signal(signal_number, SIG_IGN);
    }
  }
  absl::SetProgramUsageMessage(kUsage);
  // --help lists the flags of cli/flags.cc (Abseil's default looks for the file of main).
  absl::FlagsUsageConfig usage_config;
  usage_config.contains_help_flags = [](absl::string_view path) {
    return absl::EndsWith(path, "cli/flags.cc");
  };
  usage_config.contains_helpshort_flags = usage_config.contains_help_flags;
  absl::SetFlagsUsageConfig(usage_config);
  std::vector<std::string> args = NormalizeArgs(argc, argv);
  for (const std::string& a : args) {
    if (a == "--") break;
    if (a == "--progress" || a == "--noprogress" || absl::StartsWith(a, "--progress=")) {
      progress_given = true;
    }
  }
  if (absl::Status s = RefuseEmptyPathFlags(args); !s.ok()) {
    std::cerr << "graph-lower: error: " << s.message() << "\n";
    return kExitBadInput;
  }
  std::vector<char*> arg_ptrs;
  for (std::string& a : args) arg_ptrs.push_back(a.data());
  std::vector<char*> positional;
  std::vector<absl::UnrecognizedFlag> unrecognized;
  absl::ParseAbseilFlagsOnly(static_cast<int>(arg_ptrs.size()), arg_ptrs.data(), positional,
                             unrecognized);
  if (!unrecognized.empty()) {
    absl::ReportUnrecognizedFlags(unrecognized);
    return kExitBadInput;
  }
  if (const int v = absl::GetFlag(FLAGS_v); v > 0) {
    absl::SetGlobalVLogLevel(v);
    absl::SetStderrThreshold(absl::LogSeverityAtLeast::kInfo);
  }
  absl::InitializeLog();
  std::vector<std::string> inputs(positional.begin() + 1, positional.end());
  absl::StatusOr<int> code;
  try {
    code = RealMain(inputs);
  } catch (const std::exception& e) {
    std::string what = e.what();
    code = absl::InternalError(what.substr(0, what.find('\n')));
  }
  if (!code.ok()) {
    // Flag values and damaged files can hold bytes that are not UTF-8 (ir/errors.h).
    std::cerr << "graph-lower: error: " << PrintableText(code.status().message()) << "\n";
    return kExitBadInput;
  }
  return *code;
}
