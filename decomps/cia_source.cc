// Tracing CompositeImplicitAutograd kernels into decomposition graphs.
#include "decomps/cia_source.h"

#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/csrc/autograd/grad_mode.h>
#include <torch/csrc/jit/frontend/tracer.h>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "ir/errors.h"
#include "ir/example_values.h"

namespace graph_lower {
namespace {

// How one node input is fed to the kernel.
struct ArgPlan {
  enum Kind { kConstant, kTensor, kTensorList } kind = kConstant;
  c10::IValue constant;
  size_t first_traced = 0;  // index of its first tensor among the traced inputs
  size_t count = 0;         // tensors it takes (1 for kTensor)
};

}  // namespace

bool CiaSource::HasCiaKernel(const OpKey& op) {
  auto handle = c10::Dispatcher::singleton().findOp({op.name, op.overload});
  return handle && handle->hasKernelForDispatchKey(c10::DispatchKey::CompositeImplicitAutograd);
}

namespace {

// A graph output made by an allocation (empty, empty_like, ...) that no traced op writes.
const torch::jit::Value* UnwrittenAllocation(const torch::jit::Graph& graph) {
  static const auto* allocations = new absl::flat_hash_set<c10::Symbol>{
      c10::Symbol::fromQualString("aten::empty"), c10::Symbol::fromQualString("aten::empty_like"),
      c10::Symbol::fromQualString("aten::empty_strided"),
      c10::Symbol::fromQualString("aten::new_empty"),
      c10::Symbol::fromQualString("aten::new_empty_strided")};
  for (const torch::jit::Value* out : graph.outputs()) {
    if (!allocations->contains(out->node()->kind())) continue;
    // Written directly or through a view (slice(...).copy_(...) in _pad_circular).
    bool written = false;
    std::vector<const torch::jit::Value*> aliases = {out};
    for (size_t i = 0; i < aliases.size() && !written; ++i) {
      for (const torch::jit::Use& use : aliases[i]->uses()) {
        const c10::FunctionSchema* schema = use.user->maybeSchema();
        if (!schema || use.offset >= schema->arguments().size()) continue;
        const auto& alias = schema->arguments()[use.offset].alias_info();
        written = written || (alias && alias->isWrite());
        if (alias && !alias->isWrite() && use.user->outputs().size() == 1) {
          aliases.push_back(use.user->output());  // a view of it
        }
      }
    }
    if (!written) return out;
  }
  return nullptr;
}

// The inputs with other values for the tensors whose values a kernel may read (integer, bool
// or one element): integers moved by one toward or past zero (example integers are zeros, see
// ir/example_values.h), bools negated, one-element floats halved and shifted. nullopt when
// there is no such tensor.
std::optional<torch::jit::Stack> OtherValues(const torch::jit::Stack& inputs) {
  torch::jit::Stack other = inputs;
  bool any = false;
  for (c10::IValue& v : other) {
    const at::Tensor t = v.toTensor();
    const bool integral = !t.is_floating_point() && !t.is_complex();
    if (t.numel() == 0 || (!integral && t.numel() != 1)) continue;
    any = true;
    if (t.scalar_type() == at::kBool) {
      v = t.logical_not();
    } else if (integral) {
      v = at::where(t.gt(0), t - 1, t + 1);
    } else {
      v = t * 0.5 + 0.25;
    }
  }
  if (!any) return std::nullopt;
  return other;
}

}  // namespace

absl::StatusOr<DecompositionGraph> CiaSource::Decompose(const torch::jit::Node& node) {
  const OpKey op = OpKey::Of(node);
  auto handle = c10::Dispatcher::singleton().findOp({op.name, op.overload});
  if (!handle || !handle->hasKernelForDispatchKey(c10::DispatchKey::CompositeImplicitAutograd)) {
    return absl::NotFoundError(
        absl::StrCat(op.ToString(), " has no CompositeImplicitAutograd kernel"));
  }

  absl::StatusOr<std::vector<c10::IValue>> args = ExampleArguments(node);
  if (!args.ok()) return args.status();
  // Tensors (also inside Tensor[]) become the traced inputs; everything else stays a constant.
  std::vector<ArgPlan> plan(args->size());
  torch::jit::Stack traced_inputs;
  for (size_t i = 0; i < args->size(); ++i) {
    const c10::IValue& arg = (*args)[i];
    if (arg.isTensor()) {
      plan[i] = {ArgPlan::kTensor, {}, traced_inputs.size(), 1};
      traced_inputs.push_back(arg);
    } else if (arg.isTensorList()) {
      const std::vector<at::Tensor> tensors = arg.toTensorVector();
      plan[i] = {ArgPlan::kTensorList, {}, traced_inputs.size(), tensors.size()};
      for (const at::Tensor& t : tensors) traced_inputs.emplace_back(t);
    } else {
      plan[i].constant = arg;
    }
  }

  auto trace =
      [&](const torch::jit::Stack& inputs) -> absl::StatusOr<std::shared_ptr<torch::jit::Graph>> {
    std::shared_ptr<torch::jit::tracer::TracingState> state;
    try {
      at::NoGradGuard no_grad;
      auto traced_fn = [&](torch::jit::Stack traced) -> torch::jit::Stack {
        torch::jit::Stack stack;
        for (const ArgPlan& p : plan) {
          switch (p.kind) {
            case ArgPlan::kConstant:
              stack.push_back(p.constant);
              break;
            case ArgPlan::kTensor:
              stack.push_back(traced[p.first_traced]);
              break;
            case ArgPlan::kTensorList: {
              c10::List<at::Tensor> list;
              for (size_t k = 0; k < p.count; ++k)
                list.push_back(traced[p.first_traced + k].toTensor());
              stack.emplace_back(list);
              break;
            }
          }
        }
        handle->callBoxedForDispatchKey(c10::DispatchKey::CompositeImplicitAutograd, stack);
        return stack;
      };
      state = torch::jit::tracer::trace(
                  inputs, traced_fn, [](const at::Tensor&) { return std::string(); },
                  /*strict=*/false)
                  .first;
    } catch (const std::exception& e) {
      if (torch::jit::tracer::isTracing()) torch::jit::tracer::abandon();
      return absl::FailedPreconditionError(absl::StrCat(
          "tracing the CompositeImplicitAutograd kernel failed: ", ExceptionMessage(e)));
    }
    return state->graph;
  };
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> first = trace(traced_inputs);
  if (!first.ok()) return first.status();
  std::shared_ptr<torch::jit::Graph> traced = *first;
  // A kernel that reads the values of its tensor arguments (narrow.Tensor's start.item(),
  // tensor_split's indices.tolist()) bakes the example's values into the trace, and example
  // values are not the program's. Integer, bool and one-element tensors are the ones read that
  // way: the kernel is traced again with other values of the same range, and the two traces
  // must agree.
  if (std::optional<torch::jit::Stack> other = OtherValues(traced_inputs)) {
    // A kernel that rejects the other values (an index now out of range) cannot be judged
    // this way; its first trace is kept.
    absl::StatusOr<std::shared_ptr<torch::jit::Graph>> second = trace(*other);
    if (second.ok() && (*second)->toString(false) != traced->toString(false)) {
      return absl::FailedPreconditionError(
          "the CompositeImplicitAutograd kernel reads the values of its tensor arguments (its "
          "trace changes with them), so a trace would bake in the example's values");
    }
  }
  if (traced->inputs().size() != traced_inputs.size()) {
    return absl::InternalError(absl::StrCat("traced graph of ", op.ToString(), " has ",
                                            traced->inputs().size(), " inputs, expected ",
                                            traced_inputs.size()));
  }
  // Some CIA kernels fill their result through its data pointer (max_pool1d's CPU fast path in
  // aten/src/ATen/native/MaxPooling.cpp): the tracer sees only the allocation, and the trace
  // would return uninitialised memory.
  if (const torch::jit::Value* unwritten = UnwrittenAllocation(*traced)) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the CompositeImplicitAutograd kernel writes its result outside the dispatcher (",
        unwritten->node()->kind().toQualString(), " returned without a traced write)"));
  }

  // The decomposition takes the node's inputs; tensors feed the traced graph's inputs, and
  // Tensor[] inputs are unpacked into their elements.
  auto graph = std::make_shared<torch::jit::Graph>();
  std::vector<torch::jit::Value*> feed(traced_inputs.size());
  for (size_t i = 0; i < node.inputs().size(); ++i) {
    torch::jit::Value* in = graph->addInput()->setType(node.inputs()[i]->type());
    const ArgPlan& p = plan[i];
    if (p.kind == ArgPlan::kTensor) {
      feed[p.first_traced] = in;
    } else if (p.kind == ArgPlan::kTensorList) {
      torch::jit::Node* unpack = graph->insertNode(graph->createListUnpack(in, p.count));
      // The list is built by a ListConstruct, or a constant (frozen weights, e.g. nn.LSTM's
      // _flat_weights): each element's type comes from its producer or from the value itself.
      const torch::jit::Node* producer = node.inputs()[i]->node();
      const bool constructed =
          producer->kind() == c10::prim::ListConstruct && producer->inputs().size() == p.count;
      for (size_t k = 0; k < p.count; ++k) {
        unpack->output(k)->setType(
            constructed ? producer->input(k)->type()
                        : c10::TensorType::create(traced_inputs[p.first_traced + k].toTensor()));
        feed[p.first_traced + k] = unpack->output(k);
      }
    }
  }
  std::vector<torch::jit::Value*> outs = torch::jit::insertGraph(*graph, *traced, feed);
  for (torch::jit::Value* v : outs) graph->registerOutput(v);
  if (absl::Status s = CheckDecompositionFits(node, *graph, name()); !s.ok()) return s;
  return graph;
}

}  // namespace graph_lower
