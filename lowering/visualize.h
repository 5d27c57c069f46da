// Pictures of a lowering: Graphviz dot of graphs and of what each decomposed overload became,
// and a self-contained HTML report (op histograms, decompositions, their subgraphs as SVG).
#ifndef GRAPH_LOWER_LOWERING_VISUALIZE_H_
#define GRAPH_LOWER_LOWERING_VISUALIZE_H_

#include <torch/csrc/jit/ir/ir.h>

#include <functional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "lowering/pipeline.h"

namespace graph_lower {

// The data flow of `graph` as a Graphviz digraph named `name`: a box per node (kind and output
// type; prim::Constant nodes are left out, nested blocks are drawn as their owning node), an
// ellipse per graph input and output, an edge per value use. At most `max_nodes` boxes are drawn;
// a note says how many were left out.
std::string GraphToDot(const torch::jit::Graph& graph, absl::string_view name, int max_nodes = 80);

// The op-level picture of a lowering: one cluster per decomposed overload (labelled with its
// source and rewrite count) holding the subgraph its first node became
// (LoweringReport::decomposition_graphs), drawn as GraphToDot draws it.
std::string DecompositionsToDot(const LoweringReport& report, int max_nodes_per_cluster = 80);

// Runs Graphviz (`binary -Tsvg`, found on PATH, with posix_spawnp) on `dot` and returns the SVG
// element (the XML prolog and doctype removed), ready to inline in HTML. Its stdin, stdout and
// stderr are in-memory files (memfd_create): no file is made in the file system.
// Errors: NotFound when `binary` cannot be run (not installed); Internal when it fails (with the
// first line of its stderr) or its in-memory files cannot be made.
absl::StatusOr<std::string> RenderDotToSvg(absl::string_view dot,
                                           const std::string& binary = "dot");

// Kills (SIGKILL) the Graphviz process RenderDotToSvg is waiting for, if any, so that it does not
// outlive a process that dies of a signal. Async-signal-safe: for a signal handler.
void KillRenderInFlight();

// `text` with &, <, >, " and ' replaced by character references.
std::string HtmlEscape(absl::string_view text);

struct HtmlReportOptions {
  std::string title;  // e.g. the input file; escaped
  // Turns dot source into an inline <svg> (RenderDotToSvg). When null or when it fails, the dot
  // source is shown in a <pre> with a note saying why; after a failure it is not called again.
  std::function<absl::StatusOr<std::string>(absl::string_view dot)> render_svg;
};

// A self-contained HTML page (no scripts, no external resources): a summary, the op histogram
// before and after (counts, with CSS bars), the decomposed overloads with source, rewrites and
// nodes inserted, and for each decomposed overload the subgraph its first node became.
std::string HtmlReport(const LoweringReport& report, const HtmlReportOptions& options);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_LOWERING_VISUALIZE_H_
