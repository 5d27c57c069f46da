// graph-lower's console output (see console.h).
#include "cli/console.h"

#include <unistd.h>

#include <cstdlib>

#include "absl/flags/flag.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_join.h"
#include "cli/flags.h"

namespace graph_lower {

double MillisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

std::string TimingLine(const std::vector<std::pair<std::string, double>>& steps) {
  std::vector<std::string> parts;
  double total = 0;
  for (const auto& [step, ms] : steps) {
    parts.push_back(absl::StrFormat("%s %.1f ms", step, ms));
    total += ms;
  }
  return absl::StrFormat("timing: %s (total %.1f ms)\n", absl::StrJoin(parts, ", "), total);
}

std::string SourceTimingLine(const LoweringReport& report) {
  std::vector<std::pair<std::string, double>> sources(report.source_ms.begin(),
                                                      report.source_ms.end());
  std::stable_sort(sources.begin(), sources.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  std::vector<std::string> parts;
  for (const auto& [source, ms] : sources)
    parts.push_back(absl::StrFormat("%s %.1f ms", source, ms));
  double decompose_ms = 0;
  for (const auto& [pass, ms] : report.pass_ms) {
    if (pass == "decompose") decompose_ms = ms;
  }
  return absl::StrFormat("timing by source: %s (inside decompose %.1f ms)\n",
                         parts.empty() ? "none consulted" : absl::StrJoin(parts, ", "),
                         decompose_ms);
}

std::string StatsTable(const LoweringReport& report) {
  std::vector<std::pair<OpKey, OpRewrites>> rows(report.rewrites_by_op.begin(),
                                                 report.rewrites_by_op.end());
  std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
    return a.second.rewrites > b.second.rewrites;
  });
  size_t width = 8;
  for (const auto& [op, stats] : rows) width = std::max(width, op.ToString().size());
  std::string out = absl::StrFormat("%-*s %8s  %-8s %8s %8s\n", width, "overload", "rewrites",
                                    "source", "nodes", "avg");
  for (const auto& [op, stats] : rows) {
    absl::StrAppendFormat(&out, "%-*s %8d  %-8s %8d %8.1f\n", width, op.ToString(), stats.rewrites,
                          stats.source, stats.nodes,
                          stats.rewrites ? static_cast<double>(stats.nodes) / stats.rewrites : 0.0);
  }
  absl::StrAppendFormat(&out,
                        "stats: %d overloads decomposed, %d rewrites, memo %d entries / %d hits, "
                        "%d cycles, %d rounds\n",
                        rows.size(), report.rewrites, report.memo_entries, report.memo_hits,
                        report.cycles.size(), report.iterations);
  return out;
}

bool progress_given = false;

bool ProgressWanted() {
  if (progress_given) return absl::GetFlag(FLAGS_progress);
  return isatty(STDERR_FILENO) == 1;
}

double ProgressIntervalMs() {
  double ms = 500;
  if (const char* env = std::getenv("GRAPH_LOWER_PROGRESS_INTERVAL_MS")) {
    if (!absl::SimpleAtod(env, &ms) || ms < 0) ms = 500;
  }
  return ms;
}

}  // namespace graph_lower
