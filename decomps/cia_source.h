// Decompositions derived from an op's CompositeImplicitAutograd (CIA) kernel, traced.
#ifndef GRAPH_LOWER_DECOMPS_CIA_SOURCE_H_
#define GRAPH_LOWER_DECOMPS_CIA_SOURCE_H_

#include "decomps/source.h"

namespace graph_lower {

// Runs the op's CompositeImplicitAutograd kernel (c10::OperatorHandle::callBoxedForDispatchKey)
// under libtorch's JIT tracer (torch/csrc/jit/frontend/tracer.h) on inputs built from the node's
// metadata, and returns the ops the kernel called as a graph. This is what PyTorch's own
// decomposition table does for CIA ops (torch/_decomp/__init__.py,
// _core_aten_decompositions_from_cia), done at the TorchScript level.
//
// Requirements (otherwise FailedPrecondition, with the reason):
//  - every Tensor input (also inside a Tensor[] built by prim::ListConstruct, or an
//  Optional[Tensor])
//    has a complete type: dtype, sizes and device known (shape specialisation gives that);
//  - every other input is a constant, except at most one bool: for a bool known only at run time
//    (nn.TransformerDecoder passes its memory_is_causal argument to SDPA's is_causal), the kernel
//    is traced for true and for false, and the decomposition is a prim::If on the bool choosing
//    between the two traces.
// The kernel is traced on meta tensors of the inputs' sizes, strides and dtypes when every tensor
// input is on the CPU (no values computed: a convolution's kernel is traced in microseconds, not
// the milliseconds the convolution takes); device constants and types in that trace are made the
// CPU's. A kernel that throws on meta tensors (it reads values: aten::item, or has no Meta kernel
// on its path) or makes a tensor constant is traced on synthesised inputs instead: floating point
// uniform in [0, 1), integers and bools zero, with the recorded strides; integer, bool and
// one-element inputs are then varied, and a trace that changes with them is refused. The result is
// specialised to those shapes, strides and dtypes, and to the constant arguments: the memo key of
// the driver holds all of them (NodeSignature). Ops without a CIA kernel give NotFound.
class CiaSource : public DecompositionSource {
 public:
  absl::string_view name() const override { return "cia"; }
  absl::StatusOr<DecompositionGraph> Decompose(const torch::jit::Node& node) override;
  bool specialized() const override { return true; }

  // True when the dispatcher has a CompositeImplicitAutograd kernel for `op`.
  static bool HasCiaKernel(const OpKey& op);

 private:
  // The trace for a node whose non-tensor inputs are all constants.
  absl::StatusOr<DecompositionGraph> DecomposeTraced(const torch::jit::Node& node);
};

}  // namespace graph_lower

#endif  // GRAPH_LOWER_DECOMPS_CIA_SOURCE_H_
