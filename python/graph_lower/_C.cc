// graph_lower._C: the lowering pipeline (lowering/pipeline.h) for Python. Graphs are the
// torch._C.Graph objects of torch.jit.script/trace; example inputs are converted with libtorch's
// own toIValue against each graph input's type.
#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <torch/csrc/jit/api/compilation_unit.h>
#include <torch/csrc/jit/python/pybind_utils.h>
#include <torch/csrc/utils/pybind.h>
#include <torch/jit.h>

#include <functional>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "decomps/library/library.h"
#include "decomps/registry.h"
#include "decomps/source.h"
#include "ir/graph_io.h"
#include "ir/op_key.h"
#include "lowering/pipeline.h"
#include "opset/opset.h"
#include "opset/report.h"

namespace py = pybind11;

namespace graph_lower {
namespace {

// A decomposition source backed by a Python callable (graph_lower/decomp_table.py):
// `callback(op, inputs)` gets the overload ("aten::gelu", "aten::add.Tensor") and one value per
// node input: an uninitialised CPU tensor with the input's sizes, strides and dtype for a Tensor,
// the constant's value otherwise. It returns None (no entry: NotFound) or (graph, positions):
// a TorchScript graph whose inputs are the node inputs at `positions` (the tensors) and whose
// outputs are the node's. Inputs that are neither constants nor tensors of complete type give
// FailedPrecondition; an exception raised by the callback is a fault (Internal), with its text.
class PythonSource : public DecompositionSource {
 public:
  explicit PythonSource(py::function callback) : callback_(std::move(callback)) {}
  ~PythonSource() override {
    py::gil_scoped_acquire gil;
    callback_ = py::function();
  }
  absl::string_view name() const override { return "python"; }
  bool specialized() const override { return true; }

  absl::StatusOr<DecompositionGraph> Decompose(const torch::jit::Node& node) override {
    const std::string op = OpKey::Of(node).ToString();
    py::gil_scoped_acquire gil;
    try {
      py::list inputs;
      for (size_t i = 0; i < node.inputs().size(); ++i) {
        const torch::jit::Value* v = node.inputs()[i];
        if (std::optional<c10::IValue> constant = torch::jit::toIValue(v)) {
          inputs.append(torch::jit::toPyObject(*constant));
          continue;
        }
        auto t = v->type()->cast<c10::TensorType>();
        if (!t) {
          return absl::FailedPreconditionError(absl::StrCat(
              "input ", i, " (", v->type()->str(), ") is neither a constant nor a tensor"));
        }
        auto sizes = t->sizes().concrete_sizes();
        auto strides = t->strides().concrete_sizes();
        if (!sizes || !strides || !t->scalarType() || !t->device()) {
          return absl::FailedPreconditionError(absl::StrCat(
              "input ", i, " has no complete tensor type (shapes were not specialised)"));
        }
        inputs.append(
            at::empty_strided(*sizes, *strides, at::TensorOptions().dtype(*t->scalarType())));
      }
      py::object result = callback_(op, inputs);
      if (result.is_none()) return absl::NotFoundError("no entry in the table");
      auto [graph, positions] =
          result.cast<std::pair<std::shared_ptr<torch::jit::Graph>, std::vector<size_t>>>();
      // The node's other inputs (constants, baked into the trace) become unused inputs.
      const absl::flat_hash_set<size_t> traced(positions.begin(), positions.end());
      if (traced.size() != graph->inputs().size()) {
        return absl::InternalError(absl::StrCat("the table's graph for ", op, " takes ",
                                                graph->inputs().size(), " inputs for ",
                                                traced.size(), " tensor positions"));
      }
      for (size_t i = 0; i < node.inputs().size(); ++i) {
        if (!traced.contains(i)) graph->insertInput(i)->setType(node.inputs()[i]->type());
      }
      return graph;
    } catch (py::error_already_set& e) {
      return absl::InternalError(absl::StrCat("the table's entry for ", op, " failed: ", e.what()));
    } catch (const std::exception& e) {
      return absl::InternalError(absl::StrCat("the table's entry for ", op, " failed: ", e.what()));
    }
  }

 private:
  py::function callback_;
};

// The registry with the user's decompositions (overload, function, TorchScript source) first,
// before the library and CIA kernels, and the Python table right after them (or, with
// `python_table_last`, after the CIA kernels); each is checked now, so that one that cannot be used
// is an error (ValueError), not a silent fall back to the library.
std::unique_ptr<DecompositionRegistry> MakeRegistry(
    const std::vector<std::tuple<std::string, std::string, std::string>>& decompositions,
    const std::optional<py::function>& python_table, bool python_table_last = false) {
  std::unique_ptr<DecompositionRegistry> registry = DecompositionRegistry::CreateDefault();
  if (python_table && python_table_last) {
    registry->AddSource(std::make_unique<PythonSource>(*python_table));
  } else if (python_table) {
    registry->AddSourceAfterUser(std::make_unique<PythonSource>(*python_table));
  }
  for (const auto& [op, function, source] : decompositions) {
    // It must compile, define `function`, and take the overload's arguments. A source without a
    // final newline is accepted.
    const std::string text = source.empty() || source.back() != '\n' ? source + "\n" : source;
    try {
      std::shared_ptr<torch::jit::CompilationUnit> cu = torch::jit::compile(text);
      torch::jit::Function* fn = cu->find_function(function);
      if (!fn) throw std::runtime_error("the source defines no function '" + function + "'");
      const size_t params = fn->getSchema().arguments().size();
      absl::StatusOr<OpKey> key = OpKey::Parse(op);
      auto handle =
          key.ok() ? c10::Dispatcher::singleton().findOp({key->name, key->overload}) : std::nullopt;
      if (handle && handle->schema().arguments().size() != params) {
        throw std::runtime_error(
            function + " takes " + std::to_string(params) + " parameters; " + op + " has " +
            std::to_string(handle->schema().arguments().size()) + " schema arguments");
      }
    } catch (const std::exception& e) {
      throw py::value_error("decompositions: " + op + ": " + e.what());
    }
    if (absl::Status s = registry->RegisterTorchScript(op, function, text); !s.ok()) {
      throw py::value_error("decompositions: " + op + ": " + std::string(s.message()));
    }
  }
  return registry;
}

// The target opset: core ATen when neither `opset` nor `opset_file` is given; otherwise only
// their entries (Opset::Keep's syntax; "core_aten" adds all of core ATen; the file as the CLI's
// --opset reads it); then `keep_ops` (comma-separated) on top. Raises ValueError naming the entry.
Opset MakeOpset(const std::optional<std::vector<std::string>>& opset,
                const std::optional<std::string>& opset_file, const std::string& keep_ops) {
  Opset result = opset || opset_file ? Opset::Empty() : Opset::CoreAten();
  for (const std::string& entry : opset.value_or(std::vector<std::string>{})) {
    if (entry == "core_aten") {
      result.IncludeCoreAten();
    } else if (absl::Status s = result.Keep(entry); !s.ok()) {
      throw py::value_error("opset: " + std::string(s.message()));
    }
  }
  if (opset_file) {
    if (absl::Status s = result.LoadFile(*opset_file); !s.ok()) {
      throw py::value_error("opset: " + std::string(s.message()));
    }
  }
  if (absl::Status s = result.KeepList(keep_ops); !s.ok()) {
    throw py::value_error("keep_ops: " + std::string(s.message()));
  }
  return result;
}

// Runs the pipeline on `graph` (changed in place) with the GIL released; raises ValueError for
// bad input (InvalidArgument, FailedPrecondition) and RuntimeError for anything else a pass
// reported.
LoweringReport Run(std::shared_ptr<torch::jit::Graph>& graph, LoweringOptions& options) {
  absl::StatusOr<LoweringReport> report;
  {
    py::gil_scoped_release release;
    report = LowerToCoreAten(graph, options);
  }
  if (!report.ok()) {
    const std::string message(report.status().message());
    if (absl::IsInvalidArgument(report.status()) || absl::IsFailedPrecondition(report.status())) {
      throw py::value_error(message);
    }
    throw std::runtime_error(message);
  }
  return *std::move(report);
}

// Converts `given` (Python values) to IValues of `inputs[first..]`'s types; inputs past the
// given ones take their default value in `schema` (argument i + first), when it has one.
std::vector<c10::IValue> ConvertInputs(const py::list& given,
                                       at::ArrayRef<torch::jit::Value*> inputs, size_t first,
                                       const c10::FunctionSchema* schema) {
  const size_t wanted = inputs.size() - first;
  if (given.size() > wanted) {
    throw py::value_error("example_inputs: the graph takes " + std::to_string(wanted) +
                          " inputs, " + std::to_string(given.size()) + " were given");
  }
  std::vector<c10::IValue> values;
  for (size_t i = 0; i < wanted; ++i) {
    torch::jit::Value* input = inputs[first + i];
    if (i >= given.size()) {
      std::optional<c10::IValue> fallback;
      if (schema && first + i < schema->arguments().size()) {
        fallback = schema->arguments()[first + i].default_value();
      }
      if (!fallback) {
        throw py::value_error("example_inputs: the graph takes " + std::to_string(wanted) +
                              " inputs, " + std::to_string(given.size()) +
                              " were given and input '" + input->debugName() + "' has no default");
      }
      values.push_back(*fallback);
      continue;
    }
    try {
      values.push_back(torch::jit::toIValue(given[i], input->type()));
    } catch (const std::exception& e) {
      throw py::value_error("example_inputs[" + std::to_string(i) + "] does not fit input '" +
                            input->debugName() + "' of type " + input->type()->str() + ": " +
                            e.what());
    }
  }
  return values;
}

using Decompositions = std::vector<std::tuple<std::string, std::string, std::string>>;

// lower_graph(graph, example_inputs=None, keep_ops="", verify=False, unroll_loops=False,
//             decompositions=[(overload, function, TorchScript source), ...], opset=None,
//             opset_file=None, python_table=None, python_table_last=False,
//             inputs_at_other_sizes=[])
//   -> (lowered copy of graph, report as a JSON string)
std::pair<std::shared_ptr<torch::jit::Graph>, std::string> LowerGraph(
    const std::shared_ptr<torch::jit::Graph>& graph, const std::optional<py::list>& example_inputs,
    const std::string& keep_ops, bool verify, bool unroll_loops,
    const Decompositions& decompositions, const std::optional<std::vector<std::string>>& opset,
    const std::optional<std::string>& opset_file, const std::optional<py::function>& python_table,
    bool python_table_last, const std::vector<py::list>& inputs_at_other_sizes) {
  LoweringOptions options;
  std::unique_ptr<DecompositionRegistry> registry =
      MakeRegistry(decompositions, python_table, python_table_last);
  options.registry = registry.get();
  options.opset = MakeOpset(opset, opset_file, keep_ops);
  if (example_inputs) {
    if (example_inputs->size() != graph->inputs().size()) {
      throw py::value_error("example_inputs: the graph has " +
                            std::to_string(graph->inputs().size()) + " inputs, " +
                            std::to_string(example_inputs->size()) + " were given");
    }
    options.example_inputs = ConvertInputs(*example_inputs, graph->inputs(), 0, nullptr);
  }
  if (!inputs_at_other_sizes.empty() && !example_inputs) {
    throw py::value_error("inputs_at_other_sizes: needs example_inputs");
  }
  for (const py::list& set : inputs_at_other_sizes) {
    if (set.size() != graph->inputs().size()) {
      throw py::value_error("inputs_at_other_sizes: the graph has " +
                            std::to_string(graph->inputs().size()) + " inputs, a set has " +
                            std::to_string(set.size()));
    }
    options.example_inputs_at_other_sizes.push_back(
        ConvertInputs(set, graph->inputs(), 0, nullptr));
  }
  options.verify = verify;
  options.unroll_loops = unroll_loops;
  options.in_place = true;  // on the copy made here
  std::shared_ptr<torch::jit::Graph> copy = graph->copy();
  LoweringReport report = Run(copy, options);
  return {copy, report.ToJson().dump()};
}

// lower_module(module, example_inputs=None, ...) -> (lowered torch._C.ScriptModule, report JSON)
// The module is frozen as the CLI freezes archives (ir/graph_io.h ProgramFromModule) on a clone
// that shares its tensors; the caller's module is not changed.
std::pair<torch::jit::Module, std::string> LowerModule(
    const torch::jit::Module& module, const std::optional<py::list>& example_inputs,
    const std::string& keep_ops, bool verify, bool unroll_loops,
    const Decompositions& decompositions, const std::optional<std::vector<std::string>>& opset,
    const std::optional<std::string>& opset_file, const std::optional<py::function>& python_table,
    bool optimize_numerics) {
  const std::string name = "module " + module.type()->name()->qualifiedName();
  LoadOptions load;
  load.optimize_numerics = optimize_numerics;
  absl::StatusOr<Program> program = ProgramFromModule(module.clone(/*inplace=*/true), name, load);
  if (!program.ok()) throw py::value_error(std::string(program.status().message()));
  if (!program->module_state.empty()) {
    throw py::value_error(name + ": forward changes module state (" +
                          absl::StrJoin(program->module_state, ", ") +
                          "), which freezing cannot make constant");
  }
  const c10::FunctionSchema& schema = program->module->get_method("forward").function().getSchema();
  LoweringOptions options;
  std::unique_ptr<DecompositionRegistry> registry = MakeRegistry(decompositions, python_table);
  options.registry = registry.get();
  options.opset = MakeOpset(opset, opset_file, keep_ops);
  if (example_inputs) {
    std::vector<c10::IValue> values = {c10::IValue()};  // `self`, unused once frozen
    std::vector<c10::IValue> rest =
        ConvertInputs(*example_inputs, program->graph->inputs(), 1, &schema);
    values.insert(values.end(), rest.begin(), rest.end());
    options.example_inputs = std::move(values);
  }
  options.verify = verify;
  options.unroll_loops = unroll_loops;
  options.in_place = true;  // the frozen clone's graph, made here
  LoweringReport report = Run(program->graph, options);
  SaveOptions save;
  save.signature = &schema;
  absl::StatusOr<torch::jit::Module> lowered = BuildModule(*program->graph, name, save);
  if (!lowered.ok()) throw std::runtime_error(std::string(lowered.status().message()));
  return {*std::move(lowered), report.ToJson().dump()};
}

// The overloads of the opset `opset`/`opset_file`/`keep_ops` select (MakeOpset), as OpKey
// strings ("aten::add.Tensor", "aten::gelu" for a default overload).
std::vector<std::string> OpsetOverloads(const std::string& keep_ops,
                                        const std::optional<std::vector<std::string>>& opset,
                                        const std::optional<std::string>& opset_file) {
  const Opset selected = MakeOpset(opset, opset_file, keep_ops);
  std::vector<std::string> names;
  for (const OpKey& op : selected.overloads()) {
    names.push_back(op.ToString());
  }
  return names;
}

// The overloads graph-lower's library decomposes (decomps/library), as OpKey strings.
std::vector<std::string> LibraryOverloads() {
  std::vector<std::string> names;
  for (const TorchScriptDecomposition& d : LibraryDecompositions()) names.push_back(d.op);
  return names;
}

// Gives nodes[i] the one-level scope names[i] (graph_lower.fx's import_fx names each node by the
// FX node it came from; the pipeline passes a node's scope on to its decomposition).
void SetScopes(const std::vector<torch::jit::Node*>& nodes, const std::vector<std::string>& names) {
  if (nodes.size() != names.size()) {
    throw py::value_error(
        absl::StrCat("set_scopes: ", nodes.size(), " nodes and ", names.size(), " names"));
  }
  const auto root = c10::make_intrusive<torch::jit::Scope>();
  for (size_t i = 0; i < nodes.size(); ++i) {
    nodes[i]->setScope(root->push(c10::Symbol::scope(names[i])));
  }
}

// graph_table(graph) -> (inputs, nodes, outputs): a graph's top-level nodes in one call, for
// graph_lower.fx's export_fx (a call across the boundary per node and per value was most of an
// export of thousands of nodes). Values are numbered: the graph's inputs 0..n-1, then each node's
// outputs in order.
//   inputs: per graph input, (debug name, type): type is (sizes, strides, dtype, device) for a
//     complete TensorType, "module" for an object, else None;
//   nodes: per node, (kind, schema, inputs, outputs, scope, constant): kind "aten::add"; schema
//     the text of its operator's schema or None (no schema: control flow, prim ops);
//     inputs the numbers of its inputs; outputs per output (type as above, used); scope the
//     node's scope ("a/b") or None when blank; constant the value of a prim::Constant, else None;
//   outputs: the numbers of the graph's outputs.
// Equal strings (kinds, schemas, scopes) are one Python object.
py::tuple GraphTable(const std::shared_ptr<torch::jit::Graph>& graph) {
  absl::flat_hash_map<const torch::jit::Value*, int64_t> numbers;
  absl::flat_hash_map<c10::Symbol, py::object> kinds;
  absl::flat_hash_map<const c10::FunctionSchema*, py::object> schemas;
  absl::flat_hash_map<const torch::jit::Scope*, py::object> scopes;
  auto type_of = [](const c10::TypePtr& type) -> py::object {
    if (type->kind() == c10::TypeKind::ClassType) return py::str("module");
    const auto tensor = type->cast<c10::TensorType>();
    if (!tensor) return py::none();
    std::optional<std::vector<int64_t>> sizes = tensor->sizes().concrete_sizes();
    std::optional<std::vector<int64_t>> strides = tensor->strides().concrete_sizes();
    if (!sizes || !strides || !tensor->scalarType() || !tensor->device()) return py::none();
    return py::make_tuple(py::tuple(py::cast(*sizes)), py::tuple(py::cast(*strides)),
                          py::cast(*tensor->scalarType()), py::cast(*tensor->device()));
  };
  py::list inputs;
  for (const torch::jit::Value* in : graph->inputs()) {
    numbers.emplace(in, static_cast<int64_t>(numbers.size()));
    inputs.append(py::make_tuple(in->debugName(), type_of(in->type())));
  }
  std::function<py::list(torch::jit::Block&)> nodes_of = [&](torch::jit::Block& block) {
    py::list nodes;
    for (torch::jit::Node* node : block.nodes()) {
      py::object& kind = kinds[node->kind()];
      if (!kind) kind = py::str(node->kind().toQualString());
      py::object schema = py::none();
      if (const c10::FunctionSchema* s = node->maybeSchema()) {
        py::object& text = schemas[s];
        if (!text) text = py::str(c10::toString(*s));
        schema = text;
      }
      py::list ins;
      for (const torch::jit::Value* v : node->inputs()) ins.append(numbers.at(v));
      // Blocks (prim::If, prim::Loop) before the node's outputs: (inputs, nodes, outputs).
      py::object blocks = py::none();
      if (!node->blocks().empty()) {
        py::list list;
        for (torch::jit::Block* sub : node->blocks()) {
          py::list sub_inputs;
          for (const torch::jit::Value* in : sub->inputs()) {
            numbers.emplace(in, static_cast<int64_t>(numbers.size()));
            sub_inputs.append(numbers.at(in));
          }
          py::list sub_nodes = nodes_of(*sub);
          py::list sub_outputs;
          for (const torch::jit::Value* v : sub->outputs()) sub_outputs.append(numbers.at(v));
          list.append(py::make_tuple(sub_inputs, sub_nodes, sub_outputs));
        }
        blocks = list;
      }
      py::list outs;
      for (const torch::jit::Value* v : node->outputs()) {
        numbers.emplace(v, static_cast<int64_t>(numbers.size()));
        outs.append(py::make_tuple(type_of(v->type()), v->hasUses()));
      }
      py::object scope = py::none();
      if (node->scope() && !node->scope()->isBlank()) {
        py::object& name = scopes[node->scope().get()];
        if (!name) name = py::str(node->scope()->namesFromRoot());
        scope = name;
      }
      py::object constant = py::none();
      if (node->kind() == c10::prim::Constant) {
        if (std::optional<c10::IValue> value = torch::jit::toIValue(node->output())) {
          constant = torch::jit::toPyObject(*std::move(value));
        }
      }
      nodes.append(
          py::make_tuple(kind, schema, py::tuple(ins), py::tuple(outs), scope, constant, blocks));
    }
    return nodes;
  };
  py::list nodes = nodes_of(*graph->block());
  py::list outputs;
  for (const torch::jit::Value* v : graph->outputs()) outputs.append(numbers.at(v));
  return py::make_tuple(inputs, nodes, outputs);
}

}  // namespace
}  // namespace graph_lower

PYBIND11_MODULE(_C, m) {
  using graph_lower::Decompositions;
  m.doc() = "graph-lower's C++ lowering pipeline (lowering/pipeline.h).";
  m.def("lower_graph", &graph_lower::LowerGraph, py::arg("graph"),
        py::arg("example_inputs") = py::none(), py::arg("keep_ops") = "", py::arg("verify") = false,
        py::arg("unroll_loops") = false, py::arg("decompositions") = Decompositions{},
        py::arg("opset") = py::none(), py::arg("opset_file") = py::none(),
        py::arg("python_table") = py::none(), py::arg("python_table_last") = false,
        py::arg("inputs_at_other_sizes") = std::vector<py::list>{},
        "Lowers a copy of a torch._C.Graph to core ATen; returns (graph, report JSON).");
  m.def("opset_overloads", &graph_lower::OpsetOverloads, py::arg("keep_ops") = "",
        py::arg("opset") = py::none(), py::arg("opset_file") = py::none(),
        "The overloads of an opset (core ATen by default) as 'ns::op.overload' strings.");
  m.def("library_overloads", &graph_lower::LibraryOverloads,
        "The overloads graph-lower's decomposition library decomposes.");
  m.def("lower_module", &graph_lower::LowerModule, py::arg("module"),
        py::arg("example_inputs") = py::none(), py::arg("keep_ops") = "", py::arg("verify") = false,
        py::arg("unroll_loops") = false, py::arg("decompositions") = Decompositions{},
        py::arg("opset") = py::none(), py::arg("opset_file") = py::none(),
        py::arg("python_table") = py::none(), py::arg("optimize_numerics") = true,
        "Freezes and lowers a clone of a torch._C.ScriptModule; returns (module, report JSON).");
  m.def("graph_table", &graph_lower::GraphTable, py::arg("graph"),
        "A torch._C.Graph's inputs, top-level nodes and outputs as tuples, in one call.");
  m.def("set_scopes", &graph_lower::SetScopes, py::arg("nodes"), py::arg("names"),
        "Gives each torch._C.Node the one-level scope of the same position in names.");
}
