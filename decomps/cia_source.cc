// Tracing CompositeImplicitAutograd kernels into decomposition graphs.
#include "decomps/cia_source.h"

#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/csrc/autograd/grad_mode.h>
#include <torch/csrc/jit/frontend/tracer.h>

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
                traced_inputs, traced_fn, [](const at::Tensor&) { return std::string(); },
                /*strict=*/false)
                .first;
  } catch (const std::exception& e) {
    if (torch::jit::tracer::isTracing()) torch::jit::tracer::abandon();
    return absl::FailedPreconditionError(
        absl::StrCat("tracing the CompositeImplicitAutograd kernel failed: ", ExceptionMessage(e)));
  }
  std::shared_ptr<torch::jit::Graph> traced = state->graph;
  if (traced->inputs().size() != traced_inputs.size()) {
    return absl::InternalError(absl::StrCat("traced graph of ", op.ToString(), " has ",
                                            traced->inputs().size(), " inputs, expected ",
                                            traced_inputs.size()));
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
