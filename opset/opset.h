// The target opset as data: core ATen from the running libtorch's tags, structural prim ops, and
// the ops a user's backend keeps; plus the classification of every node against it.
#ifndef GRAPH_LOWER_OPSET_OPSET_H_
#define GRAPH_LOWER_OPSET_OPSET_H_

#include <torch/csrc/jit/ir/ir.h>

#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/op_key.h"

namespace graph_lower {

// Where a node stands with respect to an opset.
enum class OpClass {
  kCore,        // a tensor op in the opset that is core ATen (tagged `core`)
  kKept,        // a tensor op in the opset that is not core ATen (kept by the user's backend)
  kStructural,  // a prim op every TorchScript graph needs (kStructuralOps)
  kGlue,        // scalar/list/string/dict computation: no Tensor result, writes no tensor
  kNonCore,     // a tensor op outside the opset: to be decomposed
};

// "core", "kept", "structural", "glue", "non-core".
absl::string_view OpClassName(OpClass c);

// The prim ops a TorchScript graph needs whatever the backend, with why. They carry no tensor
// computation of their own, so they are part of every opset.
struct StructuralOp {
  const char* name;
  const char* why;
};
const std::vector<StructuralOp>& StructuralOps();

// A set of operator overloads a backend implements.
//
// Classification of a node (Classify):
//  1. its kind is a structural prim op                 -> kStructural
//  2. its overload is in the opset and tagged `core`   -> kCore
//  3. its overload is in the opset, not tagged `core`  -> kKept (--keep-ops, an opset file)
//  4. it takes, returns and writes no Tensor (also inside lists, tuples, optionals; nodes
//     without a schema: no input or output of such a type)
//                                                    -> kGlue
//     e.g. aten::len.t, aten::__getitem__.t, aten::add.int, aten::dict, prim::Print.
//     Glue is scalar, list and string work on the host; a shape-specialised lowering folds it
//     away. It is listed apart from tensor ops in every report and does not make a graph illegal.
//     An op that reads a tensor into a scalar is not glue, whatever it returns: a backend must
//     run it. Data reads (aten::Int.Tensor, item, ScalarImplicit, equal) have the core form
//     _local_scalar_dense, and metadata queries (aten::size, stride, numel, dim, is_contiguous,
//     prim::dtype) fold where the tensor's type is known; passes/core_queries.h turns those left
//     on tensors of known rank into core sym_size.int / sym_stride.int / sym_numel. The rest
//     (a rank or dtype known only at run time) are non-core.
//  5. otherwise                                        -> kNonCore (outside the opset; reports call
//     these non_core_ops, also when a backend's opset file leaves out a core ATen op)
class Opset {
 public:
  // Core ATen as the running libtorch defines it: every registered overload whose schema carries
  // the `core` tag (at::Tag::core, from native_functions.yaml; 186 overloads in torch 2.6).
  static Opset CoreAten();

  // An empty opset: only what Keep/LoadFile add (and structural prim ops) is legal.
  static Opset Empty() { return Opset(); }

  // True when the running libtorch tags `op` as core ATen.
  static bool IsCoreAten(const OpKey& op);

  // Adds one overload to the opset: "ns::op.overload", "ns::op" or "ns::op.default" for the
  // default overload, "ns::op.*" for every overload. Errors (InvalidArgument) when the text is
  // malformed or names no registered operator or overload; the message says which.
  absl::Status Keep(absl::string_view op);

  // Adds every core ATen overload (an opset file's `include core_aten`).
  void IncludeCoreAten();

  // Keep() for each entry of a comma-separated list (the CLI's --keep-ops).
  absl::Status KeepList(absl::string_view comma_separated);

  // Adds a backend's opset file: one entry per line in Keep()'s syntax, or the line
  // `include core_aten` for all of core ATen; blank lines and text after '#' are ignored. Errors
  // name the file and line. The CLI's --opset starts from Empty() and loads the file.
  absl::Status LoadFile(const std::string& path);

  OpClass Classify(const torch::jit::Node& node) const;
  bool IsLegal(const torch::jit::Node& node) const { return Classify(node) != OpClass::kNonCore; }

  bool Contains(const OpKey& op) const { return legal_.contains(op); }
  size_t size() const { return legal_.size(); }
  // Every overload in the opset (structural prim ops are not listed), in no particular order.
  const absl::flat_hash_set<OpKey>& overloads() const { return legal_; }

 private:
  absl::flat_hash_set<OpKey> legal_;
};

// Opset::Classify for the many nodes of one pass over a graph. A node's class depends only on its
// schema when it has one whose returns are not `...` (rules 2-5 above read the overload and the
// schema's types), so the class is computed once per schema met and looked up after: Classify
// itself builds the node's OpKey (two strings) each time, which was most of the census of a
// 100k-node graph. Nodes without such a schema are classified each time. Holds pointers to
// schemas: use one for a pass and drop it (operators registered later may reuse an address).
// Not thread-safe.
class OpsetClassifier {
 public:
  explicit OpsetClassifier(const Opset& opset) : opset_(opset) {}
  OpClass Classify(const torch::jit::Node& node);
  bool IsLegal(const torch::jit::Node& node) { return Classify(node) != OpClass::kNonCore; }

 private:
  const Opset& opset_;
  absl::flat_hash_map<const c10::FunctionSchema*, OpClass> by_schema_;
};

}  // namespace graph_lower

#endif  // GRAPH_LOWER_OPSET_OPSET_H_
