// Reading and writing TorchScript programs: archives (torch::jit::load/save) and text IR.
// Defined in archive_load.cc, archive_save.cc, text_ir.cc and malformed_graph.cc.
#ifndef GRAPH_LOWER_IR_GRAPH_IO_H_
#define GRAPH_LOWER_IR_GRAPH_IO_H_

#include <torch/csrc/jit/api/module.h>
#include <torch/csrc/jit/ir/ir.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace graph_lower {

struct ExportedProgramSource;  // exported_program.h

// Replaces every prim::CallFunction / prim::CallMethod of `graph` by the callee's graph as written
// (GraphFunction::graph()), nested calls included, as torch::jit::Inline does when graph executor
// optimisation is on. torch::jit::Inline inlines one level only when it is off
// (`torch.jit.optimized_execution(False)`, torch/csrc/jit/passes/inliner.cpp: it then takes each
// callee's graph(), which still calls), and it pre-optimises every callee when it is on, a third
// of the load time of a traced model with 12k submodule calls (docs/benchmarks.md). Calls it
// cannot resolve (a function value that is not a constant, a method a class does not have) stay.
void InlineCalls(torch::jit::Graph& graph);

// A module parameter or buffer lifted to a graph input (LoadOptions::lift_parameters), in the
// style of torch.export's graph signature (inputs_to_parameters / inputs_to_buffers).
struct LiftedTensor {
  std::string name;  // its path in the module, e.g. "layers.0.linear1.weight"
  // Its graph input's name and its attribute in a saved archive: `name` with '.' replaced by '_',
  // made unique with a numeric suffix ("a.b" and "a_b" give "a_b" and "a_b_1").
  std::string attribute;
  at::Tensor value;           // detached; shares storage with the module's tensor
  bool is_parameter = false;  // a registered parameter; otherwise a buffer or tensor attribute
};

struct LoadOptions {
  // false (the default): parameters, buffers and tensor attributes are frozen into the graph as
  // constants. true: each becomes a graph input after forward's own arguments (one input per
  // tensor, so a weight shared by two submodules is one input); see Program.
  bool lift_parameters = false;
  // After freezing (not with lift_parameters), as torch.jit.freeze(optimize_numerics=True) does:
  // a batch norm after a conv2d or conv3d is folded into the convolution's weights and bias
  // (torch::jit::FoldFrozenConvBatchnorm, torch/csrc/jit/passes/frozen_conv_folding.h). The
  // program then runs one op where it ran two; the folded weights round differently from the
  // two steps (float32: relative differences of about 1e-6). Nothing is folded when some batch
  // norm after a convolution may train or follows a conv1d (see archive_load.cc,
  // ScanConvBatchNorms); torch.jit.freeze's folds of adds, subs, muls and divs by constants are
  // not done (their checks miss broadcasts and promotions). false keeps the ops as they are.
  bool optimize_numerics = true;
};

// A program to lower: the `forward` graph of a TorchScript module.
//
// Archives are loaded on the CPU and put in eval mode, and method calls into submodules are
// inlined, so `graph` is self-contained. Its input 0 is the module (`self`), unused afterwards;
// inputs 1.. are forward's arguments, then (lift_parameters) the lifted tensors, in `lifted`'s
// order. By default the module is frozen with torch::jit::freeze_module
// (torch/csrc/jit/passes/freeze_module.h): parameters, buffers and attributes become graph
// constants. With lift_parameters, tensors become inputs and the other attributes (ints, floats,
// bools, strings and lists of them, e.g. `training` or a layer's eps) become constants.
// Text IR has no module: `graph` is exactly what was parsed and `module` is empty.
struct Program {
  std::shared_ptr<torch::jit::Graph> graph;
  std::optional<torch::jit::Module> module;  // the (frozen, unless lifted) module, for archives
  std::string source;                        // the path or name it came from, for messages
  std::vector<LiftedTensor> lifted;          // the last lifted.size() inputs of `graph`
  // Frozen archives whose forward changes module state (assigns an attribute, or writes a buffer
  // in place): the attributes it still reads or writes through `self`, which freezing keeps as
  // attributes. Such a program cannot be lowered frozen (LowerToCoreAten would run it on the
  // module's own state); lift its tensors instead.
  std::vector<std::string> module_state;
  // The user inputs of a program read from a torch.export archive (LoadExportedProgram): its
  // stored example inputs, or values of its recorded shapes and dtypes. Unset for other programs.
  std::optional<std::vector<c10::IValue>> sample_inputs;
  // The symbolic dims of a torch.export archive's user inputs (torch.export.Dim), as the CLI's
  // --dynamic-dims names them: "INPUT.DIM=SYMBOL,..." ("0.0=s0,1.0=s0"). Empty for static shapes
  // and other programs.
  std::string symbolic_dims;
  // A program read from a torch.export archive: what SaveExportedProgram needs of the archive to
  // write the lowered program back as one. Unset for other programs.
  std::shared_ptr<const ExportedProgramSource> exported;
};

// A graph input's parameter name from its debug name: TorchScript's SSA suffix dropped ("n.1"
// -> "n"; "x" stays "x").
std::string ParameterName(std::string name);

// Loads a TorchScript archive (a zip written by torch.jit.save / torch::jit::save).
// Errors (absl::InvalidArgumentError; the message names `path` and the problem, on one line):
// missing or unreadable file, empty file, not a zip archive, truncated or corrupt archive, an
// archive without a `forward` method, a module whose forward still reads attributes after freezing;
// with lift_parameters, a forward that assigns a module attribute or uses a submodule as a value.
absl::StatusOr<Program> LoadArchive(const std::string& path, const LoadOptions& options = {});

// The values LowerToCoreAten's example_inputs takes for `program`'s graph: the module (or None)
// for `self`, then the user's example inputs from `spec` (ParseExampleInputs: a shape/dtype spec
// or a torch.save file of a list), trailing arguments left out taking the defaults of forward's
// schema, ints converted where forward takes a float, then the values of the lifted tensors.
// Errors (InvalidArgument, prefixed "--example-inputs: "): a bad spec or file, too few or too
// many inputs (the message gives forward's signature), an input of the wrong type.
absl::StatusOr<std::vector<c10::IValue>> ProgramExampleInputs(const Program& program,
                                                              const std::string& spec);

// LoadArchive's work after torch::jit::load, for a module already in memory (the Python API's
// ScriptModules): eval mode, calls inlined, frozen or lifted as `options` say. The module is
// changed (put in eval mode, frozen in place); pass a clone (Module::clone(/*inplace=*/true)
// shares the tensors) to keep the caller's. Errors name `source` (InvalidArgument): no forward
// method, freezing or lifting failed.
absl::StatusOr<Program> ProgramFromModule(torch::jit::Module module, const std::string& source,
                                          const LoadOptions& options = {});

// Parses TorchScript text IR, as printed by Graph::toString / torch._C.Graph.__str__
// (torch/csrc/jit/ir/irparser.h), tensor constants included. Errors name `source_name` and carry
// the parser's line and column.
absl::StatusOr<std::shared_ptr<torch::jit::Graph>> ParseGraphText(const std::string& text,
                                                                  absl::string_view source_name);

// The first node, at any depth of `block`, given a constant dtype argument (a schema argument
// of type ScalarType or ScalarType?) that is an int naming no ScalarType (outside
// [0, c10::ScalarType::NumOptions) or Undefined), or nullptr. libtorch's kernels index their type
// tables with such an int and segfault (aten::softmax with dtype -1); ParseGraphText
// and LowerToCoreAten refuse such graphs.
const torch::jit::Node* FirstNodeGivenBadDtype(const torch::jit::Block& block);

// Loads `path` as an archive when it starts with the zip signature, as text IR otherwise
// (`options` apply to archives only).
absl::StatusOr<Program> LoadProgram(const std::string& path, const LoadOptions& options = {});

// The graph as text IR, without source locations. ParseGraphText(GraphToText(g)) gives an
// equivalent graph, except where the JIT's parser cannot read what its printer writes: tensor
// constants of more than one element (printed as their values), string constants holding bytes
// outside printable ASCII (printed as malformed octal escapes the parser rejects), float constants
// -inf and nan, and class types (an archive's `self`); SaveArchive keeps those.
std::string GraphToText(const torch::jit::Graph& graph);

struct SaveOptions {
  // The original forward's schema (`self` first): the saved forward keeps its parameter names
  // and default values (e.g. `mask: Optional[Tensor] = None`); ignored when its arity differs
  // from the graph's (lifted inputs not counted).
  const c10::FunctionSchema* signature = nullptr;
  // The graph's last lifted->size() inputs are these module tensors (Program::lifted): they are
  // saved as the new module's parameters and buffers, named by LiftedTensor::attribute, and
  // forward reads them from `self`, so its signature is the original one.
  const std::vector<LiftedTensor>* lifted = nullptr;
};

// Saves `graph` as the `forward` method of a new TorchScript module at `path`, loadable with
// torch.jit.load; the module has no attributes but the lifted tensors. If input 0 of `graph` is
// a module (`self`), it must be unused; if the graph has no module input one is added. A graph
// with other than one output returns them as one tuple (a method has one return value). The file
// is written to a temporary file in the same directory and renamed into place, so a failure never
// leaves a partial file at `path`.
// Errors: InvalidArgument (self still used; an unwritable path, naming it), Internal (the module
// does not serialize).
// Before writing, one call of each distinct call form (overload and printed arguments) is saved
// and read back as torch.jit.load would: if any tensor op would load as another overload (a
// printed call can match several; None arguments are pinned to their parameter's type to
// prevent it), nothing is written and an Internal error names the ops.
absl::Status SaveArchive(const torch::jit::Graph& graph, const std::string& path,
                         const SaveOptions& options = {});

// SaveArchive's module, in memory and not checked by a save and reload: `graph` as the forward
// of a new module whose tensor constants are buffers `constant_N`. Errors as SaveArchive's,
// naming `name`.
absl::StatusOr<torch::jit::Module> BuildModule(const torch::jit::Graph& graph,
                                               const std::string& name,
                                               const SaveOptions& options = {});

}  // namespace graph_lower

#endif  // GRAPH_LOWER_IR_GRAPH_IO_H_
