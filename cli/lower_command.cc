// graph-lower INPUT: the lowering command (see lower_command.h).
#include "cli/lower_command.h"

#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "cli/console.h"
#include "cli/flags.h"
#include "ir/exported_program.h"
#include "ir/files.h"
#include "ir/status_macros.h"
#include "lowering/pipeline.h"
#include "lowering/visualize.h"
#include "opset/verify.h"

namespace graph_lower {
namespace {

// -o NAME.pt2: a torch.export archive; anything else a TorchScript archive.
bool IsExportedProgramPath(const std::string& path) {
  return absl::EndsWithIgnoreCase(path, ".pt2");
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

// Writes --dot and --html (each when given).
absl::Status WritePictures(const std::string& input, const LoweringReport& report) {
  if (const std::string path = absl::GetFlag(FLAGS_dot); !path.empty()) {
    RETURN_IF_ERROR(WriteFileAtomically(path, DecompositionsToDot(report)));
  }
  if (const std::string path = absl::GetFlag(FLAGS_html); !path.empty()) {
    HtmlReportOptions html;
    html.title = input;
    html.render_svg = [](absl::string_view dot) { return RenderDotToSvg(dot); };
    RETURN_IF_ERROR(WriteFileAtomically(path, HtmlReport(report, html)));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<int> Lower(const std::string& input, Program& program, Opset opset, double load_ms) {
  if (!program.module_state.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        input, ": forward changes module state (", absl::StrJoin(program.module_state, ", "),
        "), which freezing cannot make constant; --lift-parameters makes tensor buffers graph "
        "inputs whose new values are returned"));
  }
  const std::string output = absl::GetFlag(FLAGS_output);
  if (IsExportedProgramPath(output)) {
    if (absl::Status s = CheckExportedProgramOutput(program, output); !s.ok()) return s;
    if (!absl::GetFlag(FLAGS_dynamic_dims).empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          output,
          ": --dynamic-dims keeps sizes symbolic, which a .pt2 cannot hold yet; write a "
          "TorchScript archive (.pt)"));
    }
  }
  LoweringOptions options;
  options.opset = std::move(opset);
  // --strict is applied here rather than by LowerToCoreAten, so that the report is still written.
  const bool strict = absl::GetFlag(FLAGS_strict);
  options.strict = false;
  options.verify = absl::GetFlag(FLAGS_verify);
  options.unroll_loops = absl::GetFlag(FLAGS_unroll_loops);
  options.return_mutated_inputs = !absl::GetFlag(FLAGS_keep_input_mutation);
  ASSIGN_OR_RETURN(std::optional<std::vector<c10::IValue>> examples, ExampleInputs(program));
  options.example_inputs = std::move(examples);
  std::map<std::string, std::map<std::string, std::string>> symbolic_dims;
  ASSIGN_OR_RETURN(options.example_inputs_at_other_sizes,
                   ExampleInputsAtOtherSizes(program, options.example_inputs, &symbolic_dims));
  if (!options.example_inputs_at_other_sizes.empty()) {
    // Shape-generic decompositions loop over ranks; unrolled, their glue folds.
    options.unroll_loops = true;
  }
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
  std::vector<std::string> unfolded;  // --strict-glue: glue that should have folded
  if (absl::GetFlag(FLAGS_strict_glue)) {
    for (const GlueLeft& glue : report->glue_left) {
      if (glue.why == kGlueShouldHaveFolded) unfolded.push_back(glue.op.ToString());
    }
  }
  const bool strict_failed = (strict && !report->violations.empty()) || !unfolded.empty();
  std::vector<std::pair<std::string, double>> steps = {{"load", load_ms}};
  steps.insert(steps.end(), report->pass_ms.begin(), report->pass_ms.end());
  if (!output.empty() && !verify_failed && !strict_failed) {
    const auto save_start = std::chrono::steady_clock::now();
    std::optional<c10::FunctionSchema> signature;
    if (program.module) signature = program.module->get_method("forward").function().getSchema();
    SaveOptions save;
    save.signature = signature ? &*signature : nullptr;
    save.lifted = &program.lifted;
    if (absl::Status s =
            IsExportedProgramPath(output)
                ? SaveExportedProgram(*program.graph, program, report->mutated_inputs, output)
                : SaveArchive(*program.graph, output, save);
        !s.ok()) {
      return s;
    }
    steps.emplace_back("save", MillisecondsSince(save_start));
  }
  if (const std::string path = absl::GetFlag(FLAGS_report); !path.empty()) {
    nlohmann::json j = report->ToJson();
    j["input"] = input;
    if (!output.empty() && !verify_failed && !strict_failed) j["output"] = output;
    j["lifted_inputs"] = LiftedJson(program);
    // As graph_lower.run_decompositions' report: input -> dim -> symbol.
    j["symbolic_dims"] = symbolic_dims;
    j["load_ms"] = load_ms;
    if (absl::Status s = WriteFileAtomically(
            path, j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
        !s.ok())
      return s;
  }
  RETURN_IF_ERROR(WritePictures(input, *report));
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
  if (!unfolded.empty()) {
    std::cerr << "graph-lower: --strict-glue: " << unfolded.size()
              << (unfolded.size() == 1 ? " glue node" : " glue nodes")
              << " should have folded: " << absl::StrJoin(unfolded, ", ") << "\n";
  }
  if (strict_failed && !output.empty()) {
    std::cerr << "graph-lower: " << (unfolded.empty() ? "--strict" : "--strict-glue") << ": "
              << output << " not written\n";
  }
  if (verify_failed || strict_failed) return kExitNotLegal;
  return report->violations.empty() ? kExitLegal : kExitNotLegal;
}

}  // namespace graph_lower
