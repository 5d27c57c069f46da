// Decompositions of view and shape ops into core ATen (permute, view, slice, cat,
// split_with_sizes, full, clone). Follows torch/_refs/__init__.py (t, transpose, roll, split).
#include <ATen/InferSize.h>
#include <ATen/TensorUtils.h>
#include <c10/util/accumulate.h>
#include <torch/csrc/jit/ir/constants.h>

#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "decomps/library/library.h"

namespace graph_lower {

namespace {

using torch::jit::Graph;
using torch::jit::Node;
using torch::jit::Value;

// Input `i`'s sizes and strides when its type has them all, else nullopt.
struct Layout {
  std::vector<int64_t> sizes, strides;
};
std::optional<Layout> StaticLayout(const Node& node, size_t i) {
  auto t = node.input(i)->type()->cast<c10::TensorType>();
  if (!t) return std::nullopt;
  std::optional<std::vector<int64_t>> sizes = t->sizes().concrete_sizes();
  std::optional<std::vector<int64_t>> strides = t->strides().concrete_sizes();
  if (!sizes || !strides || sizes->size() != strides->size()) return std::nullopt;
  return Layout{*std::move(sizes), *std::move(strides)};
}

std::optional<int64_t> StaticRank(const Node& node, size_t i) {
  auto t = node.input(i)->type()->cast<c10::TensorType>();
  if (!t || !t->dim()) return std::nullopt;
  return static_cast<int64_t>(*t->dim());
}

std::optional<int64_t> ConstantInt(const Node& node, size_t i) {
  std::optional<c10::IValue> v = torch::jit::toIValue(node.input(i));
  if (!v || !v->isInt()) return std::nullopt;
  return v->toInt();
}

std::optional<std::vector<int64_t>> ConstantInts(const Node& node, size_t i) {
  std::optional<c10::IValue> v = torch::jit::toIValue(node.input(i));
  if (!v || !v->isIntList()) return std::nullopt;
  return v->toIntVector();
}

// A graph with the node's inputs, of the node's input types.
std::shared_ptr<Graph> GraphWithInputsOf(const Node& node) {
  auto graph = std::make_shared<Graph>();
  for (const Value* v : node.inputs()) graph->addInput()->setType(v->type());
  return graph;
}

absl::Status NotStatic(absl::string_view what) {
  return absl::FailedPreconditionError(absl::StrCat("needs ", what, " known"));
}

// aten::permute(self, perm) with perm a constant, or aten::alias(self) for no perm.
DecompositionGraph PermuteGraph(const Node& node, const std::vector<int64_t>& perm) {
  std::shared_ptr<Graph> graph = GraphWithInputsOf(node);
  Value* self = graph->inputs()[0];
  Value* out = perm.empty()
                   ? graph->insert(c10::aten::alias, {self})
                   : graph->insert(c10::aten::permute, {self, graph->insertConstant(perm)});
  graph->registerOutput(out);
  return graph;
}

}  // namespace

// reshape(self, shape) for an input of known sizes and strides and a constant shape: the view
// when at::detail::computeStride finds strides for the inferred shape (aten/src/ATen/
// TensorUtils.cpp), else a contiguous clone viewed, as reshape_symint (aten/src/ATen/native/
// TensorShape.cpp) and the TorchScript form below decide. A shape that does not fit the input's
// size is left to the TorchScript form (whose view then fails as eager's reshape does).
absl::StatusOr<DecompositionGraph> ReshapeOnStaticShapes(const Node& node) {
  std::optional<Layout> layout = StaticLayout(node, 0);
  std::optional<std::vector<int64_t>> shape = ConstantInts(node, 1);
  if (!layout || !shape) return NotStatic("the input's sizes and strides and a constant shape");
  std::vector<int64_t> inferred;
  try {
    inferred = at::infer_size(*shape, c10::multiply_integers(layout->sizes));
  } catch (const c10::Error&) {
    return absl::FailedPreconditionError("the shape does not fit the input's number of elements");
  }
  const bool views =
      at::detail::computeStride(layout->sizes, layout->strides, inferred).has_value();
  std::shared_ptr<Graph> graph = GraphWithInputsOf(node);
  Value* self = graph->inputs()[0];
  if (!views) {
    self = graph->insert(c10::aten::clone, {self},
                         {torch::jit::NamedValue("memory_format", static_cast<int64_t>(0))});
  }
  graph->registerOutput(graph->insert(c10::aten::view, {self, graph->inputs()[1]}));
  return graph;
}

// t(self) for an input of known rank: as the TorchScript form below.
absl::StatusOr<DecompositionGraph> TOnStaticShapes(const Node& node) {
  std::optional<int64_t> n = StaticRank(node, 0);
  if (!n) return NotStatic("the input's rank");
  return PermuteGraph(node, *n < 2 ? std::vector<int64_t>{} : std::vector<int64_t>{1, 0});
}

// transpose(self, dim0, dim1) for an input of known rank and constant dims: the permutation the
// TorchScript form below builds (dims out of range are left to permute's check, as there).
absl::StatusOr<DecompositionGraph> TransposeOnStaticShapes(const Node& node) {
  std::optional<int64_t> n = StaticRank(node, 0);
  std::optional<int64_t> dim0 = ConstantInt(node, 1);
  std::optional<int64_t> dim1 = ConstantInt(node, 2);
  if (!n || !dim0 || !dim1) return NotStatic("the input's rank and constant dims");
  std::vector<int64_t> perm;
  if (*n > 0) {
    if (*dim0 < 0) *dim0 += *n;
    if (*dim1 < 0) *dim1 += *n;
    for (int64_t i = 0; i < *n; ++i) perm.push_back(i == *dim0 ? *dim1 : i == *dim1 ? *dim0 : i);
  }
  return PermuteGraph(node, perm);
}

// flatten.using_ints(self, start_dim, end_dim) for an input of known sizes and constant dims in
// range: the input itself, or a reshape to the merged shape (-1 for the merged dims when there
// are elements), as the TorchScript form in blas_and_factories.cc. Dims out of range are left to
// that form.
absl::StatusOr<DecompositionGraph> FlattenOnStaticShapes(const Node& node) {
  auto t = node.input(0)->type()->cast<c10::TensorType>();
  std::optional<std::vector<int64_t>> sizes =
      t ? t->sizes().concrete_sizes() : std::optional<std::vector<int64_t>>();
  std::optional<int64_t> start = ConstantInt(node, 1);
  std::optional<int64_t> end = ConstantInt(node, 2);
  if (!sizes || !start || !end) return NotStatic("the input's sizes and constant dims");
  const int64_t n = static_cast<int64_t>(sizes->size());
  std::vector<int64_t> shape;
  if (n == 0) {
    shape = {1};
  } else {
    if (*start < 0) *start += n;
    if (*end < 0) *end += n;
    if (*start < 0 || *start > *end || *end >= n) {
      return absl::FailedPreconditionError("flatten's dims are out of range or out of order");
    }
    if (*start == *end) {
      std::shared_ptr<Graph> graph = GraphWithInputsOf(node);
      graph->registerOutput(graph->inputs()[0]);
      return graph;
    }
    const bool empty = c10::multiply_integers(*sizes) == 0;
    int64_t merged = 1;
    for (int64_t d = 0; d < n; ++d) {
      if (d < *start || d > *end) {
        shape.push_back((*sizes)[d]);
      } else {
        merged *= (*sizes)[d];
        if (d == *end) shape.push_back(empty ? merged : -1);
      }
    }
  }
  std::shared_ptr<Graph> graph = GraphWithInputsOf(node);
  graph->registerOutput(
      graph->insert(c10::aten::reshape, {graph->inputs()[0], graph->insertConstant(shape)}));
  return graph;
}

namespace {

// `name(self, size, dtype, layout, device, pin_memory)` as `torch.<call>dtype=..., ...)` with
// self's dtype and device by default.
std::string NewFactory(const std::string& name, const std::string& call) {
  return absl::StrCat("\ndef ", name,
                      R"TS((self: Tensor, size: List[int], dtype: Optional[int] = None,
        layout: Optional[int] = None, device: Optional[Device] = None,
        pin_memory: Optional[bool] = None) -> Tensor:
    if dtype is None:
        dtype = self.dtype
    if device is None:
        device = self.device
    return torch.)TS",
                      call, "dtype=dtype, layout=layout, device=device, pin_memory=pin_memory)\n");
}

}  // namespace

std::vector<TorchScriptDecomposition> ViewAndShapeDecompositions() {
  return {
      // tensor_split with a tensor of indices (1-D) or of the number of sections (0-d), read at
      // run time: the slices the kernel takes (aten/src/ATen/native/TensorShape.cpp
      // tensor_split); n sections give n % sections parts of size n / sections + 1 first.
      {"aten::tensor_split.tensor_indices_or_sections", "tensor_split", R"TS(
def tensor_split(self: Tensor, tensor_indices_or_sections: Tensor, dim: int = 0) -> List[Tensor]:
    d = dim
    if d < 0:
        d = d + self.dim()
    n = self.size(d)
    out: List[Tensor] = []
    if tensor_indices_or_sections.dim() == 0:
        sections = int(tensor_indices_or_sections)
        # As the kernel; also keeps n % 0 (a SIGFPE in the interpreter) from running when the
        # graph is specialised on example values (zeros).
        assert sections > 0, "number of sections must be larger than 0"
        base = n // sections
        extra = n % sections
        start = 0
        for i in range(sections):
            size = base
            if i < extra:
                size = base + 1
            out.append(torch.slice(self, d, start, start + size, 1))
            start = start + size
        return out
    start = 0
    for i in range(tensor_indices_or_sections.size(0)):
        end = int(torch.select(tensor_indices_or_sections, 0, i))
        out.append(torch.slice(self, d, start, end, 1))
        start = end
    out.append(torch.slice(self, d, start, n, 1))
    return out
)TS"},
      // arange(end) and arange(start, end) are arange.start_step with step 1 (core); the same
      // Scalars go through, so the result dtype is inferred the same way (int64 when all are
      // integers, else the default float dtype: torch/_refs arange).
      {"aten::arange", "arange", R"TS(
def arange(end: number, dtype: Optional[int] = None, layout: Optional[int] = None,
           device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    return torch.arange(0, end, 1, dtype=dtype, layout=layout, device=device,
                        pin_memory=pin_memory)
)TS"},
      {"aten::arange.start", "arange", R"TS(
def arange(start: number, end: number, dtype: Optional[int] = None, layout: Optional[int] = None,
           device: Optional[Device] = None, pin_memory: Optional[bool] = None) -> Tensor:
    return torch.arange(start, end, 1, dtype=dtype, layout=layout, device=device,
                        pin_memory=pin_memory)
)TS"},
      // narrow(x, dim, start, length) with a tensor start: the slice [start, start + length),
      // start read at run time (aten/src/ATen/native/TensorShape.cpp narrow_tensor_symint; a
      // negative start counts from the end).
      {"aten::narrow.Tensor", "narrow", R"TS(
def narrow(self: Tensor, dim: int, start: Tensor, length: int) -> Tensor:
    s = int(start)
    if s < 0:
        s = s + self.size(dim)
    return torch.slice(self, dim, s, s + length, 1)
)TS"},
      {"aten::t", "t", R"TS(
def t(self: Tensor) -> Tensor:
    if self.dim() < 2:
        return torch.alias(self)
    return torch.permute(self, [1, 0])
)TS",
       TOnStaticShapes},
      {"aten::transpose.int", "transpose", R"TS(
def transpose(self: Tensor, dim0: int, dim1: int) -> Tensor:
    n = self.dim()
    if n == 0:
        return torch.alias(self)
    if dim0 < 0:
        dim0 = dim0 + n
    if dim1 < 0:
        dim1 = dim1 + n
    perm: List[int] = []
    for i in range(n):
        if i == dim0:
            perm.append(dim1)
        elif i == dim1:
            perm.append(dim0)
        else:
            perm.append(i)
    return torch.permute(self, perm)
)TS",
       TransposeOnStaticShapes},
      // _unsafe_view is view without the aliasing guarantee; matmul and reshape emit it on fresh
      // (contiguous) tensors, where view is exact.
      {"aten::_unsafe_view", "unsafe_view", R"TS(
def unsafe_view(self: Tensor, size: List[int]) -> Tensor:
    return torch.view(self.contiguous(), size)
)TS"},
      {"aten::split.Tensor", "split", R"TS(
def split(self: Tensor, split_size: int, dim: int = 0) -> List[Tensor]:
    n = self.size(dim)
    sizes: List[int] = []
    if split_size == 0:
        sizes.append(n)
        return torch.split_with_sizes(self, sizes, dim)
    # A for loop over the chunk count (not a while loop): its trip count is a constant once the
    # shape is known, so it unrolls and the list folds.
    chunks = (n + split_size - 1) // split_size
    for i in range(chunks):
        sizes.append(min(split_size, n - i * split_size))
    if chunks == 0:
        sizes.append(0)
    return torch.split_with_sizes(self, sizes, dim)
)TS"},
      // torch/_refs roll: rotate each dim by slicing and concatenating; no dims = flattened roll.
      {"aten::roll", "roll", R"TS(
def roll(self: Tensor, shifts: List[int], dims: List[int]) -> Tensor:
    if self.numel() == 0:
        return torch.clone(self)
    if len(dims) == 0:
        flat = torch.view(self.contiguous(), [-1])
        n = flat.size(0)
        s = shifts[0] % n
        rolled = torch.cat([torch.slice(flat, 0, n - s, n, 1),
                            torch.slice(flat, 0, 0, n - s, 1)], 0)
        return torch.view(rolled, self.size())
    out = self
    rolled = False
    for i in range(len(dims)):
        dim = dims[i]
        n = out.size(dim)
        s = shifts[i] % n
        if s != 0:
            out = torch.cat([torch.slice(out, dim, n - s, n, 1),
                             torch.slice(out, dim, 0, n - s, 1)], dim)
            rolled = True
    if not rolled:
        out = torch.clone(self)
    return out
)TS"},
      // diagonal_scatter(x, src, offset, d1, d2): src written on the diagonal x.diagonal(offset,
      // d1, d2) shows. With d1, d2 moved to the front, the diagonal is the points (r0 + k,
      // c0 + k), which index_put writes (torch/_decomp writes it through a copy_ instead).
      {"aten::diagonal_scatter", "diagonal_scatter", R"TS(
def diagonal_scatter(self: Tensor, src: Tensor, offset: int = 0, dim1: int = 0,
                     dim2: int = 1) -> Tensor:
    nd = self.dim()
    d1 = dim1
    if d1 < 0:
        d1 = d1 + nd
    d2 = dim2
    if d2 < 0:
        d2 = d2 + nd
    x = torch.movedim(self, [d1, d2], [0, 1])
    n = src.size(-1)
    r0 = 0
    c0 = 0
    if offset < 0:
        r0 = -offset
    else:
        c0 = offset
    rows = torch.arange(r0, r0 + n, dtype=4, device=self.device)
    cols = torch.arange(c0, c0 + n, dtype=4, device=self.device)
    idx: List[Optional[Tensor]] = [rows, cols]
    out = torch.index_put(x, idx, torch.movedim(src, -1, 0))
    return torch.movedim(out, [0, 1], [d1, d2])
)TS"},
      // unflatten(x, dim, sizes): dim split into sizes, one of which may be -1, as a view
      // (aten/src/ATen/native/TensorShape.cpp unflatten_impl, infer_size_dv). Written out rather
      // than traced from the CIA kernel because it needs no shapes: F.multi_head_attention_forward
      // unflattens in a branch (query is key) that example inputs need not take, and an untaken
      // branch has no shapes to trace with.
      {"aten::unflatten.int", "unflatten", R"TS(
def unflatten(self: Tensor, dim: int, sizes: List[int]) -> Tensor:
    n = self.dim()
    assert n > 0, "unflatten: cannot be applied to a 0-dim tensor"
    assert len(sizes) > 0, "unflatten: sizes must be non-empty"
    d = dim
    if d < 0:
        d = d + n
    assert d >= 0 and d < n, "unflatten: dimension out of range"
    length = self.size(d)
    known = 1
    infer = -1
    for i in range(len(sizes)):
        if sizes[i] == -1:
            assert infer < 0, "unflatten: only one dimension can be inferred"
            infer = i
        else:
            known = known * sizes[i]
    shape: List[int] = []
    for i in range(d):
        shape.append(self.size(i))
    for i in range(len(sizes)):
        if i == infer:
            assert known != 0 and length % known == 0, "unflatten: provided sizes don't multiply up to the size of dim"
            shape.append(length // known)
        else:
            shape.append(sizes[i])
    assert infer >= 0 or known == length, "unflatten: provided sizes don't multiply up to the size of dim"
    for i in range(d + 1, n):
        shape.append(self.size(i))
    return torch.view(self, shape)
)TS"},
      {"aten::unbind.int", "unbind", R"TS(
def unbind(self: Tensor, dim: int = 0) -> List[Tensor]:
    out: List[Tensor] = []
    for i in range(self.size(dim)):
        out.append(torch.select(self, dim, i))
    return out
)TS"},
      // Values are undefined either way; the layout follows memory_format (0 contiguous,
      // 1 preserve, 2 channels_last, 3 channels_last_3d; c10/core/MemoryFormat.h). Preserve keeps
      // the input's strides when they have no zero (not expanded), contiguous otherwise.
      {"aten::empty_like", "empty_like", R"TS(
def empty_like(self: Tensor, dtype: Optional[int] = None, layout: Optional[int] = None,
               device: Optional[Device] = None, pin_memory: Optional[bool] = None,
               memory_format: Optional[int] = None) -> Tensor:
    if dtype is None:
        dtype = self.dtype
    if device is None:
        device = self.device
    if memory_format is None or memory_format == 1:
        if not self.is_contiguous() and min(self.stride() + [1]) > 0:
            return torch.empty_strided(self.size(), self.stride(), dtype=dtype, layout=layout,
                                       device=device, pin_memory=pin_memory)
        return torch.empty(self.size(), dtype=dtype, layout=layout, device=device,
                           pin_memory=pin_memory)
    return torch.empty(self.size(), dtype=dtype, layout=layout, device=device,
                       pin_memory=pin_memory, memory_format=memory_format)
)TS"},
      // In-place zero_/fill_ reach the library as their functional twins (passes/functionalize.h).
      {"aten::zero", "zero", R"TS(
def zero(self: Tensor) -> Tensor:
    return torch.full_like(self, 0)
)TS"},
      {"aten::fill.Tensor", "fill", R"TS(
def fill(self: Tensor, value: Tensor) -> Tensor:
    return torch.expand(torch._to_copy(value, dtype=self.dtype), self.size())
)TS"},
      // TorchScript's x.to(device[, dtype]) (aten::to.prim_Device): x itself when nothing changes
      // and no copy is asked, as the kernel; otherwise _to_copy.
      {"aten::to.prim_Device", "to_prim_device", R"TS(
def to_prim_device(self: Tensor, device: Optional[Device], dtype: Optional[int] = None,
                   non_blocking: bool = False, copy: bool = False) -> Tensor:
    d = self.dtype if dtype is None else dtype
    dev = self.device if device is None else device
    if not copy and d == self.dtype and dev == self.device:
        return self
    return torch._to_copy(self, dtype=d, device=dev, non_blocking=non_blocking)
)TS"},
      // x.to(dtype) / x.float() (aten::to.dtype) and x.to(other): x itself when the dtype (and
      // device) already match and no copy is asked, as the kernel; otherwise _to_copy.
      {"aten::to.dtype", "to_dtype", R"TS(
def to_dtype(self: Tensor, dtype: int, non_blocking: bool = False, copy: bool = False,
             memory_format: Optional[int] = None) -> Tensor:
    if not copy and dtype == self.dtype:
        return self
    return torch._to_copy(self, dtype=dtype, non_blocking=non_blocking,
                          memory_format=memory_format)
)TS"},
      {"aten::to.other", "to_other", R"TS(
def to_other(self: Tensor, other: Tensor, non_blocking: bool = False, copy: bool = False,
             memory_format: Optional[int] = None) -> Tensor:
    if not copy and other.dtype == self.dtype and other.device == self.device:
        return self
    return torch._to_copy(self, dtype=other.dtype, device=other.device,
                          non_blocking=non_blocking, memory_format=memory_format)
)TS"},
      {"aten::zeros_like", "zeros_like", R"TS(
def zeros_like(self: Tensor, dtype: Optional[int] = None, layout: Optional[int] = None,
               device: Optional[Device] = None, pin_memory: Optional[bool] = None,
               memory_format: Optional[int] = None) -> Tensor:
    return torch.full_like(self, 0, dtype=dtype, layout=layout, device=device,
                           pin_memory=pin_memory, memory_format=memory_format)
)TS"},
      // new_zeros / new_ones / new_empty(x, size): x's dtype and device unless given
      // (full / empty.memory_format; new_empty is uninitialised).
      {"aten::new_zeros", "new_zeros", NewFactory("new_zeros", "full(size, 0, ")},
      {"aten::new_ones", "new_ones", NewFactory("new_ones", "full(size, 1, ")},
      // The input itself when it is already laid out so, else a copy in the requested layout
      // (aten/src/ATen/native/TensorProperties.cpp): a write through the result reaches the
      // input exactly when it does in eager. `is_contiguous` folds under shape specialisation.
      {"aten::contiguous", "contiguous", R"TS(
def contiguous(self: Tensor, memory_format: int = 0) -> Tensor:
    if self.is_contiguous(memory_format=memory_format):
        return self
    return torch.clone(self, memory_format=memory_format)
)TS"},
      // reshape = a view when the input's strides allow one, else a contiguous copy viewed
      // (aten/src/ATen/native/TensorShape.cpp reshape_symint). Whether they allow one is
      // at::detail::computeStride's walk over the chunks of contiguous dims
      // (aten/src/ATen/TensorUtils.cpp), written with loops of constant trip counts so that under
      // shape specialisation it unrolls and folds to a constant. Its CIA kernel goes through
      // _reshape_alias, which traces into in-place as_strided_; this form stays in core ATen.
      // Without complete types both paths are kept, each legal.
      {"aten::reshape", "reshape", R"TS(
def reshape(self: Tensor, shape: List[int]) -> Tensor:
    # A contiguous input always views (computeStride has one chunk); this test folds under shape
    # specialisation before the loops below are unrolled (unrolling them for every reshape was
    # a fifth of the decomposition time of a ResNet-18 lowering, perf).
    if self.is_contiguous():
        return torch.view(self, shape)
    old = self.size()
    stride = self.stride()
    numel = 1
    for d in range(len(old)):
        numel = numel * old[d]
    # The -1 entry inferred as view does (at::infer_size).
    known = 1
    for d in range(len(shape)):
        if shape[d] != -1:
            known = known * shape[d]
    new: List[int] = []
    for d in range(len(shape)):
        if shape[d] == -1 and known != 0:
            new.append(numel // known)
        else:
            new.append(shape[d])
    viewable = True
    if len(old) > 0 and numel != 0:
        view_d = len(new) - 1
        chunk_base_stride = stride[len(old) - 1]
        tensor_numel = 1
        view_numel = 1
        for i in range(len(old)):
            tensor_d = len(old) - 1 - i
            tensor_numel = tensor_numel * old[tensor_d]
            chunk_ends = tensor_d == 0
            if not chunk_ends:
                chunk_ends = old[tensor_d - 1] != 1 and stride[tensor_d - 1] != tensor_numel * chunk_base_stride
            if chunk_ends:
                for j in range(len(new)):
                    if view_d >= 0:
                        if view_numel < tensor_numel or new[view_d] == 1:
                            view_numel = view_numel * new[view_d]
                            view_d = view_d - 1
                if view_numel != tensor_numel:
                    viewable = False
                if tensor_d > 0:
                    chunk_base_stride = stride[tensor_d - 1]
                    tensor_numel = 1
                    view_numel = 1
        if view_d != -1:
            viewable = False
    if viewable:
        return torch.view(self, shape)
    return torch.view(torch.clone(self, memory_format=0), shape)
)TS",
       ReshapeOnStaticShapes},
      {"aten::_reshape_alias", "reshape_alias", R"TS(
def reshape_alias(self: Tensor, size: List[int], stride: List[int]) -> Tensor:
    return torch.as_strided(self, size, stride)
)TS"},
      // torch.tensor(n) in scripted code: a 0-d tensor; int64 unless a dtype is given.
      {"aten::tensor.int", "tensor_int", R"TS(
def tensor_int(t: int, dtype: Optional[int] = None, device: Optional[Device] = None,
               requires_grad: bool = False) -> Tensor:
    sizes: List[int] = []
    if dtype is None:
        return torch.full(sizes, t, dtype=4, device=device)
    return torch.full(sizes, t, dtype=dtype, device=device)
)TS"},
      {"aten::tensor.float", "tensor_float", R"TS(
def tensor_float(t: float, dtype: Optional[int] = None, device: Optional[Device] = None,
                 requires_grad: bool = False) -> Tensor:
    sizes: List[int] = []
    if dtype is None:
        return torch.full(sizes, t, dtype=6, device=device)
    return torch.full(sizes, t, dtype=dtype, device=device)
)TS"},
      {"aten::lift_fresh_copy", "lift_fresh_copy", R"TS(
def lift_fresh_copy(self: Tensor) -> Tensor:
    return torch.clone(self)
)TS"},
      {"aten::new_empty", "new_empty", NewFactory("new_empty", "empty(size, ")},
  };
}

}  // namespace graph_lower
