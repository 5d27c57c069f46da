// Functionalization: in-place ops and writes through views rewritten into functional core ATen.
#ifndef GRAPH_LOWER_PASSES_FUNCTIONALIZE_H_
#define GRAPH_LOWER_PASSES_FUNCTIONALIZE_H_

#include <torch/csrc/jit/ir/ir.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace graph_lower {

struct FunctionalizeOptions {
  // Writes to graph inputs become functional too: the new value of each written input is
  // returned after the program's own outputs (see FunctionalizeResult::mutated_inputs). When
  // false, writes to inputs are left in place.
  bool return_mutated_inputs = true;
  // A graph with one output returns a tuple (output, new values...); when false the new values
  // are appended as further outputs whatever the count (a caller that functionalizes again
  // after decompositions packs once at the end).
  bool pack_single_output = true;
  // Which ops that write arguments other than self or out= become their `<op>_functional` twin
  // (see Functionalize); null: all. The pipeline passes the ops of the target opset: an op
  // outside it is decomposed first (rrelu_with_noise's decomposition writes no argument).
  std::function<bool(const torch::jit::Node&)> use_functional_twin;
};

struct FunctionalizeResult {
  bool changed = false;
  // Graph inputs (index, debug name) whose final value the graph now also returns, in the order
  // of the extra outputs. A graph that had one output returns a tuple (output, new values...);
  // a graph with several outputs gets them appended.
  std::vector<std::pair<size_t, std::string>> mutated_inputs;
  int64_t rewritten = 0;  // writes rewritten
};

// Runs after libtorch's RemoveTensorMutation (which handles in-place ops on fresh, unaliased
// values) and rewrites the writes it leaves, following the functionalization rule of
// torch/_subclasses/functional_tensor.py and torch/csrc/jit/passes/remove_mutation.h: a write to a
// view is a write of the whole base, so
//   - `dst.op_(args)` (an in-place overload with a functional twin aten::op of the same overload
//     name) becomes `new = op(dst, args)` (cast to dst's dtype, as in-place ops keep it), and
//     `dst.copy_(src)` becomes `new = expand(_to_copy(src, dtype of dst), size of dst)`;
//   - `new` is scattered back through the chain of views from dst to its base: slice.Tensor ->
//     slice_scatter, select.int -> select_scatter, transpose.int / t / permute -> the inverse
//     permutation, view / unsqueeze / squeeze -> reshape to the parent's size, alias -> itself;
//   - an op writing arguments other than self or out= (`_native_batch_norm_legit`'s running
//     statistics) becomes its `<name>_functional` twin and a copy_ of each new value;
//   - every later use of the base reads the new base, and every later use of a view in the chain
//     reads the view recomputed from the new base.
// A write is left as it is (and the verifier reports its op as not core) when: its base is a
// constant; its base is a graph input and return_mutated_inputs is false, or the write is inside
// an If/Loop block; it is in a different block from its base; another alias of the base made before
// the write (not in the chain) is read after it; the in-place op has no functional twin.
// Errors: Internal (a libtorch pass threw).
absl::StatusOr<FunctionalizeResult> Functionalize(std::shared_ptr<torch::jit::Graph>& graph,
                                                  const FunctionalizeOptions& options = {});

// Moves each container literal (prim::ListConstruct, TupleConstruct, DictConstruct) of `block`
// and the blocks within down to just before its first use in its own block. A literal holds
// references, so this changes nothing a run sees; but a literal made before a write to one of its
// elements (`l = [y]; y.add_(1); return l`) then comes after it, and reads the written value
// once Functionalize or RemoveTensorMutation has made the write functional, instead of keeping
// the write (ContainedBefore, ir/mutation.h). Returns whether a node moved.
bool SinkContainerLiterals(torch::jit::Block* block);

// Removes the casts Functionalize leaves once types are specialised: `aten::_to_copy(v, dtype)`
// (every other argument None or false) whose operand already has that dtype (a complete type),
// is used by the cast alone, and is made by a node whose result is a new tensor (no alias
// annotation in its schema; not a graph input or constant). The copy would only duplicate a
// value nothing else sees, and a backend would run it (a dispatch-mode backend got `_to_copy`
// after every decomposed in-place op). Returns how many were removed.
int RemoveRedundantCasts(torch::jit::Graph& graph);

// Replaces the graph's outputs by one tuple of them (prim::TupleConstruct before the return): how
// a graph that had one output returns it together with the new values of the inputs it writes.
void PackOutputsInTuple(torch::jit::Graph& graph);

// Whether `v` is written in place, directly or through a view of it: uses are followed through
// the outputs an op's schema says may alias the argument (`x.transpose(0, 1).add_(1)` and
// `x[0] = y` write `x`).
bool WrittenThroughViews(const torch::jit::Value* v);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_PASSES_FUNCTIONALIZE_H_
