// graph-lower's console output: the --timing lines, the --stats table and the --progress line.
#ifndef GRAPH_LOWER_CLI_CONSOLE_H_
#define GRAPH_LOWER_CLI_CONSOLE_H_

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_format.h"
#include "lowering/pipeline.h"

namespace graph_lower {

// Milliseconds of wall time since `start`.
double MillisecondsSince(std::chrono::steady_clock::time_point start);

// "load 812 ms, census 3 ms, ..., save 95 ms": each step's wall time.
std::string TimingLine(const std::vector<std::pair<std::string, double>>& steps);

// "timing by source: cia 41.2 ms, library 12.0 ms, user 0.0 ms (inside decompose 70.3 ms)".
std::string SourceTimingLine(const LoweringReport& report);

// The --stats table: one row per decomposed overload, most rewrites first, then the totals.
std::string StatsTable(const LoweringReport& report);

// The progress status line: shown once lowering has run for 2 intervals, then at most every
// interval (the pipeline's own throttle), always on one line rewritten with '\r'.
class ProgressLine {
 public:
  explicit ProgressLine(double interval_ms)
      : interval_ms_(interval_ms), start_(std::chrono::steady_clock::now()) {}
  void Show(const LoweringProgress& p) {
    if (MillisecondsSince(start_) < 2 * interval_ms_) return;
    const DecomposeProgress& d = p.decompose;
    std::string line = absl::StrFormat(
        "graph-lower: decompose round %d: %d/%d nodes, worklist %d, %d rewrites, %.1f s", p.round,
        d.nodes_done, d.nodes_total, std::max<int64_t>(0, d.nodes_total - d.nodes_done), d.rewrites,
        MillisecondsSince(start_) / 1000);
    const size_t len = line.size();
    if (len < width_) line.append(width_ - len, ' ');
    width_ = std::max(width_, len);
    std::cerr << '\r' << line << std::flush;
  }
  // Clears the line if one was shown.
  void Clear() {
    if (width_ == 0) return;
    std::cerr << '\r' << std::string(width_, ' ') << '\r' << std::flush;
    width_ = 0;
  }

 private:
  const double interval_ms_;
  const std::chrono::steady_clock::time_point start_;
  size_t width_ = 0;
};

// Whether --progress or --noprogress was given (main sets it): otherwise the default follows
// whether stderr is a terminal.
extern bool progress_given;

// Whether to show the progress line: --progress when given, else whether stderr is a terminal.
bool ProgressWanted();

// The interval of progress lines: 500 ms, or GRAPH_LOWER_PROGRESS_INTERVAL_MS (tests use 0).
double ProgressIntervalMs();

}  // namespace graph_lower

#endif  // GRAPH_LOWER_CLI_CONSOLE_H_
