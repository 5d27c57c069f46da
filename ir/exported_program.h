// Reading torch.export archives (.pt2, torch.export.save) as programs to lower.
//
// Two layouts are read, both holding a program serialized by torch/_export/serde/serialize.py in
// the JSON of torch/_export/serde/schema.py (schema major version 8):
// - torch 2.6: serialized_exported_program.json, serialized_state_dict.pt and
//   serialized_constants.pt (torch.save pickles), serialized_example_inputs.pt and version, at the
//   zip's root (torch/_export/__init__.py, save);
// - the PT2 archive of later versions (torch/export/pt2_archive/_package.py,
//   torch/csrc/export/pt2_archive_constants.h): <archive>/archive_format "pt2",
//   <archive>/models/<model>.json, raw weight and constant storages under data/weights/ and
//   data/constants/ described by model_weights_config.json and model_constants_config.json, and
//   data/sample_inputs/<model>.pt.
#ifndef GRAPH_LOWER_IR_EXPORTED_PROGRAM_H_
#define GRAPH_LOWER_IR_EXPORTED_PROGRAM_H_

#include <torch/csrc/jit/ir/ir.h>

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "ir/graph_io.h"

namespace graph_lower {

// The newest schema version of torch/_export/serde/schema.py this reader knows (torch 2.14
// writes 8.20, torch 2.6 8.2). Archives of a newer major, or of major 8 and a newer minor, are
// refused.
inline constexpr int kExportSchemaMajor = 8;
inline constexpr int kExportSchemaMinor = 20;

// Whether the zip at `path` is a torch.export archive (either layout above), judged by its
// records' names; false for anything else (a TorchScript archive, a torch.save file, no zip).
bool IsExportedProgramArchive(const std::string& path);

// Reads the exported program in the archive at `path` (its only model, or the one named "model").
//
// The graph's inputs are the program's user inputs, in the order of its graph signature, then
// its parameters, buffers and lifted tensor constants as Program::lifted (LiftedTensor::name is
// the state-dict name, e.g. "layers.0.weight"). Its outputs are the program's outputs in the
// signature's order (mutated buffers and inputs first, then user outputs, as torch.export orders
// them). Each node calls the ATen overload the archive names (a Tensor argument given a number
// takes the overload with a Scalar there, add.Tensor -> add.Scalar, as eager wraps the number).
// Program::sample_inputs holds the archive's example inputs when it has them and they match the
// user inputs; otherwise values made from each user input's recorded shape and dtype (normal
// samples for floating point, zeros otherwise, from a fixed seed).
//
// Errors (InvalidArgument, one line naming `path` and the problem): not a zip, damaged or
// truncated; no exported program in it; JSON that does not parse, or a missing or ill-typed field
// (named by its JSON path); a schema version newer than kExportSchemaMajor.kExportSchemaMinor
// (both named); an operator libtorch does not know, or an overload it does not have; a
// higher-order op (torch.ops.higher_order.*), a custom object or a symbolic size (dynamic shapes;
// the message says how to export with static ones); weights missing, or whose size, dtype or
// storage disagrees with the program's metadata.
absl::StatusOr<Program> LoadExportedProgram(const std::string& path);

// A tensor of an archive's state dict or constants.
struct ExportedTensor {
  std::string name;  // "layers.0.weight"
  at::Tensor value;
  bool is_parameter = false;  // a torch.nn.Parameter in the archive
};

// What LoadExportedProgram keeps of the archive (Program::exported).
struct ExportedProgramSource {
  nlohmann::json program;  // schema.py's ExportedProgram, as read
  // Per input of the program's graph, the index of its entry in the signature's input_specs.
  std::vector<size_t> input_specs;
  std::optional<c10::IValue> example_inputs;  // (args, kwargs), when the archive holds them
  // The archive's state dict (parameters and persistent buffers, those the graph does not use
  // and tied names of one tensor included) and constants (tensor constants, non-persistent
  // buffers), in its order.
  std::vector<ExportedTensor> state_dict, constants;
};

// OK when `program` was read from a torch.export archive, so that a .pt2 can be written for it;
// otherwise InvalidArgument naming `path` (the .pt2 asked for) and the program's source.
absl::Status CheckExportedProgramOutput(const Program& program, const std::string& path);

// Writes `graph`, the lowering of `program` (read by LoadExportedProgram; its graph's inputs
// unchanged), as a torch.export archive at `path`, in the layout the running libtorch's
// torch.export.save writes: torch 2.6's (files at the zip's root, weights as torch.save pickles,
// parameters as torch.nn.Parameter) or the PT2 archive (raw weight storages). The file is
// written whole to a temporary file and renamed into place.
//
// The program keeps the archive's signature: the same parameter, buffer, constant and user input
// names and roles, and its outputs. `mutated_inputs` (LoweringReport::mutated_inputs) are the
// graph inputs whose final values `graph` returns after its own outputs; each becomes a
// buffer_mutation (user_input_mutation, parameter_mutation) output, placed before the user
// outputs as torch.export orders them. Tensor constants in `graph` are lifted to inputs as
// torch.export lifts them (tensor_constant inputs `c_lifted_tensor_N`, named `lifted_tensor_N`,
// before the user inputs). Every value's tensor metadata (dtype, sizes, strides, storage offset)
// is measured by running `graph` once on `program.sample_inputs` and the lifted tensors. The
// verifier is ATEN when no op writes its inputs, the archive's otherwise. The rest of the
// program (module_call_graph, pytree specs, opset_version, range_constraints) is copied.
//
// Errors (InvalidArgument, naming `path` and the problem; nothing is written): `program` was not
// read from a torch.export archive; `graph` holds what an exported program cannot: control flow
// (prim::If, prim::Loop), an int or float computed at run time, an op with no schema, a dtype
// the schema has no number for; a parameter written by the program with torch 2.6 (its schema
// has no parameter_mutation); running the graph on the sample inputs fails.
absl::Status SaveExportedProgram(const torch::jit::Graph& graph, const Program& program,
                                 const std::vector<std::string>& mutated_inputs,
                                 const std::string& path);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_IR_EXPORTED_PROGRAM_H_
