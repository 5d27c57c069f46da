// Tracing CompositeImplicitAutograd kernels into decomposition graphs.
#include "decomps/cia_source.h"

#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/csrc/autograd/grad_mode.h>
#include <torch/csrc/jit/frontend/tracer.h>
#include <torch/csrc/jit/ir/constants.h>

#include <functional>
#include <optional>
#include <unordered_map>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "ir/errors.h"
#include "ir/example_values.h"
#include "ir/status_macros.h"

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

bool CiaSource::HasCiaKernel(const OpKey& op) { return HasCompositeImplicitAutogradKernel(op); }

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

namespace {

// The example arguments split into the tensors the tracer takes as inputs and a plan that
// rebuilds the kernel's arguments from them.
struct TracePlan {
  std::vector<ArgPlan> args;
  torch::jit::Stack traced_inputs;
};

TracePlan PlanTrace(const std::vector<c10::IValue>& args) {
  // Tensors (also inside Tensor[]) become the traced inputs; everything else stays a constant.
  TracePlan out;
  out.args.resize(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    const c10::IValue& arg = args[i];
    if (arg.isTensor()) {
      out.args[i] = {ArgPlan::kTensor, {}, out.traced_inputs.size(), 1};
      out.traced_inputs.push_back(arg);
    } else if (arg.isTensorList()) {
      const std::vector<at::Tensor> tensors = arg.toTensorVector();
      out.args[i] = {ArgPlan::kTensorList, {}, out.traced_inputs.size(), tensors.size()};
      for (const at::Tensor& t : tensors) out.traced_inputs.emplace_back(t);
    } else {
      out.args[i].constant = arg;
    }
  }
  return out;
}

// Runs the op's CIA kernel on `inputs` (laid out by `plan`) under the tracer.
absl::StatusOr<std::shared_ptr<torch::jit::Graph>> TraceKernel(const c10::OperatorHandle& handle,
                                                               const std::vector<ArgPlan>& plan,
                                                               const torch::jit::Stack& inputs) {
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
      handle.callBoxedForDispatchKey(c10::DispatchKey::CompositeImplicitAutograd, stack);
      return stack;
    };
    state = torch::jit::tracer::trace(
                inputs, traced_fn, [](const at::Tensor&) { return std::string(); },
                /*strict=*/false)
                .first;
  } catch (const std::exception& e) {
    if (torch::jit::tracer::isTracing()) torch::jit::tracer::abandon();
    return absl::FailedPreconditionError(
        absl::StrCat("tracing the CompositeImplicitAutograd kernel failed: ", ExceptionMessage(e)));
  }
  return state->graph;
}

// A trace on meta tensors made into the trace on the CPU tensors they stand for: the device
// constants the tracer recorded (factory calls inside the kernel take the input's device) and
// the types say cpu. False when it cannot stand for a CPU trace: the kernel made a tensor
// constant (its values are not on a meta tensor).
bool RetargetMetaTrace(torch::jit::Graph& graph) {
  const at::Device cpu(at::kCPU);
  auto retype = [&cpu](torch::jit::Value* v) {
    if (auto t = v->type()->cast<c10::TensorType>(); t && t->device() && t->device()->is_meta()) {
      v->setType(t->withDevice(cpu));
    }
  };
  for (torch::jit::Value* v : graph.inputs()) retype(v);
  for (torch::jit::Node* node : graph.nodes()) {
    if (!node->blocks().empty()) return false;  // the tracer records none
    if (node->kind() == c10::prim::Constant && node->hasAttribute(torch::jit::attr::value)) {
      if (node->output()->type()->kind() == c10::TypeKind::TensorType) return false;
      if (node->output()->type()->kind() == c10::TypeKind::DeviceObjType) {
        if (node->s(torch::jit::attr::value) == "meta") node->s_(torch::jit::attr::value, "cpu");
        continue;
      }
    }
    for (torch::jit::Value* v : node->outputs()) retype(v);
  }
  return true;
}

// Whether the trace's outputs have the layouts the node's outputs have where both are known: a
// kernel that branches on the device (scaled_dot_product_attention picks the CPU's fused kernel,
// whose output is laid out otherwise, only for CPU tensors) takes another path on meta tensors.
bool SameOutputLayouts(const torch::jit::Node& node, const torch::jit::Graph& trace) {
  if (trace.outputs().size() != node.outputs().size()) return false;
  for (size_t i = 0; i < node.outputs().size(); ++i) {
    auto expected = node.outputs()[i]->type()->cast<c10::TensorType>();
    auto traced = trace.outputs()[i]->type()->cast<c10::TensorType>();
    if (!expected || !traced || !expected->isComplete()) continue;
    if (!SameTensorLayout(*traced, *expected)) return false;
  }
  return true;
}

// The input of `node` that is a bool computed at run time (not a constant), when there is exactly
// one: SDPA's is_causal passed on from nn.TransformerDecoder's memory_is_causal argument.
std::optional<size_t> RuntimeBoolInput(const torch::jit::Node& node) {
  std::optional<size_t> found;
  for (size_t i = 0; i < node.inputs().size(); ++i) {
    const torch::jit::Value* v = node.inputs()[i];
    if (v->type()->kind() != c10::TypeKind::BoolType || torch::jit::toIValue(v)) continue;
    if (found) return std::nullopt;
    found = i;
  }
  return found;
}

}  // namespace

absl::StatusOr<DecompositionGraph> CiaSource::Decompose(const torch::jit::Node& node) {
  const std::optional<size_t> flag = RuntimeBoolInput(node);
  if (!flag) return DecomposeTraced(node);
  // A kernel is traced for constant arguments. For the one bool known only at run time, it is
  // traced once for each value, and the decomposition picks the trace by the bool:
  //   prim::If(flag) { trace with true } else { trace with false }.
  auto graph = std::make_shared<torch::jit::Graph>();
  std::vector<torch::jit::Value*> inputs;
  for (const torch::jit::Value* in : node.inputs()) {
    inputs.push_back(graph->addInput()->setType(in->type()));
  }
  torch::jit::Node* branch = graph->insertNode(graph->create(c10::prim::If, node.outputs().size()));
  branch->addInput(inputs[*flag]);
  for (const bool value : {true, false}) {
    // The node again, in a graph of its own, with the bool made the constant `value`. Its
    // constant inputs and the lists built for it come along (ExampleArguments reads a Tensor[]
    // from its ListConstruct); any other input becomes an input of the same type.
    torch::jit::Graph scratch;
    std::unordered_map<torch::jit::Value*, torch::jit::Value*> feed;
    feed[const_cast<torch::jit::Value*>(node.inputs()[*flag])] = scratch.insertConstant(value);
    std::function<torch::jit::Value*(torch::jit::Value*)> bring =
        [&](torch::jit::Value* v) -> torch::jit::Value* {
      if (auto it = feed.find(v); it != feed.end()) return it->second;
      torch::jit::Node* producer = v->node();
      torch::jit::Value* out =
          producer->kind() == c10::prim::Constant || producer->kind() == c10::prim::ListConstruct
              ? scratch.insertNode(scratch.createClone(producer, bring))->output()
              : scratch.addInput()->setType(v->type());
      feed[v] = out;
      return out;
    };
    torch::jit::Node* copy =
        scratch.insertNode(scratch.createClone(const_cast<torch::jit::Node*>(&node), bring));
    absl::StatusOr<DecompositionGraph> version = DecomposeTraced(*copy);
    if (!version.ok()) {
      return absl::Status(
          version.status().code(),
          absl::StrCat("with input ", *flag, " (%", node.inputs()[*flag]->debugName(), ": bool) ",
                       value ? "true" : "false", ": ", version.status().message()));
    }
    torch::jit::Block* block = branch->addBlock();
    torch::jit::WithInsertPoint guard(block);
    for (torch::jit::Value* out : torch::jit::insertGraph(*graph, **version, inputs)) {
      block->registerOutput(out);
    }
  }
  for (size_t k = 0; k < node.outputs().size(); ++k) {
    // The node's own type (typed by the example run) when both traces give its sizes and dtype
    // (strides may differ); when the bool changes a shape (a keepdim), what the two have in
    // common.
    const c10::TypePtr& expected = node.outputs()[k]->type();
    const c10::TypePtr& when_true = branch->blocks()[0]->outputs()[k]->type();
    const c10::TypePtr& when_false = branch->blocks()[1]->outputs()[k]->type();
    auto same_shape = [&](const c10::TypePtr& t) {
      auto a = t->cast<c10::TensorType>();
      auto b = expected->cast<c10::TensorType>();
      if (!a || !b) return *t == *expected;
      return a->sizes() == b->sizes() && a->scalarType() == b->scalarType();
    };
    c10::TypePtr type = expected;
    if (!same_shape(when_true) || !same_shape(when_false)) {
      type = c10::unifyTypes(when_true, when_false).value_or(expected);
    }
    branch->output(k)->setType(type);
    graph->registerOutput(branch->output(k));
  }
  RETURN_IF_ERROR(CheckDecompositionFits(node, *graph, name()));
  return graph;
}

absl::StatusOr<DecompositionGraph> CiaSource::DecomposeTraced(const torch::jit::Node& node) {
  const OpKey op = OpKey::Of(node);
  auto handle = c10::Dispatcher::singleton().findOp({op.name, op.overload});
  if (!HasCompositeImplicitAutogradKernel(op)) {
    return absl::NotFoundError(
        absl::StrCat(op.ToString(), " has no CompositeImplicitAutograd kernel"));
  }

  // First on meta tensors: the kernel's ops then compute shapes only (a convolution network's
  // kernels ran for most of a second on example values). A kernel that reads values throws
  // there (aten::item on a meta tensor), and one that makes a tensor constant cannot be
  // retargeted: both are traced on example values instead.
  std::shared_ptr<torch::jit::Graph> traced;
  TracePlan plan;
  if (absl::StatusOr<std::vector<c10::IValue>> meta_args = ExampleArguments(node, /*on_meta=*/true);
      meta_args.ok()) {
    plan = PlanTrace(*meta_args);
    absl::StatusOr<std::shared_ptr<torch::jit::Graph>> meta =
        TraceKernel(*handle, plan.args, plan.traced_inputs);
    if (meta.ok() && RetargetMetaTrace(**meta) && SameOutputLayouts(node, **meta)) traced = *meta;
  }
  if (!traced) {
    ASSIGN_OR_RETURN(std::vector<c10::IValue> args, ExampleArguments(node));
    if (CrashesLibtorch(node, args)) {
      return absl::FailedPreconditionError(
          "its CPU kernel is known to crash on these inputs (an empty tensor)");
    }
    plan = PlanTrace(args);
    ASSIGN_OR_RETURN(std::shared_ptr<torch::jit::Graph> first,
                     TraceKernel(*handle, plan.args, plan.traced_inputs));
    traced = first;
    // A kernel that reads the values of its tensor arguments (narrow.Tensor's start.item(),
    // tensor_split's indices.tolist()) bakes the example's values into the trace, and example
    // values are not the program's. Integer, bool and one-element tensors are the ones read
    // that way: the kernel is traced again with other values of the same range, and the two
    // traces must agree.
    if (std::optional<torch::jit::Stack> other = OtherValues(plan.traced_inputs)) {
      // A kernel that rejects the other values (an index now out of range) cannot be judged
      // this way; its first trace is kept.
      absl::StatusOr<std::shared_ptr<torch::jit::Graph>> second =
          TraceKernel(*handle, plan.args, *other);
      if (second.ok() && (*second)->toString(false) != traced->toString(false)) {
        return absl::FailedPreconditionError(
            "the CompositeImplicitAutograd kernel reads the values of its tensor arguments (its "
            "trace changes with them), so a trace would bake in the example's values");
      }
    }
  }
  const std::vector<ArgPlan>& plan_args = plan.args;
  const torch::jit::Stack& traced_inputs = plan.traced_inputs;
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
    const ArgPlan& p = plan_args[i];
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
                        : TensorTypeOf(traced_inputs[p.first_traced + k].toTensor()));
        feed[p.first_traced + k] = unpack->output(k);
      }
    }
  }
  std::vector<torch::jit::Value*> outs = torch::jit::insertGraph(*graph, *traced, feed);
  for (torch::jit::Value* v : outs) graph->registerOutput(v);
  RETURN_IF_ERROR(CheckDecompositionFits(node, *graph, name()));
  return graph;
}

}  // namespace graph_lower
