// Constant pooling with value hashing (see pool_constants.h).
#include "passes/pool_constants.h"

#include <ATen/ATen.h>
#include <torch/csrc/jit/ir/constants.h>

#include <cstring>
#include <functional>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/hash/hash.h"
#include "ir/mutation.h"

namespace graph_lower {
namespace {

using torch::jit::Block;
using torch::jit::Node;

// Dense CPU tensors of at most this many bytes are hashed by all of their bytes.
constexpr size_t kHashedBytes = 16384;

// A hash of a tensor's metadata and, for dense CPU tensors, its bytes (all of them up to
// kHashedBytes, evenly spaced samples of a larger one).
size_t HashTensor(const at::Tensor& t) {
  if (!t.defined()) return 0;
  size_t h = absl::HashOf(static_cast<int>(t.scalar_type()), static_cast<int>(t.device().type()),
                          t.device().index(), t.sizes().vec(), t.strides().vec());
  if (!t.device().is_cpu() || t.layout() != at::kStrided || t.is_quantized()) return h;
  // Equal tensors with equal strides have the same bytes in memory order: a dense tensor
  // (transposed weights included) is hashed in place, others through a contiguous copy.
  const at::Tensor dense = t.is_non_overlapping_and_dense() ? t : t.contiguous();
  const char* data = static_cast<const char*>(dense.const_data_ptr());
  const size_t bytes = dense.numel() * dense.element_size();
  if (bytes <= kHashedBytes) return absl::HashOf(h, std::string_view(data, bytes));
  // A large tensor by kSamples evenly spaced runs of its bytes, the first and last included: equal
  // tensors still hash equal, and EqualIValues compares all bytes of tensors whose hashes meet.
  // Hashing every byte of a large model's weights took much of its lowering (docs/benchmarks.md);
  // weights that differ (trained or randomly initialised) differ in the samples too.
  constexpr size_t kRun = 64;
  constexpr size_t kSamples = 64;
  for (size_t i = 0; i < kSamples; ++i) {
    const size_t offset = (bytes - kRun) / (kSamples - 1) * i;
    h = absl::HashOf(h, std::string_view(data + offset, kRun));
  }
  return h;
}

size_t HashIValue(const c10::IValue& v) {
  if (v.isTensor()) return HashTensor(v.toTensor());
  if (v.isInt()) return absl::HashOf(1, v.toInt());
  if (v.isDouble()) {
    const double d = v.toDouble();
    uint64_t bits;
    std::memcpy(&bits, &d, sizeof(bits));
    return absl::HashOf(2, bits);
  }
  if (v.isBool()) return absl::HashOf(3, v.toBool());
  if (v.isString()) return absl::HashOf(4, v.toStringRef());
  if (v.isNone()) return 5;
  if (v.isDevice()) return absl::HashOf(6, v.toDevice().str());
  if (v.isList()) {
    size_t h = 7;
    for (const c10::IValue& e : v.toListRef()) h = absl::HashOf(h, HashIValue(e));
    return h;
  }
  if (v.isTuple()) {
    size_t h = 8;
    for (const c10::IValue& e : v.toTupleRef().elements()) h = absl::HashOf(h, HashIValue(e));
    return h;
  }
  return 9;  // other kinds (complex, objects, ...) share a bucket; equality decides
}

// Equality as torch::jit's EqualNode decides it for constants (node_hashing.cpp: same kind of
// value, tensors of equal options and values), with the output types compared by the caller.
bool EqualIValues(const c10::IValue& a, const c10::IValue& b) {
  if (a.tagKind() != b.tagKind()) return false;
  if (a.isTensor()) {
    const at::Tensor& x = a.toTensor();
    const at::Tensor& y = b.toTensor();
    if (x.defined() != y.defined()) return false;
    if (!x.defined()) return true;
    return x.options().type_equal(y.options()) && x.sizes() == y.sizes() &&
           x.strides() == y.strides() && x.equal(y);
  }
  if (a.isDouble()) {
    // Bitwise, so 0.0 and -0.0 (and NaNs with different payloads) stay distinct.
    const double x = a.toDouble(), y = b.toDouble();
    return std::memcmp(&x, &y, sizeof(double)) == 0;
  }
  if (a.isList()) {
    auto x = a.toListRef();
    auto y = b.toListRef();
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i) {
      if (!EqualIValues(x[i], y[i])) return false;
    }
    return true;
  }
  if (a.isTuple()) {
    auto x = a.toTupleRef().elements();
    auto y = b.toTupleRef().elements();
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i) {
      if (!EqualIValues(x[i], y[i])) return false;
    }
    return true;
  }
  if (a.isInt() || a.isBool() || a.isString() || a.isNone() || a.isDevice()) return a == b;
  return a.is(b);
}

class Pooler {
 public:
  Pooler(torch::jit::Graph& graph, PoolConstantsStats& stats)
      : graph_(graph),
        writes_(AnyNodeWrites(*graph.block())),
        returned_(ValuesThatMayAliasOutputs(graph)),
        stats_(stats) {}

  void Run(Block& block) {
    for (auto it = block.nodes().begin(); it != block.nodes().end();) {
      Node* node = *it;
      ++it;  // the node may be destroyed or moved
      for (Block* sub : node->blocks()) Run(*sub);
      if (node->kind() != c10::prim::Constant) continue;
      ++stats_.constants;
      std::optional<c10::IValue> value = torch::jit::toIValue(node->output());
      if (!value) {
        Hoist(node);
        continue;
      }
      // A mutable constant merges only with itself (the same object) when the graph writes, or
      // when it may be returned (the caller may write one output and must not see the change
      // in another): hashing it by identity keeps equal but distinct weights (LayerNorm's ones,
      // in every layer) out of each other's buckets.
      const bool by_identity = value->isPtrType() && MayBeWritten(*node->output()->type()) &&
                               (writes_ || returned_.contains(node->output()));
      // The type's kind only: equal values of one kind differ in type rarely (a tensor's dtype,
      // sizes and strides are in its value's hash), and the types are compared below.
      const size_t h =
          absl::HashOf(static_cast<int>(node->output()->type()->kind()),
                       by_identity ? absl::HashOf(value->internalToPointer()) : HashIValue(*value));
      std::vector<Entry>& bucket = buckets_[h];
      bool merged = false;
      for (const Entry& e : bucket) {
        if (*e.node->output()->type() != *node->output()->type()) continue;
        if (!EqualIValues(e.value, *value)) continue;
        if (by_identity && !e.value.is(*value)) continue;
        node->output()->replaceAllUsesWith(e.node->output());
        node->destroy();
        ++stats_.merged;
        merged = true;
        break;
      }
      if (merged) continue;
      bucket.push_back({node, *std::move(value)});
      Hoist(node);
    }
  }

 private:
  struct Entry {
    Node* node;
    c10::IValue value;
  };

  void Hoist(Node* node) {
    Node* first = graph_.block()->nodes().front();
    if (node != first) node->moveBefore(first);
  }

  torch::jit::Graph& graph_;
  const bool writes_;
  const absl::flat_hash_set<const torch::jit::Value*> returned_;
  PoolConstantsStats& stats_;
  absl::flat_hash_map<size_t, std::vector<Entry>> buckets_;
};

}  // namespace

size_t HashConstantValue(const c10::IValue& value) { return HashIValue(value); }

bool EqualConstantValues(const c10::IValue& a, const c10::IValue& b) { return EqualIValues(a, b); }

PoolConstantsStats PoolConstants(const std::shared_ptr<torch::jit::Graph>& graph) {
  PoolConstantsStats stats;
  Pooler pooler(*graph, stats);
  pooler.Run(*graph->block());
  return stats;
}

}  // namespace graph_lower
