// lower_bench: times graph-lower's C++ pass alone (LowerToCoreAten on an already-loaded program)
// and measures its peak memory; the driver is benchmarks/run.py (`make bench`).
//
//   lower_bench ARCHIVE.pt INPUTS.pt [--repeats N]
//
// Prints one JSON object on stdout:
//   runs_ms              LowerToCoreAten wall time of each repetition, milliseconds
//   pass_ms              per-pass wall time of the first repetition (LoweringReport::pass_ms)
//   nodes_before/after, rewrites, memo_hits, memo_entries, legal (no op outside core ATen)
//   rss_baseline_kb      resident memory after a warm-up lowering of a small graph (libtorch's
//                        lazily built registries then exist), before loading ARCHIVE
//   rss_loaded_kb        resident memory once ARCHIVE is loaded, frozen and its inputs read
//   peak_lowering_kb     the process's peak resident memory during the first lowering (VmHWM,
//                        reset after loading through /proc/self/clear_refs; Linux >= 4.0)
// Memory is read from /proc/self/status (VmRSS, VmHWM), in KiB.
// Exit codes: 0 done, 2 bad arguments or input.
#include <ATen/ATen.h>

#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "ir/graph_io.h"
#include "lowering/pipeline.h"

namespace graph_lower {
namespace {

// A field of /proc/self/status in KiB ("VmRSS", "VmHWM"), or -1.
int64_t StatusKb(const std::string& field) {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind(field + ":", 0) == 0) {
      int64_t kb = -1;
      std::string digits;
      for (char c : line) {
        if (c >= '0' && c <= '9') digits.push_back(c);
      }
      return absl::SimpleAtoi(digits, &kb) ? kb : -1;
    }
  }
  return -1;
}

// Resets VmHWM to the current resident size (proc(5): writing 5 to clear_refs).
bool ResetPeak() {
  std::ofstream clear("/proc/self/clear_refs");
  clear << "5";
  return static_cast<bool>(clear);
}

int Main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: lower_bench ARCHIVE.pt INPUTS.pt [--repeats N]\n";
    return 2;
  }
  int repeats = 3;
  if (argc == 5 && std::string(argv[3]) == "--repeats" && absl::SimpleAtoi(argv[4], &repeats) &&
      repeats >= 1) {
  } else if (argc != 3) {
    std::cerr << "lower_bench: expected --repeats N (N >= 1)\n";
    return 2;
  }
  {
    // Warm-up: libtorch builds its operator tables and the decomposition library is compiled on
    // first use; none of that belongs to the measured program.
    absl::StatusOr<std::shared_ptr<torch::jit::Graph>> warm = ParseGraphText(
        "graph(%x : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)):\n"
        "  %a : str = prim::Constant[value=\"none\"]()\n"
        "  %y : Tensor = aten::gelu(%x, %a)\n  %z : Tensor = aten::t(%y)\n"
        "  return (%z)\n",
        "warm-up");
    LoweringOptions options;
    options.example_inputs = std::vector<c10::IValue>{at::randn({2, 3})};
    absl::Status status = warm.status();
    if (warm.ok()) status = LowerToCoreAten(*warm, options).status();
    if (!status.ok()) {
      std::cerr << "lower_bench: the warm-up lowering failed: " << status.message() << "\n";
      return 2;
    }
  }
  const int64_t rss_baseline = StatusKb("VmRSS");
  absl::StatusOr<Program> program = LoadArchive(argv[1]);
  if (!program.ok()) {
    std::cerr << "lower_bench: " << program.status().message() << "\n";
    return 2;
  }
  absl::StatusOr<std::vector<c10::IValue>> inputs = ProgramExampleInputs(*program, argv[2]);
  if (!inputs.ok()) {
    std::cerr << "lower_bench: " << inputs.status().message() << "\n";
    return 2;
  }
  const int64_t rss_loaded = StatusKb("VmRSS");
  const bool peak_reset = ResetPeak();
  nlohmann::json out;
  std::vector<double> runs;
  for (int r = 0; r < repeats; ++r) {
    std::shared_ptr<torch::jit::Graph> graph = program->graph;  // replaced, not modified
    LoweringOptions options;
    options.example_inputs = *inputs;
    absl::StatusOr<LoweringReport> report = LowerToCoreAten(graph, options);
    if (!report.ok()) {
      std::cerr << "lower_bench: " << argv[1] << ": " << report.status().message() << "\n";
      return 2;
    }
    runs.push_back(report->time_ms);
    if (r == 0) {
      out["peak_lowering_kb"] = peak_reset ? StatusKb("VmHWM") : -1;
      nlohmann::json passes = nlohmann::json::object();
      for (const auto& [pass, ms] : report->pass_ms) passes[pass] = ms;
      out["pass_ms"] = passes;
      out["nodes_before"] = report->nodes_before;
      out["nodes_after"] = report->nodes_after;
      out["rewrites"] = report->rewrites;
      out["memo_hits"] = report->memo_hits;
      out["memo_entries"] = report->memo_entries;
      out["legal"] = report->violations.empty();
    }
  }
  out["runs_ms"] = runs;
  out["rss_baseline_kb"] = rss_baseline;
  out["rss_loaded_kb"] = rss_loaded;
  std::cout << out.dump() << "\n";
  return 0;
}

}  // namespace
}  // namespace graph_lower

int main(int argc, char** argv) { return graph_lower::Main(argc, argv); }
