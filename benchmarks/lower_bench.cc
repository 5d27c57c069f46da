// lower_bench: times graph-lower's C++ pass alone (LowerToCoreAten on an already-loaded program,
// in place as the CLI runs it: LoweringOptions::in_place) and measures its peak memory; the
// driver is benchmarks/run.py (`make bench`).
//
//   lower_bench ARCHIVE.pt INPUTS.pt [--repeats N]
//
// Prints one JSON object on stdout:
//   runs_ms              LowerToCoreAten wall time of each repetition, milliseconds
//   pass_ms              per-pass wall time (LoweringReport::pass_ms), the median over the
//                        repetitions (the first is cold: lazily built kernels and caches)
//   first_pass_ms        per-pass wall time of the first repetition
//   nodes_before/after, rewrites, memo_hits, memo_entries, legal (no op outside core ATen)
//   rss_baseline_kb      resident memory after a warm-up lowering of a small graph (libtorch's
//                        lazily built registries then exist), before loading ARCHIVE
//   rss_loaded_kb        resident memory once ARCHIVE is loaded, frozen and its inputs read
//   peak_lowering_kb     the process's peak resident memory during the first lowering (VmHWM,
//                        reset after loading through /proc/self/clear_refs; Linux >= 4.0)
//   anon_baseline_kb, anon_loaded_kb, anon_peak_lowering_kb
//                        the same three for anonymous memory alone (heap and tensors: resident
//                        minus file-backed and shared pages, proc(5) /proc/self/statm), the
//                        peak sampled every millisecond by a second thread. VmRSS also counts
//                        libtorch's code pages, which the kernels an op runs for the first time
//                        bring in: 15 of the 18 MB VmRSS grew by in a lowering of 64 blocks.
// Memory is read from /proc/self/status (VmRSS, VmHWM) and /proc/self/statm, in KiB.
// Exit codes: 0 done, 2 bad arguments or input.
#include <ATen/ATen.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/synchronization/notification.h"
#include "absl/time/time.h"
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

// Anonymous resident memory in KiB: statm's resident minus shared (file-backed and shared
// memory pages), proc(5); -1 when unreadable.
int64_t AnonKb() {
  std::ifstream statm("/proc/self/statm");
  int64_t size = 0, resident = 0, shared = 0;
  if (!(statm >> size >> resident >> shared)) return -1;
  return (resident - shared) * (sysconf(_SC_PAGESIZE) / 1024);
}

// The peak of AnonKb() from construction to destruction, sampled every millisecond.
class AnonPeakSampler {
 public:
  AnonPeakSampler()
      : peak_(AnonKb()), thread_([this] {
          while (!done_.WaitForNotificationWithTimeout(absl::Milliseconds(1))) {
            Sample();
          }
        }) {}
  ~AnonPeakSampler() { Stop(); }
  // Stops sampling (after one last sample) and returns the peak.
  int64_t Stop() {
    if (thread_.joinable()) {
      done_.Notify();
      thread_.join();
      Sample();
    }
    return peak_.load();
  }

 private:
  void Sample() {
    const int64_t kb = AnonKb();
    int64_t seen = peak_.load();
    while (kb > seen && !peak_.compare_exchange_weak(seen, kb)) {
    }
  }
  std::atomic<int64_t> peak_;
  absl::Notification done_;
  std::thread thread_;
};

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
  const int64_t anon_baseline = AnonKb();
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
  const int64_t anon_loaded = AnonKb();
  const bool peak_reset = ResetPeak();
  nlohmann::json out;
  std::vector<double> runs;
  std::map<std::string, std::vector<double>> pass_runs;
  for (int r = 0; r < repeats; ++r) {
    // Lowered in place, as the CLI and the Python API lower the graph they loaded: each
    // repetition on a copy of the loaded one, made before the clock starts.
    std::shared_ptr<torch::jit::Graph> graph = program->graph->copy();
    LoweringOptions options;
    options.example_inputs = *inputs;
    options.in_place = true;
    std::optional<AnonPeakSampler> sampler;
    if (r == 0) sampler.emplace();
    absl::StatusOr<LoweringReport> report = LowerToCoreAten(graph, options);
    if (sampler) out["anon_peak_lowering_kb"] = sampler->Stop();
    if (!report.ok()) {
      std::cerr << "lower_bench: " << argv[1] << ": " << report.status().message() << "\n";
      return 2;
    }
    runs.push_back(report->time_ms);
    for (const auto& [pass, ms] : report->pass_ms) pass_runs[pass].push_back(ms);
    if (r == 0) {
      out["peak_lowering_kb"] = peak_reset ? StatusKb("VmHWM") : -1;
      nlohmann::json passes = nlohmann::json::object();
      for (const auto& [pass, ms] : report->pass_ms) passes[pass] = ms;
      out["first_pass_ms"] = passes;
      out["nodes_before"] = report->nodes_before;
      out["nodes_after"] = report->nodes_after;
      out["rewrites"] = report->rewrites;
      out["memo_hits"] = report->memo_hits;
      out["memo_entries"] = report->memo_entries;
      out["legal"] = report->violations.empty();
    }
  }
  out["runs_ms"] = runs;
  nlohmann::json pass_medians = nlohmann::json::object();
  for (auto& [pass, ms] : pass_runs) {
    std::sort(ms.begin(), ms.end());
    // A pass that did not run in some repetition counts as 0 there.
    ms.insert(ms.begin(), runs.size() - ms.size(), 0.0);
    const size_t n = ms.size();
    pass_medians[pass] = n % 2 ? ms[n / 2] : (ms[n / 2 - 1] + ms[n / 2]) / 2;
  }
  out["pass_ms"] = pass_medians;
  out["rss_baseline_kb"] = rss_baseline;
  out["rss_loaded_kb"] = rss_loaded;
  out["anon_baseline_kb"] = anon_baseline;
  out["anon_loaded_kb"] = anon_loaded;
  std::cout << out.dump() << "\n";
  return 0;
}

}  // namespace
}  // namespace graph_lower

int main(int argc, char** argv) { return graph_lower::Main(argc, argv); }
