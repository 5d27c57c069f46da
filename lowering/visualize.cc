// Graphviz dot and HTML renderings of a lowering, and running Graphviz.
#include "lowering/visualize.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <map>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"

extern char** environ;

namespace graph_lower {
namespace {

using torch::jit::Graph;
using torch::jit::Node;
using torch::jit::Value;

// `text` inside a dot double-quoted string.
std::string DotEscape(absl::string_view text) {
  return absl::StrReplaceAll(text, {{"\\", "\\\\"}, {"\"", "\\\""}, {"\n", "\\n"}});
}

// A dot label of several lines, each escaped.
std::string DotLabel(const std::vector<std::string>& lines) {
  std::vector<std::string> escaped;
  for (const std::string& line : lines) escaped.push_back(DotEscape(line));
  return absl::StrCat("\"", absl::StrJoin(escaped, "\\n"), "\"");
}

// "Float[1, 64, 56, 56]" for a complete tensor type, the type's own spelling otherwise.
std::string ShortType(const c10::TypePtr& type) {
  if (auto t = type->cast<c10::TensorType>()) {
    std::string out = t->scalarType() ? std::string(c10::toString(*t->scalarType())) : "Tensor";
    if (std::optional<std::vector<int64_t>> sizes = t->sizes().concrete_sizes()) {
      absl::StrAppend(&out, "[", absl::StrJoin(*sizes, ", "), "]");
    }
    return out;
  }
  return type->str();
}

// "x.1" -> "x": a value's name as the source spelled it; "input 2" for an unnamed input.
std::string ValueName(const Value* v, size_t index) {
  if (!v->hasDebugName()) return absl::StrCat("input ", index);
  std::string name = v->debugName();
  if (const size_t dot = name.find('.'); dot != std::string::npos && dot > 0) name.resize(dot);
  return name;
}

int64_t NodesInside(const Node* node) {
  int64_t n = 0;
  for (const torch::jit::Block* b : node->blocks()) {
    for (const Node* inner : b->nodes()) n += 1 + NodesInside(inner);
  }
  return n;
}

// Appends the statements that draw `graph`, every id prefixed by `prefix`.
void AppendGraphBody(std::string& out, const Graph& graph, const std::string& prefix, int max_nodes,
                     const std::string& indent) {
  absl::flat_hash_map<const Value*, std::string> id;  // drawn values -> their node's id
  std::vector<std::string> edges;
  for (size_t i = 0; i < graph.inputs().size(); ++i) {
    const Value* in = graph.inputs()[i];
    if (!in->hasUses()) continue;  // e.g. an unused `self`
    const std::string name = absl::StrCat(prefix, "in", i);
    id[in] = name;
    absl::StrAppend(&out, indent, name, " [shape=ellipse, style=filled, fillcolor=\"#e8f0fe\", ",
                    "label=", DotLabel({ValueName(in, i), ShortType(in->type())}), "];\n");
  }
  int drawn = 0;
  int64_t skipped = 0;
  for (const Node* node : graph.nodes()) {
    if (node->kind() == c10::prim::Constant) continue;
    if (drawn >= max_nodes) {
      ++skipped;
      continue;
    }
    const std::string name = absl::StrCat(prefix, "n", drawn++);
    std::vector<std::string> label = {OpKey::Of(*node).ToString()};
    if (!node->blocks().empty()) {
      label.push_back(absl::StrCat("(", NodesInside(node), " nodes inside)"));
    }
    if (node->outputs().size() == 1) {
      label.push_back(ShortType(node->output()->type()));
    } else if (node->outputs().size() > 1) {
      label.push_back(absl::StrCat(node->outputs().size(), " outputs"));
    }
    absl::StrAppend(&out, indent, name, " [label=", DotLabel(label), "];\n");
    for (const Value* v : node->inputs()) {
      if (auto it = id.find(v); it != id.end()) {
        edges.push_back(absl::StrCat(indent, it->second, " -> ", name, ";\n"));
      }
    }
    for (const Value* o : node->outputs()) id[o] = name;
  }
  if (skipped > 0) {
    absl::StrAppend(&out, indent, prefix, "more [shape=note, label=",
                    DotLabel({absl::StrCat("... ", skipped, " more nodes not drawn")}), "];\n");
  }
  for (size_t i = 0; i < graph.outputs().size(); ++i) {
    const Value* v = graph.outputs()[i];
    const std::string name = absl::StrCat(prefix, "out", i);
    absl::StrAppend(&out, indent, name, " [shape=ellipse, style=filled, fillcolor=\"#e6f4ea\", ",
                    "label=", DotLabel({absl::StrCat("output ", i), ShortType(v->type())}), "];\n");
    if (auto it = id.find(v); it != id.end()) {
      edges.push_back(absl::StrCat(indent, it->second, " -> ", name, ";\n"));
    }
  }
  for (const std::string& e : edges) out += e;
}

constexpr char kDotDefaults[] =
    "  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=10];\n"
    "  edge [color=\"#5f6368\"];\n";

}  // namespace

std::string GraphToDot(const Graph& graph, absl::string_view name, int max_nodes) {
  std::string out = absl::StrCat("digraph \"", DotEscape(name), "\" {\n", kDotDefaults);
  AppendGraphBody(out, graph, "", max_nodes, "  ");
  out += "}\n";
  return out;
}

std::string DecompositionsToDot(const LoweringReport& report, int max_nodes_per_cluster) {
  std::string out =
      absl::StrCat("digraph decompositions {\n", kDotDefaults, "  compound=true;\n  rankdir=TB;\n");
  int k = 0;
  for (const auto& [op, graph] : report.decomposition_graphs) {
    std::vector<std::string> label = {op.ToString()};
    if (auto it = report.rewrites_by_op.find(op); it != report.rewrites_by_op.end()) {
      label.push_back(absl::StrCat(it->second.source, ", ", it->second.rewrites,
                                   it->second.rewrites == 1 ? " rewrite" : " rewrites"));
    }
    absl::StrAppend(&out, "  subgraph cluster_", k, " {\n    label=", DotLabel(label),
                    ";\n    style=rounded;\n    color=\"#9aa0a6\";\n");
    AppendGraphBody(out, *graph, absl::StrCat("c", k, "_"), max_nodes_per_cluster, "    ");
    out += "  }\n";
    ++k;
  }
  out += "}\n";
  return out;
}

namespace {

// The Graphviz process being waited for, or 0 (KillRenderInFlight).
std::atomic<pid_t> render_in_flight{0};
static_assert(std::atomic<pid_t>::is_always_lock_free);

// Writes all of `data` to `fd`; false (errno set) on failure.
bool WriteAll(int fd, absl::string_view data) {
  for (size_t written = 0; written < data.size();) {
    const ssize_t n = write(fd, data.data() + written, data.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    written += static_cast<size_t>(n);
  }
  return true;
}

// The whole content of the file open at `fd`, read from its start.
std::string ReadAllFrom(int fd) {
  std::string out;
  char buffer[1 << 16];
  for (off_t at = 0;;) {
    const ssize_t n = pread(fd, buffer, sizeof buffer, at);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    out.append(buffer, static_cast<size_t>(n));
    at += n;
  }
  return out;
}

}  // namespace

void KillRenderInFlight() {
  const pid_t pid = render_in_flight.load();
  if (pid > 0) kill(pid, SIGKILL);
}

absl::StatusOr<std::string> RenderDotToSvg(absl::string_view dot, const std::string& binary) {
  // Graphviz's stdin, stdout and stderr are anonymous memory files (memfd_create): nothing is
  // made in the file system, so a process killed while it renders leaves no file behind.
  int fds[3] = {-1, -1, -1};
  auto close_all = [&] {
    for (int& fd : fds) {
      if (fd >= 0) close(fd);
      fd = -1;
    }
  };
  for (int& fd : fds) {
    fd = memfd_create("graph-lower-dot", MFD_CLOEXEC);
    if (fd < 0) {
      const int e = errno;
      close_all();
      return absl::InternalError(
          absl::StrCat("cannot make an in-memory file for Graphviz: ", std::strerror(e)));
    }
  }
  if (!WriteAll(fds[0], dot) || lseek(fds[0], 0, SEEK_SET) != 0) {
    const int e = errno;
    close_all();
    return absl::InternalError(
        absl::StrCat("cannot write Graphviz's input to memory: ", std::strerror(e)));
  }

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  for (int i = 0; i < 3; ++i) posix_spawn_file_actions_adddup2(&actions, fds[i], i);
  std::vector<std::string> args = {binary, "-Tsvg"};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int rc = posix_spawnp(&pid, binary.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) {
    close_all();
    if (rc == ENOENT || rc == EACCES) {
      return absl::NotFoundError(absl::StrCat(binary, ": cannot run Graphviz (", std::strerror(rc),
                                              "); install the graphviz package"));
    }
    return absl::InternalError(absl::StrCat(binary, ": cannot run: ", std::strerror(rc)));
  }
  render_in_flight.store(pid);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      const int e = errno;
      render_in_flight.store(0);
      close_all();
      return absl::InternalError(absl::StrCat(binary, ": waitpid: ", std::strerror(e)));
    }
  }
  render_in_flight.store(0);
  std::string svg = ReadAllFrom(fds[1]);
  const std::string err = ReadAllFrom(fds[2]);
  close_all();
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    const std::string first_line = err.substr(0, err.find('\n'));
    return absl::InternalError(absl::StrCat(binary, " failed (",
                                            WIFEXITED(status)
                                                ? absl::StrCat("exit ", WEXITSTATUS(status))
                                                : absl::StrCat("signal ", WTERMSIG(status)),
                                            ")", first_line.empty() ? "" : ": ", first_line));
  }
  const size_t start = svg.find("<svg");
  if (start == std::string::npos) {
    return absl::InternalError(absl::StrCat(binary, " wrote no <svg> element"));
  }
  return svg.substr(start);
}

std::string HtmlEscape(absl::string_view text) {
  return absl::StrReplaceAll(
      text, {{"&", "&amp;"}, {"<", "&lt;"}, {">", "&gt;"}, {"\"", "&quot;"}, {"'", "&#39;"}});
}

namespace {

constexpr char kStyle[] = R"(
body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 2em;
       color: #202124; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { padding: 2px 10px; text-align: left; border-bottom: 1px solid #e0e0e0; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.bar { display: inline-block; height: 10px; vertical-align: middle; }
.before { background: #f29900; }
.after { background: #1a73e8; }
.non-core { color: #c5221f; font-weight: bold; }
pre { background: #f8f9fa; padding: 1em; overflow-x: auto; }
.note { color: #5f6368; font-style: italic; }
section { margin: 2em 0; }
)";

std::string Bar(int64_t count, int64_t max, const char* cls) {
  const int width = max > 0 ? static_cast<int>((200 * count + max - 1) / max) : 0;
  return absl::StrFormat("<span class=\"bar %s\" style=\"width:%dpx\"></span>", cls, width);
}

}  // namespace

std::string HtmlReport(const LoweringReport& report, const HtmlReportOptions& options) {
  const std::string title = HtmlEscape(options.title);
  std::string out = absl::StrCat(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>graph-lower: ",
      title, "</title>\n<style>", kStyle, "</style>\n</head>\n<body>\n<h1>graph-lower: ", title,
      "</h1>\n");
  absl::StrAppendFormat(
      &out,
      "<p>Lowered in %.0f ms: %d &rarr; %d nodes, %d overloads decomposed, %d rewrites, %d memo "
      "hits, %d rounds. %s</p>\n",
      report.time_ms, report.nodes_before, report.nodes_after, report.decompositions.size(),
      report.rewrites, report.memo_hits, report.iterations,
      report.violations.empty()
          ? "<strong>Legal</strong>: every tensor op is in the opset."
          : absl::StrCat("<strong class=\"non-core\">Not legal</strong>: ",
                         report.violations.size(), " nodes outside the opset."));

  // The histogram: every overload before or after, by the larger count.
  struct Row {
    int64_t before = 0, after = 0;
    OpClass op_class = OpClass::kNonCore;
  };
  std::map<OpKey, Row> rows;
  for (const auto& [op, c] : report.ops_before) {
    rows[op].before = c.count;
    rows[op].op_class = c.op_class;
  }
  for (const auto& [op, c] : report.ops_after) {
    rows[op].after = c.count;
    rows[op].op_class = c.op_class;
  }
  std::vector<std::pair<OpKey, Row>> sorted(rows.begin(), rows.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
    return std::max(a.second.before, a.second.after) > std::max(b.second.before, b.second.after);
  });
  int64_t max = 0;
  for (const auto& [op, row] : sorted) max = std::max({max, row.before, row.after});
  out +=
      "<h2>Ops before and after</h2>\n<table>\n<tr><th>operator</th><th>class</th>"
      "<th>before</th><th></th><th>after</th><th></th></tr>\n";
  for (const auto& [op, row] : sorted) {
    const std::string cls(OpClassName(row.op_class));
    absl::StrAppend(&out, "<tr><td", cls == "non-core" ? " class=\"non-core\"" : "", "><code>",
                    HtmlEscape(op.ToString()), "</code></td><td>", HtmlEscape(cls),
                    "</td><td class=\"num\">", row.before, "</td><td>",
                    Bar(row.before, max, "before"), "</td><td class=\"num\">", row.after,
                    "</td><td>", Bar(row.after, max, "after"), "</td></tr>\n");
  }
  out += "</table>\n";

  out += "<h2>Decomposed overloads</h2>\n";
  if (report.decompositions.empty()) {
    out += "<p class=\"note\">Nothing was decomposed.</p>\n";
  } else {
    out +=
        "<table>\n<tr><th>overload</th><th>source</th><th>rewrites</th><th>nodes inserted</th>"
        "</tr>\n";
    for (const auto& [op, source] : report.decompositions) {
      int64_t rewrites = 0, nodes = 0;
      if (auto it = report.rewrites_by_op.find(op); it != report.rewrites_by_op.end()) {
        rewrites = it->second.rewrites;
        nodes = it->second.nodes;
      }
      absl::StrAppend(&out, "<tr><td><a href=\"#op-", HtmlEscape(op.ToString()), "\"><code>",
                      HtmlEscape(op.ToString()), "</code></a></td><td>", HtmlEscape(source),
                      "</td><td class=\"num\">", rewrites, "</td><td class=\"num\">", nodes,
                      "</td></tr>\n");
    }
    out += "</table>\n";
  }
  if (!report.undecomposable.empty()) {
    out += "<h2>Not decomposed</h2>\n<ul>\n";
    for (const auto& [op, reasons] : report.undecomposable) {
      absl::StrAppend(&out, "<li><code>", HtmlEscape(op.ToString()),
                      "</code>: ", HtmlEscape(absl::StrJoin(reasons, "; ")), "</li>\n");
    }
    out += "</ul>\n";
  }

  out += "<h2>What each overload became</h2>\n";
  std::string render_failure;
  for (const auto& [op, graph] : report.decomposition_graphs) {
    const std::string name = op.ToString();
    absl::StrAppend(&out, "<section id=\"op-", HtmlEscape(name), "\">\n<h3><code>",
                    HtmlEscape(name), "</code>");
    if (auto it = report.rewrites_by_op.find(op); it != report.rewrites_by_op.end()) {
      absl::StrAppend(&out, " (", HtmlEscape(it->second.source), ")");
    }
    out += "</h3>\n";
    const std::string dot = GraphToDot(*graph, name);
    std::optional<std::string> svg;
    if (options.render_svg && render_failure.empty()) {
      absl::StatusOr<std::string> rendered = options.render_svg(dot);
      if (rendered.ok()) {
        svg = *std::move(rendered);
      } else {
        render_failure = std::string(rendered.status().message());
        if (render_failure.empty()) render_failure = "rendering failed";
      }
    }
    if (svg) {
      absl::StrAppend(&out, *svg, "\n");
    } else {
      absl::StrAppend(
          &out, "<p class=\"note\">",
          render_failure.empty() ? std::string("Not rendered")
                                 : HtmlEscape(absl::StrCat("Not rendered: ", render_failure)),
          "; the Graphviz source follows (render it with <code>dot -Tsvg</code>).</p>\n", "<pre>",
          HtmlEscape(dot), "</pre>\n");
    }
    out += "</section>\n";
  }
  out += "</body>\n</html>\n";
  return out;
}

}  // namespace graph_lower
