#include "ir/pickle_check.h"

#include <caffe2/serialize/inline_container.h>

#include <cstring>
#include <tuple>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

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

}  // namespace

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

absl::Status CheckArchivePickles(const std::string& path, uint64_t file_size) {
  // deflate's largest compression ratio is 1032:1.
  const uint64_t max_record = file_size * 1032 + 4096;
  caffe2::serialize::PyTorchStreamReader reader(path);
  for (const std::string& name : reader.getAllRecords()) {
    // Every record, tensor data too: libtorch allocates what a record declares before reading
    // it (make fuzz: a 4 GB tensor record in an archive of a few KB).
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

}  // namespace graph_lower
