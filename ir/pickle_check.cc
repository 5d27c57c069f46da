#include "ir/pickle_check.h"

#include <ATen/EmptyTensor.h>
#include <caffe2/serialize/inline_container.h>
#include <torch/csrc/jit/api/compilation_unit.h>
#include <torch/csrc/jit/frontend/resolver.h>
#include <torch/csrc/jit/frontend/script_type_parser.h>
#include <torch/csrc/jit/serialization/import_read.h>
#include <torch/csrc/jit/serialization/storage_context.h>

#include <algorithm>
#include <cstring>
#include <exception>
#include <fstream>
#include <functional>
#include <memory>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "ir/errors.h"
#include "ir/status_macros.h"

namespace graph_lower {
namespace {

uint64_t ReadLittleEndian(const uint8_t* p, size_t bytes) {
  uint64_t v = 0;
  for (size_t k = 0; k < bytes; ++k) v |= static_cast<uint64_t>(p[k]) << (8 * k);
  return v;
}

// What follows an opcode (Lib/pickletools.py's argument descriptors).
enum class Argument {
  kNone,
  kFixed,      // `bytes` bytes
  kLine,       // up to and including '\n'
  kTwoLines,   // GLOBAL, INST: module and name, each ending in '\n'
  kCounted,    // a little-endian count of `bytes` bytes, then that many bytes
  kMemoIndex,  // a little-endian memo index of `bytes` bytes
  kFrame,      // FRAME: an 8-byte frame size
};

struct OpcodeInfo {
  Argument argument = Argument::kNone;
  size_t bytes = 0;
  bool known = false;
};

OpcodeInfo Info(uint8_t op) {
  switch (op) {
    // No argument.
    case '(':
    case '.':
    case '0':
    case '1':
    case '2':
    case 'N':
    case 'Q':
    case 'R':
    case 'a':
    case 'b':
    case 'd':
    case '}':
    case 'e':
    case 'l':
    case ']':
    case 'o':
    case 's':
    case 't':
    case ')':
    case 'u':
    case 0x81:
    case 0x85:
    case 0x86:
    case 0x87:
    case 0x88:
    case 0x89:
    case 0x8f:
    case 0x90:
    case 0x91:
    case 0x92:
    case 0x93:
    case 0x94:
    case 0x97:
    case 0x98:
      return {Argument::kNone, 0, true};
    case 'K':
    case 0x80:
    case 0x82:
      return {Argument::kFixed, 1, true};
    case 'M':
    case 0x83:
      return {Argument::kFixed, 2, true};
    case 'J':
    case 0x84:
      return {Argument::kFixed, 4, true};
    case 'G':
      return {Argument::kFixed, 8, true};
    case 'F':
    case 'I':
    case 'L':
    case 'P':
    case 'S':
    case 'V':
    case 'g':
    case 'p':
      return {Argument::kLine, 0, true};
    case 'c':
    case 'i':
      return {Argument::kTwoLines, 0, true};
    case 'U':
    case 'C':
    case 0x8c:
    case 0x8a:
      return {Argument::kCounted, 1, true};
    case 'T':
    case 'X':
    case 'B':
    case 0x8b:
      return {Argument::kCounted, 4, true};
    case 0x8d:
    case 0x8e:
    case 0x96:
      return {Argument::kCounted, 8, true};
    case 'h':
    case 'q':
      return {Argument::kMemoIndex, 1, true};
    case 'j':
    case 'r':
      return {Argument::kMemoIndex, 4, true};
    case 0x95:
      return {Argument::kFrame, 8, true};
    default:
      return {};
  }
}

std::string OpcodeName(uint8_t op) {
  if (op >= 0x20 && op < 0x7f) return absl::StrFormat("opcode '%c'", op);
  return absl::StrFormat("opcode 0x%02x", op);
}

// Record names of the storages a check built, for messages.
using RecordOf = absl::flat_hash_map<const c10::StorageImpl*, std::string>;

// Whether `t` lies inside its storage (CheckArchivePickles).
absl::Status CheckTensorFits(const at::Tensor& t, const std::string& name,
                             const RecordOf& records) {
  if (!t.defined() || t.layout() != at::kStrided || !t.has_storage()) return absl::OkStatus();
  const auto record = records.find(t.storage().unsafeGetStorageImpl());
  absl::Status s = CheckViewFits(
      t.sizes(), t.strides(), t.storage_offset(), t.dtype().itemsize(), t.storage().nbytes(),
      record == records.end() ? "its storage" : "record '" + record->second + "'");
  if (s.ok()) return s;
  return absl::InvalidArgumentError(absl::StrCat("tensor ", name, ": ", s.message()));
}

// CheckTensorFits for every tensor reachable from `value` through lists, tuples, dicts and
// objects, each visited once (a pickle may share or nest them). Iterative: a damaged pickle may
// nest deeply.
absl::Status CheckTensorStorages(const c10::IValue& value, const std::string& name,
                                 const RecordOf& records) {
  std::vector<std::pair<c10::IValue, std::string>> stack = {{value, name}};
  absl::flat_hash_set<const void*> seen;
  const auto push = [&](const c10::IValue& v, std::string path) {
    if (v.isTensor() || (v.isPtrType() && !v.isString())) stack.emplace_back(v, std::move(path));
  };
  while (!stack.empty()) {
    const auto [v, path] = std::move(stack.back());
    stack.pop_back();
    if (v.isPtrType() && !seen.insert(v.internalToPointer()).second) continue;
    if (v.isTensor()) {
      RETURN_IF_ERROR(CheckTensorFits(v.toTensor(), path, records));
    } else if (v.isList()) {
      const auto elements = v.toListRef();
      for (size_t i = 0; i < elements.size(); ++i)
        push(elements[i], absl::StrCat(path, "[", i, "]"));
    } else if (v.isTuple()) {
      const auto elements = v.toTupleRef().elements();
      for (size_t i = 0; i < elements.size(); ++i)
        push(elements[i], absl::StrCat(path, "[", i, "]"));
    } else if (v.isGenericDict()) {
      for (const auto& entry : v.toGenericDict()) {
        push(entry.key(), absl::StrCat(path, " key"));
        push(entry.value(), entry.key().isString()
                                ? absl::StrCat(path, "['", entry.key().toStringRef(), "']")
                                : absl::StrCat(path, "[...]"));
      }
    } else if (v.isObject()) {
      const c10::ivalue::Object& object = v.toObjectRef();
      const std::string type = object.type() ? object.type()->name()->qualifiedName() : "object";
      for (size_t i = 0; i < object.slots().size(); ++i) {
        push(object.slots()[i], absl::StrCat(path, " (", type, ")"));
      }
    }
  }
  return absl::OkStatus();
}

// Resolves every dotted name to a class of that name in `unit`, made when first asked: stand-ins
// for an archive's classes, which CheckPickleTensors does not compile.
class StandInClasses : public torch::jit::Resolver {
 public:
  explicit StandInClasses(std::shared_ptr<torch::jit::CompilationUnit> unit)
      : unit_(std::move(unit)) {}

  // ScriptTypeParser asks for whole expressions too ("List[str]"): only a plain dotted name is a
  // class; nullptr lets the parser read the rest.
  c10::TypePtr resolveType(const std::string& name, const torch::jit::SourceRange&) override {
    if (name.find('.') == std::string::npos || name.find_first_of("[], |") != std::string::npos) {
      return nullptr;
    }
    const c10::QualifiedName qualified(name);
    c10::ClassTypePtr type = unit_->get_class(qualified);
    if (!type) {
      type = c10::ClassType::create(qualified, unit_);
      unit_->register_type(type);
    }
    return type;
  }

 private:
  std::shared_ptr<torch::jit::CompilationUnit> unit_;
};

// Unpickles `archive`.pkl with its records `archive`/N and checks every tensor it holds with
// CheckTensorFits (the tensor check of CheckArchivePickles). An archive without that pickle gives
// None.
absl::StatusOr<c10::IValue> UnpickleChecked(caffe2::serialize::PyTorchStreamReader& reader,
                                            const std::string& archive) {
  const std::string pickle = archive + ".pkl";
  if (!reader.hasRecord(pickle)) return c10::IValue();
  // Each storage the size of its record, so that the unpickler's tensors show what they reach.
  auto storages = std::make_shared<torch::jit::DeserializationStorageContext>();
  RecordOf records;
  for (const std::string& name : reader.getAllRecords()) {
    if (!absl::StartsWith(name, archive + "/")) continue;
    const std::string key = name.substr(archive.size() + 1);
    if (key.empty() || storages->hasStorage(key)) continue;
    auto [data, size] = reader.getRecord(name);
    c10::Storage storage(c10::Storage::use_byte_size_t(), size, std::move(data),
                         /*allocator=*/nullptr, /*resizable=*/false);
    records.emplace(storage.unsafeGetStorageImpl(), name);
    storages->addStorage(key, std::move(storage));
  }
  // Classes are not compiled here: each object becomes a stand-in holding its pickled state.
  // The unpickler also asks for the types of container tags ("List[str]",
  // "Dict[str, __torch__.Foo]"; torch/csrc/jit/serialization/unpickler.cpp, restore_type_tag):
  // those are parsed, their class names standing for stand-ins too.
  auto unit = std::make_shared<torch::jit::CompilationUnit>();
  auto classes = std::make_shared<StandInClasses>(unit);
  const torch::jit::TypeResolver resolve = [unit, classes](const c10::QualifiedName& name) {
    const std::string& text = name.qualifiedName();
    if (c10::TypePtr type = classes->resolveType(text, torch::jit::SourceRange())) {
      return c10::StrongTypePtr(unit, std::move(type));
    }
    return c10::StrongTypePtr(unit, torch::jit::ScriptTypeParser(classes).parseType(text));
  };
  const torch::jit::ObjLoader hold_state = [](const c10::StrongTypePtr& type, c10::IValue state) {
    auto object = c10::ivalue::Object::create(type, 1);
    object->setSlot(0, std::move(state));
    return object;
  };
  const c10::IValue root = torch::jit::readArchiveAndTensors(
      archive, /*pickle_prefix=*/"", /*tensor_prefix=*/"", resolve, hold_state,
      c10::Device(c10::kCPU), reader, /*type_parser=*/nullptr, storages);
  RETURN_IF_ERROR(CheckTensorStorages(root, pickle, records));
  return root;
}

// Reads a zip held in memory for PyTorchStreamReader.
class StringReadAdapter : public caffe2::serialize::ReadAdapterInterface {
 public:
  explicit StringReadAdapter(const std::string& bytes) : bytes_(bytes) {}
  size_t size() const override { return bytes_.size(); }
  size_t read(uint64_t pos, void* buf, size_t n, const char* /*what*/) const override {
    if (pos >= bytes_.size()) return 0;
    n = std::min<size_t>(n, bytes_.size() - pos);
    std::memcpy(buf, bytes_.data() + pos, n);
    return n;
  }

 private:
  const std::string& bytes_;
};

}  // namespace

bool IsZip(absl::string_view prefix) { return absl::StartsWith(prefix, "PK\x03\x04"); }

absl::Status CheckPickle(const uint8_t* data, size_t size) {
  size_t i = 0;
  while (i < size) {
    const size_t at = i;
    const uint8_t op = data[i++];
    const OpcodeInfo info = Info(op);
    const auto error = [&](absl::string_view problem) {
      return absl::InvalidArgumentError(
          absl::StrCat(OpcodeName(op), " at byte ", at, ": ", problem));
    };
    if (!info.known) return error("not a pickle opcode");
    // The fixed-size part of the argument: a value, a count or a memo index (none for kNone and
    // the line arguments, whose `bytes` is 0).
    if (size - i < info.bytes) {
      return error(info.argument == Argument::kCounted
                       ? "its length runs past the end of the record"
                       : "its argument runs past the end of the record");
    }
    const uint64_t n = ReadLittleEndian(data + i, info.bytes);
    i += info.bytes;
    switch (info.argument) {
      case Argument::kNone:
        if (op == '.') return absl::OkStatus();
        break;
      case Argument::kFixed:
        break;
      case Argument::kLine:
      case Argument::kTwoLines: {
        for (int line = 0; line < (info.argument == Argument::kTwoLines ? 2 : 1); ++line) {
          const void* nl = std::memchr(data + i, '\n', size - i);
          if (!nl) return error("its argument has no end of line before the end of the record");
          i = static_cast<size_t>(static_cast<const uint8_t*>(nl) - data) + 1;
        }
        break;
      }
      case Argument::kCounted:
        if (n > size - i) {
          return error(absl::StrCat("declares ", n, " bytes; the record has ", size - i, " left"));
        }
        i += n;
        break;
      case Argument::kMemoIndex:
      case Argument::kFrame:
        // A pickle adds at most one memo entry per opcode, so an index is below the record's size.
        if (n >= size) {
          return error(
              absl::StrCat(info.argument == Argument::kFrame ? "frame size " : "memo index ", n,
                           " is beyond a record of ", size, " bytes"));
        }
        break;
    }
  }
  return absl::InvalidArgumentError("the pickle has no STOP opcode");
}

namespace {

// Checks the uncompressed size that the zip's central directory declares for each record against
// `max_record`, before libtorch reads any: PyTorchStreamReader's constructor reads the `version`
// record, allocating the size declared for it (a damaged archive of 12 KB can declare 4 GB). The
// layout is PKWARE's APPNOTE.TXT (4.3.12 central directory header, 4.3.14-16 zip64 end of central
// directory, 4.5.3 zip64 extra field). A directory this walk cannot find or read is left to
// libtorch's reader, which refuses it.
// Reads `n` bytes at `offset` of a zip into `out`; false past its end or on a read error.
using ReadAt = std::function<bool(uint64_t offset, uint64_t n, std::string& out)>;

absl::Status CheckZipDeclaredSizes(const ReadAt& read_at, uint64_t file_size, uint64_t max_record) {
  auto u = [](const std::string& b, size_t at, size_t bytes) {
    return ReadLittleEndian(reinterpret_cast<const uint8_t*>(b.data()) + at, bytes);
  };
  // The end of central directory record: 22 bytes and a comment of up to 65,535.
  const uint64_t tail_size = std::min<uint64_t>(file_size, 22 + 65535);
  std::string tail;
  if (!read_at(file_size - tail_size, tail_size, tail)) return absl::OkStatus();
  size_t eocd = std::string::npos;
  for (size_t i = tail.size() >= 22 ? tail.size() - 22 + 1 : 0; i-- > 0;) {
    if (u(tail, i, 4) == 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd == std::string::npos) return absl::OkStatus();
  uint64_t entries = u(tail, eocd + 10, 2);
  uint64_t cd_size = u(tail, eocd + 12, 4);
  uint64_t cd_offset = u(tail, eocd + 16, 4);
  // A zip64 locator, 20 bytes before, points to the zip64 end record with 8-byte fields.
  if (eocd >= 20 && u(tail, eocd - 20, 4) == 0x07064b50) {
    std::string z64;
    if (read_at(u(tail, eocd - 20 + 8, 8), 56, z64) && u(z64, 0, 4) == 0x06064b50) {
      entries = u(z64, 32, 8);
      cd_size = u(z64, 40, 8);
      cd_offset = u(z64, 48, 8);
    }
  }
  std::string cd;
  if (!read_at(cd_offset, cd_size, cd)) return absl::OkStatus();
  size_t at = 0;
  for (uint64_t e = 0; e < entries && at + 46 <= cd.size() && u(cd, at, 4) == 0x02014b50; ++e) {
    uint64_t declared = u(cd, at + 24, 4);
    const size_t name_len = u(cd, at + 28, 2), extra_len = u(cd, at + 30, 2),
                 comment_len = u(cd, at + 32, 2);
    if (at + 46 + name_len + extra_len > cd.size()) break;
    const std::string name = cd.substr(at + 46, name_len);
    if (declared == 0xFFFFFFFF) {  // the size is in the zip64 extra field (header id 1), first
      for (size_t x = at + 46 + name_len; x + 4 <= at + 46 + name_len + extra_len;) {
        const uint64_t id = u(cd, x, 2), len = u(cd, x + 2, 2);
        if (id == 1 && len >= 8 && x + 12 <= cd.size()) {
          declared = u(cd, x + 4, 8);
          break;
        }
        x += 4 + len;
      }
    }
    if (declared > max_record) {
      return absl::InvalidArgumentError(absl::StrCat("record '", absl::CHexEscape(name),
                                                     "' declares ", declared,
                                                     " bytes, more than the file can hold"));
    }
    at += 46 + name_len + extra_len + comment_len;
  }
  return absl::OkStatus();
}

// Every record of `reader` at most `max_record` bytes, and every *.pkl record a well-formed
// pickle (CheckPickle).
absl::Status CheckRecords(caffe2::serialize::PyTorchStreamReader& reader, uint64_t max_record) {
  for (const std::string& name : reader.getAllRecords()) {
    // Every record, tensor data too: libtorch allocates what a record declares before reading
    // it (an archive of a few KB can declare a 4 GB tensor record).
    const size_t declared = reader.getRecordSize(name);
    if (declared > max_record) {
      return absl::InvalidArgumentError(absl::StrCat("record '", name, "' declares ", declared,
                                                     " bytes, more than the file can hold"));
    }
    // Debug pickles are not read (LoadArchive loads without them).
    if (!absl::EndsWith(name, ".pkl")) continue;
    at::DataPtr data;
    size_t size = 0;
    std::tie(data, size) = reader.getRecord(name);
    if (absl::Status s = CheckPickle(static_cast<const uint8_t*>(data.get()), size); !s.ok()) {
      return absl::InvalidArgumentError(absl::StrCat("record '", name, "': ", s.message()));
    }
  }
  return absl::OkStatus();
}

ReadAt FileReadAt(const std::string& path, uint64_t file_size) {
  auto in = std::make_shared<std::ifstream>(path, std::ios::binary);
  return [in, file_size](uint64_t offset, uint64_t n, std::string& out) {
    if (offset > file_size || n > file_size - offset) return false;
    out.resize(n);
    in->seekg(static_cast<std::streamoff>(offset));
    return static_cast<bool>(in->read(out.data(), static_cast<std::streamsize>(n)));
  };
}

// deflate's largest compression ratio is 1032:1 (zlib's technical notes).
uint64_t MaxRecord(uint64_t file_size) { return file_size * 1032 + 4096; }

}  // namespace

absl::Status CheckZipRecordSizes(const std::string& path, uint64_t file_size) {
  return CheckZipDeclaredSizes(FileReadAt(path, file_size), file_size, MaxRecord(file_size));
}

absl::Status CheckArchivePickles(const std::string& path, uint64_t file_size) {
  const uint64_t max_record = MaxRecord(file_size);
  RETURN_IF_ERROR(CheckZipDeclaredSizes(FileReadAt(path, file_size), file_size, max_record));
  caffe2::serialize::PyTorchStreamReader reader(path);
  RETURN_IF_ERROR(CheckRecords(reader, max_record));
  for (const std::string archive : {"data", "constants"}) {
    RETURN_IF_ERROR(UnpickleChecked(reader, archive).status());
  }
  return absl::OkStatus();
}

absl::Status CheckViewFits(c10::IntArrayRef sizes, c10::IntArrayRef strides, int64_t storage_offset,
                           size_t item_size, size_t storage_bytes, const std::string& storage) {
  for (const int64_t n : sizes) {
    if (n < 0) return absl::InvalidArgumentError(absl::StrCat("negative size ", n));
  }
  for (const int64_t n : strides) {
    if (n < 0) return absl::InvalidArgumentError(absl::StrCat("negative stride ", n));
  }
  if (storage_offset < 0) {
    return absl::InvalidArgumentError(absl::StrCat("negative storage offset ", storage_offset));
  }
  size_t needed = 0;
  try {
    needed = at::detail::computeStorageNbytes(sizes, strides, item_size,
                                              static_cast<size_t>(storage_offset));
  } catch (const std::exception&) {
    return absl::InvalidArgumentError("its size in bytes overflows");
  }
  if (needed > storage_bytes) {
    return absl::InvalidArgumentError(absl::StrCat("its sizes, strides and offset reach ", needed,
                                                   " bytes, but ", storage, " holds ",
                                                   storage_bytes));
  }
  return absl::OkStatus();
}

absl::StatusOr<c10::IValue> LoadTorchSave(const std::string& bytes) {
  if (!IsZip(bytes)) {
    return absl::InvalidArgumentError("not a torch.save file (no zip signature)");
  }
  const ReadAt read_at = [&bytes](uint64_t offset, uint64_t n, std::string& out) {
    if (offset > bytes.size() || n > bytes.size() - offset) return false;
    out.assign(bytes, offset, n);
    return true;
  };
  const uint64_t max_record = MaxRecord(bytes.size());
  RETURN_IF_ERROR(CheckZipDeclaredSizes(read_at, bytes.size(), max_record));
  try {
    caffe2::serialize::PyTorchStreamReader reader(std::make_shared<StringReadAdapter>(bytes));
    RETURN_IF_ERROR(CheckRecords(reader, max_record));
    if (!reader.hasRecord("data.pkl")) {
      return absl::InvalidArgumentError("not a torch.save file (no data.pkl)");
    }
    return UnpickleChecked(reader, "data");
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(ExceptionMessage(e));
  }
}

}  // namespace graph_lower
