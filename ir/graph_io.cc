// Archive and text-IR input/output, with one-line errors that name the file.
#include "ir/graph_io.h"

#include <torch/csrc/jit/api/compilation_unit.h>
#include <torch/csrc/jit/ir/irparser.h>
#include <torch/csrc/jit/passes/freeze_module.h>
#include <torch/csrc/jit/serialization/import.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "ir/errors.h"

namespace graph_lower {
namespace {

namespace fs = std::filesystem;

// Checks that `path` names a readable, non-empty regular file; returns its size.
absl::StatusOr<uintmax_t> CheckInputFile(const std::string& path) {
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (ec || !fs::exists(status)) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": no such file"));
  }
  if (!fs::is_regular_file(status)) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": not a regular file"));
  }
  const uintmax_t size = fs::file_size(path, ec);
  if (ec) return absl::InvalidArgumentError(absl::StrCat(path, ": cannot read: ", ec.message()));
  if (size == 0) return absl::InvalidArgumentError(absl::StrCat(path, ": empty file"));
  if (access(path.c_str(), R_OK) != 0) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": not readable"));
  }
  return size;
}

absl::StatusOr<std::string> ReadPrefix(const std::string& path, size_t n) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::InvalidArgumentError(absl::StrCat(path, ": cannot open"));
  std::string buf(n, '\0');
  in.read(buf.data(), static_cast<std::streamsize>(n));
  buf.resize(static_cast<size_t>(in.gcount()));
  return buf;
}

// The parser's message names the token but shows the place only as a multi-line source highlight
// ("...here:\n<lines>\n  ~~~~ <--- HERE"); turn that into "line N: `<source line>`".
std::string ParseErrorMessage(absl::string_view message, absl::string_view text) {
  std::vector<absl::string_view> lines = absl::StrSplit(message, '\n');
  const std::string first_line = FirstLine(message);
  absl::string_view first = first_line;
  absl::ConsumeSuffix(&first, " here:");
  for (size_t i = 1; i < lines.size(); ++i) {
    if (!absl::StrContains(lines[i], "<--- HERE")) continue;
    const absl::string_view source_line = absl::StripAsciiWhitespace(lines[i - 1]);
    int line_no = 1;
    for (absl::string_view line : absl::StrSplit(text, '\n')) {
      if (absl::StripAsciiWhitespace(line) == source_line) {
        return absl::StrCat(first, " at line ", line_no, ": `", source_line, "`");
      }
      ++line_no;
    }
  }
  return std::string(first);
}

bool IsZip(absl::string_view prefix) { return absl::StartsWith(prefix, "PK\x03\x04"); }

}  // namespace

absl::StatusOr<Program> LoadArchive(const std::string& path) {
  absl::StatusOr<uintmax_t> size = CheckInputFile(path);
  if (!size.ok()) return size.status();
  absl::StatusOr<std::string> prefix = ReadPrefix(path, 4);
  if (!prefix.ok()) return prefix.status();
  if (!IsZip(*prefix)) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": not a TorchScript archive (no zip signature)"));
  }
  Program program;
  program.source = path;
  torch::jit::Module module;
  try {
    module = torch::jit::load(path, c10::Device(c10::kCPU));
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": cannot load TorchScript archive: ", ExceptionMessage(e)));
  }
  if (!module.find_method("forward")) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": the archive's module has no forward"));
  }
  try {
    module.eval();
    torch::jit::Module frozen = torch::jit::freeze_module(module);
    program.graph = frozen.get_method("forward").graph()->copy();
    program.module = std::move(frozen);
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": cannot freeze the module: ", ExceptionMessage(e)));
  }
  return program;
}

absl::StatusOr<std::shared_ptr<torch::jit::Graph>> ParseGraphText(const std::string& text,
                                                                  absl::string_view source_name) {
  if (absl::StripAsciiWhitespace(text).empty()) {
    return absl::InvalidArgumentError(absl::StrCat(source_name, ": empty text IR"));
  }
  if (!absl::StartsWith(absl::StripLeadingAsciiWhitespace(text), "graph(")) {
    return absl::InvalidArgumentError(absl::StrCat(
        source_name, ": neither a TorchScript archive nor text IR (text IR starts with 'graph(')"));
  }
  auto graph = std::make_shared<torch::jit::Graph>();
  try {
    torch::jit::parseIR(text, graph.get(), /*parse_tensor_constants=*/true);
  } catch (const std::exception& e) {
    const auto* c10_error = dynamic_cast<const c10::Error*>(&e);
    return absl::InvalidArgumentError(absl::StrCat(
        source_name, ": invalid text IR: ",
        ParseErrorMessage(c10_error ? c10_error->what_without_backtrace() : e.what(), text)));
  }
  try {
    graph->lint();
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(
        absl::StrCat(source_name, ": invalid graph: ", ExceptionMessage(e)));
  }
  return graph;
}

absl::StatusOr<Program> LoadProgram(const std::string& path) {
  absl::StatusOr<uintmax_t> size = CheckInputFile(path);
  if (!size.ok()) return size.status();
  absl::StatusOr<std::string> prefix = ReadPrefix(path, 4);
  if (!prefix.ok()) return prefix.status();
  if (IsZip(*prefix)) return LoadArchive(path);
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  const std::string contents = text.str();
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> graph = ParseGraphText(contents, path);
  if (!graph.ok()) return graph.status();
  return Program{*std::move(graph), std::nullopt, path};
}

std::string GraphToText(const torch::jit::Graph& graph) {
  return graph.toString(/*print_source_locations=*/false);
}

absl::Status WriteFileAtomically(const std::string& path, absl::string_view contents) {
  std::error_code ec;
  const fs::file_status status = fs::symlink_status(path, ec);
  if (!ec && fs::exists(status) && !fs::is_regular_file(status)) {
    // Never replace a directory, device, FIFO or symlink by renaming over it.
    return absl::InvalidArgumentError(absl::StrCat(path, ": cannot write: not a regular file"));
  }
  const std::string tmp = absl::StrCat(path, ".tmp.", getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) {
      return absl::InvalidArgumentError(absl::StrCat(
          path, ": cannot write: ", std::error_code(errno, std::generic_category()).message()));
    }
    out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    out.flush();
    if (!out) {
      std::remove(tmp.c_str());
      return absl::InternalError(absl::StrCat(path, ": write failed"));
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string reason = std::error_code(errno, std::generic_category()).message();
    std::remove(tmp.c_str());
    return absl::InvalidArgumentError(absl::StrCat(path, ": cannot write: ", reason));
  }
  return absl::OkStatus();
}

absl::Status SaveArchive(const torch::jit::Graph& graph, const std::string& path) {
  // Graph::copy does not modify the graph but is not declared const.
  std::shared_ptr<torch::jit::Graph> g = const_cast<torch::jit::Graph&>(graph).copy();
  torch::jit::Module out(c10::QualifiedName("__torch__.graph_lower.LoweredModule"));
  if (!g->inputs().empty() && g->inputs()[0]->type()->cast<c10::ClassType>()) {
    if (g->inputs()[0]->hasUses()) {
      return absl::InvalidArgumentError(absl::StrCat(
          path, ": cannot save: the graph still reads module attributes through `self`"));
    }
    g->inputs()[0]->setType(out.type());
  } else {
    g->insertInput(0, "self")->setType(out.type());
  }
  std::ostringstream buffer;
  try {
    torch::jit::Function* fn = out._ivalue()->compilation_unit()->create_function(
        c10::QualifiedName(*out.type()->name(), "forward"), g);
    out.type()->addMethod(fn);
    out.save(buffer);
  } catch (const std::exception& e) {
    return absl::InternalError(absl::StrCat(path, ": cannot serialize: ", ExceptionMessage(e)));
  }
  return WriteFileAtomically(path, buffer.str());
}

}  // namespace graph_lower
