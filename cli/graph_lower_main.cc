// graph-lower: the command-line front end: lowers a TorchScript program to core ATen, or checks it.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "ir/errors.h"
#include "ir/example_values.h"
#include "ir/files.h"
#include "ir/graph_io.h"
#include "lowering/pipeline.h"
#include "lowering/visualize.h"
#include "opset/opset.h"
#include "opset/report.h"
#include "opset/verify.h"

ABSL_FLAG(bool, check, false,
          "Verify INPUT against the opset: print a table of ops by count with their class and exit "
          "0 when every tensor op is in the opset, 1 when some are not.");
ABSL_FLAG(std::string, report, "", "Also write the result as JSON to this file.");
ABSL_FLAG(std::string, keep_ops, "",
          "Comma-separated overloads the backend keeps besides core ATen, e.g. "
          "aten::scaled_dot_product_attention,aten::linear (ns::op.* for every overload).");
ABSL_FLAG(std::string, output, "", "Write the lowered program here (TorchScript archive; -o).");
ABSL_FLAG(std::string, example_inputs, "",
          "Example inputs: a spec like '1x3x224x224:float32;2x5:int64' (seeded random tensors) or "
          "a torch.save file of a list of tensors. Enables shape specialisation and CIA "
          "decompositions.");
ABSL_FLAG(bool, strict, false,
          "Fail (exit 1, no output archive; the --report is still written) when a non-core op "
          "is left.");
ABSL_FLAG(bool, verify, false,
          "Run original and lowered graphs on the example inputs in the JIT interpreter and "
          "compare every output (exit 1 on mismatch).");
ABSL_FLAG(bool, unroll_loops, false,
          "Unroll loops whose trip count is a constant (after shape specialisation).");
ABSL_FLAG(bool, keep_input_mutation, false,
          "Leave writes to forward's inputs in place (not core ATen) instead of returning the "
          "inputs' new values after the outputs.");
ABSL_FLAG(bool, lift_parameters, false,
          "Make the module's parameters and buffers graph inputs (after forward's arguments) "
          "instead of freezing them into constants; the saved archive holds them as attributes "
          "and its forward keeps the original signature.");
ABSL_FLAG(bool, optimize_numerics, true,
          "As torch.jit.freeze(optimize_numerics=True): fold a batch norm after a conv2d or "
          "conv3d into its frozen weights; the folded weights round differently (float32: ~1e-6 "
          "relative). --nooptimize-numerics keeps the ops as they are.");
ABSL_FLAG(bool, print_ir, false, "Print the lowered graph's text IR to stdout.");
ABSL_FLAG(bool, timing, false,
          "Print the wall time of each step (load, each lowering pass summed over rounds, save) "
          "and of each decomposition source (its lookups, builds and traces plus inlining its "
          "graphs) to stderr; the report's pass_ms and source_ms hold the same figures. With "
          "--check: load and census.");
ABSL_FLAG(std::string, dump_dir, "",
          "Write the graph's text IR after each lowering step to this directory (created if "
          "needed), numbered in order: 00-input.ir, 01-prepare.ir, 02-r1-specialize.ir, "
          "03-r1-decompose.ir, ..., NN-final.ir, to diff them. Dumps of an earlier run there "
          "(files named so) are removed first.");
ABSL_FLAG(bool, stats, false,
          "Print to stderr a table of the decomposed overloads (rewrites, source, nodes "
          "inserted) with memo hits and entries, cycles and rounds; the report's rewrites_by_op "
          "holds the same.");
ABSL_FLAG(bool, progress, false,
          "Show a status line on stderr (round, nodes done of the graph, worklist left, "
          "rewrites), rewritten every 0.5 s once lowering has run for a second. The default is "
          "on when stderr is a terminal; --noprogress turns it off.");
ABSL_FLAG(std::string, dot, "",
          "Write a Graphviz dot file of what changed: one cluster per decomposed overload with "
          "the subgraph its first node became.");
ABSL_FLAG(std::string, html, "",
          "Write a self-contained HTML report: the op histogram before and after, the decomposed "
          "overloads with their sources, and the subgraph each became as SVG (drawn by Graphviz's "
          "`dot` when installed, else its dot source).");
ABSL_FLAG(std::string, opset, "",
          "A file with the backend's opset, one overload per line ('include core_aten' adds core "
          "ATen); replaces the default core ATen opset.");

namespace graph_lower {
namespace {

constexpr int kExitLegal = 0;
constexpr int kExitNotLegal = 1;
constexpr int kExitBadInput = 2;

constexpr char kUsage[] = R"(lowers TorchScript programs to core ATen.

Usage:
  graph-lower INPUT [-o OUTPUT.pt] [--example-inputs SPEC|FILE.pt] [--verify] [--strict]
              [--report FILE.json] [--print-ir] [--keep-ops OPS] [--opset FILE]
              [--unroll-loops] [--keep-input-mutation] [--lift-parameters]
              [--nooptimize-numerics] [--timing]
              [--stats] [--dump-dir DIR] [--dot FILE.dot] [--html FILE.html] [--progress]
  graph-lower INPUT --check [--report FILE.json] [--keep-ops OPS] [--opset FILE] [--timing]

INPUT is a TorchScript archive (torch.jit.save) or a text IR file. The archive's module is frozen
(parameters become constants; --lift-parameters makes them graph inputs instead) and its forward
graph is lowered (or, with --check, only checked).
Seeing what lowering did: --timing (time per step and per decomposition source), --stats
(rewrites per overload), --dump-dir DIR (text IR after every step), --dot and --html (what each
decomposed overload became), --progress (a status line on long runs).
Exit codes: 0 legal (and verified), 1 some tensor ops outside the opset (or a verification
mismatch), 2 bad input or usage.)";

// Abseil flag names cannot hold '-'; accept the dashed spellings (--keep-ops) too.
std::vector<std::string> NormalizeArgs(int argc, char** argv) {
  std::vector<std::string> args;
  for (int i = 0; i < argc; ++i) {
    std::string a = argv[i];
    if (i > 0 && a == "-o") a = "--output";
    if (i > 0 && absl::StartsWith(a, "-o=")) a = "--output=" + a.substr(3);
    if (i > 0 && absl::StartsWith(a, "--") && a.size() > 2) {
      const size_t eq = a.find('=');
      std::string name = a.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
      a = absl::StrCat("--", absl::StrReplaceAll(name, {{"-", "_"}}),
                       eq == std::string::npos ? "" : a.substr(eq));
    }
    args.push_back(std::move(a));
  }
  return args;
}

absl::StatusOr<Opset> BuildOpset() {
  Opset opset = Opset::CoreAten();
  if (const std::string file = absl::GetFlag(FLAGS_opset); !file.empty()) {
    opset = Opset::Empty();
    if (absl::Status s = opset.LoadFile(file); !s.ok()) return s;
  }
  if (absl::Status s = opset.KeepList(absl::GetFlag(FLAGS_keep_ops)); !s.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("--keep-ops: ", s.message()));
  }
  return opset;
}

// Example inputs for the program's graph from --example-inputs (ir/graph_io.h).
absl::StatusOr<std::optional<std::vector<c10::IValue>>> ExampleInputs(const Program& program) {
  const std::string spec = absl::GetFlag(FLAGS_example_inputs);
  if (spec.empty()) return std::nullopt;
  absl::StatusOr<std::vector<c10::IValue>> all = ProgramExampleInputs(program, spec);
  if (!all.ok()) return all.status();
  return *std::move(all);
}

// [{name, attribute, kind, shape, dtype}] for each lifted tensor, in graph input order.
nlohmann::json LiftedJson(const Program& program) {
  nlohmann::json list = nlohmann::json::array();
  for (const LiftedTensor& t : program.lifted) {
    list.push_back({{"name", t.name},
                    {"attribute", t.attribute},
                    {"kind", t.is_parameter ? "parameter" : "buffer"},
                    {"shape", t.value.sizes().vec()},
                    {"dtype", std::string(c10::toString(t.value.scalar_type()))}});
  }
  return list;
}

double MillisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

// "load 812 ms, census 3 ms, ..., save 95 ms": each step's wall time.
std::string TimingLine(const std::vector<std::pair<std::string, double>>& steps) {
  std::vector<std::string> parts;
  double total = 0;
  for (const auto& [step, ms] : steps) {
    parts.push_back(absl::StrFormat("%s %.1f ms", step, ms));
    total += ms;
  }
  return absl::StrFormat("timing: %s (total %.1f ms)\n", absl::StrJoin(parts, ", "), total);
}

// "timing by source: cia 41.2 ms, library 12.0 ms, user 0.0 ms (inside decompose 70.3 ms)".
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

// The --stats table: one row per decomposed overload, most rewrites first, then the totals.
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
bool progress_given = false;

bool ProgressWanted() {
  if (progress_given) return absl::GetFlag(FLAGS_progress);
  return isatty(STDERR_FILENO) == 1;
}

// The interval of progress lines: 500 ms, or GRAPH_LOWER_PROGRESS_INTERVAL_MS (tests use 0).
double ProgressIntervalMs() {
  double ms = 500;
  if (const char* env = std::getenv("GRAPH_LOWER_PROGRESS_INTERVAL_MS")) {
    if (!absl::SimpleAtod(env, &ms) || ms < 0) ms = 500;
  }
  return ms;
}

// Whether a file can be created in `dir` (ir/files.h CheckCanCreateFileIn). Used for
// --dump-dir and before any output is written.
absl::Status CheckCanWriteIn(const std::filesystem::path& dir) {
  return CheckCanCreateFileIn(dir.string());
}

// Whether `a` and `b` name the same file: the same file when both exist, else the same
// normalised absolute path (outputs may not exist yet). False when either cannot be resolved.
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

// Whether `filename` is named as --dump-dir names its files (NN-<step>.ir).
bool IsDumpName(const std::string& filename) {
  static const std::regex* kDumpName = new std::regex(
      "[0-9]{2,}-(input|prepare|final|r[0-9]+-(specialize|decompose|functionalize|cleanup))"
      "\\.ir");
  return std::regex_match(filename, *kDumpName);
}

// --dump-dir: creates the directory, checks that a file can be written there, and removes the
// dumps of an earlier run (files named as this one names them, NN-<step>.ir; nothing else), so
// that consecutive files are consecutive steps of this run. A file the run reads (`read`: the
// input, a dump lowered again; the --example-inputs or --opset file) that is one of those dumps is
// refused rather than removed or overwritten.
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

// Writes --dot and --html (each when given).
absl::Status WritePictures(const std::string& input, const LoweringReport& report) {
  if (const std::string path = absl::GetFlag(FLAGS_dot); !path.empty()) {
    if (absl::Status s = WriteFileAtomically(path, DecompositionsToDot(report)); !s.ok()) return s;
  }
  if (const std::string path = absl::GetFlag(FLAGS_html); !path.empty()) {
    HtmlReportOptions html;
    html.title = input;
    html.render_svg = [](absl::string_view dot) { return RenderDotToSvg(dot); };
    if (absl::Status s = WriteFileAtomically(path, HtmlReport(report, html)); !s.ok()) return s;
  }
  return absl::OkStatus();
}

absl::StatusOr<int> Lower(const std::string& input, Program& program, Opset opset, double load_ms) {
  if (!program.module_state.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        input, ": forward changes module state (", absl::StrJoin(program.module_state, ", "),
        "), which freezing cannot make constant; --lift-parameters makes tensor buffers graph "
        "inputs whose new values are returned"));
  }
  const std::string output = absl::GetFlag(FLAGS_output);
  LoweringOptions options;
  options.opset = std::move(opset);
  // --strict is applied here rather than by LowerToCoreAten, so that the report is still written.
  const bool strict = absl::GetFlag(FLAGS_strict);
  options.strict = false;
  options.verify = absl::GetFlag(FLAGS_verify);
  options.unroll_loops = absl::GetFlag(FLAGS_unroll_loops);
  options.return_mutated_inputs = !absl::GetFlag(FLAGS_keep_input_mutation);
  absl::StatusOr<std::optional<std::vector<c10::IValue>>> examples = ExampleInputs(program);
  if (!examples.ok()) return examples.status();
  options.example_inputs = *std::move(examples);
  if (options.verify && !options.example_inputs) {
    return absl::InvalidArgumentError("--verify needs --example-inputs");
  }
  // --dump-dir: every step's graph, numbered in order (the directory was made by RealMain).
  int dump_index = 0;
  absl::Status dump_status;
  if (const std::string dir = absl::GetFlag(FLAGS_dump_dir); !dir.empty()) {
    options.after_pass = [&, dir](absl::string_view pass, const torch::jit::Graph& graph) {
      if (!dump_status.ok()) return;
      const std::string path =
          (std::filesystem::path(dir) / absl::StrFormat("%02d-%s.ir", dump_index++, pass)).string();
      if (absl::Status s = WriteFileAtomically(path, GraphToText(graph)); !s.ok()) {
        dump_status = absl::InvalidArgumentError(absl::StrCat("--dump-dir: ", s.message()));
      }
    };
  }
  std::optional<ProgressLine> progress;
  if (ProgressWanted()) {
    options.progress_interval_ms = ProgressIntervalMs();
    progress.emplace(options.progress_interval_ms);
    options.progress = [&progress](const LoweringProgress& p) { progress->Show(p); };
  }
  // The program is the CLI's own and is not used when lowering fails: no copy of it.
  options.in_place = true;
  absl::StatusOr<LoweringReport> report = LowerToCoreAten(program.graph, options);
  if (progress) progress->Clear();
  if (!dump_status.ok()) return dump_status;
  if (!report.ok()) {
    if (report.status().code() == absl::StatusCode::kFailedPrecondition) {
      std::cerr << "graph-lower: " << input << ": " << report.status().message() << "\n";
      return kExitNotLegal;
    }
    return absl::Status(report.status().code(),
                        absl::StrCat(input, ": ", report.status().message()));
  }
  const bool verify_failed = options.verify && !report->verified;
  const bool strict_failed = strict && !report->violations.empty();
  std::vector<std::pair<std::string, double>> steps = {{"load", load_ms}};
  steps.insert(steps.end(), report->pass_ms.begin(), report->pass_ms.end());
  if (!output.empty() && !verify_failed && !strict_failed) {
    const auto save_start = std::chrono::steady_clock::now();
    std::optional<c10::FunctionSchema> signature;
    if (program.module) signature = program.module->get_method("forward").function().getSchema();
    SaveOptions save;
    save.signature = signature ? &*signature : nullptr;
    save.lifted = &program.lifted;
    if (absl::Status s = SaveArchive(*program.graph, output, save); !s.ok()) {
      return s;
    }
    steps.emplace_back("save", MillisecondsSince(save_start));
  }
  if (const std::string path = absl::GetFlag(FLAGS_report); !path.empty()) {
    nlohmann::json j = report->ToJson();
    j["input"] = input;
    if (!output.empty() && !verify_failed && !strict_failed) j["output"] = output;
    j["lifted_inputs"] = LiftedJson(program);
    j["load_ms"] = load_ms;
    if (absl::Status s = WriteFileAtomically(
            path, j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
        !s.ok())
      return s;
  }
  if (absl::Status s = WritePictures(input, *report); !s.ok()) return s;
  std::cerr << "graph-lower: " << input << ": " << report->Summary();
  if (absl::GetFlag(FLAGS_timing)) std::cerr << TimingLine(steps) << SourceTimingLine(*report);
  if (absl::GetFlag(FLAGS_stats)) std::cerr << StatsTable(*report);
  if (options.example_inputs &&
      (!report->mutated_inputs.empty() || !report->inputs_written_in_place.empty())) {
    // Functionalization assumes inputs do not alias each other (docs/semantics.md).
    const std::vector<c10::IValue>& ex = *options.example_inputs;
    auto name = [&](size_t i) {
      const std::string n = i < program.graph->inputs().size()
                                ? program.graph->inputs()[i]->debugName()
                                : absl::StrCat(i);
      return n.substr(0, n.find('.'));
    };
    for (size_t i = 0; i < ex.size(); ++i) {
      for (size_t j = i + 1; j < ex.size(); ++j) {
        if (ex[i].isTensor() && ex[j].isTensor() && ex[i].toTensor().defined() &&
            ex[j].toTensor().defined() &&
            ex[i].toTensor().storage().is_alias_of(ex[j].toTensor().storage())) {
          std::cerr << "warning: example inputs " << name(i) << " and " << name(j)
                    << " share storage, but the lowered program assumes its inputs do not alias "
                       "(it writes an input)\n";
        }
      }
    }
  }
  if (!program.lifted.empty()) {
    std::cerr << "lifted to graph inputs: " << program.lifted.size()
              << (program.lifted.size() == 1 ? " tensor" : " tensors")
              << " (parameters and buffers; see the report's lifted_inputs)\n";
  }
  if (absl::GetFlag(FLAGS_print_ir)) std::cout << GraphToText(*program.graph);
  if (strict_failed && !output.empty()) {
    std::cerr << "graph-lower: --strict: " << output << " not written\n";
  }
  if (verify_failed) return kExitNotLegal;
  return report->violations.empty() ? kExitLegal : kExitNotLegal;
}

absl::StatusOr<int> RealMain(const std::vector<std::string>& inputs) {
  if (inputs.size() != 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("expected exactly one INPUT, got ", inputs.size(), "; see --help"));
  }
  const bool check = absl::GetFlag(FLAGS_check);
  if (check) {
    // Each would be ignored by --check (found by the try-to-break-it pass: --verify and
    // --example-inputs were taken without a word, and nothing was verified).
    std::vector<std::string> lowering_only;
    if (!absl::GetFlag(FLAGS_output).empty()) lowering_only.push_back("-o");
    if (!absl::GetFlag(FLAGS_example_inputs).empty()) lowering_only.push_back("--example-inputs");
    if (absl::GetFlag(FLAGS_verify)) lowering_only.push_back("--verify");
    if (absl::GetFlag(FLAGS_strict)) lowering_only.push_back("--strict");
    if (absl::GetFlag(FLAGS_unroll_loops)) lowering_only.push_back("--unroll-loops");
    if (absl::GetFlag(FLAGS_keep_input_mutation)) lowering_only.push_back("--keep-input-mutation");
    if (!absl::GetFlag(FLAGS_optimize_numerics)) lowering_only.push_back("--nooptimize-numerics");
    if (absl::GetFlag(FLAGS_print_ir)) lowering_only.push_back("--print-ir");
    if (!absl::GetFlag(FLAGS_dump_dir).empty()) lowering_only.push_back("--dump-dir");
    if (absl::GetFlag(FLAGS_stats)) lowering_only.push_back("--stats");
    if (!absl::GetFlag(FLAGS_dot).empty()) lowering_only.push_back("--dot");
    if (!absl::GetFlag(FLAGS_html).empty()) lowering_only.push_back("--html");
    if (!lowering_only.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(absl::StrJoin(lowering_only, ", "),
                                                     ": options of a lowering, not of --check"));
    }
  }
  // Never overwrite a file this run reads, and never write two outputs to one file.
  const std::string report_path = absl::GetFlag(FLAGS_report);
  const std::string output_path = absl::GetFlag(FLAGS_output);
  const std::vector<std::pair<std::string, std::string>> outputs = {
      {"--report", report_path},
      {"-o", output_path},
      {"--dot", absl::GetFlag(FLAGS_dot)},
      {"--html", absl::GetFlag(FLAGS_html)}};
  std::vector<std::pair<std::string, std::string>> read = {{inputs[0], "the input file"}};
  if (const std::string f = absl::GetFlag(FLAGS_example_inputs); !f.empty()) {
    read.emplace_back(f, "the --example-inputs file");
  }
  if (const std::string f = absl::GetFlag(FLAGS_opset); !f.empty()) {
    read.emplace_back(f, "the --opset file");
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
    if (absl::Status s = CheckReplaceableOutput(out); !s.ok()) return s;
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
  absl::StatusOr<Opset> opset = BuildOpset();
  if (!opset.ok()) return opset.status();
  LoadOptions load;
  load.lift_parameters = absl::GetFlag(FLAGS_lift_parameters);
  // --check reports the program as the module has it.
  load.optimize_numerics = !check && absl::GetFlag(FLAGS_optimize_numerics);
  const auto load_start = std::chrono::steady_clock::now();
  absl::StatusOr<Program> program = LoadProgram(inputs[0], load);
  if (!program.ok()) return program.status();
  const double load_ms = MillisecondsSince(load_start);
  // After loading: bad input creates no directory, and an input named like a dump in DIR (a
  // dump being lowered again) is read before the old dumps are removed.
  if (const std::string dir = absl::GetFlag(FLAGS_dump_dir); !dir.empty()) {
    if (absl::Status s = PrepareDumpDir(dir, read); !s.ok()) return s;
  }
  if (!check) return Lower(inputs[0], *program, *std::move(opset), load_ms);

  const torch::jit::Graph& graph = *program->graph;
  const auto census_start = std::chrono::steady_clock::now();
  const OpCensus census = TakeCensus(graph, *opset);
  const std::vector<Violation> violations = VerifyOpset(graph, *opset);
  const double census_ms = MillisecondsSince(census_start);
  if (const std::string path = absl::GetFlag(FLAGS_report); !path.empty()) {
    nlohmann::json report = CheckReport(census, violations, CountNodes(graph));
    report["input"] = inputs[0];
    if (absl::Status s = WriteFileAtomically(
            path, report.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
        !s.ok())
      return s;
  }
  std::cout << CheckTable(census, violations);
  if (absl::GetFlag(FLAGS_timing)) {
    std::cerr << TimingLine({{"load", load_ms}, {"census", census_ms}});
  }
  // One line per overload on stderr; every node is in the JSON report's "violations".
  std::map<OpKey, std::pair<int, std::string>> first;  // op -> (count, first location)
  for (const Violation& v : violations) {
    auto [it, inserted] = first.try_emplace(v.op, 0, v.location);
    ++it->second.first;
  }
  for (const auto& [op, seen] : first) {
    std::cerr << "graph-lower: " << inputs[0] << ": not in the opset: " << op.ToString() << " ("
              << seen.first << (seen.first == 1 ? " node" : " nodes")
              << (seen.second.empty() ? "" : absl::StrCat("; first at ", seen.second)) << ")\n";
  }
  return violations.empty() ? kExitLegal : kExitNotLegal;
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
  std::vector<std::string> args = NormalizeArgs(argc, argv);
  for (const std::string& a : args) {
    if (a == "--") break;
    if (a == "--progress" || a == "--noprogress" || absl::StartsWith(a, "--progress=")) {
      progress_given = true;
    }
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
