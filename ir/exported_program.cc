// LoadExportedProgram: torch.export archives (.pt2) as Programs (see exported_program.h).
#include "ir/exported_program.h"

#include <ATen/ATen.h>
#include <caffe2/serialize/inline_container.h>
#include <torch/csrc/jit/ir/constants.h>
#include <torch/csrc/jit/runtime/operator.h>
#include <zip.h>
#include <zlib.h>

#include <algorithm>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "ir/errors.h"
#include "ir/export_schema.h"
#include "ir/files.h"
#include "ir/graph_io_internal.h"
#include "ir/pickle_check.h"
#include "ir/status_macros.h"

namespace graph_lower {
namespace {

using json = nlohmann::json;
using torch::jit::Value;

// A problem with the archive's contents; LoadExportedProgram turns it into its InvalidArgument.
struct BadArchive {
  std::string message;
};

[[noreturn]] void Fail(std::string message) { throw BadArchive{std::move(message)}; }

// The records of a zip, named relative to its top directory when every record is under one (the
// PT2 archive layout, read by libtorch's PyTorchStreamReader), by their full names otherwise
// (torch 2.6's layout, files at the root, which PyTorchStreamReader refuses: read with libzip).
class Records {
 public:
  static absl::StatusOr<std::unique_ptr<Records>> Open(const std::string& path);
  virtual ~Records() = default;
  virtual bool Has(const std::string& name) const = 0;
  virtual std::vector<std::string> Names() const = 0;
  // The record's bytes; Fail()s naming it when it is missing or unreadable.
  virtual std::string Read(const std::string& name) const = 0;
};

// libtorch's reader does not check CRC-32s (its miniz is built without them): each record read is
// checked against the CRC-32 the zip's central directory gives (libzip's zip_stat), with zlib.
class StreamRecords : public Records {
 public:
  // Takes `zip` (libzip's handle of the same file) before the reader, which may throw.
  StreamRecords(const std::string& path, zip_t* zip, std::string prefix)
      : zip_(zip, zip_discard), reader_(path), prefix_(std::move(prefix)) {}
  bool Has(const std::string& name) const override { return reader_.hasRecord(name); }
  std::vector<std::string> Names() const override { return reader_.getAllRecords(); }
  std::string Read(const std::string& name) const override {
    if (!Has(name)) Fail(absl::StrCat("the archive has no record '", name, "'"));
    try {
      auto [data, size] = reader_.getRecord(name);
      std::string bytes(static_cast<const char*>(data.get()), size);
      zip_stat_t st;
      if (zip_stat(zip_.get(), (prefix_ + name).c_str(), 0, &st) == 0 &&
          (st.valid & ZIP_STAT_CRC)) {
        uLong crc = crc32(0L, Z_NULL, 0);
        for (size_t at = 0; at < bytes.size();) {
          const size_t n = std::min<size_t>(bytes.size() - at, size_t{1} << 30);
          crc = crc32(crc, reinterpret_cast<const Bytef*>(bytes.data() + at), static_cast<uInt>(n));
          at += n;
        }
        if (crc != st.crc) Fail(absl::StrCat("record '", name, "' is damaged: CRC error"));
      }
      return bytes;
    } catch (const std::exception& e) {
      Fail(absl::StrCat("record '", name, "': ", ExceptionMessage(e)));
    }
  }

 private:
  std::unique_ptr<zip_t, void (*)(zip_t*)> zip_;
  mutable caffe2::serialize::PyTorchStreamReader reader_;
  std::string prefix_;  // the top directory, with its '/'
};

class ZipRecords : public Records {
 public:
  explicit ZipRecords(zip_t* zip) : zip_(zip, zip_discard) {}
  zip_t* Release() { return zip_.release(); }
  bool Has(const std::string& name) const override {
    return zip_name_locate(zip_.get(), name.c_str(), 0) >= 0;
  }
  std::vector<std::string> Names() const override {
    std::vector<std::string> names;
    const zip_int64_t n = zip_get_num_entries(zip_.get(), 0);
    for (zip_int64_t i = 0; i < n; ++i) {
      if (const char* name = zip_get_name(zip_.get(), i, 0)) names.emplace_back(name);
    }
    return names;
  }
  std::string Read(const std::string& name) const override {
    zip_stat_t st;
    if (zip_stat(zip_.get(), name.c_str(), 0, &st) != 0) {
      Fail(absl::StrCat("the archive has no record '", name, "'"));
    }
    std::unique_ptr<zip_file_t, int (*)(zip_file_t*)> file(zip_fopen(zip_.get(), name.c_str(), 0),
                                                           zip_fclose);
    if (!file) Fail(absl::StrCat("record '", name, "': ", zip_strerror(zip_.get())));
    std::string bytes(st.size, '\0');
    const zip_int64_t got = zip_fread(file.get(), bytes.data(), st.size);
    // libzip checks the record's CRC-32 when a read reaches its end.
    char past_end;
    if (got < 0 || static_cast<zip_uint64_t>(got) != st.size ||
        zip_fread(file.get(), &past_end, 1) != 0) {
      Fail(absl::StrCat("record '", name,
                        "' is damaged or truncated: ", zip_file_strerror(file.get())));
    }
    return bytes;
  }

 private:
  std::unique_ptr<zip_t, void (*)(zip_t*)> zip_;
};

absl::StatusOr<std::unique_ptr<Records>> Records::Open(const std::string& path) {
  ASSIGN_OR_RETURN(uintmax_t size, CheckInputFile(path));
  RETURN_IF_ERROR(CheckZipRecordSizes(path, size));
  int error = 0;
  zip_t* zip = zip_open(path.c_str(), ZIP_RDONLY, &error);
  if (!zip) {
    zip_error_t e;
    zip_error_init_with_code(&e, error);
    std::string message = zip_error_strerror(&e);
    zip_error_fini(&e);
    return absl::InvalidArgumentError(absl::StrCat("not a readable zip archive: ", message));
  }
  auto records = std::make_unique<ZipRecords>(zip);
  std::vector<std::string> names = records->Names();
  const size_t slash = names.empty() ? std::string::npos : names[0].find('/');
  const bool one_directory = slash != std::string::npos &&
                             std::all_of(names.begin(), names.end(), [&](const std::string& n) {
                               return n.compare(0, slash + 1, names[0], 0, slash + 1) == 0;
                             });
  if (!one_directory) return std::unique_ptr<Records>(std::move(records));
  try {
    return std::unique_ptr<Records>(
        std::make_unique<StreamRecords>(path, records->Release(), names[0].substr(0, slash + 1)));
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(absl::StrCat("damaged archive: ", ExceptionMessage(e)));
  }
}

// JSON access that Fail()s naming the field's path ("graph_module.graph.nodes[3].target").
const json& At(const json& j, absl::string_view key, absl::string_view where) {
  if (!j.is_object()) Fail(absl::StrCat(where, " is not a JSON object"));
  auto it = j.find(std::string(key));
  if (it == j.end()) Fail(absl::StrCat(where, " has no field '", key, "'"));
  return *it;
}
const json& Array(const json& j, absl::string_view key, absl::string_view where) {
  const json& a = At(j, key, where);
  if (!a.is_array()) Fail(absl::StrCat(where, ".", key, " is not a JSON array"));
  return a;
}
std::string String(const json& j, absl::string_view key, absl::string_view where) {
  const json& s = At(j, key, where);
  if (!s.is_string()) Fail(absl::StrCat(where, ".", key, " is not a string"));
  return s.get<std::string>();
}
int64_t Int(const json& j, const std::string& where) {
  if (!j.is_number_integer()) Fail(absl::StrCat(where, " is not an integer"));
  return j.get<int64_t>();
}
// A union of schema.py (`{"as_tensor": {...}}`): its one field's name and value.
std::pair<std::string, const json*> Union(const json& j, const std::string& where) {
  if (!j.is_object() || j.size() != 1) {
    Fail(absl::StrCat(where, " is not a union (an object of one field)"));
  }
  return {j.begin().key(), &j.begin().value()};
}

// `text` with Python's bare NaN, Infinity and -Infinity (json.dumps' default, which torch 2.6's
// serializer uses for float arguments) quoted, as torch 2.14 writes them; strings untouched.
std::string QuoteNonFinite(const std::string& text) {
  if (text.find("NaN") == std::string::npos && text.find("Infinity") == std::string::npos) {
    return text;
  }
  std::string out;
  out.reserve(text.size() + 64);
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      out += c;
      if (c == '\\' && i + 1 < text.size()) {
        out += text[++i];
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') in_string = true;
    bool quoted = false;
    for (absl::string_view token : {"-Infinity", "Infinity", "NaN"}) {
      if (absl::string_view(text).substr(i, token.size()) == token) {
        absl::StrAppend(&out, "\"", token, "\"");
        i += token.size() - 1;
        quoted = true;
        break;
      }
    }
    if (!quoted) out += c;
  }
  return out;
}

json ParseJson(const std::string& text, const std::string& record) {
  try {
    return json::parse(QuoteNonFinite(text));
  } catch (const json::exception& e) {
    Fail(absl::StrCat(record, ": JSON does not parse: ", e.what()));
  }
}

// schema.py's ScalarType, Layout and MemoryFormat numbers (export_schema.h).
template <typename T, size_t N>
T FromCode(const std::pair<int, T> (&table)[N], int64_t code, absl::string_view what,
           const std::string& where) {
  for (const auto& [c, value] : table) {
    if (c == code) return value;
  }
  Fail(absl::StrCat(where, ": unknown ", what, " code ", code));
}
c10::ScalarType ScalarTypeOf(int64_t code, const std::string& where) {
  return FromCode(kSerdeScalarTypes, code, "dtype", where);
}
c10::Layout LayoutOf(int64_t code, const std::string& where) {
  return FromCode(kSerdeLayouts, code, "layout", where);
}
c10::MemoryFormat MemoryFormatOf(int64_t code, const std::string& where) {
  return FromCode(kSerdeMemoryFormats, code, "memory format", where);
}

const char kDynamicHint[] =
    "of symbolic values in .pt2 archives, only sizes of inputs (torch.export.Dim) and ints "
    "computed from them are supported; export with static shapes, or lower with "
    "graph_lower.run_decompositions in Python";

// A SymInt argument ({"as_int": n} or {"as_name": symbol}) that must be a known int.
int64_t KnownInt(const json& j, const std::string& where) {
  auto [kind, value] = Union(j, where);
  if (kind == "as_int") return Int(*value, where);
  Fail(absl::StrCat(where, " is symbolic (", value->dump(), "): ", kDynamicHint));
}

// The symbol a size expression names, or "" for any other expression. torch 2.6 writes sympy's
// srepr ("Symbol('s0', positive=True, integer=True)"), later versions its str ("s0").
std::string SymbolOf(const std::string& expr) {
  std::string name = expr;
  if (absl::StartsWith(expr, "Symbol('")) {
    const size_t end = expr.find('\'', 8);
    if (end == std::string::npos) return "";
    name = expr.substr(8, end - 8);
  }
  if (name.empty() || !(absl::ascii_isalpha(name[0]) || name[0] == '_')) return "";
  for (const char c : name) {
    if (!absl::ascii_isalnum(c) && c != '_') return "";
  }
  return name;
}

// A size in tensor metadata: {"as_int": n}, or {"as_expr": {"expr_str": e, "hint": {"as_int":
// n}}} (schema.py's SymExpr; the hint is the size the program was exported at). Sets `symbol`
// to the expression (empty for an int).
int64_t SizeOf(const json& j, const std::string& where, std::string& symbol) {
  auto [kind, value] = Union(j, where);
  symbol.clear();
  if (kind == "as_int") return Int(*value, where);
  if (kind != "as_expr") Fail(absl::StrCat(where, ": size kind '", kind, "' is not supported"));
  symbol = String(*value, "expr_str", where + ".as_expr");
  const auto hint = value->find("hint");
  if (hint == value->end() || !hint->is_object()) {
    Fail(absl::StrCat(where, " is symbolic (", symbol, ") with no hint: ", kDynamicHint));
  }
  return KnownInt(*hint, where + ".as_expr.hint");
}

// A float: a JSON number, or the string torch/_export/serde writes for a non-finite one
// ("Infinity", "-Infinity", "NaN").
double Float(const json& j, const std::string& where) {
  if (j.is_number()) return j.get<double>();
  if (j.is_string()) {
    const std::string& s = j.get_ref<const std::string&>();
    if (s == "Infinity" || s == "inf") return std::numeric_limits<double>::infinity();
    if (s == "-Infinity" || s == "-inf") return -std::numeric_limits<double>::infinity();
    if (s == "NaN" || s == "nan") return std::numeric_limits<double>::quiet_NaN();
  }
  Fail(absl::StrCat(where, " is not a number"));
}

// A constant of schema.py's ConstantValue or Argument union: None, an int, a float, a bool or a
// string.
c10::IValue ConstantValue(const json& j, const std::string& where) {
  auto [kind, v] = Union(j, where);
  const std::string at = absl::StrCat(where, ".", kind);
  if (kind == "as_none") return c10::IValue();
  if (kind == "as_int") return Int(*v, at);
  if (kind == "as_float") return Float(*v, at);
  if (kind == "as_bool") {
    if (!v->is_boolean()) Fail(absl::StrCat(at, " is not a bool"));
    return v->get<bool>();
  }
  if (kind == "as_string") {
    if (!v->is_string()) Fail(absl::StrCat(at, " is not a string"));
    return v->get<std::string>();
  }
  Fail(absl::StrCat(where, ": an input of kind '", kind, "' is not supported"));
}

struct TensorMeta {
  c10::ScalarType dtype;
  std::vector<int64_t> sizes, strides;  // symbolic ones at their hints
  std::vector<std::string> size_exprs;  // per dim: its expression, "" for a static size
  int64_t storage_offset = 0;
  bool requires_grad = false;
  c10::Layout layout = c10::kStrided;
};

TensorMeta ReadTensorMeta(const json& j, const std::string& where) {
  TensorMeta m;
  m.dtype = ScalarTypeOf(Int(At(j, "dtype", where), where + ".dtype"), where + ".dtype");
  const json& sizes = Array(j, "sizes", where);
  std::string expr;
  for (size_t i = 0; i < sizes.size(); ++i) {
    m.sizes.push_back(SizeOf(sizes[i], absl::StrCat(where, ".sizes[", i, "]"), expr));
    m.size_exprs.push_back(expr);
  }
  const json& strides = Array(j, "strides", where);
  for (size_t i = 0; i < strides.size(); ++i) {
    m.strides.push_back(SizeOf(strides[i], absl::StrCat(where, ".strides[", i, "]"), expr));
  }
  if (m.strides.size() != m.sizes.size()) {
    Fail(absl::StrCat(where, ": ", m.sizes.size(), " sizes but ", m.strides.size(), " strides"));
  }
  m.storage_offset = SizeOf(At(j, "storage_offset", where), where + ".storage_offset", expr);
  if (j.contains("requires_grad")) {
    if (!j["requires_grad"].is_boolean()) Fail(where + ".requires_grad is not a boolean");
    m.requires_grad = j["requires_grad"].get<bool>();
  }
  if (j.contains("layout")) m.layout = LayoutOf(Int(j["layout"], where + ".layout"), where);
  // schema.py's Device {type, index}: the lowering runs the program's ops on CPU tensors, and
  // the metadata it writes back says CPU.
  if (j.contains("device") && !j["device"].is_null()) {
    if (!j["device"].is_object()) Fail(where + ".device is not an object");
    const std::string device = String(j["device"], "type", where + ".device");
    if (device != "cpu") {
      Fail(absl::StrCat(where, ": a tensor on device '", device,
                        "'; graph-lower reads programs exported on CPU only"));
    }
  }
  return m;
}

std::string MetaText(const TensorMeta& m) {
  return absl::StrCat(c10::toString(m.dtype), "[", absl::StrJoin(m.sizes, ", "), "]");
}

// A tensor of `meta`'s shape and dtype: normal samples for floating point, zeros otherwise.
at::Tensor SampleOf(const TensorMeta& meta, at::Generator& generator, const std::string& name) {
  // A damaged archive may declare any size: checked before anything is allocated.
  constexpr int64_t kMaxElements = int64_t{1} << 31;
  int64_t numel = 1;
  for (const int64_t n : meta.sizes) {
    if (n < 0)
      Fail(absl::StrCat("input '", name, "' declares ", MetaText(meta), ", a negative size"));
    if (n > 0 && numel > kMaxElements / n) {
      Fail(absl::StrCat("input '", name, "' declares ", MetaText(meta), ", more than ",
                        kMaxElements, " elements"));
    }
    numel *= n;
  }
  const auto options = at::TensorOptions().dtype(meta.dtype);
  if (c10::isFloatingType(meta.dtype) || c10::isComplexType(meta.dtype)) {
    return at::normal(0, 1, meta.sizes, generator, options);
  }
  return at::zeros(meta.sizes, options);
}

// The archive's pieces, whichever its layout.
struct Pieces {
  json program;  // schema.py's ExportedProgram
  std::string program_record;
  // State-dict name -> tensor, and lifted constant name -> tensor.
  std::vector<ExportedTensor> state_dict, constants;
  std::optional<c10::IValue> example_inputs;  // (args, kwargs), as torch.save wrote them
};

// A torch.save pickle's value with stand-in objects (LoadTorchSave) replaced by what they hold:
// a Parameter by its tensor.
c10::IValue Unwrap(const c10::IValue& v, bool* is_parameter = nullptr) {
  if (v.isObject()) {
    const c10::ivalue::Object& o = v.toObjectRef();
    const std::string type = o.type()->name() ? o.type()->name()->qualifiedName() : "";
    // torch/_utils.py: _rebuild_parameter(data, requires_grad, hooks) and
    // _rebuild_parameter_with_state(data, requires_grad, hooks, state).
    if ((absl::EndsWith(type, "._rebuild_parameter") ||
         absl::EndsWith(type, "._rebuild_parameter_with_state")) &&
        o.slots().size() == 1 && o.getSlot(0).isTuple() &&
        !o.getSlot(0).toTupleRef().elements().empty()) {
      if (is_parameter) *is_parameter = true;
      return o.getSlot(0).toTupleRef().elements()[0];
    }
    Fail(absl::StrCat("a pickled object of class ", type, " (only tensors can be read)"));
  }
  return v;
}

std::vector<ExportedTensor> TensorDict(const Records& records, const std::string& record) {
  absl::StatusOr<c10::IValue> value = LoadTorchSave(records.Read(record));
  if (!value.ok()) Fail(absl::StrCat(record, ": ", value.status().message()));
  if (!value->isGenericDict()) Fail(absl::StrCat(record, ": not a dict of tensors"));
  std::vector<ExportedTensor> out;
  for (const auto& entry : value->toGenericDict()) {
    bool is_parameter = false;
    const c10::IValue v = Unwrap(entry.value(), &is_parameter);
    if (!entry.key().isString() || !v.isTensor()) {
      Fail(absl::StrCat(record, ": not a dict of tensors"));
    }
    out.push_back({entry.key().toStringRef(), v.toTensor(), is_parameter});
  }
  return out;
}

// A PT2 archive's payload (model_weights_config.json or model_constants_config.json): name ->
// tensor, each a view of its raw storage record as its tensor_meta says.
std::vector<ExportedTensor> Payload(const Records& records, const std::string& directory,
                                    const std::string& config_record) {
  std::vector<ExportedTensor> out;
  if (!records.Has(config_record)) Fail(absl::StrCat("the archive has no '", config_record, "'"));
  const json config = ParseJson(records.Read(config_record), config_record);
  const json& entries = At(config, "config", config_record);
  if (!entries.is_object()) Fail(absl::StrCat(config_record, ".config is not an object"));
  absl::flat_hash_map<std::string, at::Tensor> storages;  // raw record -> its bytes as a tensor
  for (const auto& [name, entry] : entries.items()) {
    const std::string where = absl::StrCat(config_record, ".config['", name, "']");
    const std::string file = directory + String(entry, "path_name", where);
    const bool pickled = entry.value("use_pickle", false);
    const bool is_parameter = entry.value("is_param", false);
    if (pickled) {
      absl::StatusOr<c10::IValue> v = LoadTorchSave(records.Read(file));
      if (!v.ok()) Fail(absl::StrCat(file, ": ", v.status().message()));
      const c10::IValue t = Unwrap(*v);
      if (!t.isTensor()) Fail(absl::StrCat(file, ": not a tensor"));
      out.push_back({name, t.toTensor(), is_parameter});
      continue;
    }
    if (!entry.contains("tensor_meta") || entry["tensor_meta"].is_null()) {
      if (absl::StartsWith(String(entry, "path_name", where), "custom_obj")) {
        Fail(absl::StrCat(where,
                          ": custom objects (torch.ScriptObject constants) are not supported"));
      }
      Fail(absl::StrCat(where, " has no tensor_meta"));
    }
    const TensorMeta meta = ReadTensorMeta(entry["tensor_meta"], where + ".tensor_meta");
    if (meta.layout != c10::kStrided) Fail(absl::StrCat(where, ": only strided tensors are read"));
    auto [it, added] = storages.try_emplace(file);
    const size_t item = c10::elementSize(meta.dtype);
    if (added) {
      std::string bytes = records.Read(file);
      if (bytes.size() % item != 0) {
        Fail(absl::StrCat("record '", file, "' holds ", bytes.size(),
                          " bytes, not a whole number of ", c10::toString(meta.dtype),
                          " elements"));
      }
      auto owned = std::make_shared<std::string>(std::move(bytes));
      const int64_t numel = static_cast<int64_t>(owned->size() / item);
      it->second = at::from_blob(
          owned->data(), {numel}, [owned](void*) {}, at::TensorOptions().dtype(meta.dtype));
    }
    at::Tensor flat = it->second;
    if (flat.scalar_type() != meta.dtype) flat = flat.view(meta.dtype);
    if (absl::Status s = CheckViewFits(meta.sizes, meta.strides, meta.storage_offset, item,
                                       flat.numel() * item, "record '" + file + "'");
        !s.ok()) {
      Fail(absl::StrCat("weight '", name, "' (", MetaText(meta), "): ", s.message()));
    }
    out.push_back(
        {name, flat.as_strided(meta.sizes, meta.strides, meta.storage_offset), is_parameter});
  }
  return out;
}

Pieces ReadPieces(const Records& records) {
  Pieces p;
  if (records.Has("serialized_exported_program.json")) {  // torch 2.6
    p.program_record = "serialized_exported_program.json";
    p.program = ParseJson(records.Read(p.program_record), p.program_record);
    p.state_dict = TensorDict(records, "serialized_state_dict.pt");
    p.constants = TensorDict(records, "serialized_constants.pt");
    if (records.Has("serialized_example_inputs.pt")) {
      absl::StatusOr<c10::IValue> v = LoadTorchSave(records.Read("serialized_example_inputs.pt"));
      if (!v.ok()) Fail(absl::StrCat("serialized_example_inputs.pt: ", v.status().message()));
      p.example_inputs = *v;
    }
    return p;
  }
  if (!records.Has("archive_format")) {
    Fail(
        "no exported program in it (neither serialized_exported_program.json nor a PT2 "
        "archive's archive_format)");
  }
  if (std::string format = records.Read("archive_format"); format != "pt2") {
    Fail(absl::StrCat("archive_format is '", format, "', not 'pt2'"));
  }
  // torch/export/pt2_archive/constants.py: ARCHIVE_VERSION_VALUE "0"; torch.export.load
  // refuses any other.
  if (records.Has("archive_version")) {
    const std::string version = records.Read("archive_version");
    if (absl::StripAsciiWhitespace(version) != "0") {
      Fail(absl::StrCat("archive_version is '", absl::CHexEscape(version.substr(0, 16)),
                        "'; this reader knows PT2 archive version 0"));
    }
  }
  std::vector<std::string> models;
  for (const std::string& name : records.Names()) {
    if (absl::StartsWith(name, "models/") && absl::EndsWith(name, ".json")) {
      models.push_back(name.substr(7, name.size() - 12));
    }
  }
  std::string model;
  if (models.size() == 1) {
    model = models[0];
  } else if (std::find(models.begin(), models.end(), "model") != models.end()) {
    model = "model";
  } else {
    Fail(models.empty() ? "the PT2 archive holds no model (models/*.json)"
                        : absl::StrCat("the PT2 archive holds several models (",
                                       absl::StrJoin(models, ", "), ") and none named 'model'"));
  }
  p.program_record = absl::StrCat("models/", model, ".json");
  p.program = ParseJson(records.Read(p.program_record), p.program_record);
  p.state_dict = Payload(records, "data/weights/",
                         absl::StrCat("data/weights/", model, "_weights_config.json"));
  const std::string constants = absl::StrCat("data/constants/", model, "_constants_config.json");
  if (records.Has(constants)) p.constants = Payload(records, "data/constants/", constants);
  const std::string samples = absl::StrCat("data/sample_inputs/", model, ".pt");
  if (records.Has(samples)) {
    absl::StatusOr<c10::IValue> v = LoadTorchSave(records.Read(samples));
    if (!v.ok()) Fail(absl::StrCat(samples, ": ", v.status().message()));
    p.example_inputs = *v;
  }
  return p;
}

// The leaves of (args, kwargs) in pytree order: tuples and lists in order, dicts by insertion.
void Flatten(const c10::IValue& v, std::vector<c10::IValue>& out) {
  if (v.isTuple()) {
    for (const c10::IValue& e : v.toTupleRef().elements()) Flatten(e, out);
  } else if (v.isList()) {
    for (const c10::IValue& e : v.toListRef()) Flatten(e, out);
  } else if (v.isGenericDict()) {
    for (const auto& entry : v.toGenericDict()) Flatten(entry.value(), out);
  } else {
    out.push_back(v);
  }
}

// Python's operators on symbolic sizes as torch.export records them (torch/_export/serde/
// serialize.py's _SYM_OPS), each with TorchScript's op on ints or bools.
const std::pair<absl::string_view, const char*> kSymIntOperators[] = {
    {"_operator.add", "aten::add.int"},       {"_operator.sub", "aten::sub.int"},
    {"_operator.mul", "aten::mul.int"},       {"_operator.floordiv", "aten::floordiv.int"},
    {"_operator.mod", "aten::remainder.int"}, {"_operator.neg", "aten::neg.int"},
    {"_operator.eq", "aten::eq.int"},         {"_operator.ne", "aten::ne.int"},
    {"_operator.lt", "aten::lt.int"},         {"_operator.le", "aten::le.int"},
    {"_operator.gt", "aten::gt.int"},         {"_operator.ge", "aten::ge.int"},
    {"torch.sym_max", "prim::max.int"},       {"torch.sym_min", "prim::min.int"},
    {"_operator.and_", "aten::__and__.bool"}, {"_operator.or_", "aten::__or__.bool"},
    {"torch.sym_not", "aten::__not__"}};

const char* SymIntOperator(absl::string_view target) {
  for (const auto& [python, op] : kSymIntOperators) {
    if (target == python) return op;
  }
  return nullptr;
}

// torch.export's size queries, which return SymInts, and TorchScript's, which return ints.
const std::pair<absl::string_view, const char*> kSizeQueries[] = {
    {"torch.ops.aten.sym_size.int", "torch.ops.aten.size.int"},
    {"torch.ops.aten.sym_stride.int", "torch.ops.aten.stride.int"},
    {"torch.ops.aten.sym_numel.default", "torch.ops.aten.numel.default"}};

// The overload `target` ("torch.ops.aten.add.Tensor") names.
std::shared_ptr<torch::jit::Operator> FindOperator(const std::string& target,
                                                   const std::string& where) {
  if (absl::StartsWith(target, "torch.ops.higher_order.")) {
    Fail(absl::StrCat(where, ": the higher-order op ", target.substr(10),
                      " is not supported in .pt2 archives yet"));
  }
  std::vector<std::string> parts = absl::StrSplit(target, '.');
  if (parts.size() != 5 || parts[0] != "torch" || parts[1] != "ops") {
    Fail(absl::StrCat(where, ": '", target,
                      "' is not an operator overload (torch.ops.<namespace>.<op>.<overload>)"));
  }
  const std::string qualified = absl::StrCat(parts[2], "::", parts[3]);
  const std::string overload = parts[4] == "default" ? "" : parts[4];
  const auto ops = torch::jit::getAllOperatorsFor(c10::Symbol::fromQualString(qualified));
  for (const auto& op : ops) {
    if (op->schema().overload_name() == overload) return op;
  }
  if (ops.empty()) {
    // Ops of other namespaces come from libraries: C++ ones (torchvision's _C.so) can be loaded
    // here; Python ones (torch.library in Python, quantized_decomposed) exist only in Python.
    Fail(absl::StrCat(
        where, ": unknown operator ", qualified,
        parts[2] == "aten"
            ? ""
            : absl::StrCat(" (no library loaded registers the namespace '", parts[2],
                           "': load a C++ one with --load-library, e.g. torchvision's _C.so "
                           "for torchvision::; ops registered from Python are lowered with "
                           "graph_lower's Python API)")));
  }
  Fail(absl::StrCat(where, ": ", qualified, " has no overload '", parts[4], "'"));
}

bool IsTensorType(const c10::TypePtr& t) {
  c10::TypePtr real = t;
  if (auto o = t->cast<c10::OptionalType>()) real = o->getElementType();
  return real->kind() == c10::TypeKind::TensorType;
}

// The overload of `op`'s name taking a number where `op` takes a Tensor at `positions`, and
// otherwise the same arguments (add.Tensor -> add.Scalar, where.self -> where.ScalarOther).
std::shared_ptr<torch::jit::Operator> ScalarSibling(const torch::jit::Operator& op,
                                                    const std::vector<size_t>& positions) {
  const c10::FunctionSchema& want = op.schema();
  for (const auto& cand :
       torch::jit::getAllOperatorsFor(c10::Symbol::fromQualString(want.name()))) {
    const c10::FunctionSchema& have = cand->schema();
    if (have.overload_name() == want.overload_name() ||
        have.arguments().size() != want.arguments().size() ||
        have.returns().size() != want.returns().size()) {
      continue;
    }
    bool same = true;
    for (size_t i = 0; same && i < want.arguments().size(); ++i) {
      const c10::Argument &a = want.arguments()[i], &b = have.arguments()[i];
      same = a.name() == b.name();
      if (std::find(positions.begin(), positions.end(), i) != positions.end()) {
        c10::TypePtr real = b.type();
        if (auto o = real->cast<c10::OptionalType>()) real = o->getElementType();
        same = same && real->kind() == c10::TypeKind::NumberType;
      } else {
        const c10::AliasInfo *x = a.alias_info(), *y = b.alias_info();
        same = same && *a.type() == *b.type() && (x && y ? *x == *y : x == y);
      }
    }
    if (same) return cand;
  }
  return nullptr;
}

class GraphBuilder {
 public:
  explicit GraphBuilder(std::shared_ptr<torch::jit::Graph> g) : g_(std::move(g)) {}

  // Binds a graph value to a name of the program.
  void Bind(const std::string& name, Value* v) {
    if (!env_.emplace(name, v).second)
      Fail(absl::StrCat("the value '", name, "' is defined twice"));
    v->setDebugName(name);
  }

  Value* Named(const std::string& name, const std::string& where) {
    auto it = env_.find(name);
    if (it == env_.end())
      Fail(absl::StrCat(where, " refers to '", name, "', defined nowhere before"));
    return it->second;
  }

  Value* Constant(const c10::IValue& v) { return g_->insertConstant(v); }

  // A SymInt: {"as_int": n}, or {"as_name": name} of a symbolic int computed earlier.
  Value* SymInt(const json& j, const std::string& where) {
    auto [kind, value] = Union(j, where);
    if (kind == "as_int") return Constant(Int(*value, where));
    if (kind == "as_name" && value->is_string()) return Named(value->get<std::string>(), where);
    Fail(absl::StrCat(where, ": symbolic int kind '", kind, "' is not supported"));
  }

  Value* NoneOf(const c10::TypePtr& type) {
    Value* none = g_->insertConstant(c10::IValue());
    if (type && type->kind() == c10::TypeKind::OptionalType) none->setType(type);
    return none;
  }

  // The Value of argument `arg` (a schema.py Argument) passed as `formal`.
  Value* Argument(const json& arg, const c10::TypePtr& formal, const std::string& where) {
    auto [kind, v] = Union(arg, where);
    const std::string at = absl::StrCat(where, ".", kind);
    c10::TypePtr real = formal;
    if (auto o = formal->cast<c10::OptionalType>()) real = o->getElementType();
    if (kind == "as_none") return NoneOf(formal);
    if (kind == "as_tensor") return Named(String(*v, "name", at), at);
    if (kind == "as_tensors" || kind == "as_optional_tensors") {
      if (!v->is_array()) Fail(absl::StrCat(at, " is not an array"));
      std::vector<Value*> items;
      const bool optional = kind == "as_optional_tensors";
      for (size_t i = 0; i < v->size(); ++i) {
        const std::string w = absl::StrCat(at, "[", i, "]");
        if (!optional) {
          items.push_back(Named(String((*v)[i], "name", w), w));
          continue;
        }
        auto [k, x] = Union((*v)[i], w);
        items.push_back(k == "as_none" ? NoneOf(c10::OptionalType::create(c10::TensorType::get()))
                                       : Named(String(*x, "name", w + "." + k), w));
      }
      c10::TypePtr element = c10::TensorType::get();
      if (auto list = real->cast<c10::ListType>()) element = list->getElementType();
      if (optional) element = c10::OptionalType::create(c10::TensorType::get());
      return g_->insertNode(g_->createList(element, items))->output();
    }
    if (kind == "as_int" || kind == "as_float" || kind == "as_bool" || kind == "as_string") {
      c10::IValue value = ConstantValue(arg, where);
      // TorchScript's Scalar holds no bool: a bool fill value is passed as 0 or 1.
      if (value.isBool() && (real->kind() == c10::TypeKind::NumberType ||
                             real->kind() == c10::TypeKind::TensorType)) {
        value = static_cast<int64_t>(value.toBool());
      }
      if (real->kind() == c10::TypeKind::FloatType && value.isInt()) {
        value = static_cast<double>(value.toInt());
      }
      return Constant(value);
    }
    if (kind == "as_ints") {
      if (!v->is_array()) Fail(absl::StrCat(at, " is not an array"));
      std::vector<int64_t> ints;
      for (size_t i = 0; i < v->size(); ++i)
        ints.push_back(Int((*v)[i], absl::StrCat(at, "[", i, "]")));
      return Constant(c10::List<int64_t>(ints));
    }
    if (kind == "as_sym_ints") {  // ints and symbolic ints: a list built when the graph runs
      if (!v->is_array()) Fail(absl::StrCat(at, " is not an array"));
      std::vector<Value*> items;
      for (size_t i = 0; i < v->size(); ++i)
        items.push_back(SymInt((*v)[i], absl::StrCat(at, "[", i, "]")));
      return g_->insertNode(g_->createList(c10::IntType::get(), items))->output();
    }
    if (kind == "as_floats") {
      std::vector<double> floats;
      if (!v->is_array()) Fail(absl::StrCat(at, " is not an array"));
      for (const json& f : *v) {
        floats.push_back(Float(f, at));
      }
      return Constant(c10::List<double>(floats));
    }
    if (kind == "as_bools") {
      c10::List<bool> bools;
      if (!v->is_array()) Fail(absl::StrCat(at, " is not an array"));
      for (const json& b : *v) {
        if (!b.is_boolean()) Fail(absl::StrCat(at, " holds a non-bool"));
        bools.push_back(b.get<bool>());
      }
      return Constant(bools);
    }
    if (kind == "as_strings") {
      std::vector<std::string> strings;
      if (!v->is_array()) Fail(absl::StrCat(at, " is not an array"));
      for (const json& s : *v) {
        if (!s.is_string()) Fail(absl::StrCat(at, " holds a non-string"));
        strings.push_back(s.get<std::string>());
      }
      return Constant(c10::List<std::string>(strings));
    }
    if (kind == "as_sym_int") return SymInt(*v, at);
    if (kind == "as_sym_bool" || kind == "as_sym_float") {
      auto [k, x] = Union(*v, at);
      if (k == "as_name" && x->is_string()) return Named(x->get<std::string>(), at);
      if (k == "as_bool" && x->is_boolean()) return Constant(x->get<bool>());
      if (k == "as_float" && (x->is_number() || x->is_string())) {
        return Constant(Float(*x, at));
      }
      Fail(absl::StrCat(at, " is symbolic: ", kDynamicHint));
    }
    if (kind == "as_scalar_type") {
      return Constant(static_cast<int64_t>(ScalarTypeOf(Int(*v, at), at)));
    }
    if (kind == "as_layout") return Constant(static_cast<int64_t>(LayoutOf(Int(*v, at), at)));
    if (kind == "as_memory_format") {
      return Constant(static_cast<int64_t>(MemoryFormatOf(Int(*v, at), at)));
    }
    if (kind == "as_device") {
      std::string device = String(*v, "type", at);
      if (v->contains("index") && (*v)["index"].is_number_integer()) {
        device += ":" + std::to_string((*v)["index"].get<int64_t>());
      }
      try {
        return Constant(c10::Device(device));
      } catch (const std::exception&) {
        Fail(absl::StrCat(at, ": unknown device '", device, "'"));
      }
    }
    if (kind == "as_graph")
      Fail(absl::StrCat(at, ": graph arguments (higher-order ops) are not supported yet"));
    if (kind == "as_custom_obj") Fail(absl::StrCat(at, ": custom objects are not supported"));
    Fail(absl::StrCat(at, ": argument kind '", kind, "' is not supported"));
  }

  void Call(const json& node, size_t index) {
    const std::string where = absl::StrCat("graph.nodes[", index, "]");
    std::string target = String(node, "target", where);
    const std::string what = absl::StrCat(where, " (", target, ")");
    if (const char* op = SymIntOperator(target)) return SymIntCall(node, op, where, what);
    // A size query: TorchScript's own ops, which lowering folds or keeps as sym_size.int.
    for (const auto& [sym, plain] : kSizeQueries) {
      if (target == sym) target = plain;
    }
    std::shared_ptr<torch::jit::Operator> op = FindOperator(target, what);
    const json& inputs = Array(node, "inputs", where);
    // Named arguments: schema argument name -> its value.
    absl::flat_hash_map<std::string, const json*> given;
    for (size_t i = 0; i < inputs.size(); ++i) {
      given[String(inputs[i], "name", absl::StrCat(where, ".inputs[", i, "]"))] =
          &At(inputs[i], "arg", absl::StrCat(where, ".inputs[", i, "]"));
    }
    const auto& formals = op->schema().arguments();
    std::vector<size_t> numbers;  // Tensor arguments given a number
    for (size_t i = 0; i < formals.size(); ++i) {
      auto it = given.find(formals[i].name());
      if (it == given.end() || !IsTensorType(formals[i].type())) continue;
      auto [kind, unused] = Union(*it->second, what);
      if (kind == "as_int" || kind == "as_float" || kind == "as_bool" || kind == "as_sym_int" ||
          kind == "as_sym_float" || kind == "as_sym_bool") {
        numbers.push_back(i);
      }
    }
    if (!numbers.empty()) {
      if (auto sibling = ScalarSibling(*op, numbers)) op = sibling;
    }
    const c10::FunctionSchema& schema = op->schema();
    std::vector<Value*> values;
    size_t used = 0;
    for (const c10::Argument& formal : schema.arguments()) {
      const std::string w = absl::StrCat(what, " argument '", formal.name(), "'");
      auto it = given.find(formal.name());
      if (it != given.end()) {
        ++used;
        Value* v = Argument(*it->second, formal.type(), w);
        if (IsTensorType(formal.type()) && v->type()->kind() != c10::TypeKind::TensorType &&
            v->type()->kind() != c10::TypeKind::NoneType &&
            v->type()->kind() != c10::TypeKind::OptionalType) {
          // A number where only a Tensor overload exists: a 0-dim tensor of it, int64 for an
          // int and bool for a bool, as torch.tensor(number) makes.
          const c10::TypeKind k = v->type()->kind();
          if (k != c10::TypeKind::IntType && k != c10::TypeKind::BoolType &&
              k != c10::TypeKind::FloatType) {
            Fail(
                absl::StrCat(w, ": a ", v->type()->repr_str(), " where the schema takes a Tensor"));
          }
          const auto dtype = k == c10::TypeKind::IntType ? c10::kLong
                             : k == c10::TypeKind::BoolType
                                 ? c10::kBool
                                 : c10::typeMetaToScalarType(at::get_default_dtype());
          const std::optional<c10::IValue> number = torch::jit::toIValue(v);
          if (number) {
            v = Constant(at::scalar_tensor(number->toScalar(), at::TensorOptions().dtype(dtype)));
          } else {
            // A symbolic number: made a tensor when the graph runs.
            torch::jit::Node* t = g_->insertNode(
                g_->create(c10::aten::scalar_tensor,
                           {v, Constant(static_cast<int64_t>(dtype)),
                            NoneOf(c10::OptionalType::create(c10::LayoutType::get())),
                            NoneOf(c10::OptionalType::create(c10::DeviceObjType::get())),
                            NoneOf(c10::OptionalType::create(c10::BoolType::get()))}));
            t->output()->setType(c10::TensorType::get());
            v = t->output();
          }
        }
        values.push_back(v);
      } else if (formal.default_value()) {
        values.push_back(formal.type()->kind() == c10::TypeKind::OptionalType &&
                                 formal.default_value()->isNone()
                             ? NoneOf(formal.type())
                             : Constant(*formal.default_value()));
      } else {
        Fail(absl::StrCat(what, ": no value for argument '", formal.name(), "'"));
      }
    }
    if (used != given.size()) {
      std::vector<std::string> extra;
      for (const auto& [name, unused] : given) {
        bool known = false;
        for (const c10::Argument& f : schema.arguments()) known = known || f.name() == name;
        if (!known) extra.push_back(name);
      }
      std::sort(extra.begin(), extra.end());
      Fail(
          absl::StrCat(what, ": arguments the schema does not have: ", absl::StrJoin(extra, ", ")));
    }
    const auto& returns = schema.returns();
    torch::jit::Node* n = g_->insertNode(
        g_->create(c10::Symbol::fromQualString(schema.name()), values, returns.size()));
    for (size_t i = 0; i < returns.size(); ++i) n->output(i)->setType(returns[i].type());
    const c10::FunctionSchema* resolved = n->maybeSchema();
    if (!resolved || resolved->overload_name() != schema.overload_name()) {
      Fail(absl::StrCat(what, ": its arguments do not match ", c10::toString(schema)));
    }
    BindOutputs(node, n, where, what);
  }

  // A Python operator on symbolic ints (`op`: its TorchScript overload), inputs in order.
  void SymIntCall(const json& node, const char* op, const std::string& where,
                  const std::string& what) {
    const json& inputs = Array(node, "inputs", where);
    std::vector<Value*> values;
    for (size_t i = 0; i < inputs.size(); ++i) {
      const std::string w = absl::StrCat(where, ".inputs[", i, "]");
      values.push_back(Argument(At(inputs[i], "arg", w), c10::IntType::get(), w + ".arg"));
    }
    const std::string qualified(op);
    const size_t dot = qualified.find('.');
    torch::jit::Node* n = g_->insertNode(
        g_->create(c10::Symbol::fromQualString(qualified.substr(0, dot)), values, 1));
    const c10::FunctionSchema* schema = n->maybeSchema();
    if (!schema ||
        schema->overload_name() != (dot == std::string::npos ? "" : qualified.substr(dot + 1))) {
      Fail(absl::StrCat(what, ": its arguments are not ", qualified, "'s"));
    }
    n->output()->setType(schema->returns()[0].type());
    BindOutputs(node, n, where, what);
  }

  void BindOutputs(const json& node, torch::jit::Node* n, const std::string& where,
                   const std::string& what) {
    const auto& returns = n->schema().returns();
    const json& outputs = Array(node, "outputs", where);
    if (returns.size() == 1 && returns[0].type()->kind() == c10::TypeKind::ListType &&
        outputs.size() == 1 && outputs[0].contains("as_tensors")) {
      const json& names = outputs[0]["as_tensors"];
      if (!names.is_array()) Fail(absl::StrCat(where, ".outputs[0].as_tensors is not an array"));
      torch::jit::Node* unpack =
          g_->insertNode(g_->create(c10::prim::ListUnpack, {n->output()}, names.size()));
      for (size_t i = 0; i < names.size(); ++i) {
        unpack->output(i)->setType(c10::TensorType::get());
        Bind(String(names[i], "name", absl::StrCat(where, ".outputs[0].as_tensors[", i, "]")),
             unpack->output(i));
      }
      return;
    }
    if (outputs.size() != returns.size()) {
      Fail(absl::StrCat(what, ": ", outputs.size(), " outputs, but the schema returns ",
                        returns.size()));
    }
    for (size_t i = 0; i < outputs.size(); ++i) {
      const std::string w = absl::StrCat(where, ".outputs[", i, "]");
      auto [kind, v] = Union(outputs[i], w);
      if (kind == "as_tensor") {
        Bind(String(*v, "name", w), n->output(i));
      } else if (kind == "as_sym_int" || kind == "as_sym_float" || kind == "as_sym_bool") {
        auto [k, x] = Union(*v, w + "." + kind);
        if (k == "as_name" && x->is_string()) Bind(x->get<std::string>(), n->output(i));
      } else if (kind == "as_int" || kind == "as_float" || kind == "as_bool") {
        // A value export proved constant: nothing refers to it.
      } else if (kind != "as_none") {
        Fail(absl::StrCat(w, ": output kind '", kind, "' is not supported"));
      }
    }
  }

 private:
  std::shared_ptr<torch::jit::Graph> g_;
  absl::flat_hash_map<std::string, Value*> env_;
};

// The tensor a signature spec's `arg` names: a TensorArgument {name}, or an Argument union's
// as_tensor; "" for any other argument.
std::string SpecTensorName(const json& arg) {
  if (!arg.is_object()) return "";
  if (arg.contains("name") && arg["name"].is_string()) return arg["name"].get<std::string>();
  if (arg.contains("as_tensor") && arg["as_tensor"].is_object())
    return SpecTensorName(arg["as_tensor"]);
  return "";
}

bool IsNoneArgument(const json& arg) { return arg.is_object() && arg.contains("as_none"); }

// The leaves of a TreeSpec node as torch.utils._pytree.treespec_dumps writes it: {"type",
// "context", "children_spec"}, a leaf having a null type. None is a node without children, not a
// leaf, as in the pytree.
int64_t TreeSpecLeaves(const json& node, const std::string& where, int depth = 0) {
  if (depth > 1000) Fail(where + " is nested too deeply");
  if (!node.is_object() || !node.contains("type") || !node.contains("children_spec") ||
      !node["children_spec"].is_array()) {
    Fail(where + " is not a pytree TreeSpec");
  }
  if (node["type"].is_null()) return 1;
  int64_t leaves = 0;
  for (const json& child : node["children_spec"]) leaves += TreeSpecLeaves(child, where, depth + 1);
  return leaves;
}

// Checks the root module's in_spec and out_spec (module_call_graph[fqn ""].signature, treespec
// strings) against the numbers of user inputs and outputs the graph signature has:
// torch.export.load builds the module's calling convention from them.
void CheckCallSpecs(const json& module, int64_t user_inputs, int64_t user_outputs) {
  if (!module.contains("module_call_graph") || !module["module_call_graph"].is_array()) return;
  for (const json& entry : module["module_call_graph"]) {
    if (!entry.is_object() || !entry.contains("fqn") || entry["fqn"] != "") continue;
    if (!entry.contains("signature") || !entry["signature"].is_object()) return;
    const json& sig = entry["signature"];
    for (const auto& [key, expected] :
         {std::pair<const char*, int64_t>{"in_spec", user_inputs}, {"out_spec", user_outputs}}) {
      const std::string where = absl::StrCat("module_call_graph[''].signature.", key);
      if (!sig.contains(key)) continue;
      if (!sig[key].is_string()) Fail(where + " is not a string");
      const json spec = json::parse(sig[key].get<std::string>(), nullptr, false);
      if (spec.is_discarded() || !spec.is_array() || spec.size() != 2) {
        Fail(where + " is not a pytree TreeSpec (treespec_dumps' [protocol, spec])");
      }
      const int64_t leaves = TreeSpecLeaves(spec[1], where);
      if (leaves != expected) {
        Fail(absl::StrCat(where, " has ", leaves, " leaves, but the graph signature has ", expected,
                          key == absl::string_view("in_spec") ? " user inputs" : " user outputs"));
      }
    }
    return;
  }
}

Program BuildProgram(Pieces& pieces, const std::string& path) {
  const json& ep = pieces.program;
  const std::string& rec = pieces.program_record;
  const json& version = At(ep, "schema_version", rec);
  const int64_t major = Int(At(version, "major", rec + ".schema_version"), "schema_version.major");
  const int64_t minor = Int(At(version, "minor", rec + ".schema_version"), "schema_version.minor");
  if (major > kExportSchemaMajor || (major == kExportSchemaMajor && minor > kExportSchemaMinor)) {
    Fail(absl::StrCat("schema version ", major, ".", minor,
                      " is newer than the newest this reader knows, ", kExportSchemaMajor, ".",
                      kExportSchemaMinor));
  }
  if (major < kExportSchemaMajor) {
    Fail(absl::StrCat("schema version ", major, ".", minor, " is older than ", kExportSchemaMajor,
                      ".0, the oldest this reader knows"));
  }
  const json& module = At(ep, "graph_module", rec);
  const json& graph = At(module, "graph", rec + ".graph_module");
  const json& signature = At(module, "signature", rec + ".graph_module");
  // Tensor metadata by value name.
  absl::flat_hash_map<std::string, TensorMeta> metas;
  const json& tensor_values = At(graph, "tensor_values", "graph");
  if (!tensor_values.is_object()) Fail("graph.tensor_values is not an object");
  for (const auto& [name, meta] : tensor_values.items()) {
    metas.emplace(name, ReadTensorMeta(meta, absl::StrCat("graph.tensor_values['", name, "']")));
  }

  absl::flat_hash_map<std::string, at::Tensor> state_dict, constants;
  for (const ExportedTensor& t : pieces.state_dict) state_dict.emplace(t.name, t.value);
  for (const ExportedTensor& t : pieces.constants) constants.emplace(t.name, t.value);
  Program program;
  program.source = path;
  program.graph = std::make_shared<torch::jit::Graph>();
  GraphBuilder builder(program.graph);
  at::Generator generator = at::detail::createCPUGenerator(0);
  std::vector<c10::IValue> made;  // sample user inputs made from metadata
  std::vector<std::string> dynamic_dims;
  absl::flat_hash_map<std::string, int> attribute_names;
  struct Lift {
    std::string input, name;
    at::Tensor value;
    bool is_parameter;
    size_t spec;  // its index in input_specs
  };
  auto source = std::make_shared<ExportedProgramSource>();
  std::vector<Lift> lifts;
  // The signature says which weights are parameters: the pickles of another torch version may
  // not (torch 2.14's unpickler reads torch 2.6's _rebuild_parameter as a plain tensor).
  absl::flat_hash_set<std::string> parameter_names;
  const json& specs = Array(signature, "input_specs", "graph_module.signature");
  // The specs correspond to the graph's placeholders one to one, in order
  // (torch/export/graph_signature.py).
  const json& graph_inputs = Array(graph, "inputs", "graph");
  if (graph_inputs.size() != specs.size()) {
    Fail(absl::StrCat("the graph signature has ", specs.size(), " input specs but the graph ",
                      graph_inputs.size(), " inputs"));
  }
  int64_t user_inputs = 0;
  for (size_t i = 0; i < specs.size(); ++i) {
    const std::string where = absl::StrCat("signature.input_specs[", i, "]");
    auto [kind, spec] = Union(specs[i], where);
    const std::string at = where + "." + kind;
    if (spec->is_object() && spec->contains("arg")) {
      const std::string name = SpecTensorName((*spec)["arg"]);
      const std::string placeholder = SpecTensorName(graph_inputs[i]);
      if (name != placeholder) {
        Fail(absl::StrCat(at, " is for '", name, "', but graph.inputs[", i, "] is '", placeholder,
                          "'"));
      }
      if ((kind == "user_input" || kind == "constant_input") && !IsNoneArgument((*spec)["arg"]))
        ++user_inputs;
    } else if (kind == "constant_input") {
      ++user_inputs;
    }
    if (kind == "user_input") {
      auto [k, arg] = Union(At(*spec, "arg", at), at + ".arg");
      if (k == "as_tensor") {
        const std::string name = String(*arg, "name", at + ".arg.as_tensor");
        auto meta = metas.find(name);
        if (meta == metas.end())
          Fail(absl::StrCat(at, ": input '", name, "' has no tensor_values"));
        Value* in = program.graph->addInput();
        in->setType(c10::TensorType::get());
        builder.Bind(name, in);
        source->input_specs.push_back(i);
        // Its symbolic dims, as --dynamic-dims names them (user input, dim, symbol).
        const std::vector<std::string>& exprs = meta->second.size_exprs;
        for (size_t d = 0; d < exprs.size(); ++d) {
          if (exprs[d].empty()) continue;
          const std::string symbol = SymbolOf(exprs[d]);
          if (symbol.empty()) {
            Fail(absl::StrCat("input '", name, "' dim ", d, " has the size ", exprs[d],
                              ", an expression: only plain symbols (torch.export.Dim) are "
                              "supported as input sizes"));
          }
          dynamic_dims.push_back(absl::StrCat(made.size(), ".", d, "=", symbol));
        }
        made.emplace_back(SampleOf(meta->second, generator, name));
      } else {
        // A non-tensor input torch.export specialised: nothing in the graph reads it.
        const c10::IValue value = ConstantValue(At(*spec, "arg", at), at + ".arg");
        Value* in = program.graph->addInput(absl::StrCat("constant_input_", i));
        in->setType(value.isNone() ? c10::NoneType::get() : value.type());
        source->input_specs.push_back(i);
        made.push_back(value);
      }
    } else if (kind == "parameter" || kind == "buffer" || kind == "tensor_constant") {
      const std::string input = String(At(*spec, "arg", at), "name", at + ".arg");
      const std::string key = kind == "parameter" ? "parameter_name"
                              : kind == "buffer"  ? "buffer_name"
                                                  : "tensor_constant_name";
      const std::string name = String(*spec, key, at);
      // Non-persistent buffers are kept with the constants, lifted constants may be either.
      const auto* first = kind == "tensor_constant" ? &constants : &state_dict;
      const auto* second = kind == "tensor_constant" ? &state_dict : &constants;
      auto value = first->find(name);
      if (value == first->end()) value = second->find(name);
      if (value == second->end()) {
        Fail(absl::StrCat("the archive has no weights for ", kind, " '", name, "'"));
      }
      auto meta = metas.find(input);
      if (meta != metas.end()) {
        const at::Tensor& t = value->second;
        if (t.sizes().vec() != meta->second.sizes || t.scalar_type() != meta->second.dtype) {
          Fail(absl::StrCat("weight '", name, "' is ", c10::toString(t.scalar_type()), "[",
                            absl::StrJoin(t.sizes(), ", "), "], but the program says ",
                            MetaText(meta->second)));
        }
      }
      lifts.push_back({input, name, value->second.detach(), kind == "parameter", i});
      if (kind == "parameter") parameter_names.insert(name);
    } else if (kind == "constant_input") {
      // schema.py's InputToConstantInputSpec: a non-tensor input torch.export specialised to
      // `value`; nothing in the graph reads it.
      const c10::IValue value = ConstantValue(At(*spec, "value", at), at + ".value");
      Value* in = program.graph->addInput(String(*spec, "name", at));
      in->setType(value.isNone() ? c10::NoneType::get() : value.type());
      source->input_specs.push_back(i);
      made.push_back(value);
    } else {
      Fail(absl::StrCat(at, ": inputs of kind '", kind, "'",
                        kind == "custom_obj" ? " (custom objects)"
                        : kind == "token"    ? " (effect tokens)"
                                             : "",
                        " are not supported"));
    }
  }
  for (Lift& l : lifts) {
    Value* in = program.graph->addInput();
    in->setType(c10::TensorType::get());
    const std::string base = AttributeName(l.name);
    std::string attribute = base;
    for (int n = 1; attribute_names.contains(attribute); ++n)
      attribute = absl::StrCat(base, "_", n);
    attribute_names[attribute] = 1;
    builder.Bind(l.input, in);
    source->input_specs.push_back(l.spec);
    program.lifted.push_back({l.name, attribute, l.value, l.is_parameter});
  }
  const json& nodes = Array(graph, "nodes", "graph");
  for (size_t i = 0; i < nodes.size(); ++i) {
    try {
      builder.Call(nodes[i], i);
    } catch (const json::exception& e) {
      Fail(absl::StrCat("graph.nodes[", i, "]: ", e.what()));
    }
  }
  const json& outputs = Array(graph, "outputs", "graph");
  const json& output_specs = Array(signature, "output_specs", "graph_module.signature");
  if (output_specs.size() != outputs.size()) {
    Fail(absl::StrCat("the graph signature has ", output_specs.size(),
                      " output specs but the graph ", outputs.size(), " outputs"));
  }
  int64_t user_outputs = 0;
  for (size_t i = 0; i < outputs.size(); ++i) {
    const std::string where = absl::StrCat("signature.output_specs[", i, "]");
    auto [kind, spec] = Union(output_specs[i], where);
    const json& arg = At(*spec, "arg", where + "." + kind);
    const std::string name = SpecTensorName(arg), output = SpecTensorName(outputs[i]);
    if (name != output) {
      Fail(absl::StrCat(where, ".", kind, " is for '", name, "', but graph.outputs[", i, "] is '",
                        output, "'"));
    }
    if (kind == "user_output" && !IsNoneArgument(arg)) ++user_outputs;
  }
  CheckCallSpecs(module, user_inputs, user_outputs);
  for (size_t i = 0; i < outputs.size(); ++i) {
    const std::string where = absl::StrCat("graph.outputs[", i, "]");
    program.graph->registerOutput(builder.Argument(outputs[i], c10::AnyType::get(), where));
  }

  program.symbolic_dims = absl::StrJoin(dynamic_dims, ",");
  // Sample inputs: the archive's, when they are the user inputs' values.
  program.sample_inputs = std::move(made);
  if (pieces.example_inputs) {
    std::vector<c10::IValue> leaves;
    Flatten(*pieces.example_inputs, leaves);
    bool fits = leaves.size() == program.sample_inputs->size();
    for (size_t i = 0; fits && i < leaves.size(); ++i) {
      const c10::IValue& a = leaves[i];
      const c10::IValue& b = (*program.sample_inputs)[i];
      fits = a.isTensor() == b.isTensor() &&
             (!a.isTensor() || (a.toTensor().sizes() == b.toTensor().sizes() &&
                                a.toTensor().scalar_type() == b.toTensor().scalar_type()));
    }
    if (fits) program.sample_inputs = std::move(leaves);
  }
  source->example_inputs = std::move(pieces.example_inputs);
  for (ExportedTensor& t : pieces.state_dict) {
    t.is_parameter = t.is_parameter || parameter_names.contains(t.name);
  }
  source->state_dict = std::move(pieces.state_dict);
  source->constants = std::move(pieces.constants);
  source->program = std::move(pieces.program);
  program.exported = std::move(source);
  return program;
}

}  // namespace

bool IsExportedProgramArchive(const std::string& path) {
  int error = 0;
  zip_t* zip = zip_open(path.c_str(), ZIP_RDONLY, &error);
  if (!zip) return false;
  bool found = false;
  const zip_int64_t n = zip_get_num_entries(zip, 0);
  for (zip_int64_t i = 0; i < n && !found; ++i) {
    const char* name = zip_get_name(zip, i, 0);
    if (!name) continue;
    const absl::string_view s(name);
    found = s == "serialized_exported_program.json" ||
            (absl::EndsWith(s, "/archive_format") && std::count(s.begin(), s.end(), '/') == 1);
  }
  zip_discard(zip);
  return found;
}

absl::StatusOr<Program> LoadExportedProgram(const std::string& path) {
  absl::StatusOr<std::unique_ptr<Records>> records = Records::Open(path);
  if (!records.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": ", records.status().message()));
  }
  try {
    Pieces pieces = ReadPieces(**records);
    return BuildProgram(pieces, path);
  } catch (const BadArchive& e) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": ", e.message));
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": ", ExceptionMessage(e)));
  }
}

}  // namespace graph_lower
