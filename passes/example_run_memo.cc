// The memo of runs without a Meta kernel (see example_run_memo.h).
#include "passes/example_run_memo.h"

#include "absl/base/casts.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/synchronization/mutex.h"
#include "passes/meta_shape_rules.h"

namespace graph_lower {
namespace {

absl::Mutex without_meta_kernel_mutex;
absl::flat_hash_set<const torch::jit::Operator*>& WithoutMetaKernel() {
  static auto* ops = new absl::flat_hash_set<const torch::jit::Operator*>;
  return *ops;
}

}  // namespace

bool KnownWithoutMetaKernel(const torch::jit::Operator* op) {
  absl::MutexLock lock(&without_meta_kernel_mutex);
  return WithoutMetaKernel().contains(op);
}
void RememberWithoutMetaKernel(const torch::jit::Operator* op) {
  absl::MutexLock lock(&without_meta_kernel_mutex);
  WithoutMetaKernel().insert(op);
}

bool DescribeForMemo(const c10::IValue& v, std::string& key) {
  if (v.isTensor()) {
    const at::Tensor& t = v.toTensor();
    if (!t.defined()) {
      key += "u;";
      return true;
    }
    if (!t.is_meta()) return false;
    absl::StrAppend(&key, "t", static_cast<int>(t.scalar_type()),
                    t.unsafeGetTensorImpl()->is_wrapped_number() ? "w" : "", "[",
                    absl::StrJoin(t.sizes(), ","), "][", absl::StrJoin(t.strides(), ","), "]",
                    t.storage_offset(), ";");
    return true;
  }
  if (v.isNone()) {
    key += "n;";
    return true;
  }
  if (v.isBool()) {
    absl::StrAppend(&key, "b", v.toBool() ? 1 : 0, ";");
    return true;
  }
  if (v.isInt()) {
    absl::StrAppend(&key, "i", v.toInt(), ";");
    return true;
  }
  if (v.isDouble()) {  // its bits: 0.1 and the double nearest it differ
    absl::StrAppend(&key, "d", absl::bit_cast<uint64_t>(v.toDouble()), ";");
    return true;
  }
  if (v.isString()) {
    const std::string& text = v.toStringRef();
    absl::StrAppend(&key, "s", text.size(), ":", text, ";");
    return true;
  }
  if (v.isDevice()) {
    absl::StrAppend(&key, "v", v.toDevice().str(), ";");
    return true;
  }
  if (v.isList()) {
    absl::StrAppend(&key, "l", static_cast<int>(v.toList().elementType()->kind()), "(");
    for (const c10::IValue& e : v.toListRef()) {
      if (!DescribeForMemo(e, key)) return false;
    }
    key += ");";
    return true;
  }
  return false;
}

namespace {

std::optional<MemoOutput::TensorShape> ShapeOf(const c10::IValue& v) {
  if (!v.isTensor()) return std::nullopt;
  const at::Tensor& t = v.toTensor();
  if (!t.defined()) return MemoOutput::TensorShape{at::kFloat, {}, {}, false, false};
  if (t.layout() != at::kStrided || !(t.device().is_cpu() || t.is_meta()) || t.is_quantized() ||
      t.is_nested() || t.is_mkldnn()) {
    return std::nullopt;
  }
  return MemoOutput::TensorShape{t.scalar_type(), t.sizes().vec(), t.strides().vec(),
                                 t.unsafeGetTensorImpl()->is_wrapped_number(), true};
}

at::Tensor MetaTensorOf(const MemoOutput::TensorShape& shape) {
  if (!shape.defined) return at::Tensor();
  return MetaTensor(shape.sizes, shape.strides, shape.dtype, shape.wrapped_number);
}

}  // namespace

std::optional<std::vector<MemoOutput>> MemoOutputsOf(const torch::jit::Stack& stack) {
  std::vector<MemoOutput> outs;
  for (const c10::IValue& v : stack) {
    MemoOutput out;
    if (v.isTensor()) {
      std::optional<MemoOutput::TensorShape> shape = ShapeOf(v);
      if (!shape) return std::nullopt;
      out.kind = MemoOutput::Kind::kTensor;
      out.tensors.push_back(*std::move(shape));
    } else if (v.isTensorList()) {
      out.kind = MemoOutput::Kind::kTensorList;
      for (const c10::IValue& e : v.toListRef()) {
        std::optional<MemoOutput::TensorShape> shape = ShapeOf(e);
        if (!shape) return std::nullopt;
        out.tensors.push_back(*std::move(shape));
      }
    } else if (v.isNone() || v.isBool() || v.isInt() || v.isDouble()) {
      out.kind = MemoOutput::Kind::kValue;
      out.value = v;
    } else {
      return std::nullopt;
    }
    outs.push_back(std::move(out));
  }
  return outs;
}

torch::jit::Stack StackOf(const std::vector<MemoOutput>& outs) {
  torch::jit::Stack stack;
  for (const MemoOutput& out : outs) {
    switch (out.kind) {
      case MemoOutput::Kind::kTensor:
        stack.emplace_back(MetaTensorOf(out.tensors.at(0)));
        break;
      case MemoOutput::Kind::kTensorList: {
        c10::List<at::Tensor> list;
        for (const MemoOutput::TensorShape& shape : out.tensors)
          list.push_back(MetaTensorOf(shape));
        stack.emplace_back(std::move(list));
        break;
      }
      case MemoOutput::Kind::kValue:
        stack.push_back(out.value);
        break;
    }
  }
  return stack;
}

}  // namespace graph_lower
